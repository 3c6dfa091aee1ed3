"""Sudoku puzzles per second on the public sets, end to end from text to solved text.

Each solver takes a puzzle line and returns the solved line, in one process, on the sets in
shared/data/sudoku: exactcover with the C engine (one compiled matrix, the clues as givens),
the same with the pure-Python engine, the seed article's bitmask backtracking, and py-sudoku
from PyPI (installed on demand with --install-peers; skipped if absent). Every answer is
checked against the C engine's. Slow solvers get a time budget per set and run on the first
puzzles only; the table says how many each one did.

    python benchmarks/sudoku.py [--repeats 3] [--budget 5] [--install-peers]
    python benchmarks/sudoku.py --big [--timeout 10] [--before 2]   # each 16x16 of the forum's set, and 25x25s the plugin made
    python benchmarks/sudoku.py --more FILE...   # every 16x16 line of other files: the slowest and the totals
    python benchmarks/sudoku.py --generate [--count 2000]   # minimal unique 9x9 puzzles per second, per grade

``--big`` reports, for each 16×16 puzzle of sudoku16_sample.txt and for 25×25 puzzles the
plugin generates, the nodes and seconds to solve (the grid checked) and decide uniqueness (a
count to 2) the plugin's way (the weighted item choice from 16×16 up), or that the search was
stopped at ``--timeout`` (issue 19 asks for every one under 1 s); and, for comparison, MRV's
nodes for the count, stopped at ``--before`` seconds.

Targets (issue 4): at least 10,000 puzzles per second on the easy set and 2,000 on the hard
set with the C engine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from typing import Any
from collections.abc import Callable
from pathlib import Path

from common import ROOT

import exactcover
from exactcover_sudoku import Sudoku, backtrack_solve

DATA = ROOT.parent / "shared" / "data" / "sudoku"
SETS = {
    "easy50": "norvig_easy50.txt",
    "top95 (hard)": "norvig_top95.txt",
    "top1465": "magictour_top1465.txt",
    "17-clue (first 5000)": "royle_17clue_49158.txt",
}


def exactcover_solver(engine: str) -> Callable[[str], str]:
    def solve(line: str) -> str:
        return exactcover.solve(Sudoku.parse(line), engine=engine).to_line()

    return solve


def backtracking(line: str) -> str:
    return backtrack_solve(Sudoku.parse(line)).to_line()


def py_sudoku() -> Callable[[str], str] | None:
    here = str(Path(__file__).resolve().parent)
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != here]  # this file is sudoku.py too
    try:
        from sudoku import Sudoku as PySudoku
    except ImportError:
        return None
    finally:
        sys.path[:] = saved

    def solve(line: str) -> str:
        board = [[int(ch) if ch not in ".0" else 0 for ch in line[r * 9 : r * 9 + 9]] for r in range(9)]
        solved = PySudoku(3, 3, board=board).solve()
        return "".join(str(v) for row in solved.board for v in row)

    return solve


def measure(solve: Callable[[str], str], lines: list[str], budget: float, expected: list[str] | None) -> tuple[int, float]:
    """(puzzles done, seconds): runs until the lines or the time budget run out; checks answers."""
    done, started = 0, time.perf_counter()
    for line in lines:
        answer = solve(line)
        if expected is not None and answer != expected[done]:
            raise AssertionError(f"wrong answer for {line}")
        done += 1
        if time.perf_counter() - started > budget:
            break
    return done, time.perf_counter() - started


def decide(name: str, prepared: Any, puzzle: Sudoku, timeout: float) -> tuple[int, float, str]:
    """One search to the second solution: the first checked (every cell filled, the clues
    kept), and the nodes, seconds and verdict (unique, several, or stopped)."""
    started = time.perf_counter()
    try:
        found = prepared.solutions(limit=2, timeout=timeout)
        solved = list(found)
        if not solved or not solved[0].is_solved or any(v and v != w for v, w in zip(puzzle.cells, solved[0].cells)):
            raise AssertionError(f"{name}: no valid solution")
        nodes, verdict = found.stats.nodes, {1: "unique", 2: "several"}[len(solved)]
    except exactcover.BudgetExceeded as stopped:
        nodes, verdict = stopped.stats.nodes, f"stopped at {timeout:g} s"
    return nodes, time.perf_counter() - started, verdict


def big(timeout: float, before: float) -> None:
    """Per hard big grid: solved (the grid checked: every cell filled by the engine's exact
    cover, the clues kept) and its uniqueness decided, in one search to the second solution,
    its nodes and seconds; and MRV's nodes for the same question (the way before the weighted
    choice), stopped at ``before`` seconds."""
    from exactcover.front.api import prepare
    from exactcover_sudoku import generate

    lines = (DATA / "sudoku16_sample.txt").read_text().split()
    puzzles = [(f"16x16 #{k}", Sudoku.parse(line)) for k, line in enumerate(lines, 1)]
    puzzles += [(f"25x25 seed {seed}", generate(size=25, seed=seed)) for seed in (1, 2)]
    print(f"{'puzzle':<16}{'clues':>6}{'nodes':>10}{'seconds':>9}  {'verdict':<9}{'MRV nodes':>16}")
    worst = 0.0
    for name, puzzle in puzzles:
        prepared = prepare(puzzle)
        nodes, seconds, verdict = decide(name, prepared, puzzle, timeout)
        worst = max(worst, seconds)
        try:
            prepared.count(limit=2, timeout=before, memo=False, way="links")
            mrv = f"{prepared.solver.stats.nodes:,}"
        except exactcover.BudgetExceeded as stopped:
            mrv = f"> {stopped.stats.nodes:,}"
        print(f"{name:<16}{puzzle.clues:>6}{nodes:>10,}{seconds:>9.3f}  {verdict:<9}{mrv:>16}")
    print(f"slowest: {worst:.3f} s (solve, check and decide uniqueness; MRV stopped at {before:g} s)")


def more_big(paths: list[str], timeout: float) -> None:
    """Every 256-symbol line of the files given (other collections of forum 16×16s): solved,
    checked and decided in one search each; the slowest ones and the totals."""
    from exactcover.front.api import prepare

    times = []
    for path in paths:
        for number, line in enumerate(Path(path).read_text().split(), 1):
            if len(line) != 256:
                continue
            puzzle, where = Sudoku.parse(line), f"{path}, line {number}"
            nodes, seconds, verdict = decide(where, prepare(puzzle), puzzle, timeout)
            times.append((seconds, where, nodes, verdict))
    for seconds, where, nodes, verdict in sorted(times, reverse=True)[:5]:
        print(f"{where}: {nodes:,} nodes, {seconds:.3f} s, {verdict}")
    print(f"{len(times)} puzzles, {sum(t[0] for t in times):.2f} s in all, the slowest {max(t[0] for t in times):.3f} s; "
          f"verdicts: " + ", ".join(f"{sum(t[3] == v for t in times)} {v}" for v in sorted({t[3] for t in times})))


def generation(count: int) -> None:
    """Unique minimal 9x9 puzzles per second (one core) per grade, and how often a grid tried
    gave the grade asked for; `generate` (the front door, one puzzle at a time) for comparison."""
    from exactcover_sudoku import generate
    from exactcover_sudoku.mass import GRADES, generate_many

    print(f"{'grade':<10}{'puzzles':>8}{'seconds':>9}{'per second':>12}{'grade hit':>11}")
    for grade in GRADES:
        wanted = count if grade in ("easy", "any") else max(1, count // 50)
        made = generate_many(wanted, grade=grade, seed=1, tries=500)
        started = time.perf_counter()
        try:
            for _ in made:
                pass
        except exactcover.ProblemError:  # (none of that grade in 500 grids in a row)
            pass
        seconds = time.perf_counter() - started
        print(f"{grade:<10}{made.made:>8}{seconds:>9.2f}{made.made / seconds:>12,.0f}{made.hit_rate:>11.0%}")
    started = time.perf_counter()
    for seed in range(100):
        generate(size=9, seed=seed)
    print(f"{'generate()':<10}{100:>8}{time.perf_counter() - started:>9.2f}{100 / (time.perf_counter() - started):>12,.0f}"
          f"{'(any)':>11}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", action="store_true", help="minimal unique puzzles per second, per grade")
    parser.add_argument("--count", type=int, default=2000, help="--generate: puzzles per grade (easy, any)")
    parser.add_argument("--big", action="store_true", help="the hard 16x16 set and generated 25x25s, per puzzle")
    parser.add_argument("--timeout", type=float, default=10.0, help="--big: seconds per puzzle")
    parser.add_argument("--more", nargs="+", metavar="FILE", help="other files of 16x16 puzzles, one per line")
    parser.add_argument("--before", type=float, default=2.0, help="--big: seconds for MRV's count of each puzzle")
    parser.add_argument("--repeats", type=int, default=5, help="passes of the C engine over each set (median)")
    parser.add_argument("--budget", type=float, default=5.0, help="seconds per set for the slower solvers")
    parser.add_argument("--install-peers", action="store_true", help="pip install py-sudoku first")
    args = parser.parse_args()
    if args.big or args.more:
        if args.big:
            big(args.timeout, args.before)
        if args.more:
            more_big(args.more, args.timeout)
        return
    if args.generate:
        generation(args.count)
        return
    if args.install_peers:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "py-sudoku"], check=True)
    others = {"exactcover, Python engine": exactcover_solver("python"), "bitmask backtracking": backtracking}
    peer = py_sudoku()
    if peer is not None:
        others["py-sudoku (PyPI)"] = peer
    c_engine = exactcover_solver("c")
    print(f"{'set':<22}{'solver':<28}{'puzzles':>9}{'per second':>12}{'vs C':>8}")
    for title, filename in SETS.items():
        lines = (DATA / filename).read_text().split()[:5000]
        c_engine(lines[0])  # compile the matrix once, outside the timing
        timed = lines * max(1, 2000 // len(lines))  # passes of at least 2000 puzzles: small sets repeat
        runs = [measure(c_engine, timed, float("inf"), None) for _ in range(args.repeats)]
        c_rate = statistics.median(done / seconds for done, seconds in runs)
        expected = [c_engine(line) for line in lines]
        print(f"{title:<22}{'exactcover, C engine':<28}{len(lines):>9}{c_rate:>12,.0f}{'1':>8}")
        for name, solve in others.items():
            done, seconds = measure(solve, lines, args.budget, expected)
            rate = done / seconds
            print(f"{'':<22}{name:<28}{done:>9}{rate:>12,.1f}{c_rate / rate:>8.0f}x")
    if peer is None:
        print("(py-sudoku not installed: python benchmarks/sudoku.py --install-peers)")


if __name__ == "__main__":
    main()
