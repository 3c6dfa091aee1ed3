"""The whole space of a search: every entry point, on every kind of problem, with every
option, crossed three at a time (a covering design: any three dimensions take every triple
of their values in some case), with the features that wait for time forced on from the
first node. Each case ends with the brute-force oracle's answer, or with the refusal the
plan's table gives for it raised by the plan itself (before any search), or, under a tight
node budget, with `BudgetExceeded`; any other ending fails it."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest
from helpers import ENGINES, brute_force, is_solution

import exactcover
from exactcover import BudgetExceeded, Matrix, Unsupported
from exactcover.front import autoreduce, sat
from exactcover.parallel import counts
from exactcover.search import runs
from exactcover.front.api import prepare
from exactcover.front.plan import Features, refusal, things
from exactcover.front.request import Request
from exactcover_queens import Queens

# -- the problems and their oracle ----------------------------------------------------------

_PAIRS = [[0, 1], [2, 3], [4, 5], [0, 2], [1, 3], [1, 4], [3, 5], [0, 5], [2, 4], [0, 1, 2], [3, 4, 5], [1, 5]]


def _kinds() -> dict[str, Any]:
    """A problem of each kind: small enough for brute force, with several solutions."""
    plain = Matrix(range(6), _PAIRS)
    secondary = Matrix(range(6), [[*p, "s"] if k % 3 == 0 else p for k, p in enumerate(_PAIRS)], secondary=["s"])
    colors = Matrix(range(6), [{**dict.fromkeys(p), "s": "red" if k % 2 else "blue"} if k % 3 else dict.fromkeys(p)
                               for k, p in enumerate(_PAIRS)], secondary=["s"])
    bounds = Matrix(range(6), _PAIRS, bounds={0: (1, 2), 3: (0, 1)})
    costs = Matrix(range(6), _PAIRS, costs={k: (k * 7) % 5 for k in range(len(_PAIRS))})
    return {"plain": plain, "secondary": secondary, "colors": colors, "bounds": bounds, "costs": costs,
            "filter": Queens(5, distinct=True)}


KINDS = _kinds()


class Oracle:
    """A problem's solutions by brute force (as sets of the solver's labels), its filter
    applied, and how to compare an entry point's answer with them."""

    def __init__(self, problem: Any) -> None:
        self.prepared = prepare(problem, "python")
        self.matrix = self.prepared.solver.matrix
        self.queens = not isinstance(problem, Matrix)
        if self.queens:  # (25 options: brute force over the sets of 5, which are all a solution can be)
            self.all = {frozenset(s) for s in combinations([o.label for o in self.matrix.options], problem.n)
                        if is_solution(self.matrix, s)}
        else:
            self.all = brute_force(self.matrix)
        self.labels = sorted({label for s in self.all for label in s}, key=repr)

    def solutions(self, givens: tuple, exclude: tuple) -> set[frozenset]:
        given, excluded = set(givens), set(exclude)
        found = {s for s in self.all if given <= s and not excluded & s}
        if self.prepared.accept is not None:
            found = {s for s in found if self.prepared.accept(tuple(sorted(s, key=repr)))}
        return found

    def key(self, answer: Any) -> Any:
        """An answer as the oracle holds it (a Queens answer: its columns)."""
        return tuple(answer.columns) if self.queens else frozenset(answer)

    def keys(self, solutions: set[frozenset]) -> set[Any]:
        if not self.queens:
            return solutions
        return {tuple(self.prepared.decode(tuple(sorted(s, key=repr))).columns) for s in solutions}

    def cost(self, solution: Any) -> int:
        return sum(self.matrix.cost_of(label) for label in solution)


@functools.cache
def oracle_of(kind: str) -> Oracle:
    return Oracle(KINDS[kind])

# -- the design -------------------------------------------------------------------------------

