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
import threading
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

import attrs

from . import engines
from .errors import ProblemTooLarge, Unsupported
from .matrix import Matrix
from .problem import Problem, ProblemType, Size
from .runs import Progress, Solutions, Stats, check_positive
from .solver import Solver

if TYPE_CHECKING:
    from .estimates import Estimate
    from .verification import Verification
    from .reduction import Reduction
    from concurrent.futures import Executor  # (not imported at run time: it costs 4 ms)

__all__ = ["MAX_ENTRIES", "Prepared", "prepare", "solve", "solutions", "count", "estimate", "is_unique", "solver_for",
           "check_size"]

MAX_ENTRIES = 20_000_000
"""The most entries a front end builds a matrix of unless told otherwise (``max_entries=``):
about 3 GB (see `Size.nbytes`); a 100×100 sudoku has 4·10⁶, 1000 queens 4·10⁶."""

_compile_lock = threading.Lock()

A = TypeVar("A")


def check_size(what: str, size: Size, max_entries: int | None) -> None:
    """ProblemTooLarge if ``size`` has more than ``max_entries`` entries (None: no limit)."""
    if max_entries is not None and size.entries > max_entries:
        raise ProblemTooLarge(what, size.options, size.entries, size.nbytes, max_entries)


def solver_for(matrix: Matrix, engine: str = "auto", max_entries: int | None = None) -> Solver:
    """A `Solver` for ``matrix``, compiled once per matrix object and engine (and kept with
    the matrix, so it goes when the matrix goes); a matrix not compiled yet is refused if it
    has more than ``max_entries`` entries."""
    solver = matrix.cache.get(engine)
    if solver is None:
        check_positive("max_entries", max_entries)
        name = engines.resolve(engine)
        with _compile_lock:
            solver = matrix.cache.get(name)
            if solver is None:
                check_size("this problem", Size.of(matrix), max_entries)
                solver = matrix.cache[name] = Solver(matrix, name)
            matrix.cache[engine] = solver
    return solver


