"""What the tests share, in one place: the engines they run on, an oracle, the matrices
hypothesis draws, engine-level problems, the processes of a command under test, the code
blocks of the pages that teach, and the puzzle files. Test modules import from here (and
from `problems`, the problem builders the benchmarks use too), never from one another.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable, Hashable, Iterable
from itertools import combinations
from typing import Any
from pathlib import Path

import attrs
import pytest
from hypothesis import strategies as st

from exactcover import Matrix, Unsupported, engines, write_dlx
from exactcover.engines import contract, pydlx


# -- time --------------------------------------------------------------------------------

#: Seconds a test allows past a timeout (or a signal) for a search to stop. A test must pass
#: on a machine whose cores another job keeps busy, where a second of work can take several,
#: so this is not a measure of promptness: each test that uses it pairs it with a search that
#: would run far longer (tens of seconds to hours), so that it still tells a stop from none.
SLACK = 5.0


# -- the engines ---------------------------------------------------------------------------

#: The engines the tests run on, by name: "c" and "python", or only "python" where the C
#: engine is not built or EXACTCOVER_PUREPYTHON=1 (conftest's ``engine`` fixture), and their
#: modules (its ``module`` fixture).
ENGINES = ["python"] if engines.loader.FORCE_PURE_PYTHON else list(engines.available())
MODULES = [engines.get(name) for name in ENGINES]


# -- an oracle: what a solution is, checked without dancing links --------------------------

def is_solution(matrix: Matrix, labels: Iterable[Hashable]) -> bool:
    """Whether the options ``labels`` cover every primary item exactly once (or, with bounds,
    between its lo and hi times), and every secondary item at most once or always with the
    same color."""
    by_label = {option.label: option for option in matrix.options}
    chosen = [by_label[label] for label in labels]
    if len({option.label for option in chosen}) != len(chosen):
        return False
    uses: dict[Hashable, list] = {}
    for option in chosen:
        for item, color in zip(option.items, option.colors):
            uses.setdefault(item, []).append(color)
    bounds = dict(matrix.bounds)
    for item in matrix.primary:
        lo, hi = bounds.get(item, (1, 1))
        if not lo <= len(uses.get(item, ())) <= hi:
            return False
    for item in matrix.secondary:
        colors = uses.get(item, [])
        if len(colors) > 1 and (None in colors or len(set(colors)) > 1):
            return False
    return True


def brute_force(matrix: Matrix, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = ()) -> set[frozenset]:
    """Every solution, as a set of frozensets of labels, without the options ``exclude``.
    Following Knuth, an option without a primary item is never chosen by the search (though
    it may be given)."""
    givens = list(givens)
    excluded = set(exclude)
    primary = set(matrix.primary)
    free = [
        option.label
        for option in matrix.options
        if option.label not in givens and option.label not in excluded and any(item in primary for item in option.items)
    ]
    found = set()
    for size in range(len(free) + 1):
        for subset in combinations(free, size):
            if is_solution(matrix, [*givens, *subset]):
                found.add(frozenset([*givens, *subset]))
    return found


def is_consistent(matrix: Matrix, givens) -> bool:
    """Whether the givens could be part of a solution as far as upper bounds and colors go."""
    uses: dict = {}
    for label in givens:
        option = matrix.option(label)
        for item, color in zip(option.items, option.colors):
            uses.setdefault(item, []).append(color)
    bounds = dict(matrix.bounds)
    for item, colors in uses.items():
        if item in matrix.primary:
            if len(colors) > bounds.get(item, (1, 1))[1]:
                return False
        elif len(colors) > 1 and (None in colors or len(set(colors)) > 1):
            return False
    return True


# -- matrices ------------------------------------------------------------------------------

def drawn_items(draw, most_primary: int, most_secondary: int, least_primary: int = 0) -> tuple[list[str], list[str]]:
    """Primary items p0, p1, ... and secondary items s0, s1, ..., as many as hypothesis draws."""
    return ([f"p{k}" for k in range(draw(st.integers(least_primary, most_primary)))],
            [f"s{k}" for k in range(draw(st.integers(0, most_secondary)))])


def drawn_option(draw, primary: list[str], secondary: list[str], min_size: int, max_size: int) -> dict[str, str | None]:
    """An option of distinct items, each secondary one with no color or a drawn one."""
    if not primary and not secondary:
        return {}
    items = draw(st.lists(st.sampled_from(primary + secondary), unique=True, min_size=min_size, max_size=max_size))
    return {item: (draw(st.sampled_from([None, "red", "blue"])) if item in secondary else None) for item in items}


@st.composite
def matrices(draw) -> Matrix:
    """Up to 5 primary and 3 secondary items, up to 9 options (empty ones too), colors."""
    primary, secondary = drawn_items(draw, 5, 3)
    options = [drawn_option(draw, primary, secondary, 0, 5) for _ in range(draw(st.integers(0, 9)))]
    return Matrix(primary, options, secondary=secondary)


@st.composite
def bounded_matrices(draw) -> Matrix:
    """As `matrices`, smaller, with bounds (lo, hi) on each primary item."""
    primary, secondary = drawn_items(draw, 4, 2, least_primary=1)
    options = [drawn_option(draw, primary, secondary, 1, 4) for _ in range(draw(st.integers(0, 9)))]
    bounds = {}
    for item in primary:
        hi = draw(st.integers(1, 3))
        bounds[item] = (draw(st.integers(0, hi)), hi)
    return Matrix(primary, options, secondary=secondary, bounds=bounds)


def wide_matrix(n: int, extra: int, seed: int) -> Matrix:
    """n primary items (at least the C engine's WIDE_ITEMS, so its searches choose items by
    blocks of 64) in a row, tiled by dominoes and trominoes, a monomino on every fifth, and
    ``extra`` random short options on nearby items: LENs from 1 to about 8."""
    rng = random.Random(seed)
    options = {("m", i): [i] for i in range(0, n, 5)}
    options.update({("d", i): [i, i + 1] for i in range(n - 1)})
    options.update({("t", i): [i, i + 1, i + 2] for i in range(n - 2)})
    for k in range(extra):
        start = rng.randrange(n)
        options[("r", k)] = sorted({(start + rng.randrange(70)) % n for _ in range(rng.randint(2, 4))})
    return Matrix(range(n), options, secondary=["s"])


#: OEIS A004003: the domino tilings of a 2n×2n board, n = 0, 1, 2, ...
TILINGS = [1, 2, 36, 6728, 12988816, 258584046368, 53060477521960000, 112202208776036178000000,
           2444888770250892795802079170816]


def dominoes(n: int) -> Matrix:
    """Items: the cells of an n×n board; options: the dominoes on it."""
    options = {}
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                options[(r, c, "-")] = [(r, c), (r, c + 1)]
            if r + 1 < n:
                options[(r, c, "|")] = [(r, c), (r + 1, c)]
    return Matrix([(r, c) for r in range(n) for c in range(n)], options)


def domino_file(folder, n: int):
    """The dominoes of an n×n board in Knuth's format (cells c0.., options d<a>-<b>)."""
    cells = n * n
    board = Matrix([f"c{k}" for k in range(cells)],
                   {f"d{k}-{j}": [f"c{k}", f"c{j}"] for k in range(cells) for j in (k + 1, k + n)
                    if j < cells and (j == k + n or k % n != n - 1)})
    path = folder / f"dominoes{n}.dlx"
    path.write_text(write_dlx(board))
    return path


