"""exactcover against the strongest native exact cover solvers, in one interleaved run.

The anchors: Knuth's DLX1 (Algorithm X), DLX2 (Algorithm C: colors), his dancing-cells
programs SSXCC, SSXCC1 and SSXCC2 (sparse sets instead of links, TAOCP 7.2.2.3; SSXCC with
Christine Solnon's forced moves of 2023, SSXCC2 with her weighted item choice), for the
workloads with multiplicities DLX3 and SSMCC (Algorithm M on links and on sets), and
miniexact (C, from PyPI). Every contender reads the same Knuth-format file (written by this script from
the benchmarks' problems; miniexact reads it too), each measurement is its own process, the
rounds alternate the contenders, and the table shows median solve times in ms, the answers
(checked equal: the count, or 1 for a first solution), and the fastest other's time over
exactcover's. Solve times: exactcover's search alone, on a compiled solver (the file is read
and compiled before the clock starts); a native program's whole run less its run with the
input alone (Knuth's `T1`, miniexact's `-P`). DLX1 has no colors: it sits out the colored
workloads; DLX3 and SSMCC run only where there are multiplicities, where the others cannot.

Knuth's programs are not in this repository: `--build DIR --sources SRC` tangles them (see
knuth.py) from a folder of his CWEB sources holding dlx1.w, dlx2.w, ssxcc.w, ssxcc1.w and
gb_flip.w (and ssxcc2.w, dlx3.w, ssmcc.w).

    python benchmarks/natives.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/natives.py --knuth /tmp/knuth --miniexact /tmp/mx/bin/miniexact [--rounds 3] [--only NAME]

The LARGE workloads (Langford n = 15, queen domination 9x9) run only when `--only` names them.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from common import INKALA, PUZZLE_8008, sudoku_givens, sudoku_matrix, word_squares  # noqa: E402
from knuth import command_line, header, interleaved, knuth_time, miniexact_time, ours_time, report  # noqa: E402
from mcc import miniexact_text, queen_domination  # noqa: E402
from peers import problem  # noqa: E402

from exactcover import Matrix, Solver, read_dlx, write_dlx  # noqa: E402

PROGRAMS = {"dlx1": "dlx1.w", "dlx2": "dlx2.w", "ssxcc": "ssxcc.w", "ssxcc1": "ssxcc1.w", "ssxcc2": "ssxcc2.w",
            "dlx3": "dlx3.w", "ssmcc": "ssmcc.w"}
CONTENDERS = ["exactcover", *PROGRAMS, "miniexact"]
#: The programs for multiplicities (the others read `2:3|` as an item's name).
MCC = {"dlx3", "ssmcc"}


# -- the problems ---------------------------------------------------------------------------

def named(name: str) -> Matrix:
    """One of peers.py's problems (queens, pentominoes, Langford pairs), as a matrix."""
    primary, secondary, options = problem(name)
    return Matrix(primary, options, secondary=secondary)


def sudoku(puzzle: str) -> Matrix:
    """The sudoku matrix with the puzzle's clues as options of their own (a clue is then
    the only option on its cell, row, column and box items)."""
    matrix = sudoku_matrix()
    givens = set(sudoku_givens(puzzle))
    taken = {item for o in matrix.options if o.label in givens for item in o.items}
    rows = [o for o in matrix.options if o.label in givens or not taken & set(o.items)]
    name = lambda item: "_".join(map(str, item)) if isinstance(item, tuple) else str(item)  # noqa: E731
    return Matrix([name(i) for i in matrix.primary], [[name(i) for i in o.items] for o in rows])


def random_sparse(items: int, options: int, sizes: tuple[int, int], seed: int) -> Matrix:
    """Options of random items (as many as ``sizes`` allows), with a planted exact cover, so
    there is a solution."""
    rng = random.Random(seed)
    names = [f"i{k}" for k in range(items)]
    shuffled, rows, k = names[:], [], 0
    rng.shuffle(shuffled)
    while k < items:  # the planted cover
        size = min(rng.randint(*sizes), items - k)
        rows.append(shuffled[k : k + size])
        k += size
    while len(rows) < options:
        rows.append(rng.sample(names, rng.randint(*sizes)))
    rng.shuffle(rows)
    return Matrix(names, rows)


def tiling(board: str, pieces: Any, **options: object) -> Matrix:
    """The polyomino plugin's matrix of a tiling (write_dlx names its cells: (2, 3) is 2_3)."""
    from exactcover_polyomino import make
    from exactcover_polyomino.tiling import encode

    return encode(make(board, pieces, **options))  # type: ignore[arg-type]


def rectangles(width: int, height: int, sizes: list[tuple[int, int]], most: int) -> Matrix:
    """A width x height box packed with rectangles of the given sizes (either way round),
    each size used at most ``most`` times: an item per size, covered 0..most times."""
    options = []
    for a, b in sizes:
        for h, w in sorted({(a, b), (b, a)}):
            for r in range(height - h + 1):
                for c in range(width - w + 1):
                    options.append([f"{a}x{b}", *(f"r{r + i}c{c + j}" for i in range(h) for j in range(w))])
    cells = [f"r{r}c{c}" for r in range(height) for c in range(width)]
    names = [f"{a}x{b}" for a, b in sizes]
    return Matrix([*names, *cells], options, bounds={n: (0, most) for n in names})


