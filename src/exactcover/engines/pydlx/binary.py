"""Binary branching (way="binary"): Knuth's SSXCC-BINARY (2023) on the links.

Algorithm X branches d ways at a node: one branch for each of the d options of the item it
chose. Binary branching makes two: the item i with the fewest options (MRV, ties to the
first, as everywhere) and its first option x, then *x in* (i covered, x's other items
committed, as at step X5) and *x out* (x taken out of every item's list, a take-out as
`Search.exclude` makes); each branch is a node of its own, which chooses again, so the item
branched on after x out may be another than i. When i had x alone, there is no x-out branch.
The solutions are d-way branching's, in another order; the statistics are this tree's:
every node entered counts, a take-out counts an update per node taken out, and the level of
a node is the number of options in (a solution's size), so that ``choice[:level]`` is the
partial solution, as in every other way.

The search keeps a stack of its branches (`Binary`): per depth, the node x, whether it is
in or out, and i's LEN when x was tried (for the progress). It runs on the links only,
never seeded, bounded or costed; it does not split (a parallel search splits by MRV and runs
each subtree this way from its floor).

Port: cdlx/binary.c
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contract import DONE, PAUSED, Unsupported

if TYPE_CHECKING:  # (for annotations only: search needs this module)
    from .search import Search

__all__ = ["Binary"]

# The states of the loop (`Search.resume`, as C's): enter a node, or go back to the last branch.
ENTER, BACK, FINISHED = 2, 8, 0


class Binary:
    """A search's binary branching: its stack of branches and its loop."""

    def __init__(self, search: Search) -> None:
        self.search = search
        self.node: list[int] = []  # per depth: the option's node
        self.out: list[bool] = []  # ... whether the branch takes it out (else in)
        self.total: list[int] = []  # ... its item's LEN when it was tried

    def run(self, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
        """Search on, within ``steps`` nodes and about ``work`` effort (0: no limit): a
        `Status`, as `Search.run`."""
        if depth >= 0:
            raise Unsupported("splitting a search with binary branching", "split one with way='auto'")
        s = self.search
        node, out, total = self.node, self.out, self.total
        top, dlink, rlink = s.top, s.dlink, s.rlink
        stop = s.nodes + steps
        work_stop = s.updates + s.scanned + work if work else -1
        state = s.resume
        status: int
        while True:
            if state == ENTER:
                if s.nodes >= stop or 0 <= work_stop <= s.updates + s.scanned:
                    status = PAUSED
                    break
                s.nodes += 1
                if s.level > s.max_level:
                    s.max_level = s.level
                if rlink[0] == 0:  # every primary item is covered: a solution
                    state = BACK
                    visited = s.visit(counting, limit)
                    if visited is not None:
                        status = visited
                        break
                    continue
                i = s.choose_plain()
                if top[i] == 0:  # a dead end
                    state = BACK
                    continue
                x = dlink[i]
                node.append(x)
                out.append(False)
                total.append(top[i])
                s.choice[s.level] = x
                s.level += 1
                s.cover(i)
                s.commit_others(x)
            elif state == BACK:
                if not node:
                    status, state = DONE, FINISHED
                    break
                x, taken, length = node.pop(), out.pop(), total.pop()
                if taken:  # both branches of x done
                    s.put_back(s.option_of(x))
                    continue
                s.level -= 1
                s.uncommit_others(x)
                s.uncover(top[x])
                if length > 1:  # the branch of x out
                    s.updates += s.take_out(s.option_of(x))
                    node.append(x)
                    out.append(True)
                    total.append(length)
                    state = ENTER
            else:  # FINISHED
                status = DONE
                break
        s.resume = state
        return status

    def progress(self) -> tuple[float, float]:
        """The part of the tree finished (`Search.fraction`) and the current node's
        (`Search.share`): x in takes 1/LEN of its node's share, x out the rest; a branch of x
        out adds the share of x in, done."""
        done, share = 0.0, 1.0
        for taken, length in zip(self.out, self.total):
            part = share / length
            if taken:
                done += part
                share -= part
            else:
                share = part
        return done, share
