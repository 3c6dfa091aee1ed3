"""The package's layers: the model does not import the formats, the core does not import the
plugins (the bundled problem types are plugins like any other)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "exactcover"


def imports(module: str) -> set[str]:
    """The exactcover modules ``module`` imports (at any depth of its code, lazily too)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level == 1:
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
    for path in PACKAGE.glob("*.py"):
        assert not imports(path.stem) & plugins, path.name


def test_the_model_and_the_format_depend_only_on_the_model():
    assert imports("matrix") <= {"errors"}
    assert imports("knuth") <= {"errors", "matrix", "textinput"}
    assert imports("family") <= {"errors", "matrix", "textinput"}
