"""Knuth's programs and miniexact as contenders in the benchmarks (mcc.py, natives.py).

Nothing of Knuth's is in this repository: `build` tangles his CWEB sources with `ctangle`
(Debian's texlive-binaries) from a folder the caller names (e.g. a clone of
shreevatsa/knuth-literate-programs: programs-orig/ and other_categorize_later/sgb/ for
gb_flip.w) and compiles them with gcc -O3 -march=native into a folder outside the
repository. `solve_time` times one run of a native program on a file, less its run on the
input alone, so that what is compared is the search (the file is read before our clock
starts too).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any
from pathlib import Path


def build(target: Path, sources: Path, programs: dict[str, str]) -> None:
    """Tangle and compile ``programs`` from ``sources`` into ``target``. A program is named by
    its CWEB file (``"ssxcc2.w"``) or by the file and a change file to apply
    (``"ssxcc2.w ssxcc3.ch"``, as ctangle takes them)."""
    if shutil.which("ctangle") is None:
        sys.exit("ctangle not found: apt-get install texlive-binaries")
    target.mkdir(parents=True, exist_ok=True)
    names = {"gb_flip.w"} | {name for files in programs.values() for name in files.split()}
    for name in sorted(names):
        found = next(iter(sources.rglob(name)), None)
        if found is None:
            sys.exit(f"{name} not found under {sources}")
        shutil.copy(found, target / name)
    # (ctangle exits non-zero on gb_flip.w's missing boilerplate.w, a comment, and writes the C)
    subprocess.run(["ctangle", "-bhp", "gb_flip.w"], cwd=target, check=False, capture_output=True)
    subprocess.run(["gcc", "-O3", "-march=native", "-c", "gb_flip.c"], cwd=target, check=True)
    for program, files in programs.items():
        web, change = (files.split() + ["-"])[:2]
        subprocess.run(["ctangle", "-bhp", web, change, f"{program}.c"], cwd=target, check=False,
                       capture_output=True)
        subprocess.run(["gcc", "-O3", "-march=native", "-w", f"{program}.c", "gb_flip.o", "-o", program],
                       cwd=target, check=True)
    print(f"built {', '.join(programs)} in {target}")


def timed(command: list[str], stdin: Path | None) -> tuple[float, str]:
    """One run's wall time and its output (stdout and stderr)."""
    source = open(stdin) if stdin else None
    try:
        started = time.perf_counter()
        out = subprocess.run(command, stdin=source or subprocess.DEVNULL, capture_output=True, text=True)
        return time.perf_counter() - started, out.stdout + out.stderr
    finally:
        if source is not None:
            source.close()


def ours_time(script: str, path: Path, question: str) -> tuple[float, str]:
    """exactcover's measurement: ``script --child path question`` in a fresh interpreter,
    which prints its solve seconds and answer as JSON."""
    out = subprocess.run([sys.executable, script, "--child", str(path), question], capture_output=True, text=True,
                         check=True)
    data = json.loads(out.stdout)
    return data["seconds"], data["answer"]


def knuth_time(program: Path, path: Path, *args: str) -> tuple[float, str]:
    """A Knuth program's solve time on the file at ``path`` (its whole run less its run with
    the timeout T1, which stops as soon as the input is read) and its output."""
    whole, text = timed([str(program), *args], path)
    parse, _ = timed([str(program), "T1"], path)
    return max(whole - parse, 0.0), text


def miniexact_time(miniexact: str, path: Path, *flags: str) -> tuple[float, str]:
    """miniexact's solve time on ``path`` (its whole run less its parse-only run, -P)."""
    whole, text = timed([miniexact, *flags, str(path)], None)
    parse, _ = timed([miniexact, "-P", str(path)], None)
    return max(whole - parse, 0.0), text


# -- the table --------------------------------------------------------------------------------

def interleaved(contenders: list[str], rounds: int,
                measure: Callable[[str], tuple[float, str]]) -> tuple[dict[str, list[float]], dict[str, set[str]]]:
    """Each contender measured once per round, in turn (A B C A B C ...): times and answers."""
    times: dict[str, list[float]] = {c: [] for c in contenders}
    answers: dict[str, set[str]] = {c: set() for c in contenders}
    for _ in range(rounds):
        for name in contenders:
            seconds, answer = measure(name)
            times[name].append(seconds)
            answers[name].add(answer)
    return times, answers


def header(width: int, columns: list[str]) -> None:
    print(f"{'workload':<{width}}" + "".join(f"{c:>12}" for c in columns) + f"{'fastest other / ours':>22}  answer")


def report(title: str, width: int, columns: list[str], times: dict[str, list[float]],
           answers: dict[str, set[str]], own: Sequence[str] = ("exactcover",)) -> None:
    """One row: the median ms of each column's contender ("-" if it sat out; "!" after an
    answer other than exactcover's), and the fastest agreeing other's time over ours (the
    columns in ``own`` are exactcover's, not others)."""
    medians = {name: statistics.median(values) for name, values in times.items()}
    ours_answer = next(iter(answers["exactcover"]))
    cells = []
    for column in columns:
        if column not in medians:
            cells.append(f"{'-':>12}")
            continue
        if medians[column] == float("inf"):  # (a contender stopped at a time cap)
            cells.append(f"{'>cap':>12}")
            continue
        cells.append(f"{medians[column] * 1000:>11.2f}{' ' if answers[column] == {ours_answer} else '!'}")
    others = [medians[c] for c in medians if c not in own and answers[c] == {ours_answer}]
    ratio = f"{min(others) / medians['exactcover']:>22.2f}" if others else f"{'-':>22}"
    print(f"{title:<{width}}" + "".join(cells) + ratio + f"  {ours_answer}", flush=True)
    for name, found in answers.items():
        if found != {ours_answer}:
            if times[name] and min(times[name]) < float("inf"):
                print(f"  ({name} answered {sorted(found)}, exactcover {ours_answer})", file=sys.stderr)


def command_line(doc: str, programs: dict[str, str], child: Callable[..., None],
                 extra: Sequence[tuple[str, dict[str, Any]]] = ()) -> argparse.Namespace | None:
    """The benchmark scripts' shared options (and ``extra`` ones: flag, argparse keywords).
    Runs a ``--child`` measurement or a ``--build`` of ``programs`` itself (then None); else
    the options, ``--knuth`` required."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    for flag, keywords in extra:
        parser.add_argument(flag, **keywords)
    parser.add_argument("--knuth", type=Path, help=f"the folder holding the built {', '.join(programs)}")
    parser.add_argument("--miniexact", default="miniexact", help="miniexact's command")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", help="only the workloads whose name contains this")
    parser.add_argument("--build", type=Path, help="tangle and build Knuth's programs into this folder")
    parser.add_argument("--sources", type=Path, help="with --build: a folder with Knuth's CWEB sources")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return None
    if args.build:
        build(args.build, args.sources or args.build, programs)
        return None
    if args.knuth is None:
        parser.error("--knuth is required (build the programs first with --build)")
    return args
