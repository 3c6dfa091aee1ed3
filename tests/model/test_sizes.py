"""Size is checked before memory is spent: every problem type states the size of the matrix it
would build, and a front end refuses one above ``max_entries`` before building it. The hostile
cases run in a child process under a memory limit, so a regression fails instead of eating
the machine."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import Matrix, ProblemTooLarge, Size
from exactcover_queens import Queens
from exactcover_sudoku import Sudoku
from exactcover_sudoku.generate import _shuffled_pattern, generate

from helpers import UNDER_ASAN, console_script, limited

MEMORY = 1 << 30  # bytes a hostile case may take (the refused builds would take gigabytes to terabytes)


def run_limited(*args, timeout=60, input=None):
    return subprocess.run([*console_script(), *args], capture_output=True, text=True, timeout=timeout,
                          preexec_fn=limited(MEMORY), input=input)


def test_a_million_dots_is_refused_before_building(tmp_path):
    """One line of 10^6 '.' is a 1000x1000 sudoku: 10^9 options, refused at once, not 24 GB."""
    path = tmp_path / "dots.txt"
    path.write_text("." * 10**6 + "\n")
    done = run_limited("solve", "sudoku", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("exactcover: error: this sudoku problem needs a matrix of 1,000,000,000 options "
                                  "and 4,000,000,000 entries")
    assert "--max-entries" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("command", ["count", "solve", "estimate"])
def test_queens_100000_is_refused_at_once(command):
    done = run_limited(command, "queens", "100000", timeout=20)
    assert done.returncode == 2 and "10,000,000,000 options" in done.stderr


@pytest.mark.parametrize(("board", "piece"), [("5000x5000", "1"), ("hexagon:3000", "T1"), ("rhombus:4000x4000", "T1"),
                                               ("300x300x300", "soma")])
def test_a_huge_polyomino_board_is_refused_before_its_cells_are_made(board, piece):
    """A board states its number of cells before making them: 25 million monominoes are
    refused by the size limit at once (the board was once made first: 5.4 GB)."""
    pieces = {"1": "monomino", "T1": "moniamond"}.get(piece, piece)
    use = ["--use", f"{piece}=1..999999999"] if piece != "soma" else ["--use", "V=1..999999999"]
    done = run_limited("count", "polyomino", "--board", board, "--pieces", pieces, *use, timeout=20)
    assert done.returncode == 2 and "more than the limit of 20,000,000 entries" in done.stderr, done.stderr


def test_a_drawn_board_or_piece_is_counted_before_its_cells_are_made(tmp_path, monkeypatch):
    """A board's drawing is counted by C loops and its cells made when first needed, as a
    named shape's are: a 2000x2000 drawing of dominoes is refused by its size without them
    (it once took 6.3 s and 466 MB); a drawing of more cells than the limit, a board's or a
    piece's, is refused before any is made (a 10^7-cell piece once took 1.66 GB); a drawn
    board is the board its cells make."""
    from exactcover_polyomino import Board, board as boards, pieces
    from exactcover_polyomino.lattice import CUBE

    def no_cells(*args):
        raise AssertionError("the cells were made")

    with monkeypatch.context() as patch:
        patch.setattr(boards, "parse_cells", no_cells)
        board = Board.from_text("\n".join(["X" * 2000] * 2000))
        assert len(board) == 2000 * 2000
        with pytest.raises(ProblemTooLarge):
            exactcover.count(exactcover_polyomino_tiling(board))
    (tmp_path / "board.txt").write_text("\n".join(["X" * 40] * 40))
    (tmp_path / "piece.txt").write_text("A" * 2000)
    done = run_limited("count", "polyomino", "--board", str(tmp_path / "board.txt"), "--pieces", "domino",
                       "--max-entries", "1000")
    assert done.returncode == 2 and "the drawing of the board marks 1,600 cells, more than the limit of 1,000" in done.stderr
    done = run_limited("count", "polyomino", "--board", "4x4", "--pieces", str(tmp_path / "piece.txt"),
                       "--max-entries", "1000")
    assert done.returncode == 2 and "the drawing of the pieces marks 2,000 cells" in done.stderr, done.stderr
    for text, lattice in (("XX.\n\tX \nXXX", None), ("AB\n\nA.", CUBE)):
        drawn = Board.from_text(text) if lattice is None else Board.from_text(text, lattice)
        made = Board([c for found in pieces.parse_cells(text, drawn.lattice).values() for c in found], drawn.lattice)
        assert len(drawn) == len(made) and drawn == made and (drawn.cells[0] in drawn)


def exactcover_polyomino_tiling(board):
    from exactcover_polyomino import Polyomino, named_set

    return Polyomino(board, named_set("domino"), counts={"2": (0, 10**9)})


def test_a_board_past_the_index_range_is_refused_with_its_size():
    """A board of 10^22 cells (more than len() can say) is a clear error, not an OverflowError
    (issue 53: `--board 99999999999x99999999999` was exit 70)."""
    done = run_limited("count", "polyomino", "--board", "99999999999x99999999999", "--pieces", "domino",
                       "--use", "2=0..2147483647", timeout=20)
    assert done.returncode == 2, done.stderr
    assert "the board has 9999999999800000000001 cells" in done.stderr and "Error" not in done.stderr


def test_a_lazy_board_is_the_board_it_names():
    """A named shape's cells, holes and equality are those of the board drawn cell by cell."""
    from exactcover_polyomino import Board

    for board in (Board.rectangle(3, 4), Board.box(2, 3, 2), Board.triangle(4), Board.hexagon(2), Board.rhombus(2, 3)):
        drawn = Board(board.cells, board.lattice)
        assert len(board) == len(board.cells) == len(drawn) and board == drawn and hash(board) == hash(drawn)
        hole = board.cells[len(board) // 2]
        assert all(cell in board for cell in board.cells) and hole in board and (99, 99, 99)[:len(hole)] not in board
        assert board.without([hole]).cells == drawn.without([hole]).cells and len(board.without([hole])) == len(board) - 1
        assert pickle.loads(pickle.dumps(board)) == board


def test_the_flag_sets_the_limit_and_zero_lifts_it():
    refused = run_limited("count", "queens", "8", "--max-entries", "100")
    assert refused.returncode == 2 and "more than the limit of 100 entries" in refused.stderr
    assert run_limited("count", "queens", "8", "--max-entries", "320").stdout == "92\n"  # 64 squares x 4, and 64 options
    assert run_limited("count", "queens", "8", "--max-entries", "319").returncode == 2  # (an option counts as an entry too)
    assert run_limited("count", "queens", "8", "--max-entries", "0").stdout == "92\n"


def test_a_batch_line_too_large_is_that_line_s_error(tmp_path):
    path = tmp_path / "puzzles.txt"
    line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    path.write_text(f"{line}\n{line}\n")
    done = run_limited("solve", "sudoku", str(path), "--max-entries", "100")
    assert done.returncode == 2 and done.stdout.splitlines() == ["invalid", "invalid"]
    assert "more than the limit of 100 entries" in done.stderr


def test_the_api_refuses_before_encoding_and_none_lifts_the_limit(monkeypatch):
    import exactcover_queens.queens as queens

    def no_build(*args):
        raise AssertionError("the matrix was built")

    monkeypatch.setattr(queens, "matrix", no_build)
    with pytest.raises(ProblemTooLarge) as raised:
        exactcover.count(Queens(100_000))
    assert (raised.value.options, raised.value.entries, raised.value.limit) == (10**10, 4 * 10**10, exactcover.MAX_ENTRIES)
    with pytest.raises(ProblemTooLarge):
        exactcover.solve(Queens(8), max_entries=319)  # (256 entries and 64 options: an option counts as an entry)
    monkeypatch.undo()
    assert exactcover.count(Queens(8), max_entries=320) == 92
    assert exactcover.count(Queens(8), max_entries=None) == 92


def test_a_matrix_is_refused_before_it_is_compiled():
    matrix = Matrix([1, 2, 3], {"a": [1, 2], "b": [3], "c": [1, 2, 3]})
    with pytest.raises(ProblemTooLarge, match="this problem needs a matrix of 3 options and 6 entries"):
        exactcover.count(matrix, max_entries=8)  # (6 entries and 3 options)
    assert not any(isinstance(kept, exactcover.Solver) for kept in matrix.cache.values())  # nothing was compiled
    assert exactcover.count(matrix, max_entries=9) == 2


def test_the_stated_sizes_are_the_built_sizes():
    from exactcover import Subsets
    from exactcover.plugins.manager import registry

    from exactcover_loops import Masyu, Slitherlink

    for problem in [Queens(7), Sudoku([0] * 16), Subsets([1, 2, 3], {"A": [1, 2], "B": [3], "C": []}),
                    Slitherlink.from_text("3.2\n.04\n1.."), Masyu.from_text("wb..\n.b.w\nw..b\nbww.")]:
        kind = registry().for_object(problem)
        assert kind.size(problem) == Size.of(kind.encoding(problem).matrix)
    assert all(registry().get(name).size is not None for name in ("dlx", "queens", "subsets", "sudoku", "slitherlink",
                                                                  "masyu"))


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(1, 4), columns=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_a_loop_puzzle_s_stated_size_is_its_built_size(rows, columns, seed):
    """Slitherlink's and masyu's sizes, counted by degrees and clues (not cell by cell), are
    the matrices' own, colored: any shape, clues and circles (a masyu needs 2x2)."""
    from exactcover.plugins.manager import registry

    from exactcover_loops import Masyu, Slitherlink

    chance = random.Random(seed)
    puzzles = [Slitherlink([[chance.choice([None, None, 0, 1, 2, 3, 4]) for _ in range(columns)] for _ in range(rows)])]
    if rows > 1 and columns > 1:
        puzzles.append(Masyu([[chance.choice([None, None, "white", "black"]) for _ in range(columns)]
                              for _ in range(rows)]))
    for puzzle in puzzles:
        kind = registry().for_object(puzzle)
        stated, built = kind.size(puzzle), Size.of(kind.encoding(puzzle).matrix)
        assert stated == built and stated.colored, (puzzle, stated, built)


def test_a_huge_loop_puzzle_is_refused_without_visiting_its_cells(monkeypatch):
    """A 3000x3000 slitherlink or masyu without clues is refused by its size at once: no
    cell's edges are looked at (it once took 12.7 s); its estimate is a colored matrix's."""
    from exactcover_loops import Masyu, Slitherlink, grid, masyu, slitherlink

    def no_visit(*args):
        raise AssertionError("a cell was visited")

    for module in (grid, masyu, slitherlink):
        monkeypatch.setattr(module, "edges_at", no_visit)
    for puzzle in (Slitherlink([[None] * 3000] * 3000), Masyu([[None] * 3000] * 3000)):
        with pytest.raises(ProblemTooLarge) as refused:
            exactcover.count(puzzle)
        assert refused.value.nbytes == Size(refused.value.options, refused.value.entries, colored=True).nbytes


def test_the_error_pickles_and_is_a_problem_error():
    error = ProblemTooLarge("this queens problem", 10, 40, 6400, 20)
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and isinstance(again, exactcover.ProblemError) and isinstance(again, ValueError)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True])
def test_max_entries_must_be_a_positive_int(bad):
    with pytest.raises((TypeError, ValueError), match="max_entries"):
        exactcover.count(Queens(4), max_entries=bad)


