"""One-off front ends: `solve`, `solutions` and `count`.

Each builds a `Solver` for one question. To ask many questions of one matrix, build the
`Solver` yourself and keep it: it compiles the matrix once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .matrix import Matrix
from .solver import Solution, Solver

__all__ = ["solve", "solutions", "count"]


def _solver(problem: Any, engine: str) -> Solver:
    if isinstance(problem, Matrix):
        return Solver(problem, engine)
    raise TypeError(f"exactcover cannot solve a {type(problem).__name__}: pass a Matrix")


def solve(problem: Matrix, *, engine: str = "auto", **search: Any) -> Solution | None:
    """The first solution of ``problem`` (a tuple of option labels), or ``None``.

    ``search`` takes `Solver.first`'s keywords: ``givens``, ``seed``, ``max_nodes``,
    ``timeout``.
    """
    return _solver(problem, engine).first(**search)


def solutions(problem: Matrix, *, engine: str = "auto", **search: Any) -> Iterator[Solution]:
    """Every solution of ``problem``, lazily; keywords as `Solver.solutions` (``limit``, ...)."""
    return _solver(problem, engine).solutions(**search)


def count(problem: Matrix, *, engine: str = "auto", **search: Any) -> int:
    """The number of solutions of ``problem``; keywords as `Solver.count` (``limit``, ...)."""
    return _solver(problem, engine).count(**search)
