/*
 * sets.c: the bitset way, the same search on sets of options instead of links.
 *
 * On a small matrix the links are not the fastest way to run Algorithm X. Here each level
 * keeps the set of options still available as a bitset (bit k: option k), each item its
 * static set of options (the dancer's masks) and each option the set of options it meets
 * (its conflicts). Committing an option is then one AND-NOT of its conflicts per word; LEN
 * of an item is the population count of its mask within the level's set; and undoing is
 * free, because the parent level's set is still there. Nothing about the
 * search changes: an item's list, after any covers, holds exactly its available options in
 * matrix order, which is the order of the set bits; so MRV picks the same item (ties to the
 * first), the options are tried in the same order, and the statistics come out equal,
 * updates included (a cover counts 1 plus, for each option it hides, the option's length
 * minus 1: a population count per class of option length). The active primary items are a
 * bitset (Sets.active), read by the item choice without pointers to chase and updated by
 * one AND-NOT per option committed; the links' list of items (llink, rlink) is left as it
 * was at the move, as are the rest of the links: nothing reads them on the sets.
 *
 * Its Python twin is pydlx/sets.py, which keeps the list, updated as the links would, for
 * its item choice walks the list. A search moves here from the links (search_run has the
 * rule) at step X2 of some level: the move needs no help from the links, since each level's
 * set follows from the set where the search began and the options chosen since. Then it
 * stays. tests/test_sets.py moves searches here at every point and compares everything
 * with the links.
 *
 * With colors (pydlx/sets.py's docstring tells how) an option's conflicts leave out the
 * options that give a secondary item the same color, csets.h's commit_colored commits its
 * items one by one to count the updates the links make, and the items purified are a stack
 * of their rows of tints (Colored.pure). The set and the items purified at the floor are
 * noted there (csets.c: sets_note_floor), since the links cannot tell them later.
 *
 * Without colors or bounds a search may move here with tallies (tally.h says what they
 * are): then the item choice reads a level's tally instead of counting, the commit makes
 * the next level's, and the active items are a count (Search.n_left) instead of the bitset.
 *
 * Specification: pydlx/sets.py, pydlx/tables.py
 */
#include "dlx.h"
#include "csets.h"
#include "tally.h"

#include <string.h>

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

/* The set of options where the search began (level floor), read off the links: an option
   was available there unless it was excluded (then none of its nodes is linked) or one of
   its items had been covered before (by givens or a prefix: covered now, and not by an
   option chosen since, which `since` marks). */
static void
first_set(Search *s, uint64_t *set, const unsigned char *since)
{
    const idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink, *opt_start = s->links.opt_start;
    for (idx k = 0; k < s->dancer->n_options; k++) {
        int linked = 0, clear = 1;
        for (idx q = opt_start[k]; top[q] > 0; q++) {
            linked |= dlink[ulink[q]] == q;
            clear &= top[top[q]] < COVERED || since[top[q]];
        }
        if (clear && (linked || opt_start[k + 1] - 1 == opt_start[k])) /* (or empty) */
            set[rank_of(s->dancer, k) >> 6] |= (uint64_t)1 << (rank_of(s->dancer, k) & 63);
    }
}

void
sets_free(Search *s)
{
    Sets *t = &s->sets;
    dlx_free(t->alive);
    dlx_free(t->option);
    dlx_free(t->words);
    dlx_free(t->active);
    dlx_free(t->floor_items);
    dlx_free(t->floor_set);
    memset(t, 0, sizeof *t);
}

/* The room of a move to the sets (sets_move, tally_enter), made at the first and cleared
   for the next (a search rewound and moved again: solve_lines); -1 if memory ran out. */