# -- engine-level problems: a Dancer's arguments, and what a search shows ------------------

def dancer(module, problem):
    """(n_primary, n_secondary, options as lists of item numbers or of (item, color) pairs
    (color 0: none)[, bounds: lo, hi, ...])."""
    n_primary, n_secondary, options, *bounds = problem
    starts, items, colors = [0], [], []
    for option in options:
        for entry in option:
            item, color = entry if isinstance(entry, tuple) else (entry, 0)
            items.append(item)
            colors.append(color)
        starts.append(len(items))
    return module.Dancer(n_primary, n_secondary, starts, items, colors, *bounds)


def trace(module, problem, steps: int, *, counting=False, work=0, depth=-1, probes=(), chunks=None, **search):
    """Everything a caller can see of one search, run `steps` nodes at a time (its first
    `chunks` runs only, if given)."""
    s = dancer(module, problem).search(**search)
    seen = []
    while chunks is None or len(seen) < chunks * (1 + len(probes)):
        status = s.run(steps, work=work, counting=counting, depth=depth)
        seen.append((status, s.solution() if status == pydlx.SOLUTION else s.prefix(), s.fraction(), s.share(),
                     s.nodes, s.updates, s.solutions, s.max_level, s.level, s.where))
        seen.extend(s.probe(seed) for seed in probes)
        if status in (pydlx.DONE, pydlx.LIMIT):
            return seen, s
    return seen, s


