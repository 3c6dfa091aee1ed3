"""All the solutions of a matrix as one value: the decision diagram a memoized search builds.

`Solver.diagram()` runs a memoized count that also records, for each state it finishes with
solutions, a chain of nodes: node k offers one option, ``hi[k]`` is what the rest of a
solution with it may be and ``lo[k]`` the solutions of the same state that use a later
option instead; 0 stands for no solution, 1 for the empty one. Every solution is one path
from the root to 1 (the options at its hi edges), every path one solution, and states met
again share their nodes, so a diagram of 10³⁰ domino tilings has a few million nodes. This
is the ZDD of Nishino et al.'s DXZ and Knuth's DLX6, not ordered in general (the options
along a path follow the search's item choice), which counting, iterating and sampling do not
need.

A node takes 12 bytes in the C engine (option, lo, hi as 32-bit integers), beside the
search's table; `nbytes` is what the diagram holds here: the node arrays (4 bytes an entry)
and, once counted, a Python integer per node.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

import attrs

from .compiled import CompiledMatrix
from .plans import Plan
from .runs import Run
from .stats import Stats

__all__ = ["Diagram", "Sample", "diagram"]


@attrs.frozen
class Sample:
    """Solutions drawn uniformly at random from all of a problem's (`Prepared.sample`, the
    command's ``sample``): ``solutions``, decoded (or option labels); ``count``, how many
    there are to draw from (the matrix's, before a problem type's filter, whose refusals are
    drawn again); ``diagram_nodes``, the size of the diagram that holds them all; ``stats``,
    the memoized count that built it."""

    solutions: tuple[Any, ...]
    count: int
    diagram_nodes: int
    stats: Stats


class Diagram:
    """The solutions of one search, as a decision diagram (see the module docstring).

    `count` is the number of solutions (exact, however large: no ``len``, whose result must
    fit 64 bits); `size` the number of nodes; iterating yields the solutions (option labels, givens first), lazily; `sample`
    draws solutions uniformly at random; `count_with` counts those that use an option;
    `to_knuth` writes the diagram in the text format of Knuth's DLX6 and ZDDREAD.
    """

    def __init__(self, labels: Sequence[Hashable], prefix: tuple[Hashable, ...], root: int, nodes: bytes) -> None:
        triples = array("i")
        triples.frombytes(nodes)
        self.labels, self.prefix, self.root = labels, prefix, root
        self.option, self.lo, self.hi = triples[0::3], triples[1::3], triples[2::3]
        self._counts: list[int] | None = None

    @property
    def size(self) -> int:
        """The diagram's nodes, the two terminals not counted."""
        return len(self.option)

    @property
    def nbytes(self) -> int:
        """Bytes of the node arrays here (and of the counts, once made)."""
        counts = 0 if self._counts is None else sum(c.__sizeof__() for c in self._counts) + 8 * len(self._counts)
        return 4 * 3 * self.size + counts

    def counts(self) -> list[int]:
        """Per node (0, 1, then the diagram's), the number of solutions below it."""
        if self._counts is None:
            counts = [0, 1]
            for lo, hi in zip(self.lo, self.hi):  # (a node's lo and hi were made before it)
                counts.append(counts[lo] + counts[hi])
            self._counts = counts
        return self._counts

    @property
    def count(self) -> int:
        """The number of solutions, exactly."""
        return self.counts()[self.root]

    def __repr__(self) -> str:
        return f"<Diagram: {self.count} solutions in {self.size} nodes>"

    def _solution(self, options: list[int]) -> tuple[Hashable, ...]:
        return self.prefix + tuple(self.labels[k] for k in options)

    def __iter__(self) -> Iterator[tuple[Hashable, ...]]:
        """Every solution once, each as its labels: the search's order of options along a
        path, the hi edge before the lo edge at each node."""
        path: list[int] = []
        stack: list[tuple[int, int]] = [(self.root, 0)]  # (node, the length of path there)
        while stack:
            node, depth = stack.pop()
            del path[depth:]
            while node > 1:
                k = node - 2
                stack.append((self.lo[k], len(path)))
                path.append(self.option[k])
                node = self.hi[k]
            if node == 1:
                yield self._solution(path)

    def sample(self, n: int = 1, seed: int | None = None) -> list[tuple[Hashable, ...]]:
        """``n`` solutions drawn uniformly at random (independently, so repeats can occur),
        the same ones for the same ``seed``: at each node the hi edge is taken with
        probability (solutions below hi) / (solutions below the node), exactly."""
        counts, rng = self.counts(), random.Random(seed)
        if counts[self.root] == 0:
            raise ValueError("there is no solution to sample")
        drawn = []
        for _ in range(n):
            node, path = self.root, []
            while node > 1:
                k = node - 2
                if rng.randrange(counts[node]) < counts[self.hi[k]]:
                    path.append(self.option[k])
                    node = self.hi[k]
                else:
                    node = self.lo[k]
            drawn.append(self._solution(path))
        return drawn

    def draw(self, n: int, seed: int | None = None,
             accept: Callable[[tuple[Hashable, ...]], bool] | None = None) -> list[tuple[Hashable, ...]]:
        """At most ``n`` solutions drawn as `sample` draws them, those that ``accept`` refuses
        drawn again (rejection keeps the draws uniform over what it accepts; after 1000 rounds
        of draws it gives what it has: a filter that accepts almost nothing); none without
        a solution."""
        if self.count == 0:
            return []
        drawn: list[tuple[Hashable, ...]] = []
        for again in range(1000):
            more = self.sample(n, seed if seed is None or again == 0 else seed * 1_000_003 + again)
            drawn += [s for s in more if accept is None or accept(s)]
            if len(drawn) >= n:
                break
        return drawn[:n]

    def count_with(self, label: Hashable) -> int:
        """The number of solutions that use the option ``label`` (a given: all of them)."""
        if label in self.prefix:
            return self.count
        try:
            option = self.labels.index(label)
        except ValueError:
            raise KeyError(f"no option {label!r}") from None
        counts = self.counts()
        paths = [0] * (self.size + 2)  # per node, the paths from the root to it
        paths[self.root] = 1
        total = 0
        for node in range(self.size + 1, 1, -1):  # (parents come after their children)
            if paths[node]:
                k = node - 2
                paths[self.lo[k]] += paths[node]
                paths[self.hi[k]] += paths[node]
                if self.option[k] == option:
                    total += paths[node] * counts[self.hi[k]]
        return total

    def to_knuth(self) -> str:
        """The diagram in DLX6's output format: a line ``k: (~o?lo:hi)`` per node (hex node
        numbers, o the option's number from 1 as DLX6 numbers them), then a dummy root line
        ``(~0?0:root)``."""
        lines = [f"{k + 2:x}: (~{self.option[k] + 1}?{self.lo[k]:x}:{self.hi[k]:x})" for k in range(self.size)]
        lines.append(f"{self.size + 2:x}: (~0?0:{self.root:x})")
        return "\n".join(lines) + "\n"


def diagram(compiled: CompiledMatrix, plan: Plan) -> Diagram:
    """`Solver.diagram`: the plan's memoized count that builds the diagram (its call has
    ``diagram`` and MEMO_ON), run to its end."""
    run = Run(compiled, plan)
    run.step(counting=True)
    root, nodes = run.search.diagram_nodes()
    return Diagram(compiled.labels, run.prefix, root, nodes)
