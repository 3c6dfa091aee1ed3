"""Generation at scale: many unique, minimal puzzles of a requested grade, fast.

`generate` (generate.py) goes through the library's front door for every uniqueness check;
here a grid's checks are two calls on the engine's compiled matrix (`Solver.dancer`), on one
search object used for every grid: `Search.thin`, the clues removed in turn where a check
still passes, and `Search.unneeded`, whether every clue left is needed (the engine's
pydlx/thin.py says how; the C engine runs the loops with no Python between the checks, on the
sets with tallies, so that nothing of the links is done or undone). Each puzzle:

1. a full grid from a seeded random search of the empty grid;
2. clues removed in a seeded random order. For the grade "easy" a clue goes if the puzzle
   stays solvable by singles alone: the engine's search then finds its solution without a
   choice (choosing the item with the fewest options, a naked single is a cell with one
   option left and a hidden single a unit's digit with one place left), `thin`'s forced
   check. Otherwise a clue goes if the puzzle stays unique (a count to 2);
3. the puzzle is kept if it is minimal (every clue left is needed for uniqueness) and has
   the grade asked for (above "easy", `explain`'s grade); else the next grid is tried.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
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
#: The first EARLY of every 81 clues tried (where most can go) are tried in groups of GROUP
#: (`Search.thin`'s group and grouped); the rest one by one. Calibrated in benchmarks/README.md.
GROUP, EARLY = 8, 40
#: The checks' search may use the sets with tallies at its floor (`Search.count_with`, and so
#: `thin` and `unneeded`, then check there: a sample of none).
AT_ONCE = exactcover.contract.Tuning.of("sets", after=0, tallies=True)


class _Checks:
    """A grid shape's compiled matrix, and the one search of its checks."""

    def __init__(self, size: int, box: tuple[int, int]) -> None:
        self.size = size
        self.dancer: Any = exactcover.Solver(matrix_for(size, *box)).dancer
        self.search: Any = self.dancer.search((), None, (), (), AT_ONCE)  # (every grid's checks)

    def full_grid(self, rng: random.Random) -> list[int]:
        search = self.dancer.search((), rng.getrandbits(63))
        while search.run(1 << 20) != Status.SOLUTION:
            pass
        n, cells = self.size, [0] * (self.size * self.size)
        for option in search.solution():
            cells[option // n] = option % n + 1
        return cells


def _minimal(checks: _Checks, cells: list[int], rng: random.Random, by_singles: bool) -> list[int] | None:
    """The grid's clues removed as the module docstring says, as cells (0: empty); None if
    the result is not minimal."""
    order = list(range(len(cells)))
    rng.shuffle(order)
    n, search = checks.size, checks.search
    solution = [k * n + cells[k] - 1 for k in order]
    kept = search.thin(solution, by_singles, CHECK_NODES, GROUP, EARLY * len(order) // 81)
    if by_singles and search.unneeded(kept, CHECK_NODES) is not None:  # (minimal for singles, not for uniqueness)
        return None
    puzzle = [0] * len(cells)
    for option in kept:
        puzzle[option // n] = option % n + 1
    return puzzle


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
