"""exactcover_queens: the ``queens`` problem type for exactcover.

>>> import exactcover
>>> from exactcover_queens import Queens
>>> exactcover.count(Queens(8)), exactcover.count(Queens(8, distinct=True))
(92, 12)

N queens on an N×N board, none attacking another: every rank and every file holds exactly
one queen (primary items), every diagonal at most one (secondary items): the example that
shows why dancing links need secondary items. A solution is the tuple of the queens'
columns, one per row.
"""

from .queens import Queens, Placement, canonical, encode

__all__ = ["Placement", "Queens", "canonical", "encode"]
