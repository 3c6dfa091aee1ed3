"""``count(..., reduce=None)`` and ``solutions(..., reduce=None)``, the defaults: Knuth's
preprocessing used where it pays, decided while the search runs.

The reduction (`Matrix.reduce`) makes some searches faster (tilings lose the placements that
would isolate a cell), but it costs time of its own, and on most problems its rules remove
nothing: counts of queens, Langford pairs, word squares or sudoku puzzles would only pay for
it. So a count, or a listing of every solution, starts on the problem as given, and the
reduction is tried only on one that will be long:

1. The count runs alone for `LOOK` seconds. Most counts end there, and never meet the
   reduction.
2. At the end of the first chunk of the search after that, Knuth's fraction of the tree
   done (f, after t seconds) estimates the whole count at t / f seconds. If f is at most
   `LATE`, that is, if the count looks like lasting at least t / LATE seconds, the count is
   paused and the reduction runs, with a time budget of `SHARE` of that estimate and at most
   `MOST` times t (what it has removed when the budget runs out is removed rightly, only
   less of it). Otherwise the count is too short or too far along for the reduction to pay,
   and it is left alone for good. (A fraction still 0 estimates nothing: the look waits for
   the next chunk. A memoized count's fraction runs ahead as its table answers whole
   subtrees; a count reduced starts its table again.)
3. If the rules removed at least `MIN_REMOVED` of the options (or found that there is no
   solution), the count starts again on the reduced problem, its timeout running from the
   start of the first; else the paused count goes on, having lost the reduction's time.

A listing does the same, but only until it hands out its first solution: after that, a
listing started again would give the solutions again, in another order, so it goes on as it
began. A listing with a seed is never looked at (`exactcover.front.plan`): the reduced
problem's search would take the seed's order on other options, and whether it starts depends
on the machine's speed, so the same seed could give another order on another machine. A
first solution (or a few: a ``limit``) is not reduced by default: the fraction measures the
whole tree, not the way to a solution, so the look could not tell whether the reduction
pays.

What this costs where the reduction does not pay is the reduction's budget, at most SHARE of
the estimated count; where it pays, the time the first count ran (at most LATE of it) is
lost and the rest is the reduced count's. benchmarks/README.md ("reduce.py") has the
numbers. Knuth's fraction is a rough estimate early in a search (on the benchmarks' counts,
after 50 ms, it put a tiling's count at an eighth of its time and a random problem's at 1.6
times): the bounds above are the estimate's, not guarantees.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from ..engines.contract import PAUSED, SOLUTION
from ..search.runs import Run, Solution, Solutions
from ..search.stats import Progress
from .plan import Plan
from .solver import Solver

if TYPE_CHECKING:  # (for annotations only: prepared needs this module; reduction loads on first use)
    from ..model.reduction import Reduction
    from .prepared import Prepared

__all__ = ["LATE", "LOOK", "MIN_REMOVED", "MOST", "SHARE", "count", "solutions"]

#: Seconds a count runs before the reduction is considered.
LOOK = 0.05
#: The reduction is tried while Knuth's fraction of the count's tree is at most this.
LATE = 0.05
#: The reduction's time budget, as a share of the count's estimated time.
SHARE = 0.03
#: The reduction's budget at most, as a multiple of the time the count has run: Knuth's
#: fraction can be far too small early on, or on a memoized count.
MOST = 10
#: The share of the options the rules must remove for the reduced problem to be counted.
MIN_REMOVED = 0.01

#: What an option went for, when the rules removed it (`Removal.why`; not givens and the like).
RULES = ("forced", "blocked", "no primary item")


class _Look:
    """The hook a search calls after every chunk: True (pause) at the first chunk's end after
    `LOOK` seconds where Knuth's fraction is more than 0, if it is at most `LATE` (and, in a
    listing, no solution has been handed out yet); never again after."""

    def __init__(self) -> None:
        self.run: Run | None = None
        self.looking = True

    def __call__(self) -> bool:
        run = self.run
        if not self.looking or run is None or time.perf_counter() - run.started < LOOK:
            return False
        fraction = run.search.fraction()
        if fraction == 0:  # (no estimate yet: look again after the next chunk)
            return False
        self.done(run)  # (one look: the search pauses now, or is left alone for good)
        return fraction <= LATE

    def done(self, run: Run) -> None:
        """No more looks: the search runs on without the hook (a listing returns at every
        solution, where even a call that does nothing costs)."""
        self.looking, run.between = False, None


@attrs.frozen
class _Search:
    """What the search that may start again on the reduced problem keeps of the first."""

    givens: tuple[Any, ...]
    exclude: tuple[Any, ...]
    progress: Any
    run: dict[str, Any]  # seed, timeout, way (and a count's memo, memo_bytes): `Solver.counting`'s keywords

    @classmethod
    def of(cls, prepared: Prepared, plan: Plan) -> _Search:
        """From a plan's request."""
        r = plan.request
        givens, exclude = prepared.all_givens(r.givens, r.exclude)
        run = {"seed": r.seed, "timeout": r.timeout, "way": plan.way}
        if r.what == "count":
            run.update(memo=r.memo, memo_bytes=r.memo_bytes)
        return cls(givens, exclude, r.progress, run)


