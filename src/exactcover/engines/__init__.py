"""The engines: Algorithm X and its relatives, written twice behind one contract.

`contract` is the whole interface between an engine and the rest of the library (a compiled
problem, a search, what a step returns); ``pydlx/`` is the engine in Python, the
specification, and ``cdlx/`` its port to C, built as the extension ``_dlx``; `loader` picks
one (`ENGINE`, `get`). Beside them: the checks of the links' invariants (`sanity`) and
the loop's cuts for the SAT side (`cycles`). The engines know items and options as
numbers: this package imports nothing of the library but `exactcover.errors`, not even for
a type checker (Knuth's preprocessing is a `Dancer` operation here; the `Matrix` it makes
smaller is built in `exactcover.model.reduction`).
"""

from .loader import ENGINE, available, get, name_of, resolve

__all__ = ["ENGINE", "available", "get", "name_of", "resolve"]
