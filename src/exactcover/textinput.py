"""Reading text inputs the same way for every format: a path, or ``-`` for standard input.

Every reader goes through `decode` and `lines`, so they agree on the edges: text is UTF-8 (a
byte that is not is reported with its offset), a leading byte-order mark is skipped, a NUL
character is an error (binary files are not puzzles), and line numbers count ``\\n`` only
(``\\r\\n`` ends a line too; a form feed or U+2028 inside a line does not start a new one).
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Iterator

from .errors import ProblemError

__all__ = ["read_text", "read_file", "decode", "check_text", "lines", "missing_file"]


def missing_file(argument: str) -> str | None:
    """For an argument that names no file but reads as a path (a folder separator, or a name
    ending in an extension such as ``.txt``): the message saying the file is missing, for a
    reader that also takes text (a puzzle, a board's name) to give when the text is not
    valid either; None otherwise."""
    import os
    import re

    if argument == "-" or "\n" in argument or os.path.exists(argument):
        return None
    if re.search(r"[/\\]", argument) or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", argument):
        return f"no such file: {argument!r}"
    return None


def read_text(path: str) -> str:
    """The text of the file ``path`` (``-``: standard input); ProblemError if it cannot be read."""
    if path == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise ProblemError("cannot read standard input: it is closed")
        stream = getattr(sys.stdin, "buffer", None)
        try:
            data = stream.read() if stream is not None else sys.stdin.read()
        except OSError as error:
            raise ProblemError(f"cannot read standard input: {error.strerror or error}") from None
        return decode(data, "<stdin>") if isinstance(data, bytes) else check_text(data, "<stdin>")
    return read_file(path)


def read_file(path: str) -> str:
    """The text of the file ``path``, decoded as `decode` does; ProblemError if it cannot be read."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        raise ProblemError(f"cannot read {path!r}: {error.strerror or error}") from None
    return decode(data, repr(path))


def decode(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text without a leading byte-order mark; ProblemError naming ``source``
    and the byte offset of the first byte that is not UTF-8, or the line of a NUL."""
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text = data[start:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = start + error.start
        line = data.count(b"\n", 0, offset) + 1
        raise ProblemError(f"cannot read {source}: not UTF-8 text (byte {offset}, 0x{data[offset]:02x}, on line {line})") from None
    return check_text(text, source)


def check_text(text: str, source: str) -> str:
    """``text`` without a leading byte-order mark; ProblemError if it holds a NUL character."""
    text = text.removeprefix("\ufeff")
    nul = text.find("\0")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise ProblemError(f"{source}, line {line}: a NUL character (is this a binary file?)")
    return text


def lines(text: str) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for every line of ``text``, counting from 1; a line ends at ``\\n``
    (and its ``\\r`` before it is dropped)."""
    for number, line in enumerate(text.split("\n"), 1):
        yield number, line.removesuffix("\r")
