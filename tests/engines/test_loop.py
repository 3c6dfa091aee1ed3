"""The loop constraint (Knuth's DLX2-LOOP): edges between vertices whose chosen ones must form
one cycle, cut during the search. Both engines, against a brute-force oracle that filters the
exact covers whose edges do not make one cycle, and with everything a search combines with."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import GivensBreakLoop, Loop, Matrix, MatrixError, Solver, Unsupported, read_dlx, write_dlx
from exactcover.engines import available

from helpers import run_command

ENGINES = available()
DATA = Path(__file__).resolve().parents[1] / "data"


def grid(rows: int, columns: int, on: Hashable = 1) -> Matrix:
    """The cycles of a rows x columns grid of vertices: a vertex is an option of degree 0 or
    2, giving its edges the color ``on`` (in the loop) or 0."""
    vertices = [(i, j) for i in range(rows) for j in range(columns)]
    edges = {}
    for i, j in vertices:
        if i + 1 < rows:
            edges[f"h{i},{j}"] = ((i, j), (i + 1, j))
        if j + 1 < columns:
            edges[f"v{i},{j}"] = ((i, j), (i, j + 1))
    options = {}
    for vertex in vertices:
        mine = [edge for edge, ends in edges.items() if vertex in ends]
        for chosen in [(), *itertools.combinations(mine, 2)]:
            options[(vertex, chosen)] = {vertex: None, **{e: on if e in chosen else 0 for e in mine}}
    return Matrix(vertices, options, secondary=list(edges), loop=Loop(edges, on))


def one_cycle(ends: dict[Hashable, tuple[Hashable, Hashable]], edges: Iterable[Hashable]) -> bool:
    """Whether ``edges`` make one cycle: some edges, every vertex they touch met twice, and
    all of them connected."""
    edges = list(edges)
    at: dict[Hashable, list[Hashable]] = {}
    for edge in edges:
        for end in ends[edge]:
            at.setdefault(end, []).append(edge)
    if not edges or any(len(met) != 2 for met in at.values()):
        return False
    seen, todo = set(), [next(iter(at))]
    while todo:
        vertex = todo.pop()
        if vertex not in seen:
            seen.add(vertex)
            todo += [end for edge in at[vertex] for end in ends[edge]]
    return len(seen) == len(at)


def oracle(matrix: Matrix) -> list[frozenset[Hashable]]:
    """Every exact cover of ``matrix`` (by brute force over every set of options), kept if
    its edges of the loop's color make one cycle (or there are none, if the loop may be empty)."""
    assert matrix.loop is not None
    ends = {edge: (u, v) for edge, u, v in matrix.loop.edges}
    found = []
    options = matrix.options
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(options, size):
            covered: dict[Hashable, int] = {}
            colors: dict[Hashable, object] = {}
            fits = True
            for option in chosen:
                for item, color in zip(option.items, option.colors):
                    if item in matrix.primary:
                        covered[item] = covered.get(item, 0) + 1
                    elif color is None or colors.setdefault(item, color) != color:
                        fits = False
            if fits and all(covered.get(item) == 1 for item in matrix.primary):
                on = [edge for edge, color in colors.items() if edge in ends and color == matrix.loop.color]
                if one_cycle(ends, on) or matrix.loop.empty and not on:
                    found.append(frozenset(option.label for option in chosen))
    return found


