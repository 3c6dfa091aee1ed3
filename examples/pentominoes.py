"""Pentominoes: a complete third-party-style problem plugin, in under a page.

The 12 pentominoes tile a 6×10 box in 9356 ways, 2339 up to symmetry. A plugin is a domain
class, an encoding into items and options, a decoding back, and one hook that registers the
problem type. A package would list the module under [project.entry-points.exactcover]; here
it is registered at run time. Run: python examples/pentominoes.py. It passes mypy --strict
(tests/project/test_typing.py checks it).
"""

from __future__ import annotations

import attrs

import exactcover
from exactcover import CommandLine, Matrix, Problem, ProblemError, ProblemType, hookimpl
from exactcover.commandline import Argument, Flag
from exactcover.hookspecs import Register

Cell = tuple[int, int]
Label = tuple[str, tuple[Cell, ...]]  # an option's label: the piece and the cells it covers

SHAPES = {  # each piece as "row,col" cells
    "F": "01 02 10 11 21", "I": "00 01 02 03 04", "L": "00 10 20 30 31", "N": "01 11 20 21 30",
    "P": "00 01 10 11 20", "T": "00 01 02 11 21", "U": "00 02 10 11 12", "V": "00 10 20 21 22",
    "W": "00 10 11 21 22", "X": "01 10 11 12 21", "Y": "01 10 11 21 31", "Z": "00 01 11 21 22",
}


@attrs.frozen
class Pentominoes(Problem[list[str]]):
    """Tile a width × height box (area 60) with the 12 pentominoes; ``distinct``: one tiling
    per symmetry class (the X piece's centre kept in the top-left quarter)."""

    width: int = 10
    height: int = 6
    distinct: bool = False

    def __attrs_post_init__(self) -> None:
        if self.width * self.height != 60:
            raise ProblemError(f"a {self.width}x{self.height} box has area {self.width * self.height}, not 60")
        if self.distinct and (self.width % 2 or self.height % 2):
            raise ProblemError("distinct needs even sides (the X piece could sit on an axis)")


def orientations(cells: list[Cell]) -> set[tuple[Cell, ...]]:
    shapes = set()
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]  # rotate
        for shape in (cells, [(r, -c) for r, c in cells]):  # and reflect
            top, left = min(r for r, _ in shape), min(c for _, c in shape)
            shapes.add(tuple(sorted((r - top, c - left) for r, c in shape)))
    return shapes


def encode(box: Pentominoes) -> Matrix:
    options: dict[Label, list[object]] = {}
    for piece, text in SHAPES.items():
        for shape in orientations([(int(cell[0]), int(cell[1])) for cell in text.split()]):
            for top in range(box.height):
                for left in range(box.width):
                    cells = [(top + r, left + c) for r, c in shape]
                    if all(r < box.height and c < box.width for r, c in cells):
                        if box.distinct and piece == "X" and not (top + 1 < box.height // 2 and left + 1 < box.width // 2):
                            continue
                        options[(piece, tuple(cells))] = [piece, *cells]
    cells = [(r, c) for r in range(box.height) for c in range(box.width)]
    return Matrix([*SHAPES, *cells], options)


def decode(box: Pentominoes, solution: tuple[Label, ...]) -> list[str]:
    grid = [["."] * box.width for _ in range(box.height)]
    for piece, cells in solution:
        for r, c in cells:
            grid[r][c] = piece
    return ["".join(row) for row in grid]


@hookimpl
def register_problem_types(register: Register) -> None:
    register(ProblemType(
        name="pentominoes", summary="tile a box of area 60 with the 12 pentominoes",
        handles=Pentominoes, encode=encode, decode=decode,
        command_line=CommandLine(                                 # for the command line
            [Argument("width", type=int, required=False, help="the box's width (default 10)"),
             Argument("height", type=int, required=False, help="its height (default 6)"),
             Flag("--distinct", help="one tiling per symmetry class")],
            render=lambda box, rows: "\n".join(rows),           # for humans
            examples=["10 6 --distinct", "12 5"],
        ),
    ))


def main() -> None:
    import sys

    exactcover.register(sys.modules[__name__], name="pentominoes-example")
    print("\n".join(exactcover.solve(Pentominoes())))
    print("tilings of 6x10:", exactcover.count(Pentominoes()))
    print("up to symmetry: ", exactcover.count(Pentominoes(distinct=True)))


if __name__ == "__main__":
    main()
