"""The engine's map cannot drift from the tree: each C file names its specification
("Specification:" in its header), each pydlx module its port ("Port:" in its docstring), the
pairs agree both ways, the ports keep their specification's names, and docs/engine.md names
every file and no file that is gone, without line counts."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "exactcover" / "engines"
C_FILES = sorted(path.name for path in (PACKAGE / "cdlx").iterdir() if path.suffix in (".c", ".h"))
SPECIFICATIONS = sorted([f"pydlx/{path.name}" for path in (PACKAGE / "pydlx").glob("*.py")] + ["sanity.py", "cycles.py"])

#: C function names that are also the names of their specification's functions (with the C
#: file's prefix, such as ``search_`` or ``tally_``, allowed): the names each port keeps. A
#: name renamed on one side only fails; renamed on both, or a new one shared, is said here.
KEPT = {
    ("bounds.c", "pydlx/bounds.py"): {"take", "tweak", "untweak"},
    ("costs.c", "pydlx/costs.py"): {"backtrack", "better", "choose_cheap", "commit_below", "costs_prepare", "cover_below",
                                    "enter", "found", "purify_below", "try_next", "try_option", "uncommit_below",
                                    "uncover_below", "unpurify_below"},
    ("csets.h", "pydlx/sets.py"): {"commit_colored"},
    ("dance.h", "pydlx/dance.py"): {"commit", "commit_others", "cover", "hide", "purify", "put_back", "take_out",
                                    "uncommit", "uncommit_others", "uncover", "unhide", "unpurify"},
    ("dancer.c", "pydlx/dancer.py"): {"check_input", "dancer_nbytes"},
    ("lines.c", "pydlx/lines.py"): {"solve_line", "solve_lines"},
    ("links.c", "pydlx/choice.py"): {"choose", "choose_seeded"},
    ("choice.c", "pydlx/choice.py"): {"choice_for", "choose_by_failure_rate", "choose_priority",
                                       "choose_priority_seeded", "choose_weighted", "choose_weighted_ties",
                                       "first_dead_or_forced", "first_listed", "first_shuffled", "next_listed",
                                       "next_shuffled", "priority_choice"},
    ("links.c", "pydlx/search.py"): {"enter", "probe_links", "try_next"},
    ("memo.c", "pydlx/memo.py"): {"child_key", "memo_active", "memo_hopeless", "memo_pays", "memo_sample", "memo_stats"},
    ("msets.c", "pydlx/msets.py"): {"next_set"},
    ("msteps.h", "pydlx/bounds.py"): {"choose_m"},
    ("sanity.c", "sanity.py"): {"meet", "sanity_sets"},
    ("reuse.c", "pydlx/reuse.py"): {"search_pop", "search_push", "search_rewind"},
    ("search.c", "pydlx/search.py"): {"apply_givens", "levels_progress", "replay", "search_exclude", "search_fraction",
                                     "search_share"},
    ("ways.c", "pydlx/ways.py"): {"links_way", "move_sets", "run_memoized", "sample_colored",
                                  "search_probe", "search_run", "search_solution", "search_takes", "sets_decide", "sets_pay",
                                  "sets_rewind", "sets_rewindable", "sets_start", "sets_start_sampled", "way_for",
                                  "way_start"},
    ("sets.c", "pydlx/sets.py"): {"enter", "first_set", "tally_enter", "try_next", "try_option"},
    ("tables.c", "pydlx/tables.py"): {"rank_options", "sets_build"},
    ("sets.h", "pydlx/sets.py"): {"cover_in", "hidden_updates", "node_of"},
    ("tally.c", "pydlx/tally.py"): {"tally_count", "tally_least_weighted", "tally_possible"},
    ("tally.h", "pydlx/sets.py"): {"tally_choose", "tally_uncommit"},
    ("reduce.c", "pydlx/reduce.py"): {"blocks", "delete", "drop_options_without_primary", "fate_of", "first_uncolored",
                                      "force", "hide", "holds", "note_empty", "run", "turn", "unhide"},
    ("cycles.c", "cycles.py"): {"loop_cuts"},
    ("checker.c", "pydlx/checker.py"): {"attempt", "none_without", "passes", "search_count_with", "search_thin",
                                         "search_unneeded"},
}
PREFIXES = ("search_", "dancer_", "tally_", "memo_", "sets_", "costs_", "sanity_")


def named(line: str) -> list[str]:
    """The files a "Specification:" or "Port:" line names ([] for "none (...)")."""
    return [] if line.startswith("none") else [name.strip() for name in line.split(",")]


def specifications() -> dict[str, list[str]]:
    """Each C file's specifications, from its header."""
    found = {}
    for name in C_FILES:
        header = (PACKAGE / "cdlx" / name).read_text().split("*/", 1)[0]
        lines = re.findall(r"^ \* Specification: (.+)$", header, re.M)
        assert len(lines) == 1, f"cdlx/{name}: its header comment has {len(lines)} Specification lines, not 1"
        found[name] = named(lines[0])
    return found