@st.composite
def loop_matrices(draw: st.DrawFn) -> Matrix:
    """A few vertices joined by random edges (some twice), other primary and secondary items,
    and options that give a vertex's edges 1 or 0 (or leave one out), sometimes with
    another item: of any degree, so that a third edge, an open path and a short cycle all
    happen; a loop that may be empty or not."""
    n = draw(st.integers(2, 5))
    vertices = [f"v{k}" for k in range(n)]
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1]),
                          min_size=1, max_size=7))
    edges = {f"e{k}": (vertices[a], vertices[b]) for k, (a, b) in enumerate(pairs)}
    extra = draw(st.sampled_from([[], ["p"]]))
    options: dict[str, dict[str, object]] = {}
    for vertex in vertices + extra:
        mine = [edge for edge, ends in edges.items() if vertex in ends] or list(edges)[:1]
        for k in range(draw(st.integers(1 if vertex in vertices else 0, 4))):
            on = draw(st.sets(st.sampled_from(mine), max_size=3))
            left_out = draw(st.sets(st.sampled_from(mine), max_size=1))
            items: dict[str, object] = {vertex: None}
            items.update({edge: int(edge in on) for edge in mine if edge not in left_out})
            if extra and vertex != "p" and draw(st.booleans()):
                items["p"] = None
            options[f"{vertex}/{k}"] = items
    secondary = list(edges) + draw(st.sampled_from([[], ["s"]]))
    if "s" in secondary:
        options["s-user"] = {vertices[0]: None, "s": "x"}
    first = draw(st.sets(st.sampled_from(vertices), max_size=1))
    return Matrix(vertices + extra, options, secondary=secondary, loop=Loop(edges, empty=draw(st.booleans())),
                  priority=first)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(loop_matrices())
def test_both_engines_find_what_the_oracle_keeps(matrix: Matrix) -> None:
    """The solutions of a search with the loop are the exact covers whose edges of color 1 make
    one cycle; both engines search the same tree (nodes, updates) to find them."""
    if len(matrix.options) > 14:
        matrix = Matrix(matrix.primary, {o.label: dict(zip(o.items, o.colors)) for o in matrix.options[:14]},
                        secondary=matrix.secondary, loop=matrix.loop, priority=matrix.priority)
    expected = sorted(map(sorted, oracle(matrix)))
    stats = set()
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        assert sorted(sorted(s) for s in solver.solutions()) == expected
        assert solver.count() == len(expected)
        stats.add((solver.stats.nodes, solver.stats.updates))
        seeded = [solver.solutions(seed=5)]
        assert sorted(sorted(s) for s in seeded[0]) == expected
    assert len(stats) == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_a_grid_s_cycles_are_counted_as_the_sequence_says(engine: str) -> None:
    """The cycles of the n x n grid graph: 1, 13, 213, 9349 (OEIS A140517)."""
    assert [Solver(grid(n, n), engine).count() for n in (2, 3, 4, 5)] == [1, 13, 213, 9349]


def test_both_engines_search_the_same_tree_with_and_without_a_seed() -> None:
    if len(ENGINES) < 2:
        pytest.skip("the C engine is not built")
    m = grid(4, 5, on="in")
    found = {}
    for engine in ENGINES:
        solver = Solver(m, engine)
        found[engine] = (solver.count(), solver.stats.nodes, solver.stats.updates, solver.first(seed=11),
                         list(solver.solutions(seed=3))[:20], exactcover.estimate(m, samples=30, seed=2, engine=engine))
    assert found["c"] == found["python"]


def test_a_solution_s_edges_make_the_cycle_loop_cycle_names() -> None:
    m = grid(3, 3)
    solution = exactcover.solve(m)
    on = [item for label in solution for item, color in zip(m.option(label).items, m.option(label).colors)
          if color == 1]
    cycle = m.loop.cycle(set(on))
    assert len(cycle) == len(set(on)) >= 4
    with pytest.raises(MatrixError, match="more than one cycle"):
        grid(2, 5).loop.cycle(["v0,0", "h0,0", "v1,0", "h0,1", "v0,3", "h0,3", "v1,3", "h0,4"])


