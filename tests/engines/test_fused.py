"""pydlx's bitset way in one loop (pydlx/fused.py) against its specification, `Search.steps`
with `Sets.steps`: the same state at every pause, whichever loop ran each chunk of nodes."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import dancer, on_sets

from exactcover.engines import contract, pydlx
from exactcover.engines.pydlx.sets import Sets


def state(s):
    """What a pause leaves of a search on the sets: its statistics and where it stands, the
    levels' choices, the list of active items, and the way's sets, options and tallies."""
    way = s.way
    levels = range(s.level + 1)
    return (s.nodes, s.updates, s.solutions, s.max_level, s.level, s.resume, s.where, s.fraction(), s.share(),
            [s.choice[k] for k in range(s.level)], [(s.tried[k], s.total[k]) for k in range(s.level)],
            list(s.rlink), list(s.llink),
            None if way is None else ([way.alive[k] for k in levels], [way.option[k] for k in range(s.level)],
                                      None if way.tally is None else [way.tally[k] for k in levels]))


def trace(problem, steps, loops, *, counting, work, depth, tallies, after, givens):
    """Each pause's status, solution or prefix, state and probes, with the loop of each chunk
    taken in turn from ``loops`` (True: fused.run, False: Search.steps)."""
    s = dancer(pydlx, problem).search(givens=givens, tuning=on_sets(after, tallies))
    seen, chunk, fused = [], 0, set()
    while True:
        if s.way is not None:
            s.way.fused = loops[chunk % len(loops)] and s.way.fused
            fused.add(s.way.fused)
        status = s.run(steps, work=work, counting=counting, depth=depth)
        chunk += 1
        seen.append((status, s.solution() if status == pydlx.SOLUTION else s.prefix(), state(s),
                     s.probe(chunk)))
        if status in (pydlx.DONE, pydlx.LIMIT):
            return seen, fused


@st.composite
def problems(draw):
    """Uncolored matrices with enough options for searches of some depth: (n_primary,
    n_secondary, options as lists of item numbers)."""
    n_primary, n_secondary = draw(st.integers(2, 7)), draw(st.integers(0, 2))
    item = st.integers(0, n_primary + n_secondary - 1)
    options = draw(st.lists(st.lists(item, min_size=1, max_size=4, unique=True), min_size=6, max_size=24))
    for i in range(n_primary):  # (each primary item on two options at least: searches go deeper)
        options += [[i, *o[:2]] for o in draw(st.lists(st.lists(item, max_size=3, unique=True), min_size=2, max_size=2))
                    if i not in o[:2]]
    return n_primary, n_secondary, options


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=problems(), data=st.data())
def test_the_fused_loop_leaves_the_states_the_specification_does(problem, data):
    """Every pause's status, solution or prefix, state and probe: the same with the fused
    loop, with the specification's, and with the two taking turns."""
    options = range(len(problem[2]))
    kwargs = dict(counting=data.draw(st.booleans()), work=data.draw(st.sampled_from([0, 0, 3, 17])),
                  depth=data.draw(st.sampled_from([-1, -1, 1, 2])), tallies=data.draw(st.booleans()),
                  after=data.draw(st.integers(1, 4)),
                  givens=data.draw(st.lists(st.sampled_from(options), max_size=1)) if options else [])
    steps = data.draw(st.integers(1, 7))
    try:
        expected, _ = trace(problem, steps, [False], **kwargs)
    except ValueError:  # (a given repeated: refused before any run)
        return
    for loops in ([True], [True, False], [False, True]):
        got, fused = trace(problem, steps, loops, **kwargs)
        assert got == expected
        assert fused <= set(loops)


def test_the_fused_loop_runs_plain_searches_on_the_sets_only(monkeypatch):
    """Uncolored searches on the sets take the fused loop; colored ones, and any when
    `Sets.FUSE` is off, take the specification's."""
    plain = dancer(pydlx, (3, 0, [[0, 1], [2], [0], [1, 2], [1]]))
    colored = dancer(pydlx, (2, 1, [[(0, 0), (2, 1)], [(1, 0), (2, 1)], [(0, 0), (1, 0)]]))
    for d, fused, solutions in ((plain, True, 3), (colored, False, 2)):
        s = d.search(tuning=on_sets(1))
        assert s.run(10**6, counting=True) == pydlx.DONE and s.solutions == solutions
        assert isinstance(s.way, Sets) and s.way.fused is fused
    monkeypatch.setattr(Sets, "FUSE", False)
    s = plain.search(tuning=on_sets(1))
    s.run(10**6, counting=True)
    assert s.way is not None and not s.way.fused


@pytest.mark.parametrize("tallies", [False, True])
def test_the_fused_loop_counts_the_queens_as_the_specification(tallies, monkeypatch):
    """A larger search (8 queens, 92 solutions), paused every 97 nodes, in both loops."""
    from exactcover import Solver
    from problems import queens_matrix

    d = Solver(queens_matrix(8), "python").dancer
    results = []
    for fuse in (True, False):
        monkeypatch.setattr(Sets, "FUSE", fuse)
        s = d.search(tuning=on_sets(5, tallies))
        while s.run(97, counting=True) != pydlx.DONE:
            pass
        results.append((s.solutions, s.nodes, s.updates, s.max_level, s.way.fused, s.tallied))
    assert results[0][:4] == results[1][:4] and results[0][0] == 92
    assert results[0][4] and not results[1][4]


@pytest.mark.slow
@pytest.mark.parametrize("tuning", [None, contract.Tuning(floor=1e9), contract.Tuning.of("sets", 1, True)],
                         ids=["default", "stays", "tallies"])
@pytest.mark.parametrize("problem", ["queens", "sudoku"])
def test_a_sample_on_the_sets_is_the_sample_on_the_links(problem, tuning, monkeypatch):
    """pydlx takes a search's sample on the sets with tallies (sets.samples_on_sets), C on
    the links; then each moves, with tallies or not, or stays on the links alike: at every
    pause the same nodes, updates, way and tallies, and at the end the same solutions and
    `nbytes` (the tables counted only where C builds them); as pydlx's sample on the links."""
    from problems import PUZZLE_8008, queens_matrix, sudoku_givens, sudoku_matrix

    from exactcover import Solver, engines
    from exactcover.engines.pydlx import ways

    matrix = queens_matrix(9) if problem == "queens" else sudoku_matrix()

    def run(engine):
        solver = Solver(matrix, engine)
        givens = solver.option_numbers(sudoku_givens(PUZZLE_8008), "given") if problem == "sudoku" else ()
        search = solver.dancer.search(givens=givens, tuning=tuning)
        seen = []
        while (status := search.run(100, counting=True)) == pydlx.PAUSED:
            seen.append((search.nodes, search.updates, search.where, search.tallied))
        return seen, search.solutions, search.max_level, solver.dancer.nbytes

    on_sets = run("python")
    assert on_sets[1] == (352 if problem == "queens" else 8008)
    if "c" in engines.available():
        assert run("c") == on_sets
    monkeypatch.setattr(ways, "samples_on_sets", lambda search: False)
    assert run("python") == on_sets
