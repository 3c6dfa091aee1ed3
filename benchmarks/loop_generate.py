"""Making slitherlinks and masyus with one solution (`exactcover_loops.generate`): seconds per
puzzle by size, over seeds, and the numbers or circles each keeps.

Each seed makes one slitherlink and one masyu of each size, in turn (slitherlink, masyu,
slitherlink, ...); the table gives the median, the 90th percentile and the largest time,
and the median share of the cells that hold a number or a circle. Every puzzle made is
checked to have one solution before it counts.

    python benchmarks/loop_generate.py [--sizes 10 15] [--seeds 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import exactcover  # noqa: E402
from exactcover_loops import generate  # noqa: E402


def made(kind: str, size: int, seed: int) -> tuple[float, float]:
    """Seconds to make one puzzle, and the share of its cells that hold a clue."""
    started = time.perf_counter()
    puzzle = getattr(generate, kind)(size, seed=seed)
    seconds = time.perf_counter() - started
    if exactcover.count(puzzle, limit=2) != 1:
        sys.exit(f"{kind} {size}x{size} seed {seed}: not one solution")
    rows = puzzle.clues if kind == "slitherlink" else puzzle.circles
    return seconds, sum(cell is not None for row in rows for cell in row) / (size * size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 15])
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    if exactcover.ENGINE != "c":
        sys.exit(f"the compiled engine is not built (ENGINE is {exactcover.ENGINE!r}): pip install . first")
    print(f"{'puzzle':<14}{'size':>7}{'seeds':>6}{'median':>9}{'p90':>8}{'max':>8}{'clues':>7}")
    for size in args.sizes:
        results: dict[str, list[tuple[float, float]]] = {"slitherlink": [], "masyu": []}
        for seed in range(args.seeds):
            for kind in results:
                results[kind].append(made(kind, size, seed))
        for kind, rows in results.items():
            times = sorted(seconds for seconds, _ in rows)
            print(f"{kind:<14}{f'{size}x{size}':>7}{len(rows):>6}{statistics.median(times):>8.3f}s"
                  f"{times[int(0.9 * (len(times) - 1))]:>7.3f}s{times[-1]:>7.3f}s"
                  f"{statistics.median(share for _, share in rows):>7.0%}", flush=True)


if __name__ == "__main__":
    main()
