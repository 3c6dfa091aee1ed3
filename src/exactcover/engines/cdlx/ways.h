/*
 * ways.h: what the ways and their units give each other and ways.c, file by file: each way's
 * run, probe and move, its state made and freed, and the helpers a way shares (the tables of
 * the sets, the tallies, the sanity checks). dlx.h holds the types; engine.h what the binding
 * calls.
 *
 * Specification: none (the ways' functions, declared once)
 */
#ifndef EXACTCOVER_WAYS_H
#define EXACTCOVER_WAYS_H

#include "dlx.h"

/* What a way takes (Way.takes): a run that lists its solutions, a run that splits. */
enum { TAKES_LISTING = 1, TAKES_SPLIT = 2, TAKES_ALL = TAKES_LISTING | TAKES_SPLIT, TAKES_REWIND = 4 };

/* A way, a row of WAYS:
   - name: pydlx/ways.py's row of the same name;
   - start, free: its own state, made once the links are copied (0, or -1 if memory ran
     out; NULL: none of its own), and freed (safe on a search that never made it);
   - enter: the givens, then a prefix (0, or -1 told in err);
   - run: DONE, SOLUTION, PAUSED, LIMIT or PREFIX, as search_run; run_chosen: the same with the
     item choice of the search's choice row (choice.c), on the links; probe: Knuth's random
     probe (the depth reached, -1 if memory ran out);
   - decides: its search decides at its first run whether to sample for the sets (sets_start;
     0: it runs steps of its own, never moving);
   - sets, tallied: the rows a sample moves to, without tallies and with them (NULL: it never
     moves); sample: what a sample needs before it starts, on the row it would move to (0, or
     -1 to stay on the links); move: onto this row, from a search paused on the links;
   - takes: TAKES_*, and what it is said as when it refuses a run (refused, instead) or a random
     probe (unprobed: NULL where it takes one, as its choice row must too); a search
     that starts on a row with TAKES_REWIND can be rewound and take givens pushed (reuse.c);
   - mode: the dance's mode of a commit made outside the steps on that row (reuse.c, checker.c);
   - progress: the part of its tree finished, and the current node's share;
   - on_links: the links hold the search's state (0: its sets do; a rewind need not undo the
     links, which are as they were at the floor it moved at);
   - null_moves: its solutions hold Algorithm M's null moves (an item's header);
     first_nodes: its levels keep an option's first node, not the one on the item's list. */
struct Way {
    const char *name;
    int (*start)(Search *s, const Start *start);
    void (*free)(Search *s);
    int (*enter)(Search *s, const Start *start, dlx_error *err);
    int (*run)(Search *s, const Run *run);
    int (*run_chosen)(Search *s, const Run *run);
    idx (*probe)(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved);
    int decides;
    const Way *sets, *tallied;
    int (*sample)(Search *s);
    void (*move)(Search *s);
    int takes;
    const char *refused, *instead, *unprobed;
    int mode;
    double (*progress)(const Search *s, double *share);
    int null_moves, first_nodes, on_links;
};

/* The way a search is on now: its row, or on the sets the row its sample moved it to. */
static inline const Way *
way_of(const Search *s)
{
    return s->ways.where != SETS ? s->ways.row : s->sets.tallied ? s->ways.row->tallied : s->ways.row->sets;
}

/* search.c: a new search's own arrays, its copy of the links (0, or -1 if memory ran out),
   freed; the options excluded taken out, the givens and a prefix entered on the links (0, or
   -1 told in err); the progress of a way that branches on an item's options (the part
   finished; *share, the current node's) */
int search_copy(Search *s, const Dancer *d, const Start *start);
void search_drop_copy(Search *s);
int search_exclude(Search *s, const Start *start, dlx_error *err);
int links_enter(Search *s, const Start *start, dlx_error *err);
double levels_progress(const Search *s, double *share);

/* A way of choosing the item to branch on and ordering its options, a row of choice.c's
   CHOICES (pydlx/choice.py's row of the same name):
   - start: its state (0, or -1 if memory ran out; NULL: none); reset: as start made it (a
     search rewound);
   - choose: step X3 (at `level`; `enough`, the LEN a scan may stop at); first, next: the
     first option node of item i to try, and the one after x (i itself after the last);
   - plain: its choice without a seed, in matrix order (memo.c, binary.c, the probes);
   - chosen: the steps on the links call this row (mode CHOSEN), or compile MRV's in (0);
     seeded: a seed's randomness; sets: a search with it may move to the sets; unprobed: what a
     refused random probe says (a probe follows MRV's tree), NULL where it takes one. */
struct Choice {
    const char *name;
    int (*start)(Search *s, const Start *start);
    void (*reset)(Search *s);
    idx (*choose)(Search *s, idx level, idx enough);
    idx (*first)(Search *s, idx level, idx i);
    idx (*next)(Search *s, idx level, idx x, idx i);
    idx (*plain)(Search *s);
    int chosen, seeded, sets;
    const char *unprobed;
};

/* links.c: the five link modes, each in list order with MRV and with its search's choice
   row (CHOSEN); MRV with a seed and unseeded in matrix order (choice.c's rows); the scan of
   LENs the rules read */
int run_plain(Search *s, const Run *run);
int run_zeros(Search *s, const Run *run);
int run_wide(Search *s, const Run *run);
int run_colored(Search *s, const Run *run);
int run_loop(Search *s, const Run *run);
int run_plain_chosen(Search *s, const Run *run);
int run_zeros_chosen(Search *s, const Run *run);
int run_wide_chosen(Search *s, const Run *run);
int run_colored_chosen(Search *s, const Run *run);
int run_loop_chosen(Search *s, const Run *run);
idx choose_seeded(Search *s, idx level, idx enough);
idx choose_wide_seeded(Search *s, idx level, idx enough);
idx choose_plain(Search *s);
idx scan_minimum(const idx *len, idx n, idx enough);

