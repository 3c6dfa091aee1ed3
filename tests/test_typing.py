"""A type checker follows the public API: a domain class derived from Problem[Answer] makes
``exactcover.solve(problem)`` an ``Answer | None``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")  # (in the test extra; CI installs it)

USER = Path(__file__).parent / "typing_user.py"


def test_mypy_follows_solve_to_the_answer_type(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-error-summary",
                           "--cache-dir", str(tmp_path / "cache"), str(USER)], capture_output=True, text=True)
    revealed = [line.split("Revealed type is ", 1)[1].strip('"') for line in done.stdout.splitlines() if "Revealed" in line]
    assert revealed == [
        "exactcover_queens.queens.Placement | None",
        "tuple[typing.Hashable, ...] | None",
        "exactcover_sudoku.grid.Sudoku",
        "list[str] | None",
    ], done.stdout
    errors = [line.split(":", 1)[1] for line in done.stdout.splitlines() if ": error:" in line]
    assert errors == ['21: error: Argument 1 to "register_type" has incompatible type '
                      '"ProblemType[Queens, Placement]"; expected "ProblemType[Queens, int]"  [arg-type]'], done.stdout
