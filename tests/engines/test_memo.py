"""Memoized counting (`Solver.count(memo=...)`, pydlx/memo.py and cdlx/memo.c).

The memoized count must equal the plain count on every matrix (secondary items, colors,
givens, exclusions, a table too small to hold everything, a search paused every few nodes),
with the same statistics on both engines; domino tilings must match their closed-form
counts far beyond what enumeration reaches.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import GivensError, Matrix, Solver, Unsupported
from exactcover.engines import contract
from exactcover.engines.pydlx.memo import fixed_bytes

from problems import queens_matrix
from helpers import ENGINES, TILINGS, domino_file, dominoes, matrices


def memo_count(solver: Solver, givens=(), exclude=(), memo_bytes=None, steps=None):
    """A memoized count on the engine directly, paused every ``steps`` nodes if given; its
    count and every statistic the search keeps."""
    search = solver.dancer.search(solver.option_numbers(givens, "given"), None,
                                  solver.option_numbers(exclude, "excluded"), (), None,
                                  memo=contract.MEMO_ON,
                                  memo_bytes=contract.DEFAULT_MEMO_BYTES if memo_bytes is None else memo_bytes)
    while search.run(steps or 1 << 20, 0, True) == contract.PAUSED:
        pass
    return (search.solutions, search.nodes, search.updates, search.max_level, search.memo_hits,
            search.memo_lookups, search.memo_entries, search.memoizing)


@pytest.mark.slow
@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=matrices(), data=st.data())
def test_memoized_counts_are_the_plain_counts_on_both_engines(matrix, data):
    """Whatever the matrix, givens, exclusions, budget and pauses: the plain count, and the
    same statistics on every engine."""
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    free = [label for label in labels if label not in givens]
    exclude = data.draw(st.lists(st.sampled_from(free), max_size=3)) if free else []
    budget = data.draw(st.sampled_from([None, 0, 64, 200]))
    steps = data.draw(st.sampled_from([None, 1, 3]))
    results = set()
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        try:
            plain = solver.count(givens, exclude=exclude, memo=False)
        except GivensError:
            return
        found = memo_count(solver, givens, exclude, budget, steps)
        assert found[0] == plain == solver.count(givens, exclude=exclude, memo=True)
        results.add(found)
    assert len(results) == 1


def test_domino_tilings_match_the_closed_form(engine):
    """The tilings of 2n×2n boards, exactly, past 64 bits (14×14) and 128 bits is near."""
    largest = 16 if engine == "c" else 10
    for n in range(0, largest // 2 + 1):
        solver = Solver(dominoes(2 * n), engine)
        assert solver.count() == TILINGS[n]
        assert solver.stats.solutions == TILINGS[n]
        if n >= 3:
            assert solver.stats.memoized and solver.stats.memo_hits > 0


@pytest.mark.slow
def test_the_engines_keep_the_same_table():
    """On a search of thousands of states, and with a budget that fills: the same counts,
    nodes, hits and entries."""
    if "c" not in ENGINES:
        pytest.skip("needs both engines")
    fixed = fixed_bytes(100 + 1, 100)  # (the per-level arrays count too: 101 levels of a 100-item key)
    for budget in (None, fixed + 48 * 4096):  # (a slot of a two-word key takes 48 bytes)
        c, python = (memo_count(Solver(dominoes(10), engine), memo_bytes=budget) for engine in ("c", "python"))
        assert c == python and c[0] == TILINGS[5]
    assert c[6] == 2048  # the budget held: the table of 4096 slots, half full (8192 would pass it; 4024 without)


@pytest.mark.slow
def test_a_table_whose_arrays_pass_the_budget_is_not_started(engine):
    """A count whose table's per-level arrays alone would pass memo_bytes counts without a
    table, exactly (500,000 items: 31 GB of keys up front was a MemoryError)."""
    matrix = Matrix(range(500_000), {"all": range(500_000)})
    assert exactcover.count(matrix, engine=engine) == 1
    solver = Solver(matrix, engine)
    assert solver.count(memo=True) == 1 and not solver.stats.memoized
    small = Solver(dominoes(4), engine)
    assert small.count(memo=True, memo_bytes=100) == TILINGS[2] and not small.stats.memoized
    assert small.count(memo=True) == TILINGS[2] and small.stats.memoized


def test_a_purified_color_is_part_of_the_state():
    """Two states with the same items left but a secondary item purified to different
    colors are different subproblems: after A (red) 5 ways to finish, after B (blue) 3. (A
    key without the color field counts 10.)"""
    options = {"A": {"p1": None, "t": "red"}, "B": {"p1": None, "t": "blue"},
               "D1": {"p2": None, "t": "red"}, "D2": {"p2": None}, "D3": {"p2": None, "t": "blue"},
               "E1": {"q": None, "t": "red"}, "E2": {"q": None}, "E4": {"q": None, "p2": None}}
    matrix = Matrix(["p1", "p2", "q"], options, secondary=["t"])
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        assert solver.count(memo=False) == 8
        assert solver.count(memo=True) == 8 and solver.stats.memo_entries > 0


def test_the_automatic_choice(engine):
    """A count decides alone: it keeps the table on domino tilings and drops it on queens,
    where no state repeats; either way the count is right."""
    solver = Solver(dominoes(8), engine)
    assert solver.count() == TILINGS[4] and solver.stats.memoized
    solver = Solver(queens_matrix(10), engine)
    assert solver.count() == 724 and not solver.stats.memoized
    assert solver.count(memo=False) == 724 and solver.stats.memo_hits == 0
    assert solver.count(limit=5) == 5 and not solver.stats.memoized  # (a limited count does not memoize)


def test_limits_budgets_and_what_is_refused(engine):
    """A memoized count stops at its limit and its budget; seeds, the sets and listing are
    refused clearly, as are bounds."""
    solver = Solver(dominoes(6), engine)
    assert solver.count(memo=True, limit=100) == 100
    with pytest.raises(exactcover.BudgetExceeded):
        solver.count(memo=True, max_nodes=10)
    with pytest.raises(Unsupported, match="seed"):
        solver.count(memo=True, seed=1)
    with pytest.raises(Unsupported, match="sets"):
        solver.count(memo=True, way="sets")
    with pytest.raises(TypeError, match="memo must be"):
        solver.count(memo="yes")
    with pytest.raises(ValueError, match="memo_bytes"):
        solver.count(memo=True, memo_bytes=-1)
    search = solver.dancer.search(memo=contract.MEMO_ON)
    with pytest.raises(Unsupported, match="listing"):
        search.run(10)
    from exactcover_queens import Queens

    assert exactcover.count(Queens(8, distinct=True), engine=engine, memo=False) == 12  # (a filtered type)
    with pytest.raises(Unsupported, match="filters"):
        exactcover.count(Queens(8, distinct=True), engine=engine, memo=True)
    bounded = Solver(Matrix(["a"], {"x": ["a"], "y": ["a"]}, bounds={"a": (1, 2)}), engine)
    assert bounded.count() == 3  # (automatic: no memo with bounds)
    with pytest.raises(Unsupported, match="bounds"):
        bounded.count(memo=True)


def test_parallel_memoized_counts_add_up(engine):
    """Each subtree with its own table: the counts add up exactly, with jobs and with an
    executor."""
    from concurrent.futures import ThreadPoolExecutor

    board = dominoes(10 if engine == "c" else 8)
    expected = TILINGS[5 if engine == "c" else 4]
    assert exactcover.count(board, engine=engine, jobs=2, memo=True) == expected
    with ThreadPoolExecutor(2) as pool:
        assert exactcover.count(board, engine=engine, executor=pool) == expected


def test_the_command_line(tmp_path):
    """`exactcover count --memo/--no-memo --memo-bytes`, and the statistics say what the
    table did, in text and in JSON."""
    import json

    from click.testing import CliRunner

    from exactcover.cli import cli

    path = domino_file(tmp_path, 6)
    runner = CliRunner()
    result = runner.invoke(cli, ["count", "dlx", str(path), "--memo", "--stats"])
    assert result.exit_code == 0 and result.stdout.strip() == str(TILINGS[3])
    assert "memoized:" in result.stderr and "hits" in result.stderr
    result = runner.invoke(cli, ["count", "dlx", str(path), "--no-memo", "--json", "--stats"])
    summary = json.loads(result.stdout)
    assert summary["count"] == TILINGS[3] and summary["stats"]["memo_hits"] == 0 and not summary["stats"]["memoized"]
    result = runner.invoke(cli, ["count", "dlx", str(path), "--memo-bytes", "-1"])
    assert result.exit_code == 2 and "memo-bytes" in result.stderr
    result = runner.invoke(cli, ["count", "queens", "6", "--memo", "--seed", "3"])
    assert result.exit_code == 2 and "seed" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("tuning", [None, contract.Tuning.of("links"), contract.Tuning(floor=1e9)],
                         ids=["default", "links", "stays"])  # (not way="sets": contract.REFUSED, memo with it)
def test_pythons_table_on_the_sets_hands_over_as_cs_on_the_links(tuning, monkeypatch):
    """pydlx's table searches on the sets where a plain search could (Memo.runs_on_sets),
    C's on the links. An automatic count that drops its table after the sample then goes on
    where C's goes (back to the links, to the sets, with tallies): the same statistics,
    paused every 1,000 nodes, as C's and as pydlx's own table on the links."""
    from exactcover.engines.pydlx.memo import Memo

    solver = Solver(queens_matrix(10), "python")

    def run(dancer):
        search = dancer.search((), None, (), (), tuning, memo=contract.MEMO_AUTO, memo_bytes=contract.DEFAULT_MEMO_BYTES)
        statuses = []
        while (status := search.run(1000, 0, True)) == contract.PAUSED:
            statuses.append((search.nodes, search.updates, search.where))
        return statuses, (search.solutions, search.memo_hits, search.memo_entries, search.memoizing, search.tallied)

    on_sets = run(solver.dancer)
    assert on_sets[1][0] == 724 and not on_sets[1][3]
    if "c" in ENGINES:
        assert run(Solver(queens_matrix(10), "c").dancer) == on_sets
    monkeypatch.setattr(Memo, "runs_on_sets", lambda self: False)
    assert run(solver.dancer) == on_sets


@pytest.mark.parametrize("engine", ENGINES)
def test_a_hopeless_sample_ends_at_its_glance_and_a_paying_one_runs_to_its_end(engine):
    """An automatic count looks at its sample after MEMO_GLANCE nodes: 10-queens, whose
    states do not repeat, drops its table there; the domino tilings of a 10x10 board (14,483
    nodes memoized), whose hits stand for many times the nodes visited, sample on and keep
    it."""
    from exactcover.engines.pydlx.memo import MEMO_GLANCE, MEMO_SAMPLE

    def memoizing_after(matrix, nodes):
        search = Solver(matrix, engine).dancer.search(memo=contract.MEMO_AUTO,
                                                      memo_bytes=contract.DEFAULT_MEMO_BYTES)
        while search.nodes < nodes and search.run(nodes - search.nodes, 0, True) == contract.PAUSED:
            pass
        return search.memoizing

    assert memoizing_after(queens_matrix(10), MEMO_GLANCE - 1)
    assert not memoizing_after(queens_matrix(10), MEMO_GLANCE)
    assert memoizing_after(dominoes(10), MEMO_GLANCE) and memoizing_after(dominoes(10), MEMO_SAMPLE + 1)
