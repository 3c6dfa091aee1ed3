"""Sudoku variants as exact cover: diagonal (X), windoku (hyper), jigsaw, killer, samurai.

Every variant is a layout of cells, a set of *units* (N cells each that hold every digit
once: rows, columns, boxes or jigsaw regions, the diagonals, the windows) and, for killer,
*cages*. One encoding serves them all, with the engine's own features:

* items: each cell (filled once); each unit and digit (the digit once in the unit); each
  cage (its digits chosen once, primary) and each cage and digit (secondary: at most once);
* options: "digit d in cell k" covers the cell, (unit, d) for every unit of the cell, and
  (cage, d) for the cell's cage; "cage j takes the digits S" (one option per set S of
  distinct digits with the cage's size and sum) covers the cage and (cage, d) for every d
  *not* in S.

So a cage's combination shuts out every other digit, its cells take distinct digits (the
secondary items), and m cells with distinct digits out of an m-digit set take exactly that
set: the sum holds exactly, without colors. Digits never repeat within a cage (the usual
killer rule, and the one kept here). A killer's matrix also holds the cages its rules imply
(`implied_cages`: the "rule of 45"), which cut the hardest published killers' searches from
seconds to milliseconds.

Cells are numbered row by row over the layout's bounding box (``rows × cols``), and named
``r1c1``... in it; a samurai's 21×21 box has holes (positions that are not cells).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import attrs

from exactcover import Encoding, Matrix, Problem

from .grid import InvalidPuzzle, boxed_text, cell_name, infer_box, symbol

__all__ = ["Cage", "Jigsaw", "Killer", "Samurai", "Variant", "EXTRAS", "combinations"]

#: The rules that can be laid over a grid: both long diagonals, the windoku windows.
EXTRAS = ("diagonal", "windoku")

Unit = tuple[str, tuple[int, ...]]


@attrs.frozen
class Cage:
    """A killer cage: its name (as written in the puzzle), its sum and its cells."""

    name: str
    total: int
    cells: tuple[int, ...]


@lru_cache(maxsize=1024)
def combinations(size: int, total: int, digits: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``size`` distinct digits 1..``digits`` that sums to ``total``."""
    return tuple(c for c in itertools.combinations(range(1, digits + 1), size) if sum(c) == total)


