"""The plugin authoring story end to end: a package with an entry point, pip-installed,
appears in `exactcover plugins` and solves on the command line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from readme import blocks

EXAMPLE = Path(__file__).parent.parent / "examples" / "pentominoes.py"

#: The plugin's pyproject.toml exactly as the README shows it, so the README's snippet is what installs.
(PYPROJECT,) = [block.text for block in blocks("toml")]


def test_installed_plugin_appears_and_solves(tmp_path):
    """pip install of a plugin package (the README's pyproject.toml and examples/pentominoes.py)
    makes its type appear in `exactcover plugins` and solve on the command line."""
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
    solved = subprocess.run([*command, "solve", "pentominoes", "10", "6"], env=env, capture_output=True, text=True)
    assert solved.returncode == 0, solved.stderr
    rows = solved.stdout.split()
    assert len(rows) == 6 and all(len(row) == 10 for row in rows)
    assert sorted(set("".join(rows))) == sorted("FILNPTUVWXYZ")
