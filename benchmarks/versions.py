"""Two builds of the C engine on the same searches, interleaved: did a change cost speed?

Runs the workloads of engine.py, strategies.py (both ways), peers.py and natives.py, two
searches for the cheapest solutions (mcc.py's problems), two memoized counts (memo.py's
domino tilings, 11-queens), a parallel count and listing on two processes, and the sudoku rates (a file of puzzles solved
by the command, and the generator's puzzles of two grades), on this tree's engine and on another checkout's (built in place: ``python setup.py build_ext --inplace``),
each measurement in a fresh process with that tree's ``src`` first on the path, in rounds
that alternate the two (A B A B ...), since these machines drift. Prints, for each
workload, the median over the rounds of each round's median, the ratio new/old, and
whether the node and update counts agree (for the sudoku rates: the puzzles made or the
answers written, the same on both).

    git worktree add /tmp/old <commit> && (cd /tmp/old && python setup.py build_ext --inplace)
    python benchmarks/versions.py --old /tmp/old [--rounds 4] [--repeats 5] [--engine python]
        [--only "sudoku 8008, count|12-queens"]     # workloads whose name has one of these
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: name: (source, question, repeats relative to --repeats)
WORKLOADS = {
    "engine: sudoku 8008, count": ("sudoku-8008", "count", 1),
    "engine: Inkala, first": ("sudoku-inkala", "first", 1),
    "engine: 12-queens, count": ("queens-12", "count", 1),
    "engine: Langford n=9, count": ("langford-9", "count", 1),
    "engine: langford8.dlx, count": ("langford8.dlx", "count", 1),
    "engine: pentominoes6x10.dlx, first": ("pentominoes6x10.dlx", "first", 1),
    "engine: pentominoes6x10.dlx, count": ("pentominoes6x10.dlx", "count", 0.4),
    "strategies: pentominoes 6x10": ("pentominoes-6x10", "count", 0.2),
    "strategies: sudoku 8008, links": ("sudoku-8008", "links", 1),
    "strategies: 12-queens, links": ("queens-12", "links", 1),
    "strategies: Langford n=11": ("langford-11", "count", 1),
    "strategies: Langford n=11, links": ("langford-11", "links", 1),
    "strategies: pentominoes 5x12": ("pentominoes-5x12", "count", 0.4),
    "strategies: pentominoes 4x15": ("pentominoes-4x15", "count", 0.6),
    "strategies: pentominoes 4x15, links": ("pentominoes-4x15", "links", 0.2),
    "peers: 13-queens (named), count": ("queens-13-named", "count", 0.6),
    "peers: Langford n=12, count": ("langford-12", "count", 0.4),
    "best: partitioning 45x1500, 3 cheapest": ("partitioning-45x1500", "best-3", 0.4),
    "best: assignment 35x35, cheapest": ("assignment-35", "best-1", 1),
    "memo: domino tilings 16x16, count": ("dominoes-16", "memo", 0.4),
    "memo: 11-queens, count with memo": ("queens-11", "memo", 1),
    "parallel: 14-queens, count on 2 processes": ("queens-14", "jobs-count", 0.4),
    "parallel: 13-queens, listing on 2 processes": ("queens-13", "jobs-list", 0.4),
}
#: natives.py's workloads (its matrices, made by this tree's benchmarks; the engine measured is
#: the tree's): name: repeats relative to --repeats.
NATIVES = {"pentominoes 6x10": 0.4, "sudoku 8008 puzzle": 1, "sudoku Inkala, first": 1, "12-queens": 1,
           "14-queens": 0.2, "15-queens": 0.2, "Langford n=11": 0.4, "Langford n=12": 0.2, "Langford n=13 (none)": 0.2,
           "random sparse, 300 options": 1, "random sparse, 3000 options": 0.4, "word squares 4x4, colors": 1,
           "word squares 4x4, colors, 7976 options": 0.4, "tiling: pentominoes 6x10 (plugin)": 0.4,
           "tiling: pentominoes 8x8 minus 2x2": 0.4, "tiling: Soma cube": 1, "tiling: hexiamonds 6x6 rhombus": 0.2}
WORKLOADS.update({f"natives: {name}": (f"natives:{name}", None, share) for name, share in NATIVES.items()})
#: The sudoku rates: a file of puzzles through the command (``exactcover solve sudoku FILE``),
#: and 300 puzzles of a grade from the generator (``exactcover_sudoku.mass``).
WORKLOADS.update({"sudoku: top1465 file, solved": ("rates:lines", "magictour_top1465.txt", 1),
                  "sudoku: generator, 300 easy": ("rates:generate", "easy", 0.4),
                  "sudoku: generator, 300 any": ("rates:generate", "any", 0.4)})


def matrix_and_givens(source: str):
    """The matrix and the givens of a workload (through the public API both trees have)."""
    sys.path[:0] = [str(HERE), str(HERE.parent / "examples")]
    from common import INKALA, PUZZLE_8008, ROOT, queens_matrix, sudoku_givens, sudoku_matrix
    from engine import langford_matrix

    from exactcover import Matrix, read_dlx

    if source.startswith("natives:"):
        return native_workload(source)[1](), []
    kind, _, arg = source.partition("-")
    if kind == "sudoku":
        return sudoku_matrix(), sudoku_givens(PUZZLE_8008 if arg == "8008" else INKALA)
    if source == "queens-13-named":
        from peers import problem

        primary, secondary, options = problem("queens-13")
        return Matrix(primary, options, secondary=secondary), []
    if kind == "queens":
        return queens_matrix(int(arg)), []
    if kind == "langford":
        return langford_matrix(int(arg)), []
    if kind == "dominoes":  # (memo.py's)
        from memo import dominoes

        return dominoes(int(arg)), []
    if kind in ("partitioning", "assignment"):  # (mcc.py's problems with costs)
        from mcc import assignment, partitioning

        if kind == "assignment":
            return assignment(int(arg), 3), []
        items, options = (int(v) for v in arg.split("x"))
        return partitioning(items, options, 6, 4), []
    if kind == "pentominoes":
        from pentominoes import Pentominoes, encode

        width, height = (int(v) for v in arg.split("x"))
        return encode(Pentominoes(width=max(width, height), height=min(width, height))), []
    return read_dlx(ROOT / "benchmarks" / "data" / source), []


def native_workload(source: str):
    """natives.py's (question, matrix maker) for a "natives:NAME" source, with this tree's
    plugins loaded first (natives.py puts the new tree's src first on the path)."""
    sys.path[:0] = [str(HERE)]
    import exactcover_polyomino  # noqa: F401
    from natives import WORKLOADS as NATIVE_WORKLOADS

    return NATIVE_WORKLOADS[source.removeprefix("natives:")]


def sudoku_rate(kind: str, what: str):
    """A sudoku rate's run: a function that does it once and returns (count, digest of what it
    made), the count and digest standing for nodes and updates."""
    import contextlib
    import hashlib
    import io

    if kind == "rates:lines":
        from common import ROOT

        from exactcover.cli import cli

        path = str(ROOT.parent / "shared" / "data" / "sudoku" / what)

        def solve_file():
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
                cli.main(["solve", "sudoku", path, "--quiet"], prog_name="exactcover")
            return out.getvalue().count("\n"), out.getvalue()

        run = solve_file
    else:
        from exactcover_sudoku.mass import generate_many

        def generate():
            lines = [p.to_line() for p in generate_many(300, grade=what, seed=2)]
            return len(lines), "".join(lines)

        run = generate

    def once():
        count, text = run()
        return count, int(hashlib.sha1(text.encode()).hexdigest()[:12], 16)

    return once


def child(source: str, question: str, repeats: int, engine: str) -> None:
    """Run one workload ``repeats`` times on the engine found first on the path; print JSON."""
    import exactcover
    from exactcover import Solver

    if source.startswith("rates:"):
        sys.path[:0] = [str(HERE)]
        once = sudoku_rate(source, question)
        once()  # warm up
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            made = once()
            times.append(time.perf_counter() - started)
        print(json.dumps({"seconds": statistics.median(times), "nodes": made[0], "updates": made[1],
                          "module": exactcover.__file__}))
        return
    matrix, givens = matrix_and_givens(source)
    if question == "None":  # (natives.py's own question)
        question = native_workload(source)[0]

    solver = Solver(matrix, engine)
    if question == "first":
        ask = lambda: solver.first(givens)  # noqa: E731
    elif question == "links":
        try:
            solver.count(givens, way="links")
            ask = lambda: solver.count(givens, way="links")  # noqa: E731
        except TypeError:  # a tree from before per-search ways: its global tune()
            from exactcover import _dlx

            _dlx.tune(budget=0)
            ask = lambda: solver.count(givens)  # noqa: E731
    elif question == "memo":
        ask = lambda: solver.count(givens, memo=True)  # noqa: E731
    elif question.startswith("best-"):
        k = int(question.removeprefix("best-"))
        ask = lambda: solver.best(k)  # noqa: E731
    elif question == "jobs-count":
        parallel = parallel_searches()
        if hasattr(solver, "planned"):  # (since issue 70: the parallel searches take a plan)
            ask = lambda: parallel.count(solver, solver.planned("count", givens, jobs=2))  # noqa: E731
        else:
            ask = lambda: parallel.count(solver, 2, givens=givens)  # noqa: E731
    elif question == "jobs-list":
        parallel = parallel_searches()
        if hasattr(solver, "planned"):
            ask = lambda: sum(1 for _ in parallel.solutions(solver, solver.planned("solutions", givens,  # noqa: E731
                                                                                    jobs=2)))
        else:
            ask = lambda: sum(1 for _ in parallel.solutions(solver, 2, givens=givens))  # noqa: E731
    else:
        ask = lambda: solver.count(givens)  # noqa: E731
    ask()  # warm up
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        ask()
        times.append(time.perf_counter() - started)
    stats = solver.stats
    print(json.dumps({"seconds": statistics.median(times), "nodes": stats.nodes, "updates": stats.updates,
                      "module": exactcover.__file__}))


def measure(tree: Path, source: str, question: str, repeats: int, engine: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    out = subprocess.run([sys.executable, __file__, "--child", source, str(question), str(repeats), engine],
                         capture_output=True, text=True, env=env, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not Path(result["module"]).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"{source}: measured {result['module']}, not {tree}'s engine")
    return result


def parallel_searches():  # type: ignore[no-untyped-def]
    """The module of the parallel count and listing, in this tree or in one from before the
    library's folders (issue 54), where it was ``exactcover.parallel`` itself."""
    try:
        from exactcover.parallel import searches
    except ImportError:
        from exactcover import parallel as searches
    return searches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="the other checkout, built in place")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--engine", choices=("c", "python"), default="c")
    parser.add_argument("--only", help="only the workloads whose name contains one of these (separated by |)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child[0], args.child[1], int(args.child[2]), args.child[3])
    if args.old is None:
        parser.error("--old is required")
    trees = {"old": args.old.resolve(), "new": HERE.parent}
    print(f"# {args.engine} engine; old: {trees['old']}, new: {trees['new']}; {args.rounds} rounds alternating, "
          f"each a median of up to {args.repeats} runs")
    print(f"{'workload':<40}{'old ms':>10}{'new ms':>10}{'new/old':>9}  counts")
    ratios = []
    for title, (source, question, share) in WORKLOADS.items():
        if args.only and not any(part in title for part in args.only.split("|")):
            continue
        repeats = max(1, round(args.repeats * share))
        seen: dict[str, list[dict]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                seen[name].append(measure(tree, source, question, repeats, args.engine))
        old, new = (statistics.median(r["seconds"] for r in seen[name]) for name in ("old", "new"))
        counts = {(r["nodes"], r["updates"]) for r in seen["old"] + seen["new"]}
        ratios.append(new / old)
        print(f"{title:<40}{old * 1000:>10.1f}{new * 1000:>10.1f}{new / old:>9.3f}  "
              f"{'same' if len(counts) == 1 else 'DIFFER: ' + str(sorted(counts))}", flush=True)
    print(f"{'geometric mean of new/old':<60}{statistics.geometric_mean(ratios):>9.3f}")


if __name__ == "__main__":
    main()
