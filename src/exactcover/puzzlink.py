"""Puzzles as players share them: puzz.link URLs, read and written.

A puzz.link URL (``https://puzz.link/p?slither/10/10/g188227c…``) names a puzzle's type, its
width and height, and its clues packed in a few characters each: the formats of pzprjs, the
JavaScript behind puzz.link, pzv.jp and their mirrors, written here from their description.
`parse` splits a URL into a `PuzzLink`; the codecs turn its body into one value per cell
(None for a cell without a clue) and back. A problem type reads its own kind with them:

>>> url = "https://puzz.link/p?slither/5/5/cbcbcddad"
>>> link = parse(url, {"slither": "slither"})
>>> link.columns, link.rows, cells_0_to_4(link)[:6]
(5, 5, [2, None, None, 1, None, None])
>>> link.with_body(encode_cells_0_to_4(cells_0_to_4(link))).url()
'https://puzz.link/p?slither/5/5/cbcbcddad'

The three formats (each a run of up to 20 empty cells is one letter ``g`` to ``z``):

- *cells 0 to 4* (slitherlink): a digit ``0``-``4`` is a clue; ``5``-``9`` a clue and one
  empty cell after it, ``a``-``e`` a clue and two.
- *numbers* (sudoku, and most number puzzles): a hexadecimal digit is a number below 16,
  ``-`` and two digits one below 256, ``+`` and three one below 4096.
- *circles* (masyu): three cells a character, in base 27: 0 none, 1 white, 2 black.

A cell written ``.`` (a clue shown as a question mark) reads as no clue: it says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import cast
from urllib.parse import unquote

import attrs

from .errors import ProblemError
from .textinput import excerpt, max_entries

__all__ = ["PuzzLink", "parse", "looks_like_url", "cells_0_to_4", "encode_cells_0_to_4", "numbers",
           "encode_numbers", "circles", "encode_circles", "HOST", "MOST_CELLS"]

#: Where `PuzzLink.url` points.
HOST = "https://puzz.link/p"
#: The longest run of empty cells one letter says (``g`` is 1, ``z`` is 20).
RUN = 20
#: The most cells a URL's grid may have, where no smaller limit is set (`max_entries`): a URL
#: says its size in a few characters, so a reader cannot wait for the text to be too long.
#: Shared puzzles are far smaller (the largest of puzzlekit-dataset has 3,600 cells).
MOST_CELLS = 1_000_000
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

_URL = re.compile(r"^(?:https?://)?[^?\s]*\?(?P<query>\S+)$")


@attrs.frozen
class PuzzLink:
    """A puzz.link URL's parts: the puzzle's ``kind`` as the URL names it, its ``columns`` and
    ``rows``, and the ``body`` that holds its clues."""

    kind: str
    columns: int
    rows: int
    body: str

    @property
    def cells(self) -> int:
        """How many cells the grid has."""
        return self.columns * self.rows

    def with_body(self, body: str) -> PuzzLink:
        """The same puzzle's URL with another body."""
        return attrs.evolve(self, body=body)

    def url(self) -> str:
        """The URL, on puzz.link."""
        return f"{HOST}?{self.kind}/{self.columns}/{self.rows}/{self.body}"


def looks_like_url(text: str) -> bool:
    """Whether ``text`` (a command-line argument, a file's first line) is a URL to read as one."""
    return bool(re.match(r"^\s*(?:https?://|\S*\?\w+/)", text)) and "\n" not in text.strip()


def parse(url: str, kinds: Mapping[str, str]) -> PuzzLink:
    """``url`` split into its parts; ``kinds`` maps each name of a kind the caller reads
    (pzprjs's aliases: ``masyu`` and ``pearl`` for ``mashu``) to the name it writes.

    Any host is read (puzz.link, pzv.jp, their mirrors). A kind not in ``kinds``, a flag or
    variant the caller cannot keep (pzprjs's ``f`` asks for another rule), or a size that is
    not two whole numbers raises `ProblemError`, naming what is wrong."""
    match = _URL.match(unquote(url.strip()))
    if not match:
        raise ProblemError(f"{excerpt(url)} is not a puzz.link URL (…/p?KIND/COLUMNS/ROWS/CLUES)")
    parts = match["query"].split("/")
    kind = re.sub(r"_(?:edit|play)$", "", parts[0].rsplit("&", 1)[-1])
    if kind not in kinds:
        raise ProblemError(f"this URL holds a {kind!r} puzzle, not {' or '.join(sorted(set(kinds.values())))}")
    rest = parts[1:]
    if rest and rest[0].startswith("v:"):
        if rest[0] != "v:":
            raise ProblemError(f"this URL asks for the variant {rest[0][2:]!r} of {kind}, which is not read")
        rest = rest[1:]
    if rest and rest[0] and not rest[0].isdigit():
        raise ProblemError(f"this URL's flag {rest[0]!r} asks for a rule that {kinds[kind]} here does not keep")
    if len(rest) < 2 or not (rest[0].isdigit() and rest[1].isdigit()) or "0" in (rest[0][:1], rest[1][:1]):
        raise ProblemError(f"this URL's size is not COLUMNS/ROWS, two whole numbers above 0: {excerpt(url)}")
    link = PuzzLink(kinds[kind], int(rest[0]), int(rest[1]), "/".join(rest[2:]).rstrip("/"))
    most = min(MOST_CELLS, max_entries() or MOST_CELLS)
    if link.cells > most:
        raise ProblemError(f"this URL's grid of {link.columns}x{link.rows} has more cells than the {most:,} a URL "
                           "may ask for")
    return link


