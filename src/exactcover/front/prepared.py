"""A problem ready to search, and the one place a `Request` becomes searches.

`prepare` finds a problem's type, checks its size, encodes it and compiles (or reuses) its
solver. `Prepared.run` plans a request (`exactcover.front.plan`: what does not combine is refused
there, before any search) and follows the plan's route: the engine alone, our own pool or
another executor (`parallel`, `counts`), the automatic reduction (`autoreduce`), the SAT
solver or the race (`sat`). Each route reads the request's fields; none pops keywords.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import attrs

from .. import engines
from ..errors import GivensError, ProblemTooLarge
from ..model.matrix import Matrix
from ..problem import ProblemType, Size
from ..search.plans import Plan
from ..search.runs import Run, Solutions, check_positive
from ..search.stats import Stats
from .plan import Features, plan
from .request import Request
from .solver import Solver

if TYPE_CHECKING:  # (for annotations only: best, estimates, diagrams, reduction load on first use)
    from ..model.reduction import Reduction
    from ..search.best import Best
    from ..search.diagram import Sample
    from ..search.estimates import Estimate

__all__ = ["MAX_ENTRIES", "Prepared", "prepare", "solver_for", "check_size"]

_compile_lock = threading.Lock()

MAX_ENTRIES = 20_000_000
"""The most entries a front end builds a matrix of unless told otherwise (``max_entries=``),
an option counting as one too (`Size.counted`): about 3.8 GB, 4.8 GB with colors (see
`Size.nbytes`); a 100×100 sudoku counts 5·10⁶, 1000 queens 5·10⁶."""


def check_size(what: str, size: Size, max_entries: int | None) -> None:
    """ProblemTooLarge if ``size`` counts more than ``max_entries`` (`Size.counted`: its
    entries and options; None: no limit)."""
    if max_entries is not None and size.counted > max_entries:
        raise ProblemTooLarge(what, size.options, size.entries, size.nbytes, max_entries)


def solver_for(matrix: Matrix, engine: str = "auto", max_entries: int | None = None) -> Solver:
    """A `Solver` for ``matrix``, compiled once per matrix object and engine (and kept with
    the matrix, so it goes when the matrix goes); a matrix not compiled yet is refused if it
    has more than ``max_entries`` entries."""
    solver = matrix.cache.get(engine)
    if solver is None:
        check_positive("max_entries", max_entries)
        name = engines.resolve(engine)
        with _compile_lock:
            solver = matrix.cache.get(name)
            if solver is None:
                check_size("this problem", Size.of(matrix), max_entries)
                solver = matrix.cache[name] = Solver(matrix, name)
            matrix.cache[engine] = solver
    return solver


@attrs.frozen
class Prepared:
    """A problem ready to search: its type (None for a plain Matrix), its solver, the givens
    and exclusions of its encoding, and the type's filter of solutions (None: keep all).
    `run` searches a `Request`; `first`, `solutions`, `count`, `best`, `estimate` and `sample`
    make one from their keywords (`Request.of`) and return decoded answers."""

    problem: Any
    kind: Any  # ProblemType | None
    solver: Solver
    givens: tuple[Hashable, ...] = ()
    exclude: tuple[Hashable, ...] = ()
    accept: Callable[[tuple[Any, ...]], bool] | None = None
    way: str = "auto"  # the encoding's way for searches left at "auto" (see `Encoding`)
    #: With ``reduce=True``: the reduction whose matrix the solver searches (its solutions
    #: are the problem's once `Reduction.solution` puts the givens back in front).
    reduction: Reduction | None = None

    def decode(self, solution: tuple[Any, ...]) -> Any:
        """The domain answer for a solution of the solver (option labels, givens first)."""
        return self.answer(self.restore(solution))

    def answer(self, solution: tuple[Any, ...]) -> Any:
        """The domain answer for a solution of the problem (``run``'s with ``decode=False``)."""
        return solution if self.kind is None else self.kind.decode(self.problem, solution)

    def restore(self, solution: tuple[Any, ...]) -> tuple[Any, ...]:
        """A solution of the problem from one of the solver's (the same but with a reduction)."""
        return solution if self.reduction is None else self.reduction.solution(solution)

    def on(self, reduction: Reduction) -> Prepared:
        """This problem as ``reduction`` (of its matrix, with every given and exclusion) left
        it: the reduced matrix's solver, no givens, and the filter through the map back."""
        accept = self.accept
        return attrs.evolve(self, solver=solver_for(reduction.matrix, self.solver.engine, None), givens=(), exclude=(),
                            reduction=reduction,
                            accept=None if accept is None else (lambda solution: accept(reduction.solution(solution))))

    def all_givens(self, givens: Any, exclude: Any) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        """The encoding's givens and exclusions with a search's (checked: GivensError or
        UnknownOption for what is not a collection of the matrix's option labels)."""
        self.solver.option_numbers(givens, "given"), self.solver.option_numbers(exclude, "excluded")
        return (*self.givens, *givens), (*self.exclude, *exclude)

    def features(self, many: bool = False) -> Features:
        """What this problem has that the plan reads (``many``: one of a file of problems)."""
        return Features.of(self, many)

    def reduced(self, request: Request) -> tuple[Prepared, Request]:
        """This problem made smaller by Knuth's preprocessing (`Matrix.reduce`), with every
        given and exclusion of the encoding and of ``request`` applied, and the request
        without them (they are in the reduction)."""
        givens, exclude = self.all_givens(request.givens, request.exclude)
        reduction = self.solver.matrix.reduce(givens, exclude, engine=self.solver.engine)
        return self.on(reduction), attrs.evolve(request, givens=(), exclude=(), reduce=False)

    # -- the front doors: a request made from keywords -----------------------------------------

    def first(self, **search: Any) -> Any:
        """The first accepted solution, decoded, or None."""
        return self.run(Request.of("first", **search))

    def solutions(self, **search: Any) -> Solutions[Any]:
        """Every accepted solution, decoded, lazily (``stats``: this search's statistics)."""
        return self.run(Request.of("solutions", **search))  # type: ignore[no-any-return]

    def raw_solutions(self, **search: Any) -> Solutions[Any]:
        """The accepted solutions as option labels, lazily; ``limit`` counts accepted ones."""
        return self.run(Request.of("solutions", **search), decode=False)  # type: ignore[no-any-return]

    def count(self, **search: Any) -> int:
        """The number of accepted solutions."""
        return self.run(Request.of("count", **search))  # type: ignore[no-any-return]

    def best(self, k: int = 1, **search: Any) -> Best:
        """The ``k`` cheapest solutions (`Solver.best`; a `Best` whose solutions are decoded)."""
        return self.run(Request.of("best", k=k, **search))  # type: ignore[no-any-return]

    def estimate(self, samples: int = 1000, seed: int | None = None) -> Estimate:
        """Knuth's random-probe estimate of this problem's search (see `Solver.estimate`)."""
        return self.run(Request.of("estimate", samples=samples, seed=seed))  # type: ignore[no-any-return]

    def sample(self, n: int = 1, seed: int | None = None, **search: Any) -> Sample:
        """``n`` solutions drawn uniformly at random, independently (so repeats can occur), the
        same ones for the same ``seed``: from the diagram of all solutions (`Solver.diagram`;
        ``search``: its budgets, progress and ``memo_bytes``), a filter's refusals drawn again."""
        return self.run(Request.of("sample", samples=n, seed=seed, **search))  # type: ignore[no-any-return]

    # -- the routes ------------------------------------------------------------------------------

    def run(self, request: Request, decode: bool = True, many: bool = False) -> Any:
        """``request`` planned (`exactcover.front.plan`: `Unsupported` before any search for what
        does not combine) and searched on its route. ``decode``: answers decoded (else
        option labels); ``many``: this problem is one of a file of many. A `GivensError`
        is worded in the problem's terms where its type says how (`ProblemType.word_givens`)."""
        try:
            return self.follow(request, self.planned(request, many), decode)
        except GivensError as error:
            word = self.kind.word_givens if self.kind is not None else None
            if word is not None and error.worded is None:
                error.worded = word(self.problem, error)
            raise

    def planned(self, request: Request, many: bool = False) -> Plan:
        """The plan of ``request`` for this problem, its givens and exclusions with the
        encoding's (`exactcover.front.plan.plan`)."""
        return plan(request, self.features(many), compiled=self.solver, encoded=(self.givens, self.exclude))

    def follow(self, request: Request, the_plan: Plan, decode: bool = True) -> Any:
        """The answer ``the_plan`` (of ``request``) asks for (see `run`)."""
        prepared = self
        if the_plan.route == "cluster":  # (a programming error: the command opens the cluster first)
            raise ValueError("a request with a scheduler is for the command, which opens the cluster and gives "
                             "its executor; give executor= instead")
        if the_plan.reduce_first:
            prepared, request = self.reduced(request)
            the_plan = prepared.planned(request)
        return getattr(prepared, "_" + request.what)(request, the_plan, decode)

    def _first(self, request: Request, the_plan: Plan, decode: bool) -> Any:
        if the_plan.route == "engine" and self.accept is not None or the_plan.route in ("pool", "executor"):
            solution = next(self.listing(request, attrs.evolve(the_plan, limit=1)), None)
            return None if solution is None else self.decode(solution) if decode else self.restore(solution)
        if the_plan.route in ("sat", "race"):
            from . import sat

            if the_plan.route == "sat":
                givens, exclude = self.labels_of(the_plan)
                self.solver.check(givens, exclude)  # (clashing givens: the search's errors, not "no solution")
                solution = sat.first(self.solver.matrix, givens, exclude, the_plan.timeout)
            else:
                solution = sat.race(self.solver, the_plan, same=request.backend == "auto")
        else:
            solution = Run(self.solver, the_plan).first()
        if solution is None:
            return None
        return self.decode(solution) if decode else self.restore(solution)

    def labels_of(self, the_plan: Plan) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        """The labels of the plan's givens and exclusions (the encoding's and the request's)."""
        labels = self.solver.labels
        return tuple(labels[k] for k in the_plan.call.givens), tuple(labels[k] for k in the_plan.call.excluded)

    def _solutions(self, request: Request, the_plan: Plan, decode: bool) -> Solutions[Any]:
        decoding = self.decode if decode and (self.kind is not None or self.reduction is not None) else \
            self.restore if self.reduction is not None else None
        if the_plan.look:  # (never on a reduction: ``decoding`` then only decodes)
            from . import autoreduce

            found = autoreduce.solutions(self, the_plan)
        else:
            found = self.listing(request, the_plan)
        return found if decoding is None else Solutions(found, found.stats, None, None, decoding)

    def listing(self, request: Request, the_plan: Plan) -> Solutions[Any]:
        """The accepted solutions (the solver's labels), at most the plan's limit, on its route."""
        limit = the_plan.limit
        if self.accept is not None:  # (the engine lists them all: the filter counts those it keeps)
            the_plan = attrs.evolve(the_plan, limit=None)
        if the_plan.route in ("sat", "race"):  # (the plan gives them a limit and no filter)
            found = self._by_sat(request, the_plan)
        elif the_plan.route in ("pool", "executor"):
            from ..parallel import searches

            found = searches.solutions(self.solver, the_plan)
        else:
            run = Run(self.solver, the_plan)
            found = Solutions(run.solutions(), run.stats, the_plan.limit)
        return found if self.accept is None else Solutions(found, found.stats, limit, self.accept)

    def _by_sat(self, request: Request, the_plan: Plan) -> Solutions[Any]:
        """Up to the plan's limit of solutions (the solver's labels) found by the SAT
        solver, or by the race of it and the search."""
        from . import sat

        assert the_plan.limit is not None
        if the_plan.route == "race":  # (its statistics: the search's, which say who answered)
            found = sat.race(self.solver, the_plan, same=request.backend == "auto")
            return Solutions(iter(found), self.solver.stats)
        givens, exclude = self.labels_of(the_plan)
        self.solver.check(givens, exclude)  # (clashing givens: the search's errors, not "no solution")
        started = time.perf_counter()
        found = sat.solutions(self.solver.matrix, givens, exclude, the_plan.limit, the_plan.timeout)
        return Solutions(iter(found), Stats(solutions=len(found), seconds=time.perf_counter() - started))

    def _count(self, request: Request, the_plan: Plan, decode: bool) -> int:
        if the_plan.look:
            from .autoreduce import count

            return count(self, the_plan)
        if self.accept is not None:  # (enumerated through the filter: no table of states)
            return sum(1 for _ in self.listing(request, the_plan))
        if the_plan.route == "race":
            from . import sat

            return sat.race(self.solver, the_plan)  # type: ignore[no-any-return]
        if the_plan.route == "sat":
            return sum(1 for _ in self._by_sat(request, the_plan))
        if the_plan.route in ("pool", "executor"):
            from ..parallel import searches

            if self.reduction is not None:  # (so that `verify` reduces the problem as the count did)
                the_plan = attrs.evolve(the_plan, head=(*the_plan.head, ("reduced", True)))
            return searches.count(self.solver, the_plan)
        return Run(self.solver, the_plan).count()

    def _best(self, request: Request, the_plan: Plan, decode: bool) -> Best:
        if the_plan.route in ("pool", "executor") and self.solver.matrix.costs:
            from ..parallel import searches

            found = searches.best(self.solver, the_plan)
        else:
            from ..search.best import best

            found = best(self.solver, the_plan)
        answer = self.decode if decode else self.restore
        extra = 0 if self.reduction is None else self.reduction.givens_cost()  # (the reduced matrix lacks them)
        return attrs.evolve(found, solutions=tuple((cost + extra, answer(s)) for cost, s in found.solutions))

    def _sample(self, request: Request, the_plan: Plan, decode: bool) -> Sample:
        from ..search.diagram import Sample, diagram

        found = diagram(self.solver, the_plan)
        drawn = found.draw(the_plan.samples, the_plan.seed, self.accept)
        answer = self.decode if decode else self.restore
        return Sample(tuple(answer(s) for s in drawn), found.count, found.size, self.solver.stats)

    def _estimate(self, request: Request, the_plan: Plan, decode: bool) -> Estimate:
        from ..search.estimates import estimate

        found = estimate(self.solver, the_plan)
        return found if self.accept is None else attrs.evolve(found, unfiltered=True)


def prepare(problem: Any, engine: str = "auto", registry: Any = None, max_entries: int | None = MAX_ENTRIES,
            kind: ProblemType[Any, Any] | None = None) -> Prepared:
    """Find ``problem``'s type, check the size it states against ``max_entries``, encode it and
    compile (or reuse) its solver. ``kind``: the type that built ``problem`` (the command line
    knows it), used when it handles the problem's class; else the registry finds one."""
    check_positive("max_entries", max_entries)
    if isinstance(problem, Matrix):
        return Prepared(problem, None, solver_for(problem, engine, max_entries))
    if kind is None or not isinstance(problem, kind.handles):
        if registry is None:
            from ..plugins.manager import registry as default_registry

            registry = default_registry()
        kind = registry.for_object(problem)
    if kind.size is not None and max_entries is not None:
        check_size(f"this {kind.name} problem", kind.size(problem), max_entries)
    encoding = kind.encoding(problem)
    accept = None if kind.select is None else kind.select(problem)
    solver = solver_for(encoding.matrix, engine, max_entries)
    return Prepared(problem, kind, solver, encoding.givens, encoding.exclude, accept, encoding.way)
