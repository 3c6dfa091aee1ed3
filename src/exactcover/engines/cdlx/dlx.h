/*
 * dlx.h: the C engine's data: its types and constants, and the small readers of them every
 * file uses. ways.h declares what the ways give each other, engine.h what the binding calls.
 *
 * The C engine is the port of exactcover/pydlx, the specification, file by file, with the
 * same names, the same arrays and the same step labels (X2..X8 of Knuth's Algorithm X). Each
 * file names its specification on a "Specification:" line of its header, and each pydlx
 * module its port on a "Port:" line (tests/engines/test_engine_map.py checks both ways);
 * docs/engine.md draws them all.
 *
 * Only the binding (module.c, arguments.c, failures.c, linesbinding.c, checkerbinding.c,
 * reducebinding.c) and the allocator (alloc.c) include Python.h: the engine is plain C,
 * reports failures in a dlx_error, and runs without the GIL. It allocates through
 * dlx_malloc, dlx_calloc and dlx_free (alloc.h: CPython's raw allocator, safe without the
 * GIL, seen by tracemalloc), which depend on nothing else.
 *
 * Specification: pydlx/__init__.py, pydlx/steps.py
 */
#ifndef EXACTCOVER_DLX_H
#define EXACTCOVER_DLX_H

#include <stddef.h>
#include <stdint.h>

#include "alloc.h"

typedef int32_t idx; /* "a pointer is an array index" */
#define IDX_MAX 0x7FFFFFFF

/* Added to LEN of an item while it is covered (see pydlx.COVERED and choose). */
#define COVERED (1 << 30)
/* The item choice reads 2^SCAN_SHIFT LENs in the time of one update (see effort). */
#define SCAN_SHIFT 3

/* How a step treats the links, a compile-time constant in each copy of the search's steps:
   COLORED, nodes may carry colors (purified nodes stay in their lists); WIDE, every change
   of an item's LEN marks its block of 64 items dirty, for choose_wide; ZEROS, the dance
   keeps s->zeros, the count of active primary items of LEN 0, for choose's early stop. */
#define COLORED 1
#define WIDE 2
#define ZEROS 4
/* ... and LOOP: the dance keeps the loop's paths (loop.h), and may refuse an option. */
#define LOOP 8
/* ... and CHOSEN (links.c): the item choice and the order of the options are the search's
   choice row's (choice.c), not MRV's in list order. */
#define CHOSEN 16
/* ... and DIAGRAM (memo.c): a memoized count builds the diagram of its solutions. */
#define DIAGRAM 32
/* ... and on the sets without colors (sets.c), TALLIED: the item choice by tallies; WEIGHTED:
   by a weighted rule (the search's WEIGHTs). */
#define TALLIED 64
#define WEIGHTED 128
/* Uncolored matrices with at least this many primary items (and fewer than WIDE_ITEMS)
   search in mode ZEROS; benchmarks/README.md has the measurement behind it. */
#define ZEROS_ITEMS 256
/* Matrices with at least this many primary items (and no colors) choose their items by
   blocks (choose_wide); benchmarks/README.md has the measurement behind it. */
#define WIDE_ITEMS 1024

/* The weighted choice's WEIGHTs stop growing here (so that LEN * WEIGHT fits 64 bits). */
#define WEIGHT_MAX (1LL << 32)
/* The failure-rate choice stops counting an item's tries here (so that LEN * tries, below
   2^53, is exact in a double, as in pydlx). */
#define TRIES_MAX (1LL << 20)

/* The rule of the item choice at step X3 (Tuning.rule; contract.RULES, in that order): MRV;
   dom/wdeg (Knuth's SSXCC2); MRV with ties to the heaviest item (SSXCC3); the failure rate
   (FRB, Li, Yin and Li 2021). Every rule but MRV searches another tree. */
enum { RULE_MRV, RULE_WEIGHTED, RULE_WEIGHTED_TIES, RULE_FAILURE_RATE, N_RULES };

