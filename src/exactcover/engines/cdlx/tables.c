/*
 * tables.c: the bitset way's tables, made once per dancer, and whether a search moves there.
 *
 * sets.c's header tells the way. Before a search can run there, its dancer needs tables the
 * links do not have: the masks (a row of options per item), the classes of option length
 * (to count the updates the links would make), the conflicts (a row of options per option:
 * those that share an item with it), the options' primary items, and an order of the
 * options' bits (rank_options). sets_build makes them once, when a first search asks.
 *
 * A search begins on the links and samples its first nodes there (sets_start); at the end of
 * the sample, its updates per node decide whether the sets pay, with or without tallies
 * (sets_pay, sets_decide), and sets.c's sets_move moves it.
 *
 * Specification: pydlx/tables.py
 */
#include "dlx.h"
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
    if (d->sets != 0)
        return d->sets > 0;
    d->sets = -1;
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
    d->sets = 1;
    tally_build(d); /* (if memory runs out, the searches go without tallies) */
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

/* Before a search's first run: SAMPLING if it could use the sets (a mask per item, a set
   per level and a row of conflicts per option fit), LINKS if not. */
void
sets_start(Search *s)
{
    const Dancer *d = s->dancer;
    s->where = LINKS;
    if (s->shuffle != NULL || (d->has_colors && s->bounds != NULL) || d->cost != NULL || d->sets < 0 ||
        !sets_fit(d, s->tuning.set_budget))
        return;
    if (d->has_colors && s->sets.floor_set == NULL && (s->memo != NULL || sets_note_floor(s) < 0))
        return; /* (a memoized count notes its floor when it starts: it hands over far from it) */
    s->sets.sample_nodes = s->nodes;
    s->sets.sample_updates = s->updates;
    s->sets.sample_end = s->nodes + s->tuning.sample;
    s->where = SAMPLING;
    if (s->bounds != NULL)
        msets_start(s);
}

/* What the sample, just ended, says (pydlx/tables.py: Move.pays): the sets with tallies (2),
   the sets choosing by population counts (1) or the links (0), as the tuning asks. A forced
   move takes what it asks for where the matrix allows it (tallies only where it can have
   them, the weighted choice only on tallies). The rule reads the sample's updates per node,
   which must pass its floor: with tallies if the matrix can have them and they pass
   TALLY_FLOOR but not n_primary * n_words * TALLY_LINE / ratio, else by counts if they pass
   n_primary * n_words / ratio (not with the weighted choice). The calibration is in
   benchmarks/README.md. */
static int
sets_pay(const Search *s)
{
    long long nodes = s->nodes - s->sets.sample_nodes, updates = s->updates - s->sets.sample_updates;
    double per_node = (double)updates / (double)(nodes > 0 ? nodes : 1);
    double line = (double)s->dancer->n_primary * (double)s->dancer->n_words;
    if (s->tuning.to_sets == TO_SETS_TALLIES)
        return tally_possible(s->dancer) ? 2 : 0;
    if (s->tuning.to_sets == TO_SETS_ALWAYS)
        return s->weight == NULL; /* (the weighted choice: on tallies only) */
    if (!(per_node > s->tuning.floor))
        return 0;
    if (per_node > TALLY_FLOOR && per_node * s->tuning.ratio <= line * TALLY_LINE && tally_possible(s->dancer))
        return 2;
    return s->weight == NULL && per_node * s->tuning.ratio > line;
}

/* The nodes left to sample (SAMPLING). */
long long
sets_sample_left(const Search *s)
{
    return s->sets.sample_end - s->nodes;
}

/* At the end of its sample, the search stays on the links or moves to the sets: at once if
   the dancer's sets are built, else it pauses as MOVING for its caller to build them (with
   the GIL) and call again, which moves it. Where it is now. */
int
sets_decide(Search *s)
{
    int pay = sets_pay(s);
    s->sets.tallied = pay == 2;
    if (!pay || s->dancer->sets < 0)
        s->where = LINKS;
    else if (s->dancer->sets == 0)
        s->where = MOVING;
    else
        sets_move(s);
    return s->where;
}

/* A memoized count whose table did not pay (memo.c) decides at once on the sets, on what
   it did since `nodes` and `updates`: its sample. */
void
sets_start_sampled(Search *s, long long nodes, long long updates)
{
    sets_start(s);
    if (s->where == SAMPLING) {
        s->sets.sample_nodes = nodes;
        s->sets.sample_updates = updates;
        s->sets.sample_end = s->nodes;
    }
}

/* Whether the search takes tallies on the sets, or will when it moves. */
int
sets_tallied(const Search *s)
{
    return s->sets.tallied;
}

/* The level a search on the sets moved at. */
idx
sets_moved_at(const Search *s)
{
    return s->sets.moved_at;
}
