"""The exceptions exactcover raises.

Every error derives from `ExactCoverError`, and also from the builtin it means, so that
``except ValueError`` keeps working for code that does not know this library.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ExactCoverError",
    "MatrixError",
    "GivensError",
    "BudgetExceeded",
    "PluginError",
    "ProblemError",
]


class ExactCoverError(Exception):
    """Root of every exception raised by exactcover."""


class MatrixError(ExactCoverError, ValueError):
    """A matrix cannot be built: an unknown or repeated item, a misplaced color, a bad label."""


class GivensError(ExactCoverError, ValueError):
    """The givens of a search are unknown options, or options that cannot be chosen together."""


class ProblemError(ExactCoverError, ValueError):
    """A domain problem (a family of subsets, a sudoku, a file) is not valid input."""


class PluginError(ExactCoverError, LookupError):
    """A plugin failed to load or register, two plugins clash, or a problem type is unknown."""

    @classmethod
    def unknown(cls, what: str, known) -> PluginError:
        return cls(f"{what}; known problem types: {', '.join(known) or 'none'}")


class BudgetExceeded(ExactCoverError, RuntimeError):
    """A search was stopped by its budget (``max_nodes`` or ``timeout``) before it finished.

    This is never "no solution": the search simply did not get to the end. ``reason`` is
    ``"max_nodes"`` or ``"timeout"``, ``stats`` the statistics at the moment it stopped, and
    ``solutions`` the number of solutions found (and, for iteration, already yielded) before.
    """

    def __init__(self, reason: str, stats: Any, solutions: int) -> None:
        self.reason = reason
        self.stats = stats
        self.solutions = solutions
        limit = "node budget" if reason == "max_nodes" else "time limit"
        super().__init__(
            f"search stopped by its {limit} after {stats.nodes} nodes and "
            f"{solutions} solution(s); the search space was not exhausted"
        )