/* The bitset way counts updates by option length: at most this many distinct lengths; and
   its masks (one row of n_options bits per item) take at most this many words. */
#define MAX_CLASSES 16
#define MAX_MASK_WORDS (1 << 21)
/* The bitset way's item choice reads every word of a set of at most this many words (or of
   one that is mostly nonzero), and only the nonzero words of larger ones. */
#define DENSE_WORDS 8

/* The tallies (tally.h): a covered item's count, above any count of options an item can
   have (a matrix whose primary items have as many or more goes without tallies). */
#define TALLY_COVERED 255
/* ... and the tallies of a search take at most this many counts (a larger one goes without),
   a row per level of TALLY_ROW counts (n1 primary items: whole blocks of 64) */
#define MAX_TALLY (1 << 24)
#define TALLY_ROW(n1) (((n1) + 63) / 64 * 64)
/* ... and the weights that the weighted ties' keys on a tally tell apart (tally.c:
   least_ties): the heavier ones are compared one by one */
#define TIES_HEAVIEST 0xffffff

/* The defaults of a search's tuning: the calibrated rule for moving to the sets (see
   ways.c; the measurements are in benchmarks/README.md). */
#define SET_BUDGET (1 << 16)
#define SAMPLE_NODES 256
#define SET_FLOOR 0.0
#define SET_RATIO 30.0
/* ... and the updates per node past which a move takes tallies, and the factor of the line
   below which it takes them rather than the population counts (pydlx/tally.py) */
#define TALLY_FLOOR 12.0
#define TALLY_LINE 2.0

/* Where a search runs (Search.ways.where): on the links, not decided yet (before its first run),
   on sets of options, on the links while measuring whether to move to the sets, or paused
   for its caller to build the dancer's sets (which needs the GIL: they are shared). */
enum { LINKS = -1, UNDECIDED = 0, SETS = 1, SAMPLING = 2, MOVING = 3 };

/* What search_run returns: exactcover.engines.contract.Status. */
enum { DONE = 0, SOLUTION = 1, PAUSED = 2, LIMIT = 3, PREFIX = 4 };
/* What a step of a search returns to go on; any other value is the status the run
   stops with (a status above, or -1 and -2 when a memoized count runs out of memory). */
enum { STEP_ON = -3 };
/* Where a paused search resumes: Algorithm X's step labels. */
enum { FINISHED = 0, X2 = 2, X5 = 5, X6 = 6, X7 = 7, X8 = 8 };

#if defined(__GNUC__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#define NEVER_INLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE static inline
#define NEVER_INLINE
#endif

/* What went wrong, for the binding to raise as the exception of exactcover.errors that
   pydlx raises: the kind, its facts (option, item and node numbers), and for a
   MatrixError the message. */
typedef enum {
    DLX_OK = 0,
    DLX_NO_MEMORY,
    DLX_MATRIX_ERROR,       /* message */
    DLX_UNKNOWN_OPTION,     /* facts[0] the option; what: "given" or "excluded" */
    DLX_GIVENS_CLASH,       /* facts: the two options, the item */
    DLX_GIVENS_BREAK_LOOP,  /* facts: the option, its edge */
    DLX_GIVEN_AND_EXCLUDED, /* facts[0] the option */
    DLX_PREFIX_ERROR,       /* facts: the node, its place in the prefix */
    DLX_UNSUPPORTED,        /* what, instead */
    DLX_NOT_PUSHED,         /* facts[0] the option, facts[1] the item covered (-1: excluded); what */
    DLX_VALUE_ERROR,        /* what: the message (checker.c: givens that are not what it needs) */
    DLX_STOPPED,            /* the caller's stop said so (checker.c; the binding's exception is set) */
} dlx_failure;

typedef struct {
    dlx_failure kind;
    long long facts[3];
    const char *what, *instead;
    char message[160];
} dlx_error;

