"""The problem types' own commands, built from their declarations.

``exactcover solve``, ``count``, ``sample`` and ``estimate`` are each a `TypeCommands` group
whose subcommands are the registered problem types: ``exactcover solve queens 8 --distinct``
runs the ``queens`` command of ``solve``, made from the type's `CommandLine` (its arguments
and options) and the host command's own options (``--all``, ``--json``, the budget...). So
each type has its own ``--help``, click's validation names the parameter at fault, and shell
completion knows the type names and each type's options.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

import click

from ..commandline import FILE, Argument, CommandLine, Flag, Parameter
from ..errors import ExactCoverError, PluginError
from ..problem import ProblemType
from ..textinput import limited
from .clock import timed, within
from .exits import BAD_INPUT, Exit, errors_reported
from .report import Report

__all__ = ["TypeCommands", "click_parameter"]


class Converted(click.ParamType):  # type: ignore[type-arg]  # (click 8.2 made it generic; 8.1 is not)
    """A declared converter (text -> value, ValueError for bad text) as a click type, so a
    bad value is a usage error that names the parameter."""

    def __init__(self, function: Callable[[str], Any], metavar: str | None) -> None:
        self.function = function
        self.name = str(metavar or getattr(function, "__name__", "value"))

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value  # (a default already converted)
        try:
            return self.function(value)
        except (ValueError, ExactCoverError) as error:
            self.fail(str(error), param, ctx)


def click_type(kind: Any, metavar: str | None = None) -> Any:
    """The click type of a declared parameter type."""
    if kind is FILE:
        return click.Path(exists=True, dir_okay=False, allow_dash=True)
    if kind in (int, float, str):
        return kind
    if isinstance(kind, tuple):
        return click.Choice(kind)
    return Converted(kind, metavar)


def click_parameter(parameter: Parameter) -> click.Parameter:
    """A declared parameter as a click parameter."""
    if isinstance(parameter, Argument):
        return click.Argument([parameter.name], type=click_type(parameter.type, parameter.metavar),
                              required=parameter.required, nargs=-1 if parameter.many else 1,
                              metavar=parameter.usage)
    if isinstance(parameter, Flag):
        return click.Option([parameter.flag, parameter.name], is_flag=True, default=parameter.default, help=parameter.help,
                            show_default="/" in parameter.flag)
    return click.Option([parameter.flag, parameter.name], type=click_type(parameter.type, parameter.metavar),
                        default=parameter.default, multiple=parameter.many, help=parameter.help,
                        metavar=parameter.metavar, show_default=parameter.default is not None)


def _help(kind: ProblemType[Any, Any], shown: CommandLine[Any, Any], command: str) -> str:
    """The help of ``exactcover COMMAND TYPE``: the type's text, its arguments, its examples."""
    parts = [shown.help or kind.summary]
    arguments = [p for p in shown.parameters if isinstance(p, Argument)]
    if arguments:
        width = max(len(p.metavar or p.name.upper()) for p in arguments)
        lines = [textwrap.fill(p.help, 76, initial_indent=f"    {(p.metavar or p.name.upper()):<{width}}  ",
                               subsequent_indent=" " * (width + 6)) if p.help else f"    {p.metavar or p.name.upper()}"
                 for p in arguments]
        parts.append("Arguments:\n\n\b\n" + "\n".join(lines))
    if shown.examples and (shown.example_commands is None or command in shown.example_commands):
        lines = [f"    exactcover {command} {kind.name} {example}" for example in shown.examples]
        parts.append("Examples:\n\n\b\n" + "\n".join(lines))  # (indented 4: a code block on the docs site)
    return "\n\n".join(parts)


def given_before_type(ctx: click.Context, values: dict[str, Any]) -> dict[str, Any]:
    """The host's options given before TYPE (``exactcover count --json queens 8``) that
    were not given again after it: the later word wins, as on any command line."""
    outer = ctx.parent
    if outer is None:
        return {}
    given = click.core.ParameterSource.COMMANDLINE
    return {name: outer.params[name] for name in values
            if name in outer.params and outer.get_parameter_source(name) == given
            and ctx.get_parameter_source(name) != given}


