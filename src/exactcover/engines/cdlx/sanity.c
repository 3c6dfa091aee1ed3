/*
 * sanity.c: Knuth's sanity check, the port of exactcover/sanity.py, and the same for the
 * bitset way. Built with -DEXACTCOVER_SANITY (tools/asan.sh does): then every search checks
 * at step X2 (every node of small matrices, every 4096th of larger ones) and a broken
 * invariant, which is a bug in the engine, prints what broke and aborts, failing the
 * sanitizer run.
 *
 * Specification: sanity.py
 */
#include "dlx.h"
#include "ways.h"
#include "csets.h"
#include "tally.h"

#include <string.h>

#ifdef EXACTCOVER_SANITY

#include <stdio.h>
#include <stdlib.h>

static void
insane(const char *what, long long where)
{
    fprintf(stderr, "exactcover.engines._dlx: sanity check failed: %s (%lld)\n", what, where);
    abort();
}

/* The lists of active items (primary ones from 0, secondary ones from N+1) doubly linked,
   each item on the right one and, `on_links`, its LEN without COVERED; with `active`, each
   item on a list is marked there. Returns how many items are on the lists. */
static long long
item_lists(const Search *s, int on_links, unsigned char *active)
{
    const idx n = s->n_items, n1 = s->n_primary, *llink = s->links.llink, *rlink = s->links.rlink, *top = s->links.top;
    long long total = 0;
    for (int list = 0; list < 2; list++) {
        idx head = list ? n + 1 : 0, p = head, count = 0;
        while (rlink[p] != head) {
            idx q = rlink[p];
            if (llink[q] != p || q < 1 || q > n || (q <= n1) != (list == 0) || (on_links && top[q] >= COVERED))
                insane("an active item's links", q);
            if (++count > n)
                insane("the list of active items does not close", head);
            if (active != NULL)
                active[q] = 1;
            p = q;
        }
        if (llink[head] != p)
            insane("the list of active items", head);
        total += count;
    }
    return total;
}

/* On the links: the lists of active items and every item's list of nodes doubly linked,
   TOP of each node its item, LEN the length of the list (plus COVERED exactly for the items
   off the active lists). */
void
sanity(const Search *s)
{
    const idx n = s->n_items, *top = s->links.top, *ulink = s->links.ulink, *dlink = s->links.dlink;
    const ptrdiff_t size = s->dancer->n_nodes;
    long long active = item_lists(s, 1, NULL), off = 0, zeros = 0;
    for (idx i = 1; i <= n; i++) {
        zeros += i <= s->n_primary && top[i] == 0;
        idx p = i, length = 0;
        while (dlink[p] != i) {
            idx q = dlink[p];
            if (ulink[q] != p || q <= n + 1 || q >= size || top[q] != i)
                insane("an item's list of nodes", i);
            if (++length > size)
                insane("an item's list does not close", i);
            p = q;
        }
        if (ulink[i] != p || top[i] % COVERED != length)
            insane("an item's length", i);
        off += top[i] >= COVERED;
    }
    if (active + off != n && s->bounds == NULL) /* (with bounds, a null move deactivates an item) */
        insane("items neither active nor covered", n - active - off);
    if (zeros != s->scan.zeros && is_zeros(s->dancer) && s->costs == NULL && s->memo == NULL) /* (run_zeros keeps it) */
        insane("the count of items without options", s->scan.zeros - zeros);
}

/* On the sets: the lists of active items doubly linked; which items are on them (freed by
   available_active). */
static unsigned char *
active_items(const Search *s)
{
    unsigned char *active = dlx_calloc((size_t)s->n_items + 2, 1);
    if (active == NULL)
        insane("no memory for the check", 0);
    item_lists(s, 0, active);
    return active;
}

/* Whether option k (not its bit: Dancer.rank) is in a set of options. */
static int
in_set(const Dancer *d, const uint64_t *set, idx k)
{
    idx r = d->rank != NULL ? d->rank[k] : k;
    return set[r >> 6] >> (r & 63) & 1;
}

/* The option of bit r. */
static idx
option_at_bit(const Dancer *d, idx r)
{
    return d->ranked != NULL ? d->ranked[r] : r;
}

