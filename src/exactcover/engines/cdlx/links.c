/*
 * links.c: the search on the links, the port of pydlx/choice.py (choose, first_option,
 * next_option) and of pydlx/search.py's run and probe on the links: the item choice, the
 * order of the options, the steps of steps.h on the links, compiled once for each link mode
 * (plain, COLORED, WIDE, ZEROS, and LOOP: ways.c's rows), and the probe.
 *
 * Specification: pydlx/choice.py, pydlx/search.py
 */
#include "dlx.h"
#include "ways.h"
#include "dance.h"

/* The first position of the smallest of len[0..n-1] (n > 0), or of the first one at most
   `enough`: the minimum of each block of 32 by a loop the compiler vectorizes, stopping at
   a block whose minimum is at most `enough`, then a scan for it (faster than one pass
   written in lanes: see benchmarks/README.md). On x86-64 with GCC an AVX2 clone is chosen
   at load time when the processor has it, the plain one otherwise. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__) && \
    !defined(EXACTCOVER_NO_CLONES)
__attribute__((target_clones("avx2", "default")))
#endif
static idx
first_minimum(const idx *len, idx n, idx enough)
{
    idx least = IDX_MAX, b, p;
    for (b = 0; b + 32 <= n; b += 32) {
        idx m = IDX_MAX;
        for (p = b; p < b + 32; p++) /* a min reduction: vectorized */
            m = len[p] < m ? len[p] : m;
        if (m < least) {
            least = m;
            if (m <= enough) { /* (the blocks before hold nothing below `enough`) */
                for (p = b; len[p] != least; p++)
                    ;
                return p;
            }
        }
    }
    for (p = b; p < n; p++)
        least = len[p] < least ? len[p] : least;
    for (p = 0; len[p] != least; p++)
        ;
    return p;
}

/* What choose's scan may stop at (first_minimum's `enough`): in mode ZEROS, LEN 0 if some
   item has it (s->scan.zeros), else 1, the least LEN left; otherwise -1, read every LEN. */
#define ENOUGH(s, mode) (!((mode) & ZEROS) ? -1 : (s)->scan.zeros > 0 ? 0 : 1)

/* Count the active primary items of LEN 0 into s->scan.zeros, for the dance to keep up to date
   in mode ZEROS (exclude and the givens change LENs without it). */
static void
count_zeros(Search *s)
{
    idx zeros = 0;
    for (idx i = 1; i <= s->n_primary; i++)
        zeros += s->links.top[i] == 0;
    s->scan.zeros = zeros;
}

/* Step X3: the active primary item with the fewest options (MRV), ties to the first in
   matrix order, or, with a seed, to a uniformly random one of the tied items. Covered items
   carry COVERED in their LEN, so the first minimum of LEN over the primary headers 1..N1 (a
   contiguous block) is the item a walk of the list of active items would find; the scan
   may stop at a LEN of `enough` (ENOUGH). The effort counted is every LEN's read, as pydlx
   counts it, so that a work budget stops both engines at the same node. */
ALWAYS_INLINE idx
choose(Search *s, idx enough)
{
    const idx *top = s->links.top;
    const idx n1 = s->n_primary;
    idx best = 1, least, p;
    if (n1 > 32) { /* a long block: the vectorized scan */
        best += first_minimum(top + 1, n1, enough);
        s->scanned += n1 >> SCAN_SHIFT;
    }
    else { /* a short one: walking the list of active items (Knuth's way) beats the call */
        const idx *rlink = s->links.rlink;
        idx length = IDX_MAX;
        for (p = rlink[0]; p != 0; p = rlink[p])
            if (top[p] < length) {
                best = p;
                length = top[p];
            }
    }
    least = top[best];
    if (s->shuffle != NULL && least > 0) { /* (with LEN 0 any choice is the same dead end) */
        uint64_t ties = 1;
        for (p = best + 1; p <= n1; p++)
            if (top[p] == least) {
                ties += 1;
                if (random_below(&s->shuffle->random, ties) == 0)
                    best = p;
            }
    }
    return best;
}

/* Step X3 with the weighted choice (pydlx/choice.py: choose_weighted): the first active
   primary item without options, whose WEIGHT then grows by one; else the first with one
   option (a forced move, never put off); else the one of least LEN / WEIGHT, ties to the
   first in matrix order. So the items that have ended branches are
   chosen sooner: Boussemart et al.'s dom/wdeg, an item being a constraint. */
