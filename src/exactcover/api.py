"""The front ends: `solve`, `solutions` and `count` for a `Matrix` or any domain object a
plugin handles (a `Subsets`, a sudoku, ...).

A domain object is encoded by its problem type into a matrix (plus givens), solved, and each
solution decoded back into the domain's answer. Compiled matrices are cached: a plugin that
returns the same `Matrix` object for every problem of one shape (all 9×9 sudokus) has it
compiled once, however many puzzles are solved.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterator
from typing import Any

import attrs

from .matrix import Matrix
from .solver import Solver

__all__ = ["Prepared", "prepare", "solve", "solutions", "count", "is_unique", "solver_for"]

_compile_lock = threading.Lock()


def solver_for(matrix: Matrix, engine: str = "auto") -> Solver:
    """A `Solver` for ``matrix``, compiled once per matrix object and engine (and kept with
    the matrix, so it goes when the matrix goes)."""
    solver = matrix._compiled.get(engine)
    if solver is None:
        with _compile_lock:
            solver = matrix._compiled.get(engine)
            if solver is None:
                solver = matrix._compiled[engine] = Solver(matrix, engine)
    return solver


@attrs.frozen
class Prepared:
    """A problem ready to search: its type (None for a plain Matrix), solver and givens."""

    problem: Any
    kind: Any  # ProblemType | None
    solver: Solver
    givens: tuple[Hashable, ...]

    def decode(self, solution: tuple) -> Any:
        """The domain answer for a solution (option labels, givens first)."""
        return solution if self.kind is None else self.kind.decode(self.problem, solution)


def prepare(problem: Any, engine: str = "auto", registry: Any = None) -> Prepared:
    """Find ``problem``'s type, encode it and compile (or reuse) its solver."""
    if isinstance(problem, Matrix):
        return Prepared(problem, None, solver_for(problem, engine), ())
    if registry is None:
        from .plugins import registry as default_registry

        registry = default_registry()
    kind = registry.for_object(problem)
    encoding = kind.encoding(problem)
    return Prepared(problem, kind, solver_for(encoding.matrix, engine), encoding.givens)


def _givens(prepared: Prepared, search: dict[str, Any]) -> dict[str, Any]:
    extra = search.pop("givens", ())
    if isinstance(extra, (str, bytes)):
        return {"givens": extra, **search}  # let the solver refuse it with its message
    return {"givens": (*prepared.givens, *extra), **search}


def solve(problem: Any, *, engine: str = "auto", **search: Any) -> Any:
    """The first solution of ``problem``, decoded (for a Matrix: a tuple of option labels), or
    ``None`` when there is none.

    ``search`` takes `Solver.first`'s keywords: ``givens``, ``exclude``, ``seed``,
    ``max_nodes``, ``timeout``. An object no plugin handles raises TypeError naming the known types.
    """
    prepared = prepare(problem, engine)
    solution = prepared.solver.first(**_givens(prepared, search))
    return None if solution is None else prepared.decode(solution)


def solutions(problem: Any, *, engine: str = "auto", **search: Any) -> Iterator[Any]:
    """Every solution of ``problem``, decoded, lazily; keywords as `Solver.solutions`."""
    prepared = prepare(problem, engine)
    return map(prepared.decode, prepared.solver.solutions(**_givens(prepared, search)))


def count(problem: Any, *, engine: str = "auto", **search: Any) -> int:
    """The number of solutions of ``problem``; keywords as `Solver.count` (``limit``, ...)."""
    prepared = prepare(problem, engine)
    return prepared.solver.count(**_givens(prepared, search))


def is_unique(problem: Any, *, engine: str = "auto", **search: Any) -> bool:
    """Whether ``problem`` has exactly one solution (the search stops at the second)."""
    return count(problem, engine=engine, limit=2, **search) == 1
