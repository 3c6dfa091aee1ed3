"""Small problem builders shared by the tests and the benchmarks.

These follow the seed articles' encodings exactly; the sudoku and queens plugins (later
issues) will offer the user-facing versions.
"""

from __future__ import annotations

import random

from exactcover import Matrix

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
INKALA_SOLUTION = (
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

#: Inkala's puzzle without its clues at r5c6 and r9c7: exactly 8008 solutions. It stands in
#: for the seed article's 8008-solution puzzle, whose text is not in our materials.
PUZZLE_8008 = INKALA[:41] + "." + INKALA[42:78] + "." + INKALA[79:]


def sudoku_matrix(puzzle: str | None = None) -> Matrix:
    """The seed article's 9×9 sudoku matrix.

    Items: cell (r, c), row-digit, column-digit, box-digit, numbered 0..323 at offsets
    0/81/162/243. Options: (r, c, d) in ascending order, each covering its cell, row-digit,
    column-digit and box-digit items in that order. With ``puzzle``, a clue cell keeps only
    the option of its clue (the article's way of entering a puzzle).
    """
    options = {}
    for r in range(9):
        for c in range(9):
            clue = puzzle[9 * r + c] if puzzle else "."
            for d in range(1, 10):
                if clue not in ".0" and int(clue) != d:
                    continue
                box = (r // 3) * 3 + c // 3
                options[(r, c, d)] = [9 * r + c, 81 + 9 * r + d - 1, 162 + 9 * c + d - 1, 243 + 9 * box + d - 1]
    return Matrix(range(324), options)


def sudoku_givens(puzzle: str) -> list[tuple[int, int, int]]:
    """The clues of ``puzzle`` (81 characters, '.' or '0' for a blank) as option labels."""
    return [(k // 9, k % 9, int(ch)) for k, ch in enumerate(puzzle) if ch not in ".0"]


def queens_matrix(n: int) -> Matrix:
    """N-queens: ranks and files primary, the 2n-1 + 2n-1 diagonals secondary.

    Options are the squares (r, c) in row-major order; a solution is a set of squares.
    """
    primary = [("rank", r) for r in range(n)] + [("file", c) for c in range(n)]
    secondary = [("a", s) for s in range(2 * n - 1)] + [("b", s) for s in range(2 * n - 1)]
    options = {
        (r, c): [("rank", r), ("file", c), ("a", r + c), ("b", r - c + n - 1)]
        for r in range(n)
        for c in range(n)
    }
    return Matrix(primary, options, secondary=secondary)


def word_squares(size: int, words: int, letters: str, seed: int) -> Matrix:
    """size x size word squares from a random dictionary: a word per row and per column
    (primary), each cell a secondary item colored by its letter."""
    rng = random.Random(seed)
    dictionary = sorted({"".join(rng.choice(letters) for _ in range(size)) for _ in range(words)})
    options = []
    for word in dictionary:
        for r in range(size):
            options.append({f"row{r}": None, **{f"x{r}{c}": word[c] for c in range(size)}})
            options.append({f"col{r}": None, **{f"x{c}{r}": word[c] for c in range(size)}})
    primary = [f"row{r}" for r in range(size)] + [f"col{c}" for c in range(size)]
    cells = [f"x{r}{c}" for r in range(size) for c in range(size)]
    return Matrix(primary, options, secondary=cells)


#: A small matrix that Knuth's preprocessing reduces (the reduction's docstring's, with
#: secondary items): a count or a listing can start again on the reduced problem.
SMALL = Matrix(list("ABCDE"), [list("CEF"), list("ADG"), list("BCF"), list("AD"), list("BG"), list("DEG")],
               secondary=list("FG"))
