"""Where the SAT side's time goes on one loop puzzle: the phases of `sat.models` (the CNF
encoded, loaded into CaDiCaL, the solver's calls, the rounds between them), in this process,
as the solver's child runs them; the rounds made by the engine's `loop_cuts` (C where it is
built) and by its Python specification, interleaved, with the ratio.

    python benchmarks/sat_rounds.py --data DATASET/assets/data [--puzzle 60x60_1] [--rounds 5]

The puzzle is one of puzzlekit-dataset's slitherlinks or masyus (fetch the dataset: see
puzzle_dataset.py). Medians over the rounds, in seconds.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def matrix(data: Path, name: str) -> Any:
    """The matrix of the dataset's puzzle ``name`` (a slitherlink's, else a masyu's)."""
    from exactcover_loops import Masyu, Slitherlink, masyu, slitherlink

    kinds = {"Slitherlink": lambda text: slitherlink.encode(Slitherlink.from_text(text)),
             "Masyu": lambda text: masyu.encode(Masyu.from_text(text, notation="auto"))}
    for kind, encode in kinds.items():
        puzzles = json.loads((data / kind / f"{kind}_dataset.json").read_text())["data"]
        if name in puzzles:
            return encode(puzzles[name]["problem"]).matrix
    sys.exit(f"no slitherlink or masyu is named {name!r}")


def phases(matrix: Any, cuts_of: Callable[..., list[list[int]]]) -> dict[str, float]:
    """`sat.models(matrix, (), (), 2)`'s work, timed by phase, its rounds by ``cuts_of``."""
    from pysat.solvers import Solver

    from exactcover.front.sat import SOLVER
    from exactcover.front.satcnf import Cnf
    from exactcover.front.satloop import Cuts

    seconds = dict.fromkeys(["encode", "load", "solve", "rounds"], 0.0)
    started = time.perf_counter()
    cnf = Cnf(matrix)
    cuts = Cuts(matrix, cnf)
    cnf.clauses += cuts.clauses()
    seconds["encode"], started = time.perf_counter() - started, time.perf_counter()
    solver = Solver(name=SOLVER, bootstrap_with=cnf.clauses)
    seconds["load"] = time.perf_counter() - started
    found = calls = 0
    while found < 2:
        started = time.perf_counter()
        answered = solver.solve()
        seconds["solve"] += time.perf_counter() - started
        calls += 1
        if not answered:
            break
        started = time.perf_counter()
        model = solver.get_model()
        model += [-v for v in range(len(model) + 1, cnf.pool.top + 1)]
        more = cuts_of(model, cuts.var, cuts.ends, cuts.first, cuts.incident)
        for cut in more:
            solver.add_clause(cut)
        if not more:
            found += 1
            solver.add_clause(cnf.blocking(cnf.chosen(model)))
        seconds["rounds"] += time.perf_counter() - started
    solver.delete()
    seconds["calls"] = calls
    seconds["clauses"] = len(cnf.clauses)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the dataset's assets/data folder")
    parser.add_argument("--puzzle", default="60x60_1")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from exactcover.engines import ENGINE, cycles, get

    if ENGINE != "c":
        sys.exit(f"the compiled engine is not built (ENGINE is {ENGINE!r}): pip install . first")
    puzzle = matrix(args.data, args.puzzle)
    sides = {"C": get("c").loop_cuts, "Python": cycles.loop_cuts}
    measured: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    gc.disable()  # (as the solver's child runs: `exactcover.front.sat._solve`)
    for _ in range(args.rounds):
        for side, cuts_of in sides.items():  # (interleaved: C, Python, C, Python, ...)
            measured[side].append(phases(puzzle, cuts_of))
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {args.puzzle}, medians of {args.rounds}")
    print(f"{'rounds by':<10}{'clauses':>9}{'calls':>7}{'encode':>9}{'load':>8}{'solve':>8}{'rounds':>9}{'total':>8}")
    totals = {}
    for side, runs in measured.items():
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        totals[side] = statistics.median(run["encode"] + run["load"] + run["solve"] + run["rounds"] for run in runs)
        print(f"{side:<10}{median['clauses']:>9.0f}{median['calls']:>7.0f}{median['encode']:>9.3f}{median['load']:>8.3f}"
              f"{median['solve']:>8.3f}{median['rounds']:>9.3f}{totals[side]:>8.3f}")
    rounds = {side: statistics.median(run["rounds"] for run in runs) for side, runs in measured.items()}
    print(f"the rounds: Python / C {rounds['Python'] / rounds['C']:.1f}; in all {totals['Python'] / totals['C']:.2f}")


if __name__ == "__main__":
    main()
