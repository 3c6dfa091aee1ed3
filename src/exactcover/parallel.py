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

import multiprocessing
import os
import signal
import threading
import time
import uuid
from array import array
from collections import defaultdict, deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from queue import Empty
from typing import Any

import attrs

from . import contract, engines, log
from .errors import BudgetExceeded
from .contract import DONE, ON_SETS, PAUSED, SOLUTION
from .best import Best, keep
from .solver import CHUNK, Progress, Solutions, Solver, Split, Stats, check_budget, check_positive, memo_budget, memo_mode

__all__ = ["Job", "count", "solutions"]

#: Subtrees wanted per worker, so that uneven subtrees still balance.
SUBTREES_PER_WORKER = 32
#: Tasks (batches of subtrees) per worker: with our own pool the matrix travels once per
#: worker, so tasks can be small (a quick stop on Ctrl-C); with another executor each task
#: carries it, so there are fewer.
TASKS_PER_WORKER = {"own pool": 16, "executor": 2}
MAX_DEPTH = 12
#: Seconds the parent waits past a deadline for the workers' own stop (they check it per chunk).
GRACE = 0.25
#: Seconds between a worker's checks that its parent is still alive.
ORPHAN_POLL = 0.2
#: Listing on our own pool streams solutions in pieces: a piece is sent when it holds PIECE
#: solutions or is FLUSH seconds old (the first solution of a task goes at once), and a task
#: runs at most AHEAD pieces ahead of what the parent has taken, so memory stays bounded.
PIECE, FLUSH, AHEAD = 1024, 0.05, 4


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
    tuning: tuple[int, int, float, float] | None = None  # how the subtrees run (contract.tuning)
    bounds: bytes = b""  # lo and hi of each primary item, or nothing (contract.Compiled)
    costs: bytes = b""  # the cost of each option, or nothing
    memo: int = 0  # counting: each subtree memoized with a table of its own (contract.MEMO_ON) ...
    memo_bytes: int = contract.DEFAULT_MEMO_BYTES  # ... of at most this many bytes
    weighted: bool = False  # the subtrees choose their items by weight (contract.WAYS)

    @classmethod
    def of(cls, solver: Solver, givens: Sequence[Any] = (), exclude: Sequence[Any] = (), way: str = "auto",
           memo: int = 0, memo_bytes: int | None = None) -> Job:
        compiled = solver.compiled
        return cls(uuid.uuid4().hex, solver.engine, compiled.n_primary, compiled.n_secondary,
                   compiled.starts.tobytes(), compiled.items.tobytes(), compiled.colors.tobytes(),
                   tuple(solver.option_numbers(givens, "given")), tuple(solver.option_numbers(exclude, "excluded")),
                   contract.tuning(way), compiled.bounds.tobytes(), compiled.costs.tobytes(), memo,
                   memo_budget(memo_bytes), way == "weighted")


# -- the worker side -------------------------------------------------------------------------

_dancers: dict[str, Any] = {}  # token -> Dancer, in each worker process
_installed: Job | None = None
_shared: Any = None  # with our own pool: [nodes the workers spent, 1 once they must stop]
_stream: Any = None  # with our own pool, when listing: (queue of (task, piece), pieces taken per task)


def _dancer(job: Job) -> Any:
    dancer = _dancers.get(job.token)
    if dancer is None:
        if len(_dancers) >= 4:
            _dancers.pop(next(iter(_dancers)))
        arrays = [array("i", data) for data in (job.starts, job.items, job.colors, job.bounds)]
        if job.costs:
            arrays.append(array("q", job.costs))
        dancer = _dancers[job.token] = engines.get(job.engine).Dancer(job.n_primary, job.n_secondary, *arrays)
    return dancer


