"""Reading sudokus from text: one puzzle in any form, or a file of puzzles one per line
(solved by the engine whole, as a `LineFile`), as the command line and the API read them."""

from __future__ import annotations

import math
from typing import Any

from exactcover import Batch, ProblemError
from exactcover.lines import LineFile
from exactcover.puzzlink import looks_like_url
from exactcover.textinput import missing_file, numbered_lines

from .encoding import LINES_WAY, line_code, matrix_for
from .grid import InvalidPuzzle, Sudoku
from .variant_plugin import file_text, with_extras

__all__ = ["box_size", "parse_puzzles", "build_puzzles", "line_file", "first_line", "parse_one_per_line",
           "read_puzzles"]

LINE_LENGTHS = {n * n for n in range(2, 37)}


def box_size(text: str) -> tuple[int, int]:
    """``ROWSxCOLS`` (``2x3``) as the shape of a box."""
    try:
        rows, cols = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise ProblemError(f"a box is ROWSxCOLS (e.g. 2x3), not {text!r}") from None
    return rows, cols


def parse_puzzles(text: str, box: tuple[int, int] | None = None, source: str = "input") -> Sudoku | Batch:
    """One puzzle (any form `Sudoku.parse` reads), or, for several lines that are each a
    whole puzzle, a `Batch` with one entry per line (an `InvalidPuzzle` for a bad line).

    Lines starting with ``#`` are comments. Which form the text has is decided by the number
    of lines and the first one alone, so that a bad line elsewhere cannot change how the
    others are read: N lines whose first holds N symbols (N up to 35) are the rows of one
    N×N grid (sixteen lines of sixteen symbols are one 16×16 grid); more lines, whose first
    is a whole puzzle (a square number of symbols, no spaces, or a puzz.link URL), are one
    puzzle per line, a bad one named by its line number; anything else is one grid.
    """
    kept = [(n, line.strip()) for n, line in numbered_lines(text) if line.strip() and not line.lstrip().startswith("#")]
    if not kept:
        raise InvalidPuzzle(f"{source}: no puzzle (the input holds only blank lines and comments)")
    first = kept[0][1]
    rows = len(kept) <= 35 and len(first) == len(kept)
    if len(kept) > 1 and not rows and (len(first) in LINE_LENGTHS and " " not in first or looks_like_url(first)):
        return parse_one_per_line(text, box, source)
    try:
        return Sudoku.parse("\n".join(line for _, line in kept), box)
    except InvalidPuzzle as error:
        hint = ""
        if len(kept) > 35 and " " not in first:  # (a file of puzzles, one per line, whose first is not one)
            hint = (f" (read as one grid, since its first puzzle line, line {kept[0][0]}, of {len(first)} symbols, "
                    f"is not a whole puzzle)")
        raise InvalidPuzzle(f"{source}: {error}{hint}") from None


def build_puzzles(puzzle: str, box: tuple[int, int] | None = None, diagonal: bool = False,
                  windoku: bool = False) -> Any:
    """The command line's problem: `read_puzzles`, with the extra rules the flags ask for;
    for a file of classic puzzles one per line, a `LineFile` that the engine solves whole."""
    found = file_text(puzzle)  # (read once: it may be standard input)
    if found is not None and not (diagonal or windoku):
        lines = line_file(found[0], box, found[1])
        if lines is not None:
            return lines
    problem = parse_puzzles(found[0], box, found[1]) if found is not None else read_puzzles(puzzle, box)
    return with_extras(problem, diagonal, windoku)


def line_file(text: str, box: tuple[int, int] | None, source: str) -> LineFile | None:
    """``text`` as a `LineFile`, if it holds more than 35 lines and its first puzzle line is a
    whole puzzle of one-character symbols (so that it cannot be the rows of one grid); the
    lines are not read one by one (a line that is not a puzzle of that shape is reported as
    `parse_one_per_line` words it)."""
    if text.count("\n") < 35:
        return None
    first = first_line(text)
    n = math.isqrt(len(first))
    if n * n != len(first) or not 2 <= n <= 35 or " " in first:
        return None
    try:
        data = text.encode("latin-1")
        shape = Sudoku.parse(first, box).box
    except (UnicodeEncodeError, InvalidPuzzle):
        return None
    return LineFile(data, line_code(n, *shape), matrix_for(n, *shape), lambda: parse_one_per_line(text, shape, source),
                    LINES_WAY)


def first_line(text: str) -> str:
    """The first line of ``text`` that is not blank nor a comment, stripped ("" if none)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line = text[start:end].strip()
        if line and not line.startswith("#"):
            return line
        start = end + 1
    return ""


def parse_one_per_line(text: str, box: tuple[int, int] | None, source: str) -> Batch:
    """A `Batch` of every puzzle line of ``text`` (comments and blank lines skipped), an
    `InvalidPuzzle` naming the line for each that is not a puzzle."""
    entries: list[object] = []
    for number, line in numbered_lines(text):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                entries.append(Sudoku.parse(line.strip(), box))
            except InvalidPuzzle as error:
                entries.append(InvalidPuzzle(f"{source}, line {number}: {error}"))
    return Batch(entries)


def read_puzzles(puzzle: str, box: tuple[int, int] | None = None) -> Sudoku | Batch:
    """``puzzle``: a puzzle as text, a file of puzzles (one per line, or one grid), or ``-``."""
    found = file_text(puzzle)
    if found is not None:
        return parse_puzzles(found[0], box, found[1])
    try:
        return Sudoku.parse(puzzle, box)
    except InvalidPuzzle as error:
        if looks_like_url(puzzle):
            raise
        missing = missing_file(puzzle)
        if missing:
            raise InvalidPuzzle(f"{missing} (nor is it a puzzle: {error})") from None
        raise InvalidPuzzle(f"{puzzle!r} is neither a file nor a valid puzzle: {error}") from None
