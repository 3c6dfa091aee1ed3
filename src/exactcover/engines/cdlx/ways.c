/*
 * ways.c: the ways a search takes, as one table, and the one place that decides which way
 * runs and moves a search from one to another.
 *
 * A way does Algorithm X's steps (Algorithm M's, with bounds) its own way and gives two
 * operations, a run and a probe: on the links (links.c; with bounds, bounds.c) or on the sets
 * of options (sets.c, with tallies or colors; with bounds, msets.c). A search for the cheapest
 * solutions (costs.c) or a memoized count (memo.c) runs on the links with steps of its own
 * (Algorithm X's steps, steps.h), decided here before the table. Everything else a way needs
 * (its state made and freed, its givens) is its unit's, which search.c calls.
 *
 * Every search starts on the links. One that could use the sets samples its first nodes there
 * (sets_start); at the end of the sample its updates per node decide whether the sets pay, with
 * tallies or without (sets_pay, sets_decide), and sets_move moves it, once and for good. A
 * memoized count whose table does not pay hands over to the same decision, with the nodes it
 * made as its sample.
 *
 * Specification: pydlx/ways.py, pydlx/tables.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "sets.h"

/* A way: its run (DONE, SOLUTION, PAUSED, LIMIT or PREFIX, as search_run) and its random
   probe (the depth reached, -1 if memory ran out). */
typedef struct {
    int (*run)(Search *s, const Run *run);
    idx (*probe)(Search *s, uint64_t *random, idx *path, idx *degrees, int *solved);
} Way;

/* The ways, [on the sets][with bounds]. */
static const Way WAYS[2][2] = {
    {{run_links, probe_links}, {run_bounded, probe_bounded}},
    {{run_sets, probe_sets}, {run_msets, probe_msets}},
};

/* The way a search on the links or the sets is on. */
static inline const Way *
way_of(const Search *s)
{
    return &WAYS[s->where == SETS][s->bounds != NULL];
}

/* Before a search's first run: SAMPLING if it could use the sets (a mask per item, a set
   per level and a row of conflicts per option fit), LINKS if not. */
static void
sets_start(Search *s)
{
    const Dancer *d = s->dancer;
    s->where = LINKS;
    if (s->shuffle != NULL || (d->has_colors && s->bounds != NULL) || d->cost != NULL || d->priority != NULL || d->loop_ends != NULL ||
        d->tables < 0 || !sets_fit(d, s->tuning.set_budget))
        return;
    if (d->has_colors && s->sets.floor_set == NULL && (s->memo != NULL || sets_note_floor(s) < 0))
        return; /* (a memoized count notes its floor when it starts: it hands over far from it) */
    s->sets.sample_nodes = s->nodes;
    s->sets.sample_updates = s->updates;
    s->sets.sample_end = s->nodes + s->tuning.sample;
    s->where = SAMPLING;
    if (s->bounds != NULL)
        msets_start(s);
}

/* What the sample, just ended, says (pydlx/tables.py: Move.pays): the sets with tallies (2),
   the sets choosing by population counts (1) or the links (0), as the tuning asks. A forced
   move takes what it asks for where the matrix allows it (tallies only where it can have
   them, the two weighted rules not on colored sets, the failure rate never). The rule reads
   the sample's updates per node, which must pass its floor: with tallies if the matrix can
   have them and they pass TALLY_FLOOR but not n_primary * n_words * TALLY_LINE / ratio,
   else by counts if they pass n_primary * n_words / ratio (the weighted rules without
   colors: sets.c's choose_weighted_set). The calibration is in benchmarks/README.md. */
