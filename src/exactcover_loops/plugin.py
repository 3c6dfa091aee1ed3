"""The ``slitherlink`` and ``masyu`` problem types: registered through the ``exactcover``
entry point ``loops``, with the public plugin API alone, as a third party's plugin is."""

from __future__ import annotations

from typing import Any

from exactcover import CommandLine, ProblemError, ProblemType, hookimpl
from exactcover.commandline import Argument, Option
from exactcover.hookspecs import Register
from exactcover.puzzlink import looks_like_url
from exactcover.textinput import read_text

from . import masyu, slitherlink
from .grid import Point

__all__ = ["register_commands", "register_problem_types"]

#: The commands that take a matrix with a loop (reduce and sample do not: a reduction would
#: take out edges, and a sample needs a memoized count).
SEARCHES = ("solve", "count", "estimate")


def _name(file: str) -> str:
    return "<stdin>" if file == "-" else file


def _json(answer: Any) -> dict[str, Any]:
    """A solution as JSON: the loop's points in order, each [row, column] (slitherlink: the
    grid's corners; masyu: its cells)."""
    path: list[Point] = answer.path
    return {"loop": [list(point) for point in path]}


def _read(puzzle: Any, file: str, **options: Any) -> Any:
    """The puzzle a FILE argument names: a file (``-``: standard input), or a puzz.link URL
    given in its place."""
    if looks_like_url(file):
        if options.get("notation", "auto") != "auto":
            raise ProblemError("--notation is for a grid of text: a puzz.link URL says its circles itself")
        return puzzle.from_url(file)
    return puzzle.from_text(read_text(file), _name(file), **options)


def _problem_type(module: Any, summary: str, cells: str, examples: list[str],
                  more: tuple[Option, ...] = ()) -> ProblemType[Any, Any]:
    """The type of ``module``'s puzzle (its class, encode, decode and size), read from a FILE
    whose ``cells`` the help describes (``more``: options that `from_text` takes)."""
    name = module.__name__.rsplit(".", 1)[1]
    puzzle = getattr(module, name.capitalize())
    return ProblemType(
        name=name, summary=summary, handles=puzzle, encode=module.encode, decode=module.decode, size=module.size,
        command_line=CommandLine(
            [Argument("file", metavar="FILE|URL",
                      help=f"the puzzle: a line per row, a cell per character: {cells} ('-': stdin); a first line "
                           f"'ROWS COLUMNS' is read as the size; or a puzz.link URL (in a file, or given here)"),
             *more],
            build=lambda file, **options: _read(puzzle, file, **options),
            render=lambda problem, answer: str(answer),
            to_json=lambda problem, answer: _json(answer),
            examples=examples,
            example_commands=SEARCHES,
        ),
        one_answer=True,  # (a published puzzle has one loop: the default backend may race for it)
    )


@hookimpl
def register_problem_types(register: Register) -> None:
    register(_problem_type(
        slitherlink, "one loop along the grid's lines; a number says how many sides of its cell the loop takes",
        "0-4, or '.' for no number", ["examples/data/slitherlink-janko-31.txt", "examples/data/slitherlink-10x18.txt --json"]))
    register(_problem_type(
        masyu, "one loop through the cells' centres and every circle: straight at white, turning at black",
        "'w' white, 'b' black, '.' none (or digits: see --notation)",
        ["examples/data/masyu-janko-2.txt", "examples/data/masyu-14x24.txt"],
        (Option("--notation", type=("auto", *masyu.NOTATIONS), default="auto",
                help="the circles' symbols: letters (w, b), knuth (0 white, 1 black), puzzlink (1 white, 2 black); "
                     "auto: what the symbols say, refused where a 1 could be either"),)))


@hookimpl
def register_commands(cli: Any) -> None:
    from .commands import masyu as masyu_commands
    from .commands import slitherlink as slitherlink_commands

    cli.add_command(slitherlink_commands)
    cli.add_command(masyu_commands)
