"""Reading text inputs the same way for every format: a path, or ``-`` for standard input.

Every reader goes through `decode` and `numbered_lines`, so they agree on the edges: text is UTF-8 (a
byte that is not is reported with its offset), a leading byte-order mark is skipped, a NUL
character is an error (binary files are not puzzles), and line numbers count ``\\n`` only
(``\\r\\n`` ends a line too; a form feed or U+2028 inside a line does not start a new one).
"""

from __future__ import annotations

import codecs
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import BinaryIO

from .errors import ProblemError, ProblemTooLarge
from .model.size import Size

__all__ = ["read_text", "read_file", "decode", "check_text", "numbered_lines", "significant_lines", "missing_file",
           "limited", "max_entries", "TEXT_BYTES_PER_ENTRY", "check_words", "check_lines", "check_names", "count_words",
           "line_parts", "excerpt"]

#: While a front end reads a problem for a search with ``max_entries`` (`limited`), an input
#: of more than this many bytes of text per entry allowed is refused as it is read, before
#: it is all in memory (a problem's text spends a few bytes on each entry it makes, at least).
TEXT_BYTES_PER_ENTRY = 16
#: The bytes read (and the characters counted) at a time.
_CHUNK = 1 << 20

_MAX_ENTRIES: ContextVar[int | None] = ContextVar("exactcover max_entries while reading", default=None)


@contextmanager
def limited(most: int | None) -> Iterator[None]:
    """Read the problems of the block for a search of at most ``most`` entries (None: no
    limit): `read_text` refuses an input of more than ``TEXT_BYTES_PER_ENTRY * most`` bytes
    (or 1 MiB, if that is more), and readers that can count the entries of their text
    cheaply (`check_words`) refuse it above ``most``, before building anything."""
    token = _MAX_ENTRIES.set(most)
    try:
        yield
    finally:
        _MAX_ENTRIES.reset(token)


def max_entries() -> int | None:
    """The entries the problem being read may have (see `limited`; None: no limit)."""
    return _MAX_ENTRIES.get()


def check_words(text: str, source: str, exact: Callable[[str], tuple[int, int]]) -> None:
    """Refuse ``text`` (naming ``source``) if the problem it holds is larger than
    `max_entries` allows (`Size.counted`: its entries and its options): a text of more
    lines than that is refused at once (each line costs a reader at least what an entry
    does, a blank or a comment too); then its whitespace-separated words and lines are
    counted, a slice at a time (an upper bound on the entries and options of a format of
    words), and only if they are too many, ``exact(text)`` counts the options and entries
    themselves (`ProblemTooLarge`)."""
    most = max_entries()
    if most is None:
        return
    lines = check_lines(text, source)
    if count_words(text, most - lines) + lines <= most:
        return
    options, entries = exact(text)
    size = Size(options, entries)
    if size.counted > most:
        raise ProblemTooLarge(source, options, entries, size.nbytes, most)


def check_lines(text: str, source: str) -> int:
    """The lines of ``text`` (its newlines); ProblemError naming ``source`` if they are more
    than `max_entries` allows: a reader spends on each line, even a blank or a comment, at
    least what an entry costs."""
    lines = text.count("\n")
    most = max_entries()
    if most is not None and lines > most:
        raise ProblemError(f"{source} has {lines:,} lines, more than the limit of {most:,} entries (a reader spends on "
                           "each line, even a blank or a comment, at least what an entry costs); raise it with "
                           "max_entries= (--max-entries on the command line) if you have the memory")
    return lines


def check_names(line: str, what: str) -> None:
    """Refuse a line of names (a matrix's items, a universe's elements: not entries, but each
    takes memory as one does) that holds more than `max_entries` allows, before they are
    split into a list: `what` names the line."""
    most = max_entries()
    if most is not None and (names := count_words(line, most)) > most:
        raise ProblemError(f"{what} names more than {most:,} items ({names:,} at least), more than the limit of "
                           f"{most:,} entries; raise it with max_entries= (--max-entries on the command line) if you "
                           "have the memory")


def count_words(text: str, enough: int | None = None, start: int = 0, end: int | None = None) -> int:
    """The whitespace-separated words of ``text[start:end]``, counted a slice of `_CHUNK`
    characters at a time (no list of them all: a line of a hundred million words is counted
    in bounded memory); stopped once past ``enough``."""
    end = len(text) if end is None else end
    words, joined = 0, False
    for at in range(start, end, _CHUNK):
        piece = text[at:min(at + _CHUNK, end)]
        words += len(piece.split()) - (joined and not piece[0].isspace())  # (a word cut by the slice)
        joined = not piece[-1].isspace()
        if enough is not None and words > enough:
            break
    return words


