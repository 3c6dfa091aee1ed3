"""Every install hint names the distribution as it is: ``pyexactcover`` (the import package is
``exactcover``; "exactcover" on PyPI is an unrelated project), and never as a download from
PyPI, where pyexactcover is not. The source, the docs and the command's help are scanned."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from exactcover.cli import cli
from exactcover.version import DISTRIBUTION, extra_hint, worker_hint
from helpers import run_command

ROOT = Path(__file__).resolve().parents[2]

#: The spellings that are wrong: an extra of the unrelated PyPI project, or pyexactcover
#: fetched from PyPI by its name alone (an extra is fine: pip takes the installed one).
WRONG = [
    (re.compile(r"(?<![\w.-])exactcover\["), "an extra of 'exactcover', the unrelated PyPI project"),
    (re.compile(r"pip install [\"'`]?pyexactcover(?![\w\[-])"), "pyexactcover fetched from PyPI, where it is not"),
]


def wrong_spellings(text: str) -> list[str]:
    return [f"{why}: {text[max(0, m.start() - 40):m.end() + 20]!r}" for pattern, why in WRONG
            for m in pattern.finditer(text)]


def text_files() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder, suffixes in (("src", {".py", ".c", ".h", ".json"}), ("docs", {".md"}), ("examples", {".py", ".md"}),
                             ("benchmarks", {".py"})):
        found += [p for p in sorted((ROOT / folder).rglob("*")) if p.suffix in suffixes]
    return found


def test_the_patterns_catch_the_old_spellings() -> None:
    assert wrong_spellings("needs exactcover[sat]") and wrong_spellings("pip install 'exactcover[sat]'")
    assert wrong_spellings("pip install pyexactcover") and wrong_spellings("(pip install pyexactcover==0.1.0)")
    assert not wrong_spellings("pip install 'pyexactcover[sat]'") and not wrong_spellings("the extra pyexactcover[sat]")


def test_the_source_and_the_docs_name_the_distribution_as_it_is() -> None:
    files = text_files()
    assert len(files) > 50
    found = {str(p.relative_to(ROOT)): wrong for p in files if (wrong := wrong_spellings(p.read_text(errors="replace")))}
    assert not found


def help_pages() -> list[list[str]]:
    """Every page of ``--help``: the command's, each subcommand's, each problem type's under
    the commands that take one."""
    pages = [[]]
    context = click.Context(cli)
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        pages.append([name])
        if isinstance(command, click.Group):
            pages += [[name, kind] for kind in command.list_commands(click.Context(command, parent=context))]
    return pages


def test_the_help_names_the_distribution_as_it_is() -> None:
    pages = help_pages()
    assert ["solve", "sudoku"] in pages and ["count", "queens"] in pages
    texts = {}
    for page in pages:
        result = run_command(*page, "--help")
        assert result.exit_code == 0, (page, result.output)
        texts[" ".join(page)] = result.output
    assert "pyexactcover[sat]" in texts["solve dlx"]
    assert not {page: wrong for page, text in texts.items() if (wrong := wrong_spellings(text))}


def test_the_hints_name_the_distribution() -> None:
    assert extra_hint("sat", "PySAT") == "pip install 'pyexactcover[sat]' (adds PySAT to this installation of pyexactcover)"
    assert DISTRIBUTION in worker_hint() and "not on PyPI" in worker_hint()


def test_the_sat_backend_without_pysat_says_how_to_add_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from exactcover import Matrix, Unsupported, solve

    monkeypatch.setitem(sys.modules, "pysat.card", None)  # (an import of it raises ImportError)
    with pytest.raises(Unsupported) as raised:
        solve(Matrix([1], {"a": [1]}), backend="sat")
    assert extra_hint("sat", "PySAT") in str(raised.value)
    result = run_command("solve", "dlx", "-", "--backend", "sat", input="| 1\na 1\n")
    assert result.exit_code == 2 and "pip install 'pyexactcover[sat]'" in result.output, result.output
