"""Whole processes: `exactcover count dlx FILE` against Knuth's programs reading the same file.

natives.py times searches alone; a user who types the command waits for the whole process:
the interpreter's start, the imports, reading and compiling the file, the search, printing
and the exit. Here every contender is timed as a whole process on the same Knuth-format
files (the workloads of natives.py where Knuth's programs take half a second or more), in
turn round by round, and the table shows medians in ms and the fastest of Knuth's over ours.
Then, for each file, where our time goes: the interpreter alone (`python -c pass`), the
imports (`import exactcover.cli`, less the interpreter), and, inside one process, reading
the file, compiling it and counting (the rest is the command's own work and the exit).

    python benchmarks/whole.py --knuth /tmp/knuth [--rounds 5] [--only NAME]

Run it in a fresh virtual environment with the package installed (not editable), so that
nothing but the package is imported at the interpreter's start.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from knuth import command_line, timed  # noqa: E402

#: The files: natives.py's workloads where Knuth's programs take half a second or more.
FILES = ["pentominoes 6x10", "13-queens", "14-queens", "Langford n=12", "Langford n=13 (none)",
         "tiling: pentominoes 6x10 (plugin)", "MCC: queen domination 8x8, 5 queens",
         "MCC: rectangles 1x2..3x3 in 7x6, 3 each"]
PROGRAMS = {"dlx1": "dlx1.w", "dlx2": "dlx2.w", "ssxcc": "ssxcc.w", "ssxcc1": "ssxcc1.w", "ssxcc2": "ssxcc2.w",
            "dlx3": "dlx3.w", "ssmcc": "ssmcc.w"}
MCC = {"dlx3", "ssmcc"}


def workload(title: str):  # type: ignore[no-untyped-def]
    from natives import LARGE, WORKLOADS, named

    if title == "13-queens":
        return named("queens-13")
    return {**WORKLOADS, **LARGE}[title][1]()


def phases(path: str) -> None:
    """In this process: reading the file, compiling it and counting, in seconds (JSON)."""
    started = time.perf_counter()
    from exactcover import Solver, read_dlx

    imported = time.perf_counter()
    matrix = read_dlx(path)
    read = time.perf_counter()
    solver = Solver(matrix, "c")
    solver.dancer
    compiled = time.perf_counter()
    solver.count()
    counted = time.perf_counter()
    print(json.dumps({"import": imported - started, "read": read - imported, "compile": compiled - read,
                      "count": counted - compiled}))


def main() -> None:
    args = command_line(__doc__, PROGRAMS, lambda path, _: phases(path))
    if args is None:
        return
    from exactcover import write_dlx

    folder = Path(tempfile.mkdtemp(prefix="whole-"))
    ours = [sys.executable, "-m", "exactcover", "count", "dlx"]
    print(f"{'file':<42}{'ours ms':>10}{'fastest of Knuth':>18}{'ms':>10}{'ratio':>8}   "
          f"{'python':>7}{'imports':>8}{'read':>7}{'compile':>8}{'count':>8}{'rest':>7}")
    for title in FILES:
        if args.only and args.only not in title:
            continue
        matrix = workload(title)
        path = folder / f"{abs(hash(title))}.dlx"
        path.write_text(write_dlx(matrix))
        programs = [p for p in PROGRAMS if (p in MCC) == bool(matrix.bounds)]
        times: dict[str, list[float]] = {c: [] for c in ["ours", *programs]}
        parts: dict[str, list[float]] = {k: [] for k in ("python", "imports", "read", "compile", "count")}
        for _ in range(args.rounds):
            for contender in times:
                command = [*ours, str(path)] if contender == "ours" else [str(args.knuth / contender)]
                seconds, _ = timed(command, None if contender == "ours" else path)
                times[contender].append(seconds)
            bare, _ = timed([sys.executable, "-c", "pass"], None)
            imports, _ = timed([sys.executable, "-c", "import exactcover.cli"], None)
            inside = json.loads(subprocess.run([sys.executable, __file__, "--child", str(path), "count"],
                                               capture_output=True, text=True, check=True).stdout)
            parts["python"].append(bare)
            parts["imports"].append(imports - bare)
            for key in ("read", "compile", "count"):
                parts[key].append(inside[key])
        medians = {c: statistics.median(v) * 1000 for c, v in times.items()}
        best = min(programs, key=medians.__getitem__)
        split = {k: statistics.median(v) * 1000 for k, v in parts.items()}
        rest = medians["ours"] - sum(split.values())
        print(f"{title:<42}{medians['ours']:>10.1f}{best:>18}{medians[best]:>10.1f}{medians[best] / medians['ours']:>8.2f}   "
              + "".join(f"{split[k]:>{w}.1f}" for k, w in (("python", 7), ("imports", 8), ("read", 7), ("compile", 8),
                                                          ("count", 8))) + f"{rest:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
