"""The dance: hide and unhide, cover and uncover, purify and unpurify, commit and uncommit,
on a search's own copy of the links. Its C port is ``cdlx/dance.h``.

Port: cdlx/dance.h
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (for annotations only: dancer needs this module)
    from .dancer import Dancer

__all__ = ["COVERED", "SCAN_SHIFT", "WIDE_ITEMS", "ZEROS_ITEMS", "Links", "is_wide", "is_zeros", "members",
           "option_number", "relink"]

#: Added to LEN of an item while it is covered. Nothing changes a covered item's length (every
#: option on it is hidden), so the mark tells covered items from active ones at a glance (the
#: sanity check, the move to the sets; C's item choice takes the first minimum of the primary
#: headers' LENs, a contiguous block, instead of walking the list of active items).
COVERED = 1 << 30


def members(dlink: list[int], i: int) -> list[int]:
    """The nodes of item i's list, in order."""
    nodes, p = [], dlink[i]
    while p != i:
        nodes.append(p)
        p = dlink[p]
    return nodes


def relink(ulink: list[int], dlink: list[int], i: int, nodes: list[int]) -> None:
    """Make item i's list hold ``nodes``, in that order (a list shuffled or sorted)."""
    previous = i
    for p in nodes:
        ulink[p], dlink[previous] = previous, p
        previous = p
    dlink[previous], ulink[i] = i, previous


def option_number(top: list[int], q: int) -> int:
    """The number of the option that node q belongs to (its spacer says)."""
    while top[q] > 0:
        q += 1
    return -top[q] - 1


#: The item choice reads 2**SCAN_SHIFT LENs in the time of one update: ``run``'s ``work``
#: counts them too, so that a chunk of work takes about as long on a matrix of 10^6 items
#: (where the choice costs more than the updates) as on a small one, and a budget, a
#: deadline or Ctrl-C is seen as soon.
SCAN_SHIFT = 3

#: C's thresholds of its link modes ZEROS and WIDE, and of the choice on blocks (cdlx/dlx.h):
#: one loop serves every mode here, but the tables' rows of those names follow them.
ZEROS_ITEMS, WIDE_ITEMS = 256, 1024


def is_wide(dancer: Dancer) -> bool:
    """Whether C's searches of ``dancer`` choose their items by blocks (dlx.h's is_wide)."""
    return not dancer.has_colors and not dancer.bounds and dancer.n_primary >= WIDE_ITEMS


def is_zeros(dancer: Dancer) -> bool:
    """Whether C's searches of ``dancer`` on the links keep its items of LEN 0 (dlx.h's is_zeros)."""
    return not dancer.has_colors and not dancer.bounds and ZEROS_ITEMS <= dancer.n_primary < WIDE_ITEMS

