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

/* links.c */
int run_links(Search *s, const Run *run);
int shuffle_start(Search *s, uint64_t seed); /* 0, or -1 if memory ran out */
void shuffle_free(Search *s);
int weights_start(Search *s);
void weights_reset(Search *s);
void weights_free(Search *s);
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
int tally_enter(Search *s, const idx *givens, ptrdiff_t n);
int run_sets(Search *s, const Run *run);
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

/* binary.c */
int binary_start(Search *s);
void binary_free(Search *s);
int run_binary(Search *s, const Run *run);
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
