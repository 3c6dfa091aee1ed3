"""Priority items (Knuth's DLX2-SHARP): items the search branches on before the others. An
item with no option or one comes first, then the priority items by MRV, then the others by
MRV; the solutions are the same, the tree is another. Both engines, against a reference
search written here, and with everything a search combines with."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import Matrix, MatrixError, Solver, Unsupported, read_dlx, write_dlx
from exactcover.engines import available
from exactcover_queens import Queens

ENGINES = available()


def reference_nodes(matrix: Matrix, first: bool = True) -> tuple[int, list[tuple[object, ...]]]:
    """The nodes and solutions of Algorithm X with DLX2-SHARP's choice (``first``: the
    priority items' rule; else MRV), written apart from the engines: a node per level
    entered, an item's options in the matrix's order, ties to the first item."""
    primary, priority = list(matrix.primary), set(matrix.priority)
    options = [(option.label, set(option.items)) for option in matrix.options]
    nodes, found = 0, []

    def search(covered: set, alive: list[int], chosen: list) -> None:
        nonlocal nodes
        nodes += 1
        left = [item for item in primary if item not in covered]
        if not left:
            found.append(tuple(chosen))
            return

        def key(item: object) -> int:
            length = sum(1 for k in alive if item in options[k][1])
            return length if length <= 1 or item in priority or not first else length + 10**9

        item = min(left, key=key)  # (min keeps the first of equal keys)
        for k in [k for k in alive if item in options[k][1]]:
            label, items = options[k]
            search(covered | items, [j for j in alive if not options[j][1] & items], [*chosen, label])

    search(set(), list(range(len(options))), [])
    return nodes, found


def matrices(draw: st.DrawFn) -> Matrix:
    n_primary = draw(st.integers(2, 7))
    n_secondary = draw(st.integers(0, 2))
    primary, secondary = [f"p{i}" for i in range(n_primary)], [f"s{i}" for i in range(n_secondary)]
    options = {}
    for k in range(draw(st.integers(1, 14))):
        items = draw(st.sets(st.sampled_from(primary + secondary), min_size=1, max_size=4))
        options[f"o{k}"] = sorted(items, key=(primary + secondary).index)
    first = draw(st.sets(st.sampled_from(primary)))
    return Matrix(primary, options, secondary=secondary, priority=first)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_both_engines_search_the_reference_tree(data: st.DataObject) -> None:
    matrix = data.draw(st.composite(matrices)())
    nodes, found = reference_nodes(matrix)
    plain = Matrix(matrix.primary, {o.label: list(o.items) for o in matrix.options}, secondary=matrix.secondary)
    assert sorted(map(sorted, found)) == sorted(map(sorted, exactcover.solutions(plain)))
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        assert solver.count(memo=False, way="links") == len(found)
        assert solver.stats.nodes == nodes, (engine, matrix.priority)
        assert list(solver.solutions(way="links")) == found
    if len(ENGINES) == 2:
        stats, seed = [], data.draw(st.integers(0, 9), label="seed")
        for engine in ENGINES:
            solver = Solver(matrix, engine)
            solver.count(seed=seed)
            stats.append((solver.stats.nodes, solver.stats.updates))
        assert stats[0] == stats[1]


def test_the_reference_follows_mrv_without_priority() -> None:
    """The reference's node count is the engines' for a matrix without priority, so it counts
    as they do."""
    matrix = exactcover.Matrix([1, 2, 3, 4, 5, 6, 7], {"A": [3, 5], "B": [1, 4, 7], "C": [2, 3, 6], "D": [1, 4, 6],
                                                       "E": [2, 7], "F": [4, 5, 7]})
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        solver.count(memo=False)
        assert solver.stats.nodes == reference_nodes(matrix, first=False)[0]


def test_a_priority_item_is_branched_on_first_unless_another_is_forced() -> None:
    m = Matrix(["a", "b", "c", "d"], {"x": ["a", "b"], "y": ["c", "d"], "z": ["a", "c"], "w": ["b", "d"],
                                      "v": ["a"], "u": ["b", "c", "d"]}, priority=["d"])
    for engine in ENGINES:
        assert Solver(m, engine).first() == ("y", "x")  # (d, of 3 options, before a and b, of 2 and 3... MRV: a)
        plain = Matrix(m.primary, {o.label: list(o.items) for o in m.options})
        assert Solver(plain, engine).first() == ("x", "y")


def test_the_matrix_keeps_priority_in_primary_order_and_refuses_what_cannot_have_it() -> None:
    m = Matrix(["a", "b", "c"], {"x": ["a", "b", "c"]}, secondary=["s"], priority=["c", "a"])
    assert m.priority == ("a", "c") and repr(m).endswith("priority=2)")
    assert pickle.loads(pickle.dumps(m)) == m and m != Matrix(["a", "b", "c"], {"x": ["a", "b", "c"]}, secondary=["s"])
    for bad, said in ((["z"], "unknown item 'z'"), (["s"], "secondary item 's'"), (["a", "a"], "item 'a' twice"),
                      ([["a"]], "unhashable")):
        with pytest.raises(MatrixError, match=said):
            Matrix(["a", "b", "c"], {"x": ["a", "b", "c"]}, secondary=["s"], priority=bad)


def test_knuth_s_format_says_priority_by_a_hash_sign() -> None:
    text = "#a b c | s\n#a b\nc s\n#a\nb c\n"
    m = read_dlx(text)
    assert m.priority == ("#a",) and write_dlx(m) == text
    with pytest.raises(MatrixError, match="begins with '#' has priority"):
        write_dlx(Matrix(["a"], {"x": ["a"]}, priority=["a"]))
    with pytest.raises(MatrixError, match="begins with '#' has priority"):
        write_dlx(Matrix(["#a"], {"x": ["#a"]}))


@pytest.mark.parametrize("engine", ENGINES)
def test_priority_combines_with_the_other_searches_or_is_refused_first(engine: str) -> None:
    m = Matrix(["a", "b", "c", "d"], {"x": ["a", "b"], "y": ["c", "d"], "z": ["a", "c"], "w": ["b", "d"],
                                      "v": ["a"], "u": ["b", "c", "d"]}, priority=["d"])
    assert [exactcover.count(m, engine=engine, **options) for options in
            ({}, {"memo": True}, {"memo": False}, {"seed": 3}, {"jobs": 2}, {"way": "links"}, {"reduce": True})] == [3] * 7
    assert exactcover.solve(m, engine=engine) == ("y", "x")
    assert exactcover.estimate(m, samples=20, seed=1, engine=engine).solutions == pytest.approx(3, rel=1)
    assert sorted(exactcover.solutions(m, engine=engine, jobs=2)) == sorted(exactcover.solutions(m, engine=engine))
    assert exactcover.count(m, engine=engine, givens=["v"]) == 1
    with pytest.raises(exactcover.BudgetExceeded):
        exactcover.count(m, engine=engine, max_nodes=2, memo=False)
    for way in ("weighted", "weighted-ties", "failure-rate", "binary", "sets"):
        with pytest.raises(Unsupported, match="priority items"):
            exactcover.count(m, engine=engine, way=way)
    bounded = Matrix(["a", "b"], {"x": ["a"], "y": ["b"]}, bounds={"a": (1, 2)}, priority=["b"])
    costed = Matrix(["a", "b"], {"x": ["a"], "y": ["b"]}, costs={"x": 2}, priority=["b"])
    with pytest.raises(Unsupported, match="priority items with bounds"):
        exactcover.count(bounded, engine=engine)
    assert exactcover.solve(costed, engine=engine) == ("x", "y")  # (one option each: forced moves come first)
    with pytest.raises(Unsupported, match="priority items with the cheapest solutions"):
        Solver(costed, engine).best(1)


def test_a_count_with_priority_keeps_a_journal_that_verifies(tmp_path) -> None:
    m = _queens_with_priority(8)
    journal = tmp_path / "q8.jsonl"
    assert exactcover.count(m, jobs=2, journal=journal) == 92
    found = exactcover.verify(m, journal, sample=5)
    assert (found.agree, found.complete, found.total) == (True, True, 92)
    plain = Matrix(m.primary, {o.label: dict(zip(o.items, o.colors)) for o in m.options}, secondary=m.secondary)
    with pytest.raises(exactcover.JournalError):  # (another tree: its subtrees are not these)
        exactcover.count(plain, jobs=2, journal=journal)



@pytest.mark.parametrize("engine", ENGINES)
def test_a_count_with_priority_split_at_every_pause_is_the_serial_one(engine: str, monkeypatch) -> None:
    """Tasks that pause every few nodes and a time slice of nothing: the subtrees are split
    again at every pause (hundreds of splits), and those handed back are searched by the same
    rule, so the count, the nodes and the updates are the serial search's."""
    from concurrent.futures import ThreadPoolExecutor

    from exactcover.parallel import searches, subtrees

    monkeypatch.setitem(subtrees.CHUNK, engine, (3, 1 << 20))
    queens = _queens_with_priority(8)
    solver, serial = Solver(queens, engine), Solver(queens, engine)
    seen = []
    with ThreadPoolExecutor(2) as pool:
        assert searches.count(solver, solver.planned("count", jobs=2, executor=pool, time_slice=1e-9, memo=False,
                                                      progress=seen.append)) == \
            serial.count(memo=False) == 92
    assert (solver.stats.nodes, solver.stats.updates) == (serial.stats.nodes, serial.stats.updates)
    assert seen[-1].subtrees.done > 100


def _queens_with_priority(n: int) -> Matrix:
    """The n-queens matrix with every fourth primary item given priority."""
    from exactcover_queens.queens import encode

    queens = encode(Queens(n)).matrix
    return Matrix(queens.primary, {o.label: dict(zip(o.items, o.colors)) for o in queens.options},
                  secondary=queens.secondary, priority=[item for k, item in enumerate(queens.primary) if k % 4 == 0])


def test_the_sat_backends_take_a_matrix_with_priority() -> None:
    pytest.importorskip("pysat.solvers", reason="PySAT (the extra pyexactcover[sat]) is not installed")
    m = Matrix(["a", "b", "c", "d"], {"x": ["a", "b"], "y": ["c", "d"], "z": ["a", "c"], "w": ["b", "d"],
                                      "v": ["a"], "u": ["b", "c", "d"]}, priority=["d"])
    solutions = set(map(frozenset, exactcover.solutions(m)))
    for backend in ("sat", "race"):
        assert frozenset(exactcover.solve(m, backend=backend)) in solutions
