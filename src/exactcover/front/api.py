"""The front ends: `solve`, `solutions` and `count` for a `Matrix` or any domain object a
plugin handles (a `Subsets`, a sudoku, ...).

A domain object is encoded by its problem type into a matrix (plus givens), solved, and each
solution decoded back into the domain's answer. Compiled matrices are cached: a plugin that
returns the same `Matrix` object for every problem of one shape (all 9×9 sudokus) has it
compiled once, however many puzzles are solved.

Every front end takes ``max_entries`` (default `MAX_ENTRIES`): a problem whose matrix would
have more entries is refused with `ProblemTooLarge` before it is built (the problem type
states the size it will build) or, for a `Matrix`, before it is compiled. ``None`` lifts the
limit.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from ..errors import BudgetExceeded
from ..model.matrix import Matrix
from ..problem import Problem
from ..search.runs import Solutions
from ..search.stats import Progress, Stats
from .prepared import MAX_ENTRIES, Prepared, check_size, prepare, solver_for
from .request import Request

if TYPE_CHECKING:  # (for annotations only: estimates, verification, Executor load on first use)
    from ..search.estimates import Estimate
    from .verification import Verification
    from concurrent.futures import Executor  # (not imported at run time: it costs 4 ms)

__all__ = ["MAX_ENTRIES", "Prepared", "prepare", "solve", "solutions", "count", "estimate", "is_unique", "solver_for",
           "check_size"]

#: The engines a search may be asked for by name (see `exactcover.engines`).
Engine = Literal["auto", "c", "python"]
#: How an engine runs a search: on its links, on bitsets of options, or as a sample decides.
Way = Literal["auto", "links", "sets", "weighted", "weighted-ties", "failure-rate", "binary"]
#: Who answers: the search, a SAT solver, both at once (`sat`), or "auto" (the default: the
#: race where the answer cannot depend on which side wins, else the search; see `plan.races`).
Backend = Literal["auto", "search", "sat", "race"]
Progressed = Callable[[Progress], Any]
A = TypeVar("A")


@overload
def solve(problem: Matrix, *, engine: Engine = ..., max_entries: int | None = ..., givens: Iterable[Hashable] = ...,
          exclude: Iterable[Hashable] = ..., seed: int | None = ..., max_nodes: int | None = ...,
          timeout: float | None = ..., progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
          executor: Executor | None = ..., reduce: bool = ..., backend: Backend = ...) -> tuple[Hashable, ...] | None: ...
@overload
def solve(problem: Problem[A], *, engine: Engine = ..., max_entries: int | None = ..., givens: Iterable[Hashable] = ...,
          exclude: Iterable[Hashable] = ..., seed: int | None = ..., max_nodes: int | None = ...,
          timeout: float | None = ..., progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
          executor: Executor | None = ..., reduce: bool = ..., backend: Backend = ...) -> A | None: ...
@overload
def solve(problem: object, *, engine: Engine = ..., max_entries: int | None = ..., givens: Iterable[Hashable] = ...,
          exclude: Iterable[Hashable] = ..., seed: int | None = ..., max_nodes: int | None = ...,
          timeout: float | None = ..., progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
          executor: Executor | None = ..., reduce: bool = ..., backend: Backend = ...) -> Any: ...


def solve(problem: Any, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
          givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), seed: int | None = None,
          max_nodes: int | None = None, timeout: float | None = None, progress: Progressed | bool | None = None,
          way: Way = "auto", jobs: int | None = None, executor: Executor | None = None, reduce: bool = False,
          backend: Backend = "auto") -> Any:
    """The first solution of ``problem``, decoded (for a Matrix: a tuple of option labels), or
    ``None`` when there is none.

    The keywords are `Solver.first`'s: options forced in (``givens``) or left out
    (``exclude``), a ``seed`` to break ties at random, a budget (``max_nodes``, ``timeout``:
    `BudgetExceeded` when it runs out), a ``progress`` callback and the ``way`` the engine runs. An object no plugin
    handles raises TypeError naming the known types; a problem larger than ``max_entries``
    raises ProblemTooLarge (see the module); ``jobs``/``executor`` search in parallel (see
    `solutions`). ``reduce=True`` searches the problem made smaller by Knuth's preprocessing
    (`Matrix.reduce`: the same solutions; it pays on some large problems, see
    benchmarks/README.md). ``backend="sat"`` asks a SAT solver instead of the search, and
    ``"race"`` runs both and takes the first answer (see `exactcover.front.sat`: PySAT, the extra
    ``pyexactcover[sat]``; givens, exclusions, a timeout). The default, ``"auto"``, races
    them for a problem type whose problems have one answer (a puzzle: `ProblemType.one_answer`)
    where PySAT is installed, and searches otherwise. A domain class derived from
    `Problem[Answer]` tells a type checker the answer's type.
    """
    prepared, timeout = _prepared(problem, engine, max_entries, timeout)
    return prepared.run(Request.of("first", givens=givens, exclude=exclude, seed=seed, max_nodes=max_nodes,
                                   timeout=timeout, progress=progress, way=way, jobs=jobs, executor=executor,
                                   reduce=reduce, backend=backend))


@overload
def solutions(problem: Matrix, *, engine: Engine = ..., max_entries: int | None = ...,
              givens: Iterable[Hashable] = ..., exclude: Iterable[Hashable] = ..., limit: int | None = ...,
              seed: int | None = ..., max_nodes: int | None = ..., timeout: float | None = ...,
              progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
              executor: Executor | None = ..., reduce: bool | None = ..., backend: Backend = ...) -> Solutions[tuple[Hashable, ...]]: ...
@overload
def solutions(problem: Problem[A], *, engine: Engine = ..., max_entries: int | None = ...,
              givens: Iterable[Hashable] = ..., exclude: Iterable[Hashable] = ..., limit: int | None = ...,
              seed: int | None = ..., max_nodes: int | None = ..., timeout: float | None = ...,
              progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
              executor: Executor | None = ..., reduce: bool | None = ..., backend: Backend = ...) -> Solutions[A]: ...
@overload
def solutions(problem: object, *, engine: Engine = ..., max_entries: int | None = ...,
              givens: Iterable[Hashable] = ..., exclude: Iterable[Hashable] = ..., limit: int | None = ...,
              seed: int | None = ..., max_nodes: int | None = ..., timeout: float | None = ...,
              progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
              executor: Executor | None = ..., reduce: bool | None = ..., backend: Backend = ...) -> Solutions[Any]: ...


def solutions(problem: Any, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
              givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), limit: int | None = None,
              seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
              progress: Progressed | bool | None = None, way: Way = "auto", jobs: int | None = None,
              executor: Executor | None = None, reduce: bool | None = None, backend: Backend = "auto") -> Solutions[Any]:
    """Every solution of ``problem``, decoded, lazily (the iterator's ``stats`` are this
    search's); keywords as `solve`, and `Solver.solutions`'s ``limit`` and ``progress``, or
    ``jobs=N`` (processes) / ``executor=`` (any concurrent.futures.Executor, a Dask
    cluster's included) to search in parallel. ``reduce``: None (the default) lets a
    listing of every solution decide on the way, before its first solution, as `count`
    does; True always reduces first, False never. ``backend="sat"`` lists up to ``limit``
    solutions by the SAT solver (`exactcover.front.sat`: ``limit=2`` proves a solution
    unique or shows a second; loops included)."""
    prepared, timeout = _prepared(problem, engine, max_entries, timeout)
    return prepared.run(Request.of(  # type: ignore[no-any-return]
        "solutions", givens=givens, exclude=exclude, limit=limit, seed=seed, max_nodes=max_nodes, timeout=timeout,
        progress=progress, way=way, jobs=jobs, executor=executor, reduce=reduce, backend=backend))


def count(problem: object, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
          givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), limit: int | None = None,
          seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
          progress: Progressed | bool | None = None, way: Way = "auto", memo: bool | None = None,
          memo_bytes: int | None = None, jobs: int | None = None, executor: Executor | None = None,
          reduce: bool | None = None, journal: str | os.PathLike[str] | None = None,
          time_slice: float | None = None, backend: Backend = "auto") -> int:
    """The number of solutions of ``problem``; keywords as `solutions`, and `Solver.count`'s
    ``memo`` (a table of the search's states: None decides from a sample) and ``memo_bytes``.
    ``reduce``: None (the default) counts the problem made smaller by Knuth's preprocessing
    when the count, looked at after 50 ms, promises to be long and the reduction removes
    enough (see `exactcover.front.autoreduce`; not with bounds, a ``limit``, ``max_nodes``, a
    filtering problem type or many processes); True always reduces first, False never.

    ``journal`` (a path) keeps every subtree counted in that file, and a count begun before
    with it goes on where it stopped (`exactcover.parallel.journal`; the count runs in parallel, on
    ``jobs`` processes, one per core by default, or on ``executor``). ``time_slice``: the
    seconds a parallel count's task runs before its subtree is split (`exactcover.parallel.counts`).
    ``backend="sat"`` counts up to ``limit`` by the SAT solver (see `solutions`).

    What does not combine (a seed on many processes, a journal with a limit, ...) raises
    `Unsupported` before any search: the table is `exactcover.front.plan.REFUSALS`."""
    prepared, timeout = _prepared(problem, engine, max_entries, timeout)
    return prepared.run(Request.of(  # type: ignore[no-any-return]
        "count", givens=givens, exclude=exclude, limit=limit, seed=seed, max_nodes=max_nodes, timeout=timeout,
        progress=progress, way=way, memo=memo, memo_bytes=memo_bytes, jobs=jobs, executor=executor,
        reduce=reduce, journal=journal, time_slice=time_slice, backend=backend))


def _prepared(problem: Any, engine: Engine, max_entries: int | None, timeout: float | None) -> tuple[Prepared, float | None]:
    """``problem`` prepared, and what is left of ``timeout`` after: the time its encoding and
    compiling took counts (`BudgetExceeded` if they took it all; they are not interrupted)."""
    started = time.perf_counter()
    prepared = prepare(problem, engine, max_entries=max_entries)
    if timeout is None or isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        return prepared, timeout  # (a timeout that is not a positive number is refused by the request, as given)
    left = timeout - (time.perf_counter() - started)
    if left <= 0:
        raise BudgetExceeded("timeout", Stats(seconds=time.perf_counter() - started), 0)
    return prepared, left


def verify(problem: object, journal: str | os.PathLike[str], *, sample: int = 10, seed: int | None = None,
           engine: Engine = "auto", givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (),
           max_entries: int | None = MAX_ENTRIES) -> Verification:
    """Check the ``journal`` of a count of ``problem`` (`count`'s ``journal``, with the same
    ``givens`` and ``exclude``): every line as it was written, the records fitting together,
    and ``sample`` subtrees chosen at random (``seed``) counted again (`exactcover.verify`).
    `JournalError` if it is another problem's journal."""
    from .verification import verify as check

    return check(prepare(problem, engine, max_entries=max_entries), journal, sample, seed, givens, exclude)


def estimate(problem: object, *, samples: int = 1000, seed: int | None = None, engine: Engine = "auto",
             max_entries: int | None = MAX_ENTRIES) -> Estimate:
    """Knuth's 1975 random-probe estimate of the search tree of ``problem``: the number of
    search nodes and of solutions, with standard errors (an `Estimate`)."""
    return prepare(problem, engine, max_entries=max_entries).estimate(samples, seed)


def is_unique(problem: object, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
              givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), max_nodes: int | None = None,
              timeout: float | None = None, backend: Backend = "auto") -> bool:
    """Whether ``problem`` has exactly one solution (the search stops at the second;
    ``backend="sat"``: the SAT solver's second solve, with the first solution blocked)."""
    return count(problem, engine=engine, max_entries=max_entries, limit=2, givens=givens, exclude=exclude,
                 max_nodes=max_nodes, timeout=timeout, backend=backend) == 1
