"""Fixtures shared by the tests: every engine test runs on each engine available here."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from exactcover import engines

if "libasan" in os.environ.get("LD_PRELOAD", ""):
    # Under tools/asan.sh: AddressSanitizer's allocator keeps its locks across fork(), so a
    # pool forked while another thread of the test process (a Dask test's) allocates can
    # hang in the child. Workers forked from a single-threaded server cannot.
    multiprocessing.set_start_method("forkserver", force=True)

ENGINES = ["python"] if engines.FORCE_PURE_PYTHON else list(engines.available())


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """The name of an engine: "c" and "python" (only "python" if EXACTCOVER_PUREPYTHON=1)."""
    return request.param


@pytest.fixture(scope="session")
def expected_engine() -> str | None:
    """The engine CI says must be active (EXACTCOVER_EXPECT_ENGINE), or None."""
    return os.environ.get("EXACTCOVER_EXPECT_ENGINE") or None
