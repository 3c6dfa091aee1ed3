"""Hard instances: the item choices against each other, against Knuth's programs for them and
against the SAT backend, by nodes and seconds.

On a full enumeration the item choice cannot cut the tree much (every solution is a leaf);
on a hard instance, one with no solution or one hard-to-find first solution, it can cut it
by large factors. The workloads: Langford pairs where there are none (n = 13, 14; 15 with
`--only`), queen domination with one queen too few (MCC), the hardest 9x9 sudokus of
Norvig's top95 and of the magictour list (by our MRV nodes) and the hardest of the 16x16
sample, first solutions of Y-pentomino squares (12x12 to 20x20), and T-tetromino boxes that
cannot be tiled (Walkup, 1965: only when both sides are multiples of 4; a search cannot
know that and must exhaust the tree).

Every question is a first solution (or the proof that there is none). Each contender runs
in its own process, the contenders in turn round by round; the table shows each one's
answer, nodes and median seconds. Ours: the C engine with each `way` (memo off), and
`backend="sat"`. Knuth's: SSXCC (MRV with Solnon's forced moves), SSXCC2 (dom/wdeg),
SSXCC3 (MRV, ties to the heaviest), SSXCC with his FRB change file (`ssxcc-frb0`), his
SSXCC-BINARY and its FRB and weight change files; for multiplicities SSMCC and its FRB and
weight change files. A native time is its whole run less its run on the input alone; a run
past `--timeout` is cut and shown as `>T`.

    python benchmarks/hard.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/hard.py --knuth /tmp/knuth [--rounds 3] [--timeout 120] [--only NAME] [--ways a,b]
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Hashable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from common import INKALA  # noqa: E402
from knuth import command_line  # noqa: E402
from mcc import queen_domination  # noqa: E402
from natives import named  # noqa: E402

from exactcover import Matrix, Solver, read_dlx, write_dlx  # noqa: E402

PROGRAMS = {"ssxcc": "ssxcc.w", "ssxcc2": "ssxcc2.w", "ssxcc3": "ssxcc2.w ssxcc3.ch",
            "ssxcc-frb0": "ssxcc.w ssxcc-frb0.ch", "ssxcc-binary": "ssxcc-binary.w",
            "ssxcc-frb": "ssxcc-binary.w ssxcc-frb.ch", "ssxcc-wtd": "ssxcc-binary.w ssxcc-wtd.ch",
            "ssmcc": "ssmcc.w", "ssmcc-frb": "ssmcc.w ssmcc-frb.ch", "ssmcc-wtd": "ssmcc.w ssmcc-wtd.ch"}
MCC = {"ssmcc", "ssmcc-frb", "ssmcc-wtd"}
WAYS = ["auto", "links", "weighted", "weighted-ties", "failure-rate"]
DATA = HERE.parent.parent / "shared" / "data" / "sudoku"


# -- the problems ---------------------------------------------------------------------------

def with_givens(matrix: Matrix, givens: list[Hashable]) -> Matrix:
    """The matrix with the givens as the only options on their items (so that a program
    without givens, Knuth's, reads the same problem)."""
    chosen = set(givens)
    taken = {item for o in matrix.options if o.label in chosen for item in o.items}
    rows = [o for o in matrix.options if o.label in chosen or not taken & set(o.items)]
    name = lambda item: "_".join(map(str, item)) if isinstance(item, tuple) else str(item)  # noqa: E731
    return Matrix([name(i) for i in matrix.primary], [[name(i) for i in o.items] for o in rows])


def sudoku(text: str) -> Matrix:
    from exactcover_sudoku import Sudoku
    from exactcover_sudoku.encoding import encode

    encoding = encode(Sudoku.parse(text))
    return with_givens(encoding.matrix, list(encoding.givens))


def y_tiling(side: int) -> Matrix:
    from first_solution import y_tiling as tiling

    return tiling(side)


def t_tetrominoes(rows: int, columns: int) -> Matrix:
    """A rows x columns box tiled by T-tetrominoes (as many as it takes)."""
    shapes = set()
    cells = [(0, 0), (0, 1), (0, 2), (1, 1)]
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]
        low_r, low_c = min(r for r, _ in cells), min(c for _, c in cells)
        shapes.add(tuple(sorted((r - low_r, c - low_c) for r, c in cells)))
    options = [[f"r{r + a}c{c + b}" for a, b in shape] for shape in sorted(shapes)
               for r in range(rows) for c in range(columns)
               if all(r + a < rows and c + b < columns for a, b in shape)]
    return Matrix([f"r{r}c{c}" for r in range(rows) for c in range(columns)], options)


def hardest(path: Path, how_many: int) -> list[str]:
    """The puzzles of a file that take our MRV search the most nodes to a first solution."""
    from exactcover_sudoku import Sudoku
    from exactcover_sudoku.encoding import encode

    costs = []
    for line in path.read_text().split():
        encoding = encode(Sudoku.parse(line))
        solver = Solver(encoding.matrix, "c")
        solver.first(encoding.givens, way="links")
        costs.append((solver.stats.nodes, line))
    return [line for _, line in sorted(costs, reverse=True)[:how_many]]


