"""One request, planned once: the fifteen combinations that broke when each layer judged its
own keywords (issue 52), each as a user meets it. Every test here failed before the plan."""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers import is_solution, run_command

import exactcover
from exactcover import GivenAndExcluded, GivensClash, Matrix, Solver, Unsupported, write_dlx
from exactcover.front import autoreduce
from exactcover.front.api import prepare
from exactcover_queens import Queens


def multiplicities(n: int) -> Matrix:
    """Triples of n items, half of which may be covered twice: an MCC problem whose count
    runs past the automatic reduction's look when the look is forced."""
    items = list(range(n))
    options = {f"o{k}": list(triple) for k, triple in enumerate(itertools.combinations(items, 3))}
    return Matrix(items, options, bounds={item: (1, 2) for item in items[: n // 2]})


@pytest.fixture
def look_at_once(monkeypatch):
    """The automatic reduction looks at the first chunk, whatever the fraction done."""
    monkeypatch.setattr(autoreduce, "LOOK", 0.0)
    monkeypatch.setattr(autoreduce, "LATE", 1.0)


#: A size for each engine long enough for the search to pause at the end of a chunk.
LONG = {"c": (12, 14), "python": (9, 11)}


def test_a_default_count_with_multiplicities_is_counted(look_at_once, engine):
    """The default count of an MCC problem is not handed to the reduction, which refuses bounds."""
    m = multiplicities(LONG[engine][0])
    assert exactcover.count(m, engine=engine) == exactcover.count(m, engine=engine, reduce=False) > 0


def test_a_default_listing_with_multiplicities_lists(look_at_once, engine):
    """Every solution of an MCC problem without any, with the look forced: none, as without
    reduction (the look comes before the first solution, so only where there is none soon)."""
    n = LONG[engine][1]
    m = Matrix(list(range(n)), {f"o{k}": list(t) for k, t in enumerate(itertools.combinations(range(n), 3))},
               bounds={0: (0, 1)})  # (n and n - 1 items are not multiples of 3: no solution)
    assert list(exactcover.solutions(m, engine=engine)) == []


def test_the_command_counts_an_mcc_file_by_default(look_at_once, tmp_path):
    """`exactcover count dlx FILE` of a file with multiplicities counts (it ended Unsupported)."""
    path = tmp_path / "mcc.dlx"
    m = multiplicities(LONG[exactcover.ENGINE][0])
    path.write_text(write_dlx(m))
    done = run_command("count", "dlx", path)
    assert done.exit_code == 0 and done.stdout.strip() == str(exactcover.count(m, reduce=False))


SECONDARY_GIVEN = Matrix(["a", "b"], {"a": ["a"], "b": ["b"], "c": ["s"], "d": ["a", "b"]}, secondary=["s"])


@pytest.mark.parametrize("backend", ["sat", "race"])
def test_a_given_option_without_primary_items_is_chosen_by_sat(backend):
    """A given that covers only secondary items is in the SAT solver's answer, as in the search's."""
    answer = exactcover.solve(SECONDARY_GIVEN, givens=["c"], backend=backend)
    assert answer is not None and answer[0] == "c" and is_solution(SECONDARY_GIVEN, answer)


@pytest.mark.parametrize("backend", ["sat", "race"])
def test_sat_refuses_clashing_givens_as_the_search_does(backend):
    """Clashing givens, a given also excluded, a given twice: the search's errors, not None."""
    with pytest.raises(GivensClash, match="'a' and 'd'"):
        exactcover.solve(SECONDARY_GIVEN, givens=["a", "d"], backend=backend)
    with pytest.raises(GivenAndExcluded, match="'a'"):
        exactcover.solve(SECONDARY_GIVEN, givens=["a"], exclude=["a"], backend=backend)
    with pytest.raises(GivensClash, match="given twice"):
        exactcover.solve(SECONDARY_GIVEN, givens=["a", "a"], backend=backend)


@pytest.mark.parametrize("backend", ["sat", "race"])
def test_the_backends_without_pysat_are_refused_however_fast_the_search(backend, monkeypatch):
    """Without PySAT, a problem the search solves in microseconds is refused all the same, by
    the plan, with the install hint; the default backend searches."""
    from exactcover.front import plan

    monkeypatch.setattr(plan, "pysat_installed", lambda: False)
    tiny = Matrix(["a"], {"x": ["a"]}, bounds={"a": (1, 2)})
    with pytest.raises(Unsupported, match=f"backend='{backend}' without PySAT.*pip install 'pyexactcover\\[sat\\]'"):
        exactcover.solve(tiny, backend=backend)
    assert exactcover.solve(tiny) == ("x",) and exactcover.count(tiny, limit=2) == 1


@pytest.mark.parametrize("route", ["jobs", "executor"])
def test_a_parallel_count_stops_at_its_limit(route):
    """count(limit=5) on many processes or an executor stops near its limit, as the serial one."""
    with ThreadPoolExecutor(2) as pool:
        where = {"jobs": 2} if route == "jobs" else {"executor": pool}
        prepared = prepare(Queens(13))
        assert prepared.count(limit=5, **where) == 5
        nodes = prepared.solver.stats.nodes
    serial_whole = prepare(Queens(13))
    serial_whole.count(reduce=False)
    assert nodes < serial_whole.solver.stats.nodes / 20


def test_a_first_solution_on_an_executor_comes_when_found():
    """solve(executor=) returns the first solution any task finds, not after whole batches."""
    with ThreadPoolExecutor(2) as pool:
        answer = exactcover.solve(Queens(22), executor=pool, timeout=120)
    assert answer is not None


def test_parallel_best_reports_progress():
    """Solver.best(jobs=2, progress=cb) calls cb, ending at a fraction of 1."""
    heard = []
    costs = {f"o{k}": k % 7 for k in range(84)}
    m = Matrix(list(range(9)), {f"o{k}": list(t) for k, t in enumerate(itertools.combinations(range(9), 3))},
               costs=costs)
    found = Solver(m).best(2, jobs=2, progress=heard.append)
    assert found.proven and heard and heard[-1].fraction == 1.0


def test_best_refuses_what_it_would_drop():
    """A seed or a way for the cheapest solutions is refused, not dropped."""
    prepared = prepare(Matrix(["a"], {"x": ["a"], "y": ["a"]}, costs={"x": 2}))
    with pytest.raises(Unsupported, match="seed"):
        prepared.best(1, seed=3)
    with pytest.raises(Unsupported, match="way other than 'auto' with the cheapest"):
        prepared.best(1, way="links")


def test_an_estimate_of_a_filtering_type_says_so():
    """The estimate of Queens(8, distinct=True) says it counts before the filter."""
    found = exactcover.estimate(Queens(8, distinct=True), seed=1)
    assert found.unfiltered and "before the problem type's filter" in str(found)
    assert not exactcover.estimate(Queens(8), seed=1).unfiltered


def test_time_slice_is_refused_on_one_process_and_taken_on_many():
    """time_slice without a parallel route is a clear refusal, not a TypeError."""
    with pytest.raises(Unsupported, match="time_slice with one process"):
        exactcover.count(Queens(8), time_slice=0.5)
    assert exactcover.count(Queens(8), time_slice=0.5, jobs=2) == 92


def test_an_unknown_keyword_is_a_type_error_that_names_it():
    """A misspelt keyword is a TypeError at the method that took it."""
    from exactcover.front.request import Request

    with pytest.raises(TypeError, match="'max_node'"):
        prepare(Queens(6)).count(max_node=3)
    with pytest.raises(TypeError, match="'limt'"):
        Request.of("count", limt=3)


def test_parallel_errors_name_labels():
    """Clashing givens on many processes are named as the serial search names them."""
    m = Matrix(["a", "b"], {"x": ["a"], "y": ["b"], "z": ["a", "b"]})
    with pytest.raises(GivensClash, match="'x' and 'z'.*item 'a'"):
        exactcover.count(m, givens=["x", "z"], jobs=2)


def test_a_reduced_count_journal_verifies(tmp_path):
    """A count with reduce=True and a journal writes that it was reduced; verify checks it."""
    journal = tmp_path / "q.jsonl"
    pairs = {f"{a}{b}": [a, b] for a, b in itertools.combinations(range(7), 2)}
    m = Matrix(list(range(8)), {**pairs, "67": [6, 7]})  # (the rules force 67, and the reduced matrix differs)
    number = exactcover.count(m, reduce=True, journal=journal, jobs=2)
    assert number == exactcover.count(m)
    checked = exactcover.verify(m, journal)
    assert checked.complete and checked.agree and checked.total == number


@pytest.fixture
def files(tmp_path):
    source = tmp_path / "first.dlx"
    source.write_text("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
    costs = tmp_path / "costs.dlx"
    costs.write_text("a b c\na |1\nb c |5\na b |2\nc |2\na b c |6\n")
    return source, costs


@pytest.mark.parametrize("args, named", [
    (("count", "dlx", "{source}", "--time-slice", "0.5"), "--time-slice with one process"),
    (("solve", "dlx", "{source}", "--count", "--backend", "sat"), "every solution by the SAT solver"),
    (("solve", "dlx", "{costs}", "--best", "2", "--backend", "sat"), "--backend sat with --best"),
    (("solve", "dlx", "{costs}", "--best", "2", "--seed", "3"), "--seed"),
    (("solve", "dlx", "{costs}", "--best", "2", "--all"), "--all and --best"),
    (("solve", "dlx", "{costs}", "--best", "2", "--count"), "--count and --best"),
    (("solve", "dlx", "{source}", "--scheduler", "tcp://localhost:1", "--jobs", "2", "--all"), "--jobs with --scheduler"),
])
def test_the_command_refuses_what_does_not_combine(files, args, named):
    """Options that do not combine: one line naming both, exit 2, no traceback."""
    source, costs = files
    done = run_command(*(a.format(source=source, costs=costs) for a in args))
    assert done.exit_code == 2, done.output
    assert named in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_command_refuses_a_journal_for_a_file_of_problems(tmp_path):
    """count sudoku FILE --journal J of many puzzles is refused before the first is counted."""
    puzzles = tmp_path / "puzzles.txt"
    line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    puzzles.write_text(f"{line}\n{line}\n")
    journal = tmp_path / "j.jsonl"
    done = run_command("count", "sudoku", puzzles, "--journal", journal)
    assert done.exit_code == 2 and "a file of many problems with --journal" in done.stderr
    assert not journal.exists()


def test_the_command_lists_at_most_its_limit_with_all(tmp_path):
    """--all --limit 2 prints two solutions, not every one."""
    source = tmp_path / "pairs.dlx"
    source.write_text(write_dlx(Matrix(list(range(6)), {f"{a}{b}": [a, b] for a, b in
                                                        itertools.combinations(range(6), 2)})))
    every = run_command("solve", "dlx", source, "--all")
    done = run_command("solve", "dlx", source, "--all", "--limit", "2")
    assert every.exit_code == 0 and every.stdout.count("\n\n") == 14  # (15 solutions)
    assert done.exit_code == 0 and done.stdout.count("\n\n") == 1  # (2 solutions)


def test_the_command_verifies_a_reduced_count(tmp_path):
    """count --reduce --journal J, then verify J: the journal says it was reduced, and verify
    reduces the problem alike before it checks (it refused J as another problem's)."""
    source, journal = tmp_path / "pairs.dlx", tmp_path / "j.jsonl"
    pairs = {f"{a}{b}": [a, b] for a, b in itertools.combinations(range(7), 2)}
    source.write_text(write_dlx(Matrix(list(range(8)), {**pairs, "67": [6, 7]})))  # (the rules force 67)
    counted = run_command("count", "dlx", source, "--reduce", "--journal", journal, "--jobs", "2")
    assert counted.exit_code == 0 and counted.stdout.strip() == "15"
    checked = run_command("verify", journal)
    assert checked.exit_code == 0 and "complete: 15 solutions" in checked.stdout, checked.output
