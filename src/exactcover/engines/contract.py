"""What an engine is: the contract between the two engines and the rest of exactcover.

An engine is a module with a `Dancer` class: a compiled matrix, built from `Compiled` arrays,
whose `search` method starts a `Search`. The C extension ``_dlx`` and the pure-Python
``pydlx`` (the specification) both follow it, and the solver and the parallel layer use
engines only through it: the statuses below, the errors below, and the operations of the two
protocols.

The compiled form is four flat int arrays and two counts. Items are numbered 0..N-1 by their
position in the matrix (the N1 primary ones first; inside an engine they become 1..N, 0
being the root), options 0..M-1 in matrix order. ``items[starts[k]:starts[k + 1]]`` are
option k's item numbers, and ``colors`` holds, at the same positions, each entry's color
number (0: none; 1, 2, ... for the distinct colors). ``bounds`` is empty, or holds lo and
hi for each primary item in turn (multiplicities: Knuth's Algorithm M).

``costs`` holds each option's cost (the dancers search for the cheapest solutions), or is
empty.
"""

from __future__ import annotations

import enum
import functools
from array import array
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

import attrs

from ..errors import GivenAndExcluded, GivensBreakLoop, GivensClash, MatrixError, PrefixError, UnknownOption, Unsupported

__all__ = ["Status", "DONE", "SOLUTION", "PAUSED", "LIMIT", "PREFIX", "ENGINE_ERRORS", "MatrixError", "UnknownOption",
           "GivensClash", "GivensBreakLoop", "GivenAndExcluded", "PrefixError", "Unsupported", "Compiled", "Dancer", "Search", "Checker",
           "REFUSED", "SAID", "refuse", "WAYS", "EQUAL_WAYS", "RULES", "RULE_MRV", "RULE_WEIGHTED",
           "RULE_WEIGHTED_TIES", "RULE_FAILURE_RATE", "RULE_SAID", "OTHER_TREES", "Where", "ToSets", "Tuning", "MEMO_OFF", "MEMO_ON", "MEMO_AUTO",
           "DEFAULT_MEMO_BYTES", "EngineCall", "Reduced"]


class Status(enum.IntEnum):
    """What `Search.run` returns (an int on the engines' side: both compare equal)."""

    DONE = 0  #: the search is over: every solution has been visited
    SOLUTION = 1  #: a solution was found; ``solution()`` gives it, ``run`` again resumes
    PAUSED = 2  #: the step or work budget of this call ran out before the next node
    LIMIT = 3  #: in counting mode, the number of solutions reached ``limit``
    PREFIX = 4  #: splitting: the search reached ``depth``; ``prefix()`` names the subtree there


DONE, SOLUTION, PAUSED, LIMIT, PREFIX = Status

#: The errors an engine raises, with numbers (items, options, nodes) as their facts; the
#: `Solver` raises them again with the labels a caller knows. `MatrixError`: arrays that are
#: not a matrix; `UnknownOption`, `GivensClash`, `GivensBreakLoop`, `GivenAndExcluded`: givens and exclusions;
#: `PrefixError`: a prefix that is not a subtree of this search; `Unsupported`: a question
#: the engine cannot answer for this matrix (random probes with bounds).
ENGINE_ERRORS = (MatrixError, UnknownOption, GivensClash, GivensBreakLoop, GivenAndExcluded, PrefixError, Unsupported)


