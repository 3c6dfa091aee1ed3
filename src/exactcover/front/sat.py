"""The SAT solver as a backend (``backend="sat"``), and its race against the search
(``backend="race"``, and ``"auto"`` where `exactcover.front.plan.races` says so).

Exact cover search is the way to count and to list, but for one solution of a large, tight
packing a clause-learning SAT solver can win by far (Junttila and Kaski, "Exact Cover via
Satisfiability", CP 2010), with the encoding of `exactcover.front.satcnf`. Up to a limit
of solutions are found by asking one incremental solver again, each solution blocked once found (`models`),
so that a second call proves a first solution unique. The caller checks the givens and
exclusions by the search's own rules first (`Solver.check`; the race's search does), so
that clashing givens raise what a search raises. CaDiCaL (PySAT's ``cadical195``) solves it
in a child process: it holds the GIL while it runs, so only a process of its own can be
stopped at once, by Ctrl-C, a timeout or the race's winner, with nothing left running.
Every model is checked as an exact cover (and one loop) before it is returned.

PySAT is an optional dependency, the extra ``sat``: ``pip install 'pyexactcover[sat]'`` where
exactcover is installed (``pip install '.[sat]'`` in its checkout).
"""

from __future__ import annotations

import itertools
import multiprocessing
import time
from collections.abc import Hashable, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection
from typing import Any

from ..errors import BudgetExceeded, ExactCoverError
from ..model.matrix import Matrix, item_positions
from ..parallel.orphans import facts
from ..search.plans import Plan
from ..search.runs import Run
from ..search.stats import Stats
from .satcnf import Cnf, option_starts, pysat
from .solver import Solver

__all__ = ["first", "models", "race", "solutions", "is_exact_cover"]

#: The SAT solver (PySAT's name for CaDiCaL 1.9.5).
SOLVER = "cadical195"
#: Seconds the race's search runs alone before the SAT solver starts: what most problems
#: need in all, so that they do not pay for a process they do not use.
HEAD_START = 0.02


def is_exact_cover(matrix: Matrix, labels: Sequence[Hashable]) -> bool:
    """Whether the options ``labels`` cover each primary item once (or within its bounds)
    and each secondary item at most once or always with one color."""
    number = {option.label: k for k, option in enumerate(matrix.options, 1)}
    return len(set(labels)) == len(labels) and _covers(matrix, [number[label] for label in labels]) is not None


def _covers(matrix: Matrix, numbers: Sequence[int]) -> dict[int, Hashable] | None:
    """The colors the options ``numbers`` (distinct) give the secondary items (their
    positions -> None where uncolored) if they are an exact cover (see `is_exact_cover`),
    else None: read over the items' positions, in time linear in the options' items."""
    places, primary = item_positions(matrix), len(matrix.primary)
    starts = option_starts(matrix)
    times = [0] * primary
    seen: dict[int, Hashable] = {}
    for k in numbers:
        for p, color in zip(places[starts[k - 1]:starts[k]], matrix.options[k - 1].colors):
            if p < primary:
                times[p] += 1
            elif p in seen and (color is None or seen[p] != color):
                return None
            else:
                seen[p] = color
    bounds = {matrix.position(item): bound for item, bound in matrix.bounds}
    if any(not lo <= times[p] <= hi for p, (lo, hi) in bounds.items()):
        return None
    return seen if all(n == 1 for p, n in enumerate(times) if p not in bounds) else None


def models(matrix: Matrix, givens: Sequence[Hashable], exclude: Sequence[Hashable], limit: int) -> Iterator[list[int]]:
    """Up to ``limit`` solutions, each as its options' numbers (k + 1 for option k), from
    one incremental solver: each solution found is blocked by a clause (`Cnf.blocking`),
    so that the next call finds another or proves there is none; with a loop, the
    models that break it are cut and asked again (`exactcover.front.satloop`)."""
    from pysat.solvers import Solver as SatSolver

    cnf = Cnf(matrix, givens, exclude)
    cuts = None
    if matrix.loop is not None:
        from .satloop import Cuts

        cuts = Cuts(matrix, cnf)
        cnf.clauses += cuts.clauses()
    found = 0
    with SatSolver(name=SOLVER, bootstrap_with=cnf.clauses) as solver:
        while found < limit and solver.solve():
            model = solver.get_model()  # (variable v's literal at v - 1; a variable in no clause may be missing)
            model += [-v for v in range(len(model) + 1, cnf.pool.top + 1)]
            if cuts is not None:
                more = cuts.cuts(model)
                if more:
                    for cut in more:
                        solver.add_clause(cut)
                    continue
            chosen = cnf.chosen(model)
            found += 1
            yield chosen
            solver.add_clause(cnf.blocking(chosen))


def _solve(matrix: Matrix, givens: Sequence[Hashable], exclude: Sequence[Hashable], limit: int, answer: Connection,
           parent: int | None, from_main_thread: bool) -> None:
    """The child: encodes the problem and sends back up to ``limit`` models (`models`).
    Ctrl-C is the parent's to handle (it stops the child); it ends if the parent dies."""
    import gc
    import signal

    from ..parallel.orphans import end_with_parent  # (in the child)

    # (no cyclic garbage collection: the encoding makes no cycles, and a collection would walk
    # the parent's objects, each a page copied from it: a tenth of the largest slitherlink's time)
    gc.disable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent, from_main_thread)
    answer.send(list(models(matrix, givens, exclude, limit)))


