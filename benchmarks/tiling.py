"""What the polyomino plugin costs before and during the search: building a tiling's matrix
from words (the pieces' orientations, every placement, the compiled solver), cold, and the
count on it. The search against the native solvers is natives.py's (`--only tiling`).

    python benchmarks/tiling.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from exactcover.front.api import prepare  # noqa: E402
from exactcover_polyomino import make, pieces, tiling  # noqa: E402

WORKLOADS = {
    "pentominoes 6x10": (("6x10", "pentominoes"), True),
    "Soma cube 3x3x3": (("3x3x3", "soma"), True),
    "hexiamonds 6x6 rhombus": (("rhombus:6x6", "hexiamonds"), True),
    "hexominoes 15x14 (build only)": (("15x14", "hexominoes"), False),
}


def build(board: str, named: str) -> tuple[float, object]:
    tiling.placements.cache_clear()  # (cold: the shapes grown again, every placement found again)
    pieces._shapes.cache_clear()
    started = time.perf_counter()
    prepared = prepare(make(board, named))
    return time.perf_counter() - started, prepared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'workload':<32} {'options':>8} {'build ms':>9} {'count ms':>9} {'count':>8}")
    for title, (words, count) in WORKLOADS.items():
        builds, counts, number, prepared = [], [], "-", None
        for _ in range(args.repeats):
            seconds, prepared = build(*words)
            builds.append(seconds)
            if count:
                started = time.perf_counter()
                number = prepared.count()  # type: ignore[attr-defined]
                counts.append(time.perf_counter() - started)
        options = len(prepared.solver.labels)  # type: ignore[attr-defined]
        searched = f"{1000 * statistics.median(counts):9.1f}" if counts else f"{'-':>9}"
        print(f"{title:<32} {options:>8} {1000 * statistics.median(builds):9.1f} {searched} {number:>8}")


if __name__ == "__main__":
    main()
