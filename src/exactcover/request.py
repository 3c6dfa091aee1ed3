"""What a caller asked of one search, as one frozen value.

`solve`, `solutions`, `count`, `estimate`, `Prepared`'s methods and the command all describe
a search the same way: a `Request`, made once (`Request.of` from the API's keywords, the
command from its options), checked as it is made, and read by `exactcover.plan`, which
decides the route and refuses what does not combine before any search starts. No layer
below pops keywords from a dictionary: each reads the fields it needs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from typing import Any

import attrs

from .contract import WAYS
from .errors import GivensError
from .runs import check_budget, check_positive

__all__ = ["WHATS", "BACKENDS", "Request"]

#: What a search can be asked for: the first solution, every solution (lazily), their
#: number, the k cheapest, Knuth's estimate of the tree, or solutions drawn uniformly.
WHATS = ("first", "solutions", "count", "best", "estimate", "sample")
#: Who finds a first solution: the search, a SAT solver, or both at once (`exactcover.sat`).
BACKENDS = ("search", "sat", "race")


def _labels(labels: Any, what: str) -> tuple[Hashable, ...]:
    """``labels`` as a tuple of option labels, refusing a string (a common slip: ``givens="a"``)."""
    if isinstance(labels, (str, bytes)):
        raise GivensError(f"{what} options must be a collection of option labels, not the string {labels!r}")
    if isinstance(labels, tuple):
        return labels
    try:
        return tuple(labels)
    except TypeError:
        raise GivensError(f"{what} options must be a collection of option labels, "
                          f"not {type(labels).__name__}") from None


def _givens(labels: Any) -> tuple[Hashable, ...]:
    return _labels(labels, "given")


def _excluded(labels: Any) -> tuple[Hashable, ...]:
    return _labels(labels, "excluded")


def _one_of(name: str, choices: tuple[str, ...]) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, _attribute: Any, value: Any) -> None:
        if value not in choices:
            raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")

    return check


def _optional_bool(_instance: Any, attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be True, False or None, not {value!r}")


def _positive(allow_zero: bool = False) -> Callable[[Any, Any, Any], None]:
    def check(_instance: Any, attribute: Any, value: Any) -> None:
        check_positive(attribute.name, value, allow_zero=allow_zero)

    return check


def _seconds(_instance: Any, attribute: Any, value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{attribute.name} must be a number of seconds or None, not {type(value).__name__}")
    if not value > 0:
        raise ValueError(f"{attribute.name} must be a positive number of seconds, not {value!r}")


@attrs.frozen(kw_only=True)
class Request:
    """One search as a caller asked for it: ``what`` (one of `WHATS`) and every option,
    each at its default unless given. Made by `Request.of` (the API) or by the command;
    `exactcover.plan.plan` turns it into a route.

    ``reduce`` is None for "decide on the way" (a count or a listing of every solution: see
    `exactcover.autoreduce`; the other searches are then not reduced), True to reduce first
    and False never. ``head`` is what a new journal's first line says besides the count's
    own (the command writes the problem's type and arguments there, for ``verify``)."""

    what: str = attrs.field(validator=_one_of("what", WHATS))
    givens: tuple[Hashable, ...] = attrs.field(default=(), converter=_givens)
    exclude: tuple[Hashable, ...] = attrs.field(default=(), converter=_excluded)
    limit: int | None = attrs.field(default=None, validator=_positive())
    k: int = 1
    samples: int = attrs.field(default=1000, validator=_positive())
    seed: int | None = None
    max_nodes: int | None = None
    timeout: float | None = None
    progress: Any = None  # a callable taking a `Progress`, True for a bar, or None
    way: str = attrs.field(default="auto", validator=_one_of("way", WAYS))
    memo: bool | None = attrs.field(default=None, validator=_optional_bool)
    memo_bytes: int | None = attrs.field(default=None, validator=_positive(allow_zero=True))
    reduce: bool | None = attrs.field(default=None, validator=_optional_bool)
    backend: str = attrs.field(default="search", validator=_one_of("backend", BACKENDS))
    jobs: int | None = attrs.field(default=None, validator=_positive())
    executor: Any = None  # a concurrent.futures.Executor
    scheduler: str | None = None  # a Dask scheduler's address (the command opens the cluster)
    journal: str | os.PathLike[str] | None = None
    head: tuple[tuple[str, Any], ...] = ()
    time_slice: float | None = attrs.field(default=None, validator=_seconds)

    def __attrs_post_init__(self) -> None:
        check_budget(self.max_nodes, self.timeout)
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise TypeError(f"seed must be an int or None, not {type(self.seed).__name__}")
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise ValueError(f"k must be a positive int, not {self.k!r}")
        if self.progress is not None and not isinstance(self.progress, bool) and not callable(self.progress):
            raise TypeError(f"progress must be True (a progress bar), a callable taking a Progress, or None; "
                            f"not {type(self.progress).__name__}")

    @classmethod
    def of(cls, what: str, **keywords: Any) -> Request:
        """The request for ``what`` with ``keywords`` (None for any of them: its default).
        TypeError naming a keyword that is not one of a search's."""
        unknown = sorted(set(keywords) - _FIELDS)
        if unknown:
            raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
        given = {key: value for key, value in keywords.items() if value is not None}
        if given.get("progress") is False:
            del given["progress"]
        if isinstance(given.get("head"), dict):
            given["head"] = tuple(given["head"].items())
        return cls(what=what, **given)

    @property
    def parallel(self) -> bool:
        """Whether the search runs on many processes: ``jobs``, an ``executor``, a cluster
        (``scheduler``), or a count's ``journal`` (which counts on our own pool by default)."""
        return self.jobs is not None or self.executor is not None or self.scheduler is not None or \
            self.journal is not None

    def given(self) -> dict[str, Any]:
        """The fields not at their defaults (for messages and tests)."""
        defaults = Request(what=self.what)
        return {field.name: getattr(self, field.name) for field in attrs.fields(Request)
                if field.name != "what" and getattr(self, field.name) != getattr(defaults, field.name)}


_FIELDS = {field.name for field in attrs.fields(Request)} - {"what"}
