"""The exceptions exactcover raises.

Every error derives from `ExactCoverError`, and also from the builtin it means, so that
``except ValueError`` keeps working for code that does not know this library.

The errors about a search's own arguments carry their facts as attributes (and as ``args``,
so that they pickle and cross process boundaries): both engines raise them with option and
node numbers, and the `Solver` raises them again with the labels and item names a caller
knows.
"""

from __future__ import annotations

from collections.abc import Iterable

from collections.abc import Hashable
from typing import Any

__all__ = [
    "ExactCoverError",
    "MatrixError",
    "GivensError",
    "UnknownOption",
    "GivensBreakLoop",
    "GivensClash",
    "GivenAndExcluded",
    "PrefixError",
    "Unsupported",
    "BudgetExceeded",
    "PluginError",
    "ProblemError",
    "ProblemTooLarge",
    "WorkerLost",
    "JournalError",
    "EngineWarning",
    "InputWarning",
    "JournalWarning",
]


class ExactCoverError(Exception):
    """Root of every exception raised by exactcover."""


class MatrixError(ExactCoverError, ValueError):
    """A matrix cannot be built: an unknown or repeated item, a misplaced color, a bad label."""


class GivensError(ExactCoverError, ValueError):
    """The givens or exclusions of a search are not options of the matrix, or cannot be
    chosen together. The subclasses below say which, in option labels and items; where the
    problem's type words it in the puzzle's own terms (`ProblemType.word_givens`), that is
    the message, in ``worded``, and the facts stay on the exception."""

    #: The message in the problem's terms, when its type gave one.
    worded: str | None = None

    def __str__(self) -> str:
        return self.worded if self.worded is not None else self.describe()

    def describe(self) -> str:
        """The message in option labels and items."""
        return super().__str__()


class UnknownOption(GivensError):
    """A given or excluded option that the matrix does not have. ``option`` is the label (an
    option number when an engine raises it), ``role`` is ``"given"`` or ``"excluded"``."""

    def __init__(self, option: Any, role: str) -> None:
        super().__init__(option, role)
        self.option, self.role = option, role

    def describe(self) -> str:
        return f"{self.role} option {self.option!r} is not an option of this matrix"


class GivensClash(GivensError):
    """Two givens that cannot both be chosen: they cover one ``item`` (and do not give it the
    same color), or one option is given twice (``first == second``)."""

    def __init__(self, first: Hashable, second: Hashable, item: Hashable) -> None:
        super().__init__(first, second, item)
        self.first, self.second, self.item = first, second, item

    def describe(self) -> str:
        if self.first == self.second:
            return f"option {self.first!r} is given twice"
        return (f"given options {self.first!r} and {self.second!r} cannot both be chosen: "
                f"both cover item {self.item!r}")


class GivensBreakLoop(GivensError):
    """A given ``option`` that the givens before it leave no place for in the loop (a matrix
    with `Matrix.loop`): its ``edge`` would give a vertex a third edge, close a cycle while
    other paths remain, or come after the cycle has closed."""

    def __init__(self, option: Hashable, edge: Hashable) -> None:
        super().__init__(option, edge)
        self.option, self.edge = option, edge

    def describe(self) -> str:
        return (f"given option {self.option!r} cannot be chosen with the givens before it: its edge "
                f"{self.edge!r} would not keep the loop one cycle (a third edge at a vertex, or a cycle "
                f"closed too soon)")


class GivenAndExcluded(GivensError):
    """An ``option`` that is both given and excluded."""

    def __init__(self, option: Hashable) -> None:
        super().__init__(option)
        self.option = option

    def describe(self) -> str:
        return f"option {self.option!r} is both given and excluded"


class PrefixError(ExactCoverError, ValueError):
    """A prefix (from `Solver.split`) that names no subtree of this search: its entry at
    ``position`` is ``node``, which is not an option node of an item the search could
    choose there (a prefix of another matrix, or of the same one with other givens)."""

    def __init__(self, node: Any, position: int) -> None:
        super().__init__(node, position)
        self.node, self.position = node, position

    def __str__(self) -> str:
        return (f"prefix entry {self.position} ({self.node!r}) is not an option node of an "
                f"active primary item: the prefix does not come from this search's split")


class Unsupported(ExactCoverError, NotImplementedError):
    """A question this engine cannot answer for this matrix (``what``: for instance random
    probes with bounds); the message says what can be done instead."""

    def __init__(self, what: str, instead: str = "") -> None:
        super().__init__(what, instead)
        self.what, self.instead = what, instead

    def __str__(self) -> str:
        return f"{self.what}: not supported" + (f"; {self.instead}" if self.instead else "")


