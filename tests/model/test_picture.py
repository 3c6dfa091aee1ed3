"""Tests for exactcover.model.picture: a small matrix drawn as Knuth's 0/1 picture, a solution's
options highlighted."""

from __future__ import annotations

import pytest

import exactcover
from exactcover import Matrix, MatrixError

FAMILY = Matrix([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []})


def test_text_marks_the_chosen_options():
    picture = FAMILY.picture(exactcover.solve(FAMILY))
    assert str(picture).splitlines() == ["* S1  10101", "* S2  01010", "  S3  11001", "  S4  00110", "  S5  00000"]


def test_colors_and_secondary_items_are_drawn():
    colored = Matrix(["p", "q"], {"a": {"p": None, "x": "A"}, "b": {"q": None, "x": "B"}}, secondary=["x"])
    assert str(colored.picture()).splitlines() == ["  a  10|A", "  b  01|B"]
    svg = colored.picture(["a"])._repr_svg_()
    assert svg.count('stroke-width="2"') == 1  # the rule before the secondary items
    assert ">A</text>" in svg and ">B</text>" in svg


def test_svg_highlights_the_solution():
    svg = FAMILY.picture(["S1", "S2"])._repr_svg_()
    assert svg.startswith("<svg") and svg.count('opacity="0.45"') == 2
    assert svg.count('fill="#b03a2e"') == 5 and svg.count('fill="#333"') == 5  # chosen entries, the others
    assert FAMILY._repr_svg_().count('opacity="0.45"') == 0


def test_a_large_matrix_shows_its_repr_instead():
    big = Matrix(range(100), {k: [k] for k in range(100)})
    assert big._repr_svg_() is None and FAMILY._repr_svg_() is not None


def test_an_unknown_label_is_refused():
    with pytest.raises(MatrixError, match="no option is labelled 'S9'"):
        FAMILY.picture(["S9"])


def test_the_readmes_pictures_are_current(tmp_path):
    """docs/images holds what tools/pictures.py draws today (the notebook's own pictures)."""
    import importlib.util
    from pathlib import Path

    tool = Path(__file__).resolve().parents[2] / "tools" / "pictures.py"
    spec = importlib.util.spec_from_file_location("pictures", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for drawn in tmp_path.glob("*.svg"):
        assert drawn.read_text() == (module.IMAGES / drawn.name).read_text(), drawn.name
    assert {p.name for p in tmp_path.glob("*.svg")} == {p.name for p in module.IMAGES.glob("*.svg")}  # (none stale)


def test_every_answer_that_draws_itself_has_a_public_svg():
    """Sudoku, Placement, the variants (Killer, ...), Tiling and Picture: ``svg()`` is the
    picture a notebook shows (``_repr_svg_`` calls it)."""
    from exactcover_polyomino import make
    from exactcover_queens import Queens
    from exactcover_sudoku import Sudoku
    from exactcover_sudoku.variants import Variant

    answers = [exactcover.solve(Queens(5)), Sudoku.parse("." * 16), exactcover.solve(make("2x5", "domino", counts={"2": 5})),
               Variant.sudoku([0] * 16, extras=["diagonal"]), FAMILY.picture(["S1", "S2"])]
    for answer in answers:
        assert answer.svg().startswith("<svg") and answer._repr_svg_() == answer.svg(), type(answer).__name__


def test_a_killer_s_sums_are_clear_of_its_cage_lines():
    """Each cage's sum sits inside its dashed outline, below and right of its lines (it once
    sat on them), and the killer prints as a sudoku does, its boxes set apart."""
    import re
    from pathlib import Path

    from exactcover_sudoku.variant_svg import STEP
    from exactcover_sudoku.variant_text import parse_killer

    text = (Path(__file__).resolve().parents[1] / "data" / "sudoku" / "variants" / "killer_wikipedia.txt").read_text()
    killer = parse_killer(text)
    svg = killer.svg()
    sums = [(float(x), float(y)) for x, y in re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="7">', svg)]
    assert len(sums) == len(killer.cages)
    for cage, (x, y) in zip(killer.cages, sums):
        r, c = divmod(min(cage.cells), killer.cols)
        inset = 3.5  # (the outline's distance from the cell's sides)
        assert c * STEP + inset < x and r * STEP + inset < y - 7 * 0.75  # (right of, and its capitals below, the lines)
    solved = exactcover.solve(killer)
    assert str(solved).splitlines()[3] == "-------+-------+-------" and " | " in str(solved).splitlines()[0]
