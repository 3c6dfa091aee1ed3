"""A search as it was decided: one frozen value from the front's plan down to the engine.

The front reads what a caller asked (a `Request`), refuses what does not combine, and decides
everything else once (`exactcover.front.plan.plan`): the route, the way, the memo's mode, the
givens as option numbers. What it decided is a `Plan`, and the searches of this folder and of
`exactcover.parallel` take it whole: none reads a keyword, none decides again. Its ``call``
(`contract.EngineCall`) is what the engine is called with, in this process or in a worker.
"""

from __future__ import annotations

import os
from typing import Any

import attrs

from ..engines.contract import EngineCall

__all__ = ["Plan"]


@attrs.frozen(kw_only=True)
class Plan:
    """How one search runs, decided before it starts.

    ``what`` is asked (`exactcover.front.request.WHATS`, or "split": the tree cut into
    subtrees), on ``route`` (`exactcover.front.plan.ROUTES`), ``way`` (the name: the SAT race
    and the split read it; ``call.tuning`` is what the engines read), with ``call``, the
    engine's arguments. ``seed`` is the caller's: the search's ties (``call.seed``) for a first
    solution, a listing or a count, an estimate's probes, a sample's draws. The budgets, the
    limit, the progress callback, and a parallel search's processes, executor, journal and
    time slice are the request's, checked. ``reduce_first`` and ``look`` are the front's:
    reduce the problem before the search, or let the automatic reduction look at it on the
    way (`exactcover.front.autoreduce`).
    """

    what: str = "first"
    route: str = "engine"
    way: str = "auto"
    call: EngineCall = EngineCall()
    seed: int | None = None
    limit: int | None = None
    k: int = 1
    samples: int = 1000
    max_nodes: int | None = None
    timeout: float | None = None
    progress: Any = None  # a callable taking a `Progress`, True for a bar, or None
    jobs: int | None = None
    executor: Any = None  # a concurrent.futures.Executor
    journal: str | os.PathLike[str] | None = None
    time_slice: float | None = None
    head: tuple[tuple[str, Any], ...] = ()  # what a new journal's first line says besides the count's own
    reduce_first: bool = False
    look: bool = False

    def given(self, givens: tuple[int, ...], excluded: tuple[int, ...]) -> Plan:
        """This plan with other givens and exclusions (option numbers): a solver's kept plan,
        put to one more search. Made field by field, as fast as a plan can be made (a
        generic `attrs.evolve` of the plan and its call took 7.5 µs, 4% of solving a sudoku);
        tests/search/test_plans.py checks that it keeps every other field."""
        c = self.call
        return Plan(what=self.what, route=self.route, way=self.way,
                    call=EngineCall(givens, excluded, c.seed, c.tuning, c.best, c.memo, c.memo_bytes, c.diagram),
                    seed=self.seed, limit=self.limit, k=self.k, samples=self.samples, max_nodes=self.max_nodes,
                    timeout=self.timeout, progress=self.progress, jobs=self.jobs, executor=self.executor,
                    journal=self.journal, time_slice=self.time_slice, head=self.head, reduce_first=self.reduce_first,
                    look=self.look)

    def splitting(self) -> Plan:
        """The plan of the search that cuts this one's tree into subtrees (a parallel
        search's first step): the same givens and budget, on the calibrated way, unseeded,
        without a table, a cost bound or a callback (the parallel search reports)."""
        return Plan(what="split", call=self.call.plain(), max_nodes=self.max_nodes, timeout=self.timeout)
