"""The ``polyomino`` problem type: registration, and boards and pieces named in words
(``6x10``, ``pentominoes``), as the command line and `Polyomino.of` take them."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from exactcover import CommandLine, ProblemError, ProblemType, hookimpl
from exactcover.hookspecs import Register
from exactcover.commandline import Flag, Option
from exactcover.textinput import missing_file, read_text

if TYPE_CHECKING:  # (for annotations only: draw loads on first use)
    from .draw import Tiling

from .lattice import CUBE, SQUARE, TRIANGLE, Lattice
from .pieces import SETS, Piece, named_set, pieces_from_text
from .tiling import Board, Polyomino, encode, size, symmetric_select

__all__ = ["make", "parse_board", "parse_pieces"]

LATTICES = {"square": SQUARE, "triangle": TRIANGLE, "cube": CUBE}
BOARDS = "RxC, XxYxZ, triangle:N, hexagon:N, rhombus:RxC, or a file with a drawing"


def _board_lattice(spec: str) -> Lattice | None:
    if re.fullmatch(r"\d+x\d+x\d+", spec):
        return CUBE
    if re.fullmatch(r"(triangle|hexagon):\d+|rhombus:\d+x\d+", spec):
        return TRIANGLE
    return None


def parse_board(spec: str, lattice: Lattice = SQUARE) -> Board:
    """A board named as ``BOARDS`` says (a file's drawing is read on ``lattice``)."""
    spec = spec.strip()
    numbers = [int(n) for n in re.findall(r"\d+", spec)]
    if re.fullmatch(r"\d+x\d+", spec):
        return Board.rhombus(*numbers) if lattice is TRIANGLE else Board.rectangle(*numbers)
    if re.fullmatch(r"\d+x\d+x\d+", spec):
        return Board.box(*numbers)
    shape = spec.split(":", 1)[0]
    if _board_lattice(spec) is TRIANGLE:
        shapes: dict[str, Callable[..., Board]] = {"triangle": Board.triangle, "hexagon": Board.hexagon,
                                                   "rhombus": Board.rhombus}
        return shapes[shape](*numbers)
    if os.path.isfile(spec):
        return Board.from_text(read_text(spec), lattice)
    raise ProblemError(missing_file(spec) or f"a board is {BOARDS}; {spec!r} is none of them")


def parse_pieces(specs: Iterable[str], lattice: Lattice = SQUARE) -> tuple[Piece, ...]:
    """Pieces from set names (`SETS`) and files of drawn pieces (read on ``lattice``)."""
    found: list[Piece] = []
    for spec in specs:
        if spec.lower() in SETS:
            found += named_set(spec)
        elif os.path.isfile(spec):
            found += pieces_from_text(read_text(spec), lattice)
        else:
            raise ProblemError(missing_file(spec) or f"pieces are a set ({', '.join(SETS)}) or a file of drawn "
                                                     f"pieces; {spec!r} is neither")
    return tuple(found)


def parse_count(text: str) -> tuple[str, tuple[int, int]]:
    """``NAME=N`` or ``NAME=LO..HI``."""
    match = re.fullmatch(r"(\S+?)=(\d+)(?:\.\.(\d+))?", text)
    if not match:
        raise ValueError(f"a count is NAME=N or NAME=LO..HI, not {text!r}")
    lo = int(match[2])
    return match[1], (lo, int(match[3]) if match[3] else lo)


def parse_cell(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f"a cell is its coordinates separated by commas (3,4 or 1,2,0), not {text!r}") from None


def _lattice(board: str, pieces: Iterable[str], lattice: str | None) -> Lattice:
    """The lattice named, else the one the named sets or the board's name imply, else squares."""
    if lattice is not None:
        return LATTICES[lattice]
    for spec in pieces:
        if spec.lower() in SETS:
            return named_set(spec)[0].lattice
    return _board_lattice(board) or SQUARE


def make(board: str | Board = "6x10", pieces: str | Iterable[str | Piece] = "pentominoes", *,
         holes: Iterable[Iterable[int]] = (), lattice: str | None = None, **options: object) -> Polyomino:
    """A `Polyomino` from words: ``make("8x8", "pentominoes", holes=[(3, 3), (3, 4), (4, 3), (4, 4)])``.
    ``options`` are `Polyomino`'s (``counts``, ``at_most``, ``rotations``, ``reflections``, ``distinct``)."""
    specs = [pieces] if isinstance(pieces, str) else list(pieces)
    words = [spec for spec in specs if isinstance(spec, str)]
    where = _lattice(board if isinstance(board, str) else "", words, lattice)
    if isinstance(board, Board):
        where = board.lattice
    made = [spec for spec in specs if isinstance(spec, Piece)]
    grid = board if isinstance(board, Board) else parse_board(board, where)
    if holes:
        grid = grid.without(holes)
    return Polyomino(grid, (*parse_pieces(words, where), *made), **options)  # type: ignore[arg-type]


def _build(board: str = "6x10", pieces: tuple[str, ...] = ("pentominoes",), use: tuple[Any, ...] = (),
           hole: tuple[Any, ...] = (), lattice: str | None = None, **options: object) -> Polyomino:
    return make(board, pieces, holes=hole, lattice=lattice, counts=dict(use), **options)


def _json(problem: Polyomino, tiling: Tiling) -> list[dict[str, object]]:
    return [{"piece": name, "cells": [list(cell) for cell in cells]} for name, cells in tiling.placements]


COMMAND_LINE = CommandLine(
    [Option("--board", metavar="BOARD", help=f"the board: {BOARDS} [default: 6x10]"),
     Option("--pieces", many=True, metavar="SET|FILE",
            help=f"the pieces: a set ({', '.join(SETS)}) or a file of pieces drawn as text, one letter a piece; "
                 f"again for more [default: pentominoes]"),
     Option("--use", type=parse_count, many=True, metavar="NAME=N",
            help="use a piece N times (or NAME=LO..HI); again for more pieces"),
     Flag("--at-most", help="each piece not counted is used at most once (default: exactly once)"),
     Option("--hole", type=parse_cell, many=True, metavar="CELL", help="a cell cut out of the board (row,column; x,y,z)"),
     Flag("--rotations/--no-rotations", default=True, help="pieces may be turned"),
     Flag("--reflections/--no-reflections", default=None,
          help="pieces may be turned over [default: in the plane yes, for cubes no]"),
     Option("--lattice", type=tuple(LATTICES), help="the cells' shape, when files alone do not say"),
     Flag("--distinct", help="one solution per class under the board's symmetries")],
    build=_build,
    render=lambda problem, tiling: str(tiling),
    to_json=_json,
    help="Tile a board with pieces: polyominoes, polyiamonds (triangles) and polycubes, named sets or drawn as text.",
    examples=["--board 6x10 --pieces pentominoes", "--board 3x3x3 --pieces soma --distinct",
              "--board 5x12 --distinct", "--board rhombus:6x6 --pieces hexiamonds"],
)


def _decode(problem: Polyomino, solution: tuple[Any, ...]) -> Tiling:
    from .draw import Tiling  # (the pictures' module, read when there is a solution to show)

    return Tiling(problem.board, solution, [piece.name for piece in problem.pieces])


@hookimpl
def register_problem_types(register: Register) -> None:
    register(ProblemType(
        name="polyomino",
        summary="tile a board with polyominoes, polyiamonds or polycubes (pentominoes, Soma, ...)",
        handles=Polyomino,
        encode=encode,
        decode=_decode,
        select=symmetric_select,
        size=size,
        command_line=COMMAND_LINE,
    ))
