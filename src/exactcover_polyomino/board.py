"""Boards: the cells to cover, on one lattice.

A board made by a named constructor (`Board.rectangle`, `box`, `triangle`, `hexagon`,
`rhombus`, `from_text`, and `without` on one of them) knows how many cells it has before it makes them,
and makes them when first asked for: so a problem too large to build (a 5000×5000 board)
is refused by its size (`exactcover_polyomino.tiling.size`) in an instant, instead of
after gigabytes of cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import product
from typing import Any

from exactcover import ProblemError

from .lattice import CUBE, SQUARE, TRIANGLE, Cell, Lattice, Map
from .pieces import check_marks, parse_cells

__all__ = ["Board"]


def _cell_set(cells: Iterable[Iterable[int]]) -> tuple[Cell, ...]:
    return tuple(sorted({tuple(int(x) for x in cell) for cell in cells}))


class Board:
    """The cells to cover, on one lattice: ``Board(cells, lattice)``. Named constructors make
    the usual shapes; `without` cuts holes. ``len(board)`` is its number of cells."""

    def __init__(self, cells: Iterable[Iterable[int]], lattice: Lattice = SQUARE) -> None:
        made = _cell_set(cells)
        members = frozenset(made)
        self._start(len(made), lattice, made, members.__contains__, None)

    def _start(self, size: int, lattice: Lattice, cells: tuple[Cell, ...] | None, has: Callable[[Cell], bool],
               make: Callable[[], Iterator[Cell]] | None) -> None:
        if size == 0:
            raise ProblemError("the board has no cells")
        self.lattice, self._size, self._cells, self._has, self._make = lattice, size, cells, has, make

    @classmethod
    def _shape(cls, size: int, lattice: Lattice, spans: Iterable[range], has: Callable[[Cell], bool]) -> Board:
        """The cells of ``spans``' product that ``has`` keeps: ``size`` of them, made when needed."""
        spans = tuple(spans)
        board = cls.__new__(cls)
        board._start(size, lattice, None, lambda cell: all(x in span for x, span in zip(cell, spans)) and has(cell),
                     lambda: (cell for cell in product(*spans) if has(cell)))
        return board

    @classmethod
    def rectangle(cls, rows: int, columns: int) -> Board:
        _check_sides(rows, columns)
        return cls._shape(rows * columns, SQUARE, (range(rows), range(columns)), lambda cell: True)

    @classmethod
    def box(cls, x: int, y: int, z: int) -> Board:
        _check_sides(x, y, z)
        return cls._shape(x * y * z, CUBE, (range(x), range(y), range(z)), lambda cell: True)

    @classmethod
    def triangle(cls, side: int) -> Board:
        """A triangle of triangles, ``side`` on each side (side² cells)."""
        _check_sides(side)
        return cls._shape(side * side, TRIANGLE, (range(side), range(side), range(-side, 0)), _a_triangle)

    @classmethod
    def hexagon(cls, side: int) -> Board:
        """A hexagon of triangles, ``side`` on each side (6·side² cells)."""
        _check_sides(side)
        span = range(-side, side)
        return cls._shape(6 * side * side, TRIANGLE, (span, span, span), _a_triangle)

    @classmethod
    def rhombus(cls, rows: int, columns: int) -> Board:
        """A parallelogram of ``rows`` × ``columns`` rhombi, each two triangles."""
        _check_sides(rows, columns)
        return cls._shape(2 * rows * columns, TRIANGLE, (range(columns), range(-rows - columns, 0), range(rows)),
                          _a_triangle)

    @classmethod
    def from_text(cls, text: str, lattice: Lattice = SQUARE) -> Board:
        """A board drawn as text: every character but whitespace and ``.`` is a cell (see
        `parse_cells`; holes are spaces or dots). Its cells are counted first and made when
        first needed, as a named shape's are: a drawing too large to search is refused by its
        size without them."""
        marks = check_marks(text, "the board")
        if not marks:
            raise ProblemError("the drawing of the board marks no cell (every character but whitespace and '.' is a cell)")
        made: list[frozenset[Cell]] = []

        def drawn() -> Iterator[Cell]:
            return (cell for found in parse_cells(text, lattice).values() for cell in found)

        def has(cell: Cell) -> bool:
            if not made:
                made.append(frozenset(drawn()))
            return cell in made[0]

        board = cls.__new__(cls)
        board._start(marks, lattice, None, has, drawn)
        return board

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells, sorted (made on first use for a named shape)."""
        if self._cells is None:
            assert self._make is not None
            self._cells = _cell_set(self._make())
        return self._cells

    @property
    def size(self) -> int:
        """The number of cells, however many (``len(board)`` too, up to ``sys.maxsize``: a
        board typed on the command line can be far larger, and is refused by its size)."""
        return self._size

    def __len__(self) -> int:
        return self._size

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, tuple) and len(cell) == self.lattice.dimension and self._has(cell)

    def without(self, holes: Iterable[Iterable[int]]) -> Board:
        """This board with ``holes`` cut out (each must be a cell of it)."""
        cut = _cell_set(holes)
        missing = [hole for hole in cut if hole not in self]
        if missing:
            raise ProblemError(f"the hole {missing[0]} is not a cell of the board")
        gone = set(cut)
        if self._cells is not None:
            return Board([cell for cell in self._cells if cell not in gone], self.lattice)
        board, make, has = Board.__new__(Board), self._make, self._has
        assert make is not None
        board._start(self._size - len(cut), self.lattice, None, lambda cell: cell not in gone and has(cell),
                     lambda: (cell for cell in make() if cell not in gone))
        return board

    def symmetries(self) -> list[Map]:
        """The lattice's symmetries that map the board onto itself (each followed by the
        translation that puts it back), the identity first."""
        lattice, cells = self.lattice, set(self.cells)
        found = []
        anchor = min(self.cells)
        for f in lattice.symmetries():
            image = [f(cell) for cell in self.cells]
            shift = lattice.offset(anchor, min(image))
            if shift is not None and set(lattice.shift(image, shift)) == cells:
                found.append(f.then_shift(shift))
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and len(self) == len(other) and self.lattice is other.lattice \
            and self.cells == other.cells

    def __hash__(self) -> int:
        return hash((self._size, self.cells))

    def __repr__(self) -> str:
        return f"Board({len(self)} cells of the {self.lattice.name} lattice)"

    def __reduce__(self) -> tuple[Any, ...]:
        return Board, (self.cells, self.lattice)


def _a_triangle(cell: Cell) -> bool:
    return sum(cell) in (-1, -2)


def _check_sides(*sides: int) -> None:
    if any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in sides):
        raise ProblemError(f"a board's sides are whole numbers >= 1, not {sides}")
