"""The package's layers: the folders of src/exactcover, the import contracts of
pyproject.toml between them, no circles, and the bundled problem types plugins like any
other."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "exactcover"
#: The packages of the project: the library and the bundled plugins.
PACKAGES = ("exactcover", "exactcover_sudoku", "exactcover_queens", "exactcover_polyomino")


def graph(for_type_checkers: bool = False):  # type: ignore[no-untyped-def]
    """The imports among the project's modules, lazy ones included: grimp's graph. Those only
    a type checker reads (under ``if TYPE_CHECKING:``, each saying why) are left out unless
    ``for_type_checkers`` (the contracts count them: see `test_no_import_runs_up_a_layer`)."""
    grimp = pytest.importorskip("grimp")
    return grimp.build_graph(*PACKAGES, exclude_type_checking_imports=not for_type_checkers, cache_dir=None)


def plugin_modules() -> set[str]:
    """The library's modules with a function decorated ``@hookimpl``."""
    def is_plugin(path: Path) -> bool:
        return any(isinstance(node, ast.FunctionDef) and any(getattr(d, "id", None) == "hookimpl" for d in node.decorator_list)
                   for node in ast.walk(ast.parse(path.read_text())))

    return {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
            for path in PACKAGE.rglob("*.py") if is_plugin(path)}


def test_the_bundled_problem_types_are_plugins_in_their_folder():
    assert plugin_modules() == {"exactcover.plugins.dlx", "exactcover.plugins.subsets"}


def test_no_module_imports_a_plugin_module():
    """The bundled types are found through their entry points, as a third party's are."""
    imports = graph()
    for plugin in plugin_modules():
        assert imports.find_modules_that_directly_import(plugin) == set(), plugin


def test_every_folder_says_what_it_owns_and_what_it_may_import():
    """Each subpackage opens with a docstring of what it holds and what it may import."""
    for init in PACKAGE.glob("*/__init__.py"):
        docstring = ast.get_docstring(ast.parse(init.read_text())) or ""
        assert len(docstring.split()) >= 40 and "import" in docstring, init.parent.name


def test_the_command_line_loads_only_for_the_command():
    """Solving a plugin's problem (every plugin loaded) imports neither click nor rich (the
    layers contract keeps the library's modules off ``exactcover.cli``)."""
    code = ("import sys, exactcover; from exactcover_polyomino import make; exactcover.count(make('3x20'));"
            "print(sorted(m for m in ('click', 'rich') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"


def test_the_bundled_plugins_import_only_public_names():
    """exactcover_sudoku, _queens and _polyomino import exactcover's public modules only."""
    public = {"exactcover", "exactcover.commandline", "exactcover.hookspecs", "exactcover.textinput", "exactcover.errors",
              "exactcover.puzzlink",
              "exactcover.cli", "exactcover.lines"}
    for package in ("exactcover_sudoku", "exactcover_queens", "exactcover_polyomino"):
        for path in (PACKAGE.parent / package).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("exactcover"):
                    assert node.module in public or not node.module.startswith("exactcover."), (path.name, node.module)


def test_dir_lists_every_public_name_without_importing_the_lazy_ones():
    """dir(exactcover) lists every name of __all__, the lazy ones (Subsets, read_dlx, ...)
    included, and listing them imports none of their modules."""
    code = ("import sys, exactcover; names = dir(exactcover); "
            "print(sorted(set(exactcover.__all__) - set(names)), 'exactcover.model.family' in sys.modules, "
            "sorted(n for n in names if not n.startswith('__') and n not in exactcover.__all__))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[] False []\n"  # (nor the names its code imports: Any, TYPE_CHECKING, annotations)


def test_no_circles():
    """No module needs, at run time (lazily included), a module that needs it back, whatever
    the path between them, in the library, its subpackages and the bundled plugins: each can
    be read, tested and replaced on its own."""
    imports = graph()
    circles = []
    for module in sorted(imports.modules):
        for imported in sorted(imports.find_modules_directly_imported_by(module)):
            back = imports.find_shortest_chain(importer=imported, imported=module)
            if back is not None:
                circles.append(" -> ".join((module, *back)))
    assert circles == []


def test_the_import_contracts_hold():
    """pyproject.toml's import-linter contracts (the command line on top of the library, the
    engines below the search front, the model below both, the bundled plugins apart): what
    `lint-imports` says, from this test so that the README's test command checks them."""
    pytest.importorskip("importlinter")
    root = PACKAGE.parent.parent
    done = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                           "sys.argv = ['lint-imports', '--no-cache']; lint_imports_command()"],
                          capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_no_import_runs_up_a_layer():
    """No module imports a module of a layer above its own, lazily or for a type checker
    alone (an annotation that names a class of the front is a dependency on the front all the
    same): counted here on the whole graph, and pyproject.toml's contracts count them too."""
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((PACKAGE.parent.parent / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["exclude_type_checking_imports"] is False
    rank = {f"exactcover.{name}": height for height, siblings in enumerate(reversed(layers_tool().layers()))
            for name in siblings}

    def layer(module: str) -> int | None:
        parts = module.split(".")
        return rank.get(".".join(parts[:2])) if parts[0] == "exactcover" else None

    imports = graph(for_type_checkers=True)
    upward = sorted(f"{importer} -> {imported}" for importer in imports.modules
                    for imported in imports.find_modules_directly_imported_by(importer)
                    if None not in (layer(importer), layer(imported)) and layer(imported) > layer(importer))
    assert upward == []


def test_every_import_for_a_type_checker_says_why():
    """An import under ``if TYPE_CHECKING:`` hides a dependency from the graph above, so each
    says why it is not a plain import: the module imported needs this one (a circle at run
    time), or it is loaded on first use (keeping start-up light)."""
    unexplained = []
    for path in PACKAGE.parent.rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.startswith("if TYPE_CHECKING:") and not re.search(r"#\s*\(.+\)", line):
                body = path.read_text().splitlines()[number:number + 12]
                if any(row.strip().startswith(("from ", "import ")) for row in body if row.startswith("    ")):
                    unexplained.append(f"{path.relative_to(PACKAGE.parent)}:{number}")
    assert unexplained == []


def layers_tool():  # type: ignore[no-untyped-def]
    """tools/layers.py, which reads pyproject.toml's layers contract (with tomllib: Python 3.11
    and later) and draws it."""
    import importlib.util

    pytest.importorskip("tomllib")
    spec = importlib.util.spec_from_file_location("layers", PACKAGE.parent.parent / "tools" / "layers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_picture_of_the_layers_is_todays():
    """docs/diagrams/layers.svg is what tools/layers.py draws from the contract and the tree now
    (run it after adding a module or changing a layer)."""
    tool = layers_tool()
    assert tool.draw() == tool.IMAGE.read_text()


def test_the_architecture_page_names_every_layer():
    """docs/architecture.md's table has a row for each layer of the contract, naming each of
    its folders and modules."""
    layers = layers_tool().layers()  # (top first, each a list of its siblings)
    rows = [line for line in (PACKAGE.parent.parent / "docs" / "architecture.md").read_text().splitlines()
            if line.startswith("| `")]
    assert len(rows) == len(layers)
    for siblings, row in zip(reversed(layers), rows):
        for name in siblings:
            shown = f"`{name}/`" if (PACKAGE / name).is_dir() else f"`{name}.py`"
            assert shown in row.split("|")[1], (siblings, row)
