"""The package's layers: the model does not import the formats, the core does not import the
plugins (the bundled problem types are plugins like any other)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "exactcover"
#: The packages of the project: the library and the bundled plugins.
PACKAGES = ("exactcover", "exactcover_sudoku", "exactcover_queens", "exactcover_polyomino")


def modules() -> dict[str, Path]:
    """Every module of the package, by its name inside it ("solver", "cli.declared")."""
    return {".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__"): path
            for path in PACKAGE.rglob("*.py")}


def imports(module: str, run_time: bool = False) -> set[str]:
    """The exactcover modules ``module`` imports (at any depth of its code, lazily too), by
    their top-level name in the package; with ``run_time``, not those only a type checker
    reads (under ``if TYPE_CHECKING:``)."""
    path = modules()[module]
    tree = ast.parse(path.read_text())
    depth = len(path.relative_to(PACKAGE).parts) - 1  # (a module of a subpackage: .. is the package)
    typing_only = {id(inner) for node in ast.walk(tree)
                   if run_time and isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
                   for inner in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level == 1 + depth:
                found.add(name.split(".")[0] if name else "")
                found.update(alias.name for alias in node.names if not name)
            elif name.startswith("exactcover."):
                found.add(name.split(".")[1])
            elif name == "exactcover":
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[1] for alias in node.names if alias.name.startswith("exactcover."))
    return found - {""}


def plugin_modules() -> set[str]:
    """The modules with a function decorated ``@hookimpl``."""
    def is_plugin(path: Path) -> bool:
        return any(isinstance(node, ast.FunctionDef) and any(getattr(d, "id", None) == "hookimpl" for d in node.decorator_list)
                   for node in ast.walk(ast.parse(path.read_text())))

    return {path.stem for path in PACKAGE.glob("*.py") if is_plugin(path)}


def test_the_bundled_problem_types_are_the_plugin_modules():
    assert plugin_modules() == {"dlx", "subsets"}


def test_no_module_imports_a_plugin_module():
    plugins = plugin_modules()
    for module in modules():
        assert not imports(module) & plugins, module


def test_the_library_does_not_import_the_command_line():
    """The command line sits on the library: nothing under it imports cli, and solving a
    plugin's problem (every plugin loaded) imports neither click nor rich."""
    for module in modules():
        if not module.startswith("cli") and module != "__main__":
            assert "cli" not in imports(module), module
    code = ("import sys, exactcover; from exactcover_polyomino import make; exactcover.count(make('3x20'));"
            "print(sorted(m for m in ('click', 'rich') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"


def test_the_bundled_plugins_import_only_public_names():
    """exactcover_sudoku, _queens and _polyomino import exactcover's public modules only."""
    public = {"exactcover", "exactcover.commandline", "exactcover.hookspecs", "exactcover.textinput", "exactcover.errors",
              "exactcover.cli", "exactcover.lines"}
    for package in ("exactcover_sudoku", "exactcover_queens", "exactcover_polyomino"):
        for path in (PACKAGE.parent / package).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("exactcover"):
                    assert node.module in public or not node.module.startswith("exactcover."), (path.name, node.module)


def test_the_model_and_the_format_depend_only_on_the_model():
    assert imports("matrix") <= {"errors", "picture", "inputs", "reduction"}  # (its drawing, its readers of
    # arrays and its reduction, lazily)
    assert imports("reduction", run_time=True) <= {"errors", "engines", "contract"}  # (the engines reduce)
    assert imports("inputs") <= {"errors", "matrix"}
    assert imports("picture") <= {"matrix"}
    assert imports("knuth") <= {"errors", "matrix", "textinput"}
    assert imports("family") <= {"errors", "matrix", "textinput"}


def test_dir_lists_every_public_name_without_importing_the_lazy_ones():
    """dir(exactcover) lists every name of __all__, the lazy ones (Subsets, read_dlx, ...)
    included, and listing them imports none of their modules."""
    code = ("import sys, exactcover; names = dir(exactcover); "
            "print(sorted(set(exactcover.__all__) - set(names)), 'exactcover.family' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[] False\n"


def test_no_circles():
    """No module needs, at run time (lazily included), a module that needs it back, whatever
    the path between them, in the library, its subpackages and the bundled plugins: each can
    be read, tested and replaced on its own. The graph is grimp's (import-linter's), which
    reads every import of a module's code; an import under ``if TYPE_CHECKING:`` is left out
    (each says why it is there)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True, cache_dir=None)
    circles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
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
