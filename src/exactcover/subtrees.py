"""What a worker of a parallel search does: search a batch of subtrees within a budget.

A task is a `Job` (the compiled matrix, as bytes, and how to search it), a batch of subtree
prefixes and a `Budget`; `search_batch` counts or lists the subtrees and returns a `Result`.
It runs the same in a worker of our own pool (`exactcover.pool`: the job installed once per
worker, the node budget shared in memory, listed solutions streamed to the parent in pieces)
and on any other executor (a Dask cluster's: the job in every task, solutions returned at
the end).
"""

from __future__ import annotations

import time
import uuid
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from . import contract, engines
from .best import keep
from .contract import DONE, PAUSED, SOLUTION, Tuning, Where
from .runs import CHUNK, memo_budget

if TYPE_CHECKING:
    from .solver import Solver

__all__ = ["Budget", "Job", "Result", "Worker", "search_batch"]

#: Listing on our own pool streams solutions in pieces: a piece is sent when it holds PIECE
#: solutions or is FLUSH seconds old (the first solution of a task goes at once).
PIECE, FLUSH = 1024, 0.05
#: Compiled matrices a worker keeps between tasks (the oldest goes first).
KEPT_DANCERS = 4


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
    tuning: Tuning = Tuning()  # how the subtrees run
    bounds: bytes = b""  # lo and hi of each primary item, or nothing (contract.Compiled)
    costs: bytes = b""  # the cost of each option, or nothing
    memo: int = 0  # counting: each subtree memoized with a table of its own (contract.MEMO_ON) ...
    memo_bytes: int = contract.DEFAULT_MEMO_BYTES  # ... of at most this many bytes

    @classmethod
    def of(cls, solver: Solver, givens: Sequence[Any] = (), exclude: Sequence[Any] = (), way: str = "auto",
           memo: int = 0, memo_bytes: int | None = None) -> Job:
        compiled = solver.compiled
        return cls(uuid.uuid4().hex, solver.engine, compiled.n_primary, compiled.n_secondary,
                   compiled.starts.tobytes(), compiled.items.tobytes(), compiled.colors.tobytes(),
                   tuple(solver.option_numbers(givens, "given")), tuple(solver.option_numbers(exclude, "excluded")),
                   Tuning.of(way), compiled.bounds.tobytes(), compiled.costs.tobytes(), memo,
                   memo_budget(memo_bytes))


@attrs.frozen
class Budget:
    """What a task may spend: a wall-clock ``deadline`` (seconds since the epoch, which every
    process and machine reads alike) and ``nodes`` (on our own pool: the nodes left for all
    the workers together, counted in shared memory; on another executor: this task's share)."""

    deadline: float | None = None
    nodes: int | None = None


@attrs.frozen
class Result:
    """What a task did (summed over its subtrees) and, when listing, what it found."""

    solutions: int
    nodes: int
    updates: int
    max_level: int
    seconds: float  # in the engine
    # when listing (and not streaming): each solution's option numbers; finding the best: (cost, option numbers)
    listed: tuple[Any, ...] | None
    stopped: str | None = None  # why the task stopped before its last subtree was done
    memo_hits: int = 0  # counting with memo: the tables' hits and entries, summed over the subtrees
    memo_entries: int = 0
    memoized: int = 0  # ... and how many subtrees kept their table to the end
    searches: int = 0  # the subtrees searched, and how many of them ran on the sets
    on_sets: int = 0


@attrs.define
class Worker:
    """A worker process of our own pool, as its tasks see it: its number, the memory it
    shares with the others (``shared[0]`` is 1 once they must stop, ``shared[1 + index]``
    the nodes this worker has spent: each worker writes only its own slot, so no lock is
    needed, and none can be left held by a worker that dies), and where its pieces go."""

    index: int
    job: Job
    shared: Any
    send: Any  # sends a message to the parent


#: In a worker process of our own pool: the worker (set by `exactcover.pool`).
worker: Worker | None = None
_dancers: dict[str, Any] = {}  # token -> Dancer, in each worker process


def _dancer(job: Job) -> Any:
    dancer = _dancers.get(job.token)
    if dancer is None:
        if len(_dancers) >= KEPT_DANCERS:
            _dancers.pop(next(iter(_dancers)))
        arrays = [array("i", data) for data in (job.starts, job.items, job.colors, job.bounds)]
        if job.costs:
            arrays.append(array("q", job.costs))
        dancer = _dancers[job.token] = engines.get(job.engine).Dancer(job.n_primary, job.n_secondary, *arrays)
    return dancer


