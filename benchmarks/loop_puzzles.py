"""The loop constraint against Knuth's DLX2-LOOP, on published slitherlinks and masyus.

Knuth's generators slitherlink-dlx and masyu-dlx turn a puzzle into a matrix whose names
say a loop (two-character coordinates); DLX2-LOOP counts its solutions, keeping the
chosen edges one cycle as it searches. exactcover reads the same file as DLX2-LOOP does
(`read_dlx(path, loop=True, priority=False)`) and counts. For each puzzle the table gives:

- the solutions and nodes of each (they must be equal: the same rule, the same tree), and
  the median times in ms over interleaved rounds (ours: the search alone, on a compiled
  solver; DLX2-LOOP: its whole run less its run with the input alone), and their ratio;
- "plain": the same file read without the loop, every solution listed (disjoint loops
  too) and those of more than one cycle filtered out afterwards: its nodes and time, cut
  at --cap nodes (">cap");
- "own": exactcover_loops' own encoding of the puzzle (`exactcover count slitherlink` or
  `masyu`): its nodes and time, cut at --cap nodes too.

The puzzles are Otto Janko's (janko.at), as collected in SmilingWayne/PuzzleSolver's
history (assets/data/{Slitherlink,Masyu}/problems/*_puzzles.json): give the folder that
holds Slitherlink_puzzles.json and Masyu_puzzles.json with --puzzles. Knuth's generators
take at most 30 (slitherlink) and 31 (masyu) rows and columns, so the largest published
puzzles that fit are the largest here.

With ``--ways`` it counts instead each puzzle of the table, and the largest published ones
(which Knuth's generators cannot take), with exactcover_loops' encodings by each rule of the
item choice that takes a loop (MRV, the weighted choice, the weighted ties, the failure
rate), each to --budget nodes: the nodes and the seconds of each (the masyus without their
priority items, which only MRV's rule takes).

With ``--survey CELLS`` it counts instead every published puzzle of at most CELLS cells
with exactcover_loops' encoding, each to a budget of --budget nodes, and gives for each
kind the puzzles, those over the budget, the nodes and the seconds in all; for the masyus
also with the encoding's tied edges taken out, and with neither them nor priority items.

    python benchmarks/loop_puzzles.py --build /tmp/knuth-loop --sources /tmp/knuth-src
    python benchmarks/loop_puzzles.py --knuth /tmp/knuth-loop --puzzles /tmp/puzzles [--rounds 3]
    python benchmarks/loop_puzzles.py --knuth /tmp/knuth-loop --puzzles /tmp/puzzles --survey 300
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from knuth import command_line, interleaved, knuth_time, ours_time  # noqa: E402

import exactcover  # noqa: E402
from exactcover import Matrix, MatrixError, Solver, read_dlx  # noqa: E402

PROGRAMS = {"dlx2-loop": "dlx2.w dlx2-loop.ch", "slitherlink-dlx": "slitherlink-dlx.w", "masyu-dlx": "masyu-dlx.w"}
#: The puzzles, by kind: their ids in the collection (number_ROWSxCOLUMNS), of growing size.
#: The largest that fit Knuth's generators: slitherlink 20 x 30, masyu 20 x 20 and 17 x 22;
#: 1099 and 573 are among the hardest of their size for both programs.
PUZZLES = {
    "slitherlink": ["1_4x4", "31_7x7", "61_10x10", "121_10x18", "151_14x24", "1099_10x18", "90_20x30"],
    "masyu": ["02_6x6", "11_10x10", "77_12x12", "205_15x15", "99_17x17", "147_16x24", "19_14x24", "573_14x16",
              "562_17x22", "793_20x20"],
}
_WORDS = {"slitherlink": {"-": "."}, "masyu": {"-": ".", "w": "0", "b": "1", "1": "0", "2": "1"}}


def puzzle_text(problem: str, kind: str) -> str:
    """A puzzle of the collection ("ROWS COLUMNS" then rows of cells apart) as Knuth's
    generators read it: a line per row, a character per cell."""
    words = _WORDS[kind]
    return "".join("".join(words.get(cell, cell) for cell in line.split()) + "\n"
                   for line in problem.strip().splitlines()[1:])


def one_cycle(matrix, solution) -> bool:  # type: ignore[no-untyped-def]
    """Whether a solution's edges of color '1' make one cycle (``matrix``: read with the loop)."""
    edges = {edge for edge, _, _ in matrix.loop.edges}
    chosen = [item for label in solution for item, color in zip(matrix.option(label).items, matrix.option(label).colors)
              if color == "1" and item in edges]
    try:
        matrix.loop.cycle(chosen)
    except MatrixError:
        return False
    return True


