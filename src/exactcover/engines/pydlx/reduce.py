"""Knuth's preprocessing (his program DLX-PRE; TAOCP 7.2.2.1, "blocking and forcing"): a
problem made smaller with the same solutions, on a private copy of a dancer's links.

Two rules, tried item by item in rounds until a round changes nothing:

* **forcing**: if every option of a primary item p also holds item c (without a color),
  covering p covers c. So c goes from every option, and the options that hold c but not p
  go (they could never be chosen);
* **blocking**: an option r goes if it leaves some primary item p outside it with no option
  compatible with r (r could never be chosen).

As in Knuth's program, item c's turn hides c (each option that holds c without a color is
taken out of its other items' lists). If that leaves a primary item p with no option, p
forces c. Otherwise each option r of c is tried once: its other items are hidden in turn
(each option of theirs that clashes with r is taken out of its other lists), and r is
blocked if a primary item outside r is left without options. The lists are put back after
each test (in the reverse order of their removal), and the blocked options go only after.

One departure, Knuth's own "pitfall" (his note of 2 January 2023): he tries option r only
at its first surviving node, and not at all when that node gives its item a color, so he
misses reductions unless colored items come last in every option. Here r is tried at its
first surviving node *without* a color, so every option is tried once a round, whatever the
order of its items; where options list colored items last, the reductions are his.

Options without primary items are taken out first (a search never chooses them; Knuth's
program skips them on input). A primary item left without options means no solution: the
reduction stops there (`Reducer.infeasible`).

Port: cdlx/reduce.c
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (for annotations only: dancer needs this module)
    from .dancer import Dancer

__all__ = ["Reducer", "KEPT", "FORCED", "BLOCKED", "NO_PRIMARY", "UNUSED"]

#: What became of an option (`Reducer.option_fate`), and of an item (`Reducer.item_fate`):
#: KEPT; FORCED (an option: it holds an item c that a primary item forces, and not that
#: item, its ``by`` c; an item: forced, its ``by`` the primary item that forces it);
#: BLOCKED (an option that leaves a primary item without options, its ``by``); NO_PRIMARY
#: (an option without primary items); UNUSED (an item left in no option).
KEPT, FORCED, BLOCKED, NO_PRIMARY, UNUSED = 0, 1, 2, 3, 4


class Reducer:
    """The reduction of one dancer's problem: `run` applies the rules; then `option_fate`
    and `option_by` say what became of each option and why (see `KEPT`), `item_fate` and
    `item_by` of each item (indexed 1..N, as the links).
    A kept option keeps the items of its own that are kept."""

    def __init__(self, dancer: Dancer) -> None:
        arrays = dancer.arrays
        self.top, self.ulink, self.dlink, self.color = arrays["top"], arrays["ulink"], arrays["dlink"], arrays["color"]
        self.n_items, self.second = dancer.n_items, dancer.n_primary + 1  # (items >= second: secondary)
        self.first_node = dancer.n_items + 1  # (nodes from here on are spacers and options)
        starts = dancer.opt_start
        self.option = [0] * len(self.top)  # each node's option
        for k in range(dancer.n_options):
            self.option[starts[k] : starts[k + 1] - 1] = [k] * (starts[k + 1] - 1 - starts[k])
        self.starts = starts
        self.stamp = [0] * (self.n_items + 1)  # (blocks: the items of the option under test)
        self.option_fate, self.option_by = [KEPT] * dancer.n_options, [0] * dancer.n_options
        self.item_fate, self.item_by = [KEPT] * (self.n_items + 1), [0] * (self.n_items + 1)
        self.order: list[int] = []  # the options removed, in the order they went
        self.item_order: list[int] = []  # ... and the items
        self.infeasible = 0  # a primary item left without options (0: none)
        self.rounds = 0  # rounds begun
        self.complete = False  # whether a round changed nothing, or no solution (not stopped by a budget)
        self.updates = 0  # nodes taken out of their lists (a measure of the work)

    def run(self, rounds: int = 0, seconds: float = 0.0) -> None:
        """Apply the rules in rounds until one changes nothing, at most ``rounds`` rounds (0:
        no bound), stopping between two items' turns after ``seconds`` (0: no bound): what
        is removed by then is removed rightly, only less of it."""
        deadline = time.perf_counter() + seconds if seconds else None
        self.drop_options_without_primary()
        for c in range(1, self.n_items + 1):
            if self.top[c] == 0:
                self.note_empty(c)
        while not self.infeasible and (not rounds or self.rounds < rounds):
            self.rounds += 1
            changed = False
            for c in range(1, self.n_items + 1):
                if self.infeasible:
                    return
                if deadline is not None and time.perf_counter() >= deadline:
                    return
                if self.top[c]:
                    changed |= self.turn(c)
            if not changed:
                self.complete = True
                return

    def turn(self, c: int) -> bool:
        """Item c's turn: forcing, else blocking; whether it removed anything."""
        p = self.hide(c)
        if p:
            self.unhide(c)
            self.force(c, p)
            return True
        blocked = []
        r = self.dlink[c]
        while r != c:
            if self.color[r] == 0 and self.first_uncolored(r):
                p = self.blocks(r)
                if p:
                    blocked.append((r, p))
            r = self.dlink[r]
        self.unhide(c)
        for r, p in blocked:
            self.fate(r, BLOCKED, p)
            self.delete(r, including_r=True)
        return bool(blocked)

    # -- the rules ---------------------------------------------------------------------

    def hide(self, c: int) -> int:
        """Take each option that holds c without a color out of its other items' lists;
        the last primary item left without options then (0: none)."""
        top, ulink, dlink = self.top, self.ulink, self.dlink
        emptied = 0
        r = dlink[c]
        while r != c:
            if self.color[r] == 0:
                q = r + 1
                while q != r:
                    i = top[q]
                    if i <= 0:  # a spacer (the option's end, or a node shortened away)
                        q = ulink[q]
                        continue
                    u, d = ulink[q], dlink[q]
                    dlink[u], ulink[d] = d, u
                    top[i] -= 1
                    self.updates += 1
                    if top[i] == 0 and i < self.second:
                        emptied = i
                    q += 1
            r = dlink[r]
        return emptied

    def unhide(self, c: int) -> None:
        """Undo `hide` (c's options put back, in the reverse order)."""
        top, ulink, dlink = self.top, self.ulink, self.dlink
        r = ulink[c]
        while r != c:
            if self.color[r] == 0:
                q = r - 1
                while q != r:
                    i = top[q]
                    if i <= 0:
                        q = dlink[q]
                        continue
                    dlink[ulink[q]] = ulink[dlink[q]] = q
                    top[i] += 1
                    q -= 1
            r = ulink[r]

    def force(self, c: int, p: int) -> None:
        """p forces c: c goes from the options that hold p, and the others that hold c go."""
        r = self.dlink[c]
        while r != c:
            following = self.dlink[r]
            if self.holds(r, p):
                self.top[r], self.ulink[r], self.dlink[r] = 0, r + 1, r - 1  # (node r: a spacer now)
            else:
                self.fate(r, FORCED, c)
                self.delete(r, including_r=False)
            r = following
        self.top[c], self.ulink[c], self.dlink[c] = 0, c, c
        self.item_fate[c], self.item_by[c] = FORCED, p
        self.item_order.append(c)

    def blocks(self, r: int) -> int:
        """The primary item outside option r (whose node r's item is hidden) that r leaves
        without options, if any (0: none): each of r's other items hidden against r (its
        options that clash with r taken out of their other lists), then put back."""
        top, ulink, dlink, color = self.top, self.ulink, self.dlink, self.color
        nodes = self.others(r)
        for q in nodes:
            self.stamp[top[q]] = r
        hidden: list[int] = []  # the nodes taken out, in order
        blocked = 0
        for q in nodes:
            x = color[q]
            p = dlink[top[q]]
            while p != top[q] and not blocked:
                if not (x > 0 and color[p] == x):  # (p clashes with r)
                    for qq in self.others(p):
                        i = top[qq]
                        if top[i] == 1 and i < self.second and self.stamp[i] != r:
                            blocked = i
                            break
                        u, d = ulink[qq], dlink[qq]
                        dlink[u], ulink[d] = d, u
                        top[i] -= 1
                        hidden.append(qq)
                p = dlink[p]
            if blocked:
                break
        self.updates += len(hidden)
        for qq in reversed(hidden):
            dlink[ulink[qq]] = ulink[dlink[qq]] = qq
            top[top[qq]] += 1
        return blocked

    # -- the bookkeeping -----------------------------------------------------------------

    def others(self, r: int) -> list[int]:
        """The surviving nodes of r's option other than r, from r's right, wrapping."""
        top, ulink = self.top, self.ulink
        found, q = [], r + 1
        while q != r:
            if top[q] <= 0:
                q = ulink[q]
                continue
            found.append(q)
            q += 1
        return found

    def holds(self, r: int, p: int) -> bool:
        """Whether r's option holds item p."""
        return any(self.top[q] == p for q in self.others(r))

    def first_uncolored(self, r: int) -> bool:
        """Whether node r is the first surviving node of its option without a color (the
        node at which the option is tried)."""
        top, dlink, color = self.top, self.dlink, self.color
        q = r - 1
        while True:
            if top[q] > 0:  # a surviving node before r
                if color[q] == 0:
                    return False
            elif dlink[q] != q - 1:  # the spacer before the option (not a node shortened away)
                return True
            q -= 1

    def delete(self, r: int, including_r: bool) -> None:
        """Take r's option out of its items' lists (node r too, if ``including_r``), noting
        the items it leaves without options."""
        top, ulink, dlink = self.top, self.ulink, self.dlink
        for q in self.others(r) + ([r] if including_r else []):
            i = top[q]
            u, d = ulink[q], dlink[q]
            dlink[u], ulink[d] = d, u
            top[i] -= 1
            self.updates += 1
            if top[i] == 0:
                self.note_empty(i)

    def drop_options_without_primary(self) -> None:
        """Take out the options that hold no primary item (never chosen by a search)."""
        for k, first in enumerate(self.starts[:-1]):
            nodes = range(first, self.starts[k + 1] - 1)
            if all(self.top[q] >= self.second for q in nodes):  # (an empty option too)
                self.fate_of(k, NO_PRIMARY, 0)
                for q in nodes:
                    u, d = self.ulink[q], self.dlink[q]
                    self.dlink[u], self.ulink[d] = d, u
                    self.top[self.top[q]] -= 1

    def note_empty(self, i: int) -> None:
        """Item i has no option left: a secondary one goes; a primary one ends it all."""
        if i < self.second:
            self.infeasible, self.complete = i, True
        elif self.item_fate[i] == KEPT:
            self.item_fate[i] = UNUSED
            self.item_order.append(i)

    def fate(self, r: int, why: int, by: int) -> None:
        """Record what became of node r's option."""
        self.fate_of(self.option[r], why, by)

    def fate_of(self, k: int, why: int, by: int) -> None:
        """Record what became of option k."""
        self.option_fate[k], self.option_by[k] = why, by
        self.order.append(k)
