"""Multiplicities and costs against Knuth's DLX3, SSMCC and DLX5, and miniexact, in one run.

MCC counts (primary items covered lo..hi times): queen domination of the 8x8 board by 5
queens (4860 ways), tetromino tilings with pieces used 0..k times, a random instance with
bounds. The k best (costs): assignment problems, n x n, and a random set partitioning with
costs. Every contender reads the same problem (Knuth's format; miniexact's own, written from
the same matrix), each measurement runs in its own process, rounds alternate the contenders,
and the table shows medians in ms, the answers (checked equal), and the fastest other's time over
exactcover's. Times are solve times: exactcover's search alone (the file is read before the
clock starts); a native program's whole run less its run with the input only (Knuth's
`T1`, a timeout at the first level; miniexact's `-P`).

Knuth's programs are not in this repository: `--build DIR` tangles them with `ctangle`
(Debian's texlive-binaries) from a folder of his CWEB sources (`--sources`, holding dlx3.w,
ssmcc.w, dlx5.w and gb_flip.w, e.g. from a clone of shreevatsa/knuth-literate-programs,
programs-orig/ and other_categorize_later/sgb/) and compiles them with gcc -O3 -march=native
into DIR, outside the repository. miniexact comes from PyPI (`--miniexact PATH` to its
command).

    python benchmarks/mcc.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/mcc.py --knuth /tmp/knuth --miniexact /tmp/mx/bin/miniexact [--rounds 3]
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from exactcover import Matrix, Solver, read_dlx, write_dlx  # noqa: E402
from knuth import command_line, header, interleaved, knuth_time, miniexact_time, ours_time, report  # noqa: E402

PROGRAMS = {"dlx3": "dlx3.w", "ssmcc": "ssmcc.w", "dlx5": "dlx5.w"}


# -- the problems ---------------------------------------------------------------------------

def queen_domination(n: int, queens: int) -> Matrix:
    squares = [(r, c) for r in range(n) for c in range(n)]
    name = {s: f"r{s[0]}c{s[1]}" for s in squares}
    def dominates(s, t):
        return t[0] == s[0] or t[1] == s[1] or abs(t[0] - s[0]) == abs(t[1] - s[1])

    options = {s: ["Q", *(name[t] for t in squares if dominates(s, t))] for s in squares}
    return Matrix(["Q", *name.values()], options, bounds={"Q": queens, **{name[s]: (1, queens) for s in squares}})


SHAPES = {"I": [(0, 0), (0, 1), (0, 2), (0, 3)], "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
          "T": [(0, 0), (0, 1), (0, 2), (1, 1)], "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
          "S": [(0, 1), (0, 2), (1, 0), (1, 1)]}


def tetrominoes(width: int, height: int, pieces: str, most: int) -> Matrix:
    """A width x height box tiled by the given tetrominoes, each used 0..most times."""
    options = {}
    for piece in pieces:
        variants, cells = set(), SHAPES[piece]
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            for flip in (1, -1):
                placed = [(r, c * flip) for r, c in cells]
                low_r, low_c = min(r for r, _ in placed), min(c for _, c in placed)
                variants.add(tuple(sorted((r - low_r, c - low_c) for r, c in placed)))
        for v in sorted(variants):
            for r in range(height):
                for c in range(width):
                    where = [(r + a, c + b) for a, b in v]
                    if all(0 <= x < height and 0 <= y < width for x, y in where):
                        options[len(options)] = [piece, *(f"r{x}c{y}" for x, y in where)]
    cells = [f"r{r}c{c}" for r in range(height) for c in range(width)]
    return Matrix([*pieces, *cells], options, bounds={p: (0, most) for p in pieces})


def random_mcc(items: int, options: int, size: int, seed: int) -> Matrix:
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(items)]
    rows = [rng.sample(names, size) for _ in range(options)]
    bounds = {name: (rng.randint(0, 1), rng.randint(1, 3)) for name in names}
    return Matrix(names, rows, bounds=bounds)


def assignment(n: int, seed: int) -> Matrix:
    rng = random.Random(seed)
    options, costs = {}, {}
    for w in range(n):
        for j in range(n):
            options[len(options)] = [f"w{w}", f"j{j}"]
            costs[len(costs)] = rng.randint(1, 99)
    return Matrix([f"w{w}" for w in range(n)] + [f"j{j}" for j in range(n)], options, costs=costs)


def partitioning(items: int, options: int, size: int, seed: int) -> Matrix:
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(items)]
    rows = {k: rng.sample(names, rng.randint(1, size)) for k in range(options)}
    rows.update({options + k: [name] for k, name in enumerate(names)})  # (always a solution)
    costs = {k: rng.randint(1, 20) * len(row) for k, row in rows.items()}
    return Matrix(names, rows, costs=costs)


WORKLOADS = {
    "queen domination 8x8, 5 queens": ("count", lambda: queen_domination(8, 5)),
    "tetrominoes IOTLS 0..3 in 6x6": ("count", lambda: tetrominoes(6, 6, "IOTLS", 3)),
    "tetrominoes IOTLS 0..4 in 8x5": ("count", lambda: tetrominoes(8, 5, "IOTLS", 4)),
    "random MCC 30 items, 120 options": ("count", lambda: random_mcc(30, 120, 4, 1)),
    "assignment 12x12, best": ("best", lambda: assignment(12, 12)),
    "assignment 14x14, best": ("best", lambda: assignment(14, 14)),
    "assignment 40x40, best": ("best", lambda: assignment(40, 40)),
    "assignment 60x60, best": ("best", lambda: assignment(60, 60)),
    "set partitioning 50 items, 2050 options, best": ("best", lambda: partitioning(50, 2000, 6, 4)),
    "set partitioning 55 items, 2055 options, best": ("best", lambda: partitioning(55, 2000, 6, 4)),
}
CONTENDERS = {"count": ["exactcover", "dlx3", "ssmcc", "miniexact"], "best": ["exactcover", "dlx5", "miniexact"]}


def miniexact_text(matrix: Matrix) -> str:
    """The matrix in miniexact's own format (bounds as name:lo;hi, costs as $n, options in
    nondecreasing cost, as it requires)."""
    bounds = dict(matrix.bounds)
    head = " ".join(f"{i}:{bounds[i][0]};{bounds[i][1]}" if i in bounds else str(i) for i in matrix.primary)
    options = sorted(matrix.options, key=lambda o: matrix.cost_of(o.label))
    lines = [f"< {head} >"]
    for option in options:
        cost = matrix.cost_of(option.label)
        lines.append(" ".join(map(str, option.items)) + (f" ${cost}" if matrix.costs else "") + ";")
    return "\n".join(lines) + "\n"


# -- one measurement --------------------------------------------------------------------------

def child(path: str, question: str) -> None:
    matrix = read_dlx(path)
    solver = Solver(matrix, "c")
    started = time.perf_counter()
    answer = str(solver.count()) if question == "count" else str(solver.best().cost)
    print(json.dumps({"seconds": time.perf_counter() - started, "answer": answer}))


def native(name: str, knuth: Path, miniexact: str, files: dict[str, Path], question: str,
           matrix: Matrix) -> tuple[float, str]:
    if name in PROGRAMS:
        seconds, text = knuth_time(knuth / name, files["dlx"])
        if question == "count":
            answer = re.search(r"Altogether (\d+) solution", text)
        else:
            answer = re.search(r"(?:optimum cost is|are:\n) \$(\d+)", text)
        return seconds, answer[1] if answer else f"? {text[-200:]!r}"
    flags = ["-m", "-e"] if question == "count" else ["-c", "-K", "1", "-p"]
    seconds, text = miniexact_time(miniexact, files["mx"], *flags)
    if question == "count":
        answer = re.search(r"Found (\d+) solutions", text)
        return seconds, answer[1] if answer else f"? {text[-200:]!r}"
    cost_of = {" ".join(map(str, o.items)): matrix.cost_of(o.label) for o in matrix.options}
    chosen = [line.rstrip(";").strip() for line in text.splitlines() if line.strip().endswith(";")]
    known = all(line in cost_of for line in chosen) and chosen
    return seconds, str(sum(cost_of[line] for line in chosen)) if known else f"? {text[-200:]!r}"


# -- the driver --------------------------------------------------------------------------------

def main() -> None:
    args = command_line(__doc__, PROGRAMS, child)
    if args is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="mcc-"))
    header(46, ["exactcover", "dlx3/dlx5", "ssmcc", "miniexact"])
    for title, (question, make) in WORKLOADS.items():
        if args.only and args.only not in title:
            continue
        matrix = make()
        files = {"dlx": folder / f"{len(title)}.dlx", "mx": folder / f"{len(title)}.mx"}
        files["dlx"].write_text(write_dlx(matrix))
        files["mx"].write_text(miniexact_text(matrix))
        times, answers = interleaved(CONTENDERS[question], args.rounds,
                                     lambda name: ours_time(__file__, files["dlx"], question)
                                     if name == "exactcover" else
                                     native(name, args.knuth, args.miniexact, files, question, matrix))
        report(title, 46, ["exactcover", "dlx3" if question == "count" else "dlx5", "ssmcc", "miniexact"],
               times, answers)


if __name__ == "__main__":
    main()
