"""The sudoku variants: published puzzles (tests/data/sudoku/variants, with their origins)
solved to their published solutions and proven unique, the encoding checked against brute
force, validation that names what is wrong, pictures, and the command line."""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

import exactcover
from exactcover.cli import cli
from exactcover_sudoku import InvalidPuzzle
from exactcover_sudoku.variant_text import parse_extras, parse_jigsaw, parse_killer, parse_samurai
from exactcover_sudoku.variants import Cage, Killer, Variant, combinations, implied_cages


DATA = Path(__file__).resolve().parents[1] / "data" / "sudoku" / "variants"
SOLUTIONS = dict(line.split() for line in (DATA / "solutions.txt").read_text().splitlines() if not line.startswith("#"))
READERS = {"x": lambda text: parse_extras(text, ["diagonal"]), "windoku": lambda text: parse_extras(text, ["windoku"]),
           "jigsaw": parse_jigsaw, "killer": parse_killer, "samurai": parse_samurai}


def read(name: str) -> Variant:
    return READERS[name.split("_")[0]]((DATA / name).read_text())


@pytest.mark.parametrize("name", sorted(SOLUTIONS))
def test_published_puzzles_have_their_published_solutions(name, engine):
    puzzle = read(name)
    solved = exactcover.solve(puzzle, engine=engine)
    assert solved is not None and solved.to_line() == SOLUTIONS[name]
    assert exactcover.count(puzzle, limit=2, engine=engine) == 1
    assert all(solved.cells[k] == v for k, v in enumerate(puzzle.cells) if v)  # (the givens kept)


def test_the_rules_hold_in_the_solutions():
    """Every unit of every solved variant holds each digit once; every cage sums right, without repeats."""
    for name in SOLUTIONS:
        solved = exactcover.solve(read(name))
        for unit_name, unit in solved.units:
            assert sorted(solved.cells[k] for k in unit) == list(range(1, solved.digits + 1)), (name, unit_name)
        for cage in solved.cages:
            digits = [solved.cells[k] for k in cage.cells]
            assert sum(digits) == cage.total and len(set(digits)) == len(digits)


def all_4x4_grids() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid, by brute force over rows (no solver involved)."""
    grids = []
    for grid in itertools.product(list(itertools.permutations(range(1, 5))), repeat=4):
        if all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4)) and \
                all(len({grid[r][c] for r in (top, top + 1) for c in (left, left + 1)}) == 4
                    for top in (0, 2) for left in (0, 2)):
            grids.append(tuple(v for row in grid for v in row))
    return grids


def random_killer(grids, rng, covered):
    """A 4x4 killer whose cages (1 to 3 random cells each, their digits distinct) take their
    sums from a random grid: every cell in a cage if ``covered``, else some left out. Its
    cages, and the number of the grids that satisfy them."""
    truth = rng.choice(grids)
    cells = list(range(16))
    rng.shuffle(cells)
    cages, k = [], 0
    while k < len(cells):
        group = tuple(cells[k:k + rng.randint(1, 3)])
        k += len(group)
        while len({truth[c] for c in group}) < len(group):  # (a cage's digits are distinct)
            cages.append(Cage(f"c{len(cages)}", truth[group[-1]], group[-1:]))
            group = group[:-1]
        if covered or rng.random() < 0.6:
            cages.append(Cage(f"c{len(cages)}", sum(truth[c] for c in group), group))
    expected = sum(all(sum(g[c] for c in cage.cells) == cage.total and len({g[c] for c in cage.cells}) == len(cage.cells)
                       for cage in cages) for g in grids)
    return Killer.make([0] * 16, cages), expected


def test_the_killer_encoding_counts_as_brute_force_does():
    """On 4x4 killers with random cages (and sums from a random grid), the count equals the
    number of the 288 grids that satisfy the cages: the encoding is exact."""
    grids = all_4x4_grids()
    assert len(grids) == 288
    rng = random.Random(5)
    for _ in range(25):
        puzzle, expected = random_killer(grids, rng, covered=False)
        assert exactcover.count(puzzle, memo=False) == expected >= 1


@pytest.mark.parametrize("covered", [False, True])
def test_the_cages_a_killer_implies_lose_no_solution(covered):
    """The rule of 45's cages (innies; outies where cages cover a unit) are implied: on 4x4
    killers whose cages cover part of the grid or all of it, the count with them is the
    brute force's (on the Python engine too)."""
    grids = all_4x4_grids()
    rng = random.Random(11)
    implied = 0
    for _ in range(30):
        puzzle, expected = random_killer(grids, rng, covered)
        implied += len(implied_cages(puzzle))
        assert exactcover.count(puzzle) == exactcover.count(puzzle, engine="python") == expected >= 1
    assert implied > 30


