"""A first solution by two item choices at once: MRV, and beside it the weighted ties.

On a full count every item choice visits every solution, and MRV's tree is about as small
as any (benchmarks/README.md, hard.py). A first solution is another matter: on a hard
instance (a 16x16 sudoku, a Latin square to complete) a choice that learns from its dead
ends can reach the answer thousands of times sooner, and nothing tells beforehand which
instance is hard. So `Solver.first` with way "auto" searches MRV's tree alone for its first
`HEAD_START` units of work (updates and item reads: `Search.run`'s ``work``), where most
first solutions are found; past it, a second search of the same problem with the weighted
ties (Knuth's SSXCC3: `contract.RULE_WEIGHTED_TIES`) runs beside it, one unit of work for
every `SHARE` of MRV's (half that while MRV runs on the sets and the partner on the links,
since a unit takes about half the time on the sets; the partner moves there too where its
sample says they pay), and the first of the two to answer answers: a solution, or the proof
that there is none.

Work, not time, is shared, so the schedule and the answer are the same on both engines and
on any machine. On a tree MRV finishes first, the partner costs at most 1 / `SHARE` more
work; where the weighted ties finish first, they answer after at most `SHARE` + 1 times
their own work. `Run` steps MRV's search alone to the head start (so that a short search
pays nothing for this), then a `Portfolio` of both, which has the engine search's interface
(`contract.Search`: run, the counts, fraction, solution), as it steps one search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engines import contract
from ..engines.contract import DONE, PAUSED, SOLUTION, Search, Where

__all__ = ["HEAD_START", "SHARE", "Portfolio"]

#: MRV's work alone before the partner starts (2^22 units: about 20 ms in C, a second in pydlx).
HEAD_START = 1 << 22
#: Past the head start, MRV's units of work for each of the partner's.
SHARE = 7
#: The partner's slice of work at a time (MRV's is SHARE times this).
SLICE = 1 << 16
#: The partner's item choice.
PARTNER = contract.Tuning.of("weighted-ties")


def _effort(search: Search | Portfolio) -> int:
    return search.updates + search.scanned


class Portfolio:
    """Two searches of one problem, run in turn for a first solution: MRV's (``main``, its
    head start spent: `Run` makes the portfolio then) and the weighted ties' (made from
    ``start`` at its first turn, which comes first)."""

    def __init__(self, main: Search, start: Callable[[Any], Search]) -> None:
        self.main, self.start = main, start
        self.partner: Search | None = None
        self.winner = main
        # The search whose turn it is, and the work at which its turn ends (an absolute count
        # of its own, so that the turns end at the same nodes however the caller's chunks cut
        # them: the engines stop a run at the first node past its work). MRV's is over.
        self.turn, self.turn_end = main, 0

    # -- the counts Run reads: the sums of both searches', the winner's solution -------------

    @property
    def nodes(self) -> int:
        return self.main.nodes + (self.partner.nodes if self.partner is not None else 0)

    @property
    def updates(self) -> int:
        return self.main.updates + (self.partner.updates if self.partner is not None else 0)

    @property
    def scanned(self) -> int:
        return self.main.scanned + (self.partner.scanned if self.partner is not None else 0)

    @property
    def solutions(self) -> int:
        return self.winner.solutions

    @property
    def max_level(self) -> int:
        return self.winner.max_level

    @property
    def where(self) -> int:
        return self.main.where

    memo_hits = memo_entries = 0
    memoizing = False

    def fraction(self) -> float:
        """The part finished of the search likelier to answer first: the larger of the two."""
        return max(self.main.fraction(), self.partner.fraction() if self.partner is not None else 0.0)

    def solution(self) -> tuple[int, ...]:
        return tuple(self.winner.solution())

    # -- the run ----------------------------------------------------------------------------

    def run(self, steps: int, work: int = 0, counting: bool = False, limit: int = 0, depth: int = -1) -> int:
        """Search on for a first solution, within ``steps`` nodes and ``work`` (0: no limit)
        in all: SOLUTION (the winner's), DONE (none: one search ended without one), or
        PAUSED."""
        stop, work_stop = self.nodes + steps, _effort(self) + work if work else -1
        while True:
            left, room = stop - self.nodes, work_stop - _effort(self) if work else 1 << 62
            if left <= 0 or room <= 0:
                return PAUSED
            turn_left = self.turn_end - _effort(self.turn)
            if turn_left <= 0:  # (the turn is over: the other's, from where it stands)
                self.next_turn()
                continue
            status = self.turn.run(left, min(turn_left, room), False, 0, -1)
            if status in (SOLUTION, DONE):
                self.winner = self.turn
                return status

    def next_turn(self) -> None:
        """The partner's turn after MRV's (the partner made at the first), MRV's after the
        partner's."""
        if self.turn is self.main:
            partner = self.partner = self.start(PARTNER) if self.partner is None else self.partner
            faster = self.main.where == Where.SETS and partner.where != Where.SETS
            self.turn, self.turn_end = partner, _effort(partner) + (SLICE // 2 if faster else SLICE)
        else:
            self.turn, self.turn_end = self.main, _effort(self.main) + SLICE * SHARE
