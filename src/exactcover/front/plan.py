"""One plan per search: the route a `Request` takes for a problem, decided before any search.

`plan` reads the request with the problem's `Features` (bounds, a type that filters its
solutions, a file of many problems, a reduction already made, its encoding's way) and returns a
`Plan` (`exactcover.search.plans`), every decision made once: the route (the engine alone, our
own pool, another executor, a cluster, the SAT solver, the race), the way, the memo's mode, the
givens as option numbers, whether the problem is reduced first, and whether the automatic
reduction may look at the search (`exactcover.front.autoreduce`). The searches below take the
plan whole. What does not combine is refused there, from one table,
`REFUSALS`: the pairs the engines cannot search (`contract.REFUSED`), then single features
and routes: an `Unsupported` that says what and what to do instead, raised before the search
starts, whatever the problem's size or the machine's speed. The docs' table of what combines
is `table()`.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import attrs

from ..engines.contract import MEMO_AUTO, MEMO_OFF, MEMO_ON, OTHER_TREES, REFUSED, EngineCall, Tuning
from ..engines.contract import SAID as ENGINE_SAID
from ..errors import Unsupported
from ..model.matrix import Matrix
from ..search.compiled import CompiledMatrix
from ..search.plans import Plan
from ..search.runs import memo_budget
from .request import Request

if TYPE_CHECKING:  # (for annotations only: prepared needs this module)
    from .prepared import Prepared

__all__ = ["Features", "Plan", "REFUSALS", "ROUTES", "SAID", "SAID_BY_COMMAND", "plan", "pysat_installed", "races",
           "refusal", "things", "table"]

#: The routes a search can take.
ROUTES = ("engine", "pool", "executor", "cluster", "sat", "race")

#: How a refusal's message names each thing a search can have, in the API's words.
SAID = {
    **ENGINE_SAID,  # (bounds, best, memo, seed, sets, priority, loop and the other trees: as the engines say them)
    "first": "a first solution", "solutions": "every solution", "count": "a count",
    "estimate": "an estimate", "sample": "a sample of solutions",
    "filter": "a problem type that filters its solutions", "many": "a file of many problems",
    "givens": "givens", "exclude": "exclusions", "limit": "a limit", "max_nodes": "max_nodes",
    "timeout": "a timeout", "progress": "progress", "memo_bytes": "memo_bytes",
    "reduce": "reduce=True", "way": "a way other than 'auto'", "links": "way='links'",
    "sat": "backend='sat'", "race": "backend='race'",
    "jobs": "jobs", "executor": "an executor", "scheduler": "a cluster (scheduler)", "journal": "a journal",
    "time_slice": "time_slice", "parallel": "many processes (jobs, executor, scheduler or journal)",
    "unlimited": "no limit", "nopysat": "PySAT not installed",
    "serial": "one process",
    # (named in the advice only)
    "search": "backend='search'", "not reduce": "reduce=False", "auto": "way='auto'",
}
#: ... and in the command's, where they differ (its options as typed).
SAID_BY_COMMAND = {
    **SAID, "solutions": "--all", "count": "--count", "best": "--best", "limit": "--limit", "seed": "--seed",
    "max_nodes": "--max-nodes", "timeout": "--timeout", "memo": "--memo", "memo_bytes": "--memo-bytes",
    "reduce": "--reduce", "sat": "--backend sat", "race": "--backend race", "jobs": "--jobs",
    "scheduler": "--scheduler", "journal": "--journal", "time_slice": "--time-slice",
    "parallel": "many processes (--jobs, --scheduler or --journal)", "search": "--backend search",
    "not reduce": "--no-reduce",
}

_OTHER_THAN_FIRST = "solutions|count|best|estimate|sample"
_PYSAT_HINT = "pip install 'pyexactcover[sat]' (adds PySAT to this installation), or {search}"

#: What does not combine: each key lists things (alternatives joined by ``|``) that a search
#: cannot have all at once; its value is (what the refusal says, or None for the things'
#: names joined by "with", and what to do instead, where ``{name}`` is a thing's name in
#: the caller's words: `SAID`, or `SAID_BY_COMMAND` on the command line). The first key a
#: search matches is its refusal. The pairs the engines cannot search (`contract.REFUSED`)
#: come first: every refusal of a search is made here, before any engine is called (the
#: engines check those pairs again only as an assertion, in the same words).
REFUSALS: dict[tuple[str, ...], tuple[str | None, str]] = {
    **{pair: (None, instead) for pair, instead in REFUSED.items()},
    # backends
    ("sat", "nopysat"): ("{sat} without PySAT", _PYSAT_HINT),
    ("race", "nopysat"): ("{race} without PySAT", _PYSAT_HINT),
    ("sat|race", "filter"): (None, "{search}"),
    ("sat", "best|estimate|sample"): (None, "{search}, or ask for the first solution"),
    ("sat|race", "solutions|count", "unlimited"): ("every solution by the SAT solver",
                                                   "give {limit} (2 decides whether a solution is unique), or {search}"),
    ("race", "best|estimate|sample"): (None, "{search}, or ask for the first solution"),
    ("sat|race", "seed|max_nodes|memo|memo_bytes|parallel"): (None, "{search}"),
    ("sat", "progress|way"): (None, "{search} or {race}"),
    # parallel routes
    ("jobs", "scheduler"): (None, "give one of them (a cluster's workers are its own)"),
    ("executor", "scheduler"): (None, "give one of them"),
    ("parallel", "seed"): (None, "search on one process"),
    ("parallel", "estimate|sample"): (None, "search on one process"),
    ("scheduler", "first|best"): (None, "count, or list every solution"),
    ("many", "scheduler|journal"): (None, "search the problems one at a time"),
    ("many", "best|sample"): (None, "search the problems one at a time"),
    ("journal", "first|solutions|best"): (None, "count"),
    ("journal", "filter"): (None, "count without one"),
    ("journal", "limit"): (None, "count without {limit} (a journal is for a count to the end)"),
    ("time_slice", "serial"): (None, "give {jobs} or {journal}, or drop {time_slice}"),
    ("time_slice", "first|solutions|best|estimate|sample"): (None, "drop {time_slice} (a parallel count's)"),
    # what each search takes
    ("memo", "first|solutions|best|estimate|sample"): (None, "count, or drop {memo}"),
    ("memo_bytes", "first|solutions|best|estimate"): (None, "count or sample, or drop {memo_bytes}"),
    ("memo", "filter"): ("a memoized count of a problem type that filters its solutions", "count without memo"),
    ("limit", "best|estimate|sample"): (None, "search without {limit}"),
    ("way", "best|estimate|sample"): (None, "leave {auto}"),
    ("progress", "estimate"): (None, "drop progress"),
    ("best", "filter"): (None, "search its matrix"),
    ("sample", "bounds"): ("a sample (the diagram of all solutions) with bounds", "count, or list the solutions"),
    ("sample", "loop"): ("a sample (the diagram of all solutions) with a loop", "count, or list the solutions"),
    ("estimate", "givens|exclude|max_nodes|timeout|parallel|reduce"): (None, "estimate the problem as it is"),
    ("sample", "givens|exclude|reduce"): (None, "sample the problem as it is"),
    # the reduction
    ("reduce", "bounds"): ("reducing a matrix with bounds", "{not reduce}"),
    ("reduce", "loop"): ("reducing a matrix with a loop", "{not reduce}"),
}


@attrs.frozen
class Features:
    """What a problem has that decides how it can be searched (only what a refusal or a
    route reads: each search makes these)."""

    bounds: bool = False
    priority: bool = False  # priority items (Matrix.priority)
    loop: bool = False  # a loop constraint (Matrix.loop)
    filter: bool = False  # its type keeps only some of the matrix's solutions
    many: bool = False  # a file of many problems (the command)
    reduced: bool = False  # reduced already (the command's --reduce)
    way: str = "auto"  # the way its encoding asks for
    one_answer: bool = False  # its type's problems have one solution (`ProblemType.one_answer`)
    costs: bool = False  # its options have costs (the cheapest solutions are searched for by cost)

    @classmethod
    def of(cls, prepared: Prepared, many: bool = False) -> Features:
        return attrs.evolve(cls.of_matrix(prepared.solver.matrix), filter=prepared.accept is not None, many=many,
                            reduced=prepared.reduction is not None, way=prepared.way,
                            one_answer=prepared.kind is not None and prepared.kind.one_answer)

    @classmethod
    def of_matrix(cls, matrix: Matrix) -> Features:
        """What a plain matrix has (a `Solver`'s)."""
        return cls(bool(matrix.bounds), bool(matrix.priority), matrix.loop is not None, costs=bool(matrix.costs))


def things(request: Request, features: Features) -> set[str]:
    """The names (`SAID`'s keys) of what ``request`` asks, and of what the problem has."""
    r = request
    named = {r.what}
    named |= {name for name in ("bounds", "priority", "loop", "filter", "many") if getattr(features, name)}
    named |= {name for name in ("givens", "exclude") if getattr(r, name)}
    named |= {name for name in ("limit", "seed", "max_nodes", "timeout", "memo_bytes", "jobs", "executor",
                                "scheduler", "journal", "time_slice") if getattr(r, name) is not None}
    if r.limit is None:
        named.add("unlimited")
    if r.progress:
        named.add("progress")
    if r.memo:
        named.add("memo")
    if r.reduce:
        named.add("reduce")
    if r.way != "auto":
        named |= {"way", r.way}
    if r.backend in ("sat", "race"):
        named.add(r.backend)
        if not pysat_installed():
            named.add("nopysat")
    named.add("parallel" if r.parallel else "serial")
    return named


#: `REFUSALS`' keys split into their slots' names once (every call plans: a sudoku's first
#: solution takes a quarter of a millisecond, and reading the keys as text took half as much).
_SLOTS = [([slot.split("|") for slot in key], [frozenset(slot.split("|")) for slot in key], what, instead)
          for key, (what, instead) in REFUSALS.items()]


#: The keys that name the race: the only ones a request that `plan` let through can newly
#: match when it races.
_RACE_SLOTS = [entry for entry in _SLOTS if any("race" in names for names in entry[1])]


def refusal(named: set[str], said: dict[str, str] = SAID, keys: list[Any] = _SLOTS) -> Unsupported | None:
    """The refusal of a search that has ``named`` things (the first key of `REFUSALS` it
    matches, of ``keys``), in the words of ``said``; or None."""
    found = _refused(frozenset(named), keys is _SLOTS)
    if found is None:
        return None
    slots, what, instead = found
    matched = [next(name for name in slot if name in named) for slot in slots]
    what = _filled(what, said) if what else " with ".join(said[name] for name in matched)
    return Unsupported(what, _filled(instead, said))


@functools.lru_cache(maxsize=1024)
def _refused(named: frozenset[str], every_key: bool) -> tuple[list[list[str]], str | None, str] | None:
    """The first key of `REFUSALS` (of all, or of those that name the race) that ``named``
    matches, as its slots, what it says and what to do instead; or None. (Kept for each set
    of things: a search is planned at every call, and a solver's searches ask alike.)"""
    for slots, sets, what, instead in _SLOTS if every_key else _RACE_SLOTS:
        for names in sets:  # (a loop, not all() over a generator)
            if names.isdisjoint(named):
                break
        else:
            return slots, what, instead
    return None


def _filled(text: str, said: dict[str, str]) -> str:
    return re.sub(r"\{([a-z_ ]+)\}", lambda found: said[found.group(1)], text)


def plan(request: Request, features: Features, said: dict[str, str] = SAID, compiled: CompiledMatrix | None = None,
         encoded: tuple[tuple[Hashable, ...], tuple[Hashable, ...]] = ((), ())) -> Plan:
    """The plan of ``request`` for a problem with ``features``; `Unsupported` (from
    `REFUSALS`, in the words of ``said``) for what does not combine. With ``compiled`` (the
    matrix searched), the givens and exclusions become its option numbers, ``encoded``'s (the
    problem's own) first: `UnknownOption` or `GivensError` for what is not one of its labels.
    Without, the plan only refuses and routes (the command checks a file of problems so)."""
    named = things(request, features)
    stop = refusal(named, said)
    if stop is not None:
        raise stop
    r = request
    if r.backend in ("sat", "race"):
        route = r.backend
    elif races(request, features, named):
        route = "race"
    elif r.scheduler is not None:
        route = "cluster"
    elif r.executor is not None:
        route = "executor"
    elif r.parallel:
        route = "pool"
    else:
        route = "engine"
    # (a seeded listing's order is the seed's on the problem as given, on any machine: whether
    # the look would switch to the reduced problem depends on the machine's speed)
    look = r.reduce is None and r.what in ("count", "solutions") and route == "engine" and r.limit is None and \
        r.max_nodes is None and not features.filter and not features.bounds and not features.loop and \
        not features.reduced and (r.seed is None or r.what == "count")
    way = r.way
    if way == "auto" and features.way != "auto" and r.seed is None and not r.memo and not features.priority and \
            not features.loop and \
            r.what in ("first", "solutions", "count"):
        way = features.way
    return _resolved(r, features, route, way, look, compiled, encoded)


def _resolved(r: Request, features: Features, route: str, way: str, look: bool,
              compiled: CompiledMatrix | None, encoded: tuple[tuple[Hashable, ...], tuple[Hashable, ...]]) -> Plan:
    """The plan of a request whose route and way are decided: its engine call made."""
    givens: tuple[int, ...] = ()
    excluded: tuple[int, ...] = ()
    if compiled is not None:
        givens = tuple(compiled.option_numbers((*encoded[0], *r.givens) if encoded[0] else r.givens, "given"))
        excluded = tuple(compiled.option_numbers((*encoded[1], *r.exclude) if encoded[1] else r.exclude, "excluded"))
    searching = r.what in ("first", "solutions", "count")
    call = EngineCall(givens, excluded, r.seed if searching else None, Tuning.of(way),
                      r.k if r.what == "best" and features.costs else 0,
                      _memo(r, features, way), memo_budget(r.memo_bytes), r.what == "sample")
    if compiled is not None and route in ("pool", "executor") and r.what == "count" and \
            (call.memo or r.journal is not None):
        call = _memo_of_subtrees(compiled, call, r.journal)
    return Plan(what=r.what, route=route, way=way, call=call, seed=r.seed, limit=r.limit, k=r.k, samples=r.samples,
                max_nodes=r.max_nodes, timeout=r.timeout, progress=r.progress, jobs=r.jobs, executor=r.executor,
                journal=r.journal, time_slice=r.time_slice, head=r.head,
                reduce_first=bool(r.reduce) and not features.reduced, look=look)


def _memo(request: Request, features: Features, way: str) -> int:
    """The memo's mode of the engine's call (`contract.MEMO_OFF`, `MEMO_ON`, `MEMO_AUTO`): a
    sample's diagram is built by a memoized count; a count memoizes if asked, or (``memo``
    None) decides from a sample if it is whole (no limit), unseeded, on the calibrated way and
    without bounds or a loop (a state's count depends on its path: `REFUSALS` refuse it)."""
    r = request
    if r.what == "sample":
        return MEMO_ON
    if r.what != "count" or r.memo is False:
        return MEMO_OFF
    if r.memo:
        return MEMO_ON
    whole = r.limit is None and r.seed is None and way == "auto" and not features.bounds and not features.loop and \
        not features.filter
    return MEMO_AUTO if whole else MEMO_OFF


def _memo_of_subtrees(compiled: CompiledMatrix, call: EngineCall, journal: Any) -> EngineCall:
    """A parallel count's call with the memo of each subtree's search: a journal begun before
    goes on as it began (its splits replay so), with the memo its head says; else the call's,
    but MEMO_AUTO becomes MEMO_OFF when a sample of the whole search already drops its
    table (`exactcover.parallel.counts.memo_for_subtrees`)."""
    from ..parallel.counts import memo_for_subtrees
    from ..parallel.journal import head_of

    head = None if journal is None else head_of(journal)
    if head is not None:
        return attrs.evolve(call, memo=int(head.get("memo", 0)), memo_bytes=memo_budget(head.get("memo_bytes")))
    return attrs.evolve(call, memo=memo_for_subtrees(compiled, call)) if call.memo else call


#: The largest limit of a count that "auto" races: the SAT solver finds solutions one solve
#: at a time, where the search counts thousands a millisecond.
RACED_LIMIT = 10


def races(request: Request, features: Features, named: set[str]) -> bool:
    """Whether ``backend="auto"`` races the search and the SAT solver: where PySAT is installed
    and the race pays: a count up to a limit of at most `RACED_LIMIT` (`is_unique` is one),
    and a first solution or a listing of up to two of a problem type whose problems have one
    answer (`ProblemType.one_answer`: puzzles); and where the race takes everything else the
    request asks. The answer is the search's whoever wins (`sat.race`'s ``same``), so that
    the same call answers alike on every machine. (The SAT solver starts only if the search
    has not answered within `sat.HEAD_START`: most problems never meet it.)"""
    r = request
    if r.backend != "auto" or not pysat_installed():
        return False
    if r.limit is not None and r.limit > RACED_LIMIT:
        return False
    same = r.what == "count" and r.limit is not None or \
        features.one_answer and (r.what == "first" or r.what == "solutions" and r.limit is not None and r.limit <= 2)
    # (``named``: the request's things, as `plan` found them and let through; the race's are
    # those and "race", which only the keys that name it can refuse)
    return same and refusal(named | {"race"}, keys=_RACE_SLOTS) is None


@functools.cache
def pysat_installed() -> bool:
    """Whether PySAT can be imported (found, not imported: the plan stays light)."""
    return importlib.util.find_spec("pysat") is not None


def table() -> str:
    """`REFUSALS` as a Markdown table (the docs show it). The ways that search another tree
    than MRV's refuse the same things: one row for each thing, naming them all."""
    rows: list[tuple[list[str], str, str]] = []  # (the first column's things, the second, what instead)
    shared: dict[tuple[str, str], list[str]] = {}  # (second, instead) -> the ways of another tree there
    for key, (_, instead) in REFUSALS.items():
        slots = [" or ".join(SAID[name] for name in slot.split("|")) for slot in key]
        rest, advice = " and ".join(slots[1:]), _filled(instead, SAID)
        if key[0] in OTHER_TREES and (rest, advice) in shared:
            shared[rest, advice].append(slots[0])
            continue
        rows.append(([slots[0]], rest, advice))
        if key[0] in OTHER_TREES:
            shared[rest, advice] = rows[-1][0]
    lines = ["| a search with | and | is refused; instead |", "|---|---|---|"]
    for firsts, rest, advice in rows:
        named = firsts[0] if len(firsts) == 1 else ", ".join(firsts[:-1]) + " or " + firsts[-1]
        lines.append(f"| {named} | {rest} | {advice} |")
    return "\n".join(lines) + "\n"