@pytest.mark.filterwarnings("ignore::exactcover.InputWarning")  # (read without the loop on purpose too)
def test_a_file_in_dlx2_loop_s_names_is_searched_as_his_program_searches_it() -> None:
    """A 3 x 3 slitherlink (``.3. / 3.3 / .3.``) in DLX2-LOOP's names, as slitherlink-dlx
    names them: DLX2-LOOP finds 1 solution in 42 nodes and 664 updates; so do both engines."""
    m = read_dlx(DATA / "slitherlink-3x3.dlx", loop=True)
    assert m.loop is not None and m.loop.color == "1" and len(m.loop.edges) == 24
    for engine in ENGINES:
        solver = Solver(m, engine)
        assert solver.count() == 1
        assert (solver.stats.nodes, solver.stats.updates) == (42, 664)
    assert read_dlx(write_dlx(m), loop=True) == m
    assert read_dlx(DATA / "slitherlink-3x3.dlx").loop is None  # (only when asked)
    # (Janko's slitherlink 31, 7 x 7, in the same names: DLX2-LOOP counts 877 nodes, 15,402 updates)
    janko = read_dlx(DATA.parent.parent / "examples" / "data" / "slitherlink-knuth.dlx", loop=True, priority=False)
    for engine in ENGINES:
        solver = Solver(janko, engine)
        assert (solver.count(), solver.stats.nodes, solver.stats.updates) == (1, 877, 15402)


#: Small puzzles made by Knuth's generators (``printf '..\n..\n' | slitherlink-dlx``, and
#: masyu-dlx: each file's first lines say its grid) and DLX2-LOOP's count, nodes and updates
#: for each (``dlx2-loop < FILE``, built by benchmarks/loop_puzzles.py --build, 2026-12-07).
#: Four admit the solution without an edge (a 2 x 2 grid's 0 clue lets every vertex have
#: degree 0), which his program counts.
DLX2_LOOP_COUNTS = {
    "slitherlink-2x2": (14, 83, 467), "slitherlink-2x2-zero": (2, 15, 93), "slitherlink-2x2-one": (4, 29, 204),
    "slitherlink-3x3-zeros": (4, 40, 324), "slitherlink-2x4": (15, 247, 2296), "masyu-3x3": (14, 83, 467),
    "masyu-3x4-white": (11, 90, 550), "masyu-4x4": (3, 35, 244),
}


@pytest.mark.parametrize("name", DLX2_LOOP_COUNTS)
def test_knuth_s_loop_files_count_as_dlx2_loop_counts_them_the_empty_loop_too(name: str) -> None:
    """Read as DLX2-LOOP reads them, his files count what his program counts, in the same
    nodes and updates, on both engines, from the library and the command; the same matrix
    with a loop that may not be empty counts one fewer where the options admit no edge."""
    path = DATA / "dlx2-loop" / f"{name}.dlx"
    m = read_dlx(path, loop=True, priority=False)
    assert m.loop is not None and m.loop.empty
    empty = [frozenset(s) for s in oracle_free_of_edges(m)]
    for engine in ENGINES:
        solver = Solver(m, engine)
        assert (solver.count(), solver.stats.nodes, solver.stats.updates) == DLX2_LOOP_COUNTS[name]
        strict = Solver(Matrix(m.primary, {o.label: dict(zip(o.items, o.colors)) for o in m.options},
                               secondary=m.secondary, loop=Loop(m.loop.edges, m.loop.color)), engine)
        assert strict.count() == DLX2_LOOP_COUNTS[name][0] - len(empty)
        assert all(frozenset(s) not in empty for s in strict.solutions())
    said = run_command("count", "dlx", path, "--loop")
    assert said.output.strip() == str(DLX2_LOOP_COUNTS[name][0])


def test_a_loop_that_may_be_empty_counts_alike_on_two_processes_with_a_journal(tmp_path) -> None:
    """The flag travels with the compiled loop: two processes, a journal that verifies, a
    seed and the rules of other trees count DLX2-LOOP's 14 on the 2 x 2 grid's file."""
    m = read_dlx(DATA / "dlx2-loop" / "slitherlink-2x2.dlx", loop=True, priority=False)
    journal = tmp_path / "empty.jsonl"
    assert exactcover.count(m, jobs=2) == exactcover.count(m, jobs=2, journal=journal) == 14
    found = exactcover.verify(m, journal, sample=3)
    assert (found.agree, found.complete, found.total) == (True, True, 14)
    for options in ({"seed": 5}, {"way": "weighted"}, {"way": "failure-rate"}, {"limit": 20, "backend": "race"}):
        assert exactcover.count(m, **options) == 14, options


