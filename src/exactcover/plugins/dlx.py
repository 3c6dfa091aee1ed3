"""The ``dlx`` problem type: a matrix in Knuth's text format (see `exactcover.model.knuth`).

A plugin like any other: it imports only public exactcover names and is registered through
the ``exactcover`` entry-point group.
"""

from __future__ import annotations

from collections.abc import Hashable

from exactcover.commandline import FILE, Argument, CommandLine, Flag
from exactcover.hookspecs import Register, hookimpl
from exactcover.model.knuth import option_text, parse_dlx
from exactcover.model.matrix import Matrix
from exactcover.problem import ProblemType, Size
from exactcover.textinput import read_text


def _read(file: str, loop: bool = False) -> Matrix:
    return parse_dlx(read_text(file), "<stdin>" if file == "-" else file, loop=loop, priority=not loop)


def _render(matrix: Matrix, answer: tuple[Hashable, ...]) -> str:
    return "\n".join(option_text(matrix, label) for label in answer)


def _to_json(matrix: Matrix, answer: tuple[Hashable, ...]) -> list[str]:
    return [option_text(matrix, label) for label in answer]


def _same(matrix: Matrix) -> Matrix:
    return matrix


@hookimpl
def register_problem_types(register: Register) -> None:
    register(
        ProblemType(
            name="dlx",
            summary="a matrix in Knuth's DLX1/DLX2 text format (items, then one option per line)",
            handles=Matrix,
            encode=_same,
            size=Size.of,  # (the matrix is the problem: built while the file was read)
            command_line=CommandLine(
                [Argument("file", type=FILE, help="a matrix in Knuth's format; - reads standard input"),
                 Flag("--loop", help="read it as Knuth's DLX2-LOOP does: the two-character names are vertices "
                                     "and edges, and the edges of color 1 must form one cycle, or none as his "
                                     "program counts ('#' names are names, not priority items)")],
                build=_read,
                render=_render,
                to_json=_to_json,
                examples=["examples/data/problem.dlx", "- < examples/data/problem.dlx"],
            ),
        )
    )
