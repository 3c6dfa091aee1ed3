"""The cheapest solutions of a matrix with costs: `Solver.best` and what it returns.

The engine searches by Knuth's method in DLX5 (`pydlx.costs`): options tried cheapest first,
and every partial solution that cannot beat the k-th best found so far cut off. Each solution
that enters the k best comes back to here, where the k best are kept with their labels. On
many processes (`jobs`, `executor`) the tree is split as for a parallel count and the
subtrees searched in rounds, one per worker at a time: each round starts from the k-th best
cost the rounds before it found (the incumbent, shared between the rounds), and the rounds'
k best merge in the split's order. The costs are those a serial search finds; among
solutions of equal cost, which ones are kept may differ (the split's tree is a plain
search's, not the cheapest-first one's).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from .contract import DONE, SOLUTION
from .errors import BudgetExceeded

if TYPE_CHECKING:
    from .solver import Progress, Solver, Stats

__all__ = ["Best", "best"]


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


def _keep(kept: list, k: int, cost: int, solution: tuple) -> None:
    """Into the k best (cheapest first; after those of equal cost, which came first)."""
    kept.insert(sum(1 for c, _ in kept if c <= cost), (cost, solution))
    del kept[k:]


def best(solver: Solver, k: int, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
         max_nodes: int | None = None, timeout: float | None = None,
         progress: Callable[[Progress], Any] | None = None, jobs: int | None = None,
         executor: Any = None) -> Best:
    """`Solver.best`: see there."""
    from .solver import _Run

    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a positive int, not {k!r}")
    if (jobs is not None or executor is not None) and solver.matrix.costs:
        return _on_many(solver, k, tuple(givens), tuple(exclude), max_nodes, timeout, jobs, executor)
    if not solver.matrix.costs:  # every solution costs 0: the first k are the k best
        run = _Run(solver, givens, None, max_nodes, timeout, exclude, progress)
        found = []
        try:
            for solution in run.solutions():
                found.append((0, solution))
                if len(found) == k:
                    break
        except BudgetExceeded:
            return Best(tuple(found), False, run.stats)
        return Best(tuple(found), True, run.stats)
    run = _Run(solver, givens, None, max_nodes, timeout, exclude, progress, best=k)
    kept: list[tuple[int, tuple[Hashable, ...]]] = []
    try:
        while run.step() == SOLUTION:
            _keep(kept, k, run.search.solution_cost(), run.solution())
    except BudgetExceeded:
        return Best(tuple(kept), False, run.stats)
    return Best(tuple(kept), True, run.stats)


def _on_many(solver: Solver, k: int, givens: tuple, exclude: tuple, max_nodes: int | None,
             timeout: float | None, jobs: int | None, executor: Any) -> Best:
    """`best` on ``jobs`` processes or ``executor`` (see the module docstring)."""
    import os
    from concurrent.futures import ProcessPoolExecutor

    from . import parallel

    search = parallel._Search(solver, jobs, executor, givens, exclude, None, max_nodes, timeout)
    workers = jobs or os.cpu_count() or 1
    try:
        split = search.split(workers)
    except BudgetExceeded:
        return Best((), False, search.stats)
    labels, matrix = solver.labels, solver.matrix
    kept: list = []
    for solution in split.solutions:
        _keep(kept, k, sum(matrix.cost_of(label) for label in solution), solution)
    rounds = [split.prefixes[r:r + workers] for r in range(0, len(split.prefixes), workers)]
    left = None if max_nodes is None else max(1, (max_nodes - split.stats.nodes) // max(1, len(split.prefixes)))
    pool = ProcessPoolExecutor(workers, initializer=parallel._install, initargs=(search.job, None)) \
        if executor is None else executor
    job = None if executor is None else search.job
    try:
        for round_ in rounds:
            cutoff = kept[-1][0] if len(kept) == k else None
            budget = parallel.Budget(search.wall_deadline, left)
            futures = [pool.submit(_best_of_subtree, job, prefix, k, cutoff, budget) for prefix in round_]
            for future in futures:
                found, result = future.result()
                search.add(result)
                for cost, numbers in found:
                    _keep(kept, k, cost, tuple(labels[n] for n in (*search.job.givens, *numbers)))
                if result.stopped is not None:
                    return Best(tuple(kept), False, search.stats)
            if search.deadline is not None and time.perf_counter() >= search.deadline:
                return Best(tuple(kept), False, search.stats)
    finally:
        if executor is None:
            pool.shutdown(wait=True, cancel_futures=True)
    return Best(tuple(kept), True, search.stats)


def _best_of_subtree(job: Any, prefix: tuple[int, ...], k: int, cutoff: int | None, budget: Any) -> tuple:
    """In a worker: the k best of the subtree under ``prefix`` cheaper than ``cutoff``, as
    (cost, option numbers) pairs, and what the search did (a `parallel._Result`)."""
    from array import array

    from . import parallel
    from .solver import CHUNK

    job = job if job is not None else parallel._installed
    dancer = parallel._dancer(job)
    chunk, work = CHUNK[job.engine]
    meter = parallel._Meter(budget, None, chunk)
    search = dancer.search(array("i", job.givens), None, array("i", job.excluded), array("i", prefix), None,
                           best=k, cutoff=cutoff)
    found: list = []
    started, stopped = time.perf_counter(), None
    while (stopped := meter.check()) is None:
        before = search.nodes
        status = search.run(meter.steps(), work)
        meter.charge(search.nodes - before)
        if status == SOLUTION:
            _keep(found, k, search.solution_cost(), search.solution())
        elif status == DONE:
            break
        elif meter.exhausted():
            stopped = "max_nodes"
            break
    result = parallel._Result(search.solutions, search.nodes, search.updates, search.max_level,
                              time.perf_counter() - started, None, stopped)
    return found, result
