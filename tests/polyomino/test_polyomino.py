"""Tests for the polyomino plugin: pieces, boards, the known counts, symmetry classes, counts
of pieces, pictures and the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import exactcover
from exactcover import ProblemError
from exactcover.cli import cli
from exactcover_polyomino import CUBE, SETS, SQUARE, TRIANGLE, Board, Piece, Polyomino, make, named_set, pieces_from_text
from exactcover_polyomino.pieces import _shapes

CENTRE = [(3, 3), (3, 4), (4, 3), (4, 4)]


@pytest.mark.parametrize(("lattice", "reflections", "counts"), [
    (SQUARE, True, [1, 1, 2, 5, 12, 35, 108]),   # free polyominoes (OEIS A000105)
    (TRIANGLE, True, [1, 1, 1, 3, 4, 12, 24]),   # free polyiamonds (A000577)
    (CUBE, False, [1, 1, 2, 8, 29]),             # polycubes up to rotation (A000162)
    (CUBE, True, [1, 1, 2, 7, 23]),              # and up to reflection too (A038119)
])
def test_shapes_are_counted_as_known(lattice, reflections, counts):
    """The shapes grown cell by cell are the known numbers of polyforms of each size."""
    assert [len(_shapes(lattice, n, reflections)) for n in range(1, len(counts) + 1)] == counts


def test_named_sets():
    assert [p.name for p in named_set("pentominoes")] == list("FILNPTUVWXYZ")
    assert [p.name for p in named_set("tetrominoes")] == ["I4", "L4", "O4", "S4", "T4"]
    assert len(named_set("hexominoes")) == 35 and len(named_set("hexiamonds")) == 12
    assert [p.name for p in named_set("soma")] == list("VLTZABP")
    pentacubes = named_set("pentacubes")
    assert len(pentacubes) == 29 and {p.name for p in pentacubes} >= set("FILNPTUVWXYZ")
    assert {p.name for p in named_set("tetracubes")} == {"I4", "L4", "O4", "S4", "T4", "A", "B", "P"}
    assert all(len({p.lattice for p in named_set(name)}) == 1 for name in SETS)
    with pytest.raises(ProblemError, match="unknown set of pieces 'heptominoes'; known: monomino"):
        named_set("heptominoes")


@pytest.mark.parametrize(("board", "total", "distinct"), [
    ("6x10", 9356, 2339), ("5x12", 4040, 1010), ("4x15", 1472, 368), ("3x20", 8, 2),
])
@pytest.mark.slow
def test_pentomino_rectangles(board, total, distinct):
    """The pentominoes' known counts on the four rectangles, all and up to symmetry."""
    assert exactcover.count(make(board, "pentominoes")) == total
    assert exactcover.count(make(board, "pentominoes", distinct=True)) == distinct


def test_pentominoes_around_a_hole():
    """The 8×8 board without its central 2×2 square: 65 tilings up to symmetry (Scott, 1958)."""
    problem = make("8x8", "pentominoes", holes=CENTRE, distinct=True)
    assert exactcover.count(problem) == 65
    assert len(problem.board.symmetries()) == 8


def test_soma_cube():
    """Piet Hein's Soma cube: 11520 assemblies, 240 up to the cube's 48 symmetries (a mirror
    takes the pieces A and B to each other)."""
    assert exactcover.count(make("3x3x3", "soma")) == 11520
    assert exactcover.count(make("3x3x3", "soma", distinct=True)) == 240


def test_hexiamond_rhombus_classes_are_whole_orbits():
    """On triangles: the 12 hexiamonds fill the 6×6 rhombus; no tiling of it is symmetric,
    so each class has one member per symmetry of the rhombus (4)."""
    problem = make("rhombus:6x6", "hexiamonds")
    total, distinct = exactcover.count(problem), exactcover.count(make("rhombus:6x6", "hexiamonds", distinct=True))
    assert len(problem.board.symmetries()) == 4 and total == 4 * distinct == 624


def test_boards():
    assert len(Board.hexagon(2).cells) == 24 and len(Board.triangle(3).cells) == 9
    assert len(Board.rhombus(2, 3).cells) == 12 and len(Board.box(2, 3, 4).cells) == 24
    assert len(Board.hexagon(2).symmetries()) == 12 and len(Board.box(2, 2, 3).symmetries()) == 16
    drawn = Board.from_text("XXX\nX.X\nXXX")
    assert len(drawn.cells) == 8 and (1, 1) not in drawn.cells and len(drawn.symmetries()) == 8
    with pytest.raises(ProblemError, match=r"the hole \(9, 9\) is not a cell of the board"):
        Board.rectangle(2, 2).without([(9, 9)])


def test_pieces_drawn_as_text():
    """Each character of a drawing is a piece; a piece must be in one part."""
    pieces = pieces_from_text("AAB\nA.B\n..B")
    assert [(p.name, p.size) for p in pieces] == [("A", 3), ("B", 3)]
    assert exactcover.count(Polyomino(Board.rectangle(3, 3).without([(2, 1), (2, 2), (1, 2)]), pieces[:2])) == 2
    dominoes = pieces_from_text("AB\nAB")
    assert exactcover.count(Polyomino(Board.rectangle(2, 2), dominoes)) == 4  # (A and B are different pieces)
    with pytest.raises(ProblemError, match="piece 'A' is not in one part"):
        pieces_from_text("A.A")
    layered = pieces_from_text("AA\n\nA.", CUBE)
    assert layered[0].cells == ((0, 0, 0), (0, 0, 1), (1, 0, 0))


