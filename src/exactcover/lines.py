"""Files of problems written as lines of symbols, solved without a Python object per problem.

Puzzle sites and machine-learning corpora keep puzzles one per line (a 9×9 sudoku as 81
symbols). Reading each line into a problem object, searching it and decoding its answer
costs more, in Python, than the search itself. When every problem of a file is the same
matrix with different givens, and a line's symbols name those givens position by position,
the engine can do it all: `solve_lines` hands the whole text and a `LineCode` (which option
each symbol at each position gives, and which symbol each option writes) to the engine's
``Dancer.solve_lines`` (``pydlx/lines.py``, the C engine's ``cdlx/lines.c``), which returns
the answers as one block of text and a status byte per problem. The C engine runs without
the GIL, so ``jobs`` threads solve parts of the file at once.

    >>> from exactcover import Matrix, Solver
    >>> from exactcover.lines import LineCode, solve_lines
    >>> m = Matrix(["a", "b"], {("a", 1): ["a"], ("a", 2): ["a"],
    ...                         ("b", 1): ["b"], ("b", 2): ["b"]})
    >>> def given(position, ch):  # what a character gives at a position
    ...     if ch == ".":
    ...         return LineCode.BLANK
    ...     return ("ab"[position], int(ch)) if ch in "12" else LineCode.BAD
    >>> def placed(label):  # where an option's symbol goes, and which it is
    ...     return "ab".index(label[0]), str(label[1])
    >>> code = LineCode.build(m, 2, given, placed)
    >>> found = solve_lines(Solver(m), b"1.\\n.2\\n", code, limit=2)
    >>> found.answers, list(found.statuses)
    (b'11\\n12\\n', [2, 2])
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Hashable, Iterator
from typing import Any, ClassVar

import attrs

from .engines.contract import refuse
from .errors import Unsupported
from .front.solver import Solver
from .model.matrix import Matrix
from .problem import Batch
from .search.runs import check_positive

__all__ = ["LineCode", "LineResults", "LineFile", "solve_lines", "solve_parts", "NO_SOLUTION", "STOPPED", "INVALID",
           "CHUNK_BYTES"]

#: A problem's status (else the number of solutions found, up to the limit): none; the node
#: budget ran out; its line is not a problem (another width, a symbol not allowed where it
#: stands, givens that clash).
NO_SOLUTION, STOPPED, INVALID = 0, 254, 255
#: The engine gets the text in parts of about this many bytes (whole lines), or, on ``jobs``
#: threads, of a quarter of a thread's share if that is less: between two, a Ctrl-C is seen
#: and the threads take the next part.
CHUNK_BYTES = 1 << 18


class _Bad:
    def __repr__(self) -> str:
        return "LineCode.BAD"


@attrs.frozen
class LineCode:
    """How a problem of one matrix is a line of ``width`` one-byte symbols: ``codes[p * 256 +
    b]`` is the option number that byte b gives at position p (-1 none, -2 not allowed), and
    ``writes[k]`` the position and byte of option k in an answer (``p << 8 | b``, or -1)."""

    width: int
    codes: array[int]
    writes: array[int]

    #: What `build`'s ``given`` returns for a blank, and for a symbol not allowed there.
    BLANK: ClassVar[Any] = None
    BAD: ClassVar[Any] = _Bad()

    @classmethod
    def build(cls, matrix: Matrix, width: int, given: Callable[[int, str], Any],
              written: Callable[[Hashable], tuple[int, str] | None]) -> LineCode:
        """The code for ``matrix``: ``given(p, ch)`` is the label of the option that the
        character ``ch`` (one of the 256 of Latin-1) gives at position p, `BLANK` or `BAD`;
        ``written(label)`` is the position and character of an option in an answer, or None."""
        index = {option.label: k for k, option in enumerate(matrix.options)}
        codes = array("i", [-2]) * (width * 256)
        for p in range(width):
            for b in range(256):
                label = given(p, chr(b))
                if label is not cls.BAD:
                    codes[p * 256 + b] = -1 if label is None else index[label]
        writes = array("i", [-1]) * len(index)
        for label, k in index.items():
            place = written(label)
            if place is not None:
                if not 0 <= place[0] < width or len(place[1].encode("latin-1")) != 1:
                    raise ValueError(f"option {label!r} writes {place!r}: not a position and one character")
                writes[k] = place[0] << 8 | ord(place[1])
        return cls(width, codes, writes)


@attrs.frozen
class LineFile:
    """What a problem type's `CommandLine.build` may return for a file of problems that are
    all lines of one `LineCode` (a file of 9×9 sudokus): the command solves it with
    `solve_lines` where it can (text output, a node budget at most), and otherwise, as for
    a `Batch`, problem by problem: ``read()`` is that `Batch` (its entries also say what is
    wrong with a line the engine found invalid). ``way`` is the file's way ("auto", "links"
    or "weighted", as `solve_lines` takes it); a problem searched apart takes it too where
    its search is left at way "auto" (as an `Encoding`'s way is taken), so that a problem
    with many solutions gets the same first one either way."""

    data: bytes
    code: LineCode
    matrix: Matrix
    read: Callable[[], Batch]
    way: str = "auto"


@attrs.frozen
class LineResults:
    """What `solve_lines` (or a part of `solve_parts`) found: ``answers``, a line (``width``
    symbols and a newline) per problem, in order (the first solution written over the givens;
    the line itself if none was found; dots for an invalid one); ``statuses``, a byte per
    problem (the solutions found up to the limit, `STOPPED` or `INVALID`); and the nodes,
    solutions and seconds."""

    answers: bytes
    statuses: bytes
    nodes: int
    solutions: int
    seconds: float

    def __len__(self) -> int:
        return len(self.statuses)

    def tally(self) -> dict[int, int]:
        """How many problems have each status."""
        return {status: self.statuses.count(status) for status in sorted(set(self.statuses))}


def solve_lines(solver: Solver, data: bytes, code: LineCode, *, limit: int = 1, max_nodes: int | None = None,
                way: str = "auto", jobs: int | None = None) -> LineResults:
    """Solve every problem of ``data`` (lines of ``code.width`` symbols; blank lines and
    lines starting with ``#`` skipped) on ``solver``'s matrix (the one ``code`` was built
    for), each to ``limit`` solutions (2 decides uniqueness), each within ``max_nodes`` if
    given; ``way`` "auto" (MRV on the sets with tallies where the matrix can have them, else
    on the links), "links" (MRV) or "weighted" (the weighted choice, on the tallies likewise);
    on ``jobs`` threads (the C engine's run at once)."""
    started = time.perf_counter()
    found = list(solve_parts(solver, data, code, limit=limit, max_nodes=max_nodes, way=way, jobs=jobs))
    return LineResults(b"".join(f.answers for f in found), b"".join(f.statuses for f in found),
                       sum(f.nodes for f in found), sum(f.solutions for f in found), time.perf_counter() - started)


def solve_parts(solver: Solver, data: bytes, code: LineCode, *, limit: int = 1, max_nodes: int | None = None,
                way: str = "auto", jobs: int | None = None) -> Iterator[LineResults]:
    """`solve_lines`, a part of the text at a time, in order, as each is solved (so that a
    command can write the answers as they come, and stop between two parts)."""
    if way not in ("auto", "links", "weighted"):
        raise Unsupported(f"problems as lines with way={way!r}", "way='auto', 'links' or 'weighted'")
    refuse("lines", *solver.compiled.has)
    check_positive("jobs", jobs)
    dancer = solver.dancer

    def solve(part: bytes) -> LineResults:
        started = time.perf_counter()
        answers, statuses, nodes, solutions = dancer.solve_lines(part, code.width, code.codes, code.writes, limit,
                                                                 max_nodes or 0, way == "weighted", way != "links")
        return LineResults(answers, statuses, nodes, solutions, time.perf_counter() - started)

    size = CHUNK_BYTES if jobs is None or jobs == 1 else min(CHUNK_BYTES, len(data) // (4 * jobs) + 1)
    parts = list(_parts(data, size)) or [b""]  # (an empty text still has its arguments checked)
    if jobs is None or jobs == 1 or len(parts) < 2:
        yield from map(solve, parts)
        return
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(solve, part) for part in parts]
        try:
            for future in futures:
                yield future.result()
        finally:  # (stopped early: the parts not started are dropped)
            for future in futures:
                future.cancel()


def _parts(data: bytes, size: int) -> Any:
    """``data`` cut after a newline about every ``size`` bytes."""
    start = 0
    while start < len(data):
        cut = data.find(b"\n", start + size)
        end = len(data) if cut < 0 else cut + 1
        yield data[start:end]
        start = end
