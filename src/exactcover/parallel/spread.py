"""The start of every parallel search: its budget, its job, its first split, its statistics.

`parallel` (listings, the cheapest solutions) and `counts` (balanced counts) build on it.
"""

from __future__ import annotations

import time
from typing import Any

import attrs

from ..errors import BudgetExceeded
from ..search.bar import progress_callback
from ..search.compiled import CompiledMatrix
from ..search.plans import Plan
from ..search.split import Split, split_tree
from ..search.stats import Stats
from .subtrees import Job, Result

__all__ = ["GRACE", "SUBTREES_PER_WORKER", "Spread"]

#: Subtrees wanted per worker, so that uneven subtrees still balance.
SUBTREES_PER_WORKER = 32
MAX_DEPTH = 12
#: Seconds the parent waits past a deadline for the workers' own stop (they check it per chunk).
GRACE = 0.25


def _deep_enough(compiled: CompiledMatrix, splitting: Plan, wanted: int, deadline: float | None) -> Split:
    """Split deep enough to have ``wanted`` subtrees (or the whole tree)."""
    for depth in range(1, MAX_DEPTH + 1):
        split = split_tree(compiled, _until(splitting, deadline), depth)
        if len(split.prefixes) >= wanted or not split.prefixes:
            return split
    return split


def _until(splitting: Plan, deadline: float | None) -> Plan:
    """The split's plan with the time left before ``deadline`` as its timeout."""
    return splitting if deadline is None else attrs.evolve(splitting, timeout=max(deadline - time.perf_counter(), 1e-9))


class Spread:
    """What every parallel search has: its budget, its progress, the job its workers run,
    its first split, and the statistics of it all (the subtrees' results added up)."""

    def __init__(self, compiled: CompiledMatrix, plan: Plan) -> None:
        timeout = plan.timeout
        self.started = time.perf_counter()
        self.deadline = None if timeout is None else self.started + timeout
        self.wall_deadline = None if timeout is None else time.time() + timeout
        self.solver, self.plan = compiled, plan
        self.jobs, self.executor, self.max_nodes = plan.jobs, plan.executor, plan.max_nodes
        self.limit = plan.limit  # the solutions wanted (each task stops there too)
        self.progress, self.bar = progress_callback(plan.progress)
        self.job = Job.of(compiled, plan.call)
        self.stats = compiled.stats = Stats()
        self.searches = self.on_sets = 0  # (the subtrees', for stats.way)

    def add(self, result: Any) -> None:
        stats = self.stats
        stats.nodes, stats.updates = stats.nodes + result.nodes, stats.updates + result.updates
        stats.solutions, stats.max_level = stats.solutions + result.solutions, max(stats.max_level, result.max_level)
        stats.engine_seconds += result.seconds
        stats.seconds = time.perf_counter() - self.started
        stats.memo_hits, stats.memo_entries = stats.memo_hits + result.memo_hits, stats.memo_entries + result.memo_entries
        stats.memoized = stats.memoized or result.memoized > 0
        self.searches, self.on_sets = self.searches + result.searches, self.on_sets + result.on_sets
        stats.way = "links" if not self.on_sets else "sets" if self.on_sets == self.searches else "mixed"

    def check_deadline(self, solutions: int) -> None:
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.stats.seconds = time.perf_counter() - self.started
            raise BudgetExceeded("timeout", self.stats, solutions)

    def split(self, workers: int, depth: int | None = None, per_worker: int = SUBTREES_PER_WORKER) -> Split:
        """The first split: at ``depth``, or deep enough for ``per_worker`` subtrees per worker."""
        splitting = self.plan.splitting()
        if depth is None:
            split = _deep_enough(self.solver, splitting, per_worker * workers, self.deadline)
        else:
            split = split_tree(self.solver, _until(splitting, self.deadline), depth)
        self.solver.stats = self.stats  # (the split's searches were this thread's latest)
        stats = split.stats
        self.add(Result(len(split.solutions), stats.nodes, stats.updates, stats.max_level, stats.engine_seconds, None))
        return split
