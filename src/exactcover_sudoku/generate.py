"""Puzzle generation: a random full grid, then clues removed while the solution stays unique.

The full grid comes from a seeded random search (dancing links with random tie-breaking and
option order); clues are then removed in a seeded random order (in pairs mirrored through the
centre when ``symmetric``), each removal kept only if the puzzle still has exactly one
solution. Every cell is tried once, so generation always ends.
"""

from __future__ import annotations

import random

import exactcover
from exactcover import ProblemError

from .grid import Sudoku, infer_box

__all__ = ["generate", "MINIMUM_CLUES"]

#: The fewest clues a uniquely solvable puzzle can have, where it is known.
MINIMUM_CLUES = {4: 4, 6: 8, 9: 17}


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
    full = exactcover.solve(Sudoku([0] * cells, box), seed=rng.getrandbits(64))
    values = list(full.cells)
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
        if exactcover.count(Sudoku(values, box), limit=2) == 1:
            remaining -= len(group)
        else:  # not unique without them: put them back
            for j, value in saved.items():
                values[j] = value
    if clues is not None and remaining > clues:
        raise ProblemError(f"could not get below {remaining} clues with seed {seed!r} (the puzzle was already minimal); try another seed")
    return Sudoku(values, box)
