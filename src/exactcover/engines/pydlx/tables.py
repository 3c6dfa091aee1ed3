"""The bitset way's tables (`pydlx.sets`'s docstring tells the way), made once per dancer,
and whether a search can move there: the masks, classes of option length, conflicts and
ranks of `build`, the limits both engines share; and a search's `Move`, the sample that
decides whether it moves. Their C twin is ``cdlx/tables.c`` (and ``csets.c`` for the
colors).

Port: cdlx/csets.c, cdlx/tables.c, cdlx/ways.c
"""

from __future__ import annotations

import enum
import operator
from typing import TYPE_CHECKING

from ..contract import Where
from .dance import option_number
from .tally import bit_items, tally_possible

if TYPE_CHECKING:  # (for annotations only: dancer, search need this module)
    from .dancer import Dancer
    from .search import Search

__all__ = ["COUNTED", "MAX_CLASSES", "MAX_MASK_WORDS", "TALLIED", "Move", "Tables", "Where", "build", "can_use", "fits",
           "rank_options"]


#: Where a search runs (``Search.where``: `contract.Where`).
LINKS, UNDECIDED, SETS, SAMPLING = Where.LINKS, Where.UNDECIDED, Where.SETS, Where.SAMPLING


class Tables(enum.IntEnum):
    """A dancer's tables for the sets (``Dancer.tables``; C: the same numbers)."""

    CANNOT = -1  #: this matrix cannot use the sets
    NOT_BUILT = 0  #: not built yet (the first search to move there builds them)
    BUILT = 1

#: The updates are counted by option length: at most this many distinct lengths; and the
#: masks take at most this many 64-bit words (the C engine's limits, so both decide alike).
MAX_CLASSES = 16
MAX_MASK_WORDS = 1 << 21


