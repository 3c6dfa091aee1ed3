"""The docstrings' examples run as doctests: every module of the bundled packages."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import exactcover
import exactcover_loops
import exactcover_polyomino
import exactcover_queens
import exactcover_sudoku

PACKAGES = [exactcover, exactcover_loops, exactcover_polyomino, exactcover_queens, exactcover_sudoku]
MODULES = sorted({package.__name__ for package in PACKAGES} | {
    info.name for package in PACKAGES for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not info.name.endswith("__main__")})


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert failed == 0, f"{failed} doctest example(s) failed in {name}"


def test_some_examples_are_checked():
    """The examples exist (a test that finds none would check nothing)."""
    found = sum(len(test.examples) for name in MODULES for test in doctest.DocTestFinder().find(importlib.import_module(name)))
    assert found >= 10
