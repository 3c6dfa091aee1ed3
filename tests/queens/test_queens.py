"""Tests for the queens plugin (exactcover_queens): counts, symmetry classes, placed queens, pictures."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import exactcover
from exactcover import ProblemError
from exactcover.cli import cli
from exactcover_queens import Placement, Queens, canonical
from exactcover_queens.queens import organ_pipe

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]


def test_counts_match_oeis(engine):
    """count(Queens(n)) is OEIS A000170 for n = 1..12, on both engines."""
    assert [exactcover.count(Queens(n), engine=engine) for n in range(1, 13)] == A000170


def test_distinct_counts_match_oeis(engine):
    """Queens(n, distinct=True) counts OEIS A002562 for n = 1..10."""
    assert [exactcover.count(Queens(n, distinct=True), engine=engine) for n in range(1, 11)] == A002562


def test_distinct_lists_one_per_class():
    """The distinct solutions are canonical, pairwise inequivalent, and cover every solution."""
    from exactcover_queens.queens import _images

    distinct = [p.columns for p in exactcover.solutions(Queens(8, distinct=True))]
    assert all(canonical(p) for p in distinct)
    classes = {min(_images(p)) for p in (s.columns for s in exactcover.solutions(Queens(8)))}
    assert sorted(distinct) == sorted(classes)
    assert exactcover.count(Queens(8, distinct=True), limit=5) == 5


def test_symmetric_solutions_are_counted_once():
    """n = 10 has solutions symmetric under a half turn; each class still counts once."""
    from exactcover_queens.queens import _images

    symmetric = [p for p in (s.columns for s in exactcover.solutions(Queens(10, distinct=True)))
                 if len(set(_images(p))) < 8]
    assert symmetric  # the case that makes naive "count / 8" wrong


def test_no_two_queens_attack(engine):
    """Every solution has one queen per row and column, and none share a diagonal."""
    for placement in exactcover.solutions(Queens(9), engine=engine):
        columns = placement.columns
        assert sorted(columns) == list(range(9))
        assert len({r + c for r, c in enumerate(columns)}) == 9
        assert len({r - c for r, c in enumerate(columns)}) == 9


def test_placed_queens_are_kept():
    """Pre-placed queens are in every solution (the completion problem)."""
    solutions = list(exactcover.solutions(Queens(8, placed=[(0, 0), (1, 4)])))
    assert solutions and all(p.columns[0] == 0 and p.columns[1] == 4 for p in solutions)
    assert exactcover.count(Queens(8, placed=[(0, 0)])) == 4


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"n": 8, "placed": [(8, 0)]}, r"square \(8, 0\) is off the 8x8 board"),
    ({"n": 8, "placed": [(0, 0), (3, 3)]}, r"placed queens at \(0, 0\) and \(3, 3\) attack each other \(diagonal\)"),
    ({"n": 8, "placed": [(0, 0), (0, 5)]}, "attack each other \\(row\\)"),
    ({"n": 8, "placed": [(1, 2), (1, 2)]}, "the same square"),
    ({"n": 0}, "n >= 1"),
    ({"n": 8, "placed": [(0, 0)], "distinct": True}, "cannot take placed queens"),
    ({"n": 8, "placed": ["ab"]}, "pairs of ints"),
    ({"n": 8, "placed": [(0.0, 0)]}, r"pairs of ints, not \(0.0, 0\)"),
    ({"n": 8, "placed": [("0", 0)]}, "pairs of ints"),
    ({"n": 8, "placed": [(True, 0)]}, "pairs of ints"),
])
def test_bad_boards(kwargs, message):
    """Off-board squares and attacking placed queens raise ProblemError naming the squares."""
    with pytest.raises(ProblemError, match=message):
        Queens(**kwargs)


def test_pictures():
    """str draws the board; the SVG has a queen per row."""
    placement = exactcover.solve(Queens(4))
    assert placement == Placement((2, 0, 3, 1))
    assert str(placement) == ". . Q .\nQ . . .\n. . . Q\n. Q . ."
    assert placement._repr_svg_().count("\u265b") == 4


def test_organ_pipe_order():
    """Items go from the middle outward."""
    assert organ_pipe(8) == [3, 4, 2, 5, 1, 6, 0, 7]
    assert sorted(organ_pipe(7)) == list(range(7))


def test_cli():
    """solve queens N draws a board; count queens N [--distinct] counts."""
    runner = CliRunner()
    result = runner.invoke(cli, ["solve", "queens", "8"])
    assert result.exit_code == 0 and result.stdout.count("Q") == 8
    assert runner.invoke(cli, ["count", "queens", "8"]).stdout == "92\n"
    assert runner.invoke(cli, ["count", "queens", "8", "--distinct"]).stdout == "12\n"
    done = runner.invoke(cli, ["solve", "queens", "6", "--distinct", "--all", "--json"])
    assert json.loads(done.stdout)["solutions"] == [[1, 3, 5, 0, 2, 4]]
    bad = runner.invoke(cli, ["solve", "queens", "eight"])
    assert bad.exit_code == 2 and "Invalid value for 'N': 'eight' is not a valid integer" in bad.stderr
    clash = runner.invoke(cli, ["solve", "queens", "4", "--queen", "0,0", "--queen", "1,1"])
    assert clash.exit_code == 2 and "attack each other (diagonal)" in clash.stderr


def test_cli_given_queens_are_marked():
    """--queen places a queen beforehand; the board draws it as 'q' (the search's as 'Q') and the
    picture rings it."""
    result = CliRunner().invoke(cli, ["solve", "queens", "6", "--queen", "0,1"])
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.split("\n")
    assert rows[0] == ". q . . . ." and result.stdout.count("Q") == 5
    placement = exactcover.solve(Queens(6, placed=[(0, 1)]))
    assert placement.given == ((0, 1),) and placement == Placement(placement.columns)
    svg = placement._repr_svg_()
    assert svg.count("<circle") == 1 and svg.count("\u265b") == 6
