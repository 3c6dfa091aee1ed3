/*
 * engine.h: what the engine gives its binding (module.c and the other binding files): a
 * dancer built, reduced and freed; a search made, run, probed and freed, used again, and
 * checked; a file of lines solved; and what the binding reads of a search's ways (the
 * sets built with the GIL, a memoized count's table, a solution's cost). dlx.h holds the
 * types; ways.h what the ways give each other.
 *
 * Specification: none (the engine's entry points, declared once)
 */
#ifndef EXACTCOVER_ENGINE_H
#define EXACTCOVER_ENGINE_H

#include "dlx.h"

/* dancer.c */
int dancer_build(Dancer *d, ptrdiff_t n_primary, ptrdiff_t n_secondary, const idx *starts, ptrdiff_t n_starts,
                 const idx *items, ptrdiff_t n_entries, const idx *colors, ptrdiff_t n_colors, const idx *bounds,
                 ptrdiff_t n_bounds, const long long *costs, ptrdiff_t n_costs, dlx_error *err);
void dancer_free(Dancer *d);
int dancer_set_priority(Dancer *d, const idx *flags, ptrdiff_t n, dlx_error *err);
int dancer_set_loop(Dancer *d, const idx *loop, ptrdiff_t n, dlx_error *err);
ptrdiff_t dancer_nbytes(const Dancer *d);

/* reduce.c: what Knuth's preprocessing found (pydlx/reduce.py: Reducer): per option and per
   item (1..n_items) what became of it (KEPT .. UNUSED) and the item that says why; the
   options and the items removed, in the order they went; the primary item left without
   options (0: none); the rounds begun, whether the last changed nothing (or there is no
   solution), and the nodes taken out. */
typedef struct {
    unsigned char *option_fate, *item_fate;
    idx *option_by, *item_by, *order, *item_order;
    idx n_order, n_item_order, infeasible;
    int rounds, complete;
    long long updates;
} Reduced;
int dancer_reduce(const Dancer *d, int rounds, double seconds, int (*stop)(void *), void *context, Reduced *out,
                  dlx_error *err);
void reduced_free(Reduced *out);

/* ways.c: a search started on its way, and freed; search.c: its progress, its givens checked */
int search_init(Search *s, const Dancer *d, const Start *start, dlx_error *err);
void search_release(Search *s);
double search_fraction(const Search *s);
double search_share(const Search *s);
int check_givens(const Search *s, const idx *givens, ptrdiff_t n_givens, idx *owner, dlx_error *err);

/* ways.c: the way as others see it: waiting to move (the binding builds the
   sets), whether it can be rewound (and rewound: sets_rewind), held on the links for a check
   and put back after (sets_hold, sets_put_back); whether a search takes a run (search_takes:
   -1 with err if not); the run on the
   way the search is on (and the move between ways, decided there); the solution's option
   nodes (search_solution: how many, into out), and a prefix's (search_prefix: s->level of them); Knuth's random probe: fills degrees[0..depth-1] (room for search_levels(s)), returns
   depth, *solved whether it ended in a solution; -1 when memory ran out. sets_move moves a
   search paused as MOVING, once its dancer's sets are built. */
int search_takes(const Search *s, const Run *run, dlx_error *err);
int search_moving(const Search *s);
int sets_rewindable(const Search *s);
void sets_rewind(Search *s);
int sets_hold(Search *s);
void sets_put_back(Search *s, int kept);
int search_run(Search *s, const Run *run);
idx search_solution(const Search *s, idx *out);
void search_prefix(const Search *s, idx *out);
idx search_probe(Search *s, uint64_t seed, idx *degrees, int *solved);
const char *way_name(const Search *s); /* the row it runs on now (pydlx/ways.py's of that name) */
const char *search_unprobed(const Search *s);
const char *choice_name(const Search *s); /* its item choice's row (pydlx/choice.py's of that name) */ /* what a refused probe says, its way's or its choice's; NULL: none */
void sets_move(Search *s);

/* reuse.c: a search used again: back to its floor as new (search_rewind), and givens pushed
   and popped there, last in first out. -1 with err (or, for pop, none to pop) on failure. */
int search_rewind(Search *s, dlx_error *err);
int search_reusable(const Search *s, dlx_error *err);
int search_push(Search *s, idx k, dlx_error *err);
int search_pop(Search *s);
int pushed_reserve(Search *s, idx room);
int search_enter(Search *s, int *tallies, const idx *givens, ptrdiff_t n);

/* lines.c */
ptrdiff_t solve_lines(const Dancer *d, Lines *job, dlx_error *err);

/* checker.c: checks of givens on one search, rewound after each (-1 with err on failure) */
int search_count_with(Search *s, const idx *givens, ptrdiff_t n, idx out, int tallies, Run *run,
                      long long counted[2], dlx_error *err);
int search_forced_with(Search *s, const idx *givens, ptrdiff_t n, dlx_error *err);
ptrdiff_t search_thin(Search *s, const idx *solution, ptrdiff_t n, int tallies, int forced, long long max_nodes,
                      ptrdiff_t group, ptrdiff_t grouped, int (*stop)(void), idx *kept, dlx_error *err);
ptrdiff_t search_unneeded(Search *s, const idx *givens, ptrdiff_t n, int tallies, long long max_nodes,
                          int (*stop)(void), dlx_error *err);

/* What the binding reads of a search's ways: the dancer's sets built (with the GIL: they are
   shared); whether its searches can start on tallies (building the sets); a memoized count's
   table and diagram; the cost of a solution found (costs.c). */
int sets_build(Dancer *d); /* 1: built, 0: this matrix cannot use them, -1: no memory */
int lanes_allow(int allow); /* lanes.c: whether the tables built from now on choose eight items at a time (allow: 0 or 1, or -1 to ask) */
int tally_at_hand(Dancer *d, ptrdiff_t budget);
int memo_diagram(const Search *s, idx *root, const idx **nodes, size_t *n); /* 0 and the diagram's root and
   nodes (option, lo, hi for nodes 2, 3, ...), or -1 if none */
int memo_active(const Search *s); /* memoizing now (not handed over) */
idx memo_width(const Search *s);
idx memo_total(const Search *s, uint64_t *out); /* room for memo_width(s) + 1 limbs */
void memo_stats(const Search *s, long long *hits, long long *lookups, long long *entries, int *memoizing);
long long costs_solution(const Search *s);

#endif
