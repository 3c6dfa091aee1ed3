"""Matrix.reduce (pydlx/reduce.py, reduction.py): Knuth's preprocessing never changes what
the solutions are, on either engine, with colors, givens and exclusions; it makes Knuth's
reductions on his own examples (checked against his program DLX-PRE, whose output is quoted
here), and it says what it removed and why."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from exactcover import GivenAndExcluded, GivensClash, Matrix, Solver, UnknownOption, Unsupported
from exactcover.model.reduction import Removal

from helpers import ENGINES, brute_force, larger, with_givens


def solutions(matrix: Matrix, engine: str, reduction=None) -> set[frozenset]:
    """Every solution of ``matrix`` (the reduced one, mapped back, with ``reduction``)."""
    found = Solver(matrix, engine).solutions()
    return {frozenset(reduction.solution(s) if reduction else s) for s in found}


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
@given(with_givens())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_reduced_problem_has_the_same_solutions(engine, case):
    """The reduced matrix's solutions, mapped back, are every solution of the original with
    the givens and without the exclusions (brute force), colors included."""
    matrix, givens, excluded = case
    reduction = matrix.reduce(givens, excluded)
    assert solutions(reduction.matrix, engine, reduction) == brute_force(matrix, givens, excluded)
    assert reduction.complete and (reduction.rounds >= 1 or reduction.infeasible is not None)
    if reduction.infeasible is not None:  # (then no option is left, whatever went before)
        assert not brute_force(matrix, givens, excluded) and not reduction.matrix.options
    else:  # each option kept or said removed
        assert set(reduction.removed) | {o.label for o in reduction.matrix.options} == {o.label for o in matrix.options}


@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
@given(larger())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_reduced_larger_problem_counts_the_same(engine, matrix):
    """On matrices too large to brute-force: the same solutions as the search of the
    original; and every reduced option is an original one with fewer items at most."""
    reduction = matrix.reduce()
    assert solutions(reduction.matrix, engine, reduction) == solutions(matrix, engine)
    for option in reduction.matrix.options:
        original = matrix.option(option.label)
        assert dict(zip(option.items, option.colors)).items() <= dict(zip(original.items, original.colors)).items()


def test_knuths_first_example():
    """Knuth's example of DLX-PRE (his paper's matrix): his program's answer, `dlx-pre v15`:
    items A B E, the options of A D, B G and C E F, each cut to one item; D forced by A, F
    by C, C by E, G by B; D E G and A G deleted, B C blocked by E."""
    m = Matrix(list("ABCDE"), [list("CEF"), list("ADG"), list("BCF"), list("AD"), list("BG"), list("DEG")],
               secondary=list("FG"))
    reduction = m.reduce()
    assert reduction.matrix == Matrix(["A", "B", "E"], {0: ["E"], 3: ["A"], 4: ["B"]})
    assert reduction.items_removed == {"D": Removal("forced", "A"), "F": Removal("forced", "C"),
                                       "C": Removal("forced", "E"), "G": Removal("forced", "B")}
    assert list(reduction.removed) == [5, 2, 1]
    assert reduction.removed[2] == Removal("blocked", "E") and reduction.removed[5] == Removal("forced", "D")
    assert reduction.rounds == 3 and reduction.complete and reduction.infeasible is None


def test_knuths_colored_example_in_either_order():
    """Knuth's example with colors (`dlx-pre v15`: A X:0 ... blocked by C, C forced by A, C Y:1
    deleted). With the colored items first in the blocked option, his program misses the
    blocking (his note of 2 January 2023); this reduction does not."""
    for first in ({"A": None, "B": None, "X": "0", "Y": "0"}, {"X": "0", "Y": "0", "A": None, "B": None}):
        m = Matrix(list("ABC"), [first, {"A": None, "C": None, "X": "1", "Y": "1"}, {"X": "0", "Y": "1"},
                                 {"B": None, "X": "1"}, {"C": None, "Y": "1"}], secondary=list("XY"))
        reduction = m.reduce()
        assert [o.label for o in reduction.matrix.options] == [1, 3]
        assert reduction.removed == {2: Removal("no primary item"), 0: Removal("blocked", "C"),
                                     4: Removal("forced", "C")}
        assert reduction.items_removed == {"C": Removal("forced", "A")}


def test_no_solution_outright():
    """A primary item left with no option: the reduction says which, and stops."""
    m = Matrix([1, 2, 3], {"a": [1, 2], "b": [1, 3], "c": [2, 3]})  # (any two clash)
    reduction = m.reduce()
    assert reduction.removed == {"a": Removal("blocked", 3), "b": Removal("blocked", 2)}
    assert reduction.infeasible == 1 and reduction.matrix == Matrix([1], [])
    assert Solver(reduction.matrix).count() == 0 == Solver(m).count()
    assert Matrix([1, 2], {"a": [1]}).reduce().infeasible == 2


def test_givens_and_exclusions_keep_their_meaning():
    """Givens are chosen first (their items and the options that clash go); exclusions go;
    the map back puts the givens in front."""
    m = Matrix([1, 2, 3, 4], {"a": [1, 2], "b": [3, 4], "c": [1, 3], "d": [2, 4], "e": [1], "f": [2]})
    reduction = m.reduce(["a"])
    assert reduction.removed["a"] == Removal("given") and reduction.removed["c"] == Removal("clashes with a given", 1)
    assert [reduction.solution(s) for s in Solver(reduction.matrix).solutions()] == [("a", "b")]
    assert Solver(m.reduce(exclude=["a", "b"]).matrix).count() == Solver(m).count(exclude=["a", "b"]) == 1
    with pytest.raises(UnknownOption):
        m.reduce(["z"])
    with pytest.raises(GivensClash):
        m.reduce(["a", "c"])
    with pytest.raises(GivensClash, match="given twice"):
        m.reduce(["a", "a"])
    with pytest.raises(GivenAndExcluded):
        m.reduce(["a"], ["a"])


def test_a_budget_of_rounds_stops_it_rightly():
    """One round of Knuth's first example removes less, says it is not complete, and keeps
    the solutions."""
    m = Matrix(list("ABCDE"), [list("CEF"), list("ADG"), list("BCF"), list("AD"), list("BG"), list("DEG")],
               secondary=list("FG"))
    once = m.reduce(rounds=1)
    assert once.rounds == 1 and not once.complete and len(once.matrix.options) > 3
    assert solutions(once.matrix, "python", once) == solutions(m, "python")


def test_what_cannot_be_reduced_is_refused():
    with pytest.raises(Unsupported, match="bounds"):
        Matrix(["a"], {"x": ["a"]}, bounds={"a": (1, 2)}).reduce()
    for bad in [{"rounds": 0}, {"rounds": True}, {"timeout": 0}, {"timeout": -1.0}]:
        with pytest.raises(ValueError):
            Matrix(["a"], {"x": ["a"]}).reduce(**bad)


def test_costs_stay_with_their_options():
    """The reduced options keep their costs: the cheapest solutions are the same."""
    m = Matrix([1, 2], {"a": [1], "b": [2], "c": [1, 2], "d": [1, 2, "s"]}, secondary=["s"], costs={"a": 3, "d": 5})
    reduced = m.reduce().matrix
    assert reduced.costs == (("a", 3), ("d", 5))
    assert Solver(reduced).best(2).solutions == Solver(m).best(2).solutions == ((0, ("c",)), (3, ("a", "b")))


# -- exactcover reduce ----------------------------------------------------------------------

KNUTH_FIRST = "| Knuth's first example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"


def test_the_command_writes_the_reduced_problem_in_knuths_format(tmp_path):
    """`exactcover reduce dlx FILE`: Knuth's format, comments that say what went and why and
    each option's label; the file it writes reads back with the same solutions."""
    from exactcover import read_dlx

    from helpers import run_command

    source = tmp_path / "first.dlx"
    source.write_text(KNUTH_FIRST)
    done = run_command("reduce", "dlx", source, "--stats")
    assert done.exit_code == 0, done.output
    assert "| item 'D': forced by 'A'" in done.stdout and "| option 2 (B C F): blocked" in done.stdout
    assert "| (option 0)" in done.stdout and done.stderr.startswith("removed 3 options (2 forced, 1 blocked)")
    reduced = read_dlx(done.stdout)
    assert reduced.primary == ("A", "B", "E") and [o.items for o in reduced.options] == [("E",), ("A",), ("B",)]
    assert Solver(reduced).count() == Solver(read_dlx(str(source))).count() == 1


