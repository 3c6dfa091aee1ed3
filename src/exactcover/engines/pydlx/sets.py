"""The bitset way: the same search on sets of options instead of links. Its C port is
``cdlx/sets.c``, whose header comment tells the idea; here a set of options is one Python
int (bit k: option k), so covering an item is one ``&``, an item's LEN a ``bit_count``.

A search moves here from the links at step X2 of some level, when its sample says so
(`ways.run`); nothing a caller sees changes but the time: the same item is chosen (MRV,
ties to the first), the options are tried in the same order, and the statistics are equal,
updates included (a cover counts 1 plus, for each option it hides, the option's length less
1). The list of active items stays on ``llink``/``rlink``, updated as the links would
(the item choice walks it; C's sets.c keeps a bitset of the active items instead).

With colors (Algorithm C) nothing changes but what an option meets: on a secondary item it
gives color c, it meets the options that give that item no color or another one, and not
those that give it c (`build`'s conflicts), so that committing an option is still one
AND-NOT. Committing it item by item (`commit_colored`) gives the links' updates: purifying
an item hides the options of other colors (no 1 for the item, which stays on its list), and
a node purified before, which a hide leaves in its list, is not counted; so each option
hidden counts its length less 1 less its nodes on the items purified to its color by then
(`purified`, a stack per level). The links do not say what was purified below the level
where the search moves, so the set and the purified items at the floor are noted when the
sample begins (`colored_floor`).

Without colors or bounds, a search whose sample says its nodes take out few options for
the items active (`ways.run` has the rule) moves here with **tallies**: each level
keeps, beside its set, a byte per primary item, the count of its options in the set (its LEN
on the links; `TALLY_COVERED` once covered): one int, byte j for item j + 1. The item
choice is then the first item with no options, else the first with one (`bytes.find` on the
int's bytes, C's memchr), else the first least count; committing an option makes the next
level's tally from the level's, less each option it takes out (an int with a 1 in the byte
of each of its primary items: one subtraction, where C decrements byte by byte), the
option's own items then set to `TALLY_COVERED` (`Sets.commit_tally`). No byte borrows: each
ends at the count of its item's options left, or at 0 for the option's own items. The same
item is chosen as by the population counts; the list of items is kept as well, for the rest.

Bit k of a set is option k unless `rank_options` orders the bits otherwise (each primary
item's options together, where that keeps every item's options in matrix order): the tables,
`Sets.option` and the levels' sets are by bit, the links and everything a caller sees by
option.

Port: cdlx/csets.c, cdlx/csets.h, cdlx/sets.c, cdlx/sets.h, cdlx/tally.c, cdlx/tally.h, cdlx/lanes.c
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from ..contract import RULE_WEIGHTED_TIES
from .choice import WEIGHT_MAX
from .dance import COVERED, SCAN_SHIFT
from .tables import Tables, build
from .tally import TALLY_COVERED, count, fields, least_weighted, tally_possible

if TYPE_CHECKING:  # (for annotations only: dancer, search need this module)
    from .dancer import Dancer
    from .search import Random, Search, Steps

    #: A memoized count's steps (`Memo.memo_way`): choose (the item and its LEN), cover it
    #: (its first option's node), try the next option, backtrack, commit an option.
    MemoSteps = tuple[Callable[[int], tuple[int, int]], Callable[[int, int], int], Callable[[int], int],
                      Callable[[int], None], Callable[[int], object]]

__all__ = ["SAMPLE_ON_SETS_OPTIONS", "Sets", "colored_floor", "leave_sets", "samples_on_sets"]

#: pydlx takes a search's sample on the sets where a dancer without their tables has at most
#: this many options (building them costs more on larger ones: benchmarks/README.md, pure.py).
SAMPLE_ON_SETS_OPTIONS = 1024
class Sets:
    """A search's state on the sets: the available options at each level, and the option
    tried there; with the four steps of `Search.steps` and the probe."""

    #: Whether `fused.run` runs the search instead of `Search.steps` with these steps (not
    #: with colors nor long options, without `Dancer.other_items`; never for a subclass),
    #: and whether it may (the tests turn it off to run the specification).
    fused, FUSE = False, True

    def __init__(self, search: Search) -> None:
        """Move ``search``, paused at step X2 of its level, to the sets (the dancer's tables
        built). Each level's set follows from the one below and the option chosen there."""
        self.search = s = search
        self.read_tables(s.dancer)
        self.conflicts, self.others = s.dancer.conflicts, s.dancer.other_items()
        self.fused = self.FUSE and not self.colored and bool(self.others) and s.weight is None
        #: Per bit, the first node of its option.
        self.starts = s.opt_start if self.ranked is None else [s.opt_start[k] for k in self.ranked]
        self.alive = [0] * (s.n_primary + 2)
        self.option = [-1] * (s.n_primary + 1)
        #: With colors: per level, how many items were purified before its option was committed.
        self.purified_at = [0] * (s.n_primary + 2)
        #: With tallies: per level, its tally (see the module's docstring), else None; and per
        #: bit, its option's ones and covers in a tally, and the bit as an int (`tally.fields`).
        self.tally: list[int] | None = None
        self.ones: list[int] = []
        self.covers: list[int] = []
        self.bits: list[int] = []
        self.solved = 0  # (with tallies: the tally of a solution, every item covered)
        top, opt_start = s.top, s.opt_start
        if self.colored:
            assert s.move is not None and s.move.floor_colored is not None, "noted at the floor as the sample started (ways.py)"
            floor_set, floor_purified = s.move.floor_colored  # (noted before the ranks were known)
            self.alive[s.floor] = sum(1 << self.bit(k) for k in range(s.dancer.n_options) if floor_set >> k & 1)
            self.purified.update((j, self.same[q]) for j, q in floor_purified.items())
            for level in range(s.floor, s.level):
                k = s.option_of(s.choice[level])
                self.option[level] = self.bit(k)
                self.purified_at[level] = len(self.purified)
                self.alive[level + 1] = self.alive[level] & ~self.conflicts[self.bit(k)]
                for q in range(opt_start[k], opt_start[k + 1] - 1):
                    if self.pristine[q]:
                        self.purified.setdefault(top[q], self.same[q])
            return
        since = self.chosen_items()
        for level in range(s.floor, s.level):
            self.option[level] = self.bit(s.option_of(s.choice[level]))
        self.alive[s.floor] = self.first_set(since)
        for level in range(s.floor, s.level):
            k, available = s.option_of(s.choice[level]), self.alive[level]
            for q in range(opt_start[k], opt_start[k + 1] - 1):
                available &= ~self.masks[top[q]]
            self.alive[level + 1] = available
        if s.tallied:
            self.tallies(since)

    def chosen_items(self) -> set[int]:
        """The items of the options chosen since the floor."""
        s = self.search
        top, opt_start, since = s.top, s.opt_start, set[int]()
        for level in range(s.floor, s.level):
            k = s.option_of(s.choice[level])
            since.update(top[q] for q in range(opt_start[k], opt_start[k + 1] - 1))
        return since

    def tallies(self, since: set[int]) -> None:
        """The tally at the floor, counted from its set (an item is active there if it is now
        or was covered by an option chosen since), and at each level above from the one below."""
        s = self.search
        self.ones, self.covers, self.bits = fields(s.dancer)
        self.solved = int.from_bytes(bytes([TALLY_COVERED]) * s.n_primary, "little")
        available, rlink = self.alive[s.floor], s.rlink
        active = set(since)
        i = rlink[0]
        while i != 0:
            active.add(i)
            i = rlink[i]
        self.tally = [0] * (s.n_primary + 2)
        self.tally[s.floor] = count(available, self.masks, active, s.n_primary)
        for level in range(s.floor, s.level):
            self.commit_tally(level, self.option[level])

    def read_tables(self, dancer: Dancer) -> None:
        """The dancer's masks and classes of option length, as `hidden_updates` reads them;
        with colors, its masks of a node's color and its colors as they were compiled."""
        self.masks, self.classes = dancer.masks, dancer.classes
        self.colored, self.same, self.pristine = dancer.has_colors, dancer.same, dancer.color
        self.rank, self.ranked = dancer.rank, dancer.ranked
        #: With colors: the items purified, each with the options of its color, in order.
        self.purified: dict[int, int] = {}
        #: With options of one length and more than one item, that length less 1, else 0.
        self.uniform = self.classes[0][0] - 1 if len(self.classes) == 1 and self.classes[0][0] > 1 else 0

    def first_set(self, since: set[int]) -> int:
        """The options available where the search began: all but those excluded and those
        with an item covered before (covered now, and not by an option chosen since). (On
        the links an excluded option has none of its nodes linked; one hidden by a cover
        keeps its node on the item covered.)"""
        s = self.search
        top, opt_start, masks = s.top, s.opt_start, self.masks
        available = (1 << s.dancer.n_options) - 1
        for i in range(1, s.n_items + 1):
            if top[i] >= COVERED and i not in since:
                available &= ~masks[i]
        for k in s.excluded:
            if opt_start[k + 1] - 1 > opt_start[k]:  # (an option without items stays)
                available &= ~(1 << self.bit(k))
        return available

    def bit(self, k: int) -> int:
        """Option k's bit in a set of options (`rank_options`)."""
        return k if self.rank is None else self.rank[k]

    # -- covering on the sets -----------------------------------------------------------------

    def cover_in(self, available: int, j: int) -> int:
        """Cover item j in a level's set: count the updates the links would make, take j off
        the list of active items, and return the set without j's options."""
        gone = available & self.masks[j]
        self.search.updates += 1 + self.hidden_updates(gone)
        self.unlink(j)
        return available ^ gone

    def hidden_updates(self, gone: int) -> int:
        """The updates the links make hiding the options ``gone``: each one's length less 1,
        less its nodes purified (which stay in their lists)."""
        n = 0
        for members in self.purified.values():
            n -= (gone & members).bit_count()
        if self.uniform:  # (one length: the common case, without the loop)
            return n + gone.bit_count() * self.uniform
        for length, members in self.classes:
            n += (gone & members).bit_count() * (length - 1)
        return n

    def unlink(self, j: int) -> None:
        """Take item j off the list of active items, as the links' cover does."""
        s = self.search
        left, right = s.llink[j], s.rlink[j]
        s.rlink[left], s.llink[right] = right, left

    def uncover(self, j: int) -> None:
        """Put item j back on the list of active items (the sets need no undoing): X7."""
        s = self.search
        s.rlink[s.llink[j]] = s.llink[s.rlink[j]] = j

    def commit_tally(self, level: int, r: int) -> None:
        """The next level's tally: level's, less the ones of each option in level's set that
        meets option r (bit r), r's own items then covered."""
        tallies = self.tally
        assert tallies is not None, "only a search with tallies commits them"
        tally, ones, bits = tallies[level], self.ones, self.bits
        gone = self.alive[level] & self.conflicts[r]
        while gone:  # (from its highest bit: two operations on long ints fewer than from the lowest)
            b = gone.bit_length() - 1
            tally -= ones[b]
            gone ^= bits[b]
        tallies[level + 1] = tally | self.covers[r]

    def choose_tally(self, level: int) -> tuple[int, int]:
        """Step X3 on a level's tally: the first item with no options, else the first with
        one, else the first least count (none has fewer); and that count. With a weighted
        rule (`Choice.choose_weighted`, `Choice.choose_weighted_ties`), the first without
        options has its WEIGHT grow by one, and the rest is `tally.least_weighted`'s."""
        assert self.tally is not None, "only a search with tallies chooses by them"
        tally, weight = self.tally[level].to_bytes(self.search.n_primary, "little"), self.search.weight
        p = tally.find(0)
        if p >= 0 and weight is not None and weight[p + 1] < WEIGHT_MAX:
            weight[p + 1] += 1
        if p < 0 and weight is None:
            p = tally.find(1)
            p = p if p >= 0 else tally.index(min(tally))
        elif p < 0 and weight is not None:
            p = least_weighted(tally, weight, self.search.tuning.rule == RULE_WEIGHTED_TIES)
        return p + 1, tally[p]

    def choose(self, available: int, level: int) -> tuple[int, int]:
        """Step X3 on a set (level's): the first active primary item with the fewest available
        options, and how many it has."""
        if self.tally is not None:
            return self.choose_tally(level)
        if self.search.weight is not None:
            return self.choose_weighted(available)
        rlink, masks = self.search.rlink, self.masks
        best, least = 0, -1
        i = rlink[0]
        while i != 0:
            c = (available & masks[i]).bit_count()
            if least < 0 or c < least:
                best, least = i, c
                if c == 0:
                    break
            i = rlink[i]
        return best, least

    def choose_weighted(self, available: int) -> tuple[int, int]:
        """Step X3 on a set by a weighted rule (`Choice.choose_weighted`,
        `Choice.choose_weighted_ties`): the first active primary item with no options (its
        WEIGHT then grows by one); else, by the weighted choice, the first with one, else the
        first of least count / WEIGHT; by the weighted ties, the first of the fewest options,
        ties to the heaviest; and that count."""
        rlink, masks, weight = self.search.rlink, self.masks, cast("list[int]", self.search.weight)
        ties = self.search.tuning.rule == RULE_WEIGHTED_TIES
        best, least, forced = 0, 0, 0
        i = rlink[0]
        while i != 0:
            c = (available & masks[i]).bit_count()
            if c == 0:
                if weight[i] < WEIGHT_MAX:
                    weight[i] += 1
                return i, 0
            if ties:
                if best == 0 or c < least or (c == least and weight[i] > weight[best]):
                    best, least = i, c
            elif c == 1:
                forced = forced or i
            elif best == 0 or c * weight[best] < least * weight[i]:
                best, least = i, c
            i = rlink[i]
        return (forced, 1) if forced else (best, least)

    def node_of(self, r: int, i: int) -> int:
        """The node on item i's list of the option of bit r (i itself for r = -1: none left)."""
        if r < 0:
            return i
        top, q = self.search.top, self.search.opt_start[r if self.ranked is None else self.ranked[r]]
        while top[q] != i:
            q += 1
        return q

    # -- the four steps, at the search's level -------------------------------------------------

    def steps(self) -> Steps:
        """The four steps of `Search.steps` on the sets (as `Search.on_links` on the links)."""
        return self.enter, self.try_option, self.try_next, self.uncover

    def enter(self) -> int:
        """X3 and X4: choose an item (its options stay in the level's set, to be tried), count
        its cover, and return the node of its first option (the item itself if none)."""
        s = self.search
        level = s.level
        i, least = self.choose(self.alive[level], level)
        s.total[level], s.tried[level] = least, 1
        return self.cover_first(level, i)

    def try_option(self, x: int, level: int | None = None) -> None:
        """X5: the next level's set (after the search's level, or ``level``): without the
        options of x's item, and those that meet x's option (its conflicts), counting the
        updates of the links' covers (1 per item, and each option hidden once); x's other
        items leave the list in the links' order (so that it is restored alike)."""
        s = self.search
        if level is None:
            level = s.level
        available = self.alive[level] & ~self.masks[s.top[x]]
        if self.colored:
            self.alive[level + 1] = self.commit_colored(x, level, available)
            return
        gone = available & self.conflicts[self.option[level]]
        items = self.other_items(x)
        llink, rlink = s.llink, s.rlink
        for j in items:  # unlink(j), written out
            left, right = llink[j], rlink[j]
            rlink[left], llink[right] = right, left
        s.updates += self.hidden_updates(gone) + len(items)
        self.alive[level + 1] = available ^ gone
        if self.tally is not None:
            self.commit_tally(level, self.option[level])

    def commit_colored(self, x: int, level: int, available: int) -> int:
        """X5 with colors: x's other items committed in the links' order, each taking its
        options out of ``available`` (the next level's set, returned): an item without a
        color covered (1, and each option hidden), one with a color purified unless it is
        already (each option of another color hidden), counting the updates as they go."""
        s = self.search
        top, masks, same, pristine, purified = s.top, self.masks, self.same, self.pristine, self.purified
        self.purified_at[level] = len(purified)
        updates = 0
        for q in self.other_nodes(x):
            j = top[q]
            if not pristine[q]:
                gone = available & masks[j]
                updates += 1 + self.hidden_updates(gone)
                self.unlink(j)
            elif j not in purified:
                gone = available & masks[j] & ~same[q]
                updates += self.hidden_updates(gone)
                purified[j] = same[q]
            else:  # (purified to this color already: the links do nothing)
                continue
            available ^= gone
        s.updates += updates
        return available

    def other_nodes(self, x: int) -> list[int]:
        """The nodes of x's option other than x, in the links' order (right from x)."""
        top, ulink, nodes, p = self.search.top, self.search.ulink, [], x + 1
        while p != x:
            if top[p] <= 0:
                p = ulink[p]
            else:
                nodes.append(p)
                p += 1
        return nodes

    def other_items(self, x: int) -> Sequence[int]:
        """The items of x's option other than x's own, in the links' order (right from x)."""
        if self.others:
            return self.others[x]
        top, ulink, items, p = self.search.top, self.search.ulink, [], x + 1
        while p != x:
            if top[p] <= 0:
                p = ulink[p]
            else:
                items.append(top[p])
                p += 1
        return items

    def try_next(self, x: int) -> int:
        """X6: undo try_option(x); the node of the item's next option (the item after the last)."""
        level, i = self.search.level, self.search.top[x]
        self.uncommit(x, level)
        k = self.option[level] = _lowest(self.alive[level] & self.masks[i], self.option[level])
        return self.node_of(k, i)

    def unlist(self, choices: Sequence[int], level: int) -> None:
        """Put the items of the option nodes ``choices``, chosen at ``level`` and up, back on
        the list of active items, the last first (the links' X6 and X7 for each, the sets
        needing no undoing): back to the list as it was at ``level``."""
        top = self.search.top
        for at in reversed(range(len(choices))):
            self.uncommit(choices[at], level + at)
            self.uncover(top[choices[at]])

    def uncommit(self, x: int, level: int) -> None:
        """Undo try_option(x) at ``level``: the other items covered back on the list, in
        reverse order; with colors, those purified there purified no more."""
        s = self.search
        llink, rlink = s.llink, s.rlink
        if self.colored:
            for q in reversed(self.other_nodes(x)):
                if not self.pristine[q]:
                    j = s.top[q]
                    rlink[llink[j]] = llink[rlink[j]] = j
            while len(self.purified) > self.purified_at[level]:
                self.purified.popitem()
            return
        for j in reversed(self.other_items(x)):  # uncover(j), written out
            rlink[llink[j]] = llink[rlink[j]] = j

    def memo_way(self) -> MemoSteps:
        """A memoized count's steps on the sets (`Memo.memo_way` has them on the links)."""
        return self.choose_length, self.cover_first, self.try_next, self.uncover, self.try_option

    def choose_length(self, level: int) -> tuple[int, int]:
        """X3: the item to branch on at ``level``, and its LEN (the links' choice reads
        as many LENs: the same reads counted, for budgets of work)."""
        self.search.scanned += self.search.n_primary >> SCAN_SHIFT
        return self.choose(self.alive[level], level)

    def cover_first(self, level: int, i: int) -> int:
        """X4 (after `enter`'s choice or `choose_length`): count item i's cover (its options
        stay in the level's set, to be tried), and return the node of its first option (i
        itself if none)."""
        mine = self.alive[level] & self.masks[i]  # (cover_in's count, without taking them out)
        self.search.updates += 1 + self.hidden_updates(mine)
        self.unlink(i)
        k = self.option[level] = _lowest(mine, -1)
        return self.node_of(k, i)

    def probe(self, random: Random) -> tuple[list[int], bool]:
        """Knuth's random probe on the sets (`Search.probe`), all of it undone."""
        s = self.search
        level, degrees, path = s.level, [], []
        while s.rlink[0] != 0:
            available = self.alive[level]
            i, least = self.choose(available, level)
            degrees.append(least)
            if least == 0:
                break
            members = available & self.masks[i]
            k = _lowest(members, -1)
            for _ in range(random.below(least)):
                k = _lowest(members, k)
            self.cover_in(available, i)
            x = self.node_of(k, i)
            path.append(x)
            self.option[level] = k  # (levels the search rewrites as it enters them, as alive)
            self.try_option(x, level)
            level += 1
        solved = s.rlink[0] == 0
        for depth in reversed(range(len(path))):
            self.uncommit(path[depth], s.level + depth)
            self.uncover(s.top[path[depth]])
        return degrees, solved


