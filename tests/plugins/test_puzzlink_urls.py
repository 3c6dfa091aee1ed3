"""Published puzz.link URLs read by the bundled types and written back (tests/data/puzzlink):
the same URL (or pzprjs's own writing of it), the clues pzprjs's tests give for its own
puzzles, a solution for each, and the command line reading a URL in place of a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import exactcover
from exactcover import ProblemError
from exactcover.cli import cli
from exactcover_loops import Masyu, Slitherlink
from exactcover_sudoku import Sudoku

DATA = Path(__file__).resolve().parent.parent / "data" / "puzzlink" / "urls.txt"
TYPES = {"slitherlink": Slitherlink, "masyu": Masyu, "sudoku": Sudoku}


def published() -> list[tuple[str, str, dict[str, str]]]:
    rows = []
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            kind, url, _source, *more = line.split()
            rows.append((kind, url, dict(word.split("=", 1) for word in more)))
    return rows


URLS = published()


def test_the_published_urls_are_many_and_of_every_type():
    assert {kind for kind, _, _ in URLS} == set(TYPES) and len(URLS) >= 40


@pytest.mark.parametrize(("kind", "url", "notes"), URLS, ids=[url[22:60] for _, url, _ in URLS])
def test_a_published_url_is_read_and_written_back(kind, url, notes):
    puzzle = TYPES[kind].from_url(url)
    assert puzzle.url() == notes.get("canonical", url)
    assert TYPES[kind].from_url(puzzle.url()) == puzzle
    assert exactcover.solve(puzzle) is not None


@pytest.mark.parametrize(("kind", "url", "clues"), [(kind, url, notes["clues"]) for kind, url, notes in URLS
                                                     if "clues" in notes])
def test_pzprjs_s_own_puzzles_read_as_its_tests_draw_them(kind, url, clues):
    """pzprjs's tests pair each type's URL with the puzzle in its file format: the cells agree."""
    puzzle = TYPES[kind].from_url(url)
    rows = clues.split("/")
    if kind == "sudoku":
        assert puzzle.to_line() == "".join(rows)
    else:
        assert puzzle.to_text() == "\n".join(rows)


def test_a_url_stands_for_a_file_on_the_command_line(tmp_path):
    """In place of FILE (or PUZZLE), in a file, on standard input; a file of sudoku URLs is
    a batch, a bad line named."""
    url = "https://puzz.link/p?slither/10/10/g188227cl1dg367bdcg3ddgbhdgd1agbd760dg2cl633661d"
    direct = CliRunner().invoke(cli, ["count", "slitherlink", url])
    (tmp_path / "one.txt").write_text(url + "\n")
    filed = CliRunner().invoke(cli, ["count", "slitherlink", str(tmp_path / "one.txt")])
    piped = CliRunner().invoke(cli, ["count", "slitherlink", "-"], input=url)
    assert direct.output == filed.output == piped.output == "1\n"
    masyu = CliRunner().invoke(cli, ["solve", "masyu", "https://puzz.link/p?mashu/6/6/1063000i3000", "--json"])
    assert masyu.exit_code == 0 and json.loads(masyu.output)["solutions"]
    sudokus = tmp_path / "sudokus.txt"
    sudokus.write_text("https://puzz.link/p?sudoku/4/4/g2j1h1j3g\n# a comment\n"
                       "https://puzz.link/p?sudoku/4/4/i1g2j4g3i\nhttps://puzz.link/p?sudoku/4/4/zz\n")
    batch = CliRunner().invoke(cli, ["solve", "sudoku", str(sudokus)])
    assert batch.stdout.splitlines() == ["1243431231242431", "4321123421433412", "invalid"]
    assert "line 4" in batch.stderr and "past the grid's 16 cells" in batch.stderr


@pytest.mark.parametrize(("args", "said"), [
    (["solve", "masyu", "https://puzz.link/p?mashu/f/6/6/1063000i3000"], "flag 'f'"),
    (["solve", "slitherlink", "https://puzz.link/p?mashu/6/6/1063000i3000"], "holds a 'mashu' puzzle, not slither"),
    (["solve", "masyu", "https://puzz.link/p?mashu/6/6/1063000i3000", "--notation", "knuth"], "--notation"),
    (["solve", "sudoku", "https://puzz.link/p?sudoku/8/8/g3"], "8x8 sudoku with 2x2 boxes"),
    (["solve", "sudoku", "https://puzz.link/p?sudoku/9/6/g3"], "a sudoku is square"),
    (["solve", "slitherlink", "https://puzz.link/p?slither/99999/99999/g"], "more cells than"),
    (["solve", "slitherlink", "https://puzz.link/p?slither/5/5/cbc!cddad"], "'!', which is no clue 0 to 4"),
    (["solve", "sudoku", "https://puzz.link/p?sudoku/4/4/9"], "holds 9"),
])
def test_a_bad_url_is_refused_with_what_is_wrong(args, said):
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 2 and said in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_puzzle_with_no_url_says_so():
    """A sudoku whose boxes puzz.link does not draw (12×12 of 3×4; 6×6 of 3×2) has no URL there."""
    with pytest.raises(ProblemError, match="12x12 sudoku with 3x3 boxes, which do not tile it"):
        Sudoku([0] * 144, (3, 4)).url()
    with pytest.raises(ProblemError, match="boxes of 2x3, not 3x2"):
        Sudoku([0] * 36, (3, 2)).url()
