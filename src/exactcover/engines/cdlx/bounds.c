/*
 * bounds.c: multiplicities, the port of pydlx/bounds.py: Knuth's Algorithm M, where primary
 * item i is covered between lo and hi times. BOUND(i) (Bounds.bound) is how many more options
 * may cover it, SLACK(i) (Bounds.slack) is hi - lo; the options of the item tried at a level are
 * tweaked (taken out of every list) while the later ones are tried, so that every multiset
 * of options is tried once. pydlx/bounds.py's docstring tells the branching rule. Its loop,
 * msteps.h, is its own (its steps differ from steps.h's in kind: dead ends, null moves),
 * written once for the links (here, in mode COLORED: an option may give colors to secondary
 * items as in Algorithm C) and the sets of options (msets.c).
 *
 * Specification: pydlx/bounds.py
 */
#include "dlx.h"
#include "ways.h"
#include "dance.h"

/* Node p of a chosen option commits its item j: a primary item's BOUND goes down (covered
   at 0), a secondary item is committed as in Algorithm C. */
ALWAYS_INLINE void
take(Search *s, idx p, idx j)
{
    if (j <= s->n_primary) {
        if (--s->bounds->bound[j] == 0)
            cover(s, j, COLORED);
    }
    else {
        commit(s, p, j, COLORED);
    }
}

ALWAYS_INLINE void
untake(Search *s, idx p, idx j)
{
    if (j <= s->n_primary) {
        if (s->bounds->bound[j]++ == 0)
            uncover(s, j, COLORED);
    }
    else {
        uncommit(s, p, j, COLORED);
    }
}

/* Step M6: the other items of option node x take it, in order. */
static void
commit_bounded(Search *s, idx x)
{
    const idx *top = s->links.top, *ulink = s->links.ulink;
    for (idx p = x + 1; p != x;) {
        idx j = top[p];
        if (j <= 0) {
            p = ulink[p];
        }
        else {
            take(s, p, j);
            p += 1;
        }
    }
}

/* Undo commit_bounded(x), in the reverse order (step M7). */
static void
uncommit_bounded(Search *s, idx x)
{
    const idx *top = s->links.top, *dlink = s->links.dlink;
    for (idx p = x - 1; p != x;) {
        idx j = top[p];
        if (j <= 0) {
            p = dlink[p];
        }
        else {
            untake(s, p, j);
            p -= 1;
        }
    }
}

/* Take option node x out of its item's list and, unless the item is covered (which hid x's
   option already), its option out of every other list. */
static void
tweak(Search *s, idx x, int covered)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    if (!covered)
        s->updates += hide(s, x, COLORED);
    idx u = ulink[x], d = dlink[x];
    dlink[u] = d;
    ulink[d] = u;
    top[top[x]] -= 1;
    s->updates += 1;
}

/* Put back the options of item i tweaked at this level, from `first` to the one before the
   list's current head (Knuth's untweak: each still points to the next). */
static void
untweak(Search *s, idx i, idx first, int covered)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    idx last = dlink[i], x = first, previous = i, k = 0;
    dlink[i] = first;
    while (x != last) {
        ulink[x] = previous;
        k += 1;
        if (!covered)
            unhide(s, x, COLORED);
        previous = x;
        x = dlink[x];
    }
    ulink[last] = previous;
    top[i] += k;
}

/* With a seed, shuffle each primary item's list once, before the search (as DLX3 does):
   the moves at a level come in list order, which the tweaks rely on. */
int
bounded_arrange(Search *s)
{
    idx *ulink = s->links.ulink, *dlink = s->links.dlink, *nodes;
    nodes = dlx_malloc(((size_t)s->dancer->n_entries + 1) * sizeof(idx));
    if (nodes == NULL)
        return -1;
    for (idx i = 1; i <= s->n_primary; i++) {
        idx length = 0;
        for (idx p = dlink[i]; p != i; p = dlink[p])
            nodes[length++] = p;
        for (idx a = length - 1; a > 0; a--) { /* Fisher-Yates */
            idx b = (idx)random_below(&s->shuffle->random, (uint64_t)a + 1), t = nodes[a];
            nodes[a] = nodes[b];
            nodes[b] = t;
        }
        relink_list(ulink, dlink, i, nodes, length);
    }
    dlx_free(nodes);
    return 0;
}

