"""The sudoku grid: parsing every common text form, validation that never lies, rendering.

A `Sudoku` of size N has N×N cells, N rows, N columns and N boxes of ``box = (rows, cols)``
cells (rows × cols = N): 4×4 with 2×2 boxes, 6×6 with 2×3, 9×9 with 3×3, 12×12 with 3×4,
16×16 with 4×4, 25×25 with 5×5, ... Symbols are 1-9 then A, B, ... Z (A = 10, Z = 35); a
blank is 0, written '.'. Grids above 35×35 (36×36, 49×49, ...) have more digits than
characters: 36, 37, ... are written as numbers, and the cells are separated by spaces
(``C . 36 7 ...``).
"""

from __future__ import annotations

from typing import Any

import math
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

import attrs

from exactcover import Problem, ProblemError, puzzlink
from exactcover.textinput import check_lines, count_words, max_entries

__all__ = ["InvalidPuzzle", "Sudoku", "symbol", "cell_name"]

BLANKS = ".0_-"
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_SEPARATOR_LINE = re.compile(r"^[\s\-+|=*]*$")
_SYMBOLS = "." + ALPHABET
_ONE_LINE = re.compile(r"[0-9A-Za-z._-]+")  # one line of nothing but symbols and blanks
#: The value of every symbol character: blanks 0, 1-9 and A.. (either case) their digit.
_VALUE = {ch: 0 for ch in BLANKS} | {ch: k + 1 for k, ch in enumerate(ALPHABET)} | {ch.lower(): k + 1 for k, ch in enumerate(ALPHABET)}
_TO_BYTES = str.maketrans({ch: chr(v) for ch, v in _VALUE.items()})


class InvalidPuzzle(ProblemError):
    """The text or the grid is not a valid sudoku: wrong number of cells, a symbol out of
    range, or givens that break a rule (named by their cells, e.g. "r1c3 and r1c8 both hold 5").
    An invalid puzzle is never reported as having no solution."""


def symbol(value: int) -> str:
    """The symbol of a digit: 1-9, then A (10), B (11), ... Z (35), then the number itself
    (36, 37, ...); '.' for a blank (0)."""
    return "." if value == 0 else ALPHABET[value - 1] if value <= len(ALPHABET) else str(value)


def cell_name(r: int, c: int) -> str:
    """The usual name of a cell, counting from 1: r1c1 is the top-left one."""
    return f"r{r + 1}c{c + 1}"


def infer_box(n: int) -> tuple[int, int]:
    """The box shape of an n×n sudoku: √n×√n for a square n, else the most square
    rows × cols = n with rows < cols (6: 2×3, 12: 3×4). ValueError if there is none."""
    root = math.isqrt(n)
    if root * root == n:
        return root, root
    for rows in range(root, 1, -1):
        if n % rows == 0:
            return rows, n // rows
    raise InvalidPuzzle(f"a {n}x{n} sudoku has no box shape (give box=(rows, cols))")


