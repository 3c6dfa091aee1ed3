"""Files of sudokus solved whole (exactcover.lines) against a native DLX solver, interleaved.

Uniqueness mode (each puzzle searched to its second solution), text in and text out, on the
shared top1465 and 17-clue sets: exactcover's `solve_lines` in this process (the text read
and written, no Python object per puzzle; one thread, then two; the file's code, matrix
and way as the plugin makes them for the command), the whole command
`exactcover count sudoku FILE --limit 2` as a process (start-up included), and the native
`fast_solv_9r2` (I. Zelaya's DLX solver, as tdoku's benchmarks carry it) as a process, run
`-v -s2` (its solutions printed, two looked for). The rounds alternate the contenders; the
table shows the median rate of each and its ratio to the native one.

fast_solv_9r2 is not in this repository: `--build DIR --source FILE` compiles it (gcc -O3
-march=native, with a two-line main) from its C file, e.g. tdoku's
other/fast_solv_9r2/fast_solv_9r2.c.

    python benchmarks/sudoku_lines.py --build /tmp/natives --source /tmp/fast_solv_9r2.c
    python benchmarks/sudoku_lines.py --native /tmp/natives/fast_solv_9r2 [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import ROOT

from exactcover import Solver
from exactcover.lines import LineFile, solve_lines
from exactcover_sudoku.reading import line_file

DATA = ROOT.parent / "shared" / "data" / "sudoku"
SETS = {"top1465": "magictour_top1465.txt", "17-clue": "royle_17clue_49158.txt"}
MAIN = ("int fast_solv_9r2_main(int, char **);\n"
        "int main(int argc, char **argv) { return fast_solv_9r2_main(argc, argv); }\n")


def build(folder: Path, source: Path) -> Path:
    """fast_solv_9r2 compiled in ``folder`` from ``source``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.c").write_text(MAIN)
    program = folder / "fast_solv_9r2"
    subprocess.run(["gcc", "-O3", "-march=native", "-o", str(program), str(source), str(folder / "main.c")], check=True)
    return program


def lines_of(data: bytes) -> LineFile:
    """The file as the command reads it: its code, matrix and way (the plugin's)."""
    lines = line_file(data.decode("latin-1"), None, "benchmark")
    if lines is None:
        raise AssertionError("not a file of puzzles as lines")
    return lines


def ours(lines: LineFile, jobs: int | None) -> tuple[float, bytes]:
    solver = Solver(lines.matrix, "c")
    started = time.perf_counter()
    found = solve_lines(solver, lines.data, lines.code, limit=2, way=lines.way, jobs=jobs)
    if found.statuses != bytes([1]) * len(found):
        raise AssertionError("a puzzle of the set is not unique, or not solved")
    return time.perf_counter() - started, found.answers


def process(command: list[str], path: Path) -> tuple[float, bytes]:
    with path.open("rb") as given:
        started = time.perf_counter()
        done = subprocess.run(command, stdin=given, capture_output=True, check=True)
        return time.perf_counter() - started, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", type=Path, help="the fast_solv_9r2 program")
    parser.add_argument("--build", type=Path, help="compile fast_solv_9r2 into this folder first ...")
    parser.add_argument("--source", type=Path, help="... from this C file")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    native = build(args.build, args.source) if args.build else args.native
    command = [sys.executable, "-m", "exactcover", "count", "sudoku", "-", "--limit", "2"]
    print(f"{'set':<9}{'contender':<34}{'puzzles/s':>11}{'vs native':>11}")
    for name, file in SETS.items():
        path = DATA / file
        data = path.read_bytes()
        puzzles = len(data.split())
        lines = lines_of(data)
        contenders = {"exactcover solve_lines": lambda: ours(lines, None),
                      "exactcover solve_lines, 2 threads": lambda: ours(lines, 2),
                      "exactcover count sudoku --limit 2": lambda: process(command, path)}
        if native is not None:
            contenders["fast_solv_9r2 -v -s2 (native DLX)"] = lambda: process([str(native), "-v", "-s2"], path)
        times: dict[str, list[float]] = {who: [] for who in contenders}
        answers: dict[str, bytes] = {}
        for _ in range(args.rounds):
            for who, run in contenders.items():
                seconds, answers[who] = run()
                times[who].append(seconds)
        expected = answers["exactcover solve_lines"]
        if native is not None and answers["fast_solv_9r2 -v -s2 (native DLX)"].split() != expected.split():
            raise AssertionError(f"{name}: fast_solv_9r2's solutions are not exactcover's")
        if answers["exactcover solve_lines, 2 threads"] != expected:
            raise AssertionError(f"{name}: the threads' answers differ")
        rates = {who: puzzles / statistics.median(seconds) for who, seconds in times.items()}
        base = rates.get("fast_solv_9r2 -v -s2 (native DLX)")
        for who, rate in rates.items():
            ratio = f"{rate / base:.2f}x" if base else "-"
            print(f"{name:<9}{who:<34}{rate:>11,.0f}{ratio:>11}")


if __name__ == "__main__":
    main()
