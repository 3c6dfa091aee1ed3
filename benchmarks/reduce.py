"""Knuth's preprocessing: `Matrix.reduce` against his program DLX-PRE, file by file.

The benchmarks' files (data/*.dlx) and each of natives.py's workloads, written in Knuth's
format, are reduced twice: by dlx-pre (with `v9`, which names each option it keeps by its
number in the file) and by `Matrix.reduce` on the file as `read_dlx` reads it. The table compares what each removed:
the options kept (by number) and the items kept must be the same ("same"; else what differs
is printed under the row). "none" says that both found the problem has no solution (a primary
item left without options). The colored workloads (natives.py's, and small random ones where
both rules find work) run a second time with each option's colored items written first ("colored first"), where dlx-pre misses reductions (his note of
2 January 2023: it tries an option only at its first node, and never when that node has a
color); there the rows say which options only Matrix.reduce removed, and the script checks
that the count is the same before and after, so the extra removals are right.

Times: dlx-pre's whole run, its reading and writing included (median of `--rounds`, each
its own process), and `Matrix.reduce`'s in-process time on the matrix already read (on the
C engine, the default), with `--rounds` alternating.

Knuth's programs are not in this repository: `--build DIR --sources SRC` tangles dlx-pre.w
(with gb_flip.w) from a folder of his CWEB sources (see knuth.py).

    python benchmarks/reduce.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/reduce.py --knuth /tmp/knuth [--rounds 3] [--only NAME]
    python benchmarks/reduce.py --searches [--listings] [--rounds 5] [--only NAME]

`--searches` times each workload's search (the count, or the first solution) through
`exactcover.count`/`solve` without and with ``reduce=True``, interleaved, from an uncompiled
matrix each time (the reduction and the compilation of the reduced matrix count), and with
the automatic choice (the default); `--listings` lists every solution of the counts instead.
"""

from __future__ import annotations

import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from knuth import command_line, timed  # noqa: E402
from natives import WORKLOADS, tiling  # noqa: E402

import attrs  # noqa: E402

import exactcover  # noqa: E402
from exactcover import Matrix, Solver, read_dlx, write_dlx  # noqa: E402
from exactcover_polyomino.pieces import Piece  # noqa: E402

PROGRAMS = {"dlx-pre": "dlx-pre.w"}
#: Workloads too slow for the pure-Python reduction (minutes), run only when --only names them.
SLOW = ("random sparse, 3000 options", "word squares 4x4, colors, 7976 options")


def random_colored(n_primary: int, n_secondary: int, n_options: int, seed: int) -> Matrix:
    """Options of 1-3 primary items and 1-2 secondary ones, most of these with a color (a
    or b): small XCC problems where both rules find work."""
    rng = random.Random(seed)
    primary, secondary = [f"p{k}" for k in range(n_primary)], [f"s{k}" for k in range(n_secondary)]
    options = []
    for _ in range(n_options):
        option: dict[str, str | None] = {p: None for p in rng.sample(primary, rng.randint(1, 3))}
        for s in rng.sample(secondary, rng.randint(1, 2)):
            option[s] = rng.choice("ab") if rng.random() < 0.8 else None
        options.append(option)
    return Matrix(primary, options, secondary=secondary)


#: Colored problems where the reductions are not empty, with solutions (1: 4 solutions, 4: 2,
#: 8: 2, 10: 2) or without (3: none, which both find).
COLORED = {f"random colored, seed {seed}": ("count", lambda seed=seed: random_colored(10, 4, 30, seed))
           for seed in (1, 3, 4, 8, 10)}


#: The square tetromino, with the pentominoes on an 8x8 board: Dana Scott's problem of 1958.
SQUARE = ["pentominoes", Piece("S", [(0, 0), (0, 1), (1, 0), (1, 1)])]

#: Counts longer than natives.py's, where the automatic choice reduces (--searches only).
LONG = {
    "tiling: pentominoes 8x8 minus corners": ("count", lambda: tiling("8x8", "pentominoes",
                                                                       holes=[(0, 0), (0, 7), (7, 0), (7, 7)])),
    "tiling: pentominoes and a square, 8x8": ("count", lambda: tiling("8x8", SQUARE)),
}

#: The benchmarks' own Knuth-format files (make_dlx_files.py).
FILES = {f"file {path.name}": ("count", lambda path=path: read_dlx(path)) for path in sorted((HERE / "data").glob("*.dlx"))}


def colored_first(matrix: Matrix) -> Matrix:
    """``matrix`` with each option's colored items before its others."""
    def reordered(option):  # type: ignore[no-untyped-def]
        pairs = sorted(zip(option.items, option.colors), key=lambda pair: pair[1] is None)
        return dict(pairs)

    return Matrix(matrix.primary, {o.label: reordered(o) for o in matrix.options}, secondary=matrix.secondary)


def knuths(program: Path, path: Path) -> tuple[float, set[int], set[str], str]:
    """dlx-pre's whole run on ``path``: seconds, the numbers of the options kept (from 1,
    counting the options with a primary item, as it does), the items kept, its summary."""
    seconds, text = timed([str(program), "v9"], path)
    lines = text.splitlines()
    kept = {int(n) for n in re.findall(r"^\| \(from (\d+)\)$", text, re.M)}
    summary = next((line for line in lines if line.startswith("Removed")), "?")
    items = set(lines[0].replace("|", " ").split()) if lines else set()
    return seconds, kept, items, summary


