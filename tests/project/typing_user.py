"""A user's script, checked by mypy in tests/project/test_typing.py (not run)."""

import attrs

import exactcover
from exactcover import Problem, ProblemType
from exactcover_queens import Queens
from exactcover_queens.queens import decode, encode
from exactcover_sudoku import Sudoku

reveal_type(exactcover.solve(Queens(8)))  # noqa: F821 -- (mypy's)
reveal_type(exactcover.solve(exactcover.Matrix([1], {"a": [1]})))  # noqa: F821
for grid in exactcover.solutions(Sudoku.parse("." * 81)):
    reveal_type(grid)  # noqa: F821
QUEENS = ProblemType(name="q", summary="-", handles=Queens, encode=encode, decode=decode)


def register_type(kind: ProblemType[Queens, int]) -> None: ...


register_type(QUEENS)  # an error: its answers are Placements


@attrs.frozen
class Box(Problem[list[str]]):
    width: int


reveal_type(exactcover.solve(Box(3)))  # noqa: F821

matrix = exactcover.Matrix([1, 2], {"a": [1], "b": [2]})
exactcover.count(matrix, timout=3)  # an error: the keyword is timeout
exactcover.solve(matrix, engine="fortran")  # an error: not an engine
exactcover.count(matrix, timeout=3, way="sets", memo=True)  # fine
reveal_type(exactcover.read_dlx("A B\nA\nB\n"))  # noqa: F821 -- (a lazily imported name, seen by the checker)
reveal_type(exactcover.Solver(matrix).diagram().count)  # noqa: F821
found = exactcover.solutions(Queens(6))
reveal_type(next(found))  # noqa: F821 -- (a Solutions[Placement]: its answers, and its statistics)
reveal_type(found.stats.nodes)  # noqa: F821
reveal_type(exactcover.solve(matrix, backend="race", reduce=True))  # noqa: F821 -- (not Any)
reveal_type(exactcover.solve(Queens(8), backend="sat"))  # noqa: F821
