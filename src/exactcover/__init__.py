"""exactcover: exact cover problems solved with Knuth's dancing links.

>>> import exactcover
>>> m = exactcover.Matrix([1, 2, 3, 4, 5], {
...     "S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []})
>>> sorted(exactcover.solutions(m))
[('S1', 'S2'), ('S3', 'S4')]

The engine is a C extension (`ENGINE` == "c") with a pure-Python twin as the fallback.
"""

from .api import count, solutions, solve
from .engines import ENGINE
from .errors import BudgetExceeded, ExactCoverError, GivensError, MatrixError
from .matrix import Matrix, Option
from .solver import Solver, Stats

__version__ = "0.1.0"

__all__ = [
    "ENGINE",
    "BudgetExceeded",
    "ExactCoverError",
    "GivensError",
    "Matrix",
    "MatrixError",
    "Option",
    "Solver",
    "Stats",
    "count",
    "solutions",
    "solve",
]
