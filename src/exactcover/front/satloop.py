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
    color in the loop), and the cuts of the models that break it. Vertices and edges are
    numbered here, so that a model (as PySAT gives it: variable v's literal at v - 1) is
    read in time linear in the edges."""

    def __init__(self, matrix: Matrix, pool: Any) -> None:
        loop = matrix.loop
        assert loop is not None
        self.pool = pool
        self.empty = loop.empty
        number: dict[Hashable, int] = {}
        self.ends = [(number.setdefault(u, len(number)), number.setdefault(v, len(number))) for _, u, v in loop.edges]
        self.var = [pool.id(("color", edge, loop.color)) for edge, _, _ in loop.edges]
        index = {edge: e for e, (edge, _, _) in enumerate(loop.edges)}
        self.at: list[list[int]] = [[] for _ in number]  # vertex -> its edges
        for e, (u, v) in enumerate(self.ends):
            self.at[u].append(e)
            self.at[v].append(e)
        self.giving: list[list[int]] = [[] for _ in self.var]  # edge -> options that color it
        bounded = dict(matrix.bounds)
        vertex_of = {item: number[item] for item in matrix.primary if item in number and item not in bounded}
        colorings: dict[int, list[dict[int, Hashable]]] = {}  # a vertex that is a primary item -> its options' edges
        for k, option in enumerate(matrix.options, 1):
            colored: dict[int, Hashable] = {}
            vertices: list[int] = []
            for item, color in zip(option.items, option.colors):
                edge = index.get(item)
                if edge is not None:
                    if color == loop.color:
                        self.giving[edge].append(k)
                    if color is not None:
                        colored[edge] = color
                elif item in vertex_of:
                    vertices.append(vertex_of[item])
            for vertex in vertices:
                colorings.setdefault(vertex, []).append(colored)
        self.always, self.settled = _settled(colorings, self.at, loop.color)

    def clauses(self) -> list[list[int]]:
        """Step 1's clauses (an option that colors an edge implies its variable already),
        but those the options imply (`_settled`)."""
        from pysat.card import CardEnc, EncType

        # (an edge no option colors for the loop keeps its clause, then [-var]: its variable is in
        # no group of the edge's colors, so nothing else keeps it false)
        cnf: list[list[int]] = [[-var, *options] for e, (var, options) in enumerate(zip(self.var, self.giving))
                                if e not in self.always or not options]
        for vertex, edges in enumerate(self.at):
            if vertex in self.settled:
                continue
            near = [self.var[e] for e in edges]
            cnf.extend([-e, *(f for f in near if f != e)] for e in near)  # (never one edge alone)
            if 2 < len(near) <= 6:  # (no three: each three's clause, no counter's variables)
                cnf.extend([-a, -b, -c] for a, b, c in combinations(near, 3))
            elif len(near) > 6:
                cnf.extend(CardEnc.atmost(near, 2, vpool=self.pool, encoding=EncType.seqcounter).clauses)
        if not self.empty:
            cnf.append(list(self.var))
        return cnf

    def cycles(self, model: list[int]) -> list[tuple[set[int], list[int]]]:
        """The cycles of a model's taken edges (``model[v - 1] > 0`` when variable v is
        true): each its vertices and its edges, numbered. (Each vertex of a model takes two
        edges or none, by step 1's clauses: so a cycle is walked from any of its edges.)"""
        near: list[list[tuple[int, int]]] = [[] for _ in self.at]
        for e, var in enumerate(self.var):
            if model[var - 1] > 0:
                u, v = self.ends[e]
                near[u].append((v, e))
                near[v].append((u, e))
        found: list[tuple[set[int], list[int]]] = []
        seen: set[int] = set()
        for start, pair in enumerate(near):
            if not pair or start in seen:
                continue
            vertices, edges = {start}, [pair[0][1]]
            vertex, edge = pair[0]
            while vertex != start:
                vertices.add(vertex)
                edges.append(edge)
                step = near[vertex]
                vertex, edge = step[0] if step[0][1] != edge else step[1]
            seen |= vertices
            found.append((vertices, edges))
        return found

    def cuts(self, cycles: list[tuple[set[int], list[int]]]) -> Iterator[list[int]]:
        """Step 2's cuts for a model whose taken edges make these ``cycles``: one per cycle,
        against the longest other (a cut per pair costs more to add than it saves, measured
        on the largest published slitherlinks)."""
        longest = sorted(range(len(cycles)), key=lambda k: -len(cycles[k][1]))[:2]
        for k, (inside, edges) in enumerate(cycles):
            other = cycles[longest[0] if longest[0] != k else longest[1]][1]
            crossing = set()
            for vertex in inside:
                for e in self.at[vertex]:
                    u, v = self.ends[e]
                    if u not in inside or v not in inside:
                        crossing.add(self.var[e])
            yield [-self.var[min(edges)], -self.var[min(other)], *sorted(crossing)]


def _settled(colorings: dict[int, list[dict[int, Hashable]]], at: list[list[int]],
             color: Hashable) -> tuple[set[int], set[int]]:
    """The edges whose variable needs no clause "taken only if an option colors it", and the
    vertices whose degree needs no clauses: a vertex that is a primary item (covered once)
    and each of whose options (``colorings``: its edges' colors) colors all of its edges
    colors each of them in every solution, one color only (each secondary item's colors are
    at most one), so the edge's variable is true exactly when the chosen option gives the
    loop's ``color`` (where some option can: else only its clause [-var] keeps it false);
    if each option gives it to none or two of them, the vertex's degree is settled too. (A
    slitherlink's dots, a masyu's cells: on the largest slitherlink, a seventh of the whole
    CNF and a fifth of the SAT side's time.)"""
    always: set[int] = set()
    settled: set[int] = set()
    for vertex, options in colorings.items():
        edges = at[vertex]
        if all(e in colored for colored in options for e in edges):
            always.update(edges)
            if all(sum(colored[e] == color for e in edges) in (0, 2) for colored in options):
                settled.add(vertex)
    return always, settled