static inline int
dlx_fail(dlx_error *err, dlx_failure kind, long long a, long long b, long long c)
{
    err->kind = kind;
    err->facts[0] = a;
    err->facts[1] = b;
    err->facts[2] = c;
    return -1;
}

/* What a matrix has that a refusal names (Dancer.has). */
enum { HAS_COLORS, HAS_BOUNDS, HAS_COSTS, HAS_LOOP, HAS_PRIORITY, N_HAS };

/* A compiled matrix: the pristine arrays, read-only once built (but for the bitset way's
   tables, built the first time a search moves to the sets), shared by every search. */
typedef struct {
    idx n_items, n_primary, n_options, n_entries;
    int has_colors;
    ptrdiff_t n_links; /* length of llink and rlink: n_items + 2 */
    ptrdiff_t n_nodes; /* length of top, ulink, dlink and color */
    idx *mem;          /* one block: llink, rlink, top, ulink, dlink, color */
    idx *llink, *rlink, *top, *ulink, *dlink, *color;
    idx *opt_start;    /* the first node of each option, and one past the last */
    idx *bounds;       /* lo and hi of each primary item in turn (bounds.c), or NULL: all 1..1 */
    long long *cost;   /* each node's option's net cost (costs.c), or NULL: no costs */
    long long tax;     /* ... and the total tax on the items */
    unsigned char *priority; /* per item 0..n_primary, 1 for a primary item that has priority
                                (links.c: choose_priority), or NULL: none has */
    idx *loop_ends;    /* a loop constraint (loop.h): item i's two ends at 2i and 2i + 1 if it
                          is an edge, else 0, 0; or NULL: no loop */
    idx loop_color;    /* ... and the color that puts an edge into the loop (0: none has it) */
    idx loop_empty;    /* ... and 1 if a solution may have no edge of that color (Loop.empty) */
    const char *has[N_HAS]; /* what it has, named as contract.REFUSED names it where a refusal
                               asks: noted as it is built, NULL for what it has not */
    /* The bitset way's tables (tables.c): */
    int tables;         /* 0: not built yet; 1: built; -1: this matrix cannot use them */
    ptrdiff_t n_words;  /* 64-bit words in a set of options (bit rank[k]: option k, see rank) */
    uint64_t *masks;    /* row i, for item i = 1..n_items: the options that contain i */
    int n_classes;      /* the distinct lengths of the options, to count updates */
    idx class_length[MAX_CLASSES];
    uint64_t *classes;  /* row c: the options of length class_length[c] */
    uint64_t *conflicts; /* row k: the options that share an item with option k, or NULL */
    ptrdiff_t item_words; /* 64-bit words in a set of primary items (bit i: item i) */
    uint64_t *opt_items;  /* row r: the primary items of the option of bit r */
    idx *rank, *ranked;   /* option k's bit in a set, and bit r's option; NULL: bit k is option k */
    idx n_tints;          /* with colors: the pairs of a secondary item and a color met */
    uint64_t *tints;      /* row t: the options that give pair t's item its color */
    idx *same;            /* per node: the row of tints of its item and color, or -1 */
    idx *bit_start, *bit_items; /* without colors or bounds: the primary items of the option
                                   of bit r, bit_items[bit_start[r] .. bit_start[r + 1] - 1],
                                   for the tallies (tally.h); NULL: no tallies */
    idx bit_stride;     /* ... 3 or 4 if every option has that many primary items, else 0 */
    idx *mask_span;     /* ... and per primary item i, its mask's first and last word not zero
                           (mask_span[2i - 2], mask_span[2i - 1]): its options' words */
    uint64_t *lanes;    /* the primary items' masks by blocks of 8 items (lanes.c), or NULL */
    idx lane_blocks;    /* ... and how many blocks */
} Dancer;

/* What a search does at the end of its sample on the links (contract.ToSets): stays there
   (it takes no sample), moves to the sets if the rule says they pay, or moves anyway,
   choosing its items by population counts or by tallies. */
