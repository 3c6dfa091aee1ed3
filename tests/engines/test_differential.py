"""Differential tests: both engines against brute force, and against each other.

Hypothesis draws thousands of small matrices, with secondary items, colors and givens. The
solution set must be exactly the oracle's, and the C engine must return the same solutions
in the same order with the same statistics as the Python engine.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import BudgetExceeded, GivensError, Matrix, Solver

from helpers import ENGINES, brute_force, matrices, wide_matrix


def run(engine: str, matrix: Matrix, givens, seed, exclude=()):
    solver = Solver(matrix, engine)
    solutions = list(solver.solutions(givens, seed=seed, exclude=exclude))
    stats = solver.stats
    count = solver.count(givens, seed=seed, exclude=exclude)
    return solutions, (stats.nodes, stats.updates, stats.solutions, stats.max_level), count


@pytest.mark.slow
@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=matrices(), data=st.data())
def test_engines_agree_with_brute_force_and_each_other(matrix, data):
    """Every engine finds exactly the oracle's solutions (givens in, excluded options out);
    all engines agree on order and statistics."""
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    seed = data.draw(st.one_of(st.none(), st.integers(0, 2**64 - 1)))
    free = [label for label in labels if label not in givens]
    exclude = data.draw(st.lists(st.sampled_from(free), max_size=3)) if free else []
    expected = brute_force(matrix, givens, exclude)
    results = {}
    for engine in ENGINES:
        try:
            results[engine] = run(engine, matrix, givens, seed, exclude)
        except GivensError:
            results[engine] = "clash"
    if "clash" in results.values():
        assert set(results.values()) == {"clash"}
        assert brute_force(matrix, givens) == set()  # clashing givens really cannot be chosen together
        return
    for engine, (solutions, stats, count) in results.items():
        assert {frozenset(s) for s in solutions} == expected, engine
        assert len(solutions) == len(expected) == count == stats[2], engine
    first = results[ENGINES[0]]
    for engine in ENGINES[1:]:
        assert results[engine] == first


@pytest.mark.skipif("c" not in ENGINES, reason="needs both engines")
@pytest.mark.parametrize("seed", [None, 7])
def test_engines_agree_on_a_large_search(seed):
    """On 8-queens, both engines give identical solution sequences and statistics."""
    from problems import queens_matrix

    m = queens_matrix(8)
    assert run("c", m, [], seed) == run("python", m, [], seed)


@pytest.mark.skipif("c" not in ENGINES, reason="needs both engines")
@pytest.mark.parametrize("seed", [None, 3])
def test_engines_agree_on_wide_matrices(seed):
    """The C engine's block choice on a wide matrix picks what the scan picks: the same
    solutions in the same order, the same statistics, with and without a seed, with givens,
    exclusions and a split's prefixes."""
    matrix = wide_matrix(1100, 900, 1)
    solvers = {engine: Solver(matrix, engine) for engine in ENGINES}

    def observe(solver):
        seen = []
        stream = solver.solutions(seed=seed, givens=[("r", 1)], exclude=[("d", 5)])
        seen.append([next(stream) for _ in range(30)])
        seen.append(dataclass_tuple(stream.stats))
        try:
            solver.count(seed=seed, max_nodes=5000)
        except BudgetExceeded as stop:
            seen.append(dataclass_tuple(stop.stats))
        split = solver.split(2)
        seen.append(split.prefixes)
        seen.append(solver.first(seed=seed, prefix=split.prefixes[-1]))
        seen.append(dataclass_tuple(solver.stats))
        return seen

    first, second = (observe(solvers[engine]) for engine in ENGINES)
    assert first == second


def dataclass_tuple(stats) -> tuple:
    return stats.nodes, stats.updates, stats.solutions, stats.max_level
