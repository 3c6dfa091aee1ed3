"""A count's journal: every subtree counted, kept on disk, so that a long count survives.

A parallel count (`exactcover.count(..., journal=PATH)`, ``exactcover count ... --journal
FILE``) appends each subtree it finishes to its journal: the subtree's prefix, its count,
the nodes and seconds it took, and, for a subtree split where it stood (`balance`), the
node count at which it stopped and the subtrees it handed back. Run again with the same
journal, a count skips what the journal holds, and its total is exact. A journal can be
checked afterwards (`verify`): a sample of its subtrees counted again.

The format is JSON Lines, one object per line:

- the first line, the *head*: ``{"exactcover journal": 1, "fingerprint": ..., "depth": d,
  "subtrees": n, "above": k, ...}``: the fingerprint of the problem (`fingerprint`: a hash
  of the compiled matrix, the givens and the exclusions), the depth of the first split, the
  number of subtrees there and of the solutions above it (and, written by the command, the
  problem type and arguments, so that ``exactcover verify`` can build the problem again);
- then a line per subtree: ``{"prefix": [...], "count": c, "nodes": n, "seconds": s}``,
  with ``"at"`` and ``"split": [[prefix, share], ...]`` for a subtree split where it stood.

Every line carries ``"check"``, a hash of the rest of the line, so that a line edited by
hand, or damaged, is caught. Why JSON Lines and not SQLite: one writer (the count's own
process) appends, so nothing needs SQLite's locks (which network file systems, where a
cluster's journal would live, do not honour); a line written whole is a record, and a torn
last line (a machine that went down mid-write) is easy to see and to drop; and a journal
can be read with ``head``, ``jq`` or a text editor.

Lines are written to the file as the subtrees end (so a killed count loses only the
subtrees in flight) and forced to the disk (fsync) in batches, at most every `SYNC_SECONDS`
(so a machine that goes down loses at most those seconds).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
import warnings
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

import attrs

from .balance import Piece
from .errors import JournalError
from .subtrees import Record

__all__ = ["Journal", "JournalWarning", "fingerprint", "head_of", "read"]

FORMAT = 1
#: At most this many seconds between two syncs of the journal to the disk.
SYNC_SECONDS = 1.0


class JournalWarning(UserWarning):
    """A journal's last line was torn (written in part when its count was stopped): it is
    dropped, and its subtree is counted again."""


def fingerprint(compiled: Any, givens: Sequence[int], excluded: Sequence[int]) -> str:
    """A hash of a problem as the engines see it: the compiled matrix (`contract.Compiled`),
    the givens and the exclusions (option numbers), the same on any machine."""
    digest = hashlib.sha256(f"exactcover {FORMAT} {compiled.n_primary} {compiled.n_secondary}".encode())
    for name, data in (("starts", compiled.starts), ("items", compiled.items), ("colors", compiled.colors),
                       ("bounds", compiled.bounds), ("costs", compiled.costs),
                       ("givens", array("q", givens)), ("excluded", array("q", excluded))):
        data = array(data.typecode, data)
        if sys.byteorder == "big":
            data.byteswap()
        digest.update(f" {name} {len(data)} ".encode())
        digest.update(data.tobytes())
    return digest.hexdigest()


def _check(fields: dict[str, Any]) -> str:
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _line(fields: dict[str, Any]) -> str:
    return json.dumps({**fields, "check": _check(fields)}, separators=(",", ":")) + "\n"


def _as_fields(record: Record) -> dict[str, Any]:
    fields: dict[str, Any] = {"prefix": list(record.prefix), "count": record.count, "nodes": record.nodes,
                              "seconds": round(record.seconds, 6)}
    if record.split:
        fields.update(at=record.at, split=[[list(prefix), share] for prefix, share in record.split])
    return fields


def _as_record(fields: dict[str, Any]) -> Record:
    split = tuple((tuple(prefix), float(share)) for prefix, share in fields.get("split", ()))
    prefix, count, nodes = tuple(fields["prefix"]), fields["count"], fields["nodes"]
    if not all(isinstance(n, int) and n >= 0 for n in (*prefix, count, nodes)):
        raise ValueError("prefix, count and nodes must be whole numbers")
    return Record(prefix, count, nodes, float(fields["seconds"]), fields.get("at"), split)


@attrs.frozen
class Read:
    """A journal as read: its head, its records in order, and the line each came from."""

    head: dict[str, Any]
    records: tuple[Record, ...]
    lines: tuple[int, ...]
    torn: bool  # whether a torn last line was dropped
    bad: tuple[int, ...] = ()  # lines whose check fails (only when read with ``strict=False``)
    size: int = 0  # the bytes of its whole lines (the file without a torn last line)


def read(path: str | os.PathLike[str], strict: bool = True) -> Read:
    """Read the journal at ``path``. `JournalError` (naming the line) for a line that is not
    a journal's, or, if ``strict``, whose check fails (else it is listed in ``bad``); a torn
    last line is dropped with a `JournalWarning`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise JournalError(path, None, f"cannot be read: {error.strerror or error}") from None
    lines = data.decode("utf-8", errors="replace").split("\n")
    torn = lines[-1] != ""  # (a whole journal ends with a newline)
    if torn:
        warnings.warn(f"{path}: the last line ({len(lines)}) was torn, written in part when the count stopped; "
                      "it is dropped, and its subtree will be counted again", JournalWarning, stacklevel=2)
    lines = lines[:-1]
    if not lines:
        raise JournalError(path, None, "is empty: it has no head line")
    head = _head(path, lines[0])
    records, numbers, bad = [], [], []
    for number, line in enumerate(lines[1:], start=2):
        fields, good = _fields(path, number, line, strict)
        if not good:
            bad.append(number)
        try:
            records.append(_as_record(fields))
        except (KeyError, TypeError, ValueError) as error:
            raise JournalError(path, number, f"is not a subtree's record ({error})") from None
        numbers.append(number)
    return Read(head, tuple(records), tuple(numbers), torn, tuple(bad), data.rfind(b"\n") + 1)