@attrs.frozen
class Prepared:
    """A problem ready to search: its type (None for a plain Matrix), its solver, the givens
    and exclusions of its encoding, and the type's filter of solutions (None: keep all).
    Its methods take `Solver`'s keywords and return decoded answers."""

    problem: Any
    kind: Any  # ProblemType | None
    solver: Solver
    givens: tuple[Hashable, ...] = ()
    exclude: tuple[Hashable, ...] = ()
    accept: Callable[[tuple[Any, ...]], bool] | None = None
    way: str = "auto"  # the encoding's way for searches left at "auto" (see `Encoding`)
    #: With ``reduce=True``: the reduction whose matrix the solver searches (its solutions
    #: are the problem's once `Reduction.solution` puts the givens back in front).
    reduction: Reduction | None = None

    def decode(self, solution: tuple[Any, ...]) -> Any:
        """The domain answer for a solution (option labels, givens first)."""
        solution = self.restore(solution)
        return solution if self.kind is None else self.kind.decode(self.problem, solution)

    def restore(self, solution: tuple[Any, ...]) -> tuple[Any, ...]:
        """A solution of the problem from one of the solver's (the same but with a reduction)."""
        return solution if self.reduction is None else self.reduction.solution(solution)

    def reduced(self, search: dict[str, Any], deciding: bool = False) -> Prepared:
        """With ``reduce`` true in ``search`` (popped): this problem made smaller by Knuth's
        preprocessing (`Matrix.reduce`), its givens and exclusions and the search's applied
        first, and its solver; else itself. ``reduce="auto"`` is left in ``search`` for a
        search ``deciding`` on the way (a count, a listing: `exactcover.autoreduce`), and
        dropped for the others, which are not reduced by default."""
        if search.get("reduce") == "auto":
            if not deciding:
                search.pop("reduce")
            return self
        if not search.pop("reduce", False):
            return self
        givens, exclude = self.all_givens(search.pop("givens", ()), search.pop("exclude", ()))
        return self.on(self.solver.matrix.reduce(givens, exclude, engine=self.solver.engine))

    def on(self, reduction: Reduction) -> Prepared:
        """This problem as ``reduction`` (of its matrix, with every given and exclusion) left
        it: the reduced matrix's solver, no givens, and the filter through the map back."""
        accept = self.accept
        return attrs.evolve(self, solver=solver_for(reduction.matrix, self.solver.engine, None), givens=(), exclude=(),
                            reduction=reduction,
                            accept=None if accept is None else (lambda solution: accept(reduction.solution(solution))))

    def all_givens(self, givens: Any, exclude: Any) -> tuple[tuple[Hashable, ...], tuple[Hashable, ...]]:
        """The encoding's givens and exclusions with a search's (checked: GivensError or
        UnknownOption for what is not a collection of the matrix's option labels)."""
        self.solver.option_numbers(givens, "given"), self.solver.option_numbers(exclude, "excluded")
        return (*self.givens, *givens), (*self.exclude, *exclude)

    def keywords(self, search: dict[str, Any]) -> dict[str, Any]:
        """A search's keywords as the solver takes them: the encoding's givens, exclusions
        and way with the search's, and no None budget."""
        search = {k: v for k, v in search.items() if v is not None or k not in ("max_nodes", "timeout", "seed")}
        if self.way != "auto" and search.get("way", "auto") == "auto" and search.get("seed") is None and \
                not search.get("memo"):
            search["way"] = self.way
        givens, exclude = search.pop("givens", ()), search.pop("exclude", ())
        for name, value in (("givens", givens), ("exclude", exclude)):
            if isinstance(value, (str, bytes)):  # let the solver refuse it with its message
                return {name: value, **search}
        return {"givens": (*self.givens, *givens), "exclude": (*self.exclude, *exclude), **search}

    def raw_solutions(self, **search: Any) -> Solutions[Any]:
        """The accepted solutions as option labels, lazily; ``limit`` counts accepted ones.
        With ``jobs`` or ``executor``, the search runs on many processes (see `parallel`);
        with ``reduce``, on the problem reduced (`reduced`)."""
        prepared = self.reduced(search, deciding=True)
        return prepared._solutions(None if prepared.reduction is None else prepared.restore, search)

    def first(self, **search: Any) -> Any:
        """The first accepted solution, decoded, or None (``backend``: see `by_backend`)."""
        reduced = self.reduced(search)  # (itself unless ``reduce``)
        if reduced is not self:
            return reduced.first(**search)
        backend = search.pop("backend", "search")
        if backend != "search":
            solution = self.by_backend(backend, search)
            return None if solution is None else self.decode(solution)
        if self.accept is None and search.get("jobs") is None and search.get("executor") is None:
            search.pop("jobs", None), search.pop("executor", None)
            solution = self.solver.first(**self.keywords(search))  # the common case: no filter, no pool
        else:
            solution = next(self.raw_solutions(limit=1, **search), None)
        return None if solution is None else self.decode(solution)

    def solutions(self, **search: Any) -> Solutions[Any]:
        """Every accepted solution, decoded, lazily (``stats``: this search's statistics)."""
        prepared = self.reduced(search, deciding=True)
        decoding = prepared.kind is not None or prepared.reduction is not None
        return prepared._solutions(prepared.decode if decoding else None, search)

    def by_backend(self, backend: str, search: dict[str, Any]) -> tuple[Any, ...] | None:
        """The first solution (labels) found by the SAT solver (``backend="sat"``) or by
        whichever of the search and the SAT solver answers first ("race"): see `sat`. They
        take givens, exclusions and a timeout (and the race a progress callback); not a
        problem type that filters its solutions."""
        from . import sat

        if backend not in sat.BACKENDS:
            raise ValueError(f"backend must be one of {', '.join(map(repr, sat.BACKENDS))}, not {backend!r}")
        if self.accept is not None:
            raise Unsupported(f"backend={backend!r} for a problem type that filters its solutions", "backend='search'")
        taken = ("givens", "exclude", "timeout") + (("progress", "way") if backend == "race" else ())
        refused = sorted(key for key, value in search.items()
                         if value is not None and key not in taken and (key, value) != ("way", "auto"))
        if refused:
            raise Unsupported(f"{refused[0]} with backend={backend!r}", "backend='search'")
        givens, exclude = self.all_givens(search.get("givens", ()), search.get("exclude", ()))
        if backend == "sat":
            return sat.first(self.solver.matrix, givens, exclude, search.get("timeout"))
        progress, way = search.get("progress"), search.get("way", "auto")
        return sat.race(self.solver, givens, exclude, search.get("timeout"), progress, self.way if way == "auto" else way)

    def _solutions(self, decode: Callable[[tuple[Any, ...]], Any] | None, search: dict[str, Any]) -> Solutions[Any]:
        limit = search.pop("limit", None)
        check_positive("limit", limit)
        auto = search.pop("reduce", None) == "auto"  # (a listing of every solution decides on the way)
        backend = search.pop("backend", "search")
        if backend != "search":
            if limit != 1:
                raise Unsupported(f"every solution with backend={backend!r}", "backend='search', or ask for one")
            answer = self.by_backend(backend, search)
            return Solutions(iter(() if answer is None else (answer,)), Stats(), 1, None, decode)
        jobs, executor = search.pop("jobs", None), search.pop("executor", None)
        check_positive("jobs", jobs)
        if auto and limit is None and self.accept is None and jobs is None and executor is None and \
                "max_nodes" not in search:
            from . import autoreduce

            found = autoreduce.solutions(self, search)
            return found if decode is None else Solutions(found, found.stats, None, None, decode)
        if jobs is not None or executor is not None:
            from . import parallel

            _parallel_only(search, "solutions")
            search = {k: v for k, v in search.items() if v is not None}
            found = parallel.solutions(self.solver, jobs, executor, **self.keywords(search))
        elif self.accept is None and decode is None:
            return self.solver.solutions(limit=limit, **self.keywords(search))
        else:
            found = self.solver.solutions(**self.keywords(search))
        return Solutions(found, found.stats, limit, self.accept, decode)

    def count(self, **search: Any) -> int:
        """The number of accepted solutions: inside the engine when all are accepted (on
        ``jobs`` processes or an ``executor`` if given)."""
        reduced = self.reduced(search, deciding=True)  # (itself unless ``reduce``)
        if reduced is not self:
            return reduced.count(**search)
        if search.pop("reduce", None) == "auto" and self.accept is None and search.get("limit") is None and \
                not {"jobs", "executor", "journal", "max_nodes", "prefix"} & search.keys():
            from .autoreduce import count

            return count(self, search)
        if self.accept is not None:  # (enumerated through the filter: no table of states)
            if search.get("journal") is not None:
                raise Unsupported("a journal for a problem type that filters its solutions", "count without one")
            memo = search.pop("memo", None)
            search.pop("memo_bytes", None)
            if memo:
                raise Unsupported("a memoized count of a problem type that filters its solutions", "count without memo")
            return sum(1 for _ in self.raw_solutions(**search))
        jobs, executor = search.pop("jobs", None), search.pop("executor", None)
        check_positive("jobs", jobs)
        if jobs is not None or executor is not None or search.get("journal") is not None:  # (one per core by default)
            from . import parallel

            limit = search.pop("limit", None)
            _parallel_only(search, "count")
            number = parallel.count(self.solver, jobs, executor, **self.keywords(search))
            return number if limit is None else min(number, limit)  # what a serial count stopped at limit says
        return self.solver.count(**self.keywords(search))

    def best(self, k: int = 1, **search: Any) -> Any:
        """The ``k`` cheapest solutions (`Solver.best`; a `Best` whose solutions are decoded)."""
        reduced = self.reduced(search)  # (itself unless ``reduce``)
        if reduced is not self:
            return reduced.best(k, **search)
        if self.accept is not None:
            raise Unsupported("the cheapest solutions of a problem type that filters its solutions",
                              "search its matrix")
        search = {key: value for key, value in search.items() if key not in ("seed", "way")}
        found = self.solver.best(k, **self.keywords(search))
        return attrs.evolve(found, solutions=tuple((cost, self.decode(s)) for cost, s in found.solutions))

    def estimate(self, samples: int = 1000, seed: int | None = None) -> Estimate:
        """Knuth's random-probe estimate of this problem's search (see `Solver.estimate`)."""
        return self.solver.estimate(samples, seed, self.givens, exclude=self.exclude)


