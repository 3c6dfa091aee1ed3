"""count(reduce=None), the default: Knuth's preprocessing decided while the count runs
(autoreduce.py). The count is the same whichever way it goes; a short count never meets the
reduction; a long one that the rules shrink goes on reduced, its progress never going back
and its timeout running from its start."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings

import exactcover
from exactcover import BudgetExceeded, Matrix, Solver
from exactcover.front import autoreduce
from exactcover.search import runs
from exactcover.front.api import prepare

from helpers import ENGINES, larger, run_command, with_givens
from problems import SMALL

#: Knuth's first example with secondary items: the rules remove 3 of its 6 options.


@pytest.fixture
def eager(monkeypatch):
    """The choice made at once: a look after the first chunk (of one node), whatever the
    fraction done, and the reduction given all the time it takes."""
    monkeypatch.setattr(autoreduce, "LOOK", 0.0)
    monkeypatch.setattr(autoreduce, "LATE", 1.0)
    monkeypatch.setattr(autoreduce, "SHARE", 1e9)
    monkeypatch.setattr(autoreduce, "MOST", 1e9)
    monkeypatch.setattr(runs, "CHUNK", {"c": (1, 64), "python": (1, 64)})


def tiling(board: str = "8x8") -> Matrix:
    """The pentominoes on a board; the 8x8 one without its centre (520 solutions; the rules
    remove 152 of its 1,568 options)."""
    from exactcover_polyomino import make
    from exactcover_polyomino.tiling import encode

    return encode(make(board, "pentominoes", holes=[(3, 3), (3, 4), (4, 3), (4, 4)] if board == "8x8" else ()))


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_a_count_the_rules_shrink_goes_on_reduced(eager, engine):
    """The pentominoes on a 3x20 board: the rules remove 150 of the 1,236 options."""
    strip = tiling("3x20")
    assert exactcover.count(strip, engine=engine) == 8
    assert prepare(strip, engine).solver.stats.reduced
    assert exactcover.count(SMALL, engine=engine) == 1
    assert exactcover.count(SMALL, engine=engine, exclude=[0]) == 0


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(with_givens(larger()))
def test_a_count_reduced_on_the_way_is_the_same_count(eager, case):
    matrix, givens, excluded = case
    expected = exactcover.count(matrix, givens=givens, exclude=excluded, reduce=False)
    for engine in ENGINES:
        assert exactcover.count(matrix, givens=givens, exclude=excluded, engine=engine) == expected
        assert exactcover.count(matrix, givens=givens, exclude=excluded, engine=engine, limit=1) == min(expected, 1)


def test_a_count_the_rules_leave_alone_goes_on_where_it_was(eager, monkeypatch):
    """The queens: the reduction runs once, removes nothing, and the paused count goes on."""
    calls = []
    reduce = Matrix.reduce
    monkeypatch.setattr(Matrix, "reduce", lambda self, *a, **k: calls.append(1) or reduce(self, *a, **k))
    from exactcover_queens import Queens

    assert exactcover.count(Queens(8)) == 92
    assert calls == [1]
    assert not prepare(Queens(8)).solver.stats.reduced


def test_a_short_count_never_meets_the_reduction(monkeypatch):
    """With the real thresholds, a count that ends within its first look never reduces."""
    from exactcover_queens import Queens

    monkeypatch.setattr(Matrix, "reduce", lambda *a, **k: pytest.fail("reduced a short count"))
    assert exactcover.count(Queens(8)) == 92
    assert exactcover.count(SMALL) == 1
    assert not prepare(Queens(8)).solver.stats.reduced


def test_the_progress_never_goes_back_when_the_count_starts_again(eager, monkeypatch):
    monkeypatch.setattr(runs, "CHUNK", {"c": (256, 1 << 14), "python": (256, 1 << 14)})
    monkeypatch.setattr(runs, "PROGRESS_INTERVAL", 0.0)
    said, matrix = [], tiling()
    assert exactcover.count(matrix, progress=said.append) == 520
    assert prepare(matrix).solver.stats.reduced
    fractions = [report.fraction for report in said]
    assert len(fractions) > 2 and fractions == sorted(fractions) and fractions[-1] == 1.0


@pytest.mark.slow
def test_the_statistics_are_the_reduced_counts(eager):
    """On the links without a table, where a count's nodes do not hang on a timed sample."""
    matrix = tiling()
    assert exactcover.count(matrix, way="links", memo=False) == 520
    stats = prepare(matrix).solver.stats
    reduced = Solver(matrix.reduce().matrix, "c")
    reduced.count(way="links", memo=False)
    unreduced = Solver(matrix, "c")
    unreduced.count(way="links", memo=False)
    assert stats.reduced and stats.solutions == 520
    assert stats.nodes == reduced.stats.nodes < unreduced.stats.nodes