static idx
choose_weighted(Search *s, idx enough)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    const idx n1 = s->n_primary;
    long long *weight = s->weights.weight;
    idx best = rlink[0];
    if (n1 > 32) { /* the first item of LEN 0 or 1, if any, by choose's vectorized scan */
        idx first = 1 + first_minimum(top + 1, n1, enough);
        s->scanned += n1 >> SCAN_SHIFT;
        if (top[first] <= 1)
            best = first;
    }
    long long len = top[best], w = weight[best];
    for (idx p = rlink[best]; p != 0 && len > 0; p = rlink[p]) {
        long long l = top[p];
        if (l < 2 ? l < len : len >= 2 && l * w < len * weight[p]) {
            best = p;
            len = l;
            w = weight[p];
        }
    }
    s->scanned += n1 >> SCAN_SHIFT;
    if (len == 0 && w < WEIGHT_MAX)
        weight[best] = w + 1;
    return best;
}

/* The first active primary item of LEN 0 if any, else the first of LEN 1 if any, else the
   first active one (by choose's vectorized scan on a long block of items, else a walk):
   where the other rules start. */
static idx
first_dead_or_forced(Search *s)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    const idx n1 = s->n_primary;
    idx forced = 0;
    if (n1 > 32) {
        idx first = 1 + first_minimum(top + 1, n1, 0);
        s->scanned += n1 >> SCAN_SHIFT;
        return top[first] <= 1 ? first : rlink[0];
    }
    for (idx p = rlink[0]; p != 0; p = rlink[p]) {
        if (top[p] == 0)
            return p;
        if (top[p] == 1 && forced == 0)
            forced = p;
    }
    return forced != 0 ? forced : rlink[0];
}

/* Step X3 with the weighted ties (pydlx/choice.py: choose_weighted_ties; Knuth's SSXCC3): the
   first active primary item without options (its WEIGHT then grows by one, as in
   choose_weighted), else the fewest options, ties to the heaviest, then to the first. */
static idx
choose_weighted_ties(Search *s)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    long long *weight = s->weights.weight;
    idx best = first_dead_or_forced(s);
    if (top[best] == 0) {
        if (weight[best] < WEIGHT_MAX)
            weight[best] += 1;
        return best;
    }
    best = rlink[0];
    for (idx p = rlink[best]; p != 0; p = rlink[p]) /* (in matrix order: a tie stays with the first) */
        if (top[p] < top[best] || (top[p] == top[best] && weight[p] > weight[best]))
            best = p;
    s->scanned += s->n_primary >> SCAN_SHIFT;
    return best;
}

/* An item's failure-rate score: LEN / rate, where the rate is (failures + 1/2) / tries, as
   LEN * tries / (2 * failures + 1) in a double, exact as pydlx computes it while LEN * tries
   stays below 2^53 (tries stop at TRIES_MAX). */
static inline double
failure_score(const Search *s, idx p)
{
    return (double)((long long)s->links.top[p] * s->weights.tries[p]) / (double)(2 * s->weights.fails[p] + 1);
}

/* Step X3 with the failure rate (pydlx/choice.py: choose_by_failure_rate; Li, Yin and Li's
   FRB, as in Knuth's ssxcc-frb0 change file). First the option tried at the level above
   (a forced move's too, as there) counts as one more try of its item, and as a failure if
   it left an item without options. Then the first active primary item without options, else the first
   with one, else the one of least failure_score, ties to the first. */
static idx
choose_by_failure_rate(Search *s, idx level)
{
    const idx *top = s->links.top, *rlink = s->links.rlink;
    idx best = first_dead_or_forced(s);
    if (level > s->floor) {
        idx above = top[s->choice[level - 1]];
        if (s->weights.tries[above] < TRIES_MAX) {
            s->weights.tries[above] += 1;
            s->weights.fails[above] += top[best] == 0;
        }
    }
    if (top[best] <= 1)
        return best;
    double score = failure_score(s, best);
    for (idx p = rlink[best]; p != 0; p = rlink[p]) { /* (best is the first active item here) */
        double t = failure_score(s, p);
        if (t < score) {
            best = p;
            score = t;
        }
    }
    s->scanned += s->n_primary >> SCAN_SHIFT;
    return best;
}

