"""Human-style solving: the strategy-pattern article's techniques, explained step by step.

Each technique is a small function that finds one deduction on the candidates grid, or None.
`explain` tries them from the easiest, applies the first that makes progress, and repeats
until the grid is solved or no technique applies. The puzzle's grade is its hardest
technique; `solve_hybrid` runs the logic first and dancing links on what is left.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import attrs

import exactcover

from .grid import Sudoku, cell_name, symbol

__all__ = ["Step", "Explanation", "HybridResult", "explain", "solve_hybrid", "TECHNIQUES", "GRADES"]

#: Every technique, from the easiest, with its level (used for the grade).
TECHNIQUES = {
    "naked single": 1, "hidden single": 1,
    "pointing": 2, "claiming": 2,
    "naked pair": 3, "hidden pair": 3,
    "naked triple": 4, "hidden triple": 4,
}
GRADES = {0: "solved", 1: "easy", 2: "medium", 3: "hard", 4: "expert"}
NEEDS_SEARCH = "needs search"


@attrs.frozen
class Step:
    """One deduction: the technique, the unit it works in, the cells and digits that make it,
    and what it placed or eliminated (as (cell name, digit) pairs)."""

    technique: str
    unit: str | None
    cells: tuple[str, ...]
    digits: tuple[int, ...]
    placed: tuple[tuple[str, int], ...] = ()
    eliminated: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        where = f" in {self.unit}" if self.unit else ""
        if self.placed:
            return f"{self.technique}{where}: " + ", ".join(f"{cell} = {symbol(d)}" for cell, d in self.placed)
        digits = "{" + ", ".join(map(symbol, self.digits)) + "}"
        removed = ", ".join(f"{symbol(d)} from {cell}" for cell, d in self.eliminated)
        return f"{self.technique}{where}: {' '.join(self.cells)} with {digits} removes {removed}"


@attrs.frozen
class Explanation:
    """The steps of `explain`, the grid they reached, and the puzzle's grade."""

    steps: tuple[Step, ...]
    grid: Sudoku
    contradiction: str | None = None  # set when the logic proved there is no solution

    @property
    def solved(self) -> bool:
        return self.grid.is_solved

    @property
    def grade(self) -> str:
        """The hardest technique's grade ("easy" ... "expert"), or "needs search" when the
        logic got stuck."""
        if not self.solved:
            return NEEDS_SEARCH
        return GRADES[max((TECHNIQUES[s.technique] for s in self.steps), default=0)]

    def __str__(self) -> str:
        lines = [f"{k}. {step}" for k, step in enumerate(self.steps, 1)]
        if self.contradiction:
            lines.append(f"contradiction: {self.contradiction}: the puzzle has no solution")
        elif not self.solved:
            lines.append(f"stuck after {len(self.steps)} steps: the rest needs search")
        lines.append(f"grade: {self.grade}")
        return "\n".join(lines)