#: How a search may run, on either engine: "auto", the calibrated rule (start on the links,
#: move to the sets of options if a sample of nodes says they pay); "links"; "sets", from
#: the first node, wherever the sets can be used (uncolored, unseeded, small enough
#: matrices): these three with the same results and statistics (but that `Solver.first`
#: with "auto", past a head start, runs the weighted ties beside MRV: search/portfolio.py). The others choose each
#: item by another rule than MRV (`RULES`), and find the same solutions in another order,
#: with other statistics: "weighted", by the dead ends each item has caused (dom/wdeg,
#: pydlx's `Choice.choose_weighted`; a file of problems as lines moves to the tallies at
#: once), and "weighted-ties", MRV with ties to the item of most dead ends
#: (`Choice.choose_weighted_ties`): these two after a sample, as "auto", to the sets if they
#: pay (by tallies, or by population counts without colors), each the same tree wherever it
#: runs; "failure-rate", by the share of each item's options that ended in a dead end at once
#: (`Choice.choose_by_failure_rate`), on the links only.
#: "binary": MRV's item, but two branches at a node, its first option in and then out
#: (pydlx's `binary.Binary`; on the links). `Tuning.of` turns a name into what the engines read.
WAYS = ("auto", "links", "sets", "weighted", "weighted-ties", "failure-rate", "binary")
#: ... the ways that search the same tree (the same results and statistics).
EQUAL_WAYS = WAYS[:3]
#: The rules of the item choice (`Tuning.rule` is the index; C's RULE_MRV ... in dlx.h):
#: MRV, then the ways that choose otherwise, by their names.
RULES = ("mrv", "weighted", "weighted-ties", "failure-rate")
RULE_MRV, RULE_WEIGHTED, RULE_WEIGHTED_TIES, RULE_FAILURE_RATE = range(4)
#: How messages name the rules other than MRV.
RULE_SAID = {"weighted": "the weighted choice", "weighted-ties": "the weighted ties",
             "failure-rate": "the failure-rate choice"}
#: ... and the ways that search another tree than MRV's, as messages name them.
OTHER_TREES = {**RULE_SAID, "binary": "binary branching"}


class Where(enum.IntEnum):
    """Where a search runs (`Search.where`; C: the enum of the same names in dlx.h)."""

    LINKS = -1  #: on the links, to its end
    UNDECIDED = 0  #: not yet: before its first run
    SETS = 1  #: on the sets of options (moved there at the end of its sample)
    SAMPLING = 2  #: on the links, measuring which way is faster
    MOVING = 3  #: (C only) its sample said "the sets": it moves when it next runs with the GIL


class ToSets(enum.IntEnum):
    """What a search does at the end of its sample on the links (`Tuning.to_sets`)."""

    NEVER = 0  #: it takes no sample and stays on the links ("links", "failure-rate", "binary")
    IF_PAYS = 1  #: it moves to the sets if its updates per node pass the rule's two lines ("auto", the weighted rules)
    #: it moves to the sets, choosing its items by population counts ("sets"; the weighted
    #: rules stay on the links with colors)
    ALWAYS = 2
    TALLIES = 3  #: it moves to the sets and chooses its items by tallies (pydlx/tally.py)


#: The budget of a forced move: larger than any matrix within the engines' limits.
_NEVER_TOO_BIG = 1 << 40


@attrs.frozen
class Tuning:
    """How one search runs (`Dancer.search`'s ``tuning``), made once from the API's ``way=``
    by `of`, read once by each engine. The results are the same whatever it says (but for
    the weighted choice's order); only the time differs.

    A search that may use the sets runs its first ``sample`` nodes on the links, then does
    what ``to_sets`` says. The sets can be used if the matrix has no costs, no colors with
    bounds, and the search no seed; by the rule only if the dancer's masks take at most
    ``budget`` words (n_primary * n_words); by tallies only if the matrix can have them
    (no colors, no bounds, no item with 255 options or more): where they cannot be used the
    search stays on the links. The rule moves if the updates per node pass ``floor`` and
    n_primary * n_words / ``ratio`` (with tallies past pydlx's `TALLY_FLOOR` and below
    `TALLY_LINE` times that line). The defaults are the C engine's (``_dlx.DEFAULT_TUNING``:
    budget, sample, floor, ratio); their calibration is in benchmarks/README.md.
    """

    to_sets: ToSets = attrs.field(default=ToSets.IF_PAYS, converter=ToSets)
    sample: int = attrs.field(default=256, validator=attrs.validators.ge(0))
    budget: int = attrs.field(default=1 << 16, validator=attrs.validators.ge(0))
    floor: float = 0.0
    ratio: float = attrs.field(default=30.0, validator=attrs.validators.gt(0))
    #: the rule of the item choice (an index of `RULES`): the two weighted rules on the links,
    #: or on the sets (by population counts only without colors); the failure rate on the links only
    rule: int = attrs.field(default=RULE_MRV, validator=[attrs.validators.ge(0), attrs.validators.lt(len(RULES))])
    #: binary branching (the way "binary"): on the links, by MRV
    binary: bool = False

    @staticmethod
    def of(way: str, after: int = 1, tallies: bool = False) -> Tuning:
        """The tuning of ``way`` (one of `WAYS`); with "sets", the search moves after
        ``after`` nodes (0: at its floor, before its first node; tests put the move
        everywhere), and with ``tallies`` it chooses its items by tallies. (Made once for
        each: a search's start is a few microseconds, and a generator starts thousands.)"""
        if not isinstance(way, str):
            raise ValueError(f"way must be one of {', '.join(map(repr, WAYS))}, not {way!r}")
        return _tuning_of(way, after, tallies)

    @property
    def set_budget(self) -> int:
        """The largest n_primary * n_words of the matrices whose searches may use the sets:
        none on the links, `budget` by the rule, any that fits the engines' limits on a
        forced move."""
        return 0 if self.to_sets == ToSets.NEVER else self.budget if self.to_sets == ToSets.IF_PAYS else _NEVER_TOO_BIG


