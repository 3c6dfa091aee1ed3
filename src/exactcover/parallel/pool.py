"""The worker processes of a parallel search on this machine, made to stop cleanly.

`concurrent.futures.ProcessPoolExecutor` is made for tasks that end; a search must also end
early, on a budget, Ctrl-C, SIGTERM or a worker's death, at any moment, start-up included.
Its races at those moments (a pool stopped before its manager thread has started keeps
its workers alive and the command waiting for them; a worker killed while it holds a lock
of the shared queue or budget blocks the parent for ever) are why this pool is our own:

- Every worker has its own two pipes (tasks in, messages out) and its own slot of shared
  memory for the nodes it spent: nothing a worker can die holding is ever waited on.
- The parent waits on the pipes and on each worker's sentinel together, so a worker that
  dies (SIGKILL, the out-of-memory killer) is noticed at once: `WorkerLost`.
- Workers are daemons, started with Ctrl-C and SIGTERM held until each has set its own
  handlers (Ctrl-C is the parent's to handle; SIGTERM ends a worker at once). `Pool.close`
  ends them all, whatever happened, and waits for them: no process is left behind. A worker
  whose parent is killed outright notices and ends itself.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import defaultdict, deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from typing import Any

import attrs

from ..errors import WorkerLost
from . import subtrees
from .orphans import end_with_parent, facts
from .subtrees import Budget, Job, Result, Worker, search_batch

__all__ = ["Pool", "Task"]

#: Seconds `Pool.close` waits for a terminated worker before it kills it.
TERMINATE_WAIT = 1.0
#: Seconds the parent waits, when a worker died of a signal that may have been sent to the
#: whole process group, for that signal to reach it too (it is then the parent's own
#: Ctrl-C or SIGTERM, said as such, not a lost worker).
GROUP_SIGNAL_WAIT = 0.05
_HELD = {signal.SIGINT, signal.SIGTERM}
#: Tasks a worker holds at most in `Pool.unordered`: the one it runs, and the next.
PREFETCH = 2


@attrs.frozen
class Task:
    """One task for a worker: `subtrees.search_batch`'s arguments but the job."""

    number: int
    prefixes: list[tuple[int, ...]]
    listing: bool
    budget: Budget
    best: tuple[int, int | None] | None = None
    shares: tuple[float, ...] | None = None  # a balanced count (see search_batch)
    time_slice: float | None = None


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM in this thread (and so in the processes it forks meanwhile)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


