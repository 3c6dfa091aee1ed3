/*
 * tally.c: the bitset way's tallies (tally.h has what they are): the dancer's lists of the
 * primary items of each option, the tallies a search needs when it moves to the sets, the
 * item choice on a tally (solve_lines's start on the sets with tallies is sets.c's tally_enter).
 *
 * Specification: pydlx/tally.py, pydlx/sets.py
 */
#include "dlx.h"
#include "ways.h"
#include "tally.h"

#include <string.h>


/* The position of the first least of tally[0..n-1] (n a multiple of 64): the least of each
   block of 64 by a loop the compiler vectorizes (as links.c's first_minimum), then a scan
   of the block that holds it. (tally_choose has looked for a 0 and a 1 already.) */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(EXACTCOVER_NO_CLONES)
__attribute__((target_clones("avx2", "default")))
#endif
idx
tally_least(const uint8_t *tally, idx n)
{
    int least = UINT8_MAX;
    idx at = 0, p;
    for (idx b = 0; b < n; b += 64) {
        const uint8_t *block = tally + b;
        uint8_t m = UINT8_MAX;
        for (int j = 0; j < 64; j++) /* a min reduction of a constant length: vectorized */
            m = block[j] < m ? block[j] : m;
        if (m < least) {
            least = m;
            at = b;
        }
    }
    for (p = at; tally[p] != least; p++)
        ;
    return p;
}

/* The position of the first least count among the active primary items of WEIGHT 1 on a
   tally, the heavy ones (s->tally.heavy) read as covered (their byte of heavy_row is 0xff),
   by tally_least's vectorized reduction; -1 if there is none. */
static inline idx
least_light(const Search *s, const uint8_t *tally, int *least)
{
    const uint8_t *heavy_row = s->tally.heavy_row;
    idx at = 0, best = -1;
    *least = UINT8_MAX;
    for (idx b = 0; b < s->tally.n; b += 64) {
        const uint8_t *block = tally + b, *heavy = heavy_row + b;
        uint8_t m = UINT8_MAX;
        for (int j = 0; j < 64; j++) { /* (a min reduction of a constant length: vectorized) */
            const uint8_t c = block[j] | heavy[j];
            m = c < m ? c : m;
        }
        if (m < *least) {
            *least = m;
            at = b;
        }
    }
    if (*least < TALLY_COVERED)
        for (best = at; (tally[best] | heavy_row[best]) != *least; best++)
            ;
    return best;
}

/* The lightness of a WEIGHT (Tally.lightness). */
static inline uint32_t
lightness_of(long long weight)
{
    return weight < TIES_HEAVIEST ? (uint32_t)(TIES_HEAVIEST - weight) : 0;
}

/* Item p's key for the weighted ties on a tally: its count by 2^24 plus its lightness. */
static inline uint32_t
ties_key(const uint8_t *tally, const uint32_t *light, idx p)
{
    return (uint32_t)tally[p] << 24 | light[p];
}

/* The weighted ties on a tally: the first of the fewest options, ties to the heaviest. Each
   active item's key, its count by 2^24 plus its lightness, is read in one vectorized
   reduction per block of 64 (as tally_least's), and the first least key wins; where the
   heaviest of the fewest options weigh TIES_HEAVIEST or more, their WEIGHTs decide. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(EXACTCOVER_NO_CLONES)
__attribute__((target_clones("avx2", "default")))
#endif
static idx
least_ties(const Search *s, const uint8_t *tally)
{
    const uint32_t *light = s->tally.lightness;
    uint32_t least = UINT32_MAX;
    idx at = 0, p;
    for (idx b = 0; b < s->tally.n; b += 64) {
        const uint8_t *counts = tally + b;
        const uint32_t *lightness = light + b;
        uint32_t m = UINT32_MAX;
        for (int j = 0; j < 64; j++) { /* (a min reduction of a constant length: vectorized) */
            const uint32_t key = (uint32_t)counts[j] << 24 | lightness[j];
            m = key < m ? key : m;
        }
        if (m < least) {
            least = m;
            at = b;
        }
    }
    for (p = at; ties_key(tally, light, p) != least; p++)
        ;
    if ((least & TIES_HEAVIEST) == 0) { /* (the heaviest too heavy to tell apart by their keys) */
        const long long *weight = s->weights.weight;
        for (idx q = p + 1; q < s->n_primary; q++)
            if (ties_key(tally, light, q) == least && weight[q + 1] > weight[p + 1])
                p = q;
    }
    return p;
}

/* The last case of a weighted rule on a tally (tally_choose; links.c: choose_weighted,
   choose_weighted_ties), of the active primary items (counts below TALLY_COVERED): by the
   weighted choice (each count at least 2 here) the first of least count / WEIGHT, by the
   weighted ties the first of the fewest options, ties to the heaviest. Most items keep
   WEIGHT 1 (s->tally.heavy lists the others), so the first least count among those is
   found as tally_least finds it, and the few heavy ones are then compared with it, a tie
   going to the first in matrix order. */