def _types() -> dict[str, ProblemType[Any, Any]]:
    from ..plugins.manager import registry

    return registry().types


class TypeCommands(click.Group):
    """A host command whose subcommands are the problem types that have a command line.

    ``host`` makes the host command's own parameters (fresh for each type's command);
    ``run(kind, problem, report=..., **options)`` does the work once the type's parameters have built the
    problem.
    """

    def __init__(self, name: str, host: Callable[[], Sequence[click.Parameter]], run: Callable[..., None],
                 **attributes: Any) -> None:
        # (the host's options here too, so they may come before TYPE and `--help` lists them)
        super().__init__(name, params=list(host()), subcommand_metavar="TYPE [ARGS]...", **attributes)
        self.host, self.run = host, run
        self._made: dict[str, tuple[ProblemType[Any, Any], click.Command]] = {}  # (a type registered again is made again)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, kind.summary) for name, kind in _types().items() if kind.command_line is not None]
        if rows:
            with formatter.section("Problem types (exactcover " + str(self.name) + " TYPE --help for each one's arguments)"):
                formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name, kind in _types().items() if kind.command_line is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from ..plugins.manager import registry

        try:
            kind = registry(name).get(name)
        except PluginError:
            return None
        if kind.command_line is None:
            return None
        made = self._made.get(name)
        if made is None or made[0] is not kind:
            made = self._made[name] = (kind, self.command_for(kind))
        return made[1]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        rest = super().parse_args(ctx, args) if args else []
        if not (getattr(ctx, "_protected_args", None) or rest) and not ctx.resilient_parsing:
            known = ", ".join(self.list_commands(ctx)) or "none"
            raise click.UsageError(f"Missing argument 'TYPE' (a problem type: {known})", ctx)
        return rest

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """The type's command, or a one-line error naming the known types (or a broken
        plugin's error) for a name no plugin has. (The words after TYPE are kept in the
        context's meta, as typed: a journal's head records them.)"""
        ctx.meta["exactcover.arguments"] = list(args[1:])
        if args and not ctx.resilient_parsing and self.get_command(ctx, args[0]) is None:
            from ..plugins.manager import registry

            name, found = args[0], registry()
            with errors_reported():
                if name in found.broken or name in found.types:
                    found.get(name)  # (raises a broken plugin's error)
                    raise Exit(BAD_INPUT, f"error: problem type {name!r} cannot be given on the command line")
            import difflib  # (here: only a misspelt type needs it)

            known = self.list_commands(ctx)
            close = difflib.get_close_matches(name, known)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise click.UsageError(f"unknown problem type {name!r}{hint}; known problem types: "
                                   f"{', '.join(known) or 'none'}", ctx)
        return super().resolve_command(ctx, args)

    def command_for(self, kind: ProblemType[Any, Any]) -> click.Command:
        """``exactcover NAME TYPE``: the type's declared parameters, then the host's."""
        shown = kind.command_line
        assert shown is not None
        own = [click_parameter(p) for p in shown.parameters]
        host = list(self.host())
        taken = {name for p in host for name in (p.name, *p.opts, *p.secondary_opts)}
        for parameter in own:
            clash = taken & {parameter.name, *parameter.opts, *parameter.secondary_opts}
            if clash:
                raise PluginError(f"problem type {kind.name!r} declares {sorted(clash)[0]!r}, which "
                                  f"'exactcover {self.name}' has already")
        names = [p.name for p in own]

        def callback(**values: Any) -> None:
            mine = {name: values.pop(name) for name in names}
            values.update(given_before_type(click.get_current_context(), values))
            report = Report.from_options(str(self.name), kind.name, values)
            with report.closing(), timed(values.get("timeout")):
                with errors_reported(), within("while reading the problem"), limited(values.get("max_entries") or None):
                    problem = kind.build(mine)
                self.run(kind, problem, report=report, **values)

        return click.Command(kind.name, params=[*own, *host], callback=callback, help=_help(kind, shown, str(self.name)),
                             short_help=kind.summary, context_settings={"help_option_names": ["-h", "--help"]})
