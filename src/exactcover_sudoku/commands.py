"""The sudoku plugin's own commands, added through ``register_commands``:
``exactcover sudoku generate`` and ``exactcover sudoku explain``."""

from __future__ import annotations

from typing import Any

import click

from exactcover import Batch, ProblemError
from exactcover.cli import Report

from .generate import generate as make_puzzle
from .logic import explain as explain_puzzle
from .reading import box_size, read_puzzles

__all__ = ["sudoku"]


class Box(click.ParamType):  # type: ignore[type-arg]  # (click 8.2 made it generic; 8.1 is not)
    name = "RxC"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return box_size(value) if isinstance(value, str) else value
        except ValueError as error:
            self.fail(str(error), param, ctx)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def sudoku() -> None:
    """Generate sudokus and explain them step by step.

    (Solving and counting are `exactcover solve sudoku` and `exactcover count sudoku`.)"""


@sudoku.command()
@click.option("--size", type=click.IntRange(min=1), default=9, show_default=True, help="The grid's size (N×N).")
@click.option("--clues", type=click.IntRange(min=0), help="Stop removing clues at this many (default: as few as it can).")
@click.option("--seed", type=int, help="Make the same puzzle again for the same seed.")
@click.option("--symmetric", is_flag=True, help="Clues symmetric through the centre.")
@click.option("--box", type=Box(), help="The shape of a box, when the size alone does not say it (6x6: 2x3).")
@click.option("--count", "how_many", type=click.IntRange(min=1),
              help="Make this many unique, minimal puzzles, one line each (fast: the rate is on stderr).")
@click.option("--grade", type=click.Choice(["easy", "medium", "hard", "expert", "any"]),
              help="With --count: the grade of `explain` each puzzle has (easy: singles solve it). Default any.")
@click.option("--variant", type=click.Choice(["diagonal", "windoku", "jigsaw", "killer", "samurai"]),
              help="A variant's puzzle instead, in the text its solver reads (jigsaw: the grid and random "
                   "regions; killer: cages and sums; samurai: 21 rows).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the puzzle as JSON: exactcover's document (see 'Machine-readable output' in docs/big-searches.md).")
def generate(size: int, clues: int | None, seed: int | None, symmetric: bool, box: tuple[int, int] | None,
             how_many: int | None, grade: str | None, variant: str | None, as_json: bool) -> None:
    """Print a new puzzle with exactly one solution.

    Examples:

    \b
        exactcover sudoku generate --clues 26 --seed 7 --symmetric
        exactcover sudoku generate --size 16 --seed 1 --json
    """
    with Report("sudoku generate", None, "json" if as_json else "text").closing() as report:
        if how_many is not None or grade is not None:
            if clues is not None or symmetric or variant is not None:
                raise ProblemError("--count and --grade make minimal classic puzzles: not with --clues, "
                                   "--symmetric or --variant")
            _many(report, how_many or 1, size, grade or "any", seed, box)
            return
        if variant is not None:
            text = _variant_puzzle(variant, size, box, seed, clues, symmetric)
            report.set(puzzle=text)
            if not report.on:
                click.echo(text)
            return
        puzzle = make_puzzle(size=size, clues=clues, seed=seed, symmetric=symmetric, box=box)
        report.set(puzzle=puzzle.to_line())
        if not report.on:
            click.echo(str(puzzle))


def _many(report: Report, how_many: int, size: int, grade: str, seed: int | None, box: tuple[int, int] | None) -> None:
    """--count: puzzles one per line as they are made (in JSON, the list), the rate on stderr."""
    import time

    from .mass import generate_many

    started, lines = time.perf_counter(), []
    made = generate_many(how_many, size, grade, seed, box)
    for puzzle in made:
        if report.on:
            lines.append(puzzle.to_line())
        else:
            click.echo(puzzle.to_line())
    seconds = time.perf_counter() - started
    report.set(puzzles=lines)
    click.echo(f"{made.made} {grade} puzzles (minimal, unique) in {seconds:.3f} s, {made.made / seconds:,.0f} per "
               f"second; {made.tried} grids tried ({made.hit_rate:.0%} gave one)", err=True)


def _variant_puzzle(variant: str, size: int, box: tuple[int, int] | None, seed: int | None, clues: int | None,
                    symmetric: bool) -> str:
    """A unique puzzle of a variant, as the text its solver reads."""
    from .variant_generate import generate_jigsaw, generate_variant
    from .variant_text import format_variant
    from .variants import Killer, Samurai, Variant

    if clues is not None or symmetric:
        raise ProblemError("--clues and --symmetric are for classic grids, not --variant")
    if variant == "jigsaw":
        return format_variant(generate_jigsaw(size, seed))
    if variant == "samurai":
        template: Variant = Samurai.empty()
    elif variant == "killer":
        template = Killer.make([0] * (size * size), [], box)
    else:
        template = Variant.sudoku([0] * (size * size), box, [variant])
    return format_variant(generate_variant(template, seed))


@sudoku.command(short_help="Explain a puzzle step by step, as a person solves it.")
@click.argument("puzzle", metavar="PUZZLE|FILE|-")
@click.option("--box", type=Box(), help="The shape of a box, when the size alone does not say it (6x6: 2x3).")
def explain(puzzle: str, box: tuple[int, int] | None) -> None:
    """Explain how to solve a puzzle (or each puzzle of a file) with human techniques: each
    step, the technique and its grade.

    Example:

    \b
        exactcover sudoku explain examples/data/medium.txt
    """
    found = read_puzzles(puzzle, box)
    for problem in found.problems if isinstance(found, Batch) else [found]:
        if isinstance(problem, Exception):
            click.echo(f"exactcover: error: {problem}", err=True)
            continue
        click.echo(explain_puzzle(problem))
        click.echo()