def oracle_free_of_edges(matrix: Matrix) -> list[tuple[Hashable, ...]]:
    """The solutions of ``matrix`` that give no edge the loop's color (listed by a search
    with the loop's edges as plain secondary items, each option giving one that color left out)."""
    assert matrix.loop is not None
    edges = {edge for edge, _, _ in matrix.loop.edges}
    options = {o.label: dict(zip(o.items, o.colors)) for o in matrix.options
               if not any(item in edges and color == matrix.loop.color for item, color in zip(o.items, o.colors))}
    return list(exactcover.solutions(Matrix(matrix.primary, options, secondary=matrix.secondary)))


def test_a_loop_says_whether_it_may_be_empty() -> None:
    assert not Loop({"e": ("a", "b")}).empty and Loop({"e": ("a", "b")}, empty=True).empty
    with pytest.raises(MatrixError, match="empty must be True or False"):
        Loop({"e": ("a", "b")}, empty=1)  # type: ignore[arg-type]
    assert read_dlx(DATA / "slitherlink-3x3.dlx", loop=True).loop.empty


def test_a_loop_that_could_join_nothing_is_refused_with_the_reason(tmp_path: Path) -> None:
    """A loop with no edges, or with the color None (which no option gives), is refused;
    so is a Knuth file read with a loop whose names say no edge, in the API and on the
    command line (never a count of 0 without a word); and a masyu too small for a loop."""
    from exactcover_loops import Masyu

    with pytest.raises(MatrixError, match="no edges"):
        Loop([])
    with pytest.raises(MatrixError, match="no edges"):
        Loop({}, empty=True)
    with pytest.raises(MatrixError, match="its color is None"):
        Loop({"e": ("a", "b")}, color=None)
    with pytest.raises(exactcover.ProblemError, match="no secondary item names an edge"):
        read_dlx("a b | e\na e:1\n", loop=True)
    path = tmp_path / "x.dlx"
    path.write_text("a b | e\na e:1\n")
    result = run_command("count", "dlx", path, "--loop")
    assert result.exit_code == 2 and "no secondary item names an edge" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    for circles in ([["white"]], [["black", None, None]], [[None], [None]]):
        with pytest.raises(exactcover.ProblemError, match="at least 2 rows and 2 columns"):
            exactcover.count(Masyu(circles))


def test_a_file_that_names_a_loop_read_without_one_says_so() -> None:
    """Knuth's loop files counted without --loop count another problem (22 where the loop
    has 15): a warning says the names say a loop, as one line on the command line; a file
    whose names say none is read in silence."""
    path = DATA / "dlx2-loop" / "slitherlink-2x4.dlx"
    with pytest.warns(exactcover.InputWarning, match="names a loop as Knuth's DLX2-LOOP reads names"):
        read_dlx(path)
    result = run_command("count", "dlx", path)
    assert result.exit_code == 0 and result.stdout == "22\n"
    assert result.stderr.startswith("warning: ") and "--loop" in result.stderr and result.stderr.count("\n") == 1
    result = run_command("count", "dlx", path, "--loop")
    assert result.stdout == "15\n" and result.stderr == ""
    assert run_command("count", "dlx", "-", input="a b\na\nb\n").stderr == ""


@pytest.mark.filterwarnings("ignore::exactcover.InputWarning")  # (read without the loop on purpose too)
def test_hash_names_are_priority_items_unless_read_as_dlx2_loop_reads_them() -> None:
    text = "00 02 #a | 01\n00 01:1 #a\n02 01:1\n"
    assert read_dlx(text).priority == ("#a",)
    assert read_dlx(text, loop=True, priority=False).priority == ()
    assert read_dlx(text, loop=True, priority=False).loop == Loop([("01", "00", "02")], "1", empty=True)


