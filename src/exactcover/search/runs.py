"""One search as it runs: its budget, its statistics, its progress, its solutions.

A `Run` steps an engine's search chunk by chunk (`CHUNK`), so that between two chunks
Python sees Ctrl-C, the timeout and the node budget, keeps `Stats` current and calls the
``progress`` callback with a `Progress`; `Solutions` is the lazy iterator over a run's
solutions that `Solver.solutions` returns. A run searches a `CompiledMatrix` (compiled.py):
the `Solver` makes runs, and so do the searches built on the compiled matrix (best.py,
estimates.py, split.py, the parallel searches).
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, TypeVar, cast


from .. import log
from ..engines import contract
from ..engines.contract import DONE, LIMIT, PAUSED, SOLUTION, Where
from ..errors import BudgetExceeded, PrefixError
from . import portfolio
from .bar import progress_callback
from .compiled import CompiledMatrix, labelled
from .plans import Plan
from .stats import Progress, Stats

__all__ = ["CHUNK", "LIMIT_CAP", "PROGRESS_INTERVAL", "Run", "Solution", "Solutions", "check_budget", "check_positive",
           "memo_budget", "node_ids"]

#: A solution: the labels of the options chosen, givens first, then in search order.
Solution = tuple[Hashable, ...]
T = TypeVar("T")  # (what a `Solutions` yields: solutions, or the answers they decode to)


#: How much an engine does between two returns to Python (where Ctrl-C, the timeout and the
#: node budget are checked): at most this many nodes, or about this many updates.
CHUNK = {"c": (1 << 16, 1 << 21), "python": (1 << 11, 1 << 15)}


#: Counting limits are capped here for the engines' 64-bit counters: no count reaches it.
LIMIT_CAP = 1 << 62

#: How often (seconds) a search calls its ``progress`` callback at most.
PROGRESS_INTERVAL = 0.1


def check_positive(name: str, value: Any, *, allow_zero: bool = False) -> None:
    """TypeError or ValueError unless ``value`` is None or a positive int (or 0 if allowed)."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name} must be {'at least 0' if allow_zero else 'positive'}, not {value}")


def check_budget(max_nodes: Any, timeout: Any) -> None:
    """TypeError or ValueError unless ``max_nodes`` is None or an int >= 0 and ``timeout``
    None or a positive number of seconds."""
    check_positive("max_nodes", max_nodes, allow_zero=True)
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")


def memo_budget(memo_bytes: int | None) -> int:
    """The engines' ``memo_bytes``: the default for None, else at most what a C long long holds
    with room to spare (no table comes near it)."""
    return contract.DEFAULT_MEMO_BYTES if memo_bytes is None else min(memo_bytes, 1 << 62)


