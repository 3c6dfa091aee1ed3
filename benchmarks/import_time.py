"""Measure what starting exactcover costs: imports, and the command as a whole process.

First the imports, as medians of fresh interpreters in one interleaved run: a bare
interpreter, `import attrs` (a dependency), the three dependencies the command loads, those
with importlib.metadata (an entry-point scan needs it), `import exactcover`, the CLI module and
every plugin loaded, each minus the bare interpreter.

Then whole processes, paired A B A B: ``exactcover count queens 12`` (the console script)
against the floor, an interpreter that imports attrs, click and pluggy and does nothing else.
The count alone (a compiled Solver's, timed in this process) is subtracted too: what is left,
"added above the floor", is exactcover's own start-up (its modules, the plugin, building and
compiling the matrix, click parsing the command line). Issue 40 asks for at most 15 ms.

With ``--dlx2 PATH`` (Knuth's DLX2, built as natives.py builds it), DLX2 counting the same
matrix joins the rounds, with the ratio of the medians.

Children run with bytecode caching on (PYTHONDONTWRITEBYTECODE removed) after a warm-up
round, as a user's interpreter would.

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


def whole_commands(runs: int, env: dict[str, str], dlx2: str | None) -> None:
    """`exactcover count queens 12` against its floor (and DLX2), paired, as processes."""
    from exactcover_queens import Queens, encode

    from exactcover import write_dlx

    script = shutil.which("exactcover", path=str(Path(sys.executable).parent)) or "exactcover"
    version = subprocess.run([script, "--version"], capture_output=True, text=True, check=True, env=env).stdout
    assert "c engine" in version, f"the command would not time the compiled engine: {version}"
    commands: dict[str, tuple[list[str], Path | None]] = {
        "exactcover count queens 12": ([script, "count", "queens", "12"], None),
        "floor: attrs, click, pluggy": ([sys.executable, "-c", "import attrs, click, pluggy; print(14200)"], None)}
    if dlx2:
        path = Path(tempfile.mkdtemp(prefix="import-time-")) / "12-queens.dlx"
        path.write_text(write_dlx(encode(Queens(12)).matrix))  # (the matrix the command counts)
        commands["dlx2 < 12-queens.dlx"] = ([dlx2], path)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs + 1):  # the first round warms the caches and checks the counts
        for name, (command, stdin) in commands.items():
            started = time.perf_counter()
            with open(stdin or os.devnull) as source:
                out = subprocess.run(command, stdin=source, capture_output=True, text=True, check=True, env=env)
            times[name].append(time.perf_counter() - started)
            assert "14200" in out.stdout + out.stderr, (name, out.stdout[-200:], out.stderr[-200:])
    medians = {name: statistics.median(values[1:]) for name, values in times.items()}
    print(f"\nwhole processes, paired, {runs} rounds (medians):")
    for name, value in medians.items():
        print(f"{name:<32}{value * 1000:>8.1f} ms")
    search = search_alone()
    command, floor = medians["exactcover count queens 12"], medians["floor: attrs, click, pluggy"]
    print(f"{'the count alone':<32}{search * 1000:>8.1f} ms  (a compiled Solver's, the same matrix, in this process)")
    print(f"{'added above the floor':<32}{(command - floor - search) * 1000:>8.1f} ms  "
          "(the command - the floor - the count; issue 40: at most 15)")
    if dlx2:
        print(f"{'ratio to dlx2':<32}{command / medians['dlx2 < 12-queens.dlx']:>8.2f}")


def search_alone() -> float:
    """The median time of 12-queens' count from a compiled Solver, on the matrix the command
    counts (the queens plugin's): the search alone, in this process."""
    from exactcover_queens import Queens, encode

    from exactcover import Solver

    solver = Solver(encode(Queens(12)).matrix)
    times = []
    for _ in range(7):
        started = time.perf_counter()
        assert solver.count() == 14200
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    from exactcover import engines

    if "c" not in engines.available():
        sys.exit("the C engine is not built here: this would time the pure-Python fallback (pip install -e .)")
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
    whole_commands(args.runs, env, args.dlx2)


if __name__ == "__main__":
    main()