def child(path: str, question: str) -> None:
    """One measurement: ``question`` is "loop" (the file as DLX2-LOOP reads it), "plain:CAP"
    (without the loop, filtered afterwards) or "own:KIND:CAP" (``path``: the puzzle's text)."""
    if question.startswith("own:"):
        from exactcover_loops import masyu, slitherlink

        _, kind, cap = question.split(":")
        module = masyu if kind == "masyu" else slitherlink
        puzzle = (masyu.Masyu if kind == "masyu" else slitherlink.Slitherlink).from_text(Path(path).read_text())
        solver = Solver(module.encode(puzzle).matrix, "c")
        started = time.perf_counter()
        try:
            answer = solver.count(max_nodes=int(cap))
        except exactcover.BudgetExceeded:
            print(json.dumps({"seconds": float("inf"), "answer": f"cap {solver.stats.nodes}"}))
            return
    elif question == "loop":
        solver = Solver(read_dlx(path, loop=True, priority=False), "c")
        started = time.perf_counter()
        answer = solver.count()
    else:
        looped = read_dlx(path, loop=True, priority=False)
        solver = Solver(read_dlx(path, priority=False), "c")
        started = time.perf_counter()
        try:
            answer = sum(one_cycle(looped, s) for s in solver.solutions(max_nodes=int(question.split(":")[1])))
        except exactcover.BudgetExceeded:
            print(json.dumps({"seconds": float("inf"), "answer": f"cap {solver.stats.nodes}"}))
            return
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "answer": f"{answer} {solver.stats.nodes}"}))


def variant(matrix: Matrix, tied: bool, first: bool) -> Matrix:
    """A masyu's matrix without its tied edges' items (unless ``tied``), and without priority
    items (unless ``first``)."""
    kept = [o for o in matrix.options if tied or o.label[0] != "tied"]
    primary = [i for i in matrix.primary if tied or i[0] != "tied"]
    priority = [i for i in matrix.priority if i in primary] if first else []
    return Matrix(primary, {o.label: dict(zip(o.items, o.colors)) for o in kept}, secondary=matrix.secondary,
                  loop=matrix.loop, priority=priority)


def survey(args) -> None:  # type: ignore[no-untyped-def]
    """--survey: every published puzzle of at most ``args.survey`` cells, counted."""
    from exactcover_loops import masyu, slitherlink

    for kind, module in (("slitherlink", slitherlink), ("masyu", masyu)):
        collection = json.loads((args.puzzles / f"{kind.capitalize()}_puzzles.json").read_text())["puzzles"]
        puzzles = []
        for key, entry in collection.items():
            shape = re.fullmatch(r"\d+_(\d+)x(\d+)", key)
            if shape and int(shape[1]) * int(shape[2]) <= args.survey:
                puzzle = getattr(module, kind.capitalize()).from_text(puzzle_text(entry["problem"], kind))
                puzzles.append(module.encode(puzzle).matrix)
        forms = [("as encoded", True, True)] + ([("no tied edges", False, True), ("no priority", False, False)]
                                                if kind == "masyu" else [])
        for said, tied, first in forms:
            over = nodes = 0
            started = time.perf_counter()
            for matrix in puzzles:
                solver = Solver(variant(matrix, tied, first) if kind == "masyu" else matrix, "c")
                try:
                    solver.count(max_nodes=args.budget)
                except exactcover.BudgetExceeded:
                    over += 1
                nodes += solver.stats.nodes
            print(f"{kind:<12}{said:<16}{len(puzzles):>6} puzzles{over:>5} over {args.budget:,} nodes"
                  f"{nodes:>16,} nodes{time.perf_counter() - started:>9.1f} s", flush=True)


#: The largest published puzzles: too large for Knuth's generators.
LARGEST = {"slitherlink": ["191_30x40", "100_30x45"], "masyu": ["20_20x36", "40_20x36", "49_20x36"]}
RULES = ("auto", "weighted", "weighted-ties", "failure-rate")