WORKLOADS = {
    "pentominoes 6x10": ("count", lambda: named("pentominoes")),
    "sudoku 8008 puzzle": ("count", lambda: sudoku(PUZZLE_8008)),
    "sudoku Inkala, first": ("first", lambda: sudoku(INKALA)),
    "12-queens": ("count", lambda: named("queens-12")),
    "14-queens": ("count", lambda: named("queens-14")),
    "15-queens": ("count", lambda: named("queens-15")),
    "Langford n=11": ("count", lambda: named("langford-11")),
    "Langford n=12": ("count", lambda: named("langford-12")),
    "Langford n=13 (none)": ("count", lambda: named("langford-13")),
    "random sparse, 300 options": ("count", lambda: random_sparse(60, 300, (2, 6), 1)),
    "random sparse, 3000 options": ("count", lambda: random_sparse(120, 3000, (10, 16), 2)),
    "word squares 4x4, colors": ("count", lambda: word_squares(4, 400, "abcdefghijkl", 3)),
    "word squares 4x4, colors, 7976 options": ("count", lambda: word_squares(4, 1000, "abcdefghijklmnopqr", 4)),
    "tiling: pentominoes 6x10 (plugin)": ("count", lambda: tiling("6x10", "pentominoes")),
    "tiling: pentominoes 8x8 minus 2x2": ("count", lambda: tiling("8x8", "pentominoes",
                                                                   holes=[(3, 3), (3, 4), (4, 3), (4, 4)])),
    "tiling: Soma cube": ("count", lambda: tiling("3x3x3", "soma")),
    "tiling: hexiamonds 6x6 rhombus": ("count", lambda: tiling("rhombus:6x6", "hexiamonds")),
    "MCC: queen domination 8x8, 5 queens": ("count", lambda: queen_domination(8, 5)),
    "MCC: rectangles 1x2..2x3 in 6x6, 4 each": ("count", lambda: rectangles(6, 6, [(1, 2), (1, 3), (2, 2), (2, 3)], 4)),
    "MCC: rectangles 1x2..3x3 in 7x6, 3 each": ("count", lambda: rectangles(7, 6, [(1, 2), (1, 3), (2, 2), (2, 3), (3, 3)], 3)),
}

#: Run only when --only names them: minutes per contender per round.
LARGE = {
    "Langford n=15": ("count", lambda: named("langford-15")),
    "MCC: queen domination 9x9, 5 queens": ("count", lambda: queen_domination(9, 5)),
}


# -- the contenders ---------------------------------------------------------------------------

def child(path: str, question: str) -> None:
    solver = Solver(read_dlx(path), "c")
    solver.dancer  # (compiled before the clock starts)
    started = time.perf_counter()
    answer = str(solver.count()) if question == "count" else str(int(solver.first() is not None))
    print(json.dumps({"seconds": time.perf_counter() - started, "answer": answer}))


def native(name: str, knuth: Path, miniexact: str, path: Path, question: str, colored: bool,
           bounded: bool) -> tuple[float, str]:
    if name in PROGRAMS:
        seconds, text = knuth_time(knuth / name, path, *(["t1"] if question == "first" else []))
        answer = re.search(r"Altogether (\d+) solution", text)
    else:
        flags = ["-m"] if bounded else ["-c" if colored else "-x", "-D"]
        flags += ["-e"] if question == "count" else []
        seconds, text = miniexact_time(miniexact, path.with_suffix(".mx") if bounded else path, *flags)
        answer = re.search(r"Found (\d+) solution", text) if question == "count" else \
            re.search(r"(\d+)", "1" if re.search(r"\d", text) else "0")  # (it prints the options chosen)
    return seconds, answer[1] if answer else f"? {text[-200:]!r}"


# -- the driver --------------------------------------------------------------------------------

def main() -> None:
    args = command_line(__doc__, PROGRAMS, child)
    if args is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="natives-"))
    header(40, CONTENDERS)
    for title, (question, make) in {**WORKLOADS, **LARGE}.items():
        if (args.only and args.only not in title) or (title in LARGE and not args.only):
            continue
        matrix = make()
        path = folder / f"{len(title)}-{abs(hash(title))}.dlx"
        path.write_text(write_dlx(matrix))
        colored = any(color is not None for option in matrix.options for color in option.colors)
        bounded = bool(matrix.bounds)
        if bounded:
            path.with_suffix(".mx").write_text(miniexact_text(matrix))
        contenders = [c for c in CONTENDERS if not (colored and c == "dlx1") and (c in MCC) == bounded
                      or c in ("exactcover", "miniexact")]
        times, answers = interleaved(contenders, args.rounds, lambda name: ours_time(__file__, path, question)
                                     if name == "exactcover" else
                                     native(name, args.knuth, args.miniexact, path, question, colored, bounded))
        report(title, 40, CONTENDERS, times, answers)


if __name__ == "__main__":
    main()
