"""Knuth's random-probe estimates of a search's size: `Solver.estimate` and its result."""

from __future__ import annotations

import math
import random

import attrs

from .compiled import CompiledMatrix
from .plans import Plan
from .runs import Run


__all__ = ["Estimate", "estimate"]


@attrs.frozen
class Estimate:
    """Knuth's random-probe estimate of a search: the expected number of search nodes and of
    solutions, each with its standard error, from ``samples`` probes, of which ``solved``
    ended in a solution. With ``solved == 0`` the solutions estimate is 0 ± 0 whatever the
    truth (a puzzle with one solution is rarely reached by chance): it says nothing, and
    `__str__` says so. ``unfiltered`` is True for a problem type that keeps only some of its
    matrix's solutions (``Queens(8, distinct=True)``): the probes cannot apply its filter, so
    ``solutions`` estimates the matrix's solutions, before the filter, and `__str__` says so."""

    nodes: float
    nodes_error: float
    solutions: float
    solutions_error: float
    samples: int
    solved: int = 0
    unfiltered: bool = False

    def __str__(self) -> str:
        nodes = f"{_about(self.nodes, self.nodes_error)} search nodes"
        if self.solved == 0:
            return (f"{nodes}; no probe reached a solution, so the number of solutions is unknown "
                    f"(there may be none, or too few for {self.samples} probes to find)")
        before = " before the problem type's filter, which keeps fewer" if self.unfiltered else ""
        return (f"{nodes} and {_about(self.solutions, self.solutions_error)} solutions{before} "
                f"({self.samples} probes, {self.solved} reached a solution)")


def _about(value: float, error: float) -> str:
    if math.isinf(value):  # (a probe went past the floats' range: see _as_float)
        return "more than 1.8e308"
    return f"about {value:.4g} ± {error:.2g}"


def estimate(compiled: CompiledMatrix, plan: Plan) -> Estimate:
    """`Solver.estimate`: see there (the plan's ``samples`` probes, drawn by its ``seed``)."""
    samples = plan.samples
    run = Run(compiled, plan)
    rng = random.Random(plan.seed)
    nodes, found = _Running(), _Running()  # (running sums: memory stays the same for any number of probes)
    reached = 0
    for _ in range(samples):
        degrees, solved = run.search.probe(rng.getrandbits(64))
        total, product = 1, 1
        for d in degrees:
            product *= d
            total += product
        nodes.add(_as_float(total))
        found.add(_as_float(product) if solved else 0.0)
        reached += bool(solved and product)
    return Estimate(nodes.mean(), nodes.error(), found.mean(), found.error(), samples, reached)


class _Running:
    """The mean of a stream of values and its standard error, from running sums (Welford's
    method); a value past the floats' range makes both infinite."""

    def __init__(self) -> None:
        self.n, self.average, self.squares, self.infinite = 0, 0.0, 0.0, False

    def add(self, value: float) -> None:
        self.n += 1
        if math.isinf(value):
            self.infinite = True
            return
        delta = value - self.average
        self.average += delta / self.n
        self.squares += delta * (value - self.average)

    def mean(self) -> float:
        return math.inf if self.infinite else self.average

    def error(self) -> float:
        if self.n < 2 or self.infinite:
            return math.inf
        return math.sqrt(self.squares / (self.n - 1)) / math.sqrt(self.n)


def _as_float(value: int) -> float:
    """``value`` as a float; inf beyond the floats' range (a probe of a search with 10^300
    nodes, such as 300 queens, multiplies its way past it)."""
    return float(value) if value.bit_length() <= 1023 else math.inf