def ways(args) -> None:  # type: ignore[no-untyped-def]
    """--ways: the table's puzzles and the largest, by each rule of the item choice."""
    from exactcover_loops import masyu, slitherlink

    print(f"{'puzzle':<24}" + "".join(f"{rule:>24}" for rule in RULES))
    for kind, module in (("slitherlink", slitherlink), ("masyu", masyu)):
        collection = json.loads((args.puzzles / f"{kind.capitalize()}_puzzles.json").read_text())["puzzles"]
        for key in PUZZLES[kind] + LARGEST[kind]:
            puzzle = getattr(module, kind.capitalize()).from_text(puzzle_text(collection[key]["problem"], kind))
            matrix = variant(module.encode(puzzle).matrix, True, False) if kind == "masyu" else \
                module.encode(puzzle).matrix  # (priority items take MRV's rule alone)
            cells = []
            for rule in RULES:
                solver = Solver(matrix, "c")
                started = time.perf_counter()
                try:
                    solver.count(way=rule, max_nodes=args.budget)
                    seconds = f"{time.perf_counter() - started:.2f} s"
                except exactcover.BudgetExceeded:
                    seconds = ">budget"
                cells.append(f"{solver.stats.nodes:>14,} {seconds:>9}")
            print(f"{kind + ' ' + key:<24}" + "".join(cells), flush=True)


def main() -> None:
    args = command_line(__doc__, PROGRAMS, child, extra=[
        ("--puzzles", {"type": Path, "help": "the folder of Slitherlink_puzzles.json and Masyu_puzzles.json"}),
        ("--cap", {"type": int, "default": 2 * 10**6, "help": "the plain and own searches' node budget"}),
        ("--survey", {"type": int, "help": "count every puzzle of at most this many cells"}),
        ("--ways", {"action": "store_true", "help": "count the puzzles by each rule of the item choice"}),
        ("--budget", {"type": int, "default": 5 * 10**6, "help": "--survey's and --ways' node budget per puzzle"})])
    if args is None:
        return
    if args.puzzles is None:
        sys.exit("--puzzles is required (see the docstring)")
    if args.survey:
        survey(args)
        return
    if args.ways:
        ways(args)
        return
    folder = Path(tempfile.mkdtemp(prefix="loops-"))
    print(f"{'puzzle':<24}{'solutions':>10}{'nodes':>12}{'ours ms':>10}{'DLX2-LOOP':>11}{'ratio':>7}"
          f"{'plain nodes':>14}{'plain ms':>11}{'own nodes':>12}{'own ms':>9}")
    for kind, ids in PUZZLES.items():
        collection = json.loads((args.puzzles / f"{kind.capitalize()}_puzzles.json").read_text())["puzzles"]
        for key in ids:
            title = f"{kind} {key}"
            if args.only and args.only not in title:
                continue
            text = puzzle_text(collection[key]["problem"], kind)
            source = folder / f"{kind}-{key}.txt"
            source.write_text(text)
            made = subprocess.run([str(args.knuth / f"{kind}-dlx")], input=text, capture_output=True, text=True,
                                  check=True)
            path = folder / f"{kind}-{key}.dlx"
            path.write_text(made.stdout)
            own = source.with_suffix(".own.txt")
            own.write_text(text)

            def measure(name: str) -> tuple[float, str]:
                if name == "exactcover":
                    return ours_time(__file__, path, "loop")
                if name == "plain":
                    return ours_time(__file__, path, f"plain:{args.cap}")
                if name == "own":
                    return ours_time(__file__, own, f"own:{kind}:{args.cap}")
                seconds, out = knuth_time(args.knuth / "dlx2-loop", path)
                found = re.search(r"Altogether (\d+) solution.*?(\d+) nodes", out, re.S)
                return seconds, f"{found[1]} {found[2]}" if found else f"? {out[-200:]!r}"

            times, answers = interleaved(["exactcover", "dlx2-loop", "plain", "own"], args.rounds, measure)
            median = {name: sorted(values)[len(values) // 2] for name, values in times.items()}
            count, nodes = next(iter(answers["exactcover"])).split()
            same = "" if answers["exactcover"] == answers["dlx2-loop"] else f"   (DLX2-LOOP: {answers['dlx2-loop']})"
            plain = next(iter(answers["plain"])).split()
            own = next(iter(answers["own"])).split()
            plain_ms, own_ms = (">cap" if median[name] == float("inf") else f"{median[name] * 1000:.1f}"
                                for name in ("plain", "own"))
            print(f"{title:<24}{count:>10}{int(nodes):>12,}{median['exactcover'] * 1000:>10.2f}"
                  f"{median['dlx2-loop'] * 1000:>11.2f}{median['dlx2-loop'] / median['exactcover']:>7.2f}"
                  f"{int(plain[1]):>14,}{plain_ms:>11}{int(own[1]):>12,}{own_ms:>9}{same}",
                  flush=True)


if __name__ == "__main__":
    main()
