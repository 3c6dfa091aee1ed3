"""The command's ``--timeout``, counted from the moment the command starts its work.

Reading the input, building and preparing the problem, connecting to a cluster and the
search itself all come out of the same seconds, so that ``--timeout 3`` ends the command
about three seconds after it began, whatever took the time. The search gets what is left
(`left`); what runs before it runs `within` the time, which a timer (SIGALRM) interrupts:
Python code stops at its next line, a blocking read at once.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .exits import BAD_INPUT, STOPPED, Exit

__all__ = ["timed", "left", "within"]

_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("exactcover command deadline", default=None)


class _OutOfTime(BaseException):
    """The timer rang (a BaseException, so that no ``except Exception`` on the way keeps it)."""


@contextmanager
def timed(timeout: float | None) -> Iterator[None]:
    """The command's work, with ``timeout`` seconds from now (None: no limit)."""
    token = _DEADLINE.set(None if timeout is None else (time.monotonic() + timeout, timeout))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def left() -> float | None:
    """The seconds left to the command (None: no limit); exit 3 if there are none."""
    deadline = _DEADLINE.get()
    if deadline is None:
        return None
    seconds = deadline[0] - time.monotonic()
    if seconds <= 0:
        raise _stopped("before the search began")
    return seconds


@contextmanager
def within(doing: str, most: float | None = None, late: str | None = None) -> Iterator[None]:
    """Run the block within the command's time (if it has a limit and this is the main
    thread, where signals arrive): exit 3, saying it stopped ``doing``, when the time is up.
    With ``most``, the block has at most that many seconds of its own; past them, exit 2
    with the error ``late``."""
    deadline = _DEADLINE.get()
    seconds = None if deadline is None else deadline[0] - time.monotonic()
    if seconds is not None and seconds <= 0:
        raise _stopped(doing)
    if most is not None and (seconds is None or most < seconds):
        seconds = most
    if seconds is None or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(_signum: int, _frame: object) -> None:
        raise _OutOfTime

    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _OutOfTime:
        if deadline is not None and time.monotonic() >= deadline[0] - 0.001:
            raise _stopped(doing) from None
        raise Exit(BAD_INPUT, f"error: {late}") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _stopped(doing: str) -> Exit:
    deadline = _DEADLINE.get()
    assert deadline is not None
    return Exit(STOPPED, f"stopped by the time limit ({deadline[1]:g} s) {doing}")
