"""backend="sat" and "race" (exactcover.front.sat): the encoding has a model exactly when the
problem has a solution, and every model is one of its solutions (colors included); the SAT
solver's answer is decoded as the search's is; the race takes the first answer and leaves
no process behind; what the backends cannot do is refused."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import time

import pytest
from helpers import SLACK, bounded_matrices, brute_force, drawn_option, matrices
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import BudgetExceeded, Loop, Matrix, UnknownOption, Unsupported

pysat = pytest.importorskip("pysat.solvers", reason="PySAT (the extra pyexactcover[sat]) is not installed")
from pysat import card  # noqa: E402

from exactcover.front import sat, satcnf  # noqa: E402

KNUTH_FIRST = Matrix(list("ABCDE"), [list("CEF"), list("ADG"), list("BCF"), list("AD"), list("BG"), list("DEG")],
                     secondary=list("FG"))


@pytest.mark.slow
@given(matrices())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_encoding_has_a_model_exactly_when_there_is_a_solution(matrix):
    """Solved in this process: a model's options are a solution (brute force's), and there
    is no model when there is no solution."""
    solutions = brute_force(matrix)
    cnf = satcnf.Cnf(matrix)
    with pysat.Solver(name=sat.SOLVER, bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            assert not solutions
            return
        model = solver.get_model()
        model += [-v for v in range(len(model) + 1, cnf.pool.top + 1)]
        chosen = frozenset(matrix.options[k - 1].label for k in cnf.chosen(model))
    assert chosen in solutions


@pytest.mark.slow
@given(bounded_matrices())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_bounds_are_encoded_as_cardinalities(matrix):
    """With bounds (each primary item covered lo to hi times), the models, each blocked once
    found, are brute force's solutions, every one of them."""
    expected = brute_force(matrix)
    found = {frozenset(matrix.options[k - 1].label for k in model) for model in sat.models(matrix, (), (), 10 ** 6)}
    assert found == expected
    if expected:
        answer = exactcover.solve(matrix, backend="sat")
        assert answer is not None and frozenset(answer) in expected and sat.is_exact_cover(matrix, answer)
    else:
        assert exactcover.solve(matrix, backend="sat") is None


@st.composite
def foldable(draw):
    """A matrix whose primary items' options mostly color the same secondary items, each its
    own way (`exactcover.front.satfold` folds them; two alike, a drawn option among them, or
    bounds keep an item unfolded; bounds on one item, half the time), with givens and
    exclusions drawn from its options."""
    primary, secondary = [f"p{k}" for k in range(draw(st.integers(1, 4)))], [f"s{k}" for k in range(4)]
    options = []
    for item in primary:
        cover = draw(st.lists(st.sampled_from(secondary), unique=True, min_size=1, max_size=3))
        for _ in range(draw(st.integers(1, 4))):
            options.append({item: None, **{s: draw(st.sampled_from(["red", "blue", "green"])) for s in cover}})
    options += [drawn_option(draw, primary, secondary, 1, 3) for _ in range(draw(st.integers(0, 2)))]
    bounds = {primary[-1]: draw(st.sampled_from([(0, 1), (1, 2), (0, 2)]))} if draw(st.booleans()) else {}
    matrix = Matrix(primary, draw(st.permutations(options)), secondary=secondary, bounds=bounds)
    labels = [option.label for option in matrix.options]
    givens = draw(st.lists(st.sampled_from(labels), unique=True, max_size=2))
    others = [label for label in labels if label not in givens]  # (given and excluded: refused before)
    return matrix, givens, draw(st.lists(st.sampled_from(others), unique=True, max_size=2)) if others else []


@pytest.mark.slow
@given(foldable())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_options_folded_into_their_colors_keep_every_solution(case):
    """Where options are told apart by their colors alone, the CNF leaves them out: its
    models, each blocked once found, are brute force's solutions, every one of them, with
    givens and exclusions too."""
    matrix, givens, exclude = case
    expected = brute_force(matrix, givens, exclude)
    found = [frozenset(matrix.options[k - 1].label for k in model) for model in sat.models(matrix, givens, exclude, 10 ** 6)]
    assert len(found) == len(set(found))
    assert set(found) == expected


