"""Tests for the sudoku problem type on the command line: puzzles, files of puzzles, explain, generate."""

from __future__ import annotations

import pytest

import json

from click.testing import CliRunner

from exactcover.cli import cli

from problems import INKALA, INKALA_SOLUTION, PUZZLE_8008
from helpers import DATA, puzzle_lines


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def test_solve_one_puzzle_draws_the_grid():
    """A puzzle on the command line is solved and drawn as a grid."""
    result = run("solve", "sudoku", INKALA)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == " 8 1 2 | 7 5 3 | 6 4 9"


def test_count_the_8008_puzzle():
    """count sudoku counts inside the engine."""
    assert run("count", "sudoku", PUZZLE_8008).stdout == "8008\n"


def test_file_of_puzzles_prints_one_line_each_and_a_rate(tmp_path):
    """A file of puzzles gives one solution line per puzzle and a summary with the rate on stderr."""
    lines = puzzle_lines("norvig_top95.txt")
    result = run("solve", "sudoku", DATA / "norvig_top95.txt")
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    assert len(out) == len(lines) and all(len(line) == 81 and "." not in line for line in out)
    assert "95 problems: 95 solved" in result.stderr and "per second" in result.stderr


def test_standard_input_and_json():
    """'-' reads puzzles from standard input; --json gives each puzzle's record."""
    result = run("solve", "sudoku", "-", "--json", input=INKALA + "\n" + INKALA + "\n")
    assert [p["solution"] for p in json.loads(result.stdout)["problems"]] == [INKALA_SOLUTION] * 2


def test_bad_lines_are_named_and_the_rest_solved(tmp_path):
    """In a file, an invalid puzzle is reported with its line; the others are still solved; exit 2."""
    path = tmp_path / "mixed.txt"
    path.write_text(INKALA + "\n" + "55" + "." * 79 + "\n" + puzzle_lines("invalid_no_solution.txt")[0] + "\n")
    result = run("solve", "sudoku", path)
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [INKALA_SOLUTION, "invalid", "no solution"]
    assert f"exactcover: error: {path}, line 2: r1c1 and r1c2 both hold 5 (row 1)" in result.stderr


@pytest.mark.parametrize("bad", ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7",
                                 "not a puzzle", "1 2 3"])
@pytest.mark.parametrize("where", [1, 2, 3])
def test_a_bad_line_is_named_whatever_the_other_lines(tmp_path, bad, where):
    """A file of puzzles one per line is read so whatever its bad line is (80 symbols, words,
    numbers) and wherever it is after the first: that line named by number, the others solved.
    (A line of another length once made the whole file one grid, with no line named.)"""
    lines = [INKALA, INKALA, INKALA]
    lines.insert(where, bad)
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    result = run("solve", "sudoku", path)
    assert result.exit_code == 2
    expected = [INKALA_SOLUTION] * 3
    expected.insert(where, "invalid")
    assert result.stdout.splitlines() == expected
    assert f"exactcover: error: {path}, line {where + 1}: " in result.stderr


def test_invalid_single_puzzle_is_exit_2_not_no_solution():
    """Clashing clues are an error (exit 2) naming the cells, never 'no solution'."""
    result = run("solve", "sudoku", "5" + "." * 9 + "5" + "." * 70)
    assert result.exit_code == 2 and "r1c1 and r2c2 both hold 5 (box 1)" in result.stderr
    assert "no solution" not in result.stdout


def test_valid_unsolvable_is_exit_1():
    """A valid puzzle without solution says so with exit status 1."""
    result = run("solve", "sudoku", puzzle_lines("invalid_no_solution.txt")[0])
    assert result.exit_code == 1 and result.stdout == "no solution\n"


def test_explain():
    """`exactcover sudoku explain` (the plugin's own command) prints the logic steps and the grade."""
    result = run("sudoku", "explain", puzzle_lines("norvig_easy50.txt")[0])
    assert result.exit_code == 0
    assert result.stdout.startswith("1. ") and "grade: easy" in result.stdout
    bad = run("sudoku", "explain", "12")
    assert bad.exit_code == 2 and bad.stderr.startswith("exactcover: error: '12' is neither a file nor a valid puzzle")


def test_generate():
    """`exactcover sudoku generate` prints a new puzzle; the same seed prints the same one."""
    first = run("sudoku", "generate", "--seed", "4", "--json")
    again = run("sudoku", "generate", "--seed", "4", "--json")
    assert first.exit_code == 0 and first.stdout == again.stdout
    line = json.loads(first.stdout)["puzzle"]
    assert run("count", "sudoku", line).stdout == "1\n"
    too_few = run("sudoku", "generate", "--clues", "5")
    assert too_few.exit_code == 2 and too_few.stderr.count("\n") == 1
    assert run("sudoku", "generate", "--box", "2by3").stderr.startswith(
        "exactcover: error: Invalid value for '--box': a box is ROWSxCOLS")


def test_box_option():
    """--box gives the box shape of a grid whose size does not decide it."""
    result = run("solve", "sudoku", "." * 36, "--box", "3x2")
    assert result.exit_code == 0
    assert run("solve", "sudoku", "." * 36, "--box", "3by2").exit_code == 2


def test_a_file_whose_first_line_is_not_a_puzzle_says_how_it_was_read(tmp_path):
    """A file of puzzles one per line whose first line is short is read as one grid (its
    first line decides); the error says so, and names that line."""
    from helpers import run_command

    path = tmp_path / "many.txt"
    rows = ["4" + "." * 80] * 40
    rows[0] = rows[0][1:]
    path.write_text("\n".join(rows) + "\n")
    done = run_command("solve", "sudoku", path)
    assert done.exit_code == 2
    assert "(read as one grid, since its first puzzle line, line 1, of 80 symbols, is not a whole puzzle)" in done.output