# -- sudoku above 35 symbols: numbers for the digits past Z, cells separated by spaces ------


@pytest.mark.parametrize(("n", "box"), [(36, (6, 6)), (49, (7, 7)), (40, (5, 8))])
def test_big_grids_write_and_read_back(n, box):
    grid = Sudoku(_shuffled_pattern(n, box, random.Random(n)), box)
    assert Sudoku.parse(grid.to_line(), box) == grid
    assert Sudoku.parse(str(grid), box) == grid
    assert str(n) in grid.to_line().split()


@pytest.mark.slow
def test_a_36x36_puzzle_solves_and_prints():
    puzzle = generate(size=36, clues=1100, seed=3)
    assert puzzle.clues == 1100 and puzzle.is_unique()
    solved = puzzle.solve()
    assert solved.is_solved and Sudoku.parse(solved.to_line()).cells == solved.cells
    done = run_limited("solve", "sudoku", puzzle.to_line())
    assert done.returncode == 0 and Sudoku.parse(done.stdout).cells == solved.cells


@pytest.mark.slow
def test_generate_36_on_the_command_line():
    done = run_limited("sudoku", "generate", "--size", "36", "--clues", "1150", "--seed", "1")
    assert done.returncode == 0, done.stderr
    puzzle = Sudoku.parse(done.stdout)
    assert puzzle.size == 36 and puzzle.clues == 1150 and puzzle.is_unique()


