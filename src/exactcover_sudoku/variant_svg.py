"""The sudoku variants as SVG (what a notebook shows): thick lines between regions (boxes or
jigsaw pieces), shaded diagonals and windows, killer cages as dashed outlines with their sums
inside them at their first cell (clear of the lines, the digits set lower), givens in black and found digits in blue; a samurai's holes left out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .grid import symbol

if TYPE_CHECKING:  # (for the annotations alone: a Variant draws itself with this module, lazily)
    from .variants import Variant

__all__ = ["svg"]

STEP, PAD = 28, 3
SHADE = {"diagonal": "#fde9c9", "windoku": "#d6e6fb"}
JIGSAW_FILLS = ("#ffffff", "#f1f1f1")


def _shaded(variant: Variant) -> dict[int, str]:
    shaded: dict[int, str] = {}
    for name, unit in variant.units:
        extra = "diagonal" if name.startswith("the diagonal") else "windoku" if name.startswith("window") else None
        if extra:
            for k in unit:
                shaded[k] = SHADE[extra]
    return shaded


def _borders(variant: Variant) -> list[str]:
    """Thin lines between cells, thick ones between regions and around the cells."""
    cols, regions, cells = variant.cols, variant.regions, variant.cells
    parts = []

    def region(r: int, c: int) -> int | None:
        if 0 <= r < variant.rows and 0 <= c < cols and cells[r * cols + c] is not None:
            return regions[r * cols + c]
        return None

    for r in range(variant.rows + 1):
        for c in range(cols + 1):
            here, up, left = region(r, c), region(r - 1, c), region(r, c - 1)
            if c < cols and (here is not None or up is not None):  # the top edge of (r, c)
                width = 0.6 if here == up else 2.5
                parts.append(f'<line x1="{c * STEP}" y1="{r * STEP}" x2="{(c + 1) * STEP}" y2="{r * STEP}" '
                             f'stroke="black" stroke-width="{width}" stroke-linecap="square"/>')
            if r < variant.rows and (here is not None or left is not None):  # its left edge
                width = 0.6 if here == left else 2.5
                parts.append(f'<line x1="{c * STEP}" y1="{r * STEP}" x2="{c * STEP}" y2="{(r + 1) * STEP}" '
                             f'stroke="black" stroke-width="{width}" stroke-linecap="square"/>')
    return parts


def _cages(variant: Variant) -> list[str]:
    """Each cage's outline, inset in its cells and dashed, and its sum at its first cell."""
    parts, inset, cols = [], 3.5, variant.cols
    for cage in variant.cages:
        mine = set(cage.cells)
        for k in cage.cells:
            r, c = divmod(k, cols)
            up = k - cols if r > 0 else -1
            down = k + cols if r < variant.rows - 1 else -1
            left = k - 1 if c > 0 else -1
            right = k + 1 if c < cols - 1 else -1
            # an edge runs on to the cell's side where the cage goes on, so that the outline joins up
            x0 = c * STEP + (0 if left in mine else inset)
            x1 = (c + 1) * STEP - (0 if right in mine else inset)
            y0 = r * STEP + (0 if up in mine else inset)
            y1 = (r + 1) * STEP - (0 if down in mine else inset)
            top, bottom = r * STEP + inset, (r + 1) * STEP - inset
            west, east = c * STEP + inset, (c + 1) * STEP - inset
            edges = [((x0, top), (x1, top), up), ((x0, bottom), (x1, bottom), down),
                     ((west, y0), (west, y1), left), ((east, y0), (east, y1), right)]
            for (ax, ay), (bx, by), neighbour in edges:
                if neighbour not in mine:
                    parts.append(f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#444" '
                                 f'stroke-width="0.9" stroke-dasharray="2.5,2"/>')
        r, c = divmod(min(cage.cells), cols)  # (the sum inside the outline, clear of its lines)
        parts.append(f'<text x="{c * STEP + inset + 1.5}" y="{r * STEP + inset + 7}" font-size="7">{cage.total}</text>')
    return parts


def svg(variant: Variant) -> str:
    """The variant as an SVG document."""
    width, height = variant.cols * STEP, variant.rows * STEP
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 2 * PAD}" height="{height + 2 * PAD}" '
             f'viewBox="{-PAD} {-PAD} {width + 2 * PAD} {height + 2 * PAD}" font-family="sans-serif">']
    shaded = _shaded(variant)
    for k, value in enumerate(variant.cells):
        if value is None:
            continue
        r, c = divmod(k, variant.cols)
        fill = shaded.get(k) or (JIGSAW_FILLS[variant.regions[k] % 2] if variant.kind == "jigsaw" else "white")
        parts.append(f'<rect x="{c * STEP}" y="{r * STEP}" width="{STEP}" height="{STEP}" fill="{fill}"/>')
    parts += _borders(variant)
    parts += _cages(variant)
    size, base = (0.5, 0.8) if variant.cages else (0.55, 0.74)  # (a killer's digits lower, below the sums)
    for k, value in enumerate(variant.cells):
        if value:
            r, c = divmod(k, variant.cols)
            style = 'fill="black" font-weight="bold"' if variant.given[k] else 'fill="#1f5fbf"'
            parts.append(f'<text x="{c * STEP + STEP / 2}" y="{r * STEP + STEP * base}" font-size="{STEP * size:.0f}" '
                         f'text-anchor="middle" {style}>{symbol(value)}</text>')
    parts.append("</svg>")
    return "".join(parts)