int
sets_room(Search *s)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    if (s->sets.alive == NULL)
        s->sets.alive = dlx_calloc((size_t)(d->n_primary + 2) * (size_t)W, sizeof(uint64_t));
    if (s->sets.option == NULL)
        s->sets.option = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    if (s->sets.words == NULL)
        s->sets.words = dlx_calloc((size_t)W, sizeof(idx));
    if (s->sets.active == NULL)
        s->sets.active = dlx_calloc((size_t)d->item_words, sizeof(uint64_t));
    if (s->sets.floor_items == NULL)
        s->sets.floor_items = dlx_calloc((size_t)d->n_items + 2, 1);
    if (s->sets.alive == NULL || s->sets.option == NULL || s->sets.words == NULL || s->sets.active == NULL || s->sets.floor_items == NULL)
        return -1;
    memset(s->sets.alive + (size_t)s->floor * (size_t)W, 0, (size_t)W * sizeof(uint64_t));
    memset(s->sets.active, 0, (size_t)d->item_words * sizeof(uint64_t));
    memset(s->sets.floor_items, 0, (size_t)d->n_items + 2);
    return 0;
}

/* Move a search paused at step X2 of its level to the sets, once the dancer's are built.
   Each level's set follows from the one below and the option chosen there; the items' list
   is as the links left it. If memory runs out, the search stays on the links. */
void
sets_move(Search *s)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top;
    unsigned char *since = NULL;
    if (s->bounds != NULL) {
        msets_move(s);
        return;
    }
    s->where = LINKS;
    if (d->sets <= 0)
        return;
    if (s->sets.tallied && s->bare && s->level == s->floor && tally_enter(s, s->pushed != NULL ? s->pushed->option : NULL, pushed_count(s)) == 0)
        return; /* (at the floor of a search of pushed givens alone: from them, not off the links) */
    const ptrdiff_t W = d->n_words;
    since = dlx_calloc((size_t)d->n_items + 1, 1);
    if (since == NULL || sets_room(s) < 0)
        goto done;
    s->sets.moved_at = s->level;
    for (idx i = s->links.rlink[0]; i != 0; i = s->links.rlink[i])
        set_active(s, i, 1);
    for (int head = 0; head <= 1; head++) /* the items active now, and (below) since the floor */
        for (idx i = s->links.rlink[head ? d->n_items + 1 : 0]; i != (head ? d->n_items + 1 : 0); i = s->links.rlink[i])
            s->sets.floor_items[i] = 1;
    for (idx level = s->floor; level < s->level; level++) {
        idx k = option_of(s, s->choice[level]);
        s->sets.option[level] = rank_of(d, k);
        for (idx q = s->links.opt_start[k]; top[q] > 0; q++)
            since[top[q]] = s->sets.floor_items[top[q]] = 1;
    }
    if (d->has_colors) {
        if (csets_move(s) == 0)
            s->where = SETS;
        goto done;
    }
    uint64_t *set = s->sets.alive + (size_t)s->floor * (size_t)W;
    first_set(s, set, since);
    for (idx level = s->floor; level < s->level; level++, set += W) {
        idx k = option_at(d, s->sets.option[level]);
        memcpy(set + W, set, (size_t)W * sizeof(uint64_t));
        for (idx q = s->links.opt_start[k]; top[q] > 0; q++) {
            const uint64_t *mask = d->masks + (size_t)top[q] * (size_t)W;
            for (ptrdiff_t w = 0; w < W; w++)
                set[W + w] &= ~mask[w];
        }
    }
    s->where = SETS;
    if (!s->sets.tallied)
        tally_free(s); /* (a search rewound may have had them at its last move) */
    else if (tally_move(s) < 0)
        s->sets.tallied = 0; /* (memory ran out: this search goes without tallies) */
done:
    dlx_free(since);
}

/* -- the steps on the sets ------------------------------------------------------------------ */

/* For each active primary item i, in item order (the order of the items' list, which the
   bitset s->sets.active holds without pointers to chase): BODY. */
#define FOR_ACTIVE(s, i, BODY)                                                              \
    for (ptrdiff_t v_ = 0; v_ < (s)->dancer->item_words; v_++)                            \
        for (uint64_t bits_ = (s)->sets.active[v_]; bits_ != 0; bits_ &= bits_ - 1) {          \
            i = (idx)(v_ * 64 + CTZ64(bits_));                                            \
            BODY                                                                          \
        }

/* Step X3 where most of the set's W words are live, or W is small: every word is read,
   without branches, in one pass that stops at an item with no options left. Inlined with W
   a constant (choose_set's switch), the loop over the words unrolls. */
