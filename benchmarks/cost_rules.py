"""The item choice of a search for the k best: DLX5's rule against the engine's, in nodes.

DLX5 branches on the item with the fewest options cheap enough to be used (ties to the one
whose cheapest option costs most). The engine branches on the item where a wrong first
choice costs most per branch: a forced item first (the dearest), else the most
(second - least + 1) / count, where least and second are the item's two cheapest usable
options (pydlx's `Costs.choose_cheap`). Both find the same k best (checked here); only the
tree differs. This script counts the nodes of both on assignment problems and random set
partitionings (benchmarks/mcc.py's generators) with pydlx, DLX5's rule put back in a
subclass. Node counts do not depend on the machine.

    python benchmarks/cost_rules.py [--k 1] [--cap 2000000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from mcc import assignment, partitioning  # noqa: E402

from exactcover import Solver  # noqa: E402
from exactcover.engines.contract import DONE  # noqa: E402
from exactcover.engines.pydlx import costs  # noqa: E402


class DLX5Rule(costs.Costs):
    """The state of a search for the k best with DLX5's item choice."""

    def choose_cheap(self, limit: int) -> tuple[int, int]:
        """The fewest options cheaper than limit (counted no further than the best so far,
        beyond LENTHRESH taken to be LEN), ties to the dearest cheapest option, then the first."""
        s, cost = self.search, self.cost
        rlink, dlink, top = s.rlink, s.dlink, s.top
        best, fewest, dearest = 0, costs.INFINITE, 0
        i = rlink[0]
        while i != 0:
            p = dlink[i]
            if p == i or cost[p] >= limit:
                return i, 0
            least, count, p = cost[p], 1, dlink[p]
            while p != i and cost[p] < limit:
                if count == fewest:
                    count = costs.INFINITE
                    break
                if count >= costs.LENTHRESH:
                    count = top[i]
                    break
                count, p = count + 1, dlink[p]
            if count < fewest or (count == fewest and least > dearest):
                best, fewest, dearest = i, count, least
            i = rlink[i]
        return best, fewest


def dlx5_rule(dancer, k: int):
    """A search for the k best whose costs unit chooses as DLX5 does."""
    search = dancer.search(best=k)
    search.costs = DLX5Rule(search, k, (), ())
    return search


def nodes(search, cap: int) -> tuple[int, bool, list[int]]:
    """Run a search for the k best to its end or to ``cap`` nodes."""
    while search.run(cap - search.nodes) != DONE:
        if search.nodes >= cap:
            return search.nodes, False, search.proven()
    return search.nodes, True, search.proven()


def problems():
    for n, seed in ((20, 1), (30, 2), (35, 3), (40, 40)):
        yield f"assignment {n}x{n} (seed {seed})", assignment(n, seed)
    for items, options, seed in ((40, 1000, 4), (45, 1500, 4), (40, 1200, 7), (45, 1200, 8), (35, 1500, 9)):
        yield f"partitioning {items} items, {options + items} options (seed {seed})", partitioning(items, options, 6, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=1, help="how many cheapest solutions")
    parser.add_argument("--cap", type=int, default=2_000_000, help="stop a search after this many nodes")
    args = parser.parse_args()
    print(f"{'problem':<50}{'DLX5 rule':>12}{'ours':>10}{'DLX5 / ours':>13}  k-th best")
    for title, matrix in problems():
        dancer = Solver(matrix, "python").dancer
        theirs, done_theirs, best_theirs = nodes(dlx5_rule(dancer, args.k), args.cap)
        ours, done_ours, best_ours = nodes(dancer.search(best=args.k), args.cap)
        if done_theirs and done_ours and best_theirs != best_ours:
            raise SystemExit(f"{title}: the rules disagree: {best_theirs} and {best_ours}")
        cell = "" if done_theirs else "+"
        print(f"{title:<50}{f'{theirs}{cell}':>12}{ours:>10}{theirs / ours:>13.2f}  {best_ours[-1]}", flush=True)


if __name__ == "__main__":
    main()