DIMENSIONS: dict[str, list[Any]] = {
    "entry": ["solve", "solutions", "count", "best", "estimate", "sample"],
    "kind": list(KINDS),
    "engine": ENGINES,
    "way": ["auto", "links", "sets", "weighted"],
    "reduce": [None, True, False],
    "memo": [None, True, False],
    "seed": [None, 7],
    "givens": [False, True],
    "exclude": [False, True],
    "limit": [None, 2],
    "budget": [None, "tight", "loose"],
    "backend": ["auto", "search", "sat", "race"],
    "route": ["serial", "jobs", "executor", "journal"],
    "progress": [False, True],
}
#: What each entry point takes (the API's keywords; best, estimate and sample through a request).
TAKES = {
    "solve": {"givens", "exclude", "seed", "budget", "progress", "way", "route", "reduce", "backend"},
    "solutions": {"givens", "exclude", "limit", "seed", "budget", "progress", "way", "route", "reduce", "backend"},
    "count": {"givens", "exclude", "limit", "seed", "budget", "progress", "way", "memo", "route", "reduce", "backend"},
    "best": set(DIMENSIONS) - {"entry", "kind", "engine"},
    "estimate": set(DIMENSIONS) - {"entry", "kind", "engine"},
    "sample": set(DIMENSIONS) - {"entry", "kind", "engine"},
}
#: What a request for best, estimate or sample asks besides the case's keywords.
MADE = {"best": {"k": 2}, "estimate": {"samples": 50}, "sample": {"samples": 3}}


def covering(dimensions: dict[str, list[Any]], strength: int, seed: int,
             accept: Callable[[dict[str, Any]], bool] | None = None) -> list[dict[str, Any]]:
    """Cases (a value per dimension) such that any ``strength`` dimensions take every
    combination of their values in some case: greedy, each case the best of a few random
    ones that hold the first combination not yet covered. With ``accept``, only cases it
    accepts, and the combinations that no accepted case of many tried holds are left out."""
    names = list(dimensions)
    sizes = [len(dimensions[name]) for name in names]
    groups = list(combinations(range(len(names)), strength))
    uncovered = {(group, values) for group in groups for values in product(*(range(sizes[i]) for i in group))}
    rng = random.Random(seed)
    cases = []
    accepted: dict[tuple[int, ...], bool] = {}
    while uncovered:
        group, values = min(uncovered)
        best, gain, tries = None, -1, 0
        while tries < (12 if best is not None else 40):
            tries += 1
            # (with ``accept``, half the values left at their first, the default: most refusals need two things)
            case = [0 if accept is not None and rng.random() < 0.5 else rng.randrange(size) for size in sizes]
            for i, value in zip(group, values):
                case[i] = value
            if accept is not None:
                key = tuple(case)
                if key not in accepted:
                    accepted[key] = accept({name: dimensions[name][k] for name, k in zip(names, case)})
                if not accepted[key]:
                    continue
            covered = sum((g, tuple(case[i] for i in g)) in uncovered for g in groups)
            if covered > gain:
                best, gain = case, covered
        if best is None:  # (no accepted case holds it)
            uncovered.discard((group, values))
            continue
        uncovered -= {(g, tuple(best[i] for i in g)) for g in groups}
        cases.append({name: dimensions[name][k] for name, k in zip(names, best)})
    return cases


def refused(case: dict[str, Any], found: dict[str, Any]) -> Unsupported | None:
    """The refusal the plan's table gives for the case (None: it is searched)."""
    what = {"solve": "first"}.get(case["entry"], case["entry"])
    return refusal(things(Request.of(what, **MADE.get(what, {}), **found), features_of(case["kind"])))


@functools.cache
def features_of(kind: str) -> Features:
    return prepare(KINDS[kind], "python").features()


def searched(case: dict[str, Any]) -> bool:
    return refused(case, keywords(case, oracle_of(case["kind"]), object(), Path("."), [])) is None


