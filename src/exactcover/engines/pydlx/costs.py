"""Costs: the k cheapest solutions, by Knuth's method in DLX5 (branch and bound on the links).

Each option has a nonnegative integer cost. When a dancer with costs is built, every primary
item is *taxed* the least cost of its options, which is taken off the cost of each option
on it: every option keeps a nonnegative *net* cost, every item has an option of net cost 0,
and a solution's cost is its options' net costs plus the total tax. Then every item's list
is sorted by net cost (stably), so a level tries its options cheapest first.

A search for the k best keeps, in its `Costs` (its ``costs``, as C's search holds a
``Costs *``), the costs of the k cheapest solutions found so far;
once it has k, the k-th is the *cutoff*: a partial solution whose net cost plus an option's
reaches it cannot lead to a better one, so the level stops there (the list is sorted), and
covering an item hides only the options cheap enough ever to be chosen below it. The item
chosen is not DLX5's (the fewest options cheap enough) but the one where a wrong first
choice costs most per branch (`Costs.choose_cheap`). Every
solution that enters the k best is returned (SOLUTION); when the search is DONE, the k best
are proven. The C port is ``cdlx/costs.c``.

Port: cdlx/costs.c
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..contract import Tuning
from .dance import members, option_number, relink
from .tables import LINKS

if TYPE_CHECKING:  # (for annotations only: search needs this module)
    from .dancer import Dancer
    from .search import Search, Steps

__all__ = ["Costs", "ON_LINKS", "costs_of", "prepare"]

#: A cost no solution reaches (a matrix's costs add up to less than 2**62), as in C.
INFINITE = (1 << 63) - 1
#: The item choice counts at most this many options of an item, then takes its LEN (DLX5's
#: `lenthresh`).
LENTHRESH = 10
#: The item choice's regret is capped here, so that regret times count fits 64 bits in C.
REGRET_CAP = 1 << 31


def prepare(dancer: Dancer, costs: Sequence[int]) -> None:
    """Tax the dancer's primary items, give every node its option's net cost (``dancer.cost``)
    and sort every item's list by it (stably)."""
    top, ulink, dlink, opt_start = dancer.top, dancer.ulink, dancer.dlink, dancer.opt_start
    net = list(costs)
    tax = 0
    for i in range(1, dancer.n_primary + 1):
        options = [option_number(top, p) for p in members(dlink, i)]
        least = min((net[k] for k in options), default=0)
        tax += least
        for k in options:
            net[k] -= least
    dancer.tax = tax
    dancer.cost = cost = [0] * len(top)
    for k in range(dancer.n_options):
        for q in range(opt_start[k], opt_start[k + 1] - 1):
            cost[q] = net[k]
    for i in range(1, dancer.n_items + 1):
        relink(ulink, dlink, i, sorted(members(dlink, i), key=cost.__getitem__))


def _better(count: int, regret: int, least: int, fewest: int, best_regret: int, dearest: int) -> bool:
    """Whether an item (count usable options, regret, cheapest cost least) ranks above the
    best so far in `Costs.choose_cheap`: forced first; then regret / count, compared
    exactly; then the dearer cheapest option."""
    if count == 1 or fewest == 1:
        return count == 1 and (fewest != 1 or least > dearest)
    ours, theirs = regret * fewest, best_regret * count
    return ours > theirs or (ours == theirs and least > dearest)


#: A search for the cheapest solutions runs on the links (its lists are sorted by cost).
ON_LINKS = Tuning.of("links")


def costs_of(search: Search) -> Costs:
    """The search's `Costs`; ValueError if it is not a search for the cheapest solutions."""
    if search.costs is None:
        raise ValueError("this search has no costs")
    return search.costs


