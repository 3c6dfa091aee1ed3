"""One loop for Algorithm X and Algorithm M? The cost of running X's problems through M's loop.

Algorithm M (``msteps.h``, pydlx's ``Bounds.steps``) generalizes Algorithm X: a problem whose
items are all covered exactly once is also a problem for M. To run an exact cover problem
through M's loop, each problem here gets one more primary item, of bounds 0..1, that no
option has: it constrains nothing, so M never branches on it and visits the same nodes as X.
Both searches run on the links (``way="links"``), in the same process, interleaved (X M X M
...); the script prints the medians, the nodes of each (equal), and the ratio M/X: what one
loop written for both would cost the problems that need only X.

    python benchmarks/loops.py [--rounds 7] [--engine c|python]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import queens_matrix  # noqa: E402
from engine import langford_matrix  # noqa: E402

from exactcover import Matrix, Solver  # noqa: E402


def with_free_item(matrix: Matrix) -> Matrix:
    """The same problem with one more primary item of bounds 0..1 in no option."""
    return Matrix([*matrix.primary, "free"], {o.label: list(o.items) for o in matrix.options},
                  secondary=list(matrix.secondary), bounds={"free": (0, 1)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--engine", choices=("c", "python"), default="c")
    args = parser.parse_args()
    if args.engine == "c":
        problems = [("12-queens", queens_matrix(12)), ("Langford n=11", langford_matrix(11))]
    else:
        problems = [("9-queens", queens_matrix(9)), ("Langford n=8", langford_matrix(8))]
    print(f"# {args.engine} engine, on the links; medians of {args.rounds} interleaved rounds")
    print(f"{'problem':<16}{'X ms':>9}{'M ms':>9}{'M/X':>7}  nodes (X, M)")
    for name, matrix in problems:
        solvers = {"X": Solver(matrix, args.engine), "M": Solver(with_free_item(matrix), args.engine)}
        if solvers["M"].engine != args.engine:  # (a checkout's build, never the fallback by accident)
            raise SystemExit(f"asked for the {args.engine} engine, got {solvers['M'].engine}")
        times: dict[str, list[float]] = {"X": [], "M": []}
        counts = {}
        for _ in range(args.rounds):
            for key, solver in solvers.items():
                started = time.perf_counter()
                counts[key] = solver.count(way="links")
                times[key].append(time.perf_counter() - started)
        if counts["X"] != counts["M"]:
            raise SystemExit(f"{name}: the counts differ: {counts}")
        x, m = statistics.median(times["X"]), statistics.median(times["M"])
        nodes = (solvers["X"].stats.nodes, solvers["M"].stats.nodes)
        print(f"{name:<16}{x * 1e3:>9.1f}{m * 1e3:>9.1f}{m / x:>7.2f}  {nodes[0]}, {nodes[1]}")


if __name__ == "__main__":
    main()
