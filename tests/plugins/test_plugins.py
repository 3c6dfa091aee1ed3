"""Tests for exactcover.plugins.manager and the plugin paths of solve / solutions / count."""

from __future__ import annotations

import os
import subprocess
import sys

import attrs
import pytest

import exactcover
from exactcover import CommandLine, Encoding, Matrix, PluginError, ProblemType, hookimpl
from exactcover.commandline import Argument
from exactcover.plugins.manager import Registry, make_manager


@attrs.frozen
class Dominoes:
    """A 2×n strip to tile with dominoes (the number of tilings is a Fibonacci number)."""

    n: int


def dominoes_matrix(strip: Dominoes) -> Matrix:
    cells = [(r, c) for r in range(2) for c in range(strip.n)]
    options = {}
    for r, c in cells:
        if c + 1 < strip.n:
            options[("h", r, c)] = [(r, c), (r, c + 1)]
        if r == 0:
            options[("v", c)] = [(0, c), (1, c)]
    return Matrix(cells, options)


class DominoPlugin:
    @hookimpl
    def register_problem_types(self, register):
        register(ProblemType(
            name="dominoes",
            summary="tile a 2×n strip with dominoes",
            handles=Dominoes,
            encode=dominoes_matrix,
            decode=lambda strip, solution: sorted(solution),
            command_line=CommandLine([Argument("n", type=int)]),
        ))


@pytest.fixture
def registered():
    """The domino plugin registered at run time in the default registry, removed afterwards."""
    plugin = DominoPlugin()
    exactcover.register(plugin, name="dominoes-plugin")
    yield plugin
    exactcover.unregister(plugin)


def test_bundled_plugins_come_from_entry_points():
    """The subsets and dlx types are registered through the exactcover entry points."""
    from importlib.metadata import entry_points

    names = {ep.name: ep.value for ep in entry_points(group="exactcover")}
    assert names["subsets"] == "exactcover.plugins.subsets" and names["dlx"] == "exactcover.plugins.dlx"
    assert {"subsets", "dlx"} <= set(exactcover.problem_types())


def test_runtime_plugin_is_found_by_name_and_by_solve(registered):
    """A plugin registered at run time is known by name and used by solve/solutions/count."""
    assert exactcover.problem_types()["dominoes"].summary == "tile a 2×n strip with dominoes"
    assert exactcover.count(Dominoes(6)) == 13
    assert len(list(exactcover.solutions(Dominoes(5)))) == 8
    assert exactcover.solve(Dominoes(1)) == [("v", 0)]


def test_unregistered_plugin_is_gone():
    """After unregister, its domain objects are no longer solvable."""
    plugin = DominoPlugin()
    exactcover.register(plugin)
    exactcover.unregister(plugin)
    with pytest.raises(TypeError, match="cannot solve a Dominoes"):
        exactcover.solve(Dominoes(2))


def test_unknown_object_lists_known_types():
    """An object no plugin handles raises TypeError listing the known problem types."""
    with pytest.raises(TypeError) as caught:
        exactcover.solve(object())
    assert "no plugin handles it" in str(caught.value)
    assert "dlx" in str(caught.value) and "subsets" in str(caught.value)


def test_fresh_registry_has_no_entry_points():
    """A Registry built without entry points knows only what is registered on it."""
    registry = Registry()
    assert registry.types == {}
    registry.register(DominoPlugin())
    assert list(registry.types) == ["dominoes"]
    with pytest.raises(PluginError, match="unknown problem type 'nope'; known problem types: dominoes"):
        registry.get("nope")


def test_name_registered_twice_names_both_plugins():
    """Two plugins registering one name is an error naming both, and the second is not kept."""
    registry = Registry()
    registry.register(DominoPlugin(), name="first")
    with pytest.raises(PluginError, match="'dominoes' is registered by both plugin 'first' and plugin 'second'"):
        registry.register(DominoPlugin(), name="second")
    assert registry.manager.get_plugin("second") is None and registry.plugin_of("dominoes") == "first"


def test_broken_plugin_is_named():
    """A plugin raising in its hook gives an error that names the plugin, at registration."""

    class Broken:
        @hookimpl
        def register_problem_types(self, register):
            raise RuntimeError("boom")

    registry = Registry()
    with pytest.raises(PluginError, match="plugin 'broken-plugin' failed in register_problem_types: RuntimeError: boom"):
        registry.register(Broken(), name="broken-plugin")


def test_registering_something_else_is_named():
    """register() with anything but a ProblemType is an error naming the plugin."""

    class Sloppy:
        @hookimpl
        def register_problem_types(self, register):
            register("sudoku")

    registry = Registry()
    with pytest.raises(PluginError, match="plugin 'sloppy' registered 'sudoku', which is not a ProblemType"):
        registry.register(Sloppy(), name="sloppy")


