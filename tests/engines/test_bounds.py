"""Multiplicities (bounds on primary items, Knuth's Algorithm M) against brute force.

Every solution exactly once, on random small matrices with bounds, secondary items, colors,
givens and exclusions; Knuth's example from dlx3.w; and the solver's features with bounds:
limits, budgets, progress, splitting, parallel counts, and clear refusals.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import BudgetExceeded, GivensClash, Matrix, MatrixError, Solver

from helpers import ENGINES, bounded_matrices, brute_force, is_consistent, is_solution


def knuth_example() -> Matrix:
    """dlx3.w's test case: A B 2:3|C | X Y; its unique solution is rows 2, 4 and 5."""
    rows = ["A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"]
    options = {}
    for k, row in enumerate(rows, 1):
        options[k] = {word.split(":")[0]: (word.split(":")[1] if ":" in word else None) for word in row.split()}
    return Matrix(["A", "B", "C"], options, secondary=["X", "Y"], bounds={"C": (2, 3)})


def test_knuths_example(engine):
    solver = Solver(knuth_example(), engine)
    assert list(solver.solutions()) == [(2, 4, 5)]


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=bounded_matrices(), data=st.data())
def test_every_solution_once(matrix, data):
    labels = [option.label for option in matrix.options]
    exclude = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        found = list(solver.solutions(exclude=exclude))
        assert all(is_solution(matrix, s) for s in found)
        counted = Counter(frozenset(s) for s in found)
        assert set(counted) == brute_force(matrix, exclude=exclude)
        assert all(n == 1 for n in counted.values())  # no solution twice
        assert solver.count(exclude=exclude) == len(found)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(matrix=bounded_matrices(), data=st.data())
def test_givens_with_bounds(matrix, data):
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    expected = brute_force(matrix, givens=givens) if is_consistent(matrix, givens) else None
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        if expected is None:
            with pytest.raises(GivensClash):
                solver.count(givens)
            continue
        assert {frozenset(s) for s in solver.solutions(givens)} == expected


def tetrominoes_in_a_box() -> Matrix:
    """The straight and square tetrominoes in a 4x4 box, each piece used 0 to 4 times."""
    options = {}
    for r in range(4):
        for c in range(4):
            if c <= 0:
                options[("I", r, "h")] = ["I"] + [(r, c + k) for k in range(4)]
            if r <= 0:
                options[("I", c, "v")] = ["I"] + [(r + k, c) for k in range(4)]
            if r <= 2 and c <= 2:
                options[("O", r, c)] = ["O", (r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)]
    cells = [(r, c) for r in range(4) for c in range(4)]
    return Matrix(["I", "O", *cells], options, bounds={"I": (0, 4), "O": (0, 4)})


@pytest.mark.slow
def test_a_tiling_with_repeated_pieces(engine):
    """4x4 by I and O tetrominoes: 2 with I only, 1 with O only, and 6 with two squares in
    two adjacent rows (or columns: 3 places each) and two I's in the others: 9."""
    matrix = tetrominoes_in_a_box()
    solver = Solver(matrix, engine)
    assert solver.count() == len(brute_force(matrix)) == 9


def test_limits_budgets_and_progress(engine):
    matrix = tetrominoes_in_a_box()
    solver = Solver(matrix, engine)
    assert solver.count(limit=3) == 3
    with pytest.raises(BudgetExceeded):
        solver.count(max_nodes=5)
    seen = []
    solver.count(progress=lambda p: seen.append(p.fraction))
    assert seen and seen == sorted(seen) and seen[-1] == 1.0


def test_split_and_parallel_counts_add_up(engine):
    matrix = tetrominoes_in_a_box()
    solver = Solver(matrix, engine)
    split = solver.split(2)
    assert sum(solver.count(prefix=prefix) for prefix in split.prefixes) + len(split.solutions) == 9
    assert exactcover.count(matrix, engine=engine, jobs=2) == 9


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=bounded_matrices(), seed=st.integers(0, 2**64 - 1))
def test_seeds_with_bounds(matrix, seed):
    """A seed shuffles the order (reproducibly, alike on both engines), never the set."""
    orders = [list(Solver(matrix, engine).solutions(seed=seed)) for engine in ENGINES]
    assert all(order == orders[0] for order in orders)
    assert {frozenset(s) for s in orders[0]} == brute_force(matrix)
    assert len(orders[0]) == len(brute_force(matrix))


def test_a_seed_changes_the_order():
    solver = Solver(tetrominoes_in_a_box())
    orders = {tuple(solver.solutions(seed=seed)) for seed in range(6)}
    assert len(orders) > 1 and all(len(order) == 9 for order in orders)


def test_bad_bounds_name_the_item():
    with pytest.raises(MatrixError, match="item 'a'.*0 <= lo <= hi"):
        Matrix(["a"], [["a"]], bounds={"a": (2, 1)})
    with pytest.raises(MatrixError, match="secondary item 's'"):
        Matrix(["a"], [["a"]], secondary=["s"], bounds={"s": 2})
    with pytest.raises(MatrixError, match="unknown item 'b'"):
        Matrix(["a"], [["a"]], bounds={"b": 2})
    assert Matrix(["a"], [["a"]], bounds={"a": 1}) == Matrix(["a"], [["a"]])


