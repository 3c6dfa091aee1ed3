"""exactcover's pure-Python engine against the pure-Python exact cover solvers, in one run.

Contenders: exactcover with ``engine="python"`` (its default way, which may move a search onto
sets of options), the PyPI packages ``dlx``, ``algorithm-x`` and ``dancing-links`` (absent ones
are skipped), and two plain solvers written for this benchmark in ``pure_peers.py``: dancing
links on flat lists and Algorithm X on a dict of sets. Every solver gets the same lists of
items and options and is timed from them to its answer (exactcover's time includes building
and checking its `Matrix`). Each round runs in a fresh interpreter with its own hash seed
(PYTHONHASHSEED = the round's number: dict X breaks its ties in the order of a set of strings,
and its time on one puzzle ranges over ten times across seeds) and times every solver once, in
turn (A B C ... A B C ...), after a first untimed run where that run takes under a second. The
table shows the median of the rounds and the fastest peer's time over exactcover's.

    python benchmarks/pure.py [--rounds 5] [--only WORKLOAD]
    python benchmarks/pure.py --venv /tmp/pure    # a throwaway venv with the PyPI peers
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "examples"))

from peers import problem  # noqa: E402
from pure_peers import FlatDLX, dict_x  # noqa: E402

PEER_PACKAGES = ["dlx", "algorithm-x", "dancing-links"]
WORKLOADS = {  # name: (problem, first solution only?, expected count)
    "sudoku Inkala, first": ("sudoku-inkala", True, 1),
    "sudoku 8008, count": ("sudoku-8008", False, 8008),
    "10-queens, count": ("queens-10", False, 724),
    "11-queens, count": ("queens-11", False, 2680),
    "Langford n=10, count": ("langford-10", False, 0),
    "Langford n=11, count": ("langford-11", False, 35584),
    "pentominoes 3x20, count": ("pentominoes-20x3", False, 8),
    "pentominoes 6x10, count": ("pentominoes", False, 9356),
}

Problem = tuple[list[str], list[str], list[list[str]]]


def counted(solutions, first: bool) -> int:
    found = 0
    for _ in solutions:
        found += 1
        if first:
            break
    return found


def contender(solver: str, prob: Problem, first: bool) -> Callable[[], int] | None:
    """A function that solves ``prob`` from its items and options, or None if not installed."""
    primary, secondary, options = prob
    if solver == "exactcover":
        from exactcover import Matrix, Solver

        def run_exactcover() -> int:
            solver = Solver(Matrix(primary, options, secondary=secondary), "python")
            return counted(solver.solutions(), True) if first else solver.count()

        return run_exactcover
    if solver == "flat DLX":
        return lambda: FlatDLX(primary, secondary, options).search(first)
    if solver == "dict X":
        return lambda: dict_x(primary, secondary, options, first)
    try:
        if solver == "dlx":
            from dlx import DLX

            index = {item: k for k, item in enumerate(primary + secondary)}
            columns = [(i, DLX.PRIMARY) for i in primary] + [(i, DLX.SECONDARY) for i in secondary]

            def run_dlx() -> int:
                d = DLX(columns)
                d.appendRows([[index[i] for i in option] for option in options])
                return counted(d.solve(), first)

            return run_dlx
        if solver == "algorithm-x":
            from algorithm_x import AlgorithmX

            if secondary:  # it has no secondary items
                return None
            index = {item: k for k, item in enumerate(primary)}

            def run_ax() -> int:
                x = AlgorithmX(len(primary))
                for option in options:
                    x.appendRow([index[i] for i in option])
                return counted(x.solve(), first)

            return run_ax
        if solver == "dancing-links":
            return dancing_links(prob, first)
    except ImportError:
        return None
    raise ValueError(solver)


def dancing_links(prob: Problem, first: bool) -> Callable[[], int]:
    """The ``dancing-links`` package has no builder: its node rings are linked here."""
    from dancing_links.algorithm_c import AlgorithmC, Header, Node

    primary, secondary, options = prob

    def run() -> int:
        root = Header(name="root")
        headers = {}
        for name in primary + secondary:
            headers[name] = header = Header(name=name)
            if name in primary:  # secondary headers stay out of the root's ring
                root.insert_left(header)
        for number, option in enumerate(options):
            nodes = [Node(header=headers[i], name=i, row=number) for i in option]
            for node in nodes:
                node.header.insert_up(node)
            for left, node in zip(nodes, nodes[1:]):
                left.insert_right(node)
        return counted(AlgorithmC(root).solutions(), first)

    return run


SOLVERS = ["exactcover", "flat DLX", "dict X", "dlx", "algorithm-x", "dancing-links"]


def one_round(workload: str, skip: list[str]) -> dict[str, float]:
    """Seconds per solver (but those in ``skip``) on ``workload``, each run once in turn; a
    solver whose run takes under a second is timed on its second run."""
    name, first, expected = WORKLOADS[workload]
    prob = problem(name)
    runs = {s: f for s in SOLVERS if s not in skip and (f := contender(s, prob, first)) is not None}
    times = {}
    for solver, run in runs.items():
        for _ in range(2):
            gc.collect()
            started = time.perf_counter()
            found = run()
            times[solver] = time.perf_counter() - started
            assert found == expected, (solver, workload, found, expected)
            if times[solver] >= 1:
                break
    return times


def measure(workload: str, rounds: int, limit: float) -> dict[str, float]:
    """Median seconds per solver, round r in a fresh interpreter with PYTHONHASHSEED=r; a
    solver slower than ``limit`` in a round drops out of those after it."""
    times: dict[str, list[float]] = {}
    for seed in range(rounds):
        skip = [s for s, t in times.items() if t[-1] > limit]
        child = subprocess.run([sys.executable, __file__, "--round", workload, "--skip", json.dumps(skip)],
                               env={**os.environ, "PYTHONHASHSEED": str(seed)}, capture_output=True, text=True)
        if child.returncode:
            raise SystemExit(child.stderr)
        for solver, seconds in json.loads(child.stdout).items():
            times.setdefault(solver, []).append(seconds)
    return {s: statistics.median(t) for s, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each its own interpreter and hash seed")
    parser.add_argument("--limit", type=float, default=60, help="a solver over this many seconds runs once")
    parser.add_argument("--only", action="append", help="run only this workload (repeatable)")
    parser.add_argument("--venv", help="create (if needed) this venv with exactcover and the peers, and run there")
    parser.add_argument("--round", help=argparse.SUPPRESS)  # (one round of a workload, in a child)
    parser.add_argument("--skip", default="[]", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.round:
        print(json.dumps(one_round(args.round, json.loads(args.skip))))
        return
    if args.venv:
        python = Path(args.venv) / "bin" / "python"
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", args.venv], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(HERE.parent), *PEER_PACKAGES], check=True)
        rest = [a for a in sys.argv[1:] if a not in ("--venv", args.venv)]
        raise SystemExit(subprocess.run([str(python), __file__, *rest]).returncode)
    print(f"{'workload (median s)':<25}" + "".join(f"{s:>14}" for s in SOLVERS) + f"{'fastest peer / ours':>21}")
    for workload in args.only or WORKLOADS:
        times = measure(workload, args.rounds, args.limit)
        cells = "".join(f"{times[s]:>14.4f}" if s in times else f"{'-':>14}" for s in SOLVERS)
        peers = [t for s, t in times.items() if s != "exactcover"]
        print(f"{workload:<25}{cells}{min(peers) / times['exactcover']:>20.2f}x", flush=True)


if __name__ == "__main__":
    main()
