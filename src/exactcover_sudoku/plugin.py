"""The ``sudoku`` problem type: registration, command-line parsing and rendering."""

from __future__ import annotations

import os
from collections.abc import Sequence

from exactcover import Batch, ProblemError, ProblemType, Size, hookimpl
from exactcover.textinput import lines, read_text

from .encoding import decode, encode
from .generate import generate
from .grid import InvalidPuzzle, Sudoku
from .logic import explain

LINE_LENGTHS = {n * n for n in range(2, 37)}


def _options(args: Sequence[str], flags: set[str], valued: set[str]) -> tuple[list[str], dict[str, object]]:
    """Split ``args`` into positional words and --options (flags, or options with a value)."""
    words: list[str] = []
    options: dict[str, object] = {}
    items = iter(args)
    for arg in items:
        if arg in flags:
            options[arg] = True
        elif arg in valued:
            value = next(items, None)
            if value is None:
                raise ProblemError(f"{arg} needs a value")
            options[arg] = value
        elif arg.startswith("--"):
            raise ProblemError(f"unknown option {arg!r} for sudoku (known: {', '.join(sorted(flags | valued))})")
        else:
            words.append(arg)
    return words, options


def _box(text: object) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        rows, cols = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise ProblemError(f"--box takes ROWSxCOLS (e.g. 2x3), not {text!r}") from None
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


def parse_args(args: Sequence[str]) -> Sudoku | Batch:
    """``PUZZLE | FILE | -`` and ``--box RxC``."""
    words, options = _options(args, set(), {"--box"})
    if len(words) != 1:
        raise ProblemError("sudoku takes one puzzle, a file of puzzles, or - for standard input")
    box = _box(options.get("--box"))
    source = words[0]
    if source == "-" or os.path.exists(source):
        return parse_puzzles(read_text(source), box, "<stdin>" if source == "-" else source)
    try:
        return Sudoku.parse(source, box)
    except InvalidPuzzle as error:
        raise InvalidPuzzle(f"{source!r} is neither a file nor a valid puzzle: {error}") from None


def generate_args(args: Sequence[str]) -> Sudoku:
    """``--size N --clues K --seed S --symmetric --box RxC``."""
    words, options = _options(args, {"--symmetric"}, {"--size", "--clues", "--seed", "--box"})
    if words:
        raise ProblemError(f"generate sudoku takes only options, not {words[0]!r}")

    def number(name: str, default: int | None) -> int | None:
        value = options.get(name)
        if value is None:
            return default
        try:
            return int(value)
        except ValueError:
            raise ProblemError(f"{name} takes a whole number, not {value!r}") from None

    return generate(size=number("--size", 9), clues=number("--clues", None), seed=number("--seed", None),
                    symmetric=bool(options.get("--symmetric")), box=_box(options.get("--box")))


@hookimpl
def register_problem_types(register) -> None:
    register(ProblemType(
        name="sudoku",
        summary="sudoku of every size (4x4, 6x6, 9x9, 16x16, 25x25, ...): solve, count, explain, generate",
        handles=Sudoku,
        encode=encode,
        decode=decode,
        parse=parse_args,
        render=lambda puzzle, grid: str(grid),
        render_line=lambda puzzle, grid: grid.to_line(),
        to_json=lambda puzzle, grid: grid.to_line(),
        explain=lambda puzzle: str(explain(puzzle)),
        size=lambda puzzle: Size(puzzle.size ** 3, 4 * puzzle.size ** 3),  # a digit per cell, in 4 units
        generate=generate_args,
        usage="PUZZLE|FILE|- [--box RxC]",
    ))
