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

import functools
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any


from ..search.compiled import CompiledMatrix
from ..search.plans import Plan
from ..search.runs import Run, Solution, Solutions
from ..search.split import Split, split_tree
from ..search.stats import Progress
from .plan import Features, plan
from .request import Request, labels_of

if TYPE_CHECKING:  # (for annotations only: best, checks, diagram, estimates load on first use)
    from ..search.best import Best
    from ..search.checks import Checker
    from ..search.diagram import Diagram
    from ..search.estimates import Estimate

__all__ = ["PLANS_KEPT", "Solver"]

#: The plans a solver keeps, one for each kind of search asked of it (see `Solver.planned`).
PLANS_KEPT = 64


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
    >>> matrix = Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3]})
    >>> solver = Solver(matrix)
    >>> solver.count(), solver.first()
    (2, ('a', 'b'))
    """

    # -- the questions ------------------------------------------------------------------------

    def first(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), seed: int | None = None,
              max_nodes: int | None = None, timeout: float | None = None,
              progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
              way: str = "auto") -> Solution | None:
        """The first solution, or ``None`` when there is none (keywords as in `solutions`)."""
        return Run(self, self.planned("first", givens, exclude, seed=seed, max_nodes=max_nodes, timeout=timeout,
                                      progress=progress, way=way), prefix).first()

    def solutions(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (), limit: int | None = None,
                  seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
                  progress: Callable[[Progress], Any] | bool | None = None, prefix: Sequence[int] = (),
                  way: str = "auto") -> Solutions[Solution]:
        """Every solution (at most ``limit``), lazily: each is searched for when asked for.
        The iterator's ``stats`` are this search's. ``progress`` is called with a `Progress`
        every so often; ``prefix`` (from `split`) confines the search to one subtree."""
        run = Run(self, self.planned("solutions", givens, exclude, limit=limit, seed=seed, max_nodes=max_nodes,
                                     timeout=timeout, progress=progress, way=way), prefix)  # bad arguments fail here
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
        return Run(self, self.planned("count", givens, exclude, limit=limit, seed=seed, max_nodes=max_nodes,
                                      timeout=timeout, progress=progress, way=way, memo=memo, memo_bytes=memo_bytes),
                   prefix).count()

    def diagram(self, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
                max_nodes: int | None = None, timeout: float | None = None,
                progress: Callable[[Progress], Any] | bool | None = None, memo_bytes: int | None = None) -> Diagram:
        """All the solutions as a decision diagram (`exactcover.Diagram`): exact count,
        lazy iteration, uniform random samples, counts of the solutions with an option,
        Knuth's text format. Built by a memoized count (see `count`) that keeps a node per
        option tried with solutions; its nodes (12 bytes each) and table share
        ``memo_bytes``, and MemoryError says when they would pass it. Unsupported with
        bounds."""
        from ..search.diagram import diagram

        return diagram(self, self.planned("sample", givens, exclude, max_nodes=max_nodes, timeout=timeout,
                                          progress=progress, memo_bytes=memo_bytes))

    def best(self, k: int = 1, givens: Iterable[Hashable] = (), *, exclude: Iterable[Hashable] = (),
             max_nodes: int | None = None, timeout: float | None = None,
             progress: Callable[[Progress], Any] | bool | None = None, jobs: int | None = None,
             executor: Any = None) -> Best:
        """The ``k`` cheapest solutions and their costs (the sum of their options' costs,
        `Matrix.costs`), cheapest first, proven by searching the whole tree with every branch
        that cannot beat the k-th best found cut off (Knuth's DLX5). A budget stop returns
        the best found so far with ``proven`` False instead of raising. With ``jobs`` or an
        ``executor``, on many processes (see `exactcover.search.best`)."""
        plan = self.planned("best", givens, exclude, k=k, max_nodes=max_nodes, timeout=timeout, progress=progress,
                            jobs=jobs, executor=executor)
        if plan.route in ("pool", "executor") and self.matrix.costs:
            from ..parallel import searches

            return searches.best(self, plan)
        from ..search.best import best  # (on first use: the command's start-up does without it)

        return best(self, plan)

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
        return split_tree(self, self.planned("first", givens, exclude, max_nodes=max_nodes, timeout=timeout).splitting(),
                          depth)

    def estimate(self, samples: int = 1000, seed: int | None = None, givens: Iterable[Hashable] = (), *,
                 exclude: Iterable[Hashable] = ()) -> Estimate:
        """Knuth's (1975) estimate of this search's size, from ``samples`` random probes: each
        walks from the root, choosing the item as the search would and one of its d options at
        random, to a solution or a dead end; 1 + d_1 + d_1 d_2 + ... estimates the nodes, and
        d_1 d_2 ... d_L (0 at a dead end) the solutions, without bias."""
        from ..search.estimates import estimate  # (on first use, as best)

        return estimate(self, self.planned("estimate", givens, exclude, samples=samples, seed=seed))

    def checker(self, way: str = "auto") -> Checker:
        """A `Checker`: many quick checks of this matrix's problems with givens (how many
        solutions, which of a solution's options can go, whether each given is needed), on
        one search kept for all of them; a puzzle generator's tool. ``way``: "auto" (each
        check on the sets with tallies where the matrix can have them, else on the links),
        "links" or "weighted". Not with colors, bounds or a loop (`Unsupported`)."""
        from ..search.checks import Checker  # (on first use, as best)

        return Checker(self, way)

    def planned(self, what: str, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (),
                **asked: Any) -> Plan:
        """The plan of a search of this matrix (`exactcover.front.plan.plan`): ``what`` with the
        keywords a caller gave (None for a default), every one checked and everything that
        does not combine refused, before any search starts. The givens and exclusions are the
        matrix's own (an estimate or a diagram takes them too); a solver never races the SAT
        solver and never reduces its matrix on the way.

        A solver serves thousands of searches that differ only in their givens (a sudoku's
        clues): each kind of search in this process is planned once, and its plan kept
        (`PLANS_KEPT` of them), its givens and exclusions then put in as option numbers."""
        try:
            key: Any = (what, *asked.items())
            kept = self._plans.get(key)
        except TypeError:  # (an argument that is not hashable: planned every time)
            key, kept = None, None
        if kept is None:
            request = Request.of(what, backend="search", reduce=False, **asked)
            if request.parallel:  # (a parallel count's memo is decided by a sample with its givens)
                return plan(request, self.features, compiled=self, encoded=(labels_of(givens, "given"),
                                                                           labels_of(exclude, "excluded")))
            kept = plan(request, self.features)
            if key is not None:
                if len(self._plans) >= PLANS_KEPT:
                    self._plans.clear()
                self._plans[key] = kept
        numbers = self.option_numbers(givens, "given"), self.option_numbers(exclude, "excluded")
        if not (numbers[0] or numbers[1]):
            return kept
        return kept.given(tuple(numbers[0]), tuple(numbers[1]))

    @functools.cached_property
    def _plans(self) -> dict[Any, Plan]:
        return {}

    @functools.cached_property
    def features(self) -> Features:
        """What the plan reads of this matrix (`Features.of_matrix`)."""
        return Features.of_matrix(self.matrix)
