"""The ``sudoku`` problem type: registration, its command line and rendering."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exactcover import CommandLine, ProblemType, Size, hookimpl
from exactcover.commandline import Argument, Option
from exactcover.hookspecs import Register

from .encoding import decode, encode, word_givens
from .grid import Sudoku
from .reading import box_size, build_puzzles
from .variant_plugin import DIAGONAL, WINDOKU, register_variants

if TYPE_CHECKING:  # (for annotations only: click loads on first use)
    import click

PUZZLE = Argument("puzzle", metavar="PUZZLE|FILE|-",
                  help="a puzzle (81 characters, '.' or 0 for an empty cell; any size; or a puzz.link URL), a "
                       "file of puzzles one per line (or one grid), or - for standard input")
BOX = Option("--box", type=box_size, metavar="RxC", help="the shape of a box, when the size alone does not say it (6x6: 2x3)")


@hookimpl
def register_problem_types(register: Register) -> None:
    register(ProblemType(
        name="sudoku",
        summary="sudoku of every size (4x4, 6x6, 9x9, 16x16, 25x25, ...): solve, count, explain, generate",
        handles=Sudoku,
        encode=encode,
        decode=decode,
        size=lambda puzzle: Size(puzzle.size ** 3, 4 * puzzle.size ** 3),  # a digit per cell, in 4 units
        command_line=CommandLine(
            [PUZZLE, BOX, DIAGONAL, WINDOKU],
            build=build_puzzles,
            render=lambda puzzle, grid: str(grid),
            render_line=lambda puzzle, grid: grid.to_line(),
            to_json=lambda puzzle, grid: grid.to_line(),
            help="Solve a sudoku of any size, or each puzzle of a file (one line out per puzzle). "
                 "`exactcover sudoku explain` and `exactcover sudoku generate` are the plugin's own commands.",
            examples=["examples/data/inkala.txt",
                      ".14.4......31...",
                      "- < examples/data/inkala.txt", "--diagonal examples/data/x-sudoku.txt"],
        ),
        one_answer=True,  # (a published puzzle has one filling: the default backend may race for it)
        word_givens=word_givens,
    ))
    register_variants(register)


@hookimpl
def register_commands(cli: click.Group) -> None:
    from .commands import sudoku

    cli.add_command(sudoku)
