"""What a search did and where it stands: `Stats`, `Progress` and a parallel count's
`Subtrees`, the values every search reports in (here, below `runs` and the compiled matrix,
which both keep them)."""

from __future__ import annotations

import attrs

__all__ = ["Progress", "Stats", "Subtrees", "time_left"]


@attrs.define
class Stats:
    """What a search did; updated as it runs.

    ``nodes`` counts entries into the search procedure (the root, every partial solution and
    every complete one); ``updates`` counts link removals (Knuth's measure of work, givens
    included); ``max_level`` is the deepest level entered (the number of options chosen,
    givens not counted). ``seconds`` is wall-clock time from the start of the search to its
    latest step, the time a consumer spent between solutions included (what ``timeout``
    measures); ``engine_seconds`` is the part of it spent inside the engine (on parallel
    searches: summed over the workers). A memoized count (`Solver.count`'s ``memo``) adds
    ``memo_hits``, the states it found in its table, ``memo_entries``, the states it stored,
    and ``memoized``, whether it counted with the table to the end (an automatic count that
    found memoizing did not pay drops it after a sample and counts on without). ``way`` is
    where the search ran: "links", or "sets" when it moved to the sets of options (see
    ``way=`` of `Solver.solutions`); a parallel search whose subtrees went both ways says
    "mixed"; a race that the SAT solver won says "sat" (the other figures are then those of
    the search it stopped). ``reduced`` says that a count or a listing (``reduce=None``) decided on the way
    to search the problem made smaller by Knuth's preprocessing: these are then that
    search's statistics, but ``seconds``, which runs from the start of the first. A parallel
    count says where its ``subtrees`` stand (`Subtrees`; None for any other search).
    """

    nodes: int = 0
    updates: int = 0
    solutions: int = 0
    max_level: int = 0
    seconds: float = 0.0
    engine_seconds: float = 0.0
    memo_hits: int = 0
    memo_entries: int = 0
    memoized: bool = False
    way: str = "links"
    reduced: bool = False
    subtrees: Subtrees | None = None  # a parallel count: where its subtrees stand


@attrs.frozen
class Subtrees:
    """Where a parallel count stands: its subtrees done (counted, or split where they
    stood), in flight on the workers, and waiting for one; the ``fraction`` of the tree
    done (Knuth's estimate, from the shares of the subtrees left) and the ``remaining``
    seconds it promises (the time so far scaled by it; None before anything is done)."""

    done: int
    running: int
    waiting: int
    fraction: float = 0.0
    remaining: float | None = None


@attrs.frozen
class Progress:
    """What a running search reports to a ``progress`` callback: nodes and solutions so far,
    seconds spent, and ``fraction``, Knuth's estimate of the part of the tree finished (it
    never decreases, and is 1.0 at the end). A parallel count adds its `Subtrees`."""

    nodes: int
    solutions: int
    fraction: float
    seconds: float
    subtrees: Subtrees | None = None

    @property
    def remaining(self) -> float | None:
        """The seconds left, if the rest of the tree goes as fast as the part done (from
        ``fraction``); None before anything is done."""
        return time_left(self.seconds, self.fraction)


def time_left(seconds: float, fraction: float) -> float | None:
    """The seconds left after ``seconds`` with ``fraction`` of the tree done, if the rest goes
    as fast (None before anything is done)."""
    return seconds * (1.0 - fraction) / fraction if fraction > 0.0 else None
