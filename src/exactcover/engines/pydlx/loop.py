"""Knuth's loop constraint (his DLX2-LOOP, with Rory Molinari's ideas): some secondary items
are *edges* between two *vertices*, and the edges a solution gives the loop's color must form
one single cycle. Its C port is ``cdlx/loop.h`` and ``cdlx/loop.c``.

The search keeps the paths that the edges chosen so far make: for each vertex at an end of a
path, the vertex at its other end (its *mate*), and whether a vertex is inside a path
(*inner*). An edge that would give a vertex a third edge, close a cycle while other paths
remain, or come after the cycle has closed is refused the moment its option is tried: the
option is taken back and the search tries the next one, with no node counted, as Knuth's
program does. A solution is visited only if the cycle has closed, so a solution's edges of
the loop's color form exactly one cycle; or, if the loop admits it (`Loop.empty`, as
DLX2-LOOP counts), if there is no such edge at all.

Every change is undone in the reverse order, as the links are: `add` and `delete` are each
other's inverse, and the search calls `delete` when it takes an edge back.

Port: cdlx/loop.h, cdlx/loop.c
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (for annotations only: search needs this module)
    from .dancer import Dancer
    from .search import Search

__all__ = ["Loop", "check_loop", "loop_ends"]


def check_loop(n_primary: int, n_items: int, loop: list[int]) -> str | None:
    """What is wrong with a dancer's ``loop`` argument, or None: the loop's color (0: no
    option has it), 1 if it may be empty else 0, then (edge, u, v) for each edge, items
    numbered from 0; an edge is a secondary item named once, its ends two different items
    that are not edges."""
    if not loop:
        return None
    if loop[0] < 0 or len(loop) % 3 != 2 or loop[1] not in (0, 1):
        return "loop must hold a color >= 0, 0 or 1 (may it be empty), then three items (edge, u, v) for each edge"
    edges: set[int] = set()
    for e in loop[2::3]:
        if not n_primary <= e < n_items:
            return f"loop: edge {e} is not a secondary item"
        if e in edges:
            return "loop: an edge is named twice"
        edges.add(e)
    for k in range(2, len(loop), 3):
        e, u, v = loop[k:k + 3]
        if not (0 <= u < n_items and 0 <= v < n_items) or u == v or u in edges or v in edges:
            return f"loop: edge {e} must join two different items that are not edges, not {u} and {v}"
    return None


def loop_ends(n_items: int, loop: list[int]) -> list[int]:
    """Per item in the links' numbering (from 1), the two ends of an edge (also in that
    numbering; 0, 0 for an item that is not an edge): item i's at 2i and 2i + 1."""
    ends = [0] * (2 * (n_items + 2))
    for k in range(2, len(loop), 3):
        e, u, v = loop[k:k + 3]
        ends[2 * e + 2], ends[2 * e + 3] = u + 1, v + 1
    return ends


class Loop:
    """The paths of one search's edges of the loop's color (see the module docstring)."""

    def __init__(self, dancer: Dancer) -> None:
        n = dancer.n_items + 2
        self.ends = dancer.loop_ends
        self.color = dancer.loop_color
        self.empty = dancer.loop_empty  # a solution may have no edge of the color
        self.mate = [0] * n  # a path's end -> its other end (0: not an end of a path)
        self.inner = [False] * n  # inside a path
        self.frags = 0  # how many paths there are (a closed cycle counts as one)
        self.closed = 0  # the edge that closed the cycle, or 0

    def add(self, e: int) -> bool:
        """Put edge e into the paths: False, with nothing changed, if it must be refused."""
        if self.closed:
            return False
        u, v = self.ends[2 * e], self.ends[2 * e + 1]
        mate, inner = self.mate, self.inner
        mu, mv = mate[u], mate[v]
        if (mu and inner[u]) or (mv and inner[v]):  # a third edge at u or v
            return False
        if not mu:
            if not mv:  # a new path u-v
                mate[u], mate[v] = v, u
                self.frags += 1
            else:  # the path that ends at v now ends at u
                mate[u], mate[mv], inner[v] = mv, u, True
        elif not mv:  # the path that ends at u now ends at v
            mate[v], mate[mu], inner[u] = mu, v, True
        elif mu == v:  # u and v end the same path: the cycle closes, if it is the only path
            if self.frags != 1:
                return False
            self.closed = e
        else:  # two paths become one
            mate[mu], mate[mv], inner[u], inner[v] = mv, mu, True, True
            self.frags -= 1
        return True

    def complete(self) -> bool:
        """Whether a solution may end here: the cycle has closed, or (if the loop may be
        empty) there is no edge at all."""
        return self.closed != 0 or self.empty and self.frags == 0

    def delete(self, e: int) -> None:
        """Undo `add(e)` (the last edge added that is still in)."""
        u, v = self.ends[2 * e], self.ends[2 * e + 1]
        mate, inner = self.mate, self.inner
        mu, mv = mate[u], mate[v]  # (a vertex made inner keeps its old mate: so the paths come apart)
        if mu == mv:  # e had extended a path at one end
            if mate[mu] == v:
                mate[mu], mate[v], inner[u] = u, 0, False
            else:
                mate[mu], mate[u], inner[v] = v, 0, False
        elif mu == v:  # e was a path of its own, or closed the cycle
            if self.closed == e:
                self.closed = 0
            else:
                mate[u] = mate[v] = 0
                self.frags -= 1
        else:  # e had joined two paths
            mate[mu], mate[mv], inner[u], inner[v] = u, v, False, False
            self.frags += 1


def use_loop(search: Search) -> None:
    """Make ``search`` keep the loop: its commits of an option's items (step X5, the givens,
    a prefix, a probe) go through the loop, which may refuse one. ``commit`` and
    ``commit_others`` then return False for an option refused, having taken back what they
    had done of it; the search goes on to the next option (`Search.steps`)."""
    loop = search.loop = Loop(search.dancer)
    top, ulink, dlink, color = search.top, search.ulink, search.dlink, search.color
    cover, uncover, purify, unpurify = search.cover, search.uncover, search.purify, search.unpurify
    on, ends = loop.color, loop.ends

    def commit(p: int, j: int) -> bool:
        c = color[p]
        if c == 0:
            cover(j)
        elif c > 0:
            if c == on and ends[2 * j] and not loop.add(j):
                return False
            purify(p)
        return True

    def uncommit(p: int, j: int) -> None:
        c = color[p]
        if c == 0:
            uncover(j)
        elif c > 0:
            unpurify(p)
            if c == on and ends[2 * j]:
                loop.delete(j)

    def back(x: int, p: int) -> None:  # uncommit the items of x's option from before p down to x's
        p -= 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
            else:
                uncommit(p, j)
                p -= 1

    def commit_others(x: int) -> bool:
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
            elif commit(p, j):
                p += 1
            else:
                back(x, p)
                return False
        return True

    search.commit = commit  # type: ignore[method-assign]
    search.uncommit = uncommit  # type: ignore[method-assign]
    search.commit_others = commit_others  # type: ignore[method-assign]
    search.uncommit_others = lambda x: back(x, x)  # type: ignore[method-assign]
