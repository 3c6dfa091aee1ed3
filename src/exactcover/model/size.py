"""The size of a problem's matrix, known before the matrix is built: what the limits on
memory (``max_entries``) are checked against."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # (for annotations only: a Size is made before any Matrix is)
    from .matrix import Matrix

__all__ = ["BYTES_PER_ENTRY", "BYTES_PER_COLORED_ENTRY", "Size"]

#: The memory one entry (or option: `Size.counted`) of a matrix takes once it is prepared:
#: the `Matrix`'s Python objects and the engine's arrays (measured by benchmarks/estimates.py
#: on the bundled types, the most of those without colors; the figures are in
#: benchmarks/README.md) ...
BYTES_PER_ENTRY = 190
#: ... and of a matrix with colors, whose options keep a color per item (a loop puzzle's).
BYTES_PER_COLORED_ENTRY = 240


@attrs.frozen
class Size:
    """The size of a problem's matrix, stated before it is built: its options and entries
    (the (option, item) pairs), and the memory that takes (``nbytes``, an estimate)."""

    options: int
    entries: int
    #: whether the matrix has colors (its estimate is then BYTES_PER_COLORED_ENTRY's)
    colored: bool = attrs.field(default=False, kw_only=True)

    @property
    def nbytes(self) -> int:
        """The memory the matrix takes once prepared (an estimate: `counted` times
        `BYTES_PER_ENTRY`, or `BYTES_PER_COLORED_ENTRY` with colors; an option costs about
        what an entry does)."""
        return self.counted * (BYTES_PER_COLORED_ENTRY if self.colored else BYTES_PER_ENTRY)

    @property
    def counted(self) -> int:
        """What ``max_entries`` is checked against: the entries, and one for each option (an
        option takes memory whether or not it covers anything)."""
        return self.entries + self.options

    @classmethod
    def of(cls, matrix: Matrix) -> Size:
        """The size of a matrix already built."""
        return cls(len(matrix.options), matrix.entries, colored=matrix.colored)
