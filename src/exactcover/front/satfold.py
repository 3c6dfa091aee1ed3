"""Options the SAT solver needs no variable for: those told apart by the colors they give.

A primary item whose every option covers it and colors the same secondary items S (and
nothing else), each option with colors of its own, is covered once in every solution, so
each item of S has exactly one of the colors its options give it, and which option is
chosen is which colors S has. Its options' variables are then left out of the CNF: in
their place, each item of S has one of its colors (a clause of its color variables) and
the combinations of colors that no option gives are forbidden (a clause each). A
slitherlink's dots and numbered cells are such items, and so are a masyu's plain cells: on
the largest published slitherlink the CNF loses more than two thirds of its clauses, and
the solver more than half its time (benchmarks/README.md, puzzle_dataset.py).

`exactcover.front.satcnf` asks `Folded` which options to leave out, adds its clauses, and
reads the options of a model back from its colors. Items are their positions in the
matrix's items, as `exactcover.model.matrix.item_positions` gives them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import product, repeat
from math import prod
from operator import itemgetter

import attrs

from ..model.matrix import Matrix

__all__ = ["Folded"]

#: The most combinations of colors an item's S may have to be folded: one clause each is
#: added for those no option gives (a grid's dot has 16 on four edges).
MOST = 64


class Folded:
    """The items of ``matrix`` whose options are folded into their colors (see the module),
    none with bounds; ``places`` are the positions of the options' items, in turn."""

    def __init__(self, matrix: Matrix, places: Sequence[int]) -> None:
        #: item -> its S, its shape, and its options' numbers in the shape's order
        self.items: dict[int, tuple[tuple[int, ...], _Shape, tuple[int, ...]]] = {}
        #: the folded options' numbers -> their item and the index of their way in its shape
        self.options: dict[int, tuple[int, int]] = {}
        self._colors: dict[int, tuple[int, ...]] = {}  # item -> its S's colors' variables (`clauses`)
        self._shapes: dict[tuple[tuple[Hashable, ...], ...], _Shape | None] = {}
        primary = len(matrix.primary)
        refused = {matrix.position(item) for item, _ in matrix.bounds}
        spread: dict[int, list[tuple[int, Sequence[int], tuple[Hashable, ...]]]] = {}
        start = 0
        for k, option in enumerate(matrix.options, 1):
            colors = option.colors
            at = places[start:start + len(colors)]
            start += len(colors)
            # (an option of one primary item, all its other items colored: secondary ones)
            if colors.count(None) == 1 and (mine := at[colors.index(None)]) < primary:
                spread.setdefault(mine, []).append((k, at, colors))
            else:
                refused.update(p for p in at if p < primary)
        for item, options in spread.items():
            if item not in refused:
                self._fold(item, options)

    def _fold(self, item: int, options: list[tuple[int, Sequence[int], tuple[Hashable, ...]]]) -> None:
        """Folds ``item`` if its ``options`` (number, items, colors) color the same other
        items, each its own way, with at most `MOST` combinations of colors."""
        first = options[0][1]
        one = options[0][2].index(None)
        cover = (*first[:one], *first[one + 1:])
        ways: dict[tuple[Hashable, ...], int] = {}
        for k, at, colors in options:
            if at != first:  # (the same items in another order, or others)
                if len(at) != len(first) or set(at) != set(first):
                    return
                colors = tuple(dict(zip(at, colors))[s] for s in first)
            ways[colors[1:] if one == 0 else colors[:one] + colors[one + 1:]] = k
        if len(ways) < len(options):  # (two options alike: a solution for each)
            return
        key = tuple(ways)
        if key not in self._shapes:
            self._shapes[key] = _Shape.of(key)
        shape = self._shapes[key]
        if shape is not None:
            numbers = tuple(ways.values())
            self.items[item] = (cover, shape, numbers)
            self.options.update(zip(numbers, zip(repeat(item), range(len(numbers)))))

    @property
    def colored(self) -> set[int]:
        """The secondary items whose colors the folded options decide."""
        return {s for cover, _, _ in self.items.values() for s in cover}

    def clauses(self, tint: Callable[[int, Hashable], int], givens: Iterable[int] = (),
                exclude: Iterable[int] = ()) -> list[list[int]]:
        """The clauses in place of the folded options' (``tint(s, color)``: the variable of
        item s's color), with the folded options among ``givens`` chosen and among
        ``exclude`` not (option numbers)."""
        cnf: list[list[int]] = []
        seen: set[tuple[int, ...]] = set()
        for item, (cover, shape, _) in self.items.items():
            colors = [tuple([tint(s, color) for color in column]) for s, column in zip(cover, shape.columns)]
            for one in colors:
                if one not in seen:  # (at most one of them: the secondary item's clauses)
                    seen.add(one)
                    cnf.append(list(one))
            flat = self._colors[item] = sum(colors, ())
            if shape.left:
                negated = tuple([-v for v in flat])
                cnf += [list(get(negated)) for get in shape.left]
        cnf.extend([v] for k in givens for v in self.literals(k))
        cnf.extend([-v for v in self.literals(k)] for k in exclude)
        return cnf

    def literals(self, k: int) -> tuple[int, ...]:
        """The variables of the colors the folded option ``k`` gives (once `clauses` made them)."""
        item, j = self.options[k]
        return self.items[item][1].ways[j](self._colors[item])

    def chosen(self, model: Sequence[int]) -> list[int]:
        """The folded options of ``model`` (``model[v - 1] > 0`` when variable v is true), by
        number: of each item, the one whose colors ``model`` gives."""
        found = []
        for item, (_, shape, numbers) in self.items.items():
            true = tuple([i for i, v in enumerate(self._colors[item]) if model[v - 1] > 0])
            found.append(numbers[shape.index[true]])
        return found

    def __bool__(self) -> bool:
        return bool(self.items)

    def __repr__(self) -> str:
        return f"Folded({len(self.items)} items, {len(self.options)} options)"


@attrs.frozen(eq=False)
class _Shape:
    """What folded items with the same ways share (most of a grid's dots do), over the
    variables of their S's colors in a row, S's first item's colors first (``columns``):
    each way's variables (``ways``), as getters, and each combination of colors no option
    gives (``left``); ``index``: each way's positions in the row -> its index; ``colors``:
    each way's colors."""

    colors: tuple[tuple[Hashable, ...], ...]
    columns: tuple[tuple[Hashable, ...], ...]
    ways: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]
    left: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]
    index: dict[tuple[int, ...], int]

    @classmethod
    def of(cls, ways: tuple[tuple[Hashable, ...], ...]) -> _Shape | None:
        """The shape of ``ways`` (the colors of each option, in turn), or None if it has more
        than `MOST` combinations of colors."""
        columns = tuple(tuple(dict.fromkeys(column)) for column in zip(*ways))
        if prod(map(len, columns)) > MOST:
            return None
        starts = [sum(map(len, columns[:s])) for s in range(len(columns))]
        place = [{color: start + c for c, color in enumerate(column)} for start, column in zip(starts, columns)]
        mine = [tuple(at[color] for at, color in zip(place, way)) for way in ways]
        left = set(product(*(range(start, start + len(column)) for start, column in zip(starts, columns)))) - set(mine)
        return cls(ways, columns, tuple(map(_getter, mine)), tuple(map(_getter, sorted(left))),
                   {way: j for j, way in enumerate(mine)})


def _getter(places: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """The values at ``places`` of a tuple, as a tuple (`operator.itemgetter` gives one value
    alone for one place, and takes none)."""
    if len(places) < 2:
        return lambda values: tuple(values[p] for p in places)
    return itemgetter(*places)
