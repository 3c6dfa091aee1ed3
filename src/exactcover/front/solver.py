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
from array import array
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any

import attrs

from .. import engines
from ..engines import contract
from ..engines.contract import DONE, PREFIX, SOLUTION, Compiled, Dancer
from ..errors import GivensError, UnknownOption
from ..model.matrix import Matrix, item_positions
from ..search.runs import LIMIT_CAP, Progress, Run, Solution, Solutions, Stats, check_positive, labelled, memo_mode

if TYPE_CHECKING:  # (for annotations only: best, checks, diagram, estimates load on first use)
    from ..search.best import Best
    from ..search.checks import Checker
    from ..search.diagram import Diagram
    from ..search.estimates import Estimate

__all__ = ["Solver", "Split"]


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


def _known(index: dict[Any, Any], label: Any) -> bool:
    try:
        return label in index
    except TypeError:
        return False


def _compile(matrix: Matrix) -> tuple[array[int], array[int], array[int], dict[Hashable, int]]:
    """The options as the engines take them: where each option's items start, the items'
    positions, and their color numbers (0: none); and the colors' numbers. The matrix has
    checked every item and color."""
    options = matrix.options
    starts = array("i", accumulate((len(option.items) for option in options), initial=0))
    items = item_positions(matrix)
    number: dict[Hashable, int] = {}
    if all(option.colors.count(None) == len(option.colors) for option in options):
        return starts, items, array("i", [0]) * len(items), number
    colors = array("i", (0 if color is None else number.setdefault(color, len(number) + 1)
                         for option in options for color in option.colors))
    return starts, items, colors, number


