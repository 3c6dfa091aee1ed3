"""A parallel count that balances itself, and keeps a journal if asked.

The tree is cut as for any parallel search (`parallel`), but a subtree is a task of its own,
taken by whichever worker is free, the largest first (by its share of the tree, Knuth's
measure). A task that runs past its time slice is split where it stands (`balance`): the
subtrees it did not search go back to the queue. On our own pool a worker is also asked to
split at once when another one has nothing to do, so the workers end together.

Each subtree counted, or split, is a `subtrees.Record`; with ``journal``, the records go to
the count's journal (`journal`) as they come, and a count begun again with the same journal
counts only what it does not hold.
"""

from __future__ import annotations

import heapq
import os
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait

from .. import log
from ..engines.contract import MEMO_AUTO, MEMO_OFF, EngineCall
from ..errors import BudgetExceeded
from ..search.compiled import CompiledMatrix, labelled
from ..search.plans import Plan
from ..search.runs import PROGRESS_INTERVAL
from ..search.stats import Progress, Subtrees, time_left
from .balance import Piece
from .journal import FORMAT, Journal, fingerprint, head_of
from .pool import Pool, Task
from .spread import GRACE, Spread
from .subtrees import Budget, Record, Result, search_batch


__all__ = ["count", "slice_for", "SLICE_SHARE", "SLICE_LEAST", "SLICE_MOST"]

#: A task's time slice: a share of the time the count has run so far (so that the first
#: subtrees are split soon, and all the workers have work), at least SLICE_LEAST and at most
#: SLICE_MOST seconds. On our own pool an idle worker also asks for work, so the slice only
#: bounds what a killed count loses and how finely its journal records the work; each split
#: costs a few new searches, so its slices start longer. On another executor (a cluster) the
#: slice is what balances the work: a count ends at most about a slice after its work.
SLICE_SHARE = 0.05
SLICE_LEAST = {"own pool": 0.1, "executor": 0.01}
SLICE_MOST = {"own pool": 2.0, "executor": 1.0}


def slice_for(elapsed: float, where: str = "executor") -> float:
    """The time slice of a task begun ``elapsed`` seconds into a count on ``where`` ("own
    pool" or "executor"; see SLICE_SHARE)."""
    return min(SLICE_MOST[where], max(SLICE_LEAST[where], SLICE_SHARE * elapsed))


#: Subtrees per worker in the first split: few, since the count balances itself as it goes
#: (each subtree's search has a cost of its own to begin: its samples, its move to the sets).
FIRST_PER_WORKER = 2
#: ... but with a journal, at least this many: the journal keeps its first split for good,
#: and a count resumed from it on a larger cluster must find work for every worker at once.
JOURNAL_FIRST = 1024
#: A task takes the next subtrees waiting with its first while together they are at most
#: 1 / (TASK_SHARE * workers) of the shares left ...
TASK_SHARE = 8
#: ... and at most TASK_PIECES of them.
TASK_PIECES = 256
#: On another executor, the tasks in flight per worker (so that none waits for its next).
IN_FLIGHT = 2


class _Queue:
    """The subtrees to count, the largest share first (ties: in the tree's order)."""

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.heap: list[tuple[float, int, tuple[int, ...]]] = []
        self.order = 0
        self.share = 0.0
        self.push(pieces)

    def push(self, pieces: Sequence[Piece]) -> None:
        for prefix, share in pieces:
            heapq.heappush(self.heap, (-share, self.order, prefix))
            self.order += 1
            self.share += share

    def pop(self) -> Piece | None:
        if not self.heap:
            return None
        share, _, prefix = heapq.heappop(self.heap)
        self.share += share
        return prefix, -share

    def __len__(self) -> int:
        return len(self.heap)


class _Enough(Exception):
    """The count has reached its limit (raised by `_Count.ended`, caught by `_Count.count`)."""


