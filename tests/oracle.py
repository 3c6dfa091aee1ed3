"""An independent oracle: what a solution is, checked without dancing links.

Used by the tests as the referee for both engines: `is_solution` checks one answer,
`brute_force` lists every solution of a small matrix by trying every subset of options.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from itertools import combinations

from exactcover import Matrix


def is_solution(matrix: Matrix, labels: Iterable[Hashable]) -> bool:
    """Whether the options ``labels`` cover every primary item exactly once (or, with bounds,
    between its lo and hi times), and every secondary item at most once or always with the
    same color."""
    by_label = {option.label: option for option in matrix.options}
    chosen = [by_label[label] for label in labels]
    if len({option.label for option in chosen}) != len(chosen):
        return False
    uses: dict[Hashable, list] = {}
    for option in chosen:
        for item, color in zip(option.items, option.colors):
            uses.setdefault(item, []).append(color)
    bounds = dict(matrix.bounds)
    for item in matrix.primary:
        lo, hi = bounds.get(item, (1, 1))
        if not lo <= len(uses.get(item, ())) <= hi:
            return False
    for item in matrix.secondary:
        colors = uses.get(item, [])
        if len(colors) > 1 and (None in colors or len(set(colors)) > 1):
            return False
    return True


def brute_force(matrix: Matrix, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = ()) -> set[frozenset]:
    """Every solution, as a set of frozensets of labels, without the options ``exclude``.
    Following Knuth, an option without a primary item is never chosen by the search (though
    it may be given)."""
    givens = list(givens)
    excluded = set(exclude)
    primary = set(matrix.primary)
    free = [
        option.label
        for option in matrix.options
        if option.label not in givens and option.label not in excluded and any(item in primary for item in option.items)
    ]
    found = set()
    for size in range(len(free) + 1):
        for subset in combinations(free, size):
            if is_solution(matrix, [*givens, *subset]):
                found.add(frozenset([*givens, *subset]))
    return found
