"""A problem type's command line, declared: its parameters, how they make a problem, how an
answer is shown.

`ProblemType` is the library half of a type (what `exactcover.solve(obj)` needs); a
`CommandLine` is the other half, used by the ``exactcover`` command alone. A plugin declares
its parameters and the command builds ``exactcover solve TYPE``, ``count TYPE``, their
``--help``, their validation errors and their shell completion from the declaration:

```python
CommandLine(
    parameters=[Argument("n", type=int, help="the board's size"),
                Flag("--distinct", help="one solution per symmetry class")],
    build=lambda n, distinct: Queens(n, distinct=distinct),
    render=lambda problem, placement: str(placement),
)
```

Nothing here imports click (registering a plugin must not cost a library user click's
import): the command turns the declarations into click parameters when it needs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar, Union

import attrs

__all__ = ["FILE", "Argument", "CommandLine", "Flag", "Option", "Parameter", "jsonable"]

P = TypeVar("P")
A = TypeVar("A")


class _File:
    """The type of a parameter that names a file, or ``-`` for standard input: the command
    checks that it exists and completes file names in the shell. The value is the name."""

    def __repr__(self) -> str:
        return "FILE"


#: A parameter's ``type`` for a file name (or ``-``).
FILE = _File()

_NAME = re.compile(r"[a-z_][a-z0-9_]*")
_FLAG = re.compile(r"--[a-z][a-z0-9-]*")


def _check_type(instance: Any, _attribute: Any, kind: Any) -> None:
    """A type is int, float, str, FILE, a tuple of choices (strings), or a converter: a
    callable from the text to the value that raises ValueError with a message."""
    if kind in (int, float, str) or kind is FILE:
        return
    if isinstance(kind, tuple):
        if not kind or not all(isinstance(choice, str) for choice in kind):
            raise TypeError(f"parameter {instance.name!r}: choices are a tuple of strings, not {kind!r}")
        return
    if not callable(kind):
        raise TypeError(f"parameter {instance.name!r}: type must be int, float, str, FILE, a tuple of "
                        f"choices or a converter (a callable), not {kind!r}")


def _check_flag(instance: Any, _attribute: Any, flag: str) -> None:
    names = flag.split("/") if isinstance(flag, str) else [flag]
    if not 1 <= len(names) <= 2 or not all(isinstance(n, str) and _FLAG.fullmatch(n) for n in names):
        raise ValueError(f"an option is named like --name (a switch: --name/--no-name), not {flag!r}")


@attrs.frozen
class Argument:
    """A positional parameter. ``name`` is the keyword `CommandLine.build` receives;
    ``many``: any number of them (a tuple, at least one unless ``required`` is false);
    ``required`` false: it may be left out (then ``build`` does not receive it)."""

    name: str = attrs.field(validator=attrs.validators.matches_re(_NAME))
    help: str = ""
    type: Any = attrs.field(default=str, validator=_check_type)
    required: bool = True
    many: bool = False
    metavar: str | None = None

    @property
    def usage(self) -> str:
        word = self.metavar or self.name.upper()
        word = f"{word}..." if self.many else word
        return word if self.required else f"[{word}]"


@attrs.frozen
class Option:
    """A named parameter that takes a value (``--box 2x3``); ``many``: it may be given more
    than once (a tuple). Left out, ``build`` does not receive it (its own default applies)
    unless ``default`` is set."""

    flag: str = attrs.field(validator=_check_flag)
    help: str = ""
    type: Any = attrs.field(default=str, validator=_check_type)
    default: Any = None
    many: bool = False
    metavar: str | None = None

    @property
    def name(self) -> str:
        return self.flag[2:].replace("-", "_")

    @property
    def usage(self) -> str:
        return f"[{self.flag} {self.metavar or self.name.upper()}]"


@attrs.frozen
class Flag:
    """A switch: ``--distinct`` (true when given), or ``--rotations/--no-rotations`` with
    its ``default`` (None: neither given, so ``build`` does not receive it)."""

    flag: str = attrs.field(validator=_check_flag)
    help: str = ""
    default: bool | None = False

    @property
    def name(self) -> str:
        return self.flag.split("/")[0][2:].replace("-", "_")

    @property
    def usage(self) -> str:
        return f"[{self.flag.replace('/', '|')}]"


Parameter = Union[Argument, Option, Flag]


def jsonable(value: Any) -> Any:
    """``value`` made JSON-ready: tuples, sets and mappings become lists and objects, an
    attrs or dataclass instance an object of its fields, anything else unknown its ``str``."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if attrs.has(type(value)):
        return {field.name: jsonable(getattr(value, field.name)) for field in attrs.fields(type(value))}
    import dataclasses  # (on first use: a light import exactcover)

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: jsonable(getattr(value, field.name)) for field in dataclasses.fields(value)}
    return str(value)


