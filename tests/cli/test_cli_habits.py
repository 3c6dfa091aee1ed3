"""The command line forgives the habits of its users: search options before or after TYPE,
listed by the host command's help, a did-you-mean for a misspelt type, and a missing file
reported as missing by every type that reads files."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from exactcover.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_search_options_come_before_or_after_the_type():
    before, after = run("count", "--json", "queens", "8"), run("count", "queens", "8", "--json")
    assert before.exit_code == after.exit_code == 0
    assert json.loads(before.stdout)["count"] == json.loads(after.stdout)["count"] == 92
    two = run("solve", "--limit", "2", "queens", "6")
    assert two.exit_code == 0 and two.stdout.count("Q") == 2 * 6
    assert run("solve", "--all", "queens", "6").stdout == run("solve", "queens", "6", "--all").stdout
    later_wins = run("solve", "--limit", "3", "queens", "6", "--limit", "1")
    assert later_wins.stdout.count("Q") == 6
    assert run("count", "--jobs", "2", "queens", "9").stdout == "352\n"


@pytest.mark.parametrize(("command", "options"), [
    ("solve", ["--all", "--limit", "--json", "--jsonl", "--jobs", "--timeout", "--max-nodes", "--stats"]),
    ("count", ["--limit", "--json", "--jobs", "--timeout", "--memo", "--stats"]),
])
def test_the_host_command_lists_its_options(command, options):
    shown = run(command, "--help")
    assert shown.exit_code == 0 and all(f"  {option}" in shown.stdout for option in options)


def test_a_missing_type_is_still_named_after_options():
    done = run("solve", "--all")
    assert done.exit_code == 2 and "Missing argument 'TYPE'" in done.stderr and "Traceback" not in done.stderr


def test_a_misspelt_type_gets_a_did_you_mean():
    done = run("solve", "queen", "8")
    assert done.exit_code == 2
    assert "unknown problem type 'queen' (did you mean 'queens'?); known problem types: dlx," in done.stderr
    assert "sudoku-variant" not in done.stderr  # (only the types the command takes are offered)
    assert "did you mean" not in run("count", "nosuch").stderr


@pytest.mark.parametrize("args", [
    ["dlx", "missing.dlx"], ["subsets", "missing.txt"], ["sudoku", "missing.txt"], ["killer", "missing.txt"],
    ["jigsaw", "missing.txt"], ["samurai", "puzzles/missing"], ["polyomino", "--board", "missing.txt"],
    ["polyomino", "--pieces", "missing.txt"],
])
def test_a_missing_file_is_said_to_be_missing(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = run("solve", *args)
    assert done.exit_code == 2 and done.stderr.count("\n") == 1
    assert "does not exist" in done.stderr or "no such file: " in done.stderr, done.stderr


def help_pages() -> list[list[str]]:
    """Every ``--help`` page: the command's, each command's, each problem type's under the
    commands that take one (as the words before ``--help``)."""
    import click

    context = click.Context(cli)
    pages: list[list[str]] = [[]]
    for name in cli.list_commands(context):
        command = cli.get_command(context, name)
        pages.append([name])
        if isinstance(command, click.Group):
            pages += [[name, kind] for kind in command.list_commands(click.Context(command, parent=context))]
    return pages


@pytest.mark.parametrize("page", help_pages(), ids=lambda page: " ".join(page) or "exactcover")
def test_every_help_page_fits_80_columns_and_cuts_no_description(page):
    """At ``COLUMNS=80`` (a terminal's usual width) no line of any help page is wider than
    80 characters, and no command's description in a list is cut short with "..."."""
    shown = CliRunner().invoke(cli, [*page, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert shown.exit_code == 0, shown.output
    wide = [line for line in shown.stdout.splitlines() if len(line) > 80]
    assert not wide, wide
    assert not [line for line in shown.stdout.splitlines() if re.match(r"^  [\w-]+ {2,}.*\.\.\.$", line)], shown.stdout


def help_examples() -> list[str]:
    """Every example line of every ``--help`` page."""
    found: list[str] = []
    for page in help_pages():
        for line in run(*page, "--help").stdout.splitlines():
            line = line.strip().split("   (")[0].strip()  # (a note in parentheses after the command)
            if (line.startswith("exactcover ") or line.startswith("cat ")) and line not in found:
                found.append(line)
    return found


READS_A_FILE = [line for line in help_examples() if "examples/data/" in line]


def test_the_help_s_examples_name_files_that_ship():
    """Every file a help example reads is in the checkout's examples/data, and every
    example that names one of the example files names it there."""
    from pathlib import Path

    import re

    root = Path(__file__).resolve().parents[2]
    named = {name for line in help_examples() for name in re.findall(r"[\w/.-]+\.(?:txt|json|dlx)\b", line)}
    outputs = {"smaller.dlx"}  # (written by the example, not read)
    assert len(READS_A_FILE) >= 30
    assert not {name for name in named - outputs if not name.startswith("examples/data/")}
    assert all((root / name).is_file() for name in named - outputs), named


@pytest.mark.slow
@pytest.mark.parametrize("line", READS_A_FILE)
def test_every_help_example_that_reads_a_file_runs(line, monkeypatch, tmp_path):
    """Run from a checkout's root as the help shows it (a pipe or ``<`` as standard input, a
    ``>`` to a file): it answers (exit 0, or 1 for no solution), with no traceback."""
    import shlex
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    stdin = None
    if line.startswith("cat "):
        source, line = line[4:].split(" | ", 1)
        stdin = (root / source).read_text()
    words = shlex.split(line)[1:]
    if "<" in words:
        at = words.index("<")
        stdin, words = (root / words[at + 1]).read_text(), words[:at] + words[at + 2:]
    if ">" in words:
        words = words[:words.index(">")]
    result = CliRunner().invoke(cli, words, input=stdin)
    assert result.exit_code in (0, 1), (line, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (line, result.exception)