enum { TO_SETS_NEVER, TO_SETS_IF_PAYS, TO_SETS_ALWAYS, TO_SETS_TALLIES };

/* How a search runs (Dancer.search's tuning: contract.Tuning, parsed by arguments.c). */
typedef struct {
    int to_sets;           /* TO_SETS_NEVER ... TO_SETS_TALLIES */
    long long sample;      /* the nodes measured on the links before the move */
    ptrdiff_t set_budget;  /* the largest n_primary * n_words for the sets (0: never) */
    double floor, ratio;   /* the rule: move if updates per node > floor and > n_primary * n_words / ratio */
    int rule;              /* the item choice: RULE_MRV ... (links.c: choose_by_rule) */
    int binary;            /* binary branching (binary.c) */
} Tuning;

/* What a new search starts from (Dancer.search's arguments). */
typedef struct {
    const idx *givens, *excluded, *prefix;
    ptrdiff_t n_givens, n_excluded, n_prefix;
    int seeded;
    uint64_t seed;
    Tuning tuning;
    idx best; /* > 0: a search for the `best` cheapest solutions (costs.c) ... */
    long long cutoff; /* ... cheaper than this (with the tax: a cost as the caller knows it) */
    int memo;             /* MEMO_OFF, MEMO_ON or MEMO_AUTO: a memoized count (memo.c) ... */
    long long memo_bytes; /* ... whose table takes at most this much memory */
    int diagram;          /* ... and which builds the diagram of its solutions */
} Start;

/* One call of search_run: at most `steps` more nodes and about `work` more effort (0: no
   limit), solutions counted (not returned) up to `limit` (0: none) if `counting`, and no
   node entered at level `depth` but returned as PREFIX (-1: no split). */
typedef struct {
    long long steps, work, limit, depth;
    int counting;
} Run;

/* What a byte of a problem's line gives (Lines.codes: else an option) and what a status
   says (else the number of solutions found). */
enum { LINE_NONE = -1, LINE_BAD = -2 };
enum { LINE_STOPPED = 254, LINE_INVALID = 255 };

/* A file of problems as lines of symbols (lines.c): the input, the code of its symbols,
   what to search, and the answers, statuses and counts out. */
typedef struct {
    const unsigned char *data;
    ptrdiff_t size;
    idx width;           /* the bytes of a problem's line */
    const idx *codes;    /* width * 256: the option a byte gives at a position, or LINE_NONE/LINE_BAD */
    const idx *writes;   /* per option: (position << 8) | byte of its symbol in an answer, or -1 */
    long long limit;     /* the solutions to look for (2: to decide uniqueness) */
    long long max_nodes; /* per problem (0: no limit) */
    int weighted;        /* the weighted item choice */
    int tallies;         /* each problem on the sets with tallies from its first node (the dancer's built) */
    unsigned char *out;  /* (width + 1) bytes per problem line */
    unsigned char *status; /* one per problem line */
    long long nodes, solutions;
} Lines;

/* A memoized count's table and rows (memo.c). */
typedef struct Way Way;       /* a way a search takes: a row of ways.c's table */
typedef struct Choice Choice; /* a way of choosing items: a row of choice.c's table */

/* A search's way (ways.c): its row of the table, chosen when it starts (on the links), its
   item choice's row (choice.c), and where it is on its way. */
typedef struct {
    const Way *row;
    const Choice *choice;
    int where; /* LINKS, UNDECIDED, SETS, SAMPLING or MOVING */
} Ways;
typedef struct Memo Memo;
typedef struct Binary Binary;

/* A seeded search's randomness (links.c: shuffle_start, shuffle_free): ties of the item
   choice go to one of the tied items uniformly at random, and each level's options are
   tried in a random order. */
typedef struct {
    uint64_t random;        /* SplitMix64's state (random_below) */
    idx *perm, *base, *pos; /* the shuffled options of each level (links.c: first_option) */
} Shuffle;

/* What the links' item choice keeps between nodes where it pays (links.c: choose, count_zeros,
   choose_wide; dance.h keeps it up to date in the modes that have it). */
