/*
 * sets.h: what both searches on sets of options use (sets.c for Algorithm X, msets.c for
 * Algorithm M): population counts, covering an item in a level's set (counting the updates
 * the links would make), and finding options in a set.
 *
 * Specification: pydlx/sets.py, pydlx/msets.py
 */
#ifndef EXACTCOVER_SETS_H
#define EXACTCOVER_SETS_H

#include "dlx.h"


#if defined(__GNUC__)
#define POPCOUNT64(x) __builtin_popcountll(x)
#define CTZ64(x) __builtin_ctzll(x)
#else /* portable versions, for compilers without the builtins */
static inline int
POPCOUNT64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int
CTZ64(uint64_t x) /* x != 0 */
{
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
#endif

/* The search's steps on the sets is compiled for the processor's population count, chosen at
   load time, where GCC can. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(EXACTCOVER_NO_CLONES)
#define WITH_POPCNT_CLONES __attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
#else
#define WITH_POPCNT_CLONES
#endif

/* The colored loop's inner loops aligned at 64 bytes, where GCC can: at 32 (setup.py's
   -falign-loops=32) its speed moved 3% with the code around it (the same loop, at another
   offset in its cache line: benchmarks/README.md, Loop alignment). */
#if defined(__GNUC__) && !defined(__clang__)
#define LOOPS_ALIGNED_64 __attribute__((optimize("align-loops=64")))
#else
#define LOOPS_ALIGNED_64
#endif

/* The updates the links make hiding the options `gone` (in word w of a set): for each, its
   length minus 1, a population count per class of length. */
ALWAYS_INLINE long long
hidden_updates(const Dancer *d, uint64_t gone, ptrdiff_t w)
{
    if (d->n_classes == 1)
        return (long long)POPCOUNT64(gone) * (d->class_length[0] - 1);
    long long k = 0;
    for (int c = 0; c < d->n_classes; c++)
        k += (long long)POPCOUNT64(gone & d->classes[(size_t)c * (size_t)d->n_words + (size_t)w]) *
             (d->class_length[c] - 1);
    return k;
}

/* Cover item j in a level's set, whose nonzero words are words[0..n-1]: count the updates
   the links would have made (1, and for each option hidden its length minus 1) and, if
   `take`, take its options out of the set (X4 leaves them: they are the ones to try). The
   caller marks j covered: in the bitset of active items, or on the list for Algorithm M. */
ALWAYS_INLINE void
cover_in(Search *s, uint64_t *set, const idx *words, idx n, idx j, const int take)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const uint64_t *mask = d->masks + (size_t)j * (size_t)W;
    long long k = 1;
    if (d->n_classes == 1) { /* (without branches: Algorithm M's sets cover many items) */
        long long hidden = 0;
        for (idx t = 0; t < n; t++) {
            idx w = words[t];
            uint64_t gone = set[w] & mask[w];
            hidden += POPCOUNT64(gone);
            if (take)
                set[w] ^= gone;
        }
        k += hidden * (d->class_length[0] - 1);
    }
    else {
        for (idx t = 0; t < n; t++) {
            idx w = words[t];
            uint64_t gone = set[w] & mask[w];
            if (gone == 0)
                continue;
            k += hidden_updates(d, gone, w);
            if (take)
                set[w] ^= gone;
        }
    }
    s->updates += k;
}

/* Take item j off the items' list, as cover() does (Algorithm M's sets keep the list). */
ALWAYS_INLINE void
unlink_item(Search *s, idx j)
{
    idx left = s->links.llink[j], right = s->links.rlink[j];
    s->links.rlink[left] = right;
    s->links.llink[right] = left;
}

/* Put item j back on the items' list (the sets need no undoing). */
ALWAYS_INLINE void
uncover_set(Search *s, idx j)
{
    idx left = s->links.llink[j], right = s->links.rlink[j];
    s->links.rlink[left] = j;
    s->links.llink[right] = j;
}

/* The first option after `after` (-1: the first of all) in set & mask, or -1. */
ALWAYS_INLINE idx
next_in(const uint64_t *set, const uint64_t *mask, ptrdiff_t W, idx after)
{
    ptrdiff_t w = (after + 1) >> 6;
    if (w >= W)
        return -1;
    uint64_t word = set[w] & mask[w] & (~(uint64_t)0 << ((after + 1) & 63));
    while (word == 0) {
        if (++w == W)
            return -1;
        word = set[w] & mask[w];
    }
    return (idx)(w * 64 + CTZ64(word));
}

/* The first option of primary item i after `after` (-1: the first of all) in `set`, or -1:
   with tallies, only the words of its mask's span are read. */
ALWAYS_INLINE idx
next_of_item_in(const Search *s, const uint64_t *set, idx i, idx after, const int tallied)
{
    const Dancer *d = s->dancer;
    const uint64_t *mask = d->masks + (size_t)i * (size_t)d->n_words;
    if (!tallied)
        return next_in(set, mask, d->n_words, after);
    const idx before = d->mask_span[2 * i - 2] * 64 - 1;
    return next_in(set, mask, d->mask_span[2 * i - 1] + 1, after > before ? after : before);
}

/* Option k's bit in a set of options, and bit r's option (tables.c's rank_options says why
   they may differ). */
ALWAYS_INLINE idx
rank_of(const Dancer *d, idx k)
{
    return d->rank != NULL ? d->rank[k] : k;
}

ALWAYS_INLINE idx
option_at(const Dancer *d, idx r)
{
    return d->ranked != NULL ? d->ranked[r] : r;
}

/* The node on item i's list of the option of bit r. */
ALWAYS_INLINE idx
node_of(const Search *s, idx r, idx i)
{
    idx q = s->links.opt_start[option_at(s->dancer, r)];
    while (s->links.top[q] != i)
        q++;
    return q;
}

/* The first node of the option of bit r (a node of it: the sets need not know which). */
ALWAYS_INLINE idx
first_node(const Search *s, idx r)
{
    return s->links.opt_start[option_at(s->dancer, r)];
}

/* Mark primary item i active (on) or covered in the bitset of active items. */
ALWAYS_INLINE void
set_active(Search *s, idx i, int on)
{
    uint64_t bit = (uint64_t)1 << (i & 63);
    s->sets.active[i >> 6] = on ? s->sets.active[i >> 6] | bit : s->sets.active[i >> 6] & ~bit;
}

/* The active primary items less option k's (commit_set), and back (uncommit_set: but for
   item i, which stays covered until X7). */
ALWAYS_INLINE void
take_items(Search *s, idx k)
{
    const ptrdiff_t IW = s->dancer->item_words;
    const uint64_t *items = s->dancer->opt_items + (size_t)k * (size_t)IW;
    for (ptrdiff_t v = 0; v < IW; v++)
        s->sets.active[v] &= ~items[v];
}

ALWAYS_INLINE void
return_items(Search *s, idx k, idx i)
{
    const ptrdiff_t IW = s->dancer->item_words;
    const uint64_t *items = s->dancer->opt_items + (size_t)k * (size_t)IW;
    for (ptrdiff_t v = 0; v < IW; v++)
        s->sets.active[v] |= items[v];
    set_active(s, i, 0);
}

#endif
