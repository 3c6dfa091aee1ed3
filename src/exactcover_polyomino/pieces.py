"""Pieces: a name, the cells of one shape, the lattice. The named sets, and pieces drawn as text.

The pentominoes carry Golomb's letters (F I L N P T U V W X Y Z) and the smaller polyominoes
their letter and size (``I3 L3``, ``I4 O4 T4 S4 L4``; the monomino ``1``, the domino
``2``). The 35 hexominoes, the polyiamonds and the pentacubes off the plane have no letters
that every source agrees on, so they are numbered in a fixed order (by their smallest normal
form): ``H1..H35``; ``T1 T2 T3 T4a..T4c T5a..T5d T6a..T6l``; ``Q1..Q17``. The Soma pieces are
Piet Hein's seven (``V L T Z A B P``, A and B mirror images of each other); the 29 pentacubes
are the 12 flat ones (the pentominoes' letters) and the 17 others, each mirror pair counted
twice, as the puzzles use them (solid pieces turn but do not reflect).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from string import ascii_lowercase

import attrs

from exactcover import ProblemError
from exactcover.textinput import max_entries

from .lattice import CUBE, SQUARE, TRIANGLE, Cell, Lattice

__all__ = ["SETS", "Piece", "named_set", "parse_cells", "pieces_from_text"]


def _cells(cells: Iterable[Iterable[int]]) -> tuple[Cell, ...]:
    return tuple(sorted({tuple(int(x) for x in cell) for cell in cells}))


@attrs.frozen
class Piece:
    """A piece: its name, its cells (any place and orientation: they are normalized), its
    lattice."""

    name: str
    cells: tuple[Cell, ...] = attrs.field(converter=_cells)
    lattice: Lattice = attrs.field(default=SQUARE, eq=False)

    def __attrs_post_init__(self) -> None:
        if not self.name or not isinstance(self.name, str) or any(ch.isspace() for ch in self.name):
            raise ProblemError(f"a piece's name is a word without spaces, not {self.name!r}")
        if not self.cells:
            raise ProblemError(f"piece {self.name!r} has no cells")
        width = 3 if self.lattice is not SQUARE else 2
        if any(len(cell) != width for cell in self.cells):
            raise ProblemError(f"piece {self.name!r}: a {self.lattice.name} cell has {width} coordinates")
        if self.lattice is TRIANGLE and any(sum(cell) not in (-1, -2) for cell in self.cells):
            raise ProblemError(f"piece {self.name!r}: a triangle (a, b, c) has a + b + c = -1 or -2")
        if not _connected(self.cells, self.lattice):
            raise ProblemError(f"piece {self.name!r} is not in one part (its cells must touch side to side)")

    @property
    def size(self) -> int:
        return len(self.cells)


def _connected(cells: tuple[Cell, ...], lattice: Lattice) -> bool:
    todo, seen, inside = [cells[0]], {cells[0]}, set(cells)
    while todo:
        for other in lattice.neighbours(todo.pop()):
            if other in inside and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(inside)


def count_marks(text: str) -> int:
    """The cells a drawing marks (those `parse_cells` finds), counted by C loops alone: the
    text's length less its holes (whitespace, which ends lines too, and dots), a kind at a
    time (no copy, no list)."""
    return len(text) - sum(text.count(hole) for hole in _HOLES)


#: What marks no cell: a dot and every whitespace character (the last is U+3000).
_HOLES = "." + "".join(character for character in map(chr, range(0x3001)) if character.isspace())


def check_marks(text: str, what: str) -> int:
    """The cells the drawing ``text`` of ``what`` marks; ProblemError, before any cell is
    made, if they are more than the problem being read may have (`max_entries`: a cell
    takes memory as an entry does, and a drawing's cells are made one object each)."""
    marks = count_marks(text)
    most = max_entries()
    if most is not None and marks > most:
        raise ProblemError(f"the drawing of {what} marks {marks:,} cells, more than the limit of {most:,} entries; "
                           "raise it with max_entries= (--max-entries on the command line) if you have the memory")
    return marks


def parse_cells(text: str, lattice: Lattice = SQUARE) -> dict[str, list[Cell]]:
    """The cells a drawing marks, by character: every character but whitespace and ``.``
    marks a cell. Rows are lines; for cubes, layers are blocks of lines separated by a blank line.
    On triangles, the character at (row, column) is a triangle pointing up when row +
    column is even, down otherwise (so ``.XXX.`` over ``XX.XX`` ... draws triangles side by side)."""
    found: dict[str, list[Cell]] = {}
    layer, row = 0, 0
    for line in text.splitlines():
        if not line.strip():
            if lattice is CUBE and row:
                layer, row = layer + 1, 0
            continue
        for column, character in enumerate(line):
            if character != "." and not character.isspace():
                found.setdefault(character, []).append(lattice.cell_at(row, column, layer))
        row += 1
    return found


def pieces_from_text(text: str, lattice: Lattice = SQUARE) -> tuple[Piece, ...]:
    """Pieces drawn as text, one piece per character (its name), in the order they appear:

    ```text
    FF.IIIII
    .FF
    .F
    ```
    """
    check_marks(text, "the pieces")
    drawn = parse_cells(text, lattice)
    if not drawn:
        raise ProblemError("the drawing of pieces marks no cell (every character but whitespace and '.' is a cell)")
    return tuple(Piece(name, cells, lattice) for name, cells in drawn.items())


_LETTERS_ROWS = [
    # (name, drawing): the smaller polyominoes and the 12 pentominoes, Golomb's letters
    ("1", "X"), ("2", "XX"), ("I3", "XXX"), ("L3", "XX\nX"),
    ("I4", "XXXX"), ("O4", "XX\nXX"), ("T4", "XXX\n.X"), ("S4", ".XX\nXX"), ("L4", "XXX\nX"),
    ("F", ".XX\nXX\n.X"), ("I", "XXXXX"), ("L", "XXXX\nX"), ("N", "XX\n.XXX"), ("P", "XX\nXX\nX"),
    ("T", "XXX\n.X\n.X"), ("U", "X.X\nXXX"), ("V", "X\nX\nXXX"), ("W", "X\nXX\n.XX"), ("X", ".X\nXXX\n.X"),
    ("Y", "XXXX\n.X"), ("Z", "XX\n.X\n.XX"),
]

#: Piet Hein's Soma pieces, as (x, y, z) cubes.
SOMA = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],
    "B": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
}


