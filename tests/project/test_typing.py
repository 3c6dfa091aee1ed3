"""A type checker follows the public API (tests/project/typing_user.py, a user's script, checked by
mypy --strict): a domain class derived from Problem[Answer] makes ``exactcover.solve(problem)``
an ``Answer | None``, a mistyped keyword or a bad engine name is an error, and the lazily
imported names are seen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # (the fast tier leaves it out: see the README)

pytest.importorskip("mypy")  # (in the test extra; CI installs it)

USER = Path(__file__).parent / "typing_user.py"


def test_mypy_follows_the_public_api(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-error-summary",
                           "--cache-dir", str(tmp_path / "cache"), str(USER)], capture_output=True, text=True)
    lines = done.stdout.splitlines()
    revealed = [line.split("Revealed type is ", 1)[1].strip('"') for line in lines if "Revealed" in line]
    assert revealed == [
        "exactcover_queens.queens.Placement | None",
        "tuple[typing.Hashable, ...] | None",
        "exactcover_sudoku.grid.Sudoku",
        "list[str] | None",
        "exactcover.model.matrix.Matrix",
        "int",
        "exactcover_queens.queens.Placement",
        "int",
        "tuple[typing.Hashable, ...] | None",
        "exactcover_queens.queens.Placement | None",
    ], done.stdout
    errors = [line.split(":", 1)[1] for line in lines if ": error:" in line]
    assert errors == [
        '21: error: Argument 1 to "register_type" has incompatible type '
        '"ProblemType[Queens, Placement]"; expected "ProblemType[Queens, int]"  [arg-type]',
        '32: error: Unexpected keyword argument "timout" for "count"; did you mean "timeout"?  [call-arg]',
        '33: error: No overload variant of "solve" matches argument types "Matrix", "str"  [call-overload]',
    ], done.stdout


def test_the_plugin_guide_s_example_passes_mypy_strict(tmp_path):
    """examples/pentominoes.py, the plugin guide's complete example, annotated as a user
    would: the hook takes a `Register`, and decode names its labels' type
    (``tuple[Label, ...]``), which the `ProblemType` accepts."""
    example = Path(__file__).resolve().parents[2] / "examples" / "pentominoes.py"
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-error-summary",
                           "--cache-dir", str(tmp_path / "cache"), str(example)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "", done.stdout