def ours(matrix: Matrix) -> tuple[float, set[int], set[str], object]:
    """Matrix.reduce: seconds, the options kept as dlx-pre numbers them, the items kept, and
    the reduction."""
    primary = set(matrix.primary)
    number, counted = {}, 0
    for option in matrix.options:
        if primary & set(option.items):
            counted += 1
            number[option.label] = counted
    started = time.perf_counter()
    reduction = matrix.reduce()
    seconds = time.perf_counter() - started
    kept = {number[o.label] for o in reduction.matrix.options}
    items = {str(i) for i in reduction.matrix.items}
    return seconds, kept, items, reduction


def compare(title: str, matrix: Matrix, program: Path, folder: Path, rounds: int) -> None:
    path = folder / f"{abs(hash(title))}.dlx"
    path.write_text(write_dlx(matrix))
    matrix = read_dlx(path)  # (labels: the options' places in the file)
    knuth_times, our_times = [], []
    for _ in range(rounds):
        seconds, k_kept, k_items, summary = knuths(program, path)
        knuth_times.append(seconds)
        mine, o_kept, o_items, reduction = ours(matrix)
        our_times.append(mine)
    same = k_kept == o_kept and k_items == o_items
    counted = sum(1 for o in matrix.options if set(matrix.primary) & set(o.items))  # (dlx-pre's options)
    verdict = ("same" if same else "DIFFERENT") + (", none" if reduction.infeasible is not None else "")
    print(f"{title:<46}{counted - len(k_kept):>7}{counted - len(o_kept):>7}{len(matrix.items) - len(k_items):>7}"
          f"{len(matrix.items) - len(o_items):>7}  {verdict:<16}"
          f"{statistics.median(knuth_times) * 1e3:>10.1f}{statistics.median(our_times) * 1e3:>10.1f}")
    if not same:
        print(f"    dlx-pre: {summary}")
        print(f"    options only dlx-pre kept: {sorted(k_kept - o_kept)[:20]}; only reduce kept: "
              f"{sorted(o_kept - k_kept)[:20]}; items only dlx-pre kept: {sorted(k_items - o_items)[:10]}; "
              f"only reduce kept: {sorted(o_items - k_items)[:10]}")
        before, after = Solver(matrix).count(), Solver(reduction.matrix).count()
        print(f"    count before {before}, after Matrix.reduce {after}: {'the same' if before == after else 'WRONG'}")


def searches(rounds: int, only: str | None, listings: bool = False) -> None:
    """Each workload's search (its count, or its first solution; with ``listings``, every
    solution of the counts listed by `exactcover.solutions`) three ways, interleaved:
    without the reduction (``reduce=False``), with it (``reduce=True``), and as the default
    decides (``reduce=None``: for a count or a listing, the automatic choice of
    `exactcover.front.autoreduce`; a first solution is not reduced by default). The reduction and
    the reduced matrix's compilation count in the time; each matrix starts uncompiled (a copy
    made before the clock starts). The ratios are to the time without."""
    ways: dict[str, bool | None] = {"without": False, "reduce": True, "auto": None}
    print(f"{'workload':<40}" + "".join(f"{name + ' ms':>12}" for name in ways) + f"{'reduce':>8}{'auto':>8}  answers"
          + "  auto reduced")
    for title, (question, make) in {**FILES, **WORKLOADS, **LONG}.items():
        if (only and only not in title) or (not only and any(s in title for s in SLOW)) or \
                (listings and question != "count"):
            continue
        matrix = make()
        times: dict[str, list[float]] = {name: [] for name in ways}
        answers: dict[str, set[object]] = {name: set() for name in ways}
        reduced = 0
        for _ in range(rounds):
            for name, reduce in ways.items():
                fresh = attrs.evolve(matrix)  # (a new Matrix: nothing compiled yet)
                started = time.perf_counter()
                if listings:
                    listed = exactcover.solutions(fresh, reduce=reduce)
                    answer: object = sum(1 for _ in listed)
                elif question == "count":
                    answer = exactcover.count(fresh, reduce=reduce)
                else:
                    answer = exactcover.solve(fresh, reduce=bool(reduce)) is not None
                times[name].append(time.perf_counter() - started)
                answers[name].add(answer)
                if reduce is None and question == "count":
                    reduced += (listed.stats if listings else exactcover.front.api.prepare(fresh).solver.stats).reduced
        medians = {name: statistics.median(times[name]) for name in ways}
        same = "same" if len(set().union(*answers.values())) == 1 else f"DIFFERENT {answers}"
        print(f"{title:<40}" + "".join(f"{medians[name] * 1e3:>12.1f}" for name in ways)
              + f"{medians['reduce'] / medians['without']:>8.3f}{medians['auto'] / medians['without']:>8.3f}  {same}"
              + f"  {reduced}/{rounds}", flush=True)


def main() -> None:
    if "--searches" in sys.argv:  # (no Knuth program needed)
        rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
        only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
        searches(rounds, only, "--listings" in sys.argv)
        return
    args = command_line(__doc__, PROGRAMS, lambda *_: None)
    if args is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="reduce-"))
    print(f"{'workload':<46}{'options removed':>14}{'items removed':>14}{'':<18}{'ms: dlx-pre  reduce':>20}")
    print(f"{'':<46}{'knuth':>7}{'ours':>7}{'knuth':>7}{'ours':>7}")
    for title, (_, make) in {**FILES, **WORKLOADS, **COLORED}.items():
        if (args.only and args.only not in title) or (not args.only and any(s in title for s in SLOW)):
            continue
        matrix = make()
        compare(title, matrix, args.knuth / "dlx-pre", folder, args.rounds)
        if any(c is not None for o in matrix.options for c in o.colors):
            compare(f"{title}, colored first", colored_first(matrix), args.knuth / "dlx-pre", folder, args.rounds)


if __name__ == "__main__":
    main()
