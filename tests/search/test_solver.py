"""Tests for exactcover.front.solver and the one-off functions, on both engines."""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import exactcover
from exactcover import BudgetExceeded, GivensError, Matrix, Solver

from exactcover_queens import Queens

from helpers import SLACK, is_solution
from problems import INKALA, INKALA_SOLUTION, PUZZLE_8008, queens_matrix, sudoku_givens, sudoku_matrix

FAMILY_1 = Matrix([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []})
FAMILY_2 = Matrix([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2], "S3": [2, 5], "S4": [2, 4], "S5": [1, 3, 4]})


@pytest.fixture(scope="module")
def sudoku():
    return sudoku_matrix()


def grid(solution) -> str:
    cells = {(r, c): d for r, c, d in solution}
    return "".join(str(cells[r, c]) for r in range(9) for c in range(9))


# -- the seed article ---------------------------------------------------------------------


@pytest.mark.parametrize(("matrix", "expected"), [(FAMILY_1, {("S1", "S2"), ("S3", "S4")}),
                                                   (FAMILY_2, {("S1", "S4"), ("S3", "S5")})])
def test_article_families(engine, matrix, expected):
    """The article's two set families have exactly the article's two solutions each."""
    found = {tuple(sorted(s)) for s in exactcover.solutions(matrix, engine=engine)}
    assert found == expected


def test_inkala_in_1493_nodes_with_the_article_encoding(engine):
    """Inkala's puzzle, clue cells restricted to their clue, is solved in exactly 1493 nodes."""
    solver = Solver(sudoku_matrix(INKALA), engine)
    solution = solver.first()
    assert grid(solution) == INKALA_SOLUTION
    assert solver.stats.nodes == 1493
    assert solver.count() == 1


def test_givens_save_one_node_per_clue(engine, sudoku):
    """With the clues as givens on the full matrix the same search takes 1493 - 21 nodes."""
    solver = Solver(sudoku, engine)
    givens = sudoku_givens(INKALA)
    solution = solver.first(givens)
    assert grid(solution) == INKALA_SOLUTION
    assert solution[: len(givens)] == tuple(givens)
    assert solver.stats.nodes == 1493 - len(givens)
    assert solver.stats.max_level == 81 - len(givens)


def test_8008_puzzle(engine, sudoku):
    """The 8008-solution stand-in puzzle counts 8008 on the full matrix with givens."""
    solver = Solver(sudoku, engine)
    assert solver.count(sudoku_givens(PUZZLE_8008)) == 8008
    assert solver.stats.solutions == 8008


# -- the questions ------------------------------------------------------------------------


def test_first_none_when_no_solution(engine):
    """first() is None, count() 0 and solutions() empty when nothing covers an item."""
    solver = Solver(Matrix([1, 2], {"a": [1]}), engine)
    assert solver.first() is None
    assert solver.count() == 0
    assert list(solver.solutions()) == []


def test_empty_matrix_has_the_empty_solution(engine):
    """With no primary item, the one solution is the empty one."""
    assert exactcover.solve(Matrix([], {"a": []}), engine=engine) == ()
    assert exactcover.count(Matrix([], []), engine=engine) == 1


def test_count_limit_and_is_unique(engine):
    """count stops at limit; is_unique tells one solution from several or none."""
    solver = Solver(queens_matrix(6), engine)
    assert solver.count() == 4
    assert solver.count(limit=3) == 3
    assert not solver.is_unique()
    assert Solver(queens_matrix(4), engine).count() == 2
    assert Solver(Matrix([1], {"a": [1]}), engine).is_unique()
    assert not Solver(Matrix([1], {}), engine).is_unique()


def test_solutions_are_lazy(engine):
    """The iterator searches only as far as the solutions asked for."""
    solver = Solver(queens_matrix(8), engine)
    iterator = solver.solutions()
    assert solver.stats.nodes == 0
    first = next(iterator)
    nodes_for_one = solver.stats.nodes
    assert solver.stats.solutions == 1
    assert is_solution(solver.matrix, first)
    rest = list(iterator)
    assert len(rest) == 91 and solver.stats.nodes > nodes_for_one