def test_a_slitherlink_s_dots_and_cells_are_folded():
    """Every option of a slitherlink is told apart by the edges it takes: the CNF has no
    variable for any of them."""
    from exactcover_loops import Slitherlink

    from exactcover_loops.slitherlink import encode

    matrix = encode(Slitherlink.from_text("3 3\n3 . .\n. 2 .\n. . 3")).matrix
    cnf = satcnf.Cnf(matrix)
    assert len(cnf.folded.options) == len(matrix.options) and cnf.option == [0]


def triangles() -> Matrix:
    """Two triangles, abc and def, as a loop: each vertex takes none or two of its edges."""
    edges = {"ab": ("a", "b"), "bc": ("b", "c"), "ca": ("c", "a"), "de": ("d", "e"), "ef": ("e", "f"), "fd": ("f", "d")}
    options = {}
    for vertex in "abcdef":
        mine = [edge for edge, ends in edges.items() if vertex in ends]
        options[vertex, ()] = {vertex: None, **dict.fromkeys(mine, 0)}
        options[vertex, tuple(mine)] = {vertex: None, **dict.fromkeys(mine, 1)}
    return Matrix(list("abcdef"), options, secondary=list(edges), loop=Loop(edges))


def test_a_model_that_is_not_a_solution_is_refused():
    """Every model is checked before it is returned: one that covers an item twice or not
    at all, or whose edges make two cycles, is a bug, said as one."""
    labels = [option.label for option in KNUTH_FIRST.options]
    assert [labels.index(label) + 1 for label in sat._decoded(KNUTH_FIRST, [1, 4, 5], ())] == [1, 4, 5]
    for wrong in ([1, 4], [1, 2, 4, 5]):
        with pytest.raises(exactcover.ExactCoverError, match="not an exact cover"):
            sat._decoded(KNUTH_FIRST, wrong, ())
    matrix = triangles()
    number = {option.label: k for k, option in enumerate(matrix.options, 1)}
    one = [number[vertex, mine] for vertex, mine in [label for label in number if label[0] in "abc" and label[1]]]
    off = [number[vertex, ()] for vertex in "def"]
    assert len(sat._decoded(matrix, sorted(one + off), ())) == 6
    both = [number[label] for label in number if label[1]]
    with pytest.raises(exactcover.ExactCoverError, match="not an exact cover"):
        sat._decoded(matrix, sorted(both), ())
    assert sorted(exactcover.solutions(matrix, backend="sat", limit=3), key=str) == \
        sorted(exactcover.solutions(matrix, backend="search"), key=str)


@pytest.mark.parametrize("backend", ["sat", "race"])
def test_the_backends_answer_as_the_search_does(backend):
    """The first solution decoded as the search's is (a sudoku, whose decoding wants the
    givens first), None where there is none, givens and exclusions applied."""
    from exactcover_sudoku import Sudoku

    puzzle = Sudoku.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert exactcover.solve(puzzle, backend=backend) == exactcover.solve(puzzle)
    assert set(exactcover.solve(KNUTH_FIRST, backend=backend)) == {0, 3, 4}
    assert exactcover.solve(KNUTH_FIRST, backend=backend, givens=[1]) is None
    assert exactcover.solve(KNUTH_FIRST, backend=backend, exclude=[0]) is None
    assert exactcover.solve(Matrix([1, 2], {"a": [1]}), backend=backend) is None  # (an item without options)


def trap(free: int, copies: int) -> Matrix:
    """No solution, which the search finds only after 2**free leaves: ``free`` items of two
    options each (MRV chooses them first), and a triangle a, b, c whose three options of two
    items (any two clash) come in ``copies`` copies each, with secondary items to tell them
    apart. A SAT solver sees the triangle at once."""
    options = {(f"x{k}", side): [f"x{k}"] for k in range(free) for side in (0, 1)}
    options |= {(pair, copy): [*pair, f"s{copy}"] for pair in ("ab", "bc", "ac") for copy in range(copies)}
    return Matrix([f"x{k}" for k in range(free)] + list("abc"), options,
                  secondary=[f"s{copy}" for copy in range(copies)])


