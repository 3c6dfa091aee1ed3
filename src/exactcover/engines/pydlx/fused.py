"""Not the specification but a port of it, for CPython's speed: the bitset way's steps
X2..X8 in one loop, `Search.steps` with `Sets.steps` written out.

Read `Search.steps` and `Sets.steps` for what a search does; this module only does the same
faster, and a reader of the specification may skip it.

`Search.steps` is the specification: one loop for every way, calling the way's four steps,
the search's state in its attributes. In CPython that costs more than the work itself on the
sets, where a node is a few operations on ints: two thirds of a node's time went to calls and
attribute reads. `run` is the same loop and the same steps with the state in local variables
and the steps inlined, for a search on the sets without colors (`Sets.fused`; with colors,
bounds or long options `Search.steps` runs). It changes the same state in the same order:
nodes, updates, the choice, tried and total of each level, the list of active items, the
levels' sets, options and tallies; a search may go from one loop to the other at any pause.
``tests/engines/test_fused.py`` runs both on the same searches and compares them node by node.

Port: none (Python only: the bitset way's loop written out for CPython's speed)
"""

from __future__ import annotations

from ..contract import DONE, LIMIT, PAUSED, PREFIX, SOLUTION
from .sets import Sets
from .steps import FINISHED, X2, X6, X8

__all__ = ["run"]



def run(way: Sets, steps: int, work: int, counting: bool, limit: int, depth: int) -> int:
    """`Search.steps` on the sets, without colors: search on for at most ``steps`` more
    nodes (and, if ``work``, until about that many more updates). Returns DONE, SOLUTION,
    PAUSED, LIMIT or PREFIX, with the search's state where `Search.steps` would leave it.

    With tallies the loop leaves the list of active items alone (a tally says which items
    are covered: `tally.TALLY_COVERED`; all of them at a solution, `Sets.solved`) and `relist`
    brings the list up to date as it returns."""
    s = way.search
    level, floor, nodes, updates, solutions, max_level = s.level, s.floor, s.nodes, s.updates, s.solutions, s.max_level
    stop = nodes + steps
    work_stop = updates + work if work else -1  # (the sets scan nothing: s.scanned stays)
    rlink, llink, top, choice, total, tried = s.rlink, s.llink, s.top, s.choice, s.total, s.tried
    alive, option, masks, conflicts, others = way.alive, way.option, way.masks, way.conflicts, way.others
    tallies, ones, covers, bits, uniform, starts = way.tally or [], way.ones, way.covers, way.bits, way.uniform, way.starts
    n_primary, listed, hidden, covered = s.n_primary, way.tally is None, way.hidden_updates, way.solved
    entered, low = [] if listed else choice[floor:level], level  # (for relist: the lowest level reached)
    state, status, x, k, i = s.resume, DONE, 0, -1, 0
    while True:
        if state == X2:  # [Enter level l.]
            if level == depth and (rlink[0] != 0 if listed else tallies[level] != covered):
                state, status = X8, PREFIX
                break
            if nodes >= stop or 0 <= work_stop <= updates:
                status = PAUSED
                break
            nodes += 1
            if level > max_level:
                max_level = level
            if rlink[0] == 0 if listed else tallies[level] == covered:  # a solution
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
            if listed:  # X3 [Choose i.]: Sets.choose
                i, least, j = 0, -1, rlink[0]
                while j != 0:
                    c = (available & masks[j]).bit_count()
                    if least < 0 or c < least:
                        i, least = j, c
                        if c == 0:
                            break
                    j = rlink[j]
            else:  # Sets.choose_tally
                tally = tallies[level].to_bytes(n_primary, "little")
                p = tally.find(0)
                if p < 0:
                    p = tally.find(1)
                    if p < 0:
                        p = tally.index(min(tally))
                i, least = p + 1, tally[p]
            total[level], tried[level] = least, 1
            mine = available & masks[i]  # X4 [Cover i.]
            updates += 1 + (least * uniform if uniform else hidden(mine))
            if listed:
                left, right = llink[i], rlink[i]
                rlink[left], llink[right] = right, left
            k = (mine & -mine).bit_length() - 1  # (its first option's bit; -1 if none)
        elif state == X6:  # [Try again.]: undo X5, then the next option
            x = choice[level]
            i = top[x]
            if listed:
                for j in reversed(others[x]):
                    rlink[llink[j]] = llink[rlink[j]] = j
            rest = (alive[level] & masks[i]) >> (option[level] + 1)
            k = option[level] + (rest & -rest).bit_length() if rest else -1
            tried[level] += 1
        elif state == X8:  # [Leave level l.]
            if level == floor:
                status, state = DONE, FINISHED
                break
            level -= 1
            if level < low:
                low = level
            state = X6
            continue
        else:  # finished before
            status = DONE
            break
        option[level] = k
        if k < 0:  # X7 [Backtrack.]: every option of item i was tried (x_l: i itself)
            choice[level] = i
            if listed:
                rlink[llink[i]] = llink[rlink[i]] = i
            state = X8
            continue
        x = starts[k]  # x_l: the node of option k on item i's list
        while top[x] != i:
            x += 1
        choice[level] = x
        # X5 [Try x_l.]: the options that meet x's (i's among them) leave the next level's set
        gone = alive[level] & conflicts[k]
        alive[level + 1] = alive[level] ^ gone
        if uniform:  # (i's own options were counted by X4)
            updates += (gone.bit_count() - total[level] + 1) * uniform
        else:
            updates += hidden(gone & ~masks[i]) + len(others[x])
        if listed:
            for j in others[x]:
                left, right = llink[j], rlink[j]
                rlink[left], llink[right] = right, left
        else:  # Sets.commit_tally
            counts = tallies[level]
            while gone:
                b = gone.bit_length() - 1
                counts -= ones[b]
                gone ^= bits[b]
            tallies[level + 1] = counts | covers[k]
        level += 1
        state = X2
    if not listed:
        relist(way, entered, low, level)
    s.level, s.nodes, s.updates, s.solutions, s.max_level, s.resume = level, nodes, updates, solutions, max_level, state
    return status


def relist(way: Sets, entered: list[int], low: int, level: int) -> None:
    """The list of active items, left as it was when the loop began (levels floor to the
    length of ``entered`` chosen, ``entered`` their choices), brought to the levels chosen
    now (floor to ``level``): the levels from ``low`` up (the lowest the loop went back to)
    undone in reverse order, then done again with their new choices, as X4 and X5 would."""
    s = way.search
    top, choice, floor, others = s.top, s.choice, s.floor, way.others
    way.unlist(entered[low - floor :], low)
    for at in range(low, level):
        x = choice[at]
        way.unlink(top[x])
        for j in others[x]:
            way.unlink(j)
