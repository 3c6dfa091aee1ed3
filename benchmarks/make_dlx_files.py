"""Write the Knuth-format files that benchmarks/engine.py reads (benchmarks/data/*.dlx).

    python benchmarks/make_dlx_files.py

* langford8.dlx: Langford pairs for n = 8 (two copies of each k, k numbers apart): 300
  solutions (150 up to reversal).
* pentominoes6x10.dlx: the 12 pentominoes in a 6x10 box, the X piece kept in one quarter:
  2339 solutions, one per symmetry class (Knuth's example in "Dancing Links").
"""

from __future__ import annotations

import sys
from pathlib import Path

from exactcover import Matrix, write_dlx

HERE = Path(__file__).resolve().parent


def langford(n: int) -> Matrix:
    options = [[f"v{k}", f"s{left}", f"s{left + k + 1}"] for k in range(1, n + 1) for left in range(2 * n - k - 1)]
    return Matrix([f"v{k}" for k in range(1, n + 1)] + [f"s{s}" for s in range(2 * n)], options)


def pentominoes() -> Matrix:
    sys.path.insert(0, str(HERE.parent / "examples"))
    from pentominoes import Pentominoes, encode

    m = encode(Pentominoes(distinct=True))
    name = lambda item: item if isinstance(item, str) else f"r{item[0]}c{item[1]}"  # noqa: E731
    return Matrix([name(i) for i in m.primary], [[name(i) for i in o.items] for o in m.options])


def main() -> None:
    (HERE / "data").mkdir(exist_ok=True)
    for filename, matrix, comment in (
        ("langford8.dlx", langford(8), "Langford pairs, n = 8: 300 solutions"),
        ("pentominoes6x10.dlx", pentominoes(), "12 pentominoes in a 6x10 box, X in one quarter: 2339 solutions"),
    ):
        (HERE / "data" / filename).write_text(f"| {comment} (benchmarks/make_dlx_files.py)\n" + write_dlx(matrix))
        print(filename, matrix)


if __name__ == "__main__":
    main()