def workloads() -> dict[str, Callable[[], Matrix]]:
    found: dict[str, Callable[[], Matrix]] = {}
    for n in (13, 14):
        found[f"Langford n={n} (none)"] = lambda n=n: named(f"langford-{n}")
    for n in (8, 9):
        found[f"queen domination {n}x{n}, 4 queens (none)"] = lambda n=n: queen_domination(n, 4)
    found["sudoku Inkala"] = lambda: sudoku(INKALA)
    for name, path, k in (("top95", DATA / "norvig_top95.txt", 2), ("top1465", DATA / "magictour_top1465.txt", 2),
                          ("16x16", DATA / "sudoku16_sample.txt", 2)):
        if path.exists():
            for rank in range(k):
                found[f"sudoku {name} #{rank + 1}"] = lambda path=path, k=k, rank=rank: sudoku(hardest(path, k)[rank])
    for side in (12, 14, 16, 18, 20):
        found[f"Y-pentominoes {side}x{side}"] = lambda side=side: y_tiling(side)
    for rows, columns in ((6, 6), (6, 8), (8, 10)):
        found[f"T-tetrominoes {rows}x{columns} (none)"] = lambda r=rows, c=columns: t_tetrominoes(r, c)
    return found


#: Run only when --only names them.
LARGE = {"Langford n=15 (none)": lambda: named("langford-15"),
         "queen domination 10x10, 4 queens (none)": lambda: queen_domination(10, 4)}


# -- the contenders ---------------------------------------------------------------------------

def child(path: str, way: str) -> None:
    """One of ours, in this process: a first solution, its nodes and seconds, as JSON."""
    matrix = read_dlx(path)
    if way == "sat":
        import exactcover

        started = time.perf_counter()
        answer = exactcover.solve(matrix, backend="sat")
        print(json.dumps({"seconds": time.perf_counter() - started, "answer": int(answer is not None),
                          "nodes": None}))
        return
    solver = Solver(matrix, "c")
    solver.dancer  # (compiled before the clock starts)
    started = time.perf_counter()
    answer = solver.first(way=way)
    print(json.dumps({"seconds": time.perf_counter() - started, "answer": int(answer is not None),
                      "nodes": solver.stats.nodes}))


def ours(path: Path, way: str, timeout: float) -> tuple[float, str, int | None]:
    try:
        out = subprocess.run([sys.executable, __file__, "--child", str(path), way], capture_output=True, text=True,
                             check=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return float("inf"), "?", None
    data = json.loads(out.stdout)
    return data["seconds"], str(data["answer"]), data["nodes"]


def knuth(program: Path, path: Path, timeout: float) -> tuple[float, str, int | None]:
    def run(*args: str) -> tuple[float, str]:
        with open(path) as source:
            started = time.perf_counter()
            out = subprocess.run([str(program), *args], stdin=source, capture_output=True, text=True, timeout=timeout)
            return time.perf_counter() - started, out.stdout + out.stderr

    try:
        whole, text = run("t1")
    except subprocess.TimeoutExpired:
        return float("inf"), "?", None
    parse, _ = run("T1")
    found = re.search(r"Altogether (\d+) solutions?,.* (\d+) nodes", text)
    if found is None:
        return max(whole - parse, 0.0), f"? {text[-120:]!r}", None
    return max(whole - parse, 0.0), str(min(int(found[1]), 1)), int(found[2])


# -- the driver --------------------------------------------------------------------------------

def shown(seconds: float, timeout: float) -> str:
    if seconds == float("inf"):
        return f">{timeout:.0f} s"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    args = command_line(__doc__, PROGRAMS, child, extra=[
        ("--timeout", {"type": float, "default": 120.0, "help": "seconds before a run is cut"}),
        ("--ways", {"default": ",".join(WAYS), "help": "our ways, comma-separated (and 'sat')"})])
    if args is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="hard-"))
    ways = args.ways.split(",") + (["sat"] if "sat" not in args.ways else [])
    for title, make in {**workloads(), **LARGE}.items():
        if (args.only and args.only not in title) or (title in LARGE and not args.only):
            continue
        matrix = make()
        path = folder / f"{abs(hash(title))}.dlx"
        path.write_text(write_dlx(matrix))
        programs = [p for p in PROGRAMS if (p in MCC) == bool(matrix.bounds)]
        contenders = [f"way={w}" if w != "sat" else "backend=sat" for w in ways] + programs
        times: dict[str, list[float]] = {c: [] for c in contenders}
        seen: dict[str, tuple[str, int | None]] = {}
        for _ in range(args.rounds):
            for c in contenders:
                if times[c] and times[c][-1] == float("inf"):
                    continue  # (cut once: not again)
                if c.startswith(("way=", "backend=")):
                    seconds, answer, nodes = ours(path, c.split("=")[1], args.timeout)
                else:
                    seconds, answer, nodes = knuth(args.knuth / c, path, args.timeout)
                times[c].append(seconds)
                seen[c] = (answer, nodes)
        print(f"\n{title}  ({len(matrix.options)} options; {'a solution' if '1' in {a for a, _ in seen.values()} else 'none'})")
        for c in contenders:
            answer, nodes = seen[c]
            print(f"  {c:<16}{answer:>3}{nodes if nodes is not None else '-':>16}{shown(statistics.median(times[c]), args.timeout):>12}",
                  flush=True)


if __name__ == "__main__":
    main()
