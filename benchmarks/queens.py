"""Count n-queens solutions with each engine, in one run, and compare item orders.

Part 1: `count(Queens(n))` for n = 10..15 (and 16 with --sixteen) with the C engine, and
with the pure-Python engine up to --python-max; medians, solutions per second, ratio.
Part 2: the same counts on the C engine with the primary items in natural order and in
Knuth's organ-pipe order (from the middle outward), to justify the order the plugin uses.

    python benchmarks/queens.py [--repeats 3] [--python-max 12] [--sixteen]

Targets (issue 5): n = 13 under 1 s with the C engine, n = 16 under 2 minutes, the
pure-Python engine within 60x of the C engine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import median_time

from exactcover import Solver
from exactcover_queens.queens import matrix

OEIS = {10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--python-max", type=int, default=12, help="largest n for the pure-Python engine")
    parser.add_argument("--sixteen", action="store_true", help="also count n = 16 (C engine, about a minute)")
    args = parser.parse_args()
    sizes = list(range(10, 17 if args.sixteen else 16))
    print(f"{'n':>3}{'solutions':>11}{'C s':>9}{'C sol/s':>12}{'Python s':>10}{'py/c':>6}")
    for n in sizes:
        solver = Solver(matrix(n), "c")
        repeats = args.repeats if n <= 14 else 1
        seconds, count = median_time(solver.count, repeats)
        assert count == OEIS[n], (n, count)
        row = f"{n:>3}{count:>11}{seconds:>9.3f}{count / seconds:>12,.0f}"
        if n <= args.python_max:  # paired, interleaved runs: the ratio is the median of the pairs'
            python = Solver(matrix(n), "python")
            pairs = []
            for _ in range(args.repeats):
                started = time.perf_counter()
                solver.count()
                c_seconds = time.perf_counter() - started
                started = time.perf_counter()
                assert python.count() == count
                pairs.append((time.perf_counter() - started, c_seconds))
            py_seconds = statistics.median(p for p, _ in pairs)
            row += f"{py_seconds:>10.2f}{statistics.median(p / c for p, c in pairs):>6.0f}"
        print(row)
    print()
    print(f"{'n':>3}{'natural s':>11}{'nodes':>11}{'organ-pipe s':>14}{'nodes':>11}{'natural/organ':>15}")
    for n in range(10, 15):
        results = {}
        for order in ("natural", "organ-pipe"):
            solver = Solver(matrix(n, order), "c")
            seconds, _ = median_time(solver.count, args.repeats)
            results[order] = (seconds, solver.stats.nodes)
        (ns, nn), (os_, on) = results["natural"], results["organ-pipe"]
        print(f"{n:>3}{ns:>11.3f}{nn:>11}{os_:>14.3f}{on:>11}{ns / os_:>15.2f}")


if __name__ == "__main__":
    main()
