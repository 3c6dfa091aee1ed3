"""The C engine's two ways to run a search, the links and the sets, on the same searches.

A search of the C engine samples 4096 nodes on the links and moves to the bitset way
(src/exactcover/engines/cdlx/sets.c) if its updates per node say that is faster (the rule is
search_run in cdlx/search.c). This script measures, in one run and interleaved, each
workload on the links only and with the default choice (counts without a memo, which is a
decision of its own: memo.py); prints the medians, their ratio, and which way the default
went. Both ways give the
same statistics (checked here too), so only the time differs.

    python benchmarks/strategies.py [--repeats 3]
    python benchmarks/strategies.py --calibrate    # every search forced onto the sets vs the links
    python benchmarks/strategies.py --calibrate --bounded    # the same for searches with bounds

`--calibrate` is what the rule was fitted to: for each search it prints the sample's
updates per node (u), n_primary * n_words, and the links' time over the sets' with every
search forced to move at once (searches capped at 3,000,000 nodes).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from common import PUZZLE_8008, ROOT, queens_matrix, sudoku_givens, sudoku_matrix, word_squares
from engine import langford_matrix
from mcc import queen_domination, random_mcc, tetrominoes

from exactcover import Matrix, Solver, engines, read_dlx
from exactcover.engines import contract
from exactcover_queens.queens import Queens
from exactcover_queens.queens import encode as queens_encode

sys.path.insert(0, str(ROOT / "examples"))
from pentominoes import Pentominoes, encode  # noqa: E402


def workloads():
    """(title, matrix, givens) of counting searches."""
    yield "sudoku 8008 puzzle", sudoku_matrix(), sudoku_givens(PUZZLE_8008)
    yield "12-queens", queens_matrix(12), []
    yield "Langford pairs n=11", langford_matrix(11), []
    yield "langford8.dlx", read_dlx(ROOT / "benchmarks" / "data" / "langford8.dlx"), []
    yield "pentominoes 6x10", encode(Pentominoes()), []
    yield "pentominoes 5x12", encode(Pentominoes(width=12, height=5)), []
    yield "pentominoes 4x15", encode(Pentominoes(width=15, height=4)), []
    yield "word squares 4x4, colors", word_squares(4, 400, "abcdefghijkl", 3), []


def random_matrix(n_items: int, n_options: int, size: int, seed: int) -> Matrix:
    rng = random.Random(seed)
    return Matrix([f"i{k}" for k in range(n_items)],
                  [[f"i{k}" for k in rng.sample(range(n_items), size)] for _ in range(n_options)])


def calibration():
    """(title, matrix, givens): searches of many shapes, for fitting the rule."""
    yield "sudoku 8008 puzzle", sudoku_matrix(), sudoku_givens(PUZZLE_8008)
    for n in (10, 12, 13, 14):
        yield f"{n}-queens", queens_matrix(n), []
    for n in (12, 13):
        yield f"{n}-queens, organ-pipe", queens_encode(Queens(n)).matrix, []
    for n in (10, 11, 12):
        yield f"Langford n={n}", langford_matrix(n), []
    yield "pentominoes 4x15", encode(Pentominoes(width=15, height=4)), []
    shapes = [(40, 300, 3), (60, 600, 4), (30, 200, 2), (80, 2000, 5), (20, 60, 2), (24, 100, 3), (50, 400, 3),
              (50, 400, 5), (100, 1000, 4), (36, 300, 4)]
    for seed, (items, options, size) in enumerate(shapes, 1):
        yield f"random {items}x{options}, k={size}", random_matrix(items, options, size, seed), []


def calibration_bounded():
    """(title, matrix, givens): searches with bounds (Algorithm M) of many shapes."""
    for n, queens in ((6, 4), (7, 4), (8, 5)):
        yield f"queen domination {n}x{n}/{queens}", queen_domination(n, queens), []
    for width, height, pieces, most in ((6, 6, "IOTLS", 3), (8, 5, "IOTLS", 4), (10, 4, "IOTL", 4), (6, 5, "IOTLS", 2)):
        yield f"tetrominoes {pieces} 0..{most} {width}x{height}", tetrominoes(width, height, pieces, most), []
    shapes = [(30, 120, 4), (20, 60, 2), (24, 100, 3), (40, 300, 3), (36, 300, 4), (50, 400, 5), (60, 600, 4),
              (100, 1000, 4), (80, 2000, 5), (200, 3000, 6)]
    for seed, (items, options, size) in enumerate(shapes, 1):
        yield f"random MCC {items}x{options}, k={size}", random_mcc(items, options, size, seed), []


def calibrate(repeats: int, bounded: bool) -> None:
    default = contract.Tuning()
    ratio = default.ratio
    tunings = {"links": contract.Tuning.of("links"), "sets": contract.Tuning.of("sets"),
               "tallies": contract.Tuning.of("sets", tallies=True)}
    print(f"{'search (count)':<32}{'n1*W':>7}{'u':>8}{f'{ratio:g}u/(n1*W)':>12}{'links ms':>11}{'sets ms':>10}"
          f"{'tallies ms':>12}{'links/sets':>12}{'links/tallies':>15}")
    for title, matrix, givens in calibration_bounded() if bounded else calibration():
        solver = Solver(matrix, "c")
        numbers = solver.option_numbers(givens, "given")
        sample = solver.dancer.search(givens=numbers)
        sample.run(default.sample, counting=True)
        u = sample.updates / max(sample.nodes, 1)
        n1w = len(matrix.primary) * (len(matrix.options) // 64 + 1)
        times: dict[str, list[float]] = {way: [] for way in tunings}
        for _ in range(repeats):
            for way, tuning in tunings.items():
                search = solver.dancer.search(givens=numbers, tuning=tuning)
                started = time.perf_counter()
                search.run(3_000_000, counting=True)  # (capped: the part run is what is timed)
                times[way].append(time.perf_counter() - started)
        links, sets, tallies = (statistics.median(times[way]) for way in tunings)
        print(f"{title:<32}{n1w:>7}{u:>8.1f}{ratio * u / n1w:>12.2f}{links * 1000:>11.1f}{sets * 1000:>10.1f}"
              f"{tallies * 1000:>12.1f}{links / sets:>12.2f}{links / tallies:>15.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--calibrate", action="store_true", help="every search forced onto the sets, against the links")
    parser.add_argument("--bounded", action="store_true", help="with --calibrate: searches with bounds (Algorithm M)")
    args = parser.parse_args()
    if "c" not in engines.available():
        sys.exit("the C engine is not built")
    if args.calibrate:
        return calibrate(args.repeats, args.bounded)
    print(f"# {platform.machine()}, {platform.python_implementation()} {platform.python_version()}; "
          f"{contract.Tuning()}")
    print(f"{'workload (count)':<22}{'links ms':>11}{'default ms':>12}{'links/default':>15}{'default went':>14}"
          f"{'nodes':>12}{'updates':>15}")
    for title, matrix, givens in workloads():
        solver = Solver(matrix, "c")
        times: dict[str, list[float]] = {"links": [], "default": []}
        stats = {}
        for _ in range(args.repeats):
            for way in times:
                started = time.perf_counter()
                solver.count(givens, way="links" if way == "links" else "auto", memo=False)  # (the ways only)
                times[way].append(time.perf_counter() - started)
                s = solver.stats
                stats[way] = (s.nodes, s.updates, s.solutions)
        assert stats["links"] == stats["default"], (title, stats)
        probe = solver.dancer.search(givens=solver.option_numbers(givens, "given"))
        probe.run(contract.Tuning().sample + 1, counting=True)  # (past the sample: where it went)
        went = {1: "sets", -1: "links"}.get(probe.where, "links (short)")
        links, chosen = statistics.median(times["links"]), statistics.median(times["default"])
        nodes, updates, _ = stats["links"]
        print(f"{title:<22}{links * 1000:>11.1f}{chosen * 1000:>12.1f}{links / chosen:>15.2f}{went:>14}"
              f"{nodes:>12}{updates:>15}", flush=True)


if __name__ == "__main__":
    main()
