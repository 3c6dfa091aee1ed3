"""The ways that search another tree than MRV's (contract.OTHER_TREES): the rules of the item
choice other than MRV (contract.RULES): the weighted choice (way="weighted": pydlx's
Choice.choose_weighted, C's links.c), the weighted ties ("weighted-ties") and the failure
rate ("failure-rate"); and binary branching ("binary": pydlx/binary.py, C's binary.c).

Each must find exactly the solutions MRV finds, on both engines in the same order with the
same statistics (at any step size, so resuming changes nothing), refuse what it cannot do
with the same errors, and make the trees of hard puzzles smaller, which is what it is for.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import GivensError, Matrix, Solver, Unsupported, engines
from exactcover.engines import contract, pydlx
from exactcover.parallel import searches

from helpers import (ENGINES, MODULES, brute_force, colored_problems, dancer, lanes, matrices, on_sets, problems,
                     trace, with_weights)
from problems import INKALA, PUZZLE_8008, sudoku_matrix

LINKS = contract.Tuning.of("links")
#: The two weighted rules, which may move to the sets.
WEIGHTED_RULES = {"weighted": contract.RULE_WEIGHTED, "weighted-ties": contract.RULE_WEIGHTED_TIES}
#: The ways of the rules other than MRV, and binary branching.
RULED = tuple(contract.OTHER_TREES)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=matrices(), data=st.data(), way=st.sampled_from(RULED))
def test_each_rule_finds_every_solution_alike_on_both_engines(matrix, data, way):
    """Colors, secondary items, givens and exclusions: the oracle's solutions, and on every
    engine the same sequence, statistics and count."""
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    free = [label for label in labels if label not in givens]
    exclude = data.draw(st.lists(st.sampled_from(free), max_size=3)) if free else []
    expected = brute_force(matrix, givens, exclude)
    seen = []
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        try:
            solutions = list(solver.solutions(givens, exclude=exclude, way=way))
        except GivensError:  # clashing givens: the same error everywhere
            seen.append("clash")
            continue
        stats = solver.stats
        count = solver.count(givens, exclude=exclude, way=way)
        assert {frozenset(s) for s in solutions} == expected
        assert count == len(solutions) == len(expected)
        seen.append((solutions, stats.nodes, stats.updates, stats.max_level, solver.stats.nodes))
    assert all(entry == seen[0] for entry in seen)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=st.one_of(problems(), colored_problems()), steps=st.integers(1, 7), depth=st.integers(-1, 3),
       way=st.sampled_from(RULED))
def test_a_ruled_search_is_the_same_at_any_step_size_and_on_both_engines(problem, steps, depth, way):
    """Statuses, solutions, prefixes, fractions and counts, run a few nodes at a time: the
    weights, tries and failures, or the stack of branches, carry over between runs; C and pydlx
    agree at every step."""
    tuning = contract.Tuning.of(way)
    depth = -1 if way == "binary" else depth  # (it does not split: test_binary_branching_does_not_split)
    whole = [trace(module, problem, 10**9, depth=depth, tuning=tuning)[0] for module in MODULES]
    stepped = [trace(module, problem, steps, depth=depth, tuning=tuning)[0] for module in MODULES]
    assert all(run == stepped[0] for run in stepped)
    assert all(run == whole[0] for run in whole)
    found = [entry[1] for entry in whole[0] if entry[0] == pydlx.SOLUTION]
    assert found == [entry[1] for entry in stepped[0] if entry[0] == pydlx.SOLUTION]


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problem=st.one_of(problems(), colored_problems()), steps=st.integers(1, 7), after=st.integers(1, 6),
       tallies=st.booleans(), depth=st.integers(-1, 3), rule=st.sampled_from(list(WEIGHTED_RULES.values())))
def test_a_weighted_search_moved_to_the_sets_is_the_search_on_the_links(problem, steps, after, tallies, depth, rule):
    """Moved to the sets after a few nodes, a search by a weighted rule chooses with its
    weights by tallies, where the matrix can have them and the move asks for them (C's
    tally_choose, pydlx's choose_tally), else by population counts (C's choose_weighted_set,
    pydlx's Sets.choose_weighted); with colors it stays on the links. Either way every
    status, solution, prefix, fraction and count is the links' at every step, on both
    engines."""
    on_links = trace(pydlx, problem, steps, depth=depth, tuning=attrs.evolve(LINKS, rule=rule))[0]
    for module in MODULES:
        moved, s = trace(module, problem, steps, depth=depth, tuning=with_weights(on_sets(after, tallies), rule=rule))
        assert [step[:-1] for step in moved] == [step[:-1] for step in on_links]
        assert (s.where == contract.Where.SETS) <= (not s.dancer.has_colors) if module is pydlx else True


def weighted_trace(module, matrix, tuning, rule, steps=97):
    """A search's statuses, solutions, fractions and counts by a weighted rule, run ``steps``
    at a time."""
    s = Solver(matrix, engines.name_of(module)).dancer.search(tuning=with_weights(tuning, rule=rule))
    seen = []
    while (status := s.run(steps, counting=True)) != pydlx.DONE:
        seen.append((status, s.fraction(), s.nodes, s.updates, s.solutions, s.max_level, s.level))
    return seen + [(s.nodes, s.updates, s.solutions, s.max_level)], s


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", [INKALA, PUZZLE_8008], ids=["Inkala", "8008"])
@pytest.mark.parametrize("after", [1, 40])
@pytest.mark.parametrize("rule", WEIGHTED_RULES.values(), ids=WEIGHTED_RULES.keys())
def test_a_weighted_sudoku_search_on_the_tallies_is_its_search_on_the_links(puzzle, after, rule):
    """Sudokus whose trees have dead ends and choices among items of two or more options,
    where the weights steer (and the weighted ties' heavy items of one option come before
    the light ones): counted on the tallies from node ``after`` on, every pause and count is
    the search's on the links by the same rule, on both engines."""
    matrix = sudoku_matrix(puzzle)
    expected, _ = weighted_trace(pydlx, matrix, LINKS, rule)
    for module in MODULES:
        seen, s = weighted_trace(module, matrix, on_sets(after, tallies=True), rule)
        assert seen == expected
        assert s.where == contract.Where.SETS


@pytest.mark.parametrize("puzzle", [INKALA, PUZZLE_8008], ids=["Inkala", "8008"])
@pytest.mark.parametrize("allow_lanes", [False, True])
def test_the_weighted_ties_choose_alike_by_counts_on_long_sets(puzzle, allow_lanes):
    """A sudoku's sets take 9 or more words, past the ones the C engine's lanes read whole,
    so its choice by counts reads the words listed as live; its keys then hold each item's
    count, WEIGHT and number. Every pause and count is the weighted ties' on the links."""
    matrix = sudoku_matrix(puzzle)
    ties = contract.RULE_WEIGHTED_TIES
    with lanes(allow_lanes):
        expected, _ = weighted_trace(engines.get("c"), matrix, LINKS, ties)
        seen, s = weighted_trace(engines.get("c"), matrix, on_sets(1), ties)
    assert Solver(matrix).dancer.n_options > 64 * 8
    assert seen == expected
    assert s.where == contract.Where.SETS


@pytest.mark.parametrize("way", RULED)
def test_what_a_rule_refuses_is_refused_alike(way):
    """A seed, bounds, costs, memo and random probes: Unsupported, with the same words on
    both engines."""
    tuning = contract.Tuning.of(way)
    said = []
    for module in MODULES:
        plain = dancer(module, (2, 0, [[0], [1], [0, 1]]))
        bounded = dancer(module, (2, 0, [[0], [1], [0, 1]], [1, 2, 1, 1]))
        costed = module.Dancer(2, 0, [0, 1, 2, 4], [0, 1, 0, 1], [0] * 4, [], [1, 2, 3])
        attempts = [lambda: plain.search(seed=3, tuning=tuning),
                    lambda: bounded.search(tuning=tuning),
                    lambda: costed.search(best=1, tuning=tuning),
                    lambda: plain.search(memo=contract.MEMO_ON, tuning=tuning),
                    lambda: plain.search(tuning=tuning).probe(1)]
        words = []
        for attempt in attempts:
            with pytest.raises(Unsupported) as caught:
                attempt()
            words.append(str(caught.value))
        said.append(words)
    assert all(words == said[0] for words in said)
    assert "seed" in said[0][0] and "bounds" in said[0][1] and "cheapest" in said[0][2]
    assert said[0][3].startswith(f"{contract.OTHER_TREES[way]} with memo:") and "probe" in said[0][4]
    assert all(contract.OTHER_TREES[way] in words for words in said[0])


@pytest.mark.parametrize("way", RULED)
def test_a_parallel_ruled_count_adds_up(engine, way):
    """The subtrees (cut by MRV) searched with a rule count what the serial searches count."""
    from problems import queens_matrix

    solver = Solver(queens_matrix(7), engine)
    assert searches.count(solver, solver.planned("count", jobs=2, way=way)) == solver.count(way=way) == solver.count() == 40


@pytest.mark.skipif("c" not in ENGINES, reason="a hard 16x16 sudoku needs the C engine")
def test_the_weighted_choice_finishes_a_sudoku_that_mrv_cannot_in_a_million_nodes():
    """A forum 16x16 puzzle (tests/data/sudoku): MRV needs millions of nodes to prove it
    unique; the weighted choice a few thousand."""
    from exactcover import BudgetExceeded
    from exactcover.front.api import prepare
    from exactcover_sudoku import Sudoku

    from helpers import puzzle_lines

    prepared = prepare(Sudoku.parse(puzzle_lines("sudoku16_sample.txt")[8]), engine="c")  # (#9: 11.6M nodes by MRV)
    with pytest.raises(BudgetExceeded):
        prepared.count(limit=2, way="links", max_nodes=1_000_000, memo=False)
    assert prepared.count(limit=2, way="weighted", max_nodes=100_000) == 1
    assert prepared.solver.stats.nodes < 20_000


def queens_problem(n: int):
    """The n-queens problem as `helpers.dancer` takes it: rows and columns primary, the
    diagonals secondary."""
    options = [[r, n + c, 2 * n + r + c, 4 * n - 1 + r - c + n - 1] for r in range(n) for c in range(n)]
    return 2 * n, 2 * (2 * n - 1), options


@pytest.mark.parametrize("n", [7, 8])
@pytest.mark.parametrize("steps", [1, 37, 10**6])
@pytest.mark.parametrize("tallies", [False, True])
@pytest.mark.parametrize("allow_lanes", [False, True])
@pytest.mark.parametrize("way", WEIGHTED_RULES)
def test_a_weighted_rule_moves_to_the_sets_and_searches_the_same_tree(n, steps, tallies, allow_lanes, way):
    """way="weighted" and "weighted-ties" move to the sets where their sample says they pay
    (n-queens: about 20 updates a node, past the line where the population counts beat the
    tallies); forced onto the tallies, they go there. Either way, and with the C engine's
    counts eight items at a time or one at a time, everything a caller sees is what the
    same rule on the links shows but where it runs, and the engines agree on that too."""
    tuning = contract.Tuning.of(way)
    tuning = attrs.evolve(tuning, to_sets=contract.ToSets.TALLIES) if tallies else tuning
    on_links = attrs.evolve(LINKS, rule=WEIGHTED_RULES[way])
    traces = []
    with lanes(allow_lanes):
        for module in MODULES:
            moved, s = trace(module, queens_problem(n), steps, counting=True, tuning=tuning)
            stayed, _ = trace(module, queens_problem(n), steps, counting=True, tuning=on_links)
            assert s.where == contract.Where.SETS
            assert [step[:-1] for step in moved] == [step[:-1] for step in stayed]
            traces.append(moved)
    assert all(t == traces[0] for t in traces)


@pytest.mark.parametrize("way", RULED)
def test_each_rule_is_a_way_of_the_contract(way):
    rule = {"rule": contract.RULES.index(way)} if way in contract.RULES else {"binary": True}
    # (the weighted rules move to the sets where their sample says they pay, as "auto" does;
    # the others stay on the links)
    base = contract.Tuning() if way in WEIGHTED_RULES else LINKS
    assert way in contract.WAYS and contract.Tuning.of(way) == attrs.evolve(base, **rule)
    with pytest.raises(Unsupported):
        Solver(Matrix([1], {"a": [1]})).first(seed=1, way=way)


@pytest.mark.slow
@pytest.mark.skipif("c" not in ENGINES, reason="a hard 16x16 sudoku needs the C engine")
def test_an_encoding_asks_for_its_way_and_the_caller_can_overrule_it():
    """The sudoku plugin's 16x16 encoding says "weighted": a search left at "auto" takes it
    (the hard puzzle ends within a budget MRV cannot), one with a seed or memo, or that names
    its way, does not; an encoding's way is one of contract.WAYS."""
    from exactcover import BudgetExceeded, Encoding
    from exactcover.front.api import prepare
    from exactcover_sudoku import Sudoku

    from helpers import puzzle_lines

    prepared = prepare(Sudoku.parse(puzzle_lines("sudoku16_sample.txt")[8]), engine="c")
    assert prepared.way == "weighted"
    assert prepared.count(limit=2, max_nodes=100_000) == 1
    with pytest.raises(BudgetExceeded):
        prepared.count(limit=2, max_nodes=100_000, way="links", memo=False)
    assert prepared.first(seed=5) is not None  # (a seed: MRV's random ties, not Unsupported)
    assert prepare(Sudoku.parse(puzzle_lines("norvig_top95.txt")[0])).way == "auto"
    with pytest.raises(ValueError):
        Encoding(Matrix([1], {"a": [1]}), way="fortran")


def test_binary_branching_does_not_split():
    """A binary search refuses a split alike on both engines (a parallel search splits by MRV
    and runs each subtree this way: test_a_parallel_ruled_count_adds_up)."""
    said = []
    for module in MODULES:
        s = dancer(module, (2, 0, [[0], [1], [0, 1]])).search(tuning=contract.Tuning.of("binary"))
        with pytest.raises(Unsupported) as caught:
            s.run(10, depth=1)
        said.append(str(caught.value))
    assert said[0] == said[-1] and "splitting" in said[0]


@pytest.mark.parametrize("engine_name", ENGINES)
def test_binary_branching_finds_the_solutions_of_the_queens(engine_name):
    """The 8-queens: the 92 solutions, the tree of two branches a node (1,544 nodes against
    MRV's 1,199), its progress rising to 1."""
    from problems import queens_matrix

    solver = Solver(queens_matrix(8), engine_name)
    assert {frozenset(s) for s in solver.solutions(way="binary")} == {frozenset(s) for s in solver.solutions()}
    assert solver.count(way="binary") == 92 and solver.stats.nodes == 1544
