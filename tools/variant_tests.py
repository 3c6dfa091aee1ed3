"""Count the engines' tests of "which variant am I": issue 70's measure of how many places
outside the table of ways ask what kind of search or matrix they are in.

A test is a line of code (comments and docstrings left out) that holds a condition (``if``,
``while``, ``elif``, ``?``, ``&&``, ``||``, ``and``, ``or``) and reads a field that names a
variant (bounds, costs, priority, a loop, colors, a seed's shuffle, memo, where the search
runs, tallies, binary branching, the rule, the move to the sets, weights, the wide scan, the
diagram, the cheapest solutions, the sets' tables) or calls a function that asks one
(``memo_active``, ``is_zeros``, ``tally_possible``, ``search_on_sets``, ``search_moving``).
An assignment to such a field is not a test. The count is a heuristic, the same on any
commit, so that a before and an after compare:

    python tools/variant_tests.py [COMMIT]     # C and pydlx: tests, and the files they are in

Each engine's count is given twice: in all its files, and outside the files of its tables,
the ways' and the item choice's (cdlx/ways.c, ways.h and choice.c; pydlx/ways.py and
choice.py), where issue 70 asks for a tenth of 1f856c4's (whose choice.py held no table
yet: the count outside its tables leaves out ways.py alone).
"""

from __future__ import annotations

import re
import subprocess
import sys

FIELDS = r"(bounds|cost|costs|priority|loop_ends|has_colors|shuffle|memo|where|tallied|binary|rule|to_sets|weight" \
         r"|dirty|diagram|best|tables|seeded|chosen)"
CONDITION = re.compile(r"\b(if|while|elif)\b|\?|&&|\|\||\band\b|\bor\b")
VARIANT = re.compile(r"(->|\.)" + FIELDS + r"\b(?!\s*=[^=])|\b(memo_active|is_zeros|tally_possible|search_on_sets"
                     r"|search_moving)\(")
ENGINES = {"C": r"cdlx/.*\.[ch]$", "pydlx": r"pydlx/.*\.py$"}
TABLES = re.compile(r"(cdlx/ways\.[ch]|cdlx/choice\.c|pydlx/ways\.py|pydlx/choice\.py)$")

#: The strict count's pieces: one reference to a variant's field and what follows it; a
#: predicate that asks one (or what a dancer has, ``has``, whatever follows it); what a
#: field is compared with that makes the comparison a test of the variant (NULL, None, 0 or
#: a named constant).
_REFERENCE = re.compile(r"(->|\.)" + FIELDS + r"\b")
_ASKS = re.compile(r"\b(memo_active|is_zeros|is_wide|tally_possible|search_on_sets|search_moving)\(|(->|\.)has\b")
_CONSTANT = re.compile(r"\s*(==|!=|<=|>=|<|>)\s*(NULL|None|0\b|[A-Z][A-Z0-9_]*\b|[A-Z][A-Za-z]*\.[A-Z_]+)")
_ALLOCATED = r"\s*=[^=].*(alloc|Malloc|Calloc|Realloc)\("


def code_lines(text: str, engine: str) -> list[str]:
    """``text``'s lines without comments, docstrings and string literals (line numbers kept)."""
    blank = lambda found: "\n" * found.group(0).count("\n")  # noqa: E731
    if engine == "C":
        code = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
        return [re.sub(r'"(\\.|[^"\\])*"', '""', line.split("//")[0]) for line in code.splitlines()]
    code = re.sub(r'""".*?"""', blank, text, flags=re.S)
    return [re.sub(r'"[^"]*"|\'[^\']*\'', '""', line.split("#")[0]) for line in code.splitlines()]


def strict_test(line: str, before: list[str]) -> bool:
    """Whether a line with a condition tests which variant it is in: a predicate that asks,
    or a variant's field read as a truth value or compared with NULL, None, 0 or a named
    constant. Not a test: the variant's own data, read into (``bound[j]``, ``->random``) or
    compared with other data (``x->cost != y->cost``); an assignment; the check for NULL of
    what the eight lines before allocated."""
    if _ASKS.search(line):
        return True
    for found in _REFERENCE.finditer(line):
        rest, head = line[found.end():], line[:found.start()]
        if re.match(r"\s*(\[|->|\.[a-z_]|:|=[^=])", rest) or re.search(r"(==|!=|<=|>=|<|(?<!-)>)\s*(\w|->|\.)*$", head):
            continue  # (its data; an assignment or annotation; the other side of a comparison of data)
        constant = _CONSTANT.match(rest)
        if constant is None and re.match(r"\s*(==|!=|<=|>=|<|>|[-+*/%])", rest):
            continue  # (compared with, or computed from, other data)
        if constant is not None and constant.group(2) in ("NULL", "None"):
            name = re.escape(line[:found.end()].split()[-1].lstrip("(!"))
            if any(re.search(name + _ALLOCATED, earlier) for earlier in before[-8:]):
                continue
        return True
    return False


def tests_in(text: str, engine: str, strict: bool = False) -> list[tuple[int, str]]:
    """The tests in one file's ``text``: (line number, line); ``strict``: by `strict_test`."""
    lines = code_lines(text, engine)
    return [(number + 1, line.strip()) for number, line in enumerate(lines) if CONDITION.search(line) and (
        strict_test(line, lines[:number]) if strict else VARIANT.search(line))]


def holds_table(commit: str, name: str) -> bool:
    """Whether ``name`` at ``commit`` holds one of the tables (WAYS or CHOICES)."""
    text = subprocess.run(["git", "show", f"{commit}:{name}"], capture_output=True, text=True, check=True).stdout
    return "WAYS" in text or "CHOICES" in text and "choice_for" in text


def count(commit: str, outside: bool = False, strict: bool = False,
          listed: list[str] | None = None) -> dict[str, tuple[int, int]]:
    """For each engine: (tests, files holding any) at ``commit``; with ``outside``, in the
    files other than its tables (a file of that name that held no table yet is counted:
    pydlx/choice.py before the item choice's table); ``strict``: by `strict_test`. Each test
    counted is appended to ``listed`` as "file:line: code"."""
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit, "src/exactcover/engines/"],
                           capture_output=True, text=True, check=True).stdout.split()
    found = {}
    for engine, pattern in ENGINES.items():
        per_file = []
        for name in names:
            if not re.search(pattern, name) or outside and TABLES.search(name) and holds_table(commit, name):
                continue
            text = subprocess.run(["git", "show", f"{commit}:{name}"], capture_output=True, text=True, check=True).stdout
            tests = tests_in(text, engine, strict)
            per_file.append(len(tests))
            if listed is not None:
                listed += [f"{name.removeprefix('src/exactcover/engines/')}:{number}: {line}" for number, line in tests]
        found[engine] = (sum(per_file), sum(1 for n in per_file if n))
    return found


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--list"]
    commit = arguments[0] if arguments else "HEAD"
    for strict in (False, True):
        for outside in (False, True):
            listed: list[str] = []
            for engine, (tests, files) in count(commit, outside, strict, listed).items():
                print(f"{engine}: {tests} {'strict ' if strict else ''}tests in {files} files"
                      f"{' outside its tables' if outside else ''} ({commit})")
            if strict and outside and "--list" in sys.argv:
                print("\n".join(listed))
