"""Tests for exactcover.model.matrix: building matrices and rejecting bad ones."""

from __future__ import annotations

import copy
import pickle

import pytest

import exactcover
from exactcover import Matrix, MatrixError, Option, Solver


def test_mapping_options_keep_labels_and_order():
    """Options given as a mapping keep their labels and their items' order."""
    m = Matrix([1, 2, 3], {"a": [3, 1], "b": [2]})
    assert [o.label for o in m.options] == ["a", "b"]
    assert m.options[0].items == (3, 1)
    assert m.options[0].colors == (None, None)


def test_sequence_options_are_labelled_by_position():
    """Options given as a sequence are labelled 0, 1, 2, ..."""
    m = Matrix("x y".split(), [["x"], ["y"], ["x", "y"]])
    assert [o.label for o in m.options] == [0, 1, 2]


def test_colors_come_from_a_mapping_item_to_color():
    """An option given as a mapping item -> color colors its secondary items."""
    m = Matrix(["p"], {"o": {"p": None, "s": "red"}}, secondary=["s"])
    assert m.options[0].items == ("p", "s")
    assert m.options[0].colors == (None, "red")


def test_matrix_is_frozen_and_comparable():
    """A Matrix is an immutable value: equal when built alike, no attribute can be set."""
    a = Matrix([1], {"a": [1]})
    assert a == Matrix([1], {"a": [1]})
    with pytest.raises(AttributeError):
        a.primary = (2,)


def test_a_solved_matrix_is_still_a_value(engine):
    """A matrix that has been solved pickles, copies, compares and hashes as before."""
    def build():
        return Matrix(["p", "q"], {"a": {"p": None, "s": "red"}, "b": {"q": None, "s": "red"}}, secondary=["s"])

    solved, fresh = build(), build()
    assert exactcover.count(solved, engine=engine) == 1
    for again in (pickle.loads(pickle.dumps(solved)), copy.deepcopy(solved)):
        assert again == solved == fresh and hash(again) == hash(solved) == hash(fresh)
        assert exactcover.count(again, engine=engine) == 1
    assert pickle.loads(pickle.dumps(Solver(solved, engine))).count() == 1


@pytest.mark.parametrize(("build", "message"), [
    (lambda: Matrix(None, {}), "items must be a collection of item names, not NoneType"),
    (lambda: Matrix([1], None), "options must be a mapping label -> items or a sequence of options, not NoneType"),
    (lambda: Matrix([float("nan")], {}), "not equal to itself"),
    (lambda: Matrix([1], {}, secondary=[float("nan")]), "secondary item nan is not equal to itself"),
])
def test_none_and_nan_are_matrix_errors(build, message):
    """None for items or options, and NaN items (no option could name them), raise MatrixError."""
    with pytest.raises(MatrixError, match=message):
        build()


def test_repr_is_short():
    """repr summarises the size instead of listing every option."""
    assert repr(Matrix([1, 2], [[1], [2]])) == "Matrix(primary=2, secondary=0, options=2, entries=2)"


def test_counts_and_positions():
    """entries counts the ones; position numbers items primary first."""
    m = Matrix(["a", "b"], [["a", "c"], ["b"]], secondary=["c"])
    assert m.entries == 3
    assert m.items == ("a", "b", "c")
    assert m.position("c") == 2


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Matrix([1, 2], {"S1": [1, 7]}), "option 'S1' has unknown item 7"),
        (lambda: Matrix([1, 2], {"S1": [1, 1]}), "option 'S1' has item 1 twice"),
        (lambda: Matrix([1], {"S": {1: "red"}}), "option 'S' gives a color ('red') to primary item 1"),
        (lambda: Matrix(["a", ""], {}), "empty primary item name"),
        (lambda: Matrix(["a"], {}, secondary=[""]), "empty secondary item name"),
        (lambda: Matrix(["a", "a"], {}), "item 'a' is named twice"),
        (lambda: Matrix(["a"], {}, secondary=["a"]), "item 'a' is named twice"),
        (lambda: Matrix([[1]], {}), "primary item [1] is not hashable"),
        (lambda: Matrix([1], {"S": [[1]]}), "option 'S' has an unhashable item [1]"),
        (lambda: Matrix([1], {"S": 5}), "option 'S' must be a collection of items, not int"),
        (lambda: Matrix(list("ab"), {"S": "ab"}), "option 'S' is the string 'ab'"),
        (lambda: Matrix("ab", {}), "not the string 'ab'"),
        (lambda: Matrix([1], [Option("x", [1]), Option("x", [1])]), "two options are labelled 'x'"),
        (lambda: Matrix([1], [Option([], [1])]), "option label [] is not hashable"),
        (lambda: Option("o", [1, 2], [None]), "option 'o' has 2 items but 1 colors"),
        (lambda: Matrix([1], {"S": {1: None, 2: []}}, secondary=[2]), "unhashable color []"),
    ],
)
def test_bad_input_names_what_is_wrong(build, message):
    """Each kind of bad input raises MatrixError (a ValueError) naming the option or item."""
    with pytest.raises(MatrixError) as caught:
        build()
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)


def test_from_dense_list_of_lists():
    """A 0/1 list of lists becomes options labelled by row index over column items."""
    m = Matrix.from_dense([[1, 0, 1], [0, 1, 0], [1, 1, 0]])
    assert m.primary == (0, 1, 2)
    assert [(o.label, o.items) for o in m.options] == [(0, (0, 2)), (1, (1,)), (2, (0, 1))]


def test_from_dense_secondary_columns():
    """Columns listed as secondary become secondary items."""
    m = Matrix.from_dense([[1, 1], [1, 0]], secondary=[1])
    assert m.primary == (0,) and m.secondary == (1,)


def test_from_dense_numpy():
    """A NumPy array (0/1 or bool) gives the same matrix as the equivalent lists."""
    np = pytest.importorskip("numpy")
    rows = [[1, 0, 1], [0, 1, 0]]
    assert Matrix.from_dense(np.array(rows)) == Matrix.from_dense(rows)
    assert Matrix.from_dense(np.array(rows, dtype=bool)) == Matrix.from_dense(rows)


@pytest.mark.parametrize(
    ("rows", "kwargs", "message"),
    [
        ([[1, 0], [1]], {}, "row 1 has 1 entries, row 0 has 2"),
        ([[1, 2]], {}, "row 0, column 1 holds 2"),
        ([[1, 0]], {"secondary": [5]}, "secondary column 5"),
        (5, {}, "sequence of rows"),
    ],
)
def test_from_dense_rejects_bad_arrays(rows, kwargs, message):
    """A ragged array, a value other than 0/1, or a bad secondary column is named."""
    with pytest.raises(MatrixError, match=message):
        Matrix.from_dense(rows, **kwargs)


def test_the_shared_colors_of_plain_options_are_a_bounded_cache():
    """Options of 2,000 lengths (the audit's case: 190 MB kept for good) leave at most 256
    shared tuples behind."""
    from exactcover.model.matrix import _no_colors

    items = [f"i{k}" for k in range(2000)]
    Matrix(items, {k: items[:k + 1] for k in range(2000)})
    assert _no_colors.cache_info().currsize <= 256
