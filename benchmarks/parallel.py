"""Counting on 1 and 2 processes, and on a Dask LocalCluster, in one run.

Workloads: Queens(14), and the pentomino 6x10 box read from benchmarks/data. For each: the
serial count, `count(..., jobs=2)` on the local process pool, and `count(..., executor=...)`
on a 2-worker Dask LocalCluster (processes, loopback) when the distributed extra is
installed; medians of several runs, the speed-up over serial, and Dask against the pool.

    python benchmarks/parallel.py [--repeats 3]

Targets (issue 6): a speed-up of at least 1.8 on 2 cores; Dask within 15% of the local pool.
"""

from __future__ import annotations

import argparse
import importlib.util

from common import ROOT, median_time

import exactcover
from exactcover import read_dlx
from exactcover_queens import Queens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    workloads = {
        "Queens(14)": Queens(14),
        "pentominoes 6x10 (2339)": read_dlx(ROOT / "benchmarks" / "data" / "pentominoes6x10.dlx"),
    }
    client = cluster = None
    if importlib.util.find_spec("distributed") is not None:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    print(f"{'workload':<26}{'count':>9}{'serial s':>10}{'jobs=2 s':>10}{'speed-up':>10}{'Dask s':>9}{'Dask/pool':>11}")
    try:
        for title, problem in workloads.items():
            exactcover.count(problem)  # compile once, outside the timings
            serial, expected = median_time(lambda: exactcover.count(problem), args.repeats)
            pool, counted = median_time(lambda: exactcover.count(problem, jobs=2), args.repeats)
            assert counted == expected
            row = f"{title:<26}{expected:>9}{serial:>10.2f}{pool:>10.2f}{serial / pool:>10.2f}"
            if client is not None:
                executor = client.get_executor()
                dask, counted = median_time(lambda: exactcover.count(problem, executor=executor), args.repeats)
                assert counted == expected
                row += f"{dask:>9.2f}{dask / pool:>11.2f}"
            print(row)
    finally:
        if client is not None:
            client.close()
            cluster.close()
    if client is None:
        print("(Dask not installed: pip install 'exactcover[distributed]')")


if __name__ == "__main__":
    main()
