"""The one place that chooses the engine.

The C extension ``_dlx`` is the default; the pure-Python ``pydlx`` is used where the extension
was not built (no compiler at install time), or everywhere when the environment variable
``EXACTCOVER_PUREPYTHON=1`` is set. `ENGINE` names the default, `available()` lists what can
be asked for by name.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from .errors import ExactCoverError, Unsupported

try:
    from . import _dlx
except ImportError:  # the optional extension was not built
    _dlx = None

__all__ = ["ENGINE", "available", "features", "get"]

FORCE_PURE_PYTHON = os.environ.get("EXACTCOVER_PUREPYTHON", "") not in ("", "0")

ENGINE: str = "python" if FORCE_PURE_PYTHON or _dlx is None else "c"
"""The engine used when none is named: "c", or "python" where the C engine was not built
(the install warned) or when ``EXACTCOVER_PUREPYTHON=1`` forces it."""

if _dlx is None and not FORCE_PURE_PYTHON:
    import warnings

    warnings.warn("exactcover's C engine is not built here (there was no C compiler when it was installed?): "
                  "searches use the pure-Python engine, 20-50 times slower. Reinstall with a C compiler, or set "
                  "EXACTCOVER_PUREPYTHON=1 to choose the Python engine and silence this.", RuntimeWarning, stacklevel=2)


def _pydlx() -> ModuleType:
    """The Python engine, imported when first asked for (not by ``import exactcover``, where
    the C engine serves)."""
    return importlib.import_module(".pydlx", __package__)


def available() -> tuple[str, ...]:
    """The engines that can be used here: ``("c", "python")`` or ``("python",)``."""
    return ("python",) if _dlx is None else ("c", "python")


def get(name: str = "auto", needs: frozenset[str] = frozenset()) -> ModuleType:
    """The engine module for ``name``: ``"auto"`` (the default `ENGINE`, or the Python engine
    for a matrix that ``needs`` what the default lacks: see `contract.FEATURE_NAMES`),
    ``"c"`` or ``"python"``; `Unsupported` if the engine named lacks what is needed."""
    if name == "auto":
        name = ENGINE if needs <= features(ENGINE) else "python"
    if name == "python":
        return _pydlx()
    if name == "c":
        if _dlx is None:
            raise ExactCoverError(
                "the C engine exactcover._dlx was not built (no C compiler at install time?); "
                "use engine='python' or reinstall with a compiler"
            )
        if not needs <= features("c"):
            raise Unsupported(f"{', '.join(sorted(needs - features('c')))} on the C engine (not yet)",
                              "use engine='python', or 'auto', which picks it")
        return _dlx
    raise ValueError(f"engine must be 'auto', 'c' or 'python', not {name!r}")


def features(name: str) -> frozenset[str]:
    """What engine ``name`` supports beyond exact cover with colors (its ``FEATURES``)."""
    module = _pydlx() if name == "python" else _dlx
    return getattr(module, "FEATURES", frozenset())


def name_of(module: ModuleType) -> str:
    """``"c"`` or ``"python"`` for an engine module."""
    return "python" if module.__name__.endswith(".pydlx") else "c"
