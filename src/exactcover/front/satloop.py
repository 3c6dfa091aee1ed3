"""The loop constraint (`exactcover.Loop`) for the SAT solver: lazy cycle elimination.

A CNF cannot say "one cycle" compactly, so the solver is asked without it and told more each
time its model breaks it, as SAT-based loop-puzzle solvers do:

1. A variable per edge says the loop takes it: true exactly when a chosen option gives the
   edge the loop's color. Each vertex takes none or two of its edges (at most two, and never
   one alone), and, unless the loop may be empty (`Loop.empty`), some edge is taken.
2. The solver's model then takes edges that make cycles. One cycle (or none, where that is
   allowed) is a solution. Several are not, and for each two of them, C on the vertices S
   and D elsewhere, a *cut* is added: if an edge of C and an edge of D are both taken, the
   loop goes from S to the rest, so it takes an edge with one end in S. The cuts hold for
   every solution; the solver learns from them and is asked again.

`exactcover.front.sat` runs that loop on an incremental solver (CaDiCaL keeps what it
learned between the calls).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import combinations
from typing import Any

from ..model.matrix import Matrix

__all__ = ["Cuts"]


class Cuts:
    """The loop's clauses for ``matrix`` (whose options are variables 1..n), with variables
    from ``pool`` (`exactcover.front.sat.clauses`'s: an edge's variable is the one of its
    color in the loop), and the cuts of the models that break it."""

    def __init__(self, matrix: Matrix, pool: Any) -> None:
        loop = matrix.loop
        assert loop is not None
        self.pool = pool
        self.ends = {edge: (u, v) for edge, u, v in loop.edges}
        self.var = {edge: pool.id(("color", edge, loop.color)) for edge in self.ends}
        self.empty = loop.empty
        self.giving: dict[Hashable, list[int]] = {edge: [] for edge in self.ends}  # edge -> options that color it
        for k, option in enumerate(matrix.options, 1):
            for item, color in zip(option.items, option.colors):
                if item in self.giving and color == loop.color:
                    self.giving[item].append(k)
        self.at: dict[Hashable, list[int]] = {}  # vertex -> its edges' variables
        for edge, (u, v) in self.ends.items():
            self.at.setdefault(u, []).append(self.var[edge])
            self.at.setdefault(v, []).append(self.var[edge])

    def clauses(self) -> list[list[int]]:
        """Step 1's clauses (an option that colors an edge implies its variable already)."""
        from pysat.card import CardEnc, EncType

        cnf: list[list[int]] = [[-self.var[edge], *options] for edge, options in self.giving.items()]
        for edges in self.at.values():
            cnf.extend([-e, *(f for f in edges if f != e)] for e in edges)  # (never one edge alone)
            if 2 < len(edges) <= 6:  # (no three: each three's clause, no counter's variables)
                cnf.extend([-a, -b, -c] for a, b, c in combinations(edges, 3))
            elif len(edges) > 6:
                cnf.extend(CardEnc.atmost(edges, 2, vpool=self.pool, encoding=EncType.seqcounter).clauses)
        if not self.empty:
            cnf.append(list(self.var.values()))
        return cnf

    def cycles(self, true: set[int]) -> list[tuple[set[Hashable], list[Hashable]]]:
        """The cycles of a model's taken edges: each its vertices and its edges."""
        near: dict[Hashable, list[tuple[Hashable, Hashable]]] = {}
        for edge, (u, v) in self.ends.items():
            if self.var[edge] in true:
                near.setdefault(u, []).append((v, edge))
                near.setdefault(v, []).append((u, edge))
        found, seen = [], set()
        for start in near:
            if start in seen:
                continue
            vertices, edges, todo = set(), set(), [start]
            while todo:
                vertex = todo.pop()
                if vertex not in vertices:
                    vertices.add(vertex)
                    for other, edge in near[vertex]:
                        edges.add(edge)
                        todo.append(other)
            seen |= vertices
            found.append((vertices, sorted(edges, key=repr)))
        return found

    def cuts(self, cycles: list[tuple[set[Hashable], list[Hashable]]]) -> Iterator[list[int]]:
        """Step 2's cuts for a model whose taken edges make these ``cycles``."""
        for k, (inside, edges) in enumerate(cycles):
            crossing = [self.var[e] for e, (u, v) in self.ends.items() if (u in inside) != (v in inside)]
            mine = self.var[edges[0]]
            for j, (_, others) in enumerate(cycles):
                if j != k:
                    yield [-mine, -self.var[others[0]], *crossing]
