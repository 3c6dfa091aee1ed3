"""The bitset way (pydlx/sets.py, cdlx/sets.c) against the links, on both engines.

A search may move from the links to sets of options after a sample of nodes. The move
must not be visible: every status, solution, prefix, fraction, probe and statistic is the
same as on the links and as in pydlx, wherever in the tree the move happens. A search's
`tuning` (contract.tuning) forces the move after any number of nodes (or never), so these
tests put it everywhere. The same holds for searches with bounds (Algorithm M: pydlx/msets.py,
cdlx/msets.c).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import engines
from exactcover.engines import contract, pydlx

from helpers import MODULES, colored_problems, dancer, lanes, on_sets, problems, trace


LINKS = contract.Tuning.of("links")


@st.composite
def one_primary_problems(draw):
    """Options of one primary item each (and secondary items, some with colors), the items'
    options interleaved: their bits are put in another order (tables.rank_options)."""
    n_primary = draw(st.integers(2, 5))
    n_secondary = draw(st.integers(0, 4))
    options = []
    for _ in range(draw(st.integers(2, 22))):
        extra = draw(st.lists(st.integers(n_primary, n_primary + n_secondary - 1), unique=True, max_size=3)) \
            if n_secondary else []
        options.append([(draw(st.integers(0, n_primary - 1)), 0)] + [(i, draw(st.integers(0, 2))) for i in extra])
    return n_primary, n_secondary, options


@pytest.mark.slow
@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=st.one_of(problems(), problems(bounded=True), colored_problems(), one_primary_problems()),
       data=st.data())
def test_moving_to_the_sets_anywhere_changes_nothing(problem, data):
    """Links only and sets from node k, on both engines: the same trace, step by step, as
    pydlx's links (but for where the search runs, which is the same on both engines); with
    bounds, with colors, and without; with tallies and without."""
    n_options = len(problem[2])
    options = list(range(n_options))
    givens = data.draw(st.lists(st.sampled_from(options), max_size=2, unique=True)) if options else []
    excluded = data.draw(st.lists(st.sampled_from([k for k in options if k not in givens]), max_size=3)) \
        if len(options) > len(givens) else []
    steps = data.draw(st.integers(1, 9))
    after = data.draw(st.integers(1, 5))
    tallies = data.draw(st.booleans())
    eight_at_a_time = data.draw(st.booleans())
    kwargs = dict(counting=data.draw(st.booleans()), work=data.draw(st.sampled_from([0, 0, 3, 17])),
                  depth=data.draw(st.sampled_from([-1, -1, 1, 2])), probes=(1, 2),
                  givens=givens, excluded=excluded)
    try:
        expected, _ = trace(pydlx, problem, steps, tuning=LINKS, **kwargs)
    except ValueError:  # clashing givens: refused alike, before any run
        for module in MODULES:
            with pytest.raises(ValueError):
                trace(module, problem, steps, **kwargs)
        return
    on_links = [step[:-1] for step in expected if not isinstance(step[0], tuple)]
    sets_traces = []
    for module in MODULES:
        links, s = trace(module, problem, steps, tuning=LINKS, **kwargs)
        assert s.where == -1
        assert links == expected
        with lanes(eight_at_a_time):
            sets, s = trace(module, problem, steps, tuning=on_sets(after, tallies), **kwargs)
        assert [step[:-1] for step in sets if not isinstance(step[0], tuple)] == on_links
        assert [step for step in sets if isinstance(step[0], tuple)] == \
            [step for step in expected if isinstance(step[0], tuple)]  # the probes
        sets_traces.append(sets)
    assert all(other == sets_traces[0] for other in sets_traces)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=st.one_of(problems(), problems(bounded=True)), data=st.data())
def test_pythons_loops_over_tuples_are_its_loops_over_spacers(problem, data):
    """pydlx walks a short option's other nodes as a tuple (Dancer.the_rest) where it can:
    with no option short enough every trace, seeded or not, on the links
    and moved to the sets, is the same."""
    kwargs = dict(counting=data.draw(st.booleans()), probes=(1, 2), seed=data.draw(st.sampled_from([None, 3])),
                  tuning=data.draw(st.sampled_from([LINKS, on_sets(1), on_sets(3), on_sets(2, tallies=True)])))
    steps = data.draw(st.integers(1, 9))
    expected, s = trace(pydlx, problem, steps, **kwargs)
    assert s.dancer.the_rest()
    short = pydlx.dancer.SHORT_OPTION
    try:
        pydlx.dancer.SHORT_OPTION = -1  # (no option is that short)
        got, s = trace(pydlx, problem, steps, **kwargs)
    finally:
        pydlx.dancer.SHORT_OPTION = short
    assert not problem[2] or not (s.dancer.the_rest() or s.dancer.other_items())
    assert got == expected


@pytest.mark.slow
@pytest.mark.parametrize("bounded", [False, True])
def test_a_subtree_on_the_sets_is_the_subtree_on_the_links(module, bounded):
    """A prefix replayed, then searched on the sets, gives the links' subtree."""
    rng = random.Random(5)
    problem = (8, 2, [rng.sample(range(10), rng.randint(1, 4)) for _ in range(60)])
    if bounded:
        problem += ([0, 2, 1, 1, 1, 3, 0, 1] * 2,)
    seen, _ = trace(module, problem, 10**6, counting=True, depth=2, tuning=LINKS)
    prefixes = [prefix for status, prefix, *_ in seen if status == pydlx.PREFIX]
    assert prefixes
    for prefix in prefixes:
        expected, _ = trace(pydlx, problem, 5, counting=True, prefix=prefix, probes=(3,), tuning=LINKS)
        for after in (1, 2, 7):
            got, s = trace(module, problem, 5, counting=True, prefix=prefix, probes=(3,), tuning=on_sets(after))
            assert [step[:-1] if isinstance(step[0], int) else step for step in got] == \
                [step[:-1] if isinstance(step[0], int) else step for step in expected]


