"""A checker (Dancer.checker: pydlx/checker.py, cdlx/checker.c), and the public Checker on it.

Each check must give what a new search of its givens gives (count_with), and thin and unneeded
what their loop of checks gives when written out with new searches, given by given, on both
engines alike, whatever the checker's tuning (the C engine keeps one search, enters each
check's givens on the tallies or pushes them on the links, and rewinds it after; it checks
forced moves on the tallies, and takes an option out of the floor's set there); and what
cannot be checked is refused alike.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import BudgetExceeded, GivensClash, Matrix, Solver, Unsupported, engines
from exactcover.engines import contract, pydlx

from helpers import ENGINES, MODULES, dancer, problems, refusals, with_weights

LINKS = contract.Tuning.of("links")
AT_ONCE = contract.Tuning.of("sets", after=0, tallies=True)


@st.composite
def planted(draw):
    """(problem, solution): a matrix of up to 12 primary items whose options include a
    solution (the primary items cut into blocks, each an option, some with secondary items),
    among random others; the solution's option numbers in a random order."""
    n_primary, n_secondary = draw(st.integers(1, 12)), draw(st.integers(0, 2))
    n = n_primary + n_secondary
    items = draw(st.permutations(range(n_primary)))
    cuts = sorted(draw(st.sets(st.integers(1, n_primary - 1), max_size=n_primary - 1))) if n_primary > 1 else []
    blocks = [list(items[a:b]) for a, b in zip([0, *cuts], [*cuts, n_primary])]
    secondary = list(range(n_primary, n))
    for block in blocks:
        if secondary and draw(st.booleans()):
            block.append(secondary.pop())
    others = draw(st.lists(st.lists(st.integers(0, n - 1), unique=True, min_size=1, max_size=4), max_size=24))
    options = others + blocks
    order = draw(st.permutations(range(len(options))))
    shuffled = [options[k] for k in order]
    solution = [order.index(len(others) + b) for b in range(len(blocks))]
    return (n_primary, n_secondary, shuffled), draw(st.permutations(solution))


def count(d, givens, limit, steps, excluded=(), weighted=False):
    """A new search's (status, solutions, nodes), counting to ``limit`` within ``steps``."""
    fresh = d.search(givens, excluded=excluded, tuning=with_weights(LINKS, weighted))
    status = fresh.run(steps if steps else 10**9, counting=True, limit=limit)
    return status, fresh.solutions, fresh.nodes


def thinned(d, solution, forced, max_nodes):
    """Checker.thin's answer written out, one by one: each option dropped in turn where the check
    passes (forced: a count to 2 finds one solution, one node per option it chooses and one
    more; unique: no solution of the others leaves the option out)."""
    kept, untried = [], list(solution)
    while untried:
        option = untried.pop(0)
        givens = untried + kept
        depth = len(solution) - len(givens)
        if forced:
            status, solutions, nodes = count(d, givens, 2, depth + 2)
            passed = status == pydlx.DONE and solutions == 1 and nodes == depth + 1
        else:
            status, solutions, _ = count(d, givens, 1, max_nodes, [option])
            passed = status == pydlx.DONE and solutions == 0
        if not passed:
            kept.append(option)
    return kept


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=planted(), data=st.data())
def test_thin_drops_each_given_the_check_lets_go(case, data):
    """Forced or unique, in groups or one by one, on the links, on the tallies at once or the
    default, MRV or weighted: the options kept are those of the loop written out (groups
    give what one by one gives: both checks are monotone), on both engines; the checker is
    used again after."""
    problem, solution = case
    forced, weighted = data.draw(st.booleans()), data.draw(st.booleans())
    tuning = data.draw(st.sampled_from([LINKS, AT_ONCE, None]))
    group, grouped = data.draw(st.integers(1, 4)), data.draw(st.integers(0, len(solution) + 1))
    results = []
    for module in MODULES:
        d = dancer(module, problem)
        checker = d.checker(tuning=with_weights(tuning, weighted))
        kept = checker.thin(solution, forced, 0, group, grouped)
        assert kept == thinned(d, solution, forced, 0)
        assert checker.thin(solution[::-1], forced) == thinned(d, solution[::-1], forced, 0)
        assert checker.count_with([], 2) == count(d, [], 2, 0, weighted=weighted)
        results.append(kept)
    assert all(r == results[0] for r in results)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=planted(), data=st.data())
def test_a_node_budget_keeps_a_given_alike(case, data):
    """With a node budget on the uniqueness checks (one that runs out keeps its given), one by
    one: the loop written out, on both engines."""
    problem, solution = case
    max_nodes = data.draw(st.integers(1, 6))
    tuning = data.draw(st.sampled_from([LINKS, AT_ONCE]))
    results = []
    for module in MODULES:
        d = dancer(module, problem)
        kept = d.checker(tuning=tuning).thin(solution, False, max_nodes)
        assert kept == thinned(d, solution, False, max_nodes)
        results.append(kept)
    assert all(r == results[0] for r in results)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=planted(), data=st.data())
