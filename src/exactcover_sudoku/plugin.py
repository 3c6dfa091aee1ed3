"""The ``sudoku`` problem type: registration, its command line and rendering."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any


from exactcover import Batch, CommandLine, ProblemError, ProblemType, Size, hookimpl
from exactcover.hookspecs import Register

if TYPE_CHECKING:
    import click
from exactcover.commandline import Argument, Option
from exactcover.textinput import lines

from .encoding import decode, encode
from .grid import InvalidPuzzle, Sudoku
from .variant_plugin import DIAGONAL, WINDOKU, file_text, register_variants, with_extras

LINE_LENGTHS = {n * n for n in range(2, 37)}


def box_size(text: str) -> tuple[int, int]:
    """``ROWSxCOLS`` (``2x3``) as the shape of a box."""
    try:
        rows, cols = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise ProblemError(f"a box is ROWSxCOLS (e.g. 2x3), not {text!r}") from None
    return rows, cols


def parse_puzzles(text: str, box: tuple[int, int] | None = None, source: str = "input") -> Sudoku | Batch:
    """One puzzle (any form `Sudoku.parse` reads), or, for several lines that are each a
    whole puzzle, a `Batch` with one entry per line (an `InvalidPuzzle` for a bad line).

    Lines starting with ``#`` are comments. N lines of N symbols each (N up to 35) are the
    rows of one N×N grid, not N puzzles: sixteen lines of sixteen symbols are one 16×16 grid.
    """
    kept = [(n, line.strip()) for n, line in lines(text) if line.strip() and not line.lstrip().startswith("#")]
    if not kept:
        raise InvalidPuzzle(f"{source}: no puzzle (the input holds only blank lines and comments)")
    whole = all(len(line) in LINE_LENGTHS and " " not in line for _, line in kept)
    rows = len(kept) <= 35 and all(len(line) == len(kept) for _, line in kept)
    if len(kept) > 1 and whole and not rows:
        entries: list[object] = []
        for number, line in kept:
            try:
                entries.append(Sudoku.parse(line, box))
            except InvalidPuzzle as error:
                entries.append(InvalidPuzzle(f"{source}, line {number}: {error}"))
        return Batch(entries)
    try:
        return Sudoku.parse("\n".join(line for _, line in kept), box)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"{source}: {error}") from None


def build_puzzles(puzzle: str, box: tuple[int, int] | None = None, diagonal: bool = False,
                  windoku: bool = False) -> Any:
    """The command line's problem: `read_puzzles`, with the extra rules the flags ask for."""
    return with_extras(read_puzzles(puzzle, box), diagonal, windoku)


def read_puzzles(puzzle: str, box: tuple[int, int] | None = None) -> Sudoku | Batch:
    """``puzzle``: a puzzle as text, a file of puzzles (one per line, or one grid), or ``-``."""
    found = file_text(puzzle)
    if found is not None:
        return parse_puzzles(found[0], box, found[1])
    try:
        return Sudoku.parse(puzzle, box)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"{puzzle!r} is neither a file nor a valid puzzle: {error}") from None


PUZZLE = Argument("puzzle", metavar="PUZZLE|FILE|-",
                  help="a puzzle (81 characters, '.' or 0 for an empty cell; any size), a file of puzzles "
                       "one per line (or one grid), or - for standard input")
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
            examples=["puzzles.txt", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                      "- < puzzles.txt", "--diagonal x-sudoku.txt"],
        ),
    ))
    register_variants(register)


@hookimpl
def register_commands(cli: click.Group) -> None:
    from .commands import sudoku

    cli.add_command(sudoku)
