"""The model: an exact cover problem as items and options.

A `Matrix` is an immutable value. Its *primary* items must each be covered exactly once, or,
with ``bounds``, between lo and hi times (Knuth's MCC problem, multiplicities); its
*secondary* items at most once, or, when options give them a color, any number of times as
long as every option that covers one gives it the same color (Knuth's XCC problem). Each
`Option` has a label (any hashable, by default its position) and the items it covers; with
``costs``, options have nonnegative integer costs, and `Solver.best` finds the cheapest
solutions (Knuth's DLX5).

Nothing here searches: a `Solver` compiles a Matrix for an engine.
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import chain
from types import MappingProxyType
from typing import Any, TypeVar, Union

import attrs

from ..errors import MatrixError
from ..textinput import excerpt
from .fields import Bounds, to_bounds, to_costs
from .loop import Loop, check_loop, to_loop

__all__ = ["Matrix", "Option"]

#: What a caller may give as one option: its items in order, or a mapping item -> color
#: (``None`` for an item without a color).
OptionSpec = Union[Iterable[Hashable], Mapping[Hashable, Hashable]]


def _describe(label: Hashable) -> str:
    return excerpt(label)


T = TypeVar("T")


def first_repeat(values: Iterable[T]) -> T:
    """The first value that comes a second time (there must be one)."""
    seen: set[T] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    raise AssertionError("no value repeats")


def _tuple(values: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(values)


@lru_cache(maxsize=256)  # (called per option; bounded, since every length kept is a tuple that long)
def _no_colors(length: int) -> tuple[None, ...]:
    """The colors of an option without colors: one shared tuple per length (a million
    options of four items share one)."""
    return (None,) * length


@attrs.frozen(repr=False)
class Option:
    """One choice: the items it covers, in order, and a color for each (``None`` = no color)."""

    label: Hashable
    items: tuple[Hashable, ...] = attrs.field(converter=_tuple)
    colors: tuple[Hashable | None, ...] = attrs.field(converter=_tuple)

    @colors.default
    def _default_colors(self) -> tuple[None, ...]:
        return _no_colors(len(self.items))

    @colors.validator
    def _check_colors(self, _attribute: Any, colors: tuple[Hashable | None, ...]) -> None:
        if len(colors) != len(self.items):
            raise MatrixError(
                f"option {_describe(self.label)} has {len(self.items)} items "
                f"but {len(colors)} colors"
            )

    def __repr__(self) -> str:
        parts = [
            repr(item) if color is None else f"{item!r}:{color!r}"
            for item, color in zip(self.items, self.colors)
        ]
        return f"Option({self.label!r}: {', '.join(parts)})"


#: The keys of the label -> option index and of the items' positions (`item_positions`) in a
#: matrix's cache (the other keys are engine names).
_BY_LABEL = "option index"
_PLACES = "item positions"


class _Compiled(dict[str, Any]):
    """A matrix's cache of compiled solvers (and of its option index): not part of its value,
    so it is neither compared nor hashed, and it pickles (and copies) as an empty cache, to be
    compiled again where the matrix arrives."""

    def __reduce__(self) -> tuple[type, tuple[()]]:
        return _Compiled, ()


def _colored(label: Hashable, spec: Mapping[Hashable, Hashable | None]) -> Option:
    colors = tuple(spec.values())
    if not any(color is not None for color in colors):
        colors = _no_colors(len(colors))
    return Option(label, tuple(spec.keys()), colors)


def _option_from_spec(label: Hashable, spec: OptionSpec | Option) -> Option:
    if type(spec) is list or type(spec) is tuple:  # (the common case, before the ABC checks)
        return Option(label, tuple(spec), _no_colors(len(spec)))
    if type(spec) is dict:  # (items to colors, as a grid's options are: before the ABC checks too)
        return _colored(label, spec)
    if isinstance(spec, Option):
        return spec
    if isinstance(spec, (str, bytes)):
        raise MatrixError(
            f"option {_describe(label)} is the string {spec!r}; give its items as a "
            f"list (for one-character items, list({spec!r}))"
        )
    if isinstance(spec, Mapping):
        return _colored(label, spec)
    try:
        items = tuple(spec)
    except TypeError:
        raise MatrixError(
            f"option {_describe(label)} must be a collection of items, "
            f"not {type(spec).__name__}"
        ) from None
    return Option(label, items)


def _to_options(options: Mapping[Hashable, OptionSpec] | Iterable[OptionSpec | Option]) -> tuple[Option, ...]:
    if isinstance(options, Mapping):
        return tuple(_option_from_spec(label, spec) for label, spec in options.items())
    if isinstance(options, (str, bytes)) or not isinstance(options, Iterable):
        raise MatrixError(f"options must be a mapping label -> items or a sequence of options, "
                          f"not {type(options).__name__}")
    return tuple(_option_from_spec(k, spec) for k, spec in enumerate(options))


def _not_itself(item: Hashable) -> bool:
    """True for a NaN (of any kind): a key no dictionary lookup with another NaN finds."""
    try:
        return bool(item != item)
    except (TypeError, ValueError):  # an object whose comparison is not a truth value
        return False


def _to_items(items: Iterable[Hashable]) -> tuple[Hashable, ...]:
    if isinstance(items, (str, bytes)):
        raise MatrixError(
            f"items must be a collection of item names, not the string {items!r} "
            f"(for one-character names, write list({items!r}))"
        )
    try:
        return tuple(items)
    except TypeError:
        raise MatrixError(f"items must be a collection of item names, not {type(items).__name__}") from None


@attrs.frozen(repr=False, cache_hash=True)
class Matrix:
    """An exact cover problem: primary items, options, and optional secondary items.

    ``Matrix(primary, options, secondary=(), bounds=None)`` where ``options`` is a mapping
    label -> items or a sequence of item collections (labelled 0, 1, ...). An option's items
    may instead be a mapping item -> color to give secondary items a color (``None`` for no
    color). ``bounds`` maps primary items to how many times a solution covers them: ``(lo,
    hi)`` or an int for lo = hi (the others: exactly once). ``costs`` maps option labels to
    nonnegative integer costs (the others cost 0). ``priority`` names primary items the
    search branches on before the others (Knuth's DLX2-SHARP: items with no option or one
    come first, then the priority items with the fewest options, then the others); the
    solutions are the same, the tree is another. ``loop`` (a `Loop`, or a mapping edge ->
    (u, v)) makes some secondary items edges whose chosen ones must form one cycle.

    >>> Matrix(["a", "b"], {"x": ["a"], "y": ["a", "b"]}, bounds={"a": (1, 2)})
    Matrix(primary=2, secondary=0, options=2, entries=3, bounds=1)

    >>> m = Matrix([1, 2, 3, 4, 5], {"S1": [1, 4, 5], "S2": [2, 5], "S3": [2, 3]})
    >>> m
    Matrix(primary=5, secondary=0, options=3, entries=7)

    Bad input raises `MatrixError` (a `ValueError`) naming the option or item at fault.
    """

    primary: tuple[Hashable, ...] = attrs.field(converter=_to_items)
    options: tuple[Option, ...] = attrs.field(converter=_to_options)
    secondary: tuple[Hashable, ...] = attrs.field(default=(), converter=_to_items, kw_only=True)
    #: The primary items' bounds other than (1, 1), as (item, (lo, hi)) pairs in primary order
    #: (see `bounds_of`); empty for an exact cover problem.
    bounds: tuple[tuple[Hashable, Bounds], ...] = attrs.field(default=None, converter=to_bounds, kw_only=True)
    #: The options' nonzero costs, as (label, cost) pairs in option order (see `cost_of`).
    costs: tuple[tuple[Hashable, int], ...] = attrs.field(default=None, converter=to_costs, kw_only=True)
    #: The primary items the search branches on first, in primary order; empty for none.
    priority: tuple[Hashable, ...] = attrs.field(default=(), converter=_to_items, kw_only=True)
    #: The loop constraint (Knuth's DLX2-LOOP), or None.
    loop: Loop | None = attrs.field(default=None, converter=to_loop, kw_only=True)
    _position: dict[Hashable, int] = attrs.field(init=False, eq=False, hash=False)
    #: Whether an option gives an item a color (found as the options are checked).
    _colored: bool = attrs.field(init=False, eq=False, hash=False, default=False)
    #: Compiled forms of this matrix (a Solver per engine), kept with it; see api.solver_for.
    _compiled: dict[str, Any] = attrs.field(init=False, eq=False, hash=False, factory=lambda: _Compiled())

    def __attrs_post_init__(self) -> None:
        position: dict[Hashable, int] = {}
        for kind, items in (("primary", self.primary), ("secondary", self.secondary)):
            for item in items:
                try:
                    seen = item in position
                except TypeError:
                    raise MatrixError(f"{kind} item {item!r} is not hashable") from None
                if seen:
                    raise MatrixError(f"item {item!r} is named twice")
                if _not_itself(item):
                    raise MatrixError(f"{kind} item {item!r} is not equal to itself (a NaN), so no option can name it")
                if isinstance(item, str) and not item:
                    raise MatrixError(f"an empty {kind} item name (after {len(position)} items)")
                position[item] = len(position)
        object.__setattr__(self, "_position", position)
        self._check_bounds(position)
        self._check_priority(position)
        check_loop(self, position)
        self._check_options(position)
        self._check_costs()

    def _check_costs(self) -> None:
        """Costs only on options the matrix has; stored in option order without zeros."""
        if not self.costs:
            return
        given = dict(self.costs)
        labels = {option.label for option in self.options}
        for label in given:
            try:
                known = label in labels
            except TypeError:
                known = False
            if not known:
                raise MatrixError(f"costs name no option of this matrix: {label!r}")
        object.__setattr__(self, "costs", tuple((o.label, given[o.label]) for o in self.options
                                                if given.get(o.label, 0)))

    def _primary_at(self, position: dict[Hashable, int], item: Hashable, field: str, names: str) -> int:
        """The position of ``item``, which the ``field`` (bounds, priority) ``names``:
        MatrixError if it is not a primary item of this matrix."""
        try:
            where = position.get(item)
        except TypeError:
            raise MatrixError(f"{field} {names} an unhashable item {item!r}") from None
        if where is None:
            raise MatrixError(f"{field} {names} unknown item {excerpt(item)}")
        if where >= len(self.primary):
            raise MatrixError(f"{field} {names} secondary item {item!r}; only primary items take {field}")
        return where

    def _check_priority(self, position: dict[Hashable, int]) -> None:
        """Priority only on primary items, each once; stored in primary order."""
        seen: dict[int, Hashable] = {}
        for item in self.priority:
            where = self._primary_at(position, item, "priority", "names")
            if where in seen:
                raise MatrixError(f"priority names item {item!r} twice")
            seen[where] = item
        object.__setattr__(self, "priority", tuple(seen[k] for k in sorted(seen)))

    def _check_bounds(self, position: dict[Hashable, int]) -> None:
        """Bounds only on primary items, each once; stored in primary order without (1, 1)."""
        seen = {}
        for item, pair in self.bounds:
            seen[self._primary_at(position, item, "bounds", "name")] = (item, pair)
        object.__setattr__(self, "bounds", tuple(seen[k] for k in sorted(seen) if seen[k][1] != (1, 1)))

    def _check_options(self, position: dict[Hashable, int]) -> None:
        """Every option: a hashable label used once, known items each once, colors only on
        secondary items. The fast checks run on every option at once (keeping the items'
        positions, which `item_positions` gives a solver); `_name_problem` runs only on the
        options that may be wrong, in order, to name the first that is."""
        options = self.options
        try:
            labels = {option.label for option in options}
            places = _places(options, position)
        except (KeyError, TypeError):  # (an unhashable label or item, or an unknown item: which?)
            for option in options:
                self._name_problem(option, position)
            raise
        start, colored = 0, []  # (the colored options, each with where its entries start)
        for option in options:
            length = len(option.items)
            if option.colors is not _no_colors(length):
                colored.append((start, option))
            elif len(set(option.items)) != length:
                self._check_colors(colored, places, position)  # (an option before it may be wrong too)
                self._name_problem(option, position)
            start += length
        self._check_colors(colored, places, position)
        object.__setattr__(self, "_colored", bool(colored))
        if len(labels) != len(options):
            twice = first_repeat(o.label for o in options)
            raise MatrixError(f"two options are labelled {_describe(twice)}")
        self._compiled[_PLACES] = places

    def _check_colors(self, colored: list[tuple[int, Option]], places: array[int],
                      position: dict[Hashable, int]) -> None:
        """The ``colored`` options (each with where its entries start in ``places``): no item
        twice, colors only on secondary items, each hashable; checked over their entries at
        once (a slitherlink's every option has colors), the first option that breaks a rule
        named by `_name_problem`."""
        if not colored:
            return
        n_primary = len(self.primary)
        try:
            set(chain.from_iterable(option.colors for _, option in colored))
            wrong = any(len(set(option.items)) != len(option.items) for _, option in colored) or \
                any(color is not None and places[at + k] < n_primary
                    for at, option in colored for k, color in enumerate(option.colors))
        except TypeError:  # (an unhashable color)
            wrong = True
        if wrong:
            for _, option in colored:
                self._name_problem(option, position)

    def _name_problem(self, option: Option, position: dict[Hashable, int]) -> None:
        """Raise the MatrixError that names what is wrong with ``option`` (if anything)."""
        label = option.label
        try:
            hash(label)
        except TypeError:
            raise MatrixError(f"option label {label!r} is not hashable") from None
        seen_here: set[int] = set()
        for item, color in zip(option.items, option.colors):
            try:
                where = position.get(item)
            except TypeError:
                raise MatrixError(f"option {_describe(label)} has an unhashable item {item!r}") from None
            if where is None:
                raise MatrixError(f"option {_describe(label)} has unknown item {excerpt(item)}")
            if where in seen_here:
                raise MatrixError(f"option {_describe(label)} has item {item!r} twice")
            seen_here.add(where)
            if color is not None:
                if where < len(self.primary):
                    raise MatrixError(
                        f"option {_describe(label)} gives a color ({color!r}) to primary "
                        f"item {item!r}; only secondary items take colors"
                    )
                try:
                    hash(color)
                except TypeError:
                    raise MatrixError(
                        f"option {_describe(label)} gives item {item!r} an unhashable color {color!r}"
                    ) from None

    # -- named constructors -------------------------------------------------------------

    @classmethod
    def from_dense(cls, array: Any, secondary: Iterable[int] = ()) -> Matrix:
        """Build a matrix from a dense 0/1 array: a list of lists, or a NumPy array.

        Each row is an option labelled by its row index, each column an item named by its
        column index; ``secondary`` lists the column indices that are secondary items. A
        solution of the result is therefore a tuple of row indices. A SciPy sparse matrix is
        read as `from_sparse` reads it, a DataFrame as `from_frame` does.
        """
        from .inputs import from_dense

        primary, options, marked = from_dense(array, secondary)
        return cls(primary, options, secondary=marked)

    @classmethod
    def from_sparse(cls, array: Any, secondary: Iterable[int] = (), items: Sequence[Hashable] | None = None,
                    labels: Sequence[Hashable] | None = None) -> Matrix:
        """Build a matrix from a SciPy sparse matrix or array (CSR, CSC, COO, ...) without
        densifying it: rows are options (labelled by index, or ``labels``), columns items
        (named by index, or ``items``); ``secondary`` lists secondary column indices."""
        from .inputs import from_sparse

        primary, options, marked = from_sparse(array, secondary, items, labels)
        return cls(primary, options, secondary=marked)

    @classmethod
    def from_frame(cls, frame: Any, secondary: Iterable[Hashable] = ()) -> Matrix:
        """Build a matrix from a pandas DataFrame of 0/1 (or booleans): the columns are the
        items, by name; the index labels the options; ``secondary`` names secondary columns."""
        from .inputs import from_frame

        primary, options, marked = from_frame(frame, secondary)
        return cls(primary, options, secondary=marked)

    # -- views ----------------------------------------------------------------------------

    @property
    def items(self) -> tuple[Hashable, ...]:
        """All items: the primary ones, then the secondary ones."""
        return self.primary + self.secondary

    def bounds_of(self, item: Hashable) -> Bounds:
        """How many times a solution covers primary ``item``: (lo, hi), (1, 1) unless given."""
        if self.position(item) >= len(self.primary):
            raise MatrixError(f"item {item!r} is secondary; only primary items have bounds")
        return dict(self.bounds).get(item, (1, 1))

    def cost_of(self, label: Hashable) -> int:
        """The cost of the option labelled ``label`` (0 unless given)."""
        self.option(label)  # (MatrixError for a label the matrix does not have)
        return dict(self.costs).get(label, 0)

    @property
    def entries(self) -> int:
        """The number of (option, item) pairs: the ones of the 0/1 matrix."""
        return sum(len(option.items) for option in self.options)

    @property
    def colored(self) -> bool:
        """Whether an option gives an item a color."""
        return self._colored

    @property
    def cache(self) -> dict[str, Any]:
        """Derived forms of this matrix kept with it (a `Solver` per engine, see
        `exactcover.solver_for`; the option index; its items' positions, from its checks):
        not part of its value, neither compared nor hashed, and pickled and copied empty."""
        return self._compiled

    @property
    def positions(self) -> Mapping[Hashable, int]:
        """Every item's position in `items` (read-only)."""
        return MappingProxyType(self._position)

    def option(self, label: Hashable) -> Option:
        """The option labelled ``label`` (found through an index built on first use);
        MatrixError if there is none."""
        index: dict[Hashable, Option] | None = self._compiled.get(_BY_LABEL)
        if index is None:
            index = self._compiled[_BY_LABEL] = {option.label: option for option in self.options}
        try:
            return index[label]
        except (KeyError, TypeError):
            raise MatrixError(f"no option is labelled {label!r}") from None

    def position(self, item: Hashable) -> int:
        """The position of ``item`` in `items` (primary items first)."""
        try:
            return self._position[item]
        except (KeyError, TypeError):
            raise MatrixError(f"unknown item {excerpt(item)}") from None

    def reduce(self, givens: Iterable[Hashable] = (), exclude: Iterable[Hashable] = (), *,
               rounds: int | None = None, timeout: float | None = None, engine: str = "auto") -> Any:
        """This problem made smaller with the same solutions, and the map back (a
        `exactcover.model.reduction.Reduction`): Knuth's preprocessing (DLX-PRE), which takes out
        the items that others force and the options that block a primary item, in rounds
        until nothing changes (at most ``rounds``; stopped after ``timeout`` seconds). The
        ``givens`` are chosen and the ``exclude``d options taken out first. ``engine``:
        "c", "python" or "auto" (both reduce alike). Unsupported with bounds."""
        from .reduction import reduce_matrix

        return reduce_matrix(self, givens, exclude, rounds=rounds, timeout=timeout, engine=engine)

    def picture(self, solution: Iterable[Hashable] = ()) -> Any:
        """The matrix drawn as Knuth draws one (a `exactcover.model.picture.Picture`: text with
        ``str``, an SVG picture in a notebook), the options labelled in ``solution`` highlighted."""
        from .picture import Picture

        return Picture(self, solution)

    def _repr_svg_(self) -> str | None:
        """A notebook's picture of a small matrix (None, so its repr shows, for a large one)."""
        from .picture import MAX_CELLS, Picture

        if len(self.options) * len(self.items) > MAX_CELLS:
            return None
        return Picture(self)._repr_svg_()

    def __repr__(self) -> str:
        bounds = f", bounds={len(self.bounds)}" if self.bounds else ""
        bounds += f", costs={len(self.costs)}" if self.costs else ""
        bounds += f", priority={len(self.priority)}" if self.priority else ""
        bounds += f", loop={len(self.loop.edges)}" if self.loop is not None else ""
        return (
            f"Matrix(primary={len(self.primary)}, secondary={len(self.secondary)}, "
            f"options={len(self.options)}, entries={self.entries}{bounds})"
        )


def item_positions(matrix: Matrix) -> array[int]:
    """The positions (in `Matrix.items`) of every option's items in turn: kept by the
    matrix's checks, or made again where it lost them (a matrix unpickled)."""
    places = matrix.cache.get(_PLACES)
    if places is None:
        places = matrix.cache[_PLACES] = _places(matrix.options, matrix.positions)
    return places


def _places(options: Iterable[Option], position: Mapping[Hashable, int]) -> array[int]:
    """The positions of the options' items, one option after another."""
    return array("i", map(position.__getitem__, chain.from_iterable(option.items for option in options)))