def test_unneeded_names_the_first_given_a_count_does_without(case, data):
    """Some of a solution's options as givens: if they have one solution, the first whose
    dropping alone leaves one (a count to 2 of the others), or None; else ValueError; on both
    engines, on the links or the tallies."""
    problem, solution = case
    givens = data.draw(st.lists(st.sampled_from(solution), unique=True)) if solution else []
    max_nodes = data.draw(st.sampled_from([0, 0, 3]))
    tuning = data.draw(st.sampled_from([LINKS, AT_ONCE, None]))
    results = []
    for module in MODULES:
        d = dancer(module, problem)
        checker = d.checker(tuning=tuning)
        status, solutions, _ = count(d, givens, 2, max_nodes)
        if (status, solutions) != (pydlx.DONE, 1):
            with pytest.raises(ValueError, match="exactly one solution"):
                checker.unneeded(givens, max_nodes)
            results.append("ValueError")
            continue
        got = checker.unneeded(givens, max_nodes)
        if max_nodes == 0:
            first = [g for g in range(len(givens)) if count(d, givens[:g] + givens[g + 1 :], 2, 0)[:2] == (pydlx.DONE, 1)]
            assert got == (first[0] if first else None)
        else:  # (the budget is on each search of the others with the given excluded)
            first = [g for g in range(len(givens))
                     if count(d, givens[:g] + givens[g + 1 :], 1, max_nodes, [givens[g]])[:2] == (pydlx.DONE, 0)]
            assert got == (first[0] if first else None)
        assert checker.count_with([], 2) == count(d, [], 2, 0)
        results.append(got)
    assert all(r == results[0] for r in results)


def test_what_cannot_be_thinned_is_refused_alike():
    """Options that are not a solution, givens without exactly one solution, bad numbers, a
    matrix with colors or bounds, an unknown option, one repeated, a tuning that is not one:
    the same errors on both engines."""
    said = []
    for module in MODULES:
        plain = dancer(module, (3, 0, [[0], [1], [0, 1], [2]]))
        colored = dancer(module, (1, 1, [[0, (1, 1)], [0, (1, 2)]]))
        bounded = dancer(module, (2, 0, [[0], [1], [0, 1]], [1, 2, 1, 1]))
        attempts = [lambda: plain.checker().thin([0, 1]), lambda: plain.checker().thin([0, 2, 3]),
                    lambda: plain.checker().unneeded([3]), lambda: plain.checker().thin([0, 1, 3], group=0),
                    lambda: plain.checker().thin([0, 1, 3], max_nodes=-1), lambda: plain.checker().unneeded([], -1),
                    lambda: plain.checker().count_with([], 0), lambda: colored.checker(), lambda: bounded.checker(),
                    lambda: plain.checker().thin([0, 1, 9]), lambda: plain.checker().thin([0, 1, 3, 3]),
                    lambda: plain.checker().count_with([0, 2], 2), lambda: plain.checker((1 << 16, 0, 0.0, 1.0))]
        said.append(refusals(attempts, (Unsupported, ValueError, TypeError)))
        assert plain.checker().thin([3, 0, 1]) == [1] and plain.checker().unneeded([0, 1, 3]) == 0
    assert all(words == said[0] for words in said)
    kinds = [kind for kind, _ in said[0]]
    assert kinds == (["ValueError", "GivensClash"] + ["ValueError"] * 5 + ["Unsupported"] * 2
                     + ["UnknownOption", "GivensClash", "GivensClash", "TypeError"])


@pytest.mark.slow
@pytest.mark.skipif("c" not in engines.available(), reason="the C engine's loop (pydlx's is Python's)")
def test_ctrl_c_stops_a_long_thinning_and_leaves_the_checker_usable():
    """The C loop checks for signals between its checks: a KeyboardInterrupt half a second into
    a 25x25 grid's thinning (seconds long) stops it, and the checker counts again after."""
    import _thread
    import random
    import threading

    import exactcover
    from exactcover_sudoku.encoding import matrix_for

    d = exactcover.Solver(matrix_for(25, 5, 5), engine="c").dancer
    full = d.search((), 5)
    while full.run(1 << 20) != pydlx.SOLUTION:
        pass
    solution = list(full.solution())
    random.Random(1).shuffle(solution)
    checker = d.checker(tuning=AT_ONCE)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            checker.thin(solution, False, 1 << 16)
    finally:
        timer.cancel()
    assert checker.count_with(solution, 2) == (pydlx.DONE, 1, 1)
    assert checker.unneeded(solution) == 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), data=st.data())
