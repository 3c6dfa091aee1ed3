"""Costs and the k cheapest solutions (Knuth's DLX5) against brute force.

Random small matrices with costs, secondary items, colors, givens and exclusions: the k best
costs are the k smallest of all solutions' costs, each solution valid and costed right; an
assignment problem against SciPy's Hungarian method; budgets give the best so far, unproven.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import Matrix, MatrixError, Solver, Unsupported, read_dlx, write_dlx

from helpers import ENGINES, brute_force, drawn_items, drawn_option, is_consistent, is_solution


@st.composite
def costed_matrices(draw) -> Matrix:
    primary, secondary = drawn_items(draw, 5, 2, least_primary=1)
    options = [drawn_option(draw, primary, secondary, 1, 4) for _ in range(draw(st.integers(0, 10)))]
    costs = {k: draw(st.integers(0, 9)) for k in range(len(options))}
    return Matrix(primary, options, secondary=secondary, costs=costs)


def cost(matrix: Matrix, solution) -> int:
    return sum(matrix.cost_of(label) for label in solution)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=costed_matrices(), data=st.data())
def test_the_k_best_are_the_k_cheapest(matrix, data):
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=1)) if labels else []
    exclude = data.draw(st.lists(st.sampled_from([x for x in labels if x not in givens]), max_size=2,
                                 unique=True)) if len(labels) > len(givens) else []
    if not is_consistent(matrix, givens):
        return
    every = sorted(cost(matrix, s) for s in brute_force(matrix, givens=givens, exclude=exclude))
    k = data.draw(st.integers(1, 4))
    for engine in ENGINES:
        found = Solver(matrix, engine).best(k, givens, exclude=exclude)
        assert found.proven
        assert [c for c, _ in found.solutions] == every[:k]
        for c, solution in found.solutions:
            assert is_solution(matrix, solution) and cost(matrix, solution) == c
            assert all(label in solution for label in givens)
        assert len({frozenset(s) for _, s in found.solutions}) == len(found)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(matrix=costed_matrices())
def test_costs_change_no_solution(matrix):
    """With costs, searches try options cheapest first: other order, same solutions."""
    plain = Matrix(matrix.primary, matrix.options, secondary=matrix.secondary)
    for engine in ENGINES:
        assert {frozenset(s) for s in Solver(matrix, engine).solutions()} == brute_force(plain)


def test_knuths_format_with_costs_round_trips():
    m = read_dlx("a b c\na b |3\nc |2 |5\na\nb c |1\n")
    assert m.costs == ((0, 3), (1, 7), (3, 1))
    assert read_dlx(write_dlx(m)) == m
    best = Solver(m).best(2)
    # (each solution's options in the order chosen: c first, whose two options' net costs,
    # 0 and 7, differ most)
    assert best.solutions == ((1, (3, 2)), (10, (1, 0))) and best.proven


def test_an_assignment_problem_against_scipy():
    """Workers to jobs, the cost matrix of a seeded random instance: the cheapest assignment
    is the one SciPy's linear_sum_assignment finds."""
    optimize = pytest.importorskip("scipy.optimize")
    matrix, table = assignment(7, 7)
    rows, cols = optimize.linear_sum_assignment(table)
    for engine in ENGINES:
        found = Solver(matrix, engine).best()
        assert found.proven and found.cost == sum(table[r][c] for r, c in zip(rows, cols))


def assignment(n: int, seed: int) -> tuple[Matrix, list[list[int]]]:
    """n workers, n jobs, a seeded random cost for each pair: the matrix and the costs."""
    import random

    rng = random.Random(seed)
    table = [[rng.randint(1, 99) for _ in range(n)] for _ in range(n)]
    options = {(w, j): [("worker", w), ("job", j)] for w in range(n) for j in range(n)}
    primary = [("worker", w) for w in range(n)] + [("job", j) for j in range(n)]
    return Matrix(primary, options, costs={(w, j): table[w][j] for w in range(n) for j in range(n)}), table


def test_a_budget_gives_the_best_so_far_unproven():
    matrix, _ = assignment(8, 3)
    full = Solver(matrix).best()
    cut = Solver(matrix).best(max_nodes=3)
    assert full.proven and not cut.proven
    assert cut.cost is None or cut.cost >= full.cost


def test_bad_costs_and_refusals():
    with pytest.raises(MatrixError, match="cost of option 'x' must be an int >= 0"):
        Matrix(["a"], {"x": ["a"]}, costs={"x": -1})
    with pytest.raises(MatrixError, match="costs name no option"):
        Matrix(["a"], {"x": ["a"]}, costs={"y": 1})
    matrix = Matrix(["a"], {"x": ["a"], "y": ["a"]}, costs={"x": 2})
    with pytest.raises(ValueError, match="k must be a positive int"):
        Solver(matrix).best(0)
    assert Solver(matrix).best(5).solutions == ((0, ("y",)), (2, ("x",)))
    assert Solver(Matrix(["a"], {"x": ["a"]})).best().solutions == ((0, ("x",)),)  # no costs: all cost 0
    with pytest.raises(Unsupported, match="the cheapest solutions with bounds"):
        Solver(Matrix(["a"], {"x": ["a"]}, costs={"x": 1}, bounds={"a": (0, 1)})).best()