def test_the_implied_cages_of_a_published_killer():
    """Wikipedia's killer: its first row's cages leave r1c9 to sum to what they do not cover,
    and the count is one with the implied cages and without them."""
    puzzle = read("killer_wikipedia.txt")
    implied = dict((cells, total) for total, cells in implied_cages(puzzle))
    assert implied and all(1 <= len(cells) < 9 for cells in implied)
    solved = exactcover.solve(puzzle)
    assert all(sum(solved.cells[k] for k in cells) == total for cells, total in implied.items())


def test_combinations():
    assert combinations(2, 3, 9) == ((1, 2),)
    assert combinations(3, 24, 9) == ((7, 8, 9),)
    assert combinations(2, 18, 9) == ()


@pytest.mark.parametrize(("make", "message"), [
    (lambda: parse_extras("11" + "." * 79, ["diagonal"]), "r1c1 and r1c2 both hold 1 (row 1)"),
    (lambda: parse_extras("1" + "." * 29 + "1" + "." * 50, ["diagonal"]), "r1c1 and r4c4 both hold 1 (the diagonal"),
    (lambda: parse_extras("." * 36, ["windoku"]), "windoku needs a square number of digits"),
    (lambda: Variant.sudoku([0] * 81, extras=["anti-knight"]), "unknown extra rule 'anti-knight'"),
    (lambda: parse_jigsaw("." * 81 + " " + "1" * 81), "a 9x9 jigsaw has 9 regions of 9 cells each, not 1"),
    (lambda: parse_jigsaw("." * 81 + " " + "1" * 80), "regions name 80 cells"),
    (lambda: parse_killer("aa" + "." * 79 + "\na=1"), "cage a (sum 1, 2 cells): no 2 distinct digits 1-9 sum to 1"),
    (lambda: parse_killer("ab" + "." * 79 + "\na=3"), "cage b (at r1c2) has no sum"),
    (lambda: parse_killer("a" + "." * 80 + "\na=3 z=4"), "cage z has a sum but no cell"),
    (lambda: parse_killer("a" + "." * 80 + "\na=3 a=4"), "cage a has two sums"),
    (lambda: parse_killer("a" * 10 + "." * 71 + "\na=45"), "more cells than digits"),
    (lambda: parse_killer("5" + "." * 80 + "\n" + "aa" + "." * 79 + "\na=4"), "with its givens 5"),
    (lambda: parse_killer("\n".join(["abcdefghi"] * 9) + "\n" + " ".join(f"{x}=45" for x in "abcdefgh") + " i=44"),
     "the cages cover the grid and sum to 404"),
    (lambda: parse_samurai("." * 81 + "\n"), "a samurai is 21 rows of 21 cells"),
    (lambda: parse_samurai("\n".join(["." * 81] * 2 + ["." * 60 + "4" + "." * 20, "." * 81, "5" + "." * 80])),
     "r13c13 holds 4 in one grid and 5 in the bottom-right grid"),
])
def test_bad_variants_are_named(make, message):
    with pytest.raises(InvalidPuzzle) as error:
        make()
    assert message in str(error.value)


def test_the_two_samurai_forms_agree():
    puzzle = read("samurai_samurai-sudoku-com.txt")
    grids = []
    for top, left in ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12)):
        grids.append("".join(str(puzzle.cells[(top + r) * 21 + left + c] or ".") for r in range(9) for c in range(9)))
    assert parse_samurai("\n".join(grids)).cells == puzzle.cells


def test_pictures():
    """SVG documents: killer cages dashed with their sums, shaded windows and diagonals, a samurai's holes."""
    killer = exactcover.solve(read("killer_wikipedia.txt"))
    picture = killer._repr_svg_()
    ET.fromstring(picture)
    assert picture.count("stroke-dasharray") > 29 and ">25</text>" in picture
    windoku = read("windoku_example.txt")._repr_svg_()
    assert windoku.count('fill="#d6e6fb"') == 36
    assert read("x_sudopedia.txt")._repr_svg_().count('fill="#fde9c9"') == 17
    samurai = read("samurai_samurai-sudoku-com.txt")._repr_svg_()
    assert samurai.count('<rect x=') == 369  # (a square per cell, none for the holes)


