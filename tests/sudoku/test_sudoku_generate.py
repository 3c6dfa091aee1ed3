"""Tests for exactcover_sudoku.generate: unique, reproducible puzzles; clear errors."""

from __future__ import annotations

import time

import pytest
from helpers import SLACK

import exactcover
from exactcover import ProblemError
from exactcover_sudoku import Sudoku, generate


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
    assert time.perf_counter() - started < SLACK
    with pytest.raises(ProblemError, match="could not get below"):
        generate(seed=1, clues=18)


def _minimal_and_unique(puzzle) -> bool:
    if not puzzle.is_unique():
        return False
    for k, v in enumerate(puzzle.cells):
        if v:
            fewer = list(puzzle.cells)
            fewer[k] = 0
            if Sudoku(fewer).is_unique():
                return False
    return True


@pytest.mark.parametrize("grade", ["easy", "any", "medium"])
def test_generation_at_scale_makes_minimal_unique_puzzles_of_the_grade(grade):
    """generate_many: every puzzle unique and minimal (no clue can go), of the grade asked
    (explain's grade), the same ones for the same seed; the grids it tried are counted."""
    from exactcover_sudoku import explain
    from exactcover_sudoku.mass import generate_many

    made = generate_many(6 if grade != "medium" else 2, grade=grade, seed=3)
    puzzles = list(made)
    assert all(_minimal_and_unique(p) for p in puzzles)
    if grade != "any":
        assert {explain(p).grade for p in puzzles} == {grade}
    assert made.tried >= len(puzzles) and 0 < made.hit_rate <= 1
    assert [p.to_line() for p in generate_many(len(puzzles), grade=grade, seed=3)] == [p.to_line() for p in puzzles]


def test_generation_at_scale_from_the_command_line():
    from click.testing import CliRunner

    from exactcover.cli import cli

    result = CliRunner().invoke(cli, ["sudoku", "generate", "--count", "5", "--grade", "easy", "--seed", "1"])
    lines = result.stdout.split()
    assert result.exit_code == 0 and len(lines) == 5 and all(Sudoku.parse(line).is_unique() for line in lines)
    assert "5 easy puzzles (minimal, unique)" in result.stderr and "per second" in result.stderr
    bad = CliRunner().invoke(cli, ["sudoku", "generate", "--count", "2", "--symmetric"])
    assert bad.exit_code == 2 and "not with --clues, --symmetric or --variant" in bad.stderr
    from exactcover_sudoku.mass import generate_many

    with pytest.raises(ProblemError, match="grade must be one of"):
        generate_many(1, grade="fiendish")


@pytest.mark.skipif("c" not in exactcover.engines.available(), reason="needs both engines")
@pytest.mark.parametrize("grade", ["easy", "any"])
def test_generation_at_scale_makes_the_same_puzzles_on_both_engines(grade, monkeypatch):
    """The grids and their checks are the engine's (Checker.first, thin and unneeded): the
    pure-Python engine, the specification, makes the same puzzles for the same seed as the C
    engine."""
    from exactcover_sudoku.mass import _Checks, generate_many

    made = [p.to_line() for p in generate_many(3, grade=grade, seed=8)]
    solver = exactcover.Solver
    monkeypatch.setattr(exactcover, "Solver", lambda matrix: solver(matrix, engine="python"))
    assert _Checks(9, (3, 3)).checker.solver.engine == "python"
    assert [p.to_line() for p in generate_many(3, grade=grade, seed=8)] == made
