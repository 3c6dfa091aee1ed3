"""How a count would run on many workers, replayed from its journal's subtree times.

A journal (`exactcover.parallel.journal`) records every subtree a count searched, the seconds its
search took, and, for a subtree split where it stood, the subtrees it handed back. So the
count's tree of work is known: each record is a piece of work of known length, and the
pieces a split handed back can only begin after it. This script replays that tree on N
simulated workers, two ways:

- **balanced**, as `exactcover.parallel.counts` schedules a count on a cluster (another executor):
  a free worker takes the largest subtree waiting (by share of the tree); it searches it, and
  goes on into the subtrees the recorded split handed back, one after the other, until its
  time slice is up (`counts.slice_for`: a share of the time the count has run so far); then
  it hands back what it has left (the subtrees it has not begun) for any worker to take.
  Work can only be cut where the recorded count cut it, so a journal recorded with short
  slices replays a finer policy than one with long slices, never a finer one than was run.
- **static**, as the parallel searches did before (`Solver.split` at the depth with 32
  subtrees per worker, dealt round-robin into 2 tasks per worker, run in their order), from
  the seconds of each subtree at that depth, measured apart (``--record-static``: Queens(N)
  counted subtree by subtree, each a search of its own as the static split ran them).

Efficiency = the seconds of work / (N × the time the last worker ends). The tasks' overhead
(sending, journaling) is left out of both.

    python benchmarks/simulate.py --record-static 18 4 q18-static.json   # once: about 7 minutes here
    python benchmarks/simulate.py q18.jsonl --static q18-static.json [--workers 2 64 256]
"""

from __future__ import annotations

import argparse
import heapq
import json
import multiprocessing
import time
from collections import defaultdict
from pathlib import Path

from exactcover import Solver
from exactcover.parallel.counts import slice_for
from exactcover.parallel.journal import read
from exactcover_queens.queens import matrix as queens


def tree(path: str):
    """The journal's records as (own seconds, children) by prefix, and the first split's
    prefixes with their shares (the subtrees the journal's records make, in order)."""
    found = read(path)
    records = {r.prefix: r for r in found.records}
    shares: dict[tuple[int, ...], float] = {}
    for record in found.records:
        for prefix, share in record.split:
            shares[prefix] = share
    first = [prefix for prefix in records if prefix not in shares and len(prefix) == found.head["depth"]]
    missing = [p for r in found.records for p, _ in r.split if p not in records]
    if missing:
        raise SystemExit(f"{path}: the count is not complete ({len(missing)} subtrees not counted); finish it first")
    return records, shares, first, found.head


def balanced(records, shares, first, workers: int) -> tuple[float, float, int]:
    """(makespan, work, tasks) of the balanced policy on ``workers`` workers (a cluster's
    slices: `counts.slice_for`)."""
    waiting: list[tuple[float, int, tuple[int, ...]]] = []
    order = 0

    def wait(prefixes, share_of):
        nonlocal order
        for prefix in prefixes:
            heapq.heappush(waiting, (-share_of(prefix), order, prefix))
            order += 1

    wait(first, lambda prefix: 1.0 / len(first))
    running: list[tuple[float, int, list[tuple[int, ...]]]] = []  # (when it ends, order, what it hands back)
    free, now, tasks = workers, 0.0, 0
    while True:
        while free and waiting:
            prefix = heapq.heappop(waiting)[2]
            budget, clock, stack = slice_for(now, "executor"), now, [prefix]
            while stack and (clock == now or clock - now < budget):
                record = records[stack.pop()]
                clock += record.seconds
                stack.extend(reversed([p for p, _ in record.split]))
            heapq.heappush(running, (clock, tasks, list(reversed(stack))))
            free, tasks = free - 1, tasks + 1
        if not running:
            return now, sum(r.seconds for r in records.values()), tasks
        now, _, handed = heapq.heappop(running)
        wait(handed, lambda prefix: shares.get(prefix, 0.0))
        free += 1