/* Step X3 by a rule other than MRV (s->weights.rule). */
static idx
choose_by_rule(Search *s, idx level, idx enough)
{
    switch (s->weights.rule) {
    case RULE_WEIGHTED:
        return choose_weighted(s, enough);
    case RULE_WEIGHTED_TIES:
        return choose_weighted_ties(s);
    default:
        return choose_by_failure_rate(s, level);
    }
}

/* An item's key for the choice with priority items: its LEN if LEN is 0 or 1 or it has
   priority, else LEN past every LEN (Knuth's DLX2-SHARP). */
static inline long long
priority_key(const Search *s, idx p)
{
    const idx len = s->links.top[p];
    return len <= 1 || s->dancer->priority[p] ? (long long)len : (long long)len + IDX_MAX;
}

/* Step X3 on a matrix with priority items (pydlx/choice.py: choose_priority): the active
   primary item of the least key (priority_key), ties to the first in matrix order, or, with
   a seed, to a uniformly random one of the tied items; so an item with no option or one
   comes first, then the priority items by MRV, then the others by MRV. */
static idx
choose_priority(Search *s)
{
    const idx *rlink = s->links.rlink;
    idx best = rlink[0];
    long long least = priority_key(s, best);
    s->scanned += s->n_primary >> SCAN_SHIFT;
    for (idx p = rlink[best]; p != 0 && least > 0; p = rlink[p]) {
        const long long key = priority_key(s, p);
        if (key < least) {
            best = p;
            least = key;
        }
    }
    if (s->shuffle != NULL && least > 0) {
        uint64_t ties = 1;
        for (idx p = rlink[best]; p != 0; p = rlink[p])
            if (priority_key(s, p) == least) {
                ties += 1;
                if (random_below(&s->shuffle->random, ties) == 0)
                    best = p;
            }
    }
    return best;
}

/* Step X3 of an unseeded search's plain choice: MRV, or with priority items their rule (for
   memo.c and the random probes). */
idx
choose_first(Search *s)
{
    return s->dancer->priority != NULL ? choose_priority(s) : choose(s, -1);
}

/* The ties of `least` after item `best`, in order, for a seeded choice: the same random
   pick as choose makes, reading only the blocks whose minimum is `least`. */
static idx
pick_tie_wide(Search *s, idx b, idx best, idx least)
{
    const idx *top = s->links.top, *block_min = s->scan.block_min;
    const idx n1 = s->n_primary, blocks = (n1 >> 6) + 1;
    uint64_t ties = 1;
    for (idx c = b; c < blocks; c++) {
        if (block_min[c] != least)
            continue;
        idx hi = (c << 6) + 64 <= n1 + 1 ? (c << 6) + 64 : n1 + 1;
        for (idx p = c == b ? best + 1 : c << 6; p < hi; p++)
            if (top[p] == least) {
                ties += 1;
                if (random_below(&s->shuffle->random, ties) == 0)
                    best = p;
            }
    }
    return best;
}

/* Step X3 on a wide matrix: the same choice as choose, found from the least LEN of each
   block of 64 items, a block being read again only when one of its LENs changed since the
   last choice (hide, unhide, cover and uncover mark it dirty). So a node costs n_primary/64
   reads plus 64 per block that changed, instead of n_primary. Block b holds the items
   64b..64b+63 (block 0 starts at item 1: index 0 is the root). */
static idx
choose_wide(Search *s)
{
    const idx *top = s->links.top;
    const idx n1 = s->n_primary, blocks = (n1 >> 6) + 1;
    unsigned char *dirty = s->scan.dirty;
    idx *block_min = s->scan.block_min;
    for (idx b = 0; b < blocks; b++) {
        if (!dirty[b])
            continue;
        idx lo = b == 0 ? 1 : b << 6, hi = (b << 6) + 64 <= n1 + 1 ? (b << 6) + 64 : n1 + 1;
        idx least = IDX_MAX;
        for (idx p = lo; p < hi; p++)
            least = top[p] < least ? top[p] : least;
        block_min[b] = least;
        dirty[b] = 0;
        s->scanned += 64 >> SCAN_SHIFT;
    }
    s->scanned += blocks >> SCAN_SHIFT;
    idx b = first_minimum(block_min, blocks, -1), least = block_min[b];
    idx best = b == 0 ? 1 : b << 6;
    while (top[best] != least)
        best++;
    if (s->shuffle != NULL && least > 0)
        best = pick_tie_wide(s, b, best, least);
    return best;
}

