"""The solver: compile a `Matrix` once, then answer many questions about it.

A `Solver` turns a matrix into an engine's arrays once. Every call (`first`, `solutions`,
`count`, `is_unique`) starts a fresh search on a private copy of those arrays, with its own
givens, seed and budget, so one solver serves thousands of searches (a 9×9 sudoku matrix,
say, with each puzzle's clues as givens), and can be shared between threads.

A search stopped by its budget raises `BudgetExceeded`; it never looks like "no solution".
Ctrl-C raises KeyboardInterrupt within a fraction of a second and leaves the solver usable.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

import attrs

from . import engines
from .errors import BudgetExceeded, GivensError
from .matrix import Matrix
from .pydlx import PAUSED, SOLUTION

__all__ = ["Solver", "Stats", "Solution"]

#: A solution: the labels of the options chosen, givens first, then in search order.
Solution = tuple

# How much an engine does between two returns to Python (where Ctrl-C, the timeout and the
# node budget are checked): at most this many nodes, or about this many updates.
_CHUNK = {"c": (1 << 16, 1 << 21), "python": (1 << 11, 1 << 15)}


@attrs.define
class Stats:
    """What a search did; updated as it runs.

    ``nodes`` counts entries into the search procedure (the root, every partial solution and
    every complete one); ``updates`` counts link removals (Knuth's measure of work, givens
    included); ``max_level`` is the deepest level entered (the number of options chosen,
    givens not counted); ``seconds`` is the time spent searching.
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    max_level: int = 0
    seconds: float = 0.0


def _check_positive(name: str, value: Any, *, allow_zero: bool = False) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name} must be {'at least 0' if allow_zero else 'positive'}, not {value}")


def _known(index: dict, label: Any) -> bool:
    try:
        return label in index
    except TypeError:
        return False


class _Run:
    """One search and its budget: steps the engine chunk by chunk, keeping ``stats`` current."""

    def __init__(self, solver: Solver, givens: Iterable[Hashable], seed: int | None,
                 max_nodes: int | None, timeout: float | None, exclude: Iterable[Hashable] = ()) -> None:
        _check_positive("max_nodes", max_nodes, allow_zero=True)
        if timeout is not None and not timeout > 0:
            raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        ids = solver._option_ids(givens, "given")
        excluded = solver._option_ids(exclude, "excluded")
        self.labels = solver._labels
        labels = self.labels
        self.prefix = tuple([labels[k] for k in ids])
        self.max_nodes = max_nodes
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.chunk, self.work = _CHUNK[solver.engine]
        self.stats = solver.stats = Stats()
        started = time.perf_counter()
        try:
            self.search = solver._dancer.search(array("i", ids), seed, array("i", excluded) if excluded else ())
        except ValueError as clash:
            raise solver._clash_error(*clash.args) from None
        self.stats.seconds = time.perf_counter() - started
        self.stats.updates = self.search.updates

    def step(self, counting: bool = False, limit: int = 0) -> int:
        """Run until a solution, the end, or ``limit`` solutions counted; enforce the budget."""
        search, stats = self.search, self.stats
        while True:
            steps = self.chunk
            if self.max_nodes is not None:
                steps = min(steps, self.max_nodes - search.nodes)
            started = time.perf_counter()
            try:
                status = search.run(steps, self.work, counting, limit)
            finally:
                stats.seconds += time.perf_counter() - started
                stats.nodes, stats.updates = search.nodes, search.updates
                stats.solutions, stats.max_level = search.solutions, search.max_level
            if status != PAUSED:
                return status
            if self.max_nodes is not None and search.nodes >= self.max_nodes:
                raise BudgetExceeded("max_nodes", stats, search.solutions)
            if self.deadline is not None and time.monotonic() >= self.deadline:
                raise BudgetExceeded("timeout", stats, search.solutions)

    def solution(self) -> Solution:
        labels = self.labels
        return self.prefix + tuple([labels[k] for k in self.search.solution()])


