"""The variants' problem types: ``sudoku-variant`` (a grid with extra rules: ``exactcover
solve sudoku PUZZLE --diagonal``), ``jigsaw``, ``killer`` and ``samurai``, each of the last
three with its command line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from exactcover import Batch, CommandLine, ProblemType, Size
from exactcover.commandline import Argument, Flag
from exactcover.hookspecs import Register
from exactcover.textinput import missing_file, read_text

from .grid import InvalidPuzzle
from .variant_text import parse_jigsaw, parse_killer, parse_samurai
from .variants import Jigsaw, Killer, Samurai, Variant, combinations, decode, encode

__all__ = ["DIAGONAL", "WINDOKU", "file_text", "register_variants", "with_extras"]

DIAGONAL = Flag("--diagonal", help="both long diagonals hold every digit once too (sudoku-X)")
WINDOKU = Flag("--windoku", help="four more windows hold every digit once too (hyper sudoku; N = 4, 9, 16, ...)")


def with_extras(problem: Any, diagonal: bool, windoku: bool) -> Any:
    """A sudoku (or each of a batch) with the extra rules the flags ask for, as a `Variant`."""
    extras = [name for name, on in (("diagonal", diagonal), ("windoku", windoku)) if on]
    if not extras or isinstance(problem, Exception):
        return problem
    if isinstance(problem, Batch):
        entries: list[object] = []
        for entry in problem.problems:
            try:
                entries.append(with_extras(entry, diagonal, windoku))
            except InvalidPuzzle as error:
                entries.append(error)
        return Batch(entries)
    return Variant.sudoku(problem.cells, problem.box, extras)


def _size(variant: Variant) -> Size:
    cells = sum(v is not None for v in variant.cells)
    combos = sum(len(combinations(len(c.cells), c.total, variant.digits)) for c in variant.cages)
    return Size(cells * variant.digits + combos, cells * variant.digits * 6 + combos * variant.digits)


def file_text(argument: str) -> tuple[str, str] | None:
    """The text of the file an argument names (``-``: standard input) and its name for
    messages; None when it names no file."""
    import os

    if argument == "-" or os.path.exists(argument):
        return read_text(argument), "<stdin>" if argument == "-" else argument
    return None


def _text(puzzle: str) -> tuple[str, str]:
    """A puzzle's text, from a file, standard input ('-') or the argument itself."""
    return file_text(puzzle) or (puzzle.replace("\\n", "\n"), "the puzzle")


def _reader(parse: Callable[..., Variant]) -> Callable[..., Any]:
    """A command line's build: the puzzle's text read and parsed, with the extras' flags."""

    def build(puzzle: str, diagonal: bool = False, windoku: bool = False) -> Variant:
        text, source = _text(puzzle)
        extras = [name for name, on in (("diagonal", diagonal), ("windoku", windoku)) if on]
        try:
            return parse(text, extras)
        except InvalidPuzzle as error:
            missing = missing_file(puzzle) if source == "the puzzle" else None
            raise InvalidPuzzle(f"{missing} (nor is it a puzzle: {error})" if missing else f"{source}: {error}") from None

    return build


def _command_line(parse: Callable[..., Variant], help: str, examples: list[str],
                  extras: bool = True) -> CommandLine[Variant, Variant]:
    puzzle = Argument("puzzle", metavar="PUZZLE|FILE|-",
                      help="the puzzle as text (\\n between lines), a file, or - for standard input")
    return CommandLine(
        [puzzle, DIAGONAL, WINDOKU] if extras else [puzzle],
        build=_reader(parse),
        render=lambda problem, grid: str(grid),
        render_line=lambda problem, grid: grid.to_line(),
        to_json=lambda problem, grid: grid.to_line(),
        help=help,
        examples=examples,
    )


def _type(name: str, handles: type, summary: str, command_line: CommandLine[Any, Any] | None = None) -> ProblemType[Any, Any]:
    return ProblemType(name=name, handles=handles, summary=summary, encode=encode, decode=decode, size=_size,
                       command_line=command_line, one_answer=True)  # (puzzles: the default backend may race)


def register_variants(register: Register) -> None:
    """The four variant types (called from the sudoku plugin's hook)."""
    # (on the command line: exactcover solve sudoku PUZZLE --diagonal --windoku)
    register(_type("sudoku-variant", Variant, "a sudoku with extra rules: diagonal (sudoku-X), windoku (hyper)"))
    register(_type("jigsaw", Jigsaw, "jigsaw sudoku: irregular regions instead of boxes", _command_line(
        parse_jigsaw, "A jigsaw sudoku: the grid, then a region name per cell (N rows each, or a line each; see "
                      "'Sudoku variants' in docs/guide/puzzles.md).", ["examples/data/jigsaw.txt"])))
    register(_type("killer", Killer, "killer sudoku: cages whose distinct digits sum to their totals", _command_line(
        parse_killer, "A killer sudoku: a cage name per cell (after an optional grid of givens), then NAME=SUM "
                      "for every cage.", ["examples/data/killer.txt"])))
    register(_type("samurai", Samurai, "samurai sudoku: five overlapping 9x9 grids", _command_line(
        lambda text, extras: parse_samurai(text),
        "A samurai (gattai-5): 21 rows of 21 (holes as spaces or #), or five lines of 81 cells.",
        ["examples/data/samurai.txt"], extras=False)))
