"""Tests for Knuth's text format (exactcover.plugins.dlx): reading, writing, round trips, errors."""

from __future__ import annotations

import io
import re
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import Matrix, MatrixError, ProblemError, read_dlx, write_dlx

KNUTH = """| the example of Knuth's paper
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
"""

COLORED = """a b c | x y
a x:red
b x:red y
c x:blue
c
"""


def test_read_knuth_example():
    """Knuth's example has one solution: options 'a d f', 'b g' and 'c e'."""
    m = read_dlx(KNUTH)
    assert m.primary == tuple("abcdefg") and m.secondary == ()
    assert [o.label for o in m.options] == list(range(6))
    assert sorted(exactcover.solve(m)) == [0, 3, 4]


def test_read_colors_and_secondary_items():
    """Secondary items after '|', colors after ':'."""
    m = read_dlx(COLORED)
    assert m.secondary == ("x", "y")
    assert m.options[0].colors == (None, "red")
    assert m.options[1].colors == (None, "red", None)
    assert {tuple(sorted(s)) for s in exactcover.solutions(m)} == {(0, 1, 3)}


def test_read_from_path_and_file(tmp_path):
    """A path (str or Path) and an open file read the same as the text."""
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH)
    assert read_dlx(path) == read_dlx(str(path)) == read_dlx(io.StringIO(KNUTH)) == read_dlx(KNUTH)


def test_write_round_trip():
    """write_dlx then read_dlx gives the same matrix."""
    for text in (KNUTH, COLORED):
        m = read_dlx(text)
        assert read_dlx(write_dlx(m)) == m
    assert write_dlx(read_dlx(COLORED)) == COLORED


names = st.text(alphabet="abcxyz019_-", min_size=1, max_size=3)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_round_trip_random(data):
    """Random matrices of string items and colors survive a round trip exactly."""
    items = data.draw(st.lists(names, unique=True, min_size=1, max_size=6))
    split = data.draw(st.integers(0, len(items)))
    primary, secondary = items[:split], items[split:]
    options = []
    for _ in range(data.draw(st.integers(0, 5))):
        chosen = data.draw(st.lists(st.sampled_from(items), unique=True, min_size=1, max_size=4))
        options.append({i: (data.draw(st.one_of(st.none(), names)) if i in secondary else None) for i in chosen})
    m = Matrix(primary, options, secondary=secondary)
    assert read_dlx(write_dlx(m)) == m


@pytest.mark.parametrize(("text", "message"), [
    ("a b\nc\n", "input, line 2: unknown item 'c'"),
    ("a b\na a\n", "line 2: item 'a' appears twice in this option"),
    ("a | x\na:red\n", "line 2: primary item 'a' cannot have a color"),
    ("a | x\na x:\n", "line 2: bad color in 'x:'"),
    ("a | x | y\n", "line 1: more than one '|' in the item line"),
    ("a a\n", "line 1: item 'a' is named twice"),
    ("a b:c\n", "line 1: bad item name 'b:c'"),
    ("| only a comment\n\n", "no item line"),
    ("|\n| x\n a b\nb x\n", "line 4: unknown item 'x'"),
])
def test_malformed_text_names_the_line(text, message):
    """Malformed text raises ProblemError with the line number and what is wrong."""
    with pytest.raises(ProblemError, match=message):
        read_dlx(text)


def test_missing_file():
    """A path that does not exist is a clear error, not a traceback from open()."""
    with pytest.raises(ProblemError, match="cannot read 'no/such/file.dlx'"):
        read_dlx("no/such/file.dlx")


def test_write_names_what_the_format_cannot_hold():
    """Items and colors the format cannot hold as they are get names made for them (their
    text when free, else i1, c1, ...), said in comments; the matrix reads back the same."""
    matrix = Matrix(["a b", 1, "1", (2, 3)], {"S1": {"a b": None, 1: None, "x": ("red", 1)}, "S2": ["1", (2, 3)]},
                    secondary=["x"])
    text = write_dlx(matrix)
    assert text.splitlines()[:4] == ["| exactcover: item a_b is 'a b'", "| exactcover: item i1 is 1",
                                    "| exactcover: item 2_3 is (2, 3)", "| exactcover: color red_1 is ('red', 1)"]
    back = read_dlx(text)
    assert back.primary == ("a_b", "i1", "1", "2_3") and str(back.options[0]) == "Option(0: 'a_b', 'i1', 'x':'red_1')"
    assert exactcover.count(back) == exactcover.count(matrix) == 1
    with pytest.raises(MatrixError, match="option 'S5' is empty"):
        write_dlx(Matrix(["a"], {"S1": ["a"], "S5": []}))
    with pytest.raises(MatrixError, match="without items"):
        write_dlx(Matrix([], []))


def test_only_secondary_items_round_trip():
    """A matrix with no primary item is written so that its item line is not a comment."""
    m = Matrix([], [{"x": "red"}], secondary=["x"])
    assert write_dlx(m).startswith(" | x")
    assert read_dlx(write_dlx(m)) == m


class Counted:
    """A label that counts how often it is compared."""

    comparisons = 0

    def __init__(self, k: int) -> None:
        self.k = k

    def __eq__(self, other: object) -> bool:
        Counted.comparisons += 1
        return isinstance(other, Counted) and other.k == self.k

    def __hash__(self) -> int:
        return hash(self.k)


def test_printing_a_long_solution_is_linear():
    """The dlx type prints each option by label through an index, not a search of the option
    list per label (which made a 10^5-option solution take minutes)."""
    from exactcover.plugins.manager import registry

    n = 3000
    labels = [Counted(k) for k in range(n)]
    matrix = Matrix(range(n), {label: [label.k] for label in labels})
    kind = registry().get("dlx")
    Counted.comparisons = 0
    text = kind.command_line.render(matrix, tuple(labels))
    assert text.splitlines() == [str(k) for k in range(n)]
    assert Counted.comparisons <= 4 * n


def test_matrix_option_by_label():
    matrix = Matrix([1, 2], {"a": [1], "b": [2]})
    assert matrix.option("b").items == (2,)
    with pytest.raises(MatrixError, match="no option is labelled 'c'"):
        matrix.option("c")
    assert pickle.loads(pickle.dumps(matrix)) == matrix


DLX3 = """| dlx3.w's simple example: C is covered two or three times
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_bounds_in_the_item_line_round_trip():
    """DLX3's `lo:hi|item` and `n|item` are read as bounds and written back as they were."""
    m = read_dlx(DLX3)
    assert m.bounds == (("C", (2, 3)),)
    assert read_dlx(write_dlx(m)) == m
    assert write_dlx(m).splitlines()[0] == "A B 2:3|C | X Y"
    exact = read_dlx("3|A 1:1|B 0:2|C\nA\nA B C\n")
    assert exact.bounds == (("A", (3, 3)), ("C", (0, 2)))  # 1:1 is the default
    assert write_dlx(exact).splitlines()[0] == "3|A B 0:2|C"
    assert list(exactcover.solutions(m)) == [(1, 3, 4)]


@pytest.mark.parametrize("text, message", [
    ("A 0|B\nA\n", "line 1: bad bounds in '0|B'"),
    ("A 3:2|B\nA\n", "line 1: bad bounds in '3:2|B'"),
    ("A | 2|X\nA\n", "line 1: secondary item 'X' cannot have bounds"),
    ("A 2|A\nA\n", "line 1: item 'A' is named twice"),
    ("A x:2|B\nA\n", "line 1: bad item name"),
])
def test_bad_bounds_name_the_line(text, message):
    with pytest.raises(ProblemError, match=re.escape(message)):
        read_dlx(text)
