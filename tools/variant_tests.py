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
         r"|dirty|diagram|best|tables)"
CONDITION = re.compile(r"\b(if|while|elif)\b|\?|&&|\|\||\band\b|\bor\b")
VARIANT = re.compile(r"(->|\.)" + FIELDS + r"\b(?!\s*=[^=])|\b(memo_active|is_zeros|tally_possible|search_on_sets"
                     r"|search_moving)\(")
ENGINES = {"C": r"cdlx/.*\.[ch]$", "pydlx": r"pydlx/.*\.py$"}
TABLES = re.compile(r"(cdlx/ways\.[ch]|cdlx/choice\.c|pydlx/ways\.py|pydlx/choice\.py)$")


def tests_in(text: str, engine: str) -> int:
    """The tests in one file's ``text``."""
    if engine == "C":
        code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        lines = [line.split("//")[0] for line in code.splitlines()]
    else:
        code = re.sub(r'""".*?"""', "", text, flags=re.S)
        lines = [line.split("#")[0] for line in code.splitlines()]
    return sum(1 for line in lines if CONDITION.search(line) and VARIANT.search(line))


def holds_table(commit: str, name: str) -> bool:
    """Whether ``name`` at ``commit`` holds one of the tables (WAYS or CHOICES)."""
    text = subprocess.run(["git", "show", f"{commit}:{name}"], capture_output=True, text=True, check=True).stdout
    return "WAYS" in text or "CHOICES" in text and "choice_for" in text


def count(commit: str, outside: bool = False) -> dict[str, tuple[int, int]]:
    """For each engine: (tests, files holding any) at ``commit``; with ``outside``, in the
    files other than its tables (a file of that name that held no table yet is counted:
    pydlx/choice.py before the item choice's table)."""
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", commit, "src/exactcover/engines/"],
                           capture_output=True, text=True, check=True).stdout.split()
    found = {}
    for engine, pattern in ENGINES.items():
        per_file = [tests_in(subprocess.run(["git", "show", f"{commit}:{name}"], capture_output=True, text=True,
                                            check=True).stdout, engine)
                    for name in names if re.search(pattern, name) and not (outside and TABLES.search(name) and
                                                                            holds_table(commit, name))]
        found[engine] = (sum(per_file), sum(1 for n in per_file if n))
    return found


if __name__ == "__main__":
    commit = sys.argv[1] if len(sys.argv) > 1 else "HEAD"
    for outside in (False, True):
        for engine, (tests, files) in count(commit, outside).items():
            print(f"{engine}: {tests} tests in {files} files{' outside its tables' if outside else ''} ({commit})")