@pytest.fixture(scope="module", autouse=True)
def time_features_at_once():
    """What waits for time happens at once: the search pauses every few nodes, the automatic
    reduction looks at its first pause, the race's SAT solver starts with the search, a
    parallel count's tasks split after a tenth of a millisecond, progress is told at every
    pause."""
    with pytest.MonkeyPatch.context() as patch:
        for engine in ENGINES:
            patch.setitem(runs.CHUNK, engine, (4, 64))
        patch.setattr(autoreduce, "LOOK", 0.0)
        patch.setattr(autoreduce, "LATE", 1.0)
        patch.setattr(sat, "HEAD_START", 0.0)
        patch.setattr(counts, "SLICE_LEAST", {"own pool": 1e-4, "executor": 1e-4})
        patch.setattr(counts, "SLICE_MOST", {"own pool": 1e-3, "executor": 1e-3})
        patch.setattr(runs, "PROGRESS_INTERVAL", 0.0)
        patch.setattr(counts, "PROGRESS_INTERVAL", 0.0)
        yield


@pytest.fixture(scope="module")
def executor():
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        yield pool


def keywords(case: dict[str, Any], oracle: Oracle, executor: Any, folder: Any, heard: list) -> dict[str, Any]:
    """The case's keywords for its entry point (what it does not take left out)."""
    takes = TAKES[case["entry"]]
    chosen = {name: value for name, value in case.items() if name in takes}
    found: dict[str, Any] = {}
    if chosen.get("givens"):  # (the costliest: a given's cost is part of the solutions')
        found["givens"] = [max(oracle.labels, key=oracle.matrix.cost_of)]
    if chosen.get("exclude"):
        found["exclude"] = [oracle.labels[-1]]
    for name in ("seed", "limit", "memo"):
        if chosen.get(name) is not None:
            found[name] = chosen[name]
    if chosen.get("way", "auto") != "auto":
        found["way"] = chosen["way"]
    if "reduce" in chosen and chosen["reduce"] is not None:
        found["reduce"] = chosen["reduce"]
    if chosen.get("backend", "auto") != "auto":  # (auto: the default, left out)
        found["backend"] = chosen["backend"]
    budget = chosen.get("budget")
    if budget == "tight":
        found["max_nodes"] = 2
    elif budget == "loose":
        found["timeout"] = 600.0
    if chosen.get("progress"):
        found["progress"] = heard.append
    route = chosen.get("route", "serial")
    if route == "jobs":
        found["jobs"] = 2
    elif route == "executor":
        found["executor"] = executor
    elif route == "journal" and case["entry"] not in ("solve", "solutions"):  # (they take no journal)
        found["journal"] = folder / "count.jsonl"
    return found


def search(case: dict[str, Any], problem: Any, found: dict[str, Any]) -> Any:
    """The case's entry point called as a user calls it."""
    entry, engine = case["entry"], case["engine"]
    if entry == "solve":
        return exactcover.solve(problem, engine=engine, **found)
    if entry == "solutions":
        return list(exactcover.solutions(problem, engine=engine, **found))
    if entry == "count":
        return exactcover.count(problem, engine=engine, **found)
    prepared = prepare(problem, engine)
    return prepared.run(Request.of(entry, **MADE[entry], **found))