def test_the_command_says_no_solution_and_bad_input(tmp_path):
    from helpers import run_command

    triangle = tmp_path / "triangle.dlx"
    triangle.write_text("A B C\nA B\nA C\nB C\n")
    done = run_command("reduce", "dlx", triangle)
    assert done.exit_code == 1 and done.stdout.endswith("\nA\n") and "no solution: item 'A'" in done.stdout
    bad = tmp_path / "bad.dlx"
    bad.write_text("A B\nA C\n")
    done = run_command("reduce", "dlx", bad)
    assert done.exit_code == 2 and "line 2" in done.stderr and "Traceback" not in done.stderr
    once = run_command("reduce", "dlx", tmp_path / "triangle.dlx", "--rounds", "1")
    assert once.exit_code == 1
    (tmp_path / "first.dlx").write_text(KNUTH_FIRST)
    once = run_command("reduce", "dlx", tmp_path / "first.dlx", "--rounds", "1")
    assert once.exit_code == 0 and "in 1 round (stopped by its budget)" in once.stdout


def test_the_command_reduces_any_problem_type_with_its_givens():
    """A sudoku's clues are its encoding's givens: they are chosen before the rules run, and
    the reduced problem has the puzzle's one solution."""
    from exactcover import read_dlx

    from helpers import run_command

    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    done = run_command("reduce", "sudoku", puzzle)
    assert done.exit_code == 0, done.output
    assert "covered by a given" in done.stdout
    assert Solver(read_dlx(done.stdout)).count() == 1


