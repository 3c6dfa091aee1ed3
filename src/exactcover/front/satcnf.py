"""A matrix's exact cover problem as a CNF, for the SAT solver (`exactcover.front.sat`).

The encoding (Junttila and Kaski, "Exact Cover via Satisfiability", CP 2010): a variable
per option; per primary item, at least one of its options (a clause) and at most one (its
pairs for a few options, else PySAT's sequential counter, linear in the options), or
between lo and hi of them with bounds; per secondary item, at most one of its options
without a color and of one variable per color it is given (which each option with that
color implies); options without primary items false (a search never chooses them) unless
given; the givens true and the excluded options false. The options of an item that are
told apart by the colors they give need no variable (`exactcover.front.satfold`). A loop
is kept lazily (`exactcover.front.satloop`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from itertools import accumulate
from typing import Any

from ..errors import Unsupported
from ..model.matrix import Matrix, item_positions
from ..version import extra_hint
from .satfold import Folded

__all__ = ["Cnf", "option_starts", "pysat"]

#: The longest group of options encoded "at most one" by a sequential counter: PySAT makes
#: it in time quadratic in the group (50,000 options of one item took 31 s), so longer ones
#: are encoded as a ladder, in linear time (the solver's speed on either is about the same:
#: faster on some problems, slower on others).
LONG_GROUP = 2000
#: The longest group of options encoded "at most one" by its pairs (no counter's variables).
PAIRWISE = 8


def pysat() -> Any:
    """PySAT's modules, or `Unsupported` with the install hint."""
    try:
        import pysat.card  # noqa: F401
        import pysat.formula  # noqa: F401
    except ImportError:
        raise Unsupported("backend='sat' without PySAT", extra_hint("sat", "PySAT")) from None
    return pysat


def option_starts(matrix: Matrix) -> list[int]:
    """Where each option's items begin in `exactcover.model.matrix.item_positions`: option
    k's from starts[k - 1] to starts[k]."""
    return [0, *accumulate(len(option.colors) for option in matrix.options)]


