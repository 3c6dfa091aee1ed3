"""``--scheduler ADDRESS``: a count or a listing of every solution on a Dask cluster.

The command connects to the cluster's scheduler, checks that every worker runs this version
of exactcover (a task names exactcover's functions; it carries the compiled matrix, so the
workers need no problem type's plugin), and hands the search the cluster as its executor,
with one worker per thread of the cluster (`exactcover.parallel.counts`, `exactcover.parallel.searches`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager
from typing import Any

from ..version import __version__, extra_hint, worker_hint
from .clock import within
from .exits import BAD_INPUT, INTERNAL, Exit

__all__ = ["on_cluster", "CONNECT_SECONDS"]

#: Seconds to wait for the scheduler to answer.
CONNECT_SECONDS = 10


def _version() -> str:
    import exactcover  # (on a worker: its own exactcover, if it has one)

    return str(exactcover.__version__)


@contextmanager
def on_cluster(address: str) -> Iterator[dict[str, Any]]:
    """The search's keywords for the Dask cluster whose scheduler is at ``address``
    (``executor`` and ``jobs``); the connection is closed when the search is done. A
    missing Dask, an unreachable scheduler, a cluster without workers, or a worker without
    this exactcover is one line and exit 2."""
    try:
        from distributed import Client as connect  # (untyped: called through Any)
    except ImportError:
        raise Exit(BAD_INPUT, f"error: --scheduler needs Dask's distributed: {extra_hint('distributed', 'Dask')}") \
            from None
    try:
        made: Any = connect
        with within(f"while connecting to the Dask scheduler at {address}", CONNECT_SECONDS + 1,
                    f"no Dask scheduler answers at {address} (waited {CONNECT_SECONDS} s)"):
            client = made(address, timeout=CONNECT_SECONDS)
    except Exit:
        raise
    except (OSError, TimeoutError, ValueError) as error:
        raise Exit(BAD_INPUT, f"error: cannot reach the Dask scheduler at {address}: {error}") from None
    except Exception as error:  # noqa: BLE001 -- whatever a server that is not a scheduler makes Dask raise
        raise Exit(BAD_INPUT, f"error: what answers at {address} is not a Dask scheduler "
                              f"({type(error).__name__}: {_short(error)})") from None
    try:
        with within(f"while asking the Dask cluster at {address} for its workers"):
            versions = client.run(_version, on_error="return")
        if not versions:
            raise Exit(BAD_INPUT, f"error: the Dask cluster at {address} has no workers")
        wrong = {worker: found for worker, found in versions.items() if found != __version__}
        if wrong:
            worker, found = next(iter(wrong.items()))
            said = f"has exactcover {found}" if isinstance(found, str) else f"cannot import exactcover ({found!r})"
            raise Exit(BAD_INPUT, f"error: the Dask worker at {worker} {said}; every worker needs "
                                  f"{worker_hint()}")
        try:
            with _quiet_dask():
                yield {"executor": client.get_executor(), "jobs": sum(client.nthreads().values())}
        except Exception as error:
            if client.status == "running" and not isinstance(error, CancelledError):
                raise
            raise Exit(INTERNAL, f"error: the connection to the Dask scheduler at {address} was lost; the search "
                                 f"was not finished") from None
    finally:
        with _quiet_dask():  # (closing a client whose scheduler is gone logs its failures)
            client.close()


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log and its event loop's (tornado's: a lost scheduler is said in tens of
    lines of tracebacks) kept off stderr: the command says what happened in one line."""
    names = [name for name in ("distributed", "tornado", *logging.root.manager.loggerDict)
             if name.split(".")[0] in ("distributed", "tornado")]  # (Dask's, and its event loop's)
    loggers = [logging.getLogger(name) for name in names]
    before = [logger.disabled for logger in loggers]
    for logger in loggers:
        logger.disabled = True
    try:
        yield
    finally:
        for logger, disabled in zip(loggers, before):
            logger.disabled = disabled


def _short(error: BaseException) -> str:
    """The first line of ``error``'s message, cut to 100 characters."""
    text = str(error).strip().split("\n", 1)[0]
    return text if len(text) <= 100 else text[:99] + "…"
