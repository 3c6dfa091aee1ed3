"""One search in this process, as it runs.

`runs` holds what every search has: its budget, its statistics (`Stats`), its progress
(`Progress`) and the iterator of its solutions (`Solutions`); `portfolio` the first solution
of way "auto" past a head start, by MRV and the weighted ties in turn; `best`, `estimates`, `checks`
and `diagram` are the other questions one compiled problem answers (the cheapest solutions,
Knuth's estimates of the tree, many quick checks, all solutions as a diagram); `bar` draws
the progress. This package imports the engines and the model, never the searches on many
processes or the front that chooses between them.
"""
