/*
 * lanes.c: step X3 on the sets eight items at a time, where the processor counts bits in
 * vectors (AVX-512 with VPOPCNTDQ).
 *
 * sets.c's choose_dense and choose_sparse count the options of each active item in a
 * level's set one item after another: per item, an AND of its mask with each word of the set
 * and a population count. Here the same counts are made for eight items at once, each in a
 * lane of a vector, from a copy of the primary items' masks laid out by blocks (Dancer.lanes:
 * word w of the masks of items 8b .. 8b + 7 side by side, so that one load holds them). The
 * choice is the same (the first active item with the fewest options, stopping at one with
 * none), and so is every statistic. The table is built only where the processor can run the
 * kernel (asked once, when the tables are built), so that the searches need not ask. The
 * weighted choice (sets.c: choose_weighted_set) takes the counts themselves, lanes_counts.
 *
 * Specification: pydlx/sets.py
 */
#include "dlx.h"
#include "ways.h"
#include "csets.h"
#include "engine.h"

#if defined(__GNUC__) && defined(__x86_64__) && !defined(EXACTCOVER_NO_LANES)
#include <immintrin.h>
#define LANES_KERNEL 1
#define LANES_TARGET __attribute__((target("avx512f,avx512vpopcntdq")))
#endif

#define LANE_BLOCKS 8192 /* at most: the item numbers fit the low 16 bits of choose_blocks's keys */

static int allowed = 1; /* (lanes_allow) */

/* Whether the processor can run the kernel. */
static int
capable(void)
{
#ifdef LANES_KERNEL
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq");
#else
    return 0;
#endif
}

/* If `allow` is 0 or 1, whether the dancers whose tables are built from now on may use the
   kernel (the tests run the searches both ways); then whether they will. */
int
lanes_allow(int allow)
{
    if (allow >= 0)
        allowed = allow;
    return allowed && capable();
}

/* Build d->lanes from d->masks (sets_build calls it once the masks are made), if the
   processor has the kernel's instructions and the primary items are at most LANE_BLOCKS
   blocks; else leave it NULL. 0, or -1 if memory ran out (the searches then count one item
   at a time). */
int
lanes_build(Dancer *d)
{
    d->lanes = NULL;
    d->lane_blocks = 0;
#ifdef LANES_KERNEL
    if (!lanes_allow(-1))
        return 0;
    const ptrdiff_t W = d->n_words;
    const idx blocks = (d->n_primary + 1 + LANES - 1) / LANES; /* (items 0 .. n_primary; 0 is never active) */
    if (blocks > LANE_BLOCKS)
        return 0;
    uint64_t *lanes = dlx_calloc((size_t)blocks * (size_t)W * LANES, sizeof(uint64_t));
    if (lanes == NULL)
        return -1;
    for (idx i = 1; i <= d->n_primary; i++)
        for (ptrdiff_t w = 0; w < W; w++)
            lanes[((size_t)(i / LANES) * (size_t)W + (size_t)w) * LANES + (size_t)(i % LANES)] =
                d->masks[(size_t)i * (size_t)W + (size_t)w];
    d->lanes = lanes;
    d->lane_blocks = blocks;
#endif
    return 0;
}

#ifdef LANES_KERNEL
/* count, plus in each lane the options of `word` (a word of the set, in every lane) that
   are the lane's item's, from the block's masks at `row` */
LANES_TARGET static inline __attribute__((always_inline)) __m512i
add_counts(__m512i count, __m512i word, const uint64_t *row)
{
    return _mm512_add_epi64(count, _mm512_popcnt_epi64(_mm512_and_si512(word, _mm512_loadu_si512(row))));
}

/* The choice from the words of a set listed in listed[0..n-1], or, if `listed` is NULL, from
   all W <= DENSE_WORDS words (then W is a constant in each of lanes_choose's cases, so that the set's words
   are broadcast once and the loop over them unrolls): one pass over the blocks with an
   active item, which stops at an active item with no options. Else each active item's
   count and number make one key, count * 2^16 + item, and the least key is the first item
   of the fewest options (the caller has made sure some item is active). With `ties` (the
   weighted ties), the key is count * 2^48 + (WEIGHT_MAX - WEIGHT) * 2^16 + item, whose
   least is the first of the heaviest of the fewest options (counts below 2^16: the caller's
   matrix has fewer options; WEIGHTs from 1 to WEIGHT_MAX). */