def test_the_race_takes_the_first_answer_and_stops_the_other():
    """On the trap the search would take minutes (it runs out of a million nodes) and the
    SAT solver answers at once: the race says "no solution" in about its head start, and no
    SAT process is left."""
    matrix = trap(free=40, copies=3)
    with pytest.raises(BudgetExceeded):
        exactcover.solve(matrix, max_nodes=1_000_000)
    started = time.perf_counter()
    assert exactcover.solve(matrix, backend="race") is None
    assert time.perf_counter() - started < 30
    assert not [p for p in multiprocessing.active_children() if p.name == "exactcover SAT solver"]
    assert exactcover.solve(KNUTH_FIRST, backend="race") is not None  # (the search first: no SAT process made)


def test_the_race_reports_progress_as_the_search_does():
    """A callable hears the end of the search that won, as from `Solver.first`; True draws a
    bar (no error)."""
    reports = []
    assert exactcover.solve(KNUTH_FIRST, backend="race", progress=reports.append) is not None
    assert [report.solutions for report in reports] == [1]
    assert exactcover.solve(KNUTH_FIRST, backend="race", progress=True) is not None


@pytest.mark.slow
def test_a_timeout_stops_the_sat_solver():
    """Pigeons in holes (16 pigeons, 15 holes: no solution, hard for clause learning; CaDiCaL
    needs 0.4 s for 13 in 12 here, 4 s for 15 in 14, and more than that for 16 in 15): the timeout
    stops the solver's process, which is gone after."""
    pigeons = Matrix([f"p{k}" for k in range(16)],
                     {(p, h): [f"p{p}", f"h{h}"] for p in range(16) for h in range(15)},
                     secondary=[f"h{h}" for h in range(15)])
    started = time.perf_counter()
    with pytest.raises(BudgetExceeded, match="time limit") as stopped:
        exactcover.solve(pigeons, backend="sat", timeout=0.5)
    assert stopped.value.reason == "timeout"
    assert time.perf_counter() - started < 0.5 + SLACK
    assert not [p for p in multiprocessing.active_children() if p.name == "exactcover SAT solver"]
    for ask in (lambda: exactcover.count(pigeons, limit=2, timeout=0.5),  # (the default: a race)
                lambda: list(exactcover.solutions(pigeons, limit=2, backend="sat", timeout=0.5)),
                lambda: exactcover.is_unique(pigeons, backend="race", timeout=0.5)):
        started = time.perf_counter()
        with pytest.raises(BudgetExceeded, match="time limit"):
            ask()
        assert time.perf_counter() - started < 0.5 + SLACK
        assert not [p for p in multiprocessing.active_children() if p.name == "exactcover SAT solver"]


def test_what_the_backends_cannot_do_is_refused():
    from exactcover_queens import Queens

    with pytest.raises(Unsupported, match="backend='sat' with a seed"):
        exactcover.solve(KNUTH_FIRST, backend="sat", seed=1)
    with pytest.raises(Unsupported, match="backend='race' with max_nodes"):
        exactcover.solve(KNUTH_FIRST, backend="race", max_nodes=10)
    with pytest.raises(Unsupported, match="filters its solutions"):
        exactcover.solve(Queens(8, distinct=True), backend="sat")
    with pytest.raises(ValueError, match="backend must be one of"):
        exactcover.solve(KNUTH_FIRST, backend="fast")  # type: ignore[arg-type]
    with pytest.raises(UnknownOption):
        exactcover.solve(KNUTH_FIRST, backend="sat", givens=["z"])