def test_bounds_beyond_a_c_int_name_the_item(engine, tmp_path):
    """Bounds up to 2**31 - 1 work; beyond, a MatrixError names the item (it was an
    OverflowError from the engine, exit 70 on the command line)."""
    from click.testing import CliRunner

    from exactcover.cli import cli

    top = (1 << 31) - 1
    assert exactcover.count(Matrix(["a", "b"], [["a", "b"], ["b"]], bounds={"a": (0, top)}), engine=engine) == 2
    with pytest.raises(MatrixError, match=r"item 'a' must be at most 2\*\*31 - 1"):
        Matrix(["a", "b"], [["a", "b"], ["b"]], bounds={"a": (0, top + 1)})
    path = tmp_path / "big.dlx"
    path.write_text("b 0:2147483648|a\na b\nb\n")
    done = CliRunner().invoke(cli, ["count", "dlx", str(path)])
    assert done.exit_code == 2 and "item 'a' must be at most 2**31 - 1" in done.stderr


@pytest.mark.slow
@pytest.mark.skipif(len(ENGINES) < 2, reason="needs both engines")
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=bounded_matrices(), data=st.data())
def test_both_engines_search_alike(matrix, data):
    """The same solutions in the same order, the same nodes, updates and levels, and the
    same subtrees when split."""
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=1)) if labels else []
    if not is_consistent(matrix, givens):
        return
    seen, depth = [], data.draw(st.integers(1, 3))
    for engine in ("c", "python"):
        solver = Solver(matrix, engine)
        found = list(solver.solutions(givens))
        stats = solver.stats
        split = solver.split(depth, givens)
        parts = [solver.count(givens, prefix=prefix) for prefix in split.prefixes]
        seen.append((found, stats.nodes, stats.updates, stats.max_level, split.prefixes, split.solutions, parts))
    assert seen[0] == seen[1]
    assert sum(seen[0][-1]) + len(seen[0][-2]) == len(seen[0][0])


def test_estimates_with_bounds(engine):
    """Knuth's probes by Algorithm M's moves: unbiased, so many of them average near the true
    counts (a fixed seed: the same numbers every run); both engines probe alike."""
    matrix = tetrominoes_in_a_box()
    solver = Solver(matrix, engine)
    estimate = solver.estimate(4000, seed=5)
    count = solver.count()
    nodes = solver.stats.nodes
    assert abs(estimate.solutions - count) < 3 * estimate.solutions_error + 0.1 * count
    assert abs(estimate.nodes - nodes) < 3 * estimate.nodes_error + 0.1 * nodes
    if len(ENGINES) == 2:
        assert Solver(matrix, "c").estimate(50, seed=9) == Solver(matrix, "python").estimate(50, seed=9)


def links(search) -> dict:
    """A search's links as lists (the C engine's through ``arrays``)."""
    if hasattr(search, "llink"):
        return {name: list(getattr(search, name)) for name in ("llink", "rlink", "top", "ulink", "dlink", "color")}
    return search.arrays


@pytest.mark.slow
@pytest.mark.skipif(len(ENGINES) < 2, reason="needs both engines")
@settings(max_examples=150, deadline=None)
@given(matrix=bounded_matrices(), seed=st.integers(0, 2**64 - 1), steps=st.integers(1, 6))
def test_probes_agree_and_leave_the_search_alone(matrix, seed, steps):
    """Both engines probe alike from any paused state, and the search goes on as if no probe
    had been made."""
    seen = []
    for engine in ("c", "python"):
        search, untouched = (Solver(matrix, engine).dancer.search() for _ in range(2))
        search.run(steps)
        untouched.run(steps)
        before = links(search)
        probe = search.probe(seed)
        assert links(search) == before
        for s in (search, untouched):
            while s.run(1000) != 0:
                pass
        assert (search.nodes, search.updates, search.solutions) == (untouched.nodes, untouched.updates,
                                                                   untouched.solutions)
        seen.append((probe, search.nodes))
    assert seen[0] == seen[1]


def queen_domination(n: int, queens: int) -> Matrix:
    """Knuth's example: place `queens` queens on an n x n board so that every square is
    occupied or attacked. An option per square: the queen item Q (exactly `queens` times)
    and the squares it dominates (each at least once, at most `queens` times)."""
    squares = [(r, c) for r in range(n) for c in range(n)]

    def dominated(r, c):
        return [(a, b) for a, b in squares if a == r or b == c or abs(a - r) == abs(b - c)]

    options = {(r, c): ["Q", *dominated(r, c)] for r, c in squares}
    return Matrix(["Q", *squares], options, bounds={"Q": queens, **{s: (1, queens) for s in squares}})


def test_queen_domination_against_every_placement(engine):
    from itertools import combinations

    matrix = queen_domination(5, 3)
    squares = [option.label for option in matrix.options]
    reach = {option.label: set(option.items[1:]) for option in matrix.options}
    expected = sum(1 for placed in combinations(squares, 3) if len(set().union(*(reach[s] for s in placed))) == 25)
    assert Solver(matrix, engine).count() == expected > 0


@pytest.mark.skipif("c" not in ENGINES, reason="the C engine is not built")
def test_five_queens_dominate_the_chessboard_in_4860_ways():
    """The count Knuth gives for 8x8 (TAOCP 7.2.2.1), in about 2 s on the C engine."""
    assert Solver(queen_domination(8, 5), "c").count() == 4860


def test_parallel_listing_with_bounds(engine):
    """Listed on many processes, every solution once: the same set as the serial search."""
    matrix = tetrominoes_in_a_box()
    serial = {frozenset(s) for s in Solver(matrix, engine).solutions()}
    parallel = list(exactcover.solutions(matrix, engine=engine, jobs=2))
    assert len(parallel) == len(serial) == 9 and {frozenset(s) for s in parallel} == serial
