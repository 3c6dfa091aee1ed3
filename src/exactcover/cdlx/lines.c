/*
 * lines.c: many problems of one matrix written as lines of symbols, the port of
 * pydlx/lines.py: a file of puzzles in, one solved line and one status per puzzle out,
 * with no Python object per puzzle (exactcover/lines.py says why and how).
 *
 * A line of `width` bytes gives, at each position p, the byte b: codes[p * 256 + b] is the
 * option it gives (>= 0), or NONE (nothing: a blank), or BAD (not a symbol there). Lines
 * are separated by '\n', spaces, tabs and '\r' around a line are dropped, and blank lines and
 * lines starting with '#' are skipped. A problem's answer is its line with, for each option k of its first
 * solution (its givens too), the byte writes[k] & 255 at position writes[k] >> 8 (writes[k] < 0: nothing).
 * Its status is the number of solutions found (up to the limit), or STOPPED (the node
 * budget ran out) or INVALID (a line of another width, a BAD byte, givens that clash).
 *
 * One search serves every line: the givens are pushed, the search runs, and then it is
 * rewound and the givens popped (search.c's search_push, search_rewind, search_pop), which
 * leaves the links as they were, so no line pays for a copy of the arrays. With job->tallies
 * the givens are not pushed: each line's search starts on the sets with tallies at its floor
 * (tally.c: tally_enter), the links untouched, so the rewind has nothing of theirs to undo; the
 * same nodes, solutions and answers as on the links.
 *
 * Specification: pydlx/lines.py, pydlx/reuse.py
 */
#include "dlx.h"
#include "dance.h"
#include "tally.h"

#include <string.h>

/* Push the givens of one line (search_push, in position order); -1 if one shares an item
   with one before it or repeats one (those pushed are then popped). */
static int
push_givens(Search *s, const idx *givens, ptrdiff_t n)
{
    dlx_error ignored = {DLX_OK};
    for (ptrdiff_t g = 0; g < n; g++)
        if (search_push(s, givens[g], &ignored) < 0) {
            while (g-- > 0)
                search_pop(s);
            return -1;
        }
    return 0;
}

/* Start a search with givens: on the sets with tallies (tally_enter) if *tallies, else
   pushed on the links (and so if memory ran out for the sets: *tallies is then 0, and the
   caller goes on without them). 0; nonzero if a given shares an item with one before it. */
static int
enter_givens(Search *s, int *tallies, const idx *givens, ptrdiff_t n)
{
    if (*tallies) {
        int entered = tally_enter(s, givens, n);
        if (entered >= 0)
            return entered;
        *tallies = 0;
    }
    return push_givens(s, givens, n);
}

/* The givens of a line, or -1 if a byte is BAD. */
static ptrdiff_t
read_line(const unsigned char *line, idx width, const idx *codes, idx *givens)
{
    ptrdiff_t n = 0;
    for (idx p = 0; p < width; p++) {
        idx k = codes[(ptrdiff_t)p * 256 + line[p]];
        if (k == LINE_BAD)
            return -1;
        if (k >= 0)
            givens[n++] = k;
    }
    return n;
}

/* Search one line's problem to `limit` solutions (at most max_nodes nodes if > 0): its status,
   its first solution's symbols written over `out` (a copy of the line). */
static int
solve_line(Search *s, const Lines *job, unsigned char *out, long long *nodes)
{
    Run run = {job->max_nodes > 0 ? job->max_nodes : (1LL << 62), 0, 0, -1, 0};
    long long before = s->nodes;
    int status = search_run(s, &run), found = 0;
    if (status == SOLUTION) {
        found = 1;
        for (idx l = 0; l < s->level; l++) {
            idx w = job->writes[option_of(s, s->choice[l])];
            if (w >= 0)
                out[w >> 8] = (unsigned char)(w & 255);
        }
        if (job->limit > 1) {
            run.steps -= s->nodes - before;
            run.counting = 1;
            run.limit = job->limit;
            status = search_run(s, &run);
            found = (int)s->solutions;
        }
    }
    *nodes += s->nodes - before;
    if (status == PAUSED)
        return LINE_STOPPED;
    return found;
}