WITH_POPCNT_CLONES
idx
tally_least_weighted(const Search *s, const uint8_t *tally)
{
    const long long *weight = s->weights.weight;
    const int ties = s->weights.rule == RULE_WEIGHTED_TIES;
    if (ties && s->tally.lightness != NULL)
        return least_ties(s, tally);
    int least;
    idx best = least_light(s, tally, &least);
    long long count = least, w = 1;
    for (idx h = 0; h < s->tally.n_heavy; h++) {
        const idx p = s->tally.heavy[h];
        const long long c = tally[p], wp = weight[p + 1];
        if (c == TALLY_COVERED)
            continue;
        if (best < 0 || (ties ? c < count || (c == count && (wp > w || (wp == w && p < best)))
                              : c * w < count * wp || (c * w == count * wp && p < best))) {
            best = p;
            count = c;
            w = wp;
        }
    }
    return best;
}

/* One more branch ended at primary item p + 1 (no options left): its WEIGHT grows by one,
   and at 2 it joins the heavy ones. */
void
tally_heavier(Search *s, idx p)
{
    if (s->weights.weight[p + 1]++ == 1) {
        s->tally.heavy[s->tally.n_heavy++] = p;
        s->tally.heavy_row[p] = 0xff;
    }
    if (s->tally.lightness != NULL)
        s->tally.lightness[p] = lightness_of(s->weights.weight[p + 1]);
}

/* The weighted choice's heavy items (above) listed afresh from the WEIGHTs, for a search
   moving to the sets: the row after the tallies' last. */
static void
heavy_list(Search *s, idx levels)
{
    s->tally.heavy_row = s->tally.counts + (size_t)levels * (size_t)s->tally.n;
    memset(s->tally.heavy_row, 0, (size_t)s->tally.n);
    s->tally.n_heavy = 0;
    for (idx p = 0; p < s->n_primary; p++)
        if (s->weights.weight[p + 1] > 1) {
            s->tally.heavy[s->tally.n_heavy++] = p;
            s->tally.heavy_row[p] = 0xff;
        }
    for (idx p = 0; s->tally.lightness != NULL && p < s->tally.n; p++)
        s->tally.lightness[p] = p < s->n_primary ? lightness_of(s->weights.weight[p + 1]) : 0;
}

/* Whether searches of d can have tallies: no colors, no bounds, fewer than TALLY_COVERED
   options on every primary item, and not too many counts. */
int
tally_possible(const Dancer *d)
{
    const idx n1 = d->n_primary;
    if (d->has_colors || d->bounds != NULL || (size_t)(n1 + 2) * (size_t)TALLY_ROW(n1) > MAX_TALLY)
        return 0;
    for (idx i = 1; i <= n1; i++)
        if (d->top[i] >= TALLY_COVERED)
            return 0;
    return 1;
}

/* The lists of the primary items (as item - 1) of the option of each bit, and the span of
   each primary item's mask, if d can have tallies. 0, or -1 if memory ran out. */
int
tally_build(Dancer *d)
{
    const idx *top = d->top, *opt_start = d->opt_start, n1 = d->n_primary;
    const ptrdiff_t W = d->n_words;
    if (!tally_possible(d))
        return 0;
    idx *start = dlx_malloc(((size_t)d->n_options + 1) * sizeof(idx));
    idx *items = dlx_malloc(((size_t)d->n_nodes + 1) * sizeof(idx));
    idx *span = dlx_malloc(((size_t)n1 + 1) * 2 * sizeof(idx));
    if (start == NULL || items == NULL || span == NULL) {
        dlx_free(start);
        dlx_free(items);
        dlx_free(span);
        return -1;
    }
    for (idx i = 1; i <= n1; i++) { /* (an item without options: an empty span, 0 to -1) */
        const uint64_t *mask = d->masks + (size_t)i * (size_t)W;
        idx lo = 0, hi = (idx)W - 1;
        while (lo < W && mask[lo] == 0)
            lo++;
        while (hi >= lo && mask[hi] == 0)
            hi--;
        span[2 * i - 2] = lo < W ? lo : 0;
        span[2 * i - 1] = lo < W ? hi : -1;
    }
    d->mask_span = span;
    idx t = 0;
    for (idx r = 0; r < d->n_options; r++) {
        start[r] = t;
        for (idx q = opt_start[option_at(d, r)]; top[q] > 0; q++)
            if (top[q] <= n1)
                items[t++] = top[q] - 1;
    }
    start[d->n_options] = t;
    d->bit_start = start;
    d->bit_items = items;
    d->bit_stride = d->n_options > 0 && (start[1] == 3 || start[1] == 4) ? start[1] : 0;
    for (idx r = 0; r < d->n_options && d->bit_stride != 0; r++)
        if (start[r + 1] - start[r] != d->bit_stride)
            d->bit_stride = 0;
    return 0;
}

/* A tally counted afresh: row[p] the options of item p + 1 in `set` if active[p + 1], else
   TALLY_COVERED (as are the counts past n_primary). An option of the set has only active
   primary items (the others' options are out of it), so each adds one to its items' counts:
   a few hundred options at a sudoku's floor, where a population count per item and word of
   its mask reads several thousand words. */
