"""Counting on 1 and 2 processes (and on a Dask LocalCluster), interleaved, in one run.

Workloads: Queens(15) and Langford pairs n = 15 (the counts issue 43 names), and the
pentomino 6x10 box read from benchmarks/data. For each, in rounds, one after the other: the
serial count (`Solver.count`), `count(..., jobs=2)` on the local process pool (the balanced
count, `exactcover.parallel.counts`), and with ``--dask`` `count(..., executor=...)` on a 2-worker
Dask LocalCluster (worker processes, loopback). Medians of the rounds, and the speed-up of
each round's pair (serial / parallel), whose median is the figure.

    python benchmarks/parallel.py [--rounds 5] [--only Queens] [--dask]

Targets (issue 43): 2 processes at least 1.9 times as fast as one on Queens(15) and on
Langford n = 15, on this 2-core machine (where the parent process, the OS and the
neighbours share the same two cores).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from common import ROOT
from engine import langford_matrix

import exactcover
from exactcover import Solver, read_dlx
from exactcover_queens.queens import matrix as queens


def timed(function):
    started = time.perf_counter()
    result = function()
    return time.perf_counter() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", help="only the workloads whose title contains this")
    parser.add_argument("--dask", action="store_true", help="a 2-worker Dask LocalCluster too")
    args = parser.parse_args()
    if exactcover.ENGINE != "c":
        sys.exit("the C engine is not built here: this would time the pure-Python fallback (pip install -e .)")
    workloads = {
        "Queens(15)": queens(15),
        "Langford n=15": langford_matrix(15),
        "pentominoes 6x10": read_dlx(ROOT / "benchmarks" / "data" / "pentominoes6x10.dlx"),
    }
    client = cluster = None
    if args.dask:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None)
        client = Client(cluster)
    print(f"{'workload':<20}{'count':>11}{'serial s':>10}{'jobs=2 s':>10}{'speed-up':>10}{'range':>13}"
          + (f"{'Dask s':>9}{'speed-up':>10}" if client else ""), flush=True)
    try:
        for title, problem in workloads.items():
            if args.only and args.only not in title:
                continue
            solver = Solver(problem, "c")
            solver.count(limit=1)  # (compiled once, outside the timings)
            serial, pool, dask, ratios, dask_ratios = [], [], [], [], []
            for _ in range(args.rounds):
                seconds, expected = timed(solver.count)
                serial.append(seconds)
                seconds, counted = timed(lambda: exactcover.count(problem, jobs=2, engine="c", reduce=False))
                assert counted == expected, (counted, expected)
                pool.append(seconds)
                ratios.append(serial[-1] / pool[-1])
                if client is not None:
                    seconds, counted = timed(lambda: exactcover.count(problem, executor=client.get_executor(), jobs=2,
                                                                      engine="c", reduce=False))
                    assert counted == expected
                    dask.append(seconds)
                    dask_ratios.append(serial[-1] / dask[-1])
            row = (f"{title:<20}{expected:>11}{statistics.median(serial):>10.2f}{statistics.median(pool):>10.2f}"
                   f"{statistics.median(ratios):>10.2f}{f'{min(ratios):.2f}-{max(ratios):.2f}':>13}")
            if client is not None:
                row += f"{statistics.median(dask):>9.2f}{statistics.median(dask_ratios):>10.2f}"
            print(row, flush=True)
    finally:
        if client is not None:
            client.close()
            cluster.close()


if __name__ == "__main__":
    main()