def _parallel_only(search: dict[str, Any], what: str) -> None:
    """The keywords a parallel search takes: givens, exclude, progress and the budget."""
    allowed = {"givens", "exclude", "progress", "max_nodes", "timeout", "way"}
    if what == "count":
        allowed |= {"memo", "memo_bytes", "journal", "time_slice", "head"}
    extra = sorted(k for k, v in search.items() if v is not None and k not in allowed)
    if extra:
        raise ValueError(f"{what} with jobs= or executor= does not take {', '.join(extra)}")


def prepare(problem: Any, engine: str = "auto", registry: Any = None, max_entries: int | None = MAX_ENTRIES,
            kind: ProblemType[Any, Any] | None = None) -> Prepared:
    """Find ``problem``'s type, check the size it states against ``max_entries``, encode it and
    compile (or reuse) its solver. ``kind``: the type that built ``problem`` (the command line
    knows it), used when it handles the problem's class; else the registry finds one."""
    check_positive("max_entries", max_entries)
    if isinstance(problem, Matrix):
        return Prepared(problem, None, solver_for(problem, engine, max_entries))
    if kind is None or not isinstance(problem, kind.handles):
        if registry is None:
            from .plugins import registry as default_registry

            registry = default_registry()
        kind = registry.for_object(problem)
    if kind.size is not None and max_entries is not None:
        check_size(f"this {kind.name} problem", kind.size(problem), max_entries)
    encoding = kind.encoding(problem)
    accept = None if kind.select is None else kind.select(problem)
    solver = solver_for(encoding.matrix, engine, max_entries)
    return Prepared(problem, kind, solver, encoding.givens, encoding.exclude, accept, encoding.way)