class ProblemError(ExactCoverError, ValueError):
    """A domain problem (a family of subsets, a sudoku, a file) is not valid input."""


class ProblemTooLarge(ProblemError):
    """A problem whose matrix would be larger than the search's ``max_entries``: refused
    before it is built. ``what`` names the problem, ``options`` and ``entries`` are the size it
    states, ``limit`` the entries allowed, ``nbytes`` the memory it would take (an estimate)."""

    def __init__(self, what: str, options: int, entries: int, nbytes: int, limit: int) -> None:
        super().__init__(what, options, entries, nbytes, limit)
        self.what, self.options, self.entries, self.nbytes, self.limit = what, options, entries, nbytes, limit

    def __str__(self) -> str:
        return (f"{self.what} needs a matrix of {self.options:,} options and {self.entries:,} entries "
                f"(about {_bytes(self.nbytes)}), more than the limit of {self.limit:,} entries (an option counts as one "
                f"too); "
                f"raise it with max_entries= (--max-entries on the command line) if you have the memory")


def _bytes(count: int) -> str:
    n = float(count)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:,.0f} {unit}" if unit == "B" else f"{n:,.1f} {unit}"
        n /= 1000
    raise AssertionError  # (unreachable: TB ends the loop)


class PluginError(ExactCoverError, LookupError):
    """A plugin failed to load or register, two plugins clash, or a problem type is unknown."""

    @classmethod
    def unknown(cls, what: str, known: Iterable[str]) -> PluginError:
        return cls(f"{what}; known problem types: {', '.join(known) or 'none'}")


class BudgetExceeded(ExactCoverError, RuntimeError):
    """A search was stopped by its budget (``max_nodes`` or ``timeout``) before it finished.

    This is never "no solution": the search simply did not get to the end. ``reason`` is
    ``"max_nodes"`` or ``"timeout"``, ``stats`` the statistics at the moment it stopped, and
    ``solutions`` the number of solutions found (and, for iteration, already yielded) before.
    """

    def __init__(self, reason: str, stats: Any, solutions: int) -> None:
        super().__init__(reason, stats, solutions)
        self.reason, self.stats, self.solutions = reason, stats, solutions

    def __str__(self) -> str:
        limit = "node budget" if self.reason == "max_nodes" else "time limit"
        return (f"search stopped by its {limit} after {self.stats.nodes} nodes and "
                f"{self.solutions} solution(s); the search space was not exhausted")


class WorkerLost(ExactCoverError, RuntimeError):
    """A worker process of a parallel search died before its task was done (killed by a
    signal, by the out-of-memory killer, or it crashed). The search is stopped: what it
    would have counted is unknown. ``pid`` is the worker's process id and ``exitcode`` its
    exit status (negative: the signal that ended it)."""

    def __init__(self, pid: int | None, exitcode: int | None) -> None:
        super().__init__(pid, exitcode)
        self.pid, self.exitcode = pid, exitcode

    def __str__(self) -> str:
        import signal

        how = "ended"
        if self.exitcode is not None and self.exitcode < 0:
            try:
                how = f"was killed by {signal.Signals(-self.exitcode).name}"
            except ValueError:
                how = f"was killed by signal {-self.exitcode}"
        elif self.exitcode is not None:
            how = f"exited with status {self.exitcode}"
        return f"worker process {self.pid} {how} before its task was done; the search was not finished"


class JournalError(ExactCoverError, ValueError):
    """A count's journal (`exactcover.parallel.journal`) that cannot be used: unreadable, not a
    journal, changed by hand, or another problem's. ``path`` is the file, ``line`` the line
    at fault (1: the head; None: the whole file) and ``what`` what is wrong; ``errno`` the
    system's error number where the file could not be written (a full disk), else None."""

    def __init__(self, path: Any, line: int | None, what: str, errno: int | None = None) -> None:
        super().__init__(path, line, what)
        self.path, self.line, self.what, self.errno = path, line, what, errno

    def __str__(self) -> str:
        where = f" line {self.line}" if self.line is not None else ""
        return f"journal {self.path}{where} {self.what}"


class JournalWarning(UserWarning):
    """A journal's last line was torn (written in part when its count was stopped): it is
    dropped, and its subtree is counted again."""


class InputWarning(UserWarning):
    """Input read as it is written, but perhaps not as it was meant (a Knuth file whose names
    say a loop, read without one). Filter it as any warning; the ``exactcover`` command prints
    it as one line."""


class EngineWarning(RuntimeWarning):
    """``import exactcover`` where the C engine was not built: the searches run on the
    pure-Python engine, many times slower. Filter it as any warning, or set
    ``EXACTCOVER_PUREPYTHON=1`` to choose that engine and not be warned; the ``exactcover``
    command prints it as one line."""