ALWAYS_INLINE idx
choose_dense(Search *s, const uint64_t *set, idx *length, const ptrdiff_t W)
{
    const uint64_t *masks = s->dancer->masks;
    idx best = 0, least = IDX_MAX, i;
    FOR_ACTIVE(s, i, {
        const uint64_t *mask = masks + (size_t)i * (size_t)W;
        idx c = 0;
        for (ptrdiff_t w = 0; w < W; w++)
            c += (idx)POPCOUNT64(set[w] & mask[w]);
        if (c < least) {
            best = i;
            least = c;
            if (c == 0)
                goto chosen;
        }
    })
chosen:
    *length = least;
    return best;
}

/* Step X3 where most words are empty: only the n live words[] are read. A first pass looks
   for an item with none left (most nodes are such dead ends), which stops at an item's
   first word in common with the set; then the counts, which stop at the first item with
   one option (none has fewer). */
ALWAYS_INLINE idx
choose_sparse(Search *s, const uint64_t *set, const idx *words, idx n, idx *length)
{
    const ptrdiff_t W = s->dancer->n_words;
    const uint64_t *masks = s->dancer->masks;
    idx best = 0, least = IDX_MAX, i, k;
    FOR_ACTIVE(s, i, {
        const uint64_t *mask = masks + (size_t)i * (size_t)W;
        for (k = 0; k < n && (set[words[k]] & mask[words[k]]) == 0; k++)
            ;
        if (k == n) {
            *length = 0;
            return i;
        }
    })
    FOR_ACTIVE(s, i, {
        const uint64_t *mask = masks + (size_t)i * (size_t)W;
        idx c = 0;
        for (k = 0; k < n; k++)
            c += (idx)POPCOUNT64(set[words[k]] & mask[words[k]]);
        if (c < least) {
            best = i;
            least = c;
            if (c == 1)
                goto chosen;
        }
    })
chosen:
    *length = least;
    return best;
}

/* The nonzero words of a level's set, into s->sets.words (s->sets.n_live of them, returned). */
ALWAYS_INLINE idx
live_words(Search *s, const uint64_t *set)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx *words = s->sets.words, n = 0;
    for (ptrdiff_t w = 0; w < W; w++) {
        words[n] = (idx)w;
        n += set[w] != 0;
    }
    s->sets.n_live = n; /* for the count of i's cover that follows */
    return n;
}

/* Step X3 on sets: the first active primary item with the fewest available options (both
   loops choose alike; benchmarks/README.md has the times behind the line between them). */
ALWAYS_INLINE idx
choose_set(Search *s, const uint64_t *set, idx *length)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx *words = s->sets.words, n = live_words(s, set);
    _Static_assert(DENSE_WORDS == 8, "a case per W up to DENSE_WORDS");
    switch (W) {
    case 1: return choose_dense(s, set, length, 1);
    case 2: return choose_dense(s, set, length, 2);
    case 3: return choose_dense(s, set, length, 3);
    case 4: return choose_dense(s, set, length, 4);
    case 5: return choose_dense(s, set, length, 5);
    case 6: return choose_dense(s, set, length, 6);
    case 7: return choose_dense(s, set, length, 7);
    case 8: return choose_dense(s, set, length, 8);
    default:
        if (2 * n > W)
            return choose_dense(s, set, length, W);
        return choose_sparse(s, set, words, n, length);
    }
}

/* Whether every primary item is covered: none is active. */
ALWAYS_INLINE int
none_active(const Search *s)
{
    if (s->tally.counts != NULL)
        return tally_none_left(s);
    uint64_t any = 0;
    for (ptrdiff_t v = 0; v < s->dancer->item_words; v++)
        any |= s->sets.active[v];
    return any == 0;
}

/* Commit option x (node x, option k_x), chosen for its item i at a level whose set is `set`,
   into the next level's set: take out i's options and those that meet option k_x (its row
   of the dancer's conflicts), counting the updates the links would make (1 per item
   covered, and for each option hidden its length minus 1: every one is hidden once), and
   take the option's other items off the items' list in the links' order (x + 1, ...,
   wrapping at the spacer), so that the list is restored alike. */