def test_knuth_s_names_are_checked_as_his_program_checks_them() -> None:
    with pytest.raises(exactcover.ProblemError, match="edge item '01' joins a vertex that is not an item"):
        read_dlx("00 | 01\n00 01:1\n", loop=True)
    with pytest.raises(exactcover.ProblemError, match="edge item '01' is primary"):
        read_dlx("00 01 02\n00 01 02\n", loop=True)
    with pytest.raises(MatrixError, match="not the one its item names say"):
        write_dlx(grid(2, 2))


def test_the_matrix_names_what_is_wrong_with_a_loop() -> None:
    def make(loop: object, secondary: list[str] = ["e", "f"]) -> Matrix:
        return Matrix(["a", "b"], {"x": {"a": None, "e": 1}}, secondary=secondary, loop=loop)

    for loop, wrong in [({"a": ("a", "b")}, "edge 'a' is a primary item"),
                        ({"z": ("a", "b")}, "edge 'z' is not an item of the matrix"),
                        ({"e": ("a", "q")}, "edge 'e''s end 'q' is not an item"),
                        ({"e": ("a", "a")}, "joins 'a' to itself"),
                        ({"e": ("a", "f"), "f": ("a", "b")}, "ends at 'f', which is an edge"),
                        ({"e": ("a",)}, "must join two vertices"),
                        ([("e", "a", "b"), ("e", "b", "a")], "named twice"),
                        (3, "loop must be a Loop")]:
        with pytest.raises(MatrixError, match=wrong):
            make(Loop(loop) if isinstance(loop, list) else loop)
    assert repr(make({"e": ("a", "b")})).endswith("loop=1)")
    assert make({"e": ("a", "b")}) == make(Loop({"e": ("a", "b")}))


@pytest.mark.parametrize("engine", ENGINES)
def test_the_engines_check_the_loop_they_are_given(engine: str) -> None:
    from exactcover.engines import get

    dancer = get(engine).Dancer
    for loop, wrong in [([1, 0, 0, 1, 2], "edge 0 is not a secondary item"),
                        ([1, 0, 2, 2, 1, 2, 0, 1], "named twice"), ([1, 1, 2, 0, 0], "must join two different items"),
                        ([1, 0, 2, 0, 2], "must join two"), ([1, 0, 2, 0], "three items"), ([-1, 0], "color >= 0"),
                        ([1, 2, 2, 0, 1], "0 or 1")]:
        with pytest.raises(MatrixError, match=wrong):
            dancer(2, 1, [0, 1, 2], [0, 1], [0, 0], loop=loop)


