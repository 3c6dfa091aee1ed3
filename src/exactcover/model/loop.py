"""A matrix's loop constraint (`Loop`): edges between vertices whose chosen ones must form one
cycle, Knuth's DLX2-LOOP. The engines keep it as they search (``pydlx/loop.py``).

>>> from exactcover import Matrix, Loop
>>> square = {"ab": ("a", "b"), "bc": ("b", "c"),
...           "cd": ("c", "d"), "da": ("d", "a")}
>>> Loop(square).vertices
('a', 'b', 'c', 'd')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from ..errors import MatrixError

if TYPE_CHECKING:  # (for annotations only: matrix needs this module)
    from .matrix import Matrix

__all__ = ["Loop", "check_loop", "to_loop"]

Edge = tuple[Hashable, Hashable, Hashable]


def _to_edges(edges: Mapping[Hashable, Iterable[Hashable]] | Iterable[Iterable[Hashable]]) -> tuple[Edge, ...]:
    triples: Iterable[Any] = ((edge, *ends) for edge, ends in edges.items()) if isinstance(edges, Mapping) else edges
    out = []
    try:
        for entry in triples:
            edge, *ends = tuple(entry)
            if len(ends) != 2:
                raise MatrixError(f"loop: edge {edge!r} must join two vertices, not {len(ends)}")
            out.append((edge, ends[0], ends[1]))
    except TypeError:
        raise MatrixError("loop: the edges must be a mapping edge -> (u, v), or (edge, u, v) triples") from None
    return tuple(out)


@attrs.frozen
class Loop:
    """Knuth's loop constraint (his DLX2-LOOP): the ``edges`` are secondary items of the
    matrix, each joining two *vertices* (other items), given as a mapping edge -> (u, v) or
    as (edge, u, v) triples; an option puts an edge into the loop by giving it ``color``. In
    every solution the edges of that color form one single cycle: no vertex with three of
    them, no second cycle, and at least one edge, unless ``empty`` admits the solutions
    with none (as DLX2-LOOP counts them: `read_dlx` with ``loop=True`` says so).

    The search keeps the paths the chosen edges make and refuses an option whose edge would
    break that (a third edge at a vertex, a cycle closed while other paths remain), so
    partial loops that close too soon are cut as they are tried, not filtered afterwards.
    That a vertex has zero or two edges is the options' own business (a slitherlink's or a
    masyu's options say it).

    ``empty``: whether a solution may give no edge that color. Knuth's DLX2-LOOP counts
    such a solution where the options admit it (a puzzle whose clues let every vertex have
    degree 0); so does a `Loop` with ``empty=True``. A puzzle's answer is a loop, so the
    bundled slitherlink and masyu leave it False.

    A loop has at least one edge, and a color that is not None (None gives an item no
    color): `MatrixError` otherwise, since such a loop could join nothing.
    """

    edges: tuple[Edge, ...] = attrs.field(converter=_to_edges)
    color: Hashable = 1
    empty: bool = attrs.field(default=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.empty, bool):
            raise MatrixError(f"loop: empty must be True or False, not {self.empty!r}")
        if not self.edges:
            raise MatrixError("loop: no edges, so there is nothing for it to join; give its edges (secondary items "
                              "joining two vertices), or leave the loop out")
        if self.color is None:
            raise MatrixError("loop: its color is None, which is no color (an option gives an item None to give it "
                              "none); give the color the options give its edges")

    @property
    def vertices(self) -> tuple[Hashable, ...]:
        """The edges' ends, each once, in the order the edges name them."""
        return tuple(dict.fromkeys(end for _, u, v in self.edges for end in (u, v)))

    def cycle(self, chosen: Iterable[Hashable]) -> tuple[Hashable, ...]:
        """The vertices of the cycle that the edges ``chosen`` make, in order from the first
        edge's first end (a solution's edges of the loop's color); MatrixError if they do not
        make one cycle."""
        ends = {edge: (u, v) for edge, u, v in self.edges}
        at: dict[Hashable, list[Hashable]] = {}
        for edge in chosen:
            for end in ends[edge]:
                at.setdefault(end, []).append(edge)
        if not at or any(len(edges) != 2 for edges in at.values()):
            raise MatrixError("loop: the edges do not make a cycle")
        first = next(iter(at))
        order, vertex, came = [first], first, None
        while True:
            edge = at[vertex][0] if at[vertex][0] != came else at[vertex][1]
            u, v = ends[edge]
            vertex, came = (v if vertex == u else u), edge
            if vertex == first:
                break
            order.append(vertex)
        if len(order) != len(at):
            raise MatrixError("loop: the edges make more than one cycle")
        return tuple(order)


def to_loop(loop: Loop | Mapping[Hashable, Iterable[Hashable]] | None) -> Loop | None:
    """`Matrix`'s converter: a `Loop`, a mapping edge -> (u, v) (the color 1), or None."""
    if loop is None or isinstance(loop, Loop):
        return loop
    if isinstance(loop, Mapping):
        return Loop(loop)
    raise MatrixError(f"loop must be a Loop or a mapping edge -> (u, v), not {type(loop).__name__}")


def check_loop(matrix: Matrix, position: Mapping[Hashable, int]) -> None:
    """MatrixError unless each edge of ``matrix.loop`` is a secondary item named once and its
    ends two different items that are not edges."""
    loop = matrix.loop
    if loop is None:
        return
    try:
        hash(loop.color)
    except TypeError:
        raise MatrixError(f"loop: the color {loop.color!r} is not hashable") from None
    edges: set[Any] = set()
    n_primary = len(matrix.primary)
    for edge, u, v in loop.edges:
        where = _known(position, edge, "edge")
        if where < n_primary:
            raise MatrixError(f"loop: edge {edge!r} is a primary item; edges are secondary items (they take colors)")
        if edge in edges:
            raise MatrixError(f"loop: edge {edge!r} is named twice")
        edges.add(edge)
        _known(position, u, f"edge {edge!r}'s end")
        _known(position, v, f"edge {edge!r}'s end")
        if u == v:
            raise MatrixError(f"loop: edge {edge!r} joins {u!r} to itself")
    for edge, u, v in loop.edges:
        for end in (u, v):
            if end in edges:
                raise MatrixError(f"loop: edge {edge!r} ends at {end!r}, which is an edge; its ends are vertices")


def _known(position: Mapping[Hashable, int], item: Hashable, what: str) -> int:
    try:
        where = position.get(item)
    except TypeError:
        raise MatrixError(f"loop: {what} {item!r} is not hashable") from None
    if where is None:
        raise MatrixError(f"loop: {what} {item!r} is not an item of the matrix")
    return where
