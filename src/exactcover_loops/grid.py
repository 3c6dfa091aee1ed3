"""What the two loop puzzles share: a grid of clues read from text, the edges of a square
lattice, and the loop a solution draws on it.

A lattice point is (row, column); an edge is ("h", r, c), from (r, c) to (r, c + 1), or
("v", r, c), from (r, c) to (r + 1, c). Slitherlink's loop runs on the grid's corners, a
masyu's through its cells' centres; both are such lattices.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, cast

from exactcover import Loop, ProblemError, puzzlink
from exactcover.textinput import check_lines, max_entries

__all__ = ["DrawnLoop", "Edge", "Point", "check_grid", "cycle", "degrees", "edges_at", "ends", "grid_rows",
           "lattice_edges", "read_grid", "read_url", "write_url"]

Point = tuple[int, int]
Edge = tuple[str, int, int]


def read_grid(text: str, symbols: Mapping[str, object], what: str, name: str = "input") -> tuple[tuple[object, ...], ...]:
    """The rows of a grid of clues: one line per row, one symbol per cell, written together
    (``3.2``) or apart (``3 . 2``); lines that begin with ``#`` are left out, and so are
    blank lines before and after the grid, and a first line that gives the grid's size as
    ``rows columns`` (as puzzlekit's dataset and Janko's files begin). ``symbols`` maps each
    symbol to what it stands for. ProblemError names the line and the column of a symbol
    that is not one, a row of another length than the first, and a blank line between two
    rows (which would say neither one grid nor two)."""
    check_lines(text, name)
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in lines if not line.startswith("#")]
    filled = [number for number, line in lines if line]
    blank = next((number for number, line in lines if not line and filled and filled[0] < number < filled[-1]), None)
    if blank is not None:
        raise ProblemError(f"{name}, line {blank}: a blank line inside the grid; its rows are written one after "
                           f"another (a {what} is one line per row), so take the blank line out")
    lines = [(number, line) for number, line in lines if line]
    if lines and _size_line(lines[0][1], [line for _, line in lines[1:]], symbols, name, lines[0][0]):
        lines = lines[1:]
    rows: list[tuple[object, ...]] = []
    width, most = 0, max_entries()
    for number, line in lines:
        cells = line.split() if " " in line or "\t" in line else list(line)
        for column, cell in enumerate(cells, 1):
            if cell not in symbols:
                known = " ".join(sorted(symbols))
                raise ProblemError(f"{name}, line {number}, cell {column}: {cell!r} is not a {what} symbol "
                                   f"(one of: {known})")
        if rows and len(cells) != width:
            raise ProblemError(f"{name}, line {number}: a row of {len(cells)} cells; the first row has {width}")
        width = len(cells)
        if most is not None and (len(rows) + 1) * width > most:  # (a cell makes an entry at least)
            raise ProblemError(f"{name}: a grid of more than {most:,} cells (line {number} passes it), more than the "
                               f"limit of {most:,} entries; raise it with max_entries= (--max-entries on the command "
                               "line) if you have the memory")
        rows.append(tuple(symbols[cell] for cell in cells))
    if not rows:
        raise ProblemError(f"{name}: no rows (a {what} is one line per row of the grid)")
    return tuple(rows)


def read_url(url: str, kinds: Mapping[str, str], cells: Callable[[puzzlink.PuzzLink], list[Any]],
             name: str | None = None) -> tuple[tuple[Any, ...], ...]:
    """The rows of the grid a puzz.link URL holds: its kind one of ``kinds`` (`puzzlink.parse`),
    its cells read by ``cells`` (a `puzzlink` codec); ``name``, the file it was read from."""
    try:
        link = puzzlink.parse(url, kinds)
        values = cells(link)
    except ProblemError as error:
        if name is None:
            raise
        raise ProblemError(f"{name}: {error}") from None
    return tuple(tuple(values[r * link.columns:(r + 1) * link.columns]) for r in range(link.rows))


def write_url(kind: str, rows: tuple[tuple[Any, ...], ...], body: Callable[[list[Any]], str]) -> str:
    """The puzz.link URL of a grid of ``rows`` of the puzzle ``kind``, its cells written by
    ``body`` (a `puzzlink` codec)."""
    return puzzlink.PuzzLink(kind, len(rows[0]), len(rows), body([value for row in rows for value in row])).url()


def _size_line(first: str, rest: list[str], symbols: Mapping[str, object], name: str, number: int) -> bool:
    """Whether ``first`` gives the size of the grid of lines ``rest`` (``rows columns``).
    ProblemError if it could as well be the grid's first row (two symbols, and a grid two
    cells wide)."""
    words = first.split()
    if len(words) != 2 or not all(word.isdigit() for word in words):
        return False
    rows, columns = int(words[0]), int(words[1])
    widths = {len(line.split()) if " " in line or "\t" in line else len(line) for line in rest}
    if len(rest) != rows or widths != {columns}:
        return False
    if columns == 2 and all(word in symbols for word in words):
        raise ProblemError(f"{name}, line {number}: {first!r} could be the grid's size or its first row; "
                           f"leave out the size line, or write the row's cells together ({''.join(words)})")
    return True


def grid_rows(rows: Any, what: str) -> tuple[tuple[Any, ...], ...]:
    """``rows`` (an iterable of iterables) as a tuple of tuples; ProblemError saying ``what``
    they must be if they are not."""
    try:
        return tuple(tuple(row) for row in rows)
    except TypeError:
        raise ProblemError(f"{what}, not {type(rows).__name__}") from None


def check_grid(rows: tuple[tuple[Any, ...], ...], puzzle: str, fits: Callable[[Any], bool], cell: str) -> None:
    """ProblemError unless ``rows`` are at least one row of the same length, at least one,
    and every cell ``fits``: naming the ``puzzle``, the row, or the cell (``cell`` says what
    a cell may be)."""
    if not rows or not rows[0]:
        raise ProblemError(f"a {puzzle} has at least one row of at least one cell")
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise ProblemError(f"row {r} has {len(row)} cells; row 0 has {len(rows[0])}")
        for c, value in enumerate(row):
            if not fits(value):
                raise ProblemError(f"cell ({r}, {c}): {cell}, not {value!r}")


def lattice_edges(rows: int, columns: int) -> Iterator[tuple[Edge, Point, Point]]:
    """The edges of a rows x columns lattice of points, with their two ends."""
    for r in range(rows):
        for c in range(columns):
            if c + 1 < columns:
                yield ("h", r, c), (r, c), (r, c + 1)
            if r + 1 < rows:
                yield ("v", r, c), (r, c), (r + 1, c)


def edges_at(point: Point, rows: int, columns: int) -> dict[str, Edge]:
    """The edges of the lattice at ``point``, by direction: "up", "down", "left", "right"."""
    r, c = point
    found = {"up": ("v", r - 1, c), "down": ("v", r, c), "left": ("h", r, c - 1), "right": ("h", r, c)}
    return {way: edge for way, edge in found.items()
            if 0 <= edge[1] < rows - (edge[0] == "v") and 0 <= edge[2] < columns - (edge[0] == "h")}


def degrees(rows: int, columns: int) -> dict[int, int]:
    """How many points of a ``rows`` × ``columns`` lattice have each number of edges
    (`edges_at`), by the shape's formula: without visiting the points."""
    if rows == 1 or columns == 1:
        n = rows * columns
        return {0: 1} if n == 1 else {1: 2, 2: n - 2}
    return {2: 4, 3: 2 * (rows - 2) + 2 * (columns - 2), 4: (rows - 2) * (columns - 2)}


def ends(edge: Edge) -> tuple[Point, Point]:
    """The two points an edge joins."""
    kind, r, c = edge
    return ((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c))


def cycle(edges: Iterable[Edge]) -> list[Point]:
    """The points of the loop the ``edges`` make (`exactcover.Loop.cycle`), in order from its
    top left point, first going right."""
    edges = list(edges)
    if not edges:
        return []
    order = cast(list[Point], list(Loop({edge: ends(edge) for edge in edges}).cycle(edges)))
    first = order.index(min(order))
    order = order[first:] + order[:first]
    return order if order[1] < order[-1] else [order[0], *reversed(order[1:])]


class DrawnLoop:
    """What a solution of either puzzle shares: its loop's ``edges`` in order (`path`), and
    its picture in a notebook (the class's own ``svg``)."""

    edges: frozenset[Edge]

    @property
    def path(self) -> list[Point]:
        """The loop's points in order, from its top left one, first going right."""
        return cycle(self.edges)

    def svg(self) -> str:
        raise NotImplementedError

    def _repr_svg_(self) -> str:
        return self.svg()