@pytest.mark.slow
@given(larger())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_both_engines_reduce_alike(matrix):
    """The C port (cdlx/reduce.c) makes its specification's reductions, step for step: the
    same options and items removed, for the same reasons, in the same order, in as many
    rounds, with as many nodes taken out."""
    if "c" not in ENGINES:
        pytest.skip("the C engine is not built")
    from exactcover import engines
    from exactcover.engines import contract

    found = []
    for engine in ("c", "python"):
        compiled = Solver(matrix, engine).compiled
        found.append(contract.Reduced(*engines.get(engine).Dancer(*compiled.arguments()).reduce()))
        for rounds in (1, 2):
            found.append(contract.Reduced(*engines.get(engine).Dancer(*compiled.arguments()).reduce(rounds)))
    assert found[:3] == found[3:]
    in_c = matrix.reduce(engine="c")
    assert in_c == attrs.evolve(matrix.reduce(engine="python"), seconds=in_c.seconds)  # (all but the time taken)


@pytest.mark.slow
def test_ctrl_c_stops_a_long_reduction():
    """A signal's handler that raises (Ctrl-C's KeyboardInterrupt) stops the C reduction
    between two items' turns (a word square's matrix: about half a second to reduce)."""
    import signal
    import time

    from problems import word_squares

    if "c" not in ENGINES:
        pytest.skip("the C engine is not built")
    matrix = word_squares(4, 1000, "abcdefghijklmnopqr", 4)

    def interrupt(*_):
        raise KeyboardInterrupt

    started = time.perf_counter()
    matrix.reduce(engine="c")
    whole = time.perf_counter() - started
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, whole / 10)
        started = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            matrix.reduce(engine="c")
        assert time.perf_counter() - started < whole / 2  # (stopped there, not raised at its end)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- reduce= on the searches -------------------------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_the_searches_give_the_same_answers_reduced(engine):
    """solve, solutions and count with reduce=True: the same answers, decoded as without (a
    problem type's filter and givens included), on both engines."""
    import exactcover
    from exactcover_queens import Queens

    m = Matrix(list("ABCDE"), [list("CEF"), list("ADG"), list("BCF"), list("AD"), list("BG"), list("DEG")],
               secondary=list("FG"))
    assert set(exactcover.solve(m, reduce=True, engine=engine)) == {0, 3, 4}
    assert exactcover.solve(m, reduce=True, givens=[1], engine=engine) is None
    assert exactcover.count(m, reduce=True, exclude=[0], engine=engine) == 0
    distinct = Queens(8, distinct=True)
    assert exactcover.count(distinct, reduce=True, engine=engine) == exactcover.count(distinct, engine=engine) == 12
    assert {s.columns for s in exactcover.solutions(Queens(6), reduce=True, engine=engine)} == \
        {s.columns for s in exactcover.solutions(Queens(6), engine=engine)}
    if engine == "c":  # (a reduction that removes 152 of the options)
        from exactcover_polyomino import make
        from exactcover_polyomino.tiling import encode

        tiling = encode(make("8x8", "pentominoes", holes=[(3, 3), (3, 4), (4, 3), (4, 4)]))
        assert exactcover.count(tiling, reduce=True) == exactcover.count(tiling) == 520
    with pytest.raises(UnknownOption):
        exactcover.count(m, reduce=True, givens=["z"])


def test_the_command_searches_reduced(tmp_path):
    """--reduce: the same answers, and --stats says what the reduction removed."""
    from helpers import run_command

    source = tmp_path / "first.dlx"
    source.write_text(KNUTH_FIRST)
    done = run_command("count", "dlx", source, "--reduce", "--stats")
    assert done.exit_code == 0 and done.stdout == "1\n"
    assert "reduced first (Knuth's preprocessing): removed 3 options" in done.stderr
    assert "1 solution(s)" in done.stderr
    done = run_command("solve", "dlx", source, "--reduce", "--all")
    assert done.exit_code == 0 and sorted(done.stdout.splitlines()) == ["A D", "B G", "C E F"]
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" * 2)
    assert run_command("solve", "sudoku", puzzles, "--reduce").stdout == run_command("solve", "sudoku", puzzles).stdout
