"""A universe and a family of named subsets: the textbook example of exact cover, as a model.

Given a universe X and a family of named subsets of X, choose subsets that cover every
element of X exactly once. A solution is the tuple of the chosen subsets' names.

>>> from exactcover import Subsets, solutions
>>> family = Subsets([1, 2, 3, 4, 5], {"S1": [1, 3, 5], "S2": [2, 4],
...                                    "S3": [1, 2, 5], "S4": [3, 4], "S5": []})
>>> sorted(solutions(family))
[('S1', 'S2'), ('S3', 'S4')]

`parse_subsets` reads a family from JSON, ``{"universe": [1, 2, 3], "subsets": {"A": [1, 2],
"B": [3]}}``, or from text, one ``name: elements`` per line after a ``universe: elements``
line (``#`` starts a comment). This module is the model; the ``subsets`` problem type
(`exactcover.plugins.subsets`, a plugin like any other) is built on it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from ..errors import ProblemError, ProblemTooLarge
from ..textinput import check_names, check_words, count_words, excerpt, max_entries, significant_lines
from .matrix import Matrix, first_repeat
from .size import Size

__all__ = ["Subsets", "parse_subsets"]


def _elements(values: Iterable[Hashable]) -> tuple[Hashable, ...]:
    return tuple(values)


def _family(subsets: Mapping[Any, Iterable[Hashable]] | Iterable[tuple[Hashable, Iterable[Hashable]]]
            ) -> tuple[tuple[Hashable, tuple[Hashable, ...]], ...]:
    pairs = subsets.items() if isinstance(subsets, Mapping) else subsets
    family = []
    for label, elements in pairs:
        if isinstance(elements, (str, bytes)):
            raise ProblemError(f"subset {label!r} is the string {elements!r}; give its elements as a list")
        family.append((label, tuple(elements)))
    return tuple(family)


@attrs.frozen
class Subsets:
    """A universe and a family of named subsets of it (a mapping name -> elements).

    Raises `ProblemError` (a ValueError) for an element outside the universe (naming the
    subset and the element), an element twice in the universe or in a subset, and a name used
    twice. Empty subsets are allowed; an empty universe has one solution, the empty one.
    """

    universe: tuple[Hashable, ...] = attrs.field(converter=_elements)
    subsets: tuple[tuple[Hashable, tuple[Hashable, ...]], ...] = attrs.field(converter=_family)

    def __attrs_post_init__(self) -> None:
        try:
            universe = set(self.universe)
        except TypeError:
            raise ProblemError("the universe's elements must be hashable") from None
        if len(universe) != len(self.universe):
            twice = first_repeat(self.universe)
            raise ProblemError(f"element {twice!r} is in the universe twice")
        names: set[Hashable] = set()
        for label, elements in self.subsets:
            if label in names:
                raise ProblemError(f"two subsets are named {label!r}")
            names.add(label)
            seen = set()
            for element in elements:
                try:
                    known = element in universe
                except TypeError:
                    raise ProblemError(f"subset {label!r} has an unhashable element {element!r}") from None
                if not known:
                    raise ProblemError(f"subset {label!r} has element {element!r}, which is not in the universe")
                if element in seen:
                    raise ProblemError(f"subset {label!r} has element {element!r} twice")
                seen.add(element)

    def as_dict(self) -> dict[Hashable, tuple[Hashable, ...]]:
        """The family as a dict name -> elements."""
        return dict(self.subsets)

    def to_matrix(self) -> Matrix:
        """The exact cover matrix: the universe's elements are the items, the subsets the options."""
        return Matrix(self.universe, dict(self.subsets))


def _json_hint(number: int, line: str) -> str:
    """Where a text's first line is JSON that is not an object: what JSON is read."""
    if number == 1 and line.startswith("["):
        return ' (or JSON: an object with the keys "universe" and "subsets", not a list)'
    return ""