def test_a_big_grid_is_checked_without_big_tables():
    """Validating a 1000x1000 grid (10^6 cells) takes about the cells' own memory."""
    code = "from exactcover_sudoku import Sudoku; print(Sudoku.parse('.' * 10**6).box)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          preexec_fn=limited(300 << 20))
    assert done.stdout == "(25, 40)\n", done.stderr


# -- files measured as they are read -------------------------------------------------------


@pytest.mark.slow
def test_a_knuth_file_over_the_limit_is_refused_as_it_is_read(tmp_path):
    """The audit's 48 MB file (24 million entries): refused naming the file and its size,
    within the memory limit (it took 5.2 GB and a minute)."""
    path = tmp_path / "big.dlx"
    path.write_text("A B\n" * 12_000_001)
    done = run_limited("count", "dlx", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"exactcover: error: {path} needs a matrix of 12,000,000 options and 24,000,000 "
                                  "entries"), done.stderr


def test_the_entries_are_counted_from_the_text_alone(tmp_path):
    """With --max-entries, the entries and options the text holds (comments, costs and blank
    lines not counted) decide: one more than the limit is refused, the limit itself is read;
    a text of more lines than the limit is refused at once, whatever they hold."""
    path = tmp_path / "costs.dlx"
    path.write_text("| a comment with many words in it\na b | c\n\na b |3\n  \n| more words here\nb c:x |1 |2\na b c\n")
    for most, status in (("9", 2), ("10", 0)):  # (3 options, 7 entries)
        done = run_limited("count", "dlx", str(path), "--max-entries", most)
        assert done.returncode in (status, 1), done.stderr
        if status == 2:
            assert "3 options and 7 entries" in done.stderr and str(path) in done.stderr
    done = run_limited("count", "dlx", str(path), "--max-entries", "7")
    assert done.returncode == 2 and "has 8 lines, more than the limit of 7 entries" in done.stderr, done.stderr
    done = run_limited("count", "subsets", "-", "--max-entries", "7", input="universe: 1 2 3\nx: 1 2  # c\ny: 3\nz: 1 3\n")
    assert done.returncode == 2 and "3 options and 5 entries" in done.stderr, done.stderr


