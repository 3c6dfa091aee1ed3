/*
 * msets.c: Algorithm M on sets of options, the port of pydlx/msets.py (whose docstring tells
 * how tweaks, covers and updates map onto the sets): the steps of msteps.h on a set per
 * level, as sets.c has Algorithm X's. alive holds the set available at each level's entry,
 * option the option of the move tried there (-1: the null move); the next level's set is
 * written by M6, or by M5 for the null move. Each level keeps its item too (Sets.item), so
 * that the stack of choices can hold the first node of each option tried, as sets.c's, and an
 * option's items are taken in the order of the option, not from the node on the item's list
 * (the counts, BOUNDs and list come out the same in any order).
 *
 * The links cannot tell what the sets were at the levels below the one where the search
 * moves (tweaks have changed them since), so msets_start notes the set and the BOUNDs at the
 * floor when the sample begins (a set, not one per level: most searches never move), and
 * msets_move replays the levels from there.
 *
 * Specification: pydlx/msets.py
 */
#include "dlx.h"
#include "ways.h"
#include "sets.h"

#include <string.h>

/* Before the sample of a search with bounds: the floor's set (read off the links: every
   node of the option on its item's list, none of its items covered) and BOUNDs. On failure
   the search stays on the links. */
void
msets_start(Search *s)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink, *opt_start = s->links.opt_start;
    uint64_t *set = s->sets.floor_set = dlx_calloc((size_t)d->n_words, sizeof(uint64_t));
    s->bounds->floor_bound = dlx_malloc(((size_t)s->n_primary + 1) * sizeof(idx));
    if (s->sets.floor_set == NULL || s->bounds->floor_bound == NULL) {
        s->ways.where = LINKS;
        return;
    }
    for (idx k = 0; k < d->n_options; k++) {
        idx q = opt_start[k];
        while (top[q] > 0 && dlink[ulink[q]] == q && top[top[q]] < COVERED)
            q++;
        if (top[q] <= 0)
            set[k >> 6] |= (uint64_t)1 << (k & 63);
    }
    memcpy(s->bounds->floor_bound, s->bounds->bound, ((size_t)s->n_primary + 1) * sizeof(idx));
}

/* The next level's set, after the move of node x (x = i: the null move) at `level`: this
   level's less item i's options (all if i is covered, else those tweaked, up to the move's),
   less those of each item the option covers, in the option's order. While
   `moving` (msets_move) nothing is counted and the items' list is left as it is. */
ALWAYS_INLINE void
next_set(Search *s, idx level, idx x, idx i, idx *bound, const int moving)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx *top = s->links.top, k = s->sets.option[level], kw = k >> 6;
    const uint64_t *set = s->sets.alive + (size_t)level * (size_t)W, *mask = d->masks + (size_t)i * (size_t)W;
    uint64_t *next = s->sets.alive + (size_t)(level + 1) * (size_t)W;
    const uint64_t low = ((uint64_t)2 << (k & 63)) - 1; /* bits 0..k of k's word */
    const int all = bound[i] == 0 || k < 0;
    idx *words = s->sets.words, n = 0;
    for (ptrdiff_t w = 0; w < W; w++) {
        uint64_t out = all || w < kw ? mask[w] : w == kw ? mask[w] & low : 0;
        next[w] = set[w] & ~out;
        words[n] = (idx)w;
        n += next[w] != 0;
    }
    if (x == i)
        return;
    for (idx p = s->links.opt_start[k]; top[p] > 0; p++) {
        idx j = top[p];
        if (j == i)
            continue;
        if (j > s->n_primary || --bound[j] == 0) {
            if (moving) {
                const uint64_t *out = d->masks + (size_t)j * (size_t)W;
                for (ptrdiff_t w = 0; w < W; w++)
                    next[w] &= ~out[w];
            }
            else {
                cover_in(s, next, words, n, j, 1);
                unlink_item(s, j);
            }
        }
    }
}

/* Move a search with bounds, paused at step M2 of its level, to the sets: room for a set
   per level; each level's set from the one below and the move made there, from the floor's
   (the floor's BOUNDs are replayed in place: they are not needed again). If memory runs
   out, the search stays on the links. */
void
msets_move(Search *s)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const size_t levels = search_levels(d);
    const idx n = s->n_items;
    s->ways.where = LINKS;
    if (d->tables <= 0)
        return;
    s->sets.alive = dlx_calloc((levels + 1) * (size_t)W, sizeof(uint64_t));
    s->sets.option = dlx_calloc(levels, sizeof(idx));
    s->sets.item = dlx_calloc(levels, sizeof(idx));
    s->sets.words = dlx_calloc((size_t)W, sizeof(idx));
    if (s->sets.alive == NULL || s->sets.option == NULL || s->sets.item == NULL || s->sets.words == NULL)
        return;
    memcpy(s->sets.alive + (size_t)s->floor * (size_t)W, s->sets.floor_set, (size_t)W * sizeof(uint64_t));
    for (idx level = s->floor; level < s->level; level++) {
        idx x = s->choice[level], i = x <= n ? x : s->links.top[x];
        s->bounds->floor_bound[i] -= 1;
        s->sets.option[level] = x > n ? option_of(s, x) : -1;
        s->sets.item[level] = i;
        next_set(s, level, x, i, s->bounds->floor_bound, 1);
    }
    s->ways.where = SETS;
}

