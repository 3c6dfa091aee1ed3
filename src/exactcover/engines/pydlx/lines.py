"""Many problems of one matrix, written as lines of symbols: `solve_lines`, whose C port is
``cdlx/lines.c`` (the C engine solves a file of puzzles in one call, without the GIL and
without a Python object per puzzle; this is the specification of what it returns).

A line of ``width`` bytes gives, at each position p, the byte b: ``codes[p * 256 + b]`` is
the option it gives (>= 0), `NONE` (a blank) or `BAD` (not a symbol there). Lines end with
``\\n``; spaces, tabs and ``\\r`` around a line are dropped, and blank lines and lines
starting with ``#`` are skipped. A problem's answer is its line with, for each option k of
its first solution (its givens too), the byte ``writes[k] & 255`` at position ``writes[k] >>
8`` (-1: nothing to write). Its status is the number of solutions found, up to ``limit``;
or `STOPPED` when ``max_nodes`` (per problem, 0: none) ran out, or `INVALID` for a line of
another width, a `BAD` byte, or givens that share an item. The answer of an invalid line is
``width`` dots, that of a line without a solution or stopped the line itself.

Port: cdlx/lines.c
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..contract import PAUSED, RULE_MRV, RULE_WEIGHTED, SOLUTION, GivensClash, ToSets, Tuning, refuse
from .search import Search
from .tables import build, fits
from .tally import tally_possible

if TYPE_CHECKING:  # (for annotations only: dancer needs this module)
    from .dancer import Dancer

__all__ = ["NONE", "BAD", "STOPPED", "INVALID", "solve_lines"]

NONE, BAD = -1, -2
STOPPED, INVALID = 254, 255


def problem_lines(data: bytes) -> list[bytes]:
    """The problem lines of ``data``: not blank, not comments, without the spaces, tabs and
    ``\\r`` around them."""
    stripped = (line.strip(b" \t\r") for line in data.split(b"\n"))
    return [line for line in stripped if line and not line.startswith(b"#")]


def givens_of(line: bytes, width: int, codes: Sequence[int]) -> list[int] | None:
    """The options ``line`` gives, in position order; None if its width or a byte is wrong."""
    if len(line) != width:
        return None
    givens = []
    for p, byte in enumerate(line):
        k = codes[p * 256 + byte]
        if k == BAD:
            return None
        if k >= 0:
            givens.append(k)
    return givens


#: A line's search with tallies: on the sets with tallies from its first node (a sample of
#: none, the move forced), or on the links if the matrix cannot have them; with the weighted
#: choice or without.
TALLIES_AT_ONCE = {weighted: Tuning(ToSets.TALLIES, 0, rule=RULE_WEIGHTED if weighted else RULE_MRV)
                   for weighted in (False, True)}
#: ... and one on the links.
ON_LINKS = {weighted: Tuning(ToSets.NEVER, rule=RULE_WEIGHTED if weighted else RULE_MRV) for weighted in (False, True)}


def tallies_at_hand(dancer: Dancer, budget: int) -> bool:
    """Whether searches of ``dancer`` within ``budget`` can start on the tallies: the matrix
    can have them and its tables fit and are built (C: linesbinding.c's tallies_at_hand)."""
    return tally_possible(dancer) and fits(dancer, budget) and build(dancer)


def new_search(dancer: Dancer, givens: Sequence[int], tallies: bool, weighted: bool,
               excluded: Sequence[int] = ()) -> Search:
    """A new search of ``givens`` (the options ``excluded`` taken out): on the sets with tallies
    from its floor if ``tallies``, else on the links."""
    return Search(dancer, givens, excluded=excluded, tuning=(TALLIES_AT_ONCE if tallies else ON_LINKS)[weighted])


def solve_line(dancer: Dancer, givens: list[int], writes: Sequence[int], limit: int, max_nodes: int,
               weighted: bool, answer: bytearray, tallies: bool = False) -> tuple[int, int]:
    """One problem: its status and nodes; its first solution's symbols written on ``answer``."""
    search = new_search(dancer, givens, tallies, weighted)
    steps = max_nodes if max_nodes > 0 else 1 << 62
    status, found = search.run(steps), 0
    if status == SOLUTION:
        found = 1
        for level in range(search.level):
            w = writes[search.option_of(search.choice[level])]
            if w >= 0:
                answer[w >> 8] = w & 255
        if limit > 1:
            status = search.run(steps - search.nodes, counting=True, limit=limit)
            found = search.solutions
    return (STOPPED if status == PAUSED else found), search.nodes


def solve_lines(dancer: Dancer, data: bytes, width: int, codes: Sequence[int], writes: Sequence[int],
                limit: int = 1, max_nodes: int = 0, weighted: bool = False,
                tallies: bool = False) -> tuple[bytes, bytes, int, int]:
    """Every problem of ``data`` (see the module docstring): (answers, ``width`` + 1 bytes a
    problem with ``\\n`` last; statuses, a byte a problem; nodes; solutions), in order. With
    ``tallies``, each search runs on the sets with tallies if the matrix can have them: the
    same answers and nodes as on the links (with ``weighted``, the weighted choice's), sooner."""
    check_lines(dancer, width, codes, writes, limit, max_nodes)
    tallies = tallies and tallies_at_hand(dancer, Tuning().budget)
    answers, statuses = bytearray(), bytearray()
    nodes = solutions = 0
    for line in problem_lines(data):
        givens = givens_of(line, width, codes)
        answer = bytearray(line if givens is not None else b"." * width)
        status = INVALID
        if givens is not None:
            try:
                status, spent = solve_line(dancer, givens, writes, limit, max_nodes, weighted, answer, tallies)
            except GivensClash:
                answer[:] = b"." * width
            else:
                nodes += spent
                if status in (0, STOPPED):
                    answer[:] = line
                else:
                    solutions += status
                    for k in givens:
                        if writes[k] >= 0:
                            answer[writes[k] >> 8] = writes[k] & 255
        answers += answer + b"\n"
        statuses.append(status)
    return bytes(answers), bytes(statuses), nodes, solutions


def check_lines(dancer: Dancer, width: int, codes: Sequence[int], writes: Sequence[int], limit: int,
                max_nodes: int) -> None:
    """The errors the C engine raises for the arguments of `solve_lines`, in its order."""
    if not 1 <= limit <= 253 or max_nodes < 0:
        raise ValueError("solve_lines: limit must be 1 to 253 and max_nodes >= 0")
    refuse("lines", *dancer.has)
    if not 1 <= width <= 1 << 22 or len(codes) != width * 256 or len(writes) != dancer.n_options:
        raise ValueError("solve_lines: codes must hold width * 256 entries and writes one per option")
    for k, code in enumerate(codes):
        if not BAD <= code < dancer.n_options:
            raise ValueError(f"solve_lines: codes[{k}] is {code}, not an option, -1 or -2")
    for k, w in enumerate(writes):
        if w < -1 or (w >= 0 and w >> 8 >= width):
            raise ValueError(f"solve_lines: writes[{k}] is {w}, not -1 or a position in the line")