static int
sets_pay(const Search *s)
{
    long long nodes = s->nodes - s->sets.sample_nodes, updates = s->updates - s->sets.sample_updates;
    double per_node = (double)updates / (double)(nodes > 0 ? nodes : 1);
    double line = (double)s->dancer->n_primary * (double)s->dancer->n_words;
    if (s->tuning.rule > RULE_WEIGHTED_TIES) /* (the failure rate: on the links only) */
        return 0;
    if (s->tuning.to_sets == TO_SETS_TALLIES)
        return tally_possible(s->dancer) ? 2 : 0;
    if (s->tuning.to_sets == TO_SETS_ALWAYS)
        return s->weights.weight == NULL || !s->dancer->has_colors; /* (the weighted rules: not with colors) */
    if (!(per_node > s->tuning.floor))
        return 0;
    if (per_node > TALLY_FLOOR && per_node * s->tuning.ratio <= line * TALLY_LINE && tally_possible(s->dancer))
        return 2;
    return (s->weights.weight == NULL || !s->dancer->has_colors) && per_node * s->tuning.ratio > line;
}

/* The nodes left to sample (SAMPLING). */
static long long
sets_sample_left(const Search *s)
{
    return s->sets.sample_end - s->nodes;
}

/* At the end of its sample, the search stays on the links or moves to the sets: at once if
   the dancer's sets are built, else it pauses as MOVING for its caller to build them (with
   the GIL) and call again, which moves it. Where it is now. */
static int
sets_decide(Search *s)
{
    int pay = sets_pay(s);
    s->sets.tallied = pay == 2;
    if (!pay || s->dancer->tables < 0)
        s->where = LINKS;
    else if (s->dancer->tables == 0)
        s->where = MOVING;
    else
        sets_move(s);
    return s->where;
}

/* A memoized count whose table did not pay (memo.c) decides at once on the sets, on what
   it did since `nodes` and `updates`: its sample. */
static void
sets_start_sampled(Search *s, long long nodes, long long updates)
{
    sets_start(s);
    if (s->where == SAMPLING) {
        s->sets.sample_nodes = nodes;
        s->sets.sample_updates = updates;
        s->sets.sample_end = s->nodes;
    }
}

/* Move a search paused at step X2 of its level to the sets, once the dancer's are built: with
   bounds, Algorithm M's sets (msets.c); a search of givens pushed alone, at its floor, with
   tallies, from its givens (sets.c: tally_enter); any other, replaying its levels (sets.c).
   If memory runs out, the search stays on the links. */
void
sets_move(Search *s)
{
    if (s->bounds != NULL) {
        msets_move(s);
        return;
    }
    s->where = LINKS;
    if (s->dancer->tables <= 0)
        return;
    if (s->sets.tallied && s->bare && s->level == s->floor &&
        tally_enter(s, s->pushed != NULL ? s->pushed->option : NULL, pushed_count(s)) == 0)
        return; /* (at the floor of a search of pushed givens alone: from them, not off the links) */
    sets_replay(s);
}

/* A memoized count's run: when its table does not pay, it hands over (its table dropped) to
   the plain count, which decides at once on the sets from the nodes the table made. */
static int
run_memoized(Search *s, const Run *run)
{
    int status = run_memo(s, run);
    if (!memo_active(s)) {
        long long nodes, updates;
        memo_sample(s, &nodes, &updates);
        sets_start_sampled(s, nodes, updates);
    }
    return status;
}

/* Search on, within `run`'s budgets, on the links or the sets. A search that could use the
   sets starts SAMPLING on the links; at the end of its sample it stays there or moves: at
   once if the dancer's sets are built, else it pauses as MOVING for its caller to build
   them (with the GIL) and call again, which moves it. */
int
search_run(Search *s, const Run *run)
{
    Run rest = *run;
    if (s->binary != NULL)
        return run_binary(s, run);
    if (s->costs != NULL)
        return run_costed(s, run);
    if (memo_active(s))
        return run_memoized(s, run);
    if (s->where == UNDECIDED)
        sets_start(s);
    if (s->where == MOVING)
        sets_move(s);
    if (s->where == SAMPLING && rest.steps > sets_sample_left(s)) {
        const long long stop = s->nodes + rest.steps, work_stop = effort(s) + rest.work;
        Run sample = rest;
        sample.steps = sets_sample_left(s);
        int status = WAYS[0][s->bounds != NULL].run(s, &sample);
        if (status != PAUSED || sets_sample_left(s) > 0)
            return status;
        if (sets_decide(s) == MOVING)
            return PAUSED;
        rest.steps = stop - s->nodes;
        if (rest.work && (rest.work = work_stop - effort(s)) <= 0)
            return PAUSED;
    }
    return way_of(s)->run(s, &rest);
}

