"""Puzzle generation: a random full grid, then clues removed while the solution stays unique.

The full grid comes from a seeded random search (dancing links with random tie-breaking and
option order). Such searches are heavy-tailed: most seeds fill a grid at once, a few take
ages, and above 25×25 almost all do; so each try has a node budget, and after `RESTARTS`
stopped tries the full grid is a pattern grid shuffled by the seed (digits relabelled, rows
shuffled within bands and bands among themselves, the same for columns and stacks).

Clues are then removed in a seeded random order (in pairs mirrored through the centre when
``symmetric``), each removal kept only if the puzzle is proven to still have exactly one
solution; a uniqueness check that runs out of its node budget keeps the clue. Every cell is
tried once, so generation always ends, and the puzzle is always uniquely solvable.
"""

from __future__ import annotations

import random

import exactcover
from exactcover import ProblemError

from .grid import Sudoku, infer_box

__all__ = ["generate", "MINIMUM_CLUES"]

#: The fewest clues a uniquely solvable puzzle can have, where it is known.
MINIMUM_CLUES = {4: 4, 6: 8, 9: 17}
#: Random searches for a full grid tried before the shuffled pattern grid.
RESTARTS = 8


def _full_grid(size: int, box: tuple[int, int], rng: random.Random) -> list[int]:
    """A full grid: a random search with a node budget, restarted (see the module docstring)."""
    empty = Sudoku([0] * (size * size), box)
    for _ in range(RESTARTS):
        try:
            full = exactcover.solve(empty, seed=rng.getrandbits(64), max_nodes=20 * size * size)
            assert full is not None  # (an empty grid always has a solution)
            return list(full.cells)
        except exactcover.BudgetExceeded:
            continue
    return _shuffled_pattern(size, box, rng)


def _shuffled_pattern(size: int, box: tuple[int, int], rng: random.Random) -> list[int]:
    """The pattern grid (cols·(r mod rows) + r div rows + c) mod size, whose rows, columns and
    boxes all hold every digit, with its digits, rows and columns shuffled by ``rng`` in ways
    that keep it valid."""
    rows, cols = box

    def in_groups(group: int, groups: int) -> list[int]:  # rows (or columns) in groups of ``group``, shuffled both ways
        order = rng.sample(range(groups), groups)
        return [g * group + k for g in order for k in rng.sample(range(group), group)]

    digits = rng.sample(range(1, size + 1), size)
    row_order, column_order = in_groups(rows, cols), in_groups(cols, rows)
    return [digits[(cols * (r % rows) + r // rows + c) % size] for r in row_order for c in column_order]


def generate(size: int = 9, clues: int | None = None, seed: int | None = None, symmetric: bool = False,
             box: tuple[int, int] | None = None) -> Sudoku:
    """A puzzle with exactly one solution, reproducible by ``seed``.

    ``clues``: stop when the puzzle has this many clues; None removes as many as possible (a
    minimal puzzle for this grid and seed). Asking for fewer clues than any puzzle of this size
    can have fails at once; asking for fewer than this grid and seed allow fails after one pass.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ProblemError(f"size must be a positive int, not {size!r}")
    box = infer_box(size) if box is None else box
    cells = size * size
    if clues is not None:
        least = MINIMUM_CLUES.get(size, 1)
        if not least <= clues <= cells:
            raise ProblemError(f"a uniquely solvable {size}x{size} sudoku has between {least} and {cells} clues, not {clues}")
    rng = random.Random(seed)
    values = _full_grid(size, box, rng)
    order = list(range(cells))
    rng.shuffle(order)
    done: set[int] = set()
    remaining = cells
    for k in order:
        if clues is not None and remaining <= clues:
            break
        group = {k, cells - 1 - k} if symmetric else {k}
        if done & group or (clues is not None and remaining - len(group) < clues):
            continue
        done |= group
        saved = {j: values[j] for j in group}
        for j in group:
            values[j] = 0
        if _unique(Sudoku(values, box), budget=10 * cells):
            remaining -= len(group)
        else:  # not (proven) unique without them: put them back
            for j, value in saved.items():
                values[j] = value
    if clues is not None and remaining > clues:
        raise ProblemError(f"could not get below {remaining} clues with seed {seed!r} (the puzzle was already minimal); try another seed")
    return Sudoku(values, box)


def _unique(puzzle: Sudoku, budget: int) -> bool:
    """Whether ``puzzle`` is proven to have one solution within ``budget`` search nodes."""
    try:
        return exactcover.is_unique(puzzle, max_nodes=budget)
    except exactcover.BudgetExceeded:
        return False
