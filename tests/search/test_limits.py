"""Limits: no leaks over many searches, deep searches, abandoned iterators, threads."""

from __future__ import annotations

import gc
import threading
import tracemalloc

import pytest

import exactcover
from exactcover import Matrix, Solver

from problems import queens_matrix


def chain(n: int) -> Matrix:
    """n primary items that must be covered one level at a time: option k covers k and k+1's
    partner, so every level has exactly one choice and the search goes n levels deep."""
    options = {k: [k] for k in range(n)}
    options.update({("pair", k): [k, k + 1] for k in range(0, n - 1, 2)})
    return Matrix(range(n), options)


def workload(solver: Solver) -> None:
    solver.first(seed=3)
    iterator = solver.solutions()
    next(iterator)
    next(iterator)
    del iterator  # abandoned half-way
    solver.count(limit=50, exclude=[(0, 0)])
    solver.count(givens=[(0, 1)])
    split = solver.split(1)
    solver.count(prefix=split.prefixes[0])
    solver.estimate(20, seed=1)
    try:
        solver.count(givens=[(0, 0), (0, 1)])
    except exactcover.GivensError:
        pass


@pytest.mark.slow
def test_no_memory_growth_over_many_searches(engine):
    """Thousands of searches (iterators abandoned, errors raised) leave traced memory flat."""
    solver = Solver(queens_matrix(6), engine)
    for _ in range(20):
        workload(solver)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(300 if engine == "c" else 60):
            workload(solver)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 64 * 1024, f"{grown} bytes more after the loop"


@pytest.mark.parametrize("depth", [3000])
def test_deep_search(engine, depth):
    """A search thousands of levels deep neither hits the recursion limit nor a C stack."""
    solver = Solver(chain(depth), engine)
    solution = solver.first()
    assert len(solution) == solver.stats.max_level
    assert solver.stats.max_level >= depth // 2
    assert solver.count(limit=3) == 3


def test_abandoned_iterator_frees_its_search(engine):
    """An iterator dropped half-way releases its search (its copy of the arrays)."""
    solver = Solver(queens_matrix(8), engine)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        iterators = [solver.solutions() for _ in range(50)]
        for iterator in iterators:
            next(iterator)
        held = tracemalloc.get_traced_memory()[0] - before
        del iterators, iterator
        gc.collect()
        after = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held > 50 * solver.nbytes / 2  # each live search holds its own arrays
    assert after < held / 10


def test_a_search_object_is_not_shared_between_threads():
    """Each call makes its own search, so threads never share one; the engine also refuses
    to run one search from two threads at once instead of corrupting it."""
    solver = Solver(queens_matrix(9))
    results, errors = [], []

    def work():
        try:
            results.append(solver.count())
        except Exception as error:  # pragma: no cover - would be a failure
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [352] * 4 and not errors


def path(n: int) -> Matrix:
    """n items in a row, tiled by monominoes and dominoes: Fibonacci(n) solutions, and every
    node's item choice reads all n items."""
    options = {("mono", i): [i] for i in range(n)}
    options.update({("domino", i): [i, i + 1] for i in range(n - 1)})
    return Matrix(range(n), options)


@pytest.mark.slow
@pytest.mark.parametrize(("engine", "n"), [("c", 200_000), ("python", 20_000)])
def test_a_chunk_of_work_on_a_wide_matrix_is_a_few_nodes(engine, n):
    """On a matrix of many items the item choice costs more than the updates, so the engine's
    work budget counts its reads (2**SCAN_SHIFT per update): a chunk, and with it the wait
    for a deadline or Ctrl-C, is short however wide the matrix (it was 65,536 nodes: 4.6 s
    for timeout=0.5, 18 s for Ctrl-C at 10^6 items). The C engine reads at least one least
    LEN per block of 64 items per node, the Python engine every item's LEN."""
    from array import array

    from exactcover.engines.contract import PAUSED
    from exactcover.engines.pydlx import SCAN_SHIFT
    from exactcover.search.runs import CHUNK

    solver = Solver(path(n), engine)
    steps, work = CHUNK[engine]
    per_node = ((n >> 6) if engine == "c" else n) >> SCAN_SHIFT
    search = solver.dancer.search(array("i"), None, array("i"), array("i"))
    assert search.run(steps, work, True) == PAUSED
    assert 0 < search.nodes <= work // per_node + 2 < steps
    assert search.run(steps, work, True) == PAUSED  # (and it goes on from there)
    assert search.nodes <= 2 * (work // per_node + 2)
