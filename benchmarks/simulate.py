"""How a count would run on many workers, replayed from its journal's subtree times.

A journal (`exactcover.journal`) records every subtree a count searched, the seconds its
search took, and, for a subtree split where it stood, the subtrees it handed back. So the
count's tree of work is known: each record is a piece of work of known length, and the
pieces a split handed back can only begin after it. This script replays that tree on N
simulated workers, two ways:

- **balanced**, as `exactcover.counts` schedules a count on a cluster (another executor):
  a free worker takes the largest subtree waiting (by share of the tree); it searches it, and
  goes on into the subtrees the recorded split handed back, one after the other, until its
  time slice is up (`counts.slice_for`: a share of the time the count has run so far); then
  it hands back what it has left (the subtrees it has not begun) for any worker to take.
  Work can only be cut where the recorded count cut it, so a journal recorded with short
  slices replays a finer policy than one with long slices, never a finer one than was run.
- **static**, as the parallel searches did before (`Solver.split` at the depth with 32
  subtrees per worker, dealt round-robin into 2 tasks per worker, run in their order): each
  subtree at that depth takes the seconds of the records under it. A record above that depth
  that was never split is one piece that the static split would have cut; it is kept whole
  (the script says how much of the time that is), which makes the static figure a little
  better than it would be, never worse.

Efficiency = the seconds of work / (N × the time the last worker ends). The tasks' overhead
(sending, journaling) is left out of both.

    python benchmarks/simulate.py JOURNAL [--workers 2 64 256]
"""

from __future__ import annotations

import argparse
import heapq
from collections import defaultdict

from exactcover.counts import SLICE_MOST, slice_for
from exactcover.journal import read


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


def balanced(records, shares, first, workers: int, most: float) -> tuple[float, float, int]:
    """(makespan, work, tasks) of the balanced policy on ``workers`` workers, slices of at
    most ``most`` seconds."""
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
            budget, clock, stack = slice_for(now, most), now, [prefix]
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


def static(records, head, workers: int) -> tuple[float, float, int, float]:
    """(makespan, work, depth, seconds kept whole above the depth) of the static split."""
    wanted = 32 * workers
    by_depth: dict[int, dict[tuple[int, ...], float]] = {}
    depth = head["depth"]
    while True:
        seconds: dict[tuple[int, ...], float] = defaultdict(float)
        whole = 0.0
        for prefix, record in records.items():
            seconds[prefix[:depth]] += record.seconds
            if len(prefix) < depth and not record.split:
                whole += record.seconds
        by_depth[depth] = seconds
        if len(seconds) >= wanted or depth > 30:
            break
        depth += 1
    subtrees = sorted(seconds)  # (the tree's order is the prefixes' order within a level)
    n_tasks = min(len(subtrees), 2 * workers)
    batches = [sum(seconds[subtrees[k]] for k in range(start, len(subtrees), n_tasks)) for start in range(n_tasks)]
    free = [0.0] * workers
    for batch in batches:
        heapq.heappush(free, heapq.heappop(free) + batch)
    return max(free), sum(batches), depth, whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("journal")
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 64, 256])
    parser.add_argument("--most", type=float, default=SLICE_MOST["executor"],
                        help="the longest time slice (seconds; the default is a cluster's)")
    args = parser.parse_args()
    records, shares, first, head = tree(args.journal)
    total = sum(r.seconds for r in records.values())
    print(f"{args.journal}: {len(records):,} records, {total:,.1f} s of work, first split at depth {head['depth']}")
    print(f"{'workers':>8}{'balanced s':>12}{'efficiency':>11}{'tasks':>9}{'static s':>10}{'efficiency':>11}"
          f"{'depth':>7}{'kept whole':>12}")
    for n in args.workers:
        span, work, tasks = balanced(records, shares, first, n, args.most)
        s_span, s_work, depth, whole = static(records, head, n)
        print(f"{n:>8}{span:>12.2f}{work / (n * span):>11.1%}{tasks:>9,}{s_span:>10.2f}{s_work / (n * s_span):>11.1%}"
              f"{depth:>7}{whole / total:>12.1%}")


if __name__ == "__main__":
    main()
