"""The three lattices pieces live on: squares (polyominoes), triangles (polyiamonds) and
cubes (polycubes). A cell is a tuple of ints; a lattice knows its symmetries, its
translations, how text draws cells, and (in the plane) where a cell's corners are.

Squares are ``(row, column)``; cubes ``(x, y, z)``. A triangle is ``(a, b, c)``: the strips
it lies in along the lattice's three directions. Points of the plane have three coordinates
``x1 + x2 + x3 = 0`` (one per direction, each an integer on that direction's lines), and a
triangle is where ``a <= x1 < a + 1`` and so on, so ``a + b + c`` is -2 (pointing up) or -1
(pointing down). The lattice's 12 symmetries are then the permutations of the three
coordinates (even ones rotate, odd ones reflect), each with or without the half turn
``x -> -x``, which takes the strip ``a`` to ``-1 - a``; its translations add ``(i, j, k)``
with ``i + j + k = 0``. (This is the coordinate system of the "triangle strips" description
of the triangular grid; the formulas below follow from it.)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

import attrs

__all__ = ["CUBE", "SQUARE", "TRIANGLE", "Lattice", "Map"]

Cell = tuple[int, ...]


@attrs.frozen
class Map:
    """A symmetry of a lattice: ``cell[i] -> signs[i] * cell[perm[i]] + offset[i]``, a signed
    permutation of the coordinates and a translation (every symmetry of the three lattices
    has this form); ``rotation``: whether it turns rather than reflects."""

    perm: tuple[int, ...]
    signs: tuple[int, ...]
    offset: tuple[int, ...]
    rotation: bool = True

    def __call__(self, cell: Cell) -> Cell:
        return tuple(s * cell[p] + o for p, s, o in zip(self.perm, self.signs, self.offset))

    def then_shift(self, by: Cell) -> Map:
        """This map followed by the translation ``by``."""
        return attrs.evolve(self, offset=tuple(o + b for o, b in zip(self.offset, by)))


def _permutation_parity(perm: Sequence[int]) -> int:
    return sum(1 for i in range(len(perm)) for j in range(i + 1, len(perm)) if perm[i] > perm[j]) % 2


def _axis_maps(dimension: int) -> list[Map]:
    """Every permutation of the axes with every choice of signs: the symmetries of the square
    (8) or the cube (48); the rotations have determinant +1."""
    return [Map(perm, signs, (0,) * dimension, (_permutation_parity(perm) == 0) == (math.prod(signs) == 1))
            for perm in itertools.permutations(range(dimension))
            for signs in itertools.product((1, -1), repeat=dimension)]


def _triangle_maps() -> list[Map]:
    """The permutations of a triangle's strips, each with and without the half turn (strip
    a -> -1 - a); the even permutations rotate, and so does the half turn."""
    maps = []
    for perm in itertools.permutations(range(3)):
        rotation = _permutation_parity(perm) == 0
        maps += [Map(perm, (1, 1, 1), (0, 0, 0), rotation), Map(perm, (-1, -1, -1), (-1, -1, -1), rotation)]
    return maps


class Lattice:
    """One lattice: its name, the dimension of its cells' space, and its symmetries."""

    def __init__(self, name: str, dimension: int, maps: list[Map]) -> None:
        self.name, self.dimension, self._maps = name, dimension, maps

    def __repr__(self) -> str:
        return f"<lattice {self.name}>"

    def __reduce__(self) -> str:
        return self.name.upper()  # (pickled as the module's constant of that name)

    def symmetries(self, rotations: bool = True, reflections: bool = True) -> list[Map]:
        """The maps of cells a piece may be moved by, the identity first: every symmetry; the
        rotations only; without rotations, the piece as drawn and (``reflections``) its
        mirror image (columns mirrored); or the identity alone."""
        if rotations:
            return [f for f in self._maps if f.rotation or reflections]
        return [self._maps[0], *([self.mirror] if reflections else [])]

    @property
    def mirror(self) -> Map:
        """A drawing seen in a mirror: columns reversed (for triangles, across a vertical
        line the two slanted directions swap)."""
        if self.name == "triangle":
            return Map((1, 0, 2), (1, 1, 1), (0, 0, 0), rotation=False)
        if self.name == "square":
            return Map((0, 1), (1, -1), (0, 0), rotation=False)
        return Map((0, 1, 2), (-1, 1, 1), (0, 0, 0), rotation=False)

    def shift(self, cells: Iterable[Cell], by: Cell) -> tuple[Cell, ...]:
        return tuple(tuple(x + d for x, d in zip(cell, by)) for cell in cells)

    def offset(self, to: Cell, start: Cell) -> Cell | None:
        """The translation taking ``start`` to ``to``, or None if no translation does (a
        triangle pointing up never goes to one pointing down)."""
        offset = tuple(a - b for a, b in zip(to, start))
        return None if self.name == "triangle" and sum(offset) != 0 else offset

    def normalize(self, cells: Iterable[Cell]) -> tuple[Cell, ...]:
        """The cells translated to a standard place, sorted: two shapes are translates of
        each other exactly when their normal forms are equal."""
        cells = list(cells)
        if self.name == "triangle":
            da, db = min(c[0] for c in cells), min(c[1] for c in cells)
            shift: Cell = (-da, -db, da + db)
        else:
            shift = tuple(-min(c[i] for c in cells) for i in range(self.dimension))
        return tuple(sorted(self.shift(cells, shift)))

    def orientations(self, cells: Iterable[Cell], rotations: bool = True, reflections: bool = True) -> list[tuple[Cell, ...]]:
        """The distinct normal forms of a shape under the chosen symmetries."""
        cells = tuple(cells)
        seen: dict[tuple[Cell, ...], None] = {}
        for f in self.symmetries(rotations, reflections):
            seen.setdefault(self.normalize(f(cell) for cell in cells))
        return list(seen)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells that share a side (a face) with ``cell``."""
        if self.name == "triangle":
            a, b, c = cell
            step = 1 if a + b + c == -2 else -1
            return [(a + step, b, c), (a, b + step, c), (a, b, c + step)]
        return [tuple(x + (d if i == axis else 0) for i, x in enumerate(cell))
                for axis in range(self.dimension) for d in (1, -1)]

    # -- text and pictures (the plane) -----------------------------------------------------------

    def cell_at(self, row: int, column: int, layer: int = 0) -> Cell:
        """The cell that a text drawing's character at (row, column), in layer ``layer``, stands for."""
        if self is CUBE:
            return (column, row, layer)
        if self is SQUARE:
            return (row, column)
        x, y = column / 2 + 0.5, row + (2 / 3 if (row + column) % 2 == 0 else 1 / 3)
        return (math.floor(x - y / 2 - 0.5), math.floor(-x - y / 2 + 0.5), row)

    def text_position(self, cell: Cell) -> tuple[int, int, int]:
        """Where a cell is drawn in text: (layer, row, column); the inverse of `cell_at`."""
        if self is CUBE:
            return (cell[2], cell[1], cell[0])
        if self is SQUARE:
            return (0, cell[0], cell[1])
        x, _ = self.centre(cell)
        return (0, cell[2], round(2 * x - 1))

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        """The corners of a cell of the plane in drawing units (x right, y down; a square's
        side and a triangle's side are 1), in order around it."""
        if self is SQUARE:
            r, c = cell
            return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
        a, b, c = cell
        if a + b + c == -2:  # pointing up
            points = [(a + 1, b + 1, c), (a + 1, b, c + 1), (a, b + 1, c + 1)]
        else:
            points = [(a, b, c + 1), (a, b + 1, c), (a + 1, b, c)]
        return [(x1 + x3 / 2 + 0.5, x3 * math.sqrt(3) / 2) for x1, _, x3 in points]

    def centre(self, cell: Cell) -> tuple[float, float]:
        points = self.corners(cell)
        return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


SQUARE = Lattice("square", 2, _axis_maps(2))
"""Squares (polyominoes): cells (row, column), 8 symmetries."""
TRIANGLE = Lattice("triangle", 3, _triangle_maps())
"""Triangles (polyiamonds): cells (a, b, c) with a + b + c = -1 or -2, 12 symmetries."""
CUBE = Lattice("cube", 3, _axis_maps(3))
"""Cubes (polycubes): cells (x, y, z), 48 symmetries (24 rotations)."""
