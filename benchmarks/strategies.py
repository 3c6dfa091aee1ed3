"""The C engine's two ways to run a search, the links and the sets, on the same searches.

A search of the C engine samples 4096 nodes on the links and moves to the bitset search if
its updates per node say that is faster (see "the bitset search" in _dlx.c). This script
measures, in one run and interleaved, each workload on the links only and with the default
choice; prints the medians, their ratio, and which way the default went. Both ways give the
same statistics (checked here too), so only the time differs.

    python benchmarks/strategies.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from common import PUZZLE_8008, ROOT, queens_matrix, sudoku_givens, sudoku_matrix
from engine import langford_matrix

from exactcover import Solver, engines, read_dlx

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if "c" not in engines.available():
        sys.exit("the C engine is not built")
    dlx = engines.get("c")
    default = dlx.tune()
    print(f"# {platform.machine()}, {platform.python_implementation()} {platform.python_version()}; "
          f"tuning (budget, sample, bias) = {default}")
    print(f"{'workload (count)':<22}{'links ms':>11}{'default ms':>12}{'links/default':>15}{'default went':>14}"
          f"{'nodes':>12}{'updates':>15}")
    for title, matrix, givens in workloads():
        solver = Solver(matrix, "c")
        times: dict[str, list[float]] = {"links": [], "default": []}
        stats = {}
        for _ in range(args.repeats):
            for way in times:
                dlx.tune(budget=0) if way == "links" else dlx.tune(budget=default[0])
                started = time.perf_counter()
                solver.count(givens)
                times[way].append(time.perf_counter() - started)
                s = solver.stats
                stats[way] = (s.nodes, s.updates, s.solutions)
        dlx.tune(budget=default[0])
        assert stats["links"] == stats["default"], (title, stats)
        probe = solver._dancer.search(givens=solver._option_ids(givens, "given"))
        probe.run(default[1] + 1, counting=True)
        went = {1: "sets", -1: "links"}.get(probe.sets, "links (short)")
        links, chosen = statistics.median(times["links"]), statistics.median(times["default"])
        nodes, updates, _ = stats["links"]
        print(f"{title:<22}{links * 1000:>11.1f}{chosen * 1000:>12.1f}{links / chosen:>15.2f}{went:>14}"
              f"{nodes:>12}{updates:>15}", flush=True)


if __name__ == "__main__":
    main()
