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
from array import array
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from .errors import GivenAndExcluded, GivensClash, MatrixError, PrefixError, UnknownOption, Unsupported

__all__ = ["Status", "DONE", "SOLUTION", "PAUSED", "LIMIT", "PREFIX", "ENGINE_ERRORS", "MatrixError", "UnknownOption",
           "GivensClash", "GivenAndExcluded", "PrefixError", "Unsupported", "Compiled", "Dancer", "Search", "REFUSED", "refuse", "WAYS", "EQUAL_WAYS", "tuning",
           "check_tuning", "MEMO_OFF", "MEMO_ON", "MEMO_AUTO", "DEFAULT_MEMO_BYTES"]


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
#: not a matrix; `UnknownOption`, `GivensClash`, `GivenAndExcluded`: givens and exclusions;
#: `PrefixError`: a prefix that is not a subtree of this search; `Unsupported`: a question
#: the engine cannot answer for this matrix (random probes with bounds).
ENGINE_ERRORS = (MatrixError, UnknownOption, GivensClash, GivenAndExcluded, PrefixError, Unsupported)


#: How a search may run, on either engine: "auto", the calibrated rule (start on the links,
#: move to the sets of options if a sample of nodes says they pay); "links"; "sets", from
#: the first node, wherever the sets can be used (uncolored, unseeded, small enough
#: matrices): these three with the same results and statistics. "weighted": on the links,
#: each item chosen by the conflicts it has met (`Dancer.search`'s ``weighted``: pydlx's
#: `Search.choose_weighted`), the same solutions in another order, with other statistics
#: (a file of problems as lines takes it to the sets with tallies: the same tree).
WAYS = ("auto", "links", "sets", "weighted")
#: ... the ways that search the same tree (the same results and statistics).
EQUAL_WAYS = WAYS[:3]
#: `Search.sets` of a search that runs on the sets of options (-1: on the links for good; 0
#: before its first run; 2 on the links while sampling; C's 3: about to move).
ON_SETS = 1

#: `Dancer.search`'s ``memo``: a plain search; a counting search that memoizes the counts of
#: its states (pydlx/memo.py); or one that decides from a sample whether that pays.
MEMO_OFF, MEMO_ON, MEMO_AUTO = 0, 1, 2
#: ... and the default for its ``memo_bytes``, the most memory its table may take (counted as
#: the C engine lays it out, on both engines).
DEFAULT_MEMO_BYTES = 1 << 30
_NEVER_TOO_BIG = 1 << 40


#: What one search cannot combine, for both engines and the library above them: each pair of
#: the things a search may have -> what `Unsupported` says (what, and what to do instead),
#: in the order they are checked. The things: "bounds" (multiplicities), "best" (a search
#: for the cheapest solutions, on a matrix with costs), "memo" (a memoized count), "seed"
#: (ties broken at random), "weighted" (the weighted choice), "sets" (way="sets").
REFUSED: dict[tuple[str, str], tuple[str, str]] = {
    ("weighted", "bounds"): ("the weighted choice with bounds", "choose by MRV"),
    ("weighted", "best"): ("the weighted choice in a search for the cheapest solutions", "choose by MRV"),
    ("weighted", "memo"): ("the weighted choice in a memoized count", "choose by MRV"),
    ("weighted", "seed"): ("a seed with the weighted choice", "search without one"),
    ("best", "seed"): ("a seed in a search for the cheapest solutions", "search without one"),
    ("best", "bounds"): ("costs with bounds", "search with costs or with bounds"),
    ("memo", "bounds"): ("memoized counting with bounds", "count without memo"),
    ("memo", "seed"): ("a seed in a memoized count", "count without one"),
    ("memo", "sets"): ("memoized counting on the sets", "way='auto' or 'links'"),
}


def refuse(*used: str | None) -> None:
    """`Unsupported` for the first pair of `REFUSED` that ``used`` (the things a search has;
    None for one it has not) holds both of. Both engines' ``Dancer.search`` call it first
    (the C binding only for a search with two things or more: one alone is never refused)."""
    present = set(used) - {None}
    if len(present) < 2:
        return
    for (first, second), (what, instead) in REFUSED.items():
        if first in present and second in present:
            raise Unsupported(what, instead)


def tuning(way: str, after: int = 1, tallies: bool = False) -> tuple[int, int, float, float] | None:
    """The ``tuning`` argument of `Dancer.search` for ``way`` (one of `WAYS`); with "sets",
    the search moves after ``after`` nodes (0: at its floor, before its first node; tests put
    the move everywhere), and with
    ``tallies`` it chooses its items by tallies (pydlx/sets.py), or stays on the links if the
    matrix cannot have them (colors, bounds, or an item with 255 options or more)."""
    if way == "auto":
        return None
    if way in ("links", "weighted"):
        return (0, 1, 0.0, 1.0)
    if way == "sets":
        return (_NEVER_TOO_BIG, after, -1.0, 1e-300 if tallies else 1e300)
    raise ValueError(f"way must be one of {', '.join(map(repr, WAYS))}, not {way!r}")


