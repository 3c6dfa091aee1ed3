"""Knuth's ``sanity()``: the invariants every step of a search must keep.

DLX1 checks, between steps, that every list is doubly linked and every length is right;
this is the same check, for a `pydlx.Search` or, through its ``arrays``, a search of the C
engine on the links (cdlx/sanity.c is its C twin). `check` raises `InsaneSearch` naming the
first broken invariant:

* the active items' lists (primary from the root 0, secondary from N+1) are doubly linked,
  and an item is on one exactly when its LEN does not carry COVERED (with bounds, an item
  given no more options by a null move is off them too);
* every item's list of nodes is doubly linked, each node's TOP is the item, and LEN (less
  COVERED, for a covered item) is the length of the list;
* every option lies between two spacers (TOP <= 0), its nodes are numbered consecutively,
  and each spacer points to the first node after it and the last node before it.

A pydlx search on the sets (which leaves the links' LENs as they were when it moved) is
checked for the bitset way's invariants instead, at its current level: the active items'
lists doubly linked; at each level below, the option tried is its node's option and in that
level's set, and the next level's set is that set less every option meeting it; no item of a
chosen option is active (with colors: none it covers; those it gives a color, and the
floor's, are the items purified); with tallies, each level's count of an item's options is
right; every option still available has all its items active. On the
sets with bounds (Algorithm M, `pydlx.msets`), at each level below, the move's option is its
node's (-1 for a null move) and in that level's set, and the next level's set lies within
that one; every BOUND is within 0..hi; every option still available has all its items active.

Port: cdlx/sanity.c
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from .pydlx import COVERED
from .pydlx.tally import count

__all__ = ["InsaneSearch", "check"]


class InsaneSearch(AssertionError):
    """A broken invariant of the links (a bug in an engine, never bad input)."""


def check(search: Any) -> None:
    """Raise `InsaneSearch` unless ``search``'s links are sane (see the module docstring)."""
    if not hasattr(search, "llink"):  # the C engine's: a copy of its arrays
        search = SimpleNamespace(n_items=search.n_items, n_primary=search.n_primary, **search.arrays)
    n, n1 = search.n_items, search.n_primary
    active = _horizontal(search, 0, range(1, n1 + 1)) | _horizontal(search, n + 1, range(n1 + 1, n + 1))
    if getattr(search, "way", None) is not None:  # a pydlx search on the sets
        return _bounded_sets(search, active) if search.bounds is not None else _sets(search, active)
    top, bounded = search.top, getattr(search, "bounds", None) is not None
    for i in range(1, n + 1):
        covered = top[i] >= COVERED
        if covered == (i in active) and not (bounded and not covered):  # (a null move deactivates)
            raise InsaneSearch(f"item {i} is {'covered' if covered else 'not covered'} but "
                               f"{'on' if i in active else 'off'} the list of active items")
        length = _vertical(search, i)
        if top[i] - (COVERED if covered else 0) != length:
            raise InsaneSearch(f"item {i}: LEN {top[i] % COVERED} but {length} nodes on its list")
    _spacers(search)


def _ring(forward: list[int], backward: list[int], head: int, names: tuple[str, str]) -> list[int]:
    """The members of the circular list from ``head`` (``forward`` links, which ``backward``
    must mirror), in order; InsaneSearch if a link is not mirrored or the list never closes."""
    members, p = [], head
    while (q := forward[p]) != head:
        if backward[q] != p:
            raise InsaneSearch(f"{names[0]}[{p}] = {q} but {names[1]}[{q}] = {backward[q]}")
        members.append(q)
        if len(members) > len(forward):
            raise InsaneSearch(f"the list from {head} does not come back to it")
        p = q
    if backward[head] != p:
        raise InsaneSearch(f"{names[0]}[{p}] = {head} but {names[1]}[{head}] = {backward[head]}")
    return members


def _horizontal(search: Any, head: int, members: range) -> set[int]:
    found = _ring(search.rlink, search.llink, head, ("rlink", "llink"))
    for q in found:
        if q not in members:
            raise InsaneSearch(f"items: {q} on the list headed by {head}, where it does not belong")
    if len(set(found)) != len(found):
        raise InsaneSearch(f"items: the list headed by {head} holds an item twice")
    return set(found)


def _vertical(search: Any, i: int) -> int:
    nodes = _ring(search.dlink, search.ulink, i, ("dlink", "ulink"))
    for q in nodes:
        if search.top[q] != i:
            raise InsaneSearch(f"item {i}: node {q} on its list has TOP {search.top[q]}")
    return len(nodes)