def test_solutions_limit(engine):
    """solutions(limit=n) yields at most n solutions."""
    assert len(list(exactcover.solutions(queens_matrix(8), limit=5, engine=engine))) == 5


def test_queens_counts(engine):
    """N-queens with diagonals secondary counts OEIS A000170."""
    counts = [Solver(queens_matrix(n), engine).count() for n in range(1, 9)]
    assert counts == [1, 0, 0, 2, 10, 4, 40, 92]


def test_colors(engine):
    """A secondary item may be shared by options that give it the same color."""
    m = Matrix(["p", "q", "r"], {
        "a": {"p": None, "s": "red"},
        "b": {"q": None, "s": "red"},
        "c": {"q": None, "s": "blue"},
        "d": {"r": None, "s": None},
        "e": {"r": None},
    }, secondary=["s"])
    found = {tuple(sorted(s)) for s in Solver(m, engine).solutions()}
    assert found == {("a", "b", "e")}


def test_solver_is_reusable_across_calls(engine, sudoku):
    """One compiled solver answers many searches with different givens."""
    solver = Solver(sudoku, engine)
    for puzzle in [INKALA, INKALA_SOLUTION[:40] + "." * 41]:
        assert grid(solver.first(sudoku_givens(puzzle)))[:40] == INKALA_SOLUTION[:40]


# -- givens --------------------------------------------------------------------------------


def test_givens_errors_name_the_options(engine):
    """Unknown, repeated and clashing givens raise GivensError naming the labels and item."""
    solver = Solver(FAMILY_1, engine)
    with pytest.raises(GivensError, match="given option 'S9' is not an option"):
        solver.first(["S9"])
    with pytest.raises(GivensError, match="option 'S1' is given twice"):
        solver.first(["S1", "S1"])
    with pytest.raises(GivensError, match="given options 'S1' and 'S3' cannot both be chosen: both cover item 1"):
        solver.count(["S1", "S3"])
    with pytest.raises(GivensError, match="not the string"):
        solver.first("S1")
    assert isinstance(GivensError("x"), ValueError)


def test_options_without_a_primary_item_are_never_chosen(engine):
    """Knuth's rule, as the README states it: an empty option, or one of secondary items only, is in no solution."""
    m = Matrix([1, 2], {"a": [1], "b": [2], "empty": [], "side": ["s"], "ab": [1, 2]}, secondary=["s"])
    assert sorted(map(sorted, exactcover.solutions(m, engine=engine))) == [["a", "b"], ["ab"]]
    assert exactcover.count(m, engine=engine) == 2


def test_odd_but_valid_arguments(engine):
    """Givens from a generator naming an unknown option, a huge limit, jobs=0: each gets a clear outcome."""
    solver = Solver(FAMILY_1, engine)
    with pytest.raises(GivensError, match="'S9' is not an option"):
        solver.count(givens=(label for label in ["S1", "S9"]))
    assert solver.count(limit=10**20) == 2 == len(list(solver.solutions(limit=10**20)))
    assert exactcover.count(FAMILY_1, engine=engine, limit=10**20) == 2
    for question in (exactcover.count, exactcover.solve, lambda m, **kw: list(exactcover.solutions(m, **kw))):
        with pytest.raises(ValueError, match="jobs must be positive"):
            question(FAMILY_1, jobs=0)


def test_clashing_sudoku_clues_are_an_error_not_no_solution(engine, sudoku):
    """Two equal digits in one row are rejected, not reported as unsolvable."""
    with pytest.raises(GivensError, match=r"\(0, 0, 5\) and \(0, 7, 5\)"):
        Solver(sudoku, engine).first([(0, 0, 5), (0, 7, 5)])


def test_givens_that_cover_everything(engine):
    """When the givens cover every primary item, they are the one solution."""
    assert Solver(FAMILY_1, engine).first(["S1", "S2"]) == ("S1", "S2")
    assert Solver(FAMILY_1, engine).count(["S3", "S4", "S5"]) == 1


# -- seeds -----------------------------------------------------------------------------


