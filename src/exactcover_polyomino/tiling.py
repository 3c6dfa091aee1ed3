"""Boards, the tiling problem, and its exact cover: a board cell is covered once, each piece
used once (or at most once, or a number of times), and symmetric solutions counted once.

The matrix: every board cell is a primary item; a piece used exactly once is a primary item
too, a piece used at most once a secondary one (Knuth's way), and a piece used between lo and
hi times a primary item with those bounds (the engine's multiplicities). An option is one
placement: the piece's name and the cells it covers, one option per orientation and place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union

import attrs

from exactcover import Matrix, Problem, ProblemError, Size

from .board import Board
from .lattice import CUBE, Cell, Map
from .pieces import Piece

if TYPE_CHECKING:  # (for annotations only: draw needs this module)
    from .draw import Tiling  # noqa: F401 -- (the answer type; draw imports this module)

__all__ = ["Board", "Placement", "Polyomino", "encode", "placements", "symmetric_select"]

Placement = tuple[str, tuple[Cell, ...]]  # (piece name, the cells it covers, sorted)


Bounds = tuple[int, int]


def _bounds(value: int | tuple[int, int]) -> Bounds:
    lo, hi = (value, value) if isinstance(value, int) else value
    if not (isinstance(lo, int) and isinstance(hi, int) and 0 <= lo <= hi):
        raise ProblemError(f"a piece's count is N or (LO, HI) with 0 <= LO <= HI, not {value!r}")
    return (lo, hi)


Counts = Union[Mapping[str, Union[int, Bounds]], Iterable[tuple[str, Union[int, Bounds]]]]


def _counts(counts: Counts) -> tuple[tuple[str, Bounds], ...]:
    items = counts.items() if isinstance(counts, Mapping) else counts
    return tuple((str(name), _bounds(value)) for name, value in items)


def _pieces(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    return tuple(pieces)


@attrs.frozen
class Polyomino(Problem["Tiling"]):
    """Tile ``board`` with ``pieces``.

    * ``counts``: how many times a piece is used, by name: ``N`` or ``(LO, HI)``; a piece not
      named is used exactly once, or at most once with ``at_most``.
    * ``rotations`` and ``reflections``: how a piece may be turned; ``reflections=None`` is
      true in the plane and false for cubes (a solid piece turns but does not reflect).
    * ``distinct``: one solution per class under the board's symmetries (the ones that map
      the pieces onto pieces: with one-sided pieces, the rotations only).
    """

    board: Board
    pieces: tuple[Piece, ...] = attrs.field(converter=_pieces)
    counts: tuple[tuple[str, Bounds], ...] = attrs.field(default=(), converter=_counts)
    at_most: bool = False
    rotations: bool = True
    reflections: bool | None = None
    distinct: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.pieces:
            raise ProblemError("no pieces to tile with")
        names = [piece.name for piece in self.pieces]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ProblemError(f"two pieces are named {twice[0]!r} (use a count to use one piece many times)")
        for piece in self.pieces:
            if piece.lattice is not self.board.lattice:
                raise ProblemError(f"piece {piece.name!r} is made of {piece.lattice.name}s, the board of "
                                   f"{self.board.lattice.name}s")
        unknown = [name for name, _ in self.counts if name not in names]
        if unknown:
            raise ProblemError(f"a count for {unknown[0]!r}, which is not one of the pieces ({' '.join(names)})")
        least = sum(piece.size * self.bounds(piece.name)[0] for piece in self.pieces)
        most = sum(piece.size * self.bounds(piece.name)[1] for piece in self.pieces)
        if not least <= self.board.size <= most:
            raise ProblemError(f"the board has {self.board.size} cells, and the pieces cover "
                               f"{least if least == most else f'{least} to {most}'}: no tiling can exist")

    def bounds(self, name: str) -> Bounds:
        """How many times the piece ``name`` is used: (lo, hi)."""
        return dict(self.counts).get(name, (0, 1) if self.at_most else (1, 1))

    @property
    def reflect(self) -> bool:
        return self.board.lattice is not CUBE if self.reflections is None else self.reflections


@lru_cache(maxsize=8)
def placements(problem: Polyomino) -> tuple[Placement, ...]:
    """The options' labels: each orientation of each piece (not counted out) at each place of
    the board where it fits, piece by piece."""
    lattice, cells = problem.board.lattice, set(problem.board.cells)
    found: list[Placement] = []
    for piece in problem.pieces:
        if problem.bounds(piece.name)[1] == 0:
            continue
        for shape in lattice.orientations(piece.cells, problem.rotations, problem.reflect):
            for anchor in problem.board.cells:
                shift = lattice.offset(anchor, shape[0])
                if shift is None:
                    continue
                placed = lattice.shift(shape, shift)
                if all(cell in cells for cell in placed):
                    found.append((piece.name, tuple(sorted(placed))))
    return tuple(found)


def encode(problem: Polyomino) -> Matrix:
    primary: list[Hashable] = list(problem.board.cells)
    secondary: list[Hashable] = []
    bounds: dict[Hashable, Any] = {}
    for piece in problem.pieces:
        lo, hi = problem.bounds(piece.name)
        if hi == 0:
            continue
        if (lo, hi) == (0, 1):
            secondary.append(piece.name)
        else:
            primary.append(piece.name)
            if (lo, hi) != (1, 1):
                bounds[piece.name] = (lo, hi)
    options = {placement: [placement[0], *placement[1]] for placement in placements(problem)}
    return Matrix(primary, options, secondary=secondary, bounds=bounds or None)


def size(problem: Polyomino) -> Size:
    """An upper bound on the matrix's size, from the pieces' orientations (no placing)."""
    lattice, cells = problem.board.lattice, problem.board.size
    options = sum(len(lattice.orientations(p.cells, problem.rotations, problem.reflect)) * cells for p in problem.pieces)
    return Size(options, options * (1 + max(p.size for p in problem.pieces)))


def symmetric_select(problem: Polyomino) -> Callable[[tuple[Any, ...]], bool] | None:
    """For ``distinct``: keep a solution when it is the least of its images under the board's
    symmetries (as sorted option numbers), so each class is kept exactly once."""
    if not problem.distinct:
        return None
    labels = placements(problem)
    number = {label: k for k, label in enumerate(labels)}
    by_cells: dict[tuple[Cell, ...], list[str]] = {}  # (the same for every symmetry: made once)
    for name, cells in labels:
        by_cells.setdefault(cells, []).append(name)
    uses = {piece.name: problem.bounds(piece.name) for piece in problem.pieces}
    maps = [m for m in (_option_map(g, labels, number, by_cells, uses) for g in problem.board.symmetries()[1:]) if m]

    def canonical(solution: tuple[Any, ...]) -> bool:
        mine = sorted(number[label] for label in solution)
        return all(mine <= sorted(image[k] for k in mine) for image in maps)

    return canonical


def _option_map(g: Map, labels: tuple[Placement, ...], number: dict[Placement, int],
                by_cells: dict[tuple[Cell, ...], list[str]], uses: dict[str, Bounds]) -> list[int] | None:
    """Option k's image under g, as a list; None when g does not map the problem onto itself
    (an image covers no placement, or takes a piece to one used a different number of times).
    ``by_cells``: the pieces placed on each set of cells; ``uses``: each piece's bounds."""
    image: list[int] = []
    renamed: dict[str, str] = {}
    for name, cells in labels:
        moved = tuple(sorted(g(cell) for cell in cells))
        names = by_cells.get(moved, [])
        target = name if name in names else renamed.get(name, names[0] if len(names) == 1 else None)
        if target is None or renamed.setdefault(name, target) != target or \
                uses[target] != uses[name]:
            return None
        image.append(number[(target, moved)])
    return image if len(set(image)) == len(image) else None
