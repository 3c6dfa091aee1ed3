/*
 * ways.c: the ways a search takes, as one table, and the one place that decides which way
 * runs and moves a search from one to another.
 *
 * A way does Algorithm X's steps (Algorithm M's, with bounds) its own way. Each is a row of
 * WAYS, with everything it does (ways.h: struct Way): its own state made and freed, the
 * givens and a prefix entered, its runs (with MRV's item choice and with a chosen one:
 * choice.c's table) and its random probe, the rows a sample moves it to and the move onto
 * them, what it takes and its progress. The rows: the five link modes (links.c: plain,
 * zeros, wide, colored, loop), Algorithm M on the links (bounds.c), the sets without colors,
 * with tallies and with colors (sets.c, csets.c, tally.c), Algorithm M's sets (msets.c), the
 * cheapest solutions (costs.c), a memoized count (memo.c, without its diagram and with) and
 * binary branching (binary.c), these without colors and with. search_init chooses a search's
 * row once, when it starts (way_for), from the dancer and the start.
 *
 * A search whose row has a `sets` way starts on the links and samples its first nodes there
 * (sets_start); at the end of the sample its updates per node decide whether the sets pay,
 * with tallies or without (sets_pay, sets_decide), and sets_move moves it, once and for good.
 * A memoized count whose table does not pay hands over to its matrix's row on the links,
 * and to the same decision, with the nodes it made as its sample.
 *
 * Specification: pydlx/ways.py, pydlx/tables.py
 */
#include "dlx.h"
#include "engine.h"
#include "ways.h"
#include "sets.h"
#include "loop.h"

#include <string.h>

/* The rows of WAYS, in its order. */
enum {
    WAY_LINKS, WAY_ZEROS, WAY_WIDE, WAY_COLORED, WAY_LOOP, WAY_BOUNDED, WAY_BOUNDED_COLORED, WAY_SETS,
    WAY_TALLIED, WAY_COLORED_SETS, WAY_MSETS, WAY_COSTS, WAY_MEMO, WAY_MEMO_COLORED, WAY_MEMO_DIAGRAM,
    WAY_MEMO_DIAGRAM_COLORED, WAY_BINARY, WAY_BINARY_COLORED, N_WAYS
};

static int bounded_start(Search *s, const Start *start);
static int bounded_enter(Search *s, const Start *start, dlx_error *err);
static int loop_begin(Search *s, const Start *start);
static int binary_begin(Search *s, const Start *start);
static int memo_enter(Search *s, const Start *start, dlx_error *err);
static int memo_enter_colored(Search *s, const Start *start, dlx_error *err);
static int run_memoized(Search *s, const Run *run);
static int run_memoized_colored(Search *s, const Run *run);
static int run_memoized_diagram(Search *s, const Run *run);
static int run_memoized_diagram_colored(Search *s, const Run *run);
static int sample_colored(Search *s);
static int sample_msets(Search *s);
static void move_sets(Search *s);
static void move_colored_sets(Search *s);
static void move_tallied(Search *s);
static void sets_and_tallies_free(Search *s);

#define RUN(f) .run = f, .run_chosen = f /* (one run whatever the item choice: the row reads it, or takes one) */
#define LINK_MODE(f) .run = f, .run_chosen = f##_chosen
#define ON_LINKS .enter = links_enter, .probe = probe_links, .progress = levels_progress, .on_links = 1
#define DECIDES .decides = 1, .takes = TAKES_ALL
#define ON_SETS .probe = probe_sets, .takes = TAKES_ALL, .progress = levels_progress
#define TO_SETS .sets = &WAYS[WAY_SETS], .tallied = &WAYS[WAY_TALLIED]
#define REWOUND .decides = 1, .takes = TAKES_ALL | TAKES_REWIND
#define BOUNDED .start = bounded_start, .free = bounds_free, .enter = bounded_enter, RUN(run_bounded), .on_links = 1, \
                .probe = probe_bounded, DECIDES, .progress = levels_progress, .null_moves = 1
#define UNSPLIT(what, other) .takes = TAKES_LISTING, .refused = "splitting a search " what, .instead = other
#define MEMOIZED .probe = probe_links, .progress = levels_progress, .on_links = 1, .refused = "listing or splitting a memoized search", \
                 .instead = "a search without memo"