def boxed_text(cells: Sequence[int], n: int, box: tuple[int, int]) -> str:
    """An n×n grid as text, its boxes (rows × cols cells) set apart by ``|`` and ``-+-``."""
    rows, cols = box
    width = 1 if n <= len(ALPHABET) else len(str(n))
    rule = "+".join("-" * ((width + 1) * cols + 1) for _ in range(n // cols))
    out = []
    for r in range(n):
        if r and r % rows == 0:
            out.append(rule)
        parts = []
        for start in range(0, n, cols):
            parts.append(" " + " ".join(symbol(v).rjust(width) for v in cells[r * n + start : r * n + start + cols]) + " ")
        out.append("|".join(parts).rstrip())
    return "\n".join(out)


@lru_cache(maxsize=32)
def _shape(n: int, rows: int, cols: int) -> tuple[Any, ...]:
    """For one grid shape: each cell's (row, column, box), every unit as (name, cells), and
    for every unit an itemgetter of its cells' values."""
    where = tuple((k // n, k % n, (k // n // rows) * rows + (k % n) // cols) for k in range(n * n))
    units = [(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
    units += [(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
    for b in range(n):
        top, left = (b // rows) * rows, (b % rows) * cols
        units.append((f"box {b + 1}", tuple((top + i) * n + left + j for i in range(rows) for j in range(cols))))
    # A filled cell k holding v has the keys row_key[k] + v, column_key[k] + v, box_key[k] + v:
    # the givens are consistent exactly when all their keys differ.
    keys = tuple(tuple(base * (n + 1) + offset * n * (n + 1) for base in column)
                 for offset, column in enumerate(zip(*where)))
    return where, tuple(units), keys


def _given_keys(cells: tuple[int, ...], n: int, rows: int, cols: int) -> list[int]:
    """The keys of the filled cells (see `_shape`): from the cached tables for the sizes
    people play, by arithmetic above 36 (a 1000×1000 grid's tables would take 500 MB)."""
    if n <= 36:
        row_key, column_key, box_key = _shape(n, rows, cols)[2]
        return [key for k, v in enumerate(cells) if v for key in (row_key[k] + v, column_key[k] + v, box_key[k] + v)]
    keys: list[int] = []
    for k, v in enumerate(cells):
        if v:
            r, c = divmod(k, n)
            box = (r // rows) * rows + c // cols
            keys += (r * (n + 1) + v, (n + c) * (n + 1) + v, (2 * n + box) * (n + 1) + v)
    return keys


def _url_box(n: int) -> tuple[int, int]:
    """The boxes puzz.link draws on an n×n sudoku: √n×√n, and 2×3 on 6×6; InvalidPuzzle
    for a size whose boxes would not tile the grid there."""
    root = math.isqrt(n)
    if root * root == n:
        return root, root
    if n == 6:
        return 2, 3
    raise InvalidPuzzle(f"puzz.link draws a {n}x{n} sudoku with {root}x{root} boxes, which do not tile it")


def _check_box(n: int, box: tuple[int, int] | None) -> tuple[int, int]:
    if box is None:
        return infer_box(n)
    if len(box) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in box):
        raise InvalidPuzzle(f"box must be (rows, cols), two whole numbers, not {box!r}")
    rows, cols = box
    if rows * cols != n or rows < 1 or cols < 1:
        raise InvalidPuzzle(f"boxes of {rows}x{cols} cells do not fit a {n}x{n} grid")
    return rows, cols


def _cells_of(cells: Any) -> tuple[int, ...]:
    return _as_cells(cells)


def _box_of(box: Any) -> Any:
    return box if box is None else _as_tuple(box, "box")


def _given_of(given: Any) -> Any:
    return given if given is None else tuple(map(bool, given))


@attrs.frozen(repr=False)
class Sudoku(Problem["Sudoku"]):
    """A sudoku grid: ``cells`` row by row (0 for a blank; flat, as a list of rows, or a NumPy
    array), its box shape, and which cells
    are givens (the puzzle's clues; by default every filled cell).

    Built from text with `Sudoku.parse`; validated on construction: `InvalidPuzzle` names
    the cells that break a rule.
    """

    cells: tuple[int, ...] = attrs.field(converter=_cells_of)
    box: tuple[int, int] = attrs.field(default=None, converter=_box_of)
    given: tuple[bool, ...] = attrs.field(default=None, converter=_given_of)

    def __attrs_post_init__(self) -> None:
        n = math.isqrt(len(self.cells))
        if n * n != len(self.cells) or n == 0:
            raise InvalidPuzzle(f"a sudoku has n×n cells (16, 36, 81, 144, 256, 625, ...), not {len(self.cells)}")
        object.__setattr__(self, "box", _check_box(n, self.box))
        if self.given is None:
            object.__setattr__(self, "given", tuple(map(bool, self.cells)))
        elif len(self.given) != len(self.cells):
            raise InvalidPuzzle(f"given has {len(self.given)} entries for {len(self.cells)} cells")
        self._check_rules()

    def _check_rules(self) -> None:
        """Every value a digit 1..n or 0, and no digit twice in a row, column or box."""
        n, cells = self.size, self.cells
        if set(map(type, cells)) != {int} or min(cells) < 0 or max(cells) > n:
            for k, value in enumerate(cells):
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= n:
                    raise InvalidPuzzle(f"{cell_name(k // n, k % n)} holds {value!r}, not a digit from 1 to {n} (or 0 for a blank)")
        keys = _given_keys(cells, n, *self.box)
        if len(set(keys)) == len(keys):
            return
        for unit_name, unit in _shape(n, *self.box)[1]:  # a digit twice: name the two cells
            first: dict[int, int] = {}
            for k in unit:
                if cells[k] in first:
                    j = first[cells[k]]
                    raise InvalidPuzzle(
                        f"{cell_name(j // n, j % n)} and {cell_name(k // n, k % n)} both hold {symbol(cells[k])} ({unit_name})"
                    )
                if cells[k]:
                    first[cells[k]] = k

    @classmethod
    def trusted(cls, cells: Sequence[int], box: tuple[int, int], given: Sequence[bool]) -> Sudoku:
        """A grid known to be valid (a solver's output), built without checking it again."""
        grid = object.__new__(cls)
        object.__setattr__(grid, "cells", tuple(cells))
        object.__setattr__(grid, "box", tuple(box))
        object.__setattr__(grid, "given", tuple(given))
        return grid

    # -- shape ----------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """N: the grid is N×N with digits 1..N."""
        return math.isqrt(len(self.cells))

    def box_of(self, r: int, c: int) -> int:
        """The number of the box holding cell (r, c), row by row from 0."""
        rows, cols = self.box
        return (r // rows) * rows + c // cols

    def units(self) -> Iterable[tuple[str, list[int]]]:
        """Every row, column and box, as (name, cell indices)."""
        return [(name, list(cells)) for name, cells in _shape(self.size, *self.box)[1]]

    @property
    def clues(self) -> int:
        """The number of givens."""
        return sum(self.given)

    @property
    def is_solved(self) -> bool:
        """Whether every cell is filled (a filled grid is always valid: it was checked)."""
        return all(self.cells)

    # -- solving (conveniences for exactcover.solve / count / is_unique) --------------------

    def solve(self, **search: Any) -> Sudoku | None:
        """The solved grid (the first solution), or None; keywords as `exactcover.solve`."""
        import exactcover

        solved: Sudoku | None = exactcover.solve(self, **search)
        return solved

    def count(self, limit: int | None = None, **search: Any) -> int:
        """The number of solutions, at most ``limit``."""
        import exactcover

        return exactcover.count(self, limit=limit, **search)

    def is_unique(self, **search: Any) -> bool:
        """Whether the puzzle has exactly one solution."""
        import exactcover

        return exactcover.is_unique(self, **search)

    # -- parsing --------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, box: Sequence[int] | None = None) -> Sudoku:
        """A sudoku from text, in any of the common forms:

        * one line of N×N symbols (``53..7....6..195...``), blanks as ``.``, ``0``, ``_`` or
          ``-``, symbols 1-9 then A, B, ... (case does not matter);
        * a grid over several lines, with ``|``, ``+`` and ``-`` separators and spaces;
        * numbers separated by white space with 0 for a blank (``5 3 0 0 7 0``, or
          ``16 0 3 ...`` for sizes above 9), symbols and numbers mixed above 35
          (``C . 36 7 ...``: what `to_line` writes for such grids);
        * a puzz.link URL (`from_url`).

        The box shape comes from the size when ``box`` is not given (9: 3×3, 6: 2×3).
        """
        if not isinstance(text, str):
            raise TypeError(f"Sudoku.parse needs a str, not {type(text).__name__}")
        if puzzlink.looks_like_url(text):
            return cls.from_url(text, box)
        line, most = text.strip(), max_entries()
        if most is not None and len(line) > most and "\n" not in line:
            _too_many(len(line), most)  # (one line: a cell a character, an option a cell at least)
        if len(line) in _SQUARES and _ONE_LINE.fullmatch(line):
            values = list(line.translate(_TO_BYTES).encode("latin-1"))  # the common case, in C
            if max(values) <= math.isqrt(len(line)):
                return cls(values, box)  # (else a bad symbol: the general path names it)
        if most is not None:
            check_lines(text, "the sudoku")
        lines = [line for line in text.splitlines() if not _SEPARATOR_LINE.match(line)]
        joined = " ".join(lines).replace("|", " ").replace("+", " ")
        if most is not None and (at_least := count_words(joined, most)) > most:
            _too_many(at_least, most)  # (a cell a word at least)
        tokens = joined.split()
        if most is not None and (at_least := sum(map(len, tokens))) > most and not any(len(t) > 1 and t.isdigit()
                                                                                      for t in tokens):
            _too_many(at_least, most)  # (a cell a character)
        if len(tokens) > 1 and any(len(t) > 1 for t in tokens) and all(t.isdigit() or len(t) == 1 for t in tokens):
            shown = tokens  # one cell per token: numbers (sizes above 9), or symbols and numbers (above 35)
            cells = [int(t) if t.isdigit() else _value(t) for t in tokens]
        else:
            shown = list("".join(tokens))
            cells = [_value(ch) for ch in shown]
        count = len(cells)
        n = math.isqrt(count)
        if n * n != count or n < 1:
            raise InvalidPuzzle(f"a sudoku has n×n cells (16, 36, 81, 144, 256, 625, ...), not {count}")
        for k, value in enumerate(cells):
            if value is None or value > n:
                allowed = f"1-{n}" if n <= 9 or n > len(ALPHABET) else f"1-9 and A-{ALPHABET[n - 1]}"
                raise InvalidPuzzle(f"{cell_name(k // n, k % n)} holds {shown[k]!r}, not a symbol of a {n}x{n} sudoku ({allowed}, or a blank)")
        return cls(cells, box)

    @classmethod
    def from_url(cls, url: str, box: Sequence[int] | None = None) -> Sudoku:
        """A sudoku from a puzz.link URL (``https://puzz.link/p?sudoku/9/9/…``, any mirror):
        4×4, 6×6 (boxes of 2 rows by 3 columns), 9×9, 16×16, 25×25, as puzz.link draws them.

        >>> Sudoku.from_url("https://puzz.link/p?sudoku/4/4/g2j1h1j3g").to_line()
        '.2....1..1....3.'"""
        try:
            link = puzzlink.parse(url, {"sudoku": "sudoku"})
            values = puzzlink.numbers(link)
        except ProblemError as error:
            raise InvalidPuzzle(str(error)) from None
        n = link.columns
        if link.rows != n:
            raise InvalidPuzzle(f"this URL's sudoku is {link.columns}x{link.rows}: a sudoku is square")
        shape = _url_box(n)
        if box is not None and tuple(box) != shape:
            raise InvalidPuzzle(f"a {n}x{n} sudoku from puzz.link has boxes of {shape[0]}x{shape[1]}, not "
                                f"{box[0]}x{box[1]}")
        for k, value in enumerate(values):
            if value is not None and not 1 <= value <= n:
                raise InvalidPuzzle(f"{cell_name(k // n, k % n)} holds {value}, not a digit of a {n}x{n} sudoku")
        return cls([value or 0 for value in values], shape)

    def url(self) -> str:
        """The puzzle as a puzz.link URL: the givens only (`from_url` reads it back).

        >>> Sudoku.parse("1...\\n..2.\\n.3..\\n...4").url()
        'https://puzz.link/p?sudoku/4/4/1k2h3k4'"""
        n, (rows, cols) = self.size, _url_box(self.size)
        if (rows, cols) != self.box:
            raise InvalidPuzzle(f"puzz.link draws a {n}x{n} sudoku with boxes of {rows}x{cols}, "
                                f"not {self.box[0]}x{self.box[1]}: this puzzle has no URL there")
        cells = [value if given else None for value, given in zip(self.cells, self.given)]
        return puzzlink.PuzzLink("sudoku", n, n, puzzlink.encode_numbers(cells)).url()

    # -- rendering --------------------------------------------------------------------------

    def to_line(self) -> str:
        """The one-line form: N×N symbols, '.' for a blank; above 35×35, the cells' numbers
        separated by spaces."""
        if self.size > len(ALPHABET):
            return " ".join([symbol(v) for v in self.cells])
        return "".join([_SYMBOLS[v] for v in self.cells])

    def __str__(self) -> str:
        return boxed_text(self.cells, self.size, self.box)

    def __repr__(self) -> str:
        return f"Sudoku.parse({self.to_line()!r})" if self.box == infer_box(self.size) else f"Sudoku.parse({self.to_line()!r}, box={self.box})"

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self) -> str:
        """The grid as SVG (what a notebook shows): givens in black, filled cells in blue."""
        n, (rows, cols) = self.size, self.box
        step, pad = 28, 2
        side = n * step
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side + 2 * pad}" height="{side + 2 * pad}" '
                 f'viewBox="{-pad} {-pad} {side + 2 * pad} {side + 2 * pad}" font-family="sans-serif">',
                 f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>']
        for k in range(n + 1):
            thick_h = 2.5 if k % rows == 0 else 0.6
            thick_v = 2.5 if k % cols == 0 else 0.6
            parts.append(f'<line x1="0" y1="{k * step}" x2="{side}" y2="{k * step}" stroke="black" stroke-width="{thick_h}"/>')
            parts.append(f'<line x1="{k * step}" y1="0" x2="{k * step}" y2="{side}" stroke="black" stroke-width="{thick_v}"/>')
        for k, value in enumerate(self.cells):
            if value:
                r, c = divmod(k, n)
                style = 'fill="black" font-weight="bold"' if self.given[k] else 'fill="#1f5fbf"'
                parts.append(f'<text x="{c * step + step / 2}" y="{r * step + step * 0.72}" font-size="{step * 0.6:.0f}" '
                             f'text-anchor="middle" {style}>{symbol(value)}</text>')
        parts.append("</svg>")
        return "".join(parts)


def _as_cells(cells: object) -> tuple[Any, ...]:
    """The cells row by row from a flat sequence, a list of rows, or a NumPy array (flat or
    N×N; NumPy's integers become ints). Strings are text to parse, not cells."""
    if isinstance(cells, (str, bytes)):
        raise InvalidPuzzle("Sudoku(cells) takes the cells' values; for text use Sudoku.parse(text)")
    if hasattr(cells, "tolist") and hasattr(cells, "ndim"):  # a NumPy array, without importing NumPy
        cells = cells.tolist()
    values = _as_tuple(cells, "cells")
    if values and all(isinstance(row, (list, tuple)) for row in values):
        if any(len(row) != len(values) for row in values):
            raise InvalidPuzzle(f"a grid given as rows has N rows of N cells; these {len(values)} rows have "
                                f"{sorted({len(row) for row in values})} cells")
        values = tuple(value for row in values for value in row)
    return values


def _as_tuple(value: Any, what: str) -> tuple[Any, ...]:
    try:
        return tuple(value)
    except TypeError:
        raise InvalidPuzzle(f"{what} must be a sequence, not {type(value).__name__}") from None


def _value(ch: str) -> int | None:
    return _VALUE.get(ch)


_SQUARES = {n * n for n in range(1, 36)}


def _too_many(cells: int, most: int) -> None:
    """InvalidPuzzle for a sudoku of at least ``cells`` cells, more than a search of ``most``
    entries can have (each cell has an option at least): refused before they are made."""
    raise InvalidPuzzle(f"a sudoku of {cells:,} cells or more, more than the limit of {most:,} entries; raise it "
                        "with max_entries= (--max-entries on the command line) if you have the memory")