def _spacers(search: Any) -> None:
    top, ulink, dlink = search.top, search.ulink, search.dlink
    spacer = search.n_items + 1
    while spacer < len(top) - 1:
        first, last = spacer + 1, spacer + 1
        while top[last] > 0:
            last += 1
        if dlink[spacer] != last - 1 or ulink[last] != first:  # (an empty option: both point at spacers)
            raise InsaneSearch(f"the option after spacer {spacer}: nodes {first}..{last - 1}, but "
                               f"dlink[{spacer}] = {dlink[spacer]} and ulink[{last}] = {ulink[last]}")
        spacer = last


def _sets(search: Any, active: set[int]) -> None:
    way, top, opt_start, color = search.way, search.top, search.opt_start, search.dancer.color

    def entries(k: int) -> dict[int, int]:  # item -> color (0: none)
        return {top[q]: color[q] for q in range(opt_start[k], opt_start[k + 1] - 1)}

    def meet(k: int, o: int) -> bool:  # sharing an item, but for one given the same color by both
        theirs = entries(o)
        return any(i in theirs and (c == 0 or theirs[i] != c) for i, c in entries(k).items())

    floor = search.move.floor_colored if search.move is not None else None
    purified = set(floor[1]) if floor is not None else set()
    for level in range(search.floor, search.level):
        k, available = search.option_of(search.choice[level]), way.alive[level]
        if way.option[level] != way.bit(k) or not available >> way.bit(k) & 1:
            raise InsaneSearch(f"level {level}: option {k} is not the one tried there, or not available")
        for i, c in entries(k).items():
            if c:  # (a purified item stays on its list)
                purified.add(i)
            elif i in active:
                raise InsaneSearch(f"level {level}: item {i} of the chosen option {k} is active")
        available = sum(1 << way.bit(o) for o in range(len(opt_start) - 1)
                        if available >> way.bit(o) & 1 and not meet(k, o))
        if way.alive[level + 1] != available:
            raise InsaneSearch(f"level {level + 1}: its set is not level {level}'s less the options meeting {k}")
    if set(way.purified) != purified:
        raise InsaneSearch(f"the items purified are {sorted(way.purified)}, not {sorted(purified)}")
    if way.tally is not None:
        _tallies(search, active)
    _available(search, active)


def _tallies(search: Any, active: set[int]) -> None:
    """With tallies, at each level from the floor up: an active primary item's count its
    options in the level's set, a covered one's TALLY_COVERED (active there: active now, or
    covered by an option chosen at that level or above)."""
    way, top, opt_start, n1 = search.way, search.top, search.opt_start, search.n_primary
    for level in reversed(range(search.floor, search.level + 1)):
        if level < search.level:
            k = search.option_of(search.choice[level])
            active = active | {top[q] for q in range(opt_start[k], opt_start[k + 1] - 1)}
        expected = count(way.alive[level], way.masks, active, n1)
        if way.tally[level] != expected:
            got, wanted = (list(tally.to_bytes(n1, "little")) for tally in (way.tally[level], expected))
            raise InsaneSearch(f"level {level}: its tally is {got}, not {wanted}")


def _available(search: Any, active: set[int]) -> None:
    """Every option available at the search's level has all its items active."""
    way, top, opt_start = search.way, search.top, search.opt_start
    available = way.alive[search.level]
    for k in range(len(opt_start) - 1):
        if available >> way.bit(k) & 1 and not {top[q] for q in range(opt_start[k], opt_start[k + 1] - 1)} <= active:
            raise InsaneSearch(f"option {k} is available but has an item that is not active")


def _bounded_sets(search: Any, active: set[int]) -> None:
    way, n = search.way, search.n_items
    for level in range(search.floor, search.level):
        x, k, available = search.choice[level], way.option[level], way.alive[level]
        if k != -1 if x <= n else search.option_of(x) != k or not available >> k & 1:
            raise InsaneSearch(f"level {level}: option {k} is not the move tried there, or not available")
        if way.alive[level + 1] & ~available:
            raise InsaneSearch(f"level {level + 1}: its set is not within level {level}'s")
    for i in range(1, search.n_primary + 1):
        if not 0 <= search.bounds.bound[i] <= search.dancer.bounds[2 * i - 1]:
            raise InsaneSearch(f"item {i}: BOUND {search.bounds.bound[i]} is not within 0..hi")
    _available(search, active)
