"""The command group every ``exactcover`` command goes through: how it ends (see `exits`),
whatever happens while click parses, runs and reports it."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from .exits import (BAD_INPUT, BROKEN_PIPE, CANNOT_WRITE, WRITE_ERRORS, Exit, broken_pipe, cannot_write, errors_reported,
                    interrupted, terminate_like_ctrl_c, warnings_in_one_line)
from .report import report_unreported

__all__ = ["Commands", "usage_on_one_line"]


class Commands(click.Group):
    """The command group, the one place every command's ending goes through: Ctrl-C anywhere
    (reading standard input, loading plugins, searching, printing) exits 130 with one line
    (SIGTERM: 143),
    never click's "Aborted!" with status 1, which would read as "no solution"; a reader that
    went away exits 141 silently; output that cannot be written exits 74 with one line; a
    usage error (an unknown command or option, a bad value) exits 2 with one line, and so
    does an ExactCoverError or ValueError from any command, a plugin's included."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        """click's main, but Ctrl-C at any moment (the arguments parsed, the context closed,
        the status reported) is status 130 and one line, as it is inside a command, never
        click's "Aborted!" and status 1, nor a traceback, nor ignored."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            try:
                returned = super().main(args, prog_name, complete_var, False, **extra)
            except click.exceptions.Abort as error:
                if not isinstance(error.__cause__, KeyboardInterrupt):
                    raise
                raise interrupted(error.__cause__) from None
            except click.ClickException as error:
                error.show()
                returned = error.exit_code
            except BrokenPipeError:
                raise broken_pipe() from None
            except OSError as error:  # (the group's own --help or --version, written where nothing can be)
                if error.errno not in WRITE_ERRORS:
                    raise
                raise cannot_write(error) from None
            code = returned if isinstance(returned, int) else 0
        except KeyboardInterrupt as error:
            code = interrupted(error).exit_code
        except click.exceptions.Exit as stop:
            code = stop.exit_code
        except click.exceptions.Abort:
            click.echo("Aborted!", err=True)
            code = 1
        sys.exit(code)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt as error:  # (parsing may load plugins; click would say "Aborted!")
            raise interrupted(error) from None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["exactcover.args"] = list(args)  # (for the JSON document of an error before the command runs)
        with usage_on_one_line():
            return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            try:
                return self.invoke_reported(ctx)
            except click.exceptions.Exit as stop:
                if stop.exit_code not in (0, BROKEN_PIPE) and not getattr(stop, "output_lost", False) and \
                        not ctx.meta.get("exactcover.reported"):
                    report_unreported(self, ctx, stop)
                raise
        except KeyboardInterrupt as error:  # (while reporting)
            raise interrupted(error) from None

    def invoke_reported(self, ctx: click.Context) -> Any:
        try:
            terminate_like_ctrl_c()
            if sys.stdout is None or sys.stdout.closed:
                raise Exit(CANNOT_WRITE, "error: standard output is closed", output_lost=True)
            with usage_on_one_line(), errors_reported(), warnings_in_one_line():  # (a plugin's command too)
                result = super().invoke(ctx)
            sys.stdout.flush()  # (a write error shows here, not at exit)
            return result
        except KeyboardInterrupt as error:
            raise interrupted(error) from None
        except BrokenPipeError:
            raise broken_pipe() from None
        except OSError as error:
            if error.errno not in WRITE_ERRORS:
                raise
            raise cannot_write(error) from None


@contextmanager
def usage_on_one_line() -> Iterator[None]:
    """click's usage errors as one line, like every other error (click prints three)."""
    try:
        yield
    except click.UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            raise  # (a bare "exactcover" shows the help)
        where = error.ctx.command_path if error.ctx else "exactcover"
        raise Exit(BAD_INPUT, f"error: {error.format_message()} (see '{where} --help')") from None
