"""Many quick checks of one matrix's problems with givens: `Checker`, made by
`Solver.checker`.

A puzzle generator asks thousands of small questions of one matrix: a random solution to
start from; does the grid with these clues still have exactly one solution? which clues can go while it does? is every clue left
needed? Each answer is a search, and most of them are short, so what a check costs around its
search matters: a `Checker` keeps one search of the compiled matrix for all of them (the C
engine enters each check's givens at the search's floor and rewinds it after), and its `thin`
and `unneeded` run their whole loop of checks in the engine, with no Python between two
checks. The engine's side is ``pydlx/checker.py`` (the specification) and ``cdlx/checker.c``.

>>> from exactcover import Matrix, Solver
>>> matrix = Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3]})
>>> solver = Solver(matrix)
>>> checker = solver.checker()
>>> checker.count([]), checker.count(["a"])
(2, 1)
>>> checker.thin(["a", "b"])  # ("b" alone has one solution: "a" goes; "b" stays)
['b']
>>> checker.unneeded(["a", "b"])
'a'
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, cast

import attrs

from ..engines import contract
from ..engines.contract import DONE, PAUSED, SOLUTION
from ..errors import BudgetExceeded, GivensClash, Unsupported
from .compiled import CompiledMatrix
from .runs import CHUNK, Solution, check_positive
from .stats import Stats


__all__ = ["Checker", "CHECKER_WAYS"]

#: The ways a checker runs (`Solver.checker`): "auto", each check on the sets with tallies
#: from its first node where the matrix can have them, else on the links; "links"; or
#: "weighted", the weighted choice (`Solver`'s ``way``) on the tallies likewise.
CHECKER_WAYS = ("auto", "links", "weighted")
_AUTO, _AT_ONCE = contract.Tuning.of("auto"), contract.Tuning.of("sets", after=0, tallies=True)
_TUNINGS = {"auto": _AT_ONCE, "links": contract.Tuning.of("links"),
            "weighted": attrs.evolve(_AT_ONCE, rule=contract.RULE_WEIGHTED)}


class Checker:
    """Many quick checks of a `Solver`'s problems with givens, on one search kept for all of
    them (a puzzle generator's: is it unique, which clues can go, is every clue needed), labels
    in and labels out; `Solver.checker` makes one. Not with colors, bounds or a loop (`Unsupported`):
    the search could not be rewound.

    A check with ``max_nodes`` (a node budget per check) that runs out: `count` and `first`
    raise `BudgetExceeded`; `thin` keeps the options it was trying, and `unneeded` the given
    (a budget that is too small keeps too much, never too little). Ctrl-C stops any of them
    between two checks, the checker left as it was.
    """

    def __init__(self, solver: CompiledMatrix, way: str = "auto") -> None:
        if way not in CHECKER_WAYS:
            if way in contract.WAYS:
                raise Unsupported(f"a checker with way={way!r}", "way='auto', 'links' or 'weighted'")
            raise ValueError(f"way must be one of {', '.join(map(repr, CHECKER_WAYS))}, not {way!r}")
        contract.refuse("checker", *solver.compiled.has)
        self.solver = solver
        self.way = way
        self._engine = solver.dancer.checker(_TUNINGS[way])

    def __repr__(self) -> str:
        return f"<Checker of {self.solver!r}, way={self.way!r}>"

    def first(self, givens: Iterable[Hashable] = (), *, seed: int | None = None,
              max_nodes: int | None = None) -> Solution | None:
        """The first solution with ``givens`` (option labels), or None: `Solver.first`'s
        (with a ``seed``, the same random one), without what a `Solver` search keeps around
        it (its stats, progress and time budget). A puzzle generator's random full grid."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        budget, solver = _budget(max_nodes), self.solver
        numbers = solver.option_numbers(givens, "given")
        search = self._call(solver.dancer.search, array("i", numbers), seed, (), (), _AUTO)
        chunk = CHUNK[solver.engine][0]
        while True:  # (in chunks: Ctrl-C is seen between two)
            status = search.run(chunk if not budget else min(chunk, budget - search.nodes))
            if status == SOLUTION:
                labels = solver.labels
                return tuple([labels[k] for k in (*numbers, *search.solution())])  # (givens first)
            if status == DONE:
                return None
            if budget and search.nodes >= budget:
                raise BudgetExceeded("max_nodes", Stats(nodes=search.nodes), 0)

    def count(self, givens: Iterable[Hashable] = (), *, limit: int = 2, max_nodes: int | None = None) -> int:
        """The number of solutions with ``givens`` (option labels), counted up to ``limit``
        (2: enough to tell a unique one)."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be a positive int, not {limit!r}")
        numbers = self.solver.option_numbers(givens, "given")
        status, solutions, nodes = self._call(self._engine.count_with, numbers, limit, _budget(max_nodes))
        if status == PAUSED:
            raise BudgetExceeded("max_nodes", Stats(nodes=nodes, solutions=solutions), solutions)
        return int(solutions)

    def thin(self, solution: Sequence[Hashable], *, forced: bool = False, max_nodes: int | None = None,
             group: int = 1, grouped: int = 0) -> list[Hashable]:
        """The options of ``solution`` (a solution of the matrix, as labels, in the order to
        try them) kept when each is dropped in turn where the problem keeps that one solution
        without it and without those dropped before: with ``forced``, where the search still
        finds it without a choice (a sudoku solved by singles alone); the first ``grouped``
        tried ``group`` at a time (fewer checks where most can go, the same result). A
        puzzle generator's clue removal in one call. ValueError if ``solution`` is not a
        solution of the matrix."""
        if isinstance(group, bool) or not isinstance(group, int) or group < 1:
            raise ValueError(f"group must be a positive int, not {group!r}")
        if isinstance(grouped, bool) or not isinstance(grouped, int) or grouped < 0:
            raise ValueError(f"grouped must be an int >= 0, not {grouped!r}")
        numbers = self.solver.option_numbers(solution, "given")
        kept = self._call(self._engine.thin, numbers, bool(forced), _budget(max_nodes), group, grouped)
        labels = self.solver.labels
        return [labels[k] for k in kept]

    def unneeded(self, givens: Sequence[Hashable], *, max_nodes: int | None = None) -> Hashable | None:
        """The first of ``givens`` (a problem with exactly one solution, else ValueError) that
        the problem does without, keeping its one solution; None if it needs every one (a
        minimal puzzle)."""
        numbers = self.solver.option_numbers(givens, "given")
        g = self._call(self._engine.unneeded, numbers, _budget(max_nodes))
        return None if g is None else self.solver.labels[numbers[g]]

    def _call(self, method: Callable[..., Any], *args: Any) -> Any:
        """The engine's ``method(*args)``, its GivensClash said with labels."""
        try:
            return method(*args)
        except GivensClash as clash:
            labels, first, second = self.solver.labels, cast(int, clash.first), cast(int, clash.second)
            raise GivensClash(labels[first], labels[second], self.solver.matrix.items[cast(int, clash.item)]) from None


def _budget(max_nodes: int | None) -> int:
    """The engine's node budget per check for ``max_nodes`` (0: none)."""
    check_positive("max_nodes", max_nodes)
    return max_nodes or 0
