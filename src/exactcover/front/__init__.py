"""The front: what a caller asks, and the objects that answer.

`api` holds the functions a user calls (`solve`, `solutions`, `count`, `verify`, ...);
`request` turns their keywords into one `Request`, `prepared` turns a domain object into a
compiled problem, and `plan` decides the route the request takes (one process or many,
reduced or not, the search or SAT) before any search starts. `solver` is the reusable
`Solver`; `autoreduce` is the default ``reduce=None``, `sat` the SAT backend and the race,
`verification` checks a count's journal. The front imports every layer below it (the
engines, the model, one search, many processes, the plugins' registry), and nothing imports
the front but `exactcover`'s own names, ``exactcover.lines`` and the command.
"""