typedef struct {
    idx zeros;            /* in mode ZEROS: the active primary items of LEN 0 */
    unsigned char *dirty; /* WIDE: per block of 64 items, whether a LEN in it changed */
    idx *block_min;       /* WIDE: per block of 64 primary items, its least LEN (if clean) */
} Scan;

/* The state of a rule of the item choice other than MRV (links.c: weights_start): the weighted
   rules' WEIGHTs, or the failure rate's tries and failures, per primary item; NULL where the
   rule has none. */
typedef struct {
    int rule;                 /* s->tuning.rule, here among what the loops read at each node */
    long long *weight;        /* each item's WEIGHT: 1, and one more per branch it ended */
    long long *tries, *fails; /* the options of each item tried at a branching node (from 1),
                                 and how many left an item without options */
} Weights;

/* The givens pushed on a search used again (reuse.c), in order. */
typedef struct {
    idx *option;    /* the options pushed */
    idx n, room;    /* how many, and room for how many */
} Pushed;
typedef struct Costs Costs; /* a search for the k cheapest solutions: its state (costs.c) */

/* A search with bounds (Algorithm M): its state, made and freed by bounds.c. (Defined here:
   msteps.h's steps read it in bounds.c and msets.c alike.) */
typedef struct {
    idx *bound, *slack; /* BOUND and SLACK of each primary item */
    idx *first_tweak;   /* the first option tweaked at each level */
    idx *floor_bound;   /* for a move to the sets (msets.c), the BOUNDs at the floor */
} Bounds;

/* The three units the sets' loops read at every node are held in Search by value, not by
   pointer: a pointer's second load cost 5% on colored searches on the sets (word squares)
   and 2-3% with tallies (pentominoes; benchmarks/README.md). Their fields are read and
   written only by the bitset way's files (tables.c, sets.c, msets.c, csets.c, tally.c and
   their headers), which make and free them. */

/* The bitset way's state in a search (Search.sets), made by ways.c and sets.c, freed by
   sets.c: its sample when a search starts one (ways.c: sets_start), its arrays at the move
   (sets_room, msets_move), all of them in sets_free. */
typedef struct {
    long long sample_end;   /* SAMPLING: the node count at which to decide */
    long long sample_nodes, sample_updates; /* ... and the counts when sampling began */
    int tallied;            /* whether the move is to take tallies (ways.c decides) */
    idx moved_at;           /* the level the search moved at (a rewind needs its floor) */
    uint64_t *alive;        /* level l's available options (n_words each) */
    idx *option;            /* the option tried at each level (its bit), or -1 */
    idx *item;              /* the item chosen at each level (its options tried in turn) */
    idx *counts;            /* the weighted choice with lanes: each primary item's count (lanes.c) */
    idx *words;             /* the nonzero words of the set at hand */
    idx n_live;             /* ... and how many there are */
    uint64_t *active;       /* the primary items still to cover (item_words) */
    unsigned char *floor_items; /* 1 for each item active at the floor (for sanity_sets) */
    uint64_t *floor_set;    /* with colors or bounds: the options available at the floor, noted
                               before the move (csets.c: sets_note_floor; msets.c) */
} Sets;

/* The bitset way with colors: one item of an option committed (csets.h: commit_colored),
   the options it takes out (mask, less keep: if it is purified, those of its color; else
   none, the row of 0s after the tints), counting the nodes on the items purified from the
   level's first to height - 1 as the links do not. */
typedef struct {
    const uint64_t *mask, *keep;
    idx height;
} Batch;

/* The bitset way's state with colors in a search (Search.colored), made and freed by
   csets.c: the floor's items purified when the search starts sampling (sets_note_floor),
   the rest at the move (csets_move), all of them in colored_free. */
