"""A file of problems as lines (`exactcover.lines.LineFile`) solved whole by the engine: the
output a batch prints, line for line, written from the engine's answers and statuses, with
Python work only for the lines that are not plain answers (no solution, invalid, stopped)."""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, Any

import click

from .. import api
from ..lines import INVALID, NO_SOLUTION, STOPPED, LineFile, LineResults, solve_lines

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["can_solve_whole", "solve_whole"]

#: The search options the engine's line batch takes (a node budget per problem, threads).
_TAKEN = {"max_nodes", "jobs"}
#: A count up to this limit is a digit per problem.
_DIGITS = 9


def can_solve_whole(search: dict[str, Any], as_json: bool, counting: bool, limit: int | None) -> bool:
    """Whether the engine can solve the file whole: text output, only a node budget and
    jobs, and when counting a limit of at most 9 (a count is a digit)."""
    return not as_json and set(search) <= _TAKEN and (not counting or (limit is not None and limit <= _DIGITS))


def solve_whole(lines: LineFile, search: dict[str, Any], engine: str, max_entries: int | None, counting: bool,
                limit: int | None) -> tuple[dict[str, int], LineResults]:
    """Solve every problem of ``lines``; write a line per problem as a batch does; the tally of
    the report's statuses (ok, no solution, invalid, stopped) and the results."""
    solver = api.solver_for(lines.matrix, engine, max_entries)
    found = solve_lines(solver, lines.data, lines.code, limit=limit if counting and limit else 1,
                        max_nodes=search.get("max_nodes"), way=lines.way, jobs=search.get("jobs"))
    statuses = found.statuses
    irregular = rb"[\xfe\xff]" if counting else rb"[\x00\xfe\xff]"
    odd = [m.start() for m in re.finditer(irregular, statuses)]
    messages = _messages(lines, [k for k in odd if statuses[k] == INVALID])
    out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else None
    for piece in _pieces(found, odd, counting, lines.code.width, messages):
        if out is not None:
            out.write(piece)
        else:  # (a stream without bytes, as under click's test runner)
            click.echo(piece.decode("latin-1"), nl=False)
    if out is not None:
        out.flush()
    tally = {"ok": len(statuses) - sum(statuses.count(s) for s in (NO_SOLUTION, STOPPED, INVALID)),
             "no solution": statuses.count(NO_SOLUTION), "invalid": statuses.count(INVALID),
             "stopped": statuses.count(STOPPED)}
    return tally, found


def _pieces(found: LineResults, odd: list[int], counting: bool, width: int, messages: dict[int, str]) -> Iterator[bytes]:
    """The output, a run of plain lines at a time, and a line for each odd problem."""
    start = 0
    for k in [*odd, len(found.statuses)]:
        if k > start:
            yield _plain(found, start, k, counting, width)
        if k == len(found.statuses):
            break
        status = found.statuses[k]
        if status == INVALID:
            click.echo(f"exactcover: error: {messages.get(k, 'not a problem of this type')}", err=True)
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


_COUNTS = bytes(48 + n if n <= _DIGITS else 63 for n in range(256))  # (a count n as its digit)


def _messages(lines: LineFile, invalid: list[int]) -> dict[int, str]:
    """What is wrong with each invalid problem, as the type's reader says it."""
    if not invalid:
        return {}
    entries = lines.read().problems
    return {k: str(entries[k]) for k in invalid if k < len(entries) and isinstance(entries[k], Exception)}