#: The engines a search may be asked for by name (see `exactcover.engines`).
Engine = Literal["auto", "c", "python"]
#: How an engine runs a search: on its links, on bitsets of options, or as a sample decides.
Way = Literal["auto", "links", "sets", "weighted"]
#: Who finds `solve`'s first solution: the search, a SAT solver, or both at once (`sat`).
Backend = Literal["search", "sat", "race"]
Progressed = Callable[[Progress], Any]


def _given(**search: Any) -> dict[str, Any]:
    """The keywords a caller gave (the ones left at None are the engine's defaults)."""
    return {key: value for key, value in search.items() if value is not None}


@overload
def solve(problem: Matrix, *, engine: Engine = ..., max_entries: int | None = ..., givens: Iterable[Hashable] = ...,
          exclude: Iterable[Hashable] = ..., seed: int | None = ..., max_nodes: int | None = ...,
          timeout: float | None = ..., progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
          executor: Executor | None = ...) -> tuple[Hashable, ...] | None: ...
@overload
def solve(problem: Problem[A], *, engine: Engine = ..., max_entries: int | None = ..., givens: Iterable[Hashable] = ...,
          exclude: Iterable[Hashable] = ..., seed: int | None = ..., max_nodes: int | None = ...,
          timeout: float | None = ..., progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
          executor: Executor | None = ...) -> A | None: ...
@overload
def solve(problem: object, *, engine: Engine = ..., max_entries: int | None = ..., givens: Iterable[Hashable] = ...,
          exclude: Iterable[Hashable] = ..., seed: int | None = ..., max_nodes: int | None = ...,
          timeout: float | None = ..., progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
          executor: Executor | None = ..., reduce: bool = ..., backend: Backend = ...) -> Any: ...