class Run:
    """One search and its budget: steps the engine chunk by chunk, keeping ``stats`` current.

    The budget is checked whenever the engine returns (every solution, and every chunk of
    nodes) and again before it runs on, so the time a consumer spends between two solutions
    counts: ``timeout`` is wall-clock time from the start of the search. ``between`` is
    called after every chunk (a few milliseconds of work): the race's look at its SAT solver,
    the automatic reduction's look at the count (autoreduce.py). When it returns True, `step`
    returns PAUSED there, the search intact: another `step` goes on from where it was.
    """

    def __init__(self, compiled: CompiledMatrix, plan: Plan, prefix: Sequence[int] = (), *,
                 between: Callable[[], Any] | None = None, started: float | None = None,
                 stats: Stats | None = None) -> None:
        begun = time.perf_counter()
        self.started = begun if started is None else started  # (a search that carries on another's)
        call = plan.call
        self.labels = labels = compiled.labels
        self.prefix = tuple([labels[k] for k in call.givens])
        self.max_nodes, self.limit = plan.max_nodes, plan.limit
        self.deadline = None if plan.timeout is None else self.started + plan.timeout
        self.chunk, self.work = CHUNK[compiled.engine]
        self.engine = compiled.engine
        self.stats = Stats() if stats is None else stats  # (a search that carries on another's)
        compiled.stats = self.stats  # what compiled.stats shows in this thread
        self.progress, self.bar = progress_callback(plan.progress)
        self.reported, self.between = 0.0, between
        self.head_start = 0  # (a first solution's, until the partner joins: portfolio.py)
        nodes = node_ids(prefix)
        matrix = compiled.matrix
        # (what a first solution's partner search needs: portfolio.py)
        self.alone = plan.way != "auto" or call.seed is not None or bool(call.best or call.memo or call.diagram or
                                                                         matrix.bounds or matrix.priority or matrix.loop)
        self.partner_of = lambda tuning: call.start(compiled.dancer, nodes, tuning=tuning)
        with labelled(compiled):
            self.search = call.start(compiled.dancer, nodes)
        now = time.perf_counter()
        self.stats.seconds, self.stats.engine_seconds = now - self.started, now - begun
        self.stats.updates = self.search.updates

    def step(self, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """Run until a solution, the end, ``limit`` solutions counted, or (with ``depth``) a
        subtree to hand out; enforce the budget and report progress. A progress bar goes
        when the search ends, however it ends."""
        try:
            status = self._step(counting, limit, depth)
        except BaseException:
            self.close_bar()
            raise
        if status in (DONE, LIMIT):
            self.close_bar()
        return status

    def close_bar(self) -> None:
        """Take away the progress bar that ``progress=True`` drew, if any."""
        if self.bar is not None:
            self.bar.close()

    def _step(self, counting: bool, limit: int, depth: int) -> int:
        search, stats = self.search, self.stats
        while True:
            self.check_deadline()
            steps, work = self.chunk, self.work
            if self.max_nodes is not None:
                steps = min(steps, self.max_nodes - search.nodes)
            if self.head_start:  # (MRV alone to its head start, then beside its partner)
                left = self.head_start - search.updates - search.scanned
                if left > 0:
                    work = min(work, left)
                else:  # (the partner cannot fail where MRV's search did not)
                    # (a Portfolio has what a Run reads of a search: its counts, run, fraction, solution)
                    self.search = search = cast(contract.Search, portfolio.Portfolio(search, self.partner_of))
                    self.head_start = 0
            started = time.perf_counter()
            try:
                status = search.run(steps, work, counting, limit, depth)
            finally:
                now = time.perf_counter()
                stats.engine_seconds += now - started
                stats.seconds = now - self.started
                stats.nodes, stats.updates = search.nodes, search.updates
                stats.solutions, stats.max_level = search.solutions, search.max_level
                stats.memo_hits, stats.memo_entries = search.memo_hits, search.memo_entries
                stats.memoized = search.memoizing
                stats.way = "sets" if search.where == Where.SETS else "links"
            if self.progress is not None and (status in (DONE, LIMIT) or stats.seconds - self.reported >= PROGRESS_INTERVAL):
                self.report()
            if self.between is not None and self.between() and status == PAUSED:
                return PAUSED  # (the hook asked for the search back; another step goes on)
            if status != PAUSED:
                if status in (DONE, LIMIT):
                    log.debug("search done on the %s engine, on the %s: %d nodes, %d solutions, %.3f s%s",
                              self.engine, stats.way, stats.nodes, stats.solutions, stats.seconds,
                              f", memoized ({stats.memo_entries} states)" if stats.memoized else "")
                return status
            if self.max_nodes is not None and search.nodes >= self.max_nodes:
                self.stop("max_nodes")

    def check_deadline(self) -> None:
        """BudgetExceeded once the time is up."""
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            self.stats.seconds = time.perf_counter() - self.started
            self.stop("timeout")

    def stop(self, reason: str) -> None:
        raise BudgetExceeded(reason, self.stats, self.search.solutions)

    def report(self) -> None:
        """Tell the ``progress`` callback where the search is."""
        if self.progress is not None:
            stats = self.stats
            self.reported = stats.seconds
            self.progress(Progress(stats.nodes, stats.solutions, self.search.fraction(), stats.seconds))

    def first(self) -> Solution | None:
        """The search's first solution, or None; the progress callback hears of its end. With
        way "auto", past a head start, MRV's search and the weighted ties' in turn
        (portfolio.py)."""
        if not self.alone and self.search.nodes == 0:
            self.head_start = portfolio.HEAD_START
        found = self.step() == SOLUTION
        if found:
            self.report()  # (the end of this question; DONE reports itself)
            self.close_bar()
        return self.solution() if found else None

    def count(self) -> int:
        """The number of solutions, counted inside the engine, at most the plan's limit."""
        self.step(counting=True, limit=min(self.limit or 0, LIMIT_CAP))
        found = self.search.solutions
        return found if self.limit is None else min(found, self.limit)

    def solution(self) -> Solution:
        labels = self.labels
        return self.prefix + tuple([labels[k] for k in self.search.solution()])

    def solutions(self) -> Iterator[Solution]:
        """Every solution of the search, as it finds them."""
        try:
            while self.step() == SOLUTION:
                yield self.solution()
        finally:  # (the caller stopped early)
            self.close_bar()


class Solutions(Iterator[T]):
    """The solutions of one search, lazily: each is searched for when asked for.

    ``stats`` are this search's own statistics (updated as it runs, whichever thread asks),
    ``found`` the number of solutions it has yielded. With ``accept``, only the solutions it
    accepts are yielded (and count towards ``limit``); with ``decode``, each is decoded
    before it is yielded. A search stopped by its budget raises `BudgetExceeded`, and raises
    it again if asked for more.
    """

    def __init__(self, source: Iterator[Solution], stats: Stats, limit: int | None = None,
                 accept: Callable[[Solution], bool] | None = None, decode: Callable[[Solution], Any] | None = None) -> None:
        self._source, self.stats, self.limit = source, stats, limit
        self._accept, self._decode = accept, decode
        self.found = 0
        self._stopped: BudgetExceeded | None = None

    def __iter__(self) -> Solutions[T]:
        return self

    def __next__(self) -> T:
        if self._stopped is not None:
            raise self._stopped
        while self.limit is None or self.found < self.limit:
            try:
                solution = next(self._source)
            except BudgetExceeded as stop:
                self._stopped = stop
                raise
            if self._accept is None or self._accept(solution):
                self.found += 1
                return cast(T, solution if self._decode is None else self._decode(solution))
        self.close()  # the limit is reached: let the search go now (a pool's workers stop)
        raise StopIteration

    def close(self) -> None:
        """End the search now (as breaking out of a loop does, once the iterator is dropped):
        a parallel search's workers stop and its pool is shut down."""
        close = getattr(self._source, "close", None)
        if close is not None:
            close()

    def __repr__(self) -> str:
        return f"<Solutions: {self.found} yielded, {self.stats}>"


def node_ids(prefix: Sequence[int]) -> array[int]:
    """A prefix as the engine takes it; PrefixError for an entry that is not a node number."""
    if type(prefix) is tuple and not prefix:  # (the default: every search but a subtree's)
        return array("i")
    if isinstance(prefix, (str, bytes)):
        raise PrefixError(prefix, 0)
    try:
        entries = list(prefix)
    except TypeError:
        raise PrefixError(prefix, 0) from None
    for position, node in enumerate(entries):
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < 1 << 31:
            raise PrefixError(node, position)
    return array("i", entries)