class Links:
    """A copy of a dancer's links, and the operations that change them and change them back."""

    updates: int  # (the search's count of removals, which these operations keep: see search.Search)

    def __init__(self, dancer: Dancer) -> None:
        self.n_items = dancer.n_items
        self.n_primary = dancer.n_primary
        self.llink = dancer.llink[:]
        self.rlink = dancer.rlink[:]
        self.top = dancer.top[:]
        self.ulink = dancer.ulink[:]
        self.dlink = dancer.dlink[:]
        self.color = dancer.color[:]
        self.colored = dancer.has_colors  # without colors no node is ever purified
        self.opt_start = dancer.opt_start
        self._the_rest = dancer.the_rest
        if dancer.short():  # no colors, short options: the loops without spacers (Python's own)
            # (instance attributes over the methods: each call then finds the plain loop at once)
            self.cover, self.uncover = self.cover_plain, self.uncover_plain  # type: ignore[method-assign]
            self.commit_others = self.commit_others_plain  # type: ignore[method-assign]
            self.uncommit_others = self.uncommit_others_plain  # type: ignore[method-assign]

    @cached_property
    def rest(self) -> list[tuple[int, ...]]:
        """`Dancer.the_rest`, made the first time a loop without spacers runs (a search that
        stays on the sets never needs it)."""
        return self._the_rest()

    def hide(self, p: int) -> int:
        """Take the other nodes of p's option out of their items' lists; count removals."""
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        k = 0
        q = p + 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: wrap to the first node of the option
                q = ulink[q]
                continue
            if color[q] >= 0:  # a purified node stays in its list
                u, d = ulink[q], dlink[q]
                dlink[u] = d
                ulink[d] = u
                top[x] -= 1
                k += 1
            q += 1
        return k

    def unhide(self, p: int) -> None:
        """Undo `hide`, in the reverse order."""
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        q = p - 1
        while q != p:
            x = top[q]
            if x <= 0:  # a spacer: wrap to the last node of the option
                q = dlink[q]
                continue
            if color[q] >= 0:
                u, d = ulink[q], dlink[q]
                dlink[u] = q
                ulink[d] = q
                top[x] += 1
            q -= 1

    def take_out(self, k: int) -> int:
        """Take option k's nodes out of their items' lists, every one (an option excluded:
        `Search.exclude`; binary branching's x out); how many."""
        top, ulink, dlink = self.top, self.ulink, self.dlink
        q = start = self.opt_start[k]
        while top[q] > 0:
            u, d = ulink[q], dlink[q]
            dlink[u] = d
            ulink[d] = u
            top[top[q]] -= 1
            q += 1
        return q - start

    def put_back(self, k: int) -> None:
        """Undo `take_out`, in the reverse order."""
        top, ulink, dlink = self.top, self.ulink, self.dlink
        start = q = self.opt_start[k]
        while top[q] > 0:
            q += 1
        while q > start:
            q -= 1
            dlink[ulink[q]] = q
            ulink[dlink[q]] = q
            top[top[q]] += 1

    def cover(self, i: int) -> None:
        """Remove item i from its list and hide every option that covers it.

        (The loop inside is `hide`, written out: a call per option costs Python dearly.)
        """
        top, ulink, dlink, color, colored = self.top, self.ulink, self.dlink, self.color, self.colored
        k = 1
        p = dlink[i]
        while p != i:
            q = p + 1  # hide(p)
            while q != p:
                x = top[q]
                if x <= 0:
                    q = ulink[q]
                    continue
                if not colored or color[q] >= 0:
                    u, d = ulink[q], dlink[q]
                    dlink[u] = d
                    ulink[d] = u
                    top[x] -= 1
                    k += 1
                q += 1
            p = dlink[p]
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = right
        self.llink[right] = left
        top[i] += COVERED
        self.updates += k

    def uncover(self, i: int) -> None:
        """Undo `cover`, in the reverse order (the loop inside is `unhide`, written out)."""
        top, ulink, dlink, color, colored = self.top, self.ulink, self.dlink, self.color, self.colored
        top[i] -= COVERED
        left, right = self.llink[i], self.rlink[i]
        self.rlink[left] = i
        self.llink[right] = i
        p = ulink[i]
        while p != i:
            q = p - 1  # unhide(p)
            while q != p:
                x = top[q]
                if x <= 0:
                    q = dlink[q]
                    continue
                if not colored or color[q] >= 0:
                    u, d = ulink[q], dlink[q]
                    dlink[u] = q
                    ulink[d] = q
                    top[x] += 1
                q -= 1
            p = ulink[p]

    def cover_plain(self, i: int) -> None:
        """`cover` where no node is ever purified and options are short: each hidden option's
        other nodes are a tuple (`Dancer.the_rest`), its updates their number. A search
        calls it by the name ``cover`` when it can (a third fewer steps in Python).
        (As the nodes of one option lie on distinct lists, the order they leave in is free.)"""
        top, ulink, dlink, rest = self.top, self.ulink, self.dlink, self.rest
        k = 1
        p = dlink[i]
        while p != i:
            others = rest[p]
            k += len(others)
            for q in others:
                u, d = ulink[q], dlink[q]
                dlink[u] = d
                ulink[d] = u
                top[top[q]] -= 1
            p = dlink[p]
        left, right = self.llink[i], self.rlink[i]  # (as in cover: a shared call would cost ~5%)
        self.rlink[left] = right
        self.llink[right] = left
        top[i] += COVERED
        self.updates += k

    def uncover_plain(self, i: int) -> None:
        """Undo `cover_plain`: the options back in the reverse order (``uncover``'s stand-in)."""
        top, ulink, dlink, rest = self.top, self.ulink, self.dlink, self.rest
        top[i] -= COVERED
        left, right = self.llink[i], self.rlink[i]  # (as in uncover, written out likewise)
        self.rlink[left] = i
        self.llink[right] = i
        p = ulink[i]
        while p != i:
            for q in rest[p]:
                dlink[ulink[q]] = ulink[dlink[q]] = q
                top[top[q]] += 1
            p = ulink[p]

    def purify(self, p: int) -> None:
        """Keep only the options that give p's item p's color; mark those as settled."""
        color, dlink = self.color, self.dlink
        c = color[p]
        i = self.top[p]
        k = 0
        q = dlink[i]
        while q != i:
            if color[q] != c:
                k += self.hide(q)
            elif q != p:
                color[q] = -1
            q = dlink[q]
        self.updates += k

    def unpurify(self, p: int) -> None:
        """Undo `purify`, in the reverse order."""
        color, ulink = self.color, self.ulink
        c = color[p]
        i = self.top[p]
        q = ulink[i]
        while q != i:
            if color[q] < 0:
                color[q] = c
            elif q != p:
                self.unhide(q)
            q = ulink[q]

    def commit(self, p: int, j: int) -> bool:
        """Settle item j, covered by node p of a chosen option: True (with a loop,
        `loop.use_loop`'s commit may refuse: False)."""
        c = self.color[p]
        if c == 0:
            self.cover(j)
        elif c > 0:  # (c < 0: already purified to this color)
            self.purify(p)
        return True

    def uncommit(self, p: int, j: int) -> None:
        """Undo `commit`."""
        c = self.color[p]
        if c == 0:
            self.uncover(j)
        elif c > 0:
            self.unpurify(p)

    def commit_others(self, x: int) -> bool:
        """Commit the items of option node x other than its own item, in order (step X5):
        True (with a loop, `loop.use_loop`'s may refuse the option: False)."""
        top, ulink, color = self.top, self.ulink, self.color
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
            else:
                if color[p] == 0:  # commit(p, j), written out: a call costs Python dearly
                    self.cover(j)
                elif color[p] > 0:
                    self.purify(p)
                p += 1
        return True

    def commit_others_plain(self, x: int) -> bool:
        """`commit_others` beside `cover_plain`: the other items covered in the same order."""
        top, cover = self.top, self.cover
        for q in self.rest[x]:
            cover(top[q])
        return True

    def uncommit_others_plain(self, x: int) -> None:
        """`uncommit_others` beside `uncover_plain`, in the reverse order."""
        top, uncover = self.top, self.uncover
        for q in reversed(self.rest[x]):
            uncover(top[q])

    def uncommit_others(self, x: int) -> None:
        """Undo `commit_others`, in the reverse order (step X6)."""
        top, dlink, color = self.top, self.dlink, self.color
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
            else:
                if color[p] == 0:  # uncommit(p, j)
                    self.uncover(j)
                elif color[p] > 0:
                    self.unpurify(p)
                p -= 1