/* Every line of job->data: statuses in job->status (one per problem line), answers in
   job->out (width + 1 bytes per problem line, '\n' last); the number of problem lines, or
   -1 when memory ran out. */
ptrdiff_t
solve_lines(const Dancer *d, Lines *job, dlx_error *err)
{
    Search s = {0};
    Start start = {0};
    start.tuning.weighted = job->weighted;
    ptrdiff_t problems = 0;
    idx *givens = dlx_malloc(((size_t)job->width + 1) * sizeof(idx));
    /* (the room for a line's givens made now, so that a push never fails for memory) */
    if (givens == NULL || search_init(&s, d, &start, err) < 0 ||
        pushed_reserve(&s, job->width + 1) < 0) { /* (a line gives at most one option per position) */
        if (err->kind == DLX_OK)
            err->kind = DLX_NO_MEMORY;
        dlx_free(givens);
        search_release(&s);
        return -1;
    }
    s.where = LINKS;
    const unsigned char *at = job->data, *end = job->data + job->size;
    while (at < end) {
        const unsigned char *newline = memchr(at, '\n', (size_t)(end - at)), *stop = newline ? newline : end;
        const unsigned char *line = at;
        at = newline ? newline + 1 : end;
        while (line < stop && (*line == ' ' || *line == '\t' || *line == '\r'))
            line++;
        while (stop > line && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
            stop--;
        ptrdiff_t length = stop - line;
        if (length == 0 || line[0] == '#')
            continue;
        unsigned char *out = job->out + problems * ((ptrdiff_t)job->width + 1);
        unsigned char *status = job->status + problems++;
        memset(out, '.', (size_t)job->width);
        out[job->width] = '\n';
        ptrdiff_t n;
        if (length != job->width || (n = read_line(line, job->width, job->codes, givens)) < 0 ||
            enter_givens(&s, &job->tallies, givens, n) != 0) {
            *status = LINE_INVALID;
            continue;
        }
        memcpy(out, line, (size_t)job->width);
        int found = solve_line(&s, job, out, &job->nodes);
        *status = (unsigned char)found;
        if (found == 0 || found == LINE_STOPPED)
            memcpy(out, line, (size_t)job->width);
        else /* the givens' symbols too, as the answer writes them */
            for (ptrdiff_t g = 0; g < n; g++)
                if (job->writes[givens[g]] >= 0)
                    out[job->writes[givens[g]] >> 8] = (unsigned char)(job->writes[givens[g]] & 255);
        job->solutions += found == LINE_STOPPED ? 0 : found;
        int entered = s.where == SETS;
        search_rewind(&s, err); /* (it cannot refuse: a plain search on the links, or entered at 0) */
        s.where = LINKS;
        for (ptrdiff_t g = 0; g < n && !entered; g++)
            search_pop(&s);
    }
    dlx_free(givens);
    search_release(&s);
    return problems;
}

/* -- one check: a search's solutions with some givens, from a new search's start --------- */

/* Why `givens` could not be entered (-1, told in err): UnknownOption or GivensClash, as a new
   search says it (check_givens); else memory ran out. */
static int
name_fault(const Search *s, const idx *givens, ptrdiff_t n, dlx_error *err)
{
    idx *owner = dlx_malloc(((size_t)s->n_items + 2) * sizeof(idx));
    if (owner == NULL || check_givens(s, givens, n, owner, err) == 0)
        err->kind = DLX_NO_MEMORY;
    dlx_free(owner);
    return -1;
}

/* A check's start: the givens entered at the floor of a search (made with no givens,
   exclusions or prefix, rewound, nothing pushed), on the sets with tallies if `*tallies`
   (the dancer's sets built; *tallies is 0 if memory ran out for them), else pushed on the
   links. 0; -1 with err for a given that is not an option or meets one before it
   (UnknownOption, GivensClash), or a search that cannot (Unsupported, as push says). */
static int
begin_with(Search *s, const idx *givens, ptrdiff_t n, int *tallies, dlx_error *err)
{
    const int sets = s->where;
    if (search_reusable(s, err) < 0)
        return -1;
    if (!s->bare || s->shuffle != NULL || pushed_count(s) != 0 || s->level != 0 || s->resume != X2 || s->where == SETS) {
        err->kind = DLX_UNSUPPORTED;
        err->what = "counting with givens in a search made with givens, exclusions, a prefix or a "
                    "seed, or with givens pushed, or under way";
        err->instead = "a search made with none of them, rewound";
        return -1;
    }
    ptrdiff_t known = 0; /* (the givens before the first that is not an option) */
    while (known < n && givens[known] >= 0 && givens[known] < s->dancer->n_options)
        known++;
    s->where = LINKS; /* (on the links, a search that moved above its floor could not be rewound) */
    if (known < n || enter_givens(s, tallies, givens, n) != 0) {
        s->where = sets;
        return name_fault(s, givens, n, err);
    }
    return 0;
}

/* Option k out of a search entered at its floor (begin_with) with givens it meets none of:
   on the sets, out of the floor's set and tally (both made afresh by the next entry); on
   the links, its nodes out of their items' lists (`back`: in again, after the rewind). */
static void
leave_out(Search *s, idx k, int back)
{
    const Dancer *d = s->dancer;
    if (s->where == SETS) {
        const idx r = rank_of(d, k);
        s->sets.alive[(size_t)s->floor * (size_t)d->n_words + (size_t)(r >> 6)] &= ~((uint64_t)1 << (r & 63));
        tally_leave_out(s, r);
        return;
    }
    const int mode = s->dirty != NULL ? WIDE : 0; /* (a wide search's blocks marked, as push marks them) */
    if (back)
        put_back(s, k, mode);
    else
        take_out(s, k, mode);
}

/* A check's end: the search rewound as it was before begin_with (its way `sets`), option
   `out` (-1: none) back in. */
static int
end_with(Search *s, ptrdiff_t n, int sets, idx out, dlx_error *err)
{
    const int entered = s->where == SETS;
    if (search_rewind(s, err) < 0)
        return -1;
    if (out >= 0 && !entered)
        leave_out(s, out, 1);
    for (ptrdiff_t g = 0; g < n && !entered; g++)
        search_pop(s);
    s->where = sets;
    return 0;
}

/* The solutions of a search with `givens` (begin_with), and option `out` taken out if
   `out` >= 0 (one that meets no given), counted to run->limit within run->steps nodes as
   a new search of them counts them (its solutions and nodes in `counted`), then rewound as
   it was: on the sets with tallies from its floor if `tallies`, so that nothing of the
   links is done or undone; else with the givens pushed on the links and popped after. The
   run's status; -1 with err (begin_with's, or no memory). */
int
search_count_with(Search *s, const idx *givens, ptrdiff_t n, idx out, int tallies, Run *run,
                  long long counted[2], dlx_error *err)
{
    const int sets = s->where;
    if (begin_with(s, givens, n, &tallies, err) < 0)
        return -1;
    if (out >= 0)
        leave_out(s, out, 0);
    int status = search_run(s, run);
    counted[0] = s->solutions;
    counted[1] = s->nodes;
    return end_with(s, n, sets, out, err) < 0 ? -1 : status;
}

/* Whether forced moves alone solve the search with `givens` (tally_forced; begin_with on
   the tallies): 1 or 0; -1 with err; -2 if the tallies could not be made (nothing done). */
int
search_forced_with(Search *s, const idx *givens, ptrdiff_t n, dlx_error *err)
{
    const int sets = s->where;
    int tallies = 1;
    if (begin_with(s, givens, n, &tallies, err) < 0)
        return -1;
    int covered = tallies ? tally_forced(s) : -2;
    return end_with(s, n, sets, -1, err) < 0 ? -1 : covered;
}
