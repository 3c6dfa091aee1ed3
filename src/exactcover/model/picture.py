"""A small matrix as Knuth draws one: options as rows, items as columns, a mark where an option
covers an item (its color written in), secondary items past a rule; a solution's options
highlighted. `Matrix.picture` makes one; in a notebook a small `Matrix` shows itself this way."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from html import escape
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # (for annotations only: matrix needs this module)
    from .matrix import Matrix  # (a Matrix makes its pictures: see Matrix.picture)

__all__ = ["MAX_CELLS", "Picture"]

#: The largest matrix (options × items) a notebook draws by itself; larger ones show their repr.
MAX_CELLS = 4096
CELL = 18  # pixels per entry
HIGHLIGHT = "#f6c343"


def _labels(labels: Iterable[Hashable]) -> frozenset[Hashable]:
    return frozenset(labels)


@attrs.frozen
class Picture:
    """The 0/1 picture of ``matrix``, the options labelled in ``chosen`` highlighted."""

    matrix: Matrix
    chosen: frozenset[Hashable] = attrs.field(default=frozenset(), converter=_labels)

    def __attrs_post_init__(self) -> None:
        for label in self.chosen:
            self.matrix.option(label)  # (MatrixError for a label the matrix does not have)

    def __str__(self) -> str:
        """The picture as text: 1 for an entry (its color if it has one), ``*`` before a
        chosen option, ``|`` between the primary and the secondary items."""
        matrix = self.matrix
        split = len(matrix.primary)
        labels = [str(option.label) for option in matrix.options]
        width = max(map(len, labels), default=0)
        lines = []
        for option, name in zip(matrix.options, labels):
            row = ["0"] * len(matrix.items)
            for item, color in zip(option.items, option.colors):
                row[matrix.position(item)] = "1" if color is None else str(color)[:1]
            mark = "*" if option.label in self.chosen else " "
            cells = "".join(row[:split]) + ("|" + "".join(row[split:]) if matrix.secondary else "")
            lines.append(f"{mark} {name:<{width}}  {cells}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self) -> str:
        """The picture as SVG: a row per option, a column per item, the chosen options marked."""
        matrix = self.matrix
        items = [str(item) for item in matrix.items]
        labels = [str(option.label) for option in matrix.options]
        left = 8 + 7 * max(map(len, labels), default=1)
        top = 8 + 7 * max(map(len, items), default=1)
        width, height = left + CELL * len(items) + 8, top + CELL * len(labels) + 8
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'font-family="monospace" font-size="11">']
        for c, name in enumerate(items):  # item names, written upwards over their columns
            x = left + c * CELL + CELL * 0.65
            parts.append(f'<text transform="translate({x:.1f},{top - 4}) rotate(-90)">{escape(name)}</text>')
        for r, option in enumerate(matrix.options):
            y = top + r * CELL
            chosen = option.label in self.chosen
            if chosen:
                parts.append(f'<rect x="0" y="{y}" width="{width}" height="{CELL}" fill="{HIGHLIGHT}" opacity="0.45"/>')
            weight = "bold" if chosen else "normal"
            parts.append(f'<text x="{left - 6}" y="{y + CELL * 0.72:.1f}" text-anchor="end" '
                         f'font-weight="{weight}">{escape(labels[r])}</text>')
            for item, color in zip(option.items, option.colors):
                x = left + matrix.position(item) * CELL
                fill = "#b03a2e" if chosen else "#333"
                parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="{fill}" rx="2"/>')
                if color is not None:
                    parts.append(f'<text x="{x + CELL / 2}" y="{y + CELL * 0.7:.1f}" text-anchor="middle" '
                                 f'fill="#fff">{escape(str(color)[:2])}</text>')
        grid = "#ccc"
        for c in range(len(items) + 1):
            x = left + c * CELL
            rule = c == len(matrix.primary) and matrix.secondary
            parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{top + CELL * len(labels)}" '
                         f'stroke="{"#000" if rule else grid}" stroke-width="{2 if rule else 0.5}"/>')
        for r in range(len(labels) + 1):
            y = top + r * CELL
            parts.append(f'<line x1="{left}" y1="{y}" x2="{left + CELL * len(items)}" y2="{y}" stroke="{grid}" '
                         f'stroke-width="0.5"/>')
        parts.append("</svg>")
        return "".join(parts)