_solver = None


def _start(n: int) -> None:
    global _solver
    _solver = Solver(queens(n), "c")


def _time_one(prefix: tuple[int, ...]) -> tuple[tuple[int, ...], float, int]:
    started = time.perf_counter()
    found = _solver.count(prefix=prefix)
    return prefix, time.perf_counter() - started, found


def record_static(n: int, depth: int, path: str) -> None:
    """Count Queens(n) subtree by subtree at ``depth`` on 2 processes, each subtree a search of
    its own as the static split runs it, and write each one's seconds (JSON) to ``path``."""
    split = Solver(queens(n), "c").split(depth)
    with multiprocessing.Pool(2, _start, (n,)) as pool:
        times = list(pool.imap(_time_one, split.prefixes, chunksize=1))
    total = len(split.solutions) + sum(found for _, _, found in times)
    Path(path).write_text(json.dumps({"n": n, "depth": depth, "count": total,
                                      "subtrees": [[list(p), s] for p, s, _ in times]}))
    print(f"Queens({n}) at depth {depth}: {len(times):,} subtrees, {sum(s for _, s, _ in times):,.1f} s, "
          f"{total:,} solutions; written to {path}")


def static_from(path: str, workers: int) -> tuple[float, float, int]:
    """(makespan, work, depth) of the static split on ``workers`` workers, from the subtree
    times `record_static` measured (at the first depth with 32 subtrees per worker, or the
    deepest measured): dealt round-robin into 2 tasks per worker, run in their order."""
    measured = json.loads(Path(path).read_text())
    seconds = {tuple(prefix): s for prefix, s in measured["subtrees"]}
    for depth in range(1, measured["depth"] + 1):
        grouped: dict[tuple[int, ...], float] = defaultdict(float)
        for prefix, s in seconds.items():
            grouped[prefix[:depth]] += s
        if len(grouped) >= 32 * workers:
            break
    return _deal(grouped, workers) + (depth,)


def _deal(seconds: dict[tuple[int, ...], float], workers: int) -> tuple[float, float]:
    subtrees = sorted(seconds)  # (within a level the prefixes' order is the tree's)
    n_tasks = min(len(subtrees), 2 * workers)
    batches = [sum(seconds[subtrees[k]] for k in range(start, len(subtrees), n_tasks)) for start in range(n_tasks)]
    free = [0.0] * workers
    for batch in batches:
        heapq.heappush(free, heapq.heappop(free) + batch)
    return max(free), sum(batches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("journal", nargs="?", help="a complete journal (exactcover count ... --journal FILE)")
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 64, 256])
    parser.add_argument("--static", metavar="FILE", help="the static split's subtree times, from --record-static")
    parser.add_argument("--record-static", nargs=3, metavar=("N", "DEPTH", "FILE"),
                        help="measure Queens(N)'s subtrees at DEPTH one by one, on 2 processes, into FILE")
    args = parser.parse_args()
    if args.record_static:
        n, depth, path = args.record_static
        record_static(int(n), int(depth), path)
        return
    if not args.journal:
        parser.error("give a journal (or --record-static)")
    records, shares, first, head = tree(args.journal)
    total = sum(r.seconds for r in records.values())
    print(f"{args.journal}: {len(records):,} records, {total:,.1f} s of work, first split at depth {head['depth']}")
    print(f"{'workers':>8}{'balanced s':>12}{'efficiency':>11}{'tasks':>9}"
          + (f"{'static s':>10}{'efficiency':>11}{'depth':>7}" if args.static else ""))
    for n in args.workers:
        span, work, tasks = balanced(records, shares, first, n)
        row = f"{n:>8}{span:>12.2f}{work / (n * span):>11.1%}{tasks:>9,}"
        if args.static:
            s_span, s_work, depth = static_from(args.static, n)
            row += f"{s_span:>10.2f}{s_work / (n * s_span):>11.1%}{depth:>7}"
        print(row)


if __name__ == "__main__":
    main()
