"""Every reader at its limit: the seconds and the peak memory of refusing (or reading) the
largest hostile input it is allowed to read.

A command reads a problem for a search of at most ``--max-entries`` entries (default
2·10⁷), and is allowed ``TEXT_BYTES_PER_ENTRY`` (16) bytes of text per entry: 320 MB by
default. Within those bytes an input can still be hostile to memory: lines that are not
entries (comments, blanks), a line of millions of names, options that cover nothing, a
drawing of millions of cells. For each reader this script writes such an input of about the
bytes allowed, runs ``exactcover count`` on it in a fresh process, and prints its exit
status, its seconds, its peak resident memory, and that memory over the bytes allowed (what
issue 71 asks to keep within a small multiple, or to refuse first, within a few seconds);
and a journal one byte past its limit (`journal.MOST_BYTES`, 1 GiB), which ``verify``
refuses by its size.

    python benchmarks/readers.py [--max-entries 20000000] [--only NAME]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator

from exactcover.parallel.journal import MOST_BYTES
from exactcover.textinput import TEXT_BYTES_PER_ENTRY

#: Lines of about this many characters are written at a time.
_BLOCK = 1 << 20


def _repeated(head: str, line: str, tail: str, size: int) -> Iterator[str]:
    """``head``, then ``line`` again and again, then ``tail``: about ``size`` characters."""
    yield head
    block = line * max(1, _BLOCK // len(line))
    left = size - len(head) - len(tail)
    while left > len(block):
        yield block
        left -= len(block)
    yield line * max(0, left // len(line))
    yield tail


def _square(mark: str, size: int) -> Iterator[str]:
    """A square of ``mark`` (a row a line) of about ``size`` characters."""
    side = int((size // len(mark)) ** 0.5)
    row = mark * side + "\n"
    for _ in range(side):
        yield row


def _names(size: int) -> Iterator[str]:
    """One line of distinct item names, about ``size`` characters."""
    written, k = 0, 0
    while written < size:
        part = " ".join(f"n{j}" for j in range(k, k + 100_000)) + " "
        written, k = written + len(part), k + 100_000
        yield part
    yield "\n"


def _json_subsets(size: int) -> Iterator[str]:
    """A subsets JSON of empty subsets, about ``size`` characters."""
    yield '{"universe": [1], "subsets": {"s0": []'
    written, k = 40, 1
    while written < size:
        part = "".join(f', "s{j}": []' for j in range(k, k + 100_000))
        written, k = written + len(part), k + 100_000
        yield part
    yield "}}\n"


#: Each case: (what the file holds, the command after "count", how its text is made from the
#: bytes allowed).
CASES: dict[str, tuple[list[str], Callable[[int], Iterator[str]]]] = {
    "Knuth file: comment lines ||": (["dlx", "{file}"], lambda n: _repeated("a\n", "||\n", "", n)),
    "Knuth file: comment lines | c": (["dlx", "{file}"], lambda n: _repeated("a\n", "| c\n", "", n)),
    "Knuth file: one line of names": (["dlx", "{file}"], _names),
    "Knuth file: options of 2 entries": (["dlx", "{file}"], lambda n: _repeated("a b\n", "a b\n", "", n)),
    "subsets JSON: empty subsets": (["subsets", "{file}"], _json_subsets),
    "subsets lines: empty subsets": (["subsets", "{file}"], lambda n: _repeated("universe: 1\n", "s:\n", "", n)),
    "sudoku: one line of dots": (["sudoku", "{file}"], lambda n: _repeated("", ".", "\n", n)),
    "slitherlink: a square of dots": (["slitherlink", "{file}"], lambda n: _square(".", n)),
    "masyu: a square of dots": (["masyu", "{file}"], lambda n: _square(".", n)),
    "board drawing: a square of X": (["polyomino", "--board", "{file}", "--pieces", "domino"],
                                     lambda n: _square("X", n)),
    "board drawing: X and spaces": (["polyomino", "--board", "{file}", "--pieces", "domino"],
                                    lambda n: _square("X ", n)),
    "piece file: one piece of A": (["polyomino", "--board", "4x4", "--pieces", "{file}"],
                                   lambda n: _repeated("", "A", "\n", n)),
}


def measure(command: list[str], stdin: int | None = None) -> tuple[int, float, float]:
    """Run ``exactcover command``: its exit status, seconds, and peak resident memory (MB)."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "exactcover", *command], stdin=stdin,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.stderr.close()  # type: ignore[union-attr]
    return os.waitstatus_to_exitcode(status), seconds, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-entries", type=int, default=20_000_000, help="the limit the commands run with")
    parser.add_argument("--only", help="run the cases whose name holds this text")
    args = parser.parse_args()
    allowed = TEXT_BYTES_PER_ENTRY * args.max_entries
    print(f"max_entries {args.max_entries:,}: {allowed / 1e6:,.0f} MB of text allowed")
    print(f"{'reader and input':36} {'MB':>6} {'exit':>4} {'seconds':>8} {'peak MB':>8} {'peak/allowed':>12}")
    with tempfile.TemporaryDirectory() as folder:
        for name, (command, made) in CASES.items():
            if args.only and args.only not in name:
                continue
            path = os.path.join(folder, "input")
            with open(path, "w") as file:
                for part in made(allowed - 64):
                    file.write(part)
            size = os.path.getsize(path)
            status, seconds, peak = measure(["count", *(word.format(file=path) for word in command),
                                             "--max-entries", str(args.max_entries)])
            print(f"{name:36} {size / 1e6:>6.0f} {status:>4} {seconds:>8.2f} {peak:>8.0f} {peak * 1e6 / allowed:>12.2f}",
                  flush=True)
            os.remove(path)
        if not args.only or "journal" in args.only:  # (a sparse file: its size is all that is read)
            path = os.path.join(folder, "journal.jsonl")
            with open(path, "wb") as file:
                file.truncate(MOST_BYTES + 1)
            status, seconds, peak = measure(["verify", path])
            print(f"{'journal: one byte past its limit':36} {(MOST_BYTES + 1) / 1e6:>6.0f} {status:>4} {seconds:>8.2f} "
                  f"{peak:>8.0f} {peak * 1e6 / MOST_BYTES:>12.2f}")
        if not args.only or "standard input" in args.only:
            yes = subprocess.Popen(["yes", "||"], stdout=subprocess.PIPE)
            status, seconds, peak = measure(["count", "dlx", "-", "--max-entries", str(args.max_entries)], yes.stdout)
            yes.kill()
            yes.wait()
            print(f"{'standard input: || without end':36} {'-':>6} {status:>4} {seconds:>8.2f} {peak:>8.0f} "
                  f"{peak * 1e6 / allowed:>12.2f}")


if __name__ == "__main__":
    main()
