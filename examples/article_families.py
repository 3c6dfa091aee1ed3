"""The seed article's two families of subsets of X = {1, 2, 3, 4, 5}, solved three ways.

Shows the same problem as a `Subsets` (the subsets plugin), as a `Matrix` of items and
options, and as a dense 0/1 array whose solutions are row indices.
"""

from __future__ import annotations

import exactcover
from exactcover import Matrix, Subsets

X = [1, 2, 3, 4, 5]
FAMILY_1 = {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []}
FAMILY_2 = {"S1": [1, 3, 5], "S2": [2], "S3": [2, 5], "S4": [2, 4], "S5": [1, 3, 4]}


def main() -> None:
    for name, family in (("first", FAMILY_1), ("second", FAMILY_2)):
        covers = [sorted(s) for s in exactcover.solutions(Subsets(X, family))]
        print(f"{name} family: {len(covers)} exact covers: {covers}")
        assert sorted(map(sorted, exactcover.solutions(Matrix(X, family)))) == sorted(covers)
    dense = [[1 if x in subset else 0 for x in X] for subset in FAMILY_1.values()]
    print("as a 0/1 array, the first family's covers are rows", sorted(exactcover.solutions(Matrix.from_dense(dense))))


if __name__ == "__main__":
    main()
