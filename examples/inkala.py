"""Solve Arto Inkala's "world's hardest sudoku" as an exact cover problem.

Shows the engine's plain API on a real job: build the 324-item, 729-option sudoku matrix of
the seed article, give the 21 clues as givens, solve, and print the grid with the search's
statistics. (The sudoku plugin will do all of this for any size; this is the long hand.)
"""

from __future__ import annotations

import exactcover
from exactcover import Matrix, Solver

PUZZLE = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def sudoku_matrix() -> Matrix:
    """Items: each cell filled, each digit once per row, column and box. Options: (r, c, d)."""
    primary = [(kind, a, b) for kind in ("cell", "row", "col", "box") for a in range(9) for b in range(9)]
    options = {
        (r, c, d): [("cell", r, c), ("row", r, d - 1), ("col", c, d - 1), ("box", (r // 3) * 3 + c // 3, d - 1)]
        for r in range(9)
        for c in range(9)
        for d in range(1, 10)
    }
    return Matrix(primary, options)


def main() -> None:
    solver = Solver(sudoku_matrix())
    clues = [(k // 9, k % 9, int(ch)) for k, ch in enumerate(PUZZLE) if ch != "."]
    solution = solver.first(givens=clues)
    digits = {(r, c): d for r, c, d in solution}
    for r in range(9):
        print(" ".join(str(digits[r, c]) for c in range(9)))
    nodes = solver.stats.nodes
    # The seed article counts 1493 nodes for this puzzle: it enters each clue as the only
    # option of its cell, which the search then chooses, one node per clue. Here the clues are
    # givens, placed before the search starts, so the same search takes 21 nodes fewer.
    print(f"first solution in {nodes} search nodes (the seed article's {nodes + len(clues)}, less one "
          f"node for each of the {len(clues)} clues, which are givens here); unique: {solver.is_unique(givens=clues)}")
    print(f"engine: {exactcover.ENGINE}")


if __name__ == "__main__":
    main()