@functools.cache
def _tuning_of(way: str, after: int, tallies: bool) -> Tuning:
    if way == "auto":
        return Tuning()
    if way in ("weighted", "weighted-ties"):  # (to the sets where its sample says they pay)
        return Tuning(rule=RULES.index(way))
    if way == "links" or way in RULES:
        return Tuning(ToSets.NEVER, rule=RULES.index(way) if way in RULES else RULE_MRV)
    if way == "binary":
        return Tuning(ToSets.NEVER, binary=True)
    if way == "sets":
        return Tuning(ToSets.TALLIES if tallies else ToSets.ALWAYS, after)
    raise ValueError(f"way must be one of {', '.join(map(repr, WAYS))}, not {way!r}")


#: `Dancer.search`'s ``memo``: a plain search; a counting search that memoizes the counts of
#: its states (pydlx/memo.py); or one that decides from a sample whether that pays.
MEMO_OFF, MEMO_ON, MEMO_AUTO = 0, 1, 2
#: ... and the default for its ``memo_bytes``, the most memory its table may take (counted as
#: the C engine lays it out, on both engines).
DEFAULT_MEMO_BYTES = 1 << 30


@attrs.frozen
class EngineCall:
    """What `Dancer.search` is called with, but the subtree: the givens and exclusions (option
    numbers), the ``seed``, the ``tuning``, ``best`` (the k cheapest, 0: not that search),
    the memo's mode and table size, and whether the search builds the diagram. The front's
    plan makes one when it decides a search (`exactcover.search.plans.Plan.call`), and it
    travels unchanged to `start`, wherever the search runs: in this process, or in a worker
    of a parallel search (it pickles)."""

    givens: tuple[int, ...] = ()
    excluded: tuple[int, ...] = ()
    seed: int | None = None
    tuning: Tuning = Tuning()
    best: int = 0
    memo: int = MEMO_OFF
    memo_bytes: int = DEFAULT_MEMO_BYTES
    diagram: bool = False

    def plain(self, tuning: Tuning = Tuning()) -> EngineCall:
        """A plain search of the same givens and exclusions on ``tuning``: unseeded, without a
        table or a cost bound (a split's, or a balanced count's look at a node's children)."""
        return EngineCall(self.givens, self.excluded, tuning=tuning)

    def start(self, dancer: Dancer, prefix: Sequence[int] = (), *, tuning: Tuning | None = None,
              cutoff: int | None = None) -> Search:
        """The search of ``dancer`` this call describes, under ``prefix`` (a subtree's), with
        another ``tuning`` (the partner of a first solution's search: search/portfolio.py) or a
        ``cutoff`` (a parallel search's incumbent for the cheapest solutions) if given."""
        return dancer.search(array("i", self.givens), self.seed, array("i", self.excluded), array("i", prefix),
                             self.tuning if tuning is None else tuning, self.best, cutoff, self.memo, self.memo_bytes,
                             self.diagram)


