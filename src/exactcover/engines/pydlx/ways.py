"""The ways a search takes, as one table, and the one place that decides which way runs and
moves a search from one to another.

A way does Algorithm X's steps (Algorithm M's, with bounds) its own way and gives two
operations, a run and a probe: on the links (`Search`; with bounds, `bounds.Bounds`) or on
the sets of options (`sets.Sets`, with tallies or colors; with bounds, `msets.BoundedSets`).
A search for the cheapest solutions (`costs.Costs`) runs on the links with steps of its own
(Algorithm X's steps, `Search.steps`), and a memoized count (`memo.Memo`) runs its own steps
(C's runs on X's steps too); both are decided here, before the table. Everything else a way
needs (its state made, its givens) is its unit's, which `Search` calls as it starts.

Every search starts on the links. One that could use the sets samples its first nodes (C on
the links; here on the sets with tallies where it can, `samples_on_sets`); at the end of the
sample its updates per node decide whether the sets pay, with tallies or without
(`tables.Move.pays`), and the search moves, once and for good. A memoized count whose table
does not pay hands over to the same decision, with the nodes it made as its sample.

Port: cdlx/ways.c
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, cast

from ..contract import PAUSED, Unsupported
from . import fused, msets
from .bounds import Bounds
from .choice import Random
from .memo import Memo, memo_active
from .msets import BoundedSets
from .sets import Sets, colored_floor, leave_sets, samples_on_sets
from .tables import LINKS, SAMPLING, SETS, TALLIED, UNDECIDED, build, can_use

if TYPE_CHECKING:  # (for annotations only: search needs this module)
    from .search import Search

__all__ = ["WAYS", "Way", "on_sets", "probe", "rewind", "rewindable", "run", "solution", "start_sampled", "takes"]


class Way(NamedTuple):
    """A way: its run (``run(search, steps, work, counting, limit, depth)``: a `Status`, as
    `Search.run`) and its random probe (``probe(search, random)``: the degrees met and
    whether it ended in a solution)."""

    run: Callable[[Search, int, int, bool, int, int], int]
    probe: Callable[[Search, Random], tuple[list[int], bool]]


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


def _probe_links(s: Search, random: Random) -> tuple[list[int], bool]:
    return s.probe_links(random)


def _probe_sets(s: Search, random: Random) -> tuple[list[int], bool]:
    return cast(Sets, s.way).probe(random)


def _probe_bounded(s: Search, random: Random) -> tuple[list[int], bool]:
    bounds = cast(Bounds, s.bounds)
    return bounds.probe(random, bounds.on_links())


def _probe_msets(s: Search, random: Random) -> tuple[list[int], bool]:
    return cast(Bounds, s.bounds).probe(random, cast(BoundedSets, s.way).steps())


#: The ways, [on the sets][with bounds].
WAYS = (
    (Way(_run_links, _probe_links), Way(_run_bounded, _probe_bounded)),
    (Way(_run_sets, _probe_sets), Way(_run_msets, _probe_msets)),
)


def way_of(s: Search) -> Way:
    """The way a search on the links or the sets is on."""
    return WAYS[s.way is not None][s.bounds is not None]


def _start(s: Search) -> None:
    """Before a search's first run: SAMPLING if it could use the sets, LINKS if not."""
    s.where = SAMPLING if can_use(s, s.tuning.set_budget) else LINKS
    if s.where == SAMPLING:
        s.move_unit().sample(s, s.tuning.sample)
        _start_sampling(s)
        if s.bounds is None and samples_on_sets(s):  # (with bounds, BoundedSets replays from the floor)
            s.way = Sets(s)
            s.way.tallies(set())


def _start_sampling(s: Search) -> None:
    """When a search that could use the sets starts its sample, at its floor: with bounds the
    floor's set and BOUNDs (`msets.start`); with colors the floor's set and purified items,
    unless noted already (a memoized count notes them as it starts); else nothing (`Sets`
    reads what it needs off the links)."""
    if s.bounds is not None:
        msets.start(s)
        return
    move = s.move_unit()
    if s.dancer.has_colors and move.floor_colored is None:
        move.floor_colored = colored_floor(s)


def start_sampled(s: Search, nodes: int, updates: int) -> None:
    """A memoized count whose table did not pay decides at once on the sets, on what it did
    since ``nodes`` and ``updates``: its sample (C's sets_start_sampled)."""
    if can_use(s, s.tuning.set_budget):
        s.where = SAMPLING
        move = s.move_unit()
        move.sample_nodes, move.sample_updates, move.sample_end = nodes, updates, s.nodes
        _start_sampling(s)
    else:
        s.where = LINKS


def _decide(s: Search) -> None:
    """At the end of its sample, the search stays on the links or moves to the sets, with
    tallies or without (`tables.Move.pays`), once and for good."""
    move = s.move_unit()
    pays = move.pays(s)
    s.where, move.tallied = LINKS, pays == TALLIED
    if pays and build(s.dancer):
        if s.way is None:
            s.way = BoundedSets(s) if s.bounds is not None else Sets(s)
        elif not move.tallied:  # (sampled on the sets with tallies: choose as C does)
            s.way.tally = None
        s.where, move.moved_at = SETS, s.level
    elif s.way is not None:
        leave_sets(s)


def _run_memoized(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    """A memoized count's run: when its table does not pay, it hands over (its table dropped)
    to the plain count, which decides at once on the sets from the nodes the table made."""
    memo = cast(Memo, s.memo)
    status = memo.run(steps, work, counting, limit, depth)
    if not memo_active(s):
        start_sampled(s, *memo.sample())
    return status


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
    """Whether a search can take a run: Unsupported saying what it cannot do (a search for the
    cheapest solutions does not split; a memoized count neither lists nor splits)."""
    if s.costs is not None and depth >= 0:
        raise Unsupported("splitting a search for the cheapest solutions", "split a plain search")
    if memo_active(s) and (not counting or depth >= 0):
        raise Unsupported("listing or splitting a memoized search", "a search without memo")


def run(s: Search, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    """`Search.run`: search on, within the budgets, on the links or the sets. A search that
    could use the sets starts SAMPLING and, at the end of its sample, moves to the sets or
    stays on the links for good, as its tuning says."""
    takes(s, counting, depth)
    if s.binary is not None:
        return s.binary.run(steps, work, counting, limit, depth)
    if s.costs is not None:
        return s.costs.run(steps, work, counting, limit, depth)
    if memo_active(s):
        return _run_memoized(s, steps, work, counting, limit, depth)
    if s.where == UNDECIDED:
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
    n, bounded = s.n_items, s.bounds is not None
    return tuple(s.option_of(x) for x in s.choice[: s.level] if not bounded or x > n)


def probe(s: Search, random: Random) -> tuple[list[int], bool]:
    """Knuth's random probe from the current state, on the way the search runs; its updates
    are not counted."""
    updates = s.updates
    degrees, solved = way_of(s).probe(s, random)
    s.updates = updates
    return degrees, solved
