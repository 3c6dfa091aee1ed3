"""The model: an exact cover problem as data, before any search.

`matrix` holds the `Matrix` and its `Option` (items, options, colors, bounds, costs, priority
items), `fields` the converters of its bounds and costs, `loop` its loop constraint;
`inputs` makes one from dense, sparse and DataFrame arrays, `knuth` from Knuth's text format,
`family` from named subsets; `size` says how big a matrix will be before it is built;
`picture` draws one; `reduction` is the problem made smaller by Knuth's preprocessing
(``Matrix.reduce``: the engines' reduction run on the matrix, and the smaller matrix built
from what it took out). The model may import the engines and ``exactcover.textinput``, but
nothing that searches.
"""
