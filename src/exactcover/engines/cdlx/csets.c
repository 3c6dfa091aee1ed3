/*
 * csets.c: the bitset way with colors, its tables and its move (pydlx/sets.py's docstring
 * tells the idea): the dancer's tints (per pair of a secondary item and a color, the options
 * giving it), the floor noted before the sample, and a search moved from the links. The
 * steps are sets.c's, in mode COLORED, with csets.h's commit.
 *
 * Specification: pydlx/sets.py, pydlx/tables.py
 */
#include "dlx.h"
#include "ways.h"
#include "csets.h"

/* Free what sets_tints built, as if it had not run. */
void
sets_tints_free(Dancer *d)
{
    dlx_free(d->tints);
    dlx_free(d->same);
    d->tints = NULL;
    d->same = NULL;
    d->n_tints = 0;
}

/* With colors: a row of tints per pair of a secondary item and a color met (the options
   that give the item that color), and each node's row (same). 0, or -1 if memory ran out;
   1 if the rows would not fit (then the matrix cannot use the sets). */
int
sets_tints(Dancer *d)
{
    const idx *top = d->top, *dlink = d->dlink, *color = d->color, *opt_start = d->opt_start;
    idx colors = 0;
    for (ptrdiff_t q = 0; q < d->n_nodes; q++)
        colors = color[q] > colors ? color[q] : colors;
    idx *row_of = dlx_malloc(((size_t)colors + 1) * sizeof(idx));
    d->same = dlx_malloc((size_t)d->n_nodes * sizeof(idx));
    if (row_of == NULL || d->same == NULL) {
        dlx_free(row_of);
        return -1;
    }
    for (ptrdiff_t q = 0; q < d->n_nodes; q++)
        d->same[q] = -1;
    idx rows = 0;
    for (idx j = d->n_primary + 1; j <= d->n_items; j++) {
        for (idx c = 0; c <= colors; c++)
            row_of[c] = -1;
        for (idx q = dlink[j]; q != j; q = dlink[q])
            if (color[q] > 0) {
                if (row_of[color[q]] < 0)
                    row_of[color[q]] = rows++;
                d->same[q] = row_of[color[q]];
            }
    }
    dlx_free(row_of);
    d->n_tints = rows;
    if ((ptrdiff_t)rows * d->n_words > MAX_MASK_WORDS)
        return 1;
    d->tints = dlx_calloc(((size_t)rows + 1) * (size_t)d->n_words, sizeof(uint64_t)); /* (and a row of none) */
    if (d->tints == NULL)
        return -1;
    for (idx k = 0; k < d->n_options; k++)
        for (idx q = opt_start[k]; top[q] > 0; q++)
            if (d->same[q] >= 0)
                d->tints[(size_t)d->same[q] * (size_t)d->n_words + (size_t)(rank_of(d, k) >> 6)] |=
                    (uint64_t)1 << (rank_of(d, k) & 63);
    return 0;
}

/* At a colored search's floor: the options available there (each node on its item's list,
   no item covered, and a node on an item purified purified too) and a node purified on each
   item purified (pydlx sets.colored_floor, which says why an item purified without a trace
   does not matter). 0, or -1 if memory ran out. */
int
sets_note_floor(Search *s)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink, *color = s->links.color, *opt_start = s->links.opt_start;
    unsigned char *purified = dlx_calloc((size_t)s->n_items + 2, 1);
    s->sets.floor_set = dlx_calloc((size_t)d->n_words, sizeof(uint64_t));
    s->colored.floor_pure = dlx_malloc(((size_t)s->n_items + 1) * sizeof(idx));
    if (purified == NULL || s->sets.floor_set == NULL || s->colored.floor_pure == NULL) {
        dlx_free(purified);
        dlx_free(s->sets.floor_set);
        s->sets.floor_set = NULL;
        return -1;
    }
    s->colored.n_floor_pure = 0;
    for (ptrdiff_t q = s->n_items + 2; q < d->n_nodes; q++)
        if (top[q] > 0 && color[q] < 0 && !purified[top[q]]) {
            purified[top[q]] = 1;
            s->colored.floor_pure[s->colored.n_floor_pure++] = (idx)q;
        }
    for (idx k = 0; k < d->n_options; k++) {
        idx q = opt_start[k];
        while (top[q] > 0 && dlink[ulink[q]] == q && top[top[q]] < COVERED && !(purified[top[q]] && color[q] >= 0))
            q++;
        if (top[q] <= 0)
            s->sets.floor_set[k >> 6] |= (uint64_t)1 << (k & 63);
    }
    dlx_free(purified);
    return 0;
}

