"""What a worker of a parallel search does: search a batch of subtrees within a budget.

A task is a `Job` (the compiled matrix, as bytes, and how to search it), a batch of subtree
prefixes and a `Budget`; `search_batch` counts or lists the subtrees and returns a `Result`.
It runs the same in a worker of our own pool (`exactcover.parallel.pool`: the job installed once per
worker, the node budget shared in memory, listed solutions streamed to the parent in pieces)
and on any other executor (a Dask cluster's: the job in every task, solutions returned at
the end).
"""

from __future__ import annotations

import time
import uuid
from array import array
from collections.abc import Sequence
from typing import Any

import attrs

from .. import engines
from ..engines import contract
from ..engines.contract import DONE, LIMIT, PAUSED, SOLUTION, EngineCall, Where
from ..search.best import keep
from ..search.compiled import CompiledMatrix
from ..search.runs import CHUNK, LIMIT_CAP
from .balance import Piece, rest


__all__ = ["Budget", "Job", "Record", "Result", "Worker", "search_batch"]

#: Listing on our own pool streams solutions in pieces: a piece is sent when it holds PIECE
#: solutions or is FLUSH seconds old (the first solution of a task goes at once).
PIECE, FLUSH = 1024, 0.05
#: Compiled matrices a worker keeps between tasks (the oldest goes first).
KEPT_DANCERS = 4
#: Seconds a subtree runs at least before it is split because the parent asked for work
#: (so that the last subtrees of a count are not split back and forth).
MIN_SLICE = 0.02


@attrs.frozen
class Job:
    """What a worker needs to search subtrees of one matrix: its compiled arrays (as bytes),
    the engine, the plan's engine call (givens and exclusions as option numbers, tuning,
    memo), and a token naming it in caches."""

    token: str
    engine: str
    n_primary: int
    n_secondary: int
    starts: bytes
    items: bytes
    colors: bytes
    call: EngineCall  # how each subtree is searched (the plan's, unchanged)
    bounds: bytes = b""  # lo and hi of each primary item, or nothing (contract.Compiled)
    costs: bytes = b""  # the cost of each option, or nothing
    priority: bytes = b""  # 1 for each primary item that has priority, or nothing
    loop: bytes = b""  # the loop constraint, or nothing

    def compiled(self) -> contract.Compiled:
        """The matrix in the engines' form again, as `Solver.compiled` had it."""
        return contract.Compiled(self.n_primary, self.n_secondary, array("i", self.starts), array("i", self.items),
                                 array("i", self.colors), array("i", self.bounds), array("q", self.costs),
                                 array("i", self.priority), array("i", self.loop))

    @property
    def givens(self) -> tuple[int, ...]:
        return self.call.givens

    @classmethod
    def of(cls, matrix: CompiledMatrix, call: EngineCall) -> Job:
        compiled = matrix.compiled
        return cls(uuid.uuid4().hex, matrix.engine, compiled.n_primary, compiled.n_secondary,
                   compiled.starts.tobytes(), compiled.items.tobytes(), compiled.colors.tobytes(), call,
                   compiled.bounds.tobytes(), compiled.costs.tobytes(), compiled.priority.tobytes(),
                   compiled.loop.tobytes())


@attrs.frozen
class Budget:
    """What a task may spend: a wall-clock ``deadline`` (seconds since the epoch, which every
    process and machine reads alike) and ``nodes`` (on our own pool: the nodes left for all
    the workers together, counted in shared memory; on another executor: this task's share);
    ``solutions``: the task stops ("limit") once it has found this many (a search's limit)."""

    deadline: float | None = None
    nodes: int | None = None
    solutions: int | None = None


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
    records: tuple[Record, ...] = ()  # a balanced count: each subtree counted or split
    rest: tuple[Piece, ...] = ()  # ... and the subtrees of the task it did not begin


