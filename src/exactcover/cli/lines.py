"""A file of problems as lines (`exactcover.lines.LineFile`) solved whole by the engine: the
output a batch prints, line for line, written from the engine's answers and statuses, with
Python work only for the lines that are not plain answers (no solution, invalid, stopped)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

import click

from ..front import api
from ..lines import INVALID, NO_SOLUTION, STOPPED, LineFile, LineResults, solve_parts

__all__ = ["can_solve_whole", "solve_whole"]

#: The search options the engine's line batch takes (a node budget per problem, threads).
_TAKEN = {"max_nodes", "jobs"}
#: A count up to this limit is a digit per problem ...
_DIGITS = 9
#: ... the status byte n translated to its digit.
_COUNTS = bytes(48 + n if n <= _DIGITS else 63 for n in range(256))


def can_solve_whole(search: dict[str, Any], as_json: bool, counting: bool, limit: int | None) -> bool:
    """Whether the engine can solve the file whole: text output, only a node budget and
    jobs, and when counting a limit of at most 9 (a count is a digit)."""
    return not as_json and set(search) <= _TAKEN and (not counting or (limit is not None and limit <= _DIGITS))


def solve_whole(lines: LineFile, search: dict[str, Any], engine: str, max_entries: int | None, counting: bool,
                limit: int | None) -> Iterator[dict[str, int]]:
    """Solve every problem of ``lines``, writing a line per problem as a batch does, a part of
    the file at a time; after each part, its tally of the report's statuses (ok, no
    solution, invalid, stopped)."""
    solver = api.solver_for(lines.matrix, engine, max_entries)
    out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else None
    irregular = re.compile(rb"[\xfe\xff]" if counting else rb"[\x00\xfe\xff]")
    messages, offset = _Messages(lines), 0
    for found in solve_parts(solver, lines.data, lines.code, limit=limit if counting and limit else 1,
                             max_nodes=search.get("max_nodes"), way=lines.way, jobs=search.get("jobs")):
        statuses = found.statuses
        odd = [m.start() for m in irregular.finditer(statuses)]
        for piece in _pieces(found, odd, counting, lines.code.width, messages, offset):
            if out is not None:
                out.write(piece)
            else:  # (a stream without bytes, as under click's test runner)
                click.echo(piece.decode("latin-1"), nl=False)
        if out is not None:
            out.flush()
        offset += len(statuses)
        bad = {"no solution": statuses.count(NO_SOLUTION), "invalid": statuses.count(INVALID),
               "stopped": statuses.count(STOPPED)}
        yield {"ok": len(statuses) - sum(bad.values()), **bad}


def _pieces(found: LineResults, odd: list[int], counting: bool, width: int, messages: _Messages,
            offset: int) -> Iterator[bytes]:
    """The output of a part (problems ``offset``...), a run of plain lines at a time, and a
    line for each odd problem."""
    start = 0
    for k in [*odd, len(found.statuses)]:
        if k > start:
            yield _plain(found, start, k, counting, width)
        if k == len(found.statuses):
            break
        status = found.statuses[k]
        if status == INVALID:
            click.echo(f"exactcover: error: {messages.of(offset + k)}", err=True)
        yield {INVALID: b"invalid\n", STOPPED: b"stopped\n", NO_SOLUTION: b"no solution\n"}[status]
        start = k + 1


def _plain(found: LineResults, start: int, end: int, counting: bool, width: int) -> bytes:
    """Problems start..end-1, all plain: their answers, or their counts a digit a line."""
    if not counting:
        return found.answers[start * (width + 1):end * (width + 1)]
    digits = found.statuses[start:end].translate(_COUNTS)
    text = bytearray(2 * len(digits))
    text[0::2] = digits
    text[1::2] = b"\n" * len(digits)
    return bytes(text)


class _Messages:
    """What is wrong with an invalid problem, as the type's reader says it (the file is read
    problem by problem the first time one is asked for)."""

    def __init__(self, lines: LineFile) -> None:
        self.lines = lines
        self.entries: tuple[Any, ...] | None = None

    def of(self, k: int) -> str:
        if self.entries is None:
            self.entries = self.lines.read().problems
        entry = self.entries[k] if k < len(self.entries) else None
        return str(entry) if isinstance(entry, Exception) else "not a problem of this type"
