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
 * was at the move, as are the rest of the links: nothing reads them on the sets. Each
 * level keeps its item (Sets.item), so that without colors the stack of choices can hold
 * the first node of each option tried, not the node on the item's list as pydlx's does:
 * finding that node took a tenth of a Langford count's time. A prefix asks for those nodes
 * (ways.c: search_prefix).
 *
 * Its Python twin is pydlx/sets.py, which keeps the list, updated as the links would, for
 * its item choice walks the list. A search moves here from the links (ways.c has the
 * rule) at step X2 of some level: the move needs no help from the links, since each level's
 * set follows from the set where the search began and the options chosen since. Then it
 * stays. tests/engines/test_sets.py moves searches here at every point and compares everything
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
 * Specification: pydlx/sets.py
 */
#include "dlx.h"
#include "ways.h"
#include "csets.h"
#include "tally.h"

#include <string.h>

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
    dlx_free(t->item);
    dlx_free(t->counts);
    dlx_free(t->words);
    dlx_free(t->active);
    dlx_free(t->floor_items);
    dlx_free(t->floor_set);
    memset(t, 0, sizeof *t);
}

/* The room of a move to the sets (sets_replay, tally_enter), made at the first and cleared
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
    if (s->sets.item == NULL)
        s->sets.item = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    if (s->sets.counts == NULL && d->lanes != NULL && s->weights.weight != NULL)
        s->sets.counts = dlx_calloc((size_t)d->lane_blocks * LANES, sizeof(idx));
    if (s->sets.words == NULL)
        s->sets.words = dlx_calloc((size_t)W, sizeof(idx));
    if (s->sets.active == NULL)
        s->sets.active = dlx_calloc((size_t)d->item_words, sizeof(uint64_t));
    if (s->sets.floor_items == NULL)
        s->sets.floor_items = dlx_calloc((size_t)d->n_items + 2, 1);
    if (s->sets.alive == NULL || s->sets.option == NULL || s->sets.item == NULL || s->sets.words == NULL ||
        s->sets.active == NULL || s->sets.floor_items == NULL)
        return -1;
    memset(s->sets.alive + (size_t)s->floor * (size_t)W, 0, (size_t)W * sizeof(uint64_t));
    memset(s->sets.active, 0, (size_t)d->item_words * sizeof(uint64_t));
    memset(s->sets.floor_items, 0, (size_t)d->n_items + 2);
    return 0;
}

/* A search with tallies at its floor as if `givens` were pushed there, the links untouched
   (solve_lines: a search made with no givens, exclusions or prefix, rewound, nothing pushed,
   the dancer's sets built, tallies possible; or sets_move: such a search with `givens`
   pushed, the links as they left them, which the sets do not read). Its set is every option but those that meet a
   given (an option's row of conflicts holds the option itself); its active items those of
   no given. 0; 1 if a given meets one before it (nothing is entered); -1 if memory ran out. */
int
tally_enter(Search *s, const idx *givens, ptrdiff_t n)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const idx *top = s->links.top;
    if (sets_room(s) < 0)
        return -1;
    uint64_t *set = s->sets.alive + (size_t)s->floor * (size_t)W;
    memset(set, 0xff, (size_t)W * sizeof(uint64_t));
    set[d->n_options / 64] = ((uint64_t)1 << (d->n_options % 64)) - 1; /* (W is n_options / 64 + 1) */
    memset(s->sets.floor_items + 1, 1, (size_t)d->n_items);
    const idx last = d->n_primary; /* (items 1..last active, a word at a time; the givens' cleared below) */
    for (idx v = 0; v <= last >> 6; v++) {
        const uint64_t bits = v < last >> 6 ? ~(uint64_t)0 : ~(uint64_t)0 >> (63 - (last & 63));
        s->sets.active[v] |= v == 0 ? bits & ~(uint64_t)1 : bits;
    }
    for (ptrdiff_t g = 0; g < n; g++) {
        idx r = rank_of(d, givens[g]);
        if (!(set[r >> 6] >> (r & 63) & 1))
            return 1;
        const uint64_t *conflict = d->conflicts + (size_t)r * (size_t)W;
        for (ptrdiff_t w = 0; w < W; w++)
            set[w] &= ~conflict[w];
        for (idx q = s->links.opt_start[givens[g]]; top[q] > 0; q++)
            s->sets.floor_items[top[q]] = 0;
        take_items(s, r);
    }
    s->sets.tallied = 1;
    s->level = s->floor;
    if (tally_move(s) < 0)
        return -1;
    s->ways.where = SETS;
    s->sets.moved_at = s->floor;
    return 0;
}

