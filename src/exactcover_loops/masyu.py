"""Masyu: draw one loop through the centres of the grid's cells, passing through every circle.
At a white circle the loop goes straight, and turns in the cell before or after it (or
both); at a black circle it turns, and goes straight in the cells before and after it.

The matrix: each cell is a primary item, whose options say which of its edges (to the
cells beside it) the loop takes: none or two of them for a cell without a circle; for a
circle, the ways its rule allows, which also set the edges of the cells beside it that
the rule decides. Each edge is a secondary item, colored 1 when the loop takes it and 0
when not. A white circle's options split "turns before or after" into "turns before" and
"goes straight before, turns after", so that no solution is found twice. The edges are the
matrix's loop (`exactcover.Loop`).

The circles also tie edges together, as Knuth's masyu-dlx notes: at a white circle the two
vertical edges are the same (both in or both out), so are the two horizontal ones, and a
vertical one is the opposite of a horizontal one; at a black circle the two vertical edges
are opposites, and so are the two horizontal ones. Each class of edges so tied (found by
union-find) is a primary item with two options, one per way to set them all. These items
and the circles' cells are the matrix's priority items, which the search branches on
first. On the published masyus that halves the time of the searches in all
(benchmarks/README.md, loop_puzzles.py --survey).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Any

import attrs

from exactcover import Encoding, Loop, Matrix, Option, Problem, ProblemError, Size, puzzlink

from .grid import (DrawnLoop, Edge, Point, check_grid, degrees, edges_at, grid_rows, lattice_edges, read_grid, read_url,
                   write_url)

__all__ = ["NOTATIONS", "Masyu", "MasyuLoop", "encode", "decode"]

WHITE, BLACK = "white", "black"
#: The names puzz.link's URLs give a masyu (pzprjs's aliases), and the one written.
KINDS = {"mashu": "mashu", "masyu": "mashu", "pearl": "mashu"}
#: A circle as puzz.link's URLs number it.
_URL_CIRCLES = {None: None, 1: WHITE, 2: BLACK}
_LETTERS: dict[str, str | None] = {"w": WHITE, "W": WHITE, "b": BLACK, "B": BLACK, ".": None, "-": None}
#: The notations of a masyu's text, each symbol to a white circle, a black one or none:
#: letters; Knuth's masyu-dlx's digits (white 0, black 1); puzz.link's (white 1, black 2),
#: which may stand beside letters (as in puzzlekit's dataset, where Janko's puzzles mix them).
NOTATIONS: dict[str, dict[str, str | None]] = {
    "letters": _LETTERS,
    "knuth": {"0": WHITE, "1": BLACK, ".": None, "-": None},
    "puzzlink": {**_LETTERS, "1": WHITE, "2": BLACK},
}
#: Every symbol of some notation.
SYMBOLS = {symbol: symbol for symbols in NOTATIONS.values() for symbol in symbols}
_BOX = {frozenset(): " ", frozenset({"left", "right"}): "─", frozenset({"up", "down"}): "│",
        frozenset({"down", "right"}): "┌", frozenset({"down", "left"}): "┐", frozenset({"up", "right"}): "└",
        frozenset({"up", "left"}): "┘"}


def _rows(rows: Any) -> tuple[tuple[str | None, ...], ...]:
    return grid_rows(rows, "a masyu's circles are rows of 'white', 'black' or None")


@attrs.frozen
class Masyu(Problem["MasyuLoop"]):
    """A masyu: ``circles`` are the rows of the grid, each cell "white", "black" or None.

    >>> import exactcover
    >>> print(exactcover.solve(Masyu.from_text("bw.\\n...\\n..b")))
    ●──○──┐
    │     │
    └─────●
    """

    circles: tuple[tuple[str | None, ...], ...] = attrs.field(converter=_rows)

    def __attrs_post_init__(self) -> None:
        check_grid(self.circles, "masyu", lambda circle: circle in (WHITE, BLACK, None),
                   "a circle is 'white', 'black' or None")

    @classmethod
    def from_text(cls, text: str, name: str = "input", notation: str = "auto") -> Masyu:
        """A masyu from text: a line per row, a symbol per cell, ``.`` (or ``-``) for none
        and the circles in one ``notation`` (`NOTATIONS`): ``"letters"``, ``w`` white and
        ``b`` black; ``"knuth"``, 0 white and 1 black (Knuth's masyu-dlx); ``"puzzlink"``,
        1 white and 2 black (puzz.link, puzzlekit's dataset). ``"auto"`` takes the one the
        text's symbols say: letters alone; digits with a 0 (Knuth's); digits with a 2, or
        beside letters (puzz.link's). ProblemError where they could say two (1s alone:
        black for Knuth, white for puzz.link), or none. A text that is a puzz.link URL is
        read as one (`from_url`; its circles need no notation)."""
        if puzzlink.looks_like_url(text):
            if notation != "auto":
                raise ProblemError(f"{name}: a puzz.link URL says its circles itself; a notation is for a grid of text")
            return cls(_from_url(text, name))
        return cls(_circles(read_grid(text, SYMBOLS, "masyu", name), notation, name))

    @classmethod
    def from_url(cls, url: str) -> Masyu:
        """A masyu from a puzz.link URL (``https://puzz.link/p?mashu/6/6/…``, or ``masyu``,
        ``pearl``; any mirror).

        >>> Masyu.from_url("https://puzz.link/p?mashu/3/1/f").circles
        (('white', 'black', None),)"""
        return cls(_from_url(url, None))

    def url(self) -> str:
        """The puzzle as a puzz.link URL (`from_url` reads it back)."""
        number = {circle: k for k, circle in _URL_CIRCLES.items()}
        return write_url("mashu", tuple(tuple(number[c] for c in row) for row in self.circles), puzzlink.encode_circles)

    @property
    def shape(self) -> tuple[int, int]:
        """Rows and columns of cells."""
        return len(self.circles), len(self.circles[0])

    def to_text(self) -> str:
        """The puzzle as `from_text` reads it: a line per row, ``w`` white, ``b`` black, ``.`` none."""
        symbol = {WHITE: "w", BLACK: "b", None: "."}
        return "\n".join("".join(symbol[circle] for circle in row) for row in self.circles)


def _from_url(url: str, name: str | None) -> tuple[tuple[str | None, ...], ...]:
    return tuple(tuple(_URL_CIRCLES[value] for value in row) for row in read_url(url, KINDS, puzzlink.circles, name))


def _circles(symbols: tuple[tuple[Any, ...], ...], notation: str, name: str) -> tuple[tuple[str | None, ...], ...]:
    """The circles that a grid of ``symbols`` says in ``notation`` (see `Masyu.from_text`)."""
    if notation != "auto" and notation not in NOTATIONS:
        raise ValueError(f"notation must be 'auto' or one of {', '.join(map(repr, NOTATIONS))}, not {notation!r}")
    seen = {symbol for row in symbols for symbol in row} - {".", "-"}
    if notation == "auto":
        fits = [known for known, meaning in NOTATIONS.items() if seen <= set(meaning)]
        if seen <= set(_LETTERS):  # (no digit to read)
            fits = ["letters"]
        if len(fits) > 1:
            raise ProblemError(f"{name}: '1' is a black circle in Knuth's notation (0 white, 1 black) and a white "
                               f"one in puzz.link's (1 white, 2 black); say which: notation='knuth' or 'puzzlink' (--notation)")
        if not fits:
            raise ProblemError(f"{name}: the circles mix notations ({' '.join(sorted(seen))}): letters w and b, "
                               f"Knuth's 0 and 1, or puzz.link's 1 and 2 (with letters or not)")
        notation = fits[0]
    meaning = NOTATIONS[notation]
    for r, row in enumerate(symbols, 1):
        for c, symbol in enumerate(row, 1):
            if symbol not in meaning:
                raise ProblemError(f"{name}, row {r}, cell {c}: {symbol!r} is not a circle in the {notation} "
                                   f"notation (one of: {' '.join(sorted(meaning))})")
    return tuple(tuple(meaning[symbol] for symbol in row) for row in symbols)


@attrs.frozen
class MasyuLoop(DrawnLoop):
    """A solution: the puzzle and the edges of its loop between the cells' centres (see
    `exactcover_loops.grid`); its `path` goes through cells."""

    puzzle: Masyu
    edges: frozenset[Edge]

    def __str__(self) -> str:
        rows, columns = self.puzzle.shape
        lines = []
        for r in range(rows):
            cells = []
            for c in range(columns):
                taken = frozenset(way for way, edge in edges_at((r, c), rows, columns).items() if edge in self.edges)
                circle = self.puzzle.circles[r][c]
                cells.append("○" if circle == WHITE else "●" if circle == BLACK else _BOX.get(taken, "?"))
                if c + 1 < columns:
                    cells.append("──" if ("h", r, c) in self.edges else "  ")
            lines.append("".join(cells).rstrip())
        return "\n".join(lines)

    def svg(self, step: int = 28) -> str:
        """The grid as SVG: its cells, its circles, and the loop through their centres."""
        rows, columns = self.puzzle.shape
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{columns * step + 2}" height="{rows * step + 2}">',
                 '<rect width="100%" height="100%" fill="white"/>']
        for r in range(rows + 1):
            parts.append(f'<line x1="1" y1="{1 + r * step}" x2="{1 + columns * step}" y2="{1 + r * step}" '
                         f'stroke="#bbb"/>')
        for c in range(columns + 1):
            parts.append(f'<line x1="{1 + c * step}" y1="1" x2="{1 + c * step}" y2="{1 + rows * step}" '
                         f'stroke="#bbb"/>')
        centre = step / 2 + 1
        for kind, r, c in sorted(self.edges):
            r2, c2 = (r, c + 1) if kind == "h" else (r + 1, c)
            parts.append(f'<line x1="{centre + c * step}" y1="{centre + r * step}" x2="{centre + c2 * step}" '
                         f'y2="{centre + r2 * step}" stroke="#1f5fa8" stroke-width="4" stroke-linecap="round"/>')
        for r, row in enumerate(self.puzzle.circles):
            for c, circle in enumerate(row):
                if circle is not None:
                    fill = "white" if circle == WHITE else "#222"
                    parts.append(f'<circle cx="{centre + c * step}" cy="{centre + r * step}" r="{step * 0.32:.1f}" '
                                 f'fill="{fill}" stroke="#222" stroke-width="2"/>')
        parts.append("</svg>")
        return "".join(parts)


def _beyond(cell: Point, way: str, rows: int, columns: int) -> Edge | None:
    """The edge that goes on from the cell next to ``cell`` in direction ``way``, the same way
    (None at the grid's border)."""
    r, c = cell
    step = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[way]
    return edges_at((r + step[0], c + step[1]), rows, columns).get(way)


def _circle_options(cell: Point, circle: str, rows: int, columns: int) -> list[tuple[tuple[Edge, ...],
                                                                                     dict[Hashable, int]]]:
    """The options of a circle's cell: the two edges it takes, and the color of every edge
    its rule decides."""
    mine = edges_at(cell, rows, columns)
    found: list[tuple[tuple[Edge, ...], dict[Hashable, int]]] = []
    if circle == BLACK:  # a turn, then straight on both ways
        pairs = [(a, b) for a in ("up", "down") for b in ("left", "right")]
    else:  # straight through
        pairs = [("up", "down"), ("left", "right")]
    for a, b in pairs:
        if a not in mine or b not in mine:
            continue
        colors: dict[Hashable, int] = {edge: int(way in (a, b)) for way, edge in mine.items()}
        if circle == BLACK:
            further = [_beyond(cell, way, rows, columns) for way in (a, b)]
            if None in further:
                continue
            colors.update({edge: 1 for edge in further if edge is not None})
            found.append(((mine[a], mine[b]), colors))
            continue
        before, after = _beyond(cell, a, rows, columns), _beyond(cell, b, rows, columns)
        turns_before = dict(colors) if before is None else {**colors, before: 0}
        found.append(((mine[a], mine[b]), turns_before))
        if before is not None:  # straight on before it, so it turns after
            found.append(((mine[a], mine[b]), {**colors, before: 1, **({} if after is None else {after: 0})}))
    return found


def _tied(puzzle: Masyu) -> list[dict[Edge, int]]:
    """The classes of two edges or more that the circles tie together, each as its edges
    and their parities: edges of one parity are in the loop when those of the other are
    out."""
    rows, columns = puzzle.shape
    parent: dict[Edge, tuple[Edge, int]] = {}  # an edge -> (its parent, its parity to it)

    def root(edge: Edge) -> tuple[Edge, int]:
        up, parity = parent.get(edge, (edge, 0))
        if up == edge:
            return edge, 0
        top, above = root(up)
        parent[edge] = (top, parity ^ above)
        return top, parity ^ above

    def tie(a: Edge | None, b: Edge | None, opposite: int) -> None:
        if a is not None and b is not None:
            (ra, pa), (rb, pb) = root(a), root(b)
            if ra != rb:
                parent[ra] = (rb, pa ^ pb ^ opposite)

    for r, c, circle in _circled(puzzle):
        mine = edges_at((r, c), rows, columns)
        tie(mine.get("up"), mine.get("down"), circle == BLACK)
        tie(mine.get("left"), mine.get("right"), circle == BLACK)
        if circle == WHITE:
            tie(mine.get("up") or mine.get("down"), mine.get("left") or mine.get("right"), 1)
    classes: dict[Edge, dict[Edge, int]] = {}
    for edge in list(parent):
        top, parity = root(edge)
        classes.setdefault(top, {top: 0})[edge] = parity
    return list(classes.values())


@lru_cache(maxsize=8)
def _plain(rows: int, columns: int) -> list[list[dict[Hashable, Option]]]:
    """The options of each cell without a circle of a rows x columns grid: none or two of its
    edges. The same for every puzzle of a size, so made once (a generator encodes hundreds)."""
    found: list[list[dict[Hashable, Option]]] = []
    for r in range(rows):
        found.append([])
        for c in range(columns):
            mine = list(edges_at((r, c), rows, columns).values())
            found[-1].append({("cell", r, c, on): Option(("cell", r, c, on), (("cell", r, c), *mine),
                                                         (None, *(int(edge in on) for edge in mine)))
                              for on in [(), *combinations(mine, 2)]})
    return found


def encode(puzzle: Masyu) -> Encoding:
    """The matrix of the module's docstring; ProblemError for a grid too small for a loop."""
    rows, columns = puzzle.shape
    if rows < 2 or columns < 2:
        raise ProblemError(f"masyu: a grid of {rows}×{columns} cells has no room for a loop through their centres; "
                           "it needs at least 2 rows and 2 columns")
    loop = {edge: (("cell", *a), ("cell", *b)) for edge, a, b in lattice_edges(rows, columns)}
    options: dict[Hashable, Option] = {}

    def add(label: Hashable, colors: dict[Hashable, Any]) -> None:
        options[label] = Option(label, tuple(colors), tuple(colors.values()))

    for r, row in enumerate(puzzle.circles):
        for c, circle in enumerate(row):
            item = ("cell", r, c)
            if circle is None:
                options.update(_plain(rows, columns)[r][c])
                continue
            for k, (on, colors) in enumerate(_circle_options((r, c), circle, rows, columns)):
                add((*item, on, k), {item: None, **colors})
    tied: list[Hashable] = []
    for k, edges in enumerate(_tied(puzzle)):
        tied.append(("tied", k))
        for parity in (0, 1):
            add(("tied", k, parity), {("tied", k): None, **{edge: parity ^ p for edge, p in edges.items()}})
    cells: list[Hashable] = [("cell", r, c) for r in range(rows) for c in range(columns)]
    circles = [("cell", r, c) for r, row in enumerate(puzzle.circles) for c, circle in enumerate(row) if circle]
    return Encoding(Matrix(cells + tied, list(options.values()), secondary=list(loop), loop=Loop(loop),
                           priority=tied + circles))


def decode(puzzle: Masyu, solution: tuple[Any, ...]) -> MasyuLoop:
    """The loop of a solution: the edges its cells' options take."""
    return MasyuLoop(puzzle, frozenset(edge for label in solution if label[0] == "cell" for edge in label[3]))


def size(puzzle: Masyu) -> Size:
    """The matrix's size before it is built: a cell without a circle and d edges has 1 +
    d(d - 1)/2 options of 1 + d entries; a circle's options are counted as `encode` makes
    them, and so are the classes of tied edges (two options each). The cells without a
    circle are counted by their degrees, less the circles': a grid too large to search is
    refused at once, however few its circles."""
    rows, columns = puzzle.shape
    plain = degrees(rows, columns)
    options = entries = 0
    for r, c, circle in _circled(puzzle):
        plain[len(edges_at((r, c), rows, columns))] -= 1
        made = _circle_options((r, c), circle, rows, columns)
        options += len(made)
        entries += sum(1 + len(colors) for _, colors in made)
    for d, cells in plain.items():
        options += cells * (1 + d * (d - 1) // 2)
        entries += cells * (1 + d) * (1 + d * (d - 1) // 2)
    for edges in _tied(puzzle):
        options += 2
        entries += 2 * (1 + len(edges))
    return Size(options, entries, colored=True)


def _circled(puzzle: Masyu) -> Iterator[tuple[int, int, str]]:
    """Each circle's row, column and color, in order (a row without one passed over whole)."""
    for r, row in enumerate(puzzle.circles):
        if row.count(None) != len(row):
            for c, circle in enumerate(row):
                if circle is not None:
                    yield r, c, circle
