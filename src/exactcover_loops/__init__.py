"""exactcover_loops: the ``slitherlink`` and ``masyu`` problem types for exactcover.

>>> import exactcover
>>> from exactcover_loops import Masyu
>>> exactcover.count(Masyu.from_text("bw.\\n...\\n..b"))
1

Puzzles whose solution is one loop. Exact cover says each cell's rule (a vertex takes none
or two edges; a number, a circle); the matrix's loop constraint (`exactcover.Loop`, Knuth's
DLX2-LOOP) keeps the chosen edges one cycle while the search goes, so that a solution
of two loops is cut as soon as it closes its first. `exactcover_loops.generate` makes
puzzles of both kinds with one solution.
"""

from .grid import cycle
from .masyu import Masyu, MasyuLoop
from .slitherlink import Slitherlink, SlitherlinkLoop

__all__ = ["Masyu", "MasyuLoop", "Slitherlink", "SlitherlinkLoop", "cycle"]
