"""The converters of a `Matrix`'s keyword fields ``bounds`` and ``costs``: each value as
given, checked for its shape (the items and labels it names are checked with the matrix).
The loop's converter is in `exactcover.model.loop`."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ..errors import MatrixError

__all__ = ["Bounds", "MAX_BOUND", "to_bounds", "to_costs"]

#: How many times a primary item must be covered: (lo, hi), 0 <= lo <= hi, hi >= 1.
Bounds = tuple[int, int]


def to_bounds(bounds: Mapping[Any, Any] | None) -> Any:
    """A bounds mapping as given, checked for its shape only (the items are checked with the
    matrix): a tuple of (item, (lo, hi)) pairs in the mapping's order."""
    if bounds is None:
        return ()
    if isinstance(bounds, tuple) and all(isinstance(pair, tuple) and len(pair) == 2 for pair in bounds):
        bounds = dict(bounds)  # (the normalized form: a matrix rebuilt from its own fields)
    if not isinstance(bounds, Mapping):
        raise MatrixError(f"bounds must be a mapping item -> (lo, hi) or hi, not {type(bounds).__name__}")
    return tuple((item, _one_bound(item, value)) for item, value in bounds.items())


#: The largest bound an item can have (the engines keep bounds as C ints).
MAX_BOUND = (1 << 31) - 1


def _one_bound(item: Hashable, value: Any) -> Bounds:
    """(lo, hi) from ``value``: an int hi (lo = hi) or a pair (lo, hi) of ints, 0 <= lo <= hi, hi >= 1."""
    pair = (value, value) if isinstance(value, int) and not isinstance(value, bool) else value
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise MatrixError(f"the bounds of item {item!r} must be (lo, hi) or an int, not {value!r}") from None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (lo, hi)):
        raise MatrixError(f"the bounds of item {item!r} must be ints, not {value!r}")
    if not 0 <= lo <= hi or hi < 1:
        raise MatrixError(f"the bounds of item {item!r} must satisfy 0 <= lo <= hi and hi >= 1, not {lo}..{hi}")
    if hi > MAX_BOUND:
        raise MatrixError(f"the bounds of item {item!r} must be at most 2**31 - 1 = {MAX_BOUND}, not {hi}")
    return lo, hi


def to_costs(costs: Mapping[Any, Any] | None) -> Any:
    """A costs mapping as given, each cost checked (the labels are checked with the matrix):
    a tuple of (label, cost) pairs in the mapping's order."""
    if costs is None:
        return ()
    if isinstance(costs, tuple) and all(isinstance(pair, tuple) and len(pair) == 2 for pair in costs):
        costs = dict(costs)  # (the normalized form)
    if not isinstance(costs, Mapping):
        raise MatrixError(f"costs must be a mapping option label -> cost, not {type(costs).__name__}")
    for label, cost in costs.items():
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
            raise MatrixError(f"the cost of option {label!r} must be an int >= 0, not {cost!r} "
                              f"(costs are integers: scale fractions to whole units)")
    if sum(costs.values()) >= 1 << 62:
        raise MatrixError("the costs add up to 2**62 or more; they must add up to less")
    return tuple(costs.items())
