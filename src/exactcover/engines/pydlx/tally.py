"""The bitset way's tallies (`Sets.commit_tally`, `Sets.choose_tally`; the module docstring
of `pydlx.sets` tells what they are): which matrices can have them, and each option's
primary items. Its C twin is ``cdlx/tally.c`` (and ``tally.h``).

Port: cdlx/tally.c, cdlx/tally.h
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (for annotations only: dancer needs this module)
    from .dancer import Dancer

__all__ = ["MAX_TALLY", "TALLY_COVERED", "TALLY_FLOOR", "TALLY_LINE", "bit_items", "count", "fields", "least_weighted",
           "tally_possible"]

#: A covered item's count in a tally, above any count an item can have: a matrix with a
#: primary item on as many options or more goes without tallies; as do those whose tallies,
#: a row of n_primary rounded up to 64 per level, would pass MAX_TALLY counts (C's limits).
TALLY_COVERED = 255
MAX_TALLY = 1 << 24
#: A sample's updates per node must pass this for a move with tallies, and be at most
#: n_primary * n_words * TALLY_LINE / ratio (ratio: the tuning's; the calibration is in
#: benchmarks/README.md).
TALLY_FLOOR = 12.0
TALLY_LINE = 2.0


def tally_possible(dancer: Dancer) -> bool:
    """Whether searches of ``dancer`` can have tallies (C's tally_possible): no colors, no
    bounds, fewer than `TALLY_COVERED` options on every primary item, not too many counts."""
    n1 = dancer.n_primary
    return (not dancer.has_colors and not dancer.bounds and (n1 + 2) * ((n1 + 63) // 64 * 64) <= MAX_TALLY
            and max(dancer.top[1 : n1 + 1], default=0) < TALLY_COVERED)


def bit_items(dancer: Dancer) -> list[tuple[int, ...]]:
    """Per bit, the primary items of its option (as item - 1: a tally's positions)."""
    n1 = dancer.n_primary
    if dancer.n_items == n1:  # (no secondary items: each option's items as they are)
        rows = dancer.rows(list(map((-1).__add__, dancer.top)))
    else:
        rows = [tuple(i - 1 for i in row if i <= n1) for row in dancer.rows(dancer.top)]
    return rows if dancer.ranked is None else [rows[k] for k in dancer.ranked]


def fields(dancer: Dancer) -> tuple[list[int], list[int], list[int]]:
    """Per bit, its option's primary items as bytes of a tally (byte j: item j + 1): a 1 in
    each, what taking the option out takes off the tally; `TALLY_COVERED` in each, what
    committing it sets; and the bit itself as an int (``1 << r``), what taking it out of a
    set takes off. Made once per dancer."""
    if dancer.tally_fields is None:
        assert dancer.bit_items is not None, "only a matrix that can have tallies has their fields"
        byte = [1 << 8 * j for j in range(dancer.n_primary)]
        ones = [sum(map(byte.__getitem__, items)) for items in dancer.bit_items]
        dancer.tally_fields = ones, [one * TALLY_COVERED for one in ones], [1 << r for r in range(len(ones))]
    return dancer.tally_fields


def count(available: int, masks: list[int], active: set[int], n_primary: int) -> int:
    """A tally counted afresh (C's tally_count): per primary item, its options in the set
    ``available`` if it is in ``active``, else `TALLY_COVERED`."""
    return int.from_bytes(bytes((available & masks[i]).bit_count() if i in active else TALLY_COVERED
                                for i in range(1, n_primary + 1)), "little")


def least_weighted(tally: bytes, weight: list[int], ties: bool) -> int:
    """A weighted rule's choice on a tally with no item without options (C's
    tally_least_weighted, with tally_choose's first 1): the weighted choice's first item with
    one option, else its first of least count / WEIGHT; with ``ties`` (the weighted ties),
    the first of the fewest options, ties to the heaviest."""
    if ties:
        live = [j for j, c in enumerate(tally) if c != TALLY_COVERED]
        return min(live, key=lambda j: (tally[j], -weight[j + 1], j))
    p = tally.find(1)
    if p < 0:  # (count * WEIGHT, ties to the first)
        least, w = 1, 0
        for j, c in enumerate(tally):
            if c != TALLY_COVERED and c * w < least * weight[j + 1]:
                p, least, w = j, c, weight[j + 1]
    return p
