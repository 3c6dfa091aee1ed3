"""Dancing links in pure Python: the reference engine.

This package is the specification; ``cdlx/`` is its port to C, file by file, with the same
names, the same arrays and the same step labels. A reader who understands one understands
the other. The algorithm is Knuth's Algorithm X with dancing links, extended to secondary
items and colors (Algorithm C of TAOCP 7.2.2.1; his programs DLX1 and DLX2).

========================  =====================  ==================================
pydlx                     cdlx (C)               what
========================  =====================  ==================================
``__init__.py``           ``dlx.h``              the data layout (below), constants
``dancer.py``             ``dancer.c``           a compiled matrix: the arrays built
``dance.py``              ``dance.h``            hide, cover, purify, commit, undone
``search.py``             ``search.c``,          a search: givens, prefixes, progress,
                          ``links.c``,           probes; the item choice; Algorithm
                          ``steps.h``            X's steps X2..X8
``sets.py``               ``sets.c``,            the same search on sets of options
                          ``sets.h``
``bounds.py``             ``bounds.c``,          multiplicities: Algorithm M, its
                          ``msteps.h``           steps M2..M9 on the links
``msets.py``              ``msets.c``            Algorithm M on sets of options
``costs.py``              ``costs.c``            costs: the k cheapest solutions
``reuse.py``              ``search.c``           a search rewound, givens pushed, popped
``lines.py``              ``lines.c``,           many problems written as lines of
                          ``linesbinding.c``     symbols, one search for them all
``exactcover/sanity.py``  ``sanity.c``           Knuth's sanity check
(none)                    ``module.c``,          the CPython binding
                          ``arguments.c``
========================  =====================  ==================================

``docs/engine.md`` draws the files, the contract (``exactcover.contract``) and the layout.

Data layout
-----------
Everything lives in flat arrays of small integers: "a pointer is an array index". Items are
numbered 1..N, primary ones first (1..N1). Two circular lists, through ``llink``/``rlink``,
hold the items still to be covered: the primary ones hang from index 0, the secondary ones
from index N+1.

Nodes live in four parallel arrays ``top``, ``ulink``, ``dlink``, ``color``:

* nodes 1..N are the item headers: ``ulink``/``dlink`` run through the item's vertical list
  of option nodes and ``top`` holds the list's length, LEN;
* then come the options, stored consecutively, each preceded and followed by a *spacer*
  node. A spacer has ``top <= 0`` (minus the number of the option before it), its ``ulink``
  is the first node of the option before it and its ``dlink`` the last node of the option
  after it, so that a walk along an option can wrap around without a left/right link;
* an ordinary node has ``top`` = its item, ``ulink``/``dlink`` = its neighbours in that
  item's list, ``color`` = 0 or a positive color (-1 while its item is purified to it).

Knuth measured this layout against the four-link one (left/right/up/down per node) and it
is also the faster one here: ``benchmarks/layout.py`` measures both in C. The example of the
seed article, X = {1, 2, 3, 4, 5}, S1 = {1, 4, 5}, S2 = {2, 5}, S3 = {2, 3}, is stored as::

    node    0 | 1  2  3  4  5 | 6 |  7  8  9 | 10 | 11 12 | 13 | 14 15 | 16
    top     0 | 1  2  1  1  2 | 0 |  1  4  5 | -1 |  2  5 | -2 |  2  3 | -3
    ulink   0 | 7 14 15  8 12 | 0 |  1  4  5 |  7 |  2  9 | 11 | 11  3 | 14
    dlink   0 | 7 11 15  8  9 | 9 |  1  4 12 | 12 | 14  5 | 15 |  2  3 |  0
              | headers (LEN) |   | S1       |    | S2    |    | S3    |

    item    0  1  2  3  4  5  6          (6 = N+1, the head of the empty secondary list)
    llink   5  0  1  2  3  4  6
    rlink   1  2  3  4  5  0  6

The search
----------
An explicit stack, ``choice[0..level-1]``, replaces recursion, so a search can stop after
any node and resume later: ``run`` does at most ``steps`` nodes, then pauses. Statistics
follow the seed article and Knuth: ``nodes`` counts entries into step X2 (the root, every
partial solution, and every complete one), ``updates`` counts link removals (an item taken
out of its list, a node taken out of its item's list).
"""

from ..contract import DONE, LIMIT, PAUSED, PREFIX, SOLUTION
from .dance import COVERED
from .dancer import Dancer
from .search import SCAN_SHIFT, Random, Search
from .tables import DEFAULT_TUNING

__all__ = ["Dancer", "Search", "Random", "COVERED", "SCAN_SHIFT", "DEFAULT_TUNING", "DONE", "SOLUTION",
           "PAUSED", "LIMIT", "PREFIX"]
