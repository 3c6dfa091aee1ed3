"""The command line forgives the habits of its users: search options before or after TYPE,
listed by the host command's help, a did-you-mean for a misspelt type, and a missing file
reported as missing by every type that reads files."""

from __future__ import annotations

import json

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
