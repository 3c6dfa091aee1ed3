"""Hard instances: the item choices against each other, against Knuth's programs for them and
against the SAT backend, by nodes and seconds.

On a full enumeration the item choice cannot cut the tree much (every solution is a leaf);
on a hard instance, one with no solution or one hard-to-find first solution, it can cut it
by large factors. The workloads: Langford pairs where there are none (n = 13; 14 and 15 with
`--only`), queen domination with one queen too few (MCC), the hardest 9x9 sudokus of
Norvig's top95 and of the magictour list (by our MRV nodes) and the hardest of the 16x16
sample, first solutions of Y-pentomino boxes (12x15 to 20x20), and, as a domain of our
choice, quasigroup completion (Latin squares of order 30 and 40 with 42% and 50% of the cells empty,
the classic hard instances of constraint programming, where dom/wdeg was born).

Every question is a first solution (or the proof that there is none). Each contender runs
in its own process, the contenders in turn round by round; the table shows each one's
answer, nodes and median seconds. Ours: the C engine with each `way` (memo off), and
`backend="sat"`. Knuth's: SSXCC (MRV with Solnon's forced moves), SSXCC2 (dom/wdeg),
SSXCC3 (MRV, ties to the heaviest), SSXCC with his FRB change file (`ssxcc-frb0`), his
SSXCC-BINARY and its FRB and weight change files; for multiplicities SSMCC and its FRB and
weight change files. A native time is its whole run less its run on the input alone; a run
past `--timeout` is cut and shown as `>T`.

    python benchmarks/hard.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/hard.py --knuth /tmp/knuth [--rounds 3] [--timeout 120] [--only NAME] [--ways a,b,sat]
        [--programs ssxcc,ssxcc2]
    python benchmarks/hard.py --knuth /tmp/knuth --counts    # natives.py's counts: nodes by rule

`--counts` asks the other question: on natives.py's counts (full enumerations, where every
solution is a leaf), how many nodes each rule of the item choice makes (the C engine, no
memo; the workloads of a second or more left out).
"""

from __future__ import annotations

import functools
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
WAYS = ["auto", "links", "weighted", "weighted-ties", "failure-rate", "binary"]
#: ... with multiplicities (the others, and the SAT backend, refuse bounds).
BOUNDED_WAYS = ["auto", "links"]
DATA = HERE.parent.parent / "shared" / "data" / "sudoku"


# -- the problems ---------------------------------------------------------------------------

def with_givens(matrix: Matrix, givens: list[Hashable]) -> Matrix:
    """The matrix with the givens as the only options on their items (so that a program
    without givens, Knuth's, reads the same problem), its items named short."""
    chosen = set(givens)
    taken = {item for o in matrix.options if o.label in chosen for item in o.items}
    rows = [o for o in matrix.options if o.label in chosen or not taken & set(o.items)]
    name = {item: f"i{k}" for k, item in enumerate(matrix.primary)}  # (Knuth's names: 8 characters at most)
    return Matrix(list(name.values()), [[name[i] for i in o.items] for o in rows])


def sudoku(text: str) -> Matrix:
    from exactcover_sudoku import Sudoku
    from exactcover_sudoku.encoding import encode

    encoding = encode(Sudoku.parse(text))
    return with_givens(encoding.matrix, list(encoding.givens))