/* Step M4: prepare to branch on item i; the node to try first. */
ALWAYS_INLINE idx
enter_m(Search *s, idx level, idx i, idx theta)
{
    idx x = s->links.dlink[i];
    s->total[level] = theta;
    s->tried[level] = 1;
    if (--s->bounds->bound[i] == 0)
        cover(s, i, COLORED);
    s->bounds->first_tweak[level] = x;
    return x;
}

/* Step M5 for node x of item i (x = i: the null move): 0 if the level is done (go to M8),
   else 1 after tweaking x or deactivating i as the move requires. */
ALWAYS_INLINE int
tweak_m(Search *s, idx level, idx x, idx i)
{
    (void)level;
    idx b = s->bounds->bound[i], sl = s->bounds->slack[i];
    if (b == 0 && sl == 0)
        return x != i;
    if (s->links.top[i] % COVERED <= b - sl)
        return 0;
    if (x != i) {
        tweak(s, x, b == 0);
    }
    else if (b != 0) { /* the null move: i takes no more options */
        idx left = s->links.llink[i], right = s->links.rlink[i];
        s->links.rlink[left] = right;
        s->links.llink[right] = left;
    }
    return 1;
}

/* Step M8: item i as it was before M4. */
ALWAYS_INLINE void
restore_m(Search *s, idx level, idx i)
{
    if (s->bounds->bound[i] == 0 && s->bounds->slack[i] == 0) {
        uncover(s, i, COLORED);
    }
    else {
        untweak(s, i, s->bounds->first_tweak[level], s->bounds->bound[i] == 0);
        if (s->bounds->bound[i] == 0)
            uncover(s, i, COLORED);
    }
    s->bounds->bound[i] += 1;
}

/* -- the steps of msteps.h on the links ---------------------------------------------------- */

ALWAYS_INLINE void
prepare_m(Search *s, idx level)
{
    (void)s;
    (void)level;
}

ALWAYS_INLINE idx
length_m(const Search *s, idx level, idx i)
{
    (void)level;
    return s->links.top[i];
}

ALWAYS_INLINE void
try_m(Search *s, idx level, idx x)
{
    (void)level;
    commit_bounded(s, x);
}

ALWAYS_INLINE void
untry_m(Search *s, idx level, idx x)
{
    (void)level;
    uncommit_bounded(s, x);
}

/* The move after node x: the next node on its item's list (a tweaked node still points to
   it), the item itself after the last. */
ALWAYS_INLINE idx
next_m(Search *s, idx level, idx x)
{
    (void)level;
    return s->links.dlink[x];
}

#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity(s))

#include "msteps.h"

int
run_bounded(Search *s, const Run *run)
{
    return run_msteps(s, run);
}

idx
probe_bounded(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    return probe_msteps(s, random, path, degrees, solved);
}

/* -- givens and prefixes ------------------------------------------------------------------ */

/* The givens' options in range, none twice, no primary item given more than hi times, and
   two givens sharing a secondary item only with the same color; GivensClash (the first
   given on the item, the one that breaks the rule, the item) if not. */
static int
check_bounded_givens(const Search *s, const Start *start, idx *owner, idx *uses, dlx_error *err)
{
    const idx *top = s->links.top, *color = s->links.color, *opt_start = s->links.opt_start;
    for (idx i = 0; i < s->n_items + 2; i++) {
        owner[i] = -1;
        uses[i] = 0;
    }
    for (ptrdiff_t g = 0; g < start->n_givens; g++) {
        idx k = start->givens[g];
        if (k < 0 || k >= s->dancer->n_options) {
            dlx_fail(err, DLX_UNKNOWN_OPTION, k, 0, 0);
            err->what = "given";
            return -1;
        }
        int repeated = 0;
        for (ptrdiff_t h = 0; h < g; h++)
            repeated |= start->givens[h] == k;
        for (idx p = opt_start[k]; top[p] > 0; p++) {
            idx i = top[p];
            if (owner[i] < 0)
                owner[i] = k;
            idx o = owner[i], q = opt_start[o];
            int clash = repeated;
            if (i <= s->n_primary) {
                clash |= ++uses[i] > s->bounds->bound[i];
            }
            else if (o != k) {
                while (top[q] != i)
                    q++;
                clash |= color[p] == 0 || color[q] != color[p];
            }
            if (clash) {
                dlx_fail(err, DLX_GIVENS_CLASH, repeated ? k : (o < k ? o : k), repeated ? k : (o < k ? k : o), i - 1);
                return -1;
            }
        }
    }
    return 0;
}

