"""How the ``exactcover`` command ends: exit statuses, one-line errors, Ctrl-C, pipes.

Every command goes through `Commands` (the command group) and `errors_reported`, so each
status means one thing (see the statuses in `exactcover.cli`'s docstring).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from ..errors import BudgetExceeded, ExactCoverError, WorkerLost

NO_SOLUTION, BAD_INPUT, STOPPED, INTERNAL, CANNOT_WRITE, INTERRUPTED, BROKEN_PIPE = 1, 2, 3, 70, 74, 130, 141
TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C, so that everything Ctrl-C cleans up
    (the workers of a parallel search told to stop, partial output flushed) is cleaned up."""


def interrupted(error: KeyboardInterrupt, after: str = "") -> Exit:
    """The exit for Ctrl-C (130, "interrupted...") or SIGTERM (143, "terminated...")."""
    if isinstance(error, Terminated):
        return Exit(TERMINATED, f"terminated{after}")
    return Exit(INTERRUPTED, f"interrupted{after}")


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated


def terminate_like_ctrl_c() -> None:
    """Make SIGTERM raise `Terminated` (main thread only, and only over the default action)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _raise_terminated)


class Exit(click.exceptions.Exit):
    """Leave with a status, after a one-line message on stderr."""

    def __init__(self, code: int, message: str | None = None) -> None:
        if message:
            click.echo(f"exactcover: {message}", err=True)
        self.message = message  # (for the JSON report)
        super().__init__(code)


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM until the block is done (POSIX main thread; elsewhere a no-op)."""
    import signal
    import threading

    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


@contextmanager
def errors_reported() -> Iterator[None]:
    """Library and input errors become one line on stderr and exit status 2, never a traceback;
    a lost worker process of a parallel search, one line and status 70."""
    try:
        yield
    except (click.exceptions.Exit, click.ClickException, KeyboardInterrupt, BudgetExceeded):
        raise  # (a stopped search is reported by the command, with what it found)
    except WorkerLost as error:  # (not the input's fault)
        raise Exit(INTERNAL, f"error: {error}") from None
    except (ExactCoverError, ValueError) as error:
        raise Exit(BAD_INPUT, f"error: {error}") from None
    except BrokenPipeError:
        raise _broken_pipe() from None
    except Exception as error:
        if isinstance(error, OSError) and error.errno in WRITE_ERRORS:
            raise _cannot_write(error) from None
        if os.environ.get("EXACTCOVER_DEBUG"):
            raise
        raise Exit(INTERNAL, f"internal error: {type(error).__name__}: {error} (EXACTCOVER_DEBUG=1 shows the traceback)") from None


#: The errors of writing the output (a full disk, a device error, a closed descriptor).
WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def _broken_pipe() -> Exit:
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- keep Python from complaining at exit
    return Exit(BROKEN_PIPE)


def _cannot_write(error: OSError) -> Exit:
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- the unwritten rest must not fail again at exit
    return Exit(CANNOT_WRITE, f"error: cannot write the output: {error.strerror or error}")


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
                raise _broken_pipe() from None
            except OSError as error:  # (the group's own --help or --version, written where nothing can be)
                if error.errno not in WRITE_ERRORS:
                    raise
                raise _cannot_write(error) from None
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
                if stop.exit_code not in (0, BROKEN_PIPE, CANNOT_WRITE) and not ctx.meta.get("exactcover.reported"):
                    from .report import report_unreported

                    report_unreported(self, ctx, stop)
                raise
        except KeyboardInterrupt as error:  # (while reporting)
            raise interrupted(error) from None

    def invoke_reported(self, ctx: click.Context) -> Any:
        try:
            terminate_like_ctrl_c()
            if sys.stdout is None or sys.stdout.closed:
                raise Exit(CANNOT_WRITE, "error: standard output is closed")
            with usage_on_one_line(), errors_reported():  # (a plugin's command too)
                result = super().invoke(ctx)
            sys.stdout.flush()  # (a write error shows here, not at exit)
            return result
        except KeyboardInterrupt as error:
            raise interrupted(error) from None
        except BrokenPipeError:
            raise _broken_pipe() from None
        except OSError as error:
            if error.errno not in WRITE_ERRORS:
                raise
            raise _cannot_write(error) from None


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
