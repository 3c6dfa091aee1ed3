"""Tests for exactcover_sudoku.grid: parsing every form, validation that never lies, rendering."""

from __future__ import annotations

import pytest

from exactcover_sudoku import InvalidPuzzle, Sudoku

from problems import INKALA
from helpers import FOUR, SIX

GRID = """
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .
"""

TABLE = "\n".join(" ".join("0" if ch == "." else ch for ch in INKALA[r * 9 : r * 9 + 9]) for r in range(9))


@pytest.mark.parametrize("text", [INKALA, GRID, TABLE, INKALA.replace(".", "0"), INKALA.replace(".", "_"),
                                  INKALA.replace(".", "-"), "\t".join(TABLE.split())])
def test_every_form_of_inkala_parses_the_same(text):
    """One line, a drawn grid, a table of numbers with 0, and other blanks all read alike."""
    puzzle = Sudoku.parse(text)
    assert puzzle.to_line() == INKALA
    assert puzzle.size == 9 and puzzle.box == (3, 3) and puzzle.clues == 21


@pytest.mark.parametrize(("text", "size", "box"), [
    (FOUR, 4, (2, 2)), (SIX, 6, (2, 3)), ("." * 144, 12, (3, 4)), ("." * 256, 16, (4, 4)), ("." * 625, 25, (5, 5)),
])
def test_sizes_and_inferred_boxes(text, size, box):
    """The box shape comes from the size: 2x2, 2x3, 3x4, 4x4, 5x5."""
    puzzle = Sudoku.parse(text)
    assert (puzzle.size, puzzle.box) == (size, box)


def test_explicit_box_and_letters():
    """A box shape can be given; symbols above 9 are letters in either case."""
    assert Sudoku.parse("." * 36, box=(3, 2)).box == (3, 2)
    sixteen = Sudoku.parse("G" + "." * 254 + "a")
    assert sixteen.cells[0] == 16 and sixteen.cells[-1] == 10
    numbers = Sudoku.parse(" ".join(["16"] + ["0"] * 254 + ["10"]))
    assert numbers == sixteen


@pytest.mark.parametrize(("text", "kwargs", "message"), [
    ("." * 80, {}, "a sudoku has n×n cells (16, 36, 81, 144, 256, 625, ...), not 80"),
    ("." * 40 + "X" + "." * 40, {}, "r5c5 holds 'X', not a symbol of a 9x9 sudoku (1-9, or a blank)"),
    ("." * 40 + "H" + "." * 215, {}, "r3c9 holds 'H', not a symbol of a 16x16 sudoku (1-9 and A-G, or a blank)"),
    ("." * 2 + "5" + "." * 4 + "5" + "." * 73, {}, "r1c3 and r1c8 both hold 5 (row 1)"),
    ("5" + "." * 26 + "5" + "." * 53, {}, "r1c1 and r4c1 both hold 5 (column 1)"),
    ("5" + "." * 9 + "5" + "." * 70, {}, "r1c1 and r2c2 both hold 5 (box 1)"),
    ("." * 36, {"box": (4, 2)}, "boxes of 4x2 cells do not fit a 6x6 grid"),
    ("." * 49, {}, "a 7x7 sudoku has no box shape (give box=(rows, cols))"),
])
def test_invalid_puzzles_name_the_cells(text, kwargs, message):
    """Each class of invalid input raises InvalidPuzzle (a ValueError) with a precise message."""
    with pytest.raises(InvalidPuzzle) as caught:
        Sudoku.parse(text, **kwargs)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_constructor_validates_cells():
    """Building from values checks the range and the rules too."""
    with pytest.raises(InvalidPuzzle, match="r1c2 holds 10, not a digit from 1 to 9"):
        Sudoku([0, 10] + [0] * 79)
    with pytest.raises(InvalidPuzzle, match="r1c1 and r1c2 both hold 1"):
        Sudoku([1, 1] + [0] * 79)


def test_rendering():
    """str draws the grid with box rules; to_line and the SVG show the cells."""
    puzzle = Sudoku.parse(INKALA)
    text = str(puzzle)
    assert text.splitlines()[0] == " 8 . . | . . . | . . ."
    assert text.splitlines()[3] == "-------+-------+-------"
    assert Sudoku.parse(text) == puzzle
    svg = puzzle._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<text") == 21 and 'font-weight="bold"' in svg
    assert eval(repr(puzzle), {"Sudoku": Sudoku}) == puzzle


def test_svg_distinguishes_givens_from_filled_cells():
    """In a solved grid, givens are bold black and filled cells blue."""
    import exactcover

    solved = exactcover.solve(Sudoku.parse(INKALA))
    svg = solved._repr_svg_()
    assert svg.count('font-weight="bold"') == 21 and svg.count("#1f5fbf") == 60
