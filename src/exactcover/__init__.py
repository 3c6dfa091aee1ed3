"""exactcover: exact cover problems solved with Knuth's dancing links.

>>> import exactcover
>>> m = exactcover.Matrix([1, 2, 3, 4, 5], {
...     "S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []})
>>> sorted(exactcover.solutions(m))
[('S1', 'S2'), ('S3', 'S4')]

The engine is a C extension (`ENGINE` == "c") with a pure-Python twin as the fallback.
Problem plugins (pluggy, entry-point group ``exactcover``) let `solve`, `solutions` and
`count` take domain objects too; they are loaded the first time one is needed, and the names
that need them (`Subsets`, `read_dlx`, `hookimpl`, ...) are imported on first use, so that
``import exactcover`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .engines.contract import Status
from .engines.loader import ENGINE
from .front.api import MAX_ENTRIES, count, estimate, is_unique, solutions, solve, solver_for, verify
from .errors import (BudgetExceeded, EngineWarning, ExactCoverError, GivenAndExcluded, GivensBreakLoop, GivensClash,
                     GivensError, InputWarning, JournalError, MatrixError, PluginError, PrefixError, ProblemError, ProblemTooLarge,
                     UnknownOption, Unsupported, WorkerLost)
from .front.solver import Solver
from .search.split import Split
from .model.loop import Loop
from .model.matrix import Matrix, Option
from .problem import Batch, Encoding, Problem, ProblemType, Size
from .search.runs import Solutions
from .search.stats import Progress, Stats, Subtrees
from .version import __version__ as __version__  # (re-exported: the package says its version)

if TYPE_CHECKING:  # (imported on first use at run time: see _LAZY)
    from .commandline import CommandLine
    from .front.verification import Verification
    from .hookspecs import hookimpl
    from .model.family import Subsets
    from .model.knuth import read_dlx, write_dlx
    from .search.checks import Checker
    from .search.diagram import Diagram
    from .search.estimates import Estimate

__all__ = [
    "ENGINE",
    "MAX_ENTRIES",
    "Batch",
    "BudgetExceeded",
    "Checker",
    "CommandLine",
    "Diagram",
    "Encoding",
    "EngineWarning",
    "InputWarning",
    "Estimate",
    "ExactCoverError",
    "GivenAndExcluded",
    "GivensBreakLoop",
    "GivensClash",
    "GivensError",
    "JournalError",
    "Loop",
    "Matrix",
    "MatrixError",
    "Option",
    "PluginError",
    "PrefixError",
    "Problem",
    "ProblemError",
    "ProblemTooLarge",
    "ProblemType",
    "Progress",
    "Size",
    "Solutions",
    "Solver",
    "Split",
    "Stats",
    "Subtrees",
    "Status",
    "Subsets",
    "UnknownOption",
    "Unsupported",
    "Verification",
    "WorkerLost",
    "count",
    "estimate",
    "hookimpl",
    "is_unique",
    "problem_types",
    "read_dlx",
    "register",
    "solutions",
    "solve",
    "solver_for",
    "unregister",
    "verify",
    "write_dlx",
]

_LAZY = {
    "Checker": ("search.checks", "Checker"),
    "CommandLine": ("commandline", "CommandLine"),
    "Diagram": ("search.diagram", "Diagram"),
    "Estimate": ("search.estimates", "Estimate"),
    "Subsets": ("model.family", "Subsets"),
    "read_dlx": ("model.knuth", "read_dlx"),
    "write_dlx": ("model.knuth", "write_dlx"),
    "Verification": ("front.verification", "Verification"),
    "hookimpl": ("hookspecs", "hookimpl"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        value = getattr(import_module(f".{module}", __name__), attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'exactcover' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names (`__all__`, the lazy ones included) and the module's own dunders, for
    completion and ``dir``: not the names its code imports, nor its subpackages."""
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})


def register(plugin: Any, name: str | None = None) -> str:
    """Register a plugin (a module or object with ``@exactcover.hookimpl`` functions) at run
    time, in the default registry; its problem types are usable at once. Returns its name.
    A plugin already registered under that name is replaced; if this one fails (PluginError),
    nothing has changed."""
    from .plugins.manager import registry

    return registry().register(plugin, name)


def unregister(plugin: Any = None, name: str | None = None) -> None:
    """Remove a plugin registered with `register`."""
    from .plugins.manager import registry

    registry().unregister(plugin, name)


def problem_types() -> dict[str, ProblemType[Any, Any]]:
    """Every problem type the installed and registered plugins provide, by name."""
    from .plugins.manager import registry

    return registry().types