class Costs:
    """The state of a search for the k cheapest solutions (C's ``Costs``; see the module
    docstring): the k best costs so far, the cutoff, and per level the partial cost and the
    thresholds its covers used; and its loop on the search's links."""

    def __init__(self, search: Search, best: int, givens: Sequence[int], prefix: Sequence[int],
                 cutoff: int | None = None) -> None:
        """For ``search``, its givens chosen and ``prefix`` replayed (a split's subtree, as
        `Search` replays it): ``cutoff``, a cost the solutions must be cheaper than from the
        start (the k-th best of other subtrees)."""
        dancer = search.dancer
        self.search = search
        self.k = best
        self.best_costs: list[int] = []  # the net costs of the k best so far, cheapest first
        self.cutoff = INFINITE if cutoff is None else max(0, cutoff - dancer.tax)
        self.cost = dancer.cost
        levels = len(search.choice)
        self.partial = [0] * levels  # the net cost of the options chosen above each level
        self.thresh0 = [0] * levels  # the threshold the level's item was covered with
        self.thresh = [0] * levels  # ... and its option's other items
        search.where = LINKS
        # the net costs of the givens and of the prefix's options:
        self.current = sum(dancer.cost[search.opt_start[k]] for k in givens) + sum(dancer.cost[x] for x in prefix)

    def solution_cost(self) -> int:
        """After SOLUTION: the cost of the solution found (the givens' included)."""
        return self.current + self.search.dancer.tax

    def proven(self) -> list[int]:
        """The costs of the k best found so far, cheapest first."""
        return [c + self.search.dancer.tax for c in self.best_costs]

    # -- the dance with a threshold: only options cheaper than it are hidden ------------------

    def cover_below(self, i: int, thresh: int) -> None:
        s, cost = self.search, self.cost
        dlink = s.dlink
        left, right = s.llink[i], s.rlink[i]
        s.rlink[left], s.llink[right] = right, left
        s.updates += 1
        p = dlink[i]
        while p != i and cost[p] < thresh:
            s.updates += s.hide(p)
            p = dlink[p]

    def uncover_below(self, i: int, thresh: int) -> None:
        s, cost = self.search, self.cost
        dlink = s.dlink
        p = dlink[i]
        while p != i and cost[p] < thresh:
            s.unhide(p)
            p = dlink[p]
        s.rlink[s.llink[i]] = s.llink[s.rlink[i]] = i

    def purify_below(self, p: int, thresh: int) -> None:
        s, cost = self.search, self.cost
        color, dlink = s.color, s.dlink
        c, i = color[p], s.top[p]
        q = dlink[i]
        while q != i and cost[q] < thresh:
            if color[q] != c:
                s.updates += s.hide(q)
            elif q != p:
                color[q] = -1
            q = dlink[q]

    def unpurify_below(self, p: int, thresh: int) -> None:
        s, cost = self.search, self.cost
        color, dlink = s.color, s.dlink
        c, i = color[p], s.top[p]
        q = dlink[i]
        while q != i and cost[q] < thresh:
            if color[q] < 0:
                color[q] = c
            elif q != p:
                s.unhide(q)
            q = dlink[q]

    def commit_below(self, x: int, thresh: int) -> None:
        """Commit the other items of option node x, hiding only options below ``thresh``."""
        s = self.search
        top, ulink, color = s.top, s.ulink, s.color
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
                continue
            if color[p] == 0:
                self.cover_below(j, thresh)
            elif color[p] > 0:
                self.purify_below(p, thresh)
            p += 1

    def uncommit_below(self, x: int, thresh: int) -> None:
        s = self.search
        top, dlink, color = s.top, s.dlink, s.color
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
                continue
            if color[p] == 0:
                self.uncover_below(j, thresh)
            elif color[p] > 0:
                self.unpurify_below(p, thresh)
            p -= 1

    # -- the steps -----------------------------------------------------------------------------

    def choose_cheap(self, limit: int) -> tuple[int, int]:
        """The item to branch on and how many options it has cheaper than ``limit`` (its
        usable ones, counted up to LENTHRESH, then taken to be its LEN): an item with none
        at once (a dead end, 0); else the one with only one, whose option costs most; else
        the one with the most *regret per branch*, (second - least + 1) / count, where least
        and second are its two cheapest usable options' costs (what a wrong first choice
        costs at least, shared among its branches; capped at REGRET_CAP), ties to the one
        whose cheapest option costs most, then to the first. (DLX5 takes the fewest usable
        options, ties to the dearest cheapest; benchmarks/cost_rules.py compares the two.)"""
        s, cost = self.search, self.cost
        rlink, dlink, top = s.rlink, s.dlink, s.top
        best, fewest, regret, dearest = 0, 0, 0, 0
        i = rlink[0]
        while i != 0:
            p = dlink[i]
            if p == i or cost[p] >= limit:
                return i, 0
            least, q = cost[p], dlink[p]
            if q == i or cost[q] >= limit:
                count, r = 1, 0
            else:
                count, r, q = 2, min(cost[q] - least + 1, REGRET_CAP), dlink[q]
                while q != i and cost[q] < limit and count < LENTHRESH:
                    count, q = count + 1, dlink[q]
                if count >= LENTHRESH:
                    count = top[i]  # (enough to rank it)
            if best == 0 or _better(count, r, least, fewest, regret, dearest):
                best, fewest, regret, dearest = i, count, r, least
            i = rlink[i]
        return best, fewest

    def found(self) -> None:
        """A solution of net cost `current` (below the cutoff): into the k best."""
        costs = self.best_costs
        costs.insert(sum(1 for c in costs if c <= self.current), self.current)
        del costs[self.k:]
        if len(costs) == self.k:
            self.cutoff = costs[-1]

    # -- the four steps of Search.steps for the k best (C's costs.c gives them to steps.h) ----

    def on_links(self) -> Steps:
        """X3 and X4 (`enter`), X5 (`try_option`), X6 (`try_next`), X7 (`backtrack`) with
        costs, at the search's level, for `Search.steps`."""
        return self.enter, self.try_option, self.try_next, self.backtrack

    def enter(self) -> int:
        """X3, X4: the item where a wrong first choice costs most (`choose_cheap`), its list
        covered below the threshold of its cheapest option, which is returned; 0 (no node)
        for a dead end, an item without an option cheap enough: nothing covered, and
        `backtrack` has nothing to undo."""
        s, cost = self.search, self.cost
        level = s.level
        i, fewest = self.choose_cheap(self.cutoff - self.current)
        s.total[level], s.tried[level] = max(fewest, 1), 1
        x = s.dlink[i]
        if fewest == 0 or x == i:
            return 0
        self.partial[level] = self.current
        self.thresh0[level] = self.cutoff - self.current - cost[x]
        self.cover_below(i, self.thresh0[level])
        return x

    def try_option(self, x: int) -> None:
        """X5: option node x taken, its other items committed below its threshold."""
        level = self.search.level
        self.thresh[level] = self.cutoff - self.partial[level] - self.cost[x]
        self.commit_below(x, self.thresh[level])
        self.current = self.partial[level] + self.cost[x]

    def try_next(self, x: int) -> int:
        """X6: x given back; the next option of its item if it is cheap enough (the list is
        sorted by cost), else the item itself, as after the last."""
        s = self.search
        level = s.level
        self.uncommit_below(x, self.thresh[level])
        self.current = self.partial[level]
        i, y = s.top[x], s.dlink[x]
        return i if y == i or self.cost[y] >= self.cutoff - self.partial[level] else y

    def backtrack(self, i: int) -> None:
        """X7: item i back (nothing after a dead end, i = 0)."""
        if i:
            self.uncover_below(i, self.thresh0[self.search.level])

    def visit(self, counting: bool, limit: int) -> int | None:
        """A solution at step X2: into the k best, then counted as `Search.visit` counts it."""
        self.found()
        return self.search.visit(counting, limit)

    def run(self, steps: int, work: int = 0, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """Search on: SOLUTION for every solution that enters the k best (``counting`` and
        ``limit`` as for `Search.run`), DONE when they are proven: Algorithm X's steps
        (`Search.steps`) with the steps above. (It does not split: `ways.takes`.)"""
        return self.search.steps(steps, work, counting, limit, depth, self.on_links(), self.visit)
