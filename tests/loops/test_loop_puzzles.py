"""The slitherlink and masyu problem types (exactcover_loops): their text, their rules checked
apart from the encoding, every solution of small random puzzles against the cycles of the
lattice found by a search written here, the published examples, the pictures, the command."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import ProblemError
from exactcover_loops import Masyu, MasyuLoop, Slitherlink, SlitherlinkLoop
from exactcover_loops.grid import edges_at, ends, lattice_edges

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "data"
Edge = tuple[str, int, int]


def cycles(rows: int, columns: int) -> Iterator[frozenset[Edge]]:
    """Every cycle of a rows x columns lattice of points, once each: a walk from its least
    point through larger ones back to it, kept when its second point is less than its last."""
    at: dict[tuple[int, int], list[tuple[tuple[int, int], Edge]]] = {}
    for edge, a, b in lattice_edges(rows, columns):
        at.setdefault(a, []).append((b, edge))
        at.setdefault(b, []).append((a, edge))
    for start in sorted(at):
        def walk(point, seen, path):  # type: ignore[no-untyped-def]
            for nxt, edge in at[point]:
                if nxt == start and len(path) >= 3 and path[0][1] < point:
                    yield frozenset(e for e, _ in path) | {edge}
                elif nxt > start and nxt not in seen:
                    yield from walk(nxt, seen | {nxt}, [*path, (edge, nxt)])
        yield from walk(start, {start}, [])


def slitherlink_holds(puzzle: Slitherlink, loop: frozenset[Edge]) -> bool:
    """Each number counts the loop's edges around its cell."""
    return all(clue is None or clue == len(loop & {("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)})
               for r, row in enumerate(puzzle.clues) for c, clue in enumerate(row))


def masyu_holds(puzzle: Masyu, loop: frozenset[Edge]) -> bool:
    """The loop passes every circle; straight at a white one and turning next to it; turning
    at a black one and straight next to it."""
    rows, columns = puzzle.shape

    def ways(r: int, c: int) -> set[str]:
        return {way for way, edge in edges_at((r, c), rows, columns).items() if edge in loop}

    def straight(r: int, c: int) -> bool:
        return ways(r, c) in ({"up", "down"}, {"left", "right"})

    step = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
    for r, row in enumerate(puzzle.circles):
        for c, circle in enumerate(row):
            if circle is None:
                continue
            here = ways(r, c)
            if len(here) != 2:
                return False
            beside = [(r + step[w][0], c + step[w][1]) for w in here]
            if circle == "white" and not (straight(r, c) and not all(straight(*p) for p in beside)):
                return False
            if circle == "black" and (straight(r, c) or not all(straight(*p) for p in beside)):
                return False
    return True


@st.composite
def slitherlinks(draw: st.DrawFn) -> Slitherlink:
    rows, columns = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    return Slitherlink([[draw(st.sampled_from([None, None, 0, 1, 2, 3])) for _ in range(columns)]
                        for _ in range(rows)])


@st.composite
def masyus(draw: st.DrawFn) -> Masyu:
    rows, columns = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    return Masyu([[draw(st.sampled_from([None, None, None, "white", "black"])) for _ in range(columns)]
                  for _ in range(rows)])


@settings(max_examples=60, deadline=None)
@given(slitherlinks())
def test_a_slitherlink_s_solutions_are_the_lattice_s_cycles_that_keep_its_numbers(puzzle: Slitherlink) -> None:
    rows, columns = puzzle.shape
    expected = {loop for loop in cycles(rows + 1, columns + 1) if slitherlink_holds(puzzle, loop)}
    for engine in exactcover.engines.available():
        assert {answer.edges for answer in exactcover.solutions(puzzle, engine=engine)} == expected


@settings(max_examples=60, deadline=None)
@given(masyus())
def test_a_masyu_s_solutions_are_the_lattice_s_cycles_that_keep_its_circles(puzzle: Masyu) -> None:
    rows, columns = puzzle.shape
    expected = {loop for loop in cycles(rows, columns) if masyu_holds(puzzle, loop)}
    for engine in exactcover.engines.available():
        assert {answer.edges for answer in exactcover.solutions(puzzle, engine=engine)} == expected


def test_the_lattice_s_cycles_are_counted_as_the_sequence_says() -> None:
    """(The search above, checked: 1, 13, 213 cycles on the 2 x 2, 3 x 3, 4 x 4 lattices.)"""
    assert [sum(1 for _ in cycles(n, n)) for n in (2, 3, 4)] == [1, 13, 213]


@pytest.mark.parametrize("name, kind", [("slitherlink-janko-31.txt", Slitherlink),
                                        ("slitherlink-10x18.txt", Slitherlink),
                                        ("masyu-janko-2.txt", Masyu), ("masyu-14x24.txt", Masyu)])
def test_the_published_examples_have_one_solution_that_keeps_the_rules(name: str, kind: type) -> None:
    puzzle = kind.from_text((EXAMPLES / name).read_text(), name)
    answers = list(exactcover.solutions(puzzle, limit=2))
    assert len(answers) == 1
    loop = answers[0].edges
    holds = slitherlink_holds if kind is Slitherlink else masyu_holds
    assert holds(puzzle, loop)
    path = answers[0].path
    assert len(path) == len(loop) and len(set(path)) == len(path)  # (one cycle through each point once)
    assert all(frozenset(ends(edge)) in {frozenset((a, b)) for a, b in zip(path, path[1:] + path[:1])}
               for edge in loop)


def test_text_is_read_in_either_notation_and_bad_text_is_named() -> None:
    assert Slitherlink.from_text("3.2\n.1.\n") == Slitherlink.from_text("\n# a comment\n3 . 2\n# another\n- 1 -\n\n")
    assert Masyu.from_text("wb.\n...") == Masyu.from_text("0 1 -\n. . .") == Masyu([["white", "black", None],
                                                                                   [None, None, None]])
    for text, wrong in [("3.2\n.5.", "line 2, cell 2: '5' is not a slitherlink symbol"),
                        ("3.2\n.1", "line 2: a row of 2 cells; the first row has 3"),
                        ("\n# only a comment\n", "no rows"),
                        ("..\n\n..", "line 2: a blank line inside the grid")]:  # (not read as 2x2 in silence)
        with pytest.raises(ProblemError, match=wrong):
            Slitherlink.from_text(text, "input")
    with pytest.raises(ProblemError, match="line 1, cell 3: 'x' is not a masyu symbol"):
        Masyu.from_text("wbx")
    for bad, wrong in [([[5]], "a clue is a number 0 to 4"), ([[True]], "a clue is a number"), ([], "at least one"),
                       ([[1, 2], [3]], "row 1 has 1 cells")]:
        with pytest.raises(ProblemError, match=wrong):
            Slitherlink(bad)
    with pytest.raises(ProblemError, match="a circle is 'white', 'black' or None"):
        Masyu([["grey"]])


def test_a_size_line_and_the_masyu_notations_are_read_as_the_dataset_writes_them() -> None:
    """puzzlekit's dataset begins a grid with 'ROWS COLUMNS', writes '-' for a blank, and a
    masyu's circles as letters, puzz.link's digits (1 white, 2 black), or both; Knuth's
    masyu-dlx writes 0 white and 1 black. A 1 alone could be either, and is refused unless
    the notation is given, from the library and the command."""
    assert Slitherlink.from_text("2 3\n- 3 -\n2 - 0") == Slitherlink.from_text("-3-\n2-0")
    assert Slitherlink.from_text("1 2\n3 3\n2 2").shape == (3, 2)  # (1 2 is a row: one row does not follow)
    with pytest.raises(ProblemError, match="could be the grid's size or its first row"):
        Slitherlink.from_text("1 2\n3 3")
    white, black = "white", "black"
    for text, first in [("6 1\nw\n-\n-\n-\n-\nb", (white,)), ("1.2\n...", (white, None, black)),
                        ("0.1\n...", (white, None, black)), ("w1b\n...", (white, white, black)),
                        ("2..\n...", (black, None, None)), ("...\n...", (None, None, None))]:
        assert Masyu.from_text(text).circles[0] == first, text
    for text, wrong in [("1.1\n...", "'1' is a black circle in Knuth's notation"),
                        ("w0\n..", "the circles mix notations"), ("3..", "'3' is not a masyu symbol")]:
        with pytest.raises(ProblemError, match=wrong):
            Masyu.from_text(text)
    assert Masyu.from_text("1.1", notation="knuth").circles == ((black, None, black),)
    assert Masyu.from_text("1.1", notation="puzzlink").circles == ((white, None, white),)
    with pytest.raises(ProblemError, match="row 1, cell 1: '2' is not a circle in the knuth notation"):
        Masyu.from_text("2.1", notation="knuth")
    with pytest.raises(ValueError, match="notation must be 'auto' or one of"):
        Masyu.from_text("w", notation="pzl")


def test_the_command_takes_a_masyu_s_notation(tmp_path) -> None:
    from helpers import run_command

    grid = tmp_path / "masyu.txt"
    grid.write_text("3 3\n1 - -\n- - -\n- - 1\n")
    done = run_command("count", "masyu", grid)
    assert done.exit_code == 2 and "say which" in done.stderr and "--notation" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert run_command("count", "masyu", grid, "--notation", "knuth").stdout.strip() == "1"
    assert run_command("count", "masyu", grid, "--notation", "puzzlink").stdout.strip() == "0"


def test_the_pictures_draw_the_loop() -> None:
    answer = exactcover.solve(Masyu.from_text("bw.\n...\n..b"))
    assert isinstance(answer, MasyuLoop)
    assert str(answer) == "●──○──┐\n│     │\n└─────●"
    svg = ElementTree.fromstring(answer._repr_svg_())
    lines = [e for e in svg.iter() if e.tag.endswith("line") and e.get("stroke") == "#1f5fa8"]
    circles = [e for e in svg.iter() if e.tag.endswith("circle")]
    assert (len(lines), len(circles)) == (8, 3)
    assert exactcover.solve(Slitherlink.from_text("3")) is None  # (a cell's only loop takes its 4 sides)
    square = exactcover.solve(Slitherlink.from_text("4"))
    assert isinstance(square, SlitherlinkLoop) and str(square) == "·───·\n│ 4 │\n·───·"
    svg = ElementTree.fromstring(square.svg())
    assert len([e for e in svg.iter() if e.tag.endswith("line")]) == len(square.edges)
    assert "".join(e.text or "" for e in svg.iter() if e.tag.endswith("text")) == "4"


def _command(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "exactcover", *args], input=stdin, capture_output=True, text=True,
                          timeout=600)


@pytest.mark.slow
def test_the_command_solves_and_counts_them_and_names_bad_input() -> None:
    done = _command("solve", "masyu", str(EXAMPLES / "masyu-janko-2.txt"))
    assert done.returncode == 0 and "●" in done.stdout and "○" in done.stdout
    done = _command("count", "slitherlink", "-", stdin=".3.\n3.3\n.3.\n")
    assert (done.returncode, done.stdout.split()[0]) == (0, "1")
    done = _command("solve", "slitherlink", str(EXAMPLES / "slitherlink-janko-31.txt"), "--json")
    document = json.loads(done.stdout)
    loop = document["solutions"][0]["loop"]
    assert len(loop) > 4 and all(len(point) == 2 for point in loop)
    done = _command("solve", "masyu", "-", stdin="wb\n.q\n")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "line 2, cell 2: 'q' is not a masyu symbol" in done.stderr
    done = _command("count", "dlx", str(EXAMPLES / "slitherlink-knuth.dlx"), "--loop")
    assert (done.returncode, done.stdout.split()[0]) == (0, "1")


@pytest.mark.slow
def test_a_published_masyu_combines_with_the_other_routes(tmp_path) -> None:
    """The masyu's matrix has a loop and priority items: both reach the workers of a count
    on two processes and its journal, a seed, the Python engine, and an estimate."""
    puzzle = Masyu.from_text((EXAMPLES / "masyu-14x24.txt").read_text())
    journal = tmp_path / "masyu.jsonl"
    assert exactcover.count(puzzle, jobs=2, journal=journal) == 1
    found = exactcover.verify(puzzle, journal, sample=3)
    assert (found.agree, found.complete, found.total) == (True, True, 1)
    assert exactcover.count(puzzle, seed=4) == exactcover.count(puzzle, engine="python") == 1
    assert exactcover.estimate(puzzle, samples=20, seed=1).nodes > 0
    slither = Slitherlink.from_text((EXAMPLES / "slitherlink-10x18.txt").read_text())
    assert exactcover.count(slither, jobs=2) == exactcover.count(slither, way="failure-rate", jobs=2) == 1
