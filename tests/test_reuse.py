"""A search used again (Search.rewind, push, pop: pydlx/reuse.py, the end of cdlx/search.c).

After any run, rewinding and pushing or popping givens must leave a search that finds what a
new search of those givens finds, node for node, on both engines; what cannot be rewound is
refused alike.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import Unsupported, contract, pydlx

from helpers import MODULES, dancer, problems, refusals, with_weights

LINKS = contract.Tuning.of("links")


def seen(search, steps):
    """The solutions and nodes of a run to the end (in ``steps`` at a time)."""
    found = []
    while (status := search.run(steps)) != pydlx.DONE:
        if status == pydlx.SOLUTION:
            found.append(search.solution())
    return found, search.nodes, search.solutions


#: A search that moves to the sets at its floor, before its first node, with tallies where
#: the matrix can have them (C: from the givens pushed, tally_enter): the generator's.
AT_ONCE = contract.Tuning.of("sets", after=0, tallies=True)


@pytest.mark.parametrize("tuning", [LINKS, AT_ONCE], ids=["links", "sets at once"])
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), data=st.data())
def test_a_rewound_search_is_a_new_search_of_its_givens(tuning, problem, data):
    """Pushes of one option or several (all or none), pops of one or several (none when
    fewer are pushed), each push followed by a run that must match a new search's on the
    links."""
    n_options = len(problem[2])
    pushes = st.lists(st.integers(0, n_options - 1), min_size=1, max_size=3) if n_options else st.just([])
    moves = data.draw(st.lists(st.one_of(pushes, st.integers(1, 3)), max_size=6))
    steps = data.draw(st.integers(1, 5))
    results = []
    for module in MODULES:
        d = dancer(module, problem)
        search, givens, log = d.search(tuning=tuning), [], []
        for move in moves:
            if isinstance(move, int):  # (pop that many)
                if move <= len(givens):
                    assert search.pop(move) == givens[-move]
                    del givens[-move:]
                else:
                    with pytest.raises(IndexError):
                        search.pop(move)
                continue
            try:
                search.push(*move)
            except ValueError as error:  # (one shares an item with a given, or with one before it)
                log.append(str(error))
                continue
            givens += move
            log.append(seen(search, steps))
            fresh = d.search(givens, tuning=LINKS)
            assert log[-1] == seen(fresh, 10**6)
            search.rewind()
        results.append(log)
    assert all(r == results[0] for r in results)


def test_what_cannot_be_used_again_is_refused_alike():
    """Bounds, a prefix, a search under way, an excluded option, an unknown one: the same
    errors on both engines."""
    said = []
    for module in MODULES:
        plain = dancer(module, (2, 0, [[0], [1], [0, 1]]))
        bounded = dancer(module, (2, 0, [[0], [1], [0, 1]], [1, 2, 1, 1]))
        split = plain.search(tuning=LINKS)
        assert split.run(10, depth=1) == pydlx.PREFIX
        running = plain.search(tuning=LINKS)
        running.run(1)
        attempts = [lambda: bounded.search().rewind(), lambda: plain.search(prefix=split.prefix()).rewind(),
                    lambda: running.push(1), lambda: plain.search(excluded=[1]).push(1), lambda: plain.search().push(7),
                    lambda: plain.search().pop(), lambda: plain.search().pop(0), lambda: plain.search().push(1, 2, 0)]
        said.append(refusals(attempts, (Unsupported, ValueError, IndexError)))
    assert all(words == said[0] for words in said)
    kinds = [kind for kind, _ in said[0]]
    assert kinds == ["Unsupported", "Unsupported", "Unsupported", "ValueError", "UnknownOption", "IndexError",
                     "ValueError", "ValueError"]
    assert "bounds" in said[0][0][1] and "prefix" in said[0][1][1] and "excluded" in said[0][3][1]


def test_an_option_without_items_can_be_pushed_again_and_again():
    """(It shares no item with anything: no clash, and the C engine's room for pushed givens
    grows: it once wrote past its end.)"""
    for module in MODULES:
        search = dancer(module, (1, 0, [[], [0]])).search(tuning=LINKS)
        for _ in range(100):
            search.push(0)
        assert search.run(10**6, counting=True) == pydlx.DONE and search.solutions == 1
        search.rewind()
        assert [search.pop() for _ in range(50)] == [0] * 50
        assert search.pop(50) == 0
        with pytest.raises(IndexError):
            search.pop()


def test_a_push_of_several_is_all_or_none():
    """A push that fails at its third option leaves the two before it unpushed, alike."""
    for module in MODULES:
        search = dancer(module, (3, 0, [[0], [1], [0, 2], [2]])).search(tuning=LINKS)
        with pytest.raises(ValueError, match="option 2 cannot be pushed"):
            search.push(1, 0, 2)
        with pytest.raises(IndexError):
            search.pop()
        search.push(1, 0, 3)
        assert search.run(10**6, counting=True) == pydlx.DONE and search.solutions == 1
        search.rewind()
        assert search.pop(3) == 1


def test_a_search_that_moved_to_the_sets_above_its_floor_is_refused_alike():
    """Its links hold the levels it ran on them: a rewind would have them to undo."""
    said = []
    for module in MODULES:
        search = dancer(module, (3, 0, [[0], [1], [2], [0, 1], [1, 2]])).search(tuning=contract.Tuning.of("sets", 1))
        assert search.run(2) == pydlx.PAUSED and search.level > 0
        with pytest.raises(Unsupported) as caught:
            search.rewind()
        said.append(str(caught.value))
    assert all(words == said[0] for words in said) and "on the sets" in said[0]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), steps=st.integers(1, 5))
def test_a_search_that_moved_at_its_floor_is_rewound_as_new(problem, steps):
    """pydlx's twin of solve_lines's searches with tallies (C: tally_enter): moved to the sets
    before its first node, it rewinds (its items' list put back) and finds again what it found."""
    d = dancer(pydlx, problem)
    search = d.search(tuning=AT_ONCE)
    first = seen(search, steps)
    search.rewind()
    assert seen(search, steps) == first == seen(d.search(tuning=LINKS), 10**6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), data=st.data())