/* first_option in a seeded search: item i's options shuffled into this level's part of perm
   (Fisher-Yates), the first of them. */
static idx
first_shuffled(Search *s, idx level, idx i)
{
    idx *perm = s->shuffle->perm, *dlink = s->links.dlink;
    idx start = s->shuffle->base[level], end = start;
    for (idx p = dlink[i]; p != i; p = dlink[p])
        perm[end++] = p;
    for (idx a = end - 1; a > start; a--) { /* Fisher-Yates */
        idx b = start + (idx)random_below(&s->shuffle->random, (uint64_t)(a - start + 1));
        idx t = perm[a];
        perm[a] = perm[b];
        perm[b] = t;
    }
    s->shuffle->base[level + 1] = end;
    s->shuffle->pos[level] = start;
    return end > start ? perm[start] : i;
}

/* The first option node of item i to try at this level (i itself if there is none). (Inline:
   an unseeded search's is one read, once a node.) */
ALWAYS_INLINE idx
first_option(Search *s, idx level, idx i)
{
    return s->shuffle == NULL ? s->links.dlink[i] : first_shuffled(s, level, i);
}

/* The option node of item i to try after x (i itself when they are all tried). */
ALWAYS_INLINE idx
next_option(Search *s, idx level, idx x, idx i)
{
    if (s->shuffle == NULL)
        return s->links.dlink[x];
    s->shuffle->pos[level] += 1;
    return s->shuffle->pos[level] < s->shuffle->base[level + 1] ? s->shuffle->perm[s->shuffle->pos[level]] : i;
}

/* -- the four steps of steps.h, on the links ---------------------------------------------- */

ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    idx enough = ENOUGH(s, mode); /* X3 */
    idx i = s->dancer->priority != NULL     ? choose_priority(s)
            : s->weights.rule != RULE_MRV ? choose_by_rule(s, level, enough)
            : (mode & WIDE)               ? choose_wide(s)
                                          : choose(s, enough);
    s->total[level] = s->links.top[i];
    s->tried[level] = 1;
    cover(s, i, mode); /* X4 */
    return first_option(s, level, i);
}

ALWAYS_INLINE int
try_option(Search *s, idx level, idx x, const int mode)
{
    (void)level;
    return commit_others(s, x, mode);
}

ALWAYS_INLINE idx
try_next(Search *s, idx level, idx x, const int mode)
{
    uncommit_others(s, x, mode);
    return next_option(s, level, x, s->links.top[x]);
}

ALWAYS_INLINE int
backtrack(Search *s, idx level, idx i, const int mode)
{
    (void)level;
    uncover(s, i, mode);
    return STEP_ON;
}

#define ALL_COVERED(s) ((s)->links.rlink[0] == 0)
#define SANITY_CHECK(s, level) SANITY_WHEN_DUE(s, sanity(s))
#define TRY_OPTION(s, level, x, mode) try_option(s, level, x, mode)
#define SKIP_OPTION(s, level, x) next_option(s, level, x, (s)->links.top[x])
#define SOLVED(s, mode) (!((mode) & LOOP) || loop_complete(s)) /* (a loop must have closed) */

#include "steps.h"

/* The link modes, each a row of ways.c's table: plain, COLORED, WIDE, ZEROS (below), and with
   a loop (loop.h) the colored steps that keep its paths. */
int
run_plain(Search *s, const Run *run)
{
    return run_steps(s, run, 0);
}

int
run_colored(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED);
}

int
run_wide(Search *s, const Run *run)
{
    return run_steps(s, run, WIDE);
}

NEVER_INLINE int
run_loop(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED | LOOP);
}

/* (Compiled on its own, not inlined with the others: there GCC's choices for it moved with
   unrelated code, and the 8008 sudoku on the links ran 4% slower once the rules of the item
   choice grew this file: benchmarks/README.md, versions.py.) */
NEVER_INLINE int
run_zeros(Search *s, const Run *run)
{
    count_zeros(s);
    return run_steps(s, run, ZEROS);
}

/* -- the units of the links' item choice: a seed's randomness, the state of a rule -- */