/* What every move of a search paused at step X2 of its level, on the links, to the sets
   begins with (ways.c's sets_move decides it): the room, the items active now and since the
   floor (into `since`, room for n_items + 1), each level's option and item. 0, or -1 if
   memory ran out (the search stays on the links). */
static int
replay_levels(Search *s, unsigned char *since)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top;
    s->ways.where = LINKS;
    if (since == NULL || sets_room(s) < 0)
        return -1;
    s->sets.moved_at = s->level;
    for (idx i = s->links.rlink[0]; i != 0; i = s->links.rlink[i])
        set_active(s, i, 1);
    for (int head = 0; head <= 1; head++) /* the items active now, and (below) since the floor */
        for (idx i = s->links.rlink[head ? d->n_items + 1 : 0]; i != (head ? d->n_items + 1 : 0); i = s->links.rlink[i])
            s->sets.floor_items[i] = 1;
    for (idx level = s->floor; level < s->level; level++) {
        idx k = option_of(s, s->choice[level]);
        s->sets.option[level] = rank_of(d, k);
        s->sets.item[level] = top[s->choice[level]];
        for (idx q = s->links.opt_start[k]; top[q] > 0; q++)
            since[top[q]] = s->sets.floor_items[top[q]] = 1;
    }
    return 0;
}

/* Without colors, each level's set from the one below and the option chosen there; the
   items' list is as the links left it. */
static void
replay_sets(Search *s, const unsigned char *since)
{
    const Dancer *d = s->dancer;
    const idx *top = s->links.top;
    const ptrdiff_t W = d->n_words;
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
    s->ways.where = SETS;
}

/* The moves of the rows sets, tallied sets and colored sets (ways.c): SETS, or LINKS if
   memory ran out. With tallies, a search whose memory runs out for them goes without. */
void
sets_replay(Search *s)
{
    unsigned char *since = dlx_calloc((size_t)s->dancer->n_items + 1, 1);
    if (replay_levels(s, since) == 0) {
        replay_sets(s, since);
        tally_free(s); /* (a search rewound may have had them at its last move) */
    }
    dlx_free(since);
}

void
sets_replay_tallied(Search *s)
{
    unsigned char *since = dlx_calloc((size_t)s->dancer->n_items + 1, 1);
    if (replay_levels(s, since) == 0) {
        replay_sets(s, since);
        if (tally_move(s) < 0)
            s->sets.tallied = 0;
    }
    dlx_free(since);
}

void
csets_replay(Search *s)
{
    unsigned char *since = dlx_calloc((size_t)s->dancer->n_items + 1, 1);
    if (replay_levels(s, since) == 0 && csets_move(s) == 0)
        s->ways.where = SETS;
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

/* The options of the set in a mask, reading all W words. */
ALWAYS_INLINE idx
count_in(const uint64_t *set, const uint64_t *mask, const ptrdiff_t W)
{
    idx c = 0;
    for (ptrdiff_t w = 0; w < W; w++)
        c += (idx)POPCOUNT64(set[w] & mask[w]);
    return c;
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
        idx c = count_in(set, masks + (size_t)i * (size_t)W, W);
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

/* The nonzero words of a level's set, into s->sets.words (how many, returned). */
ALWAYS_INLINE idx
live_words(Search *s, const uint64_t *set)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx *words = s->sets.words, n = 0;
    for (ptrdiff_t w = 0; w < W; w++) {
        words[n] = (idx)w;
        n += set[w] != 0;
    }
    return n;
}

/* Step X3 on sets: the first active primary item with the fewest available options (the
   loops all choose alike; benchmarks/README.md has the times behind the lines between
   them). */
ALWAYS_INLINE idx
choose_set(Search *s, const uint64_t *set, idx *length)
{
    const ptrdiff_t W = s->dancer->n_words;
    if (s->dancer->lanes != NULL) /* (eight items at a time: lanes.c) */
        return W <= DENSE_WORDS ? lanes_choose(s, set, NULL, 0, length)
                                : lanes_choose(s, set, s->sets.words, live_words(s, set), length);
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
    default: {
        idx n = live_words(s, set);
        if (2 * n > W)
            return choose_dense(s, set, length, W);
        return choose_sparse(s, set, s->sets.words, n, length);
    }
    }
}

