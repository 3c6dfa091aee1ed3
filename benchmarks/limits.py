"""A matrix with a million options: build, compile, solve; time, memory, bytes per entry.

The 100x100 sudoku (10x10 boxes) has 10^6 options and 4*10^6 entries. The script builds the
Matrix, compiles it for the C engine, and solves a puzzle on it (a pattern-made full grid
with a tenth of its cells blanked: with a third blanked, such grids become hard searches that
run for many minutes), printing the time of each step, the Python memory of the
Matrix (tracemalloc), the engine's bytes per entry, and the process's peak memory.

    python benchmarks/limits.py [--n 100]
    python benchmarks/limits.py --wide 100000 1000000 [--engine c]
    python benchmarks/limits.py --sparse 1000000
    python benchmarks/limits.py --shapes 2000

``--wide`` instead measures searches on wide matrices: the path of N items tiled by
monominoes and dominoes (2N options, Fibonacci(N) solutions, so a count never ends), where
every node's item choice reads all N items. For each N it prints the nodes per second, how
long ``timeout=0.5`` takes to stop the count, and how long a Ctrl-C (SIGINT sent 0.5 s in)
takes to raise KeyboardInterrupt: both late by up to one chunk of work.

``--shapes`` measures a long-lived process that meets many problem shapes, one after the
other: queens boards, sudoku box shapes and polyomino rectangles, each searched once for at
most 20,000 nodes (the front ends keep the latest shapes' matrices and compiled solvers in bounded caches). It
prints the resident memory every few hundred shapes: it must level off, not grow with them.
"""

from __future__ import annotations

import argparse
import random
import resource
import signal
import time
import tracemalloc

import exactcover
from exactcover_sudoku import Sudoku
from exactcover_sudoku.encoding import matrix_for


def path(n: int) -> exactcover.Matrix:
    """The path of n items, tiled by monominoes (i) and dominoes (i, i+1)."""
    options = {("mono", i): [i] for i in range(n)}
    options.update({("domino", i): [i, i + 1] for i in range(n - 1)})
    return exactcover.Matrix(range(n), options)


def wide(sizes: list[int], engine: str) -> None:
    for n in sizes:
        solver = exactcover.Solver(path(n), engine)
        started = time.perf_counter()
        try:
            solver.count(timeout=0.5)
        except exactcover.BudgetExceeded:
            pass
        stopped = time.perf_counter() - started
        nodes = solver.stats.nodes
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        previous = signal.signal(signal.SIGALRM, lambda *_: signal.raise_signal(signal.SIGINT))
        started = time.perf_counter()
        try:
            solver.count()
        except KeyboardInterrupt:
            pass
        interrupted = time.perf_counter() - started
        signal.signal(signal.SIGALRM, previous)
        print(f"{engine} engine, {n:>9,} items: {nodes / stopped:>10,.0f} nodes/s; timeout=0.5 stopped after "
              f"{stopped:5.2f} s; Ctrl-C at 0.5 s seen after {interrupted:5.2f} s", flush=True)


