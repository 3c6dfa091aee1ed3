"""The ``dlx`` problem type: a matrix in Knuth's text format (see `exactcover.knuth`).

A plugin like any other: it imports only public exactcover names and is registered through
the ``exactcover`` entry-point group.
"""

from __future__ import annotations

from collections.abc import Sequence

from exactcover.errors import ProblemError
from exactcover.hookspecs import hookimpl
from exactcover.knuth import option_text, parse_dlx
from exactcover.matrix import Matrix
from exactcover.problem import ProblemType, Size
from exactcover.textinput import read_text


def _parse_args(args: Sequence[str]) -> Matrix:
    if len(args) != 1:
        raise ProblemError("dlx takes one argument: a file in Knuth's format (or - for standard input)")
    return parse_dlx(read_text(args[0]), "<stdin>" if args[0] == "-" else args[0])


@hookimpl
def register_problem_types(register) -> None:
    register(
        ProblemType(
            name="dlx",
            summary="a matrix in Knuth's DLX1/DLX2 text format (items, then one option per line)",
            handles=Matrix,
            encode=lambda matrix: matrix,
            parse=_parse_args,
            render=lambda matrix, answer: "\n".join(option_text(matrix, label) for label in answer),
            to_json=lambda matrix, answer: [option_text(matrix, label) for label in answer],
            usage="FILE",
            size=Size.of,  # (the matrix is the problem: built while the file was read)
        )
    )
