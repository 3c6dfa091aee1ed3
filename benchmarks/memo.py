"""Memoized counting against Knuth's DLX6, dxz and xcover's covers_zdd, in one run.

Counts domino tilings of n×n boards (a state is the board's frontier: enumeration cannot
reach 10×10), pentomino packings, Langford pairs and n queens (where states hardly repeat),
each contender in a process of its own, rounds alternating the contenders, medians in ms:

* exactcover: `Solver.count()` as a user calls it (it decides from a sample whether to
  memoize), and "plain", the same with memo=False (what the automatic choice must not lose
  to where the table does not pay);
* dlx6: Knuth's DLX6 (tangled from his CWEB source with `ctangle`, built with gcc -O3
  -march=native outside this repository, as knuth.py builds his programs; `--build DIR
  --sources SRC`), its whole run less its run with the input alone (`T1`); it counts in 64
  bits, so past 2^64 its answers are wrong (marked "!");
* dxz: the PyPI package's `dxz_count` on the dense 0/1 matrix (its input form; it has no
  secondary items, so it counts queens as if the diagonals were primary: 0);
* xcover: `covers_zdd(..., use_memo_cache=True)`, the diagram's nodes consumed and counted in
  Python (xcover returns nodes, not a count).

dxz and xcover run in the interpreter given by `--peers` (a venv with both installed: `pip
install dxz xcover`); exactcover's own runs in this one. A contender slower than `--cap`
seconds on a workload sits out its later rounds there (shown as ">cap").

    python benchmarks/memo.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/memo.py --knuth /tmp/knuth --peers /tmp/peers/bin/python [--rounds 3]
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

from exactcover import Matrix, Solver, read_dlx, write_dlx  # noqa: E402
from knuth import command_line, header, knuth_time, report  # noqa: E402
from peers import problem  # noqa: E402

PROGRAMS = {"dlx6": "dlx6.w"}
CONTENDERS = ["exactcover", "plain", "dlx6", "dxz", "xcover"]


def dominoes(n: int) -> Matrix:
    """The domino tilings of an n×n board: items the cells, options the dominoes."""
    options = {}
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                options[f"h{r}_{c}"] = [f"r{r}c{c}", f"r{r}c{c + 1}"]
            if r + 1 < n:
                options[f"v{r}_{c}"] = [f"r{r}c{c}", f"r{r + 1}c{c}"]
    return Matrix([f"r{r}c{c}" for r in range(n) for c in range(n)], options)


def named(name: str) -> Matrix:
    primary, secondary, options = problem(name)
    return Matrix(primary, options, secondary=secondary)


WORKLOADS = {
    **{f"dominoes {n}x{n}": (lambda n=n: dominoes(n)) for n in (8, 10, 12, 14, 16)},
    "pentominoes 6x10": lambda: named("pentominoes"),
    "pentominoes 3x20": lambda: named("pentominoes-20x3"),
    "Langford n=12": lambda: named("langford-12"),
    "12-queens": lambda: named("queens-12"),
    "13-queens": lambda: named("queens-13"),
}
LARGE = {"Langford n=15": lambda: named("langford-15"), "14-queens": lambda: named("queens-14")}
#: Where enumeration cannot finish: the plain count sits these out.
UNREACHABLE = {"dominoes 10x10", "dominoes 12x12", "dominoes 14x14", "dominoes 16x16"}


# -- the contenders, each in a child process ----------------------------------------------------

def child(path: str, who: str) -> None:
    """One measurement: ``who`` counts the matrix in ``path``; prints seconds and the count."""
    matrix = read_dlx(path)
    if who in ("exactcover", "plain"):
        solver = Solver(matrix, "c")
        solver.dancer  # (compiled before the clock starts)
        started = time.perf_counter()
        answer = solver.count(memo=None if who == "exactcover" else False)
    elif who == "dxz":
        import dxz

        position = matrix.positions
        dense = [0] * (len(matrix.options) * len(matrix.items))
        for row, option in enumerate(matrix.options):
            for item in option.items:
                dense[row * len(matrix.items) + position[item]] = 1
        started = time.perf_counter()
        answer = dxz.dxz_count(len(matrix.options), len(matrix.items), dense)
    else:
        from xcover import covers_zdd

        options = [[str(i) for i in o.items] for o in matrix.options]
        primary, secondary = [str(i) for i in matrix.primary], [str(i) for i in matrix.secondary]
        started = time.perf_counter()
        counts = [0, 1]  # the terminals: no solution, the empty one
        for index, _option, lo, hi in covers_zdd(options, primary, secondary, use_memo_cache=True):
            counts[len(counts):] = [0] * (index + 1 - len(counts))
            counts[index] = counts[lo] + counts[hi]
        answer = counts[-1] if len(counts) > 2 else 0
    print(json.dumps({"seconds": time.perf_counter() - started, "answer": str(answer)}))


def measure(who: str, path: Path, args) -> tuple[float, str]:
    """One contender's solve seconds and answer, at most ``args.cap`` seconds."""
    if who == "dlx6":
        seconds, text = knuth_time(args.knuth / "dlx6", path)
        found = re.search(r"Altogether (\d+) solution", text)
        return seconds, found[1] if found else f"? {text[-120:]!r}"
    python = args.peers if who in ("dxz", "xcover") else sys.executable
    try:
        out = subprocess.run([python, __file__, "--child", str(path), who], capture_output=True, text=True,
                             timeout=args.cap, check=True)
    except subprocess.TimeoutExpired:
        return float("inf"), "(over the cap)"
    except subprocess.CalledProcessError as error:
        return float("nan"), f"? {error.stderr.strip().splitlines()[-1][:80] if error.stderr.strip() else error}"
    data = json.loads(out.stdout)
    return data["seconds"], data["answer"]


def main() -> None:
    args = command_line(__doc__, PROGRAMS, child, extra=[("--peers", {"help": "a Python with dxz and xcover"}),
                                                          ("--cap", {"type": float, "default": 60.0})])
    if args is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="memo-"))
    contenders = [c for c in CONTENDERS if args.peers or c not in ("dxz", "xcover")]
    header(20, contenders)
    for title, make in {**WORKLOADS, **LARGE}.items():
        if (args.only and args.only not in title) or (title in LARGE and not args.only):
            continue
        path = folder / f"{title.replace(' ', '_')}.dlx"
        path.write_text(write_dlx(make()))
        times = {c: [] for c in contenders if not (c == "plain" and title in UNREACHABLE)}
        answers = {c: set() for c in times}
        for _ in range(args.rounds):  # interleaved; a contender over the cap sits out the rest
            for name in times:
                if times[name] and times[name][-1] == float("inf"):
                    continue
                seconds, answer = measure(name, path, args)
                times[name].append(seconds)
                answers[name].add(answer)
        report(title, 20, contenders, times, answers, own=("exactcover", "plain"))


if __name__ == "__main__":
    main()
