"""The seed article's baseline: plain backtracking with bitmasks and MRV.

Three masks of used digits, one per row, column and box; at each step the empty cell with the
fewest candidates is filled with each candidate in turn, lowest digit first. No dancing links,
no exact cover: an independent oracle for the tests and "what plain backtracking does" in the
benchmarks.
"""

from __future__ import annotations

from .grid import Sudoku

__all__ = ["backtrack_solve", "backtrack_count"]


class _Backtracker:
    def __init__(self, puzzle: Sudoku) -> None:
        n, (rows, cols) = puzzle.size, puzzle.box
        self.n, self.full = n, (1 << (n + 1)) - 2  # bits 1..n
        self.cells = list(puzzle.cells)
        self.where = [(k // n, k % n, (k // n // rows) * rows + (k % n) // cols) for k in range(n * n)]
        self.row, self.col, self.box = [0] * n, [0] * n, [0] * n
        for k, v in enumerate(self.cells):
            if v:
                r, c, b = self.where[k]
                self.row[r] |= 1 << v
                self.col[c] |= 1 << v
                self.box[b] |= 1 << v
        self.empty = [k for k, v in enumerate(self.cells) if not v]
        self.found = 0
        self.first: list[int] | None = None

    def search(self, limit: int | None) -> bool:
        """Fill the empty cells; returns True when ``limit`` solutions were found."""
        best, best_count, best_mask = -1, self.n + 1, 0
        for k in self.empty:
            if self.cells[k]:
                continue
            r, c, b = self.where[k]
            mask = self.full & ~(self.row[r] | self.col[c] | self.box[b])
            count = mask.bit_count()
            if count < best_count:
                best, best_count, best_mask = k, count, mask
                if count <= 1:
                    break
        if best < 0:  # every cell filled
            self.found += 1
            if self.first is None:
                self.first = list(self.cells)
            return limit is not None and self.found >= limit
        r, c, b = self.where[best]
        while best_mask:
            bit = best_mask & -best_mask  # the lowest candidate
            best_mask ^= bit
            self.row[r] |= bit
            self.col[c] |= bit
            self.box[b] |= bit
            self.cells[best] = bit.bit_length() - 1
            done = self.search(limit)
            self.cells[best] = 0
            self.row[r] ^= bit
            self.col[c] ^= bit
            self.box[b] ^= bit
            if done:
                return True
        return False


def backtrack_solve(puzzle: Sudoku) -> Sudoku | None:
    """The first solution found by plain backtracking, or None."""
    solver = _Backtracker(puzzle)
    solver.search(limit=1)
    return None if solver.first is None else Sudoku.trusted(solver.first, puzzle.box, puzzle.given)


def backtrack_count(puzzle: Sudoku, limit: int | None = None) -> int:
    """The number of solutions (at most ``limit``), by plain backtracking."""
    solver = _Backtracker(puzzle)
    solver.search(limit)
    return solver.found
