"""The size of a problem's matrix, known before the matrix is built: what the limits on
memory (``max_entries``) are checked against."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # (for annotations only: a Size is made before any Matrix is)
    from .matrix import Matrix

__all__ = ["BYTES_PER_ENTRY", "Size"]

#: The memory one entry of a matrix takes while it is searched: the `Matrix`'s Python objects
#: and the engine's arrays with the copy each search makes (measured by benchmarks/limits.py;
#: the figures are in benchmarks/README.md).
BYTES_PER_ENTRY = 160


@attrs.frozen
class Size:
    """The size of a problem's matrix, stated before it is built: its options and entries
    (the (option, item) pairs), and the memory that takes (``nbytes``, an estimate)."""

    options: int
    entries: int

    @property
    def nbytes(self) -> int:
        return self.entries * BYTES_PER_ENTRY

    @classmethod
    def of(cls, matrix: Matrix) -> Size:
        """The size of a matrix already built."""
        return cls(len(matrix.options), matrix.entries)
