"""Our own pool of worker processes (`exactcover.parallel.pool`) when its caller stops early: no
task's result is lost, so a stopped count's statistics hold every node searched."""

from __future__ import annotations

import time

import pytest
from problems import queens_matrix

import exactcover
from exactcover.engines.contract import EngineCall
from exactcover.parallel.pool import Pool, Task
from exactcover.parallel.subtrees import Budget, Job


@pytest.mark.slow
def test_results_received_together_are_all_kept_when_the_caller_stops_at_the_first():
    """Two tasks end before the pool reads its pipes, so both results come in one read; the
    caller stops at the first one yielded (as a count does on its budget): the other is
    drained, not dropped."""
    solver = exactcover.Solver(queens_matrix(8))
    split = solver.split(1)
    tasks = [Task(number, [prefix], False, Budget()) for number, prefix in enumerate(split.prefixes[:2], 1)]
    given = list(tasks)

    def take() -> Task | None:
        if given:
            return given.pop(0)
        time.sleep(1.0)  # (both workers end their tasks meanwhile)
        return None

    with Pool(2, Job.of(solver, EngineCall())) as pool:
        results = pool.unordered(take)
        first = next(results)
        results.close()
        pool.stop()
        drained = pool.drain(5.0)
    counted = [first[1], *drained]
    assert len(counted) == 2
    assert sum(result.solutions for result in counted) == sum(solver.count(prefix=prefix) for prefix in split.prefixes[:2])