/* Step X3 on a set by a weighted rule (links.c: choose_weighted, choose_weighted_ties): the
   first active primary item without options (its WEIGHT then grows by one); else, by the
   weighted choice, the first with one, else the first of least count / WEIGHT (compared as
   products); by the weighted ties, the first of the fewest options, ties to the heaviest. */
static idx
choose_weighted_set(Search *s, const uint64_t *set, idx *length)
{
    const ptrdiff_t W = s->dancer->n_words;
    const uint64_t *masks = s->dancer->masks;
    const int ties = s->weights.rule == RULE_WEIGHTED_TIES;
    long long *weight = s->weights.weight;
    idx best = 0, least = 0, forced = 0, i, *counts = s->sets.counts;
    if (ties && counts != NULL && s->dancer->n_options < (1 << 16)) { /* (eight items at a time: lanes.c) */
        i = W <= DENSE_WORDS ? lanes_choose_ties(s, set, NULL, 0, length)
                             : lanes_choose_ties(s, set, s->sets.words, live_words(s, set), length);
        if (*length == 0 && weight[i] < WEIGHT_MAX)
            weight[i] += 1;
        return i;
    }
    if (counts != NULL)
        lanes_counts(s, set, counts);
    FOR_ACTIVE(s, i, {
        idx c = counts != NULL ? counts[i] : count_in(set, masks + (size_t)i * (size_t)W, W);
        if (c == 0) {
            if (weight[i] < WEIGHT_MAX)
                weight[i] += 1;
            *length = 0;
            return i;
        }
        if (ties ? best == 0 || c < least || (c == least && weight[i] > weight[best])
                 : c > 1 && (best == 0 || (long long)c * weight[best] < (long long)least * weight[i])) {
            best = i;
            least = c;
        }
        else if (c == 1 && !ties)
            forced = forced != 0 ? forced : i;
    })
    *length = forced != 0 ? 1 : least;
    return forced != 0 ? forced : best;
}

/* Count the updates of the cover of item i, chosen with `least` options in a level's set:
   cover_in's count, which needs no second look at the set where every option has the same
   length (the count is then `least` times that length less 1, and 1 for the item). */
ALWAYS_INLINE void
count_cover(Search *s, uint64_t *set, idx i, idx least)
{
    const Dancer *d = s->dancer;
    if (d->n_classes == 1)
        s->updates += 1 + (long long)least * (d->class_length[0] - 1);
    else
        cover_in(s, set, s->sets.words, live_words(s, set), i, 0);
}

/* Whether every primary item is covered: none is active (`tallied`: a constant where the
   steps are compiled with TALLIED or without; the probe's, read off the search). */
ALWAYS_INLINE int
none_active_in(const Search *s, const int tallied)
{
    if (tallied)
        return tally_none_left(s);
    uint64_t any = 0;
    for (ptrdiff_t v = 0; v < s->dancer->item_words; v++)
        any |= s->sets.active[v];
    return any == 0;
}

/* Commit the option of bit k_x, chosen for item i (`least` options in the level's set
   `set`), into the next level's set: take out the options that meet it (its row of the
   dancer's conflicts, i's own options among them), counting the updates the links would
   make (1 per other item covered, and for each option hidden its length minus 1: i's were
   counted by its cover), and take its items off the active ones. */
