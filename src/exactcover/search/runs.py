"""One search as it runs: its budget, its statistics, its progress, its solutions.

A `Run` steps an engine's search chunk by chunk (`CHUNK`), so that between two chunks
Python sees Ctrl-C, the timeout and the node budget, keeps `Stats` current and calls the
``progress`` callback with a `Progress`; `Solutions` is the lazy iterator over a run's
solutions that `Solver.solutions` returns. The `Solver` (solver.py) makes runs; so do the
searches built on it (best.py, estimates.py, parallel.py), which is why this is a module of
its own: they import it, not the solver.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from .. import log
from ..engines import contract
from ..engines.contract import DONE, LIMIT, PAUSED, SOLUTION, Where
from ..errors import BudgetExceeded, GivenAndExcluded, GivensBreakLoop, GivensClash, PrefixError
from .bar import progress_callback
from . import portfolio

if TYPE_CHECKING:  # (for annotations only: solver needs this module)
    from ..front.solver import Solver

__all__ = ["CHUNK", "LIMIT_CAP", "PROGRESS_INTERVAL", "Progress", "Run", "Solution", "Solutions", "Stats", "Subtrees", "time_left",
           "check_budget", "check_positive", "memo_budget", "memo_mode", "node_ids"]

#: A solution: the labels of the options chosen, givens first, then in search order.
Solution = tuple[Hashable, ...]
T = TypeVar("T")  # (what a `Solutions` yields: solutions, or the answers they decode to)


#: How much an engine does between two returns to Python (where Ctrl-C, the timeout and the
#: node budget are checked): at most this many nodes, or about this many updates.
CHUNK = {"c": (1 << 16, 1 << 21), "python": (1 << 11, 1 << 15)}


@attrs.define
class Stats:
    """What a search did; updated as it runs.

    ``nodes`` counts entries into the search procedure (the root, every partial solution and
    every complete one); ``updates`` counts link removals (Knuth's measure of work, givens
    included); ``max_level`` is the deepest level entered (the number of options chosen,
    givens not counted). ``seconds`` is wall-clock time from the start of the search to its
    latest step, the time a consumer spent between solutions included (what ``timeout``
    measures); ``engine_seconds`` is the part of it spent inside the engine (on parallel
    searches: summed over the workers). A memoized count (`Solver.count`'s ``memo``) adds
    ``memo_hits``, the states it found in its table, ``memo_entries``, the states it stored,
    and ``memoized``, whether it counted with the table to the end (an automatic count that
    found memoizing did not pay drops it after a sample and counts on without). ``way`` is
    where the search ran: "links", or "sets" when it moved to the sets of options (see
    ``way=`` of `Solver.solutions`); a parallel search whose subtrees went both ways says
    "mixed"; a race that the SAT solver won says "sat" (the other figures are then those of
    the search it stopped). ``reduced`` says that a count or a listing (``reduce=None``) decided on the way
    to search the problem made smaller by Knuth's preprocessing: these are then that
    search's statistics, but ``seconds``, which runs from the start of the first. A parallel
    count says where its ``subtrees`` stand (`Subtrees`; None for any other search).
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    max_level: int = 0
    seconds: float = 0.0
    engine_seconds: float = 0.0
    memo_hits: int = 0
    memo_entries: int = 0
    memoized: bool = False
    way: str = "links"
    reduced: bool = False
    subtrees: Subtrees | None = None  # a parallel count: where its subtrees stand


@attrs.frozen
class Subtrees:
    """Where a parallel count stands: its subtrees done (counted, or split where they
    stood), in flight on the workers, and waiting for one; the ``fraction`` of the tree
    done (Knuth's estimate, from the shares of the subtrees left) and the ``remaining``
    seconds it promises (the time so far scaled by it; None before anything is done)."""

    done: int
    running: int
    waiting: int
    fraction: float = 0.0
    remaining: float | None = None


@attrs.frozen
class Progress:
    """What a running search reports to a ``progress`` callback: nodes and solutions so far,
    seconds spent, and ``fraction``, Knuth's estimate of the part of the tree finished (it
    never decreases, and is 1.0 at the end). A parallel count adds its `Subtrees`."""

    nodes: int
    solutions: int
    fraction: float
    seconds: float
    subtrees: Subtrees | None = None

    @property
    def remaining(self) -> float | None:
        """The seconds left, if the rest of the tree goes as fast as the part done (from
        ``fraction``); None before anything is done."""
        return time_left(self.seconds, self.fraction)


def time_left(seconds: float, fraction: float) -> float | None:
    """The seconds left after ``seconds`` with ``fraction`` of the tree done, if the rest goes
    as fast (None before anything is done)."""
    return seconds * (1.0 - fraction) / fraction if fraction > 0.0 else None


#: Counting limits are capped here for the engines' 64-bit counters: no count reaches it.
LIMIT_CAP = 1 << 62

#: How often (seconds) a search calls its ``progress`` callback at most.
PROGRESS_INTERVAL = 0.1


@contextmanager
def labelled(solver: Solver) -> Iterator[None]:
    """An engine's `GivensClash`, `GivenAndExcluded` or `GivensBreakLoop` raised again with
    the labels of the options and the item it names (the engine knows only their numbers)."""
    try:
        yield
    except GivensClash as clash:
        labels = solver.labels
        first, second, item = cast(int, clash.first), cast(int, clash.second), cast(int, clash.item)
        raise GivensClash(labels[first], labels[second], solver.matrix.items[item]) from None
    except GivenAndExcluded as clash:
        raise GivenAndExcluded(solver.labels[cast(int, clash.option)]) from None
    except GivensBreakLoop as broken:
        raise GivensBreakLoop(solver.labels[cast(int, broken.option)], solver.matrix.items[cast(int, broken.edge)]) \
            from None


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


def memo_mode(memo: bool | None, limit: int | None, seed: int | None, way: str, bounded: bool) -> int:
    """The engine's ``memo`` for a count: None decides from a sample (`contract.MEMO_AUTO`)
    when the count is whole (no limit), unseeded, on the calibrated way and without bounds;
    True always memoizes (Unsupported with a seed, on the sets or with bounds), False never."""
    if memo is None:
        whole = limit is None and seed is None and way == "auto" and not bounded
        return contract.MEMO_AUTO if whole else contract.MEMO_OFF
    if not isinstance(memo, bool):
        raise TypeError(f"memo must be True, False or None, not {memo!r}")
    contract.refuse("memo" if memo else None, "sets" if way == "sets" else None)
    return contract.MEMO_ON if memo else contract.MEMO_OFF


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

    def __init__(self, solver: Solver, givens: Iterable[Hashable], seed: int | None,
                 max_nodes: int | None, timeout: float | None, exclude: Iterable[Hashable] = (),
                 progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
                 way: str = "auto", best: int = 0, memo: int = contract.MEMO_OFF,
                 memo_bytes: int | None = None, diagram: bool = False, between: Callable[[], Any] | None = None,
                 started: float | None = None, stats: Stats | None = None) -> None:
        check_budget(max_nodes, timeout)
        check_positive("memo_bytes", memo_bytes, allow_zero=True)
        tuning = contract.Tuning.of(way)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        begun = time.perf_counter()
        self.started = begun if started is None else started  # (a search that carries on another's)
        ids = solver.option_numbers(givens, "given")
        excluded = solver.option_numbers(exclude, "excluded")
        self.labels = labels = solver.labels
        self.prefix = tuple([labels[k] for k in ids])
        self.max_nodes = max_nodes
        self.deadline = None if timeout is None else self.started + timeout
        self.chunk, self.work = CHUNK[solver.engine]
        self.engine = solver.engine
        self.stats = Stats() if stats is None else stats  # (a search that carries on another's)
        solver._local.stats = self.stats  # what solver.stats shows in this thread
        self.progress, self.bar = progress_callback(progress)
        self.reported, self.between = 0.0, between
        self.head_start = 0  # (a first solution's, until the partner joins: portfolio.py)
        nodes = node_ids(prefix)
        # (what a first solution's partner search needs: portfolio.py)
        self.alone = way != "auto" or seed is not None or bool(best or memo or diagram or solver.matrix.bounds
                                                               or solver.matrix.priority or solver.matrix.loop)
        self.partner_of = lambda tuning: solver.dancer.search(array("i", ids), None, array("i", excluded) if excluded
                                                                  else (), nodes, tuning)
        with labelled(solver):
            more: dict[str, Any] = {"best": best} if best else {}  # (the cheapest solutions: see best.py)
            if memo:
                more.update(memo=memo, memo_bytes=memo_budget(memo_bytes))
            if diagram:
                more["diagram"] = True
            self.search = solver.dancer.search(array("i", ids), seed, array("i", excluded) if excluded else (), nodes,
                                               tuning, **more)
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
