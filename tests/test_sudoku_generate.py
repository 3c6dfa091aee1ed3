"""Tests for exactcover_sudoku.generate: unique, reproducible puzzles; clear errors."""

from __future__ import annotations

import time

import pytest

import exactcover
from exactcover import ProblemError
from exactcover_sudoku import generate


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_puzzles_are_unique(seed):
    """A generated 9x9 puzzle has exactly one solution."""
    puzzle = generate(seed=seed)
    assert exactcover.count(puzzle) == 1
    assert 17 <= puzzle.clues < 40


def test_same_seed_same_puzzle():
    """The same seed gives the same puzzle; another seed another one."""
    assert generate(seed=11) == generate(seed=11)
    assert generate(seed=11) != generate(seed=12)


def test_clue_target_and_symmetry():
    """clues= stops at that many clues; symmetric mirrors the blanks through the centre."""
    puzzle = generate(seed=5, clues=32, symmetric=True)
    assert puzzle.clues == 32 and exactcover.count(puzzle) == 1
    cells = puzzle.cells
    assert all((cells[k] == 0) == (cells[80 - k] == 0) for k in range(81))


@pytest.mark.parametrize(("size", "box"), [(4, (2, 2)), (6, (2, 3))])
def test_small_sizes(size, box):
    """4x4 and 6x6 puzzles are generated unique too."""
    puzzle = generate(size=size, seed=1)
    assert puzzle.box == box and exactcover.count(puzzle) == 1


def test_impossible_clue_counts_fail_fast():
    """Fewer clues than any 9x9 puzzle can have fails at once, with a clear message."""
    started = time.perf_counter()
    with pytest.raises(ProblemError, match="between 17 and 81 clues, not 16"):
        generate(clues=16)
    assert time.perf_counter() - started < 0.5
    with pytest.raises(ProblemError, match="could not get below"):
        generate(seed=1, clues=18)