ALWAYS_INLINE void
commit_set(Search *s, idx level, uint64_t *set, idx i, idx k_x, idx least, const int tallied)
{
    const Dancer *d = s->dancer;
    const ptrdiff_t W = d->n_words;
    const uint64_t *mask = d->masks + (size_t)i * (size_t)W;
    const uint64_t *conflict = d->conflicts + (size_t)k_x * (size_t)W;
    uint64_t *next = set + W;
    long long k = 0;
    if (tallied) { /* (it makes the next set as it counts down) */
        idx taken = tally_commit(s, level, set, k_x);
        if (d->n_classes == 1) /* (less i's own options) */
            k = (long long)(taken - least) * (d->class_length[0] - 1);
        else
            for (ptrdiff_t w = 0; w < W; w++) {
                uint64_t gone = set[w] & ~mask[w] & conflict[w];
                if (gone != 0)
                    k += hidden_updates(d, gone, w);
            }
    }
    else if (d->n_classes == 1) { /* (without a branch: a word has options gone or not at random) */
        long long hit = 0;
        for (ptrdiff_t w = 0; w < W; w++) {
            uint64_t met = set[w] & conflict[w];
            next[w] = set[w] ^ met;
            hit += POPCOUNT64(met);
        }
        k = (hit - least) * (d->class_length[0] - 1);
        take_items(s, k_x);
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
    if (s->dancer->lanes != NULL)
        return lanes_choose(s, set, words, n, length);
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
    s->sets.item[level] = i;
    return k >= 0 ? node_of(s, k, i) : i;
}

/* Undo commit_set of an option (bit k_x) chosen for item i: its other items active again. */
ALWAYS_INLINE void
uncommit_set(Search *s, idx i, idx k_x, const int tallied)
{
    if (tallied)
        tally_uncommit(s, k_x);
    else
        return_items(s, k_x, i);
}

/* Steps X3 and X4 at a level: choose the item i (its options stay in the level's set, to be
   tried; X5 takes them out of the next level's), count its cover, and return a node of its
   first option (i itself if there is none): the option's first node, not the one on i's
   list, which would take a walk along the option to find (the level keeps i; ways.c's
   search_prefix finds the node on i's list when a prefix asks for it). */
ALWAYS_INLINE idx
enter_set(Search *s, idx level, const int mode)
{
    const ptrdiff_t W = s->dancer->n_words;
    uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
    idx least, i = (mode & TALLIED)    ? tally_choose(s, level, &least, mode & WEIGHTED)
                   : (mode & WEIGHTED) ? choose_weighted_set(s, set, &least)
                                       : choose_set(s, set, &least);
    count_cover(s, set, i, least);
    idx k = least > 0 ? next_of_item_in(s, set, i, -1, mode & TALLIED) : -1;
    s->total[level] = least;
    s->tried[level] = 1;
    if (!(mode & TALLIED)) /* (with tallies, n_left counts i when its option is committed) */
        set_active(s, i, 0);
    s->sets.option[level] = k;
    s->sets.item[level] = i;
    return k >= 0 ? first_node(s, k) : i;
}

/* A node of the next option of the level's item (the item itself after the last): as
   enter_set's; with colors, read from the level's nonzero words, the node on the item's list
   (commit_colored starts there). A forced move's item had one: no search for another (most
   of a sudoku's nodes are forced moves). */
ALWAYS_INLINE idx
next_set(Search *s, idx level, const int mode)
{
    const ptrdiff_t W = s->dancer->n_words;
    idx i = s->sets.item[level];
    if (s->total[level] == 1)
        return i;
    const uint64_t *mask = s->dancer->masks + (size_t)i * (size_t)W;
    idx k = (mode & COLORED) ? next_listed(s, level, mask, s->sets.option[level])
                             : next_of_item_in(s, s->sets.alive + (size_t)level * (size_t)W, i, s->sets.option[level],
                                               mode & TALLIED);
    s->sets.option[level] = k;
    return k < 0 ? i : (mode & COLORED) ? node_of(s, k, i) : first_node(s, k);
}


/* -- the four steps of steps.h, on the sets ------------------------------------------------ */

ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    return (mode & COLORED) ? enter_colored(s, level) : enter_set(s, level, mode);
}

