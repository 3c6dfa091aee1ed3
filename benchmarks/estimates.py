"""Each bundled problem type's memory estimate against what preparing it takes.

A front end refuses a problem above ``max_entries`` before it builds the matrix, and says
what it would take (``Size.nbytes``: `Size.counted`, the entries and the options, times
``BYTES_PER_ENTRY``, or ``BYTES_PER_COLORED_ENTRY`` for a matrix with colors). This script
makes and prepares one problem of each bundled type (its matrix built and compiled for the
C engine), each in a fresh process, and prints the estimate, the growth of the process's
peak resident memory from before the problem was made, and their ratio: below 1.0 the
estimate undersells.

    python benchmarks/estimates.py [--scale 1.0]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

#: Each case: its name and the Python expression of its problem (the scale multiplies sizes).
CASES = {
    "queens 300": "Queens(int(300 * s))",
    "sudoku 7x7 boxes, empty": "Sudoku([0] * int(7 * s) ** 4)",
    "pentominoes on 40x40": "Polyomino(Board.rectangle(int(40 * s), int(40 * s)), named_set('pentominoes'), "
                            "counts={k: (0, 10**9) for k in 'FILNPTUVWXYZ'})",
    "slitherlink 1x200000, empty": "Slitherlink([[None] * int(200_000 * s)])",
    "slitherlink 400x400, empty": "Slitherlink([[None] * int(400 * s)] * int(400 * s))",
    "masyu 400x400, empty": "Masyu([[None] * int(400 * s)] * int(400 * s))",
    "subsets, 500,000 of 4": "Subsets(range(10_000), {k: [(k * 7 + j * 131) % 10_000 for j in range(4)] "
                             "for k in range(int(500_000 * s))})",
}

_CHILD = """
import json, resource, sys
import exactcover
from exactcover import Subsets
from exactcover.front.prepared import prepare
from exactcover.model.size import Size
from exactcover_loops import Masyu, Slitherlink
from exactcover_polyomino import Board, Polyomino, named_set
from exactcover_queens import Queens
from exactcover_sudoku import Sudoku
s = float(sys.argv[2])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
problem = eval(sys.argv[1])
prepared = prepare(problem, max_entries=None)
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
size = Size.of(prepared.solver.matrix)
assert prepared.solver.engine == "c", "timing the pure-Python fallback"
print(json.dumps({"options": size.options, "entries": size.entries, "estimate": size.nbytes, "grown": grown}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the problems' sizes")
    args = parser.parse_args()
    print(f"{'problem':32} {'options':>11} {'entries':>12} {'estimate':>10} {'peak grew':>10} {'ratio':>6}")
    for name, expression in CASES.items():
        done = subprocess.run([sys.executable, "-c", _CHILD, expression, str(args.scale)], capture_output=True,
                              text=True, check=True)
        found = json.loads(done.stdout)
        print(f"{name:32} {found['options']:>11,} {found['entries']:>12,} {found['estimate'] / 1e6:>7.0f} MB "
              f"{found['grown'] / 1e6:>7.0f} MB {found['estimate'] / found['grown']:>6.2f}")


if __name__ == "__main__":
    main()