#define BINARY .enter = links_enter, .probe = probe_links, .progress = binary_progress, .on_links = 1, \
               UNSPLIT("with binary branching", "split one with way='auto'"), \
               .unprobed = "random probes of a search with binary branching"

static const Way WAYS[N_WAYS] = {
    [WAY_LINKS] = {.name = "links", LINK_MODE(run_plain), ON_LINKS, TO_SETS, REWOUND},
    [WAY_ZEROS] = {.name = "zeros", LINK_MODE(run_zeros), ON_LINKS, TO_SETS, REWOUND},
    [WAY_WIDE] = {.name = "wide", LINK_MODE(run_wide), ON_LINKS, TO_SETS, REWOUND, .mode = WIDE},
    [WAY_COLORED] = {.name = "colored", LINK_MODE(run_colored), ON_LINKS, .sets = &WAYS[WAY_COLORED_SETS],
                     .tallied = &WAYS[WAY_COLORED_SETS], DECIDES},
    [WAY_LOOP] = {.name = "loop", .start = loop_begin, .free = loop_free, LINK_MODE(run_loop), ON_LINKS, DECIDES},
    [WAY_BOUNDED] = {.name = "bounded", BOUNDED, .sets = &WAYS[WAY_MSETS], .tallied = &WAYS[WAY_MSETS]},
    [WAY_BOUNDED_COLORED] = {.name = "bounded colored", BOUNDED},
    [WAY_SETS] = {.name = "sets", .free = sets_and_tallies_free, .run = run_plain_sets,
                  .run_chosen = run_weighted_sets, ON_SETS, .move = move_sets, .first_nodes = 1},
    [WAY_TALLIED] = {.name = "tallied sets", .run = run_tallied_sets, .run_chosen = run_tallied_weighted_sets,
                     ON_SETS, .move = move_tallied, .first_nodes = 1},
    [WAY_COLORED_SETS] = {.name = "colored sets", .free = colored_free, RUN(run_colored_sets), ON_SETS,
                          .sample = sample_colored, .move = move_colored_sets},
    [WAY_MSETS] = {.name = "msets", RUN(run_msets), .probe = probe_msets, .takes = TAKES_ALL,
                   .progress = levels_progress, .sample = sample_msets, .move = msets_move, .null_moves = 1,
                   .first_nodes = 1},
    [WAY_COSTS] = {.name = "costs", .start = costs_start, .free = costs_free, RUN(run_costed), ON_LINKS,
                   UNSPLIT("for the cheapest solutions", "split a plain search")},
    [WAY_MEMO] = {.name = "memo", .free = memo_free, .enter = memo_enter, RUN(run_memoized), MEMOIZED},
    [WAY_MEMO_COLORED] = {.name = "memo colored", .enter = memo_enter_colored, RUN(run_memoized_colored), MEMOIZED},
    [WAY_MEMO_DIAGRAM] = {.name = "memo diagram", .enter = memo_enter, RUN(run_memoized_diagram), MEMOIZED},
    [WAY_MEMO_DIAGRAM_COLORED] = {.name = "memo diagram colored", .enter = memo_enter,
                                  RUN(run_memoized_diagram_colored), MEMOIZED},
    [WAY_BINARY] = {.name = "binary", .start = binary_begin, .free = binary_free, RUN(run_binary), BINARY},
    [WAY_BINARY_COLORED] = {.name = "binary colored", .start = binary_begin, RUN(run_binary_colored), BINARY},
};

/* The row on the links of a matrix: with a loop, with colors, wide, counting its items
   without options, or plain. */
static const Way *
links_way(const Dancer *d)
{
    return &WAYS[d->loop_ends != NULL ? WAY_LOOP
                 : d->has_colors     ? WAY_COLORED
                 : is_wide(d)        ? WAY_WIDE
                 : is_zeros(d)       ? WAY_ZEROS
                                     : WAY_LINKS];
}

/* The row a search starts on: binary branching, the cheapest solutions, Algorithm M, a
   memoized count (each with colors or without), or its matrix's row on the links. (What
   cannot combine, the plan has refused: contract.REFUSED.) */
