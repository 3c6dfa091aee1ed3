"""exactcover_sudoku: the ``sudoku`` problem type for exactcover.

>>> import exactcover
>>> from exactcover_sudoku import Sudoku
>>> puzzle = Sudoku.parse("8..........36......7..9.2...5...7......."
...                       "457.....1...3...1....68..85...1..9....4..")
>>> exactcover.solve(puzzle).to_line()[:9]
'812753649'

Every size (n×n grids with boxes of rows × cols = n), validation that names the cells at
fault, human-style logic with explanations and grades, a generator of unique puzzles, and the
seed article's bitmask backtracking as a baseline. A plugin like any other: it imports only
public exactcover names and registers through the ``exactcover`` entry-point group.
"""

from .backtrack import backtrack_count, backtrack_solve
from .encoding import matrix_for
from .generate import generate
from .grid import InvalidPuzzle, Sudoku
from .logic import Explanation, HybridResult, Step, explain, solve_hybrid
from .variant_generate import generate_variant
from .variant_text import format_variant, parse_extras, parse_jigsaw, parse_killer, parse_samurai
from .variants import Cage, Jigsaw, Killer, Samurai, Variant

__all__ = [
    "Cage",
    "Explanation",
    "Jigsaw",
    "Killer",
    "Samurai",
    "Variant",
    "HybridResult",
    "InvalidPuzzle",
    "Step",
    "Sudoku",
    "backtrack_count",
    "backtrack_solve",
    "explain",
    "format_variant",
    "generate",
    "generate_variant",
    "matrix_for",
    "parse_extras",
    "parse_jigsaw",
    "parse_killer",
    "parse_samurai",
    "solve_hybrid",
]
