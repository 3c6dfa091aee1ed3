/*
 * costs.c: the k cheapest solutions, the port of pydlx/costs.py (Knuth's DLX5): the items
 * taxed and every list sorted by net cost when the dancer is built; then a search that tries
 * options cheapest first and cuts off what cannot beat the k-th best found so far, covering
 * with a threshold (only options cheap enough ever to be chosen are hidden), branching on
 * the item where a wrong first choice costs most per branch. pydlx/costs.py's docstring
 * tells the method. Its steps are Algorithm X's (steps.h), with four of its own.
 *
 * Specification: pydlx/costs.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "dance.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define INFINITE LLONG_MAX /* a cost no solution reaches (a matrix's costs add up to less than 2^62) */
#define LENTHRESH 10      /* the item choice counts no further, then takes LEN (DLX5's lenthresh) */
#define REGRET_CAP (1LL << 31) /* the item choice's regret, capped: regret * count fits 64 bits */

/* A search's state for the k best: made by costs_start, freed by costs_free. */
struct Costs {
    idx k, n;                  /* k, and how many of the k best are known */
    long long *best;           /* their net costs, cheapest first */
    long long cutoff, current; /* the k-th best's (or INFINITE), the partial solution's */
    long long *partial, *thresh0, *thresh; /* per level: the cost above, the thresholds */
};

typedef struct {
    long long cost;
    idx position, node;
} Ranked;

static int
by_cost(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? -1 : 1;
    return x->position < y->position ? -1 : x->position > y->position; /* stable */
}

/* Sort item i's list by node cost, keeping the order of equal costs (nodes: room for it). */
static void
sort_list(Dancer *d, idx i, Ranked *ranked, idx *nodes)
{
    idx length = 0;
    for (idx p = d->dlink[i]; p != i; p = d->dlink[p]) {
        ranked[length].cost = d->cost[p];
        ranked[length].position = length;
        ranked[length].node = p;
        length++;
    }
    qsort(ranked, (size_t)length, sizeof(Ranked), by_cost);
    for (idx k = 0; k < length; k++)
        nodes[k] = ranked[k].node;
    relink_list(d->ulink, d->dlink, i, nodes, length);
}

/* Tax the primary items (each its cheapest option's net cost, in order), give every node its
   option's net cost (d->cost), and sort every item's list by it; -1 if memory ran out. */
int
costs_prepare(Dancer *d, const long long *costs)
{
    long long *net = dlx_malloc(((size_t)d->n_options + 1) * sizeof(long long));
    Ranked *ranked = dlx_malloc(((size_t)d->n_entries + 1) * sizeof(Ranked));
    idx *nodes = dlx_malloc(((size_t)d->n_entries + 1) * sizeof(idx));
    d->cost = dlx_calloc((size_t)d->n_nodes, sizeof(long long));
    if (net == NULL || ranked == NULL || nodes == NULL || d->cost == NULL) {
        dlx_free(net);
        dlx_free(ranked);
        dlx_free(nodes);
        return -1;
    }
    memcpy(net, costs, (size_t)d->n_options * sizeof(long long));
    d->tax = 0;
    for (idx i = 1; i <= d->n_primary; i++) {
        long long least = INFINITE;
        for (idx p = d->dlink[i]; p != i; p = d->dlink[p]) {
            long long c = net[option_number(d, p)];
            least = c < least ? c : least;
        }
        if (least == INFINITE)
            continue; /* (no option: no tax) */
        d->tax += least;
        for (idx p = d->dlink[i]; p != i; p = d->dlink[p])
            net[option_number(d, p)] -= least;
    }
    for (idx k = 0; k < d->n_options; k++)
        for (idx q = d->opt_start[k]; d->top[q] > 0; q++)
            d->cost[q] = net[k];
    for (idx i = 1; i <= d->n_items; i++)
        sort_list(d, i, ranked, nodes);
    dlx_free(net);
    dlx_free(ranked);
    dlx_free(nodes);
    d->has[HAS_COSTS] = "costs";
    return 0;
}

/* -- the dance with a threshold: only options cheaper than it are hidden ------------------ */

static void
cover_below(Search *s, idx i, long long thresh)
{
    const long long *cost = s->dancer->cost;
    idx left = s->links.llink[i], right = s->links.rlink[i];
    s->links.rlink[left] = right;
    s->links.llink[right] = left;
    s->updates += 1;
    for (idx p = s->links.dlink[i]; p != i && cost[p] < thresh; p = s->links.dlink[p])
        s->updates += hide(s, p, COLORED);
}

