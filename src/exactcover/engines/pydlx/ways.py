"""The ways a search takes, as one table, and the one place that decides which way runs and
moves a search from one to another.

A way does Algorithm X's steps (Algorithm M's, with bounds) its own way. Each is a row of
`WAYS`, under the name of C's row (cdlx/ways.c), with everything it does: its state made
(``start``), the givens and a prefix entered (``enter``), its run and its random probe, the
rows a sample moves it to, what that sample needs, the move, what it takes and its progress.
The rows: the five link modes (one loop here: `Search.steps` on the links), Algorithm M on
the links (`bounds.Bounds`), the sets without colors, with tallies and with colors
(`sets.Sets`), Algorithm M's sets (`msets.BoundedSets`), the cheapest solutions
(`costs.Costs`), a memoized count (`memo.Memo`) and binary branching (`binary.Binary`).
`way_start` chooses a search's row once, when it starts (`way_for`).

Every search starts on the links. One that could use the sets samples its first nodes (C on
the links; here on the sets with tallies where it can, `samples_on_sets`); at the end of the
sample its updates per node decide whether the sets pay, with tallies or without
(`sets_pay`), and the search moves, once and for good. A memoized count whose table
does not pay hands over to its matrix's row on the links, and to the same decision, with
the nodes it made as its sample.

Port: cdlx/ways.c
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast

from ..contract import DEFAULT_MEMO_BYTES, MEMO_OFF, PAUSED, RULE_WEIGHTED_TIES, ToSets, Tuning, Unsupported
from . import fused, msets
from .binary import Binary
from .bounds import Bounds
from .choice import Random
from .costs import Costs
from .dance import is_wide, is_zeros
from .loop import use_loop
from .memo import Memo, memo_active
from .msets import BoundedSets
from .sets import Sets, colored_floor, leave_sets, samples_on_sets
from .tables import COUNTED, LINKS, SAMPLING, SETS, TALLIED, UNDECIDED, build, can_use
from .tally import TALLY_FLOOR, TALLY_LINE, tally_possible

if TYPE_CHECKING:  # (for annotations only: search needs this module)
    from .dancer import Dancer
    from .search import Search

__all__ = ["WAYS", "Start", "Way", "on_sets", "probe", "rewind", "rewindable", "run", "solution", "start_sampled",
           "sets_pay", "takes", "way_of", "way_start"]

#: What a way takes (`Way.takes`): a run that lists its solutions, a run that splits.
#: A search that starts on a row with TAKES_REWIND can be rewound and take givens pushed
#: (reuse.py).
TAKES_LISTING, TAKES_SPLIT, TAKES_REWIND = 1, 2, 4
TAKES_ALL = TAKES_LISTING | TAKES_SPLIT


class Start(NamedTuple):
    """What a new search starts from (`Dancer.search`'s arguments; C's ``Start``)."""

    givens: Sequence[int] = ()
    excluded: Sequence[int] = ()
    prefix: Sequence[int] = ()
    seed: int | None = None
    tuning: Tuning = Tuning()
    best: int = 0
    cutoff: int | None = None
    memo: int = MEMO_OFF
    memo_bytes: int = DEFAULT_MEMO_BYTES
    diagram: bool = False


def _levels_progress(s: Search) -> tuple[float, float]:
    return s.levels_progress()


class Way(NamedTuple):
    """A way, a row of `WAYS` (C's ``struct Way``, the same names):

    - ``name``: C's row of the same name;
    - ``start``: its own state, made before the exclusions (None: none of its own); Python
      frees it by itself, so there is no ``free``;
    - ``enter``: the givens, then a prefix (and what a way makes from the state they leave);
    - ``run``: ``run(search, steps, work, counting, limit, depth)``, a `Status` as
      `Search.run`; ``probe``: ``probe(search, random)``, the degrees met and whether it ended
      in a solution;
    - ``decides``: its search decides at its first run whether to sample for the sets (False:
      it runs steps of its own, never moving);
    - ``sets``, ``tallied``: the rows a sample moves to, without tallies and with them (None:
      it never moves); ``sample``: what a sample needs before it starts, on the row it would
      move to; ``move``: onto this row, from a search paused at the end of its sample;
    - ``takes``: TAKES_*, and what it is said as when it refuses a run (``refused``,
      ``instead``) or a random probe (``unprobed``: empty where it takes one, as its choice
      row must too); (C's ``mode``, a commit's mode outside the steps, has no use here: one
      loop serves every link mode);
    - ``progress``: the part of its tree finished, and the current node's share;
    - ``null_moves``: its solutions hold Algorithm M's null moves (an item's header);
      ``first_nodes``: its levels keep an option's first node (C's; here the sets keep the
      node on the item's list, and a prefix reads it the same way)."""

    name: str
    start: Callable[[Search, Start], None] | None
    enter: Callable[[Search, Start], None]
    run: Callable[[Search, int, int, bool, int, int], int]
    probe: Callable[[Search, Random], tuple[list[int], bool]]
    decides: bool = False
    sets: str | None = None
    tallied: str | None = None
    sample: Callable[[Search], None] | None = None
    move: Callable[[Search], None] | None = None
    takes: int = TAKES_ALL
    refused: str = ""
    instead: str = ""
    unprobed: str = ""
    progress: Callable[[Search], tuple[float, float]] = _levels_progress
    null_moves: bool = False
    first_nodes: bool = False


