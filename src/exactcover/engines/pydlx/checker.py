"""A checker: many checks of one matrix's problems with givens, the loops of a puzzle
generator's checks in one call each (C: ``cdlx/checker.c``, with no Python between the checks).

`Dancer.checker` makes one. Its checks run on the sets with tallies from the floor where its
tuning lets a search use the sets and the matrix can have tallies (`lines.tallies_at_hand`),
else on the links; with the tuning's weighted choice or by MRV. Every check is a new search
of its givens, as its result must be; C keeps one search and rewinds it after each check (the
tallies entered from the givens, or the givens pushed and popped: ``cdlx/reuse.c``), so only
a matrix whose searches can be rewound has a checker: not one with colors, bounds or a loop
(Unsupported).

A generator removes clues from a full grid while the puzzle stays unique (or stays solvable by
forced moves alone, the easiest puzzles), then keeps the puzzle if every clue left is needed.
In exact cover terms: the options of a solution are givens, dropped in turn where the search
still has that one solution without them (`thin`); then whether every given left is needed
(`unneeded`). Each check is a new search of the givens at hand (`Checker.count_with`). A
KeyboardInterrupt stops either between checks and leaves the checker as it was (C releases
the GIL for the loop and checks for signals before each check).

Two checks:

- *unique*: without the givens tried, the search still has exactly one solution. The givens
  at hand always have one (the solution), so without one given x that holds exactly when no
  solution of the others leaves x out: a search with x excluded, to a first solution (about
  half the nodes of a count to 2, which finds the solution again first). Without a group, a
  count to 2 finds one solution. Either within ``max_nodes`` nodes (0: no bound); a check
  that runs out keeps what it tried;
- *forced*: the search finds its one solution without a choice, every item it chooses having
  one option left: a count to 2 then visits one node per option it chooses and one for the
  solution, and no more (its budget: that plus one). The C engine walks the forced moves on
  the tallies instead (``tally.c: tally_forced``), the same answer without the count's way
  back up. Forced moves commit options every solution has, so a search without a choice
  proves uniqueness too.

Both checks are monotone: givens that pass still pass with more of them (a forced move stays
forced or is made by a given). So ``grouped`` givens may be tried ``group`` at a time: a group
that can all go goes in one check, with the result of trying them one by one (where no check
runs out of ``max_nodes``); a group that cannot is split in halves, each tried the same way.

Port: cdlx/checker.c
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..contract import DONE, RULE_WEIGHTED, Tuning, refuse
from .lines import new_search, tallies_at_hand

if TYPE_CHECKING:  # (for annotations only: dancer needs this module)
    from .dancer import Dancer

__all__ = ["Checker"]


class Checker:
    """Checks of ``dancer``'s problems with givens (see the module docstring)."""

    def __init__(self, dancer: Dancer, tuning: Tuning | None = None) -> None:
        refuse("checker", *dancer.has)
        self.dancer = dancer
        self.tuning = Tuning() if tuning is None else tuning
        #: Whether the checks start on the tallies (decided once, as C decides it).
        self.tallies = tallies_at_hand(dancer, self.tuning.set_budget)

    def count_with(self, givens: Sequence[int], limit: int, max_nodes: int = 0) -> tuple[int, int, int]:
        """(status, solutions, nodes) of a new search of ``givens`` counting to ``limit``
        solutions within ``max_nodes`` nodes (0: no bound): one call per check for a
        generator. UnknownOption or GivensClash for the givens, as a new search says."""
        if limit < 1 or max_nodes < 0:
            raise ValueError("count_with: limit must be at least 1 and max_nodes >= 0")
        new = new_search(self.dancer, givens, self.tallies, self.tuning.rule == RULE_WEIGHTED)
        status = new.run(max_nodes if max_nodes > 0 else 1 << 62, counting=True, limit=limit)
        return status, new.solutions, new.nodes

    def thin(self, solution: Sequence[int], forced: bool = False, max_nodes: int = 0, group: int = 1,
             grouped: int = 0) -> list[int]:
        """The options of ``solution`` (a solution of the matrix, in the order to try them) kept
        when each is dropped in turn where the check (*forced* if ``forced``, else *unique*; see
        the module docstring) still passes without it and those dropped before: the first
        ``grouped`` tried ``group`` at a time. The options kept, in the order tried. ValueError
        if the options are not a solution (a forced check of them all fails)."""
        if max_nodes < 0 or group < 1 or grouped < 0:
            raise ValueError("thin: max_nodes and grouped must be >= 0 and group >= 1")
        n = len(solution)
        untried, kept = list(solution)[::-1], list[int]()  # (the next to try last)

        def passes(count: int, forced: bool) -> bool:
            givens = untried[: len(untried) - count] + kept
            if count == 1 and not forced:
                return self._none_without(givens, untried[-1], max_nodes)
            depth = n - len(givens)  # (the options a search without a choice chooses)
            steps = depth + 2 if forced else max_nodes
            status, solutions, nodes = self.count_with(givens, 2, steps)
            return status == DONE and solutions == 1 and (not forced or nodes == depth + 1)

        def attempt(count: int) -> None:
            if passes(count, forced):
                del untried[len(untried) - count :]
            elif count == 1:
                kept.append(untried.pop())
            else:
                attempt(count // 2)
                attempt(count - count // 2)

        if not passes(0, True):  # (every option given: a solution at the root)
            raise ValueError("thin: the options are not a solution of the matrix")
        end = min(grouped, n)
        for start in range(0, end, group):
            attempt(min(group, end - start))
        while untried:
            attempt(1)
        return kept

    def _none_without(self, givens: Sequence[int], option: int, max_nodes: int) -> bool:
        """Whether no solution of ``givens`` leaves ``option`` out: a new search of them with it
        excluded finds none within ``max_nodes`` nodes (0: no bound)."""
        new = new_search(self.dancer, givens, self.tallies, self.tuning.rule == RULE_WEIGHTED, excluded=(option,))
        return new.run(max_nodes if max_nodes > 0 else 1 << 62, counting=True, limit=1) == DONE and new.solutions == 0


    def unneeded(self, givens: Sequence[int], max_nodes: int = 0) -> int | None:
        """The position of the first of ``givens`` (which have exactly one solution) that the
        checker does without: without it alone, still that one solution. None if it needs every
        one. Each check searches the others with the given excluded, to a first solution within
        ``max_nodes`` nodes (0: no bound; one that runs out keeps the given): a solution of the
        others is that one or leaves the given out, so the given is needed exactly when one
        leaves it out. ValueError if the givens do not have exactly one solution (a count to 2
        within ``max_nodes``)."""
        if max_nodes < 0:
            raise ValueError("unneeded: max_nodes must be >= 0")
        status, solutions, _ = self.count_with(givens, 2, max_nodes)
        if status != DONE or solutions != 1:
            raise ValueError("unneeded: the givens do not have exactly one solution (within max_nodes nodes)")
        for g, k in enumerate(givens):
            if self._none_without([*givens[:g], *givens[g + 1 :]], k, max_nodes):
                return g
        return None
