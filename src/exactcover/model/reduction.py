"""A problem made smaller with the same solutions: `Matrix.reduce`, Knuth's preprocessing
(his DLX-PRE's blocking and forcing), and the map back to the original problem.

The rules (``pydlx/reduce.py`` says them in full) only take options out and items out of
options, so the reduced problem's options keep their labels, and its solutions, as sets of
labels, are the original's: the map back is the givens put in front. Givens and exclusions
are applied first (the givens chosen, their items and every option that clashes with them
taken out; the excluded options taken out), so that the rules work on what is left.

>>> from exactcover import Matrix
>>> m = Matrix(list("ABCDE"), [list("CEF"), list("ADG"), list("BCF"),
...                            list("AD"), list("BG"), list("DEG")],
...            secondary=list("FG"))
>>> reduction = m.reduce()
>>> reduction.matrix
Matrix(primary=3, secondary=0, options=3, entries=3)
>>> {option.label: option.items for option in reduction.matrix.options}
{0: ('E',), 3: ('A',), 4: ('B',)}
>>> reduction.removed[5], reduction.items_removed["D"]
(Removal(why='forced', item='D'), Removal(why='forced', item='A'))
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from ..engines.contract import refuse
from ..errors import GivenAndExcluded, GivensClash, UnknownOption

if TYPE_CHECKING:  # (for annotations only: matrix needs this module)
    from .matrix import Matrix, Option

__all__ = ["Reduction", "Removal", "reduce_matrix"]

#: Why an option or an item went (`Removal.why`).
WHY_OPTION = {1: "forced", 2: "blocked", 3: "no primary item"}
WHY_ITEM = {1: "forced", 4: "unused"}


@attrs.frozen
class Removal:
    """Why an option or an item went, and the item that says so:

    * an option ``"forced"``: it holds ``item``, which a primary item forces (every option
      of that primary item holds it), and not that primary item;
    * an option ``"blocked"``: choosing it would leave primary ``item`` with no option;
    * an option with ``"no primary item"`` (a search never chooses it; ``item`` None);
    * an option ``"given"``, or one that ``"clashes with a given"`` (``item``: where), or
      ``"excluded"``;
    * an item ``"forced"`` by primary ``item`` (covering that one covers it); an item
      ``"given"`` (covered by a given, ``item`` None) or ``"unused"`` (in no option left).
    """

    why: str
    item: Hashable | None = None


@attrs.frozen
class Reduction:
    """A problem made smaller with the same solutions (`Matrix.reduce`).

    ``matrix`` is the reduced problem: its options keep their labels (with fewer items,
    perhaps), so a solution of it, with ``givens`` in front (`solution`), is a solution of
    ``original``, and every solution of ``original`` with those givens is one of these.
    ``removed`` and ``items_removed`` say what went and why (`Removal`), in the order it
    went. ``infeasible`` is the primary item left without options when the problem has no
    solution outright (the reduced matrix is then that item alone), else None. ``rounds``
    counts the rounds begun; ``complete`` says whether the last changed nothing or there is
    no solution (False when a budget stopped the reduction: what went, went rightly). ``seconds``: the time taken.
    """

    original: Matrix
    matrix: Matrix
    givens: tuple[Hashable, ...]
    removed: Mapping[Hashable, Removal]
    items_removed: Mapping[Hashable, Removal]
    infeasible: Hashable | None
    rounds: int
    complete: bool
    seconds: float

    def solution(self, reduced: Iterable[Hashable]) -> tuple[Hashable, ...]:
        """A solution of the original problem from one of the reduced matrix."""
        return self.givens + tuple(reduced)

    def givens_cost(self) -> int:
        """What the givens cost (`Matrix.costs` of ``original``): a solution of the reduced
        matrix costs this much less than the original's solution it stands for."""
        return sum(self.original.cost_of(label) for label in self.givens)

    def summary(self) -> str:
        """What went, in a line (as the command says it)."""
        why = [r.why for r in self.removed.values()]
        counts = ", ".join(f"{why.count(w)} {w}" for w in dict.fromkeys(why))
        done = "" if self.complete else " (stopped by its budget)"
        end = f"; no solution: item {self.infeasible!r} has no option left" if self.infeasible is not None else ""
        return (f"removed {_many(len(self.removed), 'option')}{f' ({counts})' if counts else ''} and "
                f"{_many(len(self.items_removed), 'item')} in {_many(self.rounds, 'round')}{done}{end}")

    def __repr__(self) -> str:
        forced = sum(r.why == "forced" for r in self.removed.values())
        blocked = sum(r.why == "blocked" for r in self.removed.values())
        return (f"<Reduction: {len(self.removed)} options removed ({forced} forced, {blocked} blocked), "
                f"{len(self.items_removed)} items, {self.rounds} rounds{', no solution' if self.infeasible is not None else ''}>")


