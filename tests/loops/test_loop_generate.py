"""Slitherlinks and masyus made by exactcover_loops.generate: each has one solution, the same
seed makes the same puzzle, a slitherlink's numbers are minimal as far as the checks' nodes
tell, the random loops are loops, and the command prints puzzles its solver reads back."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from helpers import run_command

import exactcover
from exactcover import BudgetExceeded, ProblemError
from exactcover_loops import Masyu, Slitherlink, generate
from exactcover_loops.grid import cycle

SIZES = [(1, 1), (1, 4), (3, 3), (4, 7), (6, 6), (8, 5)]


@pytest.mark.parametrize("rows, columns", SIZES)
def test_a_random_loop_is_one_cycle_on_the_grid(rows, columns):
    for seed in range(5):
        for thin in (False, True):
            loop = generate.random_loop(rows, columns, random.Random(seed), thin=thin)
            points = cycle(loop)
            assert len(points) == len(loop) >= 4
            assert all(0 <= r <= rows and 0 <= c <= columns for r, c in points)


@pytest.mark.parametrize("rows, columns", SIZES)
def test_a_slitherlink_made_has_one_solution_and_no_number_to_spare(rows, columns):
    """Taking out any one number admits a second solution, or a proof past the checks' nodes."""
    puzzle = generate.slitherlink(rows, columns, seed=rows * 10 + columns)
    assert puzzle.shape == (rows, columns)
    assert exactcover.count(puzzle, limit=2) == 1 == exactcover.count(puzzle, limit=2, engine="python")
    numbered = [(r, c) for r, row in enumerate(puzzle.clues) for c, clue in enumerate(row) if clue is not None]
    for r, c in numbered:
        fewer = Slitherlink([[None if (i, j) == (r, c) else clue for j, clue in enumerate(row)]
                             for i, row in enumerate(puzzle.clues)])
        try:
            assert exactcover.count(fewer, limit=2, backend="search", max_nodes=generate.CHECK_NODES) == 2
        except BudgetExceeded:
            pass


@pytest.mark.parametrize("rows, columns", [(2, 2), (3, 3), (4, 6), (7, 7), (6, 9)])
def test_a_masyu_made_has_one_solution(rows, columns):
    for seed in range(3):
        puzzle = generate.masyu(rows, columns, seed=seed)
        assert puzzle.shape == (rows, columns)
        assert exactcover.count(puzzle, limit=2) == 1 == exactcover.count(puzzle, limit=2, backend="search")


def test_the_same_seed_makes_the_same_puzzle():
    for make in (generate.slitherlink, generate.masyu):
        assert make(7, seed=4) == make(7, seed=4)
        assert len({make(7, seed=seed) for seed in range(4)}) == 4


@pytest.mark.slow
def test_a_seed_makes_the_same_puzzle_in_another_process():
    """Whatever the interpreter's hash seed (which orders the sets of edges)."""
    script = ("from exactcover_loops import generate; "
              "print(generate.slitherlink(6, 8, seed=5).to_text()); print(generate.masyu(7, seed=5).to_text())")
    made = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert len(made) == 1
    assert made.pop() == f"{generate.slitherlink(6, 8, seed=5).to_text()}\n{generate.masyu(7, seed=5).to_text()}\n"


def test_a_grid_without_a_loop_is_refused():
    with pytest.raises(ProblemError, match="0x3 grid has no loop"):
        generate.slitherlink(0, 3)
    with pytest.raises(ProblemError, match="1x5 masyu has no loop"):
        generate.masyu(1, 5)


def test_the_command_prints_a_puzzle_its_solver_reads_back():
    made = run_command("slitherlink", "generate", "--size", "5x7", "--seed", "3")
    assert made.exit_code == 0, made.output
    assert Slitherlink.from_text(made.output) == generate.slitherlink(5, 7, seed=3)
    solved = run_command("solve", "slitherlink", "-", input=made.output)
    assert solved.exit_code == 0 and "·" in solved.output
    made = run_command("masyu", "generate", "--size", "6", "--seed", "3", "--json")
    document = json.loads(made.output)
    assert document["command"] == "masyu generate" and document["status"] == "ok"
    assert Masyu.from_text(document["puzzle"]) == generate.masyu(6, seed=3)
    bad = run_command("masyu", "generate", "--size", "3x")
    assert bad.exit_code == 2 and "a size is N or ROWSxCOLUMNS" in bad.output
    small = run_command("masyu", "generate", "--size", "1x4")
    assert small.exit_code == 2 and "1x4 masyu has no loop" in small.output and "Traceback" not in small.output
