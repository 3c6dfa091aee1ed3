"""Matrices from the arrays data people have: 0/1 rows (lists, NumPy arrays), SciPy sparse
matrices and arrays (CSR, CSC, COO, ...) and pandas DataFrames. None of those libraries is
imported here: they are recognised by what they can do (``tolist``, ``tocsr``, ``columns``).

Rows are options, columns items. Each reader returns the `Parts` of a matrix, which
`Matrix.from_dense`, `Matrix.from_sparse` and `Matrix.from_frame` build (so this module
needs nothing of the model but its errors). A sparse matrix is read through its CSR form without
densifying: the options' tuples hold references to one object per item, so a matrix of 10⁶
options costs no Python object per entry beyond the option tuples themselves.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from ..errors import MatrixError

__all__ = ["Parts", "from_dense", "from_frame", "from_sparse"]

#: A matrix's primary items, its options (a list of items each, or a dict label -> items)
#: and its secondary items: the arguments of `Matrix`.
Parts = tuple[list[Hashable], Any, list[Hashable]]


def _split(names: Sequence[Hashable], secondary: Iterable[Any], by_index: bool) -> tuple[list[Hashable], list[Hashable]]:
    """The primary and the secondary items: ``secondary`` lists column indices (by_index) or
    column names."""
    width = len(names)
    marked = []
    for column in secondary:
        if by_index:
            if isinstance(column, bool) or not hasattr(column, "__index__") or not 0 <= int(column) < width:
                raise MatrixError(f"secondary column {column!r} is not a column index below {width}")
            marked.append(int(column))
        else:
            found = [k for k, name in enumerate(names) if name == column]
            if not found:
                raise MatrixError(f"secondary column {column!r} is not one of the columns")
            marked += found
    chosen = set(marked)
    return [names[c] for c in range(width) if c not in chosen], [names[c] for c in sorted(chosen)]


def from_dense(array: Any, secondary: Iterable[int] = ()) -> Parts:
    """The parts of a matrix from a dense 0/1 array (see `Matrix.from_dense`); a SciPy sparse matrix goes
    to `from_sparse` and a DataFrame to `from_frame`."""
    if hasattr(array, "tocsr"):
        return from_sparse(array, secondary)
    if hasattr(array, "columns") and hasattr(array, "index") and hasattr(array, "to_numpy"):
        return from_frame(array, [array.columns[c] for c in secondary])
    if hasattr(array, "tolist") and not isinstance(array, (list, tuple)):
        array = array.tolist()  # NumPy (and friends) without importing NumPy
    try:
        rows = [list(row) for row in array]
    except TypeError:
        raise MatrixError("a dense matrix must be a sequence of rows of 0s and 1s") from None
    width = len(rows[0]) if rows else 0
    primary, marked = _split(range(width), secondary, by_index=True)
    return primary, _options(rows, list(range(width))), marked


def _options(rows: list[list[Any]], names: list[Hashable], labels: list[Hashable] | None = None) -> list[list[Hashable]]:
    """Each row's items (the columns holding 1), checking that rows hold only 0 and 1; a bad
    value is named by row and column (and, for a DataFrame, by label and column name)."""
    width, options = len(names), []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise MatrixError(f"row {r} has {len(row)} entries, row 0 has {width}")
        chosen = []
        for c, value in enumerate(row):
            if value == 1:
                chosen.append(names[c])
            elif value != 0:
                where = f"row {r}, column {c}" if labels is None else f"option {labels[r]!r}, column {names[c]!r}"
                raise MatrixError(f"{where} holds {value!r}; a 0/1 matrix holds only 0 and 1")
        options.append(chosen)
    return options


def from_frame(frame: Any, secondary: Iterable[Hashable] = ()) -> Parts:
    """The parts of a matrix from a pandas DataFrame of 0s and 1s (or booleans): its columns are the items
    (by name), its index the options' labels; ``secondary`` names secondary columns."""
    names = list(frame.columns)
    if len(set(names)) != len(names):
        raise MatrixError("the DataFrame has two columns of the same name; items are named once")
    labels = list(frame.index)
    if len(set(labels)) != len(labels):
        raise MatrixError("the DataFrame's index repeats a label; each option's label is its own")
    primary, marked = _split(names, secondary, by_index=False)
    rows = frame.to_numpy().tolist()
    return primary, dict(zip(labels, _options(rows, names, labels))), marked


def from_sparse(array: Any, secondary: Iterable[int] = (), items: Sequence[Hashable] | None = None,
                labels: Sequence[Hashable] | None = None) -> Parts:
    """The parts of a matrix from a SciPy sparse matrix or array (any format with ``tocsr``), without
    densifying it: row r is the option labelled r (or ``labels[r]``), column c the item c
    (or ``items[c]``); ``secondary`` lists secondary column indices. Every stored value must
    be 1 (after duplicates are summed); explicit zeros are ignored."""
    if not hasattr(array, "tocsr"):
        raise MatrixError(f"from_sparse takes a SciPy sparse matrix or array, not {type(array).__name__}")
    csr = array.tocsr(copy=True)
    csr.sum_duplicates()
    csr.eliminate_zeros()
    count, width = csr.shape
    wrong = (csr.data != 1).nonzero()[0]
    if len(wrong):
        where = int(wrong[0])
        row = int((csr.indptr <= where).sum()) - 1
        raise MatrixError(f"row {row}, column {int(csr.indices[where])} holds {csr.data[where].item()!r}; "
                          f"a 0/1 matrix holds only 0 and 1")
    names = list(range(width)) if items is None else list(items)
    if len(names) != width:
        raise MatrixError(f"{len(names)} item names for {width} columns")
    if labels is not None and len(labels) != count:
        raise MatrixError(f"{len(labels)} labels for {count} rows")
    primary, marked = _split(names, secondary, by_index=True)
    starts, indices = csr.indptr.tolist(), csr.indices.tolist()
    options = [tuple([names[c] for c in indices[starts[r]:starts[r + 1]]]) for r in range(count)]
    return primary, options if labels is None else dict(zip(labels, options)), marked
