"""The ``slitherlink`` and ``masyu`` problem types: registered through the ``exactcover``
entry point ``loops``, with the public plugin API alone, as a third party's plugin is."""

from __future__ import annotations

from typing import Any

from exactcover import CommandLine, ProblemType, hookimpl
from exactcover.commandline import Argument
from exactcover.hookspecs import Register
from exactcover.textinput import read_text

from . import masyu, slitherlink
from .grid import Point

__all__ = ["register_problem_types"]

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


@hookimpl
def register_problem_types(register: Register) -> None:
    register(ProblemType(
        name="slitherlink",
        summary="one loop along the grid's lines; a number says how many sides of its cell the loop takes",
        handles=slitherlink.Slitherlink,
        encode=slitherlink.encode,
        decode=slitherlink.decode,
        size=slitherlink.size,
        command_line=CommandLine(
            [Argument("file", metavar="FILE",
                      help="the puzzle: a line per row, a cell per character: 0-4, or '.' for no number ('-': stdin)")],
            build=lambda file: slitherlink.Slitherlink.from_text(read_text(file), _name(file)),
            render=lambda puzzle, answer: str(answer),
            to_json=lambda puzzle, answer: _json(answer),
            examples=["examples/data/slitherlink-janko-31.txt", "examples/data/slitherlink-10x18.txt --json"],
            example_commands=SEARCHES,
        ),
    ))
    register(ProblemType(
        name="masyu",
        summary="one loop through the cells' centres and every circle: straight at white, turning at black",
        handles=masyu.Masyu,
        encode=masyu.encode,
        decode=masyu.decode,
        size=masyu.size,
        command_line=CommandLine(
            [Argument("file", metavar="FILE",
                      help="the puzzle: a line per row, a cell per character: 'w' white, 'b' black, '.' none "
                           "('-': stdin)")],
            build=lambda file: masyu.Masyu.from_text(read_text(file), _name(file)),
            render=lambda puzzle, answer: str(answer),
            to_json=lambda puzzle, answer: _json(answer),
            examples=["examples/data/masyu-janko-2.txt", "examples/data/masyu-14x24.txt"],
            example_commands=SEARCHES,
        ),
    ))
