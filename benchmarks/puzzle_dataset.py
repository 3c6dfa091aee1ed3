"""Published puzzles from a peer's public dataset: every slitherlink, masyu and killer sudoku
of puzzlekit-dataset (Janko's and puzz.link's, each with its published solution) solved, its
answer checked against that solution, and its uniqueness decided; beside puzzlekit's own
solver (OR-Tools CP-SAT) when a Python with puzzlekit is given, interleaved puzzle by puzzle.

Nothing of the dataset is in this repository: fetch it (github.com/SmilingWayne/puzzlekit-dataset)
and give its folder ``assets/data``. puzzlekit goes in a throwaway environment, never into
the project's:

    python3 -m venv /tmp/peer && /tmp/peer/bin/pip install puzzlekit==0.3.4
    python benchmarks/puzzle_dataset.py --data DATASET/assets/data [--kinds slitherlink masyu killer]
        [--timeout 10] [--sample 60 --seed 1 | --largest 40] [--peer /tmp/peer/bin/python]

exactcover: ``solutions(puzzle, limit=2)`` on the compiled engine (a solution, and the proof
that it is unique or a second one), with the default backend ("auto": the search, and after
its first 20 ms the SAT solver beside it) or ``--backend``; timed from the puzzle's text to
the answer (the puzzle read, the matrix built, the search). puzzlekit: ``puzzlekit.solve(text, kind)`` (one solution, no proof),
timed the same way in a process of its own that stays up. The table gives per kind and size
class (cells) the puzzles, how many each answered within the timeout, exactcover's answers
that are not the published one (there must be none; where a puzzle has several solutions,
the published one must be among the two found, or, for a killer, a solution all the same),
the median, p99 and largest times, and exactcover's search alone (its median and largest:
the time after the matrix is built).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

KINDS = {"slitherlink": "Slitherlink/Slitherlink_dataset.json", "masyu": "Masyu/Masyu_dataset.json",
         "killer": "KillerSudoku/KillerSudoku_dataset.json"}
#: puzzlekit's names for the kinds.
PEER_KINDS = {"slitherlink": "slitherlink", "masyu": "masyu", "killer": "killer_sudoku"}
#: Size classes by cells (rows x columns): up to each bound.
CLASSES = (100, 400, 1000, 4000)


def load(data: Path, kind: str) -> list[tuple[str, dict[str, Any]]]:
    """The dataset's puzzles of ``kind`` as (name, entry) pairs, in the dataset's order."""
    return list(json.loads((data / KINDS[kind]).read_text())["data"].items())


def cells(entry: dict[str, Any]) -> int:
    rows, columns = map(int, entry["problem"].split("\n", 1)[0].split())
    return rows * columns


def chosen(puzzles: list[tuple[str, dict[str, Any]]], sample: int | None, seed: int,
           largest: int | None) -> list[tuple[str, dict[str, Any]]]:
    if largest is not None:
        return sorted(puzzles, key=lambda p: cells(p[1]), reverse=True)[:largest]
    if sample is not None:
        return random.Random(seed).sample(puzzles, min(sample, len(puzzles)))
    return puzzles


# -- exactcover's side ---------------------------------------------------------------------------

def published(kind: str, answer: Any, solution: str) -> bool:
    """Whether ``answer`` (exactcover's loop) is the dataset's published ``solution``: a
    slitherlink's cells inside the loop (``x``; or outside: the dataset shades one side), a
    masyu's cells by the directions the loop leaves them (``ns``, ``se``, ... or ``-``). The
    grid is read to the rows its first line says (one entry, slitherlink 839, has a second
    grid after its own)."""
    lines = solution.strip().split("\n")
    grid = [line.split() for line in lines[1:1 + int(lines[0].split()[0])]]
    if kind == "killer":
        return [int(cell) for row in grid for cell in row] == list(answer.cells)
    if kind == "slitherlink":
        inside = [[sum(("v", r, k) in answer.edges for k in range(c + 1)) % 2 == 1 for c in range(len(row))]
                  for r, row in enumerate(grid)]
        shaded = [[cell == "x" for cell in row] for row in grid]
        return shaded == inside or shaded == [[not cell for cell in row] for row in inside]
    ways = {}
    for kind_, r, c in answer.edges:
        if kind_ == "h":
            ways.setdefault((r, c), set()).add("e")
            ways.setdefault((r, c + 1), set()).add("w")
        else:
            ways.setdefault((r, c), set()).add("s")
            ways.setdefault((r + 1, c), set()).add("n")
    return all(set(cell) - {"-"} == ways.get((r, c), set()) for r, row in enumerate(grid) for c, cell in enumerate(row))


def killer(text: str) -> Any:
    """The dataset's killer sudoku: its size, a grid of each cage's sum (in one of its cells,
    ``-`` elsewhere), then a grid of each cell's cage."""
    from exactcover_sudoku import Cage, Killer

    lines = text.strip().split("\n")
    n = int(lines[0].split()[0])
    sums = [cell for line in lines[1:1 + n] for cell in line.split()]
    names = [cell for line in lines[1 + n:1 + 2 * n] for cell in line.split()]
    cells: dict[str, list[int]] = {}
    for k, name in enumerate(names):
        cells.setdefault(name, []).append(k)
    totals = {names[k]: int(value) for k, value in enumerate(sums) if value != "-"}
    return Killer.make([0] * (n * n), [Cage(name, totals[name], tuple(ks)) for name, ks in cells.items()])


def solves(puzzle: Any, solution: str) -> bool:
    """Whether a killer's published ``solution`` is one of its solutions."""
    import exactcover
    from exactcover_sudoku import Killer

    lines = solution.strip().split("\n")
    cells = [int(cell) for line in lines[1:1 + int(lines[0].split()[0])] for cell in line.split()]
    return exactcover.count(Killer.make(cells, puzzle.cages), backend="search") == 1


def ours(kind: str, entry: dict[str, Any], timeout: float, backend: str) -> dict[str, Any]:
    """exactcover's answer: its seconds, whether it answered in time, how many solutions
    (1: unique; 2: more), and whether the first is the published one."""
    import exactcover
    from exactcover.front.prepared import prepare
    from exactcover.front.request import Request
    from exactcover_loops import Masyu, Slitherlink

    started = time.perf_counter()
    puzzle = (Slitherlink.from_text(entry["problem"]) if kind == "slitherlink"
              else Masyu.from_text(entry["problem"], notation="auto") if kind == "masyu" else killer(entry["problem"]))
    prepared = prepare(puzzle, "c")  # (the matrix built and compiled: what solutions() does first)
    built = time.perf_counter()
    try:
        found = list(prepared.run(Request.of("solutions", limit=2, timeout=timeout, backend=backend)))
    except exactcover.BudgetExceeded:
        return {"seconds": time.perf_counter() - started, "search": time.perf_counter() - built, "answered": False}
    seconds = time.perf_counter() - started
    # (where a puzzle has several solutions, any may come first: the published one is one of
    # them, or, a killer's, a solution all the same)
    right = None if not found or not entry.get("solution") else \
        any(published(kind, answer, entry["solution"]) for answer in found) or \
        len(found) > 1 and kind == "killer" and solves(puzzle, entry["solution"])
    return {"seconds": seconds, "search": seconds - (built - started), "answered": True, "solutions": len(found),
            "right": right}


# -- puzzlekit's side: a process of its own, in the peer's Python --------------------------------

PEER = r'''
import json, sys, time
import puzzlekit
for line in sys.stdin:
    kind, text, timeout = json.loads(line)
    started = time.perf_counter()
    try:
        result = puzzlekit.solve(text, kind, solver_options={"time_limit_sec": timeout})
        status = str(result.solution_data.get("status", ""))
        answered = status in ("Optimal", "Feasible")
    except Exception as error:
        status, answered = f"error: {error}"[:200], False
    print(json.dumps({"seconds": time.perf_counter() - started, "answered": answered, "status": status}), flush=True)
'''


class Peer:
    """puzzlekit in the Python at ``python``, one puzzle at a time."""

    def __init__(self, python: str) -> None:
        self.process = subprocess.Popen([python, "-c", PEER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def solve(self, kind: str, text: str, timeout: float) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([kind, text, timeout]) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())  # type: ignore[no-any-return]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


# -- the table ------------------------------------------------------------------------------------

def size_class(n: int) -> str:
    bound = next((b for b in CLASSES if n <= b), None)
    return f"<= {bound}" if bound is not None else f"> {CLASSES[-1]}"


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def table(rows: list[dict[str, Any]], peer: bool) -> str:
    head = (f"{'kind':<12}{'cells':>8}{'puzzles':>8}{'ours':>6}{'wrong':>6}{'median':>9}{'p99':>8}{'max':>8}"
            f"{'search median':>14}{'max':>8}")
    if peer:
        head += f"{'CP-SAT':>8}{'median':>9}{'p99':>8}{'max':>8}{'total ratio':>12}"
    lines = [head]
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["kind"], size_class(row["cells"])), []).append(row)
        groups.setdefault((row["kind"], "all"), []).append(row)
    order = [size_class(bound) for bound in CLASSES] + [size_class(CLASSES[-1] + 1), "all"]
    for (kind, group), members in sorted(groups.items(), key=lambda g: (g[0][0], order.index(g[0][1]))):
        times = [m["ours"]["seconds"] for m in members]
        searches = [m["ours"].get("search", m["ours"]["seconds"]) for m in members]
        line = (f"{kind:<12}{group:>8}{len(members):>8}{sum(m['ours']['answered'] for m in members):>6}"
                f"{sum(m['ours'].get('right') is False for m in members):>6}"
                f"{statistics.median(times):>9.4f}{quantile(times, 0.99):>8.3f}{max(times):>8.3f}"
                f"{statistics.median(searches):>14.4f}{max(searches):>8.3f}")
        if peer:
            theirs = [m["peer"]["seconds"] for m in members]
            line += (f"{sum(m['peer']['answered'] for m in members):>8}{statistics.median(theirs):>9.4f}"
                     f"{quantile(theirs, 0.99):>8.3f}{max(theirs):>8.3f}{sum(times) / sum(theirs):>12.3f}")
        lines.append(line)
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the dataset's assets/data folder")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=list(KINDS))
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle and solver")
    parser.add_argument("--sample", type=int, help="this many puzzles of each kind, drawn at random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--largest", type=int, help="the largest this many puzzles of each kind")
    parser.add_argument("--backend", default="auto", help="exactcover's backend (auto, search, sat, race)")
    parser.add_argument("--peer", help="a Python with puzzlekit installed: solve each puzzle with it too")
    parser.add_argument("--slowest", type=int, default=10, help="list this many of exactcover's slowest puzzles")
    parser.add_argument("--out", type=Path, help="write every puzzle's measurements here (JSON lines)")
    parser.add_argument("--table", type=Path, help="only print the table of the measurements in this --out file")
    args = parser.parse_args()
    if args.table is not None:
        rows = [json.loads(line) for line in args.table.read_text().splitlines() if line.strip()]
        print(table(rows, all("peer" in row for row in rows)))
        return

    import exactcover

    if exactcover.ENGINE != "c":
        sys.exit(f"the compiled engine is not built (ENGINE is {exactcover.ENGINE!r}): pip install . first")
    peer = Peer(args.peer) if args.peer else None
    rows = []
    try:
        for kind in args.kinds:
            for k, (name, entry) in enumerate(chosen(load(args.data, kind), args.sample, args.seed, args.largest)):
                row = {"kind": kind, "name": name, "cells": cells(entry)}
                turns = ["ours", "peer"] if peer is None or k % 2 == 0 else ["peer", "ours"]  # (A B, B A: interleaved)
                for turn in turns:
                    if turn == "ours":
                        row["ours"] = ours(kind, entry, args.timeout, args.backend)
                    elif peer is not None:
                        row["peer"] = peer.solve(PEER_KINDS[kind], entry["problem"], args.timeout)
                rows.append(row)
                if args.out is not None:
                    with args.out.open("a") as out:
                        out.write(json.dumps(row) + "\n")
    finally:
        if peer is not None:
            peer.close()
    print(f"# {time.strftime('%Y-%m-%d')}, timeout {args.timeout} s, backend {args.backend}, "
          f"{'sample ' + str(args.sample) if args.sample else 'largest ' + str(args.largest) if args.largest else 'all'}")
    print(table(rows, peer is not None))
    print("\nexactcover's slowest:")
    for row in sorted(rows, key=lambda r: -r["ours"]["seconds"])[:args.slowest]:
        print(f"  {row['kind']} {row['name']}: {row['ours']}" + (f"  CP-SAT {row['peer']}" if "peer" in row else ""))


if __name__ == "__main__":
    main()
