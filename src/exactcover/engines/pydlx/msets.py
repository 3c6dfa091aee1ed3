"""Algorithm M on the bitset way: a search with bounds (`bounds.Bounds`) on sets of options
instead of links. Its C port is ``cdlx/msets.c``.

As for Algorithm X (`sets.Sets`), each level keeps the set of options available at its
entry, and an item's LEN is the population count of its mask in that set. What Algorithm M
adds maps onto the sets without any undoing:

- the options of the item i branched on at a level are tried in matrix order, so the ones
  tweaked so far are those of its list up to the current move's option k; its LEN at step M5
  is the count of its options from k on;
- the next level's set is this one less i's options (all of them if i is covered, its BOUND
  at 0; else the tweaked ones, k's included), less the options of every item the move
  covers (a primary item whose BOUND reaches 0, or a secondary item);
- updates are counted as the links would count them: a cover 1 plus, for each option it
  hides, the option's length less 1; a tweak 1 if i is covered, else the option's length.

The search moves here at step X2 of some level, when its sample says so (`ways.run`). The
links cannot tell what the sets were at the levels below, which tweaks have since changed, so
the search notes the set and the BOUNDs at its floor when the sample begins (`start`), and
the move replays the levels from there.

Port: cdlx/msets.c, cdlx/sets.h
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from .bounds import Bounds
from .dance import COVERED
from .sets import Sets, _lowest

if TYPE_CHECKING:  # (for annotations only: ways needs this module; Steps is an alias only a type checker sees)
    from .search import Search, Steps

__all__ = ["BoundedSets", "first_set", "start"]


def start(search: Search) -> None:
    """At the floor of a search with bounds, before its sample (C's msets_start): the set of
    options available there and the items' BOUNDs, from which `BoundedSets` replays the
    levels when the search moves (the links cannot say what they were at each level)."""
    bounds = cast(Bounds, search.bounds)  # (only a search with bounds samples for BoundedSets)
    bounds.floor_set, bounds.floor_bound = first_set(search), bounds.bound[:]


def first_set(search: Search) -> int:
    """The options available in the search's current state, read off the links: every node
    of the option on its item's list, and none of its items covered."""
    top, ulink, dlink, opt_start = search.top, search.ulink, search.dlink, search.opt_start
    available = 0
    for k in range(search.dancer.n_options):
        q = opt_start[k]
        while top[q] > 0 and dlink[ulink[q]] == q and top[top[q]] < COVERED:
            q += 1
        if top[q] <= 0:
            available |= 1 << k
    return available


class BoundedSets(Sets):
    """A search with bounds on the sets: the set available at each level's entry
    (``alive``), the option of the move tried there (``option``: -1 for the null move), and
    the seven steps of `Bounds.steps`."""

    def __init__(self, search: Search) -> None:  # (Sets.__init__ is Algorithm X's move)
        """Move ``search``, paused at step X2 of its level, to the sets: each level's set
        follows from the one below and the move made there, from the floor's."""
        self.search = s = search
        self.bounds = b = cast(Bounds, s.bounds)
        self.read_tables(s.dancer)
        self.alive = [0] * (len(s.choice) + 1)
        self.option = [-1] * len(s.choice)
        self.lengths = [0] * (s.n_primary + 1)
        self.alive[s.floor] = b.floor_set
        bound, n, masks = b.floor_bound[:], s.n_items, self.masks
        for level in range(s.floor, s.level):
            x = s.choice[level]
            i = x if x <= n else s.top[x]
            bound[i] -= 1
            self.option[level] = s.option_of(x) if x > n else -1
            self.alive[level + 1] = self.next_set(level, x, i, bound, lambda available, j: available & ~masks[j])

    def next_set(self, level: int, x: int, i: int, bound: list[int], cover: Callable[[int, int], int]) -> int:
        """The set after the move of node x (i: the null move) at ``level``: less item i's
        options (all if i is covered, else the ones tweaked), less those of each item that
        x's option covers (``cover``), the option's items taking it in the links' order."""
        s = self.search
        top, ulink, n1 = s.top, s.ulink, s.n_primary
        mine, k = self.alive[level] & self.masks[i], self.option[level]
        available = self.alive[level] & ~(mine if bound[i] == 0 or k < 0 else mine & ((2 << k) - 1))
        if x == i:
            return available
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
                continue
            if j > n1:
                available = cover(available, j)
            else:
                bound[j] -= 1
                if bound[j] == 0:
                    available = cover(available, j)
            p += 1
        return available

    # -- the seven steps ----------------------------------------------------------------------

    def steps(self) -> Steps:
        """The steps of `Bounds.steps` on the sets (as `Bounds.on_links` on the links)."""
        return (self.choose_m, self.enter_bounded, self.possibly_tweak, self.try_move, self.untry_move,
                self.successor, self.restore)

    def choose_m(self, level: int) -> tuple[int, int]:
        """M3: Algorithm M's rule (`Bounds.choose_bounded`) on the LENs in the level's set."""
        s = self.search
        if s.rlink[0] == 0:
            return 0, 0
        available, masks, lengths, rlink = self.alive[level], self.masks, self.lengths, s.rlink
        i = rlink[0]
        while i != 0:
            lengths[i] = (available & masks[i]).bit_count()
            i = rlink[i]
        return self.bounds.choose_bounded(lengths)

    def enter_bounded(self, level: int, i: int, theta: int) -> int:
        """M4: item i's BOUND down (covered at 0, its cover counted); the node of its first
        option (i itself if it has none)."""
        s = self.search
        s.total[level], s.tried[level] = theta, 1
        bound = self.bounds.bound
        bound[i] -= 1
        if bound[i] == 0:
            self.cover_in(self.alive[level], i)
        k = self.option[level] = _lowest(self.alive[level] & self.masks[i], -1)
        return self.node_of(k, i)

    def possibly_tweak(self, level: int, x: int, i: int) -> bool:
        """M5, as `Bounds.possibly_tweak`: LEN is the count of i's options from the
        current one on (none after the last); a tweak is only counted."""
        s = self.search
        b, slack, k = self.bounds.bound[i], self.bounds.slack[i], self.option[level]
        if b == 0 and slack == 0:
            return x != i
        length = 0 if k < 0 else ((self.alive[level] & self.masks[i]) >> k).bit_count()
        if length <= b - slack:
            return False
        if x != i:
            s.updates += 1 if b == 0 else s.opt_start[k + 1] - 1 - s.opt_start[k]
            return True
        self.alive[level + 1] = self.alive[level] & ~self.masks[i]  # (M6 has nothing to do)
        if b != 0:  # the null move: i takes no more options
            left, right = s.llink[i], s.rlink[i]
            s.rlink[left], s.llink[right] = right, left
        return True

    def try_move(self, level: int, x: int) -> None:
        """M6: the next level's set, after option node x."""
        s = self.search
        self.alive[level + 1] = self.next_set(level, x, s.top[x], self.bounds.bound, self.cover_in)

    def untry_move(self, level: int, x: int) -> None:
        """Undo `try_move`'s BOUNDs and covers, in the reverse order (M7)."""
        s = self.search
        top, dlink, bound, n1 = s.top, s.dlink, self.bounds.bound, s.n_primary
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
                continue
            if j > n1 or bound[j] == 0:
                self.uncover(j)
            if j <= n1:
                bound[j] += 1
            p -= 1

    def successor(self, level: int, x: int) -> int:
        """The node of the level's item's next option (the item itself after the last)."""
        i = self.search.top[x]
        k = self.option[level] = _lowest(self.alive[level] & self.masks[i], self.option[level])
        return self.node_of(k, i)

    def restore(self, level: int, i: int) -> None:
        """M8: item i back on the list if M4 covered it; its BOUND up."""
        bound = self.bounds.bound
        if bound[i] == 0:
            self.uncover(i)
        bound[i] += 1