/* -- the way, as the files that use a search again see it (reuse.c, checker.c, lines.c) -- */

/* Whether the search runs on the sets now (a sample still runs on the links). */
int
search_on_sets(const Search *s)
{
    return s->where == SETS;
}

/* Whether it waits, paused as MOVING, for its dancer's sets to be built (with the GIL). */
int
search_moving(const Search *s)
{
    return s->where == MOVING;
}

/* Whether its way lets the search be rewound to its floor: anywhere on the links, or on the
   sets it moved to at its floor (its links are as they were there); not while it waits to
   move. */
int
sets_rewindable(const Search *s)
{
    return s->where == SETS ? sets_moved_at(s) == s->floor : s->where != MOVING;
}

/* A search rewound to its floor: its way is decided again at its next run (its sample
   starts again; or its move). */
void
sets_rewind(Search *s)
{
    if (s->where == SAMPLING || s->where == SETS)
        s->where = UNDECIDED;
}

/* A check (checker.c, lines.c) runs a search on the way it enters it (the links, or the sets
   with tallies from its floor: search_enter), not on the way it was on: that way, kept to be
   put back by sets_put_back, and the search on the links for now. */
int
sets_hold(Search *s)
{
    const int kept = s->where;
    s->where = LINKS;
    return kept;
}

void
sets_put_back(Search *s, int kept)
{
    s->where = kept;
}

/* Whether a search can take `run`: 0, or -1 with err saying what it cannot do (a search for
   the cheapest solutions does not split; a memoized count neither lists nor splits). */
int
search_takes(const Search *s, const Run *run, dlx_error *err)
{
    if (s->costs != NULL && run->depth >= 0) {
        *err = (dlx_error){.kind = DLX_UNSUPPORTED, .what = "splitting a search for the cheapest solutions",
                           .instead = "split a plain search"};
        return -1;
    }
    if (s->binary != NULL && run->depth >= 0) {
        *err = (dlx_error){.kind = DLX_UNSUPPORTED, .what = "splitting a search with binary branching",
                           .instead = "split one with way='auto'"};
        return -1;
    }
    if (memo_active(s) && (!run->counting || run->depth >= 0)) {
        *err = (dlx_error){.kind = DLX_UNSUPPORTED, .what = "listing or splitting a memoized search",
                           .instead = "a search without memo"};
        return -1;
    }
    return 0;
}

/* After SOLUTION: its option nodes, the choices at levels 0..level-1 into out (room for
   s->level), less Algorithm M's null moves (an item's header, not an option node); how many. */
idx
search_solution(const Search *s, idx *out)
{
    idx n = 0;
    for (idx k = 0; k < s->level; k++)
        if (s->bounds == NULL || s->choice[k] > s->n_items)
            out[n++] = s->choice[k];
    return n;
}

/* After PREFIX: the option nodes chosen at levels 0..level-1 into out (room for s->level):
   each the node on the list of its level's item, which a replay covers first. (The loops on
   the sets without colors keep a node of the option, its first: sets.c's enter_set, msets.c's
   enter_m; or, for Algorithm M's null move, the item.) */
void
search_prefix(const Search *s, idx *out)
{
    const int first_nodes = s->where == SETS && !s->dancer->has_colors;
    for (idx k = 0; k < s->level; k++)
        out[k] = first_nodes && k >= s->floor && s->sets.option[k] >= 0 ? node_of(s, s->sets.option[k], s->sets.item[k])
                                                                        : s->choice[k];
}

/* Knuth's random probe from the current state, on the way the search runs; its updates
   are not counted. */
idx
search_probe(Search *s, uint64_t seed, idx *degrees, int *solved)
{
    uint64_t random = seed;
    long long updates = s->updates;
    idx *path = dlx_calloc(search_levels(s->dancer), sizeof(idx)), depth;
    if (path == NULL)
        return -1;
    depth = way_of(s)->probe(s, &random, path, degrees, solved);
    s->updates = updates;
    dlx_free(path);
    return depth;
}