static const Way *
way_for(const Dancer *d, const Start *start)
{
    const int colored = d->has_colors;
    if (start->tuning.binary)
        return &WAYS[colored ? WAY_BINARY_COLORED : WAY_BINARY];
    if (start->best > 0)
        return &WAYS[WAY_COSTS];
    if (d->bounds != NULL)
        return &WAYS[colored ? WAY_BOUNDED_COLORED : WAY_BOUNDED];
    if (start->diagram)
        return &WAYS[colored ? WAY_MEMO_DIAGRAM_COLORED : WAY_MEMO_DIAGRAM];
    if (start->memo != MEMO_OFF)
        return &WAYS[colored ? WAY_MEMO_COLORED : WAY_MEMO];
    return links_way(d);
}

/* A new search's row (way_for), once, and its state: 0, or -1 if memory ran out. */
static int
way_start(Search *s, const Start *start)
{
    s->ways.row = way_for(s->dancer, start);
    s->ways.where = UNDECIDED;
    return s->ways.row->start != NULL ? s->ways.row->start(s, start) : 0;
}

/* Start a search in s (zeroed by the caller) on its way: a private copy of d's arrays, the
   item choice's state (a seed, a rule), its row chosen (way_for) and the row's own state,
   the options excluded taken out, then the row enters the givens and the choices of the
   prefix. -1 on failure, told in err; search_release(s) then, as always. */
int
search_init(Search *s, const Dancer *d, const Start *start, dlx_error *err)
{
    if (search_copy(s, d, start) < 0 || choice_start(s, start) < 0 || way_start(s, start) < 0) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    if (search_exclude(s, start, err) < 0)
        return -1;
    return s->ways.row->enter(s, start, err);
}

/* Free what search_init made, and what every way the search can have been on made (each
   row's free leaves alone what it never made). */
void
search_release(Search *s)
{
    search_drop_copy(s);
    for (int w = 0; w < N_WAYS; w++)
        if (WAYS[w].free != NULL)
            WAYS[w].free(s);
    choice_free(s);
    pushed_free(s);
    memset(s, 0, sizeof *s);
}

/* What a random probe of the search, refused, says: its way's row's (binary branching) or its
   choice row's (a rule) words; NULL where both take one. */
const char *
search_unprobed(const Search *s)
{
    return s->ways.row->unprobed != NULL ? s->ways.row->unprobed : s->ways.choice->unprobed;
}

/* A way's name (pydlx/ways.py's row of the same name), as it runs now. */
const char *
way_name(const Search *s)
{
    return way_of(s)->name;
}

/* -- the rows' own steps, where a unit's function does not fit the row as it is ---------- */

/* (With a seed, Algorithm M's lists are shuffled once, before the search, as DLX3 does.) */
static int
bounded_start(Search *s, const Start *start)
{
    return bounds_start(s) < 0 || (start->seeded && bounded_arrange(s) < 0) ? -1 : 0;
}

static int
bounded_enter(Search *s, const Start *start, dlx_error *err)
{
    return bounded_givens(s, start, err) < 0 || bounded_replay(s, start, err) < 0 ? -1 : 0;
}

static int
loop_begin(Search *s, const Start *start)
{
    (void)start;
    return loop_start(s);
}

static int
binary_begin(Search *s, const Start *start)
{
    (void)start;
    return binary_start(s);
}

/* A memoized count keys its table from the state the givens and prefix leave. If the table
   does not fit at all, the count is its matrix's plain one from the start. */
static int
memo_enter(Search *s, const Start *start, dlx_error *err)
{
    if (links_enter(s, start, err) < 0)
        return -1;
    if (memo_start(s, start->memo, start->memo_bytes, start->diagram) < 0) {
        err->kind = DLX_NO_MEMORY;
        return -1;
    }
    if (!memo_active(s))
        s->ways.row = links_way(s->dancer);
    return 0;
}

/* A colored count's automatic table notes its floor as it starts: a table dropped hands over
   far from the floor (without memory for the note, the search stays on the links). */
static int
memo_enter_colored(Search *s, const Start *start, dlx_error *err)
{
    if (memo_enter(s, start, err) < 0)
        return -1;
    if (start->memo == MEMO_AUTO && memo_active(s))
        (void)sets_note_floor(s);
    return 0;
}

static void
sets_and_tallies_free(Search *s)
{
    sets_free(s);
    tally_free(s);
}

