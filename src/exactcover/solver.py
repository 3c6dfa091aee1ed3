"""The solver: compile a `Matrix` once, then answer many questions about it.

A `Solver` turns a matrix into an engine's arrays once. Every call (`first`, `solutions`,
`count`, `is_unique`) starts a fresh search on a private copy of those arrays, with its own
givens, seed and budget, so one solver serves thousands of searches (a 9×9 sudoku matrix,
say, with each puzzle's clues as givens), and can be shared between threads.

A search stopped by its budget raises `BudgetExceeded`; it never looks like "no solution".
Ctrl-C raises KeyboardInterrupt within a fraction of a second and leaves the solver usable.
"""

from __future__ import annotations

import threading
import time
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any, TypeVar, cast

import attrs

from . import engines, log
from .errors import BudgetExceeded, GivenAndExcluded, GivensClash, GivensError, PrefixError, UnknownOption, Unsupported
from .bar import progress_callback
from .matrix import Matrix, item_positions

if TYPE_CHECKING:
    from .best import Best
    from .diagram import Diagram
    from .estimates import Estimate
from . import contract
from .contract import DONE, LIMIT, ON_SETS, PAUSED, PREFIX, SOLUTION, Compiled, Dancer

__all__ = ["Solver", "Solutions", "Stats", "Solution", "Progress", "Split"]

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
    "mixed".
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


@attrs.frozen
class Progress:
    """What a running search reports to a ``progress`` callback: nodes and solutions so far,
    seconds spent, and ``fraction``, Knuth's estimate of the part of the tree finished (it
    never decreases, and is 1.0 at the end)."""

    nodes: int
    solutions: int
    fraction: float
    seconds: float


#: Counting limits are capped here for the engines' 64-bit counters: no count reaches it.
LIMIT_CAP = 1 << 62

#: How often (seconds) a search calls its ``progress`` callback at most.
PROGRESS_INTERVAL = 0.1


@attrs.frozen
class Split:
    """The search tree cut at a depth: the subtrees below it as prefixes (picklable tuples of
    node numbers, valid for this solver's matrix), each with its ``share`` of the tree, the
    solutions found above the depth, and the statistics of the search down to it."""

    depth: int
    prefixes: tuple[tuple[int, ...], ...]
    shares: tuple[float, ...]
    solutions: tuple[Solution, ...]
    stats: Stats


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


def _known(index: dict[Any, Any], label: Any) -> bool:
    try:
        return label in index
    except TypeError:
        return False


def memo_mode(memo: bool | None, limit: int | None, seed: int | None, way: str, bounded: bool) -> int:
    """The engine's ``memo`` for a count: None decides from a sample (`contract.MEMO_AUTO`)
    when the count is whole (no limit), unseeded, on the calibrated way and without bounds;
    True always memoizes (Unsupported with a seed, on the sets or with bounds), False never."""
    if memo is None:
        whole = limit is None and seed is None and way == "auto" and not bounded
        return contract.MEMO_AUTO if whole else contract.MEMO_OFF
    if not isinstance(memo, bool):
        raise TypeError(f"memo must be True, False or None, not {memo!r}")
    if memo and way == "sets":
        raise Unsupported("memoized counting on the sets", "way='auto' or 'links'")
    return contract.MEMO_ON if memo else contract.MEMO_OFF


def memo_budget(memo_bytes: int | None) -> int:
    """The engines' ``memo_bytes``: the default for None, else at most what a C long long holds
    with room to spare (no table comes near it)."""
    return contract.DEFAULT_MEMO_BYTES if memo_bytes is None else min(memo_bytes, 1 << 62)


def _compile(matrix: Matrix) -> tuple[array[int], array[int], array[int]]:
    """The options as the engines take them: where each option's items start, the items'
    positions, and their color numbers (0: none). The matrix has checked every item and color."""
    options = matrix.options
    starts = array("i", accumulate((len(option.items) for option in options), initial=0))
    items = item_positions(matrix)
    if all(option.colors.count(None) == len(option.colors) for option in options):
        return starts, items, array("i", [0]) * len(items)
    number: dict[Hashable, int] = {}
    colors = array("i", (0 if color is None else number.setdefault(color, len(number) + 1)
                         for option in options for color in option.colors))
    return starts, items, colors


def needs(matrix: Matrix) -> frozenset[str]:
    """What an engine must support to search ``matrix`` (see `contract.FEATURE_NAMES`)."""
    return frozenset(name for name, used in (("bounds", matrix.bounds), ("costs", matrix.costs)) if used)


