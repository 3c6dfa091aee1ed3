/*
 * sets.c: the bitset way, the same search on sets of options instead of links.
 *
 * On a small matrix the links are not the fastest way to run Algorithm X. Here each level
 * keeps the set of options still available as a bitset (bit k: option k), and each item its
 * static set of options (the dancer's masks). Covering item j is then one AND-NOT of j's
 * mask per word; LEN of an item is the population count of its mask within the level's
 * set; and undoing is free, because the parent level's set is still there. Nothing about the
 * search changes: an item's list, after any covers, holds exactly its available options in
 * matrix order, which is the order of the set bits; so MRV picks the same item (ties to the
 * first), the options are tried in the same order, and the statistics come out equal,
 * updates included (a cover counts 1 plus, for each option it hides, the option's length
 * minus 1: a population count per class of option length). The list of active items stays
 * on the links' llink and rlink, updated as the links would.
 *
 * It has no counterpart in pydlx, because it changes nothing a caller can see but the time.
 * A search moves here from the links (search_run has the rule) at step X2 of some level: the
 * move needs no help from the links, since each level's set follows from the set where the
 * search began and the options chosen since. Then it stays. tests/test_sets.py moves
 * searches here at every point and compares everything with the links.
 */
#include "dlx.h"
#include "sets.h"

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

/* Build the dancer's masks and length classes, once: 1 if it can use the bitset way, 0 if
   not, -1 if memory ran out (then it is never tried again). The binding calls it with the
   GIL held, which keeps two threads from building the tables of one dancer at once. */
int
sets_build(Dancer *d)
{
    if (d->sets != 0)
        return d->sets > 0;
    d->sets = -1;
    if (d->has_colors || length_classes(d) < 0)
        return 0;
    const ptrdiff_t W = d->n_words;
    const idx *top = d->top, *opt_start = d->opt_start;
    uint64_t *masks = dlx_calloc((size_t)(d->n_items + 1) * (size_t)W, sizeof(uint64_t));
    uint64_t *classes = dlx_calloc((size_t)(d->n_classes + 1) * (size_t)W, sizeof(uint64_t));
    if (masks == NULL || classes == NULL) {
        dlx_free(masks);
        dlx_free(classes);
        return -1;
    }
    for (idx k = 0; k < d->n_options; k++) {
        uint64_t bit = (uint64_t)1 << (k & 63);
        idx length = opt_start[k + 1] - 1 - opt_start[k], c = 0;
        for (idx q = opt_start[k]; top[q] > 0; q++)
            masks[(size_t)top[q] * (size_t)W + (size_t)(k >> 6)] |= bit;
        while (d->class_length[c] != length)
            c++;
        classes[(size_t)c * (size_t)W + (size_t)(k >> 6)] |= bit;
    }
    d->masks = masks;
    d->classes = classes;
    d->sets = 1;
    return 1;
}

/* Before a search's first run: SAMPLING if it could use the sets (a mask per item and a set
   per level fit), LINKS if not. */
void
sets_start(Search *s)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    s->sets = LINKS;
    const ptrdiff_t rows = (ptrdiff_t)search_levels(d) > d->n_items + 1 ? (ptrdiff_t)search_levels(d) : d->n_items + 1;
    if (s->seeded || d->has_colors || d->cost != NULL || d->sets < 0 || s->tuning.set_budget <= 0 ||
        (ptrdiff_t)d->n_primary * W > s->tuning.set_budget || rows * W > MAX_MASK_WORDS)
        return;
    s->sample_nodes = s->nodes;
    s->sample_updates = s->updates;
    s->sample_end = s->nodes + s->tuning.sample;
    s->sets = SAMPLING;
    if (s->bound != NULL)
        msets_start(s);
}

/* The set of options where the search began (level floor), read off the links: an option
   was available there unless it was excluded (then none of its nodes is linked) or one of
   its items had been covered before (by givens or a prefix: covered now, and not by an
   option chosen since, which `since` marks). */