@st.composite
def problems(draw, bounded=False):
    """Small uncolored matrices: (n_primary, n_secondary, options as lists of item numbers),
    and if ``bounded`` each primary item's lo and hi (some above 1)."""
    n_primary = draw(st.integers(1, 6 - bounded))
    n_secondary = draw(st.integers(0, 3 - bounded))
    n = n_primary + n_secondary
    options = draw(st.lists(st.lists(st.integers(0, n - 1), unique=True, max_size=5), max_size=20 - 6 * bounded))
    if not bounded:
        return n_primary, n_secondary, options
    bounds = []
    for _ in range(n_primary):
        hi = draw(st.integers(1, 3))
        bounds += [draw(st.integers(0, hi)), hi]
    if bounds == [1, 1] * n_primary:
        bounds[1] = 2
    return n_primary, n_secondary, options, bounds


@st.composite
def colored_problems(draw):
    """Small matrices with colors: options of (item, color) pairs, a color (1..3, or 0 for
    none) on some of the secondary items; an option may give one item twice only if never."""
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(1, 4))
    n = n_primary + n_secondary
    options = []
    for items in draw(st.lists(st.lists(st.integers(0, n - 1), unique=True, max_size=5), max_size=22)):
        options.append([(i, draw(st.integers(0, 3)) if i >= n_primary else 0) for i in items])
    return n_primary, n_secondary, options


def on_sets(after: int, tallies: bool = False):
    """Every search that can use the sets moves there after ``after`` nodes; with
    ``tallies``, every one that can have them, with them (the others stay on the links)."""
    return contract.Tuning.of("sets", after, tallies)


@contextlib.contextmanager
def lanes(allow: bool):
    """The C engine's item choice on the sets eight items at a time (lanes.c, where the
    processor can) or one at a time, for the dancers whose tables are built inside."""
    c = engines.get("c") if "c" in ENGINES else None
    if c is None:
        yield
        return
    c.lanes(allow)
    try:
        yield
    finally:
        c.lanes(True)


def with_weights(tuning, weighted: bool = True, rule: int = contract.RULE_WEIGHTED):
    """``tuning`` (None: the defaults) with a weighted rule (the weighted choice, or ``rule``)
    if ``weighted``."""
    return attrs.evolve(tuning or contract.Tuning(), rule=rule) if weighted else tuning


def refusals(attempts, kinds=(Unsupported, ValueError)):
    """What each attempt raises (one of ``kinds``, else the test fails): (its type's name, its
    message)."""
    words = []
    for attempt in attempts:
        with pytest.raises(kinds) as caught:
            attempt()
        words.append((type(caught.value).__name__, str(caught.value)))
    return words


# -- the processes of a command under test (Linux's /proc) ---------------------------------

def console_script() -> list[str]:
    """The installed ``exactcover`` command (or ``python -m exactcover`` where there is none)."""
    script = shutil.which("exactcover", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "exactcover"]


def run_command(*args, input=None):
    """``exactcover ARGS...`` run in this process by click's test runner: its result."""
    from click.testing import CliRunner

    from exactcover.cli import cli

    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def descendants(pid: int) -> list[int]:
    """The processes below ``pid``: its children, theirs, and so on."""
    found = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found


def peak_kb(command: list[str], **run: Any) -> tuple[subprocess.CompletedProcess[str], int]:
    """Run ``command``; what it did and the peak resident memory (KB) of it alone (measured
    from a process of its own, whose only child it is)."""
    probe = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:]); "
             "sys.stderr.write(f'\\npeak {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n'); "
             "sys.exit(done.returncode)")
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, **run)
    stderr, _, peak = done.stderr.rpartition("\npeak ")
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout, stderr), int(peak)


