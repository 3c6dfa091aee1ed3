"""exactcover's logging: the ``exactcover`` logger (with a NullHandler, as a library's should
have), and messages sent to it only when they could be seen.

``import logging`` costs a few milliseconds that ``import exactcover`` does not pay: a message
is dropped while the logging module has never been imported, which is exactly when no handler
could show it (a program that configures logging, or ``exactcover -v``, has imported it).
What is logged: plugins loaded and broken (INFO, WARNING), how parallel searches are split
and dealt out (INFO), and each finished search's engine and statistics (DEBUG).
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["NAME", "debug", "info", "logger", "warning"]

NAME = "exactcover"


def logger() -> Any:
    """The ``exactcover`` logger, with its NullHandler (imports logging)."""
    import logging

    found = logging.getLogger(NAME)
    if not any(isinstance(handler, logging.NullHandler) for handler in found.handlers):
        found.addHandler(logging.NullHandler())
    return found


def _log(level: str, message: str, *args: Any) -> None:
    if "logging" in sys.modules:
        getattr(logger(), level)(message, *args)


def debug(message: str, *args: Any) -> None:
    _log("debug", message, *args)


def info(message: str, *args: Any) -> None:
    _log("info", message, *args)


def warning(message: str, *args: Any) -> None:
    _log("warning", message, *args)
