"""The table of ways (cdlx/ways.c, pydlx/ways.py): both engines start every kind of search on
the row of the same name, and move it between rows alike."""

from __future__ import annotations

import pytest

from exactcover import Matrix, Solver
from exactcover.engines import contract, get
from exactcover.engines.pydlx import ways

from helpers import ENGINES, dancer, on_sets, wide_matrix

pytestmark = pytest.mark.skipif(len(ENGINES) < 2, reason="the C engine is not built")

EXACT = (4, 0, [[0, 1], [2, 3], [0, 2], [1, 3], [0], [1], [2], [3]])
COLORED = (2, 1, [[0, (2, 1)], [1, (2, 1)], [0, 1], [1, (2, 2)]])
BOUNDED = (2, 0, [[0], [1], [0, 1]], [0, 2, 1, 1])
BOUNDED_COLORED = (2, 1, [[0, (2, 1)], [1, (2, 1)], [0, 1]], [0, 2, 1, 1])
BINARY = contract.Tuning(binary=True)


def _dancers(problem):
    return [dancer(get(engine), problem) for engine in ("c", "python")]


def _compiled(matrix):
    return [Solver(matrix, engine).dancer for engine in ("c", "python")]


def _names(dancers, steps=(0, 3, 50, 10**6), **search):
    """Each engine's way, before its first run and after runs of ``steps`` nodes, counting."""
    found = []
    for d in dancers:
        s = d.search(**search)
        names = []
        for n in steps:
            if n:
                s.run(n, counting=True)
            names.append(s.way_name)
        found.append(names)
    return found


@pytest.mark.parametrize(("problem", "search", "first"), [
    (EXACT, {}, "links"),
    (COLORED, {}, "colored"),
    (BOUNDED, {}, "bounded"),
    (BOUNDED_COLORED, {}, "bounded colored"),
    (EXACT, {"memo": contract.MEMO_ON}, "memo"),
    (COLORED, {"memo": contract.MEMO_ON}, "memo colored"),
    (EXACT, {"memo": contract.MEMO_ON, "diagram": True}, "memo diagram"),
    (COLORED, {"memo": contract.MEMO_ON, "diagram": True}, "memo diagram colored"),
    (EXACT, {"tuning": BINARY}, "binary"),
    (COLORED, {"tuning": BINARY}, "binary colored"),
])
def test_both_engines_start_a_search_on_the_row_of_the_same_name(problem, search, first):
    c, python = _names(_dancers(problem), **search)
    # (pydlx takes a sample on the sets with tallies where it can, C on the links: pydlx/ways.py)
    python = [p if not (p == "tallied sets" and q == first) else q for p, q in zip(python, c)]
    assert c == python
    assert c[0] == first


def test_a_search_with_costs_a_loop_a_wide_or_zeros_matrix_starts_on_its_own_row():
    costs = _compiled(Matrix(["a", "b"], {"x": ["a"], "y": ["b"], "z": ["a", "b"]}, costs={"x": 1, "y": 2, "z": 4}))
    looped = [get(engine).Dancer(2, 1, [0, 1, 2, 4], [0, 1, 0, 2], [0, 0, 0, 1], loop=[1, 1, 2, 0, 1])
              for engine in ("c", "python")]
    assert _names(costs, best=2)[0][0] == _names(costs, best=2)[1][0] == "costs"
    assert _names(looped)[0] == _names(looped)[1]
    assert _names(looped)[0][0] == "loop"
    for n, name in ((300, "zeros"), (1100, "wide")):
        m = wide_matrix(n, 0, 1)
        assert _names(_compiled(m), steps=(0,)) == [[name], [name]]


@pytest.mark.parametrize("tallies", [False, True])
def test_a_sample_moves_a_search_to_the_same_row_on_the_sets(tallies):
    m = Matrix(range(12), {(k, j): [k, j] for k in range(12) for j in range(k + 1, 12)})
    c, python = _names(_compiled(m), steps=(0, 3, 100), tuning=on_sets(2, tallies))
    assert c == python
    assert c[-1] == ("tallied sets" if tallies else "sets")


def test_the_tables_have_the_same_rows():
    assert list(ways.WAYS) == ["links", "zeros", "wide", "colored", "loop", "bounded", "bounded colored", "sets",
                               "tallied sets", "colored sets", "msets", "costs", "memo", "memo colored",
                               "memo diagram", "memo diagram colored", "binary", "binary colored"]


def test_both_engines_take_the_item_choice_of_the_same_row():
    rules = {rule: contract.Tuning(rule=rule) for rule in (contract.RULE_WEIGHTED, contract.RULE_WEIGHTED_TIES,
                                                           contract.RULE_FAILURE_RATE)}
    prioritized = Matrix(["a", "b", "c"], {"x": ["a", "b"], "y": ["c"], "z": ["a"], "w": ["b", "c"]}, priority=["b"])
    cases = [(_dancers(EXACT), {}, "mrv"), (_dancers(EXACT), {"seed": 3}, "mrv seeded"),
             (_compiled(wide_matrix(1100, 0, 1)), {"seed": 3}, "mrv seeded wide"),
             (_compiled(prioritized), {}, "priority"), (_compiled(prioritized), {"seed": 3}, "priority seeded"),
             *((_dancers(EXACT), {"tuning": tuning}, name)
               for tuning, name in zip(rules.values(), ("weighted", "weighted ties", "failure rate")))]
    for dancers, search, name in cases:
        searches = [d.search(**search) for d in dancers]
        assert [s.choice_name for s in searches] == [name, name], (search, name)
        for s in searches:
            s.run(10**6, counting=True)
        assert searches[0].solutions == searches[1].solutions and searches[0].nodes == searches[1].nodes


@pytest.mark.parametrize("engine", ["c", "python"])
def test_a_probe_is_refused_in_the_words_of_the_row_that_refuses_it(engine):
    d = dancer(get(engine), EXACT)
    for search, said in (({"tuning": BINARY}, "binary branching"),
                         ({"tuning": contract.Tuning(rule=contract.RULE_WEIGHTED)}, "the weighted choice")):
        with pytest.raises(contract.Unsupported, match=f"random probes of a search with {said}"):
            d.search(**search).probe(1)
    assert d.search(seed=2).probe(1)[0]  # (a seed's search takes one)
