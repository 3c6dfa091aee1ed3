"""Problem types: what a plugin tells exactcover about one kind of problem."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from .matrix import Matrix

__all__ = ["ProblemType", "Encoding", "Batch", "Size", "BYTES_PER_ENTRY"]

#: The memory one entry of a matrix takes while it is searched: the `Matrix`'s Python objects
#: and the engine's arrays with the copy each search makes (measured by benchmarks/limits.py;
#: the figures are in benchmarks/README.md).
BYTES_PER_ENTRY = 160


@attrs.frozen
class Size:
    """The size of a problem's matrix, stated before it is built: its options and entries
    (the (option, item) pairs), and the memory that takes (``nbytes``, an estimate)."""

    options: int
    entries: int

    @property
    def nbytes(self) -> int:
        return self.entries * BYTES_PER_ENTRY

    @classmethod
    def of(cls, matrix: Matrix) -> Size:
        """The size of a matrix already built."""
        return cls(len(matrix.options), matrix.entries)


@attrs.frozen
class Encoding:
    """A domain problem as an exact cover problem: a matrix, the options forced into every
    solution (a sudoku's clues) and the options left out (symmetry breaking, eliminated
    candidates). Plugins may return the same `Matrix` object for many problems of one shape
    (every 9×9 sudoku): it is then compiled only once."""

    matrix: Matrix
    givens: tuple[Hashable, ...] = attrs.field(default=(), converter=tuple)
    exclude: tuple[Hashable, ...] = attrs.field(default=(), converter=tuple)


@attrs.frozen
class Batch:
    """What `ProblemType.parse` returns for many problems at once (a file of puzzles, one
    per line): the command solves each and prints one line per problem. An entry may be a
    `ProblemError` instead of a problem: the command reports it and goes on."""

    problems: tuple[Any, ...] = attrs.field(converter=tuple)


def _default_decode(problem: Any, solution: tuple) -> Any:
    return solution


def _default_render(problem: Any, answer: Any) -> str:
    return str(answer)


def jsonable(value: Any) -> Any:
    """``value`` made JSON-ready: tuples, sets and mappings become lists and objects,
    anything else unknown becomes its ``str``."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return str(value)


def _default_to_json(problem: Any, answer: Any) -> Any:
    return jsonable(answer)


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


def _check_optional(instance: Any, attribute: Any, value: Any) -> None:
    if value is not None:
        _check_callable(instance, attribute, value)


@attrs.frozen
class ProblemType:
    """One kind of problem, as a plugin registers it.

    * ``name``: the name on the command line (``exactcover solve NAME ...``).
    * ``summary``: one line for ``exactcover plugins``.
    * ``handles``: the domain class (or tuple of classes) whose objects this type solves:
      ``exactcover.solve(obj)`` picks the type by ``isinstance``.
    * ``encode(problem)``: a `Matrix`, or an `Encoding` (matrix plus givens).
    * ``decode(problem, solution)``: the domain answer, from a solution's option labels
      (givens first). Default: the labels themselves.
    * ``parse(args)``: a domain object from the command line's arguments after ``NAME``
      (strings; unknown ``--options`` included), raising ``ValueError`` with a message for
      bad input. ``None``: not available on the command line.
    * ``render(problem, answer)``: the answer as text for humans. Default: ``str(answer)``.
    * ``to_json(problem, answer)``: the answer as JSON-ready data. Default: `jsonable`.
    * ``usage``: how the arguments look, for help texts (``"FILE"``, ``"N [--distinct]"``).
    * ``render_line(problem, answer)``: the answer on one line, for batches. Default: render.
    * ``explain(problem)``: a human explanation of how to solve it (``solve --explain``).
    * ``generate(args)``: a new problem from the command line's arguments
      (``exactcover generate NAME ...``).
    * ``size(problem)``: the `Size` of the matrix ``encode`` would build, computed without
      building it; the search refuses a problem above its ``max_entries`` before encoding it.
      ``None``: the size is taken from the matrix once it is built (fine when the matrix is no
      bigger than the problem itself, as for a family of subsets; a type whose matrix grows
      faster than its input, as a grid's does, should state it).
    * ``select(problem)``: None when every solution counts, else a predicate on solutions
      (option labels) that keeps only some: one per symmetry class, say. Counting then
      enumerates solutions instead of counting inside the engine.
    """

    name: str = attrs.field(validator=_check_name)
    summary: str = attrs.field(validator=attrs.validators.instance_of(str))
    handles: type | tuple[type, ...] = attrs.field(validator=_check_handles)
    encode: Callable[[Any], Matrix | Encoding] = attrs.field(validator=_check_callable)
    decode: Callable[[Any, tuple], Any] = attrs.field(default=_default_decode, validator=_check_callable)
    parse: Callable[[Sequence[str]], Any] | None = attrs.field(default=None, validator=_check_optional)
    render: Callable[[Any, Any], str] = attrs.field(default=_default_render, validator=_check_callable)
    to_json: Callable[[Any, Any], Any] = attrs.field(default=_default_to_json, validator=_check_callable)
    usage: str = attrs.field(default="ARGS...", validator=attrs.validators.instance_of(str))
    render_line: Callable[[Any, Any], str] | None = attrs.field(default=None, validator=_check_optional)
    explain: Callable[[Any], str] | None = attrs.field(default=None, validator=_check_optional)
    generate: Callable[[Sequence[str]], Any] | None = attrs.field(default=None, validator=_check_optional)
    select: Callable[[Any], Callable[[tuple], bool] | None] | None = attrs.field(default=None, validator=_check_optional)
    size: Callable[[Any], Size] | None = attrs.field(default=None, validator=_check_optional)

    def encoding(self, problem: Any) -> Encoding:
        """``encode(problem)``, always as an `Encoding`."""
        encoded = self.encode(problem)
        if isinstance(encoded, Matrix):
            return Encoding(encoded)
        if not isinstance(encoded, Encoding):
            raise TypeError(f"problem type {self.name!r}: encode returned {type(encoded).__name__}, not a Matrix or Encoding")
        return encoded