def samples_on_sets(search: Search) -> bool:
    """Whether pydlx takes a search's sample on the sets, with tallies (C takes it on the
    links): where the matrix can have them, its tables are built or it has at most
    `SAMPLE_ON_SETS_OPTIONS`, and its item choice is MRV's (a tally chooses by MRV: a rule's
    sample there would take another tree than C's on the links). The sample's nodes and
    updates are the same on either; at its
    end the search keeps the tallies, drops them, or goes back to the links (`leave_sets`)."""
    dancer = search.dancer
    return ((dancer.tables == Tables.BUILT or dancer.n_options <= SAMPLE_ON_SETS_OPTIONS) and tally_possible(dancer)
            and not search.choice_row.chosen and build(dancer, as_c=False))


def leave_sets(search: Search) -> None:
    """Back from the sets to the links, at X2 of the search's level: the list of active items
    as it was at the floor, then each level's option committed on the links, as
    `Search.replay` does (their updates counted already)."""
    way, updates, levels, choice = search.way, search.updates, range(search.floor, search.level), search.choice
    assert way is not None, "only a search on the sets leaves them"
    way.unlist(choice[search.floor : search.level], search.floor)
    for level in levels:
        search.cover(search.top[choice[level]])
        search.commit_others(choice[level])
    search.way, search.updates = None, updates


