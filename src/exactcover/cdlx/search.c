/*
 * search.c: one search on a Dancer, the port of pydlx/search.py: its own copy of the
 * links, the options excluded, the givens and a prefix applied, progress (fraction and
 * share), Knuth's random probe, and run, the one place that chooses between the links
 * (links.c) and the sets of options (sets.c).
 *
 * Specification: pydlx/search.py, pydlx/reuse.py
 */
#include "dlx.h"
#include "dance.h"

#include <limits.h>
#include <string.h>

/* Take the options `excluded` out of every item's list for the whole search (a repeated one
   counts once); UnknownOption or GivenAndExcluded for an option out of range or also given. */
static int
exclude(Search *s, const Start *start, dlx_error *err)
{
    idx n_options = s->dancer->n_options;
    if (start->n_excluded == 0)
        return 0;
    char *done = dlx_calloc((size_t)n_options + 1, 1);
    if (done == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    for (ptrdiff_t e = 0; e < start->n_excluded; e++) {
        idx k = start->excluded[e];
        if (k < 0 || k >= n_options) {
            dlx_fail(err, DLX_UNKNOWN_OPTION, k, 0, 0);
            err->what = "excluded";
            goto fail;
        }
        for (ptrdiff_t g = 0; g < start->n_givens; g++)
            if (start->givens[g] == k) {
                dlx_fail(err, DLX_GIVEN_AND_EXCLUDED, k, 0, 0);
                goto fail;
            }
        if (done[k])
            continue;
        done[k] = 1;
        s->updates += take_out(s, k, 0); /* (every block is dirty at the start) */
    }
    dlx_free(done);
    return 0;
fail:
    dlx_free(done);
    return -1;
}

/* The givens' options in range and pairwise compatible (they may share a secondary item
   with the same color); UnknownOption or GivensClash(a, b, item) if not. */
int
check_givens(const Search *s, const idx *givens, ptrdiff_t n_givens, idx *owner, dlx_error *err)
{
    const idx *top = s->top, *color = s->color, *opt_start = s->opt_start;
    for (idx i = 0; i < s->n_items + 2; i++)
        owner[i] = -1; /* item -> the first given that uses it */
    for (ptrdiff_t g = 0; g < n_givens; g++) {
        idx k = givens[g];
        if (k < 0 || k >= s->dancer->n_options) {
            dlx_fail(err, DLX_UNKNOWN_OPTION, k, 0, 0);
            err->what = "given";
            return -1;
        }
        for (idx p = opt_start[k]; top[p] > 0; p++) {
            idx i = top[p];
            if (owner[i] < 0) {
                owner[i] = k;
                continue;
            }
            idx o = owner[i], q = opt_start[o];
            while (top[q] != i)
                q++;
            if (color[p] == 0 || color[q] != color[p] || o == k) {
                dlx_fail(err, DLX_GIVENS_CLASH, o < k ? o : k, o < k ? k : o, i - 1);
                return -1;
            }
        }
    }
    return 0;
}

/* Choose the options `givens` before the search. */
static int
apply_givens(Search *s, const Start *start, dlx_error *err)
{
    idx *owner = dlx_malloc((size_t)(s->n_items + 2) * sizeof(idx));
    if (owner == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    int result = check_givens(s, start->givens, start->n_givens, owner, err);
    dlx_free(owner);
    if (result < 0)
        return -1;
    for (ptrdiff_t g = 0; g < start->n_givens; g++)
        for (idx p = s->opt_start[start->givens[g]]; s->top[p] > 0; p++)
            commit(s, p, s->top[p], COLORED);
    return 0;
}

/* Choose the option nodes of `prefix`, level by level, as the search did when it reached
   them (their updates are not counted again); the search is then confined to that subtree.
   PrefixError for a node that is not an option node of an active primary item. */
static int
replay(Search *s, const Start *start, dlx_error *err)
{
    idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink;
    long long updates = s->updates;
    ptrdiff_t size = s->dancer->n_nodes;
    for (ptrdiff_t k = 0; k < start->n_prefix; k++) {
        idx x = start->prefix[k], i = (x > s->n_items + 1 && x < size) ? top[x] : 0, level = s->level, count = 1;
        if (i <= 0 || i > s->n_primary || top[i] >= COVERED || dlink[ulink[x]] != x || level > s->n_primary) {
            dlx_fail(err, DLX_PREFIX_ERROR, x, k, 0);
            return -1;
        }
        s->total[level] = top[i];
        for (idx p = dlink[i]; p != x; p = dlink[p])
            count++;
        s->tried[level] = count;
        cover(s, i, COLORED);
        commit_others(s, x, COLORED);
        s->choice[level] = x;
        s->level += 1;
    }
    s->floor = s->level;
    s->max_level = s->level;
    s->updates = updates;
    return 0;
}

/* How deep a search can go, plus one: each level covers a primary item, or, with bounds,
   chooses an option (each at most once) or makes an item's null move. */
size_t
search_levels(const Dancer *d)
{
    return (size_t)d->n_primary + 1 + (d->bounds != NULL ? (size_t)d->n_options : 0);
}

/* The search's own arrays: its copy of the links (colors shared when there are none, since
   then nothing writes them), the stack of choices, and what the item choice and a seed need. */
static int
allocate(Search *s, const Dancer *d)
{
    ptrdiff_t links = d->n_links, size = d->n_nodes;
    ptrdiff_t copied = 2 * links + (d->has_colors ? 4 : 3) * size;
    size_t levels = search_levels(d);
    s->mem = dlx_malloc((size_t)copied * sizeof(idx));
    s->choice = dlx_calloc(levels, sizeof(idx));
    s->total = dlx_calloc(levels, sizeof(idx));
    s->tried = dlx_calloc(levels, sizeof(idx));
    if (s->mem == NULL || s->choice == NULL || s->total == NULL || s->tried == NULL)
        return -1;
    if (d->bounds != NULL && bounds_start(s) < 0)
        return -1;
    memcpy(s->mem, d->mem, (size_t)copied * sizeof(idx));
    s->llink = s->mem;
    s->rlink = s->llink + links;
    s->top = s->rlink + links;
    s->ulink = s->top + size;
    s->dlink = s->ulink + size;
    s->color = d->has_colors ? s->dlink + size : d->color;
    if (is_wide(d)) {
        s->dirty = dlx_malloc((size_t)(d->n_items >> 6) + 1);
        s->block_min = dlx_calloc((size_t)(d->n_primary >> 6) + 1, sizeof(idx));
        if (s->dirty == NULL || s->block_min == NULL)
            return -1;
        /* Every block dirty: the givens and a prefix change LENs without marking them.
           Nothing else does between runs (a probe restores every LEN). */
        memset(s->dirty, 1, (size_t)(d->n_items >> 6) + 1);
    }
    if (s->seeded) {
        s->perm = dlx_calloc((size_t)d->n_entries + 1, sizeof(idx));
        s->base = dlx_calloc((size_t)d->n_primary + 2, sizeof(idx));
        s->pos = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
        if (s->perm == NULL || s->base == NULL || s->pos == NULL)
            return -1;
    }
    return 0;
}

/* Refuse what a search for the k best cannot do (the binding refuses best without costs). */
static int
unsupported(dlx_error *err, const char *what, const char *instead)
{
    err->kind = DLX_UNSUPPORTED;
    err->what = what;
    err->instead = instead;
    return -1;
}

/* The weighted choice's WEIGHTs, all 1. (What it cannot combine with, the binding has
   refused: contract.REFUSED.) */
static int
start_weighted(Search *s, dlx_error *err)
{
    const Dancer *d = s->dancer;
    s->weight = dlx_malloc(((size_t)d->n_primary + 1) * sizeof(long long));
    if (s->weight == NULL) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    for (idx i = 0; i <= d->n_primary; i++)
        s->weight[i] = 1;
    return 0;
}

/* Start a search in s (zeroed by the caller): a private copy of d's arrays, with the
   options excluded taken out, then the givens chosen, then the choices of the prefix
   replayed. -1 on failure, told in err; search_release(s) then, as always. */
int
search_init(Search *s, const Dancer *d, const Start *start, dlx_error *err)
{
    s->dancer = d;
    s->opt_start = d->opt_start;
    s->n_items = d->n_items;
    s->n_primary = d->n_primary;
    s->resume = X2;
    s->seeded = start->seeded;
    s->random = start->seed;
    s->sets = UNDECIDED;
    s->tuning = start->tuning;
    s->bare = start->n_givens == 0 && start->n_excluded == 0 && start->n_prefix == 0;
    if (start->weighted && start_weighted(s, err) < 0)
        return -1;
    if (start->best > 0 && costs_start(s, start) < 0) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    if (allocate(s, d) < 0 || (d->bounds != NULL && bounded_arrange(s) < 0)) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    if (exclude(s, start, err) < 0)
        return -1;
    if (d->bounds != NULL)
        return bounded_givens(s, start, err) < 0 || bounded_replay(s, start, err) < 0 ? -1 : 0;
    if (apply_givens(s, start, err) < 0 || replay(s, start, err) < 0)
        return -1;
    if (start->memo != MEMO_OFF && memo_start(s, start->memo, start->memo_bytes, start->diagram) < 0) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    return 0;
}

/* Free what search_init allocated. */
void
search_release(Search *s)
{
    dlx_free(s->mem);
    dlx_free(s->choice);
    dlx_free(s->perm);
    dlx_free(s->base);
    dlx_free(s->pos);
    dlx_free(s->total);
    dlx_free(s->tried);
    dlx_free(s->alive);
    dlx_free(s->active);
    dlx_free(s->floor_items);
    dlx_free(s->option);
    dlx_free(s->words);
    dlx_free(s->dirty);
    dlx_free(s->block_min);
    bounds_free(s);
    dlx_free(s->floor_set);
    dlx_free(s->pure_item);
    dlx_free(s->pure_at);
    dlx_free(s->is_pure);
    dlx_free(s->batch);
    dlx_free(s->live);
    dlx_free(s->n_live_at);
    dlx_free((void *)s->pure);
    dlx_free(s->floor_pure);
    dlx_free(s->tally_block);
    costs_free(s);
    memo_free(s);
    dlx_free(s->weight);
    dlx_free(s->heavy);
    dlx_free(s->pushed);
    memset(s, 0, sizeof *s);
}

/* What the sample says: more updates per node than the tuning's floor, and the sets pay.
   With tallies (2) if the matrix can have them, the updates per node pass TALLY_FLOOR (or
   the floor is negative: a forced move) and are at most n_primary * n_words * TALLY_LINE /
   ratio; else with their item choice by population counts (1) if they pass n_primary *
   n_words / ratio (not with the weighted choice, which the sets make on tallies only); else
   they do not pay (0). The calibration is in benchmarks/README.md. */
static int
sets_pay(const Search *s)
{
    long long nodes = s->nodes - s->sample_nodes, updates = s->updates - s->sample_updates;
    double per_node = (double)updates / (double)(nodes > 0 ? nodes : 1);
    double line = (double)s->dancer->n_primary * (double)s->dancer->n_words;
    if (!(per_node > s->tuning.floor))
        return 0;
    if ((s->tuning.floor < 0 || per_node > TALLY_FLOOR) && per_node * s->tuning.ratio <= line * TALLY_LINE &&
        tally_possible(s->dancer))
        return 2;
    return s->weight == NULL && per_node * s->tuning.ratio > line; /* (the weighted choice: on tallies only) */
}

/* Search on, within `run`'s budgets, on the links or the sets. A search that could use the
   sets starts SAMPLING on the links; at the end of its sample it stays there or moves: at
   once if the dancer's sets are built, else it pauses as MOVING for its caller to build
   them (with the GIL) and call again, which moves it. */
int
search_run(Search *s, const Run *run)
{
    Run rest = *run;
    if (s->costs != NULL)
        return run_costed(s, run);
    if (memo_active(s))
        return run_memo(s, run);
    if (s->sets == UNDECIDED)
        sets_start(s);
    if (s->sets == MOVING)
        sets_move(s);
    if (s->sets == SAMPLING && rest.steps > s->sample_end - s->nodes) {
        const long long stop = s->nodes + rest.steps, work_stop = effort(s) + rest.work;
        Run sample = rest;
        sample.steps = s->sample_end - s->nodes;
        int status = s->bounds != NULL ? run_bounded(s, &sample) : run_links(s, &sample);
        if (status != PAUSED || s->nodes < s->sample_end)
            return status;
        int pay = sets_pay(s);
        s->tallied = pay == 2;
        if (!pay || s->dancer->sets < 0)
            s->sets = LINKS;
        else if (s->dancer->sets == 0) {
            s->sets = MOVING;
            return PAUSED;
        }
        else
            sets_move(s);
        rest.steps = stop - s->nodes;
        if (rest.work && (rest.work = work_stop - effort(s)) <= 0)
            return PAUSED;
    }
    if (s->bounds != NULL)
        return s->sets == SETS ? run_msets(s, &rest) : run_bounded(s, &rest);
    return s->sets == SETS ? run_sets(s, &rest) : run_links(s, &rest);
}

/* -- a search used again: rewound to its floor, givens pushed and popped there ------------ */

/* Refuse to rewind a search that is not a plain one on the links (its other state would
   have to be rewound too), or one with a prefix (its choices sit above its givens). A search
   that moved to the sets at its floor (solve_lines) has the links as they were there. */
int
search_reusable(const Search *s, dlx_error *err)
{
    if (s->dancer->has_colors || s->bounds != NULL || s->costs != NULL || s->memo != NULL)
        return unsupported(err, "rewinding a search with colors, bounds, costs or memo", "start a new search");
    if ((s->sets == SETS && s->moved_at != s->floor) || s->sets == MOVING)
        return unsupported(err, "rewinding a search on the sets", "search with way='links'");
    if (s->floor != 0)
        return unsupported(err, "rewinding a search of a subtree (a prefix)", "start a new search");
    return 0;
}

/* Undo the search's path back to its floor: a new search of the same givens. */
int
search_rewind(Search *s, dlx_error *err)
{
    const int mode = s->dirty != NULL ? WIDE : 0;
    if (search_reusable(s, err) < 0)
        return -1;
    for (idx l = s->level; s->sets != SETS && l-- > s->floor;) {
        uncommit_others(s, s->choice[l], mode);
        uncover(s, s->top[s->choice[l]], mode);
    }
    s->level = 0;
    s->resume = X2;
    s->nodes = s->updates = s->solutions = s->max_level = s->scanned = 0;
    if (s->sets == SAMPLING || s->sets == SETS) /* (its sample starts again; or its move) */
        s->sets = UNDECIDED;
    if (s->weight != NULL)
        for (idx i = 0; i <= s->n_primary; i++)
            s->weight[i] = 1;
    return 0;
}

/* Choose option k as one more given, at the floor of a rewound (or unrun) search. */
int
search_push(Search *s, idx k, dlx_error *err)
{
    const int mode = s->dirty != NULL ? WIDE : 0;
    const idx *top = s->top;
    if (search_reusable(s, err) < 0)
        return -1;
    if (s->level != 0 || s->resume != X2 || s->sets == SETS)
        return unsupported(err, "pushing a given into a search under way", "rewind it first");
    if (k < 0 || k >= s->dancer->n_options) {
        err->what = "given";
        return dlx_fail(err, DLX_UNKNOWN_OPTION, k, 0, 0);
    }
    idx first = s->opt_start[k];
    for (idx p = first; top[p] > 0; p++)
        if (top[top[p]] >= COVERED) {
            err->what = "it shares an item with a given";
            return dlx_fail(err, DLX_NOT_PUSHED, k, top[p] - 1, 0);
        }
    if (top[first] > 0 && s->dlink[s->ulink[first]] != first) { /* (items active: only an exclusion unlinks it) */
        err->what = "it is excluded";
        return dlx_fail(err, DLX_NOT_PUSHED, k, -1, 0);
    }
    if (s->n_pushed == s->pushed_room) {
        idx room = s->pushed_room + s->n_primary + 16; /* (n_primary: all a matrix can take, but for empty options) */
        idx *more = dlx_malloc((size_t)room * sizeof(idx));
        if (more == NULL) {
            err->kind = DLX_NO_MEMORY;
            return -1;
        }
        if (s->n_pushed > 0)
            memcpy(more, s->pushed, (size_t)s->n_pushed * sizeof(idx));
        dlx_free(s->pushed);
        s->pushed = more;
        s->pushed_room = room;
    }
    for (idx p = first; top[p] > 0; p++)
        cover(s, top[p], mode);
    s->pushed[s->n_pushed++] = k;
    return 0;
}

/* Undo the last search_push: the option it pushed, or -1 if none is left. */
int
search_pop(Search *s)
{
    const int mode = s->dirty != NULL ? WIDE : 0;
    if (s->n_pushed == 0 || s->level != 0 || s->resume != X2 || s->sets == SETS)
        return -1;
    idx k = s->pushed[--s->n_pushed], first = s->opt_start[k], last = first - 1; /* (none if empty) */
    while (s->top[last + 1] > 0)
        last++;
    for (idx q = last; q >= first; q--)
        uncover(s, s->top[q], mode);
    return k;
}

/* The number of the option of node x (a spacer's TOP never changes: the dancer's says). */
idx
option_of(const Search *s, idx x)
{
    return option_number(s->dancer, x);
}

/* Knuth's estimate of the part of this search's tree already finished (see pydlx). */
double
search_fraction(const Search *s)
{
    double done = 0.0, share = 1.0;
    if (s->resume == FINISHED)
        return 1.0;
    for (idx level = s->floor; level < s->level; level++) {
        share /= s->total[level];
        done += (s->tried[level] - 1) * share;
    }
    return done;
}

/* The part of the tree under the current node: 1 / (total_1 ... total_L). */
double
search_share(const Search *s)
{
    double share = 1.0;
    for (idx level = s->floor; level < s->level; level++)
        share /= s->total[level];
    return share;
}

/* Knuth's random probe from the current state, on the way the search runs; its updates
   are not counted. */
idx
search_probe(Search *s, uint64_t seed, idx *degrees, int *solved)
{
    uint64_t random = seed;
    long long updates = s->updates;
    idx *path = dlx_calloc(search_levels(s->dancer), sizeof(idx)), depth;
    if (path == NULL)
        return -1;
    if (s->bounds != NULL)
        depth = s->sets == SETS ? probe_msets(s, &random, path, degrees, solved)
                                : probe_bounded(s, &random, path, degrees, solved);
    else if (s->sets == SETS)
        depth = probe_sets(s, &random, path, degrees, solved);
    else
        depth = probe_links(s, &random, path, degrees, solved);
    s->updates = updates;
    dlx_free(path);
    return depth;
}
