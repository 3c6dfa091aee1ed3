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
from ..search.plans import Plan
from ..search.runs import Run, Solution, Solutions
from ..search.stats import Progress
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


def count(prepared: Prepared, plan: Plan) -> int:
    """``prepared``'s whole count with the reduction decided on the way (see the module);
    the plan has no ``limit`` or ``max_nodes`` (`exactcover.front.plan`)."""
    look = _Look()
    run = look.run = Run(prepared.solver, plan, between=look)
    if run.step(counting=True) == PAUSED:
        _, run = _reduced_if_it_pays(prepared, run, plan, lambda reduced, on_it: Run(reduced, on_it,
                                                                                     started=run.started))
        run.step(counting=True)
    return run.search.solutions


def solutions(prepared: Prepared, plan: Plan) -> Solutions[Solution]:
    """Every solution of ``prepared`` (its labels), lazily, with the reduction decided on the
    way, before the first solution is handed out (as `count`)."""
    look = _Look()
    run = look.run = Run(prepared.solver, plan, between=look)
    return Solutions(_listed(prepared, run, plan, look), run.stats)


def _listed(prepared: Prepared, run: Run, plan: Plan, look: _Look) -> Iterator[Solution]:
    restore: Callable[[Solution], Solution] | None = None
    try:
        status = run.step()
        while status == PAUSED:  # (the look, before the first solution: this search or the reduced one)
            first = run
            reduction, run = _reduced_if_it_pays(prepared, run, plan, lambda reduced, on_it: Run(
                reduced, on_it, started=first.started, stats=first.stats))
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


def _reduced_if_it_pays(prepared: Prepared, run: Run, plan: Plan,
                        start: Callable[[Solver, Plan], Run]) -> tuple[Reduction | None, Run]:
    """The paused search ``run`` itself, or (with the reduction) a search of the problem
    reduced within the budget, made by ``start`` (from the reduced problem's solver and its
    plan: the same, but for the givens and exclusions, which the reduction applied, and the
    progress callback), if the rules removed enough."""
    solver = prepared.solver
    fraction, seconds = run.search.fraction(), run.stats.seconds
    budget = min(SHARE * seconds / fraction, MOST * seconds)
    givens, exclude = prepared.labels_of(plan)
    reduction = solver.matrix.reduce(givens, exclude, timeout=budget, engine=solver.engine)
    removed = sum(1 for removal in reduction.removed.values() if removal.why in RULES)
    if reduction.infeasible is None and removed < MIN_REMOVED * (len(reduction.matrix.options) + removed):
        return None, run
    run.close_bar()
    progress = plan.progress
    if callable(progress):  # (Knuth's fraction starts again: what the caller hears never goes back)
        progress = _not_back(progress, fraction)
    on_it = attrs.evolve(plan, call=attrs.evolve(plan.call, givens=(), excluded=()), progress=progress, look=False)
    reduced = start(prepared.on(reduction).solver, on_it)
    reduced.stats.reduced = True
    solver.stats = reduced.stats  # (the statistics of this search, as the caller's solver shows them)
    return reduction, reduced


def _not_back(progress: Callable[[Progress], Any], floor: float) -> Callable[[Progress], Any]:
    """``progress`` told at least ``floor`` as the fraction done."""
    return lambda report: progress(attrs.evolve(report, fraction=max(report.fraction, floor)))
