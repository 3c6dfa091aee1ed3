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
learned between the calls); each round's cycles and cuts are the engine's
(`exactcover.engines.cycles`, in C where it is built).
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from itertools import accumulate, combinations

from ..engines import cycles
from ..model.matrix import Matrix
from .satcnf import Cnf
from .satfold import Folded

__all__ = ["Cuts"]


class Cuts:
    """The loop's clauses for ``cnf``'s matrix (`exactcover.front.satcnf.Cnf`: an edge's
    variable is the one of its color in the loop), and the cuts of the models that break
    it. Vertices and edges are numbered here, as `exactcover.engines.cycles` takes them."""

    def __init__(self, matrix: Matrix, cnf: Cnf) -> None:
        loop = matrix.loop
        assert loop is not None
        self.pool, self.empty = cnf.pool, loop.empty
        number: dict[Hashable, int] = {}
        ends = [(number.setdefault(u, len(number)), number.setdefault(v, len(number))) for _, u, v in loop.edges]
        positions = matrix.positions
        edge_at = [-1] * len(matrix.items)  # item's position -> its edge
        for e, (edge, _, _) in enumerate(loop.edges):
            edge_at[positions[edge]] = e
        #: the edges no option gives the loop's color (their variables made here)
        self.never = {e for e, (edge, _, _) in enumerate(loop.edges) if loop.color not in cnf.tints[positions[edge]]}
        self.var = array("i", [cnf.tint(edge, loop.color) for edge, _, _ in loop.edges])
        self.at: list[list[int]] = [[] for _ in number]  # vertex -> its edges
        for e, (u, v) in enumerate(ends):  # (no edge joins a vertex to itself: `Loop` refuses it)
            self.at[u].append(e)
            self.at[v].append(e)
        # (the graph as `exactcover.engines.cycles` numbers it, for its rounds)
        self.ends = array("i", [end for pair in ends for end in pair])
        self.first = array("i", [0, *accumulate(map(len, self.at))])
        self.incident = array("i", [e for edges in self.at for e in edges])
        self.round = cycles.chosen()
        vertex_at = [-1] * len(matrix.items)  # item's position -> its vertex, if a primary item without bounds
        bounded = dict(matrix.bounds)
        for item, vertex in number.items():
            if positions.get(item, len(matrix.primary)) < len(matrix.primary) and item not in bounded:
                vertex_at[positions[item]] = vertex
        self.giving: list[list[int]] = [[] for _ in self.var]  # edge -> options that color it
        colorings = self._colorings(matrix, cnf, edge_at, vertex_at, loop.color)
        self.always, self.settled = _settled(colorings, self.at, loop.color)
        # (their colors are their options' already: `exactcover.front.satfold`)
        self.always.update(edge_at[p] for p in cnf.folded.colored if edge_at[p] >= 0)
        self.settled |= self._folded(cnf.folded, vertex_at, edge_at, loop.color)

    def _colorings(self, matrix: Matrix, cnf: Cnf, edge_at: list[int], vertex_at: list[int],
                   color: Hashable) -> dict[int, list[dict[int, Hashable]]]:
        """Each vertex that is a primary item -> its options' edges' colors (but the folded
        options', whose edges are decided: `_folded`); `giving` (the options that give an
        edge the loop's ``color``) filled on the way."""
        colorings: dict[int, list[dict[int, Hashable]]] = {}
        for var, k in enumerate(cnf.option[1:], 1):
            option = matrix.options[k - 1]
            at = cnf.places[cnf.starts[k - 1]:cnf.starts[k]]
            colored: dict[int, Hashable] = {}
            for p, tint in zip(at, option.colors):
                edge = edge_at[p]
                if edge >= 0:
                    if tint == color:
                        self.giving[edge].append(var)
                    if tint is not None:
                        colored[edge] = tint
            for p in at:
                if vertex_at[p] >= 0:
                    colorings.setdefault(vertex_at[p], []).append(colored)
        return colorings

    def _folded(self, fold: Folded, vertex_at: list[int], edge_at: list[int], color: Hashable) -> set[int]:
        """The vertices that are folded items whose every option gives ``color`` to none or two
        of their edges (see `_settled`)."""
        settled: set[int] = set()
        known: dict[tuple[int, tuple[int, ...]], bool] = {}  # (most vertices' options alike)
        for p, (cover, shape, _) in fold.items.items():
            vertex = vertex_at[p]
            if vertex < 0:
                continue
            mine = set(self.at[vertex])
            where = tuple(i for i, s in enumerate(cover) if edge_at[s] in mine)
            if len(where) < len(mine):
                continue
            key = (id(shape), where)
            if key not in known:
                known[key] = all(sum(way[i] == color for i in where) in (0, 2) for way in shape.colors)
            if known[key]:
                settled.add(vertex)
        return settled

    def clauses(self) -> list[list[int]]:
        """Step 1's clauses (an option that colors an edge implies its variable already),
        but those the options imply (`_settled`)."""
        from pysat.card import CardEnc, EncType

        # (an edge no option colors for the loop keeps its clause, then [-var]: its variable is in
        # no group of the edge's colors, so nothing else keeps it false)
        cnf: list[list[int]] = [[-var, *options] for e, (var, options) in enumerate(zip(self.var, self.giving))
                                if e not in self.always or e in self.never]
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

    def cuts(self, model: list[int]) -> list[list[int]]:
        """Step 2's cuts for a model (``model[v - 1] > 0`` when variable v is true) whose
        taken edges make more than one cycle (none if they make one, or none): one per
        cycle, against the longest other (a cut per pair costs more to add than it saves,
        measured on the largest published slitherlinks), by the engine's
        `exactcover.engines.cycles.loop_cuts`."""
        return self.round(model, self.var, self.ends, self.first, self.incident)


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