static void
first_set(Search *s, uint64_t *set, const unsigned char *since)
{
    const idx *top = s->top, *ulink = s->ulink, *dlink = s->dlink, *opt_start = s->opt_start;
    for (idx k = 0; k < s->dancer->n_options; k++) {
        int linked = 0, clear = 1;
        for (idx q = opt_start[k]; top[q] > 0; q++) {
            linked |= dlink[ulink[q]] == q;
            clear &= top[top[q]] < COVERED || since[top[q]];
        }
        if (clear && (linked || opt_start[k + 1] - 1 == opt_start[k])) /* (or empty) */
            set[k >> 6] |= (uint64_t)1 << (k & 63);
    }
}

/* Move a search paused at step X2 of its level to the sets, once the dancer's are built.
   Each level's set follows from the one below and the option chosen there; the items' list
   is as the links left it. If memory runs out, the search stays on the links. */
void
sets_move(Search *s)
{
    const Dancer *d = s->dancer;
    const idx *top = s->top;
    unsigned char *since = NULL;
    if (s->bound != NULL) {
        msets_move(s);
        return;
    }
    s->sets = LINKS;
    if (d->sets <= 0)
        return;
    const ptrdiff_t W = d->n_words;
    s->alive = dlx_calloc((size_t)(d->n_primary + 2) * (size_t)W, sizeof(uint64_t));
    s->option = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    s->words = dlx_calloc((size_t)W, sizeof(idx));
    since = dlx_calloc((size_t)d->n_items + 1, 1);
    if (s->alive == NULL || s->option == NULL || s->words == NULL || since == NULL)
        goto done;
    for (idx level = s->floor; level < s->level; level++) {
        idx k = option_of(s, s->choice[level]);
        s->option[level] = k;
        for (idx q = s->opt_start[k]; top[q] > 0; q++)
            since[top[q]] = 1;
    }
    uint64_t *set = s->alive + (size_t)s->floor * (size_t)W;
    first_set(s, set, since);
    for (idx level = s->floor; level < s->level; level++, set += W) {
        idx k = s->option[level];
        memcpy(set + W, set, (size_t)W * sizeof(uint64_t));
        for (idx q = s->opt_start[k]; top[q] > 0; q++) {
            const uint64_t *mask = d->masks + (size_t)top[q] * (size_t)W;
            for (ptrdiff_t w = 0; w < W; w++)
                set[W + w] &= ~mask[w];
        }
    }
    s->sets = SETS;
done:
    dlx_free(since);
}

/* -- the steps on the sets ------------------------------------------------------------------ */

/* Step X3 on sets: the first active primary item with the fewest available options. Only
   the set's nonzero words are read. A first pass looks for an item with none left (most
   nodes are such dead ends), which stops at an item's first word in common with the set;
   then the counts, which stop at the first item with one option (none has fewer). */
ALWAYS_INLINE idx
choose_set(Search *s, const uint64_t *set, idx *length)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx *rlink = s->rlink;
    idx *words = s->words, n = 0, best = 0, least = IDX_MAX, i, k;
    for (ptrdiff_t w = 0; w < W; w++) {
        words[n] = (idx)w;
        n += set[w] != 0;
    }
    s->n_live = n; /* for the count of i's cover that follows */
    for (i = rlink[0]; i != 0; i = rlink[i]) {
        const uint64_t *mask = d->masks + (size_t)i * (size_t)W;
        for (k = 0; k < n && (set[words[k]] & mask[words[k]]) == 0; k++)
            ;
        if (k == n) {
            *length = 0;
            return i;
        }
    }
    for (i = rlink[0]; i != 0; i = rlink[i]) {
        const uint64_t *mask = d->masks + (size_t)i * (size_t)W;
        idx c = 0;
        for (k = 0; k < n; k++)
            c += (idx)POPCOUNT64(set[words[k]] & mask[words[k]]);
        if (c < least) {
            best = i;
            least = c;
            if (c == 1)
                break;
        }
    }
    *length = least;
    return best;
}

/* Commit option node x, chosen for its item i at a level whose set is `set`, into the next
   level's set: take out i's options, then cover the option's other items in the links'
   order (x + 1, ..., wrapping at the spacer), so that the items' list is restored alike. */
