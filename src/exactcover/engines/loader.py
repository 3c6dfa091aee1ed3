"""The one place that chooses the engine.

The C extension ``_dlx`` is the default; the pure-Python ``pydlx`` is used where the extension
was not built (no compiler at install time), or everywhere when the environment variable
``EXACTCOVER_PUREPYTHON=1`` is set. `ENGINE` names the default, `available()` lists what can
be asked for by name.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

from ..errors import EngineWarning, ExactCoverError

try:  # (by name: the compiled module is not a module of the package's source, so not an import of the package)
    _dlx: ModuleType | None = importlib.import_module(f"{__package__}._dlx")
except ImportError:  # the optional extension was not built
    _dlx = None

__all__ = ["ENGINE", "available", "get", "name_of", "resolve"]

FORCE_PURE_PYTHON = os.environ.get("EXACTCOVER_PUREPYTHON", "") not in ("", "0")

ENGINE: str = "python" if FORCE_PURE_PYTHON or _dlx is None else "c"
"""The engine used when none is named: "c", or "python" where the C engine was not built
(the install warned) or when ``EXACTCOVER_PUREPYTHON=1`` forces it."""


def _importer_level() -> int:
    """The ``stacklevel`` of a warning raised here that points at the code that imported
    exactcover (``import exactcover`` in the caller's file), past exactcover's own modules and
    the import machinery; the outermost frame if every one is theirs (0 if that is runpy's:
    ``python -m exactcover``). (`warnings.warn` does not count importlib's frames, so neither
    does this.)"""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 1  # (the caller of _importer_level: the module's top level)
    while frame.f_back is not None and (frame.f_code.co_filename.startswith(package)
                                        or frame.f_code.co_filename.startswith("<frozen ")):
        frame = frame.f_back
        name = frame.f_code.co_filename
        level += not ("importlib" in name and "_bootstrap" in name)
    return 0 if frame.f_code.co_filename.startswith("<frozen runpy") else level


if _dlx is None and not FORCE_PURE_PYTHON:
    import warnings

    _SAID = ("exactcover's C engine is not built here (no C compiler when it was installed?): searches use the "
             "pure-Python engine, 20-50 times slower. Reinstall with a C compiler, or set EXACTCOVER_PUREPYTHON=1 "
             "to choose that engine.")
    _level = _importer_level()
    if _level:
        warnings.warn(_SAID, EngineWarning, stacklevel=_level)
    else:  # (python -m exactcover: the command, which says it on one line as the console script does)
        sys.stderr.write(f"exactcover: warning: {_SAID}\n")


def _pydlx() -> ModuleType:
    """The Python engine, imported when first asked for (not by ``import exactcover``, where
    the C engine serves)."""
    return importlib.import_module(".pydlx", __package__)


def available() -> tuple[str, ...]:
    """The engines that can be used here: ``("c", "python")`` or ``("python",)``."""
    return ("python",) if _dlx is None else ("c", "python")


def resolve(name: str = "auto") -> str:
    """The engine ``name`` stands for: ``"c"`` or ``"python"`` (``"auto"``: `ENGINE`).
    ValueError for another name; ExactCoverError for ``"c"`` where it was not built."""
    if name == "auto":
        return ENGINE
    if name == "c" and _dlx is None:
        raise ExactCoverError("the C engine exactcover.engines._dlx was not built (no C compiler at install time?); "
                              "use engine='python' or reinstall with a compiler")
    if name not in ("c", "python"):
        raise ValueError(f"engine must be 'auto', 'c' or 'python', not {name!r}")
    return name


def get(name: str = "auto") -> ModuleType:
    """The engine module for ``name`` (see `resolve`)."""
    if resolve(name) == "c":
        assert _dlx is not None  # (resolve refuses "c" without it)
        return _dlx
    return _pydlx()


def name_of(module: ModuleType) -> str:
    """``"c"`` or ``"python"`` for an engine module."""
    return "python" if module.__name__.endswith(".pydlx") else "c"