def _render(problem: Any, answer: Any) -> str:
    return str(answer)


def _to_json(problem: Any, answer: Any) -> Any:
    return jsonable(answer)


def _parameters(parameters: Iterable[Parameter]) -> tuple[Parameter, ...]:
    return tuple(parameters)


def _strings(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(texts)


def _check_parameters(_instance: Any, _attribute: Any, parameters: tuple[Parameter, ...]) -> None:
    seen: set[str] = set()
    for parameter in parameters:
        if not isinstance(parameter, (Argument, Option, Flag)):
            raise TypeError(f"a command line's parameters are Argument, Option or Flag, not {parameter!r}")
        if parameter.name in seen:
            raise ValueError(f"a command line declares the parameter {parameter.name!r} twice")
        seen.add(parameter.name)


def _check_callable(_instance: Any, attribute: Any, value: Any) -> None:
    if value is not None and not callable(value):
        raise TypeError(f"a command line's {attribute.name} must be callable, not {value!r}")


@attrs.frozen
class CommandLine(Generic[P, A]):
    """How a problem type appears on the ``exactcover`` command line.

    * ``parameters``: its `Argument`, `Option` and `Flag` declarations, in order.
    * ``build(**values)``: the problem (or a `Batch` of problems) from the parameters' values,
      by name; raises ValueError (or a ProblemError) with a message for bad input. A parameter
      left out is not passed, so ``build``'s defaults apply. ``None``: the type's domain class
      is called with them (``Queens(n=8, distinct=True)``).
    * ``render(problem, answer)``: the answer as text for humans. Default: ``str(answer)``.
    * ``render_line(problem, answer)``: the answer on one line, for batches. Default: render.
    * ``to_json(problem, answer)``: the answer as JSON-ready data. Default: `jsonable`.
    * ``help``: the text of ``exactcover solve TYPE --help`` (default: the type's summary);
      ``examples``: argument lines shown under it (``"8 --distinct"``), under the commands
      named in ``example_commands`` (None: every command; a type whose matrices have a loop
      cannot be reduced or sampled, and leaves those out).
    """

    parameters: tuple[Parameter, ...] = attrs.field(converter=_parameters, validator=_check_parameters)
    build: Callable[..., Any] | None = attrs.field(default=None, validator=_check_callable)
    render: Callable[[P, A], str] = attrs.field(default=_render, validator=_check_callable)
    render_line: Callable[[P, A], str] | None = attrs.field(default=None, validator=_check_callable)
    to_json: Callable[[P, A], Any] = attrs.field(default=_to_json, validator=_check_callable)
    help: str = ""
    examples: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    example_commands: tuple[str, ...] | None = attrs.field(default=None, converter=attrs.converters.optional(_strings))

    @property
    def usage(self) -> str:
        """How the parameters look: ``N [--distinct]``."""
        return " ".join(parameter.usage for parameter in self.parameters)

    def line(self, problem: P, answer: A) -> str:
        """The answer on one line (`render_line`, or `render`)."""
        return (self.render_line or self.render)(problem, answer)