@pytest.mark.parametrize("engine", ENGINES)
def test_givens_that_break_the_loop_are_refused_and_others_narrow_it(engine: str) -> None:
    m = grid(3, 3)
    corner = next(o.label for o in m.options if o.label[0] == (0, 0) and o.label[1])
    assert exactcover.count(m, engine=engine, givens=[corner]) == 7  # (the cycles through the corner)
    # a 2 x 2 square closed at the top left, and the middle vertex on another path:
    square = [((0, 0), ("h0,0", "v0,0")), ((0, 1), ("v0,0", "h0,1")), ((1, 1), ("h0,1", "v1,0")),
              ((1, 0), ("h0,0", "v1,0"))]
    with pytest.raises(GivensBreakLoop) as broken:
        exactcover.count(m, engine=engine, givens=[*square, ((2, 2), ("h1,2", "v2,1"))])
    assert broken.value.option == ((2, 2), ("h1,2", "v2,1")) and broken.value.edge in m.secondary
    assert "cannot be chosen with the givens before it" in str(broken.value)
    assert exactcover.count(m, engine=engine, givens=square) == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_a_loop_combines_with_the_other_searches_or_is_refused_first(engine: str) -> None:
    m = grid(4, 4)
    assert [exactcover.count(m, engine=engine, **options) for options in
            ({}, {"memo": False}, {"seed": 3}, {"jobs": 2}, {"way": "links"}, {"way": "weighted"},
             {"way": "weighted-ties"}, {"way": "failure-rate"}, {"way": "weighted", "jobs": 2})] == [213] * 9
    assert exactcover.count(m, engine=engine, limit=5) == 5
    assert len(list(exactcover.solutions(m, engine=engine, jobs=2))) == 213
    assert exactcover.estimate(m, samples=200, seed=1, engine=engine).solutions == pytest.approx(213, rel=1)
    with pytest.raises(exactcover.BudgetExceeded):
        exactcover.count(m, engine=engine, max_nodes=50)
    for options, said in [({"memo": True}, "a loop with memo"), ({"way": "sets"}, "a loop with way='sets'"),
                          ({"way": "binary"}, "binary branching with a loop"),
                          ({"reduce": True}, "reducing a matrix with a loop")]:
        with pytest.raises(Unsupported, match=said):
            exactcover.count(m, engine=engine, **options)
    with pytest.raises(Unsupported, match="reducing a matrix with a loop"):
        m.reduce(engine=engine)
    bounded = Matrix(["a", "b"], {"x": {"a": None, "e": 1}, "y": ["b"]}, secondary=["e"], loop={"e": ("a", "b")},
                     bounds={"a": (1, 2)})
    with pytest.raises(Unsupported, match="a loop with bounds"):
        exactcover.count(bounded, engine=engine)


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_a_count_with_a_loop_split_at_every_pause_is_the_serial_one(engine: str, monkeypatch) -> None:
    """Subtrees split again at every pause (hundreds of splits): each replays its prefix
    through the loop, so the count, the nodes and the updates are the serial search's."""
    from concurrent.futures import ThreadPoolExecutor

    from exactcover.parallel import searches, subtrees

    monkeypatch.setitem(subtrees.CHUNK, engine, (3, 1 << 20))
    m = grid(4, 5)
    solver, serial = Solver(m, engine), Solver(m, engine)
    seen = []
    with ThreadPoolExecutor(2) as pool:
        assert searches.count(solver, solver.planned("count", jobs=2, executor=pool, time_slice=1e-9,
                                                      progress=seen.append)) == serial.count() == 1049
    assert (solver.stats.nodes, solver.stats.updates) == (serial.stats.nodes, serial.stats.updates)
    assert seen[-1].subtrees.done > 100


def test_a_count_with_a_loop_keeps_a_journal_only_for_its_loop(tmp_path) -> None:
    m = grid(4, 4)
    journal = tmp_path / "g4.jsonl"
    assert exactcover.count(m, jobs=2, journal=journal) == 213
    found = exactcover.verify(m, journal, sample=5)
    assert (found.agree, found.complete, found.total) == (True, True, 213)
    plain = Matrix(m.primary, {o.label: dict(zip(o.items, o.colors)) for o in m.options}, secondary=m.secondary)
    with pytest.raises(exactcover.JournalError):
        exactcover.count(plain, jobs=2, journal=journal)


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [None, 2])
def test_a_long_count_with_a_loop_reports_progress_and_stops_at_its_timeout(jobs: int | None) -> None:
    """The 7 x 7 grid has 575,780,564 cycles: minutes of search on any machine, so the
    timeout stops the count, on one process or two, and progress came. (The matrix is built
    first, and the timeout leaves a busy machine time to start two workers.)"""
    seen: list[object] = []
    matrix = grid(7, 7)
    with pytest.raises(exactcover.BudgetExceeded) as stopped:
        exactcover.count(matrix, timeout=3.0, jobs=jobs, progress=seen.append)
    assert stopped.value.stats.nodes > 0 and seen


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(loop_matrices(), st.sampled_from(["weighted", "weighted-ties", "failure-rate"]))
def test_the_rules_of_other_trees_keep_the_loop_and_search_alike_in_both_engines(matrix: Matrix, way: str) -> None:
    """The weighted choice, the weighted ties and the failure rate choose a loop's items too:
    the oracle's solutions, and the same tree on both engines."""
    if len(matrix.options) > 14:
        matrix = Matrix(matrix.primary, {o.label: dict(zip(o.items, o.colors)) for o in matrix.options[:14]},
                        secondary=matrix.secondary, loop=matrix.loop)
    matrix = Matrix(matrix.primary, {o.label: dict(zip(o.items, o.colors)) for o in matrix.options},
                    secondary=matrix.secondary, loop=matrix.loop)  # (priority items take MRV's rule)
    expected = sorted(map(sorted, oracle(matrix)))
    stats = set()
    for engine in ENGINES:
        solver = Solver(matrix, engine)
        assert sorted(sorted(s) for s in solver.solutions(way=way)) == expected
        assert solver.count(way=way) == len(expected)
        stats.add((solver.stats.nodes, solver.stats.updates))
    assert len(stats) == 1


