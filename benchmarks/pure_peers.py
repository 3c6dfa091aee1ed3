"""Two plain pure-Python exact cover solvers, written for benchmarks/pure.py as yardsticks.

``FlatDLX`` is dancing links as most people would write it after reading Knuth's paper: four
flat lists of links (left, right, up, down), a list of each node's item and one of each
item's length, recursion, the item with fewest options first. ``dict_x`` is Algorithm X on a
dict of sets (item -> the options that contain it), the other well-known way to write it in
Python. Both take secondary items (covered at most once, never chosen to branch on). Neither
is part of exactcover; they set the bar its pure-Python engine must clear.
"""

from __future__ import annotations


class FlatDLX:
    """Dancing links on flat lists; node 0 is the root, 1..N the item headers."""

    def __init__(self, primary: list[str], secondary: list[str], options: list[list[str]]):
        names = primary + secondary
        n = len(names)
        index = {name: k + 1 for k, name in enumerate(names)}
        self.L = [n1 - 1 for n1 in range(n + 1)]  # primary headers in the root's ring
        self.R = [k + 1 for k in range(n + 1)]
        self.L[0], self.R[len(primary)] = len(primary), 0
        for k in range(len(primary) + 1, n + 1):  # secondary headers: each its own ring
            self.L[k] = self.R[k] = k
        self.U, self.D, self.C = list(range(n + 1)), list(range(n + 1)), list(range(n + 1))
        self.S, self.row = [0] * (n + 1), [-1] * (n + 1)
        for number, option in enumerate(options):
            first = len(self.C)
            for name in option:
                item, node = index[name], len(self.C)
                self.C.append(item)
                self.row.append(number)
                self.U.append(self.U[item])
                self.D.append(item)
                self.D[self.U[item]] = node
                self.U[item] = node
                self.S[item] += 1
                self.L.append(node - 1 if node > first else first + len(option) - 1)
                self.R.append(node + 1 if node < first + len(option) - 1 else first)

    def cover(self, c: int) -> None:
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        L[R[c]], R[L[c]] = L[c], R[c]
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                U[D[j]], D[U[j]] = U[j], D[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(self, c: int) -> None:
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = D[U[j]] = j
                j = L[j]
            i = U[i]
        L[R[c]] = R[L[c]] = c

    def search(self, first: bool) -> int:
        """The number of solutions (at most 1 when ``first``)."""
        R, D, C, S = self.R, self.D, self.C, self.S
        if R[0] == 0:
            return 1
        c, j = R[0], R[R[0]]
        while j:
            if S[j] < S[c]:
                c = j
            j = R[j]
        self.cover(c)
        found, r = 0, D[c]
        while r != c:
            j = self.R[r]
            while j != r:
                self.cover(C[j])
                j = R[j]
            found += self.search(first)
            j = self.L[r]
            while j != r:
                self.uncover(C[j])
                j = self.L[j]
            if found and first:
                break
            r = D[r]
        self.uncover(c)
        return found


def dict_x(primary: list[str], secondary: list[str], options: list[list[str]], first: bool) -> int:
    """Algorithm X on a dict of sets: the number of solutions (at most 1 when ``first``)."""
    X: dict[str, set[int]] = {item: set() for item in primary + secondary}
    for number, option in enumerate(options):
        for item in option:
            X[item].add(number)
    todo = set(primary)

    def select(r: int) -> list[set[int]]:
        removed = []
        for j in options[r]:
            for i in X[j]:
                for k in options[i]:
                    if k != j:
                        X[k].remove(i)
            removed.append(X.pop(j))
            todo.discard(j)
        return removed

    def deselect(r: int, removed: list[set[int]]) -> None:
        for j in reversed(options[r]):
            X[j] = removed.pop()
            if j in primary_set:
                todo.add(j)
            for i in X[j]:
                for k in options[i]:
                    if k != j:
                        X[k].add(i)

    def solve() -> int:
        if not todo:
            return 1
        c = min(todo, key=lambda item: len(X[item]))
        found = 0
        for r in list(X[c]):
            removed = select(r)
            found += solve()
            deselect(r, removed)
            if found and first:
                break
        return found

    primary_set = set(primary)
    return solve()
