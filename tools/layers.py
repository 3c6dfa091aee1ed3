"""Draw the library's layers (docs/diagrams/layers.svg) from pyproject.toml's import-linter
"layers" contract and the modules on disk, so that the picture is the contract CI checks.
Run: python tools/layers.py"""

from __future__ import annotations

import ast
from html import escape
from pathlib import Path

import tomllib  # (Python 3.11 and later: the tool is for the project's developers)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "exactcover"
IMAGE = ROOT / "docs" / "diagrams" / "layers.svg"

WIDTH, ROW, GAP, LEFT = 760, 58, 10, 34
#: The fill of each kind of box: a folder (a subpackage) and a module at the package's top.
FOLDER, MODULE = "#dbe8f6", "#f3efe2"


def layers() -> list[list[str]]:
    """The contract's layers, top first, each a list of its siblings' names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers":
            return [[name.strip() for name in layer.replace("|", ":").split(":")] for layer in contract["layers"]]
    raise SystemExit("pyproject.toml has no layers contract")


def contents(name: str) -> str:
    """What a sibling holds: a folder's modules (and subfolders)."""
    folder = PACKAGE / name
    if not folder.is_dir():
        return ""
    inside = sorted(path.stem for path in folder.glob("*.py") if path.stem != "__init__")
    inside += sorted(f"{path.name}/" for path in folder.iterdir() if path.is_dir() and path.name != "__pycache__")
    return ", ".join(inside)


def box(x: float, y: float, width: float, name: str) -> list[str]:
    folder = (PACKAGE / name).is_dir()
    label = f"{name}/" if folder else f"{name}.py"
    parts = [f'<rect x="{x:.0f}" y="{y}" width="{width:.0f}" height="{ROW - GAP}" rx="6" '
             f'fill="{FOLDER if folder else MODULE}" stroke="#5a6b7d"/>',
             f'<text x="{x + 8:.0f}" y="{y + 19}" font-weight="bold">{escape(label)}</text>']
    inside = contents(name) or summary(name, int((width - 16) / 6))
    parts.append(f'<text x="{x + 8:.0f}" y="{y + 37}" font-size="11" fill="#333">{escape(inside)}</text>')
    return parts


def summary(name: str, most: int) -> str:
    """A module's docstring, its first words, cut to ``most`` characters."""
    words = ast.get_docstring(ast.parse((PACKAGE / f"{name}.py").read_text())) or ""
    words = " ".join(words.replace("`", "").split()).split(": ")[0].split(". ")[0].rstrip(".")
    return words if len(words) <= most else words[:most - 1].rsplit(" ", 1)[0] + "…"


def draw() -> str:
    """The picture, as SVG text."""
    rows = layers()
    height = len(rows) * ROW + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="13">',
             '<title>The layers of exactcover: each imports only those below it</title>',
             f'<line x1="14" y1="20" x2="14" y2="{height - 24}" stroke="#5a6b7d" stroke-width="2"/>',
             f'<polygon points="8,{height - 28} 20,{height - 28} 14,{height - 16}" fill="#5a6b7d"/>',
             f'<text x="22" y="{height - 8}" font-size="11" fill="#333">imports go down, never up</text>']
    for number, siblings in enumerate(rows):
        y = 10 + number * ROW
        weights = [6.2 * len(contents(name)) + 40 if (PACKAGE / name).is_dir() else 200 for name in siblings]
        x, room = LEFT, WIDTH - LEFT - 10 - GAP * (len(siblings) - 1)
        for name, weight in zip(siblings, weights):
            width = room * weight / sum(weights)
            parts += box(x, y, width, name)
            x += width + GAP
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    IMAGE.write_text(draw())
    print(f"wrote {IMAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
