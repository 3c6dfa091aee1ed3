"""Child processes that end with their parent, however the parent ends.

A pool's worker or the SAT solver's process searches on for nobody if its parent is killed
without a chance to stop it (SIGKILL, the out-of-memory killer). `end_with_parent`, called
first thing in the child, makes sure it ends too: on Linux the kernel sends it SIGKILL when
the parent dies (``prctl(PR_SET_PDEATHSIG)``), which works even while the child runs C code
that holds the GIL (PySAT's solvers do); elsewhere, and as a second guard, a thread polls
the parent's process id.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

__all__ = ["end_with_parent", "facts", "POLL"]

#: How often (seconds) the polling guard looks for its parent.
POLL = 0.2

_PR_SET_PDEATHSIG = 1


def facts(method: str) -> tuple[int | None, bool]:
    """What a child started now by the start method ``method`` ("fork", "spawn" or
    "forkserver") passes to `end_with_parent`: the process id its parent will have (None:
    whatever process that is, for a child of the fork server) and whether the thread that
    makes it is its parent's main thread."""
    if method == "forkserver":
        return None, True
    return os.getpid() if method == "fork" else None, threading.current_thread() is threading.main_thread()


def end_with_parent(parent: int | None, from_main_thread: bool) -> None:
    """End this process when its parent is gone (``parent``: the process id it must have;
    None: the one it has now).

    ``from_main_thread``: whether the parent started this process from its main thread. The
    kernel's signal follows the thread that forked, not the process, so it is asked for only
    then (a helper thread that ends would otherwise take the child with it)."""
    if from_main_thread and sys.platform.startswith("linux"):
        _ask_the_kernel()
    if parent is None:
        parent = os.getppid()
    threading.Thread(target=_poll, args=(parent,), daemon=True, name="exactcover parent watch").start()
    if os.getppid() != parent:  # (the parent died before the guards were up)
        os._exit(1)


def _ask_the_kernel() -> None:
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # (no prctl: the polling guard is left)
        pass


def _poll(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL)
    os._exit(1)