def build(dancer: Dancer, as_c: bool = True) -> bool:
    """The dancer's tables, built once: a mask per item (the options that contain it), one
    per class of option length, with colors one per node of a color (the options that give
    its item its color), and the conflicts (per option, the options it meets: those that
    share an item with it, but for those that give a secondary item the same color). False
    if this matrix cannot use the sets. ``as_c``: where the C engine builds them too (a
    search moving, a batch with tallies), which `Dancer.nbytes` then counts; pydlx also
    builds them for its own samples and memoized counts on the sets."""
    dancer.tables_as_c = dancer.tables_as_c or as_c
    if dancer.tables != Tables.NOT_BUILT:
        return dancer.tables == Tables.BUILT
    dancer.tables = Tables.CANNOT
    opt_start, top, color = dancer.opt_start, dancer.top, dancer.color
    lengths = dict.fromkeys(map(operator.sub, opt_start[1:], map((1).__add__, opt_start[:-1])))  # (in order met)
    if len(lengths) > MAX_CLASSES:
        return False
    dancer.rank, dancer.ranked = rank_options(dancer)
    rank = dancer.rank or range(dancer.n_options)
    masks = [0] * (dancer.n_items + 1)
    classes = dict.fromkeys(lengths, 0)
    tints: dict[tuple[int, int], int] = {}  # (item, color): the options that give it that color
    for k in range(dancer.n_options):
        bit = 1 << rank[k]
        first, end = opt_start[k], opt_start[k + 1] - 1
        for j in top[first:end]:
            masks[j] |= bit
        for q in range(first, end) if dancer.has_colors else ():
            if color[q]:
                tints[top[q], color[q]] = tints.get((top[q], color[q]), 0) | bit
        classes[end - first] |= bit
    if len(tints) * (dancer.n_options // 64 + 1) > MAX_MASK_WORDS:
        return False
    same = [tints[top[q], color[q]] if top[q] > 0 and color[q] else 0 for q in range(len(top))] if tints else [0] * len(top)
    conflicts = [0] * dancer.n_options  # (per bit)
    for k in range(dancer.n_options):
        meets = 0
        if tints:
            for q in range(opt_start[k], opt_start[k + 1] - 1):
                meets |= masks[top[q]] & ~same[q]
        else:  # (no colors: every option sharing an item)
            for j in top[opt_start[k] : opt_start[k + 1] - 1]:
                meets |= masks[j]
        conflicts[rank[k]] = meets
    dancer.masks, dancer.classes, dancer.conflicts = masks, list(classes.items()), conflicts
    dancer.same, dancer.n_tints = same, len(tints)
    dancer.tables = Tables.BUILT
    dancer.bit_items = bit_items(dancer) if tally_possible(dancer) else None
    return True


def rank_options(dancer: Dancer) -> tuple[list[int] | None, list[int] | None]:
    """The order of the options' bits in a set: each option's bit, and each bit's option. By
    each option's first primary item, and in matrix order within it, if that keeps every
    primary item's options in matrix order (the order the search tries them in, which is the
    order of the bits); else, or if that is the matrix order, (None, None): bit k is option
    k. Where options of different items alternate (word squares: a row's word, a column's),
    this puts each item's options together, so that a level's set has fewer nonzero words
    (C's sets.c reads only those). Not with bounds."""
    n, n1, top = dancer.n_options, dancer.n_primary, dancer.top
    if dancer.bounds or n == 0:
        return None, None
    # (primary items are numbered before secondary ones: an option's least item is its first
    # primary one, if it has one)
    first = [min(*items, n1 + 1) if items else n1 + 1 for items in dancer.rows(top)]
    ranked = sorted(range(n), key=first.__getitem__)  # (stable: matrix order within an item)
    rank = [0] * n
    for r, k in enumerate(ranked):
        rank[k] = r
    if rank == list(range(n)):
        return None, None
    for i in range(1, n1 + 1):
        q, last = dancer.dlink[i], -1
        while q != i:
            if rank[option_number(top, q)] < last:
                return None, None
            last, q = rank[option_number(top, q)], dancer.dlink[q]
    return rank, ranked


def can_use(search: Search, budget: int) -> bool:
    """Whether a search could move to the sets (before its first run; C's sets_start, whose
    way's row must move there too: ways.py): not with an item choice that runs on the links
    alone (a seed, priority items: its choice row says) or costs (whose lists are sorted by
    cost, not in option order), and only if its sets `fits`."""
    dancer = search.dancer
    return search.choice_row.sets and not dancer.has_costs and dancer.tables != Tables.CANNOT and fits(dancer, budget)


def fits(dancer: Dancer, budget: int) -> bool:
    """Whether the dancer's sets fit (C's sets_fit): its masks within ``budget`` words
    (n_primary * n_words; 0: never), and a mask per item, a set per level and a row of
    conflicts per option within `MAX_MASK_WORDS`."""
    words, levels = dancer.n_options // 64 + 1, dancer.n_primary + 1  # (levels: Search.max_levels)
    rows = max(dancer.n_items + 1, levels, dancer.n_options)
    return 0 < budget and dancer.n_primary * words <= budget and rows * words <= MAX_MASK_WORDS


#: What a sample says (`ways.sets_pay`), besides 0 (the links): the sets, choosing items by
#: population counts or by tallies.
COUNTED, TALLIED = 1, 2


class Move:
    """A search's move to the sets, before and after it is made (C: the first fields of the
    ``Sets`` unit, begun by sets_start): the sample on the links that decides it, what the sample
    decided, the level of the move, and, with colors, what the move needs noted at the floor."""

    def __init__(self) -> None:
        self.sample_end = self.sample_nodes = self.sample_updates = 0
        self.tallied = False  # whether the move takes tallies (ways.run decides)
        self.moved_at = 0  # the level it moved to the sets at (a rewind needs its floor)
        #: With colors: colored_floor, noted at the floor (ways.py, as its sample starts).
        self.floor_colored: tuple[int, dict[int, int]] | None = None

    def sample(self, search: Search, length: int) -> None:
        """A sample of ``length`` nodes begins now."""
        self.sample_nodes, self.sample_updates, self.sample_end = search.nodes, search.updates, search.nodes + length
