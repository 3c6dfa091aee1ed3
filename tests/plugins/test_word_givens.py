"""A problem type words givens that cannot be in the puzzle's terms (`ProblemType.word_givens`):
the same exception, its facts kept, its message the type's; the library's words where the
type gives none."""

from __future__ import annotations

import attrs
import pytest

import exactcover
from exactcover import (Encoding, GivenAndExcluded, GivensClash, GivensError, Matrix, Problem, ProblemType,
                        UnknownOption, hookimpl)
from exactcover.plugins import manager
from exactcover_queens import Queens
from exactcover_sudoku import Sudoku


@attrs.frozen
class Lights(Problem[tuple[str, ...]]):
    """Two lamps of three, lit: a toy type whose options are lamps."""

    lit: tuple[str, ...] = ()


def encode(problem: Lights) -> Encoding:
    return Encoding(Matrix(["left", "right"], {"a": ["left"], "b": ["left"], "c": ["right"]}), givens=problem.lit)


def word(problem: Lights, error: GivensError) -> str | None:
    if isinstance(error, GivensClash):
        return f"lamps {error.first} and {error.second} share a socket"
    return None


@pytest.fixture
def registry(monkeypatch):
    """The lights type, registered in a registry of the test's own."""
    class Plugin:
        @hookimpl
        def register_problem_types(self, register):
            register(ProblemType(name="lights", summary="lamps", handles=Lights, encode=encode, word_givens=word))

    monkeypatch.setattr(manager, "_default", None)
    exactcover.register(Plugin())


@pytest.mark.parametrize("call", ["solve", "count", "solutions", "is_unique", "estimate"])
def test_every_call_says_it_in_the_type_s_words_and_keeps_the_facts(registry, call):
    with pytest.raises(GivensClash) as raised:
        getattr(exactcover, call)(Lights(("a", "b")))
    error = raised.value
    assert str(error) == "lamps a and b share a socket" == error.worded
    assert (error.first, error.second, error.item) == ("a", "b", "left")
    assert error.describe() == "given options 'a' and 'b' cannot both be chosen: both cover item 'left'"


def test_what_the_type_does_not_word_keeps_the_library_s_words(registry):
    with pytest.raises(UnknownOption, match="given option 'z' is not an option of this matrix"):
        exactcover.solve(Lights(("z",)))


@pytest.mark.parametrize(("givens", "exclude", "said"), [
    ([(0, 3, 5)], [], "r1c1 = 5 and r1c4 = 5 cannot both be given: both in row 1"),
    ([(4, 0, 5)], [], "r1c1 = 5 and r5c1 = 5 cannot both be given: both in column 1"),
    ([(1, 1, 5)], [], "r1c1 = 5 and r2c2 = 5 cannot both be given: both in box 1"),
    ([(0, 0, 2)], [], "r1c1 = 2 and r1c1 = 5 cannot both be given: a cell holds one digit"),
    ([(0, 1, 4)], [(0, 1, 4)], "r1c2 = 4 is both given and excluded"),
    ([(9, 9, 9)], [], "given (9, 9, 9) is no digit in a cell of this 9x9 sudoku"),
])
def test_a_sudoku_s_givens_in_cells_and_digits(givens, exclude, said):
    with pytest.raises(GivensError) as raised:
        exactcover.solve(Sudoku.parse("5" + "." * 80), givens=givens, exclude=exclude)
    assert str(raised.value).startswith(said), str(raised.value)


@pytest.mark.parametrize(("givens", "said"), [
    ([(1, 1)], "queens at (0, 0) and (1, 1) attack each other (diagonal)"),
    ([(5, 0)], "queens at (0, 0) and (5, 0) attack each other (column)"),
    ([(9, 9)], "given (9, 9) is no square of the 8x8 board"),
])
def test_queens_given_in_squares(givens, said):
    with pytest.raises(GivensError, match=said.replace("(", r"\(").replace(")", r"\)")):
        exactcover.solve(Queens(8, placed=[(0, 0)]), givens=givens)


def test_a_given_and_excluded_queen():
    with pytest.raises(GivenAndExcluded, match=r"the queen at \(2, 3\) is both given and excluded"):
        exactcover.count(Queens(8), givens=[(2, 3)], exclude=[(2, 3)])


@pytest.mark.parametrize(("call", "route"), [
    ("count", {"jobs": 2}), ("count", {"way": "sets"}), ("count", {"reduce": True}),
    ("solve", {"backend": "sat"}), ("solve", {"engine": "python"}),
])
def test_the_words_are_the_type_s_on_every_route(call, route):
    """A process pool, the sets, a reduction first, the SAT solver, the Python engine: the
    clash is found on each, and worded by the type on each."""
    if route.get("backend") == "sat":
        pytest.importorskip("pysat")
    with pytest.raises(GivensClash, match="r1c1 = 5 and r1c4 = 5 cannot both be given: both in row 1"):
        getattr(exactcover, call)(Sudoku.parse("5" + "." * 80), givens=[(0, 3, 5)], **route)
