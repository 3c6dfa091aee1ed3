"""A matrix compiled for an engine: what every search of it starts from.

A `CompiledMatrix` turns a `Matrix` into an engine's arrays once (`contract.Compiled`) and
builds the engine's `Dancer` from them; it knows each option's label by its number and each
number by its label, and keeps the statistics of the search each thread started last. The
searches of this folder and of `exactcover.parallel` take one, and nothing more: the
front's `Solver` is a `CompiledMatrix` with the questions a caller asks
(`exactcover.front.solver`).
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Hashable, Iterable
from itertools import accumulate
from typing import Any, cast

from .. import engines
from ..engines.contract import Compiled, Dancer
from ..errors import GivenAndExcluded, GivensBreakLoop, GivensClash, GivensError, UnknownOption
from ..model.matrix import Matrix, item_positions
from .stats import Stats

__all__ = ["CompiledMatrix", "labelled"]


def _known(index: dict[Any, Any], label: Any) -> bool:
    try:
        return label in index
    except TypeError:
        return False


def _arrays(matrix: Matrix) -> tuple[array[int], array[int], array[int], dict[Hashable, int]]:
    """The options as the engines take them: where each option's items start, the items'
    positions, and their color numbers (0: none); and the colors' numbers. The matrix has
    checked every item and color."""
    options = matrix.options
    starts = array("i", accumulate((len(option.items) for option in options), initial=0))
    items = item_positions(matrix)
    number: dict[Hashable, int] = {}
    if all(option.colors.count(None) == len(option.colors) for option in options):
        return starts, items, array("i", [0]) * len(items), number
    colors = array("i", (0 if color is None else number.setdefault(color, len(number) + 1)
                         for option in options for color in option.colors))
    return starts, items, colors, number


def _loop_array(matrix: Matrix, number: dict[Hashable, int]) -> array[int]:
    """The loop as the engines take it (`contract.Compiled.loop`); empty without one."""
    if matrix.loop is None:
        return array("i")
    position = matrix.position
    loop = array("i", [number.get(matrix.loop.color, 0), int(matrix.loop.empty)])
    for edge, u, v in matrix.loop.edges:
        loop.extend((position(edge), position(u), position(v)))
    return loop


def compile_matrix(matrix: Matrix) -> Compiled:
    """``matrix`` in the engines' form (`contract.Compiled`)."""
    bounds = array("i")
    if matrix.bounds:
        given = dict(matrix.bounds)
        for item in matrix.primary:
            bounds.extend(given.get(item, (1, 1)))
    starts, items, colors, number = _arrays(matrix)
    costs = array("q")
    if matrix.costs:
        cost_of = dict(matrix.costs)
        costs.extend(cost_of.get(option.label, 0) for option in matrix.options)
    priority = array("i")
    if matrix.priority:
        first = set(matrix.priority)
        priority.extend(item in first for item in matrix.primary)
    return Compiled(len(matrix.primary), len(matrix.secondary), starts, items, colors, bounds, costs, priority,
                    _loop_array(matrix, number))


class CompiledMatrix:
    """``matrix`` compiled for ``engine`` ("auto", "c" or "python"): its arrays
    (``compiled``), the engine's `Dancer` built from them (``dancer``), the option labels by
    number (``labels``) and the statistics of the search the calling thread started last
    (``stats``). Each search starts from the dancer on a private copy of its arrays, so one
    compiled matrix serves many searches, in many threads. Pickled, it is compiled again
    where it is unpickled."""

    def __init__(self, matrix: Matrix, engine: str = "auto") -> None:
        if not isinstance(matrix, Matrix):
            raise TypeError(f"{type(self).__name__} needs a Matrix, not {type(matrix).__name__}")
        module = engines.get(engine)
        self.matrix = matrix
        self.engine = engines.name_of(module)
        self._local = threading.local()  # .stats: the last search this thread started here
        #: The option labels by option number (the engines' numbering).
        self.labels = tuple(option.label for option in matrix.options)
        self._index = {label: k for k, label in enumerate(self.labels)}
        #: The matrix in the engines' form (see `contract.Compiled`): what a worker process
        #: needs to build the dancer again.
        self.compiled = compile_matrix(matrix)
        #: The engine's compiled matrix (a `contract.Dancer`), for engine-level searches.
        self.dancer: Dancer = module.Dancer(*self.compiled.arguments())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.matrix!r}, engine={self.engine!r})"

    def __reduce__(self) -> tuple[type, tuple[Matrix, str]]:
        return type(self), (self.matrix, self.engine)  # compiled again where it is unpickled

    @property
    def stats(self) -> Stats:
        """The statistics of the search the calling thread started last on this matrix
        (updated as it runs); empty statistics if it has started none."""
        stats = getattr(self._local, "stats", None)
        if stats is None:
            stats = self._local.stats = Stats()
        return stats

    @stats.setter
    def stats(self, stats: Stats) -> None:
        self._local.stats = stats

    @property
    def nbytes(self) -> int:
        """Bytes of the engine's arrays for this matrix (each search makes its own copy)."""
        return self.dancer.nbytes

    def check(self, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = ()) -> None:
        """Raise what a search with ``givens`` and ``exclude`` raises at its start
        (`UnknownOption`, `GivensClash`, `GivenAndExcluded`), or nothing: for answers found
        by other means (the SAT solver) that must refuse the same input."""
        numbers = [array("i", self.option_numbers(chosen, role)) for chosen, role in ((givens, "given"),
                                                                                     (exclude, "excluded"))]
        with labelled(self):
            self.dancer.search(numbers[0], None, numbers[1], array("i"))

    def option_numbers(self, labels: Iterable[Hashable], what: str) -> list[int]:
        """The option numbers of ``labels``; GivensError (UnknownOption) for what is not one."""
        if type(labels) in (tuple, list) and not labels:  # (the default of every search: nothing to look up)
            return []
        if isinstance(labels, (str, bytes)):
            raise GivensError(f"{what} options must be a collection of option labels, not the string {labels!r}")
        try:
            labels = list(labels)
        except TypeError:
            raise GivensError(f"{what} options must be a collection of option labels, "
                              f"not {type(labels).__name__}") from None
        index = self._index
        try:
            return [index[label] for label in labels]
        except (KeyError, TypeError):
            bad = next(label for label in labels if not _known(index, label))
            raise UnknownOption(bad, what) from None


class labelled:  # noqa: N801 (a context manager read as a phrase: `with labelled(compiled):`)
    """An engine's `GivensClash`, `GivenAndExcluded` or `GivensBreakLoop` raised again with
    the labels of the options and the item it names (the engine knows only their numbers).
    (A class, not a generator: it wraps every search's start, and a sudoku's is 190 µs.)"""

    __slots__ = ("compiled",)

    def __init__(self, compiled: CompiledMatrix) -> None:
        self.compiled = compiled

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        compiled = self.compiled
        if isinstance(error, GivensClash):
            labels = compiled.labels
            first, second, item = cast(int, error.first), cast(int, error.second), cast(int, error.item)
            raise GivensClash(labels[first], labels[second], compiled.matrix.items[item]) from None
        if isinstance(error, GivenAndExcluded):
            raise GivenAndExcluded(compiled.labels[cast(int, error.option)]) from None
        if isinstance(error, GivensBreakLoop):
            raise GivensBreakLoop(compiled.labels[cast(int, error.option)],
                                  compiled.matrix.items[cast(int, error.edge)]) from None