typedef struct {
    const uint64_t **pure;  /* the tints of the items purified, */
    idx *pure_item, n_pure; /* ... their items, in order, and how many */
    idx *pure_at;           /* ... per level, how many before its option was committed */
    unsigned char *is_pure; /* ... per item, whether it is purified */
    Batch *batch;           /* ... room for an option's items (commit_colored) */
    idx *live, *n_live_at;  /* ... per level the nonzero words of its set, and how many */
    idx *floor_pure, n_floor_pure; /* noted at the floor: a node purified on each item purified */
} Colored;

/* The tallies of a search on the sets (Search.tally: its counts NULL when it runs without),
   made and freed by tally.c (tally_move, tally_free). */
typedef struct {
    uint8_t *counts;    /* per level, n counts (aligned to 64 bytes within block) */
    idx n;              /* counts per level: n_primary rounded up to 64 */
    idx n_left;         /* the primary items active (instead of the sets' bitset `active`) */
    void *block;        /* the memory the counts are in */
    idx *heavy, n_heavy; /* the weighted choice: the primary items (as item - 1) of WEIGHT
                            above 1, in the order they got there, and how many */
    uint8_t *heavy_row; /* ... and per item 0xff if heavy, else 0 (n bytes, in block) */
    uint32_t *lightness; /* the weighted ties: per item TIES_HEAVIEST less its WEIGHT, 0 from
                            there up (n entries; NULL for the other rules) */
} Tally;

/* Dancer.search's memo: never, always, or decided from a sample of MEMO_SAMPLE nodes, the
   table kept if its hits stood for MEMO_GAIN times the nodes visited; a sample whose hits
   stand for less than 1 / MEMO_HOPELESS of its nodes at MEMO_GLANCE ends there (pydlx/memo.py). */
enum { MEMO_OFF = 0, MEMO_ON = 1, MEMO_AUTO = 2 };
#define MEMO_SAMPLE (1 << 12)
#define MEMO_GAIN 2
#define MEMO_GLANCE (1 << 10)
#define MEMO_HOPELESS 4

/* A search's own copy of the dancer's links, in one block (search.c: allocate). */
typedef struct {
    idx *mem; /* the block (without color when uncolored: then color is the dancer's) */
    idx *llink, *rlink, *top, *ulink, *dlink, *color;
    const idx *opt_start; /* the dancer's, never written: each option's first node */
} Links;

/* The loop's paths in a search (loop.h; made and freed by loop.c): per vertex at an end of a
   path, the vertex at its other end (0: none), and whether a vertex is inside a path. */
typedef struct {
    idx *mate;
    unsigned char *inner;
    idx frags;  /* the paths (a closed cycle counts as one) */
    idx closed; /* the edge that closed the cycle, or 0 */
} Loop;

/* One search on a Dancer, with its own copy of the links. */
typedef struct {
    const Dancer *dancer;
    Links links;
    idx n_items, n_primary;
    idx *choice;        /* x_0, x_1, ...: one node per level */
    idx *total, *tried; /* for progress: at level l the tried[l]-th of total[l] options */
    idx level, floor;   /* the search ends when it backs up to its floor */
    int resume;
    long long nodes, updates, solutions, max_level;
    long long scanned;    /* the item choice's reads, in updates' worth (see effort) */
    Scan scan;            /* what the links' item choice keeps in modes ZEROS and WIDE */
    Shuffle *shuffle;       /* a seed (links.c), or NULL */
    Weights weights;        /* the state of a rule other than MRV (links.c), or NULLs */
    Sets sets;              /* the bitset way (sets.c; its arrays NULL until the move) */
    Tally tally;            /* ... with tallies (tally.c; counts NULL: without) */
    Colored colored;        /* ... with colors (csets.c; its arrays NULL until the move) */
    Loop loop;              /* a loop constraint's paths (loop.h), mate NULL without one */
    /* (What a run reads once, and the other loops' units, come after what the loops read.) */
    Ways ways;              /* its way (ways.c) */
    int bare;               /* made with no givens, exclusions or prefix: its floor is its pushes' */
    Tuning tuning;
    Bounds *bounds;         /* a search with bounds (bounds.c), or NULL */
    Costs *costs;           /* a search for the k cheapest solutions (costs.c), or NULL */
    Memo *memo;             /* a memoized count (memo.c), or NULL */
    Binary *binary;         /* binary branching (binary.c), or NULL */
    Pushed *pushed;         /* the givens pushed since the search began (reuse.c), or NULL */
} Search;

