"""How the ``exactcover`` command ends: exit statuses, one-line errors, Ctrl-C, pipes.

Every command goes through `group.Commands` (the command group) and `errors_reported`, so
each status means one thing (see the statuses in `exactcover.cli`'s docstring).
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from ..errors import BudgetExceeded, ExactCoverError, JournalError, WorkerLost

NO_SOLUTION, BAD_INPUT, STOPPED, INTERNAL, CANNOT_WRITE, INTERRUPTED, BROKEN_PIPE = 1, 2, 3, 70, 74, 130, 141
TERMINATED = 143

#: Each exit status, its ``status`` in the JSON document ("-": none is written), and what it
#: means: the docs' table, and `report.STATUSES`.
EXIT_STATUSES = (
    (0, "ok", "solutions found, or counted (a count of 0 too)"),
    (NO_SOLUTION, "no solution", "no solution (verify: the journal disagrees with a count done again)"),
    (BAD_INPUT, "invalid", "bad input: a one-line message on stderr names what is wrong and where"),
    (STOPPED, "stopped", "stopped by --max-nodes or --timeout; what was found so far is printed"),
    (INTERNAL, "error", "an internal error (EXACTCOVER_DEBUG=1 shows the traceback), or a worker process of a "
                        "parallel search lost (killed, out of memory)"),
    (CANNOT_WRITE, "cannot write", "the output or the journal could not be written (a full disk, a closed stdout): "
                                   "the JSON document is written where standard output still can be"),
    (INTERRUPTED, "interrupted", "Ctrl-C; what was found so far is printed first"),
    (BROKEN_PIPE, "-", "the reader of the output went away (a broken pipe, as | head makes)"),
    (TERMINATED, "terminated", "SIGTERM; what was found so far is printed first"),
)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C, so that everything Ctrl-C cleans up
    (the workers of a parallel search told to stop, partial output flushed) is cleaned up."""


def interrupted(error: KeyboardInterrupt, after: str = "") -> Exit:
    """The exit for Ctrl-C (130, "interrupted...") or SIGTERM (143, "terminated...")."""
    if isinstance(error, Terminated):
        return Exit(TERMINATED, f"terminated{after}")
    return Exit(INTERRUPTED, f"interrupted{after}")


def _raise_terminated(signum: int, frame: Any) -> None:
    if not _importing(frame):
        raise Terminated
    _send_after_import(signum)


def _raise_interrupted(signum: int, frame: Any) -> None:
    if not _importing(frame):
        raise KeyboardInterrupt
    _send_after_import(signum)


def _importing(frame: Any) -> bool:
    """Whether ``frame`` (a thread's current frame, or None) is inside an import."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _send_after_import(signum: int) -> None:
    """Send ``signum`` again once the main thread's import is done. (Raised inside an import,
    its exception can be lost: Python 3.11 drops an exception raised while compile() parses a
    module, and the command would run on, Ctrl-C or SIGTERM forgotten.)"""
    import threading
    import time

    main = threading.main_thread().ident

    def send() -> None:
        while _importing(sys._current_frames().get(main or 0)):
            time.sleep(0.002)
        os.kill(os.getpid(), signum)  # (to the process: its main thread's handler raises)

    threading.Thread(target=send, name="exactcover signal", daemon=True).start()


def terminate_like_ctrl_c() -> None:
    """Make SIGTERM raise `Terminated`, as Ctrl-C raises KeyboardInterrupt, each sent again
    once an import is done if it comes during one (main thread only, and only over the
    default action)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _raise_terminated)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _raise_interrupted)


class Exit(click.exceptions.Exit):
    """Leave with a status, after a one-line message on stderr; ``output_lost`` where
    standard output itself cannot be written (no JSON document is tried there then)."""

    def __init__(self, code: int, message: str | None = None, output_lost: bool = False) -> None:
        if message:
            click.echo(f"exactcover: {message}", err=True)
        self.message = message  # (for the JSON report)
        self.output_lost = output_lost
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
def warnings_in_one_line() -> Iterator[None]:
    """exactcover's own warnings about the input and a journal (`InputWarning`, a torn last
    line's `JournalWarning`) as one line on stderr each, not in Python's format; any other
    warning as Python shows it."""
    import warnings

    from ..errors import InputWarning, JournalWarning

    def show(message: Any, category: Any, *args: Any, **kwargs: Any) -> None:
        if issubclass(category, (InputWarning, JournalWarning)):
            click.echo(f"warning: {message}", err=True)
        else:
            shown(message, category, *args, **kwargs)

    shown = warnings.showwarning
    with warnings.catch_warnings():
        warnings.simplefilter("always", JournalWarning)
        warnings.showwarning = show
        yield


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
    except JournalError as error:  # (a full disk is the same exit whether stdout or the journal fills it)
        raise Exit(CANNOT_WRITE if error.errno in WRITE_ERRORS else BAD_INPUT, f"error: {error}") from None
    except (ExactCoverError, ValueError) as error:
        raise Exit(BAD_INPUT, f"error: {error}") from None
    except BrokenPipeError:
        raise broken_pipe() from None
    except Exception as error:
        if isinstance(error, OSError) and error.errno in WRITE_ERRORS:
            raise cannot_write(error) from None
        behind = _interruption_behind(error)
        if behind is not None:  # (Python 3.11 wraps what a class's __set_name__ raises, a Ctrl-C too)
            raise interrupted(behind) from None
        if os.environ.get("EXACTCOVER_DEBUG"):
            raise
        raise Exit(INTERNAL, f"internal error: {type(error).__name__}: {error} (EXACTCOVER_DEBUG=1 shows the traceback)") from None


def _interruption_behind(error: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or SIGTERM that caused ``error``, if one did."""
    seen = error.__cause__ or error.__context__
    for _ in range(100):  # (a chain made by hand can loop)
        if seen is None or isinstance(seen, KeyboardInterrupt):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


#: The errors of writing the output (a full disk, a device error, a closed descriptor).
WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def broken_pipe() -> Exit:
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- keep Python from complaining at exit
    return Exit(BROKEN_PIPE, output_lost=True)


def cannot_write(error: OSError) -> Exit:
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 -- the unwritten rest must not fail again at exit
    return Exit(CANNOT_WRITE, f"error: cannot write the output: {error.strerror or error}", output_lost=True)