def test_rotations_and_reflections():
    """Two L tetrominoes: a 2×4 box in two ways (one of them needs the piece turned over), the
    cup XXXXXX/X....X in one way (a piece and its mirror image); without rotations a piece lies
    as drawn (or, with reflections, mirrored)."""
    ell = pieces_from_text("LLL\nL..")
    box, cup = Board.rectangle(2, 4), Board.from_text("XXXXXX\nX....X")

    def count(board, **turns):
        return exactcover.count(Polyomino(board, ell, counts={"L": 2}, **turns))

    as_drawn = {"rotations": False, "reflections": False}
    assert (count(box), count(box, reflections=False), count(box, **as_drawn)) == (2, 1, 0)
    assert (count(cup), count(cup, reflections=False), count(cup, **as_drawn)) == (1, 0, 0)
    assert count(cup, rotations=False) == 1  # (turned over is still allowed in the plane)
    assert len(CUBE.symmetries(True, False)) == 24 and len(TRIANGLE.symmetries(False, True)) == 2


def test_counts_of_pieces():
    """A piece used N times, between LO and HI times, or (at_most) any piece at most once."""
    dominoes = [Piece("D", [(0, 0), (0, 1)])]
    assert exactcover.count(Polyomino(Board.rectangle(2, 4), dominoes, counts={"D": 4})) == 5
    mixed = [Piece("D", [(0, 0), (0, 1)]), Piece("M", [(0, 0)])]
    assert exactcover.count(Polyomino(Board.rectangle(1, 3), mixed, counts={"D": (0, 1), "M": (1, 3)})) == 3
    some = make("5x5", "pentominoes", at_most=True)
    assert exactcover.count(some, limit=3) == 3
    with pytest.raises(ProblemError, match="the board has 64 cells, and the pieces cover 60: no tiling can exist"):
        make("8x8", "pentominoes")
    with pytest.raises(ProblemError, match="a count for 'Q', which is not one of the pieces"):
        make("6x10", "pentominoes", counts={"Q": 1})


def test_the_lattices_must_agree():
    with pytest.raises(ProblemError, match="piece 'V' is made of cubes, the board of squares"):
        Polyomino(Board.rectangle(3, 9), named_set("soma"))


def test_text_and_pictures():
    """A tiling prints as rows of names (a legend when names are longer) and draws as SVG."""
    tiling = exactcover.solve(make("3x20", "pentominoes"))
    rows = str(tiling).splitlines()
    assert len(rows) == 3 and all(len(row) == 20 for row in rows) and set("".join(rows)) == set("FILNPTUVWXYZ")
    svg = tiling._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<polygon") == 2 * 60 and svg.count("<text") == 12
    hexagon = exactcover.solve(make("hexagon:2", "hexiamonds", at_most=True))
    assert "=T6" in str(hexagon).splitlines()[-1] and hexagon._repr_svg_().count("<polygon") == 2 * 24
    soma = exactcover.solve(make("3x3x3", "soma"))
    assert str(soma).count("\n\n") == 2 and "z = 2" in soma._repr_svg_()


def test_copies_of_a_piece_have_letters_of_their_own_in_the_text():
    """Eight dominoes on a 4x4 board: a letter per domino, each on two cells side by side,
    and a legend that gives their name."""
    result = run("solve", "polyomino", "--board", "4x4", "--pieces", "domino", "--use", "2=8")
    rows, legend = result.stdout.split("\n\n")
    assert result.exit_code == 0 and legend == "abcdefgh=2\n"
    cells = {(r, c): letter for r, row in enumerate(rows.splitlines()) for c, letter in enumerate(row)}
    for letter in "abcdefgh":
        (r1, c1), (r2, c2) = [cell for cell, seen in cells.items() if seen == letter]
        assert abs(r1 - r2) + abs(c1 - c2) == 1, rows


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.mark.slow
def test_command_line(tmp_path):
    """solve/count polyomino from words and files; bad words are one-line errors."""
    assert run("count", "polyomino", "--board", "5x12", "--distinct").stdout == "1010\n"
    assert run("count", "polyomino", "--board", "3x3x3", "--pieces", "soma").stdout == "11520\n"
    drawing = tmp_path / "pieces.txt"
    drawing.write_text("AB\nAB\n")
    assert run("count", "polyomino", "--board", "2x2", "--pieces", drawing).stdout == "4\n"
    board = tmp_path / "board.txt"
    board.write_text("XXX\nX.X\nXXX\n")
    done = run("solve", "polyomino", "--board", board, "--pieces", "tetrominoes", "--use", "L4=2", "--at-most", "--json")
    assert done.exit_code == 0, done.stderr
    assert [p["piece"] for p in json.loads(done.stdout)["solutions"][0]] == ["L4", "L4"]
    holes = [arg for cell in CENTRE for arg in ("--hole", f"{cell[0]},{cell[1]}")]
    assert run("count", "polyomino", "--board", "8x8", *holes, "--distinct").stdout == "65\n"
    for args, message in [(["--board", "6by10"], "a board is RxC, XxYxZ"),
                          (["--pieces", "octominoes"], "pieces are a set (monomino"),
                          (["--use", "F"], "Invalid value for '--use': a count is NAME=N"),
                          (["--board", "8x8"], "the board has 64 cells")]:
        bad = run("solve", "polyomino", *args)
        assert bad.exit_code == 2 and message in bad.stderr and bad.stderr.count("\n") == 1, (args, bad.stderr)
    assert "--no-reflections" in run("solve", "polyomino", "--help").stdout