ALWAYS_INLINE void
commit_set(Search *s, idx level, uint64_t *set, idx x, idx k_x)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top;
    const ptrdiff_t W = d->n_words;
    const uint64_t *mask = d->masks + (size_t)top[x] * (size_t)W;
    const uint64_t *conflict = d->conflicts + (size_t)k_x * (size_t)W;
    uint64_t *next = set + W;
    long long k = 0;
    if (s->tally.counts != NULL) { /* (it makes the next set as it counts down) */
        idx taken = tally_commit(s, level, set, k_x);
        if (d->n_classes == 1) { /* (less i's own options, which were its cover's) */
            idx mine = tally_at(s, level, top[x]);
            k = (long long)(taken - mine) * (d->class_length[0] - 1);
        }
        else
            for (ptrdiff_t w = 0; w < W; w++) {
                uint64_t gone = set[w] & ~mask[w] & conflict[w];
                if (gone != 0)
                    k += hidden_updates(d, gone, w);
            }
    }
    else {
        for (ptrdiff_t w = 0; w < W; w++) {
            uint64_t left = set[w] & ~mask[w], gone = left & conflict[w];
            next[w] = left ^ gone;
            if (gone != 0)
                k += hidden_updates(d, gone, w);
        }
        take_items(s, k_x);
    }
    const idx option = option_at(d, k_x);
    s->updates += k + (d->opt_start[option + 1] - 2 - d->opt_start[option]); /* 1 per other item */
}

/* X3 with colors: choose_set on the level's nonzero words, listed when its set was made. */
ALWAYS_INLINE idx
choose_listed(Search *s, idx level, const uint64_t *set, idx *length)
{
    const ptrdiff_t W = s->dancer->n_words;
    const idx *words = s->colored.live + (size_t)level * (size_t)W, n = s->colored.n_live_at[level];
    if (W <= DENSE_WORDS || 2 * n > W)
        return choose_dense(s, set, length, W);
    return choose_sparse(s, set, words, n, length);
}

/* X3 and X4 with colors: as enter_set, on the level's nonzero words, its cover counted less
   the nodes of its options on items purified. */
ALWAYS_INLINE idx
enter_colored(Search *s, idx level)
{
    const ptrdiff_t W = s->dancer->n_words;
    uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    idx least, i = choose_listed(s, level, set, &least);
    const uint64_t *mask = s->dancer->masks + (size_t)i * (size_t)W;
    const idx *words = s->colored.live + (size_t)level * (size_t)W, n = s->colored.n_live_at[level];
    idx k = next_listed(s, level, mask, -1);
    s->total[level] = least;
    s->tried[level] = 1;
    cover_in(s, set, words, n, i, 0);
    const Colored *const c = &s->colored;
    for (idx t = 0; t < n && c->n_pure > 0; t++) {
        const idx w = words[t];
        const uint64_t mine = set[w] & mask[w];
        if (mine != 0)
            s->updates -= purified_nodes(c, mine, w, 0, c->n_pure);
    }
    set_active(s, i, 0);
    s->sets.option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}

/* Undo commit_set: the option's other items active again. */
ALWAYS_INLINE void
uncommit_set(Search *s, idx x, idx k_x)
{
    if (s->tally.counts != NULL)
        tally_uncommit(s, k_x);
    else
        return_items(s, k_x, s->links.top[x]);
}

/* Steps X3 and X4 at a level: choose the item i (its options stay in the level's set, to be
   tried; X5 takes them out of the next level's), count its cover, and return the node of
   its first option (i itself if there is none). */
ALWAYS_INLINE idx
enter_set(Search *s, idx level)
{
    const ptrdiff_t W = s->dancer->n_words;
    const Dancer *d = s->dancer;
    uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    idx least, i;
    if (s->tally.counts == NULL) {
        i = choose_set(s, set, &least);
        cover_in(s, set, s->sets.words, s->sets.n_live, i, 0);
    }
    else {
        i = tally_choose(s, level, &least);
        if (d->n_classes == 1) /* (cover_in's count, from the tally) */
            s->updates += 1 + (long long)least * (d->class_length[0] - 1);
        else
            cover_in(s, set, s->sets.words, live_words(s, set), i, 0);
    }
    idx k = next_of_item(s, set, i, -1);
    s->total[level] = least;
    s->tried[level] = 1;
    if (s->tally.counts == NULL) /* (with tallies, n_left counts i when its option is committed) */
        set_active(s, i, 0);
    s->sets.option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}

