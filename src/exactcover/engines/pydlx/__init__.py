"""Dancing links in pure Python: the reference engine.

This package is the specification; ``cdlx/`` is its port to C, file by file, with the same
names, the same arrays and the same step labels. A reader who understands one understands
the other. The algorithm is Knuth's Algorithm X with dancing links, extended to secondary
items and colors (Algorithm C of TAOCP 7.2.2.1; his programs DLX1 and DLX2).

Each module names its C port on a ``Port:`` line of its docstring, and each C file its
specification on a ``Specification:`` line of its header (``tests/engines/test_engine_map.py``
checks the pairs both ways against the tree, and the names the ports keep).

``docs/engine.md`` draws the files, the contract (``exactcover.engines.contract``) and the layout.

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
seed article, X = {1, 2, 3, 4, 5}, S1 = {1, 4, 5}, S2 = {2, 5}, S3 = {2, 3}, is stored as:

```text
node    0 | 1  2  3  4  5 | 6 |  7  8  9 | 10 | 11 12 | 13 | 14 15 | 16
top     0 | 1  2  1  1  2 | 0 |  1  4  5 | -1 |  2  5 | -2 |  2  3 | -3
ulink   0 | 7 14 15  8 12 | 0 |  1  4  5 |  7 |  2  9 | 11 | 11  3 | 14
dlink   0 | 7 11 15  8  9 | 9 |  1  4 12 | 12 | 14  5 | 15 |  2  3 |  0
          | headers (LEN) |   | S1       |    | S2    |    | S3    |

item    0  1  2  3  4  5  6          (6 = N+1, the head of the empty secondary list)
llink   5  0  1  2  3  4  6
rlink   1  2  3  4  5  0  6
```

The search
----------
An explicit stack, ``choice[0..level-1]``, replaces recursion, so a search can stop after
any node and resume later: ``run`` does at most ``steps`` nodes, then pauses. Statistics
follow the seed article and Knuth: ``nodes`` counts entries into step X2 (the root, every
partial solution, and every complete one), ``updates`` counts link removals (an item taken
out of its list, a node taken out of its item's list).

Port: cdlx/dlx.h
"""

from ..contract import DONE, LIMIT, PAUSED, PREFIX, SOLUTION
from .dance import COVERED
from .dancer import Dancer
from .search import SCAN_SHIFT, Random, Search

__all__ = ["Dancer", "Search", "Random", "COVERED", "SCAN_SHIFT", "DONE", "SOLUTION",
           "PAUSED", "LIMIT", "PREFIX"]