def check_tuning(tuning: object) -> None:
    """TypeError or ValueError, as the C engine raises them, for a tuning that is not None or
    (budget >= 0, sample >= 0, floor, ratio > 0)."""
    if tuning is None:
        return
    if not isinstance(tuning, tuple) or len(tuning) != 4:
        raise TypeError("tuning must be None or (budget, sample, floor, ratio)")
    budget, sample, _floor, ratio = tuning
    if budget < 0 or sample < 0 or not ratio > 0:
        raise ValueError("tuning: budget must be >= 0, sample >= 0 and ratio > 0")


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

    def arguments(self) -> tuple[Any, ...]:
        """The `Dancer` constructor's arguments (costs only if there are any)."""
        head = (self.n_primary, self.n_secondary, self.starts, self.items, self.colors, self.bounds)
        return head + (self.costs,) if self.costs else head


class Search(Protocol):
    """One search on its own copy of a dancer's arrays, resumable step by step."""

    nodes: int  #: search nodes visited (each entered level counts one)
    updates: int  #: link updates (Knuth's "updates"), the unit of the work budget with the item choice's reads
    solutions: int  #: solutions visited
    max_level: int  #: the deepest level entered
    level: int  #: the current level
    memo_hits: int  #: states found in the table (0 unless memoizing)
    memo_lookups: int  #: states looked up
    memo_entries: int  #: states stored
    memoizing: bool  #: whether the search uses its table now (MEMO_AUTO may drop it)
    sets: int  #: where it runs: ON_SETS on the sets of options; else on the links (see `WAYS`)
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

    def rewind(self) -> None:
        """Back to the floor, as a new search of the same givens (pydlx/reuse.py; not with
        colors, bounds, costs, memo, on the sets or with a prefix: Unsupported)."""

    def push(self, *options: int) -> None:
        """At the floor of a rewound (or unrun) search: choose the options as more givens, in
        turn; all or none (ValueError, UnknownOption: those before are popped again)."""

    def pop(self, count: int = 1) -> int:
        """Undo the last ``count`` pushes (last in, first out): the last option popped;
        IndexError, and none popped, if fewer are pushed."""

    def count_with(self, givens: Sequence[int], limit: int, max_nodes: int = 0) -> tuple[int, int, int]:
        """(status, solutions, nodes) of a new search of ``givens`` counting to ``limit``
        solutions within ``max_nodes`` nodes (0: no bound), run on this search and rewound
        (pydlx/reuse.py); only on a search made with no givens, exclusions, prefix or seed,
        rewound, nothing pushed (Unsupported)."""

    def thin(self, solution: Sequence[int], forced: bool = False, max_nodes: int = 0, group: int = 1,
             grouped: int = 0) -> list[int]:
        """The options of ``solution`` kept when each is dropped in turn where the search still
        has that one solution without it (found without a choice if ``forced``; a uniqueness
        check within ``max_nodes`` nodes, 0: no bound), the first ``grouped`` tried ``group`` at
        a time (pydlx/thin.py); where count_with may run (Unsupported); ValueError if the
        options are not a solution."""

    def unneeded(self, givens: Sequence[int], max_nodes: int = 0) -> int | None:
        """The position of the first of ``givens`` (with exactly one solution, else ValueError)
        that the search does without, or None if it needs every one (pydlx/thin.py)."""

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


class Dancer(Protocol):
    """A compiled matrix, read-only, shared by every search on it (and thread-safe)."""

    n_items: int
    n_primary: int
    n_options: int
    n_entries: int
    has_colors: int
    nbytes: int  #: bytes of the compiled arrays (each search copies them)
    arrays: dict[str, list[int]]  #: the pristine arrays by name, as lists: no search changes them

    def search(self, givens: Sequence[int] = (), seed: int | None = None, excluded: Sequence[int] = (),
               prefix: Sequence[int] = (), tuning: tuple[int, int, float, float] | None = None,
               memo: int = MEMO_OFF, memo_bytes: int = DEFAULT_MEMO_BYTES, weighted: bool = False) -> Search:
        """A new search: ``excluded`` options taken out, then ``givens`` chosen (option
        numbers), then ``prefix`` replayed; ``seed`` breaks ties at random, reproducibly;
        ``tuning`` (see `tuning`) chooses how it runs, for this search alone; ``memo`` (see
        MEMO_ON) makes it a counting search with a table of at most ``memo_bytes``, whose
        ``solutions`` is exact at any size (Unsupported with a seed or bounds); ``weighted``
        chooses its items by weight (the way "weighted" of `WAYS`)."""

    def solve_lines(self, data: bytes, width: int, codes: Sequence[int], writes: Sequence[int], limit: int = 1,
                    max_nodes: int = 0, weighted: bool = False, tallies: bool = False) -> tuple[bytes, bytes, int, int]:
        """Every problem of ``data``, a line of symbols each (``pydlx/lines.py`` says how):
        (answers, statuses, nodes, solutions); with ``tallies``, each searched on the sets with
        tallies where the matrix can have them (the same results)."""