/* The node of the next option of the level's item (the item itself after the last); with
   colors, read from the level's nonzero words. */
ALWAYS_INLINE idx
next_set(Search *s, idx level, const int mode)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx i = s->links.top[s->choice[level]];
    const uint64_t *mask = s->dancer->masks + (size_t)i * (size_t)W;
    idx k = (mode & COLORED) ? next_listed(s, level, mask, s->sets.option[level])
                             : next_of_item(s, s->sets.alive + (size_t)level * (size_t)W, i, s->sets.option[level]);
    s->sets.option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}


/* -- the four steps of steps.h, on the sets ------------------------------------------------ */

ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    return (mode & COLORED) ? enter_colored(s, level) : enter_set(s, level);
}

ALWAYS_INLINE void
try_option(Search *s, idx level, idx x, const int mode)
{
    uint64_t *set = s->sets.alive + (size_t)level * (size_t)s->dancer->n_words;
    if (mode & COLORED)
        commit_colored(s, set, x, s->sets.option[level], level);
    else
        commit_set(s, level, set, x, s->sets.option[level]);
}

ALWAYS_INLINE idx
try_next(Search *s, idx level, idx x, const int mode)
{
    if (mode & COLORED)
        uncommit_colored(s, x, s->sets.option[level], level);
    else
        uncommit_set(s, x, s->sets.option[level]);
    return next_set(s, level, mode);
}

ALWAYS_INLINE void
backtrack(Search *s, idx level, idx i, const int mode)
{
    (void)level;
    (void)mode;
    if (s->tally.counts == NULL)
        set_active(s, i, 1);
}

#define ALL_COVERED(s) none_active(s)
#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity_sets(s, level))

#include "steps.h"

/* The loop without colors and with, each a function of its own (as one, the loop without
   colors ran 3% slower on Langford pairs n = 12: benchmarks/README.md, Loop alignment). */
WITH_POPCNT_CLONES
static int
run_plain_sets(Search *s, const Run *run)
{
    return run_steps(s, run, 0);
}

WITH_POPCNT_CLONES LOOPS_ALIGNED_64
static int
run_colored_sets(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED);
}

int
run_sets(Search *s, const Run *run)
{
    return s->dancer->has_colors ? run_colored_sets(s, run) : run_plain_sets(s, run);
}

/* Knuth's random probe on the sets (search_probe): the walk of probe_links, on the sets
   (the links are not the current state of a search on the sets). */
idx
probe_sets(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    const ptrdiff_t W = s->dancer->n_words;
    const int colored = s->dancer->has_colors;
    idx level = s->level, depth = 0, least;
    while (!none_active(s)) {
        uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
        idx i = s->tally.counts != NULL ? tally_choose(s, level, &least) : choose_set(s, set, &least);
        if (s->tally.counts != NULL)
            live_words(s, set);
        degrees[depth] = least;
        if (least == 0) {
            depth++;
            break;
        }
        const uint64_t *mask = s->dancer->masks + (size_t)i * (size_t)W;
        idx k = next_in(set, mask, W, -1);
        for (uint64_t r = random_below(random, (uint64_t)least); r > 0; r--)
            k = next_in(set, mask, W, k);
        cover_in(s, set, s->sets.words, s->sets.n_live, i, 0);
        set_active(s, i, 0);
        path[depth] = node_of(s, k, i);
        if (colored)
            commit_colored(s, set, path[depth++], k, level);
        else
            commit_set(s, level, set, path[depth++], k);
        level++;
    }
    *solved = none_active(s);
    for (idx d = *solved ? depth : depth - 1; d-- > 0;) {
        idx i = s->links.top[path[d]];
        if (colored)
            uncommit_colored(s, path[d], rank_of(s->dancer, option_of(s, path[d])), s->level + d);
        else
            uncommit_set(s, path[d], rank_of(s->dancer, option_of(s, path[d])));
        set_active(s, i, 1);
    }
    return depth;
}