/* SplitMix64, bit for bit the same as pydlx.Random: a number below n (n > 0). */
static inline uint64_t
random_below(uint64_t *state, uint64_t n)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) % n;
}

/* The work a search has done, for run's work budget: its updates, and the reads of the item
   choice, which on a matrix of 10^5 or more items cost more than the updates. Counting them
   makes a chunk of work take about the same time on any matrix, so a budget, a deadline or
   Ctrl-C is seen as soon on a wide matrix as on a narrow one. */
ALWAYS_INLINE long long
effort(const Search *s)
{
    return s->updates + s->scanned;
}

/* A solution at step X2, counted: the status to stop with, or STEP_ON to go on. */
static inline int
visit(Search *s, const Run *run)
{
    s->solutions += 1;
    if (!run->counting)
        return SOLUTION;
    return run->limit && s->solutions >= run->limit ? LIMIT : STEP_ON;
}

/* What a search and its dancer say of themselves, read by every file. */
/* The number of the option of node q (its spacer says). */
static inline idx
option_number(const Dancer *d, idx q)
{
    while (d->top[q] > 0)
        q += 1;
    return -d->top[q] - 1;
}


/* Make item i's list hold nodes[0..n-1], in that order (a list shuffled or sorted). */
static inline void
relink_list(idx *ulink, idx *dlink, idx i, const idx *nodes, idx n)
{
    idx previous = i;
    for (idx k = 0; k < n; k++) {
        ulink[nodes[k]] = previous;
        dlink[previous] = nodes[k];
        previous = nodes[k];
    }
    dlink[previous] = i;
    ulink[i] = previous;
}

/* How deep a search can go, plus one: each level covers a primary item, or, with bounds,
   chooses an option (each at most once) or makes an item's null move. */
static inline size_t
search_levels(const Dancer *d)
{
    return (size_t)d->n_primary + 1 + (d->bounds != NULL ? (size_t)d->n_options : 0);
}


/* The number of the option of node x (a spacer's TOP never changes: the dancer's says). */
static inline idx
option_of(const Search *s, idx x)
{
    return option_number(s->dancer, x);
}


/* Whether searches of this matrix choose their items by blocks: many primary items, and no
   colors (whose purification changes LENs outside hide and unhide's loop). */
static inline int
is_wide(const Dancer *d)
{
    return !d->has_colors && d->bounds == NULL && d->n_primary >= WIDE_ITEMS;
}


/* Whether searches of this matrix on the links keep the count of items without options
   (mode ZEROS): a block of primary items long enough for choose's early stop to pay for
   the count (benchmarks/README.md), uncolored and not wide. */
static inline int
is_zeros(const Dancer *d)
{
    return !d->has_colors && d->bounds == NULL && d->n_primary >= ZEROS_ITEMS && d->n_primary < WIDE_ITEMS;
}


/* The givens pushed, how many. */
static inline idx
pushed_count(const Search *s)
{
    return s->pushed != NULL ? s->pushed->n : 0;
}

/* Free the givens pushed (reuse.c). */
static inline void
pushed_free(Search *s)
{
    if (s->pushed == NULL)
        return;
    dlx_free(s->pushed->option);
    dlx_free(s->pushed);
    s->pushed = NULL;
}


/* Whether the search takes tallies on the sets, or will when it moves. */
static inline int
sets_tallied(const Search *s)
{
    return s->sets.tallied;
}


/* The level a search on the sets moved at. */
static inline idx
sets_moved_at(const Search *s)
{
    return s->sets.moved_at;
}

#endif