class _Run:
    """One search and its budget: steps the engine chunk by chunk, keeping ``stats`` current.

    The budget is checked whenever the engine returns (every solution, and every chunk of
    nodes) and again before it runs on, so the time a consumer spends between two solutions
    counts: ``timeout`` is wall-clock time from the start of the search.
    """

    def __init__(self, solver: Solver, givens: Iterable[Hashable], seed: int | None,
                 max_nodes: int | None, timeout: float | None, exclude: Iterable[Hashable] = (),
                 progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
                 way: str = "auto", best: int = 0, memo: int = contract.MEMO_OFF,
                 memo_bytes: int | None = None, diagram: bool = False) -> None:
        check_budget(max_nodes, timeout)
        check_positive("memo_bytes", memo_bytes, allow_zero=True)
        tuning = contract.tuning(way)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        self.started = time.perf_counter()
        ids = solver.option_numbers(givens, "given")
        excluded = solver.option_numbers(exclude, "excluded")
        self.labels = labels = solver.labels
        self.prefix = tuple([labels[k] for k in ids])
        self.max_nodes = max_nodes
        self.deadline = None if timeout is None else self.started + timeout
        self.chunk, self.work = CHUNK[solver.engine]
        self.engine = solver.engine
        self.stats = Stats()
        solver._local.stats = self.stats  # what solver.stats shows in this thread
        self.progress, self.bar = progress_callback(progress)
        self.reported = 0.0
        nodes = _node_ids(prefix)
        try:
            more: dict[str, Any] = {"best": best} if best else {}  # (the cheapest solutions: see best.py)
            if memo:
                more.update(memo=memo, memo_bytes=memo_budget(memo_bytes))
            if diagram:
                more["diagram"] = True
            if way == "weighted":
                more["weighted"] = True
            self.search = solver.dancer.search(array("i", ids), seed, array("i", excluded) if excluded else (), nodes,
                                               tuning, **more)
        except GivensClash as clash:  # the engine names option and item numbers; say their names
            first, second, item = cast(int, clash.first), cast(int, clash.second), cast(int, clash.item)
            raise GivensClash(labels[first], labels[second], solver.matrix.items[item]) from None
        except GivenAndExcluded as clash:
            raise GivenAndExcluded(labels[cast(int, clash.option)]) from None
        self.stats.seconds = self.stats.engine_seconds = time.perf_counter() - self.started
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
            steps = self.chunk
            if self.max_nodes is not None:
                steps = min(steps, self.max_nodes - search.nodes)
            started = time.perf_counter()
            try:
                status = search.run(steps, self.work, counting, limit, depth)
            finally:
                now = time.perf_counter()
                stats.engine_seconds += now - started
                stats.seconds = now - self.started
                stats.nodes, stats.updates = search.nodes, search.updates
                stats.solutions, stats.max_level = search.solutions, search.max_level
                stats.memo_hits, stats.memo_entries = search.memo_hits, search.memo_entries
                stats.memoized = search.memoizing
                stats.way = "sets" if search.sets == ON_SETS else "links"
            if self.progress is not None and (status in (DONE, LIMIT) or stats.seconds - self.reported >= PROGRESS_INTERVAL):
                self.report()
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