#: How a refusal names each thing an engine's search can have (the plan's words for them too:
#: `exactcover.front.plan.SAID` begins with these).
SAID = {"bounds": "bounds", "best": "the cheapest solutions", "memo": "memo", "seed": "a seed", "sets": "way='sets'",
        "priority": "priority items", "loop": "a loop", **OTHER_TREES, "colors": "colors", "costs": "costs",
        "checker": "a checker of a matrix", "lines": "problems as lines", "reduce": "reducing a matrix"}

#: What one search or operation cannot combine, for both engines and the library above them:
#: each pair of the things it may have -> what to do instead, in the order they are checked.
#: The operations come first: "checker" (`Dancer.checker`), "lines" (`Dancer.solve_lines`)
#: and "reduce" (`Dancer.reduce`), each with what a matrix has that it cannot take. The
#: things a matrix has (`Dancer.has`, `Compiled.has`): "colors", "bounds" (multiplicities),
#: "costs", "loop" (a loop constraint: on the links, never memoized; the other rules of the
#: item choice take it, binary branching not) and "priority" (priority items: MRV's rule with
#: those items first, on the links). The things a search has: "best" (the cheapest
#: solutions, on a matrix with costs), "memo" (a memoized count), "seed" (ties broken at
#: random), a way that searches another tree than MRV's (by its name in `OTHER_TREES`) and
#: "sets" (way="sets"). These are the first rows of the plan's one table
#: (`exactcover.front.plan.REFUSALS`), which refuses a search before any engine sees it (as
#: `Solver.checker`, `solve_lines` and `Matrix.reduce` refuse theirs, from this table); the
#: engines check the same pairs (`refuse`) only as an assertion, for a caller without a plan.
REFUSED: dict[tuple[str, str], str] = {
    **{("checker", thing): "search each problem apart" for thing in ("loop", "colors", "bounds")},
    **{("lines", thing): "search each problem apart" for thing in ("colors", "bounds", "costs", "loop")},
    ("reduce", "bounds"): "reduce the problem without them",
    ("reduce", "loop"): "search it as it is",
    **{pair: instead for rule in OTHER_TREES for pair, instead in (
        ((rule, "bounds"), "leave way='auto'"), ((rule, "best"), "leave way='auto'"),
        ((rule, "memo"), "leave way='auto'"), ((rule, "seed"), "search without one"))},
    ("best", "seed"): "search without one",
    ("best", "bounds"): "search with costs or with bounds",
    ("memo", "bounds"): "count without memo",
    ("memo", "seed"): "count without one",
    ("memo", "sets"): "way='auto' or 'links'",
    **{(rule, "priority"): "leave way='auto'" for rule in OTHER_TREES},
    ("priority", "bounds"): "search without priority",
    ("priority", "best"): "search without priority",
    ("priority", "sets"): "way='auto' or 'links'",
    ("binary", "loop"): "leave way='auto'",
    ("loop", "bounds"): "search without bounds",
    ("loop", "best"): "search without costs",
    ("loop", "memo"): "count without memo",
    ("loop", "sets"): "way='auto' or 'links'",
}


def refuse(*used: str | None) -> None:
    """`Unsupported` for the first pair of `REFUSED` that ``used`` (the things a search or an
    operation has, None for one it has not) holds both of, in the plan's words. Both engines'
    ``Dancer.search``, ``checker``, ``solve_lines`` and ``reduce`` call it first (the C binding
    only for two things or more: one alone is never refused): an assertion, since the library
    has refused such a call before it makes it."""
    present = set(used) - {None}
    if len(present) < 2:
        return
    for (first, second), instead in REFUSED.items():
        if first in present and second in present:
            raise Unsupported(f"{SAID[first]} with {SAID[second]}", instead)