class Pool:
    """``workers`` processes that search tasks of one `Job`; close it (it is a context manager)."""

    def __init__(self, workers: int, job: Job) -> None:
        context = multiprocessing.get_context()
        forked = context.get_start_method() == "fork"
        self.shared = context.RawArray("q", 1 + 2 * workers)  # see subtrees.Worker
        self.processes: list[Any] = []
        self.orders: list[Connection] = []  # the parent's ends: tasks to the workers ...
        self.inbox: list[Connection] = []  # ... and their messages
        # worker -> the numbers of the tasks it was sent whose results have not come, the one
        # it runs first
        self.sent: dict[int, deque[int]] = defaultdict(deque)
        self.held: dict[int, deque[tuple[str, Any]]] = defaultdict(deque)  # task -> its messages not yet yielded
        self.ended: deque[tuple[int, Result]] = deque()  # (unordered) tasks' results received, not yet yielded
        parent, from_main_thread = facts(context.get_start_method())
        try:
            with _signals_held():
                for index in range(workers):
                    their_orders, orders = context.Pipe(duplex=False)
                    inbox, their_inbox = context.Pipe(duplex=False)
                    # (a forked worker closes its copies of the parent's ends, so that a pipe
                    # whose worker died reads as ended instead of waiting on a copy)
                    parents_ends = [*self.orders, *self.inbox, orders, inbox] if forked else []
                    process = context.Process(target=_serve, name=f"exactcover worker {index}", daemon=True,
                                              args=(index, job, self.shared, their_orders, their_inbox, parents_ends,
                                                    parent, from_main_thread))
                    self.processes.append(process)
                    self.orders.append(orders)
                    self.inbox.append(inbox)
                    process.start()
                    their_orders.close()
                    their_inbox.close()
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def running(self) -> dict[int, int]:
        """Each busy worker, and the number of the task it runs."""
        return {worker: tasks[0] for worker, tasks in self.sent.items() if tasks}

    def stop(self) -> None:
        """Tell every worker to stop its task at the end of its current chunk."""
        self.shared[0] = 1

    def run(self, tasks: Sequence[Task], until: float | None = None, ahead: int = 4) -> Iterator[tuple[str, Any]]:
        """Run ``tasks`` and yield, task after task in their order, each one's messages: its
        pieces of solutions (("piece", option numbers of each)) and then its result (("done",
        `Result`)). Tasks go to idle workers in their order. A later task's messages wait for
        their turn, at most ``ahead`` pieces of them; its worker then waits on its full pipe.
        TimeoutError when ``until`` (a `time.perf_counter` time) passes first, `WorkerLost`
        when a worker dies, and a worker's own exception as it raised it."""
        waiting = deque(tasks)
        idle = list(range(len(self.processes)))
        sent, held = self.sent, self.held
        for task in tasks:
            wanted = task.number
            while True:
                while idle and waiting:
                    worker = idle.pop(0)
                    sent[worker].append(waiting[0].number)
                    try:
                        self.orders[worker].send(waiting.popleft())
                    except OSError:  # (its pipe ended: the worker is gone)
                        self._lost(worker)
                if held[wanted]:
                    message = held[wanted].popleft()
                    yield message
                    if message[0] == "done":
                        del held[wanted]
                        break
                    continue
                listen = [w for w, t in self.running.items() if t == wanted or len(held[t]) < ahead]
                for worker, message in self._receive(listen, until):
                    held[sent[worker][0]].append(message)
                    if message[0] == "done":
                        sent[worker].popleft()
                        idle.append(worker)

    def unordered(self, take: Callable[[], Task | None], until: float | None = None) -> Iterator[tuple[int, Result]]:
        """Run the tasks ``take`` gives (None: none now) and yield each task's number and
        `Result` as it ends, whatever its order; ``take`` is asked again after each (the
        caller may have more by then). Ends when no task runs and ``take`` has none. Each
        worker holds up to PREFETCH tasks, so that it never waits for its next one; while a
        worker has none, the busy ones are asked for work: each splits its subtree
        (`subtrees.search_batch`). TimeoutError, `WorkerLost` and a worker's exception as
        `run`."""
        workers, sent = range(len(self.processes)), self.sent
        asks = 1 + len(self.processes)
        while True:
            for depth in range(1, PREFETCH + 1):  # (every worker one task, then a second)
                for worker in workers:
                    if len(sent[worker]) < depth and (task := take()) is not None:
                        sent[worker].append(task.number)
                        try:
                            self.orders[worker].send(task)
                        except OSError:
                            self._lost(worker)
            running = self.running
            if not running:
                return
            if len(running) < len(self.processes):
                for worker in running:
                    self.shared[asks + worker] = 1
            for worker, (kind, payload) in self._receive(list(running), until):
                if kind == "done":  # (all kept before any is yielded: the caller may stop at the first)
                    self.ended.append((sent[worker].popleft(), payload))
            while self.ended:
                yield self.ended.popleft()

    def _receive(self, workers: list[int], until: float | None) -> list[tuple[int, tuple[str, Any]]]:
        """The messages some of ``workers`` sent, once there is at least one. Every running
        worker's death is watched for, not only theirs: a worker whose messages wait their
        turn (its pipe not read) may die too, and that must be seen at once."""
        sentinels = {self.processes[w].sentinel: w for w in {*workers, *self.running}}
        pipes = {self.inbox[w]: w for w in workers}
        while True:
            timeout = None if until is None else max(0.0, until - time.perf_counter())
            ready = wait([*pipes, *sentinels], timeout)
            if not ready:
                raise TimeoutError
            got = []
            for pipe in (r for r in ready if r in pipes):
                try:
                    kind, task, payload = pipe.recv()
                except (EOFError, OSError):  # (its pipe ended: the worker died)
                    self._lost(pipes[pipe])
                if kind == "error":
                    raise payload
                got.append((pipes[pipe], (kind, payload)))
            gave = {worker for worker, _ in got}  # (a worker that died after its last words: read them first)
            for sentinel in (r for r in ready if r in sentinels and sentinels[r] not in gave):
                self._lost(sentinels[sentinel])
            if got:
                return got

    def _lost(self, worker: int) -> None:
        """Raise `WorkerLost` for ``worker``, which died (once it is gone, to know how)."""
        process = self.processes[worker]
        process.join(TERMINATE_WAIT)
        if process.exitcode is not None and -process.exitcode in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            time.sleep(GROUP_SIGNAL_WAIT)  # (where the parent's own handler raises, if the signal was the group's)
        raise WorkerLost(process.pid, process.exitcode)

    def drain(self, grace: float) -> list[Result]:
        """After `stop`: the results of the tasks that ended but were not yielded yet, and of
        those sent that end within ``grace`` seconds (pieces are dropped)."""
        until = time.perf_counter() + grace
        results = [payload for messages in self.held.values() for kind, payload in messages if kind == "done"]
        results += [result for _, result in self.ended]
        self.held.clear()
        self.ended.clear()
        while busy := list(self.running):
            try:
                got = self._receive(busy, until)
            except (TimeoutError, WorkerLost):
                break
            except Exception:  # noqa: BLE001 -- a task that failed adds nothing
                continue
            for worker, (kind, payload) in got:
                if kind == "done":
                    results.append(payload)
                    self.sent[worker].popleft()
        return results

    def close(self) -> None:
        """End every worker, now, and wait for each to be gone."""
        self.stop()
        for process in self.processes:
            if process.pid is not None and process.exitcode is None:
                process.terminate()
        for process in self.processes:
            if process.pid is None:
                continue
            process.join(TERMINATE_WAIT)
            if process.exitcode is None:
                process.kill()
                process.join()
        for pipe in (*self.orders, *self.inbox):
            pipe.close()
        self.orders, self.inbox = [], []


# -- in a worker -----------------------------------------------------------------------------


def _serve(index: int, job: Job, shared: Any, orders: Connection, inbox: Connection,
           parents_ends: list[Connection], parent: int | None, from_main_thread: bool) -> None:
    """A worker's life: search the tasks it is sent and send back what they found, until
    its pipe ends (the parent is gone) or it is terminated."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (Ctrl-C reaches the whole group: the parent handles it)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # (a forked worker inherits the command's handler)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    for pipe in parents_ends:
        pipe.close()
    end_with_parent(parent, from_main_thread)

    def send(message: tuple[str, int, Any]) -> None:
        try:
            inbox.send(message)
        except OSError:  # (the parent is gone, or closed the pool: nobody wants the rest)
            os._exit(1)

    subtrees.worker = Worker(index, job, shared, send)
    while True:
        try:
            task = orders.recv()
        except (EOFError, OSError):
            return
        try:
            result = search_batch(None, task.prefixes, task.listing, task.budget, task.number, task.best, task.shares,
                                  task.time_slice)
        except Exception as error:  # noqa: BLE001 -- the parent raises it
            send(("error", task.number, _picklable(error)))
        else:
            send(("done", task.number, result))


def _picklable(error: Exception) -> Exception:
    import pickle

    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001 -- any failure to cross the pipe
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