class _Child:
    """The SAT solver's process on ``matrix`` (encoded there, so that a race's search runs on
    meanwhile), stopped by `stop` whatever happened."""

    def __init__(self, matrix: Matrix, givens: Sequence[Hashable], exclude: Sequence[Hashable],
                 limit: int = 1) -> None:
        pysat()  # (what cannot be done is said here, not by the child)
        self.answer, sending = multiprocessing.Pipe(duplex=False)
        context = multiprocessing.get_context()
        self.process = context.Process(target=_solve, args=(matrix, givens, exclude, limit, sending,
                                                            *facts(context.get_start_method())),
                                       daemon=True, name="exactcover SAT solver")
        self.process.start()
        sending.close()

    def done(self, wait: float = 0.0) -> bool:
        return self.answer.poll(wait) or not self.process.is_alive()

    def models(self) -> list[list[int]]:
        try:
            return self.answer.recv()  # type: ignore[no-any-return]
        except EOFError:
            raise ExactCoverError(f"the SAT solver's process ended without an answer "
                                  f"(exit code {self.process.exitcode})") from None

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.answer.close()


def _decoded(matrix: Matrix, model: list[int], givens: Sequence[Hashable]) -> tuple[Hashable, ...]:
    """The options of ``model`` (their numbers) as labels, givens first (as a search gives
    them), checked: an exact cover, and one loop."""
    colors = _covers(matrix, model)
    if colors is None or not _one_loop(matrix, colors):
        raise ExactCoverError("the SAT solver's answer is not an exact cover (a bug: please report it)")
    given = set(givens)
    return tuple(givens) + tuple(label for v in model if (label := matrix.options[v - 1].label) not in given)


def _one_loop(matrix: Matrix, colors: dict[int, Hashable]) -> bool:
    """Whether the secondary items' ``colors`` (positions -> color) give the loop's color to
    edges that make one cycle (or none, where the loop may be empty); True without a loop."""
    loop = matrix.loop
    if loop is None:
        return True
    on = {edge for edge, _, _ in loop.edges if colors.get(matrix.positions[edge], None) == loop.color}
    if not on:
        return loop.empty
    try:
        loop.cycle(on)
    except ExactCoverError:
        return False
    return True


def solutions(matrix: Matrix, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), limit: int = 1,
              timeout: float | None = None) -> list[tuple[Hashable, ...]]:
    """Up to ``limit`` solutions of ``matrix`` with ``givens`` and without ``exclude`` found by
    the SAT solver (labels): fewer when there are no more, so that ``limit=2`` decides
    whether a solution is unique. `BudgetExceeded` after ``timeout``."""
    started, givens = time.perf_counter(), tuple(givens)
    child = _Child(matrix, givens, tuple(exclude), limit)
    try:
        while not child.done(0.05):
            if timeout is not None and time.perf_counter() - started >= timeout:
                raise BudgetExceeded("timeout", Stats(seconds=time.perf_counter() - started), 0)
        return [_decoded(matrix, model, givens) for model in child.models()]
    finally:
        child.stop()


def first(matrix: Matrix, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (),
          timeout: float | None = None) -> tuple[Hashable, ...] | None:
    """A solution of ``matrix`` with ``givens`` and without ``exclude`` found by the SAT
    solver (labels), or None when there is none; `BudgetExceeded` after ``timeout``."""
    found = solutions(matrix, givens, exclude, 1, timeout)
    return found[0] if found else None


class _SatWon(Exception):
    """The race's SAT solver answered first (raised between two chunks of the search), with
    its models."""

    def __init__(self, models: list[list[int]]) -> None:
        super().__init__("the SAT solver answered first")
        self.models = models


def race(solver: Solver, plan: Plan, same: bool = False) -> Any:
    """The search (as ``solver.first``, on the plan's way) and the SAT solver side by side:
    whichever answers first, the other stopped. The plan's ``what`` is "first" (a solution,
    or None), "count" (the solutions up to its ``limit``) or "solutions" (a list of up to
    ``limit``). The search runs alone for its first `HEAD_START` seconds, and looks at the
    SAT solver after every chunk of its work (a few milliseconds); the plan's ``progress``
    (a callable, or True for a bar) hears from it as from `Solver.first`.

    With ``same``, the answer is the one the search gives alone, whoever wins: a count is
    anyway; for a first solution or a listing, the SAT solver looks for one solution more,
    and its answer is taken only when it holds every solution (none, or a unique one, or all
    of at most ``limit``); when there are more, the search goes on alone, to give its own."""
    what, limit = plan.what, plan.limit or 1
    labels = solver.labels
    givens = tuple(labels[k] for k in plan.call.givens)
    exclude = tuple(labels[k] for k in plan.call.excluded)
    started = time.perf_counter()
    child: _Child | None = None
    proving = same and what != "count"  # (the SAT solver must show its answer is every solution)
    asked = (1 if what == "first" else limit) + proving
    beaten = False  # (the SAT solver found more solutions than the answer: the search's to give)

    def look() -> None:
        nonlocal child, beaten
        if beaten:
            return
        if child is None and time.perf_counter() - started >= HEAD_START:
            child = _Child(solver.matrix, givens, exclude, asked)
        if child is not None and child.done():
            models = child.models()
            if not proving or len(models) < asked:
                raise _SatWon(models)
            child.stop()
            beaten = True

    run = Run(solver, plan, between=look)
    try:
        if what == "count":
            return run.count()
        if what == "first":
            return run.first()
        return list(itertools.islice(run.solutions(), limit))
    except _SatWon as won:
        run.stats.way = "sat"  # (the statistics are the stopped search's: they say who answered)
        found = [_decoded(solver.matrix, model, givens) for model in won.models]
        return (found[0] if found else None) if what == "first" else min(len(found), limit) if what == "count" \
            else found[:limit]
    finally:
        if child is not None:
            child.stop()
