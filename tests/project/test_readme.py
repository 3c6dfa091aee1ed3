"""The README and the documentation pages that teach run as written: their Python blocks
(their results checked where a comment states one), their ``exactcover`` commands, and the
files they name."""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from exactcover.plugins import manager
from helpers import PAGES, README, blocks

pytestmark = pytest.mark.slow  # (the fast tier leaves it out: see the README)

ROOT = README.parent
COMMENTED = re.compile(r"^(?P<code>\S.*?)\s+# (?P<comment>.*)$")


def stated_value(comment: str) -> tuple[bool, object]:
    """The Python literal a comment starts with (``# ('S1', 'S2')  -- a tuple``), if any."""
    cuts = [len(comment)] + [m.start() for m in re.finditer(r"  | --|, |: | \(", comment)]
    for cut in sorted(set(cuts), reverse=True):
        try:
            return True, ast.literal_eval(comment[:cut].strip())
        except (ValueError, SyntaxError):
            continue
    return False, None


def checked(block: str) -> str:
    """The block with each one-line expression whose comment states its value turned into a
    check: the comment at the line's end, or, where it would not fit the page's column (or
    the line's own comment says something else), on the next line by itself
    (``exactcover.count(m)`` then ``# 2``; not after ``print``, whose comment shows what it
    prints)."""
    lines = block.splitlines()
    for number, line in enumerate(lines):
        match = COMMENTED.match(line)
        code = match["code"] if match else line
        comments = [match["comment"]] if match else []
        below = re.match(r"^# (?P<comment>.*)$", lines[number + 1]) if number + 1 < len(lines) else None
        if below and line and not line[0].isspace() and not line.startswith("print("):
            comments.append(below["comment"])
        for comment in comments:
            try:
                ast.parse(code, mode="eval")
                states, value = stated_value(comment)
            except SyntaxError:
                break
            if states:
                lines[number] = f"__check__(({code}), {value!r}, {number + 1})"
                break
    return "\n".join(lines)


def test_a_result_is_checked_at_a_line_s_end_or_on_the_next_line_alone():
    block = "count(m)  # 2\nsolve(m)\n# ('a', 'b')\nprint(m)\n# 3\nx = 1\n# 4\ngrade(p)  # in words\n# 'hard'"
    assert checked(block).splitlines() == [
        "__check__((count(m)), 2, 1)", "__check__((solve(m)), ('a', 'b'), 2)", "# ('a', 'b')",
        "print(m)", "# 3", "x = 1", "# 4", "__check__((grade(p)), 'hard', 8)", "# 'hard'"]


def test_the_readme_has_blocks_of_each_kind():
    """The extraction finds the README's Python, shell and TOML blocks."""
    assert {b.language for b in blocks()} >= {"python", "sh", "toml"}
    assert len(blocks("python")) >= 8


def test_python_blocks_run_as_written(monkeypatch):
    """Every Python block not marked as not run runs, in order, in its page's namespace (each
    page imports what it uses), from the repository root; every value a comment states is
    the value the line gives."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(manager, "_default", None)  # (the pages register plugins: into a registry of their own)

    def check(actual: object, stated: object, line: int) -> None:
        assert actual == stated, f"{block.page.name} line {block.line + line}: {actual!r}, not {stated!r}"

    namespaces: dict[object, dict[str, object]] = {}  # (a page's own: each page imports what it uses)
    ran = 0
    for block in blocks("python"):
        if block.placeholder:
            continue
        namespace = namespaces.setdefault(block.page, {"__check__": check, "__name__": "readme"})
        exec(compile(checked(block.text), f"{block.page.name}:{block.line}", "exec"), namespace)  # noqa: S102
        ran += 1
    assert ran >= 7 and "__check__(" in checked(blocks("python")[0].text)


def commands() -> list[tuple[str, str]]:
    """The ``exactcover`` command lines of the pages' shell blocks (a line ending in a
    backslash goes on on the next, as in a shell)."""
    return [(f"{block.page.name}:{block.line + n}", line.split("  #")[0].strip())
            for block in blocks("sh") if not block.placeholder
            for n, line in enumerate(re.sub(r"\\\n\s*", " ", block.text).splitlines(), 1)
            if line.startswith("exactcover ")]


@pytest.mark.parametrize(("line", "command"), commands(), ids=[c for _, c in commands()])
def test_shell_commands_run_as_written(line, command):
    """Every ``exactcover`` command in the README's shell blocks exits 0 from the repository root."""
    script = shutil.which("exactcover", path=os.path.dirname(sys.executable))
    program = shlex.quote(script) if script else f"{shlex.quote(sys.executable)} -m exactcover"  # not installed: a source tree
    command = program + command[len("exactcover"):]
    done = subprocess.run(command, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=120)  # noqa: S602
    assert done.returncode == 0, f"{line}: {command}: {done.stderr}"
    assert done.stdout.strip()


def test_the_files_the_readme_names_are_shipped():
    """Every examples/ path the README and the pages name exists."""
    named = {path for page in PAGES for path in re.findall(r"examples/[\w./-]+\w", page.read_text(encoding="utf-8"))}
    assert "examples/data/puzzles.txt" in named
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert not missing


def test_the_plugin_guide_covers_every_field_a_plugin_may_set():
    """Each field of ProblemType and CommandLine has its row in docs/plugins.md."""
    import attrs as attributes

    from exactcover import CommandLine, ProblemType

    guide = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    for cls in (ProblemType, CommandLine):
        for field in attributes.fields(cls):
            assert re.search(rf"^\| `{field.name}[(`]", guide, re.MULTILINE), f"{cls.__name__}.{field.name}"
