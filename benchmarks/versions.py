"""Two builds of the C engine on the same searches, interleaved: did a change cost speed?

Runs the workloads of engine.py, strategies.py (both ways) and peers.py, and a parallel
count and listing on two processes, on this tree's engine and on another checkout's (built in place: ``python setup.py build_ext --inplace``),
each measurement in a fresh process with that tree's ``src`` first on the path, in rounds
that alternate the two (A B A B ...), since these machines drift. Prints, for each
workload, the median over the rounds of each round's median, the ratio new/old, and
whether the node and update counts agree.

    git worktree add /tmp/old <commit> && (cd /tmp/old && python setup.py build_ext --inplace)
    python benchmarks/versions.py --old /tmp/old [--rounds 4] [--repeats 5] [--engine python]
        [--only "sudoku 8008, count|12-queens"]     # workloads whose name has one of these
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: name: (source, question, repeats relative to --repeats)
WORKLOADS = {
    "engine: sudoku 8008, count": ("sudoku-8008", "count", 1),
    "engine: Inkala, first": ("sudoku-inkala", "first", 1),
    "engine: 12-queens, count": ("queens-12", "count", 1),
    "engine: Langford n=9, count": ("langford-9", "count", 1),
    "engine: langford8.dlx, count": ("langford8.dlx", "count", 1),
    "engine: pentominoes6x10.dlx, first": ("pentominoes6x10.dlx", "first", 1),
    "engine: pentominoes6x10.dlx, count": ("pentominoes6x10.dlx", "count", 0.4),
    "strategies: pentominoes 6x10": ("pentominoes-6x10", "count", 0.2),
    "strategies: sudoku 8008, links": ("sudoku-8008", "links", 1),
    "strategies: 12-queens, links": ("queens-12", "links", 1),
    "strategies: Langford n=11": ("langford-11", "count", 1),
    "strategies: Langford n=11, links": ("langford-11", "links", 1),
    "strategies: pentominoes 5x12": ("pentominoes-5x12", "count", 0.4),
    "strategies: pentominoes 4x15": ("pentominoes-4x15", "count", 0.6),
    "strategies: pentominoes 4x15, links": ("pentominoes-4x15", "links", 0.2),
    "peers: 13-queens (named), count": ("queens-13-named", "count", 0.6),
    "peers: Langford n=12, count": ("langford-12", "count", 0.4),
    "parallel: 14-queens, count on 2 processes": ("queens-14", "jobs-count", 0.4),
    "parallel: 13-queens, listing on 2 processes": ("queens-13", "jobs-list", 0.4),
}


def matrix_and_givens(source: str):
    """The matrix and the givens of a workload (through the public API both trees have)."""
    sys.path[:0] = [str(HERE), str(HERE.parent / "examples")]
    from common import INKALA, PUZZLE_8008, ROOT, queens_matrix, sudoku_givens, sudoku_matrix
    from engine import langford_matrix

    from exactcover import Matrix, read_dlx

    kind, _, arg = source.partition("-")
    if kind == "sudoku":
        return sudoku_matrix(), sudoku_givens(PUZZLE_8008 if arg == "8008" else INKALA)
    if source == "queens-13-named":
        from peers import problem

        primary, secondary, options = problem("queens-13")
        return Matrix(primary, options, secondary=secondary), []
    if kind == "queens":
        return queens_matrix(int(arg)), []
    if kind == "langford":
        return langford_matrix(int(arg)), []
    if kind == "pentominoes":
        from pentominoes import Pentominoes, encode

        width, height = (int(v) for v in arg.split("x"))
        return encode(Pentominoes(width=max(width, height), height=min(width, height))), []
    return read_dlx(ROOT / "benchmarks" / "data" / source), []


def child(source: str, question: str, repeats: int, engine: str) -> None:
    """Run one workload ``repeats`` times on the engine found first on the path; print JSON."""
    matrix, givens = matrix_and_givens(source)
    from exactcover import Solver

    solver = Solver(matrix, engine)
    if question == "first":
        ask = lambda: solver.first(givens)  # noqa: E731
    elif question == "links":
        try:
            solver.count(givens, way="links")
            ask = lambda: solver.count(givens, way="links")  # noqa: E731
        except TypeError:  # a tree from before per-search ways: its global tune()
            from exactcover import _dlx

            _dlx.tune(budget=0)
            ask = lambda: solver.count(givens)  # noqa: E731
    elif question == "jobs-count":
        from exactcover import parallel

        ask = lambda: parallel.count(solver, 2, givens=givens)  # noqa: E731
    elif question == "jobs-list":
        from exactcover import parallel

        ask = lambda: sum(1 for _ in parallel.solutions(solver, 2, givens=givens))  # noqa: E731
    else:
        ask = lambda: solver.count(givens)  # noqa: E731
    ask()  # warm up
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        ask()
        times.append(time.perf_counter() - started)
    stats = solver.stats
    print(json.dumps({"seconds": statistics.median(times), "nodes": stats.nodes, "updates": stats.updates}))


def measure(tree: Path, source: str, question: str, repeats: int, engine: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    out = subprocess.run([sys.executable, __file__, "--child", source, question, str(repeats), engine],
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="the other checkout, built in place")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--engine", choices=("c", "python"), default="c")
    parser.add_argument("--only", help="only the workloads whose name contains one of these (separated by |)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child[0], args.child[1], int(args.child[2]), args.child[3])
    if args.old is None:
        parser.error("--old is required")
    trees = {"old": args.old.resolve(), "new": HERE.parent}
    print(f"# {args.engine} engine; old: {trees['old']}, new: {trees['new']}; {args.rounds} rounds alternating, "
          f"each a median of up to {args.repeats} runs")
    print(f"{'workload':<40}{'old ms':>10}{'new ms':>10}{'new/old':>9}  counts")
    ratios = []
    for title, (source, question, share) in WORKLOADS.items():
        if args.only and not any(part in title for part in args.only.split("|")):
            continue
        repeats = max(1, round(args.repeats * share))
        seen: dict[str, list[dict]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                seen[name].append(measure(tree, source, question, repeats, args.engine))
        old, new = (statistics.median(r["seconds"] for r in seen[name]) for name in ("old", "new"))
        counts = {(r["nodes"], r["updates"]) for r in seen["old"] + seen["new"]}
        ratios.append(new / old)
        print(f"{title:<40}{old * 1000:>10.1f}{new * 1000:>10.1f}{new / old:>9.3f}  "
              f"{'same' if len(counts) == 1 else 'DIFFER: ' + str(sorted(counts))}", flush=True)
    print(f"{'geometric mean of new/old':<60}{statistics.geometric_mean(ratios):>9.3f}")


if __name__ == "__main__":
    main()