def test_seed_is_reproducible_and_changes_the_order(engine):
    """A seed gives the same solutions in the same order every time, and a new order."""
    solver = Solver(queens_matrix(6), engine)
    plain = list(solver.solutions())
    seeded = [list(solver.solutions(seed=s)) for s in (1, 1, 2)]
    assert seeded[0] == seeded[1]
    assert {frozenset(s) for s in seeded[2]} == {frozenset(s) for s in plain}
    orders = {tuple(tuple(sorted(s)) for s in list(solver.solutions(seed=s))) for s in range(8)}
    assert len(orders) > 1


def test_seeded_generation_of_a_full_grid(engine, sudoku):
    """Different seeds give different full sudoku grids, each valid."""
    solver = Solver(sudoku, engine)
    grids = {grid(solver.first(seed=s)) for s in range(5)}
    assert len(grids) == 5
    for g in grids:
        assert is_solution(sudoku, [(k // 9, k % 9, int(d)) for k, d in enumerate(g)])


# -- budgets, interrupts, threads ------------------------------------------------------------


def test_node_budget_is_exact_and_says_so(engine):
    """A search that needs more than max_nodes raises BudgetExceeded after exactly max_nodes."""
    solver = Solver(queens_matrix(8), engine)
    with pytest.raises(BudgetExceeded) as caught:
        solver.count(max_nodes=100)
    assert caught.value.reason == "max_nodes"
    assert caught.value.stats.nodes == 100 == solver.stats.nodes
    assert "not exhausted" in str(caught.value)
    assert solver.count(limit=1) == 1  # the solver is still usable
    assert Solver(FAMILY_1, engine).count(max_nodes=5) == 2  # the whole search takes 5 nodes
    with pytest.raises(BudgetExceeded):
        Solver(FAMILY_1, engine).count(max_nodes=4)


def test_budget_during_iteration_keeps_what_was_found(engine):
    """Iteration yields solutions up to the budget, then raises with the number found."""
    found = []
    with pytest.raises(BudgetExceeded) as caught:
        for solution in Solver(queens_matrix(8), engine).solutions(max_nodes=600):
            found.append(solution)
    assert caught.value.solutions == len(found) > 0


def test_timeout(engine):
    """A search longer than its timeout stops soon after it with reason 'timeout'."""
    solver = Solver(queens_matrix(16 if engine == "c" else 12), engine)
    started = time.monotonic()
    with pytest.raises(BudgetExceeded) as caught:
        solver.count(timeout=0.2)
    assert caught.value.reason == "timeout"
    assert time.monotonic() - started < 0.2 + SLACK


@pytest.mark.parametrize("through", ["solver", "function"])
def test_timeout_holds_while_solutions_stream(engine, through):
    """A timeout stops a stream of dense solutions on time, the consumer's time included."""
    solver = Solver(queens_matrix(12), engine)
    started, found = time.perf_counter(), 0  # (the timeout counts from the call that starts the search)
    if through == "solver":
        stream = solver.solutions(timeout=0.2)
    else:
        stream = exactcover.solutions(Queens(12), engine=engine, timeout=0.2)
    with pytest.raises(BudgetExceeded) as caught:
        for _ in stream:
            found += 1
            time.sleep(0.001)
    elapsed = time.perf_counter() - started
    assert caught.value.reason == "timeout" and 0.2 <= elapsed < 0.2 + SLACK
    # (through the public function, preparing the problem comes out of the timeout, which a
    # busy machine can stretch: the search has the rest, so only the whole call is held to it)
    assert caught.value.solutions <= found and 0 < stream.stats.seconds <= elapsed
    assert through != "solver" or stream.stats.seconds >= 0.2
    assert stream.stats.engine_seconds < stream.stats.seconds  # the consumer slept most of it
    with pytest.raises(BudgetExceeded):  # stopped stays stopped: never a quiet end
        next(stream)


def test_node_budget_holds_while_solutions_stream(engine):
    """max_nodes stops a stream of solutions at the budget, with a limit too."""
    stream = Solver(queens_matrix(10), engine).solutions(max_nodes=5000, limit=10**6)
    with pytest.raises(BudgetExceeded) as caught:
        for _ in stream:
            pass
    assert caught.value.reason == "max_nodes" and caught.value.stats.nodes == 5000 == stream.stats.nodes


@pytest.mark.slow
def test_statistics_belong_to_each_search(engine):
    """Two threads sharing a solver each read their own search's statistics, never the other's.
    (The counts do not memoize, so that they search the listing's tree.)"""
    solver = Solver(queens_matrix(9), engine)
    big = solver.count(memo=False)
    big_nodes = solver.stats.nodes
    small_nodes = (solver.count(givens=[(0, 0), (1, 2)], memo=False), solver.stats.nodes)[1]
    stop = threading.Event()

    def small_searches() -> None:
        while not stop.is_set():
            solver.count(givens=[(0, 0), (1, 2)], memo=False)
            assert solver.stats.nodes == small_nodes

    helper = threading.Thread(target=small_searches)
    helper.start()
    try:
        for _ in range(20):
            assert solver.count(memo=False) == big and solver.stats.nodes == big_nodes
            stream = solver.solutions()
            assert sum(1 for _ in stream) == big and stream.stats.nodes == big_nodes
    finally:
        stop.set()
        helper.join()


def test_ctrl_c_interrupts_quickly_and_the_solver_stays_usable(engine):
    """SIGINT during a long count raises KeyboardInterrupt within a fraction of a second."""
    solver = Solver(queens_matrix(16 if engine == "c" else 12), engine)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solver.count()
    finally:
        timer.cancel()
    assert time.monotonic() - started < 0.3 + SLACK
    assert solver.count(givens=[(0, 0)], limit=1) == 1


def test_one_solver_from_several_threads(engine):
    """Searches on one Solver from several threads each get the right answer."""
    solver = Solver(queens_matrix(8), engine)
    with ThreadPoolExecutor(4) as pool:
        counts = list(pool.map(lambda _: solver.count(), range(8)))
    assert counts == [92] * 8


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"limit": 0}, ValueError), ({"limit": -1}, ValueError), ({"limit": 1.5}, TypeError),
    ({"max_nodes": -1}, ValueError), ({"timeout": 0}, ValueError), ({"seed": "x"}, TypeError),
])
def test_bad_arguments(engine, kwargs, error):
    """Nonsense limits, budgets and seeds are refused before searching."""
    with pytest.raises(error):
        Solver(FAMILY_1, engine).count(**kwargs)


