"""N-queens as exact cover, with pre-placed queens and solutions up to symmetry."""

from __future__ import annotations

from typing import Any, cast

import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache

import attrs

from exactcover import (Encoding, GivenAndExcluded, GivensClash, GivensError, Matrix, Problem, ProblemError, ProblemType,
                        Size, UnknownOption, hookimpl)
from exactcover.hookspecs import Register
from exactcover.commandline import Argument, CommandLine, Flag, Option

__all__ = ["Queens", "Placement", "encode", "canonical", "organ_pipe"]


def _squares(placed: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    try:
        squares = tuple((r, c) for r, c in placed)
    except (TypeError, ValueError):
        raise ProblemError("placed must be (row, column) pairs of ints") from None
    for square in squares:  # an int-like (NumPy's) is an int; 0.0 or "0" is not a square
        if not all(hasattr(x, "__index__") and not isinstance(x, bool) for x in square):
            raise ProblemError(f"placed must be (row, column) pairs of ints, not {square!r}")
    return tuple((operator.index(r), operator.index(c)) for r, c in squares)


@attrs.frozen
class Queens(Problem["Placement"]):
    """The n-queens problem on an n×n board; ``placed``: (row, column) squares, from 0, that
    must hold queens; ``distinct``: one solution per class under the board's 8 rotations and
    reflections (not with placed queens)."""

    n: int
    placed: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_squares)
    distinct: bool = False

    def __attrs_post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise ProblemError(f"a board has n >= 1 rows, not {self.n!r}")
        for r, c in self.placed:
            if not (0 <= r < self.n and 0 <= c < self.n):
                raise ProblemError(f"square ({r}, {c}) is off the {self.n}x{self.n} board")
        for k, square in enumerate(self.placed):
            for earlier in self.placed[:k]:
                if _attack(earlier, square):
                    raise ProblemError(f"placed {_attack(earlier, square)}")
        if self.distinct and self.placed:
            raise ProblemError("distinct counts symmetry classes of the empty board; it cannot take placed queens")


def _columns(columns: Iterable[int]) -> tuple[int, ...]:
    return tuple(columns)


@attrs.frozen
class Placement:
    """A solution: ``columns[r]`` is the column of the queen in row r; ``given``: the squares
    of the queens placed beforehand (drawn apart: 'q' in text, ringed in the picture; not
    part of the value, so two placements of the same queens are equal)."""

    columns: tuple[int, ...] = attrs.field(converter=_columns)
    given: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_squares, eq=False)

    def __str__(self) -> str:
        n, given = len(self.columns), set(self.given)
        return "\n".join(" ".join(("q" if (r, c) in given else "Q") if c == col else "." for c in range(n))
                         for r, col in enumerate(self.columns))

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self) -> str:
        """The board as SVG: queens on a chessboard, the placed ones (givens) marked."""
        n, step, given = len(self.columns), 32, set(self.given)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{n * step}" height="{n * step}">']
        for r in range(n):
            for c in range(n):
                fill = "#f0d9b5" if (r + c) % 2 == 0 else "#b58863"
                parts.append(f'<rect x="{c * step}" y="{r * step}" width="{step}" height="{step}" fill="{fill}"/>')
        for r, c in enumerate(self.columns):
            if (r, c) in given:  # a ring and a colour for the queens the problem placed
                parts.append(f'<circle cx="{c * step + step / 2}" cy="{r * step + step / 2}" r="{step * 0.46:.1f}" '
                             f'fill="none" stroke="#c0392b" stroke-width="2.5"/>')
            colour = "#c0392b" if (r, c) in given else "#000"
            parts.append(f'<text x="{c * step + step / 2}" y="{r * step + step * 0.75}" font-size="{step * 0.75:.0f}" '
                         f'text-anchor="middle" fill="{colour}">\u265b</text>')
        parts.append("</svg>")
        return "".join(parts)


def organ_pipe(n: int) -> list[int]:
    """0..n-1 from the middle outward (Knuth's organ-pipe order): 3, 4, 2, 5, 1, 6, 0, 7 for n = 8."""
    middle = (n - 1) // 2
    order = [middle]
    for step in range(1, n):  # (each step's two lines are new: no need to look them up)
        for k in (middle + step, middle - step) if n % 2 == 0 else (middle - step, middle + step):
            if 0 <= k < n:
                order.append(k)
    return order[:n]