class Meter:
    """A task's budget as it runs: how many nodes the next chunk may take, and whether the
    task must stop ("timeout", or "stopped" when the parent said so)."""

    def __init__(self, budget: Budget, worker: Worker | None, chunk: int) -> None:
        self.deadline, self.nodes, self.worker, self.chunk = budget.deadline, budget.nodes, worker, chunk
        self.spent = 0  # nodes spent by this task or (on our pool) by all the workers, as last seen
        self.stop = False
        if worker is not None:
            self.charge(0)

    def steps(self) -> int:
        return self.chunk if self.nodes is None else max(0, min(self.chunk, self.nodes - self.spent))

    def charge(self, nodes: int) -> None:
        if self.worker is None:
            self.spent += nodes
            return
        shared, slot = self.worker.shared, 1 + self.worker.index
        shared[slot] += nodes
        self.spent, self.stop = sum(shared[1:]), bool(shared[0])

    def exhausted(self) -> bool:
        return self.nodes is not None and self.spent >= self.nodes

    def check(self) -> str | None:
        if self.stop:
            return "stopped"
        if self.deadline is not None and time.time() >= self.deadline:
            return "timeout"
        return None


class Pieces:
    """A streaming task's solutions, sent to the parent in pieces (see PIECE); when nobody
    streams them (another executor), they are kept for the result. A piece waits in the
    pipe until the parent wants it: the pipe's capacity bounds what runs ahead."""

    def __init__(self, task: int, worker: Worker | None) -> None:
        self.task, self.worker = task, worker
        self.kept: list[tuple[int, ...]] = []
        self.sent, self.since = 0, time.perf_counter()

    def add(self, solution: tuple[int, ...]) -> None:
        self.kept.append(solution)
        if len(self.kept) >= PIECE or self.sent == 0:
            self.flush()
        else:
            self.tick()

    def tick(self) -> None:
        """Send the piece if it is FLUSH seconds old (called per solution and per chunk)."""
        if self.kept and time.perf_counter() - self.since >= FLUSH:
            self.flush()

    def flush(self) -> None:
        if self.worker is None or not self.kept:
            return
        self.worker.send(("piece", self.task, self.kept))
        self.kept, self.sent, self.since = [], self.sent + 1, time.perf_counter()


def search_batch(job: Job | None, prefixes: list[tuple[int, ...]], listing: bool, budget: Budget,
                 task: int = 0, best: tuple[int, int | None] | None = None) -> Result:
    """Count (or list) the solutions of each subtree in ``prefixes``, within ``budget``; with
    ``best`` = (k, cutoff) and ``listing``, find the k cheapest cheaper than cutoff instead
    (`listed` then holds them as (cost, option numbers), cheapest first). ``job`` is None
    in a worker of our own pool (which installed it)."""
    here = worker if job is None else None
    if job is None:
        assert here is not None, "a task without its job runs in a worker of our own pool"
        job = here.job
    dancer = _dancer(job)
    chunk, work = CHUNK[job.engine]
    meter = Meter(budget, here, chunk)
    pieces = Pieces(task, here)
    found, nodes, updates, deepest, stopped = 0, 0, 0, 0, None
    hits = entries = memoized = searches = on_sets = 0
    cheapest: list[Any] = []
    started = time.perf_counter()
    for prefix in prefixes:
        more: dict[str, Any] = {} if best is None else {"best": best[0], "cutoff": best[1]}
        if job.memo and not listing:
            more.update(memo=job.memo, memo_bytes=job.memo_bytes)
        search = dancer.search(array("i", job.givens), None, array("i", job.excluded), array("i", prefix), job.tuning,
                               **more)
        while (stopped := meter.check()) is None:
            before = search.nodes
            status = search.run(meter.steps(), work, not listing)
            meter.charge(search.nodes - before)
            if status == SOLUTION and best is not None:
                keep(cheapest, best[0], search.solution_cost(), search.solution())
                continue
            if status == SOLUTION:
                pieces.add(search.solution())
                continue
            pieces.tick()
            if status == DONE:
                break
            elif status == PAUSED and meter.exhausted():
                stopped = "max_nodes"
                break
        found, nodes, updates = found + search.solutions, nodes + search.nodes, updates + search.updates
        deepest = max(deepest, search.max_level)
        hits, entries, memoized = hits + search.memo_hits, entries + search.memo_entries, memoized + search.memoizing
        searches, on_sets = searches + 1, on_sets + (search.sets == Where.SETS)
        if stopped is not None:
            break
    pieces.flush()
    seconds = time.perf_counter() - started
    listed = tuple(cheapest) if best is not None else tuple(pieces.kept) if listing else None
    return Result(found, nodes, updates, deepest, seconds, listed, stopped, hits, entries, memoized, searches, on_sets)
