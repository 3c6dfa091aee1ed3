"""A first solution with way "auto": MRV alone for its head start, then MRV and the weighted
ties in turn (exactcover.search.portfolio).

The schedule is counted in work, so the answer and the statistics are the same on both
engines and however the caller's chunks cut the run; below the head start nothing differs
from MRV's search; past it, the answer is a solution (or None exactly when there is none),
and on a hard puzzle it comes far sooner than MRV's.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import BudgetExceeded, GivensError, Matrix, Solver
from exactcover.search import portfolio

from helpers import ENGINES, brute_force, matrices
from problems import INKALA, queens_matrix, sudoku_matrix


@pytest.fixture
def early(monkeypatch):
    """The partner from the first few units of work on, in short turns: small problems then
    take both searches in turn."""
    monkeypatch.setattr(portfolio, "HEAD_START", 40)
    monkeypatch.setattr(portfolio, "SLICE", 8)


def first_with_stats(matrix: Matrix, engine: str, **search):
    solver = Solver(matrix, engine)
    found = solver.first(**search)
    stats = solver.stats
    return found, (stats.nodes, stats.updates, stats.solutions, stats.max_level)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(matrix=matrices(), data=st.data())
def test_both_searches_in_turn_answer_alike_on_both_engines(early, matrix, data):
    """With givens and exclusions: a solution of the oracle's, or None exactly when it has
    none; the same solution and statistics on every engine."""
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    free = [label for label in labels if label not in givens]
    exclude = data.draw(st.lists(st.sampled_from(free), max_size=2)) if free else []
    try:
        expected = brute_force(matrix, givens, exclude)
        seen = [first_with_stats(matrix, engine, givens=givens, exclude=exclude) for engine in ENGINES]
    except GivensError:  # (clashing givens: refused before any search, by every engine)
        return
    found = seen[0][0]
    assert (found is None) == (not expected)
    assert found is None or frozenset(found) in expected
    assert all(entry == seen[0] for entry in seen)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("chunk", [1, 7, 1000])
def test_the_turns_do_not_depend_on_the_callers_chunks(early, monkeypatch, engine, chunk):
    """Run a few nodes at a time or many, the turns end at the same nodes: the same answer
    and statistics."""
    from exactcover.search import runs

    matrix = queens_matrix(9)
    expected = first_with_stats(matrix, engine)
    monkeypatch.setitem(runs.CHUNK, engine, (chunk, 1 << 30))
    assert first_with_stats(matrix, engine) == expected


@pytest.mark.parametrize("engine", ENGINES)
def test_below_the_head_start_it_is_mrvs_search(engine):
    """Inkala's puzzle ends within the head start: the same solution and statistics as on
    the links."""
    matrix = sudoku_matrix(INKALA)
    assert first_with_stats(matrix, engine) == first_with_stats(matrix, engine, way="links")


@pytest.mark.parametrize("engine", ENGINES)
def test_what_goes_alone(early, engine):
    """A seed, another way, and bounds keep MRV's search alone: MRV's statistics."""
    matrix = queens_matrix(8)
    links = first_with_stats(matrix, engine, way="links")
    assert first_with_stats(matrix, engine, way="sets")[1] == links[1]
    assert first_with_stats(matrix, engine)[1] != links[1]  # (both searches, in turn)
    bounded = Matrix(["a", "b"], {1: ["a"], 2: ["a", "b"], 3: ["b"]}, bounds={"a": (1, 2)})
    assert first_with_stats(bounded, engine) == first_with_stats(bounded, engine, way="links")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_node_budget_counts_both_searches(early, engine):
    solver = Solver(queens_matrix(12), engine)
    with pytest.raises(BudgetExceeded):
        solver.first(max_nodes=30)
    assert solver.stats.nodes == 30


@pytest.mark.slow
@pytest.mark.skipif("c" not in ENGINES, reason="a hard 16x16 sudoku needs the C engine")
def test_a_hard_16x16_first_solution_comes_far_sooner():
    """A forum 16x16 (tests/data/sudoku, #9): MRV needs millions of nodes to a first
    solution; way "auto" answers within a tenth of them."""
    from exactcover.front.api import prepare
    from exactcover_sudoku import Sudoku

    from helpers import puzzle_lines

    matrix = prepare(Sudoku.parse(puzzle_lines("sudoku16_sample.txt")[8]), engine="c").solver.matrix
    givens = [(k // 16, k % 16, v) for k, v in enumerate(Sudoku.parse(puzzle_lines("sudoku16_sample.txt")[8]).cells) if v]
    solver = Solver(matrix, "c")
    with pytest.raises(BudgetExceeded):
        solver.first(givens, way="links", max_nodes=2_000_000)
    assert solver.first(givens, max_nodes=200_000) is not None