/* A seeded search's randomness: its state, and room for each level's options shuffled. */
static int
shuffle_start(Search *s, uint64_t seed)
{
    const Dancer *d = s->dancer;
    Shuffle *t = s->shuffle = dlx_calloc(1, sizeof(Shuffle));
    if (t == NULL)
        return -1;
    t->random = seed;
    t->perm = dlx_calloc((size_t)d->n_entries + 1, sizeof(idx));
    t->base = dlx_calloc((size_t)d->n_primary + 2, sizeof(idx));
    t->pos = dlx_calloc((size_t)d->n_primary + 1, sizeof(idx));
    return t->perm == NULL || t->base == NULL || t->pos == NULL ? -1 : 0;
}

static void
shuffle_free(Search *s)
{
    if (s->shuffle == NULL)
        return;
    dlx_free(s->shuffle->perm);
    dlx_free(s->shuffle->base);
    dlx_free(s->shuffle->pos);
    dlx_free(s->shuffle);
    s->shuffle = NULL;
}

/* The state of the rule of the item choice (s->tuning.rule, not MRV): the weighted rules'
   WEIGHTs (choose_weighted, choose_weighted_ties; tally.c on the sets), all 1, or the failure
   rate's tries, all 1, and failures, all 0. (What a rule cannot combine with, the binding
   has refused: contract.REFUSED.) */
static int
weights_start(Search *s)
{
    const size_t n = (size_t)s->dancer->n_primary + 1;
    s->weights.rule = s->tuning.rule;
    if (s->tuning.rule == RULE_FAILURE_RATE) {
        s->weights.tries = dlx_malloc(n * sizeof(long long));
        s->weights.fails = dlx_malloc(n * sizeof(long long));
    }
    else
        s->weights.weight = dlx_malloc(n * sizeof(long long));
    if (s->weights.weight == NULL && (s->weights.tries == NULL || s->weights.fails == NULL))
        return -1;
    weights_reset(s);
    return 0;
}

/* The rule's state as weights_start made it (a search rewound). */
void
weights_reset(Search *s)
{
    for (idx i = 0; i <= s->n_primary; i++) {
        if (s->weights.weight != NULL)
            s->weights.weight[i] = 1;
        if (s->weights.tries != NULL) {
            s->weights.tries[i] = 1;
            s->weights.fails[i] = 0;
        }
    }
}

static void
weights_free(Search *s)
{
    dlx_free(s->weights.weight);
    dlx_free(s->weights.tries);
    dlx_free(s->weights.fails);
    s->weights.weight = s->weights.tries = s->weights.fails = NULL;
}

/* The item choice's state for a new search (a seed, a rule other than MRV): 0, or -1 if
   memory ran out; and freed. */
int
choice_start(Search *s, const Start *start)
{
    return (start->seeded && shuffle_start(s, start->seed) < 0) || (start->tuning.rule != RULE_MRV && weights_start(s) < 0)
               ? -1
               : 0;
}

void
choice_free(Search *s)
{
    weights_free(s);
    shuffle_free(s);
}

/* Knuth's random probe on the links (search_probe): from the current state, level after
   level, the item the search would choose and one of its options uniformly at random,
   until a solution or a dead end (an option the loop refuses is one); then all of it
   undone. */
idx
probe_links(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved)
{
    const idx *top = s->links.top, *dlink = s->links.dlink;
    const int mode = commit_mode(s);
    idx depth = 0, chosen = 0;
    Shuffle *shuffle = s->shuffle;
    s->shuffle = NULL; /* ties go to the first item, as in the search */
    while (s->links.rlink[0] != 0) {
        idx i = choose_first(s), x = dlink[i];
        degrees[depth++] = top[i];
        if (top[i] == 0)
            break;
        for (uint64_t r = random_below(random, (uint64_t)top[i]); r > 0; r--)
            x = dlink[x];
        cover(s, i, mode);
        if (!commit_others(s, x, mode)) {
            uncover(s, i, mode);
            break;
        }
        path[chosen++] = x;
    }
    *solved = s->links.rlink[0] == 0 && loop_complete(s);
    while (chosen-- > 0) {
        uncommit_others(s, path[chosen], mode);
        uncover(s, top[path[chosen]], mode);
    }
    s->shuffle = shuffle;
    return depth;
}
