"""Counting and listing solutions on many processes, or on a Dask cluster.

The search tree is cut at a depth where it has many more subtrees than there are workers
(`Solver.split`); the subtrees are dealt round-robin into batches, one task per batch, and
each task counts or lists its subtrees. A task carries the compiled arrays of the matrix
(a few bytes per entry) once per batch, never per subtree; with the default process pool
they travel once per worker, through the pool's initializer, and tasks carry only prefixes.
Workers keep the compiled matrix between tasks. Results are deterministic: counts add up
exactly, and solutions come back in a fixed order.

Any `concurrent.futures.Executor` works: ``executor=distributed.Client(...).get_executor()``
runs the same tasks on a Dask cluster.
"""

from __future__ import annotations

import os
import signal
import time
import uuid
from array import array
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

import attrs

from . import engines
from .pydlx import DONE, SOLUTION
from .solver import Progress, Solver, Stats

__all__ = ["Job", "count", "solutions"]

#: Subtrees wanted per worker, so that uneven subtrees still balance.
SUBTREES_PER_WORKER = 32
#: Tasks (batches of subtrees) per worker: with our own pool the matrix travels once per
#: worker, so tasks can be small (a quick stop on Ctrl-C); with another executor each task
#: carries it, so there are fewer.
TASKS_PER_WORKER = {"own pool": 16, "executor": 2}
MAX_DEPTH = 12


@attrs.frozen
class Job:
    """What a worker needs to search subtrees of one matrix: its compiled arrays (as bytes),
    the engine, the givens and exclusions (option numbers), and a token naming it in caches."""

    token: str
    engine: str
    n_primary: int
    n_secondary: int
    starts: bytes
    items: bytes
    colors: bytes
    givens: tuple[int, ...]
    excluded: tuple[int, ...]

    @classmethod
    def of(cls, solver: Solver, givens: Sequence[Any] = (), exclude: Sequence[Any] = ()) -> Job:
        starts, items, colors = solver._arrays
        return cls(uuid.uuid4().hex, solver.engine, len(solver.matrix.primary), len(solver.matrix.secondary),
                   starts.tobytes(), items.tobytes(), colors.tobytes(),
                   tuple(solver._option_ids(givens, "given")), tuple(solver._option_ids(exclude, "excluded")))


# -- the worker side -------------------------------------------------------------------------

_dancers: dict[str, Any] = {}  # token -> Dancer, in each worker process
_installed: Job | None = None


def _dancer(job: Job) -> Any:
    dancer = _dancers.get(job.token)
    if dancer is None:
        if len(_dancers) >= 4:
            _dancers.pop(next(iter(_dancers)))
        arrays = [array("i", data) for data in (job.starts, job.items, job.colors)]
        dancer = _dancers[job.token] = engines.get(job.engine).Dancer(job.n_primary, job.n_secondary, *arrays)
    return dancer


def _install(job: Job) -> None:
    """The pool's initializer: keep the job, and leave Ctrl-C to the parent process."""
    global _installed
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _installed = job


@attrs.frozen
class _Result:
    solutions: int
    nodes: int
    updates: int
    max_level: int
    listed: tuple[tuple[int, ...], ...] | None  # option numbers, when listing


def _search_batch(job: Job | None, prefixes: list[tuple[int, ...]], listing: bool) -> _Result:
    """Count (or list) the solutions of each subtree in ``prefixes``."""
    job = job if job is not None else _installed
    dancer = _dancer(job)
    found, nodes, updates, deepest, listed = 0, 0, 0, 0, []
    for prefix in prefixes:
        search = dancer.search(array("i", job.givens), None, array("i", job.excluded), array("i", prefix))
        while (status := search.run(1 << 24, 0, not listing)) != DONE:
            if status == SOLUTION:
                listed.append(search.solution())
        found, nodes, updates = found + search.solutions, nodes + search.nodes, updates + search.updates
        deepest = max(deepest, search.max_level)
    return _Result(found, nodes, updates, deepest, tuple(listed) if listing else None)


