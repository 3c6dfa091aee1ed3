"""Measure what `import exactcover` costs: medians of fresh interpreters, in one run.

Prints the median wall time of a bare interpreter, of `import attrs` (a dependency), of
`import exactcover`, of the CLI module and of loading the plugins, each minus the bare
interpreter. Children run with bytecode caching on (PYTHONDONTWRITEBYTECODE removed) after a
warm-up run, as a user's interpreter would.

    python benchmarks/import_time.py [--runs 21]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

CASES = {
    "bare interpreter": "pass",
    "import attrs": "import attrs",
    "import exactcover": "import exactcover",
    "import exactcover.cli": "import exactcover.cli",
    "exactcover.problem_types()": "import exactcover; exactcover.problem_types()",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
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


if __name__ == "__main__":
    main()
