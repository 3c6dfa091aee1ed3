/*
 * msteps.h: Algorithm M's steps M2..M9, its item choice and its random probe, written once,
 * the steps of pydlx's Bounds.steps. Both ways of searching with bounds include it, as
 * steps.h is included for Algorithm X, after defining the steps that differ between them
 * (bounds.c on the links, msets.c on the sets of options), all inline:
 *
 *   void prepare_m(Search *s, idx level)                before M3 reads the level's LENs
 *   idx  length_m(const Search *s, idx level, idx i)    LEN of active primary item i
 *   idx  enter_m(Search *s, idx level, idx i, idx theta) M4: total and tried set, BOUND(i)
 *                                                    down (covered at 0); the first move's
 *                                                    node (i itself: no option left)
 *   int  tweak_m(Search *s, idx level, idx x, idx i)   M5 for node x (x = i: the null
 *                                                    move): 0 if the level is done
 *   void try_m(Search *s, idx level, idx x)            M6 for option node x
 *   void untry_m(Search *s, idx level, idx x)          undo try_m (M7)
 *   idx  next_m(Search *s, idx level, idx x)           the node of the move after x
 *   void restore_m(Search *s, idx level, idx i)        M8: item i as before M4
 *
 * and SANITY_CHECK(s, level), run at every M2 in the sanitizer build; and, where the moves'
 * nodes are not on their item's list (msets.c keeps each option's first node), ITEM_OF(s,
 * level, x), the item of the level whose move is x.
 *
 * Specification: pydlx/bounds.py
 */
#include "dlx.h"

#ifndef ITEM_OF
/* The item of a level whose move is node x: x itself for the null move (its header), else
   the item whose list x is on. */
#define ITEM_OF(s, level, x) ((x) <= (s)->n_items ? (x) : (s)->links.top[x])
#endif

/* Step M3: the item to branch on (0: none wants another option, a solution) and its
   branching degree theta = LEN + 1 - max(BOUND - SLACK, 0); ties to the smaller
   min(SLACK, BOUND), then the longer list, then the first; items that constrain nothing
   (LEN <= BOUND <= SLACK) only when no other is left. */
ALWAYS_INLINE idx
choose_m(Search *s, idx level, idx *theta)
{
    const idx *rlink = s->links.rlink, *bound = s->bounds->bound, *slack = s->bounds->slack;
    idx best = 0, best_theta = 0, best_s = 0, best_len = 0;
    int constrained = 0;
    uint64_t ties = 0;
    *theta = 0;
    if (rlink[0] == 0)
        return 0;
    s->scanned += s->n_primary >> SCAN_SHIFT; /* (as choose counts it: a wide matrix's nodes pause as soon) */
    prepare_m(s, level);
    for (idx i = rlink[0]; i != 0; i = rlink[i]) {
        idx length = length_m(s, level, i), b = bound[i], sl = slack[i] < b ? slack[i] : b;
        int tight = length > b || sl < b;
        if (!tight && (constrained || length == 0))
            continue;
        idx t = length - b + sl + 1; /* (in this order: length + sl overflows where b is 2**31 - 1) */
        if (t <= 0) { /* too few options left for i: a dead end, whichever is chosen */
            *theta = t;
            return i;
        }
        if (best == 0 || (tight && !constrained) || t < best_theta ||
            (t == best_theta && (sl < best_s || (sl == best_s && length > best_len)))) {
            best = i;
            best_theta = t;
            best_s = sl;
            best_len = length;
            constrained |= tight;
            ties = 1;
        }
        else if (t == best_theta && sl == best_s && length == best_len) {
            ties += 1; /* with a seed, one of the tied items uniformly at random */
            if (s->shuffle != NULL && random_below(&s->shuffle->random, ties) == 0)
                best = i;
        }
    }
    *theta = best_theta;
    return best;
}

/* Step M2 [Enter level l.]: a split point, the budget, a solution, a dead end, or the
   level's first move (M3, M4, into choice[level]); sets *state, and returns the status to
   stop with, or STEP_ON to go on. */
