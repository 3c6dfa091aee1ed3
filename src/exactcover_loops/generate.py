"""Slitherlinks and masyus with exactly one solution, made at random: reproducibly with a
seed, as the sudoku plugin makes sudokus.

Both start from a random loop: the boundary of a region of cells grown one random cell at a
time, each kept only if the boundary stays one loop that never touches itself (a region
without holes, whose cells never meet at a corner alone). A slitherlink's loop runs on the
corners of the grid's cells; a masyu's through the centres of its cells, which are the
corners of a grid one row and one column smaller, so the same region makes both.

* **Slitherlink**: every cell's number is the sides of it the loop takes; then the numbers
  are taken out in a random order, each kept out if the puzzle still has one solution.
  The checks run on one compiled matrix that has every cell's every way (0 to 4 sides), a
  number being the exclusion of the others: no matrix is built per check.
* **Masyu**: a circle can stand where the loop's rule holds: white where it goes straight
  and turns in a cell before or after, black where it turns and goes straight in the cells
  before and after. Circles of a random loop first (`CELLS_PER_SEED`); then, while it has two
  solutions, a circle that one of them allows and the other breaks (so the first stays a
  solution and the second goes), until one is left; a try where no circle parts them
  starts again. Then the circles are taken out in a random order, as a slitherlink's
  numbers are. (Circles of one fixed loop, even all it allows, rarely make it the only
  one: stretches that turn at every cell allow no circle, and the loop can wander there.)

Each check is a count up to two (`exactcover.Solver.count`) within `CHECK_NODES` nodes of
search, so each puzzle made is unique, and minimal as far as those checks can tell: a number
or circle stays where its going would admit a second solution, or where the search could
not prove within its nodes that it would not (a few checks of a 10×10 take millions of
nodes, most a few hundred). The nodes, not the time, bound a check, so that a seed makes
the same puzzle on every machine. A masyu's checks outgrow them with the grid: a 15×15
takes seconds, and a 20×20 mostly fails (`ProblemError` after `TRIES` tries), where the
search, which cannot see that a loop must stay connected, wanders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from exactcover import BudgetExceeded, ProblemError, Solver, solutions

from .grid import Edge, Point, ends
from .masyu import BLACK, WHITE, Masyu
from .slitherlink import Slitherlink, matrix_of

__all__ = ["masyu", "random_loop", "slitherlink"]

#: The share of the grid's cells a loop's region grows to (at most: it stops where no
#: cell can join), drawn between these for each loop.
REGION = (0.4, 0.7)
#: A masyu's tries before it gives up (a try is dropped where it is stuck: see `masyu`).
TRIES = 100
#: A masyu's try starts from circles of a random loop, one for this many of the grid's cells
#: (fewer leave the search too free: on a 15 x 15, checks past `CHECK_NODES` end most tries).
CELLS_PER_SEED = 4
#: The nodes of search a check may take (see the module).
CHECK_NODES = 20_000


def _sides(cell: Point) -> tuple[Edge, Edge, Edge, Edge]:
    r, c = cell
    return ("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)


def _boundary(region: set[Point]) -> set[Edge]:
    """The edges with the region on one side only."""
    edges: set[Edge] = set()
    for cell in region:
        edges.symmetric_difference_update(_sides(cell))
    return edges


def _one_loop(edges: set[Edge]) -> bool:
    """Whether the edges make one cycle that never meets itself (each point takes two)."""
    near: dict[Point, list[Point]] = {}
    for edge in edges:
        a, b = ends(edge)
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    if any(len(points) != 2 for points in near.values()):
        return False
    start = next(iter(near))
    previous, point, length = start, near[start][0], 1
    while point != start:
        previous, point = point, near[point][0] if near[point][1] == previous else near[point][1]
        length += 1
    return length == len(near)


def random_loop(rows: int, columns: int, rng: random.Random, thin: bool = False) -> frozenset[Edge]:
    """A random loop on the corners of a rows x columns grid of cells: the boundary of a
    region grown from a random cell (see the module) to a random share of the grid
    (`REGION`), or, ``thin``, as a tree of corridors one cell wide (each cell joins beside
    one of the region's, while any can), whose boundary passes most of the corners."""
    if rows < 1 or columns < 1:
        raise ProblemError(f"a {rows}x{columns} grid has no loop to make a puzzle of")
    region = {(rng.randrange(rows), rng.randrange(columns))}
    goal = rows * columns if thin else int(rows * columns * rng.uniform(*REGION))

    def beside(cell: Point) -> int:
        r, c = cell
        return sum((r + dr, c + dc) in region for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))

    while len(region) < goal:
        frontier = sorted({(r + dr, c + dc) for r, c in region for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if 0 <= r + dr < rows and 0 <= c + dc < columns} - region)
        rng.shuffle(frontier)
        if thin:
            frontier = [cell for cell in frontier if beside(cell) == 1]
        grown = next((cell for cell in frontier if _one_loop(_boundary(region | {cell}))), None)
        if grown is None:
            break
        region.add(grown)
    return frozenset(_boundary(region))