def box_units(n: int, box: tuple[int, int], origin: tuple[int, int] = (0, 0), width: int | None = None,
              name: str = "") -> list[Unit]:
    """The rows, columns and boxes of an n×n grid placed at ``origin`` in a layout ``width`` wide."""
    top, left = origin
    width = n if width is None else width
    at = [[(top + r) * width + left + c for c in range(n)] for r in range(n)]
    rows, cols = box
    units = [(f"{name}row {r + 1}", tuple(at[r])) for r in range(n)]
    units += [(f"{name}column {c + 1}", tuple(at[r][c] for r in range(n))) for c in range(n)]
    for b in range(n):
        r0, c0 = (b // rows) * rows, (b % rows) * cols
        units.append((f"{name}box {b + 1}", tuple(at[r0 + i][c0 + j] for i in range(rows) for j in range(cols))))
    return units


def extra_units(n: int, extras: Iterable[str]) -> list[Unit]:
    """The units an extra rule adds to an n×n grid: the two diagonals; the windows."""
    units: list[Unit] = []
    for extra in extras:
        if extra == "diagonal":
            units.append(("the diagonal r1c1-" + cell_name(n - 1, n - 1), tuple(k * n + k for k in range(n))))
            units.append((f"the diagonal r1c{n}-r{n}c1", tuple(k * n + n - 1 - k for k in range(n))))
        elif extra == "windoku":
            side, square = infer_box(n)
            if side != square:
                raise InvalidPuzzle(f"windoku needs a square number of digits (4, 9, 16, ...), not {n}")
            starts = [1 + i * (side + 1) for i in range(side - 1)]
            for w, (top, left) in enumerate(itertools.product(starts, starts)):
                units.append((f"window {w + 1}", tuple((top + i) * n + left + j for i in range(side) for j in range(side))))
        else:
            raise InvalidPuzzle(f"unknown extra rule {extra!r}: the extras are {', '.join(EXTRAS)}")
    return units


def _check_units(units: Sequence[Unit], cells: tuple[int, ...], width: int) -> None:
    for name, unit in units:
        seen: dict[int, int] = {}
        for k in unit:
            v = cells[k]
            if v and v in seen:
                j = seen[v]
                raise InvalidPuzzle(f"{cell_name(*divmod(j, width))} and {cell_name(*divmod(k, width))} both hold "
                                    f"{symbol(v)} ({name})")
            seen[v] = k


@attrs.frozen(repr=False)
class Variant(Problem["Variant"]):
    """A sudoku variant: ``cells`` over a ``rows × cols`` layout (0 blank; ``None`` where
    the layout has no cell), the ``units`` that hold every digit 1..``digits`` once, the
    ``regions`` (a region number per position, for drawing: boxes or jigsaw pieces), the
    ``extras`` laid over it (diagonal, windoku), killer ``cages``, and which cells are given.

    Made by `Variant.sudoku`, `Jigsaw.make`, `Killer.make`, `Samurai.make`, or read from text
    (`exactcover_sudoku.variant_text`); validated on construction: `InvalidPuzzle` names the
    cells, the unit or the cage at fault.
    """

    rows: int
    cols: int
    digits: int
    cells: tuple[int | None, ...]
    units: tuple[Unit, ...]
    regions: tuple[int, ...]
    extras: tuple[str, ...] = ()
    cages: tuple[Cage, ...] = ()
    given: tuple[bool, ...] = attrs.field(default=None)

    def __attrs_post_init__(self) -> None:
        if self.given is None:
            object.__setattr__(self, "given", tuple(bool(v) for v in self.cells))
        for k, v in enumerate(self.cells):
            if v is not None and not (isinstance(v, int) and 0 <= v <= self.digits):
                raise InvalidPuzzle(f"{self.name(k)} holds {v!r}, not a digit from 1 to {self.digits} (or a blank)")
        values = tuple(v or 0 for v in self.cells)
        _check_units(self.units, values, self.cols)
        for cage in self.cages:
            self._check_cage(cage, values)

    def _check_cage(self, cage: Cage, values: tuple[int, ...]) -> None:
        where = f"cage {cage.name} (sum {cage.total}, {len(cage.cells)} cells)"
        if len(cage.cells) > self.digits:
            raise InvalidPuzzle(f"{where}: more cells than digits, and digits do not repeat in a cage")
        givens = [values[k] for k in cage.cells if values[k]]
        if len(set(givens)) < len(givens):
            raise InvalidPuzzle(f"{where}: a digit given twice in it")
        if not any(set(givens) <= set(c) for c in combinations(len(cage.cells), cage.total, self.digits)):
            raise InvalidPuzzle(f"{where}: no {len(cage.cells)} distinct digits 1-{self.digits} sum to {cage.total}"
                                + (f" with its givens {', '.join(map(str, givens))}" if givens else ""))

    # -- making ---------------------------------------------------------------------------

    @classmethod
    def sudoku(cls, cells: Sequence[int], box: tuple[int, int] | None = None, extras: Iterable[str] = ()) -> Variant:
        """A classic grid (cells row by row) with ``extras`` laid over it ("diagonal", "windoku")."""
        n = _side(len(cells))
        box = box or infer_box(n)
        extras = tuple(extras)
        units = box_units(n, box) + extra_units(n, extras)
        regions = tuple((r // box[0]) * box[0] + c // box[1] for r in range(n) for c in range(n))
        return cls(n, n, n, tuple(cells), tuple(units), regions, extras)

    def box(self) -> tuple[int, int] | None:
        """The shape of the boxes when the regions are a square grid's boxes (a killer's,
        an X sudoku's), else None (a jigsaw's pieces, a samurai's grids)."""
        n = self.rows
        if self.cols != n or None in self.cells:
            return None
        rows = next((r for r in range(1, n) if self.regions[r * n] != self.regions[0]), n)
        cols = next((c for c in range(1, n) if self.regions[c] != self.regions[0]), n)
        boxes = [(r // rows, c // cols) for r in range(n) for c in range(n)]
        pairs = set(zip(boxes, self.regions))  # (one region a box, one box a region: as many pairs as boxes)
        return (rows, cols) if rows * cols == n and len(pairs) == len(set(boxes)) == len(set(self.regions)) == n else None

    def name(self, k: int) -> str:
        """The name of the cell at position k: r1c1 is the layout's top-left one."""
        return cell_name(*divmod(k, self.cols))

    @property
    def kind(self) -> str:
        """The variant's name: "sudoku" (with its extras), "jigsaw", "killer" or "samurai"."""
        return "sudoku"

    def with_cells(self, cells: Sequence[int | None], given: Sequence[bool] | None = None) -> Variant:
        """The same variant with other cells (a solver's output: not checked again)."""
        out = object.__new__(type(self))
        for field in attrs.fields(type(self)):
            object.__setattr__(out, field.name, getattr(self, field.name))
        object.__setattr__(out, "cells", tuple(cells))
        object.__setattr__(out, "given", tuple(self.given if given is None else given))
        return out

    # -- text -----------------------------------------------------------------------------

    def to_line(self) -> str:
        """The cells as one line, row by row: digits, '.' for a blank; the holes left out."""
        return "".join(symbol(v) for v in self.cells if v is not None)

    def __str__(self) -> str:
        box = self.box()
        if box is not None:  # (a grid of boxes prints as a sudoku does)
            return boxed_text([v or 0 for v in self.cells], self.rows, box)
        out = []
        for r in range(self.rows):
            row = self.cells[r * self.cols:(r + 1) * self.cols]
            out.append(" ".join(" " if v is None else symbol(v) for v in row).rstrip())
        return "\n".join(out)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}{''.join(' +' + e for e in self.extras)} {self.to_line()}>"

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self) -> str:
        """The grid as SVG (what a notebook shows), with its cages, regions or grids."""
        from .variant_svg import svg

        return svg(self)

    @property
    def is_solved(self) -> bool:
        return all(v for v in self.cells if v is not None)


class Jigsaw(Variant):
    """Rows, columns and N irregular regions of N cells each (given as a region per cell)."""

    @classmethod
    def make(cls, cells: Sequence[int], regions: Sequence[Any], extras: Iterable[str] = ()) -> Jigsaw:
        n = _side(len(cells))
        if len(regions) != len(cells):
            raise InvalidPuzzle(f"the regions name {len(regions)} cells, the grid has {len(cells)}")
        names = list(dict.fromkeys(regions))
        members = {name: tuple(k for k, r in enumerate(regions) if r == name) for name in names}
        if len(names) != n or any(len(m) != n for m in members.values()):
            sizes = ", ".join(f"{name}: {len(m)}" for name, m in members.items())
            raise InvalidPuzzle(f"a {n}x{n} jigsaw has {n} regions of {n} cells each, not {len(names)} ({sizes})")
        extras = tuple(extras)
        units = box_units(n, (1, n))[:2 * n] + [(f"region {name}", m) for name, m in members.items()]
        number = {name: i for i, name in enumerate(names)}
        return cls(n, n, n, tuple(cells), tuple(units + extra_units(n, extras)),
                   tuple(number[r] for r in regions), extras)

    @property
    def kind(self) -> str:
        return "jigsaw"


class Killer(Variant):
    """A grid with boxes and cages whose distinct digits sum to their totals."""

    @classmethod
    def make(cls, cells: Sequence[int], cages: Iterable[Cage], box: tuple[int, int] | None = None,
             extras: Iterable[str] = ()) -> Killer:
        grid = Variant.sudoku(cells, box, extras)
        cages = tuple(cages)
        n = grid.digits
        seen: dict[int, str] = {}
        for cage in cages:
            for k in cage.cells:
                if not 0 <= k < n * n:
                    raise InvalidPuzzle(f"cage {cage.name} has a cell outside the {n}x{n} grid")
                if k in seen:
                    raise InvalidPuzzle(f"{grid.name(k)} is in cages {seen[k]} and {cage.name}")
                seen[k] = cage.name
        total = sum(c.total for c in cages)
        if len(seen) == n * n and total != n * n * (n + 1) // 2:
            raise InvalidPuzzle(f"the cages cover the grid and sum to {total}, but a {n}x{n} grid sums to "
                                f"{n * n * (n + 1) // 2}")
        return cls(n, n, n, grid.cells, grid.units, grid.regions, grid.extras, cages)

    @property
    def kind(self) -> str:
        return "killer"


#: Where the five 9×9 grids of a samurai sit in its 21×21 box (top-left cells): the four
#: corners and the centre, which shares a corner box with each of them.
SAMURAI = ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))
SAMURAI_NAMES = ("top-left", "top-right", "centre", "bottom-left", "bottom-right")


class Samurai(Variant):
    """Five overlapping 9×9 sudokus (gattai-5): the centre grid shares a box with each corner one."""

    @classmethod
    def empty(cls) -> Samurai:
        """A samurai with no givens (the layout the generator fills)."""
        inside = _samurai_cells()
        return cls.make([0 if k in inside else None for k in range(21 * 21)])

    @classmethod
    def make(cls, cells: Sequence[int | None]) -> Samurai:
        """``cells``: the 21×21 box row by row, ``None`` where it has no cell."""
        side = 21
        if len(cells) != side * side:
            raise InvalidPuzzle(f"a samurai is a 21x21 box of cells, not {len(cells)} positions")
        inside = _samurai_cells()
        for k, v in enumerate(cells):
            if (k in inside) != (v is not None):
                raise InvalidPuzzle(f"{cell_name(*divmod(k, side))} is {'a hole' if v is None else 'not a cell'} "
                                    "in a samurai (cells are the five 9x9 grids)")
        units: dict[frozenset[int], Unit] = {}
        for origin, name in zip(SAMURAI, SAMURAI_NAMES):
            for unit in box_units(9, (3, 3), origin, side, f"{name} grid: "):
                units.setdefault(frozenset(unit[1]), unit)  # (a shared box once)
        regions = [-1] * (side * side)
        for k in inside:
            r, c = divmod(k, side)
            regions[k] = (r // 3) * 7 + c // 3
        return cls(side, side, 9, tuple(cells), tuple(units.values()), tuple(regions))

    @property
    def kind(self) -> str:
        return "samurai"


def _samurai_cells() -> set[int]:
    """The positions of a samurai's 21×21 box that are cells (the five grids')."""
    return {(top + r) * 21 + left + c for top, left in SAMURAI for r in range(9) for c in range(9)}


def _side(count: int) -> int:
    n = math.isqrt(count)
    if n * n != count or n < 1:
        raise InvalidPuzzle(f"a grid has n×n cells (16, 36, 81, ...), not {count}")
    return n


# -- exact cover ---------------------------------------------------------------------------


def implied_cages(variant: Variant) -> list[tuple[int, tuple[int, ...]]]:
    """The cages a killer's rules imply (a solver's "rule of 45"), each as (its total, its
    cells): in each unit, the cells outside the cages that lie wholly in it (its *innies*)
    hold distinct digits that sum to what those cages leave of the unit's sum; and where
    cages cover the unit, the cells by which they stick out of it (its *outies*) sum to what
    they exceed it by, a cage where those cells share a unit (so their digits are distinct).
    Redundant (no solution is lost), but the search and the SAT solver meet a wrong digit
    there at once: the hardest killer sudokus of a published set took seconds without
    them."""
    whole = variant.digits * (variant.digits + 1) // 2
    units = [set(unit) for _name, unit in variant.units if len(unit) == variant.digits]
    found: dict[frozenset[int], int] = {frozenset(cage.cells): cage.total for cage in variant.cages}
    for cells in units:
        inside = [cage for cage in variant.cages if cells.issuperset(cage.cells)]
        rest = frozenset(cells.difference(*(cage.cells for cage in inside)))
        if rest and rest != cells:
            found.setdefault(rest, whole - sum(cage.total for cage in inside))
        touching = [cage for cage in variant.cages if cells.intersection(cage.cells)]
        covered = set().union(*(cage.cells for cage in touching))
        out = frozenset(covered - cells)
        if cells <= covered and out and any(unit >= out for unit in units):
            found.setdefault(out, sum(cage.total for cage in touching) - whole)
    given = {frozenset(cage.cells) for cage in variant.cages}
    return [(total, tuple(sorted(cells))) for cells, total in found.items() if cells not in given]


def matrix_of(variant: Variant) -> Matrix:
    """The exact cover matrix of a variant's rules (its givens are not in it)."""
    units_of: dict[int, list[int]] = {}
    for u, (_name, unit) in enumerate(variant.units):
        for k in unit:
            units_of.setdefault(k, []).append(u)
    cages = [(cage.total, cage.cells) for cage in variant.cages]
    cages += implied_cages(variant) if cages else []
    cages_of: dict[int, list[int]] = {}
    for j, (_total, cells) in enumerate(cages):
        for k in cells:
            cages_of.setdefault(k, []).append(j)
    d_range = range(1, variant.digits + 1)
    present = [k for k, v in enumerate(variant.cells) if v is not None]
    primary: list[Any] = [("cell", k) for k in present]
    primary += [("unit", u, d) for u in range(len(variant.units)) for d in d_range]
    primary += [("cage", j) for j in range(len(cages))]
    secondary = [("in", j, d) for j in range(len(cages)) for d in d_range]
    options: dict[Any, list[Any]] = {}
    for k in present:
        for d in d_range:
            options[(k, d)] = [("cell", k), *(("unit", u, d) for u in units_of.get(k, ())),
                               *(("in", j, d) for j in cages_of.get(k, ()))]
    for j, (total, cells) in enumerate(cages):
        for combo in combinations(len(cells), total, variant.digits):
            options[("cage", j, combo)] = [("cage", j), *(("in", j, d) for d in d_range if d not in combo)]
    return Matrix(primary, options, secondary=secondary)


def encode(variant: Variant) -> Encoding:
    givens = [(k, v) for k, v in enumerate(variant.cells) if v]
    return Encoding(matrix_of(variant), givens)


def decode(variant: Variant, solution: tuple[Any, ...]) -> Variant:
    cells = list(variant.cells)
    for label in solution:
        if label[0] != "cage":
            cells[label[0]] = label[1]
    return variant.with_cells(cells)
