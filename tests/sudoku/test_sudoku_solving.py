"""Tests for solving sudokus of every size through exactcover, against the backtracking oracle."""

from __future__ import annotations

import random

import pytest

import exactcover
from exactcover import BudgetExceeded
from exactcover_sudoku import Sudoku, backtrack_count, backtrack_solve, matrix_for

from problems import INKALA, INKALA_SOLUTION, PUZZLE_8008
from helpers import FOUR, SIX, puzzle_lines


def verify(puzzle: Sudoku, solution: Sudoku) -> None:
    """A solution is a full valid grid (checked again from scratch) that keeps every clue."""
    again = Sudoku(solution.cells, solution.box)
    assert again.is_solved
    assert all(p == 0 or p == s for p, s in zip(puzzle.cells, solution.cells))
    assert solution.given == puzzle.given


def test_inkala_has_one_solution(engine):
    """Inkala's puzzle: solved, unique, and the same answer as plain backtracking."""
    puzzle = Sudoku.parse(INKALA)
    solution = exactcover.solve(puzzle, engine=engine)
    assert solution.to_line() == INKALA_SOLUTION
    assert exactcover.count(puzzle, engine=engine) == 1
    assert backtrack_solve(puzzle) == solution


def test_methods_and_is_unique(engine):
    """Sudoku.solve / count / is_unique are the exactcover functions for one grid."""
    puzzle = Sudoku.parse(INKALA)
    assert puzzle.solve(engine=engine).to_line() == INKALA_SOLUTION
    assert puzzle.is_unique(engine=engine) and exactcover.is_unique(puzzle, engine=engine)
    several = Sudoku.parse(PUZZLE_8008)
    assert not several.is_unique(engine=engine) and several.count(limit=3, engine=engine) == 3


@pytest.mark.slow
def test_the_8008_puzzle(engine):
    """The 8008-solution stand-in puzzle counts 8008, and 10 with limit=10."""
    puzzle = Sudoku.parse(PUZZLE_8008)
    assert exactcover.count(puzzle, engine=engine) == 8008
    assert exactcover.count(puzzle, limit=10, engine=engine) == 10


@pytest.mark.parametrize("text", [FOUR, SIX])
def test_small_grids(engine, text):
    """4x4 and 6x6 puzzles are solved, verified, and counted like backtracking counts them."""
    puzzle = Sudoku.parse(text)
    solution = exactcover.solve(puzzle, engine=engine)
    verify(puzzle, solution)
    assert exactcover.count(puzzle, engine=engine) == backtrack_count(puzzle)


def test_sixteen(engine):
    """16x16 forum puzzles (the ones plain DLX finishes quickly) are solved and verified."""
    lines = puzzle_lines("sudoku16_sample.txt")
    for index in (0, 1, 7, 13, 14):
        puzzle = Sudoku.parse(lines[index])
        verify(puzzle, exactcover.solve(puzzle, engine=engine, max_nodes=200_000))


def test_twenty_five():
    """A 25x25 puzzle (a seeded random full grid with 40% of its cells blanked) is solved."""
    full = exactcover.solve(Sudoku([0] * 625), seed=2026)
    verify(Sudoku([0] * 625), full)
    rng = random.Random(7)
    cells = [0 if rng.random() < 0.4 else v for v in full.cells]
    puzzle = Sudoku(cells)
    verify(puzzle, exactcover.solve(puzzle, max_nodes=1_000_000))


def test_shared_counts(engine):
    """tdoku's test set: exact solution counts, checked with a limit above each."""
    if engine == "python":
        pytest.skip("the count set is slow on the Python engine")
    for line in puzzle_lines("tdoku_test_counts.txt"):
        text, count, *_ = line.split(":")
        puzzle = Sudoku.parse(text)
        assert exactcover.count(puzzle, engine=engine) == int(count)
        assert exactcover.count(puzzle, limit=2, engine=engine) == min(int(count), 2)


@pytest.mark.slow
def test_valid_without_solution_is_no_solution():
    """A valid puzzle with no solution gives None and a count of 0 (never an error)."""
    for line in puzzle_lines("invalid_no_solution.txt")[:4]:
        puzzle = Sudoku.parse(line)
        assert exactcover.solve(puzzle) is None and exactcover.count(puzzle) == 0
        assert backtrack_solve(puzzle) is None


@pytest.mark.slow
def test_against_backtracking_on_hard_puzzles():
    """On Norvig's top95 the DLX answer equals plain backtracking's."""
    for line in puzzle_lines("norvig_top95.txt")[:15]:
        puzzle = Sudoku.parse(line)
        assert exactcover.solve(puzzle) == backtrack_solve(puzzle)


def test_one_matrix_per_shape():
    """Every puzzle of a shape shares one compiled matrix."""
    assert matrix_for(9, 3, 3) is matrix_for(9, 3, 3)
    a, b = (exactcover.solver_for(matrix_for(9, 3, 3)) for _ in range(2))
    assert a is b


def test_budget_is_not_no_solution():
    """A hard 16x16 puzzle under a small node budget raises BudgetExceeded."""
    puzzle = Sudoku.parse(puzzle_lines("sudoku16_sample.txt")[2])
    with pytest.raises(BudgetExceeded):
        exactcover.solve(puzzle, max_nodes=1000)