@attrs.frozen
class Compiled:
    """A matrix in the engines' form (see the module docstring): what a `Dancer` is built
    from, and what a worker process needs to build it again."""

    n_primary: int
    n_secondary: int
    starts: array[int]
    items: array[int]
    colors: array[int]
    #: lo and hi of each primary item in turn; empty when each is covered exactly once.
    bounds: array[int] = attrs.field(factory=lambda: array("i"))
    #: the cost of each option; empty when none has one.
    costs: array[int] = attrs.field(factory=lambda: array("q"))
    #: 1 for each primary item that has priority, else 0; empty when none has.
    priority: array[int] = attrs.field(factory=lambda: array("i"))
    #: the loop constraint: its color's number (0: no option has it), 1 if a solution may have
    #: no edge of that color (`Loop.empty`) else 0, then (edge, u, v) for each edge, as item
    #: positions; empty without one.
    loop: array[int] = attrs.field(factory=lambda: array("i"))

    @property
    def has(self) -> tuple[str, ...]:
        """What this matrix has that a refusal names (`REFUSED`), as its dancers say it
        (`Dancer.has`)."""
        return tuple(name for name, present in (("colors", any(self.colors)), ("bounds", any(b != 1 for b in self.bounds)),
                                                ("costs", any(self.costs)), ("loop", bool(self.loop)),
                                                ("priority", any(self.priority))) if present)

    def arguments(self) -> tuple[Any, ...]:
        """The `Dancer` constructor's arguments (costs, priority and loop only if there are any)."""
        head = (self.n_primary, self.n_secondary, self.starts, self.items, self.colors, self.bounds)
        if self.loop:
            return head + (self.costs, self.priority, self.loop)
        if self.priority:
            return head + (self.costs, self.priority)
        return head + (self.costs,) if self.costs else head


