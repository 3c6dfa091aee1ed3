"""The sudoku variants: each published puzzle of tests/data/sudoku/variants read, solved and
proven unique (median milliseconds, search nodes), and the generator's time per variant
(median over seeds) with the givens (and cages) it left.

    python benchmarks/variants.py [--repeats 5] [--seeds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import exactcover  # noqa: E402
from exactcover_sudoku.variant_generate import generate_jigsaw, generate_variant  # noqa: E402
from exactcover_sudoku.variant_text import parse_extras, parse_jigsaw, parse_killer, parse_samurai  # noqa: E402
from exactcover_sudoku.variants import Killer, Samurai, Variant  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "sudoku" / "variants"
READERS = {"x": lambda text: parse_extras(text, ["diagonal"]), "windoku": lambda text: parse_extras(text, ["windoku"]),
           "jigsaw": parse_jigsaw, "killer": parse_killer, "samurai": parse_samurai}


def templates() -> dict[str, Variant | None]:
    return {"diagonal": Variant.sudoku([0] * 81, extras=["diagonal"]),
            "windoku": Variant.sudoku([0] * 81, extras=["windoku"]),
            "jigsaw": None,  # (random regions: generate_jigsaw)
            "killer": Killer.make([0] * 81, []),
            "samurai": Samurai.empty()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'puzzle':34} {'read+solve+unique':>18} {'nodes':>7}")
    for path in sorted(DATA.glob("*_*.txt")):
        times = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            puzzle = READERS[path.name.split("_")[0]](path.read_text())
            prepared = exactcover.front.api.prepare(puzzle)
            assert prepared.count(limit=2) == 1
            times.append(time.perf_counter() - started)
        print(f"{path.name:34} {statistics.median(times) * 1e3:15.1f} ms {prepared.solver.stats.nodes:7}")
    print(f"\n{'generate':12} {'median s':>9} {'givens':>8} {'cages':>6}   (over {args.seeds} seeds)")
    for name, template in templates().items():
        times, givens, cages = [], [], []
        for seed in range(args.seeds):
            started = time.perf_counter()
            puzzle = generate_jigsaw(seed=seed) if template is None else generate_variant(template, seed)
            times.append(time.perf_counter() - started)
            givens.append(sum(1 for v in puzzle.cells if v))
            cages.append(len(puzzle.cages))
        print(f"{name:12} {statistics.median(times):9.2f} {statistics.median(givens):8} {statistics.median(cages):6}")


if __name__ == "__main__":
    main()