@lru_cache(maxsize=8)  # (a matrix keeps its compiled solvers: the latest shapes, not every one)
def matrix(n: int, order: str = "organ-pipe") -> Matrix:
    """Ranks and files primary (``order``: "organ-pipe", interleaved from the middle, or
    "natural"), the 2n-1 + 2n-1 diagonals secondary; the options are the squares (r, c)."""
    lines = organ_pipe(n) if order == "organ-pipe" else list(range(n))
    primary = [item for k in lines for item in (("rank", k), ("file", k))]
    secondary = [("a", s) for s in range(2 * n - 1)] + [("b", s) for s in range(2 * n - 1)]
    options = {(r, c): [("rank", r), ("file", c), ("a", r + c), ("b", r - c + n - 1)] for r in range(n) for c in range(n)}
    return Matrix(primary, options, secondary=secondary)


def encode(problem: Queens) -> Encoding:
    """The board's matrix; placed queens are givens. For ``distinct``, the queen of row 0 is
    kept in the left half (every class has a member there: the smallest one does)."""
    n = problem.n
    exclude = [(0, c) for c in range(n) if c > (n - 1) // 2] if problem.distinct else []
    return Encoding(matrix(n), problem.placed, exclude)


def decode(problem: Queens, solution: tuple[Any, ...]) -> Placement:
    columns = [0] * problem.n
    for r, c in solution:
        columns[r] = c
    return Placement(columns, problem.placed)


def _images(columns: Sequence[int]) -> list[tuple[int, ...]]:
    """The 8 images of a solution under the board's rotations and reflections: each square
    (r, c) goes to a signed swap of its coordinates."""
    n, last = len(columns), len(columns) - 1
    images = []
    for swap in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                image = [0] * n
                for r, c in enumerate(columns):
                    r2, c2 = (c, r) if swap else (r, c)
                    image[last - r2 if flip_r else r2] = last - c2 if flip_c else c2
                images.append(tuple(image))
    return images


def canonical(columns: Sequence[int]) -> bool:
    """Whether a solution is the lexicographically smallest of its 8 images: exactly one
    member of each symmetry class is, symmetric solutions included."""
    columns = tuple(columns)
    return all(columns <= image for image in _images(columns))


def _select(problem: Queens) -> Callable[[tuple[Hashable, ...]], bool] | None:
    if not problem.distinct:
        return None
    def kept(solution: tuple[Hashable, ...]) -> bool:
        return canonical(decode(problem, solution).columns)

    return kept


def _square(text: str) -> tuple[int, int]:
    """``R,C`` (from 0) as a square."""
    try:
        r, c = (int(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f"a square is ROW,COLUMN (from 0), not {text!r}") from None
    return r, c


def _attack(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """How queens on squares ``a`` and ``b`` attack each other, in words (None: they do not)."""
    how = ("the same square" if a == b else "row" if a[0] == b[0] else "column" if a[1] == b[1]
           else "diagonal" if abs(a[0] - b[0]) == abs(a[1] - b[1]) else None)
    return how and f"queens at {a} and {b} attack each other ({how})"


def word_givens(problem: Queens, error: GivensError) -> str | None:
    """Queens given to a search (``givens=``, beside the placed ones) that cannot be, in
    squares: two that attack each other, or a square that is no square of the board."""
    if isinstance(error, GivensClash) and all(isinstance(x, tuple) and len(x) == 2 for x in (error.first, error.second)):
        first, second = cast("tuple[int, int]", error.first), cast("tuple[int, int]", error.second)
        if first == second:
            return f"the queen at {first} is given twice"
        return _attack(first, second)
    if isinstance(error, UnknownOption):
        return f"{error.role} {error.option!r} is no square of the {problem.n}x{problem.n} board: (row, column), from 0"
    if isinstance(error, GivenAndExcluded):
        return f"the queen at {error.option} is both given and excluded"
    return None


@hookimpl
def register_problem_types(register: Register) -> None:
    register(ProblemType(
        name="queens",
        summary="n queens on an n×n board, none attacking another (--distinct: up to symmetry)",
        handles=Queens,
        encode=encode,
        decode=decode,
        select=_select,
        size=lambda problem: Size(problem.n ** 2, 4 * problem.n ** 2),  # a square: rank, file, two diagonals
        command_line=CommandLine(
            [Argument("n", type=int, metavar="N", help="the board's size (N×N, N queens)"),
             Flag("--distinct", help="one solution per class under the board's 8 rotations and reflections"),
             Option("--queen", type=_square, many=True, metavar="R,C",
                    help="a queen placed beforehand, at row R and column C (from 0); may be given again")],
            build=lambda n, distinct, queen=(): Queens(n, placed=queen, distinct=distinct),
            render=lambda problem, placement: str(placement),
            render_line=lambda problem, placement: " ".join(map(str, placement.columns)),
            to_json=lambda problem, placement: list(placement.columns),
            examples=["8 --distinct", "12", "8 --queen 0,0 --queen 1,2"],
        ),
        word_givens=word_givens,
    ))
