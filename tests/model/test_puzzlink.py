"""puzz.link URLs: `exactcover.puzzlink` splits them and packs a grid's cells as pzprjs does,
for any grid (hypothesis), from any mirror, and refuses what it cannot read by name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from exactcover import ProblemError, puzzlink
from exactcover.puzzlink import PuzzLink, parse

KINDS = {"slither": "slither", "slitherlink": "slither"}


def grids(values: st.SearchStrategy[int]) -> st.SearchStrategy[tuple[int, int, list[int | None]]]:
    """(columns, rows, cells) with runs of empty cells long and short."""
    return st.tuples(st.integers(1, 12), st.integers(1, 12)).flatmap(lambda size: st.tuples(
        st.just(size[0]), st.just(size[1]),
        st.lists(st.one_of(st.none(), st.none(), values), min_size=size[0] * size[1], max_size=size[0] * size[1])))


@pytest.mark.parametrize(("decode", "encode", "values"), [
    (puzzlink.cells_0_to_4, puzzlink.encode_cells_0_to_4, st.integers(0, 4)),
    (puzzlink.numbers, puzzlink.encode_numbers, st.integers(0, 4095)),
    (puzzlink.circles, puzzlink.encode_circles, st.integers(1, 2)),
])
@given(data=st.data())
def test_every_grid_is_written_and_read_back(decode, encode, values, data):
    columns, rows, cells = data.draw(grids(values))
    link = PuzzLink("x", columns, rows, encode(cells))
    assert decode(link) == cells
    assert parse(link.url(), {"x": "x"}) == link


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?slither/5/5/cbcbcddad",
    "http://pzv.jp/p.html?slither/5/5/cbcbcddad",
    "https://pzplus.tck.mn/p.html?slitherlink/5/5/cbcbcddad/",
    "puzz.link/p?slither_edit/5/5/cbcbcddad",
    "https://puzz.link/p?type=player&slither_play/5/5/cbcbcddad",
    "https://puzz.link/p?slither/v:/5/5/cbcbcddad",
    "  https://puzz.link/p?slither%2F5%2F5%2Fcbcbcddad\n",
])
def test_a_url_is_read_from_any_mirror_and_in_any_mode(url):
    assert parse(url, KINDS) == PuzzLink("slither", 5, 5, "cbcbcddad")


def test_empty_cells_at_the_end_may_be_left_out():
    link = parse("https://puzz.link/p?slither/3/2/1", KINDS)
    assert puzzlink.cells_0_to_4(link) == [1, None, None, None, None, None]
    assert puzzlink.numbers(PuzzLink("sudoku", 2, 2, "")) == [None] * 4


@pytest.mark.parametrize(("url", "said"), [
    ("https://puzz.link/", "is not a puzz.link URL"),
    ("https://puzz.link/p?nurikabe/5/5/g", "holds a 'nurikabe' puzzle, not slither"),
    ("https://puzz.link/p?slither/f/5/5/g", "flag 'f'"),
    ("https://puzz.link/p?slither/v:lite/5/5/g", "variant 'lite'"),
    ("https://puzz.link/p?slither/5/g", "size is not COLUMNS/ROWS"),
    ("https://puzz.link/p?slither/0/5/g", "size is not COLUMNS/ROWS"),
    ("https://puzz.link/p?slither/2000/2000/g", "more cells than the 1,000,000"),
])
def test_what_cannot_be_read_is_named(url, said):
    with pytest.raises(ProblemError, match=said):
        parse(url, KINDS)


@pytest.mark.parametrize(("decode", "body", "said"), [
    (puzzlink.cells_0_to_4, "1f", "'f', which is no clue 0 to 4 at character 2"),
    (puzzlink.cells_0_to_4, "zzz", "past the grid's 4 cells"),
    (puzzlink.numbers, "1-3", "'-' without 2 hexadecimal digits"),
    (puzzlink.numbers, "1=", "'=', which is no number"),
    (puzzlink.circles, "0r", "'r', which is no group of three circles"),
    (puzzlink.circles, "000", r"1 character\(s\) past"),
])
def test_a_body_that_is_not_clues_is_refused_where_it_goes_wrong(decode, body, said):
    with pytest.raises(ProblemError, match=said):
        decode(PuzzLink("k", 2, 2, body))


def test_what_looks_like_a_url():
    assert puzzlink.looks_like_url("https://puzz.link/p?slither/5/5/g")
    assert puzzlink.looks_like_url("puzz.link/p?slither/5/5/g\n")
    assert not puzzlink.looks_like_url("puzzles/sudoku.txt")
    assert not puzzlink.looks_like_url("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert not puzzlink.looks_like_url("https://a?b/1\nhttps://a?b/2")  # (two lines: a file's text of several)
