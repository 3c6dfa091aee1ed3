"""The search tree cut at a depth: the subtrees below it, for other searches to take.

`split_tree` runs a search down to a depth and hands out each subtree there as a prefix (node
numbers, valid wherever the matrix is compiled alike), with its share of the tree (Knuth's
measure); the solutions found above the depth come with them. The parallel searches
(`exactcover.parallel`) begin so, and `Solver.split` is this for a caller.
"""

from __future__ import annotations

import attrs

from ..engines.contract import DONE, PREFIX, SOLUTION
from .compiled import CompiledMatrix
from .plans import Plan
from .runs import Run, Solution
from .stats import Stats

__all__ = ["Split", "split_tree"]


@attrs.frozen
class Split:
    """The search tree cut at a depth: the subtrees below it as prefixes (picklable tuples of
    node numbers, valid for this solver's matrix), each with its ``share`` of the tree, the
    solutions found above the depth, and the statistics of the search down to it."""

    depth: int
    prefixes: tuple[tuple[int, ...], ...]
    shares: tuple[float, ...]
    solutions: tuple[Solution, ...]
    stats: Stats


def split_tree(compiled: CompiledMatrix, plan: Plan, depth: int) -> Split:
    """Cut the search tree of ``compiled`` at ``depth`` (see `Solver.split`), as ``plan`` says
    (`Plan.splitting`: a plain search's tree)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number >= 0, not {depth!r}")
    run = Run(compiled, plan)
    prefixes, shares, solutions = [], [], []
    while (status := run.step(depth=depth)) != DONE:
        if status == SOLUTION:
            solutions.append(run.solution())
        elif status == PREFIX:
            prefixes.append(run.search.prefix())
            shares.append(run.search.share())
    return Split(depth, tuple(prefixes), tuple(shares), tuple(solutions), run.stats)
