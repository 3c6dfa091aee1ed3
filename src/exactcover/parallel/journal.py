"""A count's journal: every subtree counted, kept on disk, so that a long count survives.

A parallel count (`exactcover.count(..., journal=PATH)`, ``exactcover count ... --journal
FILE``) appends each subtree it finishes to its journal: the subtree's prefix, its count,
the nodes and seconds it took, and, for a subtree split where it stood (`balance`), the
node count at which it stopped and the subtrees it handed back. Run again with the same
journal, a count skips what the journal holds, and its total is exact. A journal can be
checked afterwards (`verify`): a sample of its subtrees counted again.

The format is JSON Lines, one object per line:

- the first line, the *head*: ``{"exactcover journal": 2, "fingerprint": ..., "depth": d,
  "subtrees": n, "above": k, ...}``: the fingerprint of the problem (`fingerprint`: a hash
  of the compiled matrix, the givens and the exclusions), the depth of the first split, the
  number of subtrees there and of the solutions above it (and, written by the command, the
  problem type and arguments, so that ``exactcover verify`` can build the problem again);
- then a line per subtree: ``{"prefix": [...], "count": c, "nodes": n, "seconds": s}``,
  with ``"at"`` and ``"split": [[prefix, share], ...]`` for a subtree split where it stood.

Every line carries ``"check"``: an HMAC (SHA-256, cut to 128 bits) of the rest of the line
and of the check of the line before, under a random key that the count keeps beside its
journal, in ``JOURNAL.key``. A line edited by hand or damaged is caught, even when whoever
edited it made a check again by the published formula (they would need the key), and so is
a line dropped, moved, or copied from another journal (the next line's check fails). What
the key does not protect against: anyone who can read the key file, and a journal replaced
whole together with its key. Without its key a journal cannot be resumed or verified, so
copy the two together. Why a key beside the journal and not a plain chain of hashes: a
chain catches an edit in the middle, but not an edit of the last line with its check made
again, which is the one a count resumes from.

Why JSON Lines and not SQLite: one writer (the count's own process) appends, and a lock on
the file (released by the system when that process ends, however it ends) refuses a second
count on the same journal; a line written whole is a record, and a torn last line (a
machine that went down mid-write) is easy to see and to drop; and a journal can be read
with ``head``, ``jq`` or a text editor. Resuming takes only the records that fit the tree
the first split and the recorded splits make; a record outside it is refused, naming its
line.

A journal is read line by line, and refused when it is not a regular file, when it is larger
than `MOST_BYTES` or when a line is longer than `LONGEST_LINE`, before it takes the memory.

Lines are written to the file as the subtrees end (so a killed count loses only the
subtrees in flight) and forced to the disk (fsync) in batches, at most every `SYNC_SECONDS`
(so a machine that goes down loses at most those seconds).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
import sys
import time
import warnings
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, BinaryIO

import attrs

from ..errors import JournalError, JournalWarning
from .balance import Piece
from .subtrees import Record

__all__ = ["Journal", "JournalWarning", "fingerprint", "head_of", "read", "key_path", "MOST_BYTES", "LONGEST_LINE"]

FORMAT = 2
#: The version of `fingerprint` (format 2 changed the lines' checks, not the fingerprint).
_FINGERPRINT = 1
#: At most this many seconds between two syncs of the journal to the disk.
SYNC_SECONDS = 1.0
#: The largest journal read (bytes): about ten million subtrees, which take a few GB once read.
MOST_BYTES = 1 << 30
#: The longest line read (bytes): a record's line takes a few hundred, a split's a few thousand.
LONGEST_LINE = 1 << 20


def fingerprint(compiled: Any, givens: Sequence[int], excluded: Sequence[int]) -> str:
    """A hash of a problem as the engines see it: the compiled matrix (`contract.Compiled`),
    the givens and the exclusions (option numbers), the same on any machine. Priority items
    (which make another tree) and a loop count only where there are some (a loop that may be
    empty hashed with that flag, one that may not without it), so that the
    fingerprints of the journals written before they existed stay as they were."""
    digest = hashlib.sha256(f"exactcover {_FINGERPRINT} {compiled.n_primary} {compiled.n_secondary}".encode())
    first = [("priority", compiled.priority)] if compiled.priority else []
    if compiled.loop:  # (a loop that may not be empty, as it was hashed before `Loop.empty` was)
        loop = compiled.loop
        first.append(("loop", loop if loop[1] else array("i", [loop[0]]) + loop[2:]))
    for name, data in (("starts", compiled.starts), ("items", compiled.items), ("colors", compiled.colors),
                       ("bounds", compiled.bounds), ("costs", compiled.costs),
                       ("givens", array("q", givens)), ("excluded", array("q", excluded)), *first):
        data = array(data.typecode, data)
        if sys.byteorder == "big":
            data.byteswap()
        digest.update(f" {name} {len(data)} ".encode())
        digest.update(data.tobytes())
    return digest.hexdigest()


def key_path(path: str | os.PathLike[str]) -> Path:
    """Where the key of the journal at ``path`` is kept: beside it, as ``NAME.key``."""
    path = Path(path)
    return path.with_name(path.name + ".key")


class _Chain:
    """The checks of a journal's lines: each an HMAC of its line and of the check before."""

    def __init__(self, key: bytes) -> None:
        self.key, self.last = key, ""

    def check(self, fields: dict[str, Any]) -> str:
        """The check of a line of ``fields`` after the last one."""
        text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
        return hmac.new(self.key, f"{self.last}\n{text}".encode(), hashlib.sha256).hexdigest()[:32]

    def line(self, fields: dict[str, Any]) -> str:
        """The line of ``fields``, checked, after the last one (which it becomes)."""
        self.last = self.check(fields)
        return json.dumps({**fields, "check": self.last}, separators=(",", ":")) + "\n"