def line_parts(text: str, size: int | None = None, start: int = 0) -> Iterator[str]:
    """``text`` in parts of whole lines of about ``size`` characters (None: `_CHUNK`; the
    last line's newline ends a part), so that a reader can count a large text in C loops a
    part at a time, without a list of all its lines; from ``start`` on."""
    size = _CHUNK if size is None else size
    while start < len(text):
        end = text.find("\n", start + size)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


def missing_file(argument: str) -> str | None:
    """For an argument that names no file but reads as a path (a folder separator, or a name
    ending in an extension such as ``.txt``): the message saying the file is missing, for a
    reader that also takes text (a puzzle, a board's name) to give when the text is not
    valid either; None otherwise."""
    import os

    if argument == "-" or "\n" in argument or os.path.exists(argument):
        return None
    if re.search(r"[/\\]", argument) or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", argument):
        return f"no such file: {argument!r}"
    return None


def read_text(path: str) -> str:
    """The text of the file ``path`` (``-``: standard input); ProblemError if it cannot be
    read, `ProblemTooLarge` if it is larger than `limited` allows."""
    if path == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise ProblemError("cannot read standard input: it is closed")
        stream = getattr(sys.stdin, "buffer", None)
        try:
            if stream is None:
                return check_text(sys.stdin.read(), "<stdin>")
            return decode(_bytes_of(stream, "standard input"), "<stdin>")
        except OSError as error:
            raise ProblemError(f"cannot read standard input: {error.strerror or error}") from None
    return read_file(path)


def read_file(path: str) -> str:
    """The text of the file ``path``, decoded as `decode` does; ProblemError if it cannot be
    read, `ProblemTooLarge` if it is larger than `limited` allows."""
    try:
        with open(path, "rb") as file:
            data = _bytes_of(file, repr(path))
    except OSError as error:
        raise ProblemError(f"cannot read {path!r}: {error.strerror or error}") from None
    return decode(data, repr(path))


def _bytes_of(file: BinaryIO, source: str) -> bytes:
    """All of ``file``, a part at a time, refused as soon as it passes the bytes allowed."""
    most = max_entries()
    if most is None:
        return file.read()
    allowed, parts, size = max(TEXT_BYTES_PER_ENTRY * most, _CHUNK), [], 0
    while part := file.read(_CHUNK):
        size += len(part)
        if size > allowed:
            raise ProblemError(f"{source} is larger than {allowed:,} bytes ({TEXT_BYTES_PER_ENTRY} per entry of the limit of "
                               f"{most:,} entries, or 1 MiB): more than a problem within the limit is written in; "
                               "raise it with max_entries= (--max-entries on the command line) if you have the memory")
        parts.append(part)
    return b"".join(parts)


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


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for every line of ``text``, counting from 1; a line ends at ``\\n``
    (and its ``\\r`` before it is dropped). Split a part at a time (`line_parts`): no list
    of every line, whose strings would take many times the text's own memory."""
    number = 0
    for part in line_parts(text):
        for line in part.removesuffix("\n").split("\n"):
            number += 1
            yield number, line.removesuffix("\r")
    if not text or text.endswith("\n"):  # (the empty line after the last newline, as str.split has it)
        yield number + 1, ""


def significant_lines(text: str, comment: str | None = None) -> Iterator[tuple[int, str]]:
    """``(number, line)`` for each line of ``text`` that is not blank and, with ``comment``,
    does not begin with it; counting from 1, without its ``\\r``. A regular expression finds
    them a part at a time, so a text of millions of blank or comment lines is passed over
    at the speed of C, and no list of its lines is made."""
    pattern = _SIGNIFICANT.get(comment)
    if pattern is None:
        skip = "" if comment is None else f"(?!{re.escape(comment)})"
        pattern = _SIGNIFICANT[comment] = re.compile(rf"^{skip}[^\n]*?\S[^\n]*", re.M)
    number = 1
    for part in line_parts(text):
        at = 0
        for found in pattern.finditer(part):
            number += part.count("\n", at, found.start())
            at = found.start()
            yield number, found.group().removesuffix("\r")
        number += part.count("\n", at)


_SIGNIFICANT: dict[str | None, re.Pattern[str]] = {}


def excerpt(value: object, most: int = 60) -> str:
    """``value`` quoted for an error message (its ``repr``), cut after about ``most``
    characters with how long it is, so that a message about a line or a name of megabytes
    stays one short line."""
    if isinstance(value, str) and len(value) > most:
        return f"{value[:most]!r}... ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= most + 2 else f"{text[:most]}... ({len(text):,} characters as written)"