# -- the parent side -------------------------------------------------------------------------


def _plan(solver: Solver, workers: int, givens: Sequence[Any], exclude: Sequence[Any]):
    """Split deep enough to have SUBTREES_PER_WORKER subtrees per worker (or the whole tree)."""
    wanted = SUBTREES_PER_WORKER * workers
    for depth in range(1, MAX_DEPTH + 1):
        split = solver.split(depth, givens, exclude=exclude)
        if len(split.prefixes) >= wanted or not split.prefixes:
            return split
    return split


def _run(solver: Solver, jobs: int | None, executor: Executor | None, givens: Sequence[Any], exclude: Sequence[Any],
         listing: bool, progress: Callable[[Progress], Any] | None) -> Iterator[tuple[Any, _Result | None]]:
    """Yields the split's solutions above the depth (as (solution, None)), then each batch's
    result (as (None, result)), in batch order."""
    started = time.perf_counter()
    workers = jobs or os.cpu_count() or 1
    split = _plan(solver, workers, givens, exclude)
    for solution in split.solutions:
        yield solution, None
    if not split.prefixes:
        return
    job = Job.of(solver, givens, exclude)
    own_pool = executor is None
    n_tasks = min(len(split.prefixes), TASKS_PER_WORKER["own pool" if own_pool else "executor"] * workers)
    batches = [list(range(k, len(split.prefixes), n_tasks)) for k in range(n_tasks)]
    pool = ProcessPoolExecutor(workers, initializer=_install, initargs=(job,)) if own_pool else executor
    futures: list[Future] = []
    finished = False
    try:
        for batch in batches:
            prefixes = [split.prefixes[k] for k in batch]
            futures.append(pool.submit(_search_batch, None if own_pool else job, prefixes, listing))
        pending_share = sum(split.shares)
        stats = solver.stats = Stats(split.stats.nodes, split.stats.updates, len(split.solutions), split.stats.max_level)
        for batch, future in zip(batches, futures):
            result = future.result()
            stats.nodes, stats.updates = stats.nodes + result.nodes, stats.updates + result.updates
            stats.solutions, stats.max_level = stats.solutions + result.solutions, max(stats.max_level, result.max_level)
            stats.seconds = time.perf_counter() - started
            pending_share -= sum(split.shares[k] for k in batch)
            if progress is not None:
                fraction = 1.0 if batch is batches[-1] else min(1.0, max(0.0, 1.0 - pending_share))
                progress(Progress(stats.nodes, stats.solutions, fraction, stats.seconds))
            yield None, result
        finished = True
    finally:
        for future in futures:
            future.cancel()
        if own_pool:
            if not finished and hasattr(pool, "terminate_workers"):  # Python 3.14+
                pool.terminate_workers()
            pool.shutdown(wait=finished, cancel_futures=True)


def count(solver: Solver, jobs: int | None = None, executor: Executor | None = None, givens: Sequence[Any] = (),
          exclude: Sequence[Any] = (), progress: Callable[[Progress], Any] | None = None) -> int:
    """The number of solutions, counted on ``jobs`` processes (default: one per core) or on
    ``executor``."""
    total = 0
    for _solution, result in _run(solver, jobs, executor, givens, exclude, False, progress):
        total += 1 if result is None else result.solutions
    return total


def solutions(solver: Solver, jobs: int | None = None, executor: Executor | None = None, givens: Sequence[Any] = (),
              exclude: Sequence[Any] = (), progress: Callable[[Progress], Any] | None = None) -> Iterator[tuple]:
    """Every solution (option labels), each exactly once, computed on ``jobs`` processes or
    on ``executor``; in a fixed order: those above the split depth, then batch by batch."""
    labels = solver._labels
    prefix = tuple(solver._option_ids(givens, "given"))
    for solution, result in _run(solver, jobs, executor, givens, exclude, True, progress):
        if result is None:
            yield solution
        else:
            for found in result.listed:
                yield tuple(labels[k] for k in prefix + found)
