"""Memoized counting: Algorithm X that remembers the count of every subproblem it finishes.

Nishino, Yasuda, Minato and Nagata's DXZ ("Dancing with decision diagrams", AAAI 2017) and
Knuth's DLX6: a subproblem is fixed by its *state*, which items are still active and which
color each purified secondary item has; the options still available follow from it, and so
does the number of ways to finish. A search that meets a state again adds the count it
stored for it instead of searching the subtree again. Domino tilings of an n×n board, whose
states are the board's frontiers, are counted this way in a fraction of a second where
enumeration would take years.

The search is the links' own (the same item choice, MRV with ties to the first item; the
same dance), with three additions, one per step:

* X2 [Enter level l.] When the chosen item has at least two options, look the level's state
  up in the table: a hit adds its count and leaves the level at once. (A dead end or a
  forced move skips the table.)
* X5 [Try x_l.] The state of level l + 1 is level l's with the option's items settled:
  covered items leave it, purified ones take the option's color.
* X7 [Backtrack.] The level's count (the sum of its options') goes into the table, if the
  level was looked up and the table has room.

The state is a key of ``key_bits`` bits: bit i - 1 for item i, set while it is active, then a
field for each secondary item that has colors, holding the color it is purified to (0 while
it is not). The table's memory is counted as the C engine lays it out, so that both engines
keep the same entries: ``8 * (key words + 3)`` bytes an entry (hash, key, count, size), and
for a count of 2**63 or more ``8 * (1 + its 64-bit words)`` more; once the next entry would
pass ``memo_bytes``, no entry is added any more (lookups go on). Nothing is evicted, so
no count is ever wrong: a state not in the table is searched again.

With ``memo`` = MEMO_AUTO the search decides after MEMO_SAMPLE nodes whether memoizing pays:
it keeps the table if the nodes its hits saved (the subtrees they stood for, counted in
nodes of the search without a table) make the sample at least MEMO_GAIN times larger than
the nodes it visited; otherwise it drops the table and goes on as a plain search, which
decides at once whether to move to the sets, from the same sample (its updates per node).
A sample whose hits stand for less than a quarter of its nodes at MEMO_GLANCE nodes ends
there: its memoized nodes run on the links, where the plain search may not.
Its C port is ``cdlx/memo.c``.

Here, unlike in C, the table's search runs on the sets (`Sets.memo_way`) wherever a plain
search could move there and there are no colors (`Memo.runs_on_sets`): the same items are
chosen and the same updates counted as on the links (the sets' contract), and a Python node
costs a third of a node on the links. A count that drops its table goes back to the links
first (`leave_sets`), so that its plain search decides and moves as C's does.

Port: cdlx/memo.c
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from ..contract import DEFAULT_MEMO_BYTES, DONE, LIMIT, MEMO_AUTO, MEMO_OFF, MEMO_ON, PAUSED
from .dance import COVERED
from .sets import Sets, colored_floor, leave_sets
from .steps import FINISHED, X2, X5, X6, X8
from .tables import build, can_use

if TYPE_CHECKING:  # (for annotations only: search needs this module; MemoSteps is an alias only a type checker sees)
    from .dancer import Dancer
    from .search import Search
    from .sets import MemoSteps

__all__ = ["DEFAULT_MEMO_BYTES", "MEMO_AUTO", "MEMO_GAIN", "MEMO_OFF", "MEMO_ON", "MEMO_SAMPLE", "Memo", "diagram_nodes", "memo_active", "memo_stats",
           "tables"]

#: The automatic choice: nodes memoized before deciding, and the gain that keeps the table
#: (calibration: benchmarks/README.md, memo.py) ...
MEMO_SAMPLE = 1 << 12
MEMO_GAIN = 2
#: ... and a glance at the sample after MEMO_GLANCE nodes, which ends it if its hits stood
#: for less than 1 / MEMO_HOPELESS of the nodes visited (memo.py's workloads: at most 0.14
#: there where the table is dropped, at least 3.9 where it is kept).
MEMO_GLANCE = 1 << 10
MEMO_HOPELESS = 4

_SIZE_CAP = (1 << 64) - 1  # a subtree's size in nodes saturates here (C's uint64_t)
_INLINE = 1 << 63  # a count below this fits in the entry; a larger one takes words of its own
_RUNNING_CAP = (1 << 63) - 1  # C's running total saturates here: a search past it keeps its table


#: The slots C's table starts with; it doubles when half full. The budget counts the slots
#: (``entry_bytes`` each) as they come, so both engines keep the same entries.
TABLE_START = 1024


def fixed_bytes(levels: int, bits: int) -> int:
    """The bytes of a table's per-level arrays, as the budget counts them: per level of the
    search, its state's key (``bits`` rounded up to 64-bit words) and 3 words more (its
    count, size and flags). A table whose start (these and its first TABLE_START slots)
    passes the budget is not started: the search counts without one, exactly, and says it
    did not memoize."""
    return 8 * levels * ((bits + 63) // 64 + 3)


def tables(dancer: Dancer) -> tuple[list[int], list[tuple[tuple[int, int], ...]], int]:
    """Per node, the key bits its option flips (its uncolored items) and its colored nodes
    with their fields' shifts; and the key's length in bits. Made once per dancer."""
    if dancer._memo is None:
        top, color, starts, n = dancer.top, dancer.color, dancer.opt_start, dancer.n_items
        widest = [0] * (n + 1)  # per secondary item, its largest color number
        for q in range(n + 2, len(top)):
            if top[q] > 0 and color[q] > widest[top[q]]:
                widest[top[q]] = color[q]
        shift, bits = [0] * (n + 1), n
        for j in range(1, n + 1):
            if widest[j]:
                shift[j], bits = bits, bits + widest[j].bit_length()
        flips = [0] * len(top)
        tints: list[tuple[tuple[int, int], ...]] = [()] * len(top)
        for k in range(dancer.n_options):
            nodes = range(starts[k], starts[k + 1] - 1)
            flip = sum(1 << (top[q] - 1) for q in nodes if color[q] == 0)
            tint = tuple((q, shift[top[q]]) for q in nodes if color[q] != 0)
            for q in nodes:
                flips[q], tints[q] = flip, tint
        dancer._memo = (flips, tints, bits)
    return dancer._memo


def memo_active(search: Search) -> bool:
    """Whether ``search`` counts with its table now (it has one, and has not dropped it)."""
    return search.memo is not None and search.memo.memoizing


def memo_stats(search: Search) -> tuple[int, int, int, bool]:
    """The table's statistics (0 without one): hits, lookups, entries, and whether it is in
    use."""
    m = search.memo
    return (0, 0, 0, False) if m is None else (m.memo_hits, m.memo_lookups, m.memo_entries, m.memoizing)


def diagram_nodes(search: Search) -> tuple[int, bytes]:
    """After a search with the diagram is done: its root, and its nodes 2, 3, ... as bytes of
    int32 (option, lo, hi) triples, as the C engine gives them."""
    m = search.memo
    if m is None or not m.diagram:
        raise ValueError("this search builds no diagram")
    return m.znode[0], array("i", [v for node in m.zdd[2:] for v in node]).tobytes()


class Memo:
    """The table of a memoized count (C's ``Memo``): the counts of the states it finished,
    each level's state, and what the automatic choice samples; and its loop on the search's
    links or sets."""

    def __init__(self, search: Search, mode: int = MEMO_ON, memo_bytes: int = DEFAULT_MEMO_BYTES,
                 diagram: bool = False) -> None:
        """For ``search``, its givens chosen and its prefix replayed: a table of at most
        ``memo_bytes``, kept (MEMO_ON) or kept if it pays (MEMO_AUTO); with ``diagram``, the
        diagram of the solutions too."""
        s = self.search = search
        dancer = s.dancer
        self.flips, self.tints, bits = tables(dancer)
        self.diagram = diagram
        self.entry_bytes = 8 * ((bits + 63) // 64 + 3 + diagram)
        self.mode, self.memo_bytes, self.memoizing = mode, memo_bytes, True
        self.table: dict[int, tuple[int, int, int]] = {}  # key -> count, size, diagram node
        self.memo_hits = self.memo_lookups = self.memo_entries = self.saved = 0
        levels = len(s.choice)
        self.capacity = TABLE_START  # (C's slots: the budget counts them as C's table doubles)
        self.memo_used = fixed_bytes(levels, bits) + self.capacity * self.entry_bytes
        if self.memo_used > memo_bytes and not diagram:
            self.memoizing = False  # (its start alone would pass the budget: counted without a table,
            return  # and without the per-level arrays, as C's memo_start returns before making them)
        self.key = [0] * levels  # each level's state
        self.looked = [False] * levels  # whether it was looked up (and missed): to store
        self.count = [0] * (levels + 1)  # per row (see memo_steps): solutions
        self.size = [0] * (levels + 1)  # ... and the nodes they stand for
        # With the diagram: its nodes (option, lo, hi), 0 and 1 the terminals, and per row the
        # node of the options tried so far that have solutions (the chain through lo).
        self.zdd: list[tuple[int, int, int]] = [(-1, 0, 0), (-1, 1, 1)]
        self.znode = [0] * (levels + 1)
        self.key[s.level] = self.state_key()
        self.decide_at = s.nodes + MEMO_GLANCE if mode == MEMO_AUTO else -1
        if mode == MEMO_AUTO and dancer.has_colors and can_use(s, s.tuning.set_budget):
            s.move_unit().floor_colored = colored_floor(s)  # (noted now: a table dropped hands over far from it)
        self.start_nodes, self.start_updates = s.nodes, s.updates  # (the sample's start)

    def room_for_one(self) -> bool:
        """Whether the table can take one more entry: when it is half full, its doubling
        (as C's table doubles) must fit in the budget, and is counted."""
        if 2 * (self.memo_entries + 1) <= self.capacity:
            return True
        more = self.capacity * self.entry_bytes
        if self.memo_used + more > self.memo_bytes:
            return False
        self.capacity, self.memo_used = 2 * self.capacity, self.memo_used + more
        return True

    def state_key(self) -> int:
        """The key of the current state (at the floor: after the givens and the prefix), its
        colors' fields 0. (An item purified before the floor keeps field 0 below it: every
        option still available on it has its color, so no option changes the field.)"""
        s = self.search
        top = s.top
        return sum(1 << (i - 1) for i in range(1, s.n_items + 1) if top[i] < COVERED)

    def run(self, steps: int, work: int = 0, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """As `Search.run`, for counting only (`ways.takes`). With MEMO_AUTO, at the glance
        (MEMO_GLANCE nodes: drop the table if `hopeless`) and at the sample's end: keep the
        table, or drop it (`hand_over`): the plain search goes on from there (`ways.run`);
        PAUSED either way."""
        s = self.search
        if s.nodes >= self.decide_at:
            return self.memo_steps(steps, work, limit)
        status = self.memo_steps(min(steps, self.decide_at - s.nodes), work, limit)
        if status != PAUSED or s.nodes < self.decide_at:
            return status
        if s.nodes - self.start_nodes < MEMO_SAMPLE and not self.hopeless():  # (the glance: sample on)
            self.decide_at = self.start_nodes + MEMO_SAMPLE
            return PAUSED
        if not self.pays() and s.solutions < _RUNNING_CAP:
            self.hand_over()
        return PAUSED

    def hopeless(self) -> bool:
        """Whether the hits so far stood for less than 1 / MEMO_HOPELESS of the nodes visited."""
        return self.saved * MEMO_HOPELESS < max(1, self.search.nodes)

    def pays(self) -> bool:
        """Whether the sample's hits stood for at least MEMO_GAIN times the nodes visited."""
        return self.saved >= (MEMO_GAIN - 1) * max(1, self.search.nodes)

    def runs_on_sets(self) -> bool:
        """Whether the table's search runs on the sets (see the module docstring): without
        colors, where a plain search could move there."""
        s = self.search
        return not s.dancer.has_colors and can_use(s, s.tuning.set_budget) and build(s.dancer, as_c=False)

    def memo_way(self) -> MemoSteps:
        """The table's steps on the links (`Sets.memo_way` has them on the sets)."""
        s = self.search
        return self.choose_length, self.cover_first, s.try_next, s.uncover, s.commit_others

    def choose_length(self, level: int) -> tuple[int, int]:
        """X3: the item to branch on and its LEN."""
        i = self.search.choose_plain()
        return i, self.search.top[i]

    def cover_first(self, level: int, i: int) -> int:
        """X4: cover item i; the node of its first option (i if none)."""
        self.search.cover(i)
        return self.search.dlink[i]

    def hand_over(self) -> None:
        """Drop the table and go on as a plain search from the same node: the solutions
        counted so far are the running total, and the links are a plain search's. Where it
        goes on is `ways.start_sampled`'s to decide, from the nodes the table made
        (`sample`)."""
        self.memoizing, self.table = False, {}
        if self.search.way is not None:
            leave_sets(self.search)

    def sample(self) -> tuple[int, int]:
        """The nodes and updates the search had when its table started: what it made since is
        the sample a table dropped hands over (C's memo_sample)."""
        return self.start_nodes, self.start_updates

    def child_key(self, key: int, x: int) -> int:
        """The state after option x is chosen in the state ``key`` (X5)."""
        key ^= self.flips[x]
        color = self.search.color
        for q, s in self.tints[x]:
            if color[q] > 0:  # not purified yet: it will be, to this color
                key |= color[q] << s
        return key

    def hand_up(self, level: int, found: tuple[int, int, int]) -> None:
        """Level ``level`` is done: add its count and size to its parent's row; with the
        diagram, if it has solutions, chain a node for the parent's option to them."""
        row = level - self.search.floor
        self.count[row] += found[0]
        self.size[row] = min(_SIZE_CAP, self.size[row] + found[1])
        if self.diagram and found[2]:
            if row == 0:  # the floor's own: the diagram's root
                self.znode[0] = found[2]
            else:
                s = self.search
                self.znode[row] = self.zdd_node(s.option_of(s.choice[level - 1]), self.znode[row], found[2])

    def zdd_node(self, option: int, lo: int, hi: int) -> int:
        """A new node of the diagram: ``option`` and the solutions of ``hi``, or those of
        ``lo``. MemoryError once the nodes (12 bytes each, as in C) pass the budget."""
        self.memo_used += 12
        if self.memo_used > self.memo_bytes:
            raise MemoryError("the diagram needs more memory than memo_bytes allows")
        self.zdd.append((option, lo, hi))
        return len(self.zdd) - 1

    def memo_steps(self, steps: int, work: int, limit: int) -> int:
        """Algorithm X's steps with the table (see the module docstring), resumable as
        `Search.steps` is. Row r of ``count``, ``size`` (and ``znode``) sums the results of
        the finished children of level floor + r - 1 (row 0: the floor's own), each child
        handing its count, size (and node) up as it leaves; ``solutions`` is the running
        total."""
        s = self.search
        if s.way is None and self.runs_on_sets():
            s.way, s.move_unit().moved_at = Sets(s), s.level
        choose, cover_first, try_next, uncover, commit_others = (s.way or self).memo_way()
        rlink, choice, n = s.rlink, s.choice, s.n_items
        key, looked, table = self.key, self.looked, self.table
        stop = s.nodes + steps
        work_stop = s.updates + s.scanned + work if work else -1
        state = s.resume
        while True:
            level = s.level
            if state == X2:  # [Enter level l.]
                if s.nodes >= stop or 0 <= work_stop <= s.updates + s.scanned:
                    status = PAUSED
                    break
                s.nodes += 1
                if level > s.max_level:
                    s.max_level = level
                state = X8
                if rlink[0] == 0:  # a solution
                    found = (1, 1, 1)
                else:
                    i, length = choose(level)
                    found = (0, 1, 0)  # a dead end, unless
                    if length > 0:
                        looked[level] = length > 1
                        hit = table.get(key[level]) if looked[level] else None
                        if looked[level]:
                            self.memo_lookups += 1
                        if hit is None:  # X3, X4: the item's options are to be tried
                            row = level - s.floor + 1
                            self.count[row], self.size[row], self.znode[row] = 0, 1, 0
                            s.total[level], s.tried[level] = length, 1
                            x = choice[level] = cover_first(level, i)
                            state = X5
                        else:
                            self.memo_hits += 1
                            self.saved = min(_SIZE_CAP, self.saved + hit[1] - 1)
                            found = hit
                if state == X8:
                    self.hand_up(level, found)
                    if found[0]:
                        s.solutions += found[0]
                        if limit and s.solutions >= limit:
                            status = LIMIT
                            break
                    continue
            elif state == X6:  # [Try again.]
                x = choice[level] = try_next(choice[level])
                s.tried[level] += 1
            elif state == X8:  # [Leave level l.]
                if level == s.floor:
                    status, state = DONE, FINISHED
                    break
                s.level = level - 1
                state = X6
                continue
            else:  # FINISHED
                status = DONE
                break
            if x <= n:  # X7 [Backtrack.]: every option was tried; the level's count is known
                uncover(choice[level])
                row = level - s.floor + 1
                found = (self.count[row], self.size[row], self.znode[row])
                if looked[level] and self.room_for_one():
                    table[key[level]] = found
                    self.memo_entries += 1
                    if found[0] >= _INLINE:
                        self.memo_used += 8 * (1 + (found[0].bit_length() + 63) // 64)
                self.hand_up(level, found)
                state = X8
            else:  # X5 [Try x_l.]
                key[level + 1] = self.child_key(key[level], x)
                commit_others(x)
                s.level = level + 1
                state = X2
        s.resume = state
        return status