def _many(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def reduce_matrix(matrix: Matrix, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), *,
                  rounds: int | None = None, timeout: float | None = None, engine: str = "auto") -> Reduction:
    """`Matrix.reduce`: see there."""
    from .. import engines  # (on first use: the engine that reduces)
    from ..engines.contract import Reduced

    # (a loop's reduction would take out edges and colors the loop reads)
    refuse("reduce", "bounds" if matrix.bounds else None, "loop" if matrix.loop is not None else None)
    _check_budget(rounds, timeout)
    started = time.perf_counter()
    given, removed, items_removed, left = _apply_givens(matrix, givens, exclude)
    items = [i for i in matrix.items if i not in items_removed]
    primary = [i for i in matrix.primary if i not in items_removed]
    position = {item: k for k, item in enumerate(items)}
    colors: dict[Hashable, int] = {}
    starts, entries, tints = [0], [], []
    for option in left:
        for item, color in zip(option.items, option.colors):
            if item in position:
                entries.append(position[item])
                tints.append(0 if color is None else colors.setdefault(color, len(colors) + 1))
        starts.append(len(entries))
    dancer = engines.get(engine).Dancer(len(primary), len(items) - len(primary), starts, entries, tints)
    found = Reduced(*dancer.reduce(rounds or 0, timeout or 0.0))
    for k in found.order:
        removed[left[k].label] = Removal(WHY_OPTION[found.option_fate[k]],
                                         items[found.option_by[k] - 1] if found.option_by[k] else None)
    for i in found.item_order:
        items_removed[items[i - 1]] = Removal(WHY_ITEM[found.item_fate[i]],
                                              items[found.item_by[i] - 1] if found.item_by[i] else None)
    infeasible = items[found.infeasible - 1] if found.infeasible else None
    costs = dict(matrix.costs)
    # (attrs.evolve makes the new Matrix without this module importing matrix.py, which imports it)
    if infeasible is not None:
        reduced = attrs.evolve(matrix, primary=[infeasible], options=[], secondary=[], costs=None,
                               priority=[infeasible] if infeasible in matrix.priority else [])
    else:
        kept = [option for k, option in enumerate(left) if not found.option_fate[k]]
        reduced = attrs.evolve(matrix, primary=[i for i in primary if i not in items_removed],
                               options={option.label: _without(option, items_removed) for option in kept},
                               secondary=[i for i in items[len(primary):] if i not in items_removed],
                               costs={o.label: costs[o.label] for o in kept if o.label in costs},
                               priority=[i for i in matrix.priority if i not in items_removed])
    return Reduction(matrix, reduced, given, removed, items_removed, infeasible, found.rounds,
                     found.complete, time.perf_counter() - started)


def _without(option: Option, gone: Mapping[Hashable, Removal]) -> dict[Hashable, Hashable | None]:
    """``option``'s items and colors but those that went."""
    return {item: color for item, color in zip(option.items, option.colors) if item not in gone}


def _apply_givens(matrix: Matrix, givens: Iterable[Hashable], exclude: Iterable[Hashable]) -> tuple[
        tuple[Hashable, ...], dict[Hashable, Removal], dict[Hashable, Removal], list[Option]]:
    """The givens (checked), what they and the exclusions take out, and the options left."""
    given, excluded = tuple(givens), set(exclude)
    for role, labels in (("given", given), ("excluded", excluded)):
        for label in labels:
            try:
                matrix.option(label)
            except ValueError:
                raise UnknownOption(label, role) from None
    held: dict[Hashable, tuple[Hashable, Hashable | None]] = {}  # item -> (the given, its color)
    removed: dict[Hashable, Removal] = {}
    for label in given:
        if label in excluded:
            raise GivenAndExcluded(label)
        option = matrix.option(label)
        for item, color in zip(option.items, option.colors):
            if item in held and (color is None or held[item][1] != color or held[item][0] == label):
                raise GivensClash(held[item][0], label, item)
            held[item] = (label, color)
        removed[label] = Removal("given")
    items_removed = {item: Removal("given") for item, (_, color) in held.items() if color is None}
    left = []
    for option in matrix.options:
        if option.label in removed:
            continue
        if option.label in excluded:
            removed[option.label] = Removal("excluded")
            continue
        clash = next((item for item, color in zip(option.items, option.colors)
                      if item in held and (color is None or held[item][1] != color)), None)
        if clash is not None:
            removed[option.label] = Removal("clashes with a given", clash)
        else:
            left.append(option)
    return given, removed, items_removed, left


def _check_budget(rounds: int | None, timeout: float | None) -> None:
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1):
        raise ValueError(f"rounds must be a positive int or None, not {rounds!r}")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