class Solver:
    """A matrix compiled for an engine, ready for many searches.

    ``engine`` is ``"auto"`` (the C engine when built, else pure Python), ``"c"`` or
    ``"python"``. Every search method takes:

    * ``givens``: labels of options forced into the solution before the search (a sudoku's
      clues). Solutions start with them. Givens that share an item raise `GivensError`.
    * ``exclude``: labels of options left out of this search (a sudoku's eliminated
      candidates).
    * ``seed``: ``None`` for the deterministic order (fewest options first, ties to the first
      item in matrix order), or an int to break ties at random and try options in random
      order: the same seed gives the same solutions in the same order, on either engine.
    * ``max_nodes`` and ``timeout`` (seconds): a budget. A search that runs out raises
      `BudgetExceeded`, never a wrong answer.
    * ``way`` (`first`, `solutions`, `count`): "auto" (the calibrated rule), "links" or
      "sets": how the engine runs this search (see `contract.WAYS`); the results and
      statistics are the same, only the time differs. Each search has its own. Or
      "weighted": on the links, choosing first the items that have ended branches before
      (dom/wdeg); the same solutions in another order, and a tree that can be thousands of
      times smaller on hard puzzles (the hard 16x16 sudokus) or somewhat larger and slower
      per node on easy ones. Not with a seed, bounds, costs or memo (`Unsupported`).

    Every search has its own statistics: `Solutions.stats`, `BudgetExceeded.stats`, and
    `stats`, which is the statistics of the search most recently started *by the calling
    thread* on this solver (so two threads sharing a solver never read each other's).

    >>> from exactcover import Matrix, Solver
    >>> solver = Solver(Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3]}))
    >>> solver.count(), solver.first()
    (2, ('a', 'b'))
    """

    def __init__(self, matrix: Matrix, engine: str = "auto") -> None:
        if not isinstance(matrix, Matrix):
            raise TypeError(f"Solver needs a Matrix, not {type(matrix).__name__}")
        bounds = array("i")
        if matrix.bounds:
            given = dict(matrix.bounds)
            for item in matrix.primary:
                bounds.extend(given.get(item, (1, 1)))
        module = engines.get(engine, needs(matrix))
        self.matrix = matrix
        self.engine = engines.name_of(module)
        self._local = threading.local()  # .stats: the last search this thread started here
        #: The option labels by option number (the engines' numbering).
        self.labels = tuple(option.label for option in matrix.options)
        self._index = {label: k for k, label in enumerate(self.labels)}
        starts, items, colors = _compile(matrix)
        #: The matrix in the engines' form (see `contract.Compiled`): what a worker process
        #: needs to build the dancer again.
        costs = array("q")
        if matrix.costs:
            cost_of = dict(matrix.costs)
            costs.extend(cost_of.get(label, 0) for label in self.labels)
        self.compiled = Compiled(len(matrix.primary), len(matrix.secondary), starts, items, colors, bounds, costs)
        #: The engine's compiled matrix (a `contract.Dancer`), for engine-level searches.
        self.dancer: Dancer = module.Dancer(*self.compiled.arguments())

    def __repr__(self) -> str:
        return f"Solver({self.matrix!r}, engine={self.engine!r})"

    def __reduce__(self) -> tuple[type, tuple[Matrix, str]]:
        return Solver, (self.matrix, self.engine)  # compiled again where it is unpickled

    @property
    def stats(self) -> Stats:
        """The statistics of the search the calling thread started last on this solver
        (updated as it runs); empty statistics if it has started none."""
        stats = getattr(self._local, "stats", None)
        if stats is None:
            stats = self._local.stats = Stats()
        return stats

    @stats.setter
    def stats(self, stats: Stats) -> None:
        self._local.stats = stats

    @property
    def nbytes(self) -> int:
        """Bytes of the engine's arrays for this matrix (each search makes its own copy)."""
        return self.dancer.nbytes

    # -- the questions ------------------------------------------------------------------------

    def first(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), seed: int | None = None,
              max_nodes: int | None = None, timeout: float | None = None,
              progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
              way: str = "auto") -> Solution | None:
        """The first solution, or ``None`` when there is none (keywords as in `solutions`)."""
        run = _Run(self, givens, seed, max_nodes, timeout, exclude, progress, prefix, way)
        found = run.step() == SOLUTION
        if found:
            run.report()  # (the end of this question; DONE reports itself)
            run.close_bar()
        return run.solution() if found else None

    def solutions(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), limit: int | None = None,
                  seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
                  progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
                  way: str = "auto") -> Solutions[Solution]:
        """Every solution (at most ``limit``), lazily: each is searched for when asked for.
        The iterator's ``stats`` are this search's. ``progress`` is called with a `Progress`
        every so often; ``prefix`` (from `split`) confines the search to one subtree."""
        check_positive("limit", limit)
        run = _Run(self, givens, seed, max_nodes, timeout, exclude, progress, prefix, way)  # bad arguments fail here
        return Solutions(run.solutions(), run.stats, limit)

    def count(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), limit: int | None = None,
              seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
              progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
              way: str = "auto", memo: bool | None = None, memo_bytes: int | None = None) -> int:
        """The number of solutions, counted inside the engine; at most ``limit``. ``progress``
        and ``prefix`` as in `solutions`.

        ``memo``: whether to memoize, keeping the count of every state of the search (the
        items still to cover, the colors set) in a table so that a state met again costs a
        lookup, not a subtree (Nishino et al.'s DXZ, Knuth's DLX6): counts that enumeration
        cannot reach, such as the 2.4·10³⁰ domino tilings of a 16×16 board, come out in
        under a second. None (the default) decides from a sample of the search whether it
        pays (only for a whole count: no ``limit``, no ``seed``, ``way`` "auto"); True
        always; False never. ``memo_bytes`` caps the table's memory (default
        `contract.DEFAULT_MEMO_BYTES`, 1 GiB); a full table stops growing and the count
        stays exact. Counts are exact at any size. ``stats`` say what the table did.
        """
        check_positive("limit", limit)
        mode = memo_mode(memo, limit, seed, way, bool(self.matrix.bounds))
        run = _Run(self, givens, seed, max_nodes, timeout, exclude, progress, prefix, way, memo=mode,
                   memo_bytes=memo_bytes)
        run.step(counting=True, limit=min(limit or 0, LIMIT_CAP))
        found = run.search.solutions
        return found if limit is None else min(found, limit)

    def diagram(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
                max_nodes: int | None = None, timeout: float | None = None,
                progress: Callable[[Progress], Any] | bool | None = None, memo_bytes: int | None = None) -> Diagram:
        """All the solutions as a decision diagram (`exactcover.Diagram`): exact count,
        lazy iteration, uniform random samples, counts of the solutions with an option,
        Knuth's text format. Built by a memoized count (see `count`) that keeps a node per
        option tried with solutions; its nodes (12 bytes each) and table share
        ``memo_bytes``, and MemoryError says when they would pass it. Unsupported with
        bounds."""
        from .diagram import Diagram

        run = _Run(self, givens, None, max_nodes, timeout, exclude, progress, memo=contract.MEMO_ON,
                   memo_bytes=memo_bytes, diagram=True)
        run.step(counting=True)
        root, nodes = run.search.diagram_nodes()
        return Diagram(self.labels, run.prefix, root, nodes)

    def best(self, k: int = 1, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
             max_nodes: int | None = None, timeout: float | None = None,
             progress: Callable[[Progress], Any] | bool | None = None, jobs: int | None = None,
             executor: Any = None) -> Best:
        """The ``k`` cheapest solutions and their costs (the sum of their options' costs,
        `Matrix.costs`), cheapest first, proven by searching the whole tree with every branch
        that cannot beat the k-th best found cut off (Knuth's DLX5). A budget stop returns
        the best found so far with ``proven`` False instead of raising. With ``jobs`` or an
        ``executor``, on many processes (see `exactcover.best`)."""
        from .best import best  # (on first use: the command's start-up does without it)

        return best(self, k, givens, exclude=exclude, max_nodes=max_nodes, timeout=timeout, progress=progress,
                    jobs=jobs, executor=executor)

    def is_unique(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
                  max_nodes: int | None = None, timeout: float | None = None) -> bool:
        """Whether there is exactly one solution (the search stops at the second)."""
        return self.count(givens, exclude=exclude, limit=2, max_nodes=max_nodes, timeout=timeout) == 1

    # -- big searches: splitting and estimating -----------------------------------------------

    def split(self, depth: int, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
              max_nodes: int | None = None, timeout: float | None = None) -> Split:
        """Cut the search tree at ``depth``: the subtrees there (to count or list with
        ``prefix=``, anywhere this matrix is compiled alike) and the solutions above it. The
        subtrees and what lies above them partition the tree exactly."""
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth must be a whole number >= 0, not {depth!r}")
        run = _Run(self, givens, None, max_nodes, timeout, exclude)
        prefixes, shares, solutions = [], [], []
        while (status := run.step(depth=depth)) != DONE:
            if status == SOLUTION:
                solutions.append(run.solution())
            elif status == PREFIX:
                prefixes.append(run.search.prefix())
                shares.append(run.search.share())
        return Split(depth, tuple(prefixes), tuple(shares), tuple(solutions), run.stats)

    def estimate(self, samples: int = 1000, seed: int | None = None, givens: Iterable[Hashable] = (), *,
                 exclude: Iterable[Hashable] = ()) -> Estimate:
        """Knuth's (1975) estimate of this search's size, from ``samples`` random probes: each
        walks from the root, choosing the item as the search would and one of its d options at
        random, to a solution or a dead end; 1 + d_1 + d_1 d_2 + ... estimates the nodes, and
        d_1 d_2 ... d_L (0 at a dead end) the solutions, without bias."""
        from .estimates import estimate  # (on first use, as best)

        return estimate(self, samples, seed, givens, exclude=exclude)

    # -- givens ----------------------------------------------------------------------------

    def option_numbers(self, labels: Iterable[Hashable], what: str) -> list[int]:
        """The option numbers of ``labels``; GivensError (UnknownOption) for what is not one."""
        if isinstance(labels, (str, bytes)):
            raise GivensError(f"{what} options must be a collection of option labels, not the string {labels!r}")
        try:
            labels = list(labels)
        except TypeError:
            raise GivensError(f"{what} options must be a collection of option labels, "
                              f"not {type(labels).__name__}") from None
        index = self._index
        try:
            return [index[label] for label in labels]
        except (KeyError, TypeError):
            bad = next(label for label in labels if not _known(index, label))
            raise UnknownOption(bad, what) from None


def _node_ids(prefix: Sequence[int]) -> array[int]:
    """A prefix as the engine takes it; PrefixError for an entry that is not a node number."""
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
