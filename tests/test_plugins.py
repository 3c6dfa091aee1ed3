"""Tests for exactcover.plugins and the plugin paths of solve / solutions / count."""

from __future__ import annotations

import os
import subprocess
import sys

import attrs
import pytest

import exactcover
from exactcover import Encoding, Matrix, PluginError, ProblemType, hookimpl
from exactcover.plugins import Registry, make_manager


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
            parse=lambda args: Dominoes(int(args[0])),
            usage="N",
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
    assert names["subsets"] == "exactcover.subsets" and names["dlx"] == "exactcover.dlx"
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
    """Two plugins registering one name is an error naming both."""
    registry = Registry()
    registry.register(DominoPlugin(), name="first")
    registry.register(DominoPlugin(), name="second")
    with pytest.raises(PluginError, match="'dominoes' is registered by both plugin 'first' and plugin 'second'"):
        registry.types


def test_broken_plugin_is_named():
    """A plugin raising in its hook gives an error that names the plugin."""

    class Broken:
        @hookimpl
        def register_problem_types(self, register):
            raise RuntimeError("boom")

    registry = Registry()
    registry.register(Broken(), name="broken-plugin")
    with pytest.raises(PluginError, match="plugin 'broken-plugin' failed in register_problem_types: RuntimeError: boom"):
        registry.types


def test_registering_something_else_is_named():
    """register() with anything but a ProblemType is an error naming the plugin."""

    class Sloppy:
        @hookimpl
        def register_problem_types(self, register):
            register("sudoku")

    registry = Registry()
    registry.register(Sloppy(), name="sloppy")
    with pytest.raises(PluginError, match="plugin 'sloppy' registered 'sudoku', which is not a ProblemType"):
        registry.types


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
        from exactcover.api import solver_for

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
    code = "from exactcover.plugins import Registry, make_manager; print(sorted(Registry(make_manager()).types))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "EXACTCOVER_LOAD_PLUGINS": value},
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(expected)


def test_make_manager_without_entry_points():
    """make_manager(load_entry_points=False) has the specs and no plugins."""
    manager = make_manager(load_entry_points=False)
    assert manager.get_plugins() == set()
    assert hasattr(manager.hook, "register_problem_types")
