"""Reading command-line inputs: a path, or ``-`` for standard input."""

from __future__ import annotations

import sys

from .errors import ProblemError

__all__ = ["read_text"]


def read_text(path: str) -> str:
    """The text of the file ``path`` (``-``: standard input); ProblemError if it cannot be read."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except UnicodeDecodeError:
        raise ProblemError(f"cannot read {path!r}: not UTF-8 text") from None
    except OSError as error:
        raise ProblemError(f"cannot read {path!r}: {error.strerror or error}") from None