def _compile_loop(matrix: Matrix, number: dict[Hashable, int]) -> array[int]:
    """The loop as the engines take it (`contract.Compiled.loop`); empty without one."""
    if matrix.loop is None:
        return array("i")
    position = matrix.position
    loop = array("i", [number.get(matrix.loop.color, 0), int(matrix.loop.empty)])
    for edge, u, v in matrix.loop.edges:
        loop.extend((position(edge), position(u), position(v)))
    return loop


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
      statistics are the same, only the time differs. (But for `first` with "auto": when
      MRV has not answered within its head start, about 20 ms, a search with the weighted
      ties runs beside it, one unit of work for every 7 or 15 of MRV's, and the first to
      answer answers, so that a hard puzzle's first solution can come thousands of times
      sooner; its statistics are then both searches' together. See
      `exactcover.search.portfolio`.) Each search has its own. Or
      one of the rules that choose each item otherwise than by the fewest options (MRV):
      "weighted", choosing first the items that have ended branches before (dom/wdeg, Knuth's
      SSXCC2); "weighted-ties", the fewest options with ties to the item that ended the most
      branches (SSXCC3); "failure-rate", the fewest options against the share of an item's
      options that failed at once (FRB, as in Knuth's ssxcc-frb). The same solutions in
      another order, and a tree that can be thousands of times smaller on hard puzzles (the
      hard 16x16 sudokus) or somewhat larger and slower per node on easy ones. Or "binary":
      MRV's item, but two branches at each node, its first option in, then out (Knuth's
      SSXCC-BINARY). On the links ("weighted" also on the sets with tallies); not with a
      seed, bounds, costs or memo (`Unsupported`).

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
        module = engines.get(engine)
        self.matrix = matrix
        self.engine = engines.name_of(module)
        self._local = threading.local()  # .stats: the last search this thread started here
        #: The option labels by option number (the engines' numbering).
        self.labels = tuple(option.label for option in matrix.options)
        self._index = {label: k for k, label in enumerate(self.labels)}
        starts, items, colors, number = _compile(matrix)
        #: The matrix in the engines' form (see `contract.Compiled`): what a worker process
        #: needs to build the dancer again.
        costs = array("q")
        if matrix.costs:
            cost_of = dict(matrix.costs)
            costs.extend(cost_of.get(label, 0) for label in self.labels)
        priority = array("i")
        if matrix.priority:
            first = set(matrix.priority)
            priority.extend(item in first for item in matrix.primary)
        self.compiled = Compiled(len(matrix.primary), len(matrix.secondary), starts, items, colors, bounds, costs,
                                 priority, _compile_loop(matrix, number))
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
        return Run(self, givens, seed, max_nodes, timeout, exclude, progress, prefix, way).first()

    def solutions(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), limit: int | None = None,
                  seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
                  progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
                  way: str = "auto") -> Solutions[Solution]:
        """Every solution (at most ``limit``), lazily: each is searched for when asked for.
        The iterator's ``stats`` are this search's. ``progress`` is called with a `Progress`
        every so often; ``prefix`` (from `split`) confines the search to one subtree."""
        check_positive("limit", limit)
        run = Run(self, givens, seed, max_nodes, timeout, exclude, progress, prefix, way)  # bad arguments fail here
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
        run = self.counting(givens, exclude, limit, seed, max_nodes, timeout, progress, prefix, way, memo, memo_bytes)
        run.step(counting=True, limit=min(limit or 0, LIMIT_CAP))
        found = run.search.solutions
        return found if limit is None else min(found, limit)

    def counting(self, givens: Iterable[Hashable], exclude: Iterable[Hashable], limit: int | None, seed: int | None,
                 max_nodes: int | None, timeout: float | None, progress: Callable[[Progress], Any] | bool | None,
                 prefix: Sequence[int], way: str, memo: bool | None, memo_bytes: int | None, **run: Any) -> Run:
        """`count`'s search, not yet run (``run``: more of `Run`'s keywords): for the counts
        that step it themselves (autoreduce.py)."""
        mode = memo_mode(memo, limit, seed, way, bool(self.matrix.bounds))
        return Run(self, givens, seed, max_nodes, timeout, exclude, progress, prefix, way, memo=mode,
                   memo_bytes=memo_bytes, **run)

    def diagram(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
                max_nodes: int | None = None, timeout: float | None = None,
                progress: Callable[[Progress], Any] | bool | None = None, memo_bytes: int | None = None) -> Diagram:
        """All the solutions as a decision diagram (`exactcover.Diagram`): exact count,
        lazy iteration, uniform random samples, counts of the solutions with an option,
        Knuth's text format. Built by a memoized count (see `count`) that keeps a node per
        option tried with solutions; its nodes (12 bytes each) and table share
        ``memo_bytes``, and MemoryError says when they would pass it. Unsupported with
        bounds."""
        from ..search.diagram import Diagram

        run = Run(self, givens, None, max_nodes, timeout, exclude, progress, memo=contract.MEMO_ON,
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
        ``executor``, on many processes (see `exactcover.search.best`)."""
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(f"k must be a positive int, not {k!r}")
        if (jobs is not None or executor is not None) and self.matrix.costs:
            from ..parallel import searches

            return searches.best(self, k, jobs, executor, tuple(givens), tuple(exclude), max_nodes, timeout, progress)
        from ..search.best import best  # (on first use: the command's start-up does without it)

        return best(self, k, givens, exclude=exclude, max_nodes=max_nodes, timeout=timeout, progress=progress)

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
        run = Run(self, givens, None, max_nodes, timeout, exclude)
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
        from ..search.estimates import estimate  # (on first use, as best)

        return estimate(self, samples, seed, givens, exclude=exclude)

    def checker(self, way: str = "auto") -> Checker:
        """A `Checker`: many quick checks of this matrix's problems with givens (how many
        solutions, which of a solution's options can go, whether each given is needed), on
        one search kept for all of them; a puzzle generator's tool. ``way``: "auto" (each
        check on the sets with tallies where the matrix can have them, else on the links),
        "links" or "weighted". Not with colors or bounds (`Unsupported`)."""
        from ..search.checks import Checker  # (on first use, as best)

        return Checker(self, way)

    # -- givens ----------------------------------------------------------------------------

    def check(self, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = ()) -> None:
        """Raise what a search with ``givens`` and ``exclude`` raises at its start
        (`UnknownOption`, `GivensClash`, `GivenAndExcluded`), or nothing: for answers found
        by other means (the SAT solver) that must refuse the same input."""
        numbers = [array("i", self.option_numbers(chosen, role)) for chosen, role in ((givens, "given"),
                                                                                     (exclude, "excluded"))]
        with labelled(self):
            self.dancer.search(numbers[0], None, numbers[1], array("i"))

    def option_numbers(self, labels: Iterable[Hashable], what: str) -> list[int]:
        """The option numbers of ``labels``; GivensError (UnknownOption) for what is not one."""
        if type(labels) in (tuple, list) and not labels:  # (the default of every search: nothing to look up)
            return []
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
