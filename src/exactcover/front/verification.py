"""A count's journal checked: its lines as written, and a sample of its subtrees counted again.

A journal (`exactcover.parallel.journal`) is a long count's only record, so it must be checkable
afterwards, by anyone, on any machine. `verify` reads every line (each carries a hash of
itself: a line edited or damaged is named), checks that the records fit together (the first
split and each later split: what is done, what is left), and counts a random sample of the
subtrees again:

- a subtree counted whole is counted whole again, and its count must be the journal's;
- a subtree split where it stood is searched again up to the node where it stopped (the
  same search, so the same node: `Record.at`), and there its count so far and the subtrees
  it leaves (`balance.rest`) must be the journal's.

On the command line: ``exactcover verify JOURNAL --sample K``.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

import attrs

from ..engines.contract import DONE, EngineCall
from ..errors import JournalError
from ..parallel.balance import rest
from ..parallel.journal import fingerprint, read
from ..parallel.subtrees import Job, Record
from ..search.runs import CHUNK, memo_budget
from .prepared import Prepared
from .request import Request

__all__ = ["Disagreement", "Verification", "verify"]


@attrs.frozen
class Disagreement:
    """A subtree whose count again is not the journal's: the ``line`` of its record, its
    ``prefix``, what the journal says and what was found."""

    line: int
    prefix: tuple[int, ...]
    journal: str
    found: str


@attrs.frozen
class Verification:
    """What `verify` found.

    ``records`` is the number of subtrees the journal holds (counted, or split where they
    stood), ``to_do`` the number it leaves to count (0: the count is complete), and ``total``
    the solutions it holds, which is the whole count when ``to_do`` is 0. ``sampled``
    subtrees were counted again, in ``seconds``. ``changed`` lists the lines whose check does
    not hold (edited, or damaged), ``disagreements`` the subtrees whose count again is not the
    journal's, and ``torn`` says whether a torn last line was dropped.
    """

    records: int
    to_do: int
    total: int
    sampled: int
    seconds: float
    changed: tuple[int, ...]
    disagreements: tuple[Disagreement, ...]
    torn: bool

    @property
    def agree(self) -> bool:
        """Whether every line's check holds, the records fit together and every subtree
        counted again agrees."""
        return not self.changed and not self.disagreements

    @property
    def complete(self) -> bool:
        """Whether the journal holds the whole count (nothing left to count)."""
        return self.to_do == 0


def verify(prepared: Prepared, path: str | os.PathLike[str], sample: int = 10, seed: int | None = None,
           givens: Any = (), exclude: Any = ()) -> Verification:
    """Check the journal at ``path`` of a count of ``prepared`` (with ``givens`` and
    ``exclude``, as the count had them; see the module): every line, and ``sample``
    subtrees chosen at random (with ``seed``) counted again; `JournalError` if it is another
    problem's journal."""
    if isinstance(sample, bool) or not isinstance(sample, int) or sample < 0:
        raise ValueError(f"sample must be a whole number >= 0, not {sample!r}")
    started = time.perf_counter()
    found = read(path, strict=False)
    head = found.head
    if head.get("reduced") and prepared.reduction is None:  # (a count of the problem reduced: reduced alike)
        prepared, _ = prepared.reduced(Request(what="count", givens=givens, exclude=exclude))
        givens, exclude = (), ()
    solver = prepared.solver
    givens, exclude = prepared.all_givens(givens, exclude)
    numbers = solver.option_numbers(givens, "given"), solver.option_numbers(exclude, "excluded")
    if head.get("fingerprint") != fingerprint(solver.compiled, *numbers):
        raise JournalError(path, 1, "is the journal of another problem")
    split = solver.split(int(head["depth"]), givens, exclude=exclude)
    if (len(split.prefixes), len(split.solutions)) != (head["subtrees"], head["above"]):
        raise JournalError(path, 1, "does not match this problem's first split")
    records: dict[tuple[int, ...], tuple[Record, int]] = {}
    disagreements = []
    for record, line in zip(found.records, found.lines):
        seen = records.setdefault(record.prefix, (record, line))[0]
        if (seen.count, seen.split) != (record.count, record.split):
            disagreements.append(Disagreement(line, record.prefix, "a second record of this subtree",
                                              f"the first one (line {records[record.prefix][1]}) says otherwise"))
    tree = _tree(split, records)
    disagreements += [Disagreement(line, prefix, "a record", "a subtree that is not in the tree the journal makes")
                      for prefix, (record, line) in records.items() if prefix not in tree]
    # (the count's own engine call, as its journal's head says it was made)
    call = EngineCall(tuple(numbers[0]), tuple(numbers[1]), memo=int(head.get("memo", 0)),
                      memo_bytes=memo_budget(head.get("memo_bytes")))
    job = Job.of(solver, call)
    chosen = random.Random(seed).sample(sorted(records.values(), key=lambda found: found[1]), min(sample, len(records)))
    for record, line in chosen:
        said = _again(solver.dancer, job, record, tree.get(record.prefix, 0.0))
        if said is not None:
            disagreements.append(Disagreement(line, record.prefix, *said))
    to_do = sum(1 for prefix in tree if prefix not in records)
    total = len(split.solutions) + sum(record.count for prefix, (record, _) in records.items() if prefix in tree)
    return Verification(len(records), to_do, total, len(chosen), time.perf_counter() - started, found.bad,
                        tuple(disagreements), found.torn)


def _again(dancer: Any, job: Job, record: Record, share: float) -> tuple[str, str] | None:
    """Count ``record``'s subtree again (up to its node ``at`` if it was split): None if it
    agrees, else what the journal says and what was found."""
    search = job.call.start(dancer, record.prefix)
    chunk, work = CHUNK[job.engine]
    at = record.at if record.split else None
    status = None
    while status != DONE and (at is None or search.nodes < at):
        status = search.run(chunk if at is None else min(chunk, at - search.nodes), work, True)
    if at is None:
        return None if search.solutions == record.count else (f"{record.count} solutions", f"{search.solutions}")
    if status == DONE or search.nodes != at:
        return f"split after {at} nodes", f"the search ended after {search.nodes}"
    if search.solutions != record.count:
        return f"{record.count} solutions before the split", f"{search.solutions}"
    left = rest(dancer, job, search, share)
    if left is None or [prefix for prefix, _ in left[0]] != [prefix for prefix, _ in record.split]:
        return "the subtrees the split left", "others"
    return None


def _tree(split: Any, records: dict[tuple[int, ...], tuple[Record, int]]) -> dict[tuple[int, ...], float]:
    """Every prefix of the tree the journal makes (the first split's, and those its splits
    left), with its share."""
    shares = dict(zip(split.prefixes, split.shares))
    stack = list(shares)
    while stack:
        found = records.get(stack.pop())
        if found is not None:
            for prefix, share in found[0].split:
                if prefix not in shares:
                    shares[prefix] = share
                    stack.append(prefix)
    return shares
