/*
 * tables.c: the bitset way's tables, made once per dancer, and whether they fit.
 *
 * sets.c's header tells the way. Before a search can run there, its dancer needs tables the
 * links do not have: the masks (a row of options per item), the classes of option length
 * (to count the updates the links would make), the conflicts (a row of options per option:
 * those that share an item with it), the options' primary items, and an order of the
 * options' bits (rank_options). sets_build makes them once, when a first search asks.
 *
 * Whether a search moves there is decided in ways.c.
 *
 * Specification: pydlx/tables.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "csets.h"
#include "tally.h"

/* The length classes of d's options: 0, or -1 if there are more than MAX_CLASSES. */
static int
length_classes(Dancer *d)
{
    const idx *opt_start = d->opt_start;
    for (idx k = 0; k < d->n_options; k++) {
        idx length = opt_start[k + 1] - 1 - opt_start[k], c;
        for (c = 0; c < d->n_classes && d->class_length[c] != length; c++)
            ;
        if (c == d->n_classes) {
            if (c == MAX_CLASSES)
                return -1;
            d->class_length[d->n_classes++] = length;
        }
    }
    return 0;
}

/* The order of the options' bits in a set (Dancer.rank): by each option's first primary
   item, and in matrix order within it, if that keeps every primary item's options in matrix
   order (the order the search tries them in, which is the order of the bits); else, or if
   that is the matrix order, the bits are the options themselves (rank NULL). Where options
   of different items alternate (word squares: a row's word, a column's), this puts each
   item's options together, so that a level's set has fewer nonzero words. 0, or -1 if
   memory ran out. */
static int
rank_options(Dancer *d)
{
    const idx n = d->n_options, n1 = d->n_primary, *top = d->top, *opt_start = d->opt_start;
    if (d->bounds != NULL || n == 0)
        return 0;
    idx *rank = dlx_malloc((size_t)n * sizeof(idx)), *ranked = dlx_malloc((size_t)n * sizeof(idx));
    idx *start = dlx_calloc((size_t)n1 + 3, sizeof(idx));
    if (rank == NULL || ranked == NULL || start == NULL) {
        dlx_free(rank);
        dlx_free(ranked);
        dlx_free(start);
        return -1;
    }
    for (idx k = 0; k < n; k++) { /* (a counting sort by first primary item, n1 + 1: none) */
        idx first = n1 + 1;
        for (idx q = opt_start[k]; top[q] > 0; q++)
            first = top[q] < first ? top[q] : first;
        rank[k] = first;
        start[first + 1] += 1;
    }
    for (idx i = 1; i <= n1 + 1; i++)
        start[i + 1] += start[i];
    int moved = 0;
    for (idx k = 0; k < n; k++) {
        rank[k] = start[rank[k]]++;
        ranked[rank[k]] = k;
        moved |= rank[k] != k;
    }
    dlx_free(start);
    for (idx i = 1; i <= n1 && moved; i++) /* each primary item's options still in order? */
        for (idx q = d->dlink[i], last = -1; q != i && moved; q = d->dlink[q]) {
            idx r = rank[option_number(d, q)];
            moved = r > last;
            last = r;
        }
    if (!moved) {
        dlx_free(rank);
        dlx_free(ranked);
        return 0;
    }
    d->rank = rank;
    d->ranked = ranked;
    return 0;
}

/* Build the dancer's tables, once: the masks (a row of options per item), the length
   classes, the conflicts (a row of options per option: those that share an item with it)
   and the options' primary items. 1 if it can use the bitset way, 0 if not, -1 if memory
   ran out (then it is never tried again). The binding calls it with the GIL held, which
   keeps two threads from building the tables of one dancer at once. */
