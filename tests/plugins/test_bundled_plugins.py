"""The command line's short way to a bundled type: its plugin loaded alone, the entry points
read only when a lookup needs more, and the same answers as a registry that read them first."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest
from click.testing import CliRunner

from exactcover import PluginError
from exactcover.plugins import manager
from exactcover.cli import cli
from exactcover.plugins.manager import BUNDLED, Registry
from exactcover.version import DISTRIBUTION


@pytest.fixture
def fresh_default(monkeypatch):
    """A default registry not built yet (restored afterwards), all plugins allowed."""
    monkeypatch.setattr(manager, "_default", None)
    monkeypatch.delenv("EXACTCOVER_LOAD_PLUGINS", raising=False)


def loaded(registry: Registry) -> set[str]:
    return {name for name, _ in registry.manager.list_name_plugin()}


def test_the_table_of_bundled_plugins_is_the_installed_entry_points():
    """BUNDLED names this distribution's entry points, and each plugin registers the types it lists."""
    ours = {ep.name: ep.value for ep in entry_points(group="exactcover") if ep.dist and ep.dist.name == DISTRIBUTION}
    assert ours == {name: module for name, (module, _) in BUNDLED.items()}
    for name, (_, types) in BUNDLED.items():
        registry = Registry()
        registry.load_bundled(name)
        assert tuple(registry.types) == types and not registry.broken


def test_a_bundled_type_on_the_command_line_loads_its_plugin_alone(fresh_default):
    """`exactcover count queens 6` registers the queens plugin only and reads no entry points."""
    result = CliRunner().invoke(cli, ["count", "queens", "6"])
    assert (result.exit_code, result.output) == (0, "4\n")
    default = manager.registry("queens")
    assert loaded(default) == {"queens"} and default._unread
    assert default.sources["queens"][0] == DISTRIBUTION


def test_a_lookup_that_needs_more_reads_the_entry_points(fresh_default):
    """After the lone load, every other name, the list of types and the plugins' commands are there."""
    from exactcover_sudoku import Sudoku

    default = manager.registry("queens")
    assert loaded(default) == {"queens"}
    assert manager.registry("sudoku") is default and loaded(default) == {"queens", "sudoku"}
    assert default.for_object(Sudoku.parse("." * 81)).name == "sudoku"  # (by class: reads them)
    assert not default._unread and set(BUNDLED) <= loaded(default)
    assert {"dlx", "polyomino", "subsets"} <= set(default.types)


def test_an_unknown_name_after_the_lone_load_lists_every_type(fresh_default):
    manager.registry("queens")
    with pytest.raises(PluginError, match="unknown problem type 'nope'; known problem types: dlx, .*polyomino"):
        manager.registry("nope").get("nope")


def test_the_lone_load_keeps_to_the_plugins_allowed(fresh_default, monkeypatch):
    """EXACTCOVER_LOAD_PLUGINS without queens: no short way, and queens is unknown as before."""
    monkeypatch.setenv("EXACTCOVER_LOAD_PLUGINS", "dlx")
    default = manager.registry("queens")
    assert loaded(default) == {"dlx"} and not default._unread
    with pytest.raises(PluginError, match="unknown problem type 'queens'"):
        default.get("queens")


def test_a_plugin_claiming_a_bundled_name_is_the_one_refused(fresh_default, tmp_path, monkeypatch):
    """A third-party plugin that registers `queens` too is kept aside as broken once the entry points
    are read; the bundled queens still answers."""
    info = tmp_path / "rival-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rival\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[exactcover]\nrival = rival_plugin\n")
    (tmp_path / "rival_plugin.py").write_text(
        "import exactcover\nfrom exactcover_queens import Queens\n\n"
        "class Rival(Queens):\n    pass\n\n"
        "@exactcover.hookimpl\ndef register_problem_types(register):\n"
        "    register(exactcover.ProblemType(name='queens', summary='-', handles=Rival,\n"
        "                                    encode=lambda p: None, decode=lambda p, s: s))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    default = manager.registry("queens")
    assert "queens" in default.types  # (reads the entry points)
    assert "registered by both plugin 'queens' and plugin 'rival'" in default.broken["rival"].error
    assert default.plugin_of("queens") == "queens"
