"""Tests for exactcover.errors: typed errors, raised alike by both engines, that pickle."""

from __future__ import annotations

import pickle

import pytest

from exactcover import BudgetExceeded, GivensError, Matrix, Solver, Stats
from exactcover.errors import GivenAndExcluded, GivensClash, PrefixError, UnknownOption

from problems import queens_matrix

FAMILY = Matrix([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []})


@pytest.mark.parametrize("prefix", [[0], [-1], [10**6], ["x"], [1.5], [None], "ab", 7, [True]])
def test_a_bad_prefix_is_a_prefix_error(engine, prefix):
    """Any prefix that is not from this search's split raises PrefixError, a ValueError, on every call."""
    solver = Solver(FAMILY, engine)
    for question in (solver.count, solver.first, lambda prefix: list(solver.solutions(prefix=prefix))):
        with pytest.raises(PrefixError) as caught:
            question(prefix=prefix)
        assert isinstance(caught.value, ValueError)
        assert "prefix entry 0" in str(caught.value)


def test_a_prefix_of_another_search_is_named_by_its_position(engine):
    """A prefix valid for one set of givens but not another is refused at the entry that fails."""
    solver = Solver(queens_matrix(6), engine)
    prefix = solver.split(2).prefixes[0]
    with pytest.raises(PrefixError) as caught:
        solver.count(prefix=prefix + prefix[:1])
    assert caught.value.position == 2 and caught.value.node == prefix[0]


def test_givens_errors_are_typed_and_name_labels(engine):
    """Unknown, clashing, repeated and excluded givens raise GivensError subclasses with labels."""
    solver = Solver(FAMILY, engine)
    with pytest.raises(UnknownOption) as unknown:
        solver.first(["S9"])
    assert (unknown.value.option, unknown.value.role) == ("S9", "given")
    with pytest.raises(UnknownOption) as unknown:
        solver.count(exclude=[["unhashable"]])
    assert unknown.value.role == "excluded"
    with pytest.raises(GivensClash) as clash:
        solver.count(["S1", "S3"])
    assert (clash.value.first, clash.value.second, clash.value.item) == ("S1", "S3", 1)
    with pytest.raises(GivensClash, match="given twice"):
        solver.count(["S2", "S2"])
    with pytest.raises(GivenAndExcluded) as both:
        solver.count(["S1"], exclude=["S1"])
    assert both.value.option == "S1"
    with pytest.raises(GivensError, match="not int"):
        solver.count(givens=5)
    for error in (unknown.value, clash.value, both.value):
        assert isinstance(error, GivensError) and isinstance(error, ValueError)


@pytest.mark.parametrize("error", [
    GivensClash("a", "b", 3), GivenAndExcluded("a"), UnknownOption(7, "given"), PrefixError(5, 1),
    BudgetExceeded("timeout", Stats(nodes=10), 2),
])
def test_errors_pickle_with_their_facts(error):
    """Every error with facts survives pickling (it crosses process boundaries) with its message."""
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and again.args == error.args
