"""The ``exactcover`` console script, with its own imports under a Ctrl-C guard.

Importing the command takes about a tenth of a second, and a Ctrl-C then would end in
Python's traceback. This module is tiny and outside the ``exactcover`` package (whose import
is that tenth of a second), so that the guard is up a few milliseconds after Python starts:
Ctrl-C or SIGTERM while the command loads ends it as at any other moment, with one line and
status 130 or 143.

The loading makes some ten thousand objects (modules, classes, functions) that live as long
as the command, and no garbage. So the garbage collector waits until it is done, and then
freezes what it made (`gc.freeze`): no later collection walks those objects again, neither
the search's nor the several of the interpreter's exit. On a small problem that is a good
part of the command's start-up (benchmarks/README.md, "import_time.py").

A signal's handler raises its exception wherever Python happens to be, and where Python
cannot let an exception out (a weakref callback, such as the one importlib runs after every
import, or a ``__del__``) it prints "Exception ignored" and drops it: the Ctrl-C or SIGTERM
would be lost and the command would run on. `_raise_again` sends such a signal again, so
that it is raised at the next moment it can be.
"""

from __future__ import annotations

import gc
import signal
import sys
import warnings
from types import FrameType

__all__ = ["main"]


class _Terminated(BaseException):
    """SIGTERM while the command loads: like KeyboardInterrupt, not an `Exception`, so that no
    ``except Exception`` in the code being imported (a library's fallback for an optional
    module) takes it for an error and goes on."""


#: The signals caught while the command loads (see `main`).
_caught: list[int] = []


def _raise_terminated(signum: int, frame: object) -> None:
    _caught.append(signum)
    raise _Terminated


def _raise_interrupted(signum: int, frame: object) -> None:
    _caught.append(signum)
    raise KeyboardInterrupt


def _raise_again(unraisable: sys.UnraisableHookArgs) -> None:
    """`sys.unraisablehook`: a Ctrl-C or SIGTERM whose exception Python dropped is sent
    again (SIGTERM raises `_Terminated` here, then the command's `Terminated`, a
    KeyboardInterrupt); anything else is reported as Python reports it."""
    error = unraisable.exc_value
    if not isinstance(error, (KeyboardInterrupt, _Terminated)):
        sys.__unraisablehook__(unraisable)
        return
    import threading

    # (from another thread, once this one has left the hook: raised in here, it would be dropped again)
    again = threading.Thread(target=_send_when_out, daemon=True,
                             args=(signal.SIGINT if type(error) is KeyboardInterrupt else signal.SIGTERM,
                                   threading.get_ident()))
    again.start()


def _send_when_out(signum: int, thread: int) -> None:
    """Send ``signum`` to this process once ``thread`` is out of `_raise_again`. (A fixed
    delay is not enough: on a busy machine the thread can still be starting this one when
    the delay has passed.)"""
    import os
    import time

    while _in_hook(sys._current_frames().get(thread)):
        time.sleep(0.001)
    os.kill(os.getpid(), signum)


def _in_hook(frame: FrameType | None) -> bool:
    """Whether ``frame`` (a thread's current frame, or None) is inside `_raise_again`."""
    while frame is not None:
        if frame.f_code is _raise_again.__code__:
            return True
        frame = frame.f_back
    return False


def _one_line(message: Warning | str, category: type[Warning], filename: str, lineno: int, file: object = None,
              line: str | None = None) -> None:
    """`warnings.showwarning` for the command: exactcover's `EngineWarning` (no C engine) as
    one line, as the command says anything; any other warning as Python shows it."""
    if category.__name__ == "EngineWarning" and category.__module__ == "exactcover.errors":
        sys.stderr.write(f"exactcover: warning: {message}\n")
    else:
        _show_warning(message, category, filename, lineno, file, line)  # type: ignore[arg-type]


_show_warning = warnings.showwarning


def _signal_behind(error: BaseException) -> type[BaseException] | None:
    """KeyboardInterrupt or `_Terminated` if either is ``error`` or behind it, else None.

    (A signal can land in code that wraps what it raises: Python 3.11 wraps an exception
    raised in ``__set_name__``, while a class is made, in a RuntimeError.)"""
    seen: BaseException | None = error
    for _ in range(100):  # (a chain made by hand can loop)
        if seen is None:
            break
        for kind in (KeyboardInterrupt, _Terminated):
            if isinstance(seen, kind):
                return kind
        seen = seen.__cause__ or seen.__context__
    return None


def _end(interrupted: bool) -> None:
    """Leave as the command leaves after Ctrl-C (130) or SIGTERM (143), with its one line (the
    same signal sent again meanwhile, by `_raise_again`, is ignored: the command is leaving)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.stderr.write("exactcover: interrupted\n" if interrupted else "exactcover: terminated\n")
    raise SystemExit(130 if interrupted else 143) from None


def main() -> None:
    """Run the ``exactcover`` command."""
    warnings.showwarning = _one_line
    sys.unraisablehook = _raise_again
    signal.signal(signal.SIGTERM, _raise_terminated)
    signal.signal(signal.SIGINT, _raise_interrupted)
    gc.disable()
    try:
        from exactcover.cli import main as command
        from exactcover.cli.exits import terminate_like_ctrl_c
    except BaseException as error:
        cause = _signal_behind(error)
        if cause is None:
            raise
        _end(cause is KeyboardInterrupt)
    finally:
        gc.freeze()
        gc.enable()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if _caught:  # (raised, then lost: Python 3.11 drops an exception raised while compile() parses a module)
        _end(_caught[-1] == signal.SIGINT)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    terminate_like_ctrl_c()  # (the command's own handler, from here on)
    try:
        command()
    finally:  # (a signal while Python shuts down ends the process, without a traceback)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
