"""Helpers shared by the benchmark scripts: the problems, and timing by medians."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the problem builders the tests use

from problems import INKALA, PUZZLE_8008, queens_matrix, sudoku_givens, sudoku_matrix, word_squares  # noqa: E402

__all__ = ["INKALA", "PUZZLE_8008", "ROOT", "median_time", "queens_matrix", "sudoku_givens", "sudoku_matrix",
           "word_squares"]


def median_time(function: Callable[[], object], repeats: int) -> tuple[float, object]:
    """The median wall time of ``repeats`` calls, and the last call's result."""
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result