def sparse(options: int, items: int = 10_000, per: int = 4) -> None:
    """A random SciPy CSR array of ``options`` rows (``per`` ones each) read by
    Matrix.from_sparse: time, the Python memory the Matrix holds, then compiling it."""
    import numpy as np
    import scipy.sparse as sp

    rng = np.random.default_rng(1)
    gaps = rng.integers(1, items // (2 * per), size=(options, 1))
    starts = rng.integers(0, items - per * gaps.max(), size=(options, 1))
    columns = (starts + gaps * np.arange(per)).ravel()  # (distinct within a row: a gap >= 1)
    array = sp.csr_array((np.ones(options * per, dtype=np.int8), columns, np.arange(0, options * per + 1, per)),
                         shape=(options, items))
    started = time.perf_counter()
    exactcover.Matrix.from_sparse(array)
    built = time.perf_counter() - started  # (timed apart: tracemalloc slows building several times over)
    rows = columns.reshape(options, per).tolist()
    started = time.perf_counter()
    exactcover.Matrix(range(items), rows)
    from_lists = time.perf_counter() - started
    tracemalloc.start()
    matrix = exactcover.Matrix.from_sparse(array)
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    started = time.perf_counter()
    exactcover.Solver(matrix, "c").dancer  # noqa: B018 -- (compiled now)
    compiled = time.perf_counter() - started
    entries = options * per
    print(f"from_sparse: {options:,} options, {entries:,} entries, {items:,} items: built in {built:.2f} s "
          f"(the same Matrix from lists of ints: {from_lists:.2f} s), "
          f"the Matrix holds {held / 2**20:.0f} MiB ({held / entries:.0f} B an entry; peak {peak / 2**20:.0f} MiB); "
          f"compiled in {compiled:.2f} s; process peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10:.0f} MiB")


def _current_rss() -> float:
    """The process's resident memory now, in MB (Linux's /proc; the peak elsewhere)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize() / 1e6
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def shapes(count: int) -> None:
    """Solve ``count`` problems of as many shapes, printing the resident memory as it goes."""
    from exactcover_polyomino import make
    from exactcover_queens import Queens

    def problems():
        k = 0
        while True:
            yield f"queens {8 + k % 120}", Queens(8 + k % 120)
            rows, cols = 2 + k % 5, 2 + (k // 5) % 4
            yield f"sudoku {rows}x{cols} boxes", Sudoku([0] * (rows * cols) ** 2, box=(rows, cols))
            yield f"polyomino 2x{2 + k % 300}", make(f"2x{2 + k % 300}", "domino", counts={"2": 2 + k % 300})
            k += 1

    print(f"{'shapes':>7} {'resident MB':>12}   (the latest shape)")
    print(f"{0:>7} {_current_rss():>12.0f}")
    started = time.perf_counter()
    for done, (name, problem) in enumerate(problems(), 1):
        try:  # (each shape's matrix built and compiled; its search cut short where it is long)
            exactcover.solve(problem, engine="c", max_nodes=20_000)
        except exactcover.BudgetExceeded:
            pass
        if done % 250 == 0 or done == count:
            print(f"{done:>7} {_current_rss():>12.0f}   ({name})", flush=True)
        if done == count:
            break
    print(f"{count} shapes in {time.perf_counter() - started:.1f} s; peak resident "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100, help="the grid size (a square: 100 gives 10^6 options)")
    parser.add_argument("--wide", type=int, nargs="+", help="measure budgets on paths of these many items instead")
    parser.add_argument("--engine", default="c", choices=["c", "python"], help="the engine for --wide")
    parser.add_argument("--sparse", type=int, metavar="OPTIONS", help="read a SciPy sparse array of this many rows instead")
    parser.add_argument("--shapes", type=int, metavar="COUNT", help="solve problems of this many shapes in one process")
    args = parser.parse_args()
    if args.shapes:
        shapes(args.shapes)
        return
    if args.sparse:
        sparse(args.sparse)
        return
    if args.wide:
        wide(args.wide, args.engine)
        return
    n = args.n
    b = int(n**0.5)
    tracemalloc.start()
    started = time.perf_counter()
    matrix = matrix_for(n, b, b)
    built = time.perf_counter() - started
    python_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    started = time.perf_counter()
    solver = exactcover.solver_for(matrix, "c")
    compiled = time.perf_counter() - started
    full = [((r % b) * b + r // b + c) % n + 1 for r in range(n) for c in range(n)]  # a valid pattern grid
    rng = random.Random(1)
    puzzle = Sudoku([0 if rng.random() < 0.1 else v for v in full])
    started = time.perf_counter()
    try:
        solution = exactcover.solve(puzzle, engine="c", max_nodes=10_000_000)
    except exactcover.BudgetExceeded as stop:
        solution = None
        print(f"(the puzzle's search was stopped by its budget: {stop})")
    solved = time.perf_counter() - started
    assert solution is None or Sudoku(solution.cells).is_solved
    entries = matrix.entries
    print(f"{len(matrix.options):,} options, {entries:,} entries ({n}x{n} sudoku)")
    print(f"build Matrix      {built:8.1f} s   {python_bytes / 1e6:8.0f} MB of Python objects ({python_bytes / entries:.0f} B/entry)")
    print(f"compile (C)       {compiled:8.1f} s   {solver.nbytes / 1e6:8.0f} MB of engine arrays ({solver.nbytes / entries:.1f} B/entry; each search copies them)")
    print(f"solve a puzzle    {solved:8.1f} s   {solver.stats.nodes:,} nodes, {puzzle.clues:,} clues")
    print(f"peak memory (RSS) {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3:8.0f} MB")


if __name__ == "__main__":
    main()