/* Before a search's first run: SAMPLING if it could use the sets (its row moves to them, its
   item choice is MRV's plain order, and a mask per item, a set per level and a row of
   conflicts per option fit; and the row it would move to has what its sample needs), LINKS
   if not. */
static void
sets_start(Search *s)
{
    const Dancer *d = s->dancer;
    s->ways.where = LINKS;
    if (s->ways.row->sets == NULL || !s->ways.choice->sets || d->cost != NULL || d->tables < 0 ||
        !sets_fit(d, s->tuning.set_budget))
        return;
    const Way *next = s->ways.row->sets;
    if (next->sample != NULL && next->sample(s) < 0)
        return;
    s->sets.sample_nodes = s->nodes;
    s->sets.sample_updates = s->updates;
    s->sets.sample_end = s->nodes + s->tuning.sample;
    s->ways.where = SAMPLING;
}

/* What the sample, just ended, says (pydlx/ways.py: sets_pay): the sets with tallies (2),
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
        s->ways.where = LINKS;
    else if (s->dancer->tables == 0)
        s->ways.where = MOVING;
    else
        sets_move(s);
    return s->ways.where;
}

/* A memoized count whose table did not pay (memo.c) decides at once on the sets, on what
   it did since `nodes` and `updates`: its sample. */
static void
sets_start_sampled(Search *s, long long nodes, long long updates)
{
    sets_start(s);
    if (s->ways.where == SAMPLING) {
        s->sets.sample_nodes = nodes;
        s->sets.sample_updates = updates;
        s->sets.sample_end = s->nodes;
    }
}

/* Move a search paused at step X2 of its level to the sets, once the dancer's are built: by
   the move of the row its sample chose (way_of's, once on the sets). If memory runs out,
   the search stays on the links. */
void
sets_move(Search *s)
{
    s->ways.where = SETS;
    way_of(s)->move(s);
}

/* The sets' moves: from the links as they are (sets.c: sets_replay, sets_replay_tallied,
   csets_replay); with tallies, a search of givens pushed alone, at its floor, from its
   givens (sets.c: tally_enter). */
static void
move_sets(Search *s)
{
    s->ways.where = LINKS;
    if (s->dancer->tables > 0)
        sets_replay(s);
}

static void
move_colored_sets(Search *s)
{
    s->ways.where = LINKS;
    if (s->dancer->tables > 0)
        csets_replay(s);
}

static void
move_tallied(Search *s)
{
    s->ways.where = LINKS;
    if (s->dancer->tables <= 0)
        return;
    if (s->bare && s->level == s->floor && tally_enter(s, s->pushed != NULL ? s->pushed->option : NULL, pushed_count(s)) == 0)
        return; /* (at the floor of a search of pushed givens alone: from them, not off the links) */
    sets_replay_tallied(s);
}

/* What a sample needs before it starts, by the row it would move to: with colors the floor's
   set and purified items, unless noted already (a memoized count notes them as it starts:
   it hands over far from its floor); with bounds the floor's set and BOUNDs (msets.c). 0; -1
   to stay on the links (memory ran out). */
static int
sample_colored(Search *s)
{
    if (s->sets.floor_set != NULL)
        return 0;
    return s->memo != NULL ? -1 : sets_note_floor(s);
}

static int
sample_msets(Search *s)
{
    msets_start(s);
    return s->sets.floor_set != NULL && s->bounds->floor_bound != NULL ? 0 : -1;
}

/* A memoized count's run: when its table does not pay, it hands over (its table dropped) to
   its matrix's row on the links, which decides at once on the sets from the nodes the table
   made. */
static int
hand_over(Search *s, int status)
{
    if (!memo_active(s)) {
        long long nodes, updates;
        memo_sample(s, &nodes, &updates);
        s->ways.row = links_way(s->dancer);
        if (s->ways.row->mode & WIDE) /* (its item choice reads every block again: the memo's steps kept none) */
            memset(s->scan.dirty, 1, (size_t)(s->n_primary >> 6) + 1);
        sets_start_sampled(s, nodes, updates);
    }
    return status;
}

static int
run_memoized(Search *s, const Run *run)
{
    return hand_over(s, run_memo(s, run));
}

static int
run_memoized_colored(Search *s, const Run *run)
{
    return hand_over(s, run_memo_colored(s, run));
}