def count(prepared: Prepared, plan: Plan) -> int:
    """``prepared``'s whole count with the reduction decided on the way (see the module);
    the plan's request has no ``limit`` or ``max_nodes`` (`exactcover.front.plan`)."""
    kept = _Search.of(prepared, plan)
    look = _Look()
    solver = prepared.solver
    run = look.run = solver.counting(kept.givens, kept.exclude, None, max_nodes=None, progress=kept.progress,
                                     prefix=(), between=look, **kept.run)
    if run.step(counting=True) == PAUSED:
        _, run = _reduced_if_it_pays(prepared, run, kept, lambda reduced, progress, started: reduced.counting(
            (), (), None, max_nodes=None, progress=progress, prefix=(), started=started, **kept.run))
        run.step(counting=True)
    return run.search.solutions


def solutions(prepared: Prepared, plan: Plan) -> Solutions[Solution]:
    """Every solution of ``prepared`` (its labels), lazily, with the reduction decided on the
    way, before the first solution is handed out (as `count`)."""
    kept = _Search.of(prepared, plan)
    look = _Look()
    run = look.run = _listing(prepared.solver, kept, kept.givens, kept.exclude, kept.progress, between=look)
    return Solutions(_listed(prepared, run, kept, look), run.stats)


def _listed(prepared: Prepared, run: Run, kept: _Search, look: _Look) -> Iterator[Solution]:
    restore: Callable[[Solution], Solution] | None = None
    try:
        status = run.step()
        while status == PAUSED:  # (the look, before the first solution: this search or the reduced one)
            reduction, run = _reduced_if_it_pays(prepared, run, kept, lambda reduced, progress, started: _listing(
                reduced, kept, (), (), progress, started=started, stats=run.stats))
            restore = None if reduction is None else reduction.solution
            status = run.step()
        if status != SOLUTION:
            return
        look.done(run)  # (a solution handed out: the listing goes on as it began)
        yield run.solution() if restore is None else restore(run.solution())
        if restore is None:  # (the common case: a loop as plain as `Run.solutions`)
            while run.step() == SOLUTION:
                yield run.solution()
        else:
            while run.step() == SOLUTION:
                yield restore(run.solution())
    finally:  # (the caller stopped early)
        run.close_bar()


def _listing(solver: Solver, kept: _Search, givens: tuple[Any, ...], exclude: tuple[Any, ...], progress: Any,
             **more: Any) -> Run:
    """A listing's search (``more``: `Run`'s keywords)."""
    run = kept.run
    return Run(solver, givens, run["seed"], None, run["timeout"], exclude, progress, (), run["way"], **more)


def _reduced_if_it_pays(prepared: Prepared, run: Run, kept: _Search,
                        start: Callable[[Solver, Any, float], Run]) -> tuple[Reduction | None, Run]:
    """The paused search ``run`` itself, or (with the reduction) a search of the problem
    reduced within the budget, made by ``start`` (its solver, its progress callback and its
    clock's start), if the rules removed enough."""
    solver = prepared.solver
    fraction, seconds = run.search.fraction(), run.stats.seconds
    budget = min(SHARE * seconds / fraction, MOST * seconds)
    reduction = solver.matrix.reduce(kept.givens, kept.exclude, timeout=budget, engine=solver.engine)
    removed = sum(1 for removal in reduction.removed.values() if removal.why in RULES)
    if reduction.infeasible is None and removed < MIN_REMOVED * (len(reduction.matrix.options) + removed):
        return None, run
    run.close_bar()
    progress = kept.progress
    if callable(progress):  # (Knuth's fraction starts again: what the caller hears never goes back)
        progress = _not_back(progress, fraction)
    reduced = start(prepared.on(reduction).solver, progress, run.started)
    reduced.stats.reduced = True
    solver.stats = reduced.stats  # (the statistics of this search, as the caller's solver shows them)
    return reduction, reduced


def _not_back(progress: Callable[[Progress], Any], floor: float) -> Callable[[Progress], Any]:
    """``progress`` told at least ``floor`` as the fraction done."""
    return lambda report: progress(attrs.evolve(report, fraction=max(report.fraction, floor)))
