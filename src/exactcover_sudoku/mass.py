"""Generation at scale: many unique, minimal puzzles of a requested grade, fast.

`generate` (generate.py) goes through the library's front door for every uniqueness check;
here the checks run on the engine's compiled matrix directly (`Solver.dancer`), each one call
on one search object used for them all (`Search.count_with`: a new search of the clues kept,
option numbers, counted to 2 solutions; on the sets with tallies from its floor, so that
nothing of the links is done or undone). Each puzzle:

1. a full grid from a seeded random search of the empty grid;
2. clues removed in a seeded random order. For the grade "easy" a clue goes if the puzzle
   stays solvable by singles alone: the engine's search then never branches (choosing the
   item with the fewest options, a naked single is a cell with one option left and a hidden
   single a unit's digit with one place left), so it visits exactly one node per empty cell
   plus the root, and the check stops after that many. Otherwise a clue goes if the puzzle
   stays unique;
3. the puzzle is kept if it is minimal (every clue left is needed for uniqueness) and has
   the grade asked for (above "easy", `explain`'s grade); else the next grid is tried.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import exactcover
from exactcover import ProblemError, Status

from .encoding import matrix_for
from .grid import Sudoku, infer_box

__all__ = ["Generation", "generate_many", "GRADES"]

#: The grades one can ask for: "easy" ... "expert" as `explain` grades them, or "any".
GRADES = ("easy", "medium", "hard", "expert", "any")
#: The node budget of one uniqueness check (a check that runs out keeps its clue).
CHECK_NODES = 1 << 16


class _Checks:
    """Uniqueness and singles checks on one grid shape's compiled matrix."""

    def __init__(self, size: int, box: tuple[int, int]) -> None:
        self.size = size
        self.dancer: Any = exactcover.Solver(matrix_for(size, *box)).dancer
        self.clues = _Clues(self.dancer.search((), None, (), (), AT_ONCE))  # (every grid's checks)

    def full_grid(self, rng: random.Random) -> list[int]:
        search = self.dancer.search((), rng.getrandbits(63))
        while search.run(1 << 20) != Status.SOLUTION:
            pass
        n, cells = self.size, [0] * (self.size * self.size)
        for option in search.solution():
            cells[option // n] = option % n + 1
        return cells


#: The checks' search may use the sets with tallies at its floor (`Search.count_with` then
#: counts there; contract.tuning: a sample of none). It is
#: exactcover.contract.tuning("sets", after=0, tallies=True), which a plugin does not import.
AT_ONCE = (1 << 40, 0, -1.0, 1e-300)


def _unique(search: Any, clues: list[int]) -> bool:
    status, solutions, _ = search.count_with(clues, 2, CHECK_NODES)
    return bool(status == Status.DONE and solutions == 1)


def _singles(search: Any, clues: list[int], empty: int) -> bool:
    """Whether singles alone solve it: the search finds its one solution down one path."""
    status, solutions, nodes = search.count_with(clues, 2, empty + 2)
    return bool(status == Status.DONE and solutions == 1 and nodes == empty + 1)


class _Clues:
    """One grid's clues: those still to try, in the order they are tried (the next last), and
    those found to stay."""

    def __init__(self, search: Any) -> None:
        self.search = search
        self.kept: list[int] = []
        self.untried: list[int] = []

    def lay(self, order: list[int]) -> None:
        """The clues of ``order`` to try (in that order), and no others."""
        self.kept, self.untried = [], order[::-1]

    def check(self, count: int, passes: Callable[[Any, list[int]], bool]) -> bool:
        """Whether the puzzle passes without the next ``count`` clues: if so they are gone;
        if not and ``count`` is 1, the clue stays."""
        passed = passes(self.search, self.untried[:-count] + self.kept)
        if passed:
            del self.untried[-count:]
        elif count == 1:
            self.kept.append(self.untried.pop())
        return passed


#: The first EARLY of every 81 clues tried (where most can go) are tried in groups of GROUP
#: (see `_minimal`); the rest one by one. The values are calibrated in benchmarks/README.md.
GROUP, EARLY = 8, 40


def _minimal(checks: _Checks, cells: list[int], rng: random.Random, by_singles: bool) -> list[int] | None:
    """The grid's clues removed as the module docstring says; None if the result is not minimal.

    Both tests are monotone: a puzzle that stays unique (or solvable by singles) without a
    set of clues stays so with any of them back. So a group of clues that can all go at once
    goes in one check, with exactly the result of trying them one by one in order; a group
    that cannot is split in two and each half tried the same way."""
    order = list(range(len(cells)))
    rng.shuffle(order)
    n = checks.size
    clues = checks.clues
    clues.lay([k * n + cells[k] - 1 for k in order])
    empty = 0  # the cells emptied so far

    def passes(search: Any, given: list[int]) -> bool:
        return _singles(search, given, empty) if by_singles else _unique(search, given)

    def attempt(count: int) -> None:
        nonlocal empty
        empty += count
        if clues.check(count, passes):
            return
        empty -= count
        if count == 1:  # (it stays)
            return
        attempt(count // 2)
        attempt(count - count // 2)

    grouped = EARLY * len(order) // 81
    for start in range(0, grouped, GROUP):
        attempt(min(GROUP, grouped - start))
    for _ in order[grouped:]:
        attempt(1)
    kept = clues.kept
    for option in kept:
        cells[option // n] = option % n + 1
    removed = set(range(len(cells))) - {option // n for option in kept}
    for k in removed:
        cells[k] = 0
    if by_singles:  # (minimal for singles; for uniqueness too, each clue left must be needed)
        clues.lay(kept)
        for _ in kept:
            if clues.check(1, _unique):
                return None
    return cells


class Generation:
    """The puzzles `generate_many` makes, as an iterator, with how many grids it tried."""

    def __init__(self, count: int, size: int, grade: str, seed: int | None, box: tuple[int, int] | None,
                 tries: int) -> None:
        if grade not in GRADES:
            raise ProblemError(f"grade must be one of {', '.join(GRADES)}, not {grade!r}")
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ProblemError(f"size must be a positive int, not {size!r}")
        self.count, self.grade, self.tries = count, grade, tries
        self.box = infer_box(size) if box is None else box
        self.checks, self.rng = _Checks(size, self.box), random.Random(seed)
        self.tried = self.made = 0  #: grids tried, and puzzles made of them

    def __iter__(self) -> Iterator[Sudoku]:
        from .logic import explain

        missed = 0
        while self.made < self.count:
            self.tried += 1
            cells = _minimal(self.checks, self.checks.full_grid(self.rng), self.rng, by_singles=self.grade == "easy")
            puzzle = None if cells is None else Sudoku.trusted(cells, self.box, [bool(v) for v in cells])
            if puzzle is not None and self.grade not in ("easy", "any") and explain(puzzle).grade != self.grade:
                puzzle = None
            if puzzle is None:
                missed += 1
                if missed >= self.tries:
                    raise ProblemError(f"{self.tries} grids in a row gave no minimal {self.grade} puzzle")
                continue
            missed = 0
            self.made += 1
            yield puzzle

    @property
    def hit_rate(self) -> float:
        """The part of the grids tried that gave a puzzle of the grade asked for."""
        return self.made / self.tried if self.tried else 0.0


def generate_many(count: int, size: int = 9, grade: str = "easy", seed: int | None = None,
                  box: tuple[int, int] | None = None, tries: int = 1000) -> Generation:
    """``count`` unique, minimal puzzles of ``grade`` (see `GRADES`), reproducible by
    ``seed``, as an iterator (`Generation`, which counts the grids tried). ProblemError if
    ``tries`` grids in a row give none of that grade.

    >>> from exactcover_sudoku.mass import generate_many
    >>> [p.is_unique() for p in generate_many(2, seed=1)]
    [True, True]
    """
    return Generation(count, size, grade, seed, box, tries)