ALWAYS_INLINE int
enter_level_m(Search *s, const Run *run, idx level, long long stop, long long work_stop, int *state)
{
    if (level == run->depth && s->links.rlink[0] != 0) {
        *state = X8;
        return PREFIX;
    }
    if (s->nodes >= stop || (work_stop >= 0 && effort(s) >= work_stop))
        return PAUSED;
    SANITY_CHECK(s, level);
    s->nodes += 1;
    if (level > s->max_level)
        s->max_level = level;
    idx theta, i = choose_m(s, level, &theta);
    *state = X8;
    if (i == 0) /* no item wants another option: a solution */
        return visit(s, run);
    if (theta > 0) { /* (else too few options are left for the item: a dead end) */
        s->choice[level] = enter_m(s, level, i, theta);
        *state = X5;
    }
    return STEP_ON;
}

/* Search.run by Algorithm M: M2 (X2), M5-M6 (X5: tweak and try a move), M7 (X6: the next
   move), M8 (X7: restore the item), M9 (X8: leave the level). */
ALWAYS_INLINE int
run_msteps(Search *s, const Run *run)
{
    idx *choice = s->choice, *llink = s->links.llink, *rlink = s->links.rlink;
    const idx n = s->n_items;
    const long long stop = s->nodes + run->steps, work_stop = run->work ? effort(s) + run->work : -1;
    int state = s->resume, status;
    idx level = s->level, x;
    for (;;) {
        switch (state) {
        case X2:
            if ((status = enter_level_m(s, run, level, stop, work_stop, &state)) != STEP_ON)
                goto out;
            continue;
        case X5: /* M5 [Possibly tweak x_l.], M6 [Try x_l.] */
            x = choice[level];
            if (!tweak_m(s, level, x, ITEM_OF(s, level, x))) {
                state = X7;
                continue;
            }
            if (x > n)
                try_m(s, level, x);
            level += 1;
            state = X2;
            continue;
        case X6: /* M7 [Try again.] */
            x = choice[level];
            if (x <= n) { /* after the null move: the item back on the list */
                rlink[llink[x]] = x;
                llink[rlink[x]] = x;
                state = X7;
                continue;
            }
            untry_m(s, level, x);
            choice[level] = next_m(s, level, x);
            s->tried[level] += 1;
            state = X5;
            continue;
        case X7: /* M8 [Restore i.] */
            x = choice[level];
            restore_m(s, level, ITEM_OF(s, level, x));
            state = X8;
            continue;
        case X8: /* M9 [Leave level l.] */
            if (level == s->floor) {
                state = FINISHED;
                continue;
            }
            level -= 1;
            state = X6;
            continue;
        default:
            status = DONE;
            goto out;
        }
    }
out:
    s->level = level;
    s->resume = state;
    return status;
}

/* Knuth's random probe by Algorithm M's moves (search_probe): at each level the item the
   search would branch on and one of its theta moves uniformly at random (the moves before it
   tweaked, as the search leaves them), to a solution or a dead end; then all of it undone.
   path and degrees have room for every level. */
ALWAYS_INLINE idx
probe_msteps(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    const idx n = s->n_items;
    idx level = s->level, depth = 0, theta = 0, i;
    while ((i = choose_m(s, level, &theta)) != 0) {
        degrees[depth] = theta > 0 ? theta : 0;
        if (theta <= 0) {
            depth++;
            break;
        }
        idx x = enter_m(s, level, i, theta);
        for (uint64_t r = random_below(random, (uint64_t)theta); r > 0; r--) {
            tweak_m(s, level, x, i);
            x = next_m(s, level, x);
        }
        tweak_m(s, level, x, i);
        if (x > n)
            try_m(s, level, x);
        path[depth++] = x;
        level++;
    }
    *solved = i == 0;
    for (idx d = *solved ? depth : depth - 1; d-- > 0;) {
        idx x = path[d];
        level--;
        if (x > n) {
            untry_m(s, level, x);
        }
        else { /* the null move: its item back on the list */
            s->links.rlink[s->links.llink[x]] = x;
            s->links.llink[s->links.rlink[x]] = x;
        }
        restore_m(s, level, ITEM_OF(s, level, x));
    }
    return depth;
}
