"""Fixtures shared by the tests: every engine test runs on each engine available here (by
name, ``engine``; or its module, ``module``). What else the tests share is in helpers.py."""

from __future__ import annotations

import multiprocessing
import os
from types import ModuleType

import pytest

from exactcover import engines

from helpers import ENGINES, MODULES

if "libasan" in os.environ.get("LD_PRELOAD", ""):
    # Under tools/asan.sh: AddressSanitizer's allocator keeps its locks across fork(), so a
    # pool forked while another thread of the test process (a Dask test's) allocates can
    # hang in the child. Workers forked from a single-threaded server cannot.
    multiprocessing.set_start_method("forkserver", force=True)


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """The name of an engine: "c" and "python" (only "python" if EXACTCOVER_PUREPYTHON=1)."""
    return request.param


@pytest.fixture(scope="session", params=MODULES, ids=engines.name_of)
def module(request: pytest.FixtureRequest) -> ModuleType:
    """An engine's module (`exactcover.engines._dlx`, `exactcover.engines.pydlx`), for the tests of the
    engines' own interface (`contract.Dancer` and `contract.Search`)."""
    return request.param


@pytest.fixture(scope="session")
def expected_engine() -> str | None:
    """The engine CI says must be active (EXACTCOVER_EXPECT_ENGINE), or None."""
    return os.environ.get("EXACTCOVER_EXPECT_ENGINE") or None