class Search(Protocol):
    """One search on its own copy of a dancer's arrays, resumable step by step."""

    nodes: int  #: search nodes visited (each entered level counts one)
    updates: int  #: link updates (Knuth's "updates"), the unit of the work budget with the item choice's reads
    scanned: int  #: ... those reads, in updates' worth (a run's work is updates + scanned)
    solutions: int  #: solutions visited
    max_level: int  #: the deepest level entered
    level: int  #: the current level
    memo_hits: int  #: states found in the table (0 unless memoizing)
    memo_lookups: int  #: states looked up
    memo_entries: int  #: states stored
    memoizing: bool  #: whether the search uses its table now (MEMO_AUTO may drop it)
    where: int  #: where it runs: a `Where` (SETS on the sets of options; else on the links)
    tallied: bool  #: on the sets, whether with tallies (pydlx/sets.py), or will be when it moves

    def run(self, steps: int, work: int = 0, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """Search on for at most ``steps`` nodes (and ``work`` units of effort, if not 0): a
        `Status`. ``counting`` counts solutions up to ``limit`` (0: none) instead of returning
        them; ``depth`` >= 0 stops at that level with PREFIX (splitting)."""

    def solution(self) -> tuple[int, ...]:
        """After SOLUTION: the option numbers of the solution (givens first)."""

    def prefix(self) -> tuple[int, ...]:
        """After PREFIX: the option nodes chosen at the levels above, which ``Dancer.search``
        replays to search that subtree alone."""

    def fraction(self) -> float:
        """Knuth's estimate of the part of the tree done so far (0..1, never decreasing)."""

    def share(self) -> float:
        """The part of the tree under the current node, if every choice at each level were as
        large as every other: 1 / (total_1 ... total_L)."""

    def solution_cost(self) -> int:
        """After SOLUTION, in a search with costs: the solution's cost (the givens' included)."""

    def diagram_nodes(self) -> tuple[int, bytes]:
        """After a memoized search that builds the diagram is done: its root, and its nodes
        2, 3, ... as bytes of int32 (option, lo, hi) triples."""

    def probe(self, seed: int) -> tuple[Sequence[int], bool]:
        """One of Knuth's random probes from the root: the degrees met on the way down, and
        whether it ended at a solution. The search's state is left as it was."""


class Checker(Protocol):
    """Many checks of a dancer's problems with givens, on one search used again (a puzzle
    generator's checks: pydlx/checker.py); made by `Dancer.checker`."""

    def count_with(self, givens: Sequence[int], limit: int, max_nodes: int = 0) -> tuple[int, int, int]:
        """(status, solutions, nodes) of a new search of ``givens`` counting to ``limit``
        solutions within ``max_nodes`` nodes (0: no bound)."""

    def thin(self, solution: Sequence[int], forced: bool = False, max_nodes: int = 0, group: int = 1,
             grouped: int = 0) -> list[int]:
        """The options of ``solution`` kept when each is dropped in turn where the matrix still
        has that one solution without it (found without a choice if ``forced``; a uniqueness
        check within ``max_nodes`` nodes, 0: no bound), the first ``grouped`` tried ``group`` at
        a time; ValueError if the options are not a solution."""

    def unneeded(self, givens: Sequence[int], max_nodes: int = 0) -> int | None:
        """The position of the first of ``givens`` (with exactly one solution, else ValueError)
        that the checker does without, or None if it needs every one."""


class Reduced(NamedTuple):
    """What `Dancer.reduce` found (``pydlx/reduce.py`` says the rules): per option and per
    item (indexed 1..n_items; 0 unused) what became of it (pydlx.reduce's KEPT, FORCED,
    BLOCKED, NO_PRIMARY, UNUSED, one byte each) and the item that says why (see there); the
    options and the items removed, in the order they went; the primary item left without
    options (0: none); the rounds begun; whether the last changed nothing or there is no
    solution (False: a budget stopped it); and the nodes taken out of their lists."""

    option_fate: bytes
    option_by: list[int]
    order: list[int]
    item_fate: bytes
    item_by: list[int]
    item_order: list[int]
    infeasible: int
    rounds: int
    complete: bool
    updates: int


class Dancer(Protocol):
    """A compiled matrix, read-only, shared by every search on it (and thread-safe)."""

    n_items: int
    n_primary: int
    n_options: int
    n_entries: int
    has_colors: int
    has: tuple[str, ...]  #: what it has that a refusal names (`REFUSED`): colors, bounds, costs, loop, priority
    nbytes: int  #: bytes of the compiled arrays (each search copies them)
    arrays: dict[str, list[int]]  #: the pristine arrays by name, as lists: no search changes them

    def search(self, givens: Sequence[int] = (), seed: int | None = None, excluded: Sequence[int] = (),
               prefix: Sequence[int] = (), tuning: Tuning | None = None, best: int = 0, cutoff: int | None = None,
               memo: int = MEMO_OFF, memo_bytes: int = DEFAULT_MEMO_BYTES, diagram: bool = False) -> Search:
        """A new search: ``excluded`` options taken out, then ``givens`` chosen (option
        numbers), then ``prefix`` replayed; ``seed`` breaks ties at random, reproducibly;
        ``tuning`` (a `Tuning`; None: the defaults) chooses how it runs, for this search alone;
        ``best`` (> 0) makes it a search for that many cheapest solutions, cheaper than
        ``cutoff`` if given; ``memo`` (see MEMO_ON) makes it a counting search with a table of
        at most ``memo_bytes``, whose ``solutions`` is exact at any size, and ``diagram`` one
        that builds the diagram of its solutions too (Unsupported with a seed or bounds).
        `EngineCall.start` is how the library calls it."""

    def checker(self, tuning: Tuning | None = None) -> Checker:
        """A checker of this matrix's problems with givens, its checks run as ``tuning`` says
        (on the sets with tallies from the floor where its set budget allows and the matrix
        can have them, else on the links; with its weighted choice or by MRV); Unsupported
        for a matrix with colors, bounds or a loop (`REFUSED`)."""

    def reduce(self, rounds: int = 0, seconds: float = 0.0) -> tuple[Any, ...]:
        """Knuth's preprocessing of this matrix's problem (no bounds), at most ``rounds``
        rounds and about ``seconds`` (0: no bound): the fields of a `Reduced`, in order."""

    def solve_lines(self, data: bytes, width: int, codes: Sequence[int], writes: Sequence[int], limit: int = 1,
                    max_nodes: int = 0, weighted: bool = False, tallies: bool = False) -> tuple[bytes, bytes, int, int]:
        """Every problem of ``data``, a line of symbols each (``pydlx/lines.py`` says how):
        (answers, statuses, nodes, solutions); with ``tallies``, each searched on the sets with
        tallies where the matrix can have them (the same results)."""