ALWAYS_INLINE void
commit_set(Search *s, uint64_t *set, idx x)
{
    const idx *top = s->top;
    const ptrdiff_t W = s->dancer->n_words;
    const uint64_t *mask = s->dancer->masks + (size_t)top[x] * (size_t)W;
    uint64_t *next = set + W;
    idx *words = s->words, n = 0;
    for (ptrdiff_t w = 0; w < W; w++) {
        next[w] = set[w] & ~mask[w];
        words[n] = (idx)w;
        n += next[w] != 0;
    }
    for (idx p = x + 1; p != x;) {
        if (top[p] <= 0) {
            p = s->ulink[p];
        }
        else {
            cover_in(s, next, words, n, top[p], 1);
            p += 1;
        }
    }
}

/* Undo commit_set: the option's other items back on the items' list, in reverse order. */
ALWAYS_INLINE void
uncommit_set(Search *s, idx x)
{
    const idx *top = s->top;
    for (idx p = x - 1; p != x;) {
        if (top[p] <= 0) {
            p = s->dlink[p];
        }
        else {
            uncover_set(s, top[p]);
            p -= 1;
        }
    }
}

/* Steps X3 and X4 at a level: choose the item i (its options stay in the level's set, to be
   tried; X5 takes them out of the next level's), count its cover, and return the node of
   its first option (i itself if there is none). */
ALWAYS_INLINE idx
enter_set(Search *s, idx level)
{
    const ptrdiff_t W = s->dancer->n_words;
    uint64_t *set = s->alive + (size_t)level * (size_t)W;
    idx least, i = choose_set(s, set, &least);
    idx k = next_in(set, s->dancer->masks + (size_t)i * (size_t)W, W, -1);
    s->total[level] = least;
    s->tried[level] = 1;
    cover_in(s, set, s->words, s->n_live, i, 0);
    s->option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}

/* The node of the next option of the level's item (the item itself after the last). */
ALWAYS_INLINE idx
next_set(Search *s, idx level)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx i = s->top[s->choice[level]];
    idx k = next_in(s->alive + (size_t)level * (size_t)W, s->dancer->masks + (size_t)i * (size_t)W, W,
                    s->option[level]);
    s->option[level] = k;
    return k >= 0 ? node_of(s, k, i) : i;
}


/* -- the four steps of steps.h, on the sets ------------------------------------------------ */

ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    (void)mode;
    return enter_set(s, level);
}

ALWAYS_INLINE void
try_option(Search *s, idx level, idx x, const int mode)
{
    (void)mode;
    commit_set(s, s->alive + (size_t)level * (size_t)s->dancer->n_words, x);
}

ALWAYS_INLINE idx
try_next(Search *s, idx level, idx x, const int mode)
{
    (void)mode;
    uncommit_set(s, x);
    return next_set(s, level);
}

ALWAYS_INLINE void
backtrack(Search *s, idx level, idx i, const int mode)
{
    (void)level;
    (void)mode;
    uncover_set(s, i);
}

#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity_sets(s, level))

#include "steps.h"

WITH_POPCNT_CLONES
int
run_sets(Search *s, const Run *run)
{
    return run_steps(s, run, 0);
}

/* Knuth's random probe on the sets (search_probe): the walk of probe_links, on the sets
   (the links are not the current state of a search on the sets). */
idx
probe_sets(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx level = s->level, depth = 0, least;
    while (s->rlink[0] != 0) {
        uint64_t *set = s->alive + (size_t)level * (size_t)W;
        idx i = choose_set(s, set, &least);
        degrees[depth] = least;
        if (least == 0) {
            depth++;
            break;
        }
        const uint64_t *mask = s->dancer->masks + (size_t)i * (size_t)W;
        idx k = next_in(set, mask, W, -1);
        for (uint64_t r = random_below(random, (uint64_t)least); r > 0; r--)
            k = next_in(set, mask, W, k);
        cover_in(s, set, s->words, s->n_live, i, 0);
        path[depth] = node_of(s, k, i);
        commit_set(s, set, path[depth++]);
        level++;
    }
    *solved = s->rlink[0] == 0;
    for (idx d = *solved ? depth : depth - 1; d-- > 0;) {
        uncommit_set(s, path[d]);
        uncover_set(s, s->top[path[d]]);
    }
    return depth;
}
