"""Measure what `import exactcover` costs: medians of fresh interpreters, in one run.

Prints the median wall time of a bare interpreter, of `import attrs` (a dependency), of the
three dependencies the command loads and of those with importlib.metadata (which pluggy's
entry-point scan needs), of `import exactcover`, of the CLI module and of loading the
plugins, each minus the bare interpreter. Children run with bytecode caching on (PYTHONDONTWRITEBYTECODE removed) after a
warm-up run, as a user's interpreter would.

With ``--dlx2 PATH`` (Knuth's DLX2, built as natives.py builds it), also whole processes,
paired A B A B: ``exactcover count queens 12`` (the console script) against ``dlx2 <
12-queens.dlx`` (the same matrix, written by this script), both counting 14200, and the
ratio of the medians (issue 15 asks for 1.2 at most); and the floor under it: an interpreter
that imports attrs, click and pluggy (timed in the same rounds) plus the count alone from a
compiled Solver (in this process).

    python benchmarks/import_time.py [--runs 21] [--dlx2 /tmp/knuth/dlx2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = {
    "bare interpreter": "pass",
    "import attrs": "import attrs",
    "import attrs, click, pluggy": "import attrs, click, pluggy",
    "  and importlib.metadata": "import attrs, click, pluggy, importlib.metadata",
    "import exactcover": "import exactcover",
    "import exactcover.cli": "import exactcover.cli",
    "exactcover.problem_types()": "import exactcover; exactcover.problem_types()",
}


def whole_commands(dlx2: str, runs: int, env: dict[str, str]) -> None:
    """`exactcover count queens 12` against DLX2 on the same matrix, paired, as processes."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from peers import problem

    from exactcover import Matrix, write_dlx

    script = shutil.which("exactcover", path=str(Path(sys.executable).parent)) or "exactcover"
    path = Path(tempfile.mkdtemp(prefix="import-time-")) / "12-queens.dlx"
    primary, secondary, options = problem("queens-12")
    path.write_text(write_dlx(Matrix(primary, options, secondary=secondary)))
    commands = {"exactcover count queens 12": ([script, "count", "queens", "12"], None),
                "dlx2 < 12-queens.dlx": ([dlx2], path),
                "python: attrs, click, pluggy": ([sys.executable, "-c", "import attrs, click, pluggy; print(14200)"], None)}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs + 1):  # the first round warms the caches and checks the counts
        for name, (command, stdin) in commands.items():
            started = time.perf_counter()
            with open(stdin or os.devnull) as source:
                out = subprocess.run(command, stdin=source, capture_output=True, text=True, check=True, env=env)
            times[name].append(time.perf_counter() - started)
            assert "14200" in out.stdout + out.stderr, (name, out.stdout[-200:], out.stderr[-200:])
    medians = {name: statistics.median(values[1:]) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:<28}{value * 1000:>8.0f} ms")
    ours, theirs, deps = medians.values()
    print(f"{'ratio':<28}{ours / theirs:>8.2f}")
    search = search_alone(primary, options, secondary)
    floor = deps + search
    print(f"{'the search alone':<28}{search * 1000:>8.0f} ms  (a compiled Solver's count, in this process)")
    print(f"{'floor: the three + search':<28}{floor * 1000:>8.0f} ms  ({floor / theirs:.2f} x dlx2: the least a "
          f"command on attrs, click and pluggy can take)")


def search_alone(primary: list[str], options: list[list[str]], secondary: list[str]) -> float:
    """The median time of 12-queens' count from a compiled Solver (the search and its start)."""
    from exactcover import Matrix, Solver

    solver = Solver(Matrix(primary, options, secondary=secondary))
    times = []
    for _ in range(7):
        started = time.perf_counter()
        assert solver.count() == 14200
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--dlx2", help="Knuth's dlx2, to time whole commands against it")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for code in CASES.values():  # warm-up: write the bytecode caches
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.runs):  # interleaved, so every case sees the same machine noise
        for name, code in CASES.items():
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=env)
            times[name].append(time.perf_counter() - started)
    base = statistics.median(times["bare interpreter"])
    for name, values in times.items():
        extra = "" if name == "bare interpreter" else f"  (+{(statistics.median(values) - base) * 1000:.0f} ms)"
        print(f"{name:<28}{statistics.median(values) * 1000:>8.0f} ms{extra}")
    if args.dlx2:
        whole_commands(args.dlx2, args.runs, env)


if __name__ == "__main__":
    main()
