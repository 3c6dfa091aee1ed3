"""Tests for the subsets plugin (exactcover.plugins.subsets)."""

from __future__ import annotations

import pytest

import exactcover
from exactcover import ProblemError, Subsets
from exactcover.model.family import parse_subsets

ARTICLE = {"S1": [1, 3, 5], "S2": [2, 4], "S3": [1, 2, 5], "S4": [3, 4], "S5": []}


def test_article_family():
    """The article's family has the solutions {S1, S2} and {S3, S4}."""
    family = Subsets([1, 2, 3, 4, 5], ARTICLE)
    assert sorted(exactcover.solutions(family)) == [("S1", "S2"), ("S3", "S4")]
    assert exactcover.count(family) == 2


def test_empty_universe_has_the_empty_solution():
    """An empty universe has exactly one solution: choosing nothing."""
    assert exactcover.solve(Subsets([], {"A": []})) == ()
    assert exactcover.count(Subsets([], {})) == 1


@pytest.mark.parametrize(("universe", "family", "message"), [
    ([1, 2], {"S1": [1, 7]}, "subset 'S1' has element 7, which is not in the universe"),
    ([1, 2], {"S1": [1, 1]}, "subset 'S1' has element 1 twice"),
    ([1, 1], {}, "element 1 is in the universe twice"),
    ([1], [("A", [1]), ("A", [])], "two subsets are named 'A'"),
    ([1], {"A": "1"}, "subset 'A' is the string '1'"),
])
def test_bad_families(universe, family, message):
    """Bad families raise ProblemError naming the subset and the element."""
    with pytest.raises(ProblemError, match=message):
        Subsets(universe, family)


def test_parse_text_and_json():
    """The text and JSON file forms give the same family."""
    text = "# the article\nuniverse: 1 2 3\nA: 1 2  # a comment\nB: 3\nC:\n"
    assert parse_subsets(text) == Subsets(["1", "2", "3"], {"A": ["1", "2"], "B": ["3"], "C": []})
    data = '{"universe": [1, 2, 3], "subsets": {"A": [1, 2], "B": [3]}}'
    assert parse_subsets(data) == Subsets([1, 2, 3], {"A": [1, 2], "B": [3]})


@pytest.mark.parametrize(("text", "message"), [
    ("A: 1\n", "line 1: the first line must be 'universe: elements'"),
    ("universe: 1\nA 1\n", "line 2: expected 'name: elements'"),
    ("universe: 1\nA: 1\nA: 1\n", "line 3: subset 'A' is defined twice"),
    ("universe: 1\nA: 2\n", "subset 'A' has element '2', which is not in the universe"),
    ("# nothing\n", "no 'universe:' line"),
    ('{"universe": [1], "subsets": {"A": [1]', "invalid JSON at line 1"),
    ('{"universe": [1]}', 'exactly the keys "universe" and "subsets"'),
    ('{"universe": 1, "subsets": {}}', '"universe" must be a list'),
    ('{"universe": [1], "subsets": {"A": 1}}', "every subset must be a list"),
])
def test_parse_errors(text, message):
    """Malformed files are named with the line and the problem."""
    with pytest.raises(ProblemError, match=message):
        parse_subsets(text)


def test_a_long_bad_line_is_quoted_in_part():
    """A line of 400 KB that is not a subset (a JSON list, say) is named with its first
    characters and its length, not echoed whole; so is a Knuth file's long bad word."""
    line = "[" + ",".join(["[1,2,3]"] * 50_000) + "]"
    with pytest.raises(ProblemError) as refused:
        parse_subsets(line + "\n")
    message = str(refused.value)
    assert len(message) < 300 and "not a list" in message and f"({len(line):,} characters)" in message
    with pytest.raises(ProblemError) as refused:
        exactcover.read_dlx("a b\na " + "x" * 100_000 + "\n")
    assert len(str(refused.value)) < 200 and "unknown item 'xxx" in str(refused.value)
