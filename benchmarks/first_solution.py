"""First solutions: the search, the SAT solver and the race of the two, on problems that grow.

Each workload's first solution (or its proof that there is none) is asked of
`exactcover.solve` three ways, interleaved round by round (search, SAT, race, search, …):

* ``backend="search"``: the C engine's search (MRV);
* ``backend="sat"``: CaDiCaL through PySAT, in a process of its own (the encoding included);
* ``backend="race"``: both at once, the first answer taken (the SAT solver starts after
  `exactcover.front.sat.HEAD_START`).

The workloads: Y-pentomino tilings of growing squares (cells as primary items, every placement
of the Y as an option: the tiling of 20×20 that took 38 s in DLX in a well-known blog post),
the twelve pentominoes on the plugin's boards (exactly once each), 25×25 sudoku with a share of
a random grid's cells given, and Langford pairs where there are none (n ≡ 1, 2 mod 4: the
search must exhaust the tree, the SAT solver must prove it).

The printed times are medians of ``--rounds`` (an answer in under 50 ms is the mean of the
calls of 0.2 s; a backend that runs past ``--timeout`` is cut there and printed as ``>T``,
the ratios then bounds). ``race/best`` is the race's
time over the better of the other two: the cost of not knowing beforehand which wins.

    python benchmarks/first_solution.py [--rounds 3] [--timeout 300] [--only NAME ...]
    python benchmarks/first_solution.py --solvers [--rounds 1] [--timeout 60] [--only NAME ...]

`--solvers` compares SAT solvers on each workload's clauses (the same for all), each solve in
a process of its own: PySAT's CaDiCaL 1.9.5 (the backend's), CaDiCaL 3.0, Kissat 4.0.4,
Glucose 4, MapleChrono, MiniSat 2.2 and Lingeling, and two other libraries, pycryptosat
(CryptoMiniSat) and pycosat (PicoSAT), where installed ("-" where not).
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import exactcover  # noqa: E402
import exactcover.front.api  # noqa: E402
from exactcover import BudgetExceeded, Matrix  # noqa: E402
from exactcover_polyomino import Board, Polyomino, pieces, tiling  # noqa: E402
from exactcover.front.sat import BACKENDS  # noqa: E402
from exactcover_sudoku import Sudoku  # noqa: E402
from natives import named  # noqa: E402



def y_tiling(side: int) -> Matrix:
    """Tile a side×side square with Y-pentominoes (as many as it takes)."""
    y = [piece for piece in pieces.named_set("pentominoes") if piece.name == "Y"]
    board = Board.rectangle(side, side)
    problem = Polyomino(board, y, counts={"Y": side * side // 5})  # (the count only for the plugin's check)
    options = {placement: placement[1] for placement in tiling.placements(problem)}
    return Matrix(board.cells, options)


def pentominoes(rows: int, columns: int) -> Matrix:
    """The twelve pentominoes, each once, on a rows×columns board (the plugin's encoding)."""
    return tiling.encode(Polyomino(Board.rectangle(rows, columns), pieces.named_set("pentominoes")))


def sudoku25(share: float, seed: int) -> Sudoku:
    """A 25×25 sudoku with ``share`` of a random full grid's cells given (random cells)."""
    rng = random.Random(seed)
    full = exactcover.solve(Sudoku([[0] * 25 for _ in range(25)]), seed=seed)
    assert full is not None
    return Sudoku([value if rng.random() < share else 0 for value in full.cells])


def workloads() -> Iterator[tuple[str, Callable[[], object]]]:
    """(name, a function making the problem)"""
    for side in (10, 15, 20, 25, 30):
        yield f"Y-pentominoes {side}x{side}", lambda side=side: y_tiling(side)
    for rows, columns in ((6, 10), (5, 12), (4, 15), (3, 20)):
        yield f"pentominoes {rows}x{columns}", lambda rows=rows, columns=columns: pentominoes(rows, columns)
    for share in (0.6, 0.5, 0.45, 0.4, 0.3):
        yield f"sudoku 25x25, {share:.0%} given", lambda share=share: sudoku25(share, seed=1)
    for n in (9, 10, 13, 14):
        yield f"Langford n={n} (none)", lambda n=n: named(f"langford-{n}")


def timed(problem: object, backend: str, timeout: float) -> tuple[float, str]:
    """Seconds to the answer, and the answer in a word ("found", "none", or "timeout"); an
    answer in under 50 ms is asked again for 0.2 s in all and the mean taken (a millisecond
    is within the noise of one call)."""
    calls, started = 0, time.perf_counter()
    while True:
        try:
            answer = exactcover.solve(problem, backend=backend, timeout=timeout)
        except BudgetExceeded:
            return timeout, "timeout"
        calls += 1
        seconds = time.perf_counter() - started
        if seconds >= 0.2 or (calls == 1 and seconds >= 0.05):
            return seconds / calls, "none" if answer is None else "found"


def shown(seconds: float, answer: str) -> str:
    if answer == "timeout":
        return f">{seconds:.0f} s"
    return f"{seconds * 1000:.2f} ms" if seconds < 0.1 else f"{seconds:.2f} s"


#: The SAT solvers `--solvers` compares: PySAT's (by its names) and two other libraries.
SOLVERS = ("cadical195", "cadical300", "kissat404", "glucose4", "maplechrono", "minisat22", "lingeling",
           "pycryptosat", "pycosat")


def _sat_child(name: str, cnf: list[list[int]], answer: Connection) -> None:
    """Solve ``cnf`` with the solver ``name``; send whether it has a model."""
    if name == "pycosat":
        import pycosat

        answer.send(pycosat.solve(cnf) != "UNSAT")
    elif name == "pycryptosat":
        import pycryptosat

        solver = pycryptosat.Solver()
        for clause in cnf:
            solver.add_clause(clause)
        answer.send(solver.solve()[0])
    else:
        from pysat.solvers import Solver

        with Solver(name=name, bootstrap_with=cnf) as solver:
            answer.send(solver.solve())


def solver_time(name: str, cnf: list[list[int]], timeout: float) -> tuple[float, str]:
    """One solver's time on ``cnf`` in a process of its own (cut off after ``timeout``), and
    its answer ("found", "none", "timeout", or "missing" where the library is not installed)."""
    module = {"pycosat": "pycosat", "pycryptosat": "pycryptosat"}.get(name, "pysat")
    if importlib.util.find_spec(module) is None:
        return 0.0, "missing"
    receiving, sending = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.Process(target=_sat_child, args=(name, cnf, sending), daemon=True)
    started = time.perf_counter()
    child.start()
    sending.close()
    try:
        if not receiving.poll(timeout):
            return timeout, "timeout"
        return time.perf_counter() - started, "found" if receiving.recv() else "none"
    finally:
        child.kill()
        child.join()


def compare_solvers(args: argparse.Namespace) -> None:
    """Each SAT solver on each workload's encoding (the same clauses), interleaved by round."""
    from exactcover.front.sat import clauses

    solvers = args.solver or SOLVERS
    print(f"{'workload':<28}" + "".join(f"{name:>13}" for name in solvers))
    for name, make in workloads():
        if args.only and not any(part in name for part in args.only):
            continue
        problem = make()
        prepared = exactcover.front.api.prepare(problem)
        cnf = clauses(prepared.solver.matrix, prepared.givens, prepared.exclude)
        times: dict[str, list[float]] = {solver: [] for solver in solvers}
        answers: dict[str, str] = {}
        for _ in range(args.rounds):
            for solver in solvers:
                if answers.get(solver) in ("timeout", "missing"):
                    continue
                seconds, answers[solver] = solver_time(solver, cnf, args.timeout)
                times[solver].append(seconds)
        cells = ["-" if answers[solver] == "missing" else shown(statistics.median(times[solver]), answers[solver])
                 for solver in solvers]
        print(f"{name:<28}" + "".join(f"{cell:>13}" for cell in cells), flush=True)


def main() -> None:
    from exactcover import engines

    if "c" not in engines.available():
        sys.exit("the C engine is not built here: this would time the pure-Python fallback (pip install -e .)")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before a backend is cut off")
    parser.add_argument("--only", action="append", help="only the workloads whose name contains this (again for more)")
    parser.add_argument("--solvers", action="store_true", help="compare SAT solvers on the same clauses")
    parser.add_argument("--solver", action="append", choices=SOLVERS, help="with --solvers: only this one (again for more)")
    args = parser.parse_args()
    if args.solvers:
        compare_solvers(args)
        return
    print(f"{'workload':<28}{'answer':>7}{'search':>11}{'SAT':>11}{'race':>11}{'search/SAT':>12}{'race/best':>11}")
    for name, make in workloads():
        if args.only and not any(part in name for part in args.only):
            continue
        problem = make()
        times: dict[str, list[float]] = {backend: [] for backend in BACKENDS}
        answers: dict[str, set[str]] = {backend: set() for backend in BACKENDS}
        for _ in range(args.rounds):
            for backend in BACKENDS:
                if "timeout" in answers[backend]:
                    continue  # (once cut off, always cut off: the time is a lower bound)
                seconds, answer = timed(problem, backend, args.timeout)
                times[backend].append(seconds)
                answers[backend].add(answer)
        median = {backend: statistics.median(times[backend]) for backend in BACKENDS}
        final = {backend: "timeout" if "timeout" in answers[backend] else answers[backend].pop()
                 for backend in BACKENDS}
        settled = {final[backend] for backend in BACKENDS} - {"timeout"}
        if len(settled) > 1:
            sys.exit(f"{name}: the backends disagree: {final}")
        best = min(median["search"], median["sat"])
        print(f"{name:<28}{(settled or {'?'}).pop():>7}{shown(median['search'], final['search']):>11}"
              f"{shown(median['sat'], final['sat']):>11}{shown(median['race'], final['race']):>11}"
              f"{median['search'] / median['sat']:>12.2f}{median['race'] / best:>11.2f}", flush=True)


if __name__ == "__main__":
    main()
