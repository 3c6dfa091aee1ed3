"""The puzzle sets the tests carry (tests/data/sudoku, with their origins), and puzzles of
every size for the sudoku tests."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "sudoku"


def puzzle_lines(name: str) -> list[str]:
    """The puzzles of one of the tests' files."""
    return (DATA / name).read_text().split()


FOUR = "1...\n..2.\n.3..\n...4"  # 4x4 as a grid of lines
SIX = "1 0 0 | 0 0 6\n0 0 6 | 1 0 0\n------+------\n0 1 0 | 0 6 0\n0 6 0 | 0 1 0\n------+------\n0 0 1 | 6 0 0\n6 0 0 | 0 0 1"
