"""Measure both engines on the same searches, in one run: time, nodes/s, updates/s, memory.

Prints, for each workload, the median time of several runs of each engine, the search size
(nodes and updates, identical on both engines by construction), the rates, the ratio of the
pure-Python engine to the C engine, and the bytes per matrix entry of the compiled arrays.

    python benchmarks/engine.py [--repeats 7] [--python-repeats 3]

Anchors measured on this machine class (see issue 2): Knuth's dlx1/dlx2 take 48/64 ms to
count the seed article's 8008-solution puzzle and 95/72 ms on 12-queens; targets for the C
engine are 30 ms and 50 ms, and at least 40x the pure-Python engine. The pentomino count runs
on both engines' bitset way (the default moves it there), fewer times in pure Python.

Then the cost of a small search, split: making a search of a compiled sudoku (its own copy of
the arrays, the givens of Inkala's puzzle chosen), running it to its first solution, and the
whole `Solver.first(givens)` call (labels to option numbers, the search, the solution back
to labels); medians in microseconds. With xcover installed, its first solution from arrays
it has built beside the C engine's first() on the same matrix: Inkala's puzzle, and the mean
over the first 300 puzzles of the shared top1465 and 17-clue sets (xcover's tree differs from
ours on a given puzzle, its order of the active items being another).
"""

from __future__ import annotations

import argparse
import platform
import statistics

from common import INKALA, PUZZLE_8008, ROOT, median_time, queens_matrix, sudoku_givens, sudoku_matrix

from exactcover import Matrix, Solver, engines, read_dlx


def langford_matrix(n: int) -> Matrix:
    """Langford pairs: place two copies of each k in 1..n, k apart, in 2n slots."""
    options = {}
    for k in range(1, n + 1):
        for left in range(2 * n - k - 1):
            options[(k, left)] = [("value", k), ("slot", left), ("slot", left + k + 1)]
    primary = [("value", k) for k in range(1, n + 1)] + [("slot", s) for s in range(2 * n)]
    return Matrix(primary, options)


def workloads():
    """(title, matrix, question, run on the Python engine too)"""
    sudoku = sudoku_matrix()
    data = ROOT / "benchmarks" / "data"
    yield "sudoku 8008 puzzle, count", sudoku, lambda s: s.count(sudoku_givens(PUZZLE_8008)), True
    yield "Inkala's puzzle, first", sudoku, lambda s: s.first(sudoku_givens(INKALA)), True
    yield "12-queens, count", queens_matrix(12), lambda s: s.count(), True
    yield "Langford pairs n=9, count", langford_matrix(9), lambda s: s.count(), True
    yield "langford8.dlx, count", read_dlx(data / "langford8.dlx"), lambda s: s.count(), True
    yield "pentominoes6x10.dlx, first", read_dlx(data / "pentominoes6x10.dlx"), lambda s: s.first(), True
    yield "pentominoes6x10.dlx, count", read_dlx(data / "pentominoes6x10.dlx"), lambda s: s.count(), True
def small_search(names: list[str], repeats: int) -> None:
    """The cost of starting a search, of the search itself, and of a whole first()."""
    print(f"\n{'small search (sudoku, Inkala)':<32}{'engine':>7}{'make us':>10}{'run us':>9}{'first() us':>12}")
    givens = sudoku_givens(INKALA)
    for name in names:
        solver = Solver(sudoku_matrix(), name)
        solver.first(givens)  # (compiled, and warm)
        dancer, numbers = solver.dancer, solver.option_numbers(givens, "given")
        n = repeats * 30 if name == "c" else repeats
        make, _ = median_time(lambda: dancer.search(givens=numbers), n)
        run, _ = median_time(lambda: dancer.search(givens=numbers).run(10**9), n)
        whole, _ = median_time(lambda: solver.first(givens), n)
        print(f"{'':<32}{name:>7}{make * 1e6:>10.1f}{(run - make) * 1e6:>9.1f}{whole * 1e6:>12.1f}")
    against_xcover(repeats * 30)