def test_a_count_with_givens_is_a_new_search_of_them(problem, data):
    """Checker.count_with, several times on one checker (of each tuning, MRV or weighted): the
    status, solutions and nodes of a new search of the givens counting to the limit within
    the node budget, on both engines alike (the C engine's one search rewound after each,
    whatever the budget stopped it at)."""
    n_options = len(problem[2])
    checks = data.draw(st.lists(st.tuples(st.lists(st.integers(0, max(n_options - 1, 0)), max_size=3, unique=True)
                                          if n_options else st.just([]), st.integers(1, 3), st.integers(0, 6)),
                                min_size=1, max_size=4))
    tuning = data.draw(st.sampled_from([LINKS, AT_ONCE, None]))
    weighted = data.draw(st.booleans())
    results = []
    for module in MODULES:
        d = dancer(module, problem)
        checker, log = d.checker(tuning=with_weights(tuning, weighted)), []
        for givens, limit, max_nodes in checks:
            try:
                got = checker.count_with(givens, limit, max_nodes)
            except ValueError as error:  # (GivensClash: as a new search says)
                with pytest.raises(type(error), match=str(error)[:20]):
                    d.search(givens)
                log.append(type(error).__name__)
                continue
            assert got == count(d, givens, limit, max_nodes, weighted=weighted)
            log.append(got)
        results.append(log)
    assert all(r == results[0] for r in results)


def test_an_option_without_items_can_be_given_again_and_again():
    """(It shares no item with anything: no clash; the C engine pushes it each time, and its
    room for pushed givens grows: it once wrote past its end.)"""
    for module in MODULES:
        checker = dancer(module, (1, 0, [[], [0]])).checker(tuning=LINKS)
        assert checker.count_with([0] * 100, 2) == (pydlx.DONE, 1, 2)
        assert checker.count_with([0] * 50 + [1], 2) == (pydlx.DONE, 1, 1)


# -- the public Checker: labels in, labels out ---------------------------------------------

SMALL = Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3]})


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("way", ["auto", "links", "weighted"])
def test_the_public_checker_takes_and_gives_labels(engine, way):
    solver = Solver(SMALL, engine)
    checker = solver.checker(way)
    assert checker.count() == 2 and checker.count(["a"]) == 1 and checker.count(["c"], limit=1) == 1
    assert checker.thin(["a", "b"]) == ["b"] and checker.thin(["b", "a"]) == ["a"]
    assert checker.unneeded(["a", "b"]) == "a" and checker.unneeded(["b"]) is None
    assert solver.checker(way).thin(["c", "d"], forced=True) == ["d"]  # ("d" forces "c")


@pytest.mark.parametrize("engine", ENGINES)
def test_the_checkers_first_solution_is_the_solvers(engine):
    """Checker.first gives what Solver.first gives: the same random solution for a seed (a
    generator's full grid), givens first, None where there is none."""
    from exactcover_sudoku.encoding import matrix_for

    solver = Solver(matrix_for(4, 2, 2), engine)
    checker = solver.checker()
    for seed in [None, 0, 1, 2, 7, 2**62]:
        assert checker.first(seed=seed) == solver.first(seed=seed)
        assert checker.first([(0, 0, 2)], seed=seed) == solver.first([(0, 0, 2)], seed=seed)
    assert len({checker.first(seed=seed) for seed in range(20)}) > 1
    assert checker.first([(0, 0, 1), (0, 1, 2), (1, 2, 3)]) is None  # (row 0 needs a 3 in its box of the 3 at (1, 2))
    small = Solver(SMALL, engine).checker()
    assert small.first(["d"]) == ("d", "c") and small.first(["a", "d"]) is None


@pytest.mark.parametrize("engine", ENGINES)
def test_the_public_checker_says_what_is_wrong_with_labels(engine):
    solver = Solver(SMALL, engine)
    checker = solver.checker()
    with pytest.raises(GivensClash, match="'a' and 'c'"):
        checker.count(["a", "c"])
    with pytest.raises(ValueError, match="not a solution"):
        checker.thin(["a"])
    with pytest.raises(ValueError, match="exactly one solution"):
        checker.unneeded([])
    with pytest.raises(Exception, match="'z'"):
        checker.count(["z"])
    with pytest.raises(GivensClash, match="'a' and 'c'"):
        checker.first(["a", "c"])
    with pytest.raises(TypeError, match="seed"):
        checker.first(seed=1.5)
    for bad in [{"limit": 0}, {"limit": True}, {"max_nodes": 0}]:
        with pytest.raises(ValueError):
            checker.count([], **bad)
    with pytest.raises(ValueError, match="group"):
        checker.thin(["a", "b"], group=0)
    with pytest.raises(Unsupported, match="way='sets'"):
        solver.checker("sets")
    with pytest.raises(ValueError, match="way must be one of"):
        solver.checker("fast")
    colored = Matrix([1], {"x": {1: None, "s": "red"}, "y": {1: None, "s": "blue"}}, secondary=["s"])
    with pytest.raises(Unsupported, match="a checker of a matrix with colors"):
        Solver(colored, engine).checker()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_count_past_its_budget_says_so(engine):
    """Never "no solution" for a check its budget stopped: BudgetExceeded, with the nodes."""
    checker = Solver(SMALL, engine).checker()
    with pytest.raises(BudgetExceeded) as stopped:
        checker.count([], max_nodes=1)
    assert stopped.value.reason == "max_nodes" and stopped.value.stats.nodes == 1
    with pytest.raises(BudgetExceeded) as stopped:
        checker.first(max_nodes=1)
    assert stopped.value.reason == "max_nodes" and stopped.value.stats.nodes == 1
    assert checker.first(max_nodes=3) == Solver(SMALL, engine).first()