def run(*args: str):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_the_command_line():
    result = run("solve", "killer", DATA / "killer_wikipedia.txt")
    assert result.exit_code == 0 and result.stdout.splitlines()[:4] == [  # (boxes set apart, as a sudoku prints)
        " 2 1 5 | 6 4 7 | 3 9 8", " 3 6 8 | 9 5 2 | 1 7 4", " 7 9 4 | 3 8 1 | 6 5 2", "-------+-------+-------"]
    document = json.loads(run("solve", "sudoku", DATA / "x_sudopedia.txt", "--diagonal", "--json").stdout)
    assert document["solutions"] == [SOLUTIONS["x_sudopedia.txt"]]
    assert run("count", "jigsaw", DATA / "jigsaw_janko108.txt").stdout == "1\n"
    assert run("count", "samurai", DATA / "samurai_samurai-sudoku-com.txt").stdout == "1\n"
    assert run("count", "sudoku", DATA / "windoku_example.txt").stdout != "1\n"  # (without the windows: many)
    assert run("count", "sudoku", DATA / "windoku_example.txt", "--windoku").stdout == "1\n"
    bad = run("solve", "killer", "ab" + "." * 79 + "\\na=3")
    assert bad.exit_code == 2 and "cage b (at r1c2) has no sum" in bad.stderr


def test_a_file_of_one_line_puzzles_with_an_extra_rule(tmp_path):
    line = SOLUTIONS["x_sudopedia.txt"][:40] + "." * 41
    path = tmp_path / "x.txt"
    path.write_text(read("x_sudopedia.txt").to_line() + "\n" + line + "\n")
    result = run("solve", "sudoku", path, "--diagonal")
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == SOLUTIONS["x_sudopedia.txt"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["diagonal", "windoku", "killer", "jigsaw"])
def test_generated_variants_are_unique_minimal_and_read_back(tmp_path, variant):
    """`sudoku generate --variant` writes a puzzle its solver reads, with exactly one solution,
    from which no given can go."""
    text = run("sudoku", "generate", "--variant", variant, "--seed", "4").stdout
    path = tmp_path / "puzzle.txt"
    path.write_text(text)
    readers = {"killer": parse_killer, "jigsaw": parse_jigsaw}
    puzzle = readers[variant](text) if variant in readers else parse_extras(text, [variant])
    assert exactcover.count(puzzle, limit=2) == 1
    kind, flags = (variant, []) if variant in readers else ("sudoku", [f"--{variant}"])
    assert run("count", kind, path, *flags).stdout == "1\n"
    for k, v in enumerate(puzzle.cells):
        if v:
            fewer = list(puzzle.cells)
            fewer[k] = 0
            assert exactcover.count(puzzle.with_cells(fewer), limit=2) == 2
    assert run("sudoku", "generate", "--variant", variant, "--seed", "4").stdout == text  # (the seed says it all)


@pytest.mark.slow
def test_a_jigsaw_whose_givens_share_a_classic_box_reads_back():
    """A jigsaw has regions, not 3x3 boxes: two givens alike in one classic box are fine.
    (The reader once checked the boxes: seeds 13, 17 and 20 made puzzles it refused, 8 of
    the first 41 seeds.)"""
    from exactcover_sudoku.variant_generate import generate_jigsaw
    from exactcover_sudoku.variant_text import format_variant

    for seed in (13, 17, 20):
        text = format_variant(generate_jigsaw(9, seed))
        assert exactcover.count(parse_jigsaw(text), limit=2) == 1
    rows = "".join(str(r) * 9 for r in range(9))  # (regions that are the rows)
    with pytest.raises(exactcover.ProblemError, match="r1c1 and r1c2 both hold 1"):
        parse_jigsaw("11" + "." * 79 + " " + rows)
    puzzle = parse_jigsaw("1" + "." * 9 + "1" + "." * 70 + " " + rows)  # (r1c1, r2c2: one classic box)
    assert puzzle.cells[0] == puzzle.cells[10] == 1


def test_random_regions_are_connected_and_even():
    from exactcover_sudoku.variant_generate import _connected, random_regions

    for seed in range(10):
        regions = random_regions(9, random.Random(seed))
        assert sorted(regions.count(r) for r in range(9)) == [9] * 9
        assert all(_connected(regions, r, 9) for r in range(9))
        assert regions != [(k // 27) * 3 + (k % 9) // 3 for k in range(81)]  # (reshaped, not the boxes)
