"""Listing solutions (and finding the cheapest) on many processes, or on a Dask cluster.

The search tree is cut at a depth where it has many more subtrees than there are workers
(`Solver.split`); the subtrees are dealt round-robin into batches, one task per batch, and
each task lists its subtrees (`subtrees.search_batch`). On our own pool of processes
(`exactcover.parallel.pool`) the compiled matrix travels once per worker, and tasks carry only
prefixes; on another executor each task carries the compiled arrays (a few bytes per entry)
once per batch, never per subtree. Solutions come back in a fixed order: the batches'.
Counts balance themselves instead (`count` hands them to `exactcover.parallel.counts`).

Any `concurrent.futures.Executor` works: ``executor=distributed.Client(...).get_executor()``
runs the same tasks on a Dask cluster.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future
from concurrent.futures import wait as futures_wait
from contextlib import nullcontext
from typing import Any

from .. import log
from ..errors import BudgetExceeded
from ..search.best import Best, keep
from ..search.compiled import CompiledMatrix
from ..search.plans import Plan
from ..search.runs import Solutions
from ..search.stats import Progress
from .pool import Pool, Task
from .spread import GRACE, Spread
from .subtrees import Budget, Job, Result, search_batch


__all__ = ["count", "solutions", "best"]

#: Tasks (batches of subtrees) per worker: with our own pool the matrix travels once per
#: worker, so tasks can be small (a quick stop on Ctrl-C); with another executor each task
#: carries it, so there are fewer.
TASKS_PER_WORKER = {"own pool": 16, "executor": 2}
#: Listing on our own pool: a task runs at most AHEAD pieces of solutions (`subtrees.PIECE`)
#: ahead of the one the parent is taking, so memory stays bounded.
AHEAD = 4


# -- the parent side -------------------------------------------------------------------------


class _Listing(Spread):
    """One parallel listing: the split, the tasks on the pool, and the statistics of it all."""

    taken: set[Future[Result]]  # on another executor: the futures whose results were taken
    pending_share = 1.0  # the shares of the tree not yet searched (Knuth's measure)
    heard = False  # whether the progress callback has been told anything

    def run(self, listing: bool) -> Iterator[tuple[Any, Result | None]]:
        """Yields the split's solutions above the depth (as (solution, None)), then each
        task's results (as (None, result)): when listing on our own pool, its solutions
        in pieces (results holding only solutions), then its own; in task order.
        BudgetExceeded when a task stops. A progress bar goes when the search ends."""
        try:
            yield from self._run(listing)
        finally:
            if not self.heard:  # (a listing stopped at its first solutions, before any task ended)
                self.told(min(1.0, max(0.0, 1.0 - self.pending_share)))
            if self.bar is not None:
                self.bar.close()

    def _run(self, listing: bool) -> Iterator[tuple[Any, Result | None]]:
        workers = self.jobs or os.cpu_count() or 1
        split = self.split(workers)
        for solution in split.solutions:
            yield solution, None
        if not split.prefixes:  # (the whole tree was above the depth: done)
            self.told(1.0)
            return
        left = None if self.max_nodes is None else self.max_nodes - split.stats.nodes
        if left is not None and left <= 0:
            raise BudgetExceeded("max_nodes", self.stats, self.stats.solutions)
        own_pool = self.executor is None
        n_tasks = min(len(split.prefixes), TASKS_PER_WORKER["own pool" if own_pool else "executor"] * workers)
        batches = [list(range(k, len(split.prefixes), n_tasks)) for k in range(n_tasks)]
        log.info("parallel search: %d subtrees at depth %d (%d solutions above it), %d tasks on %s", len(split.prefixes),
                 split.depth, len(split.solutions), n_tasks,
                 f"a pool of {workers} processes" if own_pool else type(self.executor).__name__)
        self.split_done, self.batches, self.collected = split, batches, 0
        self.pending_share = sum(split.shares)
        if own_pool:  # the node budget is shared by the workers as they run
            budget = Budget(self.wall_deadline, left, self.limit)
        else:  # no memory to share: it is shared out among the tasks beforehand
            budget = Budget(self.wall_deadline, None if left is None else max(1, left // n_tasks), self.limit)
        tasks = [Task(k, [split.prefixes[i] for i in batch], listing, budget) for k, batch in enumerate(batches)]
        if own_pool:
            yield from self.on_pool(workers, tasks)
        else:
            yield from self.on_executor(tasks)

    def on_pool(self, workers: int, tasks: list[Task]) -> Iterator[tuple[None, Result]]:
        until = None if self.deadline is None else self.deadline + GRACE
        with Pool(workers, self.job) as pool:
            try:
                for kind, payload in pool.run(tasks, until, AHEAD):
                    if kind == "piece":
                        yield None, Result(0, 0, 0, 0, 0.0, tuple(payload))
                    else:
                        yield from self.done(payload)
            except (BudgetExceeded, TimeoutError) as stop:  # (what the tasks still running did is added)
                self.drained(pool)
                reason = stop.reason if isinstance(stop, BudgetExceeded) else "timeout"
                raise BudgetExceeded(reason, self.stats, self.stats.solutions) from None
            except (KeyboardInterrupt, GeneratorExit):  # (Ctrl-C, or the listing closed: the same)
                self.drained(pool)
                raise

    def drained(self, pool: Pool) -> None:
        """The pool's tasks told to stop, and what those still running did (within GRACE)
        added to the statistics, so that a stopped listing's nodes are all it searched."""
        pool.stop()
        for result in pool.drain(GRACE):
            self.add(result)

    def on_executor(self, tasks: list[Task]) -> Iterator[tuple[None, Result]]:
        """The tasks' results in their order; with a limit, as they end (a first solution
        comes as soon as any task finds one, not after the tasks before it)."""
        assert self.executor is not None
        futures: list[Future[Result]] = [
            self.executor.submit(search_batch, self.job, task.prefixes, task.listing, task.budget, task.number)
            for task in tasks]
        self.taken = set()
        try:
            for index, future in self.in_turn(futures):  # (each done: in_turn raised at the deadline)
                yield from self.done(future.result(), index)
        except BudgetExceeded as stop:  # (what the tasks still running do within GRACE is added)
            waited_until = time.perf_counter() + GRACE
            for future in futures:
                if future.cancel() or future in self.taken:
                    continue
                try:
                    self.add(future.result(timeout=max(0.0, waited_until - time.perf_counter())))
                except Exception:  # noqa: BLE001 -- a task that failed or is late adds nothing
                    continue
            raise BudgetExceeded(stop.reason, self.stats, self.stats.solutions) from None
        finally:
            for future in futures:
                future.cancel()

    def told(self, fraction: float) -> None:
        """The progress callback (if any) told the statistics and ``fraction``."""
        if self.progress is not None:
            stats, self.heard = self.stats, True
            self.progress(Progress(stats.nodes, stats.solutions, fraction, stats.seconds))

    def in_turn(self, futures: list[Future[Result]]) -> Iterator[tuple[int, Future[Result]]]:
        """Each future with its task's number once it is done: in order, or with a limit as
        they end; BudgetExceeded past the deadline (and GRACE)."""
        number = {future: k for k, future in enumerate(futures)}
        waiting = list(futures)
        while waiting:
            wait_for = None if self.deadline is None else max(0.0, self.deadline - time.perf_counter()) + GRACE
            finished, _ = futures_wait(waiting[:1] if self.limit is None else waiting, wait_for, FIRST_COMPLETED)
            if not finished:
                raise BudgetExceeded("timeout", self.stats, self.stats.solutions)
            for future in sorted(finished, key=number.__getitem__):
                waiting.remove(future)
                self.taken.add(future)
                yield number[future], future

    def done(self, result: Result, index: int | None = None) -> Iterator[tuple[None, Result]]:
        """A task's result (task ``index``; by default the next in order): added to the
        statistics and the progress, yielded, and BudgetExceeded if the task stopped (but
        for its limit, which the listing's own limit applies)."""
        self.add(result)
        batch = self.batches[self.collected if index is None else index]
        self.pending_share -= sum(self.split_done.shares[k] for k in batch)
        self.told(1.0 if self.collected + 1 == len(self.batches) else min(1.0, max(0.0, 1.0 - self.pending_share)))
        self.collected += 1
        yield None, result
        if result.stopped is not None and result.stopped != "limit":
            raise BudgetExceeded(result.stopped, self.stats, self.stats.solutions)
        if self.collected == len(self.batches):
            log.debug("parallel search done: %d nodes, %d solutions, %.3f s; %d of %d subtrees on the sets",
                      self.stats.nodes, self.stats.solutions, self.stats.seconds, self.on_sets, self.searches)


