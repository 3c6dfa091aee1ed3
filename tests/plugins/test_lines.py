"""Files of problems as lines of symbols (exactcover.lines; pydlx/lines.py, cdlx/lines.c).

The engine's batch must say, line for line, what a search of each problem apart says: the
first solution (the same one: its givens are the same), the count up to the limit, and
"invalid" for a line that is not a problem; both engines byte for byte alike; and the
command's file mode must print the same text whether the engine solves the file whole or
problem by problem.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import GivensError, Matrix, Solver, Unsupported
from exactcover.cli import cli
from exactcover.lines import INVALID, STOPPED, LineCode, solve_lines
from exactcover_sudoku import InvalidPuzzle, Sudoku
from exactcover_sudoku.encoding import line_code, matrix_for

from helpers import DATA, ENGINES, puzzle_lines


def one_by_one(engine: str, lines: list[str], limit: int, max_nodes: int | None = None):
    """What searching each line's puzzle apart says: (answers, statuses)."""
    solver = Solver(matrix_for(4, 2, 2), engine)
    answers, statuses = [], []
    for line in lines:
        try:
            puzzle = Sudoku.parse(line)
            assert puzzle.size == 4
            givens = [(k // 4, k % 4, v) for k, v in enumerate(puzzle.cells) if v]
            found = list(solver.solutions(givens, limit=limit, max_nodes=max_nodes))
        except (InvalidPuzzle, AssertionError, GivensError):
            answers.append("." * 16)
            statuses.append(INVALID)
            continue
        except Exception as error:  # a budget
            assert type(error).__name__ == "BudgetExceeded"
            answers.append(line)
            statuses.append(STOPPED)
            continue
        statuses.append(len(found))
        if found:
            cells = list(puzzle.cells)
            for r, c, d in found[0]:
                cells[r * 4 + c] = d
            answers.append("".join(str(v) for v in cells))
        else:
            answers.append(line)
    return "".join(a + "\n" for a in answers).encode(), bytes(statuses)


lines_4x4 = st.lists(st.text(alphabet="....01234x", min_size=15, max_size=17), min_size=0, max_size=12)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=lines_4x4, limit=st.integers(1, 3), budget=st.sampled_from([None, 3, 40]))
def test_a_file_solved_whole_says_what_each_search_apart_says(lines, limit, budget):
    """4x4 lines, many invalid (a width other than 16, an x, a 0 as a blank, clashing clues,
    no solution, several): statuses and answers as the one-by-one searches, on every engine,
    on the sets with tallies ("auto") and on the links alike, nodes included."""
    data = "".join(line + "\n" for line in lines).encode()
    code = line_code(4, 2, 2)
    results = []
    for engine in ENGINES:
        for way in ("auto", "links"):
            found = solve_lines(Solver(matrix_for(4, 2, 2), engine), data, code, limit=limit, max_nodes=budget, way=way)
            if budget is None:
                assert (found.answers, found.statuses) == one_by_one(engine, lines, limit)
            assert found.solutions == sum(s for s in found.statuses if s < STOPPED)
            results.append((found.answers, found.statuses, found.nodes, found.solutions))
    assert all(r == results[0] for r in results)


def test_the_top95_file_solved_whole(engine):
    """Every puzzle of top95 solved and proven unique; the answers are the grids `solve` gives."""
    lines = puzzle_lines("norvig_top95.txt")[: 95 if engine == "c" else 10]
    data = "\n".join(["# a comment", "", *lines]).encode()
    found = solve_lines(Solver(matrix_for(9, 3, 3), engine), data, line_code(9, 3, 3), limit=2)
    assert found.statuses == bytes([1]) * len(lines) and found.tally() == {1: len(lines)}
    expected = [Sudoku.parse(line).solve().to_line() for line in lines[:5]]
    assert found.answers.decode().split()[:5] == expected


def test_tallies_and_links_solve_a_file_alike(engine):
    """9x9 puzzles (top95, and lines made invalid or stopped by the budget between them): the
    same answers, statuses, nodes and solutions on the sets with tallies as on the links."""
    lines = puzzle_lines("norvig_top95.txt")[: 40 if engine == "c" else 4]
    clash = "11" + lines[0][2:]
    data = "\n".join([*lines[:2], clash, lines[2][:80], *lines[2:]]).encode()
    solver = Solver(matrix_for(9, 3, 3), engine)
    for limit, budget in ((1, None), (2, None), (2, 300)):
        auto, links = (solve_lines(solver, data, line_code(9, 3, 3), limit=limit, max_nodes=budget, way=way)
                       for way in ("auto", "links"))
        assert (auto.answers, auto.statuses, auto.nodes, auto.solutions) == (
            links.answers, links.statuses, links.nodes, links.solutions)
        assert auto.statuses[2:4] == bytes([INVALID, INVALID])
        assert (STOPPED in auto.statuses) == (budget is not None)


def test_the_weighted_choice_solves_a_file_alike_on_the_tallies_and_the_links(engine):
    """way "weighted" takes each line's search to the tallies too, its weights growing at
    the same dead ends: the answers, statuses, nodes and solutions of the weighted choice on
    the links (top95's lines, a clash, a short line, a node budget)."""
    lines = puzzle_lines("norvig_top95.txt")[: 30 if engine == "c" else 3]
    data = "\n".join([*lines[:2], "11" + lines[0][2:], lines[2][:80], *lines[2:]]).encode()
    solver, code = Solver(matrix_for(9, 3, 3), engine), line_code(9, 3, 3)
    for limit, budget in ((1, 0), (2, 0), (2, 300)):
        weighted = solve_lines(solver, data, code, limit=limit, max_nodes=budget or None, way="weighted")
        on_links = solver.dancer.solve_lines(data, 81, code.codes, code.writes, limit, budget, True, False)
        mrv = solve_lines(solver, data, code, limit=limit, max_nodes=budget or None)
        assert (weighted.answers, weighted.statuses, weighted.nodes, weighted.solutions) == on_links
        assert weighted.nodes != mrv.nodes  # (another tree: the choice did change)


def test_a_matrix_whose_sets_do_not_fit_stays_on_the_links():
    """300 items of 50 options each: n_primary * n_words (300 * 235) is over the default
    budget, so way "auto" searches on the links, as a search apart would, and pydlx's dancer
    never builds its sets (nor does C's: its binding asks sets_fit first)."""
    m = Matrix([f"i{p}" for p in range(300)], {(p, j): [f"i{p}"] for p in range(300) for j in range(50)})
    def given(p: int, ch: str) -> object:
        return LineCode.BLANK if ch == "." else (p, int(ch)) if ch in "0123456789" else LineCode.BAD

    code = LineCode.build(m, 300, given, lambda label: (label[0], str(label[1] % 10)))
    data = b"." * 300 + b"\n" + b"17" + b"." * 298 + b"\n"
    results = []
    for engine in ENGINES:
        solver = Solver(m, engine)
        for way in ("auto", "links"):
            found = solve_lines(solver, data, code, limit=2, way=way)
            results.append((found.answers, found.statuses, found.nodes))
        if engine == "python":
            assert solver.dancer.tables == 0
    assert all(r == results[0] for r in results) and results[0][1] == bytes([2, 2])


@pytest.mark.skipif("c" not in ENGINES, reason="threads pay on the C engine")
def test_jobs_give_the_same_answers():
    from exactcover import lines as module

    data = (DATA / "norvig_top95.txt").read_bytes() * 4
    solver = Solver(matrix_for(9, 3, 3), "c")
    saved, module.CHUNK_BYTES = module.CHUNK_BYTES, 2000  # (many parts)
    try:
        alone = solve_lines(solver, data, line_code(9, 3, 3), limit=2)
        together = solve_lines(solver, data, line_code(9, 3, 3), limit=2, jobs=2)
    finally:
        module.CHUNK_BYTES = saved
    assert (alone.answers, alone.statuses, alone.nodes) == (together.answers, together.statuses, together.nodes)


def test_bad_arguments_are_refused_alike_by_both_engines():
    matrix = Matrix(["a"], {"x": ["a"]})
    colored = Matrix(["a"], {"x": {"a": None, "s": "red"}}, secondary=["s"])
    code = LineCode.build(matrix, 1, lambda p, ch: "x" if ch == "1" else LineCode.BLANK, lambda label: (0, "1"))
    said = []
    for engine in ENGINES:
        dancer = Solver(matrix, engine).dancer
        words = []
        for attempt in (lambda: dancer.solve_lines(b"1\n", 1, code.codes, code.writes, 0),
                        lambda: dancer.solve_lines(b"1\n", 2, code.codes, code.writes),
                        lambda: dancer.solve_lines(b"1\n", 1, code.codes, [5 << 8]),
                        lambda: Solver(colored, engine).dancer.solve_lines(b"1\n", 1, code.codes, code.writes)):
            with pytest.raises((ValueError, Unsupported)) as caught:
                attempt()
            words.append((type(caught.value), str(caught.value)))
        said.append(words)
    assert all(words == said[0] for words in said)
    with pytest.raises(Unsupported):
        solve_lines(Solver(matrix), b"1\n", code, way="sets")
    with pytest.raises(ValueError, match="not a position"):
        LineCode.build(matrix, 1, lambda p, ch: LineCode.BAD, lambda label: (3, "1"))


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def mixed_file(tmp_path):
    """A file of 9x9 puzzles with comments, blanks, puzzles without solution, with several, and
    lines that are not puzzles (too short, a bad symbol, two 1s in a row)."""
    lines = ["# puzzles", *puzzle_lines("norvig_top95.txt")[:30], "", "   ", *puzzle_lines("invalid_no_solution.txt"),
             *puzzle_lines("multi_solution.txt"), "12345", "x" + puzzle_lines("norvig_top95.txt")[0][1:],
             "11" + puzzle_lines("norvig_top95.txt")[0][2:]]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("command", [["solve"], ["count", "--limit", "2"]])
def test_the_command_prints_the_same_whole_or_one_by_one(tmp_path, command):
    """--timeout makes the command search each problem apart; without it the engine solves
    the file whole: the same lines, errors and exit status (invalid lines: 2)."""
    path = mixed_file(tmp_path)
    whole = run(command[0], "sudoku", path, *command[1:])
    apart = run(command[0], "sudoku", path, *command[1:], "--timeout", "1000")
    assert whole.exit_code == apart.exit_code == 2
    assert whole.stdout == apart.stdout and len(whole.stdout.splitlines()) == 30 + 10 + 15 + 3
    assert whole.stderr.splitlines()[:-1] == apart.stderr.splitlines()[:-1]
    assert "line 61" in whole.stderr and "solved" in whole.stderr.splitlines()[-1]
    assert run(command[0], "sudoku", path, *command[1:], "--jobs", "2").stdout == whole.stdout


def test_a_file_of_puzzles_is_not_read_line_by_line(tmp_path, monkeypatch):
    """The whole-file path parses no line: Sudoku.parse is called for the first one only."""
    calls = []
    original = Sudoku.parse.__func__
    monkeypatch.setattr(Sudoku, "parse", classmethod(lambda cls, *a, **k: calls.append(a) or original(cls, *a, **k)))
    lines = puzzle_lines("norvig_top95.txt")
    path = tmp_path / "top95.txt"
    path.write_text("\n".join(lines))
    result = run("solve", "sudoku", path)
    assert result.exit_code == 0 and len(calls) == 1
    out = result.stdout.split()
    assert len(out) == 95 and out[:3] == [Sudoku.parse(line).solve().to_line() for line in lines[:3]]


def test_commands_that_take_one_problem_refuse_a_file_of_lines(tmp_path):
    """estimate and sample say a file of puzzles is not one problem (no internal error)."""
    path = tmp_path / "top95.txt"
    path.write_text("\n".join(puzzle_lines("norvig_top95.txt")))
    for command in ("estimate", "sample"):
        result = run(command, "sudoku", path)
        assert result.exit_code == 2 and "one problem" in result.stderr