@attrs.frozen
class Record:
    """One subtree of a balanced count, as a journal keeps it: its ``prefix``, the ``count``
    of its solutions and the ``nodes`` and ``seconds`` it took; or, when it was split where it
    stood (`balance.rest`), the count and nodes of the part done, the node count ``at`` which
    it stopped, and the subtrees left (``split``: prefixes with their shares), which together
    with the part done make up the whole subtree."""

    prefix: tuple[int, ...]
    count: int
    nodes: int
    seconds: float
    at: int | None = None
    split: tuple[Piece, ...] = ()


@attrs.define
class Worker:
    """A worker process of our own pool, as its tasks see it: its number, the memory it
    shares with the others, and where its pieces go. ``shared`` holds 1 + 2 w numbers for w
    workers: ``shared[0]`` is 1 once they must stop; ``shared[1 + index]`` the nodes this
    worker has spent; ``shared[1 + w + index]`` 1 when the parent asks this worker for work
    (it splits its subtree, `balance`). Each number but the parent's has one writer, so no
    lock is needed, and none can be left held by a worker that dies."""

    index: int
    job: Job
    shared: Any
    send: Any  # sends a message to the parent

    @property
    def ask_slot(self) -> int:
        return 1 + (len(self.shared) - 1) // 2 + self.index


#: In a worker process of our own pool: the worker (set by `exactcover.parallel.pool`).
worker: Worker | None = None
_dancers: dict[str, Any] = {}  # token -> Dancer, in each worker process


def _dancer(job: Job) -> Any:
    dancer = _dancers.get(job.token)
    if dancer is None:
        if len(_dancers) >= KEPT_DANCERS:
            _dancers.pop(next(iter(_dancers)))
        dancer = _dancers[job.token] = engines.get(job.engine).Dancer(*job.compiled().arguments())
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
        shared, slot, workers = self.worker.shared, 1 + self.worker.index, (len(self.worker.shared) - 1) // 2
        shared[slot] += nodes
        self.spent, self.stop = sum(shared[1:1 + workers]), bool(shared[0])

    def asked(self) -> bool:
        """Whether the parent asked this worker for work (and so, no longer)."""
        if self.worker is None or not self.worker.shared[self.worker.ask_slot]:
            return False
        self.worker.shared[self.worker.ask_slot] = 0
        return True

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
                 task: int = 0, best: tuple[int, int | None] | None = None, shares: Sequence[float] | None = None,
                 time_slice: float | None = None) -> Result:
    """Count (or list) the solutions of each subtree in ``prefixes``, within ``budget``; with
    ``best`` = (k, cutoff) and ``listing``, find the k cheapest cheaper than cutoff instead
    (`listed` then holds them as (cost, option numbers), cheapest first). ``job`` is None
    in a worker of our own pool (which installed it).

    A balanced count gives each prefix its share of the tree (``shares``): each subtree
    counted then leaves a `Record`, and once the task has run ``time_slice`` seconds (or, on our
    own pool, the parent asks for work), the subtree in hand is split where it stands
    (`balance.rest`) and the task ends; the subtrees it did not begin are its result's `rest`."""
    here = worker if job is None else None
    if job is None:
        assert here is not None, "a task without its job runs in a worker of our own pool"
        job = here.job
    return _Batch(job, here, budget, task, listing, best, time_slice).run(prefixes, shares)


