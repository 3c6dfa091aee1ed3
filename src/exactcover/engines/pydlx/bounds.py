"""Multiplicities: Knuth's Algorithm M (TAOCP 7.2.2.1; his program DLX3), where a primary item
is covered between lo and hi times instead of exactly once.

Each primary item i keeps a BOUND (how many more options may still cover it, hi at first) and
a SLACK (hi - lo, fixed). At a level the search chooses an item and branches on the ways to
give it one more option, or none ("the null move", allowed once its lower bound is met). To
try every multiset of options once, the options of the item tried at a level stay *tweaked*
(taken out of every list) while the later ones are tried, and come back when the level is
left; an item whose BOUND reaches 0 is covered. The item chosen minimizes the branching
degree theta = LEN + 1 - max(BOUND - SLACK, 0), ties to the smaller min(SLACK, BOUND), then
to the longer list, then to the first, as DLX3 does; an item that constrains nothing
(LEN <= BOUND <= SLACK) is chosen only when no other is left, so that every solution is
visited (DLX3 counts such "free" options instead of visiting their subsets).

Like Algorithm X, it runs on the links or, when its sample says so, on sets of options
(`msets.BoundedSets`); the loop (`steps`) is written once over the seven steps that differ
(`on_links`). A search with bounds holds its Algorithm M state in a `Bounds` (its
``bounds``), as C's search holds a ``Bounds *``; `ways` runs it. The C port is
``cdlx/bounds.c``, ``cdlx/msteps.h`` and ``cdlx/msets.c``.

Port: cdlx/bounds.c, cdlx/msteps.h
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ..contract import DONE, PAUSED, PREFIX, GivensClash, PrefixError, UnknownOption
from .choice import Random, Shuffle
from .dance import COVERED, SCAN_SHIFT, members, relink
from .steps import FINISHED, X2, X5, X6, X7, X8

if TYPE_CHECKING:  # (for annotations only: search needs this module; Steps is an alias only a type checker sees)
    from .dancer import Dancer
    from .search import Search, Steps

__all__ = ["Bounds", "levels"]


def levels(dancer: Dancer) -> int:
    """How deep a search with bounds can go, plus one: each level chooses an option (each at
    most once) or makes an item's null move."""
    return dancer.n_options + dancer.n_primary + 1