def _canonical(cells: Iterable[Cell], lattice: Lattice, reflections: bool) -> tuple[Cell, ...]:
    return min(lattice.orientations(cells, True, reflections))


@lru_cache(maxsize=32)
def _shapes(lattice: Lattice, size: int, reflections: bool) -> tuple[tuple[Cell, ...], ...]:
    """Every shape of ``size`` cells up to the symmetries (with or without reflections), in
    order of their smallest normal form: grown a cell at a time."""
    start = {(-1, -1, 0) if lattice is TRIANGLE else (0,) * lattice.dimension}
    shapes = {_canonical(start, lattice, reflections)}
    for _ in range(size - 1):
        shapes = {_canonical((*shape, other), lattice, reflections)
                  for shape in shapes for cell in shape for other in lattice.neighbours(cell) if other not in shape}
    return tuple(sorted(shapes))


def _in_order(pieces: list[Piece]) -> list[Piece]:
    """Lettered pieces in their letters' order, then the numbered ones by number."""
    def key(piece: Piece) -> tuple[bool, int, str]:
        numbered = piece.name[0] in "HQ" and piece.name[1:].isdigit()
        return (numbered, int(piece.name[1:]) if numbered else 0, piece.name)

    return sorted(pieces, key=key)


def _polyominoes(size: int) -> list[Piece]:
    lettered = {_canonical(Piece(name, _drawn(text)).cells, SQUARE, True): name for name, text in _LETTERS_ROWS}
    shapes = _shapes(SQUARE, size, True)
    return _in_order([Piece(lettered.get(shape, f"H{k}"), shape) for k, shape in enumerate(shapes, 1)])


def _drawn(text: str) -> list[Cell]:
    return parse_cells(text)["X"]


def _polyiamonds(size: int) -> list[Piece]:
    shapes = _shapes(TRIANGLE, size, True)
    if len(shapes) == 1:
        return [Piece(f"T{size}", shapes[0], TRIANGLE)]
    return [Piece(f"T{size}{ascii_lowercase[k]}", shape, TRIANGLE) for k, shape in enumerate(shapes)]


def _flat(cells: Iterable[Cell]) -> list[Cell] | None:
    """A polycube in one plane, as squares; None if it is not flat."""
    cells = list(cells)
    for axis in range(3):
        if len({cell[axis] for cell in cells}) == 1:
            return [tuple(x for i, x in enumerate(cell) if i != axis) for cell in cells]
    return None


def _polycubes(size: int) -> list[Piece]:
    """The polycubes of ``size`` cubes up to rotation (mirror pairs twice): the flat ones
    named as their polyominoes, the others Q1, Q2, ... (tetracubes: Soma's A, B and P)."""
    named = {_canonical(cells, CUBE, False): name for name, cells in SOMA.items()}
    flat_names = {piece.cells: piece.name for piece in _polyominoes(size)}
    pieces, others = [], 0
    for shape in _shapes(CUBE, size, False):
        flat = _flat(shape)
        if flat is not None:
            name = flat_names[_canonical(flat, SQUARE, True)]
        elif shape in named:
            name = named[shape]
        else:
            others += 1
            name = f"Q{others}"
        pieces.append(Piece(name, shape, CUBE))
    return _in_order(pieces)


SETS = {
    "monomino": lambda: _polyominoes(1), "domino": lambda: _polyominoes(2),
    "trominoes": lambda: _polyominoes(3), "tetrominoes": lambda: _polyominoes(4),
    "pentominoes": lambda: _polyominoes(5), "hexominoes": lambda: _polyominoes(6),
    "moniamond": lambda: _polyiamonds(1), "diamond": lambda: _polyiamonds(2), "triamond": lambda: _polyiamonds(3),
    "tetriamonds": lambda: _polyiamonds(4), "pentiamonds": lambda: _polyiamonds(5),
    "hexiamonds": lambda: _polyiamonds(6),
    "soma": lambda: [Piece(name, cells, CUBE) for name, cells in SOMA.items()],
    "tetracubes": lambda: _polycubes(4), "pentacubes": lambda: _polycubes(5),
}
"""The named sets of pieces (`named_set`, ``--pieces NAME``): name -> how to make them."""


def named_set(name: str) -> tuple[Piece, ...]:
    """A named set of pieces (`SETS`), or ProblemError listing them."""
    make = SETS.get(name.lower())
    if make is None:
        raise ProblemError(f"unknown set of pieces {name!r}; known: {', '.join(SETS)}")
    return tuple(make())