def ports() -> dict[str, list[str]]:
    """Each specification's C files, from its docstring."""
    found = {}
    for name in SPECIFICATIONS:
        docstring = ast.get_docstring(ast.parse((PACKAGE / name).read_text())) or ""
        lines = re.findall(r"^Port: (.+)$", docstring, re.M)
        assert len(lines) == 1, f"{name}: its docstring has {len(lines)} Port lines, not 1"
        found[name] = [port.removeprefix("cdlx/") for port in named(lines[0])]
    return found


def test_every_file_names_its_other_half_and_they_agree():
    specs, made = specifications(), ports()
    for c_file, names in specs.items():
        for spec in names:
            assert spec in SPECIFICATIONS, f"cdlx/{c_file} names {spec}, which is not a specification"
            assert c_file in made[spec], f"cdlx/{c_file} names {spec}, whose Port line does not name it"
    for spec, c_files in made.items():
        for c_file in c_files:
            assert c_file in C_FILES, f"{spec} names cdlx/{c_file}, which does not exist"
            assert spec in specs[c_file], f"{spec} names cdlx/{c_file}, whose Specification line does not name it"


def c_functions(c_file: str) -> set[str]:
    """The functions a C file defines (the project's style: the name at the start of a line)."""
    return set(re.findall(r"^([a-z_][a-z0-9_]*)\(", (PACKAGE / "cdlx" / c_file).read_text(), re.M))


