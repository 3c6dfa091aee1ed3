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
        """The memory the matrix takes while it is searched (an estimate: `counted` times
        `BYTES_PER_ENTRY`; an option costs about what an entry does)."""
        return self.counted * BYTES_PER_ENTRY

    @property
    def counted(self) -> int:
        """What ``max_entries`` is checked against: the entries, and one for each option (an
        option takes memory whether or not it covers anything)."""
        return self.entries + self.options

    @classmethod
    def of(cls, matrix: Matrix) -> Size:
        """The size of a matrix already built."""
        return cls(len(matrix.options), matrix.entries)