LANES_TARGET static inline __attribute__((always_inline)) idx
choose_blocks(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length, const ptrdiff_t W,
              const int ties)
{
    const uint64_t *lanes = s->dancer->lanes;
    const uint8_t *active = (const uint8_t *)s->sets.active; /* (byte b: block b's items; x86 is little-endian) */
    const idx blocks = s->dancer->lane_blocks;
    const ptrdiff_t stride = s->dancer->n_words * LANES;
    const __m512i none = _mm512_set1_epi64(-1), step = _mm512_set1_epi64(LANES);
    const __m512i heaviest = _mm512_set1_epi64(WEIGHT_MAX);
    __m512i words[DENSE_WORDS], least = none, items = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    if (listed == NULL)
        for (ptrdiff_t w = 0; w < W; w++)
            words[w] = _mm512_set1_epi64((long long)set[w]);
    for (idx b = 0; b < blocks; b++, items = _mm512_add_epi64(items, step)) {
        const __mmask8 live = active[b];
        if (live == 0)
            continue;
        const uint64_t *row = lanes + (size_t)b * (size_t)stride;
        __m512i count = _mm512_setzero_si512();
        if (listed == NULL)
            for (ptrdiff_t w = 0; w < W; w++)
                count = add_counts(count, words[w], row + w * LANES);
        else
            for (idx t = 0; t < n; t++)
                count = add_counts(count, _mm512_set1_epi64((long long)set[listed[t]]), row + listed[t] * LANES);
        const __mmask8 empty = _mm512_mask_testn_epi64_mask(live, count, count);
        if (empty != 0) {
            *length = 0;
            return b * LANES + (idx)CTZ64(empty);
        }
        __m512i key = _mm512_or_si512(_mm512_slli_epi64(count, ties ? 48 : 16), items);
        if (ties) /* (a masked load: the items past the last have no WEIGHT) */
            key = _mm512_or_si512(key, _mm512_slli_epi64(_mm512_sub_epi64(heaviest, _mm512_maskz_loadu_epi64(
                                                             live, s->weights.weight + b * LANES)), 16));
        least = _mm512_mask_min_epu64(least, live, least, key);
    }
    const uint64_t m = _mm512_reduce_min_epu64(least);
    *length = (idx)(m >> (ties ? 48 : 16));
    return (idx)(m & 0xffff);
}

/* The count of the options of each primary item in the blocks with an active item, from every
   word of `set`, into counts (room for lane_blocks * LANES; the other blocks' are not
   written). */
LANES_TARGET void
lanes_counts(const Search *s, const uint64_t *set, idx *counts)
{
    const uint64_t *lanes = s->dancer->lanes;
    const uint8_t *active = (const uint8_t *)s->sets.active;
    const ptrdiff_t W = s->dancer->n_words;
    for (idx b = 0; b < s->dancer->lane_blocks; b++) {
        if (active[b] == 0)
            continue;
        const uint64_t *row = lanes + (size_t)b * (size_t)W * LANES;
        __m512i count = _mm512_setzero_si512();
        for (ptrdiff_t w = 0; w < W; w++)
            count = add_counts(count, _mm512_set1_epi64((long long)set[w]), row + w * LANES);
        _mm256_storeu_si256((__m256i *)(counts + b * LANES), _mm512_cvtepi64_epi32(count));
    }
}

LANES_TARGET static inline __attribute__((always_inline)) idx
choose_words(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length, const int ties)
{
    switch (s->dancer->n_words <= DENSE_WORDS ? s->dancer->n_words : 0) { /* (short sets: every word) */
    case 1: return choose_blocks(s, set, NULL, 0, length, 1, ties);
    case 2: return choose_blocks(s, set, NULL, 0, length, 2, ties);
    case 3: return choose_blocks(s, set, NULL, 0, length, 3, ties);
    case 4: return choose_blocks(s, set, NULL, 0, length, 4, ties);
    case 5: return choose_blocks(s, set, NULL, 0, length, 5, ties);
    case 6: return choose_blocks(s, set, NULL, 0, length, 6, ties);
    case 7: return choose_blocks(s, set, NULL, 0, length, 7, ties);
    case 8: return choose_blocks(s, set, NULL, 0, length, 8, ties);
    default: return choose_blocks(s, set, listed, n, length, 0, ties);
    }
}

LANES_TARGET idx
lanes_choose(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length)
{
    return choose_words(s, set, listed, n, length, 0);
}

/* lanes_choose by the weighted ties (sets.c: choose_weighted_set), the WEIGHT of an item
   without options left for the caller to raise. */
LANES_TARGET idx
lanes_choose_ties(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length)
{
    return choose_words(s, set, listed, n, length, 1);
}
#else
idx
lanes_choose(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length)
{
    (void)s, (void)set, (void)listed, (void)n, (void)length;
    return 0; /* (never called: without the kernel there is no table) */
}

idx
lanes_choose_ties(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length)
{
    (void)s, (void)set, (void)listed, (void)n, (void)length;
    return 0; /* (never called: without the kernel there is no table) */
}

void
lanes_counts(const Search *s, const uint64_t *set, idx *counts)
{
    (void)s, (void)set, (void)counts; /* (never called: without the kernel there is no table) */
}
#endif
