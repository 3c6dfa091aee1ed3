"""The bitset way's steps X2..X8 in one loop: `Search.steps` with `Sets.steps` written out.

`Search.steps` is the specification: one loop for every way, calling the way's four steps,
the search's state in its attributes. In CPython that costs more than the work itself on the
sets, where a node is a few operations on ints: two thirds of a node's time went to calls and
attribute reads. `run` is the same loop and the same steps with the state in local variables
and the steps inlined, for a search on the sets without colors (`Sets.fused`; with colors,
bounds or long options `Search.steps` runs). It changes the same state in the same order:
nodes, updates, the choice, tried and total of each level, the list of active items, the
levels' sets, options and tallies; a search may go from one loop to the other at any pause.
``tests/test_fused.py`` runs both on the same searches and compares them node by node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..contract import DONE, LIMIT, PAUSED, PREFIX, SOLUTION

if TYPE_CHECKING:
    from .sets import Sets

__all__ = ["run"]

# Search's step labels (search.X2 ...; repeated here, as search.py imports this module).
X2, X6, X8, FINISHED = 2, 6, 8, 0


def run(way: Sets, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    """`Search.steps` on the sets, without colors: search on for at most ``steps`` more
    nodes (and, if ``work``, until about that many more updates). Returns DONE, SOLUTION,
    PAUSED, LIMIT or PREFIX, with the search's state where `Search.steps` would leave it."""
    s = way.search
    level, floor, nodes, updates, solutions, max_level = s.level, s.floor, s.nodes, s.updates, s.solutions, s.max_level
    stop = nodes + steps
    work_stop = updates + work if work else -1  # (the sets scan nothing: s.scanned stays)
    rlink, llink, top, choice, total, tried, n = s.rlink, s.llink, s.top, s.choice, s.total, s.tried, s.n_items
    alive, option, masks, conflicts, others = way.alive, way.option, way.masks, way.conflicts, way.others
    tallies, ones, covers, uniform, starts = way.tally, way.ones, way.covers, way.uniform, way.starts
    n_primary = s.n_primary
    hidden = way.hidden_updates
    state, status, x, k, i = s.resume, DONE, 0, -1, 0
    while True:
        if state == X2:  # [Enter level l.]
            if level == depth and rlink[0] != 0:
                state, status = X8, PREFIX
                break
            if nodes >= stop or 0 <= work_stop <= updates:
                status = PAUSED
                break
            nodes += 1
            if level > max_level:
                max_level = level
            if rlink[0] == 0:  # a solution
                state = X8
                solutions += 1
                if not counting:
                    status = SOLUTION
                    break
                if limit and solutions >= limit:
                    status = LIMIT
                    break
                continue
            available = alive[level]
            if tallies is not None:  # X3 [Choose i.]: Sets.choose_tally
                tally = tallies[level].to_bytes(n_primary, "little")
                p = tally.find(0)
                if p < 0:
                    p = tally.find(1)
                    if p < 0:
                        p = tally.index(min(tally))
                i, least = p + 1, tally[p]
            else:  # Sets.choose
                i, least, j = 0, -1, rlink[0]
                while j != 0:
                    c = (available & masks[j]).bit_count()
                    if least < 0 or c < least:
                        i, least = j, c
                        if c == 0:
                            break
                    j = rlink[j]
            total[level], tried[level] = least, 1
            mine = available & masks[i]  # X4 [Cover i.]
            updates += 1 + (mine.bit_count() * uniform if uniform else hidden(mine))
            left, right = llink[i], rlink[i]
            rlink[left], llink[right] = right, left
            if mine:
                k = (mine & -mine).bit_length() - 1
                x = starts[k]
                while top[x] != i:
                    x += 1
            else:
                k, x = -1, i
            option[level] = k
            choice[level] = x
        elif state == X6:  # [Try again.]: undo X5, then the next option
            x = choice[level]
            i = top[x]
            for j in reversed(others[x]):
                rlink[llink[j]] = llink[rlink[j]] = j
            rest = (alive[level] & masks[i]) >> (option[level] + 1)
            if rest:
                k = option[level] + (rest & -rest).bit_length()
                x = starts[k]
                while top[x] != i:
                    x += 1
            else:
                k, x = -1, i
            option[level] = k
            choice[level] = x
            tried[level] += 1
        elif state == X8:  # [Leave level l.]
            if level == floor:
                status, state = DONE, FINISHED
                break
            level -= 1
            state = X6
            continue
        else:  # finished before
            status = DONE
            break
        if x <= n:  # X7 [Backtrack.]: every option of item i was tried
            rlink[llink[i]] = llink[rlink[i]] = i
            state = X8
            continue
        available = alive[level] & ~masks[i]  # X5 [Try x_l.]
        gone = available & conflicts[k]
        items = others[x]
        for j in items:
            left, right = llink[j], rlink[j]
            rlink[left], llink[right] = right, left
        updates += (gone.bit_count() * uniform if uniform else hidden(gone)) + len(items)
        alive[level + 1] = available ^ gone
        if tallies is not None:  # Sets.commit_tally
            counts = tallies[level]
            gone = alive[level] & conflicts[k]
            while gone:
                low = gone & -gone
                counts -= ones[low.bit_length() - 1]
                gone ^= low
            tallies[level + 1] = counts | covers[k]
        level += 1
        state = X2
    s.level, s.nodes, s.updates, s.solutions, s.max_level, s.resume = level, nodes, updates, solutions, max_level, state
    return status