def _run(count: int) -> str:
    return _DIGITS[15 + count]


def _packed(values: Sequence[int | None], write: Callable[[int], tuple[str, int]]) -> str:
    """Cells as pzprjs packs them: each run of up to `RUN` empty cells one letter, each other
    cell what ``write(k)`` says of cell k: its text, and how many cells that text stands for
    (the empty ones after it included)."""
    out, empty, k = [], 0, 0
    while k < len(values):
        if values[k] is None:
            empty, k = empty + 1, k + 1
            if empty == RUN:
                out.append(_run(empty))
                empty = 0
            continue
        if empty:
            out.append(_run(empty))
            empty = 0
        text, cells = write(k)
        out.append(text)
        k += cells
    if empty:
        out.append(_run(empty))
    return "".join(out)


def _number(value: int) -> str:
    if 0 <= value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    raise ProblemError(f"a number of {value} is past what a puzz.link URL here writes (4095)")


def _bad(link: PuzzLink, at: int, what: str) -> ProblemError:
    return ProblemError(f"the {link.kind} URL's clues have {what} at character {at + 1} of {excerpt(link.body)}")


def _filled(link: PuzzLink, values: list[int | None], at: int) -> list[int | None]:
    """``values`` read up to ``at``: refused if characters are left over, else padded with
    empty cells (a URL may leave out the empty cells at its end)."""
    if at < len(link.body):
        raise _bad(link, at, f"{len(link.body) - at} character(s) past the grid's {link.cells} cells")
    return values + [None] * (link.cells - len(values))


def _unpacked(link: PuzzLink, read: Callable[[str, int], tuple[list[int | None], int]]) -> list[int | None]:
    """``link``'s cells as pzprjs packs them: each letter ``g`` to ``z`` a run of empty cells,
    ``.`` a cell shown as a question mark (no clue), anything else what ``read(body, at)``
    makes of the characters from ``at``: its cells, and how many characters they took
    (ValueError, saying what is there, for what it does not read)."""
    values: list[int | None] = []
    at = 0
    while at < len(link.body) and len(values) < link.cells:
        ch = link.body[at]
        if "g" <= ch <= "z" or ch == ".":
            values += [None] * (int(ch, 36) - 15 if ch != "." else 1)
            at += 1
            continue
        try:
            cells, used = read(link.body, at)
        except ValueError as error:
            raise _bad(link, at, str(error)) from None
        values += cells
        at += used
    return _filled(link, values[:link.cells], at)


def cells_0_to_4(link: PuzzLink) -> list[int | None]:
    """The clues 0 to 4 of ``link``'s cells, row by row (None: no clue)."""
    def read(body: str, at: int) -> tuple[list[int | None], int]:
        if body[at] not in "0123456789abcde":
            raise ValueError(f"{body[at]!r}, which is no clue 0 to 4")
        value = int(body[at], 16)  # (5-9: the clue and an empty cell after it; a-e: two)
        return [value % 5, *[None] * (value // 5)], 1

    return _unpacked(link, read)


def encode_cells_0_to_4(values: Sequence[int | None]) -> str:
    """`cells_0_to_4`'s body for ``values``: a clue followed by one or two empty cells (or
    by the grid's end) is one character."""
    def clue_at(k: int) -> bool:
        return k < len(values) and values[k] is not None

    def write(k: int) -> tuple[str, int]:
        after = 0 if clue_at(k + 1) else 1 if clue_at(k + 2) else 2  # (the empty cells it says too)
        return f"{cast(int, values[k]) + 5 * after:x}", 1 + after

    return _packed(values, write)


def numbers(link: PuzzLink) -> list[int | None]:
    """The numbers of ``link``'s cells, row by row (None: no number)."""
    def read(body: str, at: int) -> tuple[list[int | None], int]:
        width = {"-": 2, "+": 3}.get(body[at], 0)
        digits = body[at + 1:at + 1 + width] if width else body[at]
        if len(digits) != max(width, 1) or not all(d in "0123456789abcdef" for d in digits):
            raise ValueError(f"{body[at]!r} without {width} hexadecimal digits after it" if width else
                             f"{body[at]!r}, which is no number this reader knows")
        return [int(digits, 16)], 1 + width

    return _unpacked(link, read)


def encode_numbers(values: Sequence[int | None]) -> str:
    """`numbers`' body for ``values``."""
    return _packed(values, lambda k: (_number(cast(int, values[k])), 1))


def circles(link: PuzzLink) -> list[int | None]:
    """The circles of ``link``'s cells, row by row: 1 white, 2 black, None none."""
    needed = -(-link.cells // 3)
    values: list[int | None] = []
    for at, ch in enumerate(link.body[:needed]):
        if ch not in _DIGITS[:27]:
            raise _bad(link, at, f"{ch!r}, which is no group of three circles")
        group = int(ch, 27)
        values += [group // 9 or None, group // 3 % 3 or None, group % 3 or None]
    return _filled(link, values[:link.cells], min(len(link.body), needed))


def encode_circles(values: Sequence[int | None]) -> str:
    """`circles`' body for ``values`` (1 white, 2 black, None none)."""
    padded = [value or 0 for value in values] + [0, 0]
    return "".join(_DIGITS[9 * padded[k] + 3 * padded[k + 1] + padded[k + 2]] for k in range(0, len(values), 3))