def head_of(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The head of the journal at ``path`` (its first line alone), or None if there is no
    such file or it is empty."""
    path = Path(path)
    if not path.exists() or not path.stat().st_size:
        return None
    with path.open("rb") as file:
        first = file.readline().decode("utf-8", errors="replace").rstrip("\n")
    return _head(path, first)


def _head(path: Path, line: str) -> dict[str, Any]:
    head, _ = _fields(path, 1, line, strict=True)
    if head.get("exactcover journal") != FORMAT:
        raise JournalError(path, 1, "is not the head of an exactcover journal")
    return head


def _fields(path: Path, number: int, line: str, strict: bool) -> tuple[dict[str, Any], bool]:
    try:
        fields = json.loads(line)
    except ValueError:
        raise JournalError(path, number, "is not JSON") from None
    if not isinstance(fields, dict) or not isinstance(fields.get("check"), str):
        raise JournalError(path, number, "has no check")
    check = fields.pop("check")
    good = check == _check(fields)
    if strict and not good:
        raise JournalError(path, number, "was changed after it was written (its check does not match); "
                                         "`exactcover verify` says which lines")
    return fields, good


class Journal:
    """A count's journal, open for appending (see the module): what it holds, what is left."""

    def __init__(self, path: str | os.PathLike[str], head: dict[str, Any]) -> None:
        """Open the journal at ``path`` for the count whose head is ``head`` (made anew if
        there is no such file; else read, and `JournalError` if it is another problem's)."""
        self.path = Path(path)
        self.records: dict[tuple[int, ...], Record] = {}
        self.file: BinaryIO
        if self.path.exists() and self.path.stat().st_size > 0:
            found = read(self.path)
            for key in ("fingerprint", "depth", "subtrees", "above"):
                if found.head.get(key) != head.get(key):
                    what = "another problem" if key == "fingerprint" else f"another split ({key})"
                    raise JournalError(self.path, 1, f"is the journal of {what}, not of this count; give another file")
            self.head = found.head
            for record in found.records:
                self._keep(record)
            with self._writing():
                self.file = self.path.open("r+b")
                self.file.truncate(found.size)
                self.file.seek(0, os.SEEK_END)
        else:
            self.head = head
            with self._writing():
                self.file = self.path.open("wb")
                self.file.write(_line(head).encode())
                self._sync()
        self.synced = time.monotonic()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A file that cannot be written (no such folder, no permission, a full disk) is a
        `JournalError` that says why."""
        try:
            yield
        except OSError as error:
            raise JournalError(self.path, None, f"cannot be written: {error.strerror or error}") from None

    def _keep(self, record: Record) -> None:
        seen = self.records.get(record.prefix)
        if seen is not None and (seen.count, seen.split) != (record.count, record.split):
            raise JournalError(self.path, None, f"holds the subtree {list(record.prefix)} twice, with two counts")
        self.records[record.prefix] = record

    @property
    def total(self) -> int:
        """The solutions counted so far: above the split, and in the records."""
        return int(self.head["above"]) + sum(record.count for record in self.records.values())

    def pending(self, first: Iterable[Piece]) -> list[Piece]:
        """The subtrees left to count, of the first split's ``first`` and of the splits the
        journal records, in that order."""
        return list(_pending(first, self.records))

    def add(self, records: Iterable[Record]) -> None:
        """Append ``records``; synced to the disk if the last sync is `SYNC_SECONDS` old."""
        lines = []
        for record in records:
            self._keep(record)
            lines.append(_line(_as_fields(record)))
        with self._writing():
            if lines:
                self.file.write("".join(lines).encode())
                self.file.flush()
            if time.monotonic() - self.synced >= SYNC_SECONDS:
                self._sync()

    def _sync(self) -> None:
        self.file.flush()
        os.fsync(self.file.fileno())
        self.synced = time.monotonic()

    def close(self) -> None:
        """Sync and close (the count ended, however it ended)."""
        if not self.file.closed:
            try:
                with self._writing():
                    self._sync()
            finally:
                self.file.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _pending(first: Iterable[Piece], records: dict[tuple[int, ...], Record]) -> Iterator[Piece]:
    stack = list(reversed(list(first)))
    while stack:
        prefix, share = stack.pop()
        record = records.get(prefix)
        if record is None:
            yield prefix, share
        else:
            stack.extend(reversed(record.split))
