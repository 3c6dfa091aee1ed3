"""The command's default count of files with multiplicities against ``--no-reduce``, in one run.

A count decides on the way whether Knuth's preprocessing pays (`exactcover.front.autoreduce`), but
the preprocessing refuses bounds, so the plan (`exactcover.front.plan`) never lets it look at a
problem with multiplicities: ``exactcover count dlx FILE`` must then cost what ``--no-reduce``
does. Each file (mcc.py's problems, written in Knuth's format) is counted by the installed
command as a whole process, the two commands in turn (A B A B ...); the table shows the
medians, their ratio and the count (checked equal).

    python benchmarks/mcc_default.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from exactcover import write_dlx  # noqa: E402
from knuth import interleaved, timed  # noqa: E402
from mcc import queen_domination, random_mcc, tetrominoes  # noqa: E402

FILES = {
    "queen domination 8x8, 5 queens": lambda: queen_domination(8, 5),
    "queen domination 9x9, 5 queens": lambda: queen_domination(9, 5),
    "tetrominoes IOTLS 0..4 in 8x5": lambda: tetrominoes(8, 5, "IOTLS", 4),
    "random MCC 30 items, 120 options": lambda: random_mcc(30, 120, 4, 1),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    command = shutil.which("exactcover") or sys.exit("the exactcover command is not installed")
    folder = Path(tempfile.mkdtemp(prefix="mcc-default-"))
    print(f"{'file':<34}{'default s':>12}{'--no-reduce s':>15}{'ratio':>8}  count")
    for title, make in FILES.items():
        path = folder / f"{len(title)}.dlx"
        path.write_text(write_dlx(make()))
        runs = {"default": [command, "count", "dlx", str(path), "--quiet"],
                "no-reduce": [command, "count", "dlx", str(path), "--quiet", "--no-reduce"]}
        times, answers = interleaved(list(runs), args.rounds, lambda name: timed(runs[name], None))
        assert answers["default"] == answers["no-reduce"] and len(answers["default"]) == 1, answers
        a, b = (statistics.median(times[name]) for name in runs)
        print(f"{title:<34}{a:>12.3f}{b:>15.3f}{a / b:>8.3f}  {next(iter(answers['default'])).strip()}", flush=True)


if __name__ == "__main__":
    main()