int
sets_build(Dancer *d)
{
    if (d->tables != 0)
        return d->tables > 0;
    d->tables = -1;
    if (length_classes(d) < 0)
        return 0;
    if (rank_options(d) < 0)
        return -1;
    if (d->has_colors) {
        int tinted = sets_tints(d);
        if (tinted != 0) {
            sets_tints_free(d);
            return tinted > 0 ? 0 : -1;
        }
    }
    const ptrdiff_t W = d->n_words, IW = d->n_primary / 64 + 1;
    const idx *top = d->top, *opt_start = d->opt_start;
    uint64_t *masks = dlx_calloc((size_t)(d->n_items + 1) * (size_t)W, sizeof(uint64_t));
    uint64_t *classes = dlx_calloc((size_t)(d->n_classes + 1) * (size_t)W, sizeof(uint64_t));
    uint64_t *conflicts = dlx_calloc((size_t)d->n_options * (size_t)W, sizeof(uint64_t));
    uint64_t *opt_items = dlx_calloc((size_t)d->n_options * (size_t)IW, sizeof(uint64_t));
    if (masks == NULL || classes == NULL || conflicts == NULL || opt_items == NULL) {
        dlx_free(masks);
        dlx_free(classes);
        dlx_free(conflicts);
        dlx_free(opt_items);
        sets_tints_free(d);
        return -1;
    }
    for (idx k = 0; k < d->n_options; k++) {
        idx r = rank_of(d, k);
        uint64_t bit = (uint64_t)1 << (r & 63);
        idx length = opt_start[k + 1] - 1 - opt_start[k], c = 0;
        for (idx q = opt_start[k]; top[q] > 0; q++) {
            masks[(size_t)top[q] * (size_t)W + (size_t)(r >> 6)] |= bit;
            if (top[q] <= d->n_primary)
                opt_items[(size_t)r * (size_t)IW + (size_t)(top[q] >> 6)] |= (uint64_t)1 << (top[q] & 63);
        }
        while (d->class_length[c] != length)
            c++;
        classes[(size_t)c * (size_t)W + (size_t)(r >> 6)] |= bit;
    }
    for (idx k = 0; k < d->n_options; k++) /* (with colors: not those of the same color) */
        for (idx q = opt_start[k]; top[q] > 0; q++) {
            const uint64_t *keep = d->same != NULL && d->same[q] >= 0 ? d->tints + (size_t)d->same[q] * (size_t)W : NULL;
            for (ptrdiff_t w = 0; w < W; w++)
                conflicts[(size_t)rank_of(d, k) * (size_t)W + (size_t)w] |=
                    masks[(size_t)top[q] * (size_t)W + (size_t)w] & (keep != NULL ? ~keep[w] : ~(uint64_t)0);
        }
    d->masks = masks;
    d->classes = classes;
    d->conflicts = conflicts;
    d->opt_items = opt_items;
    d->item_words = IW;
    d->tables = 1;
    tally_build(d); /* (if memory runs out, the searches go without tallies) */
    lanes_build(d);  /* (... or count one item at a time) */
    return 1;
}

/* Whether d's sets fit: its masks within `budget` words (n_primary * n_words; 0: never), and
   a mask per item, a set per level and a row of conflicts per option within MAX_MASK_WORDS. */
int
sets_fit(const Dancer *d, ptrdiff_t budget)
{
    const ptrdiff_t W = d->n_words;
    ptrdiff_t rows = (ptrdiff_t)search_levels(d) > d->n_items + 1 ? (ptrdiff_t)search_levels(d) : d->n_items + 1;
    if (rows < d->n_options) /* (the conflicts: a row per option) */
        rows = d->n_options;
    return budget > 0 && (ptrdiff_t)d->n_primary * W <= budget && rows * W <= MAX_MASK_WORDS;
}

/* Whether searches of d within `budget` can start on the tallies: its sets fit and are built
   (shared by its searches: so only with the GIL, as the binding calls it), with the tallies'
   lists, which they have where the matrix can have tallies (tally_build). */
int
tally_at_hand(Dancer *d, ptrdiff_t budget)
{
    return sets_fit(d, budget) && sets_build(d) > 0 && d->bit_start != NULL;
}
