"""Tests for exactcover's logging: the ``exactcover`` logger with a NullHandler, what is
logged, that ``import exactcover`` does not import logging, and the command's -v."""

from __future__ import annotations

import logging
import subprocess
import sys

from click.testing import CliRunner

import exactcover
from exactcover.cli import cli
from exactcover.log import logger
from exactcover.plugins.manager import Registry
from problems import queens_matrix


def test_the_logger_has_a_null_handler():
    assert any(isinstance(h, logging.NullHandler) for h in logger().handlers) and logger().name == "exactcover"


def test_import_does_not_import_logging():
    code = "import sys, exactcover; exactcover.count(exactcover.Matrix([1], {'a': [1]})); print('logging' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"


def test_plugins_and_searches_are_logged(caplog):
    """Plugins loaded (INFO), each finished search and the way it took (DEBUG), the split of a
    parallel one (INFO) and its end (DEBUG)."""
    from exactcover_polyomino import make

    with caplog.at_level(logging.DEBUG, logger="exactcover"):
        Registry(entry_points=True)
        exactcover.count(queens_matrix(6))
        exactcover.count(make("3x20"), memo=False)
        exactcover.count(queens_matrix(8), jobs=2)
    messages = [record.getMessage() for record in caplog.records]
    assert any(m.startswith("loaded plugin 'queens' (pyexactcover ") and m.endswith("): queens") for m in messages)
    done = [m for m in messages if m.startswith("search done on the ")]
    assert any(", on the links: " in m for m in done) and any(", on the sets: " in m for m in done)
    assert any(m.startswith("balanced count: ") and "on a pool of 2 processes" in m for m in messages)
    assert any(m.startswith("balanced count done: ") and "searches on the sets" in m for m in messages)


def test_verbose_on_the_command_line():
    """-v shows the plugins loaded on stderr; -vv the searches too; without it, nothing."""
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "exactcover", *args], capture_output=True, text=True)

    quiet = run("count", "queens", "6")
    assert quiet.stderr == "" and quiet.stdout == "4\n"
    once = run("-v", "count", "queens", "6")
    assert "exactcover: loaded plugin 'queens'" in once.stderr and "search done" not in once.stderr
    twice = run("-vv", "count", "queens", "6")
    assert "exactcover: search done on the " in twice.stderr and twice.stdout == "4\n"


def test_verbose_in_process_runs_do_not_pile_up():
    """In-process runs (tests, notebooks) each write to their own stderr, and a run without
    -v after one with it says nothing."""
    first = CliRunner().invoke(cli, ["-vv", "count", "queens", "5"])
    second = CliRunner().invoke(cli, ["-vv", "count", "queens", "5"])
    assert first.stderr.count("search done") == second.stderr.count("search done") >= 1
    assert CliRunner().invoke(cli, ["count", "queens", "5"]).stderr == ""