class Bounds:
    """Algorithm M's state in a search with bounds (C's ``Bounds``): each primary item's BOUND
    and SLACK, the first option tweaked at each level, and what a move to the sets starts
    from; and its operations on the search's links."""

    def __init__(self, search: Search) -> None:
        dancer = search.dancer
        lo_hi = dancer.bounds
        self.search = search
        self.bound = [0] + [lo_hi[2 * k + 1] for k in range(dancer.n_primary)]
        self.slack = [0] + [lo_hi[2 * k + 1] - lo_hi[2 * k] for k in range(dancer.n_primary)]
        self.first_tweak = [0] * levels(dancer)
        self.floor_set, self.floor_bound = 0, self.bound  # where a move to the sets starts from

    # -- the dance with bounds -------------------------------------------------------------

    def take(self, p: int, j: int) -> None:
        """Node p of a chosen option commits its item j: a primary item's BOUND goes down
        (covered at 0), a secondary item is committed as in Algorithm C."""
        s = self.search
        if j <= s.n_primary:
            self.bound[j] -= 1
            if self.bound[j] == 0:
                s.cover(j)
        else:
            s.commit(p, j)

    def commit_others(self, x: int) -> None:
        """Step M6: the other items of option node x take it (`take`), in order."""
        top, ulink = self.search.top, self.search.ulink
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
                continue
            self.take(p, j)
            p += 1

    def uncommit_others(self, x: int) -> None:
        """Undo `commit_others`, in the reverse order (step M7)."""
        s = self.search
        top, dlink, n1, bound = s.top, s.dlink, s.n_primary, self.bound
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
                continue
            if j <= n1:
                if bound[j] == 0:
                    s.uncover(j)
                bound[j] += 1
            else:
                s.uncommit(p, j)
            p -= 1

    def tweak(self, x: int, covered: bool) -> None:
        """Take option node x out of its item's list, and (unless the item is covered, which
        hid x's option already) its option out of every other list."""
        s = self.search
        top, ulink, dlink = s.top, s.ulink, s.dlink
        if covered:
            u, d = ulink[x], dlink[x]
            dlink[u], ulink[d] = d, u
            top[top[x]] -= 1
            s.updates += 1
            return
        s.updates += s.hide(x)
        u, d = ulink[x], dlink[x]
        dlink[u], ulink[d] = d, u
        top[top[x]] -= 1
        s.updates += 1

    def untweak(self, i: int, first: int, covered: bool) -> None:
        """Put back the options of item i tweaked at this level, from ``first`` to the one
        before the list's current head (Knuth's untweak: each still points to the next)."""
        s = self.search
        top, ulink, dlink = s.top, s.ulink, s.dlink
        last = dlink[i]
        dlink[i] = first
        x, previous, k = first, i, 0
        while x != last:
            ulink[x] = previous
            k += 1
            if not covered:
                s.unhide(x)
            previous, x = x, dlink[x]
        ulink[last] = previous
        top[i] += k

    def arrange(self) -> None:
        """With a seed, shuffle each primary item's list once, before the search (as DLX3
        does): the moves at a level come in list order, which the tweaks rely on. (The
        bounded row's start calls it for a seeded search: ways.py.)"""
        s = self.search
        shuffle = cast(Shuffle, s.shuffle)
        for i in range(1, s.n_primary + 1):
            nodes = members(s.dlink, i)
            for a in range(len(nodes) - 1, 0, -1):  # Fisher-Yates
                b = shuffle.random.below(a + 1)
                nodes[a], nodes[b] = nodes[b], nodes[a]
            relink(s.ulink, s.dlink, i, nodes)

    # -- the item choice -------------------------------------------------------------------

    def choose_bounded(self, top: Sequence[int]) -> tuple[int, int]:
        """Step M3: the item to branch on and its branching degree theta (see the module
        docstring), given each active item's LEN in ``top``; item 0 when no active item has an
        option left that could change anything (a solution)."""
        rlink, bound, slack, shuffle = self.search.rlink, self.bound, self.slack, self.search.shuffle
        best, best_theta, best_s, best_len, constrained, ties = 0, 0, 0, 0, False, 0
        i = rlink[0]
        while i != 0:
            length, b = top[i], bound[i]
            s = min(slack[i], b)
            tight = length > b or s < b
            if tight or (not constrained and length > 0):
                theta = length + s - b + 1
                if theta <= 0:  # too few options left for i: a dead end, whichever is chosen
                    return i, theta
                if (best == 0 or (tight and not constrained) or theta < best_theta
                        or (theta == best_theta and (s < best_s or (s == best_s and length > best_len)))):
                    best, best_theta, best_s, best_len, ties = i, theta, s, length, 1
                    constrained = constrained or tight
                elif theta == best_theta and s == best_s and length == best_len:
                    ties += 1  # with a seed, one of the tied items uniformly at random
                    if shuffle is not None and shuffle.random.below(ties) == 0:
                        best = i
            i = rlink[i]
        return best, best_theta

    # -- the seven steps of `steps`, on the links (msets.BoundedSets has them on the sets) --------

    def on_links(self) -> Steps:
        """M3 (`choose_m`), M4 (`enter_bounded`), M5 (`possibly_tweak`), M6 (`try_move`),
        M7 (`untry_move` and `successor`), M8 (`restore`) on the links; each takes the level
        it works at, which the sets need (a probe runs below the search's level)."""
        return (self.choose_m, self.enter_bounded, self.possibly_tweak, self.try_move, self.untry_move,
                self.successor, self.restore)

    def choose_m(self, level: int) -> tuple[int, int]:
        """M3 at ``level``: the item and its theta, or (0, 0) when every item is covered."""
        s = self.search
        if s.rlink[0] == 0:
            return 0, 0
        s.scanned += s.n_primary >> SCAN_SHIFT  # (as `choose` counts it: see the C engine's effort)
        return self.choose_bounded(s.top)

    def try_move(self, level: int, x: int) -> None:
        """M6 for option node x: its other items take it."""
        self.commit_others(x)

    def untry_move(self, level: int, x: int) -> None:
        """Undo `try_move` (M7)."""
        self.uncommit_others(x)

    def successor(self, level: int, x: int) -> int:
        """The move after node x at ``level``: the next node on its item's list (a tweaked
        node still points to it), the item itself after the last."""
        return self.search.dlink[x]

    def enter_bounded(self, level: int, i: int, theta: int) -> int:
        """Step M4: prepare to branch on item i; the node to try first."""
        s, bound = self.search, self.bound
        s.total[level], s.tried[level] = theta, 1
        x = s.dlink[i]
        bound[i] -= 1
        if bound[i] == 0:
            s.cover(i)
        self.first_tweak[level] = x
        return x

    def possibly_tweak(self, level: int, x: int, i: int) -> bool:
        """Step M5 for node x of item i (x = i: the null move): False if the level is done
        (go to M8), else True after tweaking x or deactivating i as the move requires."""
        s, bound, slack = self.search, self.bound, self.slack
        if bound[i] == 0 and slack[i] == 0:
            return x != i
        if s.top[i] % COVERED <= bound[i] - slack[i]:
            return False
        if x != i:
            self.tweak(x, bound[i] == 0)
        elif bound[i] != 0:  # the null move: i takes no more options
            left, right = s.llink[i], s.rlink[i]
            s.rlink[left], s.llink[right] = right, left
        return True

    def restore(self, level: int, i: int) -> None:
        """Step M8: item i as it was before M4."""
        bound, slack = self.bound, self.slack
        if bound[i] == 0 and slack[i] == 0:
            self.search.uncover(i)
        else:
            self.untweak(i, self.first_tweak[level], bound[i] == 0)
            if bound[i] == 0:
                self.search.uncover(i)
        bound[i] += 1

    # -- givens and prefixes -----------------------------------------------------------------

    def apply_givens(self, givens: Sequence[int]) -> None:
        """Choose the options ``givens`` before the search. GivensClash(a, b, item) when
        given b would cover primary item `item` more than its hi times (a: the first given
        on it), or when two givens share a secondary item without giving it the same color."""
        s = self.search
        n_options = len(s.opt_start) - 1
        top, color, opt_start, n1 = s.top, s.color, s.opt_start, s.n_primary
        owner: dict[int, int] = {}  # item -> the first given that uses it
        uses = [0] * (n1 + 1)
        seen: set[int] = set()
        for k in givens:
            if not 0 <= k < n_options:
                raise UnknownOption(k, "given")
            repeated = k in seen
            seen.add(k)
            p = opt_start[k]
            while top[p] > 0:
                i = top[p]
                o = owner.setdefault(i, k)
                if repeated:
                    raise GivensClash(k, k, i - 1)
                if i <= n1:
                    uses[i] += 1
                    if uses[i] > self.bound[i]:
                        raise GivensClash(min(o, k), max(o, k), i - 1)
                elif o != k:
                    q = opt_start[o]
                    while top[q] != i:
                        q += 1
                    if color[p] == 0 or color[q] != color[p]:
                        raise GivensClash(min(o, k), max(o, k), i - 1)
                p += 1
        for k in givens:
            p = opt_start[k]
            while top[p] > 0:
                self.take(p, top[p])
                p += 1
        ulink, dlink = s.ulink, s.dlink
        for k in givens:  # not to be chosen again: out of the lists it is still in
            p = opt_start[k]
            while top[p] > 0:
                u, d = ulink[p], dlink[p]
                if dlink[u] == p:
                    dlink[u], ulink[d] = d, u
                    top[top[p]] -= 1
                    s.updates += 1
                p += 1

    def replay(self, prefix: Sequence[int]) -> None:
        """Make the moves of ``prefix`` level by level as the search made them (their updates
        are not counted again): an option node of the item Algorithm M would branch on, or
        that item's header for its null move. PrefixError for any other node."""
        s = self.search
        updates = s.updates
        for position, x in enumerate(prefix):
            level = s.level
            i, theta = self.choose_m(level)
            if theta <= 0 or not (x == i or (s.n_items + 1 < x < len(s.top) and s.top[x] == i)):
                raise PrefixError(x, position)
            y = self.enter_bounded(level, i, theta)
            while True:
                if not self.possibly_tweak(level, y, i):
                    raise PrefixError(x, position)
                if y == x:
                    break
                if y == i:
                    raise PrefixError(x, position)
                y = s.dlink[y]
                s.tried[level] += 1
            if x != i:
                self.commit_others(x)
            s.choice[level] = x
            s.level += 1
        s.floor = s.max_level = s.level
        s.updates = updates

    def probe(self, random: Random, way: Steps) -> tuple[list[int], bool]:
        """Knuth's random probe by Algorithm M's moves, with ``way``'s steps (`on_links`, or
        `BoundedSets.steps` on the sets): at each level the item the search would branch on
        and one of its theta moves uniformly at random (the moves before it tweaked, as the
        search leaves them), to a solution or a dead end; then all of it undone."""
        choose, enter, tweak, try_move, untry_move, successor, restore = way
        s = self.search
        n = s.n_items
        level, degrees, moves = s.level, [], []
        while True:
            i, theta = choose(level)
            if i == 0:
                break
            degrees.append(max(theta, 0))
            if theta <= 0:
                break
            x = enter(level, i, theta)
            for _ in range(random.below(theta)):
                tweak(level, x, i)
                x = successor(level, x)
            tweak(level, x, i)
            if x > n:
                try_move(level, x)
            moves.append(x)
            level += 1
        solved = i == 0
        for x in reversed(moves):
            level -= 1
            if x > n:
                untry_move(level, x)
            else:  # the null move: its item back on the list
                s.rlink[s.llink[x]] = s.llink[s.rlink[x]] = x
            restore(level, x if x <= n else s.top[x])
        return degrees, solved

    # -- the search ----------------------------------------------------------------------------

    def steps(self, steps: int, work: int, counting: bool, limit: int, depth: int, way: Steps) -> int:
        """`Search.steps` by Algorithm M's steps, taken from ``way`` (`on_links` or
        `BoundedSets.steps`): M2 (X2), M3-M4 (the item and its first move), M5-M6 (X5: tweak
        and try a move), M7 (X6: the next move), M8 (X7: restore the item), M9 (X8: leave
        the level)."""
        choose, enter, tweak, try_move, untry_move, successor, restore = way
        s = self.search
        top, rlink, llink, choice, n = s.top, s.rlink, s.llink, s.choice, s.n_items
        stop = s.nodes + steps
        work_stop = s.updates + s.scanned + work if work else -1
        state = s.resume
        status: int
        while True:
            if state == X2:  # [Enter level l.]
                if s.level == depth and rlink[0] != 0:
                    state, status = X8, PREFIX
                    break
                if s.nodes >= stop or 0 <= work_stop <= s.updates + s.scanned:
                    status = PAUSED
                    break
                s.nodes += 1
                if s.level > s.max_level:
                    s.max_level = s.level
                i, theta = choose(s.level)
                if i == 0:  # no item wants another option: visit the solution
                    state = X8
                    visited = s.visit(counting, limit)
                    if visited is not None:
                        status = visited
                        break
                    continue
                if theta <= 0:  # too few options left for the item: a dead end
                    state = X8
                    continue
                choice[s.level] = enter(s.level, i, theta)  # M3, M4
                state = X5
            elif state == X5:  # M5 [Possibly tweak x_l.], M6 [Try x_l.]
                x = choice[s.level]
                i = x if x <= n else top[x]
                if not tweak(s.level, x, i):
                    state = X7
                    continue
                if x != i:
                    try_move(s.level, x)
                s.level += 1
                state = X2
            elif state == X6:  # M7 [Try again.]
                x = choice[s.level]
                if x <= n:  # after the null move: i back on the list (M9's reactivation)
                    rlink[llink[x]] = llink[rlink[x]] = x
                    state = X7
                    continue
                untry_move(s.level, x)
                choice[s.level] = successor(s.level, x)
                s.tried[s.level] += 1
                state = X5
            elif state == X7:  # M8 [Restore i.]
                x = choice[s.level]
                restore(s.level, x if x <= n else top[x])
                state = X8
            elif state == X8:  # M9 [Leave level l.]
                if s.level == s.floor:
                    state = FINISHED
                    continue
                s.level -= 1
                state = X6
            else:
                status = DONE
                break
        s.resume = state
        return status
