/*
 * tally.h: the bitset way's tallies, what its steps (sets.c) inline. Without colors or
 * bounds, each level keeps a tally: for each primary item, a byte with the count of its
 * options in the level's set, TALLY_COVERED if the item is covered (its LEN on the links).
 * The item choice is then the first item with no options, else the first with one (memchr
 * finds either), else the first least count; instead of a population count per active
 * item and word. Committing an option makes the next level's tally from the level's: one
 * decrement per primary item of each option it takes out. Nothing is undone: the level's
 * tally is still there. The choice is MRV's, ties to the first item, as on the links and
 * on the sets without tallies; sanity.c checks every count. Its twin is pydlx/sets.py
 * (Sets.commit_tally, Sets.choose_tally) with pydlx/tally.py.
 *
 * Specification: pydlx/tally.py, pydlx/sets.py
 */
#ifndef EXACTCOVER_TALLY_H
#define EXACTCOVER_TALLY_H

#include "sets.h"

#include <string.h>


/* Level `level` + 1's tally: level's, with option r_x's primary items covered and one
   option less for each primary item of each option in set & r_x's conflicts (those of
   r_x's item among them: that item's cover). r_x's items are marked covered before the
   count goes down (so that none of them reaches 0) and after. Makes the next level's set
   too, and returns how many options it took out. */
ALWAYS_INLINE idx
tally_commit(Search *s, idx level, uint64_t *set, idx r_x)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx nt = s->tally.n, *start = d->bit_start, *items = d->bit_items;
    const uint64_t *conflict = d->conflicts + (size_t)r_x * (size_t)W;
    const uint8_t *tally = s->tally.counts + (size_t)level * (size_t)nt;
    uint8_t *next = (uint8_t *)tally + nt;
    for (idx b = 0; b < nt; b += 64) /* (blocks of a constant length: inline vector moves) */
        memcpy(next + b, tally + b, 64);
    const idx first = start[r_x], end = start[r_x + 1];
    for (idx t = first; t < end; t++)
        next[items[t]] = TALLY_COVERED;
    idx taken = 0;
    const idx stride = d->bit_stride;
    for (ptrdiff_t w = 0; w < W; w++) {
        uint64_t gone = set[w] & conflict[w];
        set[W + w] = set[w] ^ gone;
        taken += (idx)POPCOUNT64(gone);
        for (; gone != 0; gone &= gone - 1) {
            idx r = (idx)(w * 64 + CTZ64(gone));
            const idx *its = items + (size_t)stride * (size_t)r; /* (stride 3 or 4: its items) */
            switch (stride) { /* (every option of 3 or 4 primary items, as sudoku's: unrolled) */
            case 4:
                --next[its[3]];
                /* fall through */
            case 3:
                --next[its[2]];
                --next[its[1]];
                --next[its[0]];
                break;
            default:
                for (idx t = start[r]; t < start[r + 1]; t++)
                    --next[items[t]];
            }
        }
    }
    for (idx t = first; t < end; t++)
        next[items[t]] = TALLY_COVERED;
    s->tally.n_left -= end - first;
    return taken;
}

/* Primary item i's count in level's tally. */
ALWAYS_INLINE idx
tally_at(const Search *s, idx level, idx i)
{
    return s->tally.counts[(size_t)level * (size_t)s->tally.n + i - 1];
}

/* Whether every primary item is covered (the sets' none_active, with tallies). */
ALWAYS_INLINE int
tally_none_left(const Search *s)
{
    return s->tally.n_left == 0;
}

/* Undo tally_commit's count of the active items. */
ALWAYS_INLINE void
tally_uncommit(Search *s, idx r_x)
{
    s->tally.n_left += s->dancer->bit_start[r_x + 1] - s->dancer->bit_start[r_x];
}

/* Step X3 on a level's tally: the first active primary item with the fewest options; with
   a weighted rule (links.c: choose_weighted, choose_weighted_ties), the first without
   options (its WEIGHT then grows by one), else by the weighted choice the first with one,
   else tally_least_weighted's. */
ALWAYS_INLINE idx
tally_choose(Search *s, idx level, idx *length, const int weighted)
{
    const uint8_t *tally = s->tally.counts + (size_t)level * (size_t)s->tally.n;
    const idx n1 = s->n_primary;
    const uint8_t *at = memchr(tally, 0, (size_t)n1); /* (cheaper than noting a 0 at each decrement) */
    if (weighted && at != NULL && s->weights.weight[at - tally + 1] < WEIGHT_MAX)
        tally_heavier(s, (idx)(at - tally));
    if (at == NULL && (s->tally.n_heavy == 0 || s->weights.rule != RULE_WEIGHTED_TIES))
        at = memchr(tally, 1, (size_t)n1); /* (a heavy item with one option comes first by the ties) */
    idx p = at != NULL                ? (idx)(at - tally)
            : weighted                ? tally_least_weighted(s, tally)
                                      : tally_least(tally, s->tally.n);
    *length = tally[p];
    return p + 1;
}

#endif
