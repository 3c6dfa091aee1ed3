"""``count(..., reduce=None)``: Knuth's preprocessing used where it pays, decided while the
count runs.

The reduction (`Matrix.reduce`) makes some searches faster (tilings lose the placements that
would isolate a cell), but it costs time of its own, and on most problems its rules remove
nothing: counts of queens, Langford pairs, word squares or sudoku puzzles would only pay for
it. So a count starts on the problem as given, and the reduction is tried only on a count
that will be long:

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

What this costs where the reduction does not pay is the reduction's budget, at most SHARE of
the estimated count; where it pays, the time the first count ran (at most LATE of it) is
lost and the rest is the reduced count's. benchmarks/README.md ("reduce.py") has the
numbers. Knuth's fraction is a rough estimate early in a search (on the benchmarks' counts,
after 50 ms, it put a tiling's count at an eighth of its time and a random problem's at 1.6
times): the bounds above are the estimate's, not guarantees.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from .contract import PAUSED
from .runs import LIMIT_CAP, Progress

if TYPE_CHECKING:
    from .api import Prepared
    from .runs import Run

__all__ = ["LATE", "LOOK", "MIN_REMOVED", "MOST", "SHARE", "count"]

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
    """The hook a count calls after every chunk: True (pause) at the first chunk's end after
    `LOOK` seconds where Knuth's fraction is more than 0, if it is at most `LATE`; never
    again after."""

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
        self.looking = False  # (one look: the count pauses now, or is left alone for good)
        return fraction <= LATE


def count(prepared: Prepared, search: dict[str, Any]) -> int:
    """``prepared``'s count with the reduction decided on the way (see the module); ``search``:
    `Solver.count`'s keywords but ``prefix`` and ``max_nodes``."""
    search = {**search}
    givens, exclude = prepared.all_givens(search.pop("givens", ()), search.pop("exclude", ()))
    limit, progress = search.pop("limit", None), search.pop("progress", None)
    look = _Look()
    keywords = {"seed": search.pop("seed", None), "timeout": search.pop("timeout", None),
                "way": search.pop("way", "auto"), "memo": search.pop("memo", None),
                "memo_bytes": search.pop("memo_bytes", None)}
    if search:
        raise TypeError(f"count() got an unexpected keyword argument {next(iter(search))!r}")
    if keywords["way"] == "auto":
        keywords["way"] = prepared.way
    solver = prepared.solver
    run = look.run = solver.counting(givens, exclude, limit, max_nodes=None, progress=progress, prefix=(),
                                     between=look, **keywords)
    capped = min(limit or 0, LIMIT_CAP)
    if run.step(counting=True, limit=capped) == PAUSED:
        run = _reduced_if_it_pays(prepared, run, givens, exclude, limit, progress, keywords)
        run.step(counting=True, limit=capped)
    found = run.search.solutions
    return found if limit is None else min(found, limit)


def _reduced_if_it_pays(prepared: Prepared, run: Run, givens: tuple[Any, ...], exclude: tuple[Any, ...],
                        limit: int | None, progress: Any, keywords: dict[str, Any]) -> Run:
    """The paused count ``run`` itself, or a count of the problem reduced within the budget
    if the rules removed enough (its timeout from ``run``'s start)."""
    solver = prepared.solver
    fraction, seconds = run.search.fraction(), run.stats.seconds
    budget = min(SHARE * seconds / fraction, MOST * seconds)
    reduction = solver.matrix.reduce(givens, exclude, timeout=budget, engine=solver.engine)
    removed = sum(1 for removal in reduction.removed.values() if removal.why in RULES)
    if reduction.infeasible is None and removed < MIN_REMOVED * (len(reduction.matrix.options) + removed):
        return run
    run.close_bar()
    if callable(progress):  # (Knuth's fraction starts again: what the caller hears never goes back)
        progress = _not_back(progress, fraction)
    reduced = prepared.on(reduction).solver.counting((), (), limit, max_nodes=None, progress=progress, prefix=(),
                                                     started=run.started, **keywords)
    reduced.stats.reduced = True
    solver.stats = reduced.stats  # (the statistics of this count, as the caller's solver shows them)
    return reduced


def _not_back(progress: Callable[[Progress], Any], floor: float) -> Callable[[Progress], Any]:
    """``progress`` told at least ``floor`` as the fraction done."""
    return lambda report: progress(attrs.evolve(report, fraction=max(report.fraction, floor)))