WITH_POPCNT_CLONES
void
tally_count(const Dancer *d, const uint64_t *set, const unsigned char *active, uint8_t *row)
{
    const idx n1 = d->n_primary, *start = d->bit_start, *items = d->bit_items;
    for (idx p = 0; p < TALLY_ROW(n1); p++)
        row[p] = p < n1 && active[p + 1] ? 0 : TALLY_COVERED;
    const idx stride = d->bit_stride;
    for (ptrdiff_t w = 0; w < d->n_words; w++)
        for (uint64_t bits = set[w]; bits != 0; bits &= bits - 1) {
            const idx r = (idx)(w * 64 + CTZ64(bits));
            const idx *its = items + (size_t)stride * (size_t)r;
            switch (stride) { /* (as tally_commit: every option of 3 or 4 primary items, unrolled) */
            case 4:
                row[its[3]]++;
                /* fall through */
            case 3:
                row[its[2]]++;
                row[its[1]]++;
                row[its[0]]++;
                break;
            default:
                for (idx t = start[r]; t < start[r + 1]; t++)
                    row[items[t]]++;
            }
        }
}

/* The search's tallies gone: it runs without (Search.tally NULL). */
void
tally_free(Search *s)
{
    dlx_free(s->tally.block);
    dlx_free(s->tally.heavy);
    dlx_free(s->tally.lightness);
    memset(&s->tally, 0, sizeof s->tally);
}

/* Option bit r out of the floor's tally (solve_lines: an option left out of a check). */
void
tally_leave_out(Search *s, idx r)
{
    const Dancer *d = s->dancer;
    uint8_t *row = s->tally.counts + (size_t)s->floor * (size_t)s->tally.n;
    for (idx t = d->bit_start[r]; t < d->bit_start[r + 1]; t++)
        row[d->bit_items[t]] -= 1;
}

/* A search moving to the sets (sets_replay, its levels' sets made): its tally at the floor,
   counted from the floor's set, and at each level above from the one below. 0; -1 if
   memory ran out (the search goes without). */
int
tally_move(Search *s)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx n1 = s->n_primary, nt = TALLY_ROW(n1), levels = n1 + 2;
    if (d->bit_start == NULL)
        return -1;
    Tally *t = &s->tally; /* (kept, with its block, for the next move of a search rewound: solve_lines) */
    if (t->block == NULL)
        t->block = dlx_malloc((size_t)(levels + 1) * (size_t)nt + 64);
    if (s->weights.weight != NULL && t->heavy == NULL)
        t->heavy = dlx_malloc((size_t)n1 * sizeof(idx) + 1);
    const int ties = s->weights.weight != NULL && s->weights.rule == RULE_WEIGHTED_TIES;
    if (ties && t->lightness == NULL)
        t->lightness = dlx_malloc((size_t)nt * sizeof(uint32_t));
    if (t->block == NULL || (s->weights.weight != NULL && t->heavy == NULL) || (ties && t->lightness == NULL)) {
        tally_free(s);
        return -1;
    }
    /* (each level's row on whole cache lines: its blocks of 64 counts are read and copied
       as such) */
    t->counts = (uint8_t *)((char *)t->block + (64 - (uintptr_t)t->block % 64) % 64);
    t->n = nt;
    if (s->weights.weight != NULL)
        heavy_list(s, levels);
    tally_count(d, s->sets.alive + (size_t)s->floor * (size_t)W, s->sets.floor_items, s->tally.counts + (size_t)s->floor * (size_t)nt);
    for (idx level = s->floor; level < s->level; level++)
        tally_commit(s, level, s->sets.alive + (size_t)level * (size_t)W, s->sets.option[level]);
    s->tally.n_left = 0; /* (the items active now, which the bitset holds at the move: primary ones only) */
    for (ptrdiff_t v = 0; v < d->item_words; v++)
        s->tally.n_left += (idx)POPCOUNT64(s->sets.active[v]);
    return 0;
}

/* Whether forced moves alone cover every primary item, from the floor of a search entered
   there (tally_enter): the option of the first item with one option left committed
   (tally_commit, as the loop commits it), again and again. A count of the search to 2
   solutions would then find one solution down one path and stop: one node per option
   committed, and one for the solution (checker.c's forced check, without the count's way back
   up). The order of the forced moves does not change whether they cover every item (each
   commits an option every solution has), and an item without options is never covered: so
   no look for one (tally_choose's first memchr). The floor's set and tally stay as they
   were, and n_left too; nodes are not counted. */
WITH_POPCNT_CLONES
int
tally_forced(Search *s)
{
    const ptrdiff_t W = s->dancer->n_words;
    const idx left = s->tally.n_left;
    idx level = s->floor;
    while (s->tally.n_left > 0) {
        const uint8_t *tally = s->tally.counts + (size_t)level * (size_t)s->tally.n;
        const uint8_t *one = memchr(tally, 1, (size_t)s->n_primary);
        if (one == NULL)
            break;
        uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
        tally_commit(s, level, set, next_of_item_in(s, set, (idx)(one - tally) + 1, -1, 1));
        level++;
    }
    int covered = s->tally.n_left == 0;
    s->tally.n_left = left;
    return covered;
}

