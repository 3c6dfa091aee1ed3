"""Hostile input: whatever goes in, only documented exceptions come out (never a crash).

Parsers (Sudoku.parse, read_dlx, parse_subsets), Matrix construction, and the command line
are fed random text and random structures by hypothesis.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import Matrix, MatrixError, ProblemError, read_dlx, write_dlx
from exactcover.cli import cli
from exactcover.model.family import parse_subsets
from exactcover_sudoku import InvalidPuzzle, Sudoku

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text that looks a little like each format, so the fuzzing gets past the first check.
symbols = st.sampled_from(list("123456789ABCDEFG.0_-|+: \n\tab#{}[]\",xyz") + ["\x00", "é", "１"])
puzzle_like = st.one_of(st.text(symbols, max_size=700), st.text(max_size=100),
                        st.lists(st.sampled_from(".123456789"), min_size=81, max_size=81).map("".join))
dlx_like = st.lists(st.lists(st.sampled_from(["a", "b", "c", "|", "x", "x:red", "y:", ":", "a:b", "||", "é"]),
                             max_size=6).map(" ".join), max_size=6).map("\n".join)
leaf = st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=3), st.booleans(), st.floats(allow_nan=True))
structure = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=2), inner, max_size=4),
                                                      st.tuples(inner, inner)), max_leaves=12)


@pytest.mark.slow
@FUZZ
@given(puzzle_like)
def test_sudoku_parse(text):
    """Sudoku.parse returns a valid grid or raises InvalidPuzzle."""
    try:
        puzzle = Sudoku.parse(text)
    except InvalidPuzzle:
        return
    assert Sudoku(puzzle.cells, puzzle.box) == puzzle


@pytest.mark.slow
@FUZZ
@given(st.one_of(st.lists(st.integers(-2, 20), max_size=90), structure), st.one_of(st.none(), structure))
def test_sudoku_constructor(cells, box):
    """Sudoku(cells, box) on any values raises InvalidPuzzle or TypeError, nothing else."""
    try:
        Sudoku(cells, box)
    except (InvalidPuzzle, TypeError):
        pass


@FUZZ
@given(st.one_of(dlx_like, st.text(max_size=80)))
def test_read_dlx(text):
    """read_dlx on any text returns a Matrix that writes back, or raises ProblemError."""
    try:
        matrix = read_dlx(text + "\n")
    except ProblemError:
        return
    try:
        assert read_dlx(write_dlx(matrix)) == matrix
    except MatrixError:
        assert any(not option.items for option in matrix.options)


@FUZZ
@given(st.text(symbols, max_size=200))
def test_parse_subsets(text):
    """parse_subsets raises only ProblemError."""
    try:
        parse_subsets(text)
    except ProblemError:
        pass


@pytest.mark.slow
@FUZZ
@given(structure, structure, structure)
def test_matrix_construction(primary, options, secondary):
    """Matrix(...) on any structure raises MatrixError (or TypeError for a wrong type)."""
    try:
        matrix = Matrix(primary, options, secondary=secondary)
    except (MatrixError, TypeError):
        return
    exactcover.count(matrix, max_nodes=10_000)


@FUZZ
@given(structure)
def test_from_dense(rows):
    """Matrix.from_dense raises only MatrixError."""
    try:
        Matrix.from_dense(rows)
    except MatrixError:
        pass


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["dlx", "subsets", "sudoku", "queens"]), text=st.one_of(dlx_like, puzzle_like),
       extra=st.lists(st.sampled_from(["--all", "--count", "--json", "--limit", "2", "--seed", "x", "--box", "2x2", "--distinct", "-"]), max_size=3))
def test_cli_inputs(tmp_path_factory, kind, text, extra):
    """Any file given to any problem type gets an answer or a one-line error: never a traceback."""
    path = tmp_path_factory.mktemp("fuzz") / "input.txt"
    path.write_text(text)
    arg = "7" if kind == "queens" else str(path)
    result = CliRunner().invoke(cli, ["solve", kind, arg, *extra, "--max-nodes", "20000"])
    assert result.exit_code in (0, 1, 2, 3), (result.exit_code, result.output)
    assert "Traceback" not in result.output and "internal error" not in result.stderr
    if result.exit_code == 2:
        assert result.stderr.count("\n") >= 1
    if "--json" in extra:  # (one document, on every path)
        assert json.loads(result.stdout)["exit"] == result.exit_code