def test_the_command_takes_a_backend(tmp_path):
    from helpers import run_command

    source = tmp_path / "first.dlx"
    source.write_text("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
    for backend in ("sat", "race"):
        done = run_command("solve", "dlx", source, "--backend", backend)
        assert done.exit_code == 0 and sorted(done.stdout.splitlines()) == ["A D", "B G", "C E F"]
    done = run_command("solve", "dlx", source, "--backend", "sat", "--all")
    assert done.exit_code == 2 and "every solution by the SAT solver" in done.stderr and "give --limit" in done.stderr
    done = run_command("solve", "dlx", source, "--backend", "sat", "--all", "--limit", "2")
    assert done.exit_code == 0 and sorted(done.stdout.splitlines()) == ["A D", "B G", "C E F"]
    done = run_command("count", "dlx", source, "--backend", "sat", "--limit", "2")
    assert done.exit_code == 0 and done.stdout.strip() == "1"
    done = run_command("solve", "dlx", source, "--backend", "race", "--all", "--limit", "2")
    assert done.exit_code == 0 and sorted(done.stdout.splitlines()) == ["A D", "B G", "C E F"]
    done = run_command("count", "dlx", source, "--backend", "race")
    assert done.exit_code == 2 and "every solution by the SAT solver" in done.stderr


def test_ctrl_c_stops_the_sat_solver():
    """Ctrl-C (a handler that raises KeyboardInterrupt) while the SAT solver works: the
    interrupt comes through at once and the solver's process is gone."""
    import signal

    pigeons = Matrix([f"p{k}" for k in range(13)],
                     {(p, h): [f"p{p}", f"h{h}"] for p in range(13) for h in range(12)},
                     secondary=[f"h{h}" for h in range(12)])

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        started = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            exactcover.solve(pigeons, backend="sat")
        assert time.perf_counter() - started < 0.3 + SLACK
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not [p for p in multiprocessing.active_children() if p.name == "exactcover SAT solver"]


@st.composite
def with_givens(draw):
    """A small XCC matrix, and givens and exclusions drawn from its options: some repeated,
    some clashing, some both given and excluded, some covering only secondary items."""
    matrix = draw(matrices())
    labels = [option.label for option in matrix.options]
    if not labels:
        return matrix, [], []
    givens = draw(st.lists(st.sampled_from(labels), max_size=3))
    exclude = draw(st.lists(st.sampled_from(labels), max_size=3))
    return matrix, givens, exclude


def outcome(find):
    """What ``find()`` gives: ("answer", its solution as a set) or ("error", its type and message)."""
    try:
        answer = find()
    except exactcover.ExactCoverError as error:
        return "error", (type(error), str(error))
    return "answer", None if answer is None else frozenset(answer)


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["sat", "race"])
@given(case=with_givens())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
def test_the_backends_answer_and_refuse_as_the_search_does(engine, backend, monkeypatch, case):
    """Against the search on random XCC problems with givens and exclusions (the race's SAT
    solver started at once, so that either side may answer): the same errors in the same
    words, None exactly where the search finds none, else a solution (brute force's) that
    begins with the givens."""
    monkeypatch.setattr(sat, "HEAD_START", 0.0)
    matrix, givens, exclude = case
    searched = outcome(lambda: exactcover.solve(matrix, engine=engine, givens=givens, exclude=exclude))
    answered = outcome(lambda: exactcover.solve(matrix, engine=engine, givens=givens, exclude=exclude,
                                                backend=backend))
    if searched[0] == "error" or answered[0] == "error":
        assert answered == searched
        return
    solutions = brute_force(matrix, list(dict.fromkeys(givens)), exclude)  # (an empty option can be given twice)
    assert (searched[1] is None) == (answered[1] is None) == (not solutions)
    if answered[1] is not None:
        assert answered[1] in solutions
        found = exactcover.solve(matrix, engine=engine, givens=givens, exclude=exclude, backend=backend)
        assert list(found[:len(givens)]) == list(givens)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg") or not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