def parse_subsets(text: str, source: str = "input") -> Subsets:
    """A `Subsets` from JSON or from ``name: elements`` lines (see the module docstring)."""
    if text.lstrip().startswith("{"):
        _check_json_size(text, source)
        try:
            data = json.loads(text, object_pairs_hook=_no_duplicate_keys)
        except json.JSONDecodeError as error:
            raise ProblemError(f"{source}: invalid JSON at line {error.lineno}: {error.msg}") from None
        except _DuplicateKey as error:
            raise ProblemError(f"{source}: the key {error.args[0]!r} appears twice in one JSON object") from None
        except RecursionError:
            raise ProblemError(f"{source}: the JSON is nested too deeply to read") from None
        if not isinstance(data, dict) or set(data) != {"universe", "subsets"}:
            raise ProblemError(f'{source}: expected a JSON object with exactly the keys "universe" and "subsets"')
        if not isinstance(data["universe"], list) or not isinstance(data["subsets"], dict):
            raise ProblemError(f'{source}: "universe" must be a list and "subsets" an object')
        if not all(isinstance(v, list) for v in data["subsets"].values()):
            raise ProblemError(f"{source}: every subset must be a list of elements")
        most = max_entries()
        size = Size(len(data["subsets"]), sum(map(len, data["subsets"].values())))
        if most is not None and size.counted > most:
            raise ProblemTooLarge(source, size.options, size.entries, size.nbytes, most)
        return Subsets(_hashable(data["universe"]), {k: _hashable(v) for k, v in data["subsets"].items()})
    check_words(text, source, _size)
    universe = None
    family = {}
    for number, raw in significant_lines(text, "#"):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, colon, rest = line.partition(":")
        name = name.strip()
        if not colon or not name:
            raise ProblemError(f"{source}, line {number}: expected 'name: elements'{_json_hint(number, line)}, "
                               f"got {excerpt(line)}")
        if universe is None:
            if name != "universe":
                raise ProblemError(f"{source}, line {number}: the first line must be 'universe: elements'")
            check_names(rest, f"{source}, line {number}: the universe")
            universe = rest.split()
            continue
        if name in family:
            raise ProblemError(f"{source}, line {number}: subset {excerpt(name)} is defined twice")
        family[name] = rest.split()
    if universe is None:
        raise ProblemError(f"{source}: no 'universe:' line")
    try:
        return Subsets(universe, family)
    except ProblemError as error:
        raise ProblemError(f"{source}: {error}") from None


def _check_json_size(text: str, source: str) -> None:
    """Refuse JSON text that holds more subsets and elements than `max_entries` allows before
    it is parsed (parsing a value takes many times its text's memory): its strings blanked
    and its lists and commas counted by C loops, a lower bound of its subsets (a list each
    but the universe's) and of its elements and subsets (a comma between two; the universe's
    elements count too, and an element that is a list counts its parts)."""
    most = max_entries()
    if most is None or len(text) <= most:
        return
    bare = _JSON_STRING.sub("0", text)
    at_least = max(bare.count("[") - 1, bare.count(",") - 1)
    if at_least > most:
        raise ProblemError(f"{source}: JSON of at least {at_least:,} subsets and elements, more than the limit of "
                           f"{most:,} entries (an option counts as one too); raise it with max_entries= "
                           "(--max-entries on the command line) if you have the memory")


#: A JSON string, escapes and all.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _size(text: str) -> tuple[int, int]:
    """The options and entries of ``name: elements`` lines, counted without building
    anything, a line that is not blank or a comment at a time (no list of every line)."""
    options = entries = 0
    for _, line in significant_lines(text, "#"):
        name, colon, rest = line.split("#", 1)[0].partition(":")
        if colon and name.strip() != "universe":
            options += 1
            entries += count_words(rest)
    return options, entries


class _DuplicateKey(Exception):
    """A JSON object names a key twice (json keeps the last one, which would quietly change
    the problem)."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _DuplicateKey(first_repeat(key for key, _ in pairs))
    return result


def _hashable(elements: Sequence[Any]) -> list[Hashable]:
    return [tuple(e) if isinstance(e, list) else e for e in elements]
