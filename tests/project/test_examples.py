"""Every script in examples/ runs to completion (each is a small program with a main())."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # (the fast tier leaves it out: see the README)

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))


def test_there_are_examples():
    """The examples folder is found and not empty."""
    assert EXAMPLES


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script):
    """The example exits with status 0 and prints something."""
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip()


def test_examples_do_nothing_at_import():
    """Importing an example runs nothing: its work is in main()."""
    for script in EXAMPLES:
        code = f"import runpy; runpy.run_path({str(script)!r}, run_name='not_main')"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and out.stdout == "", script.name
