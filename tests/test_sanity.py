"""Knuth's sanity check of the links (exactcover.sanity), run at every node of searches of
every kind, and catching links broken on purpose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactcover import Matrix, Solver, pydlx, sanity

from problems import queens_matrix
from test_differential import matrices


def every_node(search) -> list[int]:
    """Run ``search`` one node at a time to its end, checking its links after every step."""
    statuses = []
    while True:
        sanity.check(search)
        status = search.run(1)
        statuses.append(status)
        if status == pydlx.DONE:
            sanity.check(search)
            return statuses


@settings(max_examples=200, deadline=None)
@given(matrix=matrices(), seed=st.one_of(st.none(), st.integers(0, 5)))
def test_the_links_stay_sane_at_every_node(matrix, seed):
    solver = Solver(matrix, "python")
    every_node(solver.dancer.search(seed=seed))


def test_sane_with_givens_exclusions_prefixes_and_colors():
    solver = Solver(queens_matrix(6), "python")
    every_node(solver.dancer.search(givens=solver.option_numbers([(0, 1)], "given")))
    every_node(solver.dancer.search(excluded=solver.option_numbers([(0, 0), (2, 3)], "excluded")))
    for prefix in solver.split(2).prefixes[:4]:
        every_node(solver.dancer.search(prefix=prefix))
    colored = Matrix(["a", "b"], {"x": {"a": None, "s": "red"}, "y": {"b": None, "s": "red"},
                                  "z": {"b": None, "s": "blue"}, "e": []}, secondary=["s"])
    every_node(Solver(colored, "python").dancer.search())


@pytest.mark.parametrize("breakage", ["dlink", "llink", "len", "top", "spacer"])
def test_a_broken_link_is_caught(breakage):
    search = Solver(queens_matrix(5), "python").dancer.search()
    search.run(3)
    sanity.check(search)
    node = search.dlink[3]  # an option node of item 3
    if breakage == "dlink":
        search.dlink[node] = node  # a loop where the list went on
    elif breakage == "llink":
        search.llink[search.rlink[0]] = 2 if search.rlink[0] != 2 else 4
    elif breakage == "len":
        search.top[3] += 1
    elif breakage == "top":
        search.top[node] = 4
    else:
        after_first = search.dlink[search.n_items + 1] + 1  # the spacer after option 0
        search.ulink[after_first] += 1  # names the wrong first node of option 0
    with pytest.raises(sanity.InsaneSearch):
        sanity.check(search)
