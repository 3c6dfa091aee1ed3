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
from ..errors import ProblemTooLarge
from ..model.matrix import Matrix
from ..problem import ProblemType, Size
from ..search.runs import Solutions, check_positive
from .plan import Features, Plan, plan
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
"""The most entries a front end builds a matrix of unless told otherwise (``max_entries=``):
about 3 GB (see `Size.nbytes`); a 100×100 sudoku has 4·10⁶, 1000 queens 4·10⁶."""


def check_size(what: str, size: Size, max_entries: int | None) -> None:
    """ProblemTooLarge if ``size`` has more than ``max_entries`` entries (None: no limit)."""
    if max_entries is not None and size.entries > max_entries:
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
        option labels); ``many``: this problem is one of a file of many."""
        return self.follow(plan(request, self.features(many)), decode)

    def follow(self, the_plan: Plan, decode: bool = True) -> Any:
        """The answer ``the_plan`` asks for (see `run`)."""
        prepared, request = self, the_plan.request
        if the_plan.route == "cluster":  # (a programming error: the command opens the cluster first)
            raise ValueError("a request with a scheduler is for the command, which opens the cluster and gives "
                             "its executor; give executor= instead")
        if the_plan.reduce_first:
            prepared, request = self.reduced(request)
            the_plan = attrs.evolve(the_plan, request=request, reduce_first=False)
        return getattr(prepared, "_" + request.what)(the_plan, decode)

    def _first(self, the_plan: Plan, decode: bool) -> Any:
        r = the_plan.request
        if the_plan.route == "engine" and self.accept is not None or the_plan.route in ("pool", "executor"):
            solution = next(self.listing(the_plan, 1), None)
            return None if solution is None else self.decode(solution) if decode else self.restore(solution)
        givens, exclude = self.all_givens(r.givens, r.exclude)
        if the_plan.route in ("sat", "race"):
            from . import sat

            if the_plan.route == "sat":
                self.solver.check(givens, exclude)  # (clashing givens: the search's errors, not "no solution")
                solution = sat.first(self.solver.matrix, givens, exclude, r.timeout)
            else:
                solution = sat.race(self.solver, givens, exclude, r.timeout, r.progress, the_plan.way,
                                    same=r.backend == "auto")
        else:
            solution = self.solver.first(givens, exclude=exclude, seed=r.seed, max_nodes=r.max_nodes,
                                         timeout=r.timeout, progress=r.progress, way=the_plan.way)
        if solution is None:
            return None
        return self.decode(solution) if decode else self.restore(solution)

    def _solutions(self, the_plan: Plan, decode: bool) -> Solutions[Any]:
        decoding = self.decode if decode and (self.kind is not None or self.reduction is not None) else \
            self.restore if self.reduction is not None else None
        if the_plan.look:  # (never on a reduction: ``decoding`` then only decodes)
            from . import autoreduce

            found = autoreduce.solutions(self, the_plan)
        else:
            found = self.listing(the_plan, the_plan.request.limit)
        return found if decoding is None else Solutions(found, found.stats, None, None, decoding)

    def listing(self, the_plan: Plan, limit: int | None) -> Solutions[Any]:
        """The accepted solutions (the solver's labels), at most ``limit``, on the plan's route."""
        r = the_plan.request
        givens, exclude = self.all_givens(r.givens, r.exclude)
        engine_limit = limit if self.accept is None else None
        if the_plan.route in ("sat", "race"):  # (the plan gives them a limit and no filter)
            found = self._by_sat(the_plan, givens, exclude)
        elif the_plan.route in ("pool", "executor"):
            from ..parallel import searches

            found = searches.solutions(self.solver, r.jobs, r.executor, givens, exclude, r.progress, r.max_nodes,
                                       r.timeout, the_plan.way, engine_limit)
        else:
            found = self.solver.solutions(givens, exclude=exclude, limit=engine_limit, seed=r.seed,
                                          max_nodes=r.max_nodes, timeout=r.timeout, progress=r.progress,
                                          way=the_plan.way)
        return found if self.accept is None else Solutions(found, found.stats, limit, self.accept)

    def _by_sat(self, the_plan: Plan, givens: tuple[Hashable, ...], exclude: tuple[Hashable, ...]) -> Solutions[Any]:
        """Up to the request's limit of solutions (the solver's labels) found by the SAT
        solver, or by the race of it and the search."""
        from ..search.stats import Stats
        from . import sat

        r = the_plan.request
        assert r.limit is not None
        if the_plan.route == "race":  # (its statistics: the search's, which say who answered)
            found = sat.race(self.solver, givens, exclude, r.timeout, r.progress, the_plan.way, "solutions", r.limit,
                             same=r.backend == "auto")
            return Solutions(iter(found), self.solver.stats)
        self.solver.check(givens, exclude)  # (clashing givens: the search's errors, not "no solution")
        started = time.perf_counter()
        found = sat.solutions(self.solver.matrix, givens, exclude, r.limit, r.timeout)
        return Solutions(iter(found), Stats(solutions=len(found), seconds=time.perf_counter() - started))

    def _count(self, the_plan: Plan, decode: bool) -> int:
        r = the_plan.request
        if the_plan.look:
            from .autoreduce import count

            return count(self, the_plan)
        if self.accept is not None:  # (enumerated through the filter: no table of states)
            return sum(1 for _ in self.listing(the_plan, r.limit))
        givens, exclude = self.all_givens(r.givens, r.exclude)
        if the_plan.route == "race":
            from . import sat

            assert r.limit is not None
            return sat.race(self.solver, givens, exclude, r.timeout, r.progress, the_plan.way,  # type: ignore[no-any-return]
                            "count", r.limit)
        if the_plan.route == "sat":
            return sum(1 for _ in self._by_sat(the_plan, givens, exclude))
        if the_plan.route in ("pool", "executor"):
            from ..parallel import searches

            head = dict(r.head)
            if self.reduction is not None:  # (so that `verify` reduces the problem as the count did)
                head["reduced"] = True
            return searches.count(self.solver, r.jobs, r.executor, givens, exclude, r.progress, r.max_nodes, r.timeout,
                                  the_plan.way, r.memo, r.memo_bytes, r.journal, r.time_slice, head, r.limit)
        return self.solver.count(givens, exclude=exclude, limit=r.limit, seed=r.seed, max_nodes=r.max_nodes,
                                 timeout=r.timeout, progress=r.progress, way=the_plan.way, memo=r.memo,
                                 memo_bytes=r.memo_bytes)

    def _best(self, the_plan: Plan, decode: bool) -> Best:
        r = the_plan.request
        givens, exclude = self.all_givens(r.givens, r.exclude)
        found = self.solver.best(r.k, givens, exclude=exclude, max_nodes=r.max_nodes, timeout=r.timeout,
                                 progress=r.progress, jobs=r.jobs, executor=r.executor)
        answer = self.decode if decode else self.restore
        extra = 0 if self.reduction is None else self.reduction.givens_cost()  # (the reduced matrix lacks them)
        return attrs.evolve(found, solutions=tuple((cost + extra, answer(s)) for cost, s in found.solutions))

    def _sample(self, the_plan: Plan, decode: bool) -> Sample:
        from ..search.diagram import Sample

        r = the_plan.request
        diagram = self.solver.diagram(self.givens, exclude=self.exclude, max_nodes=r.max_nodes, timeout=r.timeout,
                                      progress=r.progress, memo_bytes=r.memo_bytes)
        drawn = diagram.draw(r.samples, r.seed, self.accept)
        answer = self.decode if decode else self.restore
        return Sample(tuple(answer(s) for s in drawn), diagram.count, diagram.size, self.solver.stats)

    def _estimate(self, the_plan: Plan, decode: bool) -> Estimate:
        r = the_plan.request
        found = self.solver.estimate(r.samples, r.seed, self.givens, exclude=self.exclude)
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