#: True under tools/asan.sh, whose AddressSanitizer reserves terabytes of shadow memory.
UNDER_ASAN = "libasan" in os.environ.get("LD_PRELOAD", "")


def without_asan_notes(stderr: str) -> str:
    """``stderr`` less the lines ASan adds when an allocation too big for the machine fails
    (tools/asan.sh lets it fail as malloc does, and ASan says so first): the rest is ours."""
    return "".join(line for line in stderr.splitlines(keepends=True)
                   if not re.match(r"==\d+==WARNING: AddressSanitizer failed to allocate", line))


def limited(nbytes: int) -> Callable[[], None] | None:
    """A ``preexec_fn`` that caps the child's address space at ``nbytes``; None under
    AddressSanitizer, whose shadow memory alone exceeds any such cap (the plain suite
    enforces it). A test that needs the cap to run out of memory skips under ASan."""
    if UNDER_ASAN:
        return None
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (nbytes, nbytes))


# -- the code blocks of the README and of the pages that teach -----------------------------

README = Path(__file__).parent.parent / "README.md"
#: The pages whose blocks run, in the order they run (one namespace: a page may use what an
#: earlier one imported).
PAGES = [README, *(README.parent / "docs" / f"{name}.md"
                   for name in ("tutorial", "guide/index", "guide/hard-problems", "guide/loops", "guide/puzzles",
                               "big-searches", "plugins", "loop-tutorial", "speed"))]
FENCE = re.compile(r"^(?P<indent> *)```(?P<language>\w*)\n(?P<body>.*?)^(?P=indent)```", re.MULTILINE | re.DOTALL)


@attrs.frozen
class Block:
    language: str
    text: str
    line: int  # where the block starts in its page
    page: Path = README

    #: Says whether the block runs as shown: the line before its fence is ``<!-- not run:
    #: WHY -->`` where it cannot (a server it needs; the prose says so too).
    not_run: bool = False

    @property
    def placeholder(self) -> bool:
        """Marked as not runnable as shown (`not_run`)."""
        return self.not_run


def blocks(language: str | None = None) -> list[Block]:
    """The fenced code blocks of the pages (of one language), page by page, in order."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        found += [Block(m["language"], textwrap.dedent(m["body"]), text.count("\n", 0, m.start()) + 1, page,
                        text[:m.start()].rstrip().endswith("-->") and "<!-- not run:" in
                        text[:m.start()].rstrip().rsplit("\n", 1)[-1])
                  for m in FENCE.finditer(text)]
    return [b for b in found if language is None or b.language == language]


# -- the puzzle files (tests/data/sudoku, with their origins) and small puzzles ------------

DATA = Path(__file__).resolve().parent / "data" / "sudoku"


def puzzle_lines(name: str) -> list[str]:
    """The puzzles of one of the tests' files."""
    return (DATA / name).read_text().split()


FOUR = "1...\n..2.\n.3..\n...4"  # 4x4 as a grid of lines
SIX = "1 0 0 | 0 0 6\n0 0 6 | 1 0 0\n------+------\n0 1 0 | 0 6 0\n0 6 0 | 0 1 0\n------+------\n0 0 1 | 6 0 0\n6 0 0 | 0 0 1"


@st.composite
def with_givens(draw, matrix_strategy=matrices()):
    """(matrix, givens, excluded): givens that could be in a solution, and other options out."""
    matrix = draw(matrix_strategy)
    labels = [option.label for option in matrix.options]
    givens = draw(st.lists(st.sampled_from(labels), unique=True, max_size=2)) if labels else []
    if not is_consistent(matrix, givens):
        givens = []
    others = [label for label in labels if label not in givens]
    excluded = draw(st.lists(st.sampled_from(others), unique=True, max_size=2)) if others else []
    return matrix, givens, excluded


@st.composite
def larger(draw):
    """Up to 8 primary and 4 secondary items, up to 30 options of up to 4 items, colors."""
    primary, secondary = drawn_items(draw, 8, 4, least_primary=1)
    options = [drawn_option(draw, primary, secondary, 1, 4) for _ in range(draw(st.integers(0, 30)))]
    return Matrix(primary, options, secondary=secondary)