def count(compiled: CompiledMatrix, plan: Plan) -> int:
    """The number of solutions (at most the plan's ``limit``), counted on the plan's ``jobs``
    processes (default: one per core) or its ``executor``; `BudgetExceeded` when
    ``max_nodes`` or ``timeout`` runs out first. The count balances itself: a subtree that
    runs past its time slice (``time_slice`` seconds) is split where it stands, and on our
    own pool idle workers ask for work (`counts`). With a ``journal`` (a path), each subtree
    counted is kept there, and a count begun before with that journal goes on where it
    stopped (`journal`). With the call's ``memo``, each subtree is counted with a table of
    its own; the statistics sum the tables' hits and entries, and ``memoized`` says whether
    any subtree kept its table to the end."""
    from .counts import count as balanced

    return balanced(compiled, plan)


def solutions(compiled: CompiledMatrix, plan: Plan) -> Solutions[Any]:
    """Every solution (option labels), each exactly once, at most the plan's ``limit``,
    computed on its ``jobs`` processes or its ``executor``; in a fixed order: those above the
    split depth, then batch by batch (with a limit on another executor: the batches as they
    end, so that the first solutions come as soon as found). Each task stops at the limit
    too. The budget holds while they stream: the time between two solutions counts."""
    search = _Listing(compiled, plan)
    return Solutions(_listed(search), search.stats, plan.limit)