class _Count(Spread):
    """One balanced count: the queue, the tasks in flight, the total, the journal."""

    def __init__(self, compiled: CompiledMatrix, plan: Plan) -> None:
        super().__init__(compiled, plan)
        self.workers = plan.jobs or os.cpu_count() or 1
        self.time_slice = plan.time_slice  # (None: by `slice_for`)
        self.where = "own pool" if plan.executor is None else "executor"
        self.journal_path = plan.journal
        self.journal: Journal | None = None
        self.head = dict(plan.head)
        self.queue = _Queue(())
        self.flight: dict[int, float] = {}  # task number -> its share
        self.tasks = self.finished = 0  # tasks begun; subtrees done (counted or split)
        self.told = -PROGRESS_INTERVAL  # (when the progress was last told)
        self.total = 0

    def journal_depth(self) -> int | None:
        """The depth of the first split of the journal begun before, if there is one."""
        head = None if self.journal_path is None else head_of(self.journal_path)
        depth = None if head is None else head.get("depth")
        return depth if isinstance(depth, int) else None

    def count(self) -> int:
        try:
            return self._count() if self.limit is None else min(self._count(), self.limit)
        except _Enough:  # (the tasks still running were stopped, and what they found kept)
            assert self.limit is not None
            self.report(last=True)
            return self.limit
        finally:
            if self.journal is not None:
                self.journal.close()
            if self.bar is not None:
                self.bar.close()

    def _count(self) -> int:
        wanted = FIRST_PER_WORKER if self.journal_path is None else max(FIRST_PER_WORKER, -(-JOURNAL_FIRST // self.workers))
        split = self.split(self.workers, self.journal_depth(), wanted)
        first = list(zip(split.prefixes, split.shares))
        self.total = len(split.solutions)
        if self.limit is not None and self.total >= self.limit:
            raise _Enough
        if self.journal_path is not None:
            call = self.job.call  # (a journal begun before: its memo, which the plan took from its head)
            head = {"exactcover journal": FORMAT, "depth": split.depth, "subtrees": len(split.prefixes),
                    "above": len(split.solutions), "memo": call.memo, "memo_bytes": call.memo_bytes,
                    "fingerprint": fingerprint(self.solver.compiled, call.givens, call.excluded)}
            self.journal = Journal(self.journal_path, {**head, **self.head})
            self.total, self.finished = self.journal.total, len(self.journal.records)
            first = self.journal.pending(first)
        self.queue.push(first)
        where = f"a pool of {self.workers} processes" if self.executor is None else type(self.executor).__name__
        log.info("balanced count: %d subtrees at depth %d (%d to do), slices of %s s, on %s", len(split.prefixes),
                 split.depth, len(first), self.time_slice or f"at most {SLICE_MOST[self.where]}", where)
        left = None if self.max_nodes is None else self.max_nodes - self.stats.nodes
        if first and left is not None and left <= 0:
            raise BudgetExceeded("max_nodes", self.stats, self.total)
        if first and self.executor is None:
            self.on_own_pool(Budget(self.wall_deadline, left, self.limit))
        elif first:
            self.on_other(left)
        self.report(last=True)
        log.debug("balanced count done: %d nodes, %d solutions, %.3f s; %d subtrees in %d tasks, %d of %d searches on "
                  "the sets", self.stats.nodes, self.total, self.stats.seconds, self.finished, self.tasks, self.on_sets,
                  self.searches)
        return self.total

    def task(self, budget: Budget) -> Task | None:
        """The next task: the largest subtree waiting, with the next ones as long as together
        they are at most a TASK_SHARE-th per worker of what is left (by their shares), so that
        the many small subtrees a split hands back do not each cost a task."""
        left = self.queue.share + sum(self.flight.values())
        piece = self.queue.pop()
        if piece is None:
            return None
        pieces, taken = [piece], piece[1]
        most = left / (TASK_SHARE * self.workers)
        while len(pieces) < TASK_PIECES and self.queue.heap and taken - self.queue.heap[0][0] <= most:
            pieces.append(self.queue.pop())  # type: ignore[arg-type]
            taken += pieces[-1][1]
        self.tasks += 1
        self.flight[self.tasks] = taken
        time_slice = self.time_slice
        if time_slice is None:
            time_slice = slice_for(time.perf_counter() - self.started, self.where)
        return Task(self.tasks, [prefix for prefix, _ in pieces], False, budget, None,
                    tuple(share for _, share in pieces), time_slice)

    def ended(self, result: Result, number: int) -> None:
        """A task's result: its records kept, its subtrees left queued; BudgetExceeded if it
        stopped."""
        self.add(result)
        self.flight.pop(number, None)
        self.keep(result.records)
        if result.stopped is None:
            self.queue.push([piece for record in result.records for piece in record.split] + list(result.rest))
        self.report()
        if self.limit is not None and (self.total >= self.limit or result.stopped == "limit"):
            raise _Enough  # (a task stops at the limit only when it has found that many itself)
        if result.stopped is not None:
            raise BudgetExceeded(result.stopped, self.stats, self.total)

    def keep(self, records: Sequence[Record]) -> None:
        self.total += sum(record.count for record in records)
        self.finished += len(records)
        if self.journal is not None:
            self.journal.add(records)

    def report(self, last: bool = False) -> None:
        """The statistics made current, and the progress told (at most every
        PROGRESS_INTERVAL seconds, and at the ``last``)."""
        stats, waiting = self.stats, len(self.queue)
        stats.seconds = time.perf_counter() - self.started
        left = self.queue.share + sum(self.flight.values())
        fraction = 1.0 if not waiting and not self.flight else min(1.0, max(0.0, 1.0 - left))
        stats.solutions = self.total
        stats.subtrees = Subtrees(self.finished, len(self.flight), waiting, fraction, time_left(stats.seconds, fraction))
        if self.progress is None or (not last and stats.seconds < self.told + PROGRESS_INTERVAL):
            return
        self.told = stats.seconds
        self.progress(Progress(stats.nodes, self.total, fraction, stats.seconds, stats.subtrees))

    def on_own_pool(self, budget: Budget) -> None:
        until = None if self.deadline is None else self.deadline + GRACE
        with Pool(self.workers, self.job) as pool:
            try:
                for number, result in pool.unordered(lambda: self.task(budget), until):
                    self.ended(result, number)
            except BaseException as stop:  # (what the tasks still running did is kept)
                pool.stop()
                self.gathered(pool.drain(GRACE))
                if isinstance(stop, (BudgetExceeded, TimeoutError)):
                    reason = stop.reason if isinstance(stop, BudgetExceeded) else "timeout"
                    raise BudgetExceeded(reason, self.stats, self.total) from None
                raise

    def on_other(self, left: int | None) -> None:
        """On another executor: IN_FLIGHT tasks per worker. Each task holds a part of the
        nodes ``left`` no other task holds, and gives back what it did not spend, so the
        count never searches past its budget; after a stop, the tasks still running end
        (within their own budgets, or GRACE) and their nodes are counted."""
        assert self.executor is not None
        futures: dict[Future[Result], tuple[int, int]] = {}  # -> its task number, the nodes it holds
        unheld = left
        try:
            while True:
                free = IN_FLIGHT * self.workers - len(futures)
                while free and (unheld is None or unheld > 0):
                    nodes = None if unheld is None else max(1, unheld // free)
                    task = self.task(Budget(self.wall_deadline, nodes, self.limit))
                    if task is None:
                        break
                    future = self.executor.submit(search_batch, self.job, task.prefixes, False, task.budget,
                                                  task.number, None, task.shares, task.time_slice)
                    held = nodes or 0
                    futures[future] = (task.number, held)
                    unheld = None if unheld is None else unheld - held
                    free -= 1
                if not futures:
                    if len(self.queue):  # (the budget is spent, and subtrees are left)
                        raise BudgetExceeded("max_nodes", self.stats, self.total)
                    return
                timeout = None if self.deadline is None else max(0.0, self.deadline - time.perf_counter()) + GRACE
                finished, _ = wait(futures, timeout, FIRST_COMPLETED)
                if not finished:
                    raise BudgetExceeded("timeout", self.stats, self.total)
                for future in finished:
                    number, held = futures.pop(future)
                    result = future.result()
                    if unheld is not None:
                        unheld += held - result.nodes
                    self.ended(result, number)
        except (BudgetExceeded, _Enough) as stop:
            self.gathered(self.drained(futures))
            if isinstance(stop, _Enough):
                raise
            raise BudgetExceeded(stop.reason, self.stats, self.total) from None
        finally:
            for future in futures:
                future.cancel()

    def drained(self, futures: Iterable[Future[Result]]) -> list[Result]:
        """The results of the tasks still running on the executor that end within GRACE
        (past the deadline, if there is one)."""
        timeout = GRACE if self.deadline is None else max(0.0, self.deadline - time.perf_counter()) + GRACE
        finished, _ = wait(futures, timeout)
        return [future.result() for future in finished if future.exception() is None]

    def gathered(self, results: Iterable[Result]) -> None:
        """After a stop, the results of the tasks that ended meanwhile kept: their solutions
        and nodes count, and their records go to the journal."""
        for result in results:
            self.add(result)
            self.keep(result.records)
        self.report(last=True)


#: Nodes of the whole search a count with ``memo=None`` looks at before its subtrees begin:
#: past the engines' own sample (pydlx.memo.MEMO_SAMPLE), so that the table is dropped there
#: or kept (see `memo_for_subtrees`).
MEMO_LOOK = 1 << 13


def memo_for_subtrees(compiled: CompiledMatrix, call: EngineCall) -> int:
    """The memo's mode of each subtree's search, for a count whose call says ``call.memo``:
    that, but for MEMO_AUTO when the whole search's own sample already drops its table: then
    MEMO_OFF. (Each subtree would take the same sample and drop its table too, and on a count
    of many small subtrees those samples cost a tenth of its time.) The front's plan asks
    this once, before the count starts."""
    if call.memo != MEMO_AUTO:
        return call.memo
    with labelled(compiled):
        search = call.start(compiled.dancer)
    search.run(MEMO_LOOK, 0, True)
    return MEMO_AUTO if search.memoizing else MEMO_OFF


def count(compiled: CompiledMatrix, plan: Plan) -> int:
    """The number of solutions (at most the plan's ``limit``), counted on the plan's ``jobs``
    processes (default: one per core) or its ``executor``, balanced (see the module); with
    a ``journal`` (a path), each subtree is kept there and a journal begun before is
    resumed. The plan's ``time_slice``: a task's time slice in seconds (by default
    `slice_for`); its ``head``: more to write in a new journal's head (the command's problem
    type and arguments). `BudgetExceeded` when ``max_nodes`` or ``timeout`` runs out; with
    a limit, the count stops once it has found that many, as a serial one does."""
    return _Count(compiled, plan).count()
