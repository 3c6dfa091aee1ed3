"""Slitherlink: draw one loop along the grid's lines so that each number tells how many of
its cell's four sides the loop takes.

The matrix: each corner of the grid (a *dot*) is a primary item, whose options say which
of its edges the loop takes, none or two of them; each edge between two dots is a
secondary item, colored 1 when the loop takes it and 0 when not; each cell with a number
k is a primary item, whose options are the ways to take k of its four sides. The edges
are the matrix's loop (`exactcover.Loop`), so the search keeps one loop, not several.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from itertools import combinations
from math import comb
from typing import Any

import attrs

from exactcover import Encoding, Loop, Matrix, Problem, Size, puzzlink

from .grid import (DrawnLoop, Edge, Point, check_grid, degrees, edges_at, ends, grid_rows, lattice_edges, read_grid,
                   read_url, write_url)

__all__ = ["Slitherlink", "SlitherlinkLoop", "encode", "decode", "matrix_of"]

#: The names puzz.link's URLs give a slitherlink (pzprjs's aliases), and the one written.
KINDS = {"slither": "slither", "slitherlink": "slither"}
#: The symbols of a slitherlink's text: a cell's number, or no number.
SYMBOLS: dict[str, int | None] = {**{str(k): k for k in range(5)}, ".": None, "-": None}


def _rows(rows: Any) -> tuple[tuple[int | None, ...], ...]:
    return grid_rows(rows, "a slitherlink's clues are rows of numbers 0-4 or None")


def _clue(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 4)


@attrs.frozen
class Slitherlink(Problem["SlitherlinkLoop"]):
    """A slitherlink: ``clues`` are the rows of the grid, each cell a number 0 to 4 or None.

    >>> import exactcover
    >>> print(exactcover.solve(Slitherlink.from_text(".3.\\n3.3\\n.3.")))
    ·   ·───·   ·
        │ 3 │
    ·───·   ·───·
    │ 3       3 │
    ·───·   ·───·
        │ 3 │
    ·   ·───·   ·
    """

    clues: tuple[tuple[int | None, ...], ...] = attrs.field(converter=_rows)

    def __attrs_post_init__(self) -> None:
        check_grid(self.clues, "slitherlink", _clue, "a clue is a number 0 to 4 or None")

    @classmethod
    def from_text(cls, text: str, name: str = "input") -> Slitherlink:
        """A slitherlink from text: a line per row, a symbol per cell: ``0`` to ``4``, or
        ``.`` (or ``-``) for a cell without a number. Knuth's slitherlink-dlx reads the
        same. A text that is a puzz.link URL is read as one (`from_url`)."""
        if puzzlink.looks_like_url(text):
            return cls(read_url(text, KINDS, puzzlink.cells_0_to_4, name))
        return cls(read_grid(text, SYMBOLS, "slitherlink", name))

    @classmethod
    def from_url(cls, url: str) -> Slitherlink:
        """A slitherlink from a puzz.link URL (``https://puzz.link/p?slither/5/5/…``, any
        mirror); a clue shown there as a question mark says nothing, and reads as no clue.

        >>> Slitherlink.from_url("https://puzz.link/p?slither/3/3/g0h").clues
        ((None, 0, None), (None, None, None), (None, None, None))"""
        return cls(read_url(url, KINDS, puzzlink.cells_0_to_4))

    def url(self) -> str:
        """The puzzle as a puzz.link URL (`from_url` reads it back)."""
        return write_url("slither", self.clues, puzzlink.encode_cells_0_to_4)

    @property
    def shape(self) -> tuple[int, int]:
        """Rows and columns of cells."""
        return len(self.clues), len(self.clues[0])

    def to_text(self) -> str:
        """The puzzle as `from_text` reads it: a line per row, ``.`` for a cell without a number."""
        return "\n".join("".join("." if clue is None else str(clue) for clue in row) for row in self.clues)


@attrs.frozen
class SlitherlinkLoop(DrawnLoop):
    """A solution: the puzzle and the edges of its loop (see `exactcover_loops.grid`); its
    `path` goes through the grid's dots."""

    puzzle: Slitherlink
    edges: frozenset[Edge]

    def __str__(self) -> str:
        rows, columns = self.puzzle.shape
        lines = []
        for r in range(rows + 1):
            lines.append("·" + "".join(("───" if ("h", r, c) in self.edges else "   ") + "·" for c in range(columns)))
            if r < rows:
                clues = self.puzzle.clues[r]
                lines.append("".join(("│" if ("v", r, c) in self.edges else " ") +
                                     (f" {clues[c]} " if c < columns and clues[c] is not None else "   ")
                                     for c in range(columns + 1))[:-3].rstrip())
        return "\n".join(line.rstrip() for line in lines)

    def svg(self, step: int = 28) -> str:
        """The grid as SVG: its dots, its numbers, and the loop."""
        rows, columns = self.puzzle.shape
        pad = step // 2
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{columns * step + 2 * pad}" '
                 f'height="{rows * step + 2 * pad}" font-family="sans-serif">',
                 '<rect width="100%" height="100%" fill="white"/>']
        for edge in sorted(self.edges):
            (r1, c1), (r2, c2) = ends(edge)
            parts.append(f'<line x1="{pad + c1 * step}" y1="{pad + r1 * step}" x2="{pad + c2 * step}" '
                         f'y2="{pad + r2 * step}" stroke="#1f5fa8" stroke-width="4" stroke-linecap="round"/>')
        for r in range(rows + 1):
            for c in range(columns + 1):
                parts.append(f'<circle cx="{pad + c * step}" cy="{pad + r * step}" r="2.5" fill="#222"/>')
        for r, row in enumerate(self.puzzle.clues):
            for c, clue in enumerate(row):
                if clue is not None:
                    parts.append(f'<text x="{pad + c * step + step / 2}" y="{pad + r * step + step * 0.68:.1f}" '
                                 f'font-size="{step * 0.6:.0f}" text-anchor="middle">{clue}</text>')
        parts.append("</svg>")
        return "".join(parts)