def test_a_count_with_givens_is_a_new_search_of_them(problem, data):
    """Search.count_with, several times on one search (of each tuning, MRV or weighted): the
    status, solutions and nodes of a new search of the givens counting to the limit within
    the node budget, on both engines alike; the search is then as it was (a plain run finds
    what a new search finds)."""
    n_options = len(problem[2])
    checks = data.draw(st.lists(st.tuples(st.lists(st.integers(0, max(n_options - 1, 0)), max_size=3, unique=True)
                                          if n_options else st.just([]), st.integers(1, 3), st.integers(0, 6)),
                                min_size=1, max_size=4))
    tuning = data.draw(st.sampled_from([LINKS, AT_ONCE, None]))
    weighted = data.draw(st.booleans())
    results = []
    for module in MODULES:
        d = dancer(module, problem)
        search, log = d.search(tuning=with_weights(tuning, weighted)), []
        for givens, limit, max_nodes in checks:
            try:
                got = search.count_with(givens, limit, max_nodes)
            except ValueError as error:  # (GivensClash: as a new search says)
                with pytest.raises(type(error), match=str(error)[:20]):
                    d.search(givens)
                log.append(type(error).__name__)
                continue
            fresh = d.search(givens, tuning=with_weights(LINKS, weighted))
            status = fresh.run(max_nodes if max_nodes else 10**9, counting=True, limit=limit)
            assert got == (status, fresh.solutions, fresh.nodes)
            log.append(got)
        log.append(seen(search, 10**6) == seen(d.search(tuning=with_weights(LINKS, weighted)), 10**6))
        results.append(log)
    assert all(r == results[0] for r in results) and results[0][-1]


def test_what_cannot_count_with_givens_is_refused_alike():
    """A search made with givens, exclusions or a seed, one with givens pushed or under way,
    colors, an unknown option, a clash, a bad limit: the same errors on both engines; and a
    count_with on the links (a tuning without the sets) matches one on the tallies."""
    said = []
    for module in MODULES:
        plain = dancer(module, (2, 0, [[0], [1], [0, 1]]))
        colored = dancer(module, (1, 1, [[0, (1, 1)], [0, (1, 2)]]))
        pushed = plain.search()
        pushed.push(0)
        running = plain.search()
        running.run(1)
        attempts = [lambda: plain.search([0]).count_with([1], 2), lambda: plain.search(excluded=[2]).count_with([], 2),
                    lambda: plain.search(seed=3).count_with([], 2), lambda: pushed.count_with([1], 2),
                    lambda: running.count_with([], 2), lambda: colored.search().count_with([], 2),
                    lambda: plain.search().count_with([7], 2), lambda: plain.search().count_with([0, 2], 2),
                    lambda: plain.search().count_with([], 0)]
        said.append(refusals(attempts))
        assert plain.search(tuning=LINKS).count_with([1], 2) == plain.search(tuning=AT_ONCE).count_with([1], 2)
    assert all(words == said[0] for words in said)
    kinds = [kind for kind, _ in said[0]]
    assert kinds == ["Unsupported"] * 6 + ["UnknownOption", "GivensClash", "ValueError"]