def colored_floor(search: Search) -> tuple[int, dict[int, int]]:
    """At a colored search's floor (after its givens and prefix): the options available
    there (each node on its item's list, no item covered, and a node on an item purified
    purified too; bit k for option k, the ranks being unknown yet) and the items purified,
    each with a node purified on it (of its color).

    An item purified with no other option of its color left leaves no trace here; then no
    option with a primary item has it, and an option without one is never chosen nor hidden
    by another, so it does not matter whether it is counted available."""
    top, ulink, dlink, color, opt_start = search.top, search.ulink, search.dlink, search.color, search.opt_start
    purified: dict[int, int] = {}
    for q in range(search.n_items + 2, len(top)):
        if top[q] > 0 and color[q] < 0:
            purified.setdefault(top[q], q)
    available = 0
    for k in range(search.dancer.n_options):
        for q in range(opt_start[k], opt_start[k + 1] - 1):
            j = top[q]
            if dlink[ulink[q]] != q or top[j] >= COVERED or (j in purified and color[q] >= 0):
                break
        else:
            available |= 1 << k
    return available, purified


def _lowest(members: int, after: int) -> int:
    """The first option after ``after`` (-1: the first of all) in ``members``, or -1."""
    rest = members >> (after + 1)
    return -1 if rest == 0 else after + (rest & -rest).bit_length()
