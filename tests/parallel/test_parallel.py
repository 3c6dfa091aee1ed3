"""Tests for splitting, parallel and distributed counting, progress, and estimates."""

from __future__ import annotations

import importlib.util
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import BudgetExceeded, Solver, Unsupported
from exactcover.search.runs import CHUNK
from exactcover_queens import Queens
from exactcover_sudoku import Sudoku

from problems import PUZZLE_8008, queens_matrix
from helpers import SLACK, matrices


@settings(max_examples=150, deadline=None)
@given(matrix=matrices(), depth=st.integers(0, 3))
def test_split_counts_add_up_on_random_matrices(matrix, depth):
    """On random matrices, the subtrees at any depth plus the solutions above it count the whole."""
    solver = Solver(matrix, "python")
    split = solver.split(depth)
    below = sum(solver.count(prefix=prefix) for prefix in split.prefixes)
    assert len(split.solutions) + below == solver.count()


def test_split_solutions_are_the_serial_ones(engine):
    """The subtrees of 8-queens list exactly the serial solutions, each once."""
    solver = Solver(queens_matrix(8), engine)
    split = solver.split(3)
    listed = list(split.solutions) + [s for prefix in split.prefixes for s in solver.solutions(prefix=prefix)]
    assert sorted(map(sorted, listed)) == sorted(map(sorted, solver.solutions()))
    assert split.depth == 3 and abs(sum(split.shares) - 1.0) < 1e-9


def test_jobs_count_equals_serial():
    """count(..., jobs=2) equals the serial count on queens, sudoku and subsets."""
    assert exactcover.count(Queens(10), jobs=2) == exactcover.count(Queens(10)) == 724
    puzzle = Sudoku.parse(PUZZLE_8008)
    assert exactcover.count(puzzle, jobs=2) == 8008
    family = exactcover.Subsets([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4]})
    assert exactcover.count(family, jobs=2) == 2


def test_jobs_solutions_each_exactly_once():
    """solutions(..., jobs=2) yields every solution exactly once, decoded, in a fixed order."""
    first = [p.columns for p in exactcover.solutions(Queens(9), jobs=2)]
    again = [p.columns for p in exactcover.solutions(Queens(9), jobs=2)]
    assert first == again and len(first) == len(set(first)) == 352
    assert set(first) == {p.columns for p in exactcover.solutions(Queens(9))}
    assert len(list(exactcover.solutions(Queens(9), jobs=2, limit=5))) == 5
    assert exactcover.count(Queens(9, distinct=True), jobs=2) == 46
    assert exactcover.count(Queens(9), jobs=2, limit=10) == 10 == exactcover.count(Queens(9), limit=10)


def test_parallel_refuses_what_it_cannot_do():
    """A seed is not for parallel searches: a clear error, before any search."""
    with pytest.raises(Unsupported, match="many processes .* with a seed"):
        exactcover.count(Queens(8), jobs=2, seed=1)


@pytest.mark.parametrize(("pool", "time_slice"), [("own", None), ("executor", None), ("executor", 1e-4)])
def test_parallel_node_budget_stops_near_it(pool, time_slice):
    """max_nodes stops a parallel count: the pool's workers share it (a chunk over at most);
    another executor's tasks each hold a part of it and give back what they did not spend
    (never over, and the search may stop early). Tiny time slices make the tasks come back
    split many times, each with nodes to give back: a count on a busy machine does that."""
    budget = 300_000
    with ThreadPoolExecutor(2) as executor:
        where = {"jobs": 2} if pool == "own" else {"executor": executor}
        with pytest.raises(BudgetExceeded) as caught:
            exactcover.count(Queens(13), max_nodes=budget, time_slice=time_slice, **where)
    nodes = caught.value.stats.nodes
    assert caught.value.reason == "max_nodes"
    assert (budget <= nodes <= budget + 2 * CHUNK["c"][0]) if pool == "own" else (budget / 8 < nodes <= budget)