@pytest.mark.slow
def test_pentominoes_move_to_the_sets_by_default_and_count_alike(engine):
    """With the default tuning a packing problem moves to the sets; the counts agree."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
    from pentominoes import Pentominoes, encode

    from exactcover import Solver

    matrix = encode(Pentominoes())
    solver = Solver(matrix, engine)
    before = solver.dancer.nbytes
    search = solver.dancer.search()
    search.run(20_000, counting=True)
    assert search.where == 1
    # 33 words per set: the masks (a row per item, one per length), the conflicts (a row per
    # option), and each option's primary items (2 words of 72 bits)
    assert solver.dancer.nbytes == before + 8 * ((73 + 1) * 33 + 2056 * 33 + 2056 * 2)
    links = solver.dancer.search(tuning=LINKS)
    links.run(20_000, counting=True)
    assert links.where == -1
    assert (search.nodes, search.updates, search.solutions) == (links.nodes, links.updates, links.solutions)


def test_the_sample_decides_by_updates_per_node(engine):
    """Sudoku (15 updates per node, 324 items and 12 words: far below n1 * W / 30) and a
    random 100-item matrix of 1000 options (44 per node, below 1600 / 30) move to the sets
    with tallies (past TALLY_FLOOR); one of 2-item options (4 per node) stays on the links;
    12-queens (21 per node, 24 items and 3 words) and a matrix whose nodes make ~90 updates
    move, without tallies; a search that ends within its sample never moves."""
    from problems import PUZZLE_8008, queens_matrix, sudoku_givens, sudoku_matrix

    from exactcover import Matrix, Solver

    sudoku = Solver(sudoku_matrix(), engine)
    search = sudoku.dancer.search(givens=sudoku.option_numbers(sudoku_givens(PUZZLE_8008), "given"))
    search.run(10_000, counting=True)
    assert search.where == 1 and search.tallied
    rng = random.Random(9)
    wide = Matrix([f"i{k}" for k in range(100)], [[f"i{k}" for k in rng.sample(range(100), 4)] for _ in range(1000)])
    search = Solver(wide, engine).dancer.search()
    search.run(10_000, counting=True)
    assert 40 < search.updates / search.nodes < 1600 / 30 and search.where == 1 and search.tallied
    pairs = Matrix([f"i{k}" for k in range(100)], [[f"i{k}" for k in rng.sample(range(100), 2)] for _ in range(1000)])
    search = Solver(pairs, engine).dancer.search()
    search.run(10_000, counting=True)
    assert search.updates / search.nodes < pydlx.tally.TALLY_FLOOR and search.where == -1 and not search.tallied
    search = Solver(queens_matrix(12), engine).dancer.search()
    search.run(10_000, counting=True)
    assert search.where == 1 and not search.tallied
    rng = random.Random(8)
    dense = Matrix([f"i{k}" for k in range(50)], [[f"i{k}" for k in rng.sample(range(50), 5)] for _ in range(400)])
    search = Solver(dense, engine).dancer.search()
    search.run(10_000, counting=True)
    assert search.updates / search.nodes > 40 and search.where == 1 and not search.tallied
    search = Solver(queens_matrix(8), engine).dancer.search(tuning=contract.Tuning(sample=20_000))
    assert search.run(20_000, counting=True) == pydlx.DONE and search.where == 2


@pytest.mark.slow
def test_bounded_searches_move_to_the_sets_by_default_and_count_alike(engine):
    """Queen domination of a 6x6 board by 4 queens (each square covered 1..4 times) makes
    ~150 updates per node: with the default tuning it moves; counts and statistics agree."""
    from exactcover import Matrix, Solver

    squares = [(r, c) for r in range(6) for c in range(6)]
    options = {s: ["Q"] + [f"{t}" for t in squares if t[0] == s[0] or t[1] == s[1]
                           or abs(t[0] - s[0]) == abs(t[1] - s[1])] for s in squares}
    matrix = Matrix(["Q"] + [f"{t}" for t in squares], options, bounds={"Q": 4, **{f"{t}": (1, 4) for t in squares}})
    solver = Solver(matrix, engine)
    searches = solver.dancer.search(), solver.dancer.search(tuning=LINKS)
    for search in searches:
        assert search.run(10**7, counting=True) == pydlx.DONE
    assert [search.where for search in searches] == [1, -1]
    assert len({(s.nodes, s.updates, s.solutions, s.max_level) for s in searches}) == 1
    assert searches[0].solutions == solver.count() == 2744


def test_seeded_searches_and_colored_ones_with_bounds_never_use_the_sets(module):
    colored = module.Dancer(1, 1, [0, 2, 4], [0, 1, 0, 1], [0, 1, 0, 2], [0, 2])
    plain = dancer(module, (2, 0, [[0], [1], [0, 1]]))
    bounded = dancer(module, (2, 0, [[0], [1], [0, 1]], [0, 2, 1, 1]))
    for search in (colored.search(tuning=on_sets(1)), plain.search(seed=3, tuning=on_sets(1)),
                   bounded.search(seed=3, tuning=on_sets(1))):
        while search.run(1, counting=True) != pydlx.DONE:
            pass
        assert search.where == -1
    search = plain.search(tuning=on_sets(1))
    assert search.where == 0  # decided on its first run
    while search.run(1, counting=True) != pydlx.DONE:
        pass
    assert search.where == 1


def test_a_bad_tuning_is_refused_by_both_engines(engine):
    """A tuning out of range cannot be made; one that is not a Tuning is refused by both."""
    for bad in [{"budget": -1}, {"sample": -1}, {"ratio": 0.0}, {"ratio": float("nan")}, {"to_sets": 7}]:
        with pytest.raises(ValueError, match="budget|sample|ratio|ToSets"):
            contract.Tuning(**bad)
    plain = dancer(engines.get(engine), (2, 0, [[0], [1], [0, 1]]))
    for bad in ["sets", (1 << 16, 256, 0.0, 30.0)]:
        with pytest.raises(TypeError, match="tuning must be None or a contract.Tuning"):
            plain.search(tuning=bad)


def test_searches_with_different_tunings_run_at_once(module):
    """The choice is the search's own (no global state): a search on the links and one moved
    to the sets, interleaved on one dancer, each stay where they are and agree."""
    rng = random.Random(3)
    problem = (12, 2, [rng.sample(range(14), rng.randint(2, 5)) for _ in range(80)])
    shared = dancer(module, problem)
    links, sets = shared.search(tuning=LINKS), shared.search(tuning=on_sets(1))
    while True:
        done = [search.run(7, counting=True) for search in (links, sets)]
        assert links.where == -1 and sets.where in (1, 2)
        if done == [pydlx.DONE, pydlx.DONE]:
            break
    assert (links.nodes, links.updates, links.solutions) == (sets.nodes, sets.updates, sets.solutions)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_larger_random_searches_agree(seed, module):
    """Deeper trees with longer options than hypothesis draws: the sets, moved to at several
    points, count what the links count, with the same statistics (odd seeds with bounds,
    over more than one 64-bit word of options)."""
    rng = random.Random(seed)
    n_primary, n_secondary = rng.randint(8, 14), rng.randint(0, 4)
    n = n_primary + n_secondary
    problem = (n_primary, n_secondary, [rng.sample(range(n), rng.randint(2, 5)) for _ in range(rng.randint(30, 90))])
    if seed % 2:
        problem = problem[:2] + (problem[2] + [rng.sample(range(n), rng.randint(3, 5)) for _ in range(50)],
                                 [x for _ in range(n_primary) for x in rng.choice([(1, 1), (1, 1), (0, 1), (1, 2)])])
    expected, _ = trace(module, problem, 10**6, counting=True, tuning=LINKS)
    for after in (1, 3, 10, 40):
        got, s = trace(module, problem, 10**6, counting=True, tuning=on_sets(after))
        assert [step[:-1] for step in got] == [step[:-1] for step in expected]


@pytest.mark.parametrize("seed", range(8))
def test_larger_colored_searches_agree(seed, module):
    """With colors, over more than one word of options: the sets, moved to at several points,
    after givens or within a subtree, give the links' trace, statistics included."""
    rng = random.Random(seed)
    n_primary, n_secondary = rng.randint(5, 10), rng.randint(3, 6)
    n = n_primary + n_secondary
    options = []
    for _ in range(rng.randint(70, 160)):
        items = rng.sample(range(n_primary), rng.randint(1, 2)) + rng.sample(range(n_primary, n), rng.randint(1, 3))
        options.append([(i, rng.choice([0, 1, 2, 2, 3]) if i >= n_primary else 0) for i in items])
    problem = (n_primary, n_secondary, options)
    for after in (1, 3, 10, 40):
        expected, _ = trace(module, problem, 50, counting=True, tuning=LINKS, probes=(after,))
        got, s = trace(module, problem, 50, counting=True, tuning=on_sets(after), probes=(after,))
        assert [step[:-1] if isinstance(step[0], int) else step for step in got] == \
            [step[:-1] if isinstance(step[0], int) else step for step in expected]
        assert s.where == 1 or s.nodes <= after
    prefixes = [step[1] for step in trace(module, problem, 10**6, counting=True, depth=2, tuning=LINKS)[0]
                if step[0] == pydlx.PREFIX]
    for prefix in prefixes[:6]:
        expected, _ = trace(module, problem, 10**6, counting=True, prefix=prefix, tuning=LINKS)
        got, _ = trace(module, problem, 10**6, counting=True, prefix=prefix, tuning=on_sets(2))
        assert [step[:-1] for step in got] == [step[:-1] for step in expected]