sat = pytest.importorskip("exactcover.front.sat")


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(loop_matrices())
def test_the_sat_solver_keeps_the_loop_as_the_search_does(matrix: Matrix) -> None:
    """The SAT solver's models, cut where their edges make more than one cycle, are the
    oracle's solutions (a loop that may be empty or not): every one of them, one by one,
    each blocked once found (in this process: `sat.models`)."""
    pytest.importorskip("pysat.solvers", reason="PySAT (the extra pyexactcover[sat]) is not installed")
    if len(matrix.options) > 14:
        matrix = Matrix(matrix.primary, {o.label: dict(zip(o.items, o.colors)) for o in matrix.options[:14]},
                        secondary=matrix.secondary, loop=matrix.loop, priority=matrix.priority)
    expected = sorted(map(sorted, oracle(matrix)))
    found = [sorted(matrix.options[k - 1].label for k in model) for model in sat.models(matrix, (), (), 10 ** 6)]
    assert sorted(found) == expected


@pytest.mark.parametrize("engine", ENGINES)
def test_the_sat_backends_take_a_loop(engine: str) -> None:
    """A first solution, a listing and a count up to a limit (uniqueness) by the SAT solver,
    and the race, on a grid's cycles and on a published slitherlink; with givens."""
    pytest.importorskip("pysat.solvers", reason="PySAT (the extra pyexactcover[sat]) is not installed")
    m = grid(4, 4)
    cycles = {frozenset(s) for s in exactcover.solutions(m, engine=engine)}
    for backend in ("sat", "race"):
        assert frozenset(exactcover.solve(m, engine=engine, backend=backend)) in cycles
    listed = list(exactcover.solutions(m, engine=engine, backend="sat", limit=5))
    assert len(listed) == len(set(map(frozenset, listed))) == 5 and {frozenset(s) for s in listed} <= cycles
    assert exactcover.count(m, engine=engine, backend="sat", limit=300) == 213 == len(cycles)
    corner = next(o.label for o in m.options if o.label[0] == (0, 0) and o.label[1])
    assert exactcover.count(m, engine=engine, backend="sat", limit=200, givens=[corner]) == \
        exactcover.count(m, engine=engine, givens=[corner])
    janko = read_dlx(DATA.parent.parent / "examples" / "data" / "slitherlink-knuth.dlx", loop=True, priority=False)
    assert exactcover.is_unique(janko, engine=engine, backend="sat")
    assert exactcover.solve(janko, engine=engine, backend="sat") is not None
    assert exactcover.count(read_dlx(DATA / "dlx2-loop" / "slitherlink-2x2-zero.dlx", loop=True, priority=False),
                            engine=engine, backend="sat", limit=5) == 2  # (the empty loop too, as DLX2-LOOP counts)
