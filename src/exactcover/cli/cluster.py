"""``--scheduler ADDRESS``: a count or a listing of every solution on a Dask cluster.

The command connects to the cluster's scheduler, checks that every worker runs this version
of exactcover (a task names exactcover's functions; it carries the compiled matrix, so the
workers need no problem type's plugin), and hands the search the cluster as its executor,
with one worker per thread of the cluster (`exactcover.counts`, `exactcover.parallel`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .. import __version__
from .exits import BAD_INPUT, Exit

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
        raise Exit(BAD_INPUT, "error: --scheduler needs Dask's distributed: pip install 'pyexactcover[distributed]'") \
            from None
    try:
        made: Any = connect
        client = made(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise Exit(BAD_INPUT, f"error: cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        versions = client.run(_version, on_error="return")
        if not versions:
            raise Exit(BAD_INPUT, f"error: the Dask cluster at {address} has no workers")
        wrong = {worker: found for worker, found in versions.items() if found != __version__}
        if wrong:
            worker, found = next(iter(wrong.items()))
            said = f"has exactcover {found}" if isinstance(found, str) else f"cannot import exactcover ({found!r})"
            raise Exit(BAD_INPUT, f"error: the Dask worker at {worker} {said}; every worker needs exactcover "
                                  f"{__version__} (pip install pyexactcover=={__version__})")
        yield {"executor": client.get_executor(), "jobs": sum(client.nthreads().values())}
    finally:
        client.close()
