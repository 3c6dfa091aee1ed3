"""A solved tiling, and how it shows itself: text for the terminal, a coloured SVG picture in a
notebook (``_repr_svg_``), the pieces outlined; for cubes, the layers side by side."""

from __future__ import annotations

import colorsys
from collections.abc import Iterable, Sequence
from html import escape

import attrs

from .lattice import CUBE, Cell, Lattice
from .tiling import Board, Placement

__all__ = ["Tiling", "colour"]

UNIT = 28  # pixels per side of a cell
GAP = 1.5  # cells between the layers of a box
CODES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # one letter a piece, when names are longer


def colour(k: int) -> str:
    """The k-th piece's colour: hues a golden angle apart, so that neighbours differ."""
    red, green, blue = colorsys.hls_to_rgb(k * 0.381966 % 1.0, 0.66, 0.62)
    return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"


def _placements(placements: Iterable[Placement]) -> tuple[Placement, ...]:
    return tuple(placements)


def _names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen
class Tiling:
    """A solution: the board and the placements (piece name, cells covered), in the order
    the search chose them; ``names``: the pieces in the problem's order (their colours)."""

    board: Board
    placements: tuple[Placement, ...] = attrs.field(converter=_placements)
    names: tuple[str, ...] = attrs.field(converter=_names, eq=False, default=())

    @property
    def lattice(self) -> Lattice:
        return self.board.lattice

    def piece_at(self) -> dict[Cell, str]:
        """Each covered cell's piece name."""
        return {cell: name for name, cells in self.placements for cell in cells}

    def _codes(self) -> tuple[list[str], list[str]]:
        """Each placement's characters in the text, and the legend's lines: the piece's name
        where every name is one character and no piece is placed twice; else a letter per
        placement (so that two copies of a piece side by side can be told apart), and a
        legend of the names, each with its letters; the names themselves past 52 placements."""
        names = [name for name, _ in self.placements]
        if (all(len(name) == 1 for name in names) and len(set(names)) == len(names)) or len(names) > len(CODES):
            return names, []
        letters: dict[str, list[str]] = {}
        for k, name in enumerate(names):
            letters.setdefault(name, []).append(CODES[k])
        return list(CODES[:len(names)]), ["  ".join(f"{''.join(codes)}={name}" for name, codes in letters.items())]

    def __str__(self) -> str:
        """Rows of one character per cell: the piece's name, or a letter per placement and a
        legend under the rows (`_codes`); for cubes, a block per layer."""
        codes, legend = self._codes()
        width = max(map(len, codes))
        spots = {self.lattice.text_position(cell): code for code, (_, cells) in zip(codes, self.placements)
                 for cell in cells}
        rows, columns = [r for _, r, _ in spots], [c for _, _, c in spots]
        blocks = []
        for layer in sorted({layer for layer, _, _ in spots}):
            lines = []
            for r in range(min(rows), max(rows) + 1):
                words = [spots.get((layer, r, c), ".").ljust(width) for c in range(min(columns), max(columns) + 1)]
                lines.append((" " if width > 1 else "").join(words).rstrip())
            blocks.append("\n".join(lines))
        return "\n\n".join([*blocks, *legend])

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self) -> str:
        """The picture: each piece in its colour, outlined, its name at one of its cells."""
        order = {name: k for k, name in enumerate(self.names or dict.fromkeys(n for n, _ in self.placements))}
        if self.lattice is CUBE:
            return _layers(self, order)
        shapes = [(order.get(name, k), name, [self.lattice.corners(cell) for cell in cells])
                  for k, (name, cells) in enumerate(self.placements)]
        return _picture(shapes, [self.lattice.corners(cell) for cell in self.board.cells])


def _layers(tiling: Tiling, order: dict[str, int]) -> str:
    """A box as its layers (z = 0, 1, ...) side by side, each seen from above."""
    xs = [c[0] for c in tiling.board.cells]
    span = max(xs) - min(xs) + 1
    shapes = []
    for k, (name, cells) in enumerate(tiling.placements):
        by_layer: dict[int, list[tuple[float, float]]] = {}
        for x, y, z in cells:
            by_layer.setdefault(z, []).append((y, x - min(xs) + z * (span + GAP)))
        for squares in by_layer.values():
            shapes.append((order.get(name, k), name, [_square(cell) for cell in squares]))
    board = [_square((y, x - min(xs) + z * (span + GAP))) for x, y, z in tiling.board.cells]
    bottom = max(y for _, y, _ in tiling.board.cells) + 1 - min(y for _, y, _ in tiling.board.cells)
    captions = [(z * (span + GAP) + span / 2, bottom + 0.55, f"z = {z}") for z in sorted({c[2] for c in tiling.board.cells})]
    return _picture(shapes, board, captions)


def _square(cell: tuple[float, float]) -> list[tuple[float, float]]:
    r, c = cell
    return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return (round(point[0], 3), round(point[1], 3))


def _picture(shapes: Sequence[tuple[int, str, list[list[tuple[float, float]]]]],
             board: list[list[tuple[float, float]]], captions: Sequence[tuple[float, float, str]] = ()) -> str:
    """Polygons filled by piece, the sides between two pieces (or a piece and the outside)
    drawn dark; ``shapes``: (colour number, name, the polygons of its cells)."""
    points = [p for polygon in board for p in polygon] + [(x, y + 0.3) for x, y, _ in captions]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    width, height = max(x for x, _ in points) - left, max(y for _, y in points) - top
    pad = 0.25

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return ((point[0] - left + pad) * UNIT, (point[1] - top + pad) * UNIT)

    def xy(point: tuple[float, float]) -> str:
        x, y = at(point)
        return f"{x:.1f},{y:.1f}"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{(width + 2 * pad) * UNIT:.0f}" '
             f'height="{(height + 2 * pad) * UNIT:.0f}">']
    owner: dict[frozenset[tuple[float, float]], list[int]] = {}
    for polygon in board:  # the board's cells, pale, so that holes and uncovered cells show
        parts.append(f'<polygon points="{" ".join(map(xy, polygon))}" fill="#eee" stroke="#ccc" stroke-width="0.5"/>')
    for k, (number, _, polygons) in enumerate(shapes):
        fill = colour(number)
        for polygon in polygons:
            parts.append(f'<polygon points="{" ".join(map(xy, polygon))}" fill="{fill}" stroke="{fill}" stroke-width="0.6"/>')
            for a, b in zip(polygon, [*polygon[1:], polygon[0]]):
                owner.setdefault(frozenset((_key(a), _key(b))), []).append(k)
    for side, pieces in owner.items():
        if len(pieces) == 1 or pieces[0] != pieces[1]:
            (x1, y1), (x2, y2) = (at(end) for end in side)
            parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#222" '
                         f'stroke-width="2" stroke-linecap="round"/>')
    for _, name, polygons in shapes:
        centres = [(sum(x for x, _ in p) / len(p), sum(y for _, y in p) / len(p)) for p in polygons]
        mx, my = sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)
        cx, cy = min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
        x, y = at((cx, cy))
        parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-family="sans-serif" font-size="{UNIT * 0.42:.0f}" '
                     f'text-anchor="middle" fill="#111">{escape(name)}</text>')
    for x, y, text in captions:
        cx, cy = at((x, y))
        parts.append(f'<text x="{cx:.1f}" y="{cy:.1f}" font-family="sans-serif" font-size="{UNIT * 0.45:.0f}" '
                     f'text-anchor="middle" fill="#555">{escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)