def y_tiling(rows: int, columns: int) -> Matrix:
    """A rows x columns box tiled by Y-pentominoes (as many as it takes)."""
    from exactcover_polyomino import Board, Polyomino, pieces, tiling

    y = [piece for piece in pieces.named_set("pentominoes") if piece.name == "Y"]
    board = Board.rectangle(rows, columns)
    problem = Polyomino(board, y, counts={"Y": rows * columns // 5})
    return Matrix(board.cells, {placement: placement[1] for placement in tiling.placements(problem)})


def latin_square(n: int, holes: float, seed: int) -> Matrix:
    """Quasigroup completion with holes (Achlioptas, Gomes, Kautz and Selman, 2000): a random
    Latin square of order n (a seeded search's first) with a share ``holes`` of its cells
    emptied, the rest given; always completable, and hardest for a search near 42% holes."""
    import random

    items = [f"c{r}_{c}" for r in range(n) for c in range(n)] + [f"r{r}s{v}" for r in range(n) for v in range(n)] + \
        [f"k{c}s{v}" for c in range(n) for v in range(n)]
    full = Matrix(items, {(r, c, v): [f"c{r}_{c}", f"r{r}s{v}", f"k{c}s{v}"]
                          for r in range(n) for c in range(n) for v in range(n)})
    square = Solver(full, "c").first(seed=seed)
    rng = random.Random(seed)
    return with_givens(full, [cell for cell in square if rng.random() >= holes])


#: hardest() gives each puzzle this many nodes at most (some 16x16s take MRV billions).
HARDEST_BUDGET = 2_000_000


@functools.cache
def hardest(path: Path, how_many: int) -> list[str]:
    """The puzzles of a file that take our MRV search the most nodes to a first solution (at
    most `HARDEST_BUDGET`; ties to the first in the file)."""
    from exactcover import BudgetExceeded
    from exactcover_sudoku import Sudoku
    from exactcover_sudoku.encoding import encode

    costs = []
    for position, line in enumerate(path.read_text().split()):
        encoding = encode(Sudoku.parse(line))
        solver = Solver(encoding.matrix, "c")
        try:
            solver.first(encoding.givens, way="links", max_nodes=HARDEST_BUDGET)
            nodes = solver.stats.nodes
        except BudgetExceeded:
            nodes = HARDEST_BUDGET
        costs.append((-nodes, position, line))
    return [line for _, _, line in sorted(costs)[:how_many]]


def workloads() -> dict[str, Callable[[], Matrix]]:
    found: dict[str, Callable[[], Matrix]] = {}
    found["Langford n=13 (none)"] = lambda: named("langford-13")
    for n in (8, 9):
        found[f"queen domination {n}x{n}, 4 queens (none)"] = lambda n=n: queen_domination(n, 4)
    found["sudoku Inkala"] = lambda: sudoku(INKALA)
    for name, path, k in (("top95", DATA / "norvig_top95.txt", 2), ("top1465", DATA / "magictour_top1465.txt", 2),
                          ("16x16", DATA / "sudoku16_sample.txt", 2)):
        if path.exists():
            for rank in range(k):
                found[f"sudoku {name} #{rank + 1}"] = lambda path=path, k=k, rank=rank: sudoku(hardest(path, k)[rank])
    for rows, columns in ((12, 15), (15, 15), (15, 16), (16, 20), (20, 20)):
        found[f"Y-pentominoes {rows}x{columns}"] = lambda r=rows, c=columns: y_tiling(r, c)
    for n, holes, seed in ((30, 0.42, 1), (40, 0.42, 1), (40, 0.50, 1)):
        found[f"Latin square {n}, {holes:.0%} holes"] = lambda n=n, h=holes, s=seed: latin_square(n, h, s)
    return found


#: Run only when --only names them.
LARGE = {"Langford n=14 (none)": lambda: named("langford-14"),
         "Langford n=15 (none)": lambda: named("langford-15"),
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


def counts() -> None:
    """Nodes of natives.py's counts by rule of the item choice (C engine, memo off)."""
    from natives import WORKLOADS

    from exactcover import Unsupported

    rules = ["links", "weighted", "weighted-ties", "failure-rate"]
    print(f"{'workload':<44}" + "".join(f"{r:>15}" for r in rules))
    for title, (question, make) in WORKLOADS.items():
        if question != "count" or title in ("pentominoes 6x10", "15-queens") or "7976" in title or "6x10" in title:
            continue
        matrix, cells = make(), []
        for way in rules:
            solver = Solver(matrix, "c")
            try:
                solver.count(way=way, memo=False)
                cells.append(f"{solver.stats.nodes:>15,}")
            except Unsupported:
                cells.append(f"{'(bounds)':>15}")
        print(f"{title:<44}" + "".join(cells), flush=True)


def main() -> None:
    args = command_line(__doc__, PROGRAMS, child, extra=[
        ("--timeout", {"type": float, "default": 120.0, "help": "seconds before a run is cut"}),
        ("--ways", {"default": ",".join([*WAYS, "sat"]), "help": "our ways, comma-separated (and 'sat')"}),
        ("--programs", {"default": ",".join(PROGRAMS), "help": "Knuth's programs, comma-separated ('' for none)"}),
        ("--counts", {"action": "store_true", "help": "natives.py's counts: the nodes of each rule"})])
    if args is None:
        return
    if args.counts:
        counts()
        return
    folder = Path(tempfile.mkdtemp(prefix="hard-"))
    ways = args.ways.split(",")
    for title, make in {**workloads(), **LARGE}.items():
        if (args.only and args.only not in title) or (title in LARGE and not args.only):
            continue
        matrix = make()
        path = folder / f"{abs(hash(title))}.dlx"
        path.write_text(write_dlx(matrix))
        programs = [p for p in args.programs.split(",") if p and (p in MCC) == bool(matrix.bounds)]
        chosen = [w for w in ways if w in BOUNDED_WAYS] if matrix.bounds else ways
        contenders = [f"way={w}" if w != "sat" else "backend=sat" for w in chosen] + programs
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