class Solver:
    """A matrix compiled for an engine, ready for many searches.

    ``engine`` is ``"auto"`` (the C engine when built, else pure Python), ``"c"`` or
    ``"python"``. Every search method takes:

    * ``givens``: labels of options forced into the solution before the search (a sudoku's
      clues). Solutions start with them. Givens that share an item raise `GivensError`.
    * ``exclude``: labels of options left out of this search (a sudoku's eliminated
      candidates).
    * ``seed``: ``None`` for the deterministic order (fewest options first, ties to the first
      item in matrix order), or an int to break ties at random and try options in random
      order: the same seed gives the same solutions in the same order, on either engine.
    * ``max_nodes`` and ``timeout`` (seconds): a budget. A search that runs out raises
      `BudgetExceeded`, never a wrong answer.

    `stats` describes the most recent search, and is updated as it runs.

    >>> from exactcover import Matrix, Solver
    >>> solver = Solver(Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3]}))
    >>> solver.count(), solver.first()
    (2, ('a', 'b'))
    """

    def __init__(self, matrix: Matrix, engine: str = "auto") -> None:
        if not isinstance(matrix, Matrix):
            raise TypeError(f"Solver needs a Matrix, not {type(matrix).__name__}")
        module = engines.get(engine)
        self.matrix = matrix
        self.engine = engines.name_of(module)
        self.stats = Stats()
        self._labels = tuple(option.label for option in matrix.options)
        self._index = {label: k for k, label in enumerate(self._labels)}
        starts, items, colors = array("i", [0]), array("i"), array("i")
        color_number: dict[Hashable, int] = {}
        position = matrix.position
        for option in matrix.options:
            for item, color in zip(option.items, option.colors):
                items.append(position(item))
                colors.append(0 if color is None else color_number.setdefault(color, len(color_number) + 1))
            starts.append(len(items))
        self._dancer = module.Dancer(len(matrix.primary), len(matrix.secondary), starts, items, colors)

    def __repr__(self) -> str:
        return f"Solver({self.matrix!r}, engine={self.engine!r})"

    @property
    def nbytes(self) -> int:
        """Bytes of the engine's arrays for this matrix (each search makes its own copy)."""
        return self._dancer.nbytes

    # -- the questions ------------------------------------------------------------------------

    def first(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), seed: int | None = None,
              max_nodes: int | None = None, timeout: float | None = None) -> Solution | None:
        """The first solution, or ``None`` when there is none."""
        run = _Run(self, givens, seed, max_nodes, timeout, exclude)
        return run.solution() if run.step() == SOLUTION else None

    def solutions(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), limit: int | None = None,
                  seed: int | None = None, max_nodes: int | None = None,
                  timeout: float | None = None) -> Iterator[Solution]:
        """Every solution (at most ``limit``), lazily: each is searched for when asked for."""
        _check_positive("limit", limit)
        run = _Run(self, givens, seed, max_nodes, timeout, exclude)  # bad arguments fail here, not later
        return self._iterate(run, limit)

    @staticmethod
    def _iterate(run: _Run, limit: int | None) -> Iterator[Solution]:
        found = 0
        while limit is None or found < limit:
            if run.step() != SOLUTION:
                return
            found += 1
            yield run.solution()

    def count(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), limit: int | None = None,
              seed: int | None = None, max_nodes: int | None = None,
              timeout: float | None = None) -> int:
        """The number of solutions, counted inside the engine; at most ``limit``."""
        _check_positive("limit", limit)
        run = _Run(self, givens, seed, max_nodes, timeout, exclude)
        run.step(counting=True, limit=limit or 0)
        return run.search.solutions

    def is_unique(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
                  max_nodes: int | None = None, timeout: float | None = None) -> bool:
        """Whether there is exactly one solution (the search stops at the second)."""
        return self.count(givens, exclude=exclude, limit=2, max_nodes=max_nodes, timeout=timeout) == 1

    # -- givens ----------------------------------------------------------------------------

    def _option_ids(self, labels: Iterable[Hashable], what: str) -> list[int]:
        if isinstance(labels, (str, bytes)):
            raise GivensError(f"{what} options must be a collection of option labels, not the string {labels!r}")
        index = self._index
        try:
            return [index[label] for label in labels]
        except (KeyError, TypeError):
            bad = next(label for label in labels if not _known(index, label))
            raise GivensError(f"{what} option {bad!r} is not an option of this matrix") from None

    def _clash_error(self, a: int, b: int | None = None, item: int | None = None) -> GivensError:
        if b is None:
            return GivensError(f"option {self._labels[a]!r} is both given and excluded")
        la, lb = self._labels[a], self._labels[b]
        name = self.matrix.items[item]
        if a == b:
            return GivensError(f"option {la!r} is given twice")
        return GivensError(
            f"given options {la!r} and {lb!r} cannot both be chosen: both cover item {name!r}"
        )