def check(case: dict[str, Any], oracle: Oracle, found: dict[str, Any], answer: Any, heard: list) -> None:
    """The answer is the oracle's."""
    solutions = oracle.solutions(tuple(found.get("givens", ())), tuple(found.get("exclude", ())))
    keys, entry, limit = oracle.keys(solutions), case["entry"], found.get("limit")
    if entry == "solve":
        assert (answer is None) == (not solutions)
        assert answer is None or oracle.key(answer) in keys
    elif entry == "solutions":
        got = [oracle.key(a) for a in answer]
        assert len(set(got)) == len(got) and set(got) <= keys
        assert len(got) == (len(keys) if limit is None else min(limit, len(keys)))
    elif entry == "count":
        assert answer == (len(solutions) if limit is None else min(limit, len(solutions)))
    elif entry == "best":
        costs = sorted(oracle.cost(s) for s in solutions)[:2]
        assert all(oracle.key(a) in keys for _, a in answer.solutions)
        if answer.proven:
            assert [cost for cost, _ in answer.solutions] == costs
        else:
            assert found.get("max_nodes") is not None
    elif entry == "sample":
        assert all(oracle.key(a) in keys for a in answer.solutions)
        assert len(answer.solutions) == (3 if solutions else 0) and answer.count >= len(keys)
    else:
        assert answer.unfiltered == (case["kind"] == "filter") and answer.nodes >= 1
    if "progress" in found:
        assert heard, "progress was never told"


#: The whole space three at a time, most of it refused; then the space the plan accepts,
#: three at a time again, so that every accepted triple is searched.
CASES = covering(DIMENSIONS, 3, seed=52) + covering(DIMENSIONS, 3, seed=53, accept=searched)


@pytest.mark.parametrize("case", CASES, ids=[f"case{k}" for k in range(len(CASES))])
def test_every_combination_answers_or_is_refused_before_the_search(case, executor, tmp_path):
    """The case's answer is the oracle's, or the plan refuses it with the table's words."""
    problem, oracle, heard = KINDS[case["kind"]], oracle_of(case["kind"]), []
    found = keywords(case, oracle, executor, tmp_path, heard)
    refusal = refused(case, found)
    if refusal is not None:
        with pytest.raises(Unsupported) as raised:
            search(case, problem, found)
        assert str(raised.value) == str(refusal)
        assert raised.traceback[-1].name == "plan"  # (raised by the plan, before any search)
        return
    try:
        answer = search(case, problem, found)
    except BudgetExceeded:
        assert found.get("max_nodes") is not None, "a budget stop without a tight budget"
        return
    check(case, oracle, found, answer, heard)


def test_the_design_covers_every_triple():
    """Any three dimensions take every combination of their values in some case; every
    entry point is searched on every kind of problem and every route that it takes."""
    names = list(DIMENSIONS)
    for group in combinations(names, 3):
        seen = {tuple(repr(case[name]) for name in group) for case in CASES}
        assert len(seen) == len(list(product(*(DIMENSIONS[name] for name in group))))
    ran = {(case["entry"], case["kind"], case["route"], case["backend"]) for case in CASES if searched(case)}
    never = {("best", "filter"), ("best", "bounds"), ("sample", "bounds")}  # (refused by the table's rows)
    assert {(e, k) for e, k, _, _ in ran} == set(product(DIMENSIONS["entry"], KINDS)) - never
    assert {(e, r) for e, _, r, b in ran if b == "search"} >= {*product(["count"], DIMENSIONS["route"]),
                                                              *product(["best"], ["serial", "jobs", "executor"])}
    assert {b for e, _, _, b in ran if e == "solve"} == set(DIMENSIONS["backend"])



# -- what the design's triples cannot reach: four things at once, and every request --------


@pytest.mark.parametrize("engine", ENGINES)
def test_every_kind_of_request_reaches_its_route(engine):
    """Each value of `WHATS`, asked through `Prepared.run` with its defaults, is answered by
    its own route: of a matrix, and of a problem type that decodes its answers."""
    from exactcover.front.request import WHATS
    from exactcover.search.best import Best
    from exactcover.search.diagram import Sample
    from exactcover.search.estimates import Estimate
    from exactcover_queens import Placement

    answers = {"solutions": runs.Solutions, "count": int, "best": Best, "estimate": Estimate, "sample": Sample}
    assert set(answers) | {"first"} == set(WHATS)
    oracle = oracle_of("costs")
    for problem, first in ((KINDS["costs"], tuple), (Queens(6), Placement)):
        prepared = prepare(problem, engine)
        for what in WHATS:
            assert isinstance(prepared.run(Request.of(what)), {**answers, "first": first}[what]), what
        drawn = prepared.run(Request.of("sample", samples=5, seed=1))
        assert drawn.solutions == prepared.sample(5, seed=1).solutions and len(drawn.solutions) == 5
        assert all(isinstance(s, first) for s in drawn.solutions)
        if first is tuple:
            assert drawn.count == len(oracle.all) and all(frozenset(s) in oracle.all for s in drawn.solutions)
        else:
            assert drawn.count == 4  # (6 queens: 4 solutions)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("jobs", [None, 2])
