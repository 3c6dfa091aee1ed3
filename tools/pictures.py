"""Write the pictures the README shows (docs/images/*.svg), each exactly what a notebook
displays for the object (its _repr_svg_). Run: python tools/pictures.py"""

from __future__ import annotations

from pathlib import Path

import exactcover
from exactcover_loops import Masyu, Slitherlink
from exactcover_polyomino import make
from exactcover_queens import Queens
from exactcover_sudoku.variant_text import parse_extras, parse_jigsaw, parse_killer, parse_samurai

VARIANTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku" / "variants"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "data"

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"


def main(images: Path = IMAGES) -> None:
    family = exactcover.Matrix([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []})
    pictures = {
        "matrix": family.picture(exactcover.solve(family)),
        "queens": exactcover.solve(Queens(8, placed=[(0, 0), (1, 4)])),
        "pentominoes": exactcover.solve(make("8x8", "pentominoes", holes=[(3, 3), (3, 4), (4, 3), (4, 4)])),
        "hexiamonds": exactcover.solve(make("rhombus:6x6", "hexiamonds")),
        "soma": exactcover.solve(make("3x3x3", "soma")),
        "killer": exactcover.solve(parse_killer((VARIANTS / "killer_wikipedia.txt").read_text())),
        "jigsaw": parse_jigsaw((VARIANTS / "jigsaw_janko108.txt").read_text()),
        "windoku": parse_extras((VARIANTS / "windoku_example.txt").read_text(), ["windoku"]),
        "samurai": parse_samurai((VARIANTS / "samurai_samurai-sudoku-com.txt").read_text()),
        "slitherlink": exactcover.solve(Slitherlink.from_text((EXAMPLES / "slitherlink-janko-31.txt").read_text())),
        "slitherlink-3x3": exactcover.solve(Slitherlink.from_text(".3.\n3.3\n.3.")),
        "masyu": exactcover.solve(Masyu.from_text((EXAMPLES / "masyu-janko-2.txt").read_text())),
    }
    images.mkdir(parents=True, exist_ok=True)
    for name, shown in pictures.items():
        (images / f"{name}.svg").write_text(shown._repr_svg_() + "\n")
        print(images / f"{name}.svg")


if __name__ == "__main__":
    main()
