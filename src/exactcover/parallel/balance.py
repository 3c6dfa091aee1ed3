"""A subtree's search split again where it stands, so that no task of a count runs long.

A parallel count hands its workers subtrees (`Solver.split`'s prefixes). Some subtrees are
thousands of times larger than others, and a few large ones would set the finish time of
the whole count. So a worker that has searched one subtree for a time slice stops it and
hands back what is left, as new subtrees for any worker to take.

Where a search stands between two chunks, what is left is exact to name. The search is
paused on entering a node at level L (its path x_0 ... x_(L-1), none of that node's subtree
searched yet), and every subtree to the left of that path is done. Left to do:

- the node itself: the prefix x_0 ... x_(L-1);
- at each level l of the subtree's own (from its floor to L - 1), the options of the item
  chosen there that come after x_l: the prefixes x_0 ... x_(l-1) y.

The options after x_l are read from a new search of the prefix x_0 ... x_(l-1), stopped at
depth l + 1 (`Search.run`'s ``depth``). It chooses the same item as the paused search did,
since the item choice depends only on the state there (it is checked: x_l must be among the
options found). The weighted choice and a seed make the choice depend on the search's
history, so those searches are never split; neither is a count that is keeping a table of
states (its table would be lost), nor a search with bounds or costs.

A piece's search replays its prefix without counting updates (`search(prefix=...)`), so the
commit of the option that begins a piece beside the path, which the whole search would have
counted, is counted by the split instead: `rest` returns it with the pieces, and the task
adds it to its own.

Each prefix carries its *share*: the part of the whole tree under it if every choice at
each level were as large as every other (Knuth's measure, as `Search.share`). The shares of
what a split hands back add up to the share of what was left, so the progress of a count
(`Search.fraction` within each subtree) never goes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engines.contract import DONE, PAUSED, PREFIX, RULE_MRV, SOLUTION, Tuning

if TYPE_CHECKING:  # (for annotations only: subtrees needs this module)
    from .subtrees import Job

__all__ = ["Piece", "splittable", "rest"]

#: A subtree to search: its prefix (option nodes, as `Search.prefix`) and its share of the tree.
Piece = tuple[tuple[int, ...], float]

_ENUMERATE = Tuning.of("links")  # (a few nodes each: no sample, no move to the sets)
_ALL = 1 << 62


def splittable(job: Job, search: Any) -> bool:
    """Whether a paused ``search`` of ``job`` can be split where it stands (see the module)."""
    tuning = job.call.tuning
    return not (tuning.rule != RULE_MRV or tuning.binary or job.bounds or job.costs or search.memoizing)


def children(dancer: Any, job: Job, path: Sequence[int]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The prefixes of the children of the node at the end of ``path``, in the search's
    order (none if that node is a solution or a dead end), and the updates counted on the way
    to each from the one before: for every child but the first, the commit of its option;
    and last, those counted after the last child (the options a loop refused there)."""
    search = job.call.plain(_ENUMERATE).start(dancer, path)
    found, updates, before = [], [], 0
    while (status := search.run(_ALL, 0, False, 0, len(path) + 1)) != DONE:
        if status in (PREFIX, SOLUTION):
            found.append(search.prefix())
            updates.append(search.updates - before)
            before = search.updates
        elif status != PAUSED:  # pragma: no cover -- no limit is set, so no other status comes
            raise AssertionError(f"unexpected status {status} while listing children")
    return found, [*updates, search.updates - before]


def rest(dancer: Any, job: Job, search: Any, share: float) -> tuple[list[Piece], int] | None:
    """What a paused ``search`` of a subtree of share ``share`` has left to do, as pieces in
    the order the search would have met them (the node it stands on first), and the updates
    that are the search's own although the pieces will not count them: the commits of the
    options that begin the pieces beside its path, which the search would have made and a
    piece's replay of its prefix does not count. None when it cannot be split
    (`splittable`), or stands on its floor (nothing searched yet)."""
    path, floor = search.prefix(), search.floor
    if len(path) == floor or not splittable(job, search):
        return None
    shares, kids, owed = [share], [], 0  # shares[k]: the share of path[:floor + k]
    for level in range(floor, len(path)):
        found, updates = children(dancer, job, path[:level])
        if not found:
            return None
        index = next((k for k, prefix in enumerate(found) if prefix[-1] == path[level]), None)
        if index is None:  # (another item chosen than the search's: see the module)
            return None
        kids.append(found[index + 1:])
        owed += sum(updates[index + 1:])
        shares.append(shares[-1] / len(found))
    pieces: list[Piece] = [(tuple(path), shares[-1])]
    for k in reversed(range(len(kids))):  # (each child at a level has the share of the one on the path)
        pieces += [(prefix, shares[k + 1]) for prefix in kids[k]]
    return pieces, owed