def test_input_that_never_ends_is_refused_at_its_byte_limit():
    """Standard input without end (`yes`): refused at 16 bytes per entry allowed, in one
    line, within the memory limit, without waiting for an end."""
    feeder = subprocess.Popen(["yes", "A B"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run([*console_script(), "count", "dlx", "-", "--max-entries", "1000000"], stdin=feeder.stdout,
                              capture_output=True, text=True, timeout=120, preexec_fn=limited(MEMORY))
    finally:
        feeder.kill()
        feeder.wait()
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "standard input is larger than 16,000,000 bytes" in done.stderr


@given(st.lists(st.sampled_from(["a", "b", "c:x", "|3", "| note", "", "  ", "\r", "d"]), max_size=12)
       .map(lambda words: words), st.integers(0, 40))
@settings(max_examples=200, deadline=None)
def test_the_counted_size_is_the_built_size(words, seed):
    """`knuth._size` (counted, parts without '|' by C loops) agrees with the matrix built."""
    from exactcover.model import knuth

    chance = random.Random(seed)
    rows = ["a b | c d"]
    for _ in range(chance.randrange(30)):
        picked = chance.sample(words, min(len(words), chance.randrange(4))) if words else []
        line = " ".join(dict.fromkeys(w for w in picked if w not in ("| note",)))
        rows.append(chance.choice(["| a comment", line, line, ""]) if picked else "")
    text = "\n".join(rows) + chance.choice(["", "\n"])
    try:
        matrix = knuth.parse_dlx(text)
    except ValueError:
        return
    for part in (1, 7, 1 << 20):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(knuth, "_PART", part)
            assert knuth._size(text) == (len(matrix.options), sum(len(option.items) for option in matrix.options))


@pytest.mark.slow
@pytest.mark.skipif(UNDER_ASAN, reason="needs a cap on memory, which AddressSanitizer's shadow memory exceeds")
def test_a_diagram_out_of_memory_says_so():
    """`sample` whose diagram finds no more memory: exit 3, saying why (the reason was empty)."""
    done = subprocess.run([*console_script(), "sample", "queens", "16"], capture_output=True, text=True, timeout=120,
                          preexec_fn=limited(600 << 20))
    assert done.returncode == 3, done.stderr
    assert done.stderr == "exactcover: the diagram of all solutions was not finished: the machine's memory ran out\n"


def test_a_diagram_over_memo_bytes_names_the_option():
    """`sample` whose diagram passes --memo-bytes: exit 3, the option named as the command spells it."""
    done = run_limited("sample", "queens", "10", "--memo-bytes", "1000")
    assert done.returncode == 3 and "more memory than --memo-bytes allows" in done.stderr


def test_what_is_not_an_entry_is_counted_against_the_limit_too(tmp_path):
    """Lines that hold no entry (comments, blanks), an item line of many names, and options
    that cover nothing all take memory: each is refused past the limit, naming why, before
    the text is split into a list (issue 71: a file of comment lines took 7.6 GB)."""
    import json

    files = {
        "comments.dlx": "a\n" + "||\n" * 3000,
        "items.dlx": " ".join(f"i{k}" for k in range(3000)) + "\n",
        "empty.txt": "universe: 1\n" + "".join(f"s{k}: # nothing\n" for k in range(900)),
        "empty.json": json.dumps({"universe": [1], "subsets": {f"s{k}": [] for k in range(3000)}}),
        "universe.txt": "universe: " + " ".join(map(str, range(3000))) + "\n",
    }
    said = {"comments.dlx": "has 3,001 lines, more than the limit of 1,000 entries",
            "items.dlx": "line 1: the item line names more than 1,000 items",
            "empty.json": "JSON of at least 3,000 subsets and elements, more than the limit of 1,000 entries",
            "universe.txt": "line 1: the universe names more than 1,000 items"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        done = run_limited("count", "dlx" if name.endswith(".dlx") else "subsets", str(tmp_path / name),
                           "--max-entries", "1000")
        if name in said:
            assert done.returncode == 2 and said[name] in done.stderr, (name, done.stderr)
        else:  # (900 options that cover nothing: within the limit, read; no solution)
            assert done.returncode == 1 and done.stdout == "0\n", (name, done.stderr)
    done = run_limited("count", "subsets", str(tmp_path / "empty.txt"), "--max-entries", "899")
    assert done.returncode == 2 and "has 901 lines" in done.stderr, done.stderr  # (a subset a line)
    (tmp_path / "ones.json").write_text(json.dumps({"universe": [1], "subsets": {f"s{k}": [1] for k in range(500)}}))
    done = run_limited("count", "subsets", str(tmp_path / "ones.json"), "--max-entries", "999")
    assert done.returncode == 2 and "500 options and 500 entries" in done.stderr, done.stderr  # (parsed, then counted)
    assert run_limited("count", "subsets", str(tmp_path / "ones.json"), "--max-entries", "1000").stdout == "500\n"
