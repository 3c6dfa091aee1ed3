"""Priority items against Knuth's DLX2-SHARP: the same trees, and the time.

Knuth's change file dlx2-sharp.ch makes DLX2 branch first on the items whose names begin
with '#' (an item with no option or one still comes before them). exactcover reads such
names as priority items (`Matrix(..., priority=...)`). Each workload here is a problem of
natives.py with every k-th primary item given priority; both programs read the same file.
The table: nodes and updates of each (they must be equal: the same rule, the same tree),
and the median solve times in ms over interleaved rounds (ours: the search alone, on a
compiled solver; DLX2-SHARP: its whole run less its run with the input alone), and DLX2-
SHARP's time over ours.

    python benchmarks/priority.py --build /tmp/knuth --sources /tmp/knuth-src
    python benchmarks/priority.py --knuth /tmp/knuth [--rounds 5] [--only NAME]
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from knuth import command_line, interleaved, knuth_time, ours_time  # noqa: E402
from natives import WORKLOADS  # noqa: E402

from exactcover import Matrix, Solver, read_dlx, write_dlx  # noqa: E402

PROGRAMS = {"dlx2-sharp": "dlx2.w dlx2-sharp.ch"}
#: natives.py's workloads, and which primary items get priority: every k-th.
CASES = {"sudoku 8008 puzzle": 7, "12-queens": 3, "Langford n=11": 4, "tiling: pentominoes 8x8 minus 2x2": 5,
         "word squares 4x4, colors": 6}


def with_priority(matrix: Matrix, every: int) -> Matrix:
    """``matrix`` with every ``every``-th primary item given priority, renamed '#name' as
    Knuth's format says it."""
    text = write_dlx(matrix)
    names = read_dlx(text).primary
    chosen = {name for k, name in enumerate(names) if k % every == 0}
    lines = []
    for line in text.splitlines():
        if line.startswith("|"):
            lines.append(line)
            continue
        lines.append(" ".join(("#" + word if word.split(":")[0] in chosen else word) for word in line.split()))
    return read_dlx("\n".join(lines) + "\n")


def child(path: str, question: str) -> None:
    solver = Solver(read_dlx(path), "c")
    solver.dancer  # (compiled before the clock starts)
    started = time.perf_counter()
    answer = solver.count(memo=False)
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "answer": f"{answer} {solver.stats.nodes} {solver.stats.updates}"}))


def main() -> None:
    args = command_line(__doc__, PROGRAMS, child)
    if args is None:
        return
    folder = Path(tempfile.mkdtemp(prefix="priority-"))
    print(f"{'workload':<40}{'priority':>9}{'nodes':>12}{'updates':>14}{'ours ms':>10}{'DLX2-SHARP':>12}{'ratio':>7}")
    for title, every in CASES.items():
        if args.only and args.only not in title:
            continue
        matrix = with_priority(WORKLOADS[title][1](), every)
        path = folder / f"{len(title)}.dlx"
        path.write_text(write_dlx(matrix))

        def measure(name: str) -> tuple[float, str]:
            if name == "exactcover":
                return ours_time(__file__, path, "count")
            seconds, text = knuth_time(args.knuth / name, path)
            found = re.search(r"Altogether (\d+) solution.*?(\d+) updates.*?(\d+) nodes", text, re.S)
            return seconds, f"{found[1]} {found[3]} {found[2]}" if found else f"? {text[-200:]!r}"

        times, answers = interleaved(["exactcover", "dlx2-sharp"], args.rounds, measure)
        ours, theirs = answers["exactcover"], answers["dlx2-sharp"]
        count, nodes, updates = next(iter(ours)).split()
        same = "" if ours == theirs else f"   (DLX2-SHARP: {sorted(theirs)})"
        median = {name: sorted(values)[len(values) // 2] for name, values in times.items()}
        print(f"{title:<40}{len(matrix.priority):>9}{int(nodes):>12,}{int(updates):>14,}"
              f"{median['exactcover'] * 1000:>10.2f}{median['dlx2-sharp'] * 1000:>12.2f}"
              f"{median['dlx2-sharp'] / median['exactcover']:>7.2f}{same}", flush=True)


if __name__ == "__main__":
    main()
