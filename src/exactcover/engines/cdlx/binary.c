/*
 * binary.c: binary branching (way "binary"), the port of pydlx/binary.py: Knuth's
 * SSXCC-BINARY on the links. At a node, the item i with the fewest options (MRV, ties to the
 * first) and its first option x; then two branches, each a node: x in (i covered, x's other
 * items committed) and x out (x taken out of every item's list), the second only if i had
 * other options. The solutions are Algorithm X's, in another order; pydlx/binary.py says
 * what the statistics count. Its loop is its own (a stack of branches, not a level per
 * item), resumable as steps.h's: s->resume is ENTER (step X2's label) or BACK (X8's).
 *
 * Specification: pydlx/binary.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "dance.h"

enum { ENTER = X2, BACK = X8 };

/* A search's stack of branches: made by binary_start, freed by binary_free. */
struct Binary {
    idx *node;           /* per depth: the option's node */
    unsigned char *out;  /* ... 1 if the branch takes it out, 0 if in */
    idx *total;          /* ... its item's LEN when it was tried (for the progress) */
    idx depth;           /* the branches on the stack */
};

/* Room for the deepest stack: an option in per primary item, and each option out once. */
int
binary_start(Search *s)
{
    const size_t n = (size_t)s->dancer->n_options + (size_t)s->dancer->n_primary + 1;
    Binary *b = s->binary = dlx_calloc(1, sizeof(Binary));
    if (b == NULL)
        return -1;
    b->node = dlx_malloc(n * sizeof(idx));
    b->out = dlx_malloc(n);
    b->total = dlx_malloc(n * sizeof(idx));
    return b->node == NULL || b->out == NULL || b->total == NULL ? -1 : 0;
}

void
binary_free(Search *s)
{
    if (s->binary == NULL)
        return;
    dlx_free(s->binary->node);
    dlx_free(s->binary->out);
    dlx_free(s->binary->total);
    dlx_free(s->binary);
    s->binary = NULL;
}

/* Branch on item i at its first option (x in): pushed, covered, committed; a level up. */
ALWAYS_INLINE void
branch_in(Search *s, Binary *b, idx i, const int mode)
{
    const idx x = s->links.dlink[i];
    b->node[b->depth] = x;
    b->out[b->depth] = 0;
    b->total[b->depth++] = s->links.top[i];
    s->choice[s->level++] = x;
    cover(s, i, mode);
    commit_others(s, x, mode);
}

/* Back from the last branch: from x in, undo it and take x out, if its item had others (1:
   a node to enter); from x out, put x back. 0: go further back. */
ALWAYS_INLINE int
branch_back(Search *s, Binary *b, const int mode)
{
    const idx d = --b->depth, x = b->node[d];
    if (b->out[d]) {
        put_back(s, option_of(s, x), mode);
        return 0;
    }
    s->level -= 1;
    uncommit_others(s, x, mode);
    uncover(s, s->links.top[x], mode);
    if (b->total[d] == 1)
        return 0;
    s->updates += take_out(s, option_of(s, x), mode);
    b->out[d] = 1;
    b->depth += 1;
    return 1;
}

ALWAYS_INLINE int
binary_steps(Search *s, const Run *run, const int mode)
{
    Binary *b = s->binary;
    const long long stop = s->nodes + run->steps;
    const long long work_stop = run->work ? effort(s) + run->work : -1;
    int state = s->resume, status;
    for (;;) {
        if (state == ENTER) {
            SANITY_WHEN_DUE(s, sanity(s));
            if (s->nodes >= stop || (work_stop >= 0 && effort(s) >= work_stop)) {
                status = PAUSED;
                break;
            }
            s->nodes += 1;
            if (s->level > s->max_level)
                s->max_level = s->level;
            if (s->links.rlink[0] == 0) { /* every primary item is covered: a solution */
                state = BACK;
                if ((status = visit(s, run)) != STEP_ON)
                    break;
                continue;
            }
            idx i = choose_first(s);
            if (s->links.top[i] == 0) /* a dead end */
                state = BACK;
            else
                branch_in(s, b, i, mode);
        }
        else if (state == BACK) {
            if (b->depth == 0) {
                status = DONE;
                state = FINISHED;
                break;
            }
            if (branch_back(s, b, mode))
                state = ENTER;
        }
        else { /* FINISHED */
            status = DONE;
            break;
        }
    }
    s->resume = state;
    return status;
}

/* The binary search's runs (rows of ways.c's table), without colors and with. */
int
run_binary(Search *s, const Run *run)
{
    return binary_steps(s, run, 0);
}

int
run_binary_colored(Search *s, const Run *run)
{
    return binary_steps(s, run, COLORED);
}

/* The part of the tree finished (search_fraction) and the current node's (search_share): x in
   takes 1/LEN of its node's share, x out the rest; a branch of x out adds the share of x in,
   done. */
double
binary_progress(const Search *s, double *share)
{
    const Binary *b = s->binary;
    double done = 0.0;
    *share = 1.0;
    for (idx d = 0; d < b->depth; d++) {
        double part = *share / b->total[d];
        if (b->out[d]) {
            done += part;
            *share -= part;
        }
        else
            *share = part;
    }
    return done;
}