@pytest.mark.parametrize("eight_at_a_time", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_sets_of_many_words_choose_alike(seed, eight_at_a_time, module):
    """Sets of 9 to 15 words, most of them empty deep in the tree (the item choice reads
    the nonzero words only), with colors on even seeds: the links' first 12,000 nodes, the
    C engine's item choice counting eight items at a time (lanes.c) or one at a time."""
    rng = random.Random(seed)
    n_primary, n_secondary = rng.randint(20, 60), rng.randint(3, 6) if seed % 2 == 0 else 0
    n = n_primary + n_secondary
    options = []
    for _ in range(rng.randint(600, 900)):
        items = rng.sample(range(n_primary), rng.randint(1, 4))
        if n_secondary:
            items += [(i, rng.choice([0, 1, 2])) for i in rng.sample(range(n_primary, n), rng.randint(0, 2))]
        options.append(items)
    problem = (n_primary, n_secondary, options)
    expected, _ = trace(module, problem, 300, counting=True, chunks=40, tuning=LINKS)
    for after in (1, 5, 60):
        with lanes(eight_at_a_time):
            got, s = trace(module, problem, 300, counting=True, chunks=40, tuning=on_sets(after))
        assert [step[:-1] for step in got] == [step[:-1] for step in expected]
        assert s.where == 1


def test_word_squares_move_to_the_sets_by_default_and_count_alike(engine):
    """Word squares (a word per row and column, the letters as colors on the cells) make
    many updates per node: the default rule moves the count to the sets; counts and
    statistics agree with the links, also after a given word."""
    from problems import word_squares

    from exactcover import Solver

    matrix = word_squares(3, 60, "abcde", 4)
    dancer = Solver(matrix, engine).dancer
    for givens, tuning in (([], None), ([0], on_sets(100))):  # (with the given, 624 nodes: under the sample)
        searches = dancer.search(givens=givens, tuning=tuning), dancer.search(givens=givens, tuning=LINKS)
        for search in searches:
            assert search.run(10**7, counting=True) == pydlx.DONE
        assert [search.where for search in searches] == [1, -1]
        assert len({(s.nodes, s.updates, s.solutions, s.max_level) for s in searches}) == 1
        assert searches[0].solutions > 0
    if engine == "python":  # a row's options and a column's alternate: the bits are reordered
        assert dancer.rank is not None and dancer.ranked[:3] == [0, 6, 12]
    solver = Solver(matrix, engine)  # a whole count samples with a table first, then hands over
    counts = [(solver.count(way=way, memo=memo), solver.stats.nodes, solver.stats.updates, solver.stats.way)
              for way, memo in (("auto", None), ("auto", False), ("links", False))]
    assert counts[1][:3] == counts[2][:3] and [c[3] for c in counts] == ["sets", "sets", "links"]
    assert counts[0][:2] == counts[2][:2]  # (its updates: the memoizing sample's, see design-notes.md)


@pytest.mark.parametrize("options, ranked", [
    ([[0], [1], [0], [1]], [0, 2, 1, 3]),  # (two items' options alternating: gathered)
    ([[1], [0, 1], [0]], None),  # (gathered by first item, item 1's would go out of order)
    ([[0], [0, 1], [1]], None),  # (already in that order)
    ([[0, 2], [1, 2], [0], [2]], [0, 2, 1, 3]),  # (option 3 has no primary item: last)
])
def test_the_bits_are_ranked_only_where_every_items_order_stays(options, ranked):
    """tables.rank_options gathers each primary item's options where no item's options change
    order, and keeps bit k for option k otherwise; both engines count the same either way."""
    problem = (2, 1, options)
    d = dancer(pydlx, problem)
    assert pydlx.tables.build(d) and d.ranked == ranked
    for module in MODULES:
        expected, _ = trace(module, problem, 1, counting=True, tuning=LINKS)
        got, _ = trace(module, problem, 1, counting=True, tuning=on_sets(1), probes=(2,))
        assert [step[:-1] for step in got if isinstance(step[0], int)] == [step[:-1] for step in expected]


def test_both_engines_have_the_same_rule():
    """The defaults of the rule are one, so both engines move the same searches."""
    if "c" in engines.available():
        default = contract.Tuning()
        assert engines.get("c").DEFAULT_TUNING == (default.budget, default.sample, default.floor, default.ratio)
        assert engines.get("c").TALLIES == (pydlx.tally.TALLY_FLOOR, pydlx.tally.TALLY_LINE, pydlx.tally.TALLY_COVERED,
                                            pydlx.tally.MAX_TALLY)


@pytest.mark.slow
def test_the_statistics_say_which_way_a_search_took(engine):
    """`Stats.way`: "sets" where the calibrated rule moved, "links" where it stayed or was told
    to; a parallel search's subtrees are summed up ("links", "sets" or "mixed")."""
    import exactcover
    from exactcover.parallel import searches
    from exactcover_polyomino import make

    solver = exactcover.front.api.prepare(make("3x20"), engine).solver
    assert solver.count(memo=False) == 8 and solver.stats.way == "sets"
    assert solver.count(way="links") == 8 and solver.stats.way == "links"
    assert solver.count(way="sets") == 8 and solver.stats.way == "sets"
    assert searches.count(solver, solver.planned("count", jobs=2, way="sets")) == 8  # (a subtree that ends before its move stays on the links)
    assert solver.stats.way in ("sets", "mixed")
    assert searches.count(solver, solver.planned("count", jobs=2, way="links")) == 8 and solver.stats.way == "links"
    queens = exactcover.front.api.prepare(exactcover.Matrix.from_dense([[1]]), engine).solver
    assert queens.count() == 1 and queens.stats.way == "links"


@pytest.mark.slow
def test_tallies_count_alike_with_options_of_three_and_four_items(engine):
    """The C tallies count down the items of options of 3 or 4 primary items unrolled
    (cdlx/tally.h): sudoku (4 each) and a random matrix of 3-item options count as on the
    links, statistics included, and so does one of 2- and 3-item options with a secondary
    item each (the loop over each option's primary items)."""
    from problems import PUZZLE_8008, sudoku_givens, sudoku_matrix

    from exactcover import Matrix, Solver

    rng = random.Random(4)
    planted = rng.sample(range(24), 24)  # (8 disjoint triples, each with a secondary item of its own)
    triples = [(planted[3 * k:3 * k + 3], k) for k in range(8)] + \
        [(rng.sample(range(24), 3), rng.randrange(8)) for _ in range(140)]
    rng.shuffle(triples)
    matrices = [(sudoku_matrix(), sudoku_givens(PUZZLE_8008)),
                (Matrix([f"i{k}" for k in range(24)], [[f"i{k}" for k in t] for t, _ in triples]), []),
                (Matrix([f"i{k}" for k in range(24)], [[f"i{k}" for k in t] + [f"s{j}"] for t, j in triples] +
                        [[f"i{k}" for k in rng.sample(range(24), 2)] + ["s0"] for _ in range(30)],
                        secondary=[f"s{k}" for k in range(8)]), [])]
    for matrix, givens in matrices:
        solver = Solver(matrix, engine)
        numbers = solver.option_numbers(givens, "given")
        seen = []
        for tuning in (LINKS, on_sets(3, tallies=True)):
            search = solver.dancer.search(givens=numbers, tuning=tuning)
            search.run(10 ** 7, counting=True)
            seen.append((search.nodes, search.updates, search.solutions, search.max_level))
            assert search.tallied == (tuning != LINKS)
        assert seen[0] == seen[1] and seen[0][2] > 0