def against_xcover(repeats: int, sets: int = 300) -> None:
    """If xcover is installed: its first solution on arrays it has built (`algorithm_c`, its
    numba core), and the C engine's first() on a compiled solver of the same matrix (the
    clues as the only options on their cells, the seed article's way), in microseconds: on
    Inkala's puzzle, then per puzzle over the first ``sets`` puzzles of two shared sets."""
    try:
        from xcover import algorithm_c
        from xcover.solvers import input_as_arrays
    except ImportError:
        return

    def both(puzzle: str) -> tuple[tuple, Solver]:
        matrix = sudoku_matrix(puzzle)
        options = [[str(i) for i in o.items] for o in matrix.options]
        arrays = input_as_arrays(options, primary=[str(i) for i in matrix.primary])
        solver = Solver(matrix, "c")
        solver.first()
        return arrays, solver

    arrays, solver = both(INKALA)
    next(algorithm_c(*arrays))  # (numba compiles on the first call)
    for _ in range(3):  # interleaved
        theirs, _ = median_time(lambda: next(algorithm_c(*arrays)), repeats)
        ours, _ = median_time(solver.first, repeats)
        print(f"{'  the puzzle as its own matrix':<32} xcover {theirs * 1e6:.1f} us, c first() {ours * 1e6:.1f} us")
    for name in ("magictour_top1465.txt", "royle_17clue_49158.txt"):
        path = ROOT.parent / "shared" / "data" / "sudoku" / name
        if not path.exists():
            continue
        lines = [line.split()[0][:81] for line in path.read_text().splitlines() if line.strip()][:sets]
        pairs = [both(line) for line in lines]
        rounds = [  # interleaved, one pass over the puzzles each
            (median_time(lambda: [next(algorithm_c(*a)) for a, _ in pairs], 1)[0],
             median_time(lambda: [s.first() for _, s in pairs], 1)[0])
            for _ in range(5)
        ]
        theirs, ours = (statistics.median(column) / len(pairs) for column in zip(*rounds))
        nodes = sum(s.stats.nodes for _, s in pairs) / len(pairs)
        title = f"  {name.split('_')[1].split('.')[0]}, first {len(pairs)}"
        print(
            f"{title:<32} xcover {theirs * 1e6:.1f} us, c first() {ours * 1e6:.1f} us a puzzle"
            f" ({nodes:.0f} nodes on average)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="runs of the C engine (median)")
    parser.add_argument("--python-repeats", type=int, default=3, help="runs of the Python engine")
    args = parser.parse_args()
    names = [e for e in ("c", "python") if e in engines.available()]
    print(f"# {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, engines: {', '.join(names)}")
    header = f"{'workload':<28}{'engine':>7}{'ms':>10}{'nodes':>10}{'updates':>11}{'Mnodes/s':>10}{'Mupd/s':>8}{'B/entry':>9}"
    print(header + f"{'py/c':>7}")
    for title, matrix, question, with_python in workloads():
        times = {}
        for name in names if with_python else names[:1]:
            solver = Solver(matrix, name)
            question(solver)  # warm up
            repeats = args.repeats if name == "c" else args.python_repeats
            if not with_python:
                repeats = max(1, repeats // 3)  # a long search: fewer runs
            seconds, result = median_time(lambda: question(solver), repeats)
            stats = solver.stats
            times[name] = seconds
            ratio = f"{times['python'] / times['c']:>7.0f}" if name == "python" and "c" in times else ""
            print(
                f"{title:<28}{name:>7}{seconds * 1000:>10.1f}{stats.nodes:>10}{stats.updates:>11}"
                f"{stats.nodes / seconds / 1e6:>10.2f}{stats.updates / seconds / 1e6:>8.1f}"
                f"{solver.nbytes / matrix.entries:>9.1f}{ratio}"
            )
    small_search(names, args.repeats)


if __name__ == "__main__":
    main()
