"""The plugin authoring story end to end: a package with an entry point, pip-installed,
appears in `exactcover plugins`, has its own help and completion, and solves on the command
line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import blocks

pytestmark = pytest.mark.slow  # (the fast tier leaves it out: see the README)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pentominoes.py"

#: The plugin's pyproject.toml exactly as the README shows it, so the README's snippet is what installs.
(PYPROJECT,) = [block.text for block in blocks("toml")]


def test_installed_plugin_appears_and_solves(tmp_path):
    """pip install of a plugin package (the README's pyproject.toml and examples/pentominoes.py)
    makes its type appear in `exactcover plugins` (with its distribution), describe itself in
    `--help`, complete in the shell, and solve and count on the command line."""
    package = tmp_path / "package"
    package.mkdir()
    shutil.copy(EXAMPLE, package / "pentominoes.py")
    (package / "pyproject.toml").write_text(PYPROJECT)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--target", str(target), str(package)],
        check=True, capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(target), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "exactcover"]
    listed = subprocess.run([*command, "plugins"], env=env, capture_output=True, text=True, check=True)
    assert "pentominoes" in listed.stdout and "12 pentominoes" in listed.stdout
    assert "from exactcover-pentominoes 1.0" in listed.stdout
    helped = subprocess.run([*command, "solve", "pentominoes", "--help"], env=env, capture_output=True, text=True)
    assert helped.returncode == 0, helped.stderr
    assert "Usage: exactcover solve pentominoes [OPTIONS] [WIDTH] [HEIGHT]" in helped.stdout
    assert "the box's width (default 10)" in helped.stdout and "--distinct" in helped.stdout
    assert "exactcover solve pentominoes 10 6 --distinct" in helped.stdout

    def complete(words: str) -> list[str]:
        cword = str(len(words.split()) - (0 if words.endswith(" ") else 1))
        done = subprocess.run([*command], env={**env, "_EXACTCOVER_COMPLETE": "bash_complete", "COMP_WORDS": words,
                                               "COMP_CWORD": cword}, capture_output=True, text=True, check=True)
        return [line.split(",", 1)[1] for line in done.stdout.splitlines()]

    assert "pentominoes" in complete("exactcover solve pent")
    assert complete("exactcover count pentominoes --dis") == ["--distinct"]
    counted = subprocess.run([*command, "count", "pentominoes", "--distinct"], env=env, capture_output=True, text=True)
    assert counted.returncode == 0 and counted.stdout == "2339\n", counted.stderr
    bad = subprocess.run([*command, "solve", "pentominoes", "ten"], env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "Invalid value for '[WIDTH]': 'ten' is not a valid integer" in bad.stderr
    solved = subprocess.run([*command, "solve", "pentominoes", "10", "6"], env=env, capture_output=True, text=True)
    assert solved.returncode == 0, solved.stderr
    rows = solved.stdout.split()
    assert len(rows) == 6 and all(len(row) == 10 for row in rows)
    assert sorted(set("".join(rows))) == sorted("FILNPTUVWXYZ")