@pytest.mark.parametrize("question", ["count", "solutions"])
def test_parallel_timeout_holds_while_solutions_stream(question):
    """A timeout stops a parallel count, and a parallel stream of solutions with a slow consumer."""
    started = time.perf_counter()
    with pytest.raises(BudgetExceeded) as caught:
        if question == "count":
            exactcover.count(Queens(16), jobs=2, timeout=0.5)
        else:
            for _ in exactcover.solutions(Queens(12), jobs=2, timeout=0.5):
                time.sleep(0.001)
    elapsed = time.perf_counter() - started
    assert caught.value.reason == "timeout" and 0.5 <= elapsed < 0.5 + SLACK
    # (preparing the problem comes out of the timeout, and a busy machine can make it take much of
    # it: the search's own seconds are the rest, so only the whole call is held to the timeout)
    assert 0 < caught.value.stats.seconds <= elapsed and caught.value.stats.nodes > 0


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("distributed") is None, reason="the distributed extra is not installed")
def test_dask_local_cluster_counts_like_serial():
    """A real Dask LocalCluster (processes, loopback) counts what the serial search counts."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        executor = client.get_executor()
        assert exactcover.count(Queens(10), executor=executor) == 724
        assert exactcover.count(Sudoku.parse(PUZZLE_8008), executor=executor) == 8008
        listed = [p.columns for p in exactcover.solutions(Queens(8), executor=executor)]
        assert len(listed) == len(set(listed)) == 92
        from helpers import TILINGS, dominoes  # each subtree memoized on a worker, with its own table

        assert exactcover.count(dominoes(10), executor=executor, memo=True) == TILINGS[5]


@pytest.mark.parametrize("jobs", [None, 2])
def test_progress_is_monotone_and_ends_at_one(engine, jobs):
    """The progress fraction never decreases and the last report is 1.0, with the solutions."""
    reports = []
    if jobs is None:
        exactcover.count(Queens(9), engine=engine, progress=reports.append)
    else:
        exactcover.count(Queens(9), engine=engine, jobs=jobs, progress=reports.append)
    fractions = [r.fraction for r in reports]
    assert fractions[-1] == 1.0 and reports[-1].solutions == 352
    assert all(a <= b for a, b in zip(fractions, fractions[1:]))


def test_progress_reports_during_a_long_search(monkeypatch):
    """A longer search reports several times before the end."""
    from exactcover.search import runs

    monkeypatch.setattr(runs, "PROGRESS_INTERVAL", 0.0)
    reports = []
    Solver(queens_matrix(10), "python").count(progress=reports.append)
    assert len(reports) > 5 and 0 < reports[len(reports) // 2].fraction < 1


def test_estimates_within_their_error():
    """Knuth's estimates fall within three standard errors of the exact numbers on most runs."""
    hits, runs = 0, 0
    for n in (6, 7, 8, 9):
        solver = Solver(queens_matrix(n))
        exact_solutions = solver.count()
        exact_nodes = solver.stats.nodes
        for seed in range(3):
            estimate = solver.estimate(1500, seed=seed)
            runs += 1
            hits += abs(estimate.nodes - exact_nodes) <= 3 * estimate.nodes_error and \
                abs(estimate.solutions - exact_solutions) <= 3 * max(estimate.solutions_error, 1e-9)
    assert hits >= runs - 1


def test_estimate_of_a_problem_and_reproducibility(engine):
    """exactcover.estimate works on domain objects; the same seed gives the same estimate on both engines."""
    a = exactcover.estimate(Queens(8), samples=300, seed=4, engine=engine)
    b = exactcover.estimate(Queens(8), samples=300, seed=4, engine="python")
    assert a == b and a.samples == 300 and "probes" in str(a)


def test_streamed_pieces_keep_the_order_of_the_batches(monkeypatch):
    """With tiny pieces, a window of one piece and a slow reader, the pool's streamed listing
    is the same sequence as with whole pieces: every task's pieces in order, tasks in order."""
    import exactcover.parallel.searches as parallel
    import exactcover.parallel.subtrees as subtrees

    whole = [p.columns for p in exactcover.solutions(Queens(9), jobs=2)]
    monkeypatch.setattr(subtrees, "PIECE", 2)
    monkeypatch.setattr(parallel, "AHEAD", 1)
    streamed = []
    for placement in exactcover.solutions(Queens(9), jobs=2):
        streamed.append(placement.columns)
        if len(streamed) % 50 == 0:
            time.sleep(0.05)  # (the workers wait for the reader)
    assert streamed == whole and len(set(streamed)) == 352


@pytest.mark.slow
def test_listing_on_a_pool_streams_and_stops_early():
    """The first solutions of a huge listing arrive at once, in bounded memory, and the
    workers stop when the listing is closed (a batch was once listed whole in the worker:
    22.8 s and 1.2 GB before the first line of Queens 17)."""
    import subprocess
    import sys

    from helpers import console_script, limited

    code = ("import exactcover, itertools; from exactcover_queens import Queens\n"
            "it = exactcover.solutions(Queens(19), jobs=2)\n"
            "print(len(list(itertools.islice(it, 50_000))), flush=True)\n"
            "it.close()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=limited(1 << 30))
    assert done.returncode == 0 and done.stdout == "50000\n", done.stderr
    command = subprocess.run([*console_script(), "solve", "queens", "19", "--limit", "3", "--jobs", "2", "--jsonl"],
                             capture_output=True, text=True, timeout=60,
                             preexec_fn=limited(1 << 30))
    assert command.returncode == 0 and len(command.stdout.splitlines()) == 3 + 1  # (and the document)


def test_an_estimate_keeps_running_sums_not_samples():
    """The mean and its standard error come from running sums: the same numbers as from the
    samples kept, and memory that does not grow with the probes (a billion probes once kept
    56 GB of them)."""
    import math
    import random
    import statistics
    import tracemalloc

    from exactcover.search.estimates import _Running

    values = [random.Random(7).expovariate(1e-6) for _ in range(5000)]
    running = _Running()
    for value in values:
        running.add(value)
    assert math.isclose(running.mean(), statistics.fmean(values), rel_tol=1e-12)
    assert math.isclose(running.error(), statistics.stdev(values) / math.sqrt(len(values)), rel_tol=1e-9)
    exactcover.estimate(Queens(10), samples=10, seed=1)  # (the matrix and its solver made and kept)
    tracemalloc.start()
    exactcover.estimate(Queens(10), samples=20_000, seed=1)
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 100_000, peak  # (20,000 samples kept peaked at 930 kB)