void
colored_free(Search *s)
{
    Colored *c = &s->colored;
    dlx_free((void *)c->pure);
    dlx_free(c->pure_item);
    dlx_free(c->pure_at);
    dlx_free(c->is_pure);
    dlx_free(c->batch);
    dlx_free(c->live);
    dlx_free(c->n_live_at);
    dlx_free(c->floor_pure);
    memset(c, 0, sizeof *c);
}

/* Move a colored search (sets_replay): room for the items purified, an option's batches and
   each level's list of nonzero words; the floor's set (its bits ranked) and items purified,
   as noted; each level's set from the one below, less the option's conflicts, and its items
   purified; the levels' lists. -1 if memory ran out. */
int
csets_move(Search *s)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx *top = s->links.top, *same = d->same;
    idx longest = 0;
    for (idx k = 0; k < d->n_options; k++)
        longest = d->opt_start[k + 1] - d->opt_start[k] > longest ? d->opt_start[k + 1] - d->opt_start[k] : longest;
    s->colored.pure = dlx_calloc((size_t)s->n_items + 1, sizeof(uint64_t *));
    s->colored.pure_item = dlx_calloc((size_t)s->n_items + 1, sizeof(idx));
    s->colored.pure_at = dlx_calloc((size_t)s->n_primary + 2, sizeof(idx));
    s->colored.is_pure = dlx_calloc((size_t)s->n_items + 2, 1);
    s->colored.batch = dlx_calloc((size_t)longest + 1, sizeof(Batch));
    s->colored.live = dlx_calloc((size_t)(s->n_primary + 2) * (size_t)W, sizeof(idx));
    s->colored.n_live_at = dlx_calloc((size_t)s->n_primary + 2, sizeof(idx));
    if (s->colored.pure == NULL || s->colored.pure_item == NULL || s->colored.pure_at == NULL || s->colored.is_pure == NULL || s->colored.batch == NULL ||
        s->colored.live == NULL || s->colored.n_live_at == NULL)
        return -1;
    s->colored.n_pure = 0;
    for (idx f = 0; f < s->colored.n_floor_pure; f++) {
        idx q = s->colored.floor_pure[f];
        push_pure(&s->colored, top[q], d->tints + (size_t)same[q] * (size_t)W);
    }
    uint64_t *set = s->sets.alive + (size_t)s->floor * (size_t)W;
    memset(set, 0, (size_t)W * sizeof(uint64_t));
    for (idx k = 0; k < d->n_options; k++) /* (noted in matrix order, before the ranks were known) */
        if (s->sets.floor_set[k >> 6] >> (k & 63) & 1)
            set[rank_of(d, k) >> 6] |= (uint64_t)1 << (rank_of(d, k) & 63);
    for (idx level = s->floor; level < s->level; level++, set += W) {
        idx r = s->sets.option[level], k = option_at(d, r);
        const uint64_t *conflict = d->conflicts + (size_t)r * (size_t)W;
        for (ptrdiff_t w = 0; w < W; w++)
            set[W + w] = set[w] & ~conflict[w];
        s->colored.pure_at[level] = s->colored.n_pure;
        for (idx q = s->links.opt_start[k]; top[q] > 0; q++)
            if (same[q] >= 0 && !s->colored.is_pure[top[q]])
                push_pure(&s->colored, top[q], d->tints + (size_t)same[q] * (size_t)W);
    }
    for (idx level = s->floor; level <= s->level; level++) {
        const uint64_t *at = s->sets.alive + (size_t)level * (size_t)W;
        idx *words = s->colored.live + (size_t)level * (size_t)W, n = 0;
        for (ptrdiff_t w = 0; w < W; w++) {
            words[n] = (idx)w;
            n += at[w] != 0;
        }
        s->colored.n_live_at[level] = n;
    }
    return 0;
}