def encode(puzzle: Slitherlink) -> Encoding:
    """The matrix of the module's docstring."""
    return Encoding(matrix_of(puzzle.shape, {(r, c): (clue,) for r, row in enumerate(puzzle.clues)
                                             for c, clue in enumerate(row) if clue is not None}))


def matrix_of(shape: tuple[int, int], clues: Mapping[Point, Iterable[int]]) -> Matrix:
    """The matrix of a grid of ``shape`` whose cells ``clues`` say how many of their sides
    the loop may take (a puzzle's clue, or 0 to 4 for a generator's cells, whose clues it
    then sets by excluding options: `exactcover_loops.generate`)."""
    rows, columns = shape
    loop = {edge: (("dot", *a), ("dot", *b)) for edge, a, b in lattice_edges(rows + 1, columns + 1)}
    options: dict[Hashable, dict[Hashable, Any]] = {}
    dots = [(r, c) for r in range(rows + 1) for c in range(columns + 1)]
    for dot in dots:
        mine = list(edges_at(dot, rows + 1, columns + 1).values())
        for on in [(), *combinations(mine, 2)]:
            options[("dot", *dot, on)] = {("dot", *dot): None, **{edge: int(edge in on) for edge in mine}}
    numbered = []
    for (r, c), counts in sorted(clues.items()):
        numbered.append(("cell", r, c))
        sides = [("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)]
        for clue in counts:
            for on in combinations(sides, clue):
                options[("cell", r, c, on)] = {("cell", r, c): None, **{edge: int(edge in on) for edge in sides}}
    primary = [("dot", *dot) for dot in dots] + numbered
    return Matrix(primary, options, secondary=list(loop), loop=Loop(loop))


def decode(puzzle: Slitherlink, solution: tuple[Any, ...]) -> SlitherlinkLoop:
    """The loop of a solution: the edges its dots' options take."""
    return SlitherlinkLoop(puzzle, frozenset(edge for label in solution if label[0] == "dot" for edge in label[3]))


def size(puzzle: Slitherlink) -> Size:
    """The matrix's size before it is built: a dot with d edges has 1 + d(d - 1)/2 options
    of 1 + d entries; a cell with the number k has C(4, k) options of 5. Counted by the
    dots' degrees and the clues' counts, not cell by cell: a grid too large to search is
    refused at once."""
    rows, columns = puzzle.shape
    options = entries = 0
    for d, dots in degrees(rows + 1, columns + 1).items():
        options += dots * (1 + d * (d - 1) // 2)
        entries += dots * (1 + d) * (1 + d * (d - 1) // 2)
    for clue in range(5):
        cells = sum(row.count(clue) for row in puzzle.clues)
        options += cells * comb(4, clue)
        entries += cells * 5 * comb(4, clue)
    return Size(options, entries, colored=True)
