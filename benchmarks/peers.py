"""exactcover against the exact cover solvers a Python user might pick instead, in one run.

Peers: xcover (numba), exact-cover (C, dense NumPy input; secondary items become one slack
option each, which keeps the counts), dlx (pure Python), and OR-tools CP-SAT (one Boolean per
option, exactly one per primary item, at most one per secondary item; one worker, as solution
enumeration requires). Every solver gets the same matrix for each workload: the seed article's
sudoku encoding (Inkala's puzzle, first solution; the 8008-solution puzzle, count), n-queens
counts (n = 10..13, diagonals secondary), the 12 pentominoes in a 6x10 box (all 9356), and
Langford pairs (n = 11, 12). Each measurement runs in its own process with a time limit; the
table shows medians and each peer's time over exactcover's.

    python benchmarks/peers.py --venv /tmp/peers     # make a throwaway venv with the peers, run there
    python benchmarks/peers.py                       # run here; absent peers are skipped
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOLVERS = ["exactcover", "xcover", "exact-cover", "dlx", "CP-SAT"]
PEER_PACKAGES = ["xcover", "exact-cover", "dlx", "ortools"]
WORKLOADS = {
    "sudoku Inkala, first": ("sudoku-inkala", "first", 1),
    "sudoku 8008, count": ("sudoku-8008", "count", 8008),
    "10-queens, count": ("queens-10", "count", 724),
    "11-queens, count": ("queens-11", "count", 2680),
    "12-queens, count": ("queens-12", "count", 14200),
    "13-queens, count": ("queens-13", "count", 73712),
    "pentominoes 6x10, count": ("pentominoes", "count", 9356),
    "Langford n=11, count": ("langford-11", "count", 35584),
    "Langford n=12, count": ("langford-12", "count", 216288),
}


# -- the problems, as (primary, secondary, options of item names) -----------------------------

def problem(name: str) -> tuple[list[str], list[str], list[list[str]]]:
    sys.path.insert(0, str(HERE))
    if name.startswith("sudoku"):
        from common import INKALA, PUZZLE_8008, sudoku_matrix

        matrix = sudoku_matrix(INKALA if name == "sudoku-inkala" else PUZZLE_8008)
        return [str(i) for i in matrix.primary], [], [[str(i) for i in o.items] for o in matrix.options]
    if name.startswith("queens"):
        n = int(name.split("-")[1])
        primary = [f"r{i}" for i in range(n)] + [f"f{i}" for i in range(n)]
        secondary = [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
        return primary, secondary, [[f"r{r}", f"f{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    if name.startswith("pentominoes"):  # "pentominoes" (6x10) or "pentominoes-WxH"
        sys.path.insert(0, str(HERE.parent / "examples"))
        from pentominoes import Pentominoes, encode

        width, height = map(int, name.split("-")[1].split("x")) if "-" in name else (10, 6)
        matrix = encode(Pentominoes(width=width, height=height))
        name_of = lambda i: i if isinstance(i, str) else f"c{i[0]}_{i[1]}"  # noqa: E731
        return [name_of(i) for i in matrix.primary], [], [[name_of(i) for i in o.items] for o in matrix.options]
    n = int(name.split("-")[1])  # Langford pairs
    options = [[f"v{k}", f"s{left}", f"s{left + k + 1}"] for k in range(1, n + 1) for left in range(2 * n - k - 1)]
    return [f"v{k}" for k in range(1, n + 1)] + [f"s{s}" for s in range(2 * n)], [], options


# -- one solver on one workload (run in a child process) --------------------------------------

def prepare(solver: str, primary, secondary, options):
    """A (first, count) pair of functions for one solver; set-up (and JIT warm-up) done here."""
    if solver == "exactcover":
        from exactcover import Matrix, Solver

        s = Solver(Matrix(primary, options, secondary=secondary), "c")
        return (lambda: s.first() is not None), s.count
    if solver == "xcover":
        from xcover import covers

        def run(first: bool):
            found = 0
            for _ in covers(options, primary=primary, secondary=secondary or None):
                found += 1
                if first:
                    break
            return found

        run(True)  # numba compiles on the first call
        return (lambda: run(True)), (lambda: run(False))
    if solver == "exact-cover":
        import exact_cover
        import numpy as np

        index = {item: k for k, item in enumerate(primary + secondary)}
        rows = options + [[item] for item in secondary]  # slack options: a secondary item may stay empty
        dense = np.zeros((len(rows), len(index)), dtype=np.int32)
        for r, row in enumerate(rows):
            dense[r, [index[i] for i in row]] = 1
        return (lambda: len(exact_cover.get_exact_cover(dense)) > 0), (lambda: exact_cover.get_solution_count(dense))
    if solver == "dlx":
        from dlx import DLX

        index = {item: k for k, item in enumerate(primary + secondary)}

        def run(first: bool):
            d = DLX([(i, DLX.PRIMARY) for i in primary] + [(i, DLX.SECONDARY) for i in secondary])
            d.appendRows([[index[i] for i in option] for option in options])
            found = 0
            for _ in d.solve():
                found += 1
                if first:
                    break
            return found

        return (lambda: run(True)), (lambda: run(False))
    if solver == "CP-SAT":
        from ortools.sat.python import cp_model

        def run(first: bool):
            model = cp_model.CpModel()
            chosen = [model.NewBoolVar(f"o{k}") for k in range(len(options))]
            covering: dict[str, list] = {}
            for var, option in zip(chosen, options):
                for item in option:
                    covering.setdefault(item, []).append(var)
            for item in primary:
                model.AddExactlyOne(covering.get(item, []))
            for item in secondary:
                model.AddAtMostOne(covering.get(item, []))
            solver = cp_model.CpSolver()
            solver.parameters.num_workers = 1
            if first:
                return solver.Solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

            class Counter(cp_model.CpSolverSolutionCallback):
                def __init__(self):
                    super().__init__()
                    self.found = 0

                def on_solution_callback(self):
                    self.found += 1

            solver.parameters.enumerate_all_solutions = True
            counter = Counter()
            solver.Solve(model, counter)
            return counter.found

        return (lambda: run(True)), (lambda: run(False))
    raise ValueError(solver)


def one(solver: str, workload: str, repeats: int) -> None:
    name, mode, _ = WORKLOADS[workload]
    first, count = prepare(solver, *problem(name))
    run = first if mode == "first" else count
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    print(json.dumps({"seconds": statistics.median(times), "result": result if mode == "count" else bool(result)}))


# -- the driver ------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", help="create (if needed) this venv with exactcover and the peers, and run there")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--limit", type=float, default=120, help="seconds allowed to one solver on one workload")
    parser.add_argument("--one", nargs=2, metavar=("SOLVER", "WORKLOAD"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return one(*args.one, args.repeats)
    if args.venv:
        python = Path(args.venv) / "bin" / "python"
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", args.venv], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(HERE.parent), *PEER_PACKAGES], check=True)
        return subprocess.run([str(python), __file__, "--repeats", str(args.repeats), "--limit", str(args.limit)]).returncode and None
    print(f"{'workload':<26}" + "".join(f"{s:>13}" for s in SOLVERS) + f"{'fastest peer / exactcover':>27}")
    for workload, (_, mode, expected) in WORKLOADS.items():
        cells, times = [], {}
        for solver in SOLVERS:
            try:
                out = subprocess.run([sys.executable, __file__, "--one", solver, workload, "--repeats", str(args.repeats)],
                                     capture_output=True, text=True, timeout=args.limit)
                if out.returncode != 0:
                    raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed")
                data = json.loads(out.stdout.strip().splitlines()[-1])
                assert data["result"] == (expected if mode == "count" else True), (solver, workload, data)
                times[solver] = data["seconds"]
                cells.append(f"{data['seconds'] * 1000:>11.1f}ms")
            except subprocess.TimeoutExpired:
                cells.append(f"{'>' + str(int(args.limit)) + 's':>13}")
            except (RuntimeError, ModuleNotFoundError) as error:
                cells.append(f"{'n/a':>13}")
                print(f"  ({solver} on {workload}: {error})", file=sys.stderr)
        peers = [t for s, t in times.items() if s != "exactcover"]
        ratio = f"{min(peers) / times['exactcover']:>27.1f}x" if peers and "exactcover" in times else f"{'-':>27}"
        print(f"{workload:<26}" + "".join(cells) + ratio, flush=True)


if __name__ == "__main__":
    main()
