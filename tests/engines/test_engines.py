"""Tests for exactcover.engines: which engine is active, and the switch that forces Python."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import exactcover
from exactcover.engines import loader as engines  # (the module itself: a test patches its _dlx)


def test_expected_engine_is_active(expected_engine):
    """When CI names the engine it built (EXACTCOVER_EXPECT_ENGINE), that engine is the default."""
    if expected_engine is None:
        pytest.skip("EXACTCOVER_EXPECT_ENGINE is not set")
    assert exactcover.ENGINE == expected_engine
    if expected_engine == "c":
        assert "c" in engines.available()
        assert exactcover.Solver(exactcover.Matrix([1], [[1]])).engine == "c"


def test_default_solver_uses_the_default_engine():
    """Solver(engine='auto') uses ENGINE."""
    assert exactcover.Solver(exactcover.Matrix([1], [[1]])).engine == exactcover.ENGINE


def test_pure_python_switch_forces_python():
    """EXACTCOVER_PUREPYTHON=1 makes the pure-Python engine the default in a new process."""
    code = "import exactcover; print(exactcover.ENGINE, exactcover.Solver(exactcover.Matrix([1], [[1]])).engine)"
    env = {**os.environ, "EXACTCOVER_PUREPYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "python"]


def test_asking_for_a_missing_c_engine_is_a_clear_error(monkeypatch):
    """engine='c' without the extension raises an error that says how to get it."""
    monkeypatch.setattr(engines, "_dlx", None)
    with pytest.raises(exactcover.ExactCoverError, match="C engine exactcover.engines._dlx was not built"):
        engines.get("c")
    assert engines.available() == ("python",)


def test_import_is_light():
    """import exactcover loads neither the CLI's dependencies nor NumPy, nor what only the
    estimates need (statistics), nor, where the C engine is built, the Python engine."""
    heavy = ('numpy', 'click', 'rich', 'hypothesis', 'statistics') + \
        (('exactcover.engines.pydlx',) if "c" in engines.available() else ())
    code = f"import sys, exactcover; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    out = subprocess.run([sys.executable, "-c", code.replace("; print", "; exactcover.count(exactcover.Matrix("
                          "['a'], [['a']])); print")], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"  # (nor does a search on the C engine)


def test_the_command_starts_light():
    """`exactcover count queens 8` loads its one plugin and what a count needs: not the entry
    points' reader, JSON, the progress bar's rich, what only other commands or searches use,
    nor the other plugins. What its start-up made is frozen out of the collector's sight,
    and the collector runs again once the search starts (a long listing makes garbage)."""
    heavy = ("importlib.metadata", "json", "rich", "difflib", "statistics", "concurrent.futures",
             "exactcover.lines", "exactcover.search.best", "exactcover.search.estimates", "exactcover.parallel.searches", "exactcover.search.diagram",
             "exactcover.plugins.dlx", "exactcover.plugins.subsets", "exactcover_sudoku", "exactcover_polyomino") + \
        (("exactcover.engines.pydlx",) if "c" in engines.available() else ())
    code = ("import gc, sys; sys.argv = ['exactcover', 'count', 'queens', '8']\n"
            "from exactcover_command import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in {heavy!r} if m in sys.modules), gc.isenabled(), gc.get_freeze_count() > 1000)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["92", "[] True True"]


def test_a_missing_c_engine_is_said_not_silent():
    """Without the C extension, import warns once (unless the Python engine was chosen) and
    `exactcover --version` names the engine in use."""
    blocked = "import sys; sys.modules['exactcover.engines._dlx'] = None; "
    warned = subprocess.run([sys.executable, "-W", "always", "-c", blocked + "import exactcover; print(exactcover.ENGINE)"],
                            capture_output=True, text=True, env={**os.environ, "EXACTCOVER_PUREPYTHON": ""})
    assert warned.stdout == "python\n" and "C engine is not built here" in warned.stderr
    chosen = subprocess.run([sys.executable, "-W", "always", "-c", blocked + "import exactcover"],
                            capture_output=True, text=True, env={**os.environ, "EXACTCOVER_PUREPYTHON": "1"})
    assert chosen.stderr == ""
    version = subprocess.run([sys.executable, "-c", blocked + "from exactcover.cli import main; main()", "--version"],
                             capture_output=True, text=True, env={**os.environ, "EXACTCOVER_PUREPYTHON": "1"})
    assert version.stdout.endswith("python engine (the C engine is not built here: see `pip install -v`)\n")


def test_the_missing_c_engine_warning_points_at_the_import_and_is_one_line_from_the_command(tmp_path):
    """The library's warning is an `EngineWarning` that names the caller's ``import``
    line (not a line of exactcover's); the command, run either way, says it on one line."""
    blocked = "import sys; sys.modules['exactcover.engines._dlx'] = None\n"
    script = tmp_path / "user.py"
    script.write_text(blocked + "import exactcover\n")
    env = {**os.environ, "EXACTCOVER_PUREPYTHON": ""}
    library = subprocess.run([sys.executable, "-W", "always", str(script)], capture_output=True, text=True, env=env)
    assert library.stderr.startswith(f"{script}:2: EngineWarning: exactcover's C engine is not built here"), library.stderr
    assert library.stderr.endswith("\n  import exactcover\n")
    (tmp_path / "sitecustomize.py").write_text(blocked)  # (for python -m, which runs no code of ours first)
    paths = os.pathsep.join(filter(None, [str(tmp_path), env.get("PYTHONPATH")]))
    for command, more in (([sys.executable, "-c", blocked + "import exactcover_command; exactcover_command.main()"], {}),
                          ([sys.executable, "-m", "exactcover"], {"PYTHONPATH": paths})):
        done = subprocess.run([*command, "count", "queens", "5"], capture_output=True, text=True, env={**env, **more})
        assert done.stdout == "10\n" and done.stderr.startswith("exactcover: warning: exactcover's C engine is not built")
        assert done.stderr.count("\n") == 1, done.stderr
