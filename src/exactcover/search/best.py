"""The cheapest solutions of a matrix with costs: `Solver.best` and what it returns.

The engine searches by Knuth's method in DLX5 (`pydlx.costs`): options tried cheapest first,
and every partial solution that cannot beat the k-th best found so far cut off. Each solution
that enters the k best comes back to here, where the k best are kept with their labels. On
many processes (`jobs`, `executor`) `parallel.best` splits the tree and searches the
subtrees in rounds that share the incumbent (see there); both keep the k best with `keep`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs

from ..engines.contract import SOLUTION
from ..errors import BudgetExceeded
from .compiled import CompiledMatrix
from .plans import Plan
from .runs import Run
from .stats import Stats


__all__ = ["Best", "best", "keep"]


@attrs.frozen
class Best:
    """The k cheapest solutions found: ``solutions`` holds (cost, solution) pairs, cheapest
    first (solutions of equal cost in the order the search found them); ``proven`` says the
    search ran to its end, so that no solution is cheaper than these (False when a budget
    stopped it: then these are the best found so far); ``stats`` are the search's."""

    solutions: tuple[tuple[int, tuple[Hashable, ...]], ...]
    proven: bool
    stats: Stats

    @property
    def cost(self) -> int | None:
        """The cost of the cheapest solution found (None if none was)."""
        return self.solutions[0][0] if self.solutions else None

    @property
    def solution(self) -> tuple[Hashable, ...] | None:
        """The cheapest solution found (None if none was)."""
        return self.solutions[0][1] if self.solutions else None

    def __len__(self) -> int:
        return len(self.solutions)


def keep(kept: list[Any], k: int, cost: int, solution: tuple[Any, ...]) -> None:
    """Into the k best (cheapest first; after those of equal cost, which came first)."""
    kept.insert(sum(1 for c, _ in kept if c <= cost), (cost, solution))
    del kept[k:]


def best(compiled: CompiledMatrix, plan: Plan) -> Best:
    """`Solver.best` in this process: the plan's ``k`` cheapest. Without costs (the plan's
    call then seeks no cost bound) every solution costs 0, and the first k are the k best."""
    k = plan.k
    run = Run(compiled, plan)
    if not plan.call.best:
        found = []
        try:
            for solution in run.solutions():
                found.append((0, solution))
                if len(found) == k:
                    break
        except BudgetExceeded:
            return Best(tuple(found), False, run.stats)
        return Best(tuple(found), True, run.stats)
    kept: list[tuple[int, tuple[Hashable, ...]]] = []
    try:
        while run.step() == SOLUTION:
            keep(kept, k, run.search.solution_cost(), run.solution())
    except BudgetExceeded:
        return Best(tuple(kept), False, run.stats)
    return Best(tuple(kept), True, run.stats)