/* Choose the givens before the search (and take them out of the lists they are still in,
   so that the search does not choose them again). */
int
bounded_givens(Search *s, const Start *start, dlx_error *err)
{
    idx *owner = dlx_malloc((size_t)(s->n_items + 2) * 2 * sizeof(idx));
    if (owner == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    int result = check_bounded_givens(s, start, owner, owner + s->n_items + 2, err);
    dlx_free(owner);
    if (result < 0)
        return -1;
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    for (ptrdiff_t g = 0; g < start->n_givens; g++)
        for (idx p = s->links.opt_start[start->givens[g]]; top[p] > 0; p++)
            take(s, p, top[p]);
    for (ptrdiff_t g = 0; g < start->n_givens; g++)
        for (idx p = s->links.opt_start[start->givens[g]]; top[p] > 0; p++) {
            idx u = ulink[p], d = dlink[p];
            if (dlink[u] == p) {
                dlink[u] = d;
                ulink[d] = u;
                top[top[p]] -= 1;
                s->updates += 1;
            }
        }
    return 0;
}

/* Make the moves of the prefix level by level as the search made them (their updates not
   counted again): an option node of the item Algorithm M would branch on, or that item's
   header for its null move; PrefixError for any other node. */
int
bounded_replay(Search *s, const Start *start, dlx_error *err)
{
    long long updates = s->updates;
    for (ptrdiff_t k = 0; k < start->n_prefix; k++) {
        idx x = start->prefix[k], level = s->level, theta;
        idx i = choose_m(s, level, &theta);
        int ok = theta > 0 && (x == i || (x > s->n_items + 1 && x < s->dancer->n_nodes && s->links.top[x] == i));
        if (ok) {
            idx y = enter_m(s, level, i, theta);
            while ((ok = tweak_m(s, level, y, i)) && y != x && y != i) {
                y = s->links.dlink[y];
                s->tried[level] += 1;
            }
            ok = ok && y == x;
        }
        if (!ok) {
            dlx_fail(err, DLX_PREFIX_ERROR, x, k, 0);
            return -1;
        }
        if (x != i)
            commit_bounded(s, x);
        s->choice[level] = x;
        s->level += 1;
    }
    s->floor = s->level;
    s->max_level = s->level;
    s->updates = updates;
    return 0;
}


/* The state of a search with bounds: each primary item's BOUND (hi) and SLACK (hi - lo), room
   for each level's first tweak. -1 when out of memory. */
int
bounds_start(Search *s)
{
    const Dancer *d = s->dancer;
    Bounds *b = s->bounds = dlx_calloc(1, sizeof(Bounds));
    if (b == NULL)
        return -1;
    b->bound = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    b->slack = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    b->first_tweak = dlx_calloc(search_levels(d), sizeof(idx));
    if (b->bound == NULL || b->slack == NULL || b->first_tweak == NULL)
        return -1;
    for (idx i = 1; i <= d->n_primary; i++) {
        b->bound[i] = d->bounds[2 * i - 1];
        b->slack[i] = d->bounds[2 * i - 1] - d->bounds[2 * i - 2];
    }
    return 0;
}

void
bounds_free(Search *s)
{
    Bounds *b = s->bounds;
    if (b == NULL)
        return;
    dlx_free(b->bound);
    dlx_free(b->slack);
    dlx_free(b->first_tweak);
    dlx_free(b->floor_bound);
    dlx_free(b);
    s->bounds = NULL;
}