COSTED_DLX = "a b c\na |1\nb c |5\na b |2\nc |2\na b c |6\n"


def test_the_command_prints_the_k_best(tmp_path):
    from helpers import run_command as run

    path = tmp_path / "costs.dlx"
    path.write_text(COSTED_DLX)
    result = run("solve", "dlx", path, "--best", "2")
    assert result.exit_code == 0
    assert result.output == "cost 4:\na b\nc\n\ncost 6:\nb c\na\n"  # (options in the order chosen)
    result = run("solve", "dlx", path, "--best", "3", "--json")
    assert json.loads(result.stdout)["costs"] == [4, 6, 6]
    result = run("solve", "dlx", path, "--best", "2", "--max-nodes", "1")
    assert result.exit_code == 3 and "not proven the cheapest" in result.output


@pytest.mark.slow
@pytest.mark.skipif(len(ENGINES) < 2, reason="needs both engines")
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=costed_matrices(), k=st.integers(1, 4))
def test_both_engines_search_alike(matrix, k):
    """The same k best in the same order, with the same nodes and updates; and the same
    order of every solution (the lists sorted by cost alike)."""
    seen = []
    for engine in ("c", "python"):
        solver = Solver(matrix, engine)
        found = solver.best(k)
        seen.append((found.solutions, found.stats.nodes, found.stats.updates, list(solver.solutions()),
                     solver.dancer.nbytes))
    assert seen[0] == seen[1]


def test_assignments_of_every_size_match_scipy():
    optimize = pytest.importorskip("scipy.optimize")
    for n in range(2, 13):
        matrix, table = assignment(n, n)
        rows, cols = optimize.linear_sum_assignment(table)
        for engine in ENGINES:
            assert Solver(matrix, engine).best(3).cost == sum(table[r][c] for r, c in zip(rows, cols))


def test_the_k_best_on_many_processes(engine):
    """On a pool or an executor, in rounds sharing the incumbent: the same k best costs as a
    serial search, each solution valid and costed right; budgets stop it unproven."""
    from concurrent.futures import ThreadPoolExecutor

    matrix, _ = assignment(9, 2)
    solver = Solver(matrix, engine)
    serial = [c for c, _ in solver.best(4).solutions]
    with ThreadPoolExecutor(2) as executor:
        for found in (solver.best(4, jobs=2), solver.best(4, executor=executor)):
            assert found.proven and [c for c, _ in found.solutions] == serial
            assert all(is_solution(matrix, s) and cost(matrix, s) == c for c, s in found.solutions)
    stopped = solver.best(4, jobs=2, max_nodes=5)
    assert not stopped.proven


def test_ties_keep_the_first_found(engine):
    """Four solutions, three of cost 3. After a's tax of 1 the net costs are x 0, ab0 0,
    ab1 2, ab2 2, y 2; the search branches on b (its two cheapest, ab0 and ab1, differ by 2,
    a's, x and ab0, by 0) and meets ab0, ab1, ab2, then y with x. best(2) keeps ab0 and ab1,
    the first of the tied ones found; best(4) has them all, cheapest first, ties in the
    order found."""
    matrix = Matrix(["a", "b"], {"ab1": ["a", "b"], "ab2": ["a", "b"], "x": ["a"], "y": ["b"], "ab0": ["a", "b"]},
                    costs={"ab1": 3, "ab2": 3, "x": 1, "y": 2, "ab0": 1})
    assert Solver(matrix, engine).best(2).solutions == ((1, ("ab0",)), (3, ("ab1",)))
    assert Solver(matrix, engine).best(4).solutions == ((1, ("ab0",)), (3, ("ab1",)), (3, ("ab2",)), (3, ("y", "x")))


def test_dlx5s_ten_solutions(engine):
    """dlx5.w's example: ten solutions of costs 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 (found in some
    order); the k best are the k smallest, whatever the order of discovery."""
    costs = [3, 1, 4, 1, 2, 3, 2, 4, 0, 0]  # (the discovery order dlx5.w imagines)
    matrix = Matrix(["a"], {k: ["a"] for k in range(10)}, costs=dict(enumerate(costs)))
    for k, expected in ((1, [0]), (3, [0, 0, 1]), (5, [0, 0, 1, 1, 2]), (8, [0, 0, 1, 1, 2, 2, 3, 3]),
                        (12, sorted(costs))):
        found = Solver(matrix, engine).best(k)
        assert [c for c, _ in found.solutions] == expected and found.proven
