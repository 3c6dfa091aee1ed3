"""The ``subsets`` problem type: the textbook example of exact cover (see `exactcover.model.family`).

On the command line: ``exactcover solve subsets FILE`` with FILE either JSON,
``{"universe": [1, 2, 3], "subsets": {"A": [1, 2], "B": [3]}}``, or text, one
``name: elements`` per line after a ``universe: elements`` line (``#`` starts a comment).
This module is a plugin like any other: it imports only public exactcover names and is
registered through the ``exactcover`` entry-point group.
"""

from __future__ import annotations

from typing import Any

from exactcover.commandline import FILE, Argument, CommandLine
from exactcover.hookspecs import Register, hookimpl
from exactcover.model.family import Subsets, parse_subsets
from exactcover.problem import ProblemType, Size
from exactcover.textinput import read_text

__all__ = ["Subsets", "parse_subsets"]  # (the model's names, as before: they live in exactcover.model.family)


def _read(file: str) -> Subsets:
    return parse_subsets(read_text(file), source=file)


def _render(problem: Subsets, answer: tuple[Any, ...]) -> str:
    family = problem.as_dict()
    return "\n".join(f"{label}: {' '.join(map(str, family[label]))}" for label in answer)


@hookimpl
def register_problem_types(register: Register) -> None:
    register(
        ProblemType(
            name="subsets",
            summary="choose subsets of a universe that cover each element exactly once",
            handles=Subsets,
            encode=Subsets.to_matrix,
            size=lambda problem: Size(len(problem.subsets), sum(len(elements) for _, elements in problem.subsets)),
            command_line=CommandLine(
                [Argument("file", type=FILE, help="JSON or text (see `exactcover.model.family`); - reads standard input")],
                build=_read,
                render=_render,
                examples=["examples/data/family.txt", "examples/data/family.json"],
            ),
        )
    )