static void
uncover_below(Search *s, idx i, long long thresh)
{
    const long long *cost = s->dancer->cost;
    for (idx p = s->links.dlink[i]; p != i && cost[p] < thresh; p = s->links.dlink[p])
        unhide(s, p, COLORED);
    idx left = s->links.llink[i], right = s->links.rlink[i];
    s->links.rlink[left] = i;
    s->links.llink[right] = i;
}

static void
purify_below(Search *s, idx p, long long thresh)
{
    const long long *cost = s->dancer->cost;
    idx *color = s->links.color, c = color[p], i = s->links.top[p];
    for (idx q = s->links.dlink[i]; q != i && cost[q] < thresh; q = s->links.dlink[q]) {
        if (color[q] != c)
            s->updates += hide(s, q, COLORED);
        else if (q != p)
            color[q] = -1;
    }
}

static void
unpurify_below(Search *s, idx p, long long thresh)
{
    const long long *cost = s->dancer->cost;
    idx *color = s->links.color, c = color[p], i = s->links.top[p];
    for (idx q = s->links.dlink[i]; q != i && cost[q] < thresh; q = s->links.dlink[q]) {
        if (color[q] < 0)
            color[q] = c;
        else if (q != p)
            unhide(s, q, COLORED);
    }
}

/* Commit the other items of option node x, hiding only options below thresh. */
static void
commit_below(Search *s, idx x, long long thresh)
{
    const idx *top = s->links.top, *ulink = s->links.ulink, *color = s->links.color;
    for (idx p = x + 1; p != x;) {
        idx j = top[p];
        if (j <= 0) {
            p = ulink[p];
            continue;
        }
        if (color[p] == 0)
            cover_below(s, j, thresh);
        else if (color[p] > 0)
            purify_below(s, p, thresh);
        p += 1;
    }
}

static void
uncommit_below(Search *s, idx x, long long thresh)
{
    const idx *top = s->links.top, *dlink = s->links.dlink, *color = s->links.color;
    for (idx p = x - 1; p != x;) {
        idx j = top[p];
        if (j <= 0) {
            p = dlink[p];
            continue;
        }
        if (color[p] == 0)
            uncover_below(s, j, thresh);
        else if (color[p] > 0)
            unpurify_below(s, p, thresh);
        p -= 1;
    }
}

/* Whether an item (count usable options, regret, cheapest cost least) ranks above the best
   so far: forced first; then regret / count, compared exactly; then the dearer cheapest. */
ALWAYS_INLINE int
better(long long count, long long regret, long long least, long long fewest, long long best_regret,
       long long dearest)
{
    if (count == 1 || fewest == 1)
        return count == 1 && (fewest != 1 || least > dearest);
    long long ours = regret * fewest, theirs = best_regret * count;
    return ours > theirs || (ours == theirs && least > dearest);
}

/* The item to branch on (pydlx's Costs.choose_cheap tells the rule): a dead end at once
   (*fewest = 0), else a forced item whose option costs most, else the most regret per
   branch, (second - least + 1) / count; *fewest its usable options (counted up to
   LENTHRESH, then its LEN). */
static idx
choose_cheap(const Search *s, long long limit, long long *fewest)
{
    const long long *cost = s->dancer->cost;
    const idx *dlink = s->links.dlink;
    idx best = 0;
    long long regret = 0, dearest = 0;
    *fewest = 0;
    for (idx i = s->links.rlink[0]; i != 0; i = s->links.rlink[i]) {
        idx p = dlink[i];
        if (p == i || cost[p] >= limit) {
            *fewest = 0;
            return i;
        }
        long long least = cost[p], count = 1, r = 0;
        p = dlink[p];
        if (p != i && cost[p] < limit) {
            r = cost[p] - least + 1 < REGRET_CAP ? cost[p] - least + 1 : REGRET_CAP;
            for (count = 2, p = dlink[p]; p != i && cost[p] < limit && count < LENTHRESH; p = dlink[p])
                count++;
            if (count >= LENTHRESH)
                count = s->links.top[i]; /* (enough to rank it) */
        }
        if (best == 0 || better(count, r, least, *fewest, regret, dearest)) {
            best = i;
            *fewest = count;
            regret = r;
            dearest = least;
        }
    }
    return best;
}

/* A solution of net cost c->current (below the cutoff): into the k best. */
static void
found(Costs *c)
{
    long long *best = c->best;
    idx n = c->n < c->k ? c->n + 1 : c->k, place = 0;
    while (place < c->n && best[place] <= c->current)
        place++;
    memmove(best + place + 1, best + place, (size_t)(n - 1 - place) * sizeof(long long));
    best[place] = c->current;
    c->n = n;
    if (n == c->k)
        c->cutoff = best[n - 1];
}

