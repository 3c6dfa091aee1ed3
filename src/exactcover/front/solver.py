"""The solver: compile a `Matrix` once, then answer many questions about it.

A `Solver` turns a matrix into an engine's arrays once: it is a
`exactcover.search.compiled.CompiledMatrix`, the value every search below the front takes,
with the questions a caller asks. Every call (`first`, `solutions`,
`count`, `is_unique`) starts a fresh search on a private copy of those arrays, with its own
givens, seed and budget, so one solver serves thousands of searches (a 9×9 sudoku matrix,
say, with each puzzle's clues as givens), and can be shared between threads.

A search stopped by its budget raises `BudgetExceeded`; it never looks like "no solution".
Ctrl-C raises KeyboardInterrupt within a fraction of a second and leaves the solver usable.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..engines import contract
from ..search.compiled import CompiledMatrix
from ..search.runs import LIMIT_CAP, Run, Solution, Solutions, check_positive, memo_mode
from ..search.split import Split, split_tree
from ..search.stats import Progress

if TYPE_CHECKING:  # (for annotations only: best, checks, diagram, estimates load on first use)
    from ..search.best import Best
    from ..search.checks import Checker
    from ..search.diagram import Diagram
    from ..search.estimates import Estimate

__all__ = ["Solver"]


class Solver(CompiledMatrix):
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
        return split_tree(self, depth, givens, exclude=exclude, max_nodes=max_nodes, timeout=timeout)

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