def test_misspelt_hook_fails_loudly():
    """A hookimpl that matches no specification is refused at registration (check_pending)."""

    class Misspelt:
        @hookimpl
        def register_problem_type(self, register):  # missing "s"
            pass

    with pytest.raises(PluginError, match="register_problem_type"):
        Registry().register(Misspelt(), name="misspelt")


def test_encoding_with_givens_reuses_the_compiled_matrix():
    """A type returning an Encoding with givens gets them applied; one matrix compiles once."""
    matrix = Matrix([1, 2, 3], {"a": [1], "b": [2], "c": [3], "bc": [2, 3]})

    @attrs.frozen
    class Forced:
        label: str

    class Plugin:
        @hookimpl
        def register_problem_types(self, register):
            register(ProblemType(name="forced", summary="-", handles=Forced, encode=lambda p: Encoding(matrix, [p.label])))

    exactcover.register(plugin := Plugin())
    try:
        assert exactcover.count(Forced("a")) == 2
        assert exactcover.solve(Forced("bc")) == ("bc", "a")
        from exactcover.front.api import solver_for

        assert solver_for(matrix) is solver_for(matrix)
    finally:
        exactcover.unregister(plugin)


def test_problem_type_names_are_checked():
    """A problem type name must be a lower-case word usable on the command line."""
    with pytest.raises(ValueError, match="problem type name"):
        ProblemType(name="Bad Name", summary="", handles=int, encode=lambda p: p)


@pytest.mark.parametrize(("value", "expected"), [("", []), ("dlx", ["dlx"]), ("dlx, subsets", ["dlx", "subsets"])])
def test_load_plugins_environment_variable(value, expected):
    """EXACTCOVER_LOAD_PLUGINS limits which entry points load (empty: none)."""
    code = "from exactcover.plugins.manager import Registry; print(sorted(Registry(entry_points=True).types))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "EXACTCOVER_LOAD_PLUGINS": value},
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(expected)


def test_make_manager_without_entry_points():
    """make_manager() has the specs and no plugins."""
    manager = make_manager()
    assert manager.get_plugins() == set()
    assert hasattr(manager.hook, "register_problem_types")


# -- registration is a transaction ------------------------------------------------------------


class Misspelt:
    @hookimpl
    def register_problem_type(self, register):  # missing "s"
        pass


class Raises:
    @hookimpl
    def register_problem_types(self, register):
        register(ProblemType(name="half", summary="-", handles=Dominoes, encode=dominoes_matrix))
        raise RuntimeError("boom")


class TakesQueens:
    @hookimpl
    def register_problem_types(self, register):
        register(ProblemType(name="queens", summary="-", handles=Dominoes, encode=dominoes_matrix))


class HandlesQueens:
    @hookimpl
    def register_problem_types(self, register):
        from exactcover_queens import Queens

        register(ProblemType(name="other-queens", summary="-", handles=Queens, encode=lambda q: None))


class WrongArguments:
    @hookimpl
    def register_problem_types(self, registr):
        pass


@pytest.mark.parametrize(("plugin", "message"), [
    (Misspelt(), "register_problem_type"),
    (Raises(), "failed in register_problem_types: RuntimeError: boom"),
    (TakesQueens(), "'queens' is registered by both plugin 'queens' and plugin"),
    (HandlesQueens(), "problem types 'queens' .plugin 'queens'. and 'other-queens' .plugin .*HandlesQueens'. both handle Queens"),
    (WrongArguments(), "plugin 'test_plugins.WrongArguments'.*registr"),
])
def test_a_failed_registration_leaves_everything_as_before(plugin, message):
    """After register() fails, the default registry is exactly as before and keeps working."""
    from exactcover_queens import Queens

    before = exactcover.problem_types()
    with pytest.raises(PluginError, match=message):
        exactcover.register(plugin)
    assert exactcover.problem_types() == before and "half" not in before
    assert exactcover.count(Queens(6)) == 4
    exactcover.register(good := DominoPlugin())
    try:
        assert exactcover.count(Dominoes(4)) == 5
    finally:
        exactcover.unregister(good)


def test_registering_again_replaces_the_plugin():
    """Registering the same plugin again (a notebook cell run twice) replaces it, class re-made or not."""
    registry = Registry()
    assert registry.register(DominoPlugin()) == "test_plugins.DominoPlugin"
    registry.register(DominoPlugin())  # another instance, the same name

    class Cell:  # a class defined anew each time the cell runs
        @hookimpl
        def register_problem_types(self, register):
            register(ProblemType(name="cell", summary="first", handles=int, encode=lambda p: None))

    registry.register(Cell())
    first = Cell

    class Cell:  # noqa: F811 -- the same cell, run again
        @hookimpl
        def register_problem_types(self, register):
            register(ProblemType(name="cell", summary="second", handles=int, encode=lambda p: None))

    assert Cell is not first
    registry.register(Cell())
    assert sorted(registry.types) == ["cell", "dominoes"] and registry.get("cell").summary == "second"
    assert len(registry.manager.get_plugins()) == 2


