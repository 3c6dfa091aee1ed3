"""First solutions: the search, the SAT solver, the race of the two and the default backend,
on problems that grow and on hard single answers.

Each workload's first solution (or its proof that there is none) is asked of
`exactcover.solve` four ways, interleaved round by round (search, SAT, race, auto, search, …):

* ``backend="search"``: the C engine's search (MRV), with its nodes;
* ``backend="sat"``: CaDiCaL through PySAT, in a process of its own (the encoding included);
* ``backend="race"``: both at once, the first answer taken (the SAT solver starts after
  `exactcover.front.sat.HEAD_START`);
* ``backend="auto"`` (the default): the race where `exactcover.front.plan.races` says so (a
  puzzle type's first solution), else the search; ``picks`` says which, and for a race who
  answered (``race:sat``, ``race:search``).

The workloads: Y-pentomino tilings of growing squares and boxes (cells as primary items,
every placement of the Y as an option: the tiling of 20×20 that took 38 s in DLX in a
well-known blog post), the twelve pentominoes on the plugin's boards (exactly once each),
25×25 sudoku with a share of a random grid's cells given, Langford pairs where there are
none (n ≡ 1, 2 mod 4: the search must exhaust the tree, the SAT solver must prove it), queen
domination one queen short (multiplicities: no solution), the hardest 9×9 sudokus of
Norvig's top95 and of magictour's top1465 and the hardest 16×16 of the sample in
``../shared/data/sudoku`` (by our search's nodes, as `hard.py` takes them; as sudokus, so
that "auto" races), and with ``--data`` the hardest killer sudokus of puzzlekit-dataset (by
the search's nodes before their implied cages; `puzzle_dataset.py` reads them).

The printed times are medians of ``--rounds`` (an answer in under 50 ms is the mean of the
calls of 0.2 s; a backend that runs past ``--timeout`` is cut there and printed as ``>T``,
the ratios then bounds). ``auto/best`` is the default's time over the better of the search
and the SAT solver: the cost of not knowing beforehand which wins.

    python benchmarks/first_solution.py [--rounds 3] [--timeout 300] [--only NAME ...] [--data DATASET/assets/data]
    python benchmarks/first_solution.py --solvers [--rounds 1] [--timeout 60] [--only NAME ...]

`--solvers` compares SAT solvers on each workload's clauses (the same for all), each solve in
a process of its own: PySAT's CaDiCaL 1.9.5 (the backend's), CaDiCaL 3.0, Kissat 4.0.4,
Glucose 4, MapleChrono, MiniSat 2.2 and Lingeling, and two other libraries, pycryptosat
(CryptoMiniSat) and pycosat (PicoSAT), where installed ("-" where not).
"""

from __future__ import annotations

import argparse
import functools
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
from exactcover.front.api import prepare  # noqa: E402
from exactcover.front.plan import plan  # noqa: E402
from exactcover.front.request import Request  # noqa: E402
from exactcover_sudoku import Sudoku  # noqa: E402
from natives import named  # noqa: E402

#: The backends timed, in each round's order.
BACKENDS = ("search", "sat", "race", "auto")
SUDOKUS = HERE.parent.parent / "shared" / "data" / "sudoku"



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


def hardest_sudokus(path: Path, how_many: int) -> list[Sudoku]:
    from hard import hardest

    return [Sudoku.parse(line) for line in hardest(path, how_many)]


@functools.cache
def hardest_killers(data: Path, how_many: int) -> list[tuple[str, object]]:
    """The killers of puzzlekit-dataset that took the search the most nodes without their
    implied cages (as the dataset's hardest were before them)."""
    from puzzle_dataset import killer, load

    from exactcover_sudoku import variants

    implied, costs = variants.implied_cages, []
    variants.implied_cages = lambda variant: []  # (the plain encoding only to rank them)
    try:
        for name, entry in load(data, "killer"):
            solver = exactcover.front.api.prepare(killer(entry["problem"])).solver
            try:
                solver.first(max_nodes=2_000_000)
            except BudgetExceeded:
                pass
            costs.append((-solver.stats.nodes, name, entry["problem"]))
    finally:
        variants.implied_cages = implied
    return [(f"killer {name}", killer(text)) for _, name, text in sorted(costs)[:how_many]]


