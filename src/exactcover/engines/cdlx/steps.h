/*
 * steps.h: Algorithm X's steps X2..X8, written once, the steps of pydlx's Search.steps.
 *
 * Both ways of searching include this file, as CPython's _sre.c includes sre_lib.h, after
 * defining the four steps that differ between them (links.c on the links, sets.c on the
 * sets of options), all inline and given the loop's `mode`:
 *
 *   idx  enter(Search *s, idx level, mode)         X3, X4: choose an item i, set total and
 *                                                  tried, cover i; the node of its first
 *                                                  option to try (i itself if none)
 *   void try_option(Search *s, idx level, idx x, mode)   X5: commit x's other items
 *   idx  try_next(Search *s, idx level, idx x, mode)     X6: undo that; the next option's
 *                                                  node (the item itself after the last)
 *   int  backtrack(Search *s, idx level, idx i, mode)    X7: uncover item i; STEP_ON, or
 *                                                  the status to stop with (memo.c's)
 *
 * and ALL_COVERED(s), whether every primary item is covered, and SANITY_CHECK(s, level), run
 * at every X2 in the sanitizer build; and, if a way has more to do with a solution than count
 * it, VISIT(s, run, level) (costs.c: the solution into the k best first; memo.c: a count of
 * 1 handed up). A way that may refuse an option (links.c with a loop) defines TRY_OPTION(s,
 * level, x, mode), try_option that returns 0 for an option refused, with nothing of it left
 * done; SKIP_OPTION(s, level, x), the option to try next then (no node is counted for it);
 * and SOLVED(s, mode), whether all primary items covered make a solution. `enter` may return 0, no node, for a level done at its entry with nothing
 * covered (a dead end of costs.c, or memo.c's state found in its table), whose backtrack
 * then undoes nothing.
 *
 * Its ways: links.c (on the links, in each mode), sets.c (on the sets), costs.c (the k
 * cheapest, on the links with thresholds), memo.c (a memoized count, plain or COLORED).
 *
 * Specification: pydlx/search.py
 */
#include "dlx.h"

#ifndef VISIT
#define VISIT(s, run, level) visit(s, run)
#endif
#ifndef TRY_OPTION
#define TRY_OPTION(s, level, x, mode) (try_option(s, level, x, mode), 1)
#define SKIP_OPTION(s, level, x) (x)
#define SOLVED(s, mode) 1
#endif

/* Steps X2..X8, resumable: s->resume and s->level say where the search stands. */
ALWAYS_INLINE int
run_steps(Search *s, const Run *run, const int mode)
{
    idx *choice = s->choice;
    const idx n = s->n_items;
    const long long stop = s->nodes + run->steps, depth = run->depth;
    const long long work_stop = run->work ? effort(s) + run->work : -1;
    int state = s->resume, status;
    idx level = s->level; /* a local: an int32 field could alias the int32 arrays */
    idx x;

    for (;;) {
        switch (state) {
        case X2: /* [Enter level l.] */
            SANITY_CHECK(s, level);
            if (level == depth && !ALL_COVERED(s)) { /* a subtree to hand out */
                state = X8;
                status = PREFIX;
                goto out;
            }
            if (s->nodes >= stop || (work_stop >= 0 && effort(s) >= work_stop)) {
                status = PAUSED;
                goto out;
            }
            s->nodes += 1;
            if (level > s->max_level)
                s->max_level = level;
            if (ALL_COVERED(s)) { /* every primary item is covered: visit the solution */
                state = X8;
                if (!SOLVED(s, mode))
                    continue;
                if ((status = VISIT(s, run, level)) != STEP_ON)
                    goto out;
                continue;
            }
            choice[level] = enter(s, level, mode); /* X3 [Choose i.], X4 [Cover i.] */
            state = X5;
            continue;
        case X5: /* [Try x_l.] */
            x = choice[level];
            if (x <= n) { /* back at the header: every option of the item was tried */
                state = X7;
                continue;
            }
            if (!TRY_OPTION(s, level, x, mode)) { /* refused: the next option, at no node */
                choice[level] = SKIP_OPTION(s, level, x);
                s->tried[level] += 1;
                continue;
            }
            level += 1;
            state = X2;
            continue;
        case X6: /* [Try again.] */
            choice[level] = try_next(s, level, choice[level], mode);
            s->tried[level] += 1;
            state = X5;
            continue;
        case X7: /* [Backtrack.] */
            state = X8;
            if ((status = backtrack(s, level, choice[level], mode)) != STEP_ON)
                goto out;
            continue;
        case X8: /* [Leave level l.] */
            if (level == s->floor) {
                state = FINISHED;
                continue;
            }
            level -= 1;
            state = X6;
            continue;
        default: /* FINISHED */
            status = DONE;
            goto out;
        }
    }
out:
    s->level = level;
    s->resume = state;
    return status;
}
