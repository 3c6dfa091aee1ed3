/*
 * checker.c: a checker, one search of a dancer used again for many checks of givens, the
 * port of pydlx/checker.py, which says what it does and why (a puzzle generator's loop of
 * checks, with no Python between them). Each check enters its givens at the floor of the
 * search (on the sets with tallies, or pushed on the links: reuse.c), runs, and rewinds it
 * as it was (search_count_with, search_forced_with); search_thin and search_unneeded are the
 * loops of checks, before each of which the caller's `stop` may end them (the binding:
 * Ctrl-C).
 *
 * Specification: pydlx/checker.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "dance.h"
#include "tally.h"

#include <string.h>

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
   links; the way it was on in *kept (sets_hold), for end_with to put back. 0; -1 with err
   for a given that is not an option or meets one before it (UnknownOption, GivensClash),
   or a search that cannot (Unsupported, as push says). */
static int
begin_with(Search *s, const idx *givens, ptrdiff_t n, int *tallies, int *kept, dlx_error *err)
{
    if (search_reusable(s, err) < 0)
        return -1;
    if (!s->bare || s->ways.choice->seeded || pushed_count(s) != 0 || s->level != 0 || s->resume != X2 || !way_of(s)->on_links) {
        err->kind = DLX_UNSUPPORTED;
        err->what = "counting with givens in a search made with givens, exclusions, a prefix or a "
                    "seed, or with givens pushed, or under way";
        err->instead = "a search made with none of them, rewound";
        return -1;
    }
    ptrdiff_t known = 0; /* (the givens before the first that is not an option) */
    while (known < n && givens[known] >= 0 && givens[known] < s->dancer->n_options)
        known++;
    *kept = sets_hold(s); /* (on the links, a search that moved above its floor could not be rewound) */
    if (known < n || search_enter(s, tallies, givens, n) != 0) {
        sets_put_back(s, *kept);
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
    if (!way_of(s)->on_links) {
        const idx r = rank_of(d, k);
        s->sets.alive[(size_t)s->floor * (size_t)d->n_words + (size_t)(r >> 6)] &= ~((uint64_t)1 << (r & 63));
        tally_leave_out(s, r);
        return;
    }
    const int mode = s->ways.row->mode; /* (a wide search's blocks marked, as push marks them) */
    if (back)
        put_back(s, k, mode);
    else
        take_out(s, k, mode);
}

/* A check's end: the search rewound as it was before begin_with (its way `kept`: sets_hold),
   option `out` (-1: none) back in. */
static int
end_with(Search *s, ptrdiff_t n, int kept, idx out, dlx_error *err)
{
    const int entered = !way_of(s)->on_links;
    if (search_rewind(s, err) < 0)
        return -1;
    if (out >= 0 && !entered)
        leave_out(s, out, 1);
    for (ptrdiff_t g = 0; g < n && !entered; g++)
        search_pop(s);
    sets_put_back(s, kept);
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
    int kept;
    if (begin_with(s, givens, n, &tallies, &kept, err) < 0)
        return -1;
    if (out >= 0)
        leave_out(s, out, 0);
    int status = search_run(s, run);
    counted[0] = s->solutions;
    counted[1] = s->nodes;
    return end_with(s, n, kept, out, err) < 0 ? -1 : status;
}

/* Whether forced moves alone solve the search with `givens` (tally_forced; begin_with on
   the tallies): 1 or 0; -1 with err; -2 if the tallies could not be made (nothing done). */
int
search_forced_with(Search *s, const idx *givens, ptrdiff_t n, dlx_error *err)
{
    int tallies = 1, kept;
    if (begin_with(s, givens, n, &tallies, &kept, err) < 0)
        return -1;
    int covered = tallies ? tally_forced(s) : -2;
    return end_with(s, n, kept, -1, err) < 0 ? -1 : covered;
}

/* -- the loops of checks ---------------------------------------------------------------- */

/* A thinning under way: the givens kept so far, and those still to try (the next last). */
typedef struct {
    Search *s;
    idx *kept, *untried, *givens; /* (givens: room for the givens of one check) */
    ptrdiff_t n, n_kept, n_untried;
    int tallies, forced;
    long long max_nodes;
    int (*stop)(void);
    dlx_error *err;
} Thinning;

/* Whether no solution of the n givens leaves option `out` out: a search of them with it taken
   out finds none within max_nodes nodes (0: no bound), as pydlx/checker.py's _none_without;
   -1 with err. */
static int
none_without(Search *s, const idx *givens, ptrdiff_t n, idx out, int tallies, long long max_nodes, dlx_error *err)
{
    Run one = {max_nodes > 0 ? max_nodes : (1LL << 62), 0, 1, -1, 1};
    long long counted[2];
    int status = search_count_with(s, givens, n, out, tallies, &one, counted, err);
    return status < 0 ? -1 : status == DONE && counted[0] == 0;
}

/* Whether the solution is still the one found without the next `count` givens to try (and
   found without a choice if t->forced), as pydlx/checker.py's passes; -1 with t->err. */
static int
passes(Thinning *t, ptrdiff_t count)
{
    if (t->stop != NULL && t->stop()) {
        t->err->kind = DLX_STOPPED;
        return -1;
    }
    ptrdiff_t n = t->n_untried - count;
    memcpy(t->givens, t->untried, (size_t)n * sizeof(idx));
    memcpy(t->givens + n, t->kept, (size_t)t->n_kept * sizeof(idx));
    n += t->n_kept;
    if (t->forced && t->tallies) {
        int covered = search_forced_with(t->s, t->givens, n, t->err);
        if (covered != -2)
            return covered;
        t->tallies = 0; /* (no memory for them: on the links from now on) */
    }
    if (count == 1 && !t->forced)
        return none_without(t->s, t->givens, n, t->untried[t->n_untried - 1], t->tallies, t->max_nodes, t->err);
    const long long depth = t->n - n; /* (the options a search without a choice chooses) */
    const long long steps = t->forced ? depth + 2 : t->max_nodes > 0 ? t->max_nodes : (1LL << 62);
    Run run = {steps, 0, 2, -1, 1};
    long long counted[2];
    int status = search_count_with(t->s, t->givens, n, -1, t->tallies, &run, counted, t->err);
    if (status < 0)
        return -1;
    return status == DONE && counted[0] == 1 && (!t->forced || counted[1] == depth + 1);
}

/* Try without the next `count` givens: gone if the check passes; else the one kept, or the
   first half and then the second tried the same way. */
static int
attempt(Thinning *t, ptrdiff_t count)
{
    int passed = passes(t, count);
    if (passed < 0)
        return -1;
    if (passed)
        t->n_untried -= count;
    else if (count == 1)
        t->kept[t->n_kept++] = t->untried[--t->n_untried];
    else if (attempt(t, count / 2) < 0 || attempt(t, count - count / 2) < 0)
        return -1;
    return 0;
}

/* The options of `solution` (n of them, a solution of the matrix) kept when each is dropped
   in turn where the search still has that one solution without it (found without a choice
   if `forced`; within max_nodes nodes, 0: no bound), the first `grouped` tried in groups of
   `group`: into `kept`, their number returned; -1 with err (a search that cannot count with
   givens: Unsupported; options that are no solution: DLX_VALUE_ERROR; `stop` said so before
   a check: DLX_STOPPED; no memory). */
ptrdiff_t
search_thin(Search *s, const idx *solution, ptrdiff_t n, int tallies, int forced, long long max_nodes,
            ptrdiff_t group, ptrdiff_t grouped, int (*stop)(void), idx *kept, dlx_error *err)
{
    Run root = {2, 0, 2, -1, 1}; /* (every option given: a solution at the root, its one node) */
    long long counted[2];
    int whole = search_count_with(s, solution, n, -1, tallies, &root, counted, err);
    if (whole < 0)
        return -1;
    if (whole != DONE || counted[0] != 1 || counted[1] != 1) {
        err->kind = DLX_VALUE_ERROR;
        err->what = "thin: the options are not a solution of the matrix";
        return -1;
    }
    Thinning t = {s, kept, dlx_malloc(((size_t)n + 1) * sizeof(idx)), dlx_malloc(((size_t)n + 1) * sizeof(idx)),
                  n, 0, n, tallies, forced, max_nodes, stop, err};
    const ptrdiff_t end = grouped < n ? grouped : n, step = group > 1 ? group : 1;
    int failed = t.untried == NULL || t.givens == NULL;
    if (failed)
        err->kind = DLX_NO_MEMORY;
    for (ptrdiff_t g = 0; !failed && g < n; g++)
        t.untried[g] = solution[n - 1 - g];
    for (ptrdiff_t start = 0; !failed && start < end; start += step)
        failed = attempt(&t, end - start < step ? end - start : step) < 0;
    while (!failed && t.n_untried > 0)
        failed = attempt(&t, 1) < 0;
    const ptrdiff_t result = failed ? -1 : t.n_kept;
    dlx_free(t.untried);
    dlx_free(t.givens);
    return result;
}

/* The position of the first of the n givens that the search does without (givens with
   exactly one solution: without the given alone, still that one; so no solution of the
   others leaves it out, within max_nodes nodes, 0: no bound), n if it needs every one; -1
   with err (as search_count_with's; givens without exactly one solution: DLX_VALUE_ERROR;
   `stop` said so before a check: DLX_STOPPED). Each check a search of the others with the
   given taken out, to its first solution: a search to one solution, not to two (the one of
   all the givens need not be found again). */
ptrdiff_t
search_unneeded(Search *s, const idx *givens, ptrdiff_t n, int tallies, long long max_nodes, int (*stop)(void),
                dlx_error *err)
{
    Run two = {max_nodes > 0 ? max_nodes : (1LL << 62), 0, 2, -1, 1};
    long long counted[2];
    int status = search_count_with(s, givens, n, -1, tallies, &two, counted, err);
    if (status < 0)
        return -1;
    if (status != DONE || counted[0] != 1) {
        err->kind = DLX_VALUE_ERROR;
        err->what = "unneeded: the givens do not have exactly one solution (within max_nodes nodes)";
        return -1;
    }
    idx *others = dlx_malloc(((size_t)n + 1) * sizeof(idx));
    ptrdiff_t g = 0;
    if (others == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    memcpy(others, givens + 1, (size_t)(n > 0 ? n - 1 : 0) * sizeof(idx));
    for (; g < n; g++) { /* (others: the givens but the g-th) */
        if (g > 0)
            others[g - 1] = givens[g - 1];
        if (stop != NULL && stop()) {
            err->kind = DLX_STOPPED;
            g = -1;
            break;
        }
        int none = none_without(s, others, n - 1, givens[g], tallies, max_nodes, err);
        if (none != 0) {
            g = none < 0 ? -1 : g;
            break;
        }
    }
    dlx_free(others);
    return g;
}
