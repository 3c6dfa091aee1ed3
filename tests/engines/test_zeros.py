"""The C engine's count of items without options (mode ZEROS, cdlx/links.c and dance.h).

On the links, a matrix of ZEROS_ITEMS primary items or more (uncolored, not wide) keeps the
number of active primary items of LEN 0, so that the MRV scan can stop at the first item of
LEN 1. The choice must stay MRV's: every status, solution, node and update count, fraction and
probe the same as pydlx's, seeded or not, with the weighted choice, givens and exclusions,
and on a search used again (the sanitizer build also checks the count at every node).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import engines
from exactcover.engines import contract, pydlx

from helpers import dancer

pytestmark = pytest.mark.skipif("c" not in engines.available(), reason="the C engine is not built")
LINKS = contract.Tuning.of("links")
WEIGHTED = contract.Tuning.of("weighted")
NODES = 3000  # (each search is followed this far at most: pydlx is slow on 300 items)


@st.composite
def long_problems(draw):
    """A solvable matrix of ZEROS_ITEMS + a few primary items: a random partition of them into
    options of 1 to 4 items, plus random options (some with a secondary item), and now and then
    an item no option has."""
    from exactcover.engines import _dlx

    rng = draw(st.randoms(use_true_random=False))
    n_primary, n_secondary = _dlx.ZEROS_ITEMS + draw(st.integers(0, 40)), draw(st.integers(0, 2))
    items = list(range(n_primary))
    rng.shuffle(items)
    options = []
    while items:
        size = rng.randint(1, 4)
        options.append(sorted(items[:size]))
        del items[:size]
    for _ in range(draw(st.integers(0, n_primary // 2))):
        option = rng.sample(range(n_primary), rng.randint(1, 4))
        if n_secondary and rng.random() < 0.3:
            option.append(n_primary + rng.randrange(n_secondary))
        options.append(sorted(option))
    if draw(st.booleans()):  # (an item without options: a dead end from the start)
        options = [o for o in options if rng.randrange(n_primary) not in o] or options
    rng.shuffle(options)
    return n_primary, n_secondary, options


def trace(module, problem, steps, probes=(), **search):
    s = dancer(module, problem).search(**search)
    seen = []
    while s.nodes < NODES:
        status = s.run(steps, counting=False)
        seen.append((status, s.solution() if status == pydlx.SOLUTION else None, s.fraction(), s.nodes, s.updates,
                     s.solutions, s.max_level, s.level))
        seen.extend(s.probe(seed) for seed in probes)
        if status == pydlx.DONE:
            break
    return seen


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(problem=long_problems(), data=st.data())
def test_the_count_of_items_without_options_keeps_the_mrv_choice(problem, data):
    steps = data.draw(st.sampled_from([1, 7, 100, NODES]))
    search = data.draw(st.sampled_from([{"tuning": LINKS}, {"seed": 5, "tuning": LINKS}, {"tuning": WEIGHTED}]))
    n_options = len(problem[2])
    if data.draw(st.booleans()):
        search["excluded"] = sorted(set(data.draw(st.lists(st.integers(0, n_options - 1), max_size=5))))
    if data.draw(st.booleans()):
        search["givens"] = [data.draw(st.integers(0, n_options - 1))]
        if search["givens"][0] in search.get("excluded", ()):
            del search["givens"]
    probes = (1, 2) if search["tuning"] is LINKS else ()
    c = engines.get("c")
    assert trace(c, problem, steps, probes, **search) == trace(pydlx, problem, steps, probes, **search)


def test_a_search_used_again_recounts_its_items_without_options():
    """A checker on the links pushes each check's givens and pops them after, which changes
    LENs outside a run: each run counts again (C's checker keeps one search)."""
    from exactcover.engines import _dlx

    n = _dlx.ZEROS_ITEMS
    options = [[k] for k in range(n)] + [[k, k + 1] for k in range(0, n - 1, 2)]
    results = []
    for module in (pydlx, engines.get("c")):
        checker = dancer(module, (n, 0, options)).checker(tuning=LINKS)
        # (option n covers items 0 and 1: item 1's LEN falls)
        results.append([checker.count_with(givens, 3) for givens in ([n, n + 1], [1], [n + 2, 7])])
    assert results[0] == results[1]