class _Batch:
    """One task's subtrees searched in turn, and what they found (see `search_batch`)."""

    def __init__(self, job: Job, here: Worker | None, budget: Budget, task: int, listing: bool,
                 best: tuple[int, int | None] | None, time_slice: float | None) -> None:
        self.job, self.listing, self.best, self.time_slice = job, listing, best, time_slice
        self.limit = budget.solutions
        self.dancer = _dancer(job)
        chunk, self.work = CHUNK[job.engine]
        self.meter = Meter(budget, here, chunk)
        if here is not None:  # (an ask for work made before this task began is answered by it)
            here.shared[here.ask_slot] = 0
        self.pieces = Pieces(task, here)
        self.cheapest: list[Any] = []
        self.records: list[Record] = []
        self.started = time.perf_counter()
        self.totals = [0] * 9  # found, nodes, updates, deepest, hits, entries, memoized, searches, on_sets

    def run(self, prefixes: list[tuple[int, ...]], shares: Sequence[float] | None) -> Result:
        stopped: str | None = None
        left: tuple[Piece, ...] = ()
        for index, prefix in enumerate(prefixes):
            if shares is None:
                stopped, _ = self.search(prefix, None)
                if stopped is not None:
                    break
                continue
            if index and self.time_slice is not None and time.perf_counter() - self.started >= self.time_slice:
                left = tuple(zip(prefixes[index:], shares[index:]))
                break
            stopped, split = self.search(prefix, shares[index])
            if stopped is not None or split:
                left = tuple(zip(prefixes[index + 1:], shares[index + 1:]))
                break
        self.pieces.flush()
        seconds = time.perf_counter() - self.started
        listed = tuple(self.cheapest) if self.best is not None else tuple(self.pieces.kept) if self.listing else None
        found, nodes, updates, deepest, hits, entries, memoized, searches, on_sets = self.totals
        return Result(found, nodes, updates, deepest, seconds, listed, stopped, hits, entries, memoized, searches,
                      on_sets, tuple(self.records), left)

    def search(self, prefix: tuple[int, ...], share: float | None) -> tuple[str | None, bool]:
        """Search one subtree: why the task must stop (or None), and whether it was split."""
        job, meter, best = self.job, self.meter, self.best
        search = job.call.start(self.dancer, prefix, cutoff=None if best is None else best[1])
        began, split, counted = time.perf_counter(), None, False
        while (stopped := meter.check() or self.enough(search)) is None:
            before = search.nodes
            status = search.run(meter.steps(), self.work, not self.listing, self.left())
            meter.charge(search.nodes - before)
            if status == LIMIT:
                stopped = "limit"
                break
            if status == SOLUTION and best is not None:
                keep(self.cheapest, best[0], search.solution_cost(), search.solution())
                continue
            if status == SOLUTION:
                self.pieces.add(search.solution())
                continue
            self.pieces.tick()
            if status == DONE:
                counted = True
                break
            if status == PAUSED and meter.exhausted():
                stopped = "max_nodes"
                break
            if share is not None and self.time_is_up(began) and (split := self.hand_back(search, share)):
                break
        if share is not None and stopped is not None and not counted:  # (what it did is kept, where it can be)
            split = self.hand_back(search, share)
        if share is not None and (counted or split):
            self.records.append(Record(prefix, search.solutions, search.nodes, time.perf_counter() - began,
                                       None if counted else search.nodes, tuple(split or ())))
        self.add(search)
        return stopped, bool(split) and not counted

    def hand_back(self, search: Any, share: float) -> list[Piece] | None:
        """What is left of a paused ``search`` (`rest`); the updates that are its own but
        that the pieces will not count go into the task's totals."""
        left = rest(self.dancer, self.job, search, share)
        if left is None:
            return None
        pieces, owed = left
        self.totals[2] += owed
        return pieces

    def left(self) -> int:
        """The engine's ``limit`` for a count: the solutions this task may still find (0: no limit)."""
        if self.limit is None or self.listing:
            return 0
        return max(1, min(LIMIT_CAP, self.limit - self.totals[0]))

    def enough(self, search: Any) -> str | None:
        """"limit" once the task has found as many solutions as its budget allows."""
        return "limit" if self.limit is not None and self.totals[0] + search.solutions >= self.limit else None

    def time_is_up(self, began: float) -> bool:
        """Whether the subtree in hand is to be split now: the task has run its slice, or
        (on our own pool) the parent asked for work and the subtree has run `MIN_SLICE`."""
        now = time.perf_counter()
        if self.time_slice is not None and now - self.started >= self.time_slice:
            return True
        return now - began >= MIN_SLICE and self.meter.asked()

    def add(self, search: Any) -> None:
        t = self.totals
        t[0], t[1], t[2] = t[0] + search.solutions, t[1] + search.nodes, t[2] + search.updates
        t[3] = max(t[3], search.max_level)
        t[4], t[5], t[6] = t[4] + search.memo_hits, t[5] + search.memo_entries, t[6] + search.memoizing
        t[7], t[8] = t[7] + 1, t[8] + (search.where == Where.SETS)