def test_a_failed_replacement_keeps_the_old_plugin():
    """If the plugin replacing another fails, the one it would have replaced stays."""
    registry = Registry()
    registry.register(DominoPlugin(), name="p")
    with pytest.raises(PluginError):
        registry.register(Raises(), name="p")
    assert list(registry.types) == ["dominoes"] and registry.plugin_of("dominoes") == "p"


def test_a_hook_without_hookimpl_is_an_error(tmp_path, monkeypatch):
    """A module with register_problem_types but no @hookimpl is refused, not silently ignored."""
    (tmp_path / "unmarked_plugin.py").write_text("def register_problem_types(register):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import unmarked_plugin

    with pytest.raises(PluginError, match="defines register_problem_types without @exactcover.hookimpl"):
        Registry().register(unmarked_plugin)
    with pytest.raises(PluginError, match="has no exactcover hook"):
        Registry().register(object())


@pytest.mark.parametrize(("fields", "message"), [
    ({"handles": 3}, "handles must be a class or a tuple of classes"),
    ({"handles": (Dominoes, "x")}, "handles must be a class"),
    ({"handles": ()}, "handles must be a class"),
    ({"encode": "encode"}, "encode must be callable"),
    ({"decode": None}, "decode must be callable"),
    ({"select": 5}, "select must be callable"),
    ({"command_line": lambda: None}, "command_line"),
    ({"handles": (Dominoes, int), "command_line": CommandLine([])}, "needs a build function"),
    ({"summary": None}, "summary"),
])
def test_problem_type_checks_its_fields(fields, message):
    """ProblemType refuses a handles that is not a class and callables that are not callable."""
    with pytest.raises(TypeError, match=message):
        ProblemType(**{"name": "t", "summary": "-", "handles": Dominoes, "encode": dominoes_matrix, **fields})


# -- broken installed plugins -----------------------------------------------------------------


@pytest.fixture
def broken_install(tmp_path, monkeypatch):
    """A distribution 'brokenplug 1.2' on sys.path whose three entry points are broken: one names a
    missing module, one a module whose hook raises, one a module that calls sys.exit. Returns the folder."""
    info = tmp_path / "brokenplug-1.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: brokenplug\nVersion: 1.2\n")
    (info / "entry_points.txt").write_text("[exactcover]\nmissing = no_such_module_here\nraiser = raiser_plugin\n"
                                           "exits = exiting_plugin\n")
    (tmp_path / "exiting_plugin.py").write_text("import sys\nsys.exit(3)\n")
    (tmp_path / "raiser_plugin.py").write_text(
        "import exactcover\n\n@exactcover.hookimpl\ndef register_problem_types(register):\n"
        "    raise RuntimeError('the raiser is broken')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("EXACTCOVER_LOAD_PLUGINS", raising=False)
    return tmp_path


def test_broken_installed_plugins_do_not_take_the_others_down(broken_install):
    """Entry points that fail are kept aside with their distribution; the others work; using one names its error."""
    from exactcover_queens import Queens

    registry = Registry(entry_points=True)
    assert {"queens", "sudoku", "dlx", "subsets"} <= set(registry.types)
    missing, raiser = registry.broken["missing"], registry.broken["raiser"]
    assert (missing.distribution, missing.version, raiser.distribution) == ("brokenplug", "1.2", "brokenplug")
    assert "ModuleNotFoundError" in missing.error and "the raiser is broken" in raiser.error
    assert "EXACTCOVER_LOAD_PLUGINS" in str(missing)
    assert registry.broken["exits"].error == "SystemExit: 3"  # sys.exit at import does not end the process
    with pytest.raises(PluginError, match="'raiser' is not available.*the raiser is broken"):
        registry.get("raiser")
    assert exactcover.front.api.prepare(Queens(6), registry=registry).count() == 4
    with pytest.raises(TypeError, match="plugin 'missing'"):
        registry.for_object(Dominoes(2))


@pytest.mark.slow
def test_the_command_lists_broken_plugins_and_keeps_working(broken_install):
    """`exactcover plugins` lists the broken ones with distribution and error; other types still solve."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(broken_install), os.environ.get("PYTHONPATH")]))}
    env.pop("EXACTCOVER_LOAD_PLUGINS", None)
    command = [sys.executable, "-m", "exactcover"]
    listed = subprocess.run([*command, "plugins"], env=env, capture_output=True, text=True)
    assert listed.returncode == 0 and "queens" in listed.stdout
    assert "broken: plugin 'missing' (no_such_module_here, from brokenplug 1.2)" in listed.stdout
    assert "EXACTCOVER_LOAD_PLUGINS" in listed.stdout
    solved = subprocess.run([*command, "count", "queens", "6"], env=env, capture_output=True, text=True)
    assert solved.returncode == 0 and solved.stdout == "4\n"
    refused = subprocess.run([*command, "solve", "raiser", "x"], env=env, capture_output=True, text=True)
    assert refused.returncode == 2 and "the raiser is broken" in refused.stderr and "Traceback" not in refused.stderr
