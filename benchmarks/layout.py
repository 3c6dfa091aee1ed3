"""Measure the two dancing-links layouts in C: the seed article's four-link one and Knuth's.

Compiles benchmarks/layout.c (both layouts, the same recursive Algorithm X, count only) with
the system C compiler, feeds it the 8008-solution sudoku and 12-queens, and prints the median
of several runs of each, measured alternately in one run, with the ratio.

    python benchmarks/layout.py [--repeats 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
from pathlib import Path

from common import PUZZLE_8008, queens_matrix, sudoku_matrix

HERE = Path(__file__).resolve().parent


def as_text(matrix) -> str:
    lines = [f"{len(matrix.primary)} {len(matrix.secondary)} {len(matrix.options)}"]
    for option in matrix.options:
        lines.append(" ".join(str(v) for v in [len(option.items), *map(matrix.position, option.items)]))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "layout"
        subprocess.run(["cc", "-O2", "-o", str(binary), str(HERE / "layout.c")], check=True)
        problems = {"sudoku 8008 (count)": sudoku_matrix(PUZZLE_8008), "12-queens (count)": queens_matrix(12)}
        print(f"{'problem':<22}{'four-link ms':>14}{'knuth ms':>10}{'four-link/knuth':>17}   nodes")
        for name, matrix in problems.items():
            text = as_text(matrix)
            times = {"fourlink": [], "knuth": []}
            results = set()
            for _ in range(args.repeats):  # alternate, so both see the same machine noise
                for layout in times:
                    out = subprocess.run([str(binary), layout, "1"], input=text, capture_output=True, text=True, check=True)
                    seconds, nodes, solutions = out.stdout.split()
                    times[layout].append(float(seconds))
                    results.add((nodes, solutions))
            assert len(results) == 1, results  # both layouts did the same search
            four, knuth = (statistics.median(times[k]) * 1000 for k in ("fourlink", "knuth"))
            print(f"{name:<22}{four:>14.1f}{knuth:>10.1f}{four / knuth:>17.2f}   {results.pop()[0]}")


if __name__ == "__main__":
    main()
