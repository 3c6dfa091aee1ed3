"""Boards, the tiling problem, and its exact cover: a board cell is covered once, each piece
used once (or at most once, or a number of times), and symmetric solutions counted once.

The matrix: every board cell is a primary item; a piece used exactly once is a primary item
too, a piece used at most once a secondary one (Knuth's way), and a piece used between lo and
hi times a primary item with those bounds (the engine's multiplicities). An option is one
placement: the piece's name and the cells it covers, one option per orientation and place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union

import attrs

from exactcover import Matrix, Problem, ProblemError, Size

from .lattice import CUBE, SQUARE, TRIANGLE, Cell, Lattice, Map
from .pieces import Piece, parse_cells

if TYPE_CHECKING:
    from .draw import Tiling  # noqa: F401 -- (the answer type; draw imports this module)

__all__ = ["Board", "Placement", "Polyomino", "encode", "placements", "symmetric_select"]

Placement = tuple[str, tuple[Cell, ...]]  # (piece name, the cells it covers, sorted)


def _cell_set(cells: Iterable[Iterable[int]]) -> tuple[Cell, ...]:
    return tuple(sorted({tuple(int(x) for x in cell) for cell in cells}))


@attrs.frozen
class Board:
    """The cells to cover, on one lattice. Named constructors make the usual shapes;
    `without` cuts holes."""

    cells: tuple[Cell, ...] = attrs.field(converter=_cell_set)
    lattice: Lattice = attrs.field(default=SQUARE, eq=False)

    def __attrs_post_init__(self) -> None:
        if not self.cells:
            raise ProblemError("the board has no cells")

    @classmethod
    def rectangle(cls, rows: int, columns: int) -> Board:
        _check_sides(rows, columns)
        return cls([(r, c) for r in range(rows) for c in range(columns)], SQUARE)

    @classmethod
    def box(cls, x: int, y: int, z: int) -> Board:
        _check_sides(x, y, z)
        return cls([(i, j, k) for i in range(x) for j in range(y) for k in range(z)], CUBE)

    @classmethod
    def triangle(cls, side: int) -> Board:
        """A triangle of triangles, ``side`` on each side (side² cells)."""
        _check_sides(side)
        return cls([(a, b, c) for a in range(side) for b in range(side) for c in range(-side, 0)
                    if a + b + c in (-1, -2)], TRIANGLE)

    @classmethod
    def hexagon(cls, side: int) -> Board:
        """A hexagon of triangles, ``side`` on each side (6·side² cells)."""
        _check_sides(side)
        span = range(-side, side)
        return cls([(a, b, c) for a in span for b in span for c in span if a + b + c in (-1, -2)], TRIANGLE)

    @classmethod
    def rhombus(cls, rows: int, columns: int) -> Board:
        """A parallelogram of ``rows`` × ``columns`` rhombi, each two triangles."""
        _check_sides(rows, columns)
        return cls([(a, -s - a - c, c) for a in range(columns) for c in range(rows) for s in (1, 2)], TRIANGLE)

    @classmethod
    def from_text(cls, text: str, lattice: Lattice = SQUARE) -> Board:
        """A board drawn as text: every character but space and ``.`` is a cell (see
        `parse_cells`; holes are spaces or dots)."""
        cells = [cell for found in parse_cells(text, lattice).values() for cell in found]
        if not cells:
            raise ProblemError("the drawing of the board marks no cell (every character but space and '.' is a cell)")
        return cls(cells, lattice)

    def without(self, holes: Iterable[Iterable[int]]) -> Board:
        holes = _cell_set(holes)
        missing = [hole for hole in holes if hole not in set(self.cells)]
        if missing:
            raise ProblemError(f"the hole {missing[0]} is not a cell of the board")
        return Board([cell for cell in self.cells if cell not in set(holes)], self.lattice)

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


def _check_sides(*sides: int) -> None:
    if any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in sides):
        raise ProblemError(f"a board's sides are whole numbers >= 1, not {sides}")


Bounds = tuple[int, int]


def _bounds(value: int | tuple[int, int]) -> Bounds:
    lo, hi = (value, value) if isinstance(value, int) else value
    if not (isinstance(lo, int) and isinstance(hi, int) and 0 <= lo <= hi):
        raise ProblemError(f"a piece's count is N or (LO, HI) with 0 <= LO <= HI, not {value!r}")
    return (lo, hi)


Counts = Union[Mapping[str, Union[int, Bounds]], Iterable[tuple[str, Union[int, Bounds]]]]


def _counts(counts: Counts) -> tuple[tuple[str, Bounds], ...]:
    items = counts.items() if isinstance(counts, Mapping) else counts
    return tuple((str(name), _bounds(value)) for name, value in items)


def _pieces(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    return tuple(pieces)


@attrs.frozen
class Polyomino(Problem["Tiling"]):
    """Tile ``board`` with ``pieces``.

    * ``counts``: how many times a piece is used, by name: ``N`` or ``(LO, HI)``; a piece not
      named is used exactly once, or at most once with ``at_most``.
    * ``rotations`` and ``reflections``: how a piece may be turned; ``reflections=None`` is
      true in the plane and false for cubes (a solid piece turns but does not reflect).
    * ``distinct``: one solution per class under the board's symmetries (the ones that map
      the pieces onto pieces: with one-sided pieces, the rotations only).
    """

    board: Board
    pieces: tuple[Piece, ...] = attrs.field(converter=_pieces)
    counts: tuple[tuple[str, Bounds], ...] = attrs.field(default=(), converter=_counts)
    at_most: bool = False
    rotations: bool = True
    reflections: bool | None = None
    distinct: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.pieces:
            raise ProblemError("no pieces to tile with")
        names = [piece.name for piece in self.pieces]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ProblemError(f"two pieces are named {twice[0]!r} (use a count to use one piece many times)")
        for piece in self.pieces:
            if piece.lattice is not self.board.lattice:
                raise ProblemError(f"piece {piece.name!r} is made of {piece.lattice.name}s, the board of "
                                   f"{self.board.lattice.name}s")
        unknown = [name for name, _ in self.counts if name not in names]
        if unknown:
            raise ProblemError(f"a count for {unknown[0]!r}, which is not one of the pieces ({' '.join(names)})")
        least = sum(piece.size * self.bounds(piece.name)[0] for piece in self.pieces)
        most = sum(piece.size * self.bounds(piece.name)[1] for piece in self.pieces)
        if not least <= len(self.board.cells) <= most:
            raise ProblemError(f"the board has {len(self.board.cells)} cells, and the pieces cover "
                               f"{least if least == most else f'{least} to {most}'}: no tiling can exist")

    def bounds(self, name: str) -> Bounds:
        """How many times the piece ``name`` is used: (lo, hi)."""
        return dict(self.counts).get(name, (0, 1) if self.at_most else (1, 1))

    @property
    def reflect(self) -> bool:
        return self.board.lattice is not CUBE if self.reflections is None else self.reflections


@lru_cache(maxsize=64)
def placements(problem: Polyomino) -> tuple[Placement, ...]:
    """The options' labels: each orientation of each piece (not counted out) at each place of
    the board where it fits, piece by piece."""
    lattice, cells = problem.board.lattice, set(problem.board.cells)
    found: list[Placement] = []
    for piece in problem.pieces:
        if problem.bounds(piece.name)[1] == 0:
            continue
        for shape in lattice.orientations(piece.cells, problem.rotations, problem.reflect):
            for anchor in problem.board.cells:
                shift = lattice.offset(anchor, shape[0])
                if shift is None:
                    continue
                placed = lattice.shift(shape, shift)
                if all(cell in cells for cell in placed):
                    found.append((piece.name, tuple(sorted(placed))))
    return tuple(found)


def encode(problem: Polyomino) -> Matrix:
    primary: list[Hashable] = list(problem.board.cells)
    secondary: list[Hashable] = []
    bounds: dict[Hashable, Any] = {}
    for piece in problem.pieces:
        lo, hi = problem.bounds(piece.name)
        if hi == 0:
            continue
        if (lo, hi) == (0, 1):
            secondary.append(piece.name)
        else:
            primary.append(piece.name)
            if (lo, hi) != (1, 1):
                bounds[piece.name] = (lo, hi)
    options = {placement: [placement[0], *placement[1]] for placement in placements(problem)}
    return Matrix(primary, options, secondary=secondary, bounds=bounds or None)


def size(problem: Polyomino) -> Size:
    """An upper bound on the matrix's size, from the pieces' orientations (no placing)."""
    lattice, cells = problem.board.lattice, len(problem.board.cells)
    options = sum(len(lattice.orientations(p.cells, problem.rotations, problem.reflect)) * cells for p in problem.pieces)
    return Size(options, options * (1 + max(p.size for p in problem.pieces)))


def symmetric_select(problem: Polyomino) -> Callable[[tuple[Any, ...]], bool] | None:
    """For ``distinct``: keep a solution when it is the least of its images under the board's
    symmetries (as sorted option numbers), so each class is kept exactly once."""
    if not problem.distinct:
        return None
    labels = placements(problem)
    number = {label: k for k, label in enumerate(labels)}
    by_cells: dict[tuple[Cell, ...], list[str]] = {}  # (the same for every symmetry: made once)
    for name, cells in labels:
        by_cells.setdefault(cells, []).append(name)
    uses = {piece.name: problem.bounds(piece.name) for piece in problem.pieces}
    maps = [m for m in (_option_map(g, labels, number, by_cells, uses) for g in problem.board.symmetries()[1:]) if m]

    def canonical(solution: tuple[Any, ...]) -> bool:
        mine = sorted(number[label] for label in solution)
        return all(mine <= sorted(image[k] for k in mine) for image in maps)

    return canonical


def _option_map(g: Map, labels: tuple[Placement, ...], number: dict[Placement, int],
                by_cells: dict[tuple[Cell, ...], list[str]], uses: dict[str, Bounds]) -> list[int] | None:
    """Option k's image under g, as a list; None when g does not map the problem onto itself
    (an image covers no placement, or takes a piece to one used a different number of times).
    ``by_cells``: the pieces placed on each set of cells; ``uses``: each piece's bounds."""
    image: list[int] = []
    renamed: dict[str, str] = {}
    for name, cells in labels:
        moved = tuple(sorted(g(cell) for cell in cells))
        names = by_cells.get(moved, [])
        target = name if name in names else renamed.get(name, names[0] if len(names) == 1 else None)
        if target is None or renamed.setdefault(name, target) != target or \
                uses[target] != uses[name]:
            return None
        image.append(number[(target, moved)])
    return image if len(set(image)) == len(image) else None