@pytest.mark.parametrize("backend", ["sat", "race"])
def test_the_sat_process_ends_when_the_command_is_killed(tmp_path, backend):
    """SIGKILL to the command (never a chance to stop its child) at random moments of its
    first 1.5 s, while the SAT solver works on pigeons in holes (minutes): nothing is left."""
    import random

    from helpers import alive, console_script, descendants

    source = tmp_path / "pigeons.dlx"
    holes = [f"h{h}" for h in range(15)]
    source.write_text(" ".join(f"p{p}" for p in range(16)) + " | " + " ".join(holes) + "\n"
                      + "".join(f"p{p} h{h}\n" for p in range(16) for h in range(15)))
    chance = random.Random()
    for _ in range(4):
        command = subprocess.Popen([*console_script(), "solve", "dlx", str(source), "--backend", backend],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, process_group=0)
        seen: set[int] = set()
        killed_at = time.monotonic() + chance.uniform(0.2, 1.5)
        while time.monotonic() < killed_at:
            seen.update(descendants(command.pid))
            time.sleep(0.005)
        seen.update(descendants(command.pid))
        command.kill()
        command.wait()
        until = time.monotonic() + 2 * SLACK
        while any(alive(pid) for pid in seen) and time.monotonic() < until:
            time.sleep(0.02)
        left = [pid for pid in seen if alive(pid)]
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert not left, f"the SAT process outlived the command killed after {killed_at:.2f} s"


@pytest.mark.slow
def test_many_options_of_one_item_are_encoded_in_linear_time(monkeypatch):
    """50,000 copies of one option (the encoding took 31 s, quadratic in PySAT's counter):
    long groups are a ladder, and either encoding has the same models."""
    many = Matrix(["A", "B"], [["A", "B"]] * 50_000)
    calls = []
    real = card.CardEnc.atmost

    def watched(literals, bound, **more):
        calls.append((len(literals), more["encoding"]))
        return real(literals, bound, **more)

    monkeypatch.setattr(card.CardEnc, "atmost", watched)
    satcnf.Cnf(many)
    assert (50_000, card.EncType.ladder) in calls
    assert exactcover.solve(many, backend="sat") in [(k,) for k in range(50_000)]
    monkeypatch.setattr(satcnf, "LONG_GROUP", 1)  # (every group a ladder: the answers still exact covers)
    assert exactcover.solve(KNUTH_FIRST, backend="sat") is not None
    pigeons = Matrix(["p0", "p1", "p2"], {(p, h): [f"p{p}", f"h{h}"] for p in range(3) for h in range(2)},
                     secondary=["h0", "h1"])
    assert exactcover.solve(pigeons, backend="sat") is None


def test_the_default_backend_races_only_where_the_answer_cannot_depend_on_the_winner(monkeypatch):
    """backend="auto": a count up to a limit, and a puzzle's first solution or listing up to
    two, race; everything else searches (a listing of a plain matrix, a count to the end, a
    seed, many processes); without PySAT, all search. The answers are the search's."""
    from exactcover.front import plan as planning
    from exactcover.front.api import prepare
    from exactcover.front.request import Request
    from exactcover_loops import Masyu

    puzzle = prepare(Masyu.from_text("bw.\n...\n..b"))
    matrix = prepare(KNUTH_FIRST)
    expected = {
        (matrix, "count", (("limit", 2),)): "race", (matrix, "count", ()): "engine",
        (matrix, "first", ()): "engine", (matrix, "solutions", (("limit", 2),)): "engine",
        (puzzle, "first", ()): "race", (puzzle, "solutions", (("limit", 2),)): "race",
        (puzzle, "solutions", (("limit", 3),)): "engine", (puzzle, "solutions", ()): "engine",
        (puzzle, "first", (("seed", 1),)): "engine", (puzzle, "count", (("limit", 2), ("jobs", 2))): "pool",
        (puzzle, "first", (("backend", "search"),)): "engine",
    }
    for (prepared, what, keywords), route in expected.items():
        assert planning.plan(Request.of(what, **dict(keywords)), prepared.features()).route == route, (what, keywords)
    assert exactcover.count(KNUTH_FIRST, limit=2) == 1 and exactcover.is_unique(Masyu.from_text("bw.\n...\n..b"))
    assert list(exactcover.solutions(Masyu.from_text("bw.\n...\n..b"), limit=2)) == \
        list(exactcover.solutions(Masyu.from_text("bw.\n...\n..b"), limit=2, backend="search"))
    monkeypatch.setattr(planning, "pysat_installed", lambda: False)
    assert planning.plan(Request.of("first"), puzzle.features()).route == "engine"
    assert planning.plan(Request.of("count", limit=2), matrix.features()).route == "engine"