def _install(job: Job, shared: Any, stream: Any = None) -> None:
    """The pool's initializer: keep the job and the shared budget, and leave Ctrl-C and
    SIGTERM to the parent process (which tells the workers to stop)."""
    global _installed, _shared, _stream
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (a forked worker inherits the command's handler)
    _installed, _shared, _stream = job, shared, stream
    if stream is not None:
        stream[0].cancel_join_thread()  # (a stopped search's unread pieces must not hold the worker at exit)
    threading.Thread(target=_exit_when_orphaned, args=(os.getppid(),), daemon=True).start()


def _exit_when_orphaned(parent: int) -> None:
    """End this worker when its parent is gone (killed without a chance to stop the pool):
    an idle worker would otherwise wait on the task queue for ever."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_POLL)
    os._exit(1)


@attrs.frozen
class Budget:
    """What a task may spend: a wall-clock ``deadline`` (seconds since the epoch, which every
    process and machine reads alike) and ``nodes`` (with our own pool: the nodes left for all
    the workers together, counted in shared memory; with another executor: this task's share)."""

    deadline: float | None = None
    nodes: int | None = None


class _Meter:
    """A task's budget as it runs: how many nodes the next chunk may take, and whether the
    task must stop ("timeout", or "stopped" when the parent said so)."""

    def __init__(self, budget: Budget, shared: Any, chunk: int) -> None:
        self.deadline, self.nodes, self.shared, self.chunk = budget.deadline, budget.nodes, shared, chunk
        self.spent = 0  # nodes spent by this task or (shared) by all the workers, as last seen
        self.stop = False
        if shared is not None:
            self.charge(0)

    def steps(self) -> int:
        return self.chunk if self.nodes is None else max(0, min(self.chunk, self.nodes - self.spent))

    def charge(self, nodes: int) -> None:
        if self.shared is None:
            self.spent += nodes
            return
        with self.shared.get_lock():
            self.shared[0] += nodes
            self.spent, self.stop = self.shared[0], bool(self.shared[1])

    def exhausted(self) -> bool:
        return self.nodes is not None and self.spent >= self.nodes

    def check(self) -> str | None:
        if self.stop:
            return "stopped"
        if self.deadline is not None and time.time() >= self.deadline:
            return "timeout"
        return None


@attrs.frozen
class _Result:
    solutions: int
    nodes: int
    updates: int
    max_level: int
    seconds: float  # in the engine
    # when listing (and not streaming): each solution's option numbers; finding the best: (cost, option numbers)
    listed: tuple[Any, ...] | None
    stopped: str | None = None  # why the task stopped before its last subtree was done
    pieces: int = 0  # when streaming: the number of pieces the task sent
    memo_hits: int = 0  # counting with memo: the tables' hits and entries, summed over the subtrees
    memo_entries: int = 0
    memoized: int = 0  # ... and how many subtrees kept their table to the end
    searches: int = 0  # the subtrees searched, and how many of them ran on the sets
    on_sets: int = 0


class _Pieces:
    """A streaming task's solutions, sent to the parent in pieces (see PIECE), never more than
    AHEAD pieces ahead of what the parent has taken; with no stream, they are kept."""

    def __init__(self, task: int, meter: _Meter) -> None:
        self.task, self.meter, self.stream = task, meter, _stream if meter.shared is not None else None
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
        if self.stream is None or not self.kept:
            return
        queue, taken = self.stream
        while self.sent - taken[self.task] >= AHEAD and self.meter.check() is None:
            time.sleep(0.002)  # the parent is behind: wait for it (or for the stop)
            self.meter.charge(0)
        if self.meter.check() is not None:  # stopped while waiting: the parent wants no more
            self.kept = []
            return
        queue.put((self.task, self.kept))
        self.kept, self.sent, self.since = [], self.sent + 1, time.perf_counter()


def _search_batch(job: Job | None, prefixes: list[tuple[int, ...]], listing: bool, budget: Budget,
                  task: int = 0, best: tuple[int, int | None] | None = None) -> _Result:
    """Count (or list) the solutions of each subtree in ``prefixes``, within ``budget``; with
    ``best`` = (k, cutoff) and ``listing``, find the k cheapest cheaper than cutoff instead
    (`listed` then holds them as (cost, option numbers), cheapest first)."""
    shared = _shared if job is None else None
    job = job if job is not None else _installed
    assert job is not None, "a task on our own pool runs in a worker the pool installed"
    dancer = _dancer(job)
    chunk, work = CHUNK[job.engine]
    meter = _Meter(budget, shared, chunk)
    pieces = _Pieces(task, meter)
    found, nodes, updates, deepest, stopped = 0, 0, 0, 0, None
    hits = entries = memoized = searches = on_sets = 0
    cheapest: list[Any] = []
    started = time.perf_counter()
    for prefix in prefixes:
        more: dict[str, Any] = {} if best is None else {"best": best[0], "cutoff": best[1]}
        if job.memo and not listing:
            more.update(memo=job.memo, memo_bytes=job.memo_bytes)
        if job.weighted:
            more["weighted"] = True
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
        searches, on_sets = searches + 1, on_sets + (search.sets == ON_SETS)
        if stopped is not None:
            break
    pieces.flush()
    seconds = time.perf_counter() - started
    listed = tuple(cheapest) if best is not None else tuple(pieces.kept) if listing else None
    return _Result(found, nodes, updates, deepest, seconds, listed, stopped, pieces.sent, hits, entries, memoized,
                   searches, on_sets)


# -- the parent side -------------------------------------------------------------------------


def _plan(solver: Solver, workers: int, givens: Sequence[Any], exclude: Sequence[Any],
          max_nodes: int | None, deadline: float | None) -> Split:
    """Split deep enough to have SUBTREES_PER_WORKER subtrees per worker (or the whole tree)."""
    wanted = SUBTREES_PER_WORKER * workers
    for depth in range(1, MAX_DEPTH + 1):
        timeout = None if deadline is None else max(deadline - time.perf_counter(), 1e-9)
        split = solver.split(depth, givens, exclude=exclude, max_nodes=max_nodes, timeout=timeout)
        if len(split.prefixes) >= wanted or not split.prefixes:
            return split
    return split


class _Search:
    """One parallel search: the split, the tasks on the pool, and the statistics of it all."""

    def __init__(self, solver: Solver, jobs: int | None, executor: Executor | None, givens: Sequence[Any],
                 exclude: Sequence[Any], progress: Callable[[Progress], Any] | None,
                 max_nodes: int | None, timeout: float | None, way: str = "auto", memo: int = 0,
                 memo_bytes: int | None = None) -> None:
        check_budget(max_nodes, timeout)
        check_positive("memo_bytes", memo_bytes, allow_zero=True)
        self.started = time.perf_counter()
        self.deadline = None if timeout is None else self.started + timeout
        self.wall_deadline = None if timeout is None else time.time() + timeout
        self.solver, self.jobs, self.executor, self.progress, self.max_nodes = solver, jobs, executor, progress, max_nodes
        self.givens, self.exclude = givens, exclude
        self.job = Job.of(solver, givens, exclude, way, memo, memo_bytes)  # (checks the givens before any work)
        self.stats = solver.stats = Stats()
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

    def split(self, workers: int) -> Split:
        split = _plan(self.solver, workers, self.givens, self.exclude, self.max_nodes, self.deadline)
        self.solver.stats = self.stats  # (the split's searches were this thread's latest)
        stats = split.stats
        self.add(_Result(len(split.solutions), stats.nodes, stats.updates, stats.max_level, stats.engine_seconds, None))
        return split

    def run(self, listing: bool) -> Iterator[tuple[Any, _Result | None]]:
        """Yields the split's solutions above the depth (as (solution, None)), then each
        batch's result (as (None, result)), in batch order; BudgetExceeded when a task stops."""
        workers = self.jobs or os.cpu_count() or 1
        split = self.split(workers)
        for solution in split.solutions:
            yield solution, None
        if not split.prefixes:
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
        self.stream: tuple[Any, Any] | None = None  # (a queue of (task, piece), the pieces taken per task)
        pool: Executor
        if self.executor is None:
            context = multiprocessing.get_context()
            shared = context.Array("q", 2)  # [nodes the workers spent, 1 once they must stop]
            if listing:  # solutions stream back in pieces (see PIECE)
                self.stream = (context.Queue(), context.Array("q", n_tasks, lock=False))
            pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_install,
                                       initargs=(self.job, shared, self.stream))
            budget, job = Budget(self.wall_deadline, left), None
        else:  # no memory to share: the node budget is shared out among the tasks beforehand
            shared, pool, job = None, self.executor, self.job
            budget = Budget(self.wall_deadline, None if left is None else max(1, left // n_tasks))
        futures: list[Future[_Result]] = []
        self.collected = 0
        finished = False
        try:
            for task, batch in enumerate(batches):
                futures.append(pool.submit(_search_batch, job, [split.prefixes[k] for k in batch], listing, budget, task))
            try:
                yield from self.collect(split, batches, futures)
            except BudgetExceeded as stop:
                self.settle(futures, shared)
                raise BudgetExceeded(stop.reason, self.stats, self.stats.solutions) from None
            finished = True
        finally:
            if shared is not None and not finished:
                shared[1] = 1  # every worker stops at the end of its chunk
            for future in futures:
                future.cancel()
            if own_pool:
                pool.shutdown(wait=finished, cancel_futures=True)

    def collect(self, split: Split, batches: list[list[int]],
                futures: list[Future[_Result]]) -> Iterator[tuple[None, _Result]]:
        pending_share = sum(split.shares)
        # streamed pieces not yet wanted, by task:
        self.buffers: dict[int, deque[tuple[tuple[int, ...], ...]]] = defaultdict(deque)
        for task, (batch, future) in enumerate(zip(batches, futures)):
            if self.stream is not None:
                result = yield from self.receive(task, future, self.stream)
            else:
                try:
                    wait = None if self.deadline is None else max(0.0, self.deadline - time.perf_counter()) + GRACE
                    result = future.result(timeout=wait)
                except FuturesTimeout:
                    raise BudgetExceeded("timeout", self.stats, self.stats.solutions) from None
            self.add(result)
            pending_share -= sum(split.shares[k] for k in batch)
            if self.progress is not None:
                fraction = 1.0 if batch is batches[-1] else min(1.0, max(0.0, 1.0 - pending_share))
                stats = self.stats
                self.progress(Progress(stats.nodes, stats.solutions, fraction, stats.seconds))
            self.collected += 1
            yield None, result
            if result.stopped is not None:
                raise BudgetExceeded(result.stopped, self.stats, self.stats.solutions)
        log.debug("parallel search done: %d nodes, %d solutions, %.3f s; %d of %d subtrees on the sets",
                  self.stats.nodes, self.stats.solutions, self.stats.seconds, self.on_sets, self.searches)

    def receive(self, task: int, future: Future[_Result],
                stream: tuple[Any, Any]) -> Generator[tuple[None, _Result], None, _Result]:
        """Yield task ``task``'s streamed pieces (as results holding only solutions), in the
        order it sent them, and return its result once every piece it sent is in."""
        queue, taken = stream
        received, result = 0, None
        while True:
            if self.buffers[task]:
                piece = self.buffers[task].popleft()
                received += 1
                taken[task] += 1  # (lets the task send one more piece)
                yield None, _Result(0, 0, 0, 0, 0.0, tuple(piece))
                continue
            if result is None and future.done():
                result = future.result()
            if result is not None and received >= result.pieces:
                return result
            if self.deadline is not None and time.perf_counter() >= self.deadline + GRACE:
                raise BudgetExceeded("timeout", self.stats, self.stats.solutions)
            try:
                sender, piece = queue.get(timeout=0.02)
            except Empty:
                continue
            self.buffers[sender].append(piece)

    def settle(self, futures: list[Future[_Result]], shared: Any) -> None:
        """After a budget stop: tell the workers, and add what the tasks still running did
        (they stop within a chunk; the ones that do not answer within GRACE are left out)."""
        if shared is not None:
            shared[1] = 1
        waited_until = time.perf_counter() + GRACE
        for future in futures[self.collected:]:
            if future.cancel():
                continue
            try:
                self.add(future.result(timeout=max(0.0, waited_until - time.perf_counter())))
            except Exception:  # noqa: BLE001 -- a task that failed or is late adds nothing
                continue


def count(solver: Solver, jobs: int | None = None, executor: Executor | None = None, givens: Sequence[Any] = (),
          exclude: Sequence[Any] = (), progress: Callable[[Progress], Any] | None = None,
          max_nodes: int | None = None, timeout: float | None = None, way: str = "auto",
          memo: bool | None = None, memo_bytes: int | None = None) -> int:
    """The number of solutions, counted on ``jobs`` processes (default: one per core) or on
    ``executor``; `BudgetExceeded` when ``max_nodes`` or ``timeout`` runs out first. With
    ``memo`` (as in `Solver.count`), each subtree is counted with a table of its own; the
    statistics sum the tables' hits and entries, and ``memoized`` says whether any subtree
    kept its table to the end."""
    mode = memo_mode(memo, None, None, way, bool(solver.matrix.bounds))
    search = _Search(solver, jobs, executor, givens, exclude, progress, max_nodes, timeout, way, mode, memo_bytes)
    total = 0
    for _solution, result in search.run(listing=False):
        total += 1 if result is None else result.solutions
    return total


def solutions(solver: Solver, jobs: int | None = None, executor: Executor | None = None, givens: Sequence[Any] = (),
              exclude: Sequence[Any] = (), progress: Callable[[Progress], Any] | None = None,
              max_nodes: int | None = None, timeout: float | None = None, way: str = "auto") -> Solutions:
    """Every solution (option labels), each exactly once, computed on ``jobs`` processes or
    on ``executor``; in a fixed order: those above the split depth, then batch by batch. The
    budget holds while they stream: the time between two solutions counts."""
    search = _Search(solver, jobs, executor, givens, exclude, progress, max_nodes, timeout, way)
    return Solutions(_listed(search), search.stats)


def _listed(search: _Search) -> Iterator[tuple[Any, ...]]:
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


def best(solver: Solver, k: int, jobs: int | None = None, executor: Executor | None = None,
         givens: Sequence[Any] = (), exclude: Sequence[Any] = (), max_nodes: int | None = None,
         timeout: float | None = None) -> Best:
    """The k cheapest solutions (`Solver.best`) on ``jobs`` processes or ``executor``: the
    tree split as for `count`, its subtrees searched in rounds of one per worker, each round
    starting from the k-th best cost the rounds before it found (the incumbent), the rounds'
    k best merged in the split's order. The costs are a serial search's; among solutions of
    equal cost, which are kept may differ (the split is a plain search's tree)."""
    search = _Search(solver, jobs, executor, givens, exclude, None, max_nodes, timeout)
    workers = jobs or os.cpu_count() or 1
    try:
        split = search.split(workers)
    except BudgetExceeded:
        return Best((), False, search.stats)
    labels = solver.labels
    kept: list[tuple[int, tuple[Any, ...]]] = []  # (cost, solution), cheapest first
    for solution in split.solutions:
        keep(kept, k, sum(solver.matrix.cost_of(label) for label in solution), solution)
    left = None if max_nodes is None else max(1, (max_nodes - split.stats.nodes) // max(1, len(split.prefixes)))
    own_pool = executor is None
    pool: Executor = ProcessPoolExecutor(workers, initializer=_install, initargs=(search.job, None)) \
        if executor is None else executor
    job = None if own_pool else search.job
    try:
        for start in range(0, len(split.prefixes), workers):
            cutoff = kept[-1][0] if len(kept) == k else None
            futures = [pool.submit(_search_batch, job, [prefix], True, Budget(search.wall_deadline, left), 0,
                                   (k, cutoff)) for prefix in split.prefixes[start:start + workers]]
            for future in futures:
                result = future.result()
                search.add(result)
                for cost, numbers in result.listed or ():
                    keep(kept, k, cost, tuple(labels[n] for n in (*search.job.givens, *numbers)))
                if result.stopped is not None:
                    return Best(tuple(kept), False, search.stats)
            if search.deadline is not None and time.perf_counter() >= search.deadline:
                return Best(tuple(kept), False, search.stats)
    finally:
        if own_pool:
            pool.shutdown(wait=True, cancel_futures=True)
    return Best(tuple(kept), True, search.stats)
