"""Searches on many processes: a pool of this machine's cores, or a Dask cluster.

`searches` is the entry: a count, the solutions or the cheapest ones on ``jobs`` processes.
Below it, `spread` and `subtrees` cut the tree into subtrees and search a batch of them in a
worker, `balance` splits the largest again, `counts` runs a count that balances itself and
keeps a `journal`, `pool` keeps the worker processes and `orphans` ends them with their
parent. This package imports the engines, the model and one search (`exactcover.search`);
the front (`exactcover.front`) imports it, never the other way.
"""