/* choice.c: a new search's item choice, its row chosen once, and its state (0, or -1 if
   memory ran out), freed */
int choice_start(Search *s, const Start *start);
void choice_free(Search *s);
idx probe_links(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved);
idx choose_first(Search *s); /* MRV (or with priority items, their rule), ties to the first item */

/* tables.c: whether the dancer's tables for the sets fit a budget (engine.h: built) */
int sets_fit(const Dancer *d, ptrdiff_t budget);

/* sets.c: a search's room on the sets (0, or -1 if memory ran out), freed; the moves there
   (replaying its levels; from givens, with tallies: 0, 1 if a given meets one before it, -1
   if memory ran out); the search and the probe there */
int sets_room(Search *s);
void sets_free(Search *s);
void sets_replay(Search *s);
void sets_replay_tallied(Search *s);
void csets_replay(Search *s);
int tally_enter(Search *s, const idx *givens, ptrdiff_t n);
int run_plain_sets(Search *s, const Run *run);
int run_tallied_sets(Search *s, const Run *run);
int run_weighted_sets(Search *s, const Run *run);
int run_tallied_weighted_sets(Search *s, const Run *run);
int run_colored_sets(Search *s, const Run *run);
idx probe_sets(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved);

/* csets.c: with colors, the dancer's tints (1: too many for the sets); at the floor, what a
   move needs; the move. 0, or -1 if memory ran out. */
int sets_tints(Dancer *d);
void sets_tints_free(Dancer *d);
int sets_note_floor(Search *s);
void colored_free(Search *s);
int csets_move(Search *s);

/* tally.c: whether a matrix can have tallies; the dancer's lists of each bit's primary
   items (0, or -1 if memory ran out); a tally counted afresh from a set (whether an active
   item has no options); a search's tallies at the levels up to its own once it moves to the
   sets (0, or -1); the item choice on a level's tally; whether forced moves alone cover
   every item */
int tally_possible(const Dancer *d);
int tally_build(Dancer *d);
void tally_count(const Dancer *d, const uint64_t *set, const unsigned char *active, uint8_t *row);
int tally_move(Search *s);
void tally_free(Search *s);
void tally_leave_out(Search *s, idx r);
idx tally_least(const uint8_t *tally, idx n);
idx tally_least_weighted(const Search *s, const uint8_t *tally);
void tally_heavier(Search *s, idx p);
int tally_forced(Search *s);

/* lanes.c: where the processor counts bits in vectors, the dancer's masks by blocks of eight
   items (0, or -1 if memory ran out; NULL where it cannot), and the item choice from them
   (only if d->lanes is not NULL): on every word of a set of at most DENSE_WORDS (`listed`
   is not read), else on the nonzero words listed (engine.h: lanes_allow) */
#define LANES 8 /* the items in a block: 64-bit counts in a 512-bit vector */
int lanes_build(Dancer *d);
idx lanes_choose(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length);
idx lanes_choose_ties(const Search *s, const uint64_t *set, const idx *listed, idx n, idx *length);
void lanes_counts(const Search *s, const uint64_t *set, idx *counts);

/* bounds.c */
int run_bounded(Search *s, const Run *run);
int bounds_start(Search *s);
void bounds_free(Search *s);
int bounded_arrange(Search *s);
int bounded_givens(Search *s, const Start *start, dlx_error *err);
int bounded_replay(Search *s, const Start *start, dlx_error *err);
idx probe_bounded(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved);

/* msets.c */
void msets_start(Search *s);
void msets_move(Search *s);
int run_msets(Search *s, const Run *run);
idx probe_msets(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved);

/* memo.c */
int memo_start(Search *s, int mode, long long budget, int diagram);
void memo_free(Search *s);
void memo_sample(const Search *s, long long *nodes, long long *updates); /* where it began */
int run_memo(Search *s, const Run *run); /* -1: no memory; -2: the diagram passed the budget */
int run_memo_colored(Search *s, const Run *run);
int run_memo_diagram(Search *s, const Run *run);
int run_memo_diagram_colored(Search *s, const Run *run);

/* binary.c */
int binary_start(Search *s);
void binary_free(Search *s);
int run_binary(Search *s, const Run *run);
int run_binary_colored(Search *s, const Run *run);
double binary_progress(const Search *s, double *share); /* finished; the node's share */

/* costs.c */
int costs_prepare(Dancer *d, const long long *costs);
int costs_start(Search *s, const Start *start);
void costs_free(Search *s);
int run_costed(Search *s, const Run *run);

/* sanity.c (built with -DEXACTCOVER_SANITY): checked at every node of small matrices, every
   4096th of larger ones */
void sanity(const Search *s);
void sanity_sets(const Search *s, idx level);
void sanity_msets(const Search *s, idx level);
#define SANITY_DUE(s) ((s)->dancer->n_nodes <= 4096 || ((s)->nodes & 4095) == 0)
/* A loop's SANITY_CHECK (steps.h, msteps.h): `check` when due, in the sanitizer build only. */
#ifdef EXACTCOVER_SANITY
#define SANITY_WHEN_DUE(s, check) \
    do { \
        if (SANITY_DUE(s)) \
            check; \
    } while (0)
#else
#define SANITY_WHEN_DUE(s, check) ((void)0)
#endif

#endif