def test_unknown_engine_and_problem():
    """An unknown engine name or a non-Matrix problem is a clear error."""
    with pytest.raises(ValueError, match="engine must be"):
        Solver(FAMILY_1, engine="fortran")
    with pytest.raises(TypeError, match="cannot solve a list: no plugin handles it"):
        exactcover.solve([[1]])


def test_nbytes_per_entry(engine, sudoku):
    """The compiled matrix takes at most 32 bytes per entry."""
    assert Solver(sudoku, engine).nbytes / sudoku.entries <= 32


def test_exclude(engine):
    """exclude= leaves options out of one search; mistakes are named."""
    solver = Solver(FAMILY_1, engine)
    assert solver.count(exclude=["S1"]) == 1
    assert solver.first(exclude=["S3"]) == ("S1", "S2")
    assert solver.count() == 2  # only that search
    with pytest.raises(GivensError, match="option 'S1' is both given and excluded"):
        solver.count(["S1"], exclude=["S1"])
    with pytest.raises(GivensError, match="excluded option 'S9' is not an option"):
        solver.count(exclude=["S9"])


def test_solver_for_compiles_once_per_engine():
    """solver_for caches per matrix; "auto" shares the solver of the engine it stands for."""
    m = queens_matrix(5)
    assert exactcover.solver_for(m) is exactcover.solver_for(m, exactcover.ENGINE)
    assert exactcover.solver_for(m, "python").engine == "python"


def test_first_takes_progress_and_prefix(engine):
    """first() reports progress and can search one subtree, like solutions() and count()."""
    solver = Solver(queens_matrix(8), engine)
    reports = []
    assert exactcover.solve(queens_matrix(8), engine=engine, progress=reports.append) is not None
    assert reports and reports[-1].solutions == 1
    split = solver.split(1)
    found = [solver.first(prefix=prefix) for prefix in split.prefixes]
    assert all(s is not None for s in found) and len(set(found)) == len(found)
