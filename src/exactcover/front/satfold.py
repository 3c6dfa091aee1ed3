"""Options the SAT solver needs no variable for: those told apart by the colors they give.

A primary item whose every option covers it and colors the same secondary items S (and
nothing else), each option with colors of its own, is covered once in every solution, so
each item of S has exactly one of the colors its options give it, and which option is
chosen is which colors S has. Its options' variables are then left out of the CNF: in
their place, each item of S has one of its colors (a clause of its color variables) and
the combinations of colors that no option gives are forbidden (a clause each). A
slitherlink's dots and numbered cells are such items, and so are a masyu's plain cells: on
the largest published slitherlink the CNF loses two thirds of its clauses, and the solver
half its time (benchmarks/README.md).

`exactcover.front.satcnf` asks `Folded` which options to leave out, adds its clauses, and
reads the options of a model back from its colors. Items are their positions in the
matrix's items, as `exactcover.model.matrix.item_positions` gives them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import product
from math import prod

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
        #: item -> (S, the colors each option gives S -> the option's number)
        self.items: dict[int, tuple[tuple[int, ...], dict[tuple[Hashable, ...], int]]] = {}
        #: the folded options' numbers, to their colors' variables (once `clauses` made them)
        self.options: dict[int, tuple[int, ...]] = {}
        self._ways: list[tuple[tuple[int, ...], dict[tuple[int, ...], int]]] = []
        self._shapes: dict[tuple[tuple[Hashable, ...], ...], _Shape | None] = {}
        primary = len(matrix.primary)
        refused = {matrix.position(item) for item, _ in matrix.bounds}
        spread: dict[int, list[tuple[int, tuple[int, ...], tuple[Hashable, ...]]]] = {}
        start = 0
        for k, option in enumerate(matrix.options, 1):
            colors = option.colors
            at = places[start:start + len(colors)]
            start += len(colors)
            # (an option of one primary item, all its other items colored: secondary ones)
            if colors.count(None) == 1 and at[one := colors.index(None)] < primary:
                spread.setdefault(at[one], []).append((k, tuple(at[:one]) + tuple(at[one + 1:]),
                                                       colors[:one] + colors[one + 1:]))
            else:
                refused.update(p for p in at if p < primary)
        for item, options in spread.items():
            if item not in refused:
                self._fold(item, options)

    def _fold(self, item: int, options: list[tuple[int, tuple[int, ...], tuple[Hashable, ...]]]) -> None:
        """Folds ``item`` if its ``options`` (number, items, colors) color the same items, each
        its own way, with at most `MOST` combinations of colors."""
        cover = options[0][1]
        ways: dict[tuple[Hashable, ...], int] = {}
        for k, at, colors in options:
            if at != cover:
                if len(at) != len(cover) or set(at) != set(cover):
                    return
                colors = tuple(dict(zip(at, colors))[s] for s in cover)
            ways[colors] = k
        if len(ways) < len(options):  # (two options alike: a solution for each)
            return
        key = tuple(ways)
        if key not in self._shapes:
            self._shapes[key] = _Shape.of(key)
        if self._shapes[key] is not None:
            self.items[item] = (cover, ways)
            self.options.update((k, ()) for k in ways.values())

    @property
    def colored(self) -> set[int]:
        """The secondary items whose colors the folded options decide."""
        return {s for cover, _ in self.items.values() for s in cover}

    def clauses(self, tint: Callable[[int, Hashable], int], givens: Iterable[int] = (),
                exclude: Iterable[int] = ()) -> list[list[int]]:
        """The clauses in place of the folded options' (``tint(s, color)``: the variable of
        item s's color), with the folded options among ``givens`` chosen and among
        ``exclude`` not (option numbers)."""
        cnf: list[list[int]] = []
        seen: set[tuple[int, ...]] = set()
        for cover, ways in self.items.values():
            shape = self._shapes[tuple(ways)]
            assert shape is not None
            colors = [tuple(tint(s, color) for color in column) for s, column in zip(cover, shape.columns)]
            for one in colors:
                if one not in seen:  # (at most one of them: the secondary item's clauses)
                    seen.add(one)
                    cnf.append(list(one))
            chosen = {tuple(mine[c] for mine, c in zip(colors, way)): k for way, k in zip(shape.ways, ways.values())}
            self.options.update((k, way) for way, k in chosen.items())
            self._ways.append((sum(colors, ()), chosen))
            cnf.extend([-mine[c] for mine, c in zip(colors, way)] for way in shape.left)
        cnf.extend([v] for k in givens for v in self.options[k])
        cnf.extend([-v for v in self.options[k]] for k in exclude)
        return cnf

    def chosen(self, model: Sequence[int]) -> list[int]:
        """The folded options of ``model`` (``model[v - 1] > 0`` when variable v is true), by
        number: of each item, the one whose colors ``model`` gives."""
        return [ways[tuple(v for v in colors if model[v - 1] > 0)] for colors, ways in self._ways]

    def __bool__(self) -> bool:
        return bool(self.items)

    def __repr__(self) -> str:
        return f"Folded({len(self.items)} items, {len(self.options)} options)"


@attrs.frozen
class _Shape:
    """What folded items with the same ways share (most of a grid's dots do): the colors of
    each of their S (``columns``), each way as the index of its colors in the columns
    (``ways``), and the combinations no option gives (``left``, the same)."""

    columns: tuple[tuple[Hashable, ...], ...]
    ways: tuple[tuple[int, ...], ...]
    left: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, ways: tuple[tuple[Hashable, ...], ...]) -> _Shape | None:
        """The shape of ``ways`` (the colors of each option, in turn), or None if it has more
        than `MOST` combinations of colors."""
        columns = tuple(tuple(dict.fromkeys(column)) for column in zip(*ways))
        if prod(map(len, columns)) > MOST:
            return None
        index = [{color: c for c, color in enumerate(column)} for column in columns]
        mine = tuple(tuple(at[color] for at, color in zip(index, way)) for way in ways)
        given = set(mine)
        left = tuple(way for way in product(*(range(len(column)) for column in columns)) if way not in given)
        return cls(columns, mine, left)
