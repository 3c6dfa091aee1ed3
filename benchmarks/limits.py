"""A matrix with a million options: build, compile, solve; time, memory, bytes per entry.

The 100x100 sudoku (10x10 boxes) has 10^6 options and 4*10^6 entries. The script builds the
Matrix, compiles it for the C engine, and solves a puzzle on it (a pattern-made full grid
with a tenth of its cells blanked: with a third blanked, such grids become hard searches that
run for many minutes), printing the time of each step, the Python memory of the
Matrix (tracemalloc), the engine's bytes per entry, and the process's peak memory.

    python benchmarks/limits.py [--n 100]
"""

from __future__ import annotations

import argparse
import random
import resource
import time
import tracemalloc

import exactcover
from exactcover_sudoku import Sudoku
from exactcover_sudoku.encoding import matrix_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100, help="the grid size (a square: 100 gives 10^6 options)")
    args = parser.parse_args()
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