/* The four steps of Algorithm X for the k best, which steps.h's loop takes (the item choice
   and the covers with thresholds; no mode: colors are handled as they come). */

/* X3, X4: the item where a wrong first choice costs most, its list covered below the
   threshold of its cheapest option, which is returned; 0 (no node) for a dead end, an item
   without an option cheap enough: nothing covered, and backtrack has nothing to undo. */
ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    (void)mode;
    Costs *c = s->costs;
    long long fewest;
    idx i = choose_cheap(s, c->cutoff - c->current, &fewest), x = s->links.dlink[i];
    s->total[level] = fewest > 1 ? (idx)(fewest < IDX_MAX ? fewest : IDX_MAX) : 1;
    s->tried[level] = 1;
    if (fewest == 0 || x == i)
        return 0;
    c->partial[level] = c->current;
    c->thresh0[level] = c->cutoff - c->current - s->dancer->cost[x];
    cover_below(s, i, c->thresh0[level]);
    return x;
}

/* X5: option node x taken, its other items committed below its threshold. */
ALWAYS_INLINE void
try_option(Search *s, idx level, idx x, const int mode)
{
    (void)mode;
    Costs *c = s->costs;
    const long long cost = s->dancer->cost[x];
    c->thresh[level] = c->cutoff - c->partial[level] - cost;
    commit_below(s, x, c->thresh[level]);
    c->current = c->partial[level] + cost;
}

/* X6: x given back; the next option of its item if it is cheap enough (the list is sorted
   by cost), else the item itself, as after the last. */
ALWAYS_INLINE idx
try_next(Search *s, idx level, idx x, const int mode)
{
    (void)mode;
    Costs *c = s->costs;
    uncommit_below(s, x, c->thresh[level]);
    c->current = c->partial[level];
    const idx i = s->links.top[x], next = s->links.dlink[x];
    return next == i || s->dancer->cost[next] >= c->cutoff - c->partial[level] ? i : next;
}

/* X7: item i back (nothing after a dead end, i = 0). */
ALWAYS_INLINE int
backtrack(Search *s, idx level, idx i, const int mode)
{
    (void)mode;
    if (i != 0)
        uncover_below(s, i, s->costs->thresh0[level]);
    return STEP_ON;
}

#define ALL_COVERED(s) ((s)->links.rlink[0] == 0)
#define SANITY_CHECK(s, level) ((void)0) /* (covers below a threshold leave the lists as sanity() does not expect) */
#define VISIT(s, run, level) (found((s)->costs), visit(s, run))

#include "steps.h"

/* Search.run for the k best: SOLUTION for every solution that enters them, DONE when they
   are proven (ways.c refuses a split: search_takes). */
int
run_costed(Search *s, const Run *run)
{
    return run_steps(s, run, 0);
}

/* A search for start->best cheapest solutions: its k best, per-level costs, and the net
   cost of its givens and of its prefix's options. -1 when out of memory. (No seed, no
   bounds: the binding has refused them, contract.REFUSED.) */
int
costs_start(Search *s, const Start *start)
{
    const Dancer *d = s->dancer;
    size_t levels = search_levels(d);
    Costs *c = s->costs = dlx_calloc(1, sizeof(Costs));
    if (c == NULL)
        return -1;
    c->k = start->best;
    c->best = dlx_calloc((size_t)start->best, sizeof(long long));
    c->partial = dlx_calloc(levels, sizeof(long long));
    c->thresh0 = dlx_calloc(levels, sizeof(long long));
    c->thresh = dlx_calloc(levels, sizeof(long long));
    if (c->best == NULL || c->partial == NULL || c->thresh0 == NULL || c->thresh == NULL)
        return -1;
    c->cutoff = start->cutoff == LLONG_MAX ? LLONG_MAX : (start->cutoff > d->tax ? start->cutoff - d->tax : 0);
    for (ptrdiff_t g = 0; g < start->n_givens; g++)
        c->current += d->cost[d->opt_start[start->givens[g]]];
    for (ptrdiff_t k = 0; k < start->n_prefix; k++)
        c->current += d->cost[start->prefix[k]];
    s->ways.where = LINKS;
    return 0;
}

void
costs_free(Search *s)
{
    Costs *c = s->costs;
    if (c == NULL)
        return;
    dlx_free(c->best);
    dlx_free(c->partial);
    dlx_free(c->thresh0);
    dlx_free(c->thresh);
    dlx_free(c);
    s->costs = NULL;
}

/* The cost of the solution at hand: its options' net costs and the dancer's tax. */
long long
costs_solution(const Search *s)
{
    return (s->costs != NULL ? s->costs->current : 0) + s->dancer->tax;
}
