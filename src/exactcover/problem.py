"""Problem types: what a plugin tells exactcover about one kind of problem."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from .engines.contract import WAYS
from .errors import GivensError
from .model.matrix import Matrix
from .model.size import BYTES_PER_ENTRY, Size

if TYPE_CHECKING:  # (for annotations only: commandline loads on first use)
    from .commandline import CommandLine  # (imported when a type has one: see _check_command_line)

__all__ = ["ProblemType", "Problem", "Encoding", "Batch", "Size", "BYTES_PER_ENTRY"]

P = TypeVar("P")
A = TypeVar("A")

def _labels(labels: Iterable[Hashable]) -> tuple[Hashable, ...]:
    return tuple(labels)


def _problems(problems: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(problems)


@attrs.frozen
class Encoding:
    """A domain problem as an exact cover problem: a matrix, the options forced into every
    solution (a sudoku's clues) and the options left out (symmetry breaking, eliminated
    candidates). Plugins may return the same `Matrix` object for many problems of one shape
    (every 9×9 sudoku): it is then compiled only once. ``way`` is the way (`contract.WAYS`)
    a search of this problem takes when its caller leaves ``way`` at "auto" and the way
    can serve the search (a hard 16×16 sudoku's "weighted", not with a seed or memo)."""

    matrix: Matrix
    givens: tuple[Hashable, ...] = attrs.field(default=(), converter=_labels)
    exclude: tuple[Hashable, ...] = attrs.field(default=(), converter=_labels)
    way: str = attrs.field(default="auto", validator=attrs.validators.in_(WAYS))


@attrs.frozen
class Batch:
    """What `CommandLine.build` returns for many problems at once (a file of puzzles, one
    per line): the command solves each and prints one line per problem. An entry may be a
    `ProblemError` instead of a problem: the command reports it and goes on."""

    problems: tuple[Any, ...] = attrs.field(converter=_problems)


def _default_decode(problem: Any, solution: tuple[Hashable, ...]) -> Any:
    return solution


def _check_name(_instance: Any, _attribute: Any, name: str) -> None:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        raise ValueError(f"a problem type name is lower-case letters, digits, '-' or '_', not {name!r}")


def _check_handles(instance: Any, _attribute: Any, handles: Any) -> None:
    classes = handles if isinstance(handles, tuple) else (handles,)
    if not classes or not all(isinstance(cls, type) for cls in classes):
        raise TypeError(f"problem type {instance.name!r}: handles must be a class or a tuple of classes, "
                        f"not {handles!r}")


def _check_callable(instance: Any, attribute: Any, value: Any) -> None:
    if not callable(value):
        raise TypeError(f"problem type {instance.name!r}: {attribute.name} must be callable, not {value!r}")


def _check_command_line(instance: Any, _attribute: Any, value: Any) -> None:
    if value is not None:
        from .commandline import CommandLine

        if not isinstance(value, CommandLine):
            raise TypeError(f"problem type {instance.name!r}: command_line must be a CommandLine, not {value!r}")


def _check_optional(instance: Any, attribute: Any, value: Any) -> None:
    if value is not None:
        _check_callable(instance, attribute, value)


class Problem(Generic[A]):
    """A base a domain class may take to tell type checkers what its answers are:
    ``class Queens(Problem[Placement])`` makes ``exactcover.solve(Queens(8))`` a
    ``Placement | None`` to mypy and pyright. It adds nothing at run time."""

    __slots__ = ()


@attrs.frozen
class ProblemType(Generic[P, A]):
    """One kind of problem, as a plugin registers it: the library half (what
    ``exactcover.solve(obj)`` needs) and, optionally, its command line.

    * ``name``: the name on the command line (``exactcover solve NAME ...``).
    * ``summary``: one line for ``exactcover plugins`` and the command's help.
    * ``handles``: the domain class (or tuple of classes) whose objects this type solves:
      ``exactcover.solve(obj)`` picks the type by ``isinstance``.
    * ``encode(problem)``: a `Matrix`, or an `Encoding` (matrix plus givens).
    * ``decode(problem, solution)``: the domain answer, from a solution's option labels
      (givens first). Default: the labels themselves.
    * ``select(problem)``: None when every solution counts, else a predicate on solutions
      (option labels) that keeps only some: one per symmetry class, say. Counting then
      enumerates solutions instead of counting inside the engine.
    * ``size(problem)``: the `Size` of the matrix ``encode`` would build, computed without
      building it; the search refuses a problem above its ``max_entries`` before encoding it.
      ``None``: the size is taken from the matrix once it is built (fine when the matrix is no
      bigger than the problem itself, as for a family of subsets; a type whose matrix grows
      faster than its input, as a grid's does, should state it).
    * ``command_line``: a `CommandLine` (its parameters, how they build a problem, how an
      answer is shown), or None: not available on the command line.
    * ``one_answer``: its problems are made to have one solution (puzzles): the default
      backend may then race the search and the SAT solver for a first solution, or a
      listing of up to two (the answer and the proof that it is unique), where the SAT
      solver often wins by far; its answer is taken only when it is the only solution, so
      the answer is always the search's (`exactcover.front.plan.races`).
    * ``word_givens(problem, error)``: a `GivensError` (givens that clash, break a loop,
      are no option, or are excluded too: each with its facts, in option labels and items)
      worded in the puzzle's terms ("r1c1 = 5 and r1c4 = 5: both in row 1"), or None to keep
      the library's words. The error raised is the same, its message this text
      (``error.worded``).
    """

    name: str = attrs.field(validator=_check_name)
    summary: str = attrs.field(validator=attrs.validators.instance_of(str))
    handles: type | tuple[type, ...] = attrs.field(validator=_check_handles)
    encode: Callable[[P], Matrix | Encoding] = attrs.field(validator=_check_callable)
    # (a solution's labels as tuple[Any, ...]: a decode may say what its labels are, tuple[str, ...])
    decode: Callable[[P, tuple[Any, ...]], A] = attrs.field(default=_default_decode, validator=_check_callable)
    select: Callable[[P], Callable[[tuple[Any, ...]], bool] | None] | None = attrs.field(
        default=None, validator=_check_optional)
    size: Callable[[P], Size] | None = attrs.field(default=None, validator=_check_optional)
    command_line: CommandLine[P, A] | None = attrs.field(default=None, validator=_check_command_line)
    one_answer: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool), kw_only=True)
    word_givens: Callable[[P, GivensError], str | None] | None = attrs.field(default=None, validator=_check_optional,
                                                                          kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.command_line is not None and self.command_line.build is None and isinstance(self.handles, tuple):
            raise TypeError(f"problem type {self.name!r} handles several classes, so its command line needs a "
                            f"build function (it cannot call the one domain class)")

    def build(self, values: dict[str, Any]) -> Any:
        """The problem (or `Batch`) the command line's parameter ``values`` make: values left
        out (None, or an empty tuple for a parameter given many times) are not passed."""
        assert self.command_line is not None
        given = {name: value for name, value in values.items() if value is not None and value != ()}
        build: Callable[..., Any] | None = self.command_line.build
        if build is None:
            assert isinstance(self.handles, type)  # (checked when the type was made)
            build = self.handles
        return build(**given)

    def encoding(self, problem: Any) -> Encoding:
        """``encode(problem)``, always as an `Encoding`."""
        encoded = self.encode(problem)
        if isinstance(encoded, Matrix):
            return Encoding(encoded)
        if not isinstance(encoded, Encoding):
            raise TypeError(f"problem type {self.name!r}: encode returned {type(encoded).__name__}, not a Matrix or Encoding")
        return encoded
