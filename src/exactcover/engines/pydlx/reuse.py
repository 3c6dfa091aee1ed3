"""A search used again (C: ``cdlx/reuse.c``): rewound to its floor as a new search
of the same givens, and givens pushed and popped there, last in first out.

The C engine's checker (a generator's checks of thousands of puzzles of one grid, each a
clue less than the last) and its file of problems as lines keep one search: they push a
problem's givens, run, rewind and pop, instead of making a search (a copy of the arrays,
every given covered again) per problem. pydlx's `checker` and `lines` make a new search per
problem, the result C's must equal; these functions are the specification of C's, and the
tests run them. Only a plain search on the links can be used again: not one with colors,
bounds, costs or a memo, on the sets (unless it moved there at its floor, as
`lines.solve_lines` makes it: its links are as they were there), or of a subtree.

Port: cdlx/reuse.c
"""

from __future__ import annotations

from ..contract import UnknownOption, Unsupported
from .dance import COVERED
from . import ways
from .search import Search

__all__ = ["rewind", "push", "pop"]

def _check(search: Search) -> None:
    if not search.row.takes & ways.TAKES_REWIND:  # (the row it started on: C's search_reusable)
        raise Unsupported("rewinding a search with colors, a loop, bounds, costs, memo or binary branching",
                          "start a new search")
    if not ways.rewindable(search):
        raise Unsupported("rewinding a search on the sets", "search with way='links'")
    if search.floor != 0:
        raise Unsupported("rewinding a search of a subtree (a prefix)", "start a new search")


def rewind(search: Search) -> None:
    """Undo the search's path back to its floor: a new search of the same givens (counts at 0,
    a sample or the weights begun again)."""
    _check(search)
    top, way = search.top, search.way
    if way is not None:  # (moved at the floor: only the items' list to put back, which C's sets leave alone)
        way.unlist(search.choice[search.floor : search.level], search.floor)
    else:
        for level in reversed(range(search.floor, search.level)):
            search.uncommit_others(search.choice[level])
            search.uncover(top[search.choice[level]])
    search.level, search.resume = 0, 2  # (X2)
    search.nodes = search.updates = search.solutions = search.max_level = search.scanned = 0
    ways.rewind(search)
    search.choice_row.reset(search, None)


def push(search: Search, *options: int) -> None:
    """Choose the options as more givens, in turn, at the floor of a rewound (or unrun)
    search; all or none: ValueError if one shares an item with a given or is excluded (then
    those before it are popped again)."""
    for pushed, k in enumerate(options):
        try:
            _push(search, k)
        except Exception:
            for _ in range(pushed):
                _pop(search)
            raise


def _push(search: Search, k: int) -> None:
    _check(search)
    if search.level != 0 or search.resume != 2 or ways.on_sets(search):
        raise Unsupported("pushing a given into a search under way", "rewind it first")
    if not 0 <= k < len(search.opt_start) - 1:
        raise UnknownOption(k, "given")
    top, first = search.top, search.opt_start[k]
    p = first
    while top[p] > 0:
        if top[top[p]] >= COVERED:
            raise ValueError(f"option {k} cannot be pushed: it shares an item with a given (item {top[p] - 1})")
        p += 1
    if top[first] > 0 and search.dlink[search.ulink[first]] != first:  # (items active: only an exclusion)
        raise ValueError(f"option {k} cannot be pushed: it is excluded")
    p = first
    while top[p] > 0:
        search.cover(top[p])
        p += 1
    search.pushed.append(k)


def pop(search: Search, count: int = 1) -> int:
    """Undo the last ``count`` givens pushed: the last option popped (IndexError, and none
    popped, if fewer are pushed)."""
    if count < 1:
        raise ValueError(f"pop: count must be at least 1, not {count}")
    if count > len(search.pushed) or search.level != 0 or search.resume != 2 or ways.on_sets(search):
        raise IndexError("pop: fewer givens pushed, or the search is under way (rewind it first)")
    for _ in range(count):
        k = _pop(search)
    return k


def _pop(search: Search) -> int:
    k = search.pushed.pop()
    top, first = search.top, search.opt_start[k]
    last = first - 1  # (an option without items has nothing to undo)
    while top[last + 1] > 0:
        last += 1
    for q in range(last, first - 1, -1):
        search.uncover(top[q])
    return k