def _private(path: Path, where: Path) -> None:
    """The key at ``where`` kept private (mode 0600) however it was found: one that others
    could read would let them sign lines; `JournalError` if it cannot be made so."""
    if os.name == "nt":  # (no POSIX modes)
        return
    try:
        if os.stat(where).st_mode & 0o077:
            os.chmod(where, 0o600)
    except OSError as error:
        raise JournalError(path, None, f"has a key ({where.name}) that others can read and that cannot be made "
                                       f"private ({error.strerror or error}); run chmod 600 on it") from None


def _load_key(path: Path) -> bytes:
    where = key_path(path)
    if where.exists():
        _private(path, where)
    try:
        text = where.read_text("ascii", errors="replace").strip()
    except FileNotFoundError:
        raise JournalError(path, None, f"has no key beside it ({where.name}), so its lines cannot be checked; "
                                       "copy the key with its journal") from None
    except OSError as error:
        raise JournalError(path, None, f"has a key that cannot be read ({where.name}: {error.strerror or error})") from None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != 32:
        raise JournalError(path, None, f"has a key beside it ({where.name}) that is not a journal's key")
    return key


def _new_key(path: Path) -> bytes:
    """A new key for the journal at ``path``, written whole beside it: into a private file
    of its own (mode 0600 from its creation), then moved over any key file found there, so
    that a reader (`verify`, while the count runs) finds either the whole key or none, and
    whatever mode a file found there had is not kept."""
    key = secrets.token_bytes(32)
    where = key_path(path)
    fresh = where.with_name(f"{where.name}.{secrets.token_hex(4)}")
    descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w") as file:
            file.write(key.hex() + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(fresh, where)
    except BaseException:
        fresh.unlink(missing_ok=True)
        raise
    return key


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
    last: str = ""  # the check of its last whole line


def read(path: str | os.PathLike[str], strict: bool = True) -> Read:
    """Read the journal at ``path``. `JournalError` (naming the line) for a line that is not
    a journal's, or, if ``strict``, whose check fails (else it is listed in ``bad``); a torn
    last line is dropped with a `JournalWarning`."""
    path = Path(path)
    with _open(path, os.O_RDONLY) as file:
        found = _read(path, file, strict)
    if found is None:
        raise JournalError(path, None, "has no head line (it is empty, or its count stopped as it began)")
    return found


def _open(path: Path, flags: int) -> BinaryIO:
    """The journal's file, opened with ``flags``: `JournalError` if it cannot be, if it is
    not a regular file (a FIFO, a device: nothing to read to an end) or if it is larger than
    `MOST_BYTES`."""
    try:
        descriptor = os.open(path, flags | os.O_NONBLOCK, 0o644)  # (a FIFO opens at once, then is refused)
    except OSError as error:
        doing = "written" if flags & os.O_RDWR else "read"
        raise JournalError(path, None, f"cannot be {doing}: {error.strerror or error}") from None
    file = os.fdopen(descriptor, "r+b" if flags & os.O_RDWR else "rb")
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise JournalError(path, None, "is not a regular file")
        if status.st_size > MOST_BYTES:
            raise JournalError(path, None, f"is {status.st_size:,} bytes, more than a journal may be "
                                           f"({MOST_BYTES:,}: exactcover.parallel.journal.MOST_BYTES)")
        os.set_blocking(descriptor, True)
    except BaseException:
        file.close()
        raise
    return file


def _whole_lines(path: Path, file: BinaryIO) -> Iterator[tuple[int, str, int]]:
    """``(number, text, end)`` of each line that ends with a newline (the torn last one is
    not), ``end`` the offset just past it."""
    for number in range(1, sys.maxsize):
        line = file.readline(LONGEST_LINE + 1)
        if not line.endswith(b"\n"):
            if len(line) > LONGEST_LINE:
                raise JournalError(path, number, f"is longer than a journal's line may be ({LONGEST_LINE:,} bytes)")
            return
        yield number, line[:-1].decode("utf-8", errors="replace"), file.tell()


def _read(path: Path, file: BinaryIO, strict: bool) -> Read | None:
    """The journal in ``file``; None if it has no whole first line."""
    lines = _whole_lines(path, file)
    first = next(lines, None)
    if first is None:
        return None
    _head(path, first[1])  # (a file that is not a journal is said so before its key is looked for)
    chain = _Chain(_load_key(path))
    head, _ = _fields(path, 1, first[1], chain, strict=True)  # (a changed head leaves nothing to check against)
    size = first[2]
    records, numbers, bad = [], [], []
    for number, line, size in lines:
        fields, good = _fields(path, number, line, chain, strict)
        if not good:
            bad.append(number)
        try:
            records.append(_as_record(fields))
        except (KeyError, TypeError, ValueError) as error:
            raise JournalError(path, number, f"is not a subtree's record ({error})") from None
        numbers.append(number)
    torn = file.tell() > size
    if torn:
        warnings.warn(f"{path}: the last line ({len(numbers) + 2}) was torn, written in part when the count stopped; "
                      "it is dropped, and its subtree will be counted again", JournalWarning, stacklevel=3)
    return Read(head, tuple(records), tuple(numbers), torn, tuple(bad), size, chain.last)


def head_of(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The head of the journal at ``path`` (its first line alone, unchecked), or None if
    there is no such file or no whole first line."""
    path = Path(path)
    if not path.exists():
        return None
    with _open(path, os.O_RDONLY) as file:
        first = next(_whole_lines(path, file), None)
    if first is None:
        return None
    return _head(path, first[1])


def _head(path: Path, line: str) -> dict[str, Any]:
    """The fields of the head line ``line``, unchecked; `JournalError` if it is not one."""
    try:
        head = json.loads(line)
    except ValueError:
        raise JournalError(path, 1, "is not JSON") from None
    if not isinstance(head, dict) or "exactcover journal" not in head:
        raise JournalError(path, 1, "is not the head of an exactcover journal")
    if head["exactcover journal"] != FORMAT:
        raise JournalError(path, 1, f"is the head of a journal of another version of exactcover (format "
                                    f"{head['exactcover journal']!r}, not {FORMAT}); count again into a new journal")
    return head


def _fields(path: Path, number: int, line: str, chain: _Chain, strict: bool) -> tuple[dict[str, Any], bool]:
    try:
        fields = json.loads(line)
    except ValueError:
        raise JournalError(path, number, "is not JSON") from None
    if not isinstance(fields, dict) or not isinstance(fields.get("check"), str):
        raise JournalError(path, number, "has no check")
    check = fields.pop("check")
    good = hmac.compare_digest(check, chain.check(fields))
    chain.last = check  # (the next line is checked against the check written: one edit, one line named)
    if strict and not good:
        raise JournalError(path, number, "was changed after it was written (its check does not match); "
                                         "`exactcover verify` says which lines")
    return fields, good


class Journal:
    """A count's journal, open for appending (see the module): what it holds, what is left."""

    def __init__(self, path: str | os.PathLike[str], head: dict[str, Any]) -> None:
        """Open the journal at ``path`` for the count whose head is ``head`` (made anew if
        there is no such file; else read, and `JournalError` if it is another problem's, or
        if another command has it open)."""
        self.path = Path(path)
        self.records: dict[tuple[int, ...], Record] = {}
        self.lines: dict[tuple[int, ...], int] = {}  # prefix -> the line of its record
        self.file = _open(self.path, os.O_RDWR | os.O_CREAT)
        try:
            _lock(self.path, self.file)
            found = _read(self.path, self.file, strict=True)
            if found is not None:
                self._resume(found, head)
            else:
                self._begin(head)
        except BaseException:
            self.file.close()
            raise
        self.synced = time.monotonic()

    def _resume(self, found: Read, head: dict[str, Any]) -> None:
        for key in ("fingerprint", "depth", "subtrees", "above"):
            if found.head.get(key) != head.get(key):
                what = "another problem" if key == "fingerprint" else f"another split ({key})"
                raise JournalError(self.path, 1, f"is the journal of {what}, not of this count; give another file")
        self.head = found.head
        for record, line in zip(found.records, found.lines):
            self._keep(record, line)
        self.chain = _Chain(_load_key(self.path))
        self.chain.last = found.last
        with self._writing():
            self.file.truncate(found.size)
            self.file.seek(0, os.SEEK_END)

    def _begin(self, head: dict[str, Any]) -> None:
        self.head = head
        with self._writing():
            self.chain = _Chain(_new_key(self.path))
            self.file.truncate(0)
            self.file.write(self.chain.line(head).encode())
            self._sync()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A file that cannot be written (no such folder, no permission, a full disk) is a
        `JournalError` that says why."""
        try:
            yield
        except OSError as error:
            raise JournalError(self.path, None, f"cannot be written: {error.strerror or error}", error.errno) from None

    def _keep(self, record: Record, line: int | None = None) -> None:
        seen = self.records.get(record.prefix)
        if seen is not None and (seen.count, seen.split) != (record.count, record.split):
            raise JournalError(self.path, line, f"holds the subtree {list(record.prefix)} a second time, with "
                                                "another count")
        self.records[record.prefix] = record
        if line is not None:
            self.lines.setdefault(record.prefix, line)

    @property
    def total(self) -> int:
        """The solutions counted so far: above the split, and in the records."""
        return int(self.head["above"]) + sum(record.count for record in self.records.values())

    def pending(self, first: Iterable[Piece]) -> list[Piece]:
        """The subtrees left to count, of the first split's ``first`` and of the splits the
        journal records, in that order; `JournalError` naming the line of a record that is
        not in that tree (whose count would be added to the total)."""
        left, reached = _pending(first, self.records)
        outside = [line for prefix, line in self.lines.items() if prefix not in reached]
        if outside:
            raise JournalError(self.path, min(outside), "is a subtree outside the tree of the journal's splits, so "
                                                        "its count cannot be added; `exactcover verify` lists such lines")
        return left

    def add(self, records: Iterable[Record]) -> None:
        """Append ``records``; synced to the disk if the last sync is `SYNC_SECONDS` old."""
        lines = []
        for record in records:
            self._keep(record)
            lines.append(self.chain.line(_as_fields(record)))
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
        """Sync and close (the count ended, however it ended). A failed write is one
        `JournalError`: after a sync that failed, closing the file tries the same bytes again
        and fails the same way, which is not a second error (nor an OSError the command would
        take for its output's)."""
        if self.file.closed:
            return
        try:
            with self._writing():
                self._sync()
        except JournalError:
            with suppress(OSError):
                self.file.close()
            raise
        with self._writing():
            self.file.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _pending(first: Iterable[Piece], records: dict[tuple[int, ...], Record]) -> tuple[list[Piece], set[tuple[int, ...]]]:
    """The subtrees left to count, in order, and the prefixes of the records in the tree."""
    stack, left, reached = list(reversed(list(first))), [], set()
    while stack:
        prefix, share = stack.pop()
        record = records.get(prefix)
        if record is None:
            left.append((prefix, share))
        elif prefix not in reached:
            reached.add(prefix)
            stack.extend(reversed(record.split))
    return left, reached


def _lock(path: Path, file: BinaryIO) -> None:
    """Hold the journal for this process (the system lets go when it ends, however it ends):
    `JournalError` if another one holds it."""
    try:
        import fcntl
    except ImportError:  # (Windows: no lock; one count per journal is then the user's to keep)
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise JournalError(path, None, "is in use by another count (it holds the file's lock); wait for it to end, "
                                       "or give another file") from None
    except OSError:  # (a file system without locks: go on without one)
        pass