def test_a_race_for_a_count_up_to_a_limit_answers_as_the_search(monkeypatch):
    """The SAT side of a count's race wins when the search is slow (a trap it would take
    minutes to close: the SAT solver started at once here), counts what the search counts,
    and the statistics say that it answered."""
    from exactcover.front.api import prepare

    monkeypatch.setattr(sat, "HEAD_START", 0.0)
    hard = trap(40, 3)
    for limit in (1, 2):
        prepared = prepare(hard)
        assert prepared.count(limit=limit, backend="race") == 0 and prepared.solver.stats.way == "sat"
    assert prepare(KNUTH_FIRST).count(limit=2, backend="race") == 1  # (the search first: its own statistics)
    assert prepare(KNUTH_FIRST).solver.stats.way == "links"
    easy = Matrix([1, 2, 3], {"a": [1], "b": [2, 3], "c": [1, 2], "d": [3], "e": [2], "f": [3]})
    for limit in (1, 2, 3, 5):
        assert exactcover.count(easy, limit=limit, backend="race") == min(limit, exactcover.count(easy)) == \
            exactcover.count(easy, limit=limit, backend="sat")
    listed = exactcover.solutions(easy, limit=5, backend="race")
    assert sorted(map(sorted, listed)) == sorted(map(sorted, exactcover.solutions(easy)))


class _Instant:
    """A SAT child that has answered before the search's first look (in this process)."""

    def __init__(self, matrix, givens, exclude, limit=1):
        self.found = list(sat.models(matrix, givens, exclude, limit))

    def done(self, wait=0.0):
        return True

    def models(self):
        return self.found

    def stop(self):
        pass


def test_the_default_backend_s_race_answers_as_the_search_whoever_wins(monkeypatch):
    """Where the SAT solver answers first with solutions of a problem that has more, "race"
    gives the SAT solver's, but "auto" the search's (its first, its listing): the answer is
    the same on a fast machine and a slow one. Where the SAT solver finds every solution
    (a unique one), both take it. An empty sudoku (a type of one answer, so "auto" races)
    is filled as the search fills it."""
    from exactcover.front import plan as planning
    from exactcover.front.api import prepare
    from exactcover.front.request import Request
    from exactcover_sudoku import Sudoku

    monkeypatch.setattr(sat, "HEAD_START", 0.0)
    monkeypatch.setattr(sat, "_Child", _Instant)
    pairs = [(x, y) for x in "abcd" for y in "abcd" if x < y][::-1]  # (the SAT solver's first is another one)
    many = Matrix(list("abcd"), {pair: list(pair) for pair in pairs})
    searched = exactcover.solve(many, backend="search")
    assert exactcover.solve(many, backend="race") != searched
    solver = prepare(many).solver
    assert sat.race(solver, solver.planned("first"), same=True) == solver.first()
    for limit in (1, 2):
        assert sat.race(solver, solver.planned("solutions", limit=limit), same=True) == \
            list(exactcover.solutions(many, limit=limit, backend="search"))
    assert sat.race(solver, solver.planned("count", limit=2), same=True) == 2
    unique = prepare(KNUTH_FIRST)  # (its options in the SAT solver's order: a puzzle's type decodes them alike)
    raced = sat.race(unique.solver, unique.solver.planned("first"), same=True)
    assert unique.solver.stats.way == "sat" and sorted(raced) == sorted(unique.solver.first())
    empty = Sudoku.parse("." * 81)
    assert planning.plan(Request.of("first"), prepare(empty).features()).route == "race"
    assert exactcover.solve(empty) == exactcover.solve(empty, backend="search")
    assert exactcover.solve(empty, backend="race") != exactcover.solve(empty, backend="search")