def test_the_timeout_runs_from_the_start_of_the_first_count(eager, monkeypatch):
    reduce = Matrix.reduce

    def slow(self, *args, **kwargs):  # (a reduction that takes the whole timeout)
        time.sleep(0.3)
        return reduce(self, *args, **kwargs)

    monkeypatch.setattr(Matrix, "reduce", slow)
    with pytest.raises(BudgetExceeded, match="time limit") as stopped:
        exactcover.count(tiling(), timeout=0.2)
    assert stopped.value.stats.reduced and stopped.value.stats.nodes == 0  # (the reduced count began past its time)


def test_reduce_is_true_false_or_none():
    with pytest.raises(TypeError, match="reduce must be True, False or None"):
        exactcover.count(SMALL, reduce="yes")  # type: ignore[arg-type]
    assert exactcover.count(SMALL, reduce=False) == exactcover.count(SMALL, reduce=True) == 1


def test_the_command_says_when_a_search_went_on_reduced(eager, tmp_path):
    source = tmp_path / "small.dlx"
    source.write_text("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
    done = run_command("count", "dlx", source, "--stats")
    assert done.exit_code == 0 and done.stdout == "1\n"
    assert "searched the problem reduced by Knuth's preprocessing" in done.stderr
    done = run_command("count", "dlx", source, "--stats", "--no-reduce")
    assert done.exit_code == 0 and done.stdout == "1\n" and "reduced" not in done.stderr
    done = run_command("count", "dlx", source, "--json", "--no-reduce")
    assert '"reduced": false' in done.stdout
    done = run_command("solve", "dlx", source, "--all", "--stats")
    assert done.exit_code == 0 and "searched the problem reduced by Knuth's preprocessing" in done.stderr
    plain = run_command("solve", "dlx", source, "--all", "--no-reduce")
    assert sorted(done.stdout.splitlines()) == sorted(plain.stdout.splitlines()) == ["A D", "B G", "C E F"]


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(with_givens(larger()))
def test_a_listing_reduced_on_the_way_lists_the_same_solutions(eager, case):
    matrix, givens, excluded = case
    expected = {frozenset(s) for s in exactcover.solutions(matrix, givens=givens, exclude=excluded, reduce=False)}
    for engine in ENGINES:
        found = [frozenset(s) for s in exactcover.solutions(matrix, givens=givens, exclude=excluded, engine=engine)]
        assert len(found) == len(expected) and set(found) == expected


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_a_listing_the_rules_shrink_goes_on_reduced(eager, engine):
    strip = tiling("3x20")
    listed = exactcover.solutions(strip, engine=engine)
    found = {frozenset(s) for s in listed}
    assert listed.stats.reduced and listed.stats.solutions == 8
    assert found == {frozenset(s) for s in exactcover.solutions(strip, engine=engine, reduce=False)}
    assert {frozenset(s) for s in exactcover.solutions(strip, engine=engine, limit=3)} <= found


def test_a_listing_that_handed_out_a_solution_goes_on_as_it_began(eager, monkeypatch):
    monkeypatch.setattr(autoreduce, "LOOK", 1e9)
    strip = tiling("3x20")
    listed = exactcover.solutions(strip)
    first = next(listed)
    monkeypatch.setattr(autoreduce, "LOOK", 0.0)  # (the look would pause now, but a solution is out)
    rest = list(listed)
    assert not listed.stats.reduced and len({first, *rest}) == 8


def test_a_first_solution_is_not_reduced_by_default(eager, monkeypatch):
    monkeypatch.setattr(Matrix, "reduce", lambda *a, **k: pytest.fail("reduced a first solution"))
    assert exactcover.solve(tiling("3x20")) is not None
    assert next(exactcover.solutions(tiling("3x20"), limit=1)) is not None
