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
 * rewound and the givens popped (reuse.c's search_enter, search_rewind, search_pop), which
 * leaves the links as they were, so no line pays for a copy of the arrays. With job->tallies
 * the givens are not pushed: each line's search starts on the sets with tallies at its floor
 * (sets.c: tally_enter), the links untouched, so the rewind has nothing of theirs to undo; the
 * same nodes, solutions and answers as on the links.
 *
 * Specification: pydlx/lines.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "dance.h"
#include "tally.h"

#include <string.h>

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
    start.tuning.rule = job->weighted ? RULE_WEIGHTED : RULE_MRV;
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
    sets_hold(&s); /* (every line's search entered from the links: never a sample, never a move) */
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
            search_enter(&s, &job->tallies, givens, n) != 0) {
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
        int entered = !way_of(&s)->on_links;
        search_rewind(&s, err); /* (it cannot refuse: a plain search on the links, or entered at 0) */
        sets_hold(&s);
        for (ptrdiff_t g = 0; g < n && !entered; g++)
            search_pop(&s);
    }
    dlx_free(givens);
    search_release(&s);
    return problems;
}
