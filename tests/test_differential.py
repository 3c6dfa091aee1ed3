"""Differential tests: both engines against brute force, and against each other.

Hypothesis draws thousands of small matrices, with secondary items, colors and givens. The
solution set must be exactly the oracle's, and the C engine must return the same solutions
in the same order with the same statistics as the Python engine.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import GivensError, Matrix, Solver, engines

from oracle import brute_force

ENGINES = ["python"] if engines.FORCE_PURE_PYTHON else list(engines.available())


@st.composite
def matrices(draw) -> Matrix:
    n_primary = draw(st.integers(0, 5))
    n_secondary = draw(st.integers(0, 3))
    primary = [f"p{k}" for k in range(n_primary)]
    secondary = [f"s{k}" for k in range(n_secondary)]
    options = []
    for _ in range(draw(st.integers(0, 9))):
        items = draw(st.lists(st.sampled_from(primary + secondary), unique=True, max_size=5)) if primary or secondary else []
        options.append({item: (draw(st.sampled_from([None, "red", "blue"])) if item in secondary else None) for item in items})
    return Matrix(primary, options, secondary=secondary)


def run(engine: str, matrix: Matrix, givens, seed, exclude=()):
    solver = Solver(matrix, engine)
    solutions = list(solver.solutions(givens, seed=seed, exclude=exclude))
    stats = solver.stats
    count = solver.count(givens, seed=seed, exclude=exclude)
    return solutions, (stats.nodes, stats.updates, stats.solutions, stats.max_level), count


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
