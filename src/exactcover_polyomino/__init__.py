"""exactcover_polyomino: tiling a board with pieces, for exactcover.

>>> import exactcover
>>> from exactcover_polyomino import Board, Polyomino, make, named_set
>>> exactcover.count(make("3x20", "pentominoes"))
8
>>> soma = Polyomino(Board.box(3, 3, 3), named_set("soma"), distinct=True)
>>> exactcover.count(soma)
240

Polyominoes (squares), polyiamonds (triangles) and polycubes: the named sets (`SETS`) or
pieces drawn as text; boards as rectangles, boxes, triangles, hexagons, rhombi or drawings
with holes; each piece once, at most once, or a number of times; turned and reflected or
not; solutions up to the board's symmetry. A solution is a `Tiling`: text in the terminal,
a coloured picture in a notebook. A plugin like any other: it imports only public
exactcover names and registers through the ``exactcover`` entry-point group.
"""

from typing import TYPE_CHECKING, Any

__all__ = ["CUBE", "SETS", "SQUARE", "TRIANGLE", "Board", "Lattice", "Piece", "Polyomino", "Tiling", "make",
           "named_set", "parse_board", "parse_pieces", "pieces_from_text"]

#: Where each name lives: imported on first use, so that loading the plugin (which every
#: ``exactcover`` command and every solve of a domain object does) reads only what it needs.
_LAZY = {"CUBE": "lattice", "SQUARE": "lattice", "TRIANGLE": "lattice", "Lattice": "lattice", "SETS": "pieces",
         "Piece": "pieces", "named_set": "pieces", "pieces_from_text": "pieces", "Board": "tiling",
         "Polyomino": "tiling", "Tiling": "draw", "make": "plugin", "parse_board": "plugin", "parse_pieces": "plugin"}

if TYPE_CHECKING:  # (for annotations only: draw, lattice, pieces, plugin, tiling load on first use)
    from .draw import Tiling
    from .lattice import CUBE, SQUARE, TRIANGLE, Lattice
    from .pieces import SETS, Piece, named_set, pieces_from_text
    from .plugin import make, parse_board, parse_pieces
    from .tiling import Board, Polyomino


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'exactcover_polyomino' has no attribute {name!r}")