class _Board:
    """Candidates as bitmasks (bit d: digit d still possible), kept up to date."""

    def __init__(self, puzzle: Sudoku) -> None:
        self.puzzle = puzzle
        n = self.n = puzzle.size
        self.values = list(puzzle.cells)
        self.units = [(name, cells) for name, cells in puzzle.units()]
        self.boxes = self.units[2 * n :]
        self.lines = self.units[: 2 * n]
        self.peers: list[set[int]] = [set() for _ in range(n * n)]
        for _, cells in self.units:
            for k in cells:
                self.peers[k].update(cells)
        for k in range(n * n):
            self.peers[k].discard(k)
        full = (1 << (n + 1)) - 2
        self.cand = [0 if v else full for v in self.values]
        for k, v in enumerate(self.values):
            if v:
                for p in self.peers[k]:
                    self.cand[p] &= ~(1 << v)

    def name(self, k: int) -> str:
        return cell_name(k // self.n, k % self.n)

    def place(self, k: int, d: int) -> None:
        self.values[k] = d
        self.cand[k] = 0
        for p in self.peers[k]:
            self.cand[p] &= ~(1 << d)

    def apply(self, step_cells: list[tuple[int, int]], eliminations: list[tuple[int, int]]) -> None:
        for k, d in step_cells:
            self.place(k, d)
        for k, d in eliminations:
            self.cand[k] &= ~(1 << d)

    def contradiction(self) -> str | None:
        for k, v in enumerate(self.values):
            if not v and not self.cand[k]:
                return f"{self.name(k)} has no candidate left"
        for unit, cells in self.units:
            missing = set(range(1, self.n + 1)) - {self.values[k] for k in cells}
            for d in missing:
                if not any(self.cand[k] >> d & 1 for k in cells):
                    return f"{symbol(d)} has no place left in {unit}"
        return None


def _digits(mask: int) -> list[int]:
    return [d for d in range(mask.bit_length()) if mask >> d & 1]


# -- the techniques: each returns (step, placements, eliminations) or None ----------------------

Found = tuple[Step, list[tuple[int, int]], list[tuple[int, int]]]


def naked_single(b: _Board) -> Found | None:
    for k, mask in enumerate(b.cand):
        if mask and mask & (mask - 1) == 0:
            d = mask.bit_length() - 1
            return Step("naked single", None, (b.name(k),), (d,), placed=((b.name(k), d),)), [(k, d)], []
    return None


def hidden_single(b: _Board) -> Found | None:
    for unit, cells in b.units:
        for d in range(1, b.n + 1):
            places = [k for k in cells if b.cand[k] >> d & 1]
            if len(places) == 1 and all(b.values[k] != d for k in cells):
                k = places[0]
                return Step("hidden single", unit, (b.name(k),), (d,), placed=((b.name(k), d),)), [(k, d)], []
    return None


def _naked_subset(size: int, technique: str) -> Callable[[_Board], Found | None]:
    def find(b: _Board) -> Found | None:
        for unit, cells in b.units:
            open_cells = [k for k in cells if b.cand[k] and bin(b.cand[k]).count("1") <= size]
            for group in combinations(open_cells, size):
                union = 0
                for k in group:
                    union |= b.cand[k]
                if bin(union).count("1") != size:
                    continue
                removed = [(k, d) for k in cells if k not in group for d in _digits(b.cand[k] & union)]
                if removed:
                    step = Step(technique, unit, tuple(map(b.name, group)), tuple(_digits(union)),
                                eliminated=tuple((b.name(k), d) for k, d in removed))
                    return step, [], removed
        return None

    return find


def _hidden_subset(size: int, technique: str) -> Callable[[_Board], Found | None]:
    def find(b: _Board) -> Found | None:
        for unit, cells in b.units:
            places = {d: [k for k in cells if b.cand[k] >> d & 1] for d in range(1, b.n + 1)}
            open_digits = [d for d, ks in places.items() if 2 <= len(ks) <= size]
            for digits in combinations(open_digits, size):
                group = sorted({k for d in digits for k in places[d]})
                if len(group) != size:
                    continue
                keep = sum(1 << d for d in digits)
                removed = [(k, d) for k in group for d in _digits(b.cand[k] & ~keep)]
                if removed:
                    step = Step(technique, unit, tuple(map(b.name, group)), digits,
                                eliminated=tuple((b.name(k), d) for k, d in removed))
                    return step, [], removed
        return None

    return find


def _intersection(technique: str) -> Callable[[_Board], Found | None]:
    """pointing: a box's candidates for d all in one line clear d from the rest of the line;
    claiming: a line's candidates for d all in one box clear d from the rest of the box."""

    def find(b: _Board) -> Found | None:
        sources, targets = (b.boxes, b.lines) if technique == "pointing" else (b.lines, b.boxes)
        for unit, cells in sources:
            for d in range(1, b.n + 1):
                places = {k for k in cells if b.cand[k] >> d & 1}
                if len(places) < 2:
                    continue
                for other, other_cells in targets:
                    if places <= set(other_cells):
                        removed = [(k, d) for k in other_cells if k not in cells and b.cand[k] >> d & 1]
                        if removed:
                            step = Step(technique, f"{unit} and {other}", tuple(b.name(k) for k in sorted(places)), (d,),
                                        eliminated=tuple((b.name(k), d) for k, _ in removed))
                            return step, [], removed
        return None

    return find


STRATEGIES: list[Callable[[_Board], Found | None]] = [
    naked_single, hidden_single,
    _intersection("pointing"), _intersection("claiming"),
    _naked_subset(2, "naked pair"), _hidden_subset(2, "hidden pair"),
    _naked_subset(3, "naked triple"), _hidden_subset(3, "hidden triple"),
]


def explain(puzzle: Sudoku, max_steps: int | None = None) -> Explanation:
    """Solve ``puzzle`` with human techniques only, recording each step, until it is solved,
    no technique applies, or the logic proves there is no solution."""
    return _explain(puzzle, max_steps)[1]


def _explain(puzzle: Sudoku, max_steps: int | None = None) -> tuple[_Board, Explanation]:
    board = _Board(puzzle)
    steps: list[Step] = []
    contradiction = board.contradiction()
    while contradiction is None and not all(board.values) and (max_steps is None or len(steps) < max_steps):
        for strategy in STRATEGIES:
            found = strategy(board)
            if found:
                step, placements, eliminations = found
                board.apply(placements, eliminations)
                steps.append(step)
                break
        else:
            break  # stuck
        contradiction = board.contradiction()
    grid = Sudoku.trusted(board.values, puzzle.box, puzzle.given)
    return board, Explanation(tuple(steps), grid, contradiction)


@attrs.frozen
class HybridResult:
    """`solve_hybrid`'s answer and what the logic saved.

    The node counts are those of the search that finds the solution and proves it unique
    (counting up to 2 solutions), on the puzzle as given and on what the logic left. That
    search is what the logic shrinks; the nodes to a first solution alone depend on luck in
    the branch order and can go either way.
    """

    solution: Sudoku | None
    explanation: Explanation
    nodes_after_logic: int
    nodes_without_logic: int

    @property
    def nodes_saved(self) -> int:
        return self.nodes_without_logic - self.nodes_after_logic


def solve_hybrid(puzzle: Sudoku, engine: str = "auto") -> HybridResult:
    """Logic first, then dancing links on what is left: the cells the logic placed are
    givens and the candidates it eliminated are excluded options."""
    from .encoding import decode, encode

    encoding = encode(puzzle)
    solver = exactcover.solver_for(encoding.matrix, engine)
    solver.count(encoding.givens, limit=2)
    nodes_plain = solver.stats.nodes
    board, explanation = _explain(puzzle)
    if explanation.contradiction:
        return HybridResult(None, explanation, 0, nodes_plain)
    n = puzzle.size
    givens = encode(explanation.grid).givens
    excluded = [(k // n, k % n, d) for k, v in enumerate(board.values) if not v
                for d in range(1, n + 1) if not board.cand[k] >> d & 1]
    solver.count(givens, exclude=excluded, limit=2)
    nodes_after = solver.stats.nodes
    solution = solver.first(givens, exclude=excluded)
    answer = None if solution is None else decode(Sudoku.trusted(explanation.grid.cells, puzzle.box, puzzle.given), solution)
    return HybridResult(answer, explanation, nodes_after, nodes_plain)
