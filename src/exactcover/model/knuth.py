"""Knuth's text format for exact cover problems: reading and writing it.

The format of Knuth's programs DLX1 and DLX2:

```text
| a comment: any line whose first character is '|'
a b c | x y
a x:red
b c y
a c x:blue
```

The first line names the items: the primary ones, then ``|``, then the secondary ones
(the ``|`` may be left out when there are none). A primary item may carry bounds, as in
Knuth's DLX3: ``lo:hi|name`` (covered lo to hi times) or ``n|name`` (exactly n times). An
option may carry a cost, as in his DLX5: ``|n`` entries on its line, which add up. Each further line is an option: the names
of its items, a secondary item optionally followed by ``:color``. Blank lines are skipped.
Item names and colors are strings without white space, ``:`` or ``|``.

Two of Knuth's programs read more into the names. In DLX2-SHARP a primary item whose name
begins with ``#`` has priority (`Matrix.priority`), which `read_dlx` reads unless told
``priority=False`` (as DLX2 and DLX2-LOOP read such names: as names). In DLX2-LOOP, which
`read_dlx(..., loop=True, priority=False)` reads as he does, a two-character name is a pair of
coordinates (``0-9``, ``a-z``, ``A-Z`` for 0 to 61): a primary item at two even coordinates is a
vertex, a secondary item whose coordinates add up to an odd number is the edge between its
two neighbours along the odd one, and the edges of color ``1`` must form one cycle, or none:
his program counts the solution with no such edge where the options admit one (a vertex of
degree 0 everywhere), and so does the `Loop` read (``empty=True``). Written back, a loop
that must not be empty loses that: the format cannot say it.

`read_dlx` turns such text into a `Matrix` whose options are labelled 0, 1, 2, ... in the
order of their lines; `write_dlx` writes one back, and the round trip is exact for matrices
whose items and colors are such strings. This module depends only on the model (`Matrix`,
the errors, `textinput`); the ``dlx`` problem type (`exactcover.plugins.dlx`) is built on it.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Hashable, Iterable
from typing import Any, TextIO

from ..errors import InputWarning, MatrixError, ProblemError
from ..textinput import (check_names, check_text, check_words, count_words, decode, excerpt, line_parts, read_file,
                         significant_lines)
from .loop import Loop
from .matrix import Matrix, first_repeat

__all__ = ["DlxFormatError", "knuth_loop", "read_dlx", "write_dlx", "parse_dlx", "option_text"]

_NAME = re.compile(r"[^\s:|]+")
_PART = 1 << 20  # (characters of text counted at a time by `_size`)
_BOUNDED = re.compile(r"(?:(\d+):)?(\d+)\|([^\s:|]+)")


class DlxFormatError(ProblemError):
    """Knuth-format text that cannot be read; the message starts with the line number."""


def read_dlx(source: str | os.PathLike[str] | TextIO, *, loop: bool = False, priority: bool = True) -> Matrix:
    """A `Matrix` from Knuth's text format.

    ``source`` is a path (``str`` without a newline, or ``os.PathLike``), an open file (text or
    binary), or the text itself (a ``str`` containing a newline). Files are UTF-8 (a leading
    byte-order mark is skipped); malformed text raises `ProblemError` (a ValueError) naming the
    line and what is wrong with it, bytes that are not UTF-8 their offset, and a NUL character
    its line. With ``loop``, the names say a loop as in Knuth's DLX2-LOOP; without
    ``priority``, a name that begins with ``#`` is a name, not a priority item (see the
    module's docstring).
    """
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source):
        name = os.fspath(source)
        return parse_dlx(read_file(name), name, loop=loop, priority=priority)
    if isinstance(source, str):
        return parse_dlx(check_text(source, "input"), "input", loop=loop, priority=priority)
    if hasattr(source, "read"):
        name = str(getattr(source, "name", "input"))
        try:
            text = source.read()
        except UnicodeDecodeError as error:
            raise ProblemError(f"cannot read {name!r}: not UTF-8 text ({error.reason})") from None
        text = decode(text, repr(name)) if isinstance(text, bytes) else check_text(text, repr(name))
        return parse_dlx(text, name, loop=loop, priority=priority)
    raise TypeError(f"read_dlx needs a path, a text file or a string, not {type(source).__name__}")


def parse_dlx(text: str, name: str = "input", *, loop: bool = False, priority: bool = True) -> Matrix:
    """A `Matrix` from Knuth-format ``text``; errors name ``name`` and the line. While reading
    for a search (`textinput.limited`), text of more entries than it allows is refused
    before anything is built. With ``loop``, the names say a loop (DLX2-LOOP); with
    ``priority``, names that begin with '#' are priority items (DLX2-SHARP)."""
    check_words(text, name, _size)

    def fail(number: int, message: str) -> DlxFormatError:
        return DlxFormatError(f"{name}, line {number}: {message}")

    primary: list[str] | None = None
    secondary: list[str] = []
    kinds: dict[str, bool] = {}  # item -> is primary
    bounds: dict[str, tuple[int, int]] = {}
    options: list[list[str] | dict[str, str | None]] = []
    costs: dict[int, int] = {}
    for number, raw in significant_lines(text, "|"):  # (not blank, not a comment)
        if primary is None:
            check_names(raw, f"{name}, line {number}: the item line")
        words = raw.split()
        if primary is None:
            primary = []
            target = primary
            for word in words:
                if word == "|":
                    if target is secondary:
                        raise fail(number, "more than one '|' in the item line")
                    target = secondary
                    continue
                bounded = _BOUNDED.fullmatch(word)
                if bounded:
                    if target is secondary:
                        raise fail(number, f"secondary item {excerpt(bounded[3])} cannot have bounds ({excerpt(word)})")
                    hi = int(bounded[2])
                    lo = hi if bounded[1] is None else int(bounded[1])
                    if hi == 0 or lo > hi:
                        raise fail(number, f"bad bounds in {excerpt(word)} (need lo <= hi and hi >= 1)")
                    word = bounded[3]
                    bounds[word] = (lo, hi)
                if not _NAME.fullmatch(word):
                    raise fail(number, f"bad item name {excerpt(word)} (names contain no ':' or '|')")
                if word in kinds:
                    raise fail(number, f"item {excerpt(word)} is named twice")
                kinds[word] = target is primary
                target.append(word)
            if not kinds:
                raise fail(number, "the item line names no items")
            canon = {item: item for item in kinds}
            continue
        if "|" not in raw and ":" not in raw:  # (the common line: items alone, kept as the item line's strings)
            try:
                plain = [canon[word] for word in words]
            except KeyError as unknown:
                raise fail(number, f"unknown item {excerpt(unknown.args[0])}") from None
            if len(set(plain)) != len(plain):
                raise fail(number, f"item {first_repeat(plain)!r} appears twice in this option")
            options.append(plain)
            continue
        option: dict[str, str | None] = {}
        for word in words:
            if word.startswith("|"):
                if not word[1:].isdigit() or not word[1:].isascii():
                    raise fail(number, f"bad cost {excerpt(word)} (a cost is '|' and a whole number)")
                costs[len(options)] = costs.get(len(options), 0) + int(word[1:])
                continue
            item, colon, color = word.partition(":")
            if item not in kinds:
                raise fail(number, f"unknown item {excerpt(item)}")
            if item in option:
                raise fail(number, f"item {excerpt(item)} appears twice in this option")
            if colon:
                if kinds[item]:
                    raise fail(number, f"primary item {excerpt(item)} cannot have a color")
                if not _NAME.fullmatch(color):
                    raise fail(number, f"bad color in {excerpt(word)}")
            option[item] = color if colon else None
        options.append(option)
    if primary is None:
        raise DlxFormatError(f"{name}: no item line (the text is empty or only comments)")
    first = [item for item in primary if item.startswith("#")] if priority else []  # (Knuth's DLX2-SHARP)
    try:
        cycle = knuth_loop(primary, secondary) if loop else None
    except MatrixError as error:
        raise DlxFormatError(f"{name}, the item line: {error}") from None
    if not loop and _names_a_loop(primary, secondary):
        warnings.warn(f"{name} names a loop as Knuth's DLX2-LOOP reads names (vertices and edges at two-character "
                      "coordinates); it is read without one: read it with loop=True (the command: --loop) for the "
                      "loop's count", InputWarning, stacklevel=2)
    return Matrix(primary, options, secondary=secondary, bounds=bounds, costs=costs, priority=first, loop=cycle)


_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _names_a_loop(primary: list[str], secondary: list[str]) -> bool:
    """Whether these item names say a loop as DLX2-LOOP reads them (`knuth_loop` finds one)."""
    try:
        knuth_loop(primary, secondary)
    except MatrixError:
        return False
    return True


def knuth_loop(primary: Iterable[str], secondary: Iterable[str]) -> Loop:
    """The loop that DLX2-LOOP reads in these item names: each secondary item of two
    characters whose coordinates add up to an odd number is an edge between the items named
    by its neighbours along the odd coordinate, primary items at two even coordinates; a
    solution may have none of them, as his program counts. MatrixError names an item his
    program would stop at, or says that no item names an edge."""
    def place(name: str) -> tuple[int, int] | None:
        if len(name) != 2 or name[0] not in _DIGITS or name[1] not in _DIGITS:
            return None
        return _DIGITS.index(name[0]), _DIGITS.index(name[1])

    vertices = {}
    for item in primary:
        at = place(item)
        if at is not None and (at[0] + at[1]) % 2:
            raise MatrixError(f"edge item {item!r} is primary; DLX2-LOOP needs edges secondary")
        if at is not None and at[0] % 2 == 0:
            vertices[at] = item
    edges = []
    for item in secondary:
        at = place(item)
        if at is None:
            continue
        x, y = at
        if (x + y) % 2 == 0:  # (a vertex, which must be primary, or a name at two odd coordinates)
            if x % 2 == 0:
                raise MatrixError(f"vertex item {item!r} is secondary; DLX2-LOOP needs vertices primary")
            continue
        ends = ((x - 1, y), (x + 1, y)) if x % 2 else ((x, y - 1), (x, y + 1))
        if ends[0] not in vertices or ends[1] not in vertices:
            raise MatrixError(f"edge item {item!r} joins a vertex that is not an item")
        edges.append((item, vertices[ends[0]], vertices[ends[1]]))
    if not edges:
        raise MatrixError("no secondary item names an edge as DLX2-LOOP reads names (two characters that are "
                          "coordinates adding up to an odd number, between two primary items at even ones); "
                          "to read it without a loop, leave out loop=True (the command: --loop)")
    return Loop(edges, "1", empty=True)  # (DLX2-LOOP counts a solution with no edge of color 1)


def _size(text: str) -> tuple[int, int]:
    """The options and entries of Knuth-format ``text``, counted without building anything,
    a part of whole lines at a time: comment lines taken out and a part without '|' left
    (no cost) counted by C loops alone, any other line by line."""
    first = _ITEM_LINE.search(text)
    if first is None:
        return 0, 0
    options = entries = 0
    for part in line_parts(text, _PART, first.end()):
        if "|" in part:
            part = _COMMENT_LINES.sub("", part)
        if "|" not in part:
            lines = part.split("\n")
            options += len(lines) - lines.count("") - sum(map(str.isspace, lines))
            entries += count_words(part)
            continue
        for _, line in significant_lines(part):
            options += 1
            entries += count_words(line) - sum(line.count(f"{space}|") for space in " \t\r\x0b\x0c")  # (costs)
    return options, entries


#: The item line (the first that is not blank or a comment), and the comment lines.
_ITEM_LINE = re.compile(r"^(?!\|)[^\n]*?\S[^\n]*", re.M)
_COMMENT_LINES = re.compile(r"^\|[^\n]*(?:\n|$)", re.M)


def write_dlx(matrix: Matrix) -> str:
    """``matrix`` in Knuth's text format. Items and colors that the format cannot hold as
    they are (anything but a string without white space, ':' or '|': numbers, tuples, ...)
    are written under names made for them: their text (a tuple's parts joined by '_') with
    such characters replaced by '_' when that name is free, else ``i1, i2, ...`` (colors
    ``c1, ...``); a comment line before the item line says what each made name stands for.
    Every option must cover an item (a blank line is no option): MatrixError names the one
    that does not. The format says an item has priority by a name that begins with '#':
    MatrixError names a primary item whose name would say otherwise than the matrix."""
    if not matrix.items:
        raise MatrixError("Knuth's format cannot hold a matrix without items")
    item_name = _namer(matrix.items, "i")
    first = set(matrix.priority)
    for item in matrix.primary:
        if item_name[item].startswith("#") != (item in first):
            raise MatrixError(f"primary item {item!r}: in Knuth's format a name that begins with '#' has priority "
                              f"(DLX2-SHARP), and this item {'has' if item in first else 'has not'}")
    color_name = _namer(dict.fromkeys(c for o in matrix.options for c in o.colors if c is not None), "c")
    if matrix.loop is not None and not _says_loop(matrix, item_name, color_name):
        raise MatrixError("this matrix's loop is not the one its item names say in Knuth's format (DLX2-LOOP: "
                          "two-character coordinates, edges of color '1')")
    made = [f"| exactcover: {kind} {name} is {value!r}" for kind, namer in (("item", item_name), ("color", color_name))
            for value, name in namer.items() if name != value]
    bounds = dict(matrix.bounds)
    head = [_bounded(item_name[item], bounds.get(item)) for item in matrix.primary]
    if matrix.secondary:
        head += ["|", *(item_name[item] for item in matrix.secondary)]
    # With no primary item the line starts with '|': a space keeps it from reading as a comment.
    lines = [*made, (" " if not matrix.primary else "") + " ".join(head)]
    costs = dict(matrix.costs)
    for option in matrix.options:
        if not option.items:
            raise MatrixError(f"option {option.label!r} is empty; Knuth's format cannot hold an empty option")
        cost = costs.get(option.label)
        lines.append(" ".join(
            item_name[item] if color is None else f"{item_name[item]}:{color_name[color]}"
            for item, color in zip(option.items, option.colors)
        ) + (f" |{cost}" if cost else ""))
    return "\n".join(lines) + "\n"


def _says_loop(matrix: Matrix, item_name: dict[Hashable, str], color_name: dict[Hashable, str]) -> bool:
    """Whether `read_dlx(..., loop=True)` would read ``matrix``'s loop in its names as written."""
    assert matrix.loop is not None
    try:
        read = knuth_loop([item_name[i] for i in matrix.primary], [item_name[i] for i in matrix.secondary])
    except MatrixError:
        return False
    written = {(item_name[e], frozenset((item_name[u], item_name[v]))) for e, u, v in matrix.loop.edges}
    return written == {(e, frozenset((u, v))) for e, u, v in read.edges} and color_name.get(matrix.loop.color, "1") == "1"


def _namer(values: Iterable[Hashable], prefix: str) -> dict[Hashable, str]:
    """A name in Knuth's format for each value: itself if it is one, else its text made one
    (when free), else prefix + a number."""
    values = list(values)
    taken = {value for value in values if isinstance(value, str) and _NAME.fullmatch(value)}
    names: dict[Hashable, str] = {}
    counter = 0
    for value in values:
        if value in taken:
            names[value] = str(value)
            continue
        word = re.sub(r"[\s:|]+", "_", _text(value)).strip("_")
        while not word or not _NAME.fullmatch(word) or word in taken:
            counter += 1
            word = f"{prefix}{counter}"
        taken.add(word)
        names[value] = word
    return names


def _text(value: Any) -> str:
    return "_".join(map(_text, value)) if isinstance(value, tuple) else str(value)


def _bounded(name: str, bounds: tuple[int, int] | None) -> str:
    """A primary item's name in the item line, with its bounds as DLX3 writes them."""
    if bounds is None:
        return name
    lo, hi = bounds
    return f"{hi}|{name}" if lo == hi else f"{lo}:{hi}|{name}"


def option_text(matrix: Matrix, label: Any) -> str:
    """The option labelled ``label`` as a line of Knuth's format (items, ``item:color``)."""
    option = matrix.option(label)
    return " ".join(str(item) if color is None else f"{item}:{color}" for item, color in zip(option.items, option.colors))
