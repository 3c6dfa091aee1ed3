"""The front ends: `solve`, `solutions` and `count` for a `Matrix` or any domain object a
plugin handles (a `Subsets`, a sudoku, ...).

A domain object is encoded by its problem type into a matrix (plus givens), solved, and each
solution decoded back into the domain's answer. Compiled matrices are cached: a plugin that
returns the same `Matrix` object for every problem of one shape (all 9×9 sudokus) has it
compiled once, however many puzzles are solved.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import attrs

from . import engines
from .matrix import Matrix
from .solver import Solutions, Solver, check_positive

__all__ = ["Prepared", "prepare", "solve", "solutions", "count", "estimate", "is_unique", "solver_for"]

_compile_lock = threading.Lock()


def solver_for(matrix: Matrix, engine: str = "auto") -> Solver:
    """A `Solver` for ``matrix``, compiled once per matrix object and engine (and kept with
    the matrix, so it goes when the matrix goes)."""
    solver = matrix._compiled.get(engine)
    if solver is None:
        name = engines.name_of(engines.get(engine))  # "auto" is one of the others
        with _compile_lock:
            solver = matrix._compiled.get(name)
            if solver is None:
                solver = matrix._compiled[name] = Solver(matrix, name)
            matrix._compiled[engine] = solver
    return solver


@attrs.frozen
class Prepared:
    """A problem ready to search: its type (None for a plain Matrix), its solver, the givens
    and exclusions of its encoding, and the type's filter of solutions (None: keep all).
    Its methods take `Solver`'s keywords and return decoded answers."""

    problem: Any
    kind: Any  # ProblemType | None
    solver: Solver
    givens: tuple[Hashable, ...] = ()
    exclude: tuple[Hashable, ...] = ()
    accept: Callable[[tuple], bool] | None = None

    def decode(self, solution: tuple) -> Any:
        """The domain answer for a solution (option labels, givens first)."""
        return solution if self.kind is None else self.kind.decode(self.problem, solution)

    def _search(self, search: dict[str, Any]) -> dict[str, Any]:
        search = {k: v for k, v in search.items() if v is not None or k not in ("max_nodes", "timeout", "seed")}
        givens, exclude = search.pop("givens", ()), search.pop("exclude", ())
        for name, value in (("givens", givens), ("exclude", exclude)):
            if isinstance(value, (str, bytes)):  # let the solver refuse it with its message
                return {name: value, **search}
        return {"givens": (*self.givens, *givens), "exclude": (*self.exclude, *exclude), **search}

    def raw_solutions(self, **search: Any) -> Solutions:
        """The accepted solutions as option labels, lazily; ``limit`` counts accepted ones.
        With ``jobs`` or ``executor``, the search runs on many processes (see `parallel`)."""
        return self._solutions(None, search)

    def first(self, **search: Any) -> Any:
        """The first accepted solution, decoded, or None."""
        if self.accept is None and search.get("jobs") is None and search.get("executor") is None:
            search.pop("jobs", None), search.pop("executor", None)
            solution = self.solver.first(**self._search(search))  # the common case: no filter, no pool
        else:
            solution = next(self.raw_solutions(limit=1, **search), None)
        return None if solution is None else self.decode(solution)

    def solutions(self, **search: Any) -> Solutions:
        """Every accepted solution, decoded, lazily (``stats``: this search's statistics)."""
        return self._solutions(self.decode if self.kind is not None else None, search)

    def _solutions(self, decode: Callable[[tuple], Any] | None, search: dict[str, Any]) -> Solutions:
        limit = search.pop("limit", None)
        check_positive("limit", limit)
        jobs, executor = search.pop("jobs", None), search.pop("executor", None)
        check_positive("jobs", jobs)
        if jobs is not None or executor is not None:
            from . import parallel

            _parallel_only(search, "solutions")
            search = {k: v for k, v in search.items() if v is not None}
            found = parallel.solutions(self.solver, jobs, executor, **self._search(search))
        elif self.accept is None and decode is None:
            return self.solver.solutions(limit=limit, **self._search(search))
        else:
            found = self.solver.solutions(**self._search(search))
        return Solutions(found, found.stats, limit, self.accept, decode)

    def count(self, **search: Any) -> int:
        """The number of accepted solutions: inside the engine when all are accepted (on
        ``jobs`` processes or an ``executor`` if given)."""
        if self.accept is not None:
            return sum(1 for _ in self.raw_solutions(**search))
        jobs, executor = search.pop("jobs", None), search.pop("executor", None)
        check_positive("jobs", jobs)
        if jobs is not None or executor is not None:
            from . import parallel

            limit = search.pop("limit", None)
            _parallel_only(search, "count")
            number = parallel.count(self.solver, jobs, executor, **self._search(search))
            return number if limit is None else min(number, limit)  # what a serial count stopped at limit says
        return self.solver.count(**self._search(search))

    def estimate(self, samples: int = 1000, seed: int | None = None) -> Any:
        """Knuth's random-probe estimate of this problem's search (see `Solver.estimate`)."""
        return self.solver.estimate(samples, seed, self.givens, exclude=self.exclude)