ALWAYS_INLINE void
try_option(Search *s, idx level, idx x, const int mode)
{
    uint64_t *set = s->sets.alive + (size_t)level * (size_t)s->dancer->n_words;
    if (mode & COLORED)
        commit_colored(s, set, x, s->sets.option[level], level);
    else
        commit_set(s, level, set, s->sets.item[level], s->sets.option[level], s->total[level], mode & TALLIED);
}

ALWAYS_INLINE idx
try_next(Search *s, idx level, idx x, const int mode)
{
    if (mode & COLORED)
        uncommit_colored(s, x, s->sets.option[level], level);
    else
        uncommit_set(s, s->sets.item[level], s->sets.option[level], mode & TALLIED);
    return next_set(s, level, mode);
}

ALWAYS_INLINE int
backtrack(Search *s, idx level, idx i, const int mode)
{
    (void)level;
    if (!(mode & TALLIED))
        set_active(s, i, 1);
    return STEP_ON;
}

#define ALL_COVERED(s) none_active_in(s, mode & TALLIED) /* (run_steps's mode) */
#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity_sets(s, level))

#include "steps.h"

/* The loop without colors and with, each a function of its own (as one, the loop without
   colors ran 3% slower on Langford pairs n = 12: benchmarks/README.md, Loop alignment); and
   without colors, compiled for each item choice: MRV's, by tallies, by a weighted rule
   (rows of ways.c's table: sets, tallied sets, and each with a weighted rule). */
WITH_POPCNT_CLONES
int
run_plain_sets(Search *s, const Run *run)
{
    return run_steps(s, run, 0);
}

WITH_POPCNT_CLONES
int
run_tallied_sets(Search *s, const Run *run)
{
    return run_steps(s, run, TALLIED);
}

WITH_POPCNT_CLONES
int
run_weighted_sets(Search *s, const Run *run)
{
    return run_steps(s, run, WEIGHTED);
}

WITH_POPCNT_CLONES
int
run_tallied_weighted_sets(Search *s, const Run *run)
{
    return run_steps(s, run, TALLIED | WEIGHTED);
}

WITH_POPCNT_CLONES LOOPS_ALIGNED_64
int
run_colored_sets(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED);
}

/* Knuth's random probe on the sets (search_probe): the walk of probe_links, on the sets
   (the links are not the current state of a search on the sets). */
idx
probe_sets(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    const ptrdiff_t W = s->dancer->n_words;
    const int colored = s->dancer->has_colors;
    idx level = s->level, depth = 0, least;
    const int tallied = s->tally.counts != NULL, weighted = s->weights.weight != NULL;
    while (!none_active_in(s, tallied)) {
        uint64_t *set = s->sets.alive + (size_t)level * (size_t)W;
        idx i = tallied ? tally_choose(s, level, &least, weighted) : choose_set(s, set, &least);
        degrees[depth] = least;
        if (least == 0) {
            depth++;
            break;
        }
        const uint64_t *mask = s->dancer->masks + (size_t)i * (size_t)W;
        idx k = next_in(set, mask, W, -1);
        for (uint64_t r = random_below(random, (uint64_t)least); r > 0; r--)
            k = next_in(set, mask, W, k);
        count_cover(s, set, i, least);
        set_active(s, i, 0);
        path[depth] = node_of(s, k, i);
        if (colored)
            commit_colored(s, set, path[depth], k, level);
        else
            commit_set(s, level, set, i, k, least, tallied);
        depth++;
        level++;
    }
    *solved = none_active_in(s, tallied);
    for (idx d = *solved ? depth : depth - 1; d-- > 0;) {
        idx i = s->links.top[path[d]];
        if (colored)
            uncommit_colored(s, path[d], rank_of(s->dancer, option_of(s, path[d])), s->level + d);
        else
            uncommit_set(s, i, rank_of(s->dancer, option_of(s, path[d])), tallied);
        set_active(s, i, 1);
    }
    return depth;
}
