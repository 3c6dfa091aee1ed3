"""The loop plugin's own commands, added through ``register_commands``:
``exactcover slitherlink generate`` and ``exactcover masyu generate``."""

from __future__ import annotations

from typing import Any

import click

from exactcover.cli import Report

from . import generate

__all__ = ["masyu", "slitherlink"]


class Size(click.ParamType):  # type: ignore[type-arg]  # (click 8.2 made it generic; 8.1 is not)
    """``N`` (a square) or ``ROWSxCOLUMNS``."""

    name = "N|RxC"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        try:
            sides = tuple(int(side) for side in str(value).lower().split("x"))
        except ValueError:
            sides = ()
        if len(sides) not in (1, 2) or min(sides) < 1:
            self.fail(f"a size is N or ROWSxCOLUMNS (e.g. 10 or 10x18), not {value!r}", param, ctx)
        return sides if len(sides) == 2 else sides * 2


def _generate(kind: str, make: Any, size: tuple[int, int], seed: int | None, as_json: bool) -> None:
    with Report(f"{kind} generate", kind, "json" if as_json else "text").closing() as report:
        puzzle = make(*size, seed=seed)
        report.set(puzzle=puzzle.to_text())
        if not report.on:
            click.echo(puzzle.to_text())


_SIZE = click.option("--size", type=Size(), default="10", show_default=True, metavar="N|RxC",
                     help="The grid: N (N×N) or ROWSxCOLUMNS.")
_SEED = click.option("--seed", type=int, help="Make the same puzzle again for the same seed.")
_JSON = click.option("--json", "as_json", is_flag=True,
                     help="Print the puzzle as JSON: exactcover's document ('Machine-readable output' in docs/big-searches.md).")


def _commands(kind: str, make: Any, symbols: str, example: str) -> click.Group:
    """The group ``exactcover KIND`` and its ``generate``, which prints ``make``'s puzzles."""

    @click.group(kind, context_settings={"help_option_names": ["-h", "--help"]},
                 help=f"Make {kind}s with one solution.\n\nThe loop plugin's own {kind} commands; "
                      f"solving one is `exactcover solve {kind}`.")
    def group() -> None:
        pass

    @group.command("generate", short_help=f"Print a new {kind} with one solution.", help=f"Print a new {kind} with exactly one solution, in the text `solve {kind}` "
                                    f"reads{symbols}.\n\nExamples:\n\n\b\n    exactcover {kind} generate --seed 1"
                                    f"\n    {example}")
    @_SIZE
    @_SEED
    @_JSON
    def generate_command(size: tuple[int, int], seed: int | None, as_json: bool) -> None:
        _generate(kind, make, size, seed, as_json)

    return group


slitherlink = _commands("slitherlink", generate.slitherlink, "",
                        "exactcover slitherlink generate --size 8 | exactcover solve slitherlink -")
masyu = _commands("masyu", generate.masyu, " (w, b, .)",
                  "exactcover masyu generate --size 8x12 --seed 2 | exactcover solve masyu -")
