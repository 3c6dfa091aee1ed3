"""Every reader's edges: bytes that are not UTF-8, byte-order marks, NULs, odd line breaks,
JSON that nests or repeats keys, sudoku files with comments or rows, grids as arrays, closed
standard input, and click's usage errors. Each is a hostile input that once misbehaved."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from click.testing import CliRunner

from exactcover import ProblemError, read_dlx
from exactcover.cli import cli
from exactcover.model.family import parse_subsets
from exactcover_sudoku import InvalidPuzzle, Sudoku
from exactcover_sudoku.reading import parse_puzzles

from helpers import console_script

GRID = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.", "...419..5", "....8..79"]


def write(tmp_path, data: bytes) -> str:
    path = tmp_path / "input.dlx"
    path.write_bytes(data)
    return str(path)


def test_read_dlx_names_the_byte_that_is_not_utf8(tmp_path):
    path = write(tmp_path, b"a b\na\n\xffb\n")
    with pytest.raises(ProblemError, match=r"input.dlx': not UTF-8 text \(byte 6, 0xff, on line 3\)"):
        read_dlx(path)


def test_read_dlx_skips_a_byte_order_mark(tmp_path):
    matrix = read_dlx(write(tmp_path, b"\xef\xbb\xbfa b\na\nb\n"))
    assert matrix.items == ("a", "b") and len(matrix.options) == 2
    assert read_dlx("\ufeffa b\na\nb\n").items == ("a", "b")


@pytest.mark.parametrize("data", [b"a b\na\x00\nb\n", b"a\x00 b\na\nb\n"])
def test_a_nul_is_an_error_not_an_item_name(tmp_path, data):
    line = data.count(b"\n", 0, data.index(b"\0")) + 1
    with pytest.raises(ProblemError, match=f"line {line}: a NUL character"):
        read_dlx(write(tmp_path, data))


def test_line_numbers_count_newlines_only(tmp_path):
    """A form feed or U+2028 inside a line is white space, not a line break; \\r\\n ends a line."""
    with pytest.raises(ProblemError, match="line 3: unknown item 'c'"):
        read_dlx(write(tmp_path, "a b\na\x0cb\u2028\nc\n".encode()))
    with pytest.raises(ProblemError, match="line 3: unknown item 'c'"):
        read_dlx(write(tmp_path, b"a b\r\na b\r\nc\r\n"))


def test_read_dlx_from_a_binary_file(tmp_path):
    with open(write(tmp_path, b"\xef\xbb\xbfa\na\n"), "rb") as file:
        assert read_dlx(file).items == ("a",)


def test_subsets_json_with_a_key_twice_is_an_error():
    """json keeps the last of two equal keys: the problem would change quietly (here: no solution)."""
    with pytest.raises(ProblemError, match="the key 'A' appears twice"):
        parse_subsets('{"universe": [1, 2], "subsets": {"A": [1], "A": [2]}}')


def test_subsets_json_nested_deeply_is_a_clean_error():
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ProblemError, match="nested too deeply"):
        parse_subsets('{"universe": ' + deep + ', "subsets": {}}')


def test_subsets_text_line_numbers_count_newlines_only():
    with pytest.raises(ProblemError, match="line 3: expected 'name: elements'"):
        parse_subsets("universe: 1\x0c2\nA: 1\nbad\n")


def test_a_sudoku_file_with_one_puzzle_and_a_comment():
    puzzle = parse_puzzles("# from the newspaper\n" + "".join(GRID) + "\n")
    assert isinstance(puzzle, Sudoku) and puzzle.to_line() == "".join(GRID)


def test_nine_rows_without_separators_are_one_puzzle():
    """Nine lines of nine symbols are the rows of one grid (as Sudoku.parse reads them), not
    nine 3x3 puzzles; a file of 9x9 puzzles one per line is still a batch."""
    puzzle = parse_puzzles("# rows\n" + "\n".join(GRID) + "\n")
    assert isinstance(puzzle, Sudoku) and puzzle == Sudoku.parse("\n".join(GRID))
    batch = parse_puzzles("\n".join(["".join(GRID)] * 9))
    assert len(batch.problems) == 9


def test_an_input_with_no_puzzle_says_so():
    with pytest.raises(InvalidPuzzle, match="no puzzle"):
        parse_puzzles("# only a comment\n\n", source="<stdin>")


def test_sudoku_from_rows_and_from_numpy():
    np = pytest.importorskip("numpy")
    puzzle = Sudoku.parse("".join(GRID))
    rows = [list(puzzle.cells[r * 9:(r + 1) * 9]) for r in range(9)]
    assert Sudoku(rows) == puzzle
    array = np.array(rows, dtype=np.int8)
    assert Sudoku(array) == puzzle and Sudoku(array.ravel()) == puzzle
    assert all(type(v) is int for v in Sudoku(array).cells)
    assert Sudoku(array).solve().is_solved


@pytest.mark.parametrize(("cells", "message"), [
    ([[1, 2], [3]], "N rows of N cells"),
    ("53..7....", "use Sudoku.parse"),
])
def test_sudoku_cells_of_the_wrong_shape_say_what_to_pass(cells, message):
    with pytest.raises(InvalidPuzzle, match=message):
        Sudoku(cells)


@pytest.mark.parametrize("kind", ["dlx", "subsets", "sudoku"])
def test_closed_standard_input_is_a_clear_error(kind):
    done = subprocess.run([*console_script(), "solve", kind, "-"], stdin=None, capture_output=True, text=True,
                          preexec_fn=lambda: os.close(0))
    assert done.returncode == 2 and done.stderr == "exactcover: error: cannot read standard input: it is closed\n"


@pytest.mark.parametrize(("args", "message"), [
    (["solvex"], "No such command 'solvex'"),
    (["--bogus"], "No such option '--bogus'"),
    (["solve", "queens", "8", "--limit", "x"], "Invalid value for '--limit'"),
    (["count"], "Missing argument 'TYPE'"),
])
def test_usage_errors_are_one_line(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"exactcover: error: {message}") and result.stderr.count("\n") == 1


def test_standard_input_is_read_as_files_are():
    result = CliRunner().invoke(cli, ["count", "subsets", "-"], input=b"\xef\xbb\xbf" + json.dumps(
        {"universe": [1, 2], "subsets": {"A": [1], "B": [2], "C": [1, 2]}}).encode())
    assert result.exit_code == 0 and result.stdout == "2\n"
    result = CliRunner().invoke(cli, ["count", "dlx", "-"], input=b"a b\n\xfe\n")
    assert result.exit_code == 2 and "byte 4, 0xfe, on line 2" in result.stderr