def _fewest(kept: list[Point], unique: Callable[[list[Point]], bool], rng: random.Random) -> list[Point]:
    """``kept`` less each clue (in a random order) whose going leaves ``unique`` true."""
    order = kept[:]
    rng.shuffle(order)
    kept_set = set(kept)
    for clue in order:
        kept_set.discard(clue)
        if not unique(sorted(kept_set)):
            kept_set.add(clue)
    return sorted(kept_set)


def slitherlink(rows: int, columns: int | None = None, seed: int | None = None) -> Slitherlink:
    """A rows x columns slitherlink (square without ``columns``) with one solution and no
    number that could go (see the module); the same one again for the same ``seed``."""
    columns = rows if columns is None else columns
    rng = random.Random(seed)
    loop = random_loop(rows, columns, rng)
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    number = {cell: sum(edge in loop for edge in _sides(cell)) for cell in cells}
    solver = Solver(matrix_of((rows, columns), {cell: range(5) for cell in cells}))
    other: dict[Point, list[Hashable]] = {cell: [] for cell in cells}  # a cell -> its options of other numbers
    for option in solver.matrix.options:
        label: Any = option.label
        if label[0] == "cell" and len(label[3]) != number[label[1:3]]:
            other[label[1:3]].append(label)

    def unique(numbered: list[Point]) -> bool:
        try:
            return solver.count(exclude=[label for cell in numbered for label in other[cell]], limit=2,
                                max_nodes=CHECK_NODES) == 1
        except BudgetExceeded:
            return False

    kept = set(_fewest(cells, unique, rng))
    return Slitherlink([[number[r, c] if (r, c) in kept else None for c in range(columns)] for r in range(rows)])


def _circles(loop: frozenset[Edge]) -> dict[Point, str]:
    """Where a masyu's circle can stand on ``loop`` (through cell centres), and which."""
    near: dict[Point, list[Point]] = {}
    for edge in loop:
        a, b = ends(edge)
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)

    def straight(point: Point) -> bool:
        (r1, c1), (r2, c2) = near[point]
        return r1 == r2 or c1 == c2

    found = {}
    for point in near:
        if straight(point) and not all(straight(p) for p in near[point]):
            found[point] = WHITE
        elif not straight(point) and all(straight(p) for p in near[point]):
            found[point] = BLACK
    return found


def _masyu(rows: int, columns: int, circles: dict[Point, str], kept: Iterable[Point]) -> Masyu:
    kept = set(kept)
    return Masyu([[circles[r, c] if (r, c) in kept else None for c in range(columns)] for r in range(rows)])


def _two(puzzle: Masyu) -> list[Any] | None:
    """Up to two solutions of ``puzzle``, or None if the search needs more than `CHECK_NODES`."""
    try:
        return list(solutions(puzzle, limit=2, backend="search", max_nodes=CHECK_NODES))
    except BudgetExceeded:
        return None


def _circled(rows: int, columns: int, rng: random.Random) -> dict[Point, str] | None:
    """The circles of a masyu with one solution (see `masyu`), or None where this try is stuck."""
    start = _circles(random_loop(rows - 1, columns - 1, rng, thin=True))
    seeds = min(max(4, rows * columns // CELLS_PER_SEED), len(start))
    circles = {point: start[point] for point in rng.sample(sorted(start), seeds)}
    while True:
        found = _two(_masyu(rows, columns, circles, circles))
        if found is None:
            return None
        if len(found) == 1:
            return circles
        if rng.random() < 0.5:
            found.reverse()
        for keep, drop in (found, found[::-1]):  # (a circle that keeps one loop and not the other)
            mine, theirs = _circles(keep.edges), _circles(drop.edges)
            apart = sorted(point for point, circle in mine.items() if theirs.get(point) != circle)
            if apart:
                point = rng.choice(apart)
                circles[point] = mine[point]
                break
        else:
            return None


def masyu(rows: int, columns: int | None = None, seed: int | None = None) -> Masyu:
    """A rows x columns masyu (square without ``columns``) with one solution and no circle
    that could go (see the module); the same one again for the same ``seed``."""
    columns = rows if columns is None else columns
    if rows < 2 or columns < 2:
        raise ProblemError(f"a {rows}x{columns} masyu has no loop through its cells")
    rng = random.Random(seed)

    circles: dict[Point, str] = {}

    def unique(kept: list[Point]) -> bool:
        two = _two(_masyu(rows, columns, circles, kept))
        return two is not None and len(two) == 1

    for _ in range(TRIES):
        found = _circled(rows, columns, rng)
        if found is not None:
            circles = found
            return _masyu(rows, columns, circles, _fewest(sorted(circles), unique, rng))
    raise ProblemError(f"no {rows}x{columns} masyu with one solution in {TRIES} tries")