/* -- the steps of msteps.h on the sets ---------------------------------------------------- */

/* The nonzero words of the level's set, for the LENs and M4's cover. */
ALWAYS_INLINE void
prepare_m(Search *s, idx level)
{
    const ptrdiff_t W = s->dancer->n_words;
    const uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    idx *words = s->sets.words, n = 0;
    for (ptrdiff_t w = 0; w < W; w++) {
        words[n] = (idx)w;
        n += set[w] != 0;
    }
    s->sets.n_live = n;
}

ALWAYS_INLINE idx
length_m(const Search *s, idx level, idx i)
{
    const ptrdiff_t W = s->dancer->n_words;
    const uint64_t *set = s->sets.alive + (size_t)level * (size_t)W, *mask = s->dancer->masks + (size_t)i * (size_t)W;
    idx c = 0;
    for (idx t = 0; t < s->sets.n_live; t++)
        c += (idx)POPCOUNT64(set[s->sets.words[t]] & mask[s->sets.words[t]]);
    return c;
}

ALWAYS_INLINE idx
enter_m(Search *s, idx level, idx i, idx theta)
{
    const ptrdiff_t W = s->dancer->n_words;
    uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    s->total[level] = theta;
    s->tried[level] = 1;
    if (--s->bounds->bound[i] == 0) {
        cover_in(s, set, s->sets.words, s->sets.n_live, i, 0);
        unlink_item(s, i);
    }
    idx k = next_in(set, s->dancer->masks + (size_t)i * (size_t)W, W, -1);
    s->sets.option[level] = k;
    s->sets.item[level] = i;
    return k >= 0 ? first_node(s, k) : i;
}

/* M5: LEN of item i is the count of its options from the move's on (none after the last);
   a tweak is only counted; the null move writes the next level's set. */
ALWAYS_INLINE int
tweak_m(Search *s, idx level, idx x, idx i)
{
    const ptrdiff_t W = s->dancer->n_words;
    const idx b = s->bounds->bound[i], sl = s->bounds->slack[i], k = s->sets.option[level];
    if (b == 0 && sl == 0)
        return x != i;
    idx length = 0;
    if (k >= 0) {
        const uint64_t *set = s->sets.alive + (size_t)level * (size_t)W, *mask = s->dancer->masks + (size_t)i * (size_t)W;
        length = (idx)POPCOUNT64(set[k >> 6] & mask[k >> 6] & (~(uint64_t)0 << (k & 63)));
        for (ptrdiff_t w = (k >> 6) + 1; w < W; w++)
            length += (idx)POPCOUNT64(set[w] & mask[w]);
    }
    if (length <= b - sl)
        return 0;
    if (x != i) {
        s->updates += b == 0 ? 1 : s->links.opt_start[k + 1] - 1 - s->links.opt_start[k];
        return 1;
    }
    next_set(s, level, i, i, s->bounds->bound, 0);
    if (b != 0) { /* the null move: i takes no more options */
        idx left = s->links.llink[i], right = s->links.rlink[i];
        s->links.rlink[left] = right;
        s->links.llink[right] = left;
    }
    return 1;
}

ALWAYS_INLINE void
try_m(Search *s, idx level, idx x)
{
    next_set(s, level, x, s->sets.item[level], s->bounds->bound, 0);
}

/* Undo try_m's BOUNDs and covers, in the reverse order. */
ALWAYS_INLINE void
untry_m(Search *s, idx level, idx x)
{
    const idx *top = s->links.top, i = s->sets.item[level], first = s->links.opt_start[s->sets.option[level]];
    (void)x;
    for (idx p = s->links.opt_start[s->sets.option[level] + 1] - 2; p >= first; p--) {
        idx j = top[p];
        if (j != i && (j > s->n_primary || s->bounds->bound[j]++ == 0)) /* (a primary item's BOUND back up) */
            uncover_set(s, j);
    }
}

ALWAYS_INLINE idx
next_m(Search *s, idx level, idx x)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx i = s->sets.item[level];
    (void)x;
    idx k = next_in(s->sets.alive + (size_t)level * (size_t)W, s->dancer->masks + (size_t)i * (size_t)W, W,
                    s->sets.option[level]);
    s->sets.option[level] = k;
    return k >= 0 ? first_node(s, k) : i;
}

ALWAYS_INLINE void
restore_m(Search *s, idx level, idx i)
{
    (void)level;
    if (s->bounds->bound[i]++ == 0)
        uncover_set(s, i);
}

#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity_msets(s, level))
#define ITEM_OF(s, level, x) ((s)->sets.item[level])

#include "msteps.h"

WITH_POPCNT_CLONES
int
run_msets(Search *s, const Run *run)
{
    return run_msteps(s, run);
}

idx
probe_msets(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    return probe_msteps(s, random, path, degrees, solved);
}