def workloads(data: Path | None) -> Iterator[tuple[str, Callable[[], object]]]:
    """(name, a function making the problem)"""
    from hard import y_tiling as y_box
    from mcc import queen_domination

    for side in (10, 15, 20, 25, 30):
        yield f"Y-pentominoes {side}x{side}", lambda side=side: y_tiling(side)
    for rows, columns in ((12, 15), (15, 16), (16, 20)):
        yield f"Y-pentominoes {rows}x{columns}", lambda rows=rows, columns=columns: y_box(rows, columns)
    for rows, columns in ((6, 10), (5, 12), (4, 15), (3, 20)):
        yield f"pentominoes {rows}x{columns}", lambda rows=rows, columns=columns: pentominoes(rows, columns)
    for share in (0.6, 0.5, 0.45, 0.4, 0.3):
        yield f"sudoku 25x25, {share:.0%} given", lambda share=share: sudoku25(share, seed=1)
    for n in (9, 10, 13, 14, 15):  # (none where n is 1 or 2 mod 4)
        yield f"Langford n={n}{' (none)' if n % 4 in (1, 2) else ''}", lambda n=n: named(f"langford-{n}")
    for n in (8, 9, 10):
        yield f"queen domination {n}x{n}, 4 (none)", lambda n=n: queen_domination(n, 4)
    for name, file, k in (("top95", "norvig_top95.txt", 2), ("top1465", "magictour_top1465.txt", 2),
                          ("16x16", "sudoku16_sample.txt", 2)):
        if (SUDOKUS / file).exists():
            for rank in range(k):
                yield f"sudoku {name} #{rank + 1}", lambda file=file, k=k, rank=rank: \
                    hardest_sudokus(SUDOKUS / file, k)[rank]
    if data is not None:
        for name, puzzle in hardest_killers(data, 5):
            yield name, lambda puzzle=puzzle: puzzle


def timed(problem: object, backend: str, timeout: float) -> tuple[float, str, int, str]:
    """Seconds to the answer, the answer in a word ("found", "none", or "timeout"), the
    search's nodes and who answered (for "auto": its route, and a race's winner); an answer
    in under 50 ms is asked again for 0.2 s in all and the mean taken (a millisecond is
    within the noise of one call)."""
    calls, started = 0, time.perf_counter()
    while True:
        prepared = prepare(problem)
        request = Request.of("first", backend=backend, timeout=timeout)
        try:
            answer = prepared.run(request)
        except BudgetExceeded as stopped:
            return timeout, "timeout", stopped.stats.nodes, ""
        calls += 1
        seconds = time.perf_counter() - started
        if seconds >= 0.2 or (calls == 1 and seconds >= 0.05):
            stats = prepared.solver.stats
            route = plan(request, prepared.features()).route
            picked = route if route != "race" else f"race:{'sat' if stats.way == 'sat' else 'search'}"
            return seconds / calls, "none" if answer is None else "found", stats.nodes, picked


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
    from exactcover.front.satcnf import Cnf

    solvers = args.solver or SOLVERS
    print(f"{'workload':<34}" + "".join(f"{name:>13}" for name in solvers))
    for name, make in workloads(args.data):
        if args.only and not any(part in name for part in args.only):
            continue
        problem = make()
        prepared = exactcover.front.api.prepare(problem)
        cnf = Cnf(prepared.solver.matrix, prepared.givens, prepared.exclude).clauses
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
        print(f"{name:<34}" + "".join(f"{cell:>13}" for cell in cells), flush=True)


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
    parser.add_argument("--data", type=Path, help="puzzlekit-dataset's assets/data folder: its hardest killers too")
    args = parser.parse_args()
    if args.solvers:
        compare_solvers(args)
        return
    print(f"{'workload':<34}{'answer':>7}{'search':>11}{'nodes':>12}{'SAT':>11}{'race':>11}{'auto':>11}"
          f"{'picks':>13}{'search/SAT':>12}{'auto/best':>11}")
    for name, make in workloads(args.data):
        if args.only and not any(part in name for part in args.only):
            continue
        problem = make()
        prepare(problem)  # (its matrix built and compiled once, as for any backend after)
        times: dict[str, list[float]] = {backend: [] for backend in BACKENDS}
        answers: dict[str, set[str]] = {backend: set() for backend in BACKENDS}
        nodes, picks = 0, set()
        for _ in range(args.rounds):
            for backend in BACKENDS:
                if "timeout" in answers[backend]:
                    continue  # (once cut off, always cut off: the time is a lower bound)
                seconds, answer, searched, picked = timed(problem, backend, args.timeout)
                times[backend].append(seconds)
                answers[backend].add(answer)
                nodes = searched if backend == "search" else nodes
                if backend == "auto":
                    picks.add(picked)
        median = {backend: statistics.median(times[backend]) for backend in BACKENDS}
        final = {backend: "timeout" if "timeout" in answers[backend] else answers[backend].pop()
                 for backend in BACKENDS}
        settled = {final[backend] for backend in BACKENDS} - {"timeout"}
        if len(settled) > 1:
            sys.exit(f"{name}: the backends disagree: {final}")
        best = min(median["search"], median["sat"])
        print(f"{name:<34}{(settled or {'?'}).pop():>7}{shown(median['search'], final['search']):>11}"
              f"{nodes:>12,}{shown(median['sat'], final['sat']):>11}{shown(median['race'], final['race']):>11}"
              f"{shown(median['auto'], final['auto']):>11}{'/'.join(sorted(picks)) or '-':>13}"
              f"{median['search'] / median['sat']:>12.2f}{median['auto'] / best:>11.2f}", flush=True)


if __name__ == "__main__":
    main()
