/*
 * search.c: one search on a Dancer, the port of pydlx/search.py: its own copy of the
 * links, the options excluded, the givens and a prefix applied, each of its units made and
 * freed, and its progress (fraction and share). ways.c runs it and probes it, on the way it
 * is on.
 *
 * Specification: pydlx/search.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
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
    const idx *top = s->links.top, *color = s->links.color, *opt_start = s->links.opt_start;
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
    const int mode = commit_mode(s);
    for (ptrdiff_t g = 0; g < start->n_givens; g++)
        for (idx p = s->links.opt_start[start->givens[g]]; s->links.top[p] > 0; p++)
            if (!commit(s, p, s->links.top[p], mode)) /* (the loop refuses its edge) */
                return dlx_fail(err, DLX_GIVENS_BREAK_LOOP, start->givens[g], s->links.top[p] - 1, 0);
    return 0;
}

/* Choose the option nodes of `prefix`, level by level, as the search did when it reached
   them (their updates are not counted again); the search is then confined to that subtree.
   PrefixError for a node that is not an option node of an active primary item. */
static int
replay(Search *s, const Start *start, dlx_error *err)
{
    idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    long long updates = s->updates;
    ptrdiff_t size = s->dancer->n_nodes;
    const int mode = commit_mode(s);
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
        cover(s, i, mode);
        if (!commit_others(s, x, mode)) { /* (the loop refuses it: no search chose it) */
            uncover(s, i, mode);
            dlx_fail(err, DLX_PREFIX_ERROR, x, k, 0);
            return -1;
        }
        s->choice[level] = x;
        s->level += 1;
    }
    s->floor = s->level;
    s->max_level = s->level;
    s->updates = updates;
    return 0;
}

/* The search's own arrays: its copy of the links (colors shared when there are none, since
   then nothing writes them), the stack of choices, and what the item choice and a seed need. */
static int
allocate(Search *s, const Dancer *d)
{
    ptrdiff_t links = d->n_links, size = d->n_nodes;
    ptrdiff_t copied = 2 * links + (d->has_colors ? 4 : 3) * size;
    size_t levels = search_levels(d);
    s->links.mem = dlx_malloc((size_t)copied * sizeof(idx));
    s->choice = dlx_calloc(levels, sizeof(idx));
    s->total = dlx_calloc(levels, sizeof(idx));
    s->tried = dlx_calloc(levels, sizeof(idx));
    if (s->links.mem == NULL || s->choice == NULL || s->total == NULL || s->tried == NULL)
        return -1;
    if (d->bounds != NULL && bounds_start(s) < 0)
        return -1;
    memcpy(s->links.mem, d->mem, (size_t)copied * sizeof(idx));
    s->links.llink = s->links.mem;
    s->links.rlink = s->links.llink + links;
    s->links.top = s->links.rlink + links;
    s->links.ulink = s->links.top + size;
    s->links.dlink = s->links.ulink + size;
    s->links.color = d->has_colors ? s->links.dlink + size : d->color;
    s->links.opt_start = d->opt_start;
    if (is_wide(d)) {
        s->scan.dirty = dlx_malloc((size_t)(d->n_items >> 6) + 1);
        s->scan.block_min = dlx_calloc((size_t)(d->n_primary >> 6) + 1, sizeof(idx));
        if (s->scan.dirty == NULL || s->scan.block_min == NULL)
            return -1;
        /* Every block dirty: the givens and a prefix change LENs without marking them.
           Nothing else does between runs (a probe restores every LEN). */
        memset(s->scan.dirty, 1, (size_t)(d->n_items >> 6) + 1);
    }
    return 0;
}

/* Start a search in s (zeroed by the caller): a private copy of d's arrays, with the
   options excluded taken out, then the givens chosen, then the choices of the prefix
   replayed. -1 on failure, told in err; search_release(s) then, as always. */
int
search_init(Search *s, const Dancer *d, const Start *start, dlx_error *err)
{
    s->dancer = d;
    s->n_items = d->n_items;
    s->n_primary = d->n_primary;
    s->resume = X2;
    s->where = UNDECIDED;
    s->tuning = start->tuning;
    s->bare = start->n_givens == 0 && start->n_excluded == 0 && start->n_prefix == 0;
    if ((start->seeded && shuffle_start(s, start->seed) < 0) || (start->tuning.rule != RULE_MRV && weights_start(s) < 0) ||
        (start->tuning.binary && binary_start(s) < 0) ||
        (start->best > 0 && costs_start(s, start) < 0) || (d->loop_ends != NULL && loop_start(s) < 0) ||
        allocate(s, d) < 0 ||
        (d->bounds != NULL && bounded_arrange(s) < 0)) {
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
    dlx_free(s->links.mem);
    dlx_free(s->choice);
    dlx_free(s->total);
    dlx_free(s->tried);
    dlx_free(s->scan.dirty);
    dlx_free(s->scan.block_min);
    bounds_free(s);
    sets_free(s);
    colored_free(s);
    tally_free(s);
    costs_free(s);
    memo_free(s);
    weights_free(s);
    binary_free(s);
    loop_free(s);
    shuffle_free(s);
    pushed_free(s);
    memset(s, 0, sizeof *s);
}

/* Knuth's estimate of the part of this search's tree already finished (see pydlx). */
double
search_fraction(const Search *s)
{
    double done = 0.0, share = 1.0;
    if (s->resume == FINISHED)
        return 1.0;
    if (s->binary != NULL)
        return binary_progress(s, &share);
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
    if (s->binary != NULL) {
        binary_progress(s, &share);
        return share;
    }
    for (idx level = s->floor; level < s->level; level++)
        share /= s->total[level];
    return share;
}