def _parallel_only(search: dict[str, Any], what: str) -> None:
    """The keywords a parallel search takes: givens, exclude, progress and the budget."""
    allowed = {"givens", "exclude", "progress", "max_nodes", "timeout"}
    extra = sorted(k for k, v in search.items() if v is not None and k not in allowed)
    if extra:
        raise ValueError(f"{what} with jobs= or executor= does not take {', '.join(extra)}")


def prepare(problem: Any, engine: str = "auto", registry: Any = None) -> Prepared:
    """Find ``problem``'s type, encode it and compile (or reuse) its solver."""
    if isinstance(problem, Matrix):
        return Prepared(problem, None, solver_for(problem, engine))
    if registry is None:
        from .plugins import registry as default_registry

        registry = default_registry()
    kind = registry.for_object(problem)
    encoding = kind.encoding(problem)
    accept = None if kind.select is None else kind.select(problem)
    return Prepared(problem, kind, solver_for(encoding.matrix, engine), encoding.givens, encoding.exclude, accept)


def solve(problem: Any, *, engine: str = "auto", **search: Any) -> Any:
    """The first solution of ``problem``, decoded (for a Matrix: a tuple of option labels), or
    ``None`` when there is none.

    ``search`` takes `Solver.first`'s keywords: ``givens``, ``exclude``, ``seed``,
    ``max_nodes``, ``timeout``. An object no plugin handles raises TypeError naming the known
    types.
    """
    return prepare(problem, engine).first(**search)


def solutions(problem: Any, *, engine: str = "auto", **search: Any) -> Iterator[Any]:
    """Every solution of ``problem``, decoded, lazily; keywords as `Solver.solutions`, or
    ``jobs=N`` (processes) / ``executor=`` (any concurrent.futures.Executor, a Dask
    cluster's included) to search in parallel."""
    return prepare(problem, engine).solutions(**search)


def count(problem: Any, *, engine: str = "auto", **search: Any) -> int:
    """The number of solutions of ``problem``; keywords as `Solver.count` (``limit``,
    ``progress``, ...), or ``jobs=N`` / ``executor=`` to count in parallel."""
    return prepare(problem, engine).count(**search)


def estimate(problem: Any, *, samples: int = 1000, seed: int | None = None, engine: str = "auto") -> Any:
    """Knuth's 1975 random-probe estimate of the search tree of ``problem``: the number of
    search nodes and of solutions, with standard errors (an `Estimate`)."""
    return prepare(problem, engine).estimate(samples, seed)


def is_unique(problem: Any, *, engine: str = "auto", **search: Any) -> bool:
    """Whether ``problem`` has exactly one solution (the search stops at the second)."""
    return count(problem, engine=engine, limit=2, **search) == 1