static int
run_memoized_diagram(Search *s, const Run *run)
{
    return hand_over(s, run_memo_diagram(s, run));
}

static int
run_memoized_diagram_colored(Search *s, const Run *run)
{
    return hand_over(s, run_memo_diagram_colored(s, run));
}

/* A row's run for a search's item choice: MRV's in list order compiled in, or (CHOSEN, on
   the links) the choice row's. */
static inline int (*run_of(const Way *w, const Search *s))(Search *, const Run *)
{
    return s->ways.choice->chosen ? w->run_chosen : w->run;
}

/* Search on, within `run`'s budgets, on the way it is on. A search whose row can move to the
   sets starts SAMPLING on the links; at the end of its sample it stays there or moves: at
   once if the dancer's sets are built, else it pauses as MOVING for its caller to build
   them (with the GIL) and call again, which moves it. */
int
search_run(Search *s, const Run *run)
{
    Run rest = *run;
    if (s->ways.where == UNDECIDED && s->ways.row->decides)
        sets_start(s);
    if (s->ways.where == MOVING)
        sets_move(s);
    if (s->ways.where == SAMPLING && rest.steps > sets_sample_left(s)) {
        const long long stop = s->nodes + rest.steps, work_stop = effort(s) + rest.work;
        Run sample = rest;
        sample.steps = sets_sample_left(s);
        int status = run_of(s->ways.row, s)(s, &sample);
        if (status != PAUSED || sets_sample_left(s) > 0)
            return status;
        if (sets_decide(s) == MOVING)
            return PAUSED;
        rest.steps = stop - s->nodes;
        if (rest.work && (rest.work = work_stop - effort(s)) <= 0)
            return PAUSED;
    }
    return run_of(way_of(s), s)(s, &rest);
}


/* -- the way, as the files that use a search again see it (reuse.c, checker.c, lines.c; they
   read its row too: way_of's on_links) -- */

/* Whether it waits, paused as MOVING, for its dancer's sets to be built (with the GIL). */
int
search_moving(const Search *s)
{
    return s->ways.where == MOVING;
}

/* Whether its way lets the search be rewound to its floor: anywhere on the links, or on the
   sets it moved to at its floor (its links are as they were there); not while it waits to
   move. */
int
sets_rewindable(const Search *s)
{
    return s->ways.where == SETS ? sets_moved_at(s) == s->floor : s->ways.where != MOVING;
}

/* A search rewound to its floor: its way is decided again at its next run (its sample
   starts again; or its move). */
void
sets_rewind(Search *s)
{
    if (s->ways.where == SAMPLING || s->ways.where == SETS)
        s->ways.where = UNDECIDED;
}

/* A check (checker.c, lines.c) runs a search on the way it enters it (the links, or the sets
   with tallies from its floor: search_enter), not on the way it was on: that way, kept to be
   put back by sets_put_back, and the search on the links for now. */
int
sets_hold(Search *s)
{
    const int kept = s->ways.where;
    s->ways.where = LINKS;
    return kept;
}

void
sets_put_back(Search *s, int kept)
{
    s->ways.where = kept;
}

/* Whether a search can take `run`: 0, or -1 with err saying what it cannot do, in its row's
   words (a search for the cheapest solutions, or with binary branching, does not split; a
   memoized count neither lists nor splits). */
int
search_takes(const Search *s, const Run *run, dlx_error *err)
{
    const Way *w = way_of(s);
    if ((run->depth >= 0 && !(w->takes & TAKES_SPLIT)) || (!run->counting && !(w->takes & TAKES_LISTING))) {
        *err = (dlx_error){.kind = DLX_UNSUPPORTED, .what = w->refused, .instead = w->instead};
        return -1;
    }
    return 0;
}

/* After SOLUTION: its option nodes, the choices at levels 0..level-1 into out (room for
   s->level), less Algorithm M's null moves (an item's header, not an option node); how many. */
idx
search_solution(const Search *s, idx *out)
{
    const int null_moves = way_of(s)->null_moves;
    idx n = 0;
    for (idx k = 0; k < s->level; k++)
        if (!null_moves || s->choice[k] > s->n_items)
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
    const int first_nodes = way_of(s)->first_nodes;
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