class Cnf:
    """The CNF of ``matrix`` with ``givens`` and without ``exclude`` (see the module),
    `clauses`: options are numbered 1..n, and those not `folded` into their colors are
    variables 1..m, in turn (`var`); the other variables are from `pool` (PySAT's
    ``IDPool``). `tint` is a color's variable, `chosen` reads a model's options back and
    `blocking` forbids a solution found."""

    def __init__(self, matrix: Matrix, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = ()) -> None:
        self.matrix, self.n, self.items = matrix, len(matrix.options), matrix.items
        #: the positions of the options' items, in turn; option k's from starts[k - 1] to starts[k]
        self.places = places = item_positions(matrix)
        self.starts = option_starts(matrix)
        self.folded = Folded(matrix, places)
        #: option number -> its variable (0 for a folded option)
        self.var = [0] * (self.n + 1)
        #: variable -> its option's number (variables 1..m)
        self.option = [0]
        for k in range(1, self.n + 1):
            if k not in self.folded.options:
                self.var[k] = len(self.option)
                self.option.append(k)
        self.pool = pysat().formula.IDPool(start_from=len(self.option))
        #: item (its position) -> color -> its variable: true when a chosen option gives it
        self.tints: list[dict[Hashable, int]] = [{} for _ in matrix.items]
        #: item (its position) -> the variables of the options that cover it without a color
        self.plain: list[list[int]] = [[] for _ in matrix.items]
        number = {option.label: k for k, option in enumerate(matrix.options, 1)}
        given, excluded = [number[label] for label in givens], [number[label] for label in exclude]
        fold = self.folded.options
        self.clauses = self._options(places, set(given))
        # (the folded options' colors before the secondary items' clauses, which take them)
        self.clauses += self.folded.clauses(self._tint, [k for k in given if k in fold],
                                            [k for k in excluded if k in fold])
        self._items()
        self.clauses += [[self.var[k]] for k in given if k not in fold]
        self.clauses += [[-self.var[k]] for k in excluded if k not in fold]

    def tint(self, item: Hashable, color: Hashable) -> int:
        """The variable of ``item``'s ``color`` (made if no option gives it)."""
        return self._tint(self.matrix.position(item), color)

    def _tint(self, p: int, color: Hashable) -> int:
        mine = self.tints[p]
        if color not in mine:
            mine[color] = self.pool.id()
        return mine[color]

    def _options(self, places: Sequence[int], given: set[int]) -> list[list[int]]:
        """Each option's colors implied (but the folded ones'), its items listed in `plain`,
        and an option without primary items false unless ``given``."""
        cnf: list[list[int]] = []
        primary, fold, starts = len(self.matrix.primary), self.folded.options, self.starts
        for k, option in enumerate(self.matrix.options, 1):
            if k in fold:  # (its colors' variables are made by `Folded.clauses`)
                continue
            at, var = places[starts[k - 1]:starts[k]], self.var[k]
            for p, color in zip(at, option.colors):
                if color is None:
                    self.plain[p].append(var)
                else:
                    cnf.append([-var, self._tint(p, color)])
            if min(at, default=primary) >= primary and k not in given:  # (a given is chosen all the same)
                cnf.append([-var])
        return cnf

    def _items(self) -> None:
        """Each primary item covered once or within its bounds (but the folded ones), each
        secondary item at most once or with one color."""
        card = pysat().card
        bounds = {self.matrix.position(item): bound for item, bound in self.matrix.bounds}
        for p in range(len(self.matrix.primary)):
            literals = self.plain[p]
            if p in self.folded.items:
                continue
            if p not in bounds:
                self.clauses.append(literals)  # (empty for an item without options: no model)
                self._at_most_one(literals)
                continue
            lo, hi = bounds[p]
            if lo > len(literals):
                self.clauses.append([])  # (no model: too few options to cover it lo times)
            elif lo > 0:
                self.clauses += card.CardEnc.atleast(literals, lo, vpool=self.pool,
                                                     encoding=card.EncType.seqcounter).clauses
            if hi < len(literals):
                self.clauses += card.CardEnc.atmost(literals, hi, vpool=self.pool,
                                                    encoding=card.EncType.seqcounter).clauses
        for p in range(len(self.matrix.primary), len(self.matrix.items)):
            self._at_most_one(self.plain[p] + list(self.tints[p].values()))

    def _at_most_one(self, literals: list[int]) -> None:
        if 1 < len(literals) <= PAIRWISE:
            self.clauses += ([-a, -b] for k, a in enumerate(literals) for b in literals[k + 1:])
        elif len(literals) > 1:
            card = pysat().card
            kind = card.EncType.seqcounter if len(literals) <= LONG_GROUP else card.EncType.ladder
            self.clauses += card.CardEnc.atmost(literals, 1, vpool=self.pool, encoding=kind).clauses

    def chosen(self, model: Sequence[int]) -> list[int]:
        """The options ``model`` chooses (``model[v - 1] > 0`` when variable v is true), by number."""
        return sorted([self.option[v] for v in model[:len(self.option) - 1] if v > 0] + self.folded.chosen(model))

    def blocking(self, chosen: Sequence[int]) -> list[int]:
        """The clause that forbids the solution ``chosen`` (option numbers): one of its options
        must go (a folded one by a color changed); with bounds, where a solution may hold
        another, or another option come."""
        fold = self.folded.options
        clause = [-self.var[k] for k in chosen if k not in fold]
        # (an item's colors once, though several folded options give them)
        clause += dict.fromkeys(-v for k in chosen if k in fold for v in self.folded.literals(k))
        if self.matrix.bounds or not chosen:
            taken = set(chosen)
            clause += [v for v, k in enumerate(self.option) if v and k not in taken]
        return clause