# (each way's functions run only where way_of chose them: the casts say what it checked)

def _run_links(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    return s.steps(steps, work, counting, limit, depth, s.on_links())


def _run_sets(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    way = cast(Sets, s.way)
    if way.fused:  # (on the sets without colors: Search.steps with Sets.steps written out)
        return fused.run(way, steps, work, counting, limit, depth)
    return s.steps(steps, work, counting, limit, depth, way.steps())


def _run_bounded(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    bounds = cast(Bounds, s.bounds)
    return bounds.steps(steps, work, counting, limit, depth, bounds.on_links())


def _run_msets(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    return cast(Bounds, s.bounds).steps(steps, work, counting, limit, depth, cast(BoundedSets, s.way).steps())


def _run_costed(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    return cast(Costs, s.costs).run(steps, work, counting, limit, depth)


def _run_binary(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    return cast(Binary, s.binary).run(steps, work, counting, limit, depth)


def _probe_links(s: Search, random: Random) -> tuple[list[int], bool]:
    return s.probe_links(random)


def _probe_sets(s: Search, random: Random) -> tuple[list[int], bool]:
    return cast(Sets, s.way).probe(random)


def _probe_bounded(s: Search, random: Random) -> tuple[list[int], bool]:
    bounds = cast(Bounds, s.bounds)
    return bounds.probe(random, bounds.on_links())


def _probe_msets(s: Search, random: Random) -> tuple[list[int], bool]:
    return cast(Bounds, s.bounds).probe(random, cast(BoundedSets, s.way).steps())


# -- the rows' own starts and entries -----------------------------------------------------

def _enter_links(s: Search, start: Start) -> None:
    s.apply_givens(start.givens)
    s.replay(start.prefix)


def _start_loop(s: Search, start: Start) -> None:
    use_loop(s)


def _start_bounded(s: Search, start: Start) -> None:
    s.bounds = Bounds(s)
    if start.seed is not None:  # (a seeded search without bounds shuffles at each level)
        s.bounds.arrange()


def _enter_bounded(s: Search, start: Start) -> None:
    bounds = cast(Bounds, s.bounds)
    bounds.apply_givens(start.givens)
    bounds.replay(start.prefix)


def _enter_costs(s: Search, start: Start) -> None:
    _enter_links(s, start)
    s.costs = Costs(s, start.best, start.givens, start.prefix, start.cutoff)


def _enter_memo(s: Search, start: Start) -> None:
    """A memoized count keys its table from the state the givens and prefix leave. If the
    table does not fit at all, the count is its matrix's plain one from the start."""
    _enter_links(s, start)
    s.memo = Memo(s, start.memo, start.memo_bytes, start.diagram)
    if not memo_active(s):
        s.row = links_way(s.dancer)


def _start_binary(s: Search, start: Start) -> None:
    s.binary = Binary(s)


def _binary_progress(s: Search) -> tuple[float, float]:
    return cast(Binary, s.binary).progress()


# -- the moves onto the sets, and what a sample needs before it starts ----------------------

def _move_sets(s: Search) -> None:
    """Onto the sets: made now, or (sampled on the sets with tallies) kept, without them (as C
    chooses)."""
    if s.way is None:
        s.way = Sets(s)
    elif not s.move_unit().tallied:
        s.way.tally = None


def _move_msets(s: Search) -> None:
    if s.way is None:
        s.way = BoundedSets(s)


def _sample_colored(s: Search) -> None:
    move = s.move_unit()
    if move.floor_colored is None:  # (a memoized count notes it as it starts)
        move.floor_colored = colored_floor(s)


def _run_memoized(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    """A memoized count's run: when its table does not pay, it hands over (its table dropped)
    to its matrix's row on the links, which decides at once on the sets from the nodes the
    table made."""
    memo = cast(Memo, s.memo)
    status = memo.run(steps, work, counting, limit, depth)
    if not memo_active(s):
        s.row = links_way(s.dancer)
        start_sampled(s, *memo.sample())
    return status


_LINKS = Way("links", None, _enter_links, _run_links, _probe_links, decides=True, sets="sets", tallied="tallied sets",
             takes=TAKES_ALL | TAKES_REWIND)
_BOUNDED = Way("bounded", _start_bounded, _enter_bounded, _run_bounded, _probe_bounded, decides=True, sets="msets",
               tallied="msets", null_moves=True)
_SETS = Way("sets", None, _enter_links, _run_sets, _probe_sets, move=_move_sets, first_nodes=True)
_MEMO = Way("memo", None, _enter_memo, _run_memoized, _probe_links, takes=0,
            refused="listing or splitting a memoized search", instead="a search without memo")
_BINARY = Way("binary", _start_binary, _enter_links, _run_binary, _probe_links, takes=TAKES_LISTING,
              refused="splitting a search with binary branching", instead="split one with way='auto'",
              unprobed="random probes of a search with binary branching", progress=_binary_progress)

#: The ways, by name, in C's order. The five link modes are one loop here (C compiles each:
#: plain, ZEROS, WIDE, COLORED, LOOP); the sets' rows are never a search's first.
WAYS: dict[str, Way] = {way.name: way for way in (
    _LINKS,
    _LINKS._replace(name="zeros"),
    _LINKS._replace(name="wide"),
    _LINKS._replace(name="colored", sets="colored sets", tallied="colored sets", takes=TAKES_ALL),
    Way("loop", _start_loop, _enter_links, _run_links, _probe_links, decides=True),
    _BOUNDED,
    _BOUNDED._replace(name="bounded colored", sets=None, tallied=None),
    _SETS,
    _SETS._replace(name="tallied sets"),
    _SETS._replace(name="colored sets", sample=_sample_colored, first_nodes=False),
    Way("msets", None, _enter_bounded, _run_msets, _probe_msets, sample=msets.start, move=_move_msets,
        null_moves=True, first_nodes=True),
    Way("costs", None, _enter_costs, _run_costed, _probe_links, takes=TAKES_LISTING,
        refused="splitting a search for the cheapest solutions", instead="split a plain search"),
    _MEMO,
    _MEMO._replace(name="memo colored"),
    _MEMO._replace(name="memo diagram"),
    _MEMO._replace(name="memo diagram colored"),
    _BINARY,
    _BINARY._replace(name="binary colored"),
)}


def links_way(dancer: Dancer) -> Way:
    """The row on the links of a matrix: with a loop, with colors, wide, counting its items
    without options, or plain (C's links_way)."""
    return WAYS["loop" if dancer.loop_ends else "colored" if dancer.has_colors else "wide" if is_wide(dancer)
                else "zeros" if is_zeros(dancer) else "links"]


def way_for(dancer: Dancer, start: Start) -> Way:
    """The row a search starts on: binary branching, the cheapest solutions, Algorithm M, a
    memoized count (each with colors or without), or its matrix's row on the links. (What
    cannot combine, the plan has refused: contract.REFUSED.)"""
    colored = " colored" if dancer.has_colors else ""
    if start.tuning.binary:
        return WAYS["binary" + colored]
    if start.best:
        return WAYS["costs"]
    if dancer.bounds:
        return WAYS["bounded" + colored]
    if start.diagram:
        return WAYS["memo diagram" + colored]
    if start.memo != MEMO_OFF:
        return WAYS["memo" + colored]
    return links_way(dancer)


def way_start(s: Search, start: Start) -> None:
    """A new search's row (`way_for`), chosen once, and its own state (before the exclusions;
    the row's ``enter`` follows them)."""
    s.row = way_for(s.dancer, start)
    if s.row.start is not None:
        s.row.start(s, start)


def way_of(s: Search) -> Way:
    """The way a search is on now: its row; on the sets, the row its sample moved it to; while
    it samples on the sets with tallies (pydlx only: `samples_on_sets`), those."""
    if s.where == SETS:
        return WAYS[cast(str, s.row.tallied if s.move_unit().tallied else s.row.sets)]
    return WAYS["tallied sets"] if s.where == SAMPLING and s.way is not None else s.row


def _start(s: Search) -> None:
    """Before a search's first run: SAMPLING if it could use the sets (its row moves to them,
    and `can_use` says they fit), LINKS if not."""
    s.where = SAMPLING if s.row.sets is not None and can_use(s, s.tuning.set_budget) else LINKS
    if s.where == SAMPLING:
        s.move_unit().sample(s, s.tuning.sample)
        _start_sampling(s)
        if samples_on_sets(s):  # (pydlx only: see the module docstring)
            s.way = Sets(s)
            s.way.tallies(set())


def _start_sampling(s: Search) -> None:
    """When a search that could use the sets starts its sample, at its floor: what the row it
    would move to needs (its ``sample``: with bounds the floor's set and BOUNDs, `msets.start`;
    with colors the floor's set and purified items, unless noted already); without either,
    nothing (`Sets` reads what it needs off the links)."""
    sample = WAYS[cast(str, s.row.sets)].sample
    if sample is not None:
        sample(s)


def start_sampled(s: Search, nodes: int, updates: int) -> None:
    """A memoized count whose table did not pay decides at once on the sets, on what it did
    since ``nodes`` and ``updates``: its sample (C's sets_start_sampled)."""
    if s.row.sets is not None and can_use(s, s.tuning.set_budget):
        s.where = SAMPLING
        move = s.move_unit()
        move.sample_nodes, move.sample_updates, move.sample_end = nodes, updates, s.nodes
        _start_sampling(s)
    else:
        s.where = LINKS


def sets_pay(search: Search) -> int:
    """What the sample, just ended, says (C's sets_pay): `TALLIED` (the sets with tallies),
    `COUNTED` (the sets, choosing by population counts) or 0 (the links), as the search's
    tuning asks. A forced move takes what it asks for where the matrix allows it (tallies
    only where it can have them; the two weighted rules not on colored sets, the failure
    rate never). The rule reads the sample's updates per node, which must
    pass its floor: with tallies if the matrix can have them and they pass `TALLY_FLOOR`
    but not n_primary * n_words * `TALLY_LINE` / ratio, else by counts if they pass
    n_primary * n_words / ratio (the weighted rules without colors: `Sets.choose`). The
    calibration is in benchmarks/README.md."""
    tuning, dancer = search.tuning, search.dancer
    counted = search.weight is None or not dancer.has_colors
    if tuning.rule > RULE_WEIGHTED_TIES:  # (the failure rate: on the links only)
        return 0
    if tuning.to_sets == ToSets.TALLIES:
        return TALLIED if tally_possible(dancer) else 0
    if tuning.to_sets == ToSets.ALWAYS:
        return COUNTED if counted else 0
    move = search.move_unit()
    per_node = (search.updates - move.sample_updates) / max(1, search.nodes - move.sample_nodes)
    line = dancer.n_primary * (dancer.n_options // 64 + 1)
    if not per_node > tuning.floor:
        return 0
    if per_node > TALLY_FLOOR and per_node * tuning.ratio <= line * TALLY_LINE and tally_possible(dancer):
        return TALLIED
    return COUNTED if counted and per_node * tuning.ratio > line else 0


def _decide(s: Search) -> None:
    """At the end of its sample, the search stays on the links or moves to the sets, with
    tallies or without (`sets_pay`), once and for good: by the move of the row its
    sample chose."""
    move = s.move_unit()
    pays = sets_pay(s)
    s.where, move.tallied = LINKS, pays == TALLIED
    if pays and build(s.dancer):
        s.where, move.moved_at = SETS, s.level
        cast(Callable[["Search"], None], way_of(s).move)(s)
    elif s.way is not None:
        leave_sets(s)


# -- the way, as the functions that use a search again see it (reuse.py) ---------------------

def on_sets(s: Search) -> bool:
    """Whether the search runs on the sets now (a sample runs on the sets with tallies here,
    and counts as on the links, as C's does)."""
    return s.where == SETS


def rewindable(s: Search) -> bool:
    """Whether its way lets the search be rewound to its floor: anywhere on the links, or on
    the sets it moved to at its floor (its links are as they were there)."""
    return s.move_unit().moved_at == s.floor if s.where == SETS else True


def rewind(s: Search) -> None:
    """The way's part of `reuse.rewind`: decided again at the search's next run (its sample
    starts again; or its move)."""
    if s.where in (SAMPLING, SETS):
        s.where, s.way = UNDECIDED, None


def takes(s: Search, counting: bool, depth: int) -> None:
    """Whether a search can take a run: Unsupported saying what it cannot do, in its row's
    words (a search for the cheapest solutions, or with binary branching, does not split; a
    memoized count neither lists nor splits)."""
    way = way_of(s)
    if (depth >= 0 and not way.takes & TAKES_SPLIT) or (not counting and not way.takes & TAKES_LISTING):
        raise Unsupported(way.refused, way.instead)


def run(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    """`Search.run`: search on, within the budgets, on the way the search is on. A search
    whose row can move to the sets starts SAMPLING and, at the end of its sample, moves to
    the sets or stays on the links for good, as its tuning says."""
    takes(s, counting, depth)
    if s.where == UNDECIDED and s.row.decides:
        _start(s)
    if s.where == SAMPLING and steps > (move := s.move_unit()).sample_end - s.nodes:
        stop, work_stop = s.nodes + steps, s.updates + s.scanned + work
        status = way_of(s).run(s, move.sample_end - s.nodes, work, counting, limit, depth)
        if status != PAUSED or s.nodes < move.sample_end:
            return status
        _decide(s)
        steps = stop - s.nodes
        if work and (work := work_stop - s.updates - s.scanned) <= 0:
            return PAUSED
    return way_of(s).run(s, steps, work, counting, limit, depth)


def solution(s: Search) -> tuple[int, ...]:
    """After SOLUTION: its options, the choices at levels 0..level-1, less Algorithm M's null
    moves (an item's header, not an option node)."""
    n, null_moves = s.n_items, way_of(s).null_moves
    return tuple(s.option_of(x) for x in s.choice[: s.level] if not null_moves or x > n)


def probe(s: Search, random: Random) -> tuple[list[int], bool]:
    """Knuth's random probe from the current state, on the way the search runs; its updates
    are not counted."""
    updates = s.updates
    degrees, solved = way_of(s).probe(s, random)
    s.updates = updates
    return degrees, solved
