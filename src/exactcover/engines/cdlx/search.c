/*
 * search.c: one search on a Dancer, the port of pydlx/search.py: its own copy of the
 * links, the options excluded, the givens and a prefix applied on the links, and its
 * progress (fraction and share, by its way's measure). ways.c starts it on its way (the
 * row of its table), runs it and probes it.
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
int
search_exclude(Search *s, const Start *start, dlx_error *err)
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

/* A new search in s (zeroed by the caller) on d: its own arrays, its copy of the links
   (colors shared when there are none, since then nothing writes them) and the stack of
   choices (ways.c's search_init, first). 0, or -1 if memory ran out. */
int
search_copy(Search *s, const Dancer *d, const Start *start)
{
    s->dancer = d;
    s->n_items = d->n_items;
    s->n_primary = d->n_primary;
    s->resume = X2;
    s->tuning = start->tuning;
    s->bare = start->n_givens == 0 && start->n_excluded == 0 && start->n_prefix == 0;
    ptrdiff_t links = d->n_links, size = d->n_nodes;
    ptrdiff_t copied = 2 * links + (d->has_colors ? 4 : 3) * size;
    size_t levels = search_levels(d);
    s->links.mem = dlx_malloc((size_t)copied * sizeof(idx));
    s->choice = dlx_calloc(levels, sizeof(idx));
    s->total = dlx_calloc(levels, sizeof(idx));
    s->tried = dlx_calloc(levels, sizeof(idx));
    if (s->links.mem == NULL || s->choice == NULL || s->total == NULL || s->tried == NULL)
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

/* Free the search's own arrays (search_copy's). */
void
search_drop_copy(Search *s)
{
    dlx_free(s->links.mem);
    dlx_free(s->choice);
    dlx_free(s->total);
    dlx_free(s->tried);
    dlx_free(s->scan.dirty);
    dlx_free(s->scan.block_min);
}

/* A search on the links enters its givens, then the choices of its prefix (ways.c's rows
   on the links: their `enter`). */
int
links_enter(Search *s, const Start *start, dlx_error *err)
{
    return apply_givens(s, start, err) < 0 || replay(s, start, err) < 0 ? -1 : 0;
}

/* Knuth's estimate of the part of the tree finished, on a way that branches on the options of
   an item at each level (every way's but binary branching's: ways.c's `progress`), and the
   share of the current node: 1 / (total_1 ... total_L). */
double
levels_progress(const Search *s, double *share)
{
    double done = 0.0;
    *share = 1.0;
    for (idx level = s->floor; level < s->level; level++) {
        *share /= s->total[level];
        done += (s->tried[level] - 1) * *share;
    }
    return done;
}

/* Knuth's estimate of the part of this search's tree already finished (see pydlx), and the
   part under the current node, by the way's own measure. */
double
search_fraction(const Search *s)
{
    double share;
    return s->resume == FINISHED ? 1.0 : way_of(s)->progress(s, &share);
}

double
search_share(const Search *s)
{
    double share;
    way_of(s)->progress(s, &share);
    return share;
}
