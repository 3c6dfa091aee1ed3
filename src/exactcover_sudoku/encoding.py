"""Sudoku as exact cover: the seed article's encoding, one matrix per grid shape.

Items, in the article's order: every cell filled once (r, c), every digit once per row
(r, d), per column (c, d) and per box (b, d). Options: "digit d in cell (r, c)", labelled
(r, c, d), in ascending order. A puzzle's clues are givens, so one compiled matrix serves
every puzzle of its shape.
"""

from __future__ import annotations

from typing import Any, cast

from functools import lru_cache

from exactcover import Encoding, GivenAndExcluded, GivensClash, GivensError, Matrix, UnknownOption
from exactcover.lines import LineCode

from .grid import Sudoku, _value, cell_name, symbol

__all__ = ["matrix_for", "encode", "decode", "line_code", "word_givens"]


@lru_cache(maxsize=8)  # (a matrix keeps its compiled solvers: the latest shapes, not every one)
def matrix_for(n: int, rows: int, cols: int) -> Matrix:
    """The exact cover matrix of every n×n sudoku with rows×cols boxes (built once)."""
    items = [(kind, a, b) for kind in ("cell", "row", "col", "box") for a in range(n) for b in range(1, n + 1) if kind != "cell"]
    items = [("cell", r, c) for r in range(n) for c in range(n)] + items
    options = {}
    for r in range(n):
        for c in range(n):
            box = (r // rows) * rows + c // cols
            for d in range(1, n + 1):
                options[(r, c, d)] = [("cell", r, c), ("row", r, d), ("col", c, d), ("box", box, d)]
    return Matrix(items, options)


#: Grids of this size and more are searched by the weighted item choice (`contract.WAYS`):
#: the forum's hard 16×16s need millions of nodes by MRV and thousands by weight, while an
#: easy grid costs a few milliseconds more (benchmarks/README.md, "sudoku.py --big").
WEIGHTED_SIZE = 16

#: A file of puzzles as lines (`exactcover.lines`, the command's file mode) is searched by the
#: weighted choice at every size: on the tallies its smaller trees pay for its dearer choice
#: on 9×9 too (top1465 and the 17-clue set: benchmarks/README.md, sudoku_lines.py).
LINES_WAY = "weighted"


def encode(puzzle: Sudoku) -> Encoding:
    """The shape's matrix, with the puzzle's filled cells as givens."""
    n = puzzle.size
    givens = [(k // n, k % n, v) for k, v in enumerate(puzzle.cells) if v]
    return Encoding(matrix_for(n, *puzzle.box), givens, way="weighted" if n >= WEIGHTED_SIZE else "auto")


@lru_cache(maxsize=8)
def line_code(n: int, rows: int, cols: int) -> LineCode:
    """How a puzzle of the shape is a line of n×n symbols (`Sudoku.parse`'s, a blank as
    ``.`` or ``0``), and its solution the line `Sudoku.to_line` writes: for the engine's
    batches (`exactcover.lines`). Up to 35×35, where every symbol is one character."""

    def given(position: int, ch: str) -> Any:
        value = _value(ch)
        if value is None or value > n:
            return LineCode.BAD
        return LineCode.BLANK if value == 0 else (position // n, position % n, value)

    def written(label: Any) -> tuple[int, str]:
        r, c, d = label
        return r * n + c, symbol(d)

    return LineCode.build(matrix_for(n, rows, cols), n * n, given, written)


def decode(puzzle: Sudoku, solution: tuple[Any, ...]) -> Sudoku:
    """The solved grid; the puzzle's givens stay marked as givens."""
    n = puzzle.size
    cells = list(puzzle.cells)
    filled = len(cells) - cells.count(0)
    for r, c, d in solution[filled:]:  # (a solution starts with the givens: the filled cells)
        cells[r * n + c] = d
    return Sudoku.trusted(cells, puzzle.box, puzzle.given)


#: A unit of the grid, as an item of the matrix names it, in words.
_UNITS = {"cell": "a cell holds one digit", "row": "both in row {}", "col": "both in column {}",
          "box": "both in box {}"}


def word_givens(puzzle: Sudoku, error: GivensError) -> str | None:
    """Givens of a search (``givens=``, beside the clues) that cannot be, in cells and digits:
    "r1c1 = 5 and r1c4 = 5 cannot both be given: both in row 1"."""
    def placed(label: Any) -> str | None:
        fits = isinstance(label, tuple) and len(label) == 3 and all(isinstance(v, int) for v in label)
        return f"{cell_name(label[0], label[1])} = {symbol(label[2])}" if fits else None

    if isinstance(error, GivensClash) and placed(error.first) and placed(error.second):
        if error.first == error.second:
            return f"{placed(error.first)} is given twice"
        unit, number = cast("tuple[str, int, int]", error.item)[:2]
        return f"{placed(error.first)} and {placed(error.second)} cannot both be given: {_UNITS[unit].format(number + 1)}"
    if isinstance(error, GivenAndExcluded) and placed(error.option):
        return f"{placed(error.option)} is both given and excluded"
    if isinstance(error, UnknownOption):
        n = puzzle.size
        return (f"{error.role} {error.option!r} is no digit in a cell of this {n}x{n} sudoku: give (row, column, "
                f"digit), the row and column from 0, the digit from 1 to {n}")
    return None
