/*
 * links.c: the search on the links, the port of pydlx/choice.py (choose, first_option,
 * next_option) and of pydlx/search.py's run and probe on the links: MRV's item choice (with
 * a seed too: choice.c's table has the other rows), the order of the options, the steps of
 * steps.h on the links, compiled for each link mode (plain, COLORED, WIDE, ZEROS, and LOOP:
 * ways.c's rows), each with MRV in list order and with the choice row's (CHOSEN), and the
 * probe.
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

/* first_minimum for the rules of the item choice (choice.c), which call it across files. */
idx
scan_minimum(const idx *len, idx n, idx enough)
{
    return first_minimum(len, n, enough);
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
   matrix order (with a seed: choose_seeded). Covered items
   carry COVERED in their LEN, so the first minimum of LEN over the primary headers 1..N1 (a
   contiguous block) is the item a walk of the list of active items would find; the scan
   may stop at a LEN of `enough` (ENOUGH). The effort counted is every LEN's read, as pydlx
   counts it, so that a work budget stops both engines at the same node. */
ALWAYS_INLINE idx
choose(Search *s, idx enough)
{
    const idx *top = s->links.top;
    const idx n1 = s->n_primary;
    idx best = 1, p;
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
    return best;
}

/* Step X3 of a seeded search: MRV, ties to a uniformly random one of the tied items. */
idx
choose_seeded(Search *s, idx level, idx enough)
{
    const idx *top = s->links.top;
    idx best = choose(s, enough), least = top[best];
    (void)level;
    if (least == 0) /* (with LEN 0 any choice is the same dead end) */
        return best;
    uint64_t ties = 1;
    for (idx p = best + 1; p <= s->n_primary; p++)
        if (top[p] == least) {
            ties += 1;
            if (random_below(&s->shuffle->random, ties) == 0)
                best = p;
        }
    return best;
}














/* Step X3 of an unseeded search's plain choice: MRV, or with priority items their rule (for
   memo.c, binary.c and the random probes: the search's choice row says which). */
idx
choose_first(Search *s)
{
    return s->ways.choice->plain(s);
}

idx
choose_plain(Search *s)
{
    return choose(s, -1);
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
ALWAYS_INLINE idx
wide_choice(Search *s, const int seeded)
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
    if (seeded && least > 0)
        best = pick_tie_wide(s, b, best, least);
    return best;
}

static idx
choose_wide(Search *s)
{
    return wide_choice(s, 0);
}

idx
choose_wide_seeded(Search *s, idx level, idx enough)
{
    (void)level, (void)enough;
    return wide_choice(s, 1);
}





/* The first option node of item i to try at this level (i itself if there is none), and the
   one after x (i itself when they are all tried): in list order (one read, once a node), or,
   in mode CHOSEN, as the search's choice row says. */
ALWAYS_INLINE idx
first_option(Search *s, idx level, idx i, const int mode)
{
    return (mode & CHOSEN) ? s->ways.choice->first(s, level, i) : s->links.dlink[i];
}

ALWAYS_INLINE idx
next_option(Search *s, idx level, idx x, idx i, const int mode)
{
    return (mode & CHOSEN) ? s->ways.choice->next(s, level, x, i) : s->links.dlink[x];
}

/* -- the four steps of steps.h, on the links ---------------------------------------------- */

ALWAYS_INLINE idx
enter(Search *s, idx level, const int mode)
{
    idx enough = ENOUGH(s, mode); /* X3 */
    idx i = (mode & CHOSEN) ? s->ways.choice->choose(s, level, enough) : (mode & WIDE) ? choose_wide(s) : choose(s, enough);
    s->total[level] = s->links.top[i];
    s->tried[level] = 1;
    cover(s, i, mode); /* X4 */
    return first_option(s, level, i, mode);
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
    return next_option(s, level, x, s->links.top[x], mode);
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
#define SKIP_OPTION(s, level, x) next_option(s, level, x, (s)->links.top[x], mode) /* (run_steps's mode) */
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

/* The same five with the item choice and the order of the options of the search's choice
   row (choice.c): a seed, priority items, a rule. */
NEVER_INLINE int
run_plain_chosen(Search *s, const Run *run)
{
    return run_steps(s, run, CHOSEN);
}

NEVER_INLINE int
run_colored_chosen(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED | CHOSEN);
}

NEVER_INLINE int
run_wide_chosen(Search *s, const Run *run)
{
    return run_steps(s, run, WIDE | CHOSEN);
}

NEVER_INLINE int
run_loop_chosen(Search *s, const Run *run)
{
    return run_steps(s, run, COLORED | LOOP | CHOSEN);
}

NEVER_INLINE int
run_zeros_chosen(Search *s, const Run *run)
{
    count_zeros(s);
    return run_steps(s, run, ZEROS | CHOSEN);
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
    return depth;
}