/* On the sets: every option available at `level` has all its items active; frees active. */
static void
available_active(const Search *s, idx level, unsigned char *active)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top, *opt_start = s->links.opt_start;
    const uint64_t *set = s->sets.alive + (size_t)level * (size_t)d->n_words;
    for (ptrdiff_t w = 0; w < d->n_words; w++)
        for (uint64_t bits = set[w]; bits != 0; bits &= bits - 1) { /* (the set's options) */
            idx r = (idx)(w * 64 + __builtin_ctzll(bits)), k = r < d->n_options ? option_at_bit(d, r) : -1;
            if (k < 0)
                insane("a bit past the options in a level's set", r);
            for (idx q = opt_start[k]; top[q] > 0; q++)
                if (!active[top[q]])
                    insane("an available option has an inactive item", k);
        }
    dlx_free(active);
}

/* On the sets, at step X2 of `level` (whose links, items' list included, are as they were
   at the move): at each level below, the option tried is the one of its node, is in that
   level's set, and the next level's set is that set less every option that meets it; no two
   chosen options share an item; the bitset of active primary items holds those active at
   the floor and in no chosen option; and every option still available has all its items
   active. */
/* Whether options k and o meet: share an item, but for a secondary item both give one color. */
static int
meet(const Search *s, idx k, idx o)
{
    const Dancer *d = s->dancer;
    for (idx p = d->opt_start[k]; d->top[p] > 0; p++)
        for (idx q = d->opt_start[o]; d->top[q] > 0; q++)
            if (d->top[p] == d->top[q] && (d->color[p] == 0 || d->color[p] != d->color[q]))
                return 1;
    return 0;
}

/* With tallies, level l's (the items active there marked in `active`): its counts those of
   a tally counted afresh from the level's set, by each item's mask over its span of words
   (as tally_count does not, so that an option of the set with an item covered is seen too). */
static void
sanity_tally(const Search *s, idx l, const unsigned char *active)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const uint64_t *set = s->sets.alive + (size_t)l * (size_t)W;
    uint8_t *fresh = dlx_malloc((size_t)s->tally.n);
    if (fresh == NULL)
        insane("no memory for the check", 0);
    for (idx p = 0; p < s->tally.n; p++) {
        idx c = TALLY_COVERED;
        if (p < d->n_primary && active[p + 1]) {
            const uint64_t *mask = d->masks + (size_t)(p + 1) * (size_t)W;
            c = 0;
            for (idx w = d->mask_span[2 * p]; w <= d->mask_span[2 * p + 1]; w++) /* (its options' words) */
                c += (idx)__builtin_popcountll(set[w] & mask[w]);
        }
        fresh[p] = (uint8_t)c;
    }
    if (memcmp(fresh, s->tally.counts + (size_t)l * (size_t)s->tally.n, (size_t)s->tally.n) != 0)
        insane("a count in a level's tally", l);
    dlx_free(fresh);
}

/* sanity_colored_sets with colors: at each level below, the option tried is the one of its node, in
   that level's set, and the next level's set is that set less every option that meets it;
   the items purified are the floor's and those given a color by the options chosen, each
   once; the bitset of active primary items holds those active at the floor and in no chosen
   option; and every option still available has its primary items active. */
static void
sanity_colored_sets(const Search *s, idx level)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx *top = d->top, *opt_start = d->opt_start;
    unsigned char *active = dlx_malloc((size_t)s->n_items + 2), *pure = dlx_calloc((size_t)s->n_items + 2, 1);
    if (active == NULL || pure == NULL)
        insane("no memory for the check", 0);
    memcpy(active, s->sets.floor_items, (size_t)s->n_items + 2);
    idx n_pure = 0;
    for (idx f = 0; f < s->colored.n_floor_pure; f++)
        n_pure += !pure[top[s->colored.floor_pure[f]]]++;
    for (idx l = s->floor; l < level; l++) {
        const uint64_t *set = s->sets.alive + (size_t)l * (size_t)W, *next = set + W;
        idx r = s->sets.option[l], k = r >= 0 && r < d->n_options ? option_at_bit(d, r) : -1;
        if (k < 0 || option_of(s, s->choice[l]) != k || !in_set(d, set, k))
            insane("the option tried at a level", l);
        for (idx o = 0; o < d->n_options; o++)
            if (in_set(d, next, o) != (in_set(d, set, o) && !meet(s, k, o)))
                insane("a level's set of options", l + 1);
        for (idx q = opt_start[k]; top[q] > 0; q++) {
            if (top[q] <= s->n_primary && !active[top[q]])
                insane("a primary item of a chosen option was not active", top[q]);
            active[top[q]] = top[q] > s->n_primary && d->color[q] != 0 ? active[top[q]] : 0;
            if (d->color[q] != 0 && !pure[top[q]]++)
                n_pure++;
        }
    }
    if (n_pure != s->colored.n_pure)
        insane("the stack of items purified", s->colored.n_pure);
    for (idx t = 0; t < s->colored.n_pure; t++)
        if (!pure[s->colored.pure_item[t]] || !s->colored.is_pure[s->colored.pure_item[t]])
            insane("an item purified", s->colored.pure_item[t]);
    for (idx i = 0; i <= s->n_primary; i++)
        if ((s->sets.active[i >> 6] >> (i & 63) & 1) != (i > 0 && active[i]))
            insane("the bitset of active items", i);
    const uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    for (idx k = 0; k < d->n_options; k++)
        if (in_set(d, set, k))
            for (idx q = opt_start[k]; top[q] > 0; q++)
                if (top[q] <= s->n_primary && !active[top[q]])
                    insane("an available option has an inactive item", k);
    dlx_free(active);
    dlx_free(pure);
}

