"""One plan per search: the route a `Request` takes for a problem, decided before any search.

`plan` reads the request with the problem's `Features` (bounds, a type that filters its
solutions, a file of many problems, a reduction already made, its encoding's way) and returns a `Plan`: the route (the engine
alone, our own pool, another executor, a cluster, the SAT solver, the race), whether the
problem is reduced first, and whether the automatic reduction may look at the search
(`exactcover.front.autoreduce`). What does not combine is refused there, from one table,
`REFUSALS`, which extends the engines' own (`contract.REFUSED`) with single features and
routes: an `Unsupported` that says what and what to do instead, raised before the search
starts, whatever the problem's size or the machine's speed. The docs' table of what combines
is `table()`.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from typing import TYPE_CHECKING, Any

import attrs

from ..engines.contract import OTHER_TREES, REFUSED
from ..errors import Unsupported
from .request import Request

if TYPE_CHECKING:  # (for annotations only: prepared needs this module)
    from .prepared import Prepared

__all__ = ["Features", "Plan", "REFUSALS", "ROUTES", "SAID", "SAID_BY_COMMAND", "plan", "pysat_installed", "races",
           "refusal", "things", "table"]

#: The routes a search can take.
ROUTES = ("engine", "pool", "executor", "cluster", "sat", "race")

#: How a refusal's message names each thing a search can have, in the API's words.
SAID = {
    "first": "a first solution", "solutions": "every solution", "count": "a count", "best": "the cheapest solutions",
    "estimate": "an estimate", "sample": "a sample of solutions",
    "bounds": "bounds", "priority": "priority items", "loop": "a loop", "filter": "a problem type that filters its solutions",
    "many": "a file of many problems",
    "givens": "givens", "exclude": "exclusions", "limit": "a limit", "seed": "a seed", "max_nodes": "max_nodes",
    "timeout": "a timeout", "progress": "progress", "memo": "memo", "memo_bytes": "memo_bytes",
    "reduce": "reduce=True", "way": "a way other than 'auto'", "links": "way='links'", "sets": "way='sets'",
    **OTHER_TREES, "sat": "backend='sat'", "race": "backend='race'",
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
#: search matches is its refusal. The engines' own pairs (`contract.REFUSED`) come first,
#: said as the others are (the engines, called alone, say them in their own words).
REFUSALS: dict[tuple[str, ...], tuple[str | None, str]] = {
    **{pair: (None, instead) for pair, (_, instead) in REFUSED.items()},
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

    @classmethod
    def of(cls, prepared: Prepared, many: bool = False) -> Features:
        matrix = prepared.solver.matrix
        return cls(bool(matrix.bounds), bool(matrix.priority), matrix.loop is not None, prepared.accept is not None,
                   many, prepared.reduction is not None, prepared.way,
                   prepared.kind is not None and prepared.kind.one_answer)


@attrs.frozen
class Plan:
    """How a request is searched: the ``route`` (one of `ROUTES`), whether the problem is
    reduced before the search (``reduce_first``), whether the automatic reduction looks at
    the search on the way (``look``), and the ``way`` the engine runs (the request's, or the
    encoding's when the request left it at "auto")."""

    request: Request
    route: str
    reduce_first: bool = False
    look: bool = False
    way: str = "auto"


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
    for slots, sets, what, instead in keys:
        for names in sets:  # (a loop, not all() over a generator: this runs at every call)
            if names.isdisjoint(named):
                break
        else:
            matched = [next(name for name in slot if name in named) for slot in slots]
            what = _filled(what, said) if what else " with ".join(said[name] for name in matched)
            return Unsupported(what, _filled(instead, said))
    return None


def _filled(text: str, said: dict[str, str]) -> str:
    return re.sub(r"\{([a-z_ ]+)\}", lambda found: said[found.group(1)], text)


def plan(request: Request, features: Features, said: dict[str, str] = SAID) -> Plan:
    """The plan of ``request`` for a problem with ``features``; `Unsupported` (from
    `REFUSALS`, in the words of ``said``) for what does not combine."""
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
    return Plan(r, route, bool(r.reduce) and not features.reduced, look, way)


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
