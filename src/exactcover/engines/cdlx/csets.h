/*
 * csets.h: the steps of the bitset way with colors that sets.c's steps inline and csets.c's
 * move shares (the port of pydlx/sets.py's colored half: Sets.commit_colored, uncommit):
 * the stack of items purified (Colored.pure), an option committed a batch per item, and the
 * level's list of nonzero words, which commit_colored writes for the level above.
 *
 * Specification: pydlx/sets.py
 */
#ifndef EXACTCOVER_CSETS_H
#define EXACTCOVER_CSETS_H

#include "sets.h"

#include <string.h>



/* With colors: item j purified, with the options of its color `tint`. */
ALWAYS_INLINE void
push_pure(Colored *c, idx j, const uint64_t *tint)
{
    c->pure[c->n_pure] = tint;
    c->pure_item[c->n_pure++] = j;
    c->is_pure[j] = 1;
}

/* With colors: the nodes of the options `gone` (word w) on the items purified from..to-1,
   which the links' hides leave in their lists and do not count. */
ALWAYS_INLINE long long
purified_nodes(const Colored *c, uint64_t gone, ptrdiff_t w, idx from, idx to)
{
    const uint64_t *const *pure = c->pure;
    long long n = 0;
    for (idx t = from; t < to; t++)
        n += POPCOUNT64(gone & pure[t][w]);
    return n;
}

/* commit_set with colors (pydlx Sets.commit_colored): x's other items committed in the
   links' order, each a batch of options taken out of the next level's set: an item without
   a color covered (1, and each option hidden), one with a color purified unless it is
   already (each option of another color hidden, and the item pushed on Colored.pure), each
   hidden option counting its length less 1 less its nodes on the items purified by then.
   The batches run word by word over the level's nonzero words (the others stay 0), whose
   options hidden are counted once against the items purified before. */
ALWAYS_INLINE void
commit_colored(Search *s, uint64_t *set, idx x, idx k_x, idx level)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx *top = s->links.top, *same = d->same;
    Colored *const c = &s->colored; /* (a local: the stores to is_pure, bytes, could alias s->colored) */
    const idx before = c->n_pure;
    Batch *batch = c->batch;
    idx n = 0;
    long long k = 0;
    c->pure_at[level] = before;
    for (idx p = x + 1; p != x;) {
        idx j = top[p];
        if (j <= 0) {
            p = s->links.ulink[p];
            continue;
        }
        if (same[p] < 0 || !c->is_pure[j]) {
            batch[n].mask = d->masks + (size_t)j * (size_t)W;
            batch[n].keep = d->tints + (size_t)(same[p] < 0 ? d->n_tints : same[p]) * (size_t)W; /* (none: 0s) */
            batch[n++].height = c->n_pure;
            if (same[p] < 0)
                k += 1;
            else
                push_pure(c, j, batch[n - 1].keep);
        }
        p += 1;
    }
    const uint64_t *mask = d->masks + (size_t)top[x] * (size_t)W;
    const idx *words = c->live + (size_t)level * (size_t)W, n_words = c->n_live_at[level];
    idx *next_words = c->live + (size_t)(level + 1) * (size_t)W, m = 0;
    uint64_t *next = set + W;
    memset(next, 0, (size_t)W * sizeof(uint64_t));
    for (idx t = 0; t < n_words; t++) {
        const idx w = words[t];
        const uint64_t start = set[w] & ~mask[w];
        uint64_t left = start;
        for (idx b = 0; b < n && left != 0; b++) {
            uint64_t gone = left & batch[b].mask[w] & ~batch[b].keep[w];
            if (gone == 0)
                continue;
            k += hidden_updates(d, gone, w) - purified_nodes(c, gone, w, before, batch[b].height);
            left ^= gone;
        }
        if (start != left)
            k -= purified_nodes(c, start ^ left, w, 0, before);
        next[w] = left;
        next_words[m] = w;
        m += left != 0;
    }
    c->n_live_at[level + 1] = m;
    take_items(s, k_x);
    s->updates += k;
}

/* Undo commit_colored: the items purified there no longer, the option's other items active. */
ALWAYS_INLINE void
uncommit_colored(Search *s, idx x, idx k_x, idx level)
{
    Colored *const c = &s->colored;
    while (c->n_pure > c->pure_at[level]) {
        c->n_pure -= 1;
        c->is_pure[c->pure_item[c->n_pure]] = 0;
    }
    return_items(s, k_x, s->links.top[x]);
}

/* next_in on the level's nonzero words. */
ALWAYS_INLINE idx
next_listed(const Search *s, idx level, const uint64_t *mask, idx after)
{
    const ptrdiff_t W = s->dancer->n_words;
    const uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    const idx *words = s->colored.live + (size_t)level * (size_t)W, n = s->colored.n_live_at[level], from = (after + 1) >> 6;
    for (idx t = 0; t < n; t++) {
        const idx w = words[t];
        if (w < from)
            continue;
        uint64_t word = set[w] & mask[w] & (w == from ? ~(uint64_t)0 << ((after + 1) & 63) : ~(uint64_t)0);
        if (word != 0)
            return (idx)(w * 64 + CTZ64(word));
    }
    return -1;
}

#endif
