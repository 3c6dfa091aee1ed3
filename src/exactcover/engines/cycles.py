"""The cycles of a loop's taken edges, and the cuts that part them: the SAT solver's round.

The SAT side keeps a loop lazily (`exactcover.front.satloop`): each model the solver gives
takes edges whose every vertex has two of them or none, so they make cycles; one cycle is the
loop, and several are cut apart by clauses the solver learns from, and it is asked again. On
the largest published puzzles that is dozens of rounds over thousands of edges, so the round
is written twice, as the engine is: `loop_cuts` here, the specification, and its port in C.
`chosen` is the one to call.

A graph is numbered: edge e (0..E-1) joins vertices ``ends[2e]`` and ``ends[2e + 1]``, the
solver's variable ``var[e]`` says the loop takes it, and vertex v's edges are
``incident[first[v]:first[v + 1]]``.

Port: cdlx/cycles.c
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["chosen", "loop_cuts"]

LoopCuts = Callable[[Sequence[int], Sequence[int], Sequence[int], Sequence[int], Sequence[int]], list[list[int]]]


def loop_cuts(model: Sequence[int], var: Sequence[int], ends: Sequence[int], first: Sequence[int],
              incident: Sequence[int]) -> list[list[int]]:
    """The cuts for a model (``model[v - 1] > 0`` when variable v is true) whose taken edges
    make more than one cycle, none if they make one or none. Each cycle, C on the vertices
    S, gets one against the longest other, D: if an edge of C and an edge of D are both
    taken, the loop goes from S to the rest, so it takes an edge with one end in S:
    ``[-var[c], -var[d], *the variables of the edges with one end in S]``, c and d the
    cycles' first edges, the cycles in the order of their first edges (the longest the first
    of the longest), the crossing edges' variables in increasing order. ValueError if a
    vertex takes one edge or more than two."""
    vertices = len(first) - 1
    one, two = [-1] * vertices, [-1] * vertices  # vertex -> its taken edges
    taken = [e for e, v in enumerate(var) if model[v - 1] > 0]
    for e in taken:
        for vertex in ends[2 * e], ends[2 * e + 1]:
            if one[vertex] < 0:
                one[vertex] = e
            elif two[vertex] < 0:
                two[vertex] = e
            else:
                raise ValueError(f"vertex {vertex} takes more than two edges")
    cycle = [-1] * vertices  # vertex -> its cycle
    cycles: list[tuple[int, list[int]]] = []  # (its first edge, its vertices)
    for start_edge in taken:
        if cycle[ends[2 * start_edge]] >= 0:
            continue
        start, vertex, edge = ends[2 * start_edge], ends[2 * start_edge + 1], start_edge
        inside = [start]
        cycle[start] = len(cycles)
        while vertex != start:
            if two[vertex] < 0:
                raise ValueError(f"vertex {vertex} takes one edge")
            inside.append(vertex)
            cycle[vertex] = len(cycles)
            edge = one[vertex] if one[vertex] != edge else two[vertex]
            vertex = ends[2 * edge] + ends[2 * edge + 1] - vertex
        cycles.append((start_edge, inside))
    if len(cycles) < 2:
        return []
    longest = sorted(range(len(cycles)), key=lambda k: -len(cycles[k][1]))[:2]
    found = []
    for k, (edge, inside) in enumerate(cycles):
        other = cycles[longest[0] if longest[0] != k else longest[1]][0]
        crossing = {var[e] for vertex in inside for e in incident[first[vertex]:first[vertex + 1]]
                    if cycle[ends[2 * e] + ends[2 * e + 1] - vertex] != k}
        found.append([-var[edge], -var[other], *sorted(crossing)])
    return found


def chosen() -> LoopCuts:
    """`loop_cuts` of the engine in use (`exactcover.engines.ENGINE`): the C port's where it
    was built."""
    from .loader import ENGINE, get

    cuts: LoopCuts = get().loop_cuts if ENGINE == "c" else loop_cuts
    return cuts
