"""Unique puzzles of the variants: a random full grid of the rules (a seeded search of the
empty layout), then clues removed in a random order while the solution stays unique, as
`generate` does for the classic grids. A killer gets random cages over its full grid (each
grown from a cell through neighbours with other digits, of 1 to 4 cells), their sums from the
grid, and then only as many givens as uniqueness needs (often none)."""

from __future__ import annotations

import random
import exactcover

from .variants import Cage, Jigsaw, Killer, Variant

__all__ = ["generate_jigsaw", "generate_variant", "random_cages", "random_regions"]

#: The node budget of one uniqueness check (a check that runs out keeps its clue).
CHECK_NODES = 200_000


def _unique(puzzle: Variant) -> bool:
    try:
        return exactcover.count(puzzle, limit=2, max_nodes=CHECK_NODES) == 1
    except exactcover.BudgetExceeded:
        return False


def _full(template: Variant, rng: random.Random) -> list[int | None]:
    empty = template.with_cells([None if v is None else 0 for v in template.cells],
                                [False] * len(template.cells))
    for _ in range(20):
        try:
            full = exactcover.solve(empty, seed=rng.getrandbits(63), max_nodes=50 * len(template.cells))
        except exactcover.BudgetExceeded:
            continue
        assert full is not None  # (an empty layout of these rules always has a solution)
        return list(full.cells)
    raise RuntimeError("no full grid found in 20 seeded tries")  # (not seen: each try is short)


def random_cages(cells: list[int | None], width: int, rng: random.Random, largest: int = 4) -> list[Cage]:
    """Cages over a full grid: each grown from a free cell through free neighbours holding
    digits not yet in it, to a random size of 1..``largest``."""
    free = [k for k, v in enumerate(cells) if v is not None]
    rng.shuffle(free)
    taken: set[int] = set()
    cages: list[Cage] = []
    for start in free:
        if start in taken:
            continue
        size, cage = rng.choice([1, 2, 2, 3, 3, 3, 4, 4][:2 * largest]), [start]
        taken.add(start)
        while len(cage) < size:
            around = [j for k in cage for j in _neighbours(k, width, len(cells))
                      if j not in taken and cells[j] is not None and cells[j] not in {cells[i] for i in cage}]
            if not around:
                break
            j = rng.choice(around)
            cage.append(j)
            taken.add(j)
        cages.append(Cage(str(len(cages)), sum(cells[k] or 0 for k in cage), tuple(sorted(cage))))
    return cages


def _neighbours(k: int, width: int, count: int) -> list[int]:
    r, c = divmod(k, width)
    out = [k - width] if r else []
    out += [k + width] if k + width < count else []
    out += [k - 1] if c else []
    out += [k + 1] if c < width - 1 else []
    return out


def generate_variant(template: Variant, seed: int | None = None) -> Variant:
    """A puzzle with exactly one solution under ``template``'s rules (its cells are ignored;
    a `Killer` template's cages too: new ones are made)."""
    rng = random.Random(seed)
    cells = _full(template, rng)
    if isinstance(template, Killer):
        killer = Killer.make([0] * len(cells), random_cages(cells, template.cols, rng), extras=template.extras)
        return _givens_for(killer, cells, rng)
    return _remove_clues(template, cells, rng)


def _remove_clues(template: Variant, cells: list[int | None], rng: random.Random) -> Variant:
    order = [k for k, v in enumerate(cells) if v]
    rng.shuffle(order)
    return _drop(template, cells, order)


def _drop(template: Variant, cells: list[int | None], order: list[int]) -> Variant:
    """Each clue of ``order`` removed in turn if the puzzle stays unique without it."""
    for k in order:
        kept, cells[k] = cells[k], 0
        if not _unique(_with(template, cells)):
            cells[k] = kept
    return _with(template, cells)


def _givens_for(killer: Killer, full: list[int | None], rng: random.Random) -> Variant:
    """The cages, and givens from the full grid added until the puzzle is unique, then each
    removed again if it can be."""
    cells: list[int | None] = [0] * len(full)
    order = list(range(len(full)))
    rng.shuffle(order)
    added = []
    for k in order:
        if _unique(_with(killer, cells)):
            break
        cells[k] = full[k]
        added.append(k)
    return _drop(killer, cells, added)


def _with(template: Variant, cells: list[int | None]) -> Variant:
    return template.with_cells(cells, [bool(v) for v in cells])


def random_regions(n: int, rng: random.Random, moves: int = 200) -> list[int]:
    """N connected regions of N cells each: the boxes, reshaped by ``moves`` random swaps of
    two cells on a border between regions (each swap kept only if both regions stay connected)."""
    from .grid import infer_box

    rows, cols = infer_box(n)
    regions = [(r // rows) * rows + c // cols for r in range(n) for c in range(n)]
    for _ in range(moves):
        a = rng.randrange(n * n)
        others = [j for j in _neighbours(a, n, n * n) if regions[j] != regions[a]]
        if not others:
            continue
        b = rng.choice(others)  # a's region gives a and takes c, a cell of b's region next to it
        takers = [c for c in range(n * n) if regions[c] == regions[b] and c != b
                  and any(regions[j] == regions[a] for j in _neighbours(c, n, n * n))]
        if not takers:
            continue
        c = rng.choice(takers)
        old = regions[:]
        regions[a], regions[c] = old[b], old[a]
        if not (_connected(regions, old[a], n) and _connected(regions, old[b], n)):
            regions = old
    return regions


def _connected(regions: list[int], region: int, n: int) -> bool:
    cells = [k for k, r in enumerate(regions) if r == region]
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        for j in _neighbours(stack.pop(), n, n * n):
            if regions[j] == region and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(cells)


def generate_jigsaw(size: int = 9, seed: int | None = None, extras: tuple[str, ...] = ()) -> Variant:
    """A jigsaw with random regions (`random_regions`, until a layout has a full grid at
    all: about one in five has none) and a unique puzzle on them."""
    rng = random.Random(seed)
    for _ in range(100):
        layout = Jigsaw.make([0] * (size * size), random_regions(size, rng), extras)
        try:
            if exactcover.solve(layout, max_nodes=100 * size * size) is not None:
                return generate_variant(layout, rng.getrandbits(63))
        except exactcover.BudgetExceeded:
            continue
    raise RuntimeError("no region layout with a full grid in 100 tries")  # (not seen: most have one)
