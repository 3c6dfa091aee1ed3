"""A round of the SAT solver's loop (exactcover.engines.cycles): the C port gives the cuts
its specification gives, on random graphs whose taken edges make any number of cycles, and
both refuse, in the same words, a model whose vertex takes one edge or three, and the C one
arrays that are no graph."""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactcover.engines import ENGINE, cycles, get

c_cuts = get("c").loop_cuts if ENGINE == "c" else None
needs_c = pytest.mark.skipif(c_cuts is None, reason="the C engine is not built")


def graph(vertices: int, edges: list[tuple[int, int]]) -> tuple[array, array, array]:
    """``ends``, ``first`` and ``incident`` of a graph (cycles.py's numbering)."""
    at: list[list[int]] = [[] for _ in range(vertices)]
    for e, (u, v) in enumerate(edges):
        at[u].append(e)
        if v != u:
            at[v].append(e)
    first = [0]
    for mine in at:
        first.append(first[-1] + len(mine))
    return array("i", [x for edge in edges for x in edge]), array("i", first), array("i", [e for mine in at for e in mine])


@st.composite
def rounds(draw):
    """Disjoint cycles drawn on random vertices, their edges taken, and other edges not,
    each edge's variable somewhere in a model of random literals."""
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    vertices = draw(st.integers(3, 40))
    free = list(range(vertices))
    rng.shuffle(free)
    edges, on, rings = [], [], 0
    for _ in range(draw(st.integers(0, 5))):
        length = rng.randint(2, 8)
        if len(free) < length:
            break
        ring, free, rings = free[:length], free[length:], rings + 1
        for k in range(length):
            on.append(len(edges))
            edges.append((ring[k], ring[(k + 1) % length]))
    for _ in range(draw(st.integers(0, 30))):
        edges.append((rng.randrange(vertices), rng.randrange(vertices)))
    order = list(range(len(edges)))
    rng.shuffle(order)  # (the cycles' edges anywhere among the others)
    edges = [edges[k] for k in order]
    taken = {order.index(k) for k in on}
    var = rng.sample(range(1, 3 * len(edges) + 2), len(edges))
    model = [rng.choice([v, -v]) for v in range(1, 3 * len(edges) + 2)]
    for e, v in enumerate(var):
        model[v - 1] = v if e in taken else -v
    return (model, array("i", var), *graph(vertices, edges)), rings


@given(rounds())
@settings(max_examples=400, deadline=None)
def test_each_cycle_is_cut_and_the_c_port_cuts_as_its_specification_does(drawn):
    """A cut per cycle where there are several (none for one), each false in the model:
    the model is forbidden."""
    case, rings = drawn
    expected = cycles.loop_cuts(*case)
    assert len(expected) == (rings if rings > 1 else 0)
    model = case[0]
    assert not any(model[abs(v) - 1] == v for cut in expected for v in cut)
    if c_cuts is not None:
        assert c_cuts(*case) == expected


def test_a_cut_keeps_every_loop_and_forbids_the_model():
    """Two triangles: each gets a cut that the model breaks (both taken, nothing crossing)
    and one loop keeps (one of them alone)."""
    ends, first, incident = graph(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)])
    var = array("i", [1, 2, 3, 4, 5, 6, 7])
    model = [1, 2, 3, 4, 5, 6, -7]
    cuts = cycles.loop_cuts(model, var, ends, first, incident)
    assert cuts == [[-1, -4, 7], [-4, -1, 7]]
    assert not any(any(model[abs(v) - 1] == v for v in cut) for cut in cuts)
    one = [1, 2, 3, -4, -5, -6, -7]
    assert cycles.loop_cuts(one, var, ends, first, incident) == []
    assert all(any(one[abs(v) - 1] == v for v in cut) for cut in cuts)


@pytest.mark.parametrize("model, said", [([1, 2, -3, -4, -5, -6, -7], "vertex 2 takes one edge"),
                                         ([1, 2, 3, 4, 5, 6, 7], "takes more than two edges")])
def test_a_vertex_that_takes_one_edge_or_three_is_refused(model, said):
    ends, first, incident = graph(6, [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)])
    var = array("i", [1, 2, 3, 4, 5, 6, 7])
    for cuts in [cycles.loop_cuts] + ([c_cuts] if c_cuts else []):
        with pytest.raises(ValueError, match=said):
            cuts(model, var, ends, first, incident)


@needs_c
@pytest.mark.parametrize("change, said", [
    (lambda g: g.update(ends=array("i", [0, 9])), "no vertex"),
    (lambda g: g.update(ends=array("i", [0])), "two vertices per edge"),
    (lambda g: g.update(first=array("i", [0, 5, 2])), "rise within incident"),
    (lambda g: g.update(incident=array("i", [0, 3])), "no edge"),
    (lambda g: g.update(var=array("i", [99])), "not in the model"),
])
def test_the_c_port_refuses_arrays_that_are_no_graph(change, said):
    case = {"model": [1], "var": array("i", [1]), "ends": array("i", [0, 1]), "first": array("i", [0, 1, 2]),
            "incident": array("i", [0, 0])}
    change(case)
    with pytest.raises(ValueError, match=said):
        c_cuts(*case.values())