def test_a_given_s_cost_is_counted_with_and_without_the_reduction(engine, jobs):
    """`best` with givens reports each solution's whole cost, givens included, and ranks
    them alike, whether the problem is reduced first or not, on one process or two."""
    m = Matrix(["a", "b", "c"], {"x": ["a"], "y": ["b", "c"], "z": ["a", "b"], "w": ["c"], "v": ["b"]},
               costs={"x": 5, "y": 1, "z": 2, "w": 1, "v": 3})
    prepared = prepare(m, engine)
    for reduce in (None, True, False):
        found = prepared.best(3, givens=["x"], reduce=reduce, jobs=jobs)
        assert [(cost, set(s)) for cost, s in found.solutions] == [(6, {"x", "y"}), (9, {"x", "v", "w"})]
    oracle = oracle_of("costs")
    for given in oracle.labels:
        expected = sorted(oracle.cost(s) for s in oracle.solutions((given,), ()))[:2]
        for reduce in (True, False):
            found = prepare(KINDS["costs"], engine).best(2, givens=[given], reduce=reduce, jobs=jobs)
            assert [cost for cost, _ in found.solutions] == expected
            assert all(cost == oracle.cost(s) for cost, s in found.solutions)


def _small_and_squares(squares: int) -> Matrix:
    """Knuth's first example with secondary items (the rules remove 3 of its 6 options: it has
    one solution), beside ``squares`` blocks of four items, each covered by two of their six
    pairs in three ways: 3 ** squares solutions."""
    from problems import SMALL

    options = {option.label: list(option.items) for option in SMALL.options}
    items = list(SMALL.primary)
    for k in range(squares):
        corners = [f"{k}{j}" for j in range(4)]
        items += corners
        options.update({f"{k}:{a}{b}": [corners[a], corners[b]] for a, b in combinations(range(4), 2)})
    return Matrix(items, options, secondary=list(SMALL.secondary))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_seeded_listing_is_the_same_whether_the_reduction_s_look_would_switch_or_not(engine, monkeypatch):
    """The same seed gives the same solutions in the same order on any machine: a seeded
    listing is never looked at, so a look that would switch to the reduced problem (forced
    here: at the first pause, taking any reduction), where the seed gives another order,
    changes nothing. Without a seed, the forced look does switch, so the test can see it.
    (Seed 1: its search pauses with Knuth's fraction above 0 before its first solution, so
    the look would have switched it.)"""
    m = _small_and_squares(2)
    monkeypatch.setattr(autoreduce, "LATE", 1.0)
    monkeypatch.setattr(autoreduce, "MIN_REMOVED", 0.0)
    monkeypatch.setattr(runs, "CHUNK", {"c": (1, 64), "python": (1, 64)})
    orders = []
    for look in (0.0, 1e9):
        monkeypatch.setattr(autoreduce, "LOOK", look)
        found = exactcover.solutions(m, engine=engine, seed=1)
        orders.append(list(found))
        assert not found.stats.reduced
        unseeded = exactcover.solutions(m, engine=engine)
        assert len(list(unseeded)) == 9 and unseeded.stats.reduced == (look == 0.0)
    reduced = list(exactcover.solutions(m, engine=engine, seed=1, reduce=True))
    assert orders[0] == orders[1] != reduced and set(map(frozenset, reduced)) == set(map(frozenset, orders[0]))