void
sanity_sets(const Search *s, idx level)
{
    const Dancer *d = s->dancer;
    if (d->has_colors) {
        sanity_colored_sets(s, level);
        return;
    }
    const ptrdiff_t W = d->n_words;
    const idx *top = s->links.top, *opt_start = s->links.opt_start;
    unsigned char *active = dlx_malloc((size_t)s->n_items + 2);
    if (active == NULL)
        insane("no memory for the check", 0);
    memcpy(active, s->sets.floor_items, (size_t)s->n_items + 2);
    /* (a level's set and tally are made once, when the option below it is committed: the
       newest is checked at every node, all of them now and then) */
    const int all = (s->nodes & 4095) == 0;
    for (idx l = s->floor; l < level; l++) {
        const uint64_t *set = s->sets.alive + (size_t)l * (size_t)W, *next = set + W;
        idx r = s->sets.option[l], k = r >= 0 && r < d->n_options ? option_at_bit(d, r) : -1;
        if (k < 0 || option_of(s, s->choice[l]) != k || !in_set(d, set, k))
            insane("the option tried at a level", l);
        for (ptrdiff_t w = 0; (all || l == level - 1) && w < W; w++) {
            uint64_t expected = set[w];
            for (idx q = opt_start[k]; top[q] > 0; q++)
                expected &= ~d->masks[(size_t)top[q] * (size_t)W + (size_t)w];
            if (next[w] != expected)
                insane("a level's set of options", l + 1);
        }
        if (s->tally.counts != NULL && all)
            sanity_tally(s, l, active);
        for (idx q = opt_start[k]; top[q] > 0; q++) {
            if (!active[top[q]])
                insane("an item of a chosen option was not active", top[q]);
            active[top[q]] = 0;
        }
    }
    if (s->tally.counts != NULL) { /* (which keep a count of the active items instead of the bitset) */
        idx n_left = 0;
        for (idx i = 1; i <= s->n_primary; i++)
            n_left += active[i];
        if (s->tally.n_left != n_left)
            insane("the count of active items", s->tally.n_left);
        sanity_tally(s, level, active);
    }
    else
        for (idx i = 0; i <= s->n_primary; i++)
            if ((s->sets.active[i >> 6] >> (i & 63) & 1) != (i > 0 && active[i]))
                insane("the bitset of active items", i);
    available_active(s, level, active);
}

/* On the sets with bounds, at step M2 of `level`: the lists of active items doubly linked;
   at each level below, the move's option that of its node (-1 for a null move, the item's
   header) and in that level's set, and the next level's set within that one; every primary
   item's BOUND at most its hi; and every option still available has all its items active. */
void
sanity_msets(const Search *s, idx level)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    unsigned char *active = active_items(s);
    for (idx l = s->floor; l < level; l++) {
        const uint64_t *set = s->sets.alive + (size_t)l * (size_t)W, *next = set + W;
        idx x = s->choice[l], k = s->sets.option[l];
        if (x <= s->n_items ? k != -1 : (option_of(s, x) != k || !(set[k >> 6] >> (k & 63) & 1)))
            insane("the move tried at a level", l);
        for (ptrdiff_t w = 0; w < W; w++)
            if (next[w] & ~set[w])
                insane("a level's set of options", l + 1);
    }
    for (idx i = 1; i <= s->n_primary; i++)
        if (s->bounds->bound[i] < 0 || s->bounds->bound[i] > d->bounds[2 * i - 1])
            insane("an item's BOUND", i);
    available_active(s, level, active);
}

#endif
