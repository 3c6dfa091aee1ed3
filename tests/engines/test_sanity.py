"""Knuth's sanity check of the links (exactcover.engines.sanity), run at every node of searches of
every kind, and catching links broken on purpose."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactcover import Matrix, Solver
from exactcover.engines import contract, pydlx, sanity

from problems import queens_matrix
from helpers import ENGINES, bounded_matrices, matrices, wide_matrix

LINKS = contract.Tuning.of("links")


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
    for name in ENGINES:
        solver = Solver(matrix, name)
        every_node(solver.dancer.search(seed=seed, tuning=LINKS))


def test_sane_with_givens_exclusions_prefixes_and_colors(engine):
    solver = Solver(queens_matrix(6), engine)
    every_node(solver.dancer.search(givens=solver.option_numbers([(0, 1)], "given"), tuning=LINKS))
    every_node(solver.dancer.search(excluded=solver.option_numbers([(0, 0), (2, 3)], "excluded"), tuning=LINKS))
    for prefix in solver.split(2).prefixes[:4]:
        every_node(solver.dancer.search(prefix=prefix, tuning=LINKS))
    colored = Matrix(["a", "b"], {"x": {"a": None, "s": "red"}, "y": {"b": None, "s": "red"},
                                  "z": {"b": None, "s": "blue"}, "e": []}, secondary=["s"])
    every_node(Solver(colored, engine).dancer.search())


@pytest.mark.skipif("c" not in ENGINES, reason="needs the C engine")
def test_sane_on_a_wide_matrix():
    """The C engine's block choice (1,024 primary items and more) leaves the links sane too."""
    search = Solver(wide_matrix(1100, 300, 2), "c").dancer.search()
    for _ in range(150):
        sanity.check(search)
        if search.run(3) == pydlx.DONE:
            break
    sanity.check(search)


@pytest.mark.parametrize("breakage", ["dlink", "llink", "len", "top", "spacer"])
def test_a_broken_link_is_caught(breakage):
    search = Solver(queens_matrix(5), "python").dancer.search(tuning=LINKS)  # (pydlx samples on the sets)
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


@settings(max_examples=150, deadline=None)
@given(matrix=matrices(), after=st.integers(1, 6), tallies=st.booleans())
def test_the_sets_stay_sane_at_every_node(matrix, after, tallies):
    """pydlx's bitset way, moved to after a few nodes, with tallies or without, keeps its
    invariants at every node."""
    search = Solver(matrix, "python").dancer.search(tuning=contract.Tuning.of("sets", after, tallies))
    every_node(search)


def test_a_broken_tally_is_caught():
    """Sudoku on the sets with tallies: a count one off at a level below is reported."""
    from problems import PUZZLE_8008, sudoku_givens, sudoku_matrix

    solver = Solver(sudoku_matrix(), "python")
    givens = solver.option_numbers(sudoku_givens(PUZZLE_8008), "given")
    search = solver.dancer.search(givens=givens, tuning=contract.Tuning.of("sets", 1, tallies=True))
    while search.level < 3:
        search.run(1)
    sanity.check(search)
    assert search.tallied and search.way.tally is not None
    tally = search.way.tally[1]  # (an int, a byte per primary item: one count of 2 made 3)
    search.way.tally[1] = tally + (1 << 8 * tally.to_bytes(search.n_primary, "little").find(2))
    with pytest.raises(sanity.InsaneSearch, match="level 1: its tally"):
        sanity.check(search)


@settings(max_examples=150, deadline=None)
@given(matrix=bounded_matrices(), after=st.integers(1, 6))
def test_the_sets_with_bounds_stay_sane_at_every_node(matrix, after):
    """pydlx's Algorithm M on the sets, moved to after a few nodes, keeps its invariants."""
    search = Solver(matrix, "python").dancer.search(tuning=contract.Tuning.of("sets", after))
    every_node(search)


@pytest.mark.parametrize("breakage", ["set", "purified"])
def test_a_broken_colored_set_is_caught(breakage):
    """Word squares on the sets: a level's set that keeps an option of another color, or an
    item purified forgotten, is reported."""
    words = ["ab", "ba", "aa", "bb", "ca", "ac", "cc"]
    options = [{f"{line}{r}": None, **{(f"x{r}{c}" if line == "row" else f"x{c}{r}"): w[c] for c in range(2)}}
               for w in words for r in range(2) for line in ("row", "col")]
    matrix = Matrix(["row0", "row1", "col0", "col1"], options, secondary=["x00", "x01", "x10", "x11"])
    search = Solver(matrix, "python").dancer.search(tuning=contract.Tuning.of("sets", 1))
    while search.level < 2:
        search.run(1)
    way, level = search.way, search.level
    sanity.check(search)
    if breakage == "set":
        way.alive[level] |= way.alive[level - 1]
    else:
        way.purified.popitem()
    with pytest.raises(sanity.InsaneSearch):
        sanity.check(search)


@pytest.mark.parametrize("breakage", ["set", "option", "bound"])
def test_a_broken_set_with_bounds_is_caught(breakage):
    squares = [(r, c) for r in range(5) for c in range(5)]
    options = [["Q"] + [f"{t}" for t in squares if t[0] == s[0] or t[1] == s[1]] for s in squares]
    matrix = Matrix(["Q"] + [f"{t}" for t in squares], options, bounds={"Q": 5, **{f"{t}": (1, 2) for t in squares}})
    search = Solver(matrix, "python").dancer.search(tuning=contract.Tuning.of("sets", 1))
    while search.level < 3:
        search.run(1)
    way, level = search.way, search.level
    sanity.check(search)
    if breakage == "set":  # the deepest set holds an option its parent level had not
        way.alive[level] |= ~way.alive[level - 1] & ((1 << search.dancer.n_options) - 1)
    elif breakage == "option":
        way.option[1] = (way.option[1] + 1) % search.dancer.n_options
    else:
        search.bounds.bound[1] = 6
    with pytest.raises(sanity.InsaneSearch):
        sanity.check(search)


def sets_search():
    """A pydlx search on the sets, paused a few levels down."""
    search = Solver(queens_matrix(6), "python").dancer.search(tuning=contract.Tuning.of("sets", 1))
    while search.level < 3:
        search.run(1)
    assert search.way is not None
    sanity.check(search)
    return search


@pytest.mark.parametrize("breakage", ["set", "option", "relinked", "stale"])
def test_a_broken_set_is_caught(breakage):
    search = sets_search()
    way, level = search.way, search.level
    if breakage == "set":  # the deepest set keeps an option meeting the one chosen above
        k = way.option[level - 1]
        way.alive[level] |= 1 << (k + 1 if k + 1 < search.dancer.n_options else k - 1)
    elif breakage == "option":
        way.option[0] = (way.option[0] + 1) % search.dancer.n_options
    elif breakage == "relinked":  # an item of a chosen option back on the active list
        item = search.top[search.choice[0]]
        way.uncover(item)
    else:  # an available option with an item already covered
        way.alive[level] = way.alive[0]
    with pytest.raises(sanity.InsaneSearch):
        sanity.check(search)
