"""The text forms of the sudoku variants (each grammar is in docs/guide/puzzles.md, "Sudoku variants").

* **diagonal, windoku**: any grid `Sudoku.parse` reads, with the rule given apart
  (``--diagonal``, ``--windoku``).
* **jigsaw**: the grid, then the regions: a region name per cell (any character but a space,
  ``#`` or ``.``), as N rows of N or one line of N×N; the two may also share one line,
  separated by white space.
* **killer**: a cage name per cell (``.`` for a cell in no cage), as N rows or one line,
  optionally after a grid of givens; then the sums, ``NAME=SUM`` separated by spaces or
  commas, on lines of their own.
* **samurai**: 21 rows of 21 (spaces, ``#`` or ``X`` outside the five grids), or five lines of
  81 cells (the grids top-left, top-right, centre, bottom-left, bottom-right), whose shared
  boxes must agree.

Lines starting with ``#`` are comments; blank lines are ignored (except inside a samurai's
21 rows, where a row of holes is not blank).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from .grid import InvalidPuzzle, Sudoku, cell_name
from .variants import SAMURAI, SAMURAI_NAMES, Cage, Jigsaw, Killer, Samurai, Variant

__all__ = ["format_variant", "parse_extras", "parse_jigsaw", "parse_killer", "parse_samurai"]

_SUM = re.compile(r"^\s*([^=\s,]+)\s*=\s*(-?\d+)\s*$")
_HOLES = " #Xx"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _grid(rows: Sequence[str], what: str, box: tuple[int, int] | None = None) -> list[int]:
    """Cells from N rows (or one line) that `Sudoku.parse` reads (its boxes of ``box``)."""
    try:
        return list(Sudoku.parse("\n".join(rows), box).cells)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"{what}: {error}") from None


def _symbols(rows: Sequence[str]) -> list[str]:
    """One symbol per cell from N rows (spaces between cells allowed) or one line."""
    return [ch for row in rows for ch in row if not ch.isspace()]


def parse_extras(text: str, extras: Sequence[str], box: tuple[int, int] | None = None) -> Variant:
    """A classic grid with extra rules (``extras``: "diagonal", "windoku")."""
    grid = Sudoku.parse("\n".join(_lines(text)), box)
    return Variant.sudoku(grid.cells, grid.box, extras)


def _halves(lines: list[str], what: str) -> tuple[list[str], list[str]]:
    """The first and the second block of a two-part grid text (see the module docstring)."""
    if len(lines) == 1 and len(lines[0].split()) == 2:
        first, second = lines[0].split()
        return [first], [second]
    if len(lines) % 2 or not lines:
        raise InvalidPuzzle(f"{what} is the grid, then as many lines again for the second part; "
                            f"these {len(lines)} lines cannot be split so")
    return lines[:len(lines) // 2], lines[len(lines) // 2:]


def parse_jigsaw(text: str, extras: Sequence[str] = ()) -> Jigsaw:
    """A jigsaw sudoku: the grid, then a region name per cell."""
    grid_rows, region_rows = _halves(_lines(text), "a jigsaw")
    regions = _symbols(region_rows)
    n = math.isqrt(len(regions))
    # (a jigsaw has regions, not boxes: its grid is read with boxes of one row, which add no
    # rule; Jigsaw.make checks the regions)
    cells = _grid(grid_rows, "the jigsaw's grid", (1, n) if n > 0 and n * n == len(regions) else None)
    if len(regions) != len(cells):
        raise InvalidPuzzle(f"the jigsaw's regions name {len(regions)} cells, its grid has {len(cells)}")
    return Jigsaw.make(cells, regions, extras)


def parse_killer(text: str, extras: Sequence[str] = (), box: tuple[int, int] | None = None) -> Killer:
    """A killer sudoku: a cage name per cell (after an optional grid of givens), then the sums."""
    lines = _lines(text)
    sums: dict[str, int] = {}
    layout: list[str] = []
    for number, line in enumerate(lines, 1):
        if "=" not in line:
            if sums:
                raise InvalidPuzzle(f"killer line {number}: the sums come after the grid, not before {line!r}")
            layout.append(line)
            continue
        for token in re.split(r"[,\s]+(?=[^=\s,]+\s*=)", line):
            match = _SUM.match(token)
            if not match:
                raise InvalidPuzzle(f"killer line {number}: a sum is NAME=SUM, not {token.strip()!r}")
            name, total = match.group(1), int(match.group(2))
            if name in sums:
                raise InvalidPuzzle(f"killer line {number}: cage {name} has two sums")
            sums[name] = total
    if not layout:
        raise InvalidPuzzle("a killer needs its cages: a cage name per cell")
    symbols = _symbols(layout)
    n = _side_of(len(symbols), "the killer's cages and givens")
    cells = [0] * (n * n)
    if len(symbols) == 2 * n * n:  # (givens first, then the cages)
        givens, cage_rows = _halves(layout, "a killer with givens")
        cells = _grid(givens, "the killer's givens")
        symbols = _symbols(cage_rows)
    return Killer.make(cells, _cages(symbols, sums, n), box, extras)


def _side_of(count: int, what: str) -> int:
    for n in range(1, 64):
        if count in (n * n, 2 * n * n):
            return n
    raise InvalidPuzzle(f"{what} name {count} cells: not a square grid (or a grid and its cages)")


def _cages(symbols: list[str], sums: dict[str, int], n: int) -> list[Cage]:
    cells: dict[str, list[int]] = {}
    for k, name in enumerate(symbols):
        if name != ".":
            cells.setdefault(name, []).append(k)
    for name in sums:
        if name not in cells:
            raise InvalidPuzzle(f"cage {name} has a sum but no cell")
    missing = [name for name in cells if name not in sums]
    if missing:
        where = cell_name(*divmod(cells[missing[0]][0], n))
        raise InvalidPuzzle(f"cage {missing[0]} (at {where}) has no sum (write {missing[0]}=SUM)")
    return [Cage(name, sums[name], tuple(ks)) for name, ks in cells.items()]


def parse_samurai(text: str) -> Samurai:
    """A samurai: 21 rows of 21, or five lines of 81 (the grids in SAMURAI's order)."""
    kept = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    while kept and not kept[-1].strip():
        kept.pop()
    while kept and not kept[0].strip():
        kept.pop(0)
    lines = [line.strip() for line in kept if line.strip()]
    if len(lines) == 5 and all(len(line) == 81 for line in lines):
        return Samurai.make(_from_grids(lines))
    if len(kept) != 21 or any(len(line.rstrip()) > 21 for line in kept):
        raise InvalidPuzzle(f"a samurai is 21 rows of 21 cells, or five lines of 81; not {len(lines)} lines of "
                            f"{sorted({len(line) for line in lines})} characters")
    cells: list[int | None] = []
    for r, line in enumerate(kept):
        for c, ch in enumerate(line.ljust(21)):
            if ch in _HOLES:
                cells.append(None)
            else:
                cells.append(_value(ch, r, c))
    return Samurai.make(cells)


def _value(ch: str, r: int, c: int) -> int:
    if ch in ".0_-":
        return 0
    if ch.isdigit():
        return int(ch)
    raise InvalidPuzzle(f"{cell_name(r, c)} holds {ch!r}, not a digit 1-9 or a blank")


def _from_grids(lines: list[str]) -> list[int | None]:
    cells: list[int | None] = [None] * (21 * 21)
    for line, (top, left), name in zip(lines, SAMURAI, SAMURAI_NAMES):
        grid = _grid([line], f"the samurai's {name} grid")
        for k, v in enumerate(grid):
            r, c = top + k // 9, left + k % 9
            at = r * 21 + c
            if cells[at] not in (None, 0) and v and cells[at] != v:
                raise InvalidPuzzle(f"{cell_name(r, c)} holds {cells[at]} in one grid and {v} in the {name} grid")
            if cells[at] in (None, 0):
                cells[at] = v
    return cells



def format_variant(variant: Variant) -> str:
    """The variant in the text form its reader reads (the extras are not written: they are
    the command's flags)."""
    from .grid import symbol

    n = variant.cols
    rows = ["".join(" " if v is None else symbol(v) for v in variant.cells[r * n:(r + 1) * n]).rstrip()
            for r in range(variant.rows)]
    if isinstance(variant, Jigsaw):
        names = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        return "\n".join(rows + [""] + ["".join(names[variant.regions[r * n + c]] for c in range(n)) for r in range(n)])
    if isinstance(variant, Killer):
        cage_names = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        if len(variant.cages) > len(cage_names):
            raise InvalidPuzzle(f"{len(variant.cages)} cages are more than the text form's {len(cage_names)} names")
        layout = ["."] * (n * n)
        for cage, name in zip(variant.cages, cage_names):
            for k in cage.cells:
                layout[k] = name
        sums = [f"{name}={cage.total}" for cage, name in zip(variant.cages, cage_names)]
        givens = rows + [""] if any(variant.cells) else []
        return "\n".join(givens + ["".join(layout[r * n:(r + 1) * n]) for r in range(n)] +
                         [" ".join(sums[k:k + 12]) for k in range(0, len(sums), 12)])
    return "\n".join(rows)
