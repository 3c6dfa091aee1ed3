"""What a caller asked of one search, as one frozen value.

`solve`, `solutions`, `count`, `estimate`, `Prepared`'s methods and the command all describe
a search the same way: a `Request`, made once (`Request.of` from the API's keywords, the
command from its options), checked as it is made, and read by `exactcover.front.plan`, which
decides the route and refuses what does not combine before any search starts. No layer
below pops keywords from a dictionary: each reads the fields it needs.
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from typing import Any

import attrs

from ..engines.contract import WAYS
from ..errors import GivensError
from ..search.runs import check_budget, check_positive

__all__ = ["WHATS", "BACKENDS", "Request", "labels_of"]

#: What a search can be asked for: the first solution, every solution (lazily), their
#: number, the k cheapest, Knuth's estimate of the tree, or solutions drawn uniformly.
WHATS = ("first", "solutions", "count", "best", "estimate", "sample")
#: Who answers: the search, a SAT solver, both at once (`exactcover.front.sat`), or "auto": the
#: race where its answer cannot depend on which side wins, else the search (`exactcover.front.plan`).
BACKENDS = ("auto", "search", "sat", "race")


def labels_of(labels: Any, what: str) -> tuple[Hashable, ...]:
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


def _one_of(name: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}, not {value!r}")


def _optional_bool(name: str, value: Any) -> None:
    if value is not None and not isinstance(value, bool):
        raise TypeError(f"{name} must be True, False or None, not {value!r}")


def _seconds(name: str, value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or None, not {type(value).__name__}")
    if not value > 0:
        raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")


@attrs.frozen(kw_only=True)
class Request:
    """One search as a caller asked for it: ``what`` (one of `WHATS`) and every option,
    each at its default unless given. Made by `Request.of` (the API) or by the command;
    `exactcover.front.plan.plan` turns it into a route.

    ``reduce`` is None for "decide on the way" (a count or a listing of every solution: see
    `exactcover.front.autoreduce`; the other searches are then not reduced), True to reduce first
    and False never. ``samples`` is an estimate's random probes, or the solutions a sample
    draws. ``head`` is what a new journal's first line says besides the count's
    own (the command writes the problem's type and arguments there, for ``verify``)."""

    what: str
    givens: tuple[Hashable, ...] = ()
    exclude: tuple[Hashable, ...] = ()
    limit: int | None = None
    k: int = 1
    samples: int = 1000
    seed: int | None = None
    max_nodes: int | None = None
    timeout: float | None = None
    progress: Any = None  # a callable taking a `Progress`, True for a bar, or None
    way: str = "auto"
    memo: bool | None = None
    memo_bytes: int | None = None
    reduce: bool | None = None
    backend: str = "auto"
    jobs: int | None = None
    executor: Any = None  # a concurrent.futures.Executor
    scheduler: str | None = None  # a Dask scheduler's address (the command opens the cluster)
    journal: str | os.PathLike[str] | None = None
    head: tuple[tuple[str, Any], ...] = ()
    time_slice: float | None = None

    def __attrs_post_init__(self) -> None:
        # (checked here in one pass, not by a validator per field: the class is made at every
        # start of the command, and attrs' validators double the time it takes to make)
        for name, choices in (("what", WHATS), ("way", WAYS), ("backend", BACKENDS)):
            _one_of(name, getattr(self, name), choices)
        object.__setattr__(self, "givens", labels_of(self.givens, "given"))
        object.__setattr__(self, "exclude", labels_of(self.exclude, "excluded"))
        for name in ("limit", "samples", "jobs"):
            check_positive(name, getattr(self, name))
        check_positive("memo_bytes", self.memo_bytes, allow_zero=True)
        _optional_bool("memo", self.memo)
        _optional_bool("reduce", self.reduce)
        _seconds("time_slice", self.time_slice)
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


_FIELDS = {field.name for field in attrs.fields(Request)} - {"what"}