def python_functions(spec: str) -> set[str]:
    tree = ast.parse((PACKAGE / spec).read_text())
    return {node.name.lstrip("_") for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def kept(c_file: str, spec: str) -> set[str]:
    python = python_functions(spec)
    return {name for name in c_functions(c_file)
            if name in python or any(name.startswith(p) and name[len(p):] in python for p in PREFIXES)}


def test_the_ports_keep_their_specifications_names():
    pairs = {(c_file, spec) for c_file, names in specifications().items() for spec in names}
    assert set(KEPT) <= pairs, sorted(set(KEPT) - pairs)
    for c_file, spec in sorted(pairs):
        now, said = kept(c_file, spec), KEPT.get((c_file, spec), set())
        assert now == said, (f"cdlx/{c_file} and {spec} share {sorted(now - said)} beyond KEPT and no longer "
                             f"share {sorted(said - now)}")


def test_the_drawn_map_names_every_file_and_counts_no_lines():
    page = (PACKAGE.parents[2] / "docs" / "engine.md").read_text()
    mentioned = set(re.findall(r"\b([a-z_]+\.(?:py|c|h))\b", page))
    for name in C_FILES:
        assert name in mentioned, f"docs/engine.md does not name cdlx/{name}"
    for spec in SPECIFICATIONS:
        assert spec.split("/")[-1] in mentioned, f"docs/engine.md does not name {spec}"
    paths = set(re.findall(r"\b((?:pydlx|cdlx)/[a-z_]+\.(?:py|c|h))\b", page))
    gone = sorted(path for path in paths if not (PACKAGE / path).exists())
    assert not gone, f"docs/engine.md names files that are not in the tree: {gone}"
    assert not re.search(r"^\|[^|\n]*\|\s*\d+\s*\|", page, re.M), "docs/engine.md counts lines (they drift)"


def test_a_search_keeps_its_core_and_one_field_per_unit():
    """C's Search holds the links' search state and one field per unit (at most 30 fields):
    each way's state is a struct of its own (docs/engine.md, "A search and its units")."""
    header = (PACKAGE / "cdlx" / "dlx.h").read_text()
    body = re.search(r"typedef struct \{\n    const Dancer \*dancer;(.*?)\n\} Search;", header, re.S)
    assert body is not None, "dlx.h defines Search"
    code = re.sub(r"/\*.*?\*/", "", "const Dancer *dancer;" + body.group(1), flags=re.S)
    fields = [name for declaration in code.split(";") if declaration.strip()
              for name in declaration.split(",")]
    assert len(fields) <= 30, f"Search has {len(fields)} fields"
    for unit in ("Sets sets", "Colored colored", "Tally tally", "Bounds *bounds", "Costs *costs", "Memo *memo",
                 "Shuffle *shuffle", "Pushed *pushed"):
        assert unit in code, f"Search has no {unit}"


# -- no circles among the C files -------------------------------------------------------------

C_DEFINITION = re.compile(r"^(?:[A-Za-z_][\w *]*?\b)?([a-z_][a-z0-9_]*)\s*\(([^;{]*)\)\s*\{", re.M)


def c_bodies(name: str) -> list[tuple[str, str]]:
    """The functions a C file defines (static inline ones of a header too), each with its body,
    comments and strings left out."""
    text = (PACKAGE / "cdlx" / name).read_text()
    text = re.sub(r'"(\\.|[^"\\])*"', '""', re.sub(r"/\*.*?\*/", "", text, flags=re.S))
    found = []
    for match in C_DEFINITION.finditer(text):
        if match.group(1) in ("if", "for", "while", "switch", "return", "sizeof"):
            continue
        depth, end = 0, match.end() - 1
        while True:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
            end += 1
        found.append((match.group(1), text[match.end():end]))
    return found


def c_calls() -> dict[str, dict[str, set[str]]]:
    """Which C file calls which other file's functions: {caller: {callee: names}}. A header's
    calls into the file of its own name (tally.h into tally.c) are that file's, and a header's
    calls into a file that includes it are the holes of a template (steps.h's helpers, which
    links.c and sets.c each define): neither is an edge."""
    bodies = {name: c_bodies(name) for name in C_FILES}
    where = {}
    for name, functions in bodies.items():
        for function, _ in functions:
            where.setdefault(function, set()).add(name)
    includes = {name: set(re.findall(r'^#include "([a-z_]+\.h)"', (PACKAGE / "cdlx" / name).read_text(), re.M))
                for name in C_FILES}
    calls: dict[str, dict[str, set[str]]] = {}
    for name, functions in bodies.items():
        own = {function for function, _ in functions}
        for _, body in functions:
            for called in re.findall(r"\b([a-z_][a-z0-9_]*)\s*\(", body):
                for other in where.get(called, set()) - {name} if called not in own else ():
                    pair = name.endswith(".h") and other == name[:-2] + ".c"
                    hole = name.endswith(".h") and name in includes[other]
                    if not pair and not hole:
                        calls.setdefault(name, {}).setdefault(other, set()).add(called)
    return calls


def test_no_c_file_needs_one_that_needs_it():
    """The C files call down, never around: no file reaches itself through the functions it
    calls (the binding's files included), so each can be read after those below it."""
    calls = c_calls()

    def reaches(start: str, goal: str) -> list[str] | None:
        seen, paths = {start}, [[start]]
        while paths:
            path = paths.pop()
            for nxt in calls.get(path[-1], {}):
                if nxt == goal:
                    return [*path, nxt]
                if nxt not in seen:
                    seen.add(nxt)
                    paths.append([*path, nxt])
        return None

    circles = []
    for name in C_FILES:
        for callee, names in calls.get(name, {}).items():
            back = reaches(callee, name)
            if back is not None:
                circles.append(f"{name} -> {callee} ({', '.join(sorted(names))}) -> ... -> {' -> '.join(back[1:])}")
    assert circles == []
