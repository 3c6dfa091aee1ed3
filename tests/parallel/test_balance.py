"""Tests for a search split where it stands (`exactcover.parallel.balance`) and the balanced count."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import Solver
from exactcover.parallel import subtrees
from exactcover.parallel.balance import rest
from exactcover.engines.contract import DONE, Tuning
from exactcover.parallel.subtrees import Job
from exactcover_queens import Queens

from helpers import bounded_matrices, matrices
from problems import queens_matrix


def searched(dancer, job, prefix):
    """The subtree under ``prefix`` searched to its end: its solutions, nodes and updates."""
    search = job.call.start(dancer, prefix)
    while search.run(1 << 20, 0, True) != DONE:
        pass
    return search.solutions, search.nodes, search.updates


def count_of(dancer, job, prefix):
    return searched(dancer, job, prefix)[0]


def paused(dancer, job, nodes, way="auto"):
    """A search of the whole tree paused after ``nodes`` nodes (None if it ended first)."""
    search = job.call.start(dancer, tuning=Tuning.of(way))
    return None if search.run(nodes, 0, True) == DONE else search


@settings(max_examples=200, deadline=None)
@given(matrix=matrices(), nodes=st.integers(1, 40), way=st.sampled_from(["auto", "links", "sets"]),
       engine=st.sampled_from(["c", "python"]))
def test_what_is_left_counts_the_rest(matrix, nodes, way, engine):
    """Paused anywhere on any matrix (colors too, on the links or the sets), the part done
    and the subtrees left count the whole, their shares are the fraction left, and their
    nodes and updates, with the updates the split owes, are the whole search's."""
    solver = Solver(matrix, engine)
    job = Job.of(solver, solver.planned("first", way=way).call)
    search = paused(solver.dancer, job, nodes, way)
    if search is None:
        return
    left = rest(solver.dancer, job, search, 1.0)
    if left is None:  # (it stands on its floor: nothing searched yet)
        assert search.level == search.floor
        return
    pieces, owed = left
    parts = [searched(solver.dancer, job, prefix) for prefix, _ in pieces]
    whole = searched(solver.dancer, job, ())
    assert search.solutions + sum(part[0] for part in parts) == whole[0] == solver.count()
    assert search.nodes + sum(part[1] for part in parts) == whole[1]
    assert search.updates + owed + sum(part[2] for part in parts) == whole[2]
    assert search.fraction() + sum(share for _, share in pieces) == pytest.approx(1.0)
    assert len({prefix for prefix, _ in pieces}) == len(pieces)


def test_what_is_left_of_a_subtree(engine):
    """A subtree's search (with givens) split again: its part done and its pieces are the
    subtree's count, and each piece lies under the subtree's prefix."""
    solver = Solver(queens_matrix(9), engine)
    givens = [solver.labels[0]]
    job = Job.of(solver, solver.planned("first", givens).call)
    split = solver.split(2, givens)
    for prefix, share in zip(split.prefixes, split.shares):
        search = job.call.start(solver.dancer, prefix)
        if search.run(7, 0, True) == DONE:
            continue
        left = rest(solver.dancer, job, search, share)
        assert left is not None and all(piece[:len(prefix)] == prefix for piece, _ in left[0])
        pieces = left[0]
        whole = solver.count(givens, prefix=prefix)
        assert search.solutions + sum(count_of(solver.dancer, job, piece) for piece, _ in pieces) == whole


def test_searches_that_are_not_split(engine):
    """Bounds, costs, the weighted choice and a count keeping its table are never split."""
    cases = [(Solver(queens_matrix(7), engine), "weighted")]
    for solver, way in cases:
        job = Job.of(solver, solver.planned("first", way=way).call)
        search = paused(solver.dancer, job, 30, "links")
        assert rest(solver.dancer, job, search, 1.0) is None
    bounded = Solver(exactcover.Matrix(["a", "b"], {1: ["a"], 2: ["a"], 3: ["b"], 4: ["a", "b"]},
                                       bounds={"a": (1, 2), "b": (0, 1)}), engine)
    job = Job.of(bounded, bounded.planned("first").call)
    search = paused(bounded.dancer, job, 1)
    assert search is None or rest(bounded.dancer, job, search, 1.0) is None


@pytest.fixture
def tiny_chunks(monkeypatch):
    """Tasks that pause every few nodes, so that a time slice of nothing splits every subtree
    at every pause (in this process: the tasks run on threads)."""
    monkeypatch.setitem(subtrees.CHUNK, "c", (3, 1 << 20))
    monkeypatch.setitem(subtrees.CHUNK, "python", (3, 1 << 20))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(matrix=st.one_of(matrices(), bounded_matrices()), engine=st.sampled_from(["c", "python"]))
def test_a_count_split_at_every_pause_is_exact(tiny_chunks, matrix, engine):
    """Split again at every pause (thousands of splits), a count is still the serial one,
    with its nodes and updates. (Without the table of states: a subtree keeping its table is
    not split.)"""
    solver, serial = Solver(matrix, engine), Solver(matrix, engine)
    with ThreadPoolExecutor(2) as pool:
        assert exactcover.parallel.searches.count(solver, solver.planned("count", jobs=2, executor=pool, time_slice=1e-9,
                                                                            memo=False)) == serial.count(memo=False)
    assert (solver.stats.nodes, solver.stats.updates) == (serial.stats.nodes, serial.stats.updates)


def test_queens_split_at_every_pause(tiny_chunks):
    """Queens(8) split thousands of times, on threads, with progress that never goes back."""
    seen = []
    solver = Solver(queens_matrix(8))
    with ThreadPoolExecutor(2) as pool:
        assert exactcover.parallel.searches.count(solver, solver.planned(
            "count", jobs=2, executor=pool, time_slice=1e-9, progress=seen.append, memo=False)) == 92
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert seen[-1].subtrees.done > 100 and seen[-1].subtrees.waiting == seen[-1].subtrees.running == 0


def test_own_pool_splits_and_counts(engine):
    """On our own pool, slices short enough to split: the count is exact, the statistics say
    how many subtrees were done, and the progress reports them."""
    seen = []
    number = exactcover.count(Queens(11), jobs=2, time_slice=1e-4, engine=engine, progress=seen.append)
    assert number == 2680
    assert seen and seen[-1].fraction == 1.0 and seen[-1].subtrees.done >= 4
