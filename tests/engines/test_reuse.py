"""A search used again (pydlx/reuse.py's rewind, push and pop, the specification of
cdlx/reuse.c).

After any run, rewinding and pushing or popping givens must leave a search that finds what a
new search of those givens finds, node for node; what cannot be rewound is refused. The C
engine uses them inside its checker and its file of problems as lines, whose tests
(test_checker.py, test_lines.py) hold it to the same results.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import Unsupported
from exactcover.engines import contract, pydlx
from exactcover.engines.pydlx.reuse import pop, push, rewind

from helpers import dancer, problems, refusals

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


@pytest.mark.slow
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
    d = dancer(pydlx, problem)
    search, givens = d.search(tuning=tuning), []
    for move in moves:
        if isinstance(move, int):  # (pop that many)
            if move <= len(givens):
                assert pop(search, move) == givens[-move]
                del givens[-move:]
            else:
                with pytest.raises(IndexError):
                    pop(search, move)
            continue
        try:
            push(search, *move)
        except ValueError:  # (one shares an item with a given, or with one before it)
            continue
        givens += move
        assert seen(search, steps) == seen(d.search(givens, tuning=LINKS), 10**6)
        rewind(search)


def test_what_cannot_be_used_again_is_refused():
    """Bounds, a prefix, a search under way, an excluded option, an unknown one."""
    plain = dancer(pydlx, (2, 0, [[0], [1], [0, 1]]))
    bounded = dancer(pydlx, (2, 0, [[0], [1], [0, 1]], [1, 2, 1, 1]))
    split = plain.search(tuning=LINKS)
    assert split.run(10, depth=1) == pydlx.PREFIX
    running = plain.search(tuning=LINKS)
    running.run(1)
    attempts = [lambda: rewind(bounded.search()), lambda: rewind(plain.search(prefix=split.prefix())),
                lambda: push(running, 1), lambda: push(plain.search(excluded=[1]), 1), lambda: push(plain.search(), 7),
                lambda: pop(plain.search()), lambda: pop(plain.search(), 0), lambda: push(plain.search(), 1, 2, 0)]
    said = refusals(attempts, (Unsupported, ValueError, IndexError))
    kinds = [kind for kind, _ in said]
    assert kinds == ["Unsupported", "Unsupported", "Unsupported", "ValueError", "UnknownOption", "IndexError",
                     "ValueError", "ValueError"]
    assert "bounds" in said[0][1] and "prefix" in said[1][1] and "excluded" in said[3][1]


def test_an_option_without_items_can_be_pushed_again_and_again():
    """(It shares no item with anything: no clash. C's twin: test_checker.py.)"""
    search = dancer(pydlx, (1, 0, [[], [0]])).search(tuning=LINKS)
    for _ in range(100):
        push(search, 0)
    assert search.run(10**6, counting=True) == pydlx.DONE and search.solutions == 1
    rewind(search)
    assert [pop(search) for _ in range(50)] == [0] * 50
    assert pop(search, 50) == 0
    with pytest.raises(IndexError):
        pop(search)


def test_a_push_of_several_is_all_or_none():
    """A push that fails at its third option leaves the two before it unpushed."""
    search = dancer(pydlx, (3, 0, [[0], [1], [0, 2], [2]])).search(tuning=LINKS)
    with pytest.raises(ValueError, match="option 2 cannot be pushed"):
        push(search, 1, 0, 2)
    with pytest.raises(IndexError):
        pop(search)
    push(search, 1, 0, 3)
    assert search.run(10**6, counting=True) == pydlx.DONE and search.solutions == 1
    rewind(search)
    assert pop(search, 3) == 1


def test_a_search_that_moved_to_the_sets_above_its_floor_is_refused():
    """Its links hold the levels it ran on them: a rewind would have them to undo."""
    search = dancer(pydlx, (3, 0, [[0], [1], [2], [0, 1], [1, 2]])).search(tuning=contract.Tuning.of("sets", 1))
    assert search.run(2) == pydlx.PAUSED and search.level > 0
    with pytest.raises(Unsupported, match="on the sets"):
        rewind(search)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), steps=st.integers(1, 5))
def test_a_search_that_moved_at_its_floor_is_rewound_as_new(problem, steps):
    """pydlx's twin of solve_lines's searches with tallies (C: tally_enter): moved to the sets
    before its first node, it rewinds (its items' list put back) and finds again what it found."""
    d = dancer(pydlx, problem)
    search = d.search(tuning=AT_ONCE)
    first = seen(search, steps)
    rewind(search)
    assert seen(search, steps) == first == seen(d.search(tuning=LINKS), 10**6)
