"""Solve a problem written in Knuth's text format (DLX1/DLX2) from Python.

Shows `read_dlx` (a path, an open file or the text itself), secondary items with colors,
counting and listing solutions, and `write_dlx` writing the format back.
"""

from __future__ import annotations

import exactcover
from exactcover import read_dlx, write_dlx

# Knuth's example from "Dancing Links", plus a colored secondary item x: options that share
# x must give it the same color.
TEXT = """| Knuth's example with a colored secondary item
a b c d e f g | x
c e x:red
a d g
b c f
a d f x:red
b g x:red
b g x:blue
d e g
"""


def main() -> None:
    matrix = read_dlx(TEXT)
    print(matrix)
    for solution in exactcover.solutions(matrix):
        print("solution:", " / ".join(" ".join(map(str, matrix.options[k].items)) for k in sorted(solution)))
    print("count:", exactcover.count(matrix))
    assert read_dlx(write_dlx(matrix)) == matrix  # the round trip is exact
    print(write_dlx(matrix), end="")


if __name__ == "__main__":
    main()
