"""Tests for exactcover_sudoku.logic: every step is sound, singles solve easy puzzles, grades."""

from __future__ import annotations

import exactcover
from exactcover_sudoku import Sudoku, explain, solve_hybrid
from exactcover_sudoku.grid import cell_name

from problems import INKALA
from helpers import puzzle_lines


def check_sound(puzzle: Sudoku) -> None:
    """Every placement agrees with the unique solution; no elimination removes its digit."""
    solution = exactcover.solve(puzzle)
    n = puzzle.size
    answer = {cell_name(k // n, k % n): v for k, v in enumerate(solution.cells)}
    explanation = explain(puzzle)
    for step in explanation.steps:
        assert all(answer[cell] == d for cell, d in step.placed), step
        assert all(answer[cell] != d for cell, d in step.eliminated), step
        assert step.placed or step.eliminated
    if explanation.solved:
        assert explanation.grid == solution


def test_singles_solve_an_easy_puzzle_without_search():
    """Project Euler's first grid is solved by singles alone: grade easy, no search."""
    puzzle = Sudoku.parse(puzzle_lines("norvig_easy50.txt")[0])
    explanation = explain(puzzle)
    assert explanation.solved and explanation.grade == "easy"
    assert {step.technique for step in explanation.steps} <= {"naked single", "hidden single"}
    assert explanation.grid == exactcover.solve(puzzle)
    hybrid = solve_hybrid(puzzle)
    assert hybrid.nodes_after_logic == 1 and hybrid.solution == explanation.grid  # the root: nothing left
    assert hybrid.nodes_saved == hybrid.nodes_without_logic - 1 > 0


def test_steps_are_sound_on_many_puzzles():
    """On easy and hard puzzles, no technique ever contradicts the real solution."""
    for line in puzzle_lines("norvig_easy50.txt")[:20] + puzzle_lines("norvig_top95.txt")[:20]:
        check_sound(Sudoku.parse(line))


def test_harder_techniques_are_used_and_graded():
    """Some easy50 puzzles need more than singles; the grade names the hardest level used."""
    techniques, grades = set(), set()
    for line in puzzle_lines("norvig_easy50.txt"):
        explanation = explain(Sudoku.parse(line))
        techniques |= {step.technique for step in explanation.steps}
        grades.add(explanation.grade)
    assert {"naked single", "hidden single", "pointing"} <= techniques
    assert "easy" in grades and len(grades) > 1


def test_stuck_puzzle_needs_search_and_hybrid_finishes():
    """Inkala's puzzle defeats these techniques: the grade says so and the hybrid still solves it."""
    puzzle = Sudoku.parse(INKALA)
    explanation = explain(puzzle)
    assert not explanation.solved and explanation.grade == "needs search"
    assert "stuck after" in str(explanation)
    hybrid = solve_hybrid(puzzle)
    assert hybrid.solution == exactcover.solve(puzzle)
    assert hybrid.nodes_after_logic <= hybrid.nodes_without_logic


def test_hybrid_saves_nodes_on_hard_puzzles():
    """On top95 puzzles, the search that solves and proves uniqueness shrinks after the logic,
    and the hybrid's answer is the plain search's."""
    results = [(line, solve_hybrid(Sudoku.parse(line))) for line in puzzle_lines("norvig_top95.txt")[:10]]
    assert all(h.solution == exactcover.solve(Sudoku.parse(line)) for line, h in results)
    assert all(h.nodes_saved > 0 for _, h in results)


def test_exclude_keeps_options_out_of_the_search():
    """Excluding a candidate the solution needs leaves no solution; excluding others keeps it."""
    from exactcover_sudoku.encoding import encode

    puzzle = Sudoku.parse(INKALA)
    encoding = encode(puzzle)
    solver = exactcover.solver_for(encoding.matrix)
    assert solver.count(encoding.givens, exclude=[(0, 1, 1)]) == 0  # r1c2 is 1 in the solution
    assert solver.count(encoding.givens, exclude=[(0, 1, 2), (0, 1, 2)]) == 1


def test_unsolvable_puzzle_is_never_called_solved():
    """On valid puzzles without a solution the logic stops (stuck or contradiction), unsolved."""
    for line in puzzle_lines("invalid_no_solution.txt"):
        explanation = explain(Sudoku.parse(line))
        assert not explanation.solved
        if explanation.contradiction:
            assert "contradiction" in str(explanation)


def test_step_text():
    """Steps read as sentences naming the technique, cells and digits."""
    steps = explain(Sudoku.parse(puzzle_lines("norvig_easy50.txt")[0])).steps
    assert str(steps[0]).startswith(("naked single: r", "hidden single in "))
    assert " = " in str(steps[0])