def _listed(search: _Listing) -> Iterator[tuple[Any, ...]]:
    labels = search.solver.labels
    prefix = tuple(labels[k] for k in search.job.givens)
    yielded = 0
    try:
        for solution, result in search.run(listing=True):
            listed = [solution] if result is None else [prefix + tuple(labels[k] for k in s) for s in result.listed or ()]
            for found in listed:
                search.check_deadline(yielded)
                yielded += 1
                yield found
    except BudgetExceeded as stop:
        raise BudgetExceeded(stop.reason, stop.stats, yielded) from None


def best(compiled: CompiledMatrix, plan: Plan) -> Best:
    """The plan's k cheapest solutions (`Solver.best`) on its ``jobs`` processes or
    ``executor``: the tree split as for `count`, its subtrees searched in rounds of one per
    worker, each round starting from the k-th best cost the rounds before it found (the
    incumbent), the rounds' k best merged in the split's order. The costs are a serial
    search's; among solutions of equal cost, which are kept may differ (the split is a plain
    search's tree). ``progress`` hears after each round, the fraction done being the shares
    of the subtrees searched."""
    search = _Listing(compiled, plan)
    try:
        return _best(search, plan.k, plan.jobs, plan.executor, plan.max_nodes)
    finally:
        if search.bar is not None:
            search.bar.close()


def _best(search: _Listing, k: int, jobs: int | None, executor: Executor | None, max_nodes: int | None) -> Best:
    solver = search.solver
    workers = jobs or os.cpu_count() or 1
    try:
        split = search.split(workers)
    except BudgetExceeded:
        search.told(0.0)  # (a search stopped before its first round is still heard once)
        return Best((), False, search.stats)
    labels = solver.labels
    kept: list[tuple[int, tuple[Any, ...]]] = []  # (cost, solution), cheapest first
    for solution in split.solutions:
        keep(kept, k, sum(solver.matrix.cost_of(label) for label in solution), solution)
    left = None if max_nodes is None else max(1, (max_nodes - split.stats.nodes) // max(1, len(split.prefixes)))
    with Pool(workers, search.job) if executor is None else nullcontext() as pool:
        for start in range(0, len(split.prefixes), workers):
            cutoff = kept[-1][0] if len(kept) == k else None
            budget = Budget(search.wall_deadline, left)
            tasks = [Task(n, [prefix], True, budget, (k, cutoff))
                     for n, prefix in enumerate(split.prefixes[start:start + workers])]
            for result in _round(tasks, pool, executor, search.job):
                search.add(result)
                for cost, numbers in result.listed or ():
                    keep(kept, k, cost, tuple(labels[n] for n in (*search.job.givens, *numbers)))
                if result.stopped is not None:
                    search.told(min(1.0, sum(split.shares[:start])))
                    return Best(tuple(kept), False, search.stats)
            search.told(1.0 if start + workers >= len(split.prefixes) else min(1.0, sum(split.shares[:start + workers])))
            if search.deadline is not None and time.perf_counter() >= search.deadline:
                return Best(tuple(kept), False, search.stats)
    if not split.prefixes:  # (the whole tree was above the depth)
        search.told(1.0)
    return Best(tuple(kept), True, search.stats)


def _round(tasks: list[Task], pool: Pool | None, executor: Executor | None, job: Job) -> list[Result]:
    """The results of ``tasks``, in their order, on our own pool or on ``executor``."""
    if pool is not None:
        return [payload for kind, payload in pool.run(tasks) if kind == "done"]
    assert executor is not None
    futures = [executor.submit(search_batch, job, t.prefixes, t.listing, t.budget, t.number, t.best) for t in tasks]
    return [future.result() for future in futures]
