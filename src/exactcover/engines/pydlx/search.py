"""A search on a `Dancer`: Algorithm X on its own copy of the links, resumable at any node.

Its C port is ``cdlx/search.c`` (exclusions, givens, prefixes, progress; ``cdlx/ways.c``
makes its way's units),
``cdlx/links.c`` (the item choice, the order of the options, the probe on the links) and
``cdlx/steps.h`` (the loop, `Search.steps`). As in C, a search composes the units of what it was asked for: its
``bounds`` (`bounds.Bounds`, Algorithm M), its ``costs`` (`costs.Costs`, the k cheapest), its
``memo`` (`memo.Memo`, a memoized count), its ``way`` on the sets (`sets.Sets`); its ``row``
of `ways.WAYS` says which of them runs.

Port: cdlx/links.c, cdlx/search.c, cdlx/steps.h
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..contract import (DEFAULT_MEMO_BYTES, DONE, LIMIT, MEMO_OFF, PAUSED, PREFIX,
                        SOLUTION, GivenAndExcluded, GivensBreakLoop, GivensClash, PrefixError, Tuning, UnknownOption, Unsupported)
from . import bounds, ways
from .binary import Binary
from .choice import Choice, Random, Shuffle, choice_for
from .costs import ON_LINKS, Costs, costs_of
from .dance import COVERED, SCAN_SHIFT, option_number
from .loop import Loop
from .memo import Memo, diagram_nodes, memo_stats
from .msets import BoundedSets
from .sets import Sets
from .steps import FINISHED, X2, X6, X8
from .tables import UNDECIDED, Move

if TYPE_CHECKING:  # (for annotations only: dancer needs this module)
    from .dancer import Dancer

    #: The steps that differ between the ways: for Algorithm X four (enter, try an option, try
    #: the next, backtrack); for Algorithm M seven (bounds.Bounds.on_links).
    Steps = tuple[Callable[..., Any], ...]

__all__ = ["Random", "Search", "SCAN_SHIFT"]


class Search(Choice):
    """One search on a `Dancer`: its own copy of the links, resumable at any node."""

    def __init__(self, dancer: Dancer, givens: Sequence[int] = (), seed: int | None = None,
                 excluded: Sequence[int] = (), prefix: Sequence[int] = (),
                 tuning: Tuning | None = None, *, best: int = 0, cutoff: int | None = None,
                 memo: int = MEMO_OFF, memo_bytes: int = DEFAULT_MEMO_BYTES, diagram: bool = False):
        """As `Dancer.search` says; ``best``, ``cutoff``: a search for the cheapest solutions
        (its `Costs`, on the links); ``memo``, ``memo_bytes``, ``diagram``: a memoized count
        (its `Memo`). With bounds, its `Bounds`."""
        super().__init__(dancer)
        self.dancer = dancer
        start = ways.Start(givens, excluded, prefix, seed, ON_LINKS if best else Tuning() if tuning is None else tuning,
                           best, cutoff, memo, memo_bytes, diagram)
        # Its way (ways.py): its row of the table, chosen below (`ways.way_start`), and where
        # it runs: LINKS, UNDECIDED, SETS or SAMPLING; on the sets, `way`.
        self.row = ways.WAYS["links"]
        self.where = UNDECIDED
        self.way: Sets | BoundedSets | None = None
        self.move: Move | None = None  # (the move to the sets: its sample, what it decided)
        self.tuning = start.tuning
        levels = self.max_levels(dancer)
        self.choice = [0] * levels  # x_0, x_1, ...: one node per level
        # For progress: at level l the search tries the tried[l]-th of total[l] options.
        self.total = [0] * levels
        self.tried = [0] * levels
        self.level = self.floor = 0  # the search ends when it backs up to its floor
        self.resume = X2
        self.nodes = self.updates = self.solutions = self.max_level = 0
        self.scanned = 0  # the item choice's reads, in updates' worth (see run's work)
        self.shuffle: Shuffle | None = None  # (a seed's randomness: its choice row's, choice.CHOICES)
        # The state of a rule of the item choice other than MRV (Choice): the weighted rules'
        # WEIGHTs (on the links, or with "weighted" on the sets with tallies: Sets.choose_tally;
        # never without them), or the failure rate's tries and failures.
        self.weight: list[int] | None = None
        self.tries: list[int] | None = None
        self.fails: list[int] | None = None
        self.pushed: list[int] = []  # the givens pushed since (see reuse.py)
        self.excluded: set[int] = set()  # the options excluded (exclude; the sets read it)
        # Its item choice (choice.py): its row of CHOICES, taken once.
        self.choice_row = choice_for(dancer, seed, self.tuning)
        self.choice_row.take(self, seed)
        # The units of the ways (None: not its way), as its row makes them (ways.py).
        self.loop: Loop | None = None  # with a loop constraint, its paths (loop.use_loop)
        self.binary: Binary | None = None
        self.bounds: bounds.Bounds | None = None
        self.costs: Costs | None = None
        self.memo: Memo | None = None
        ways.way_start(self, start)
        # Its steps on the links, MRV's in list order or its choice row's (after its way's start:
        # a loop's commit is its own, loop.use_loop).
        self.links_steps = (self.enter_chosen if self.choice_row.chosen else self.enter, self.commit_others,
                            self.try_next_chosen if self.choice_row.chosen else self.try_next, self.uncover)
        self.exclude(excluded, givens)
        self.row.enter(self, start)

    @staticmethod
    def max_levels(dancer: Dancer) -> int:
        """How deep a search can go, plus one: each level covers a primary item (with
        bounds, `bounds.levels`)."""
        return bounds.levels(dancer) if dancer.bounds else dancer.n_primary + 1

    # -- exclusions and givens -----------------------------------------------------------------

    def exclude(self, excluded: Sequence[int], givens: Sequence[int]) -> None:
        """Take the options ``excluded`` out of every item's list for the whole search (a
        repeated one counts once). UnknownOption or GivenAndExcluded (option numbers) for
        an option out of range or also given."""
        n_options = len(self.opt_start) - 1
        chosen = set(givens)
        done = self.excluded
        for k in excluded:
            if not 0 <= k < n_options:
                raise UnknownOption(k, "excluded")
            if k in chosen:
                raise GivenAndExcluded(k)
            if k in done:
                continue
            done.add(k)
            self.updates += self.take_out(k)

    # -- givens -----------------------------------------------------------------------------

    def apply_givens(self, givens: Sequence[int]) -> None:
        """Choose the options ``givens`` before the search; GivensClash(a, b, item) on a clash.

        Two givens clash when they share an item, unless both give it the same color. The
        error names the two option numbers (a <= b, equal for a repeated given) and the item
        number (from 0). UnknownOption for an option number out of range.
        """
        n_options = len(self.opt_start) - 1
        top, color, opt_start = self.top, self.color, self.opt_start
        owner: dict[int, int] = {}  # item -> the first given that uses it
        for k in givens:
            if not 0 <= k < n_options:
                raise UnknownOption(k, "given")
            p = opt_start[k]
            while top[p] > 0:
                i = top[p]
                if i in owner:
                    o = owner[i]
                    q = opt_start[o]
                    while top[q] != i:
                        q += 1
                    if color[p] == 0 or color[q] != color[p] or o == k:
                        raise GivensClash(min(o, k), max(o, k), i - 1)
                else:
                    owner[i] = k
                p += 1
        for k in givens:
            p = opt_start[k]
            while top[p] > 0:
                if self.commit(p, top[p]) is False:  # (the loop refuses its edge: loop.use_loop)
                    raise GivensBreakLoop(k, top[p] - 1)
                p += 1

    def replay(self, prefix: Sequence[int]) -> None:
        """Choose the option nodes of ``prefix``, level by level, as the search did when it
        reached them (their updates are not counted again); the search is then confined to
        that subtree. PrefixError for a node that is not an option node of an active primary
        item."""
        top, ulink, dlink, n1 = self.top, self.ulink, self.dlink, self.n_primary
        updates = self.updates
        for position, x in enumerate(prefix):
            i = top[x] if self.n_items + 1 < x < len(top) else 0
            if not 0 < i <= n1 or top[i] >= COVERED or dlink[ulink[x]] != x:
                raise PrefixError(x, position)
            level = self.level
            self.total[level] = top[i]
            k, p = 1, dlink[i]
            while p != x:
                k, p = k + 1, dlink[p]
            self.tried[level] = k
            self.cover(i)
            if self.commit_others(x) is False:  # (the loop refuses it: no search chose it)
                self.uncover(i)
                raise PrefixError(x, position)
            self.choice[level] = x
            self.level += 1
        self.floor = self.max_level = self.level
        self.updates = updates

    def prefix(self) -> tuple[int, ...]:
        """The option nodes chosen at levels 0..level-1 (after PREFIX: the subtree's prefix)."""
        return tuple(self.choice[: self.level])

    def share(self) -> float:
        """The part of the tree under the current node, by its way's measure (`levels_progress`
        but with binary branching)."""
        return ways.way_of(self).progress(self)[1]

    def fraction(self) -> float:
        """Knuth's estimate of the part of this search's tree already finished, by its way's
        measure; 1.0 once the search is over."""
        if self.resume == FINISHED:
            return 1.0
        return ways.way_of(self).progress(self)[0]

    def levels_progress(self) -> tuple[float, float]:
        """The progress of a way that branches on an item's options at each level: the part
        finished, the sum over the levels l of (tried_l - 1) / (total_1 ... total_l), which
        never decreases; and the current node's share, 1 / (total_1 ... total_L), as if every
        choice at each level were as large as every other. (Knuth adds half the current leaf's
        share to the first; that term makes the estimate dip whenever the search goes deeper,
        so it is left out.)"""
        done, share = 0.0, 1.0
        for level in range(self.floor, self.level):
            share /= self.total[level]
            done += (self.tried[level] - 1) * share
        return done, share

    @property
    def way_name(self) -> str:
        """The way it runs on now: its row of the table (`ways.WAYS`; C's of the same name)."""
        return ways.way_of(self).name

    @property
    def choice_name(self) -> str:
        """Its item choice: its row of `choice.CHOICES` (C's of the same name)."""
        return self.choice_row.name

    def probe(self, seed: int) -> tuple[tuple[int, ...], bool]:
        """Knuth's random probe: from the current state, choose the item as the search would
        and one of its d options uniformly at random, level after level, until a solution or
        a dead end; then undo it all, on the way the search runs (`ways.probe`). Returns
        (d_0, d_1, ..., d_L) and whether it ended in a solution."""
        unprobed = self.row.unprobed or self.choice_row.unprobed  # (a probe follows MRV's tree)
        if unprobed:
            raise Unsupported(unprobed, "probe one with way='auto'")
        degrees, solved = ways.probe(self, Random(seed))
        return tuple(degrees), solved

    def probe_links(self, random: Random) -> tuple[list[int], bool]:
        """The probe on the links, by its choice row's plain choice (a seeded search's ties go
        to the first item, as in the search)."""
        top, dlink = self.top, self.dlink
        degrees, path = [], []
        while self.rlink[0] != 0:
            i = self.choose_plain()
            degrees.append(top[i])
            if top[i] == 0:
                break
            x = dlink[i]
            for _ in range(random.below(top[i])):
                x = dlink[x]
            self.cover(i)
            if self.commit_others(x) is False:  # refused by the loop: a dead end
                self.uncover(i)
                break
            path.append(x)
        solved = self.rlink[0] == 0 and (self.loop is None or self.loop.complete())
        for x in reversed(path):
            self.uncommit_others(x)
            self.uncover(top[x])
        return degrees, solved

    # -- the search -------------------------------------------------------------------------

    # -- the four steps of run (sets.Sets has the same four on the sets) ---------------------

    def on_links(self) -> Steps:
        """The four steps on the links, at the search's ``level`` (C's links.c): X3 and X4
        (`enter`), X5 (`commit_others`), X6 (`try_next`), X7 (`uncover`), or with the item
        choice of its choice row, `enter_chosen` and `try_next_chosen` (chosen as it started:
        ``links_steps``). Unlike C's, they read the level rather than take it, so that the
        dance's own methods serve as X5 and X7 without a wrapper call per step."""
        return self.links_steps

    def enter(self) -> int:
        """X3 [Choose i.] and X4 [Cover i.]: the node of i's first option to try (i if none),
        by MRV in list order."""
        i, level = self.choose(), self.level
        self.total[level], self.tried[level] = self.top[i], 1
        self.cover(i)
        return self.dlink[i]

    def try_next(self, x: int) -> int:
        """X6 [Try again.]: undo X5's commit_others(x); the next option's node (the item
        itself after the last), in list order."""
        self.uncommit_others(x)
        return self.dlink[x]

    def enter_chosen(self) -> int:
        """`enter` by the search's choice row (a seed, priority items, a rule)."""
        i, level = self.choose(), self.level
        self.total[level], self.tried[level] = self.top[i], 1
        self.cover(i)
        return self.first_option(level, i)

    def try_next_chosen(self, x: int) -> int:
        """`try_next` by the search's choice row."""
        self.uncommit_others(x)
        return self.next_option(self.level, x, self.top[x])

    def visit(self, counting: bool, limit: int) -> int | None:
        """A solution at step X2, counted: the status to stop with, or None to go on."""
        self.solutions += 1
        if not counting:
            return SOLUTION
        if limit and self.solutions >= limit:
            return LIMIT
        return None

    def run(self, steps: int, work: int = 0, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """Search on, for at most ``steps`` more nodes (and, if ``work``, until about that many
        more updates). Returns DONE, SOLUTION, PAUSED, LIMIT or PREFIX.

        With ``counting``, solutions are counted, not returned, until ``limit`` (0: none).
        With ``depth`` >= 0, the search splits: a node at that level that is not a solution is
        not entered (nor counted); PREFIX is returned with ``prefix()`` naming it.

        Which way runs, and when the search moves to the sets, is `ways.run`'s to decide.
        """
        return ways.run(self, steps, work, counting, limit, depth)

    def move_unit(self) -> Move:
        """The search's `Move`, made the first time it is needed (C's sets_start makes its Sets)."""
        if self.move is None:
            self.move = Move()
        return self.move

    @property
    def tallied(self) -> bool:
        """Whether it runs on the sets with tallies, or will when it moves."""
        return self.move is not None and self.move.tallied

    # -- what the units of a search with costs or memo say (the contract's) --------------------

    @property
    def memo_hits(self) -> int:
        """States found in the table (0 without memo)."""
        return memo_stats(self)[0]

    @property
    def memo_lookups(self) -> int:
        """States looked up in the table."""
        return memo_stats(self)[1]

    @property
    def memo_entries(self) -> int:
        """States stored in the table."""
        return memo_stats(self)[2]

    @property
    def memoizing(self) -> bool:
        """Whether the search uses its table now (MEMO_AUTO may drop it)."""
        return memo_stats(self)[3]

    def solution_cost(self) -> int:
        """After SOLUTION, in a search for the cheapest solutions: the solution's cost."""
        return costs_of(self).solution_cost()

    def proven(self) -> list[int]:
        """In a search for the cheapest solutions: the costs of the k best so far."""
        return costs_of(self).proven()

    def diagram_nodes(self) -> tuple[int, bytes]:
        """After a memoized search that builds the diagram is done: its root and its nodes."""
        return diagram_nodes(self)

    def steps(self, steps: int, work: int, counting: bool, limit: int, depth: int, way: Steps,
              visit: Callable[[bool, int], int | None] | None = None) -> int:
        """Steps X2..X8 of Algorithm X, resumable (``resume`` and ``level`` say where the
        search stands), with the four steps that differ between the ways (enter, try an
        option, try the next, backtrack) taken from ``way``: `on_links`, `Sets.steps` or
        `Costs.on_links`; a solution counted by ``visit`` (None: `visit`; the k best's
        `Costs.visit` notes it first)."""
        enter, try_option, try_next, backtrack = way
        visit = self.visit if visit is None else visit
        rlink, choice, n, loop = self.rlink, self.choice, self.n_items, self.loop
        stop = self.nodes + steps
        work_stop = self.updates + self.scanned + work if work else -1
        state = self.resume
        status: int
        while True:
            if state == X2:  # [Enter level l.]
                if self.level == depth and rlink[0] != 0:  # a subtree to hand out
                    state, status = X8, PREFIX
                    break
                if self.nodes >= stop or 0 <= work_stop <= self.updates + self.scanned:
                    status = PAUSED
                    break
                self.nodes += 1
                if self.level > self.max_level:
                    self.max_level = self.level
                if rlink[0] == 0:  # every primary item is covered: visit the solution
                    state = X8
                    if loop is not None and not loop.complete():  # (its edges make no cycle: loop.py)
                        continue
                    visited = visit(counting, limit)
                    if visited is not None:
                        status = visited
                        break
                    continue
                x = choice[self.level] = enter()  # X3 [Choose i.], X4 [Cover i.]
            elif state == X6:  # [Try again.]
                x = choice[self.level] = try_next(choice[self.level])
                self.tried[self.level] += 1
            elif state == X8:  # [Leave level l.]
                if self.level == self.floor:
                    status, state = DONE, FINISHED
                    break
                self.level -= 1
                state = X6
                continue
            else:  # FINISHED
                status = DONE
                break
            # X5 [Try x_l.], after X2 (x_l the first option) or X6 (the next); an option the
            # loop refuses (try_option False, nothing left done: loop.py) is passed over at no node
            while x > n and try_option(x) is False:
                x = choice[self.level] = self.next_option(self.level, x, self.top[x])
                self.tried[self.level] += 1
            if x <= n:  # back at the header: every option of the item was tried
                backtrack(choice[self.level])  # X7 [Backtrack.]
                state = X8
            else:
                self.level += 1
                state = X2
        self.resume = state
        return status

    def option_of(self, x: int) -> int:
        """The number of the option that node x belongs to."""
        return option_number(self.top, x)

    def solution(self) -> tuple[int, ...]:
        """The options chosen at levels 0..level-1 (after SOLUTION: the solution found;
        `ways.solution`)."""
        return ways.solution(self)