def solve(problem: Any, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
          givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), seed: int | None = None,
          max_nodes: int | None = None, timeout: float | None = None, progress: Progressed | bool | None = None,
          way: Way = "auto", jobs: int | None = None, executor: Executor | None = None, reduce: bool = False,
          backend: Backend = "search") -> Any:
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
    ``"race"`` runs both and takes the first answer (see `exactcover.sat`: PySAT, the extra
    ``exactcover[sat]``; givens, exclusions, a timeout). A domain class derived from
    `Problem[Answer]` tells a type checker the answer's type.
    """
    search = _given(givens=givens, exclude=exclude, seed=seed, max_nodes=max_nodes, timeout=timeout,
                    progress=progress, way=way, jobs=jobs, executor=executor, reduce=reduce or None,
                    backend=None if backend == "search" else backend)
    return prepare(problem, engine, max_entries=max_entries).first(**search)


@overload
def solutions(problem: Matrix, *, engine: Engine = ..., max_entries: int | None = ...,
              givens: Iterable[Hashable] = ..., exclude: Iterable[Hashable] = ..., limit: int | None = ...,
              seed: int | None = ..., max_nodes: int | None = ..., timeout: float | None = ...,
              progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
              executor: Executor | None = ..., reduce: bool | None = ...) -> Solutions[tuple[Hashable, ...]]: ...
@overload
def solutions(problem: Problem[A], *, engine: Engine = ..., max_entries: int | None = ...,
              givens: Iterable[Hashable] = ..., exclude: Iterable[Hashable] = ..., limit: int | None = ...,
              seed: int | None = ..., max_nodes: int | None = ..., timeout: float | None = ...,
              progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
              executor: Executor | None = ..., reduce: bool | None = ...) -> Solutions[A]: ...
@overload
def solutions(problem: object, *, engine: Engine = ..., max_entries: int | None = ...,
              givens: Iterable[Hashable] = ..., exclude: Iterable[Hashable] = ..., limit: int | None = ...,
              seed: int | None = ..., max_nodes: int | None = ..., timeout: float | None = ...,
              progress: Progressed | bool | None = ..., way: Way = ..., jobs: int | None = ...,
              executor: Executor | None = ..., reduce: bool | None = ...) -> Solutions[Any]: ...


def solutions(problem: Any, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
              givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), limit: int | None = None,
              seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
              progress: Progressed | bool | None = None, way: Way = "auto", jobs: int | None = None,
              executor: Executor | None = None, reduce: bool | None = None) -> Solutions[Any]:
    """Every solution of ``problem``, decoded, lazily (the iterator's ``stats`` are this
    search's); keywords as `solve`, and `Solver.solutions`'s ``limit`` and ``progress``, or
    ``jobs=N`` (processes) / ``executor=`` (any concurrent.futures.Executor, a Dask
    cluster's included) to search in parallel. ``reduce``: None (the default) lets a
    listing of every solution decide on the way, before its first solution, as `count`
    does; True always reduces first, False never."""
    _check_reduce(reduce)
    search = _given(givens=givens, exclude=exclude, limit=limit, seed=seed, max_nodes=max_nodes, timeout=timeout,
                    progress=progress, way=way, jobs=jobs, executor=executor,
                    reduce="auto" if reduce is None else reduce or None)
    return prepare(problem, engine, max_entries=max_entries).solutions(**search)


def count(problem: object, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
          givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), limit: int | None = None,
          seed: int | None = None, max_nodes: int | None = None, timeout: float | None = None,
          progress: Progressed | bool | None = None, way: Way = "auto", memo: bool | None = None,
          memo_bytes: int | None = None, jobs: int | None = None, executor: Executor | None = None,
          reduce: bool | None = None, journal: str | os.PathLike[str] | None = None,
          time_slice: float | None = None) -> int:
    """The number of solutions of ``problem``; keywords as `solutions`, and `Solver.count`'s
    ``memo`` (a table of the search's states: None decides from a sample) and ``memo_bytes``.
    ``reduce``: None (the default) counts the problem made smaller by Knuth's preprocessing
    when the count, looked at after 50 ms, promises to be long and the reduction removes
    enough (see `exactcover.autoreduce`; not with ``jobs``, ``executor`` or ``max_nodes``);
    True always reduces first, False never.

    ``journal`` (a path) keeps every subtree counted in that file, and a count begun before
    with it goes on where it stopped (`exactcover.journal`; the count runs in parallel, on
    ``jobs`` processes, one per core by default, or on ``executor``). ``time_slice``: the
    seconds a parallel count's task runs before its subtree is split (`exactcover.counts`)."""
    _check_reduce(reduce)
    search = _given(givens=givens, exclude=exclude, limit=limit, seed=seed, max_nodes=max_nodes, timeout=timeout,
                    progress=progress, way=way, memo=memo, memo_bytes=memo_bytes, jobs=jobs, executor=executor,
                    reduce="auto" if reduce is None else reduce or None, journal=journal, time_slice=time_slice)
    return prepare(problem, engine, max_entries=max_entries).count(**search)


def verify(problem: object, journal: str | os.PathLike[str], *, sample: int = 10, seed: int | None = None,
           engine: Engine = "auto", givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (),
           max_entries: int | None = MAX_ENTRIES) -> Verification:
    """Check the ``journal`` of a count of ``problem`` (`count`'s ``journal``, with the same
    ``givens`` and ``exclude``): every line as it was written, the records fitting together,
    and ``sample`` subtrees chosen at random (``seed``) counted again (`exactcover.verify`).
    `JournalError` if it is another problem's journal."""
    from .verification import verify as check

    return check(prepare(problem, engine, max_entries=max_entries), journal, sample, seed, givens, exclude)


def _check_reduce(reduce: Any) -> None:
    if reduce is not None and not isinstance(reduce, bool):
        raise TypeError(f"reduce must be True, False or None, not {reduce!r}")


def estimate(problem: object, *, samples: int = 1000, seed: int | None = None, engine: Engine = "auto",
             max_entries: int | None = MAX_ENTRIES) -> Estimate:
    """Knuth's 1975 random-probe estimate of the search tree of ``problem``: the number of
    search nodes and of solutions, with standard errors (an `Estimate`)."""
    return prepare(problem, engine, max_entries=max_entries).estimate(samples, seed)


def is_unique(problem: object, *, engine: Engine = "auto", max_entries: int | None = MAX_ENTRIES,
              givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), max_nodes: int | None = None,
              timeout: float | None = None) -> bool:
    """Whether ``problem`` has exactly one solution (the search stops at the second)."""
    return count(problem, engine=engine, max_entries=max_entries, limit=2, givens=givens, exclude=exclude,
                 max_nodes=max_nodes, timeout=timeout) == 1
