"""Generation at scale: many unique, minimal puzzles of a requested grade, fast.

`generate` (generate.py) asks `Solver.is_unique` for every uniqueness check; here a grid and
its checks are three calls on one `exactcover.Checker` (`Solver.checker`) used for every
grid: `Checker.first`, the grid; `Checker.thin`, the clues removed in turn where a check still passes, and
`Checker.unneeded`, whether every clue left is needed (the C engine runs their loops with no
Python between the checks, on the sets with tallies). Each puzzle:

1. a full grid from a seeded random search of the empty grid (`Checker.first`);
2. clues removed in a seeded random order. For the grade "easy" a clue goes if the puzzle
   stays solvable by singles alone: the engine's search then finds its solution without a
   choice (choosing the item with the fewest options, a naked single is a cell with one
   option left and a hidden single a unit's digit with one place left), `thin`'s
   ``forced`` check. Otherwise a clue goes if the puzzle stays unique (a count to 2);
3. the puzzle is kept if it is minimal (every clue left is needed for uniqueness) and has
   the grade asked for (above "easy", `explain`'s grade); else the next grid is tried.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any, cast
import exactcover
from exactcover import ProblemError

from .encoding import matrix_for
from .grid import Sudoku, infer_box

__all__ = ["Generation", "generate_many", "GRADES"]

#: The grades one can ask for: "easy" ... "expert" as `explain` grades them, or "any".
GRADES = ("easy", "medium", "hard", "expert", "any")
#: The node budget of one uniqueness check (a check that runs out keeps its clue).
CHECK_NODES = 1 << 16
#: The first EARLY of every 81 clues tried (where most can go) are tried in groups of GROUP
#: (`Checker.thin`'s group and grouped); the rest one by one. Calibrated in benchmarks/README.md.
GROUP, EARLY = 8, 40


class _Checks:
    """A grid shape's compiled matrix, and the one checker of its grids."""

    def __init__(self, size: int, box: tuple[int, int]) -> None:
        self.size = size
        self.checker = exactcover.Solver(matrix_for(size, *box)).checker()

    def full_grid(self, rng: random.Random) -> list[Any]:
        """A random full grid: its options' labels, (r, c, d) for digit d in row r, column c,
        in the order of its cells."""
        grid = self.checker.first(seed=rng.getrandbits(63))
        if grid is None:  # (never: every box shape's empty grid has solutions)
            raise ProblemError(f"the empty {self.size}×{self.size} grid has no solution")
        cells: list[Any] = [None] * (self.size * self.size)
        for option in cast("tuple[tuple[int, int, int], ...]", grid):
            cells[option[0] * self.size + option[1]] = option
        return cells


def _filled(cells: list[int], n: int, options: Iterable[Any]) -> list[int]:
    """``cells`` with the digit of each option written in its cell (labels (r, c, d): digit d
    in row r, column c)."""
    for r, c, d in options:
        cells[r * n + c] = d
    return cells


def _minimal(checks: _Checks, grid: list[Any], rng: random.Random, by_singles: bool) -> list[int] | None:
    """The grid's clues (its options, in the order of its cells) removed as the module
    docstring says, as cells (0: empty); None if the result is not minimal."""
    n, checker, solution = checks.size, checks.checker, grid[:]
    rng.shuffle(solution)
    kept = checker.thin(solution, forced=by_singles, max_nodes=CHECK_NODES, group=GROUP,
                        grouped=EARLY * len(grid) // 81)
    if by_singles and checker.unneeded(kept, max_nodes=CHECK_NODES) is not None:  # (minimal for singles only)
        return None
    return _filled([0] * len(grid), n, kept)


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
