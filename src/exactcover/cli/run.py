"""One command's search, from the problem its type's command line built to the output:
solutions, counts, samples and batches, with statistics, a progress bar, and stops by budget
or Ctrl-C said as such."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

import attrs
import click

from ..errors import BudgetExceeded, ProblemTooLarge
from ..front import api
from ..front.plan import SAID_BY_COMMAND, Features, plan
from ..front.request import Request
from ..problem import Batch, ProblemType
from ..search.bar import ProgressBar
from .clock import left, within
from .exits import BAD_INPUT, NO_SOLUTION, STOPPED, Exit, errors_reported, interrupted, sigint_deferred
from .report import Report

if TYPE_CHECKING:  # (for annotations only: lines loads on first use)
    from ..lines import LineFile

__all__ = ["ProgressBar", "Run", "line_file"]  # (ProgressBar is the library's: exactcover.search.bar)


def line_file(problem: Any) -> LineFile | None:
    """``problem`` if it is a `LineFile`, else None. Only the types that read such files load
    `exactcover.lines`, so a problem made without it is not one, and the command starts
    without the module."""
    lines = sys.modules.get("exactcover.lines")
    return problem if lines is not None and isinstance(problem, lines.LineFile) else None


#: `Stats.way` as the statistics line says it.
WAYS_SAID = {"links": "on the links", "sets": "on the sets", "mixed": "on the links and the sets",
             "sat": "stopped: the SAT solver answered first"}


class Run:
    """One command's search: the problem parsed and prepared, and its output."""

    def __init__(self, kind: ProblemType[Any, Any], problem: Any, options: dict[str, Any], report: Report) -> None:
        self.report = report
        self.as_json = report.on
        self.show_stats = options.pop("stats")
        self.quiet = options.pop("quiet") or self.as_json
        self.engine = options.pop("engine")
        self.max_entries = options.pop("max_entries") or None
        self.scheduler = options.get("scheduler")
        self.search = {k: v for k, v in options.items() if v is not None}
        assert kind.command_line is not None
        self.kind, self.shown, self.problem = kind, kind.command_line, problem
        self.batch = problem.problems if isinstance(problem, Batch) else None
        self.lines = line_file(problem)  # (read into batch if need be)
        if self.lines is not None:
            self.batch = ()
        self._prepared: api.Prepared | None = None
        with errors_reported(), within("while preparing the problem"):
            if self.batch is None:
                self._prepared = api.prepare(problem, self.engine, max_entries=self.max_entries, kind=self.kind)

    def planned(self, what: str, **more: Any) -> Request:
        """The command's request for ``what``: its options with ``more``, planned for its
        problem (for a file of problems: for one of many) so that what does not combine is
        refused, in one line with exit status 2, before any search. With --reduce the
        problem is reduced here, so that the statistics are its search's."""
        with errors_reported(), within("while reducing the problem"):
            request = Request.of(what, **self.search, **more)
            if self.batch is not None:
                plan(request, Features(many=True), SAID_BY_COMMAND)
            else:
                plan(request, self.prepared.features(), SAID_BY_COMMAND)
                if request.reduce and self.prepared.reduction is None:
                    self._prepared, request = self.prepared.reduced(request)
                request = attrs.evolve(request, timeout=left())  # (the search has what the command has left)
        return request

    @property
    def prepared(self) -> api.Prepared:
        """The one problem, prepared (not for a batch: each of its problems is prepared apart)."""
        assert self._prepared is not None, "a batch has no one prepared problem"
        return self._prepared

    #: A batch's outcomes (the report's statuses) as its summary on stderr says them.
    OUTCOMES = {"ok": "solved", "no solution": "without solution", "invalid": "invalid", "stopped": "stopped"}

    def solve_batch(self, counting: bool, limit: int | None) -> None:
        """One output line per problem, and a summary with the rate on stderr: a `LineFile`
        solved by the engine whole where it can be (`cli.lines`, a part at a time), else
        problem by problem."""
        request = self.planned("count" if counting else "first", **({"limit": limit} if counting else {}))
        import time

        parts: Iterator[dict[str, int]] | None = None
        if self.lines is not None:
            from .lines import can_solve_whole, solve_whole

            if can_solve_whole(self.search, self.as_json, counting, limit):
                parts = solve_whole(self.lines, self.search, self.engine, self.max_entries, counting, limit)
            else:
                with errors_reported():
                    self.batch = self.lines.read().problems
        tally, done, started = dict.fromkeys(self.OUTCOMES, 0), 0, time.perf_counter()
        try:
            with errors_reported():
                for part in parts if parts is not None else self.one_by_one(request):
                    done += sum(part.values())
                    tally = {what: n + part.get(what, 0) for what, n in tally.items()}
        except KeyboardInterrupt as error:
            self.batch_summary(done, tally, time.perf_counter() - started)
            raise interrupted(error, f" after {done} problem(s)") from None
        finally:
            self.report.set(tally=tally, seconds=round(time.perf_counter() - started, 6))
        self.batch_summary(done, tally, time.perf_counter() - started)
        if tally["invalid"]:
            raise Exit(BAD_INPUT)
        if tally["stopped"]:
            raise Exit(STOPPED)
        if tally["no solution"]:
            raise Exit(NO_SOLUTION)

    def one_by_one(self, request: Request) -> Iterator[dict[str, int]]:
        """The batch's problems searched one at a time, each line written as it is found;
        after each, its status counted once."""
        assert self.batch is not None
        for number, problem in enumerate(self.batch, 1):
            record, text = self.one_of_batch(problem, request)
            if self.as_json:
                self.report.problem({"number": number, **record})
            else:
                click.echo(text)
            yield {record["status"]: 1}

    def one_of_batch(self, problem: Any, request: Request) -> tuple[dict[str, Any], str]:
        """One problem of a batch: its JSON record (``status`` and ``solution``, ``count`` or
        ``message``) and its output line."""
        if isinstance(problem, Exception):
            click.echo(f"exactcover: error: {problem}", err=True)
            return {"status": "invalid", "message": str(problem)}, "invalid"
        try:
            with errors_reported():
                try:
                    prepared = api.prepare(problem, self.engine, max_entries=self.max_entries, kind=self.kind)
                except ProblemTooLarge as error:  # this line's problem, not the whole batch's
                    return self.one_of_batch(error, request)
                if self.lines is not None and prepared.way == "auto":  # (searched as the file whole is)
                    prepared = attrs.evolve(prepared, way=self.lines.way)
                if request.what == "count":
                    number = prepared.run(request, many=True)
                    return {"status": "ok" if number else "no solution", "count": number}, str(number)
                solution = prepared.run(request, decode=False, many=True)
        except BudgetExceeded as stop:
            return {"status": "stopped", "message": str(stop)}, "stopped"
        if solution is None:
            return {"status": "no solution", "solution": None}, "no solution"
        answer = prepared.answer(solution)
        return {"status": "ok", "solution": self.shown.to_json(problem, answer)}, self.shown.line(problem, answer)

    def batch_summary(self, done: int, tally: dict[str, int], seconds: float) -> None:
        parts = ", ".join(f"{n} {self.OUTCOMES[what]}" for what, n in tally.items() if n)
        rate = f"{done / seconds:,.0f}" if seconds > 0 else "-"
        click.echo(f"{done} problems: {parts or 'none'}; {seconds:.3f} s, {rate} per second", err=True)

    def on_cluster(self) -> Any:
        """With --scheduler, the search's executor and workers on that cluster (see
        `cli.cluster`), while the search runs; else nothing. (The plan has refused a cluster
        where it cannot serve.)"""
        if self.scheduler is None:
            return nullcontext({})
        from .cluster import on_cluster

        return on_cluster(self.scheduler)

    def solve(self, limit: int | None) -> None:
        """The first solution (``limit`` 1), or every one (None), or at most ``limit``."""
        request = self.planned("first") if limit == 1 else self.planned("solutions", limit=limit)
        bar = ProgressBar(enabled=limit is None and not self.quiet)
        found = 0
        answers: Any = None  # (kept for Ctrl-C, which closes a parallel listing)
        try:
            with errors_reported(), bar, self.on_cluster() as cluster:
                request = attrs.evolve(request, scheduler=None, **cluster, **bar.option())
                if request.what == "first":
                    answers = [answer] if (answer := self.prepared.run(request)) is not None else []
                else:
                    answers = self.prepared.run(request)
                for answer in answers:
                    with sigint_deferred():  # printed and counted together, or neither
                        self.emit(answer, first=found == 0)
                        found += 1
        except KeyboardInterrupt as error:
            if hasattr(answers, "close"):  # (its workers stop, and what they did is counted)
                answers.close()
            self.finish(found, exhausted=False)
            raise interrupted(error, f" after {found} solution(s); the search was not finished") from None
        except BudgetExceeded as stop:
            self.finish(found, exhausted=False)
            raise Exit(STOPPED, f"{stop}") from None
        self.finish(found, exhausted=limit is None or found < limit)  # (fewer than asked: there are no more)
        if found == 0:
            if not self.as_json:
                click.echo("no solution")
            raise Exit(NO_SOLUTION)

    def best(self, k: int) -> None:
        """The k cheapest solutions, cheapest first, each with its cost; exit 3 if a budget
        stopped the search before it proved them (they are then the best found so far)."""
        request = self.planned("best", k=k)
        with errors_reported():
            found = self.prepared.run(request)
        for n, (cost, answer) in enumerate(found.solutions):
            if self.as_json:
                self.report.solution(self.shown.to_json(self.problem, answer), cost)
            else:
                click.echo(("\n" if n else "") + f"cost {cost}:\n" + self.shown.render(self.problem, answer))
        self.finish(len(found), exhausted=found.proven)
        if not found.proven:
            raise Exit(STOPPED, "the search was stopped by its budget: these are the cheapest found so far, "
                                "not proven the cheapest")
        if not found.solutions:
            if not self.as_json:
                click.echo("no solution")
            raise Exit(NO_SOLUTION)

    def count(self, limit: int | None) -> None:
        head = {"problem": self.problem_said()} if self.search.get("journal") is not None else None
        request = self.planned("count", limit=limit, head=head)
        bar = ProgressBar(enabled=not self.quiet)
        if head is not None and not self.quiet:
            self.say_resumed(str(self.search["journal"]))
        try:
            with errors_reported(), bar, self.on_cluster() as cluster:
                number = self.prepared.run(attrs.evolve(request, scheduler=None, **cluster, **bar.option()))
        except KeyboardInterrupt as error:
            self.report_partial_count()
            raise interrupted(error, ": the search was not finished") from None
        except BudgetExceeded as stop:
            self.report_partial_count()
            raise Exit(STOPPED, f"{stop}") from None
        self.report_count(number, exact=limit is None or number < limit)
        if number == 0:
            raise Exit(NO_SOLUTION)

    @staticmethod
    def say_resumed(journal: str) -> None:
        """One line on stderr when a count goes on from a journal that holds lines already
        (its lines counted a block at a time: a journal is read whole only by the count)."""
        from ..parallel.journal import MOST_BYTES

        if not os.path.isfile(journal) or os.path.getsize(journal) > MOST_BYTES:
            return  # (a FIFO would wait here; the count says what is wrong with such a journal)
        try:
            with open(journal, "rb") as file:
                if _locked(file):
                    return  # (another count holds it: this one is refused, and says so)
                lines = sum(block.count(b"\n") for block in iter(lambda: file.read(1 << 20), b""))
        except OSError:
            return  # (one the count itself will say it cannot read)
        if lines > 1:
            click.echo(f"going on from the journal {journal}: {lines - 1:,} subtree lines kept in it", err=True)

    def problem_said(self) -> dict[str, Any]:
        """The problem as its command line gave it: its type, its arguments (as typed) and
        the directory they were typed in, for `exactcover verify` to build it again."""
        arguments = click.get_current_context().meta.get("exactcover.arguments")
        return {"type": self.kind.name, "arguments": arguments, "directory": os.getcwd()}

    def sample(self, how_many: int) -> None:
        """Draw from the diagram (`Prepared.sample`); a problem type's filter is kept by drawing again."""
        if self.batch is not None:
            raise Exit(BAD_INPUT, "error: sample takes one problem, not a file of them")
        request = attrs.evolve(self.planned("sample"), samples=how_many)
        try:
            with errors_reported():
                try:
                    drawn = self.prepared.run(request)
                except MemoryError as error:
                    why = str(error).replace("memo_bytes", "--memo-bytes") or "the machine's memory ran out"
                    raise Exit(STOPPED, f"the diagram of all solutions was not finished: {why}") from None
        except BudgetExceeded as stop:
            raise Exit(STOPPED, f"{stop}") from None
        if drawn.count == 0:
            if not self.as_json:
                click.echo("no solution")
            raise Exit(NO_SOLUTION)
        for k, answer in enumerate(drawn.solutions):
            self.emit(answer, k == 0)
        self.report.set(count=drawn.count, complete=True, stats={**self.stats(), "diagram_nodes": drawn.diagram_nodes})
        if self.show_stats:
            self.print_stats(drawn.count)
            click.echo(f"the diagram: {drawn.diagram_nodes} nodes", err=True)

    # -- output ------------------------------------------------------------------------------

    def emit(self, answer: Any, first: bool) -> None:
        if self.as_json:
            self.report.solution(self.shown.to_json(self.problem, answer))
        else:
            if not first:
                click.echo()
            click.echo(self.shown.render(self.problem, answer))

    def stats(self) -> dict[str, Any]:
        stats = self.prepared.solver.stats  # (this thread's latest search: this command's)
        return {"nodes": stats.nodes, "updates": stats.updates, "max_level": stats.max_level,
                "seconds": round(stats.seconds, 6), "engine_seconds": round(stats.engine_seconds, 6),
                "memo_hits": stats.memo_hits, "memo_entries": stats.memo_entries, "memoized": stats.memoized,
                "way": stats.way, "reduced": stats.reduced,
                **({} if stats.subtrees is None else {"subtrees": attrs.asdict(stats.subtrees)})}

    def finish(self, found: int, exhausted: bool) -> None:
        """The solutions found (``complete`` when they are all there are), and the statistics."""
        self.report.set(count=found, complete=exhausted, stats=self.stats())
        if self.show_stats and not self.as_json:
            self.print_stats(found)

    def report_partial_count(self) -> None:
        """What a stopped count knows: the solutions so far (when the engine counts them all)."""
        if self.prepared.accept is None:
            self.report_count(self.prepared.solver.stats.solutions, exact=False)
        else:
            self.report.set(count=None, complete=False, stats=self.stats())

    def report_count(self, number: int, exact: bool) -> None:
        self.report.set(count=number, complete=exact, stats=self.stats())
        if not self.as_json:
            click.echo(number if exact else f"at least {number}")
            if self.show_stats:
                self.print_stats(number)

    def print_stats(self, solutions: int) -> None:
        s = self.stats()
        memo = ""
        if s["memo_hits"] or s["memo_entries"]:
            how = "memoized" if s["memoized"] else "the table dropped after a sample"
            memo = f"; {how}: {s['memo_hits']} hits, {s['memo_entries']} states stored"
        click.echo(
            f"{solutions} solution(s), {s['nodes']} nodes, {s['updates']} updates, "
            f"deepest level {s['max_level']}, {s['seconds']:.3f} s ({s['engine_seconds']:.3f} s in the "
            f"{self.prepared.solver.engine} engine, {WAYS_SAID[s['way']]}){memo}",
            err=True,
        )
        if s["reduced"]:
            from ..front.autoreduce import LOOK

            click.echo(f"searched the problem reduced by Knuth's preprocessing (decided after the search's first "
                       f"{LOOK * 1e3:.0f} ms: the reduction promised to pay)", err=True)
        reduction = self.prepared.reduction
        if reduction is not None:
            click.echo(f"reduced first (Knuth's preprocessing): {reduction.summary()}, {reduction.seconds:.3f} s",
                       err=True)


def _locked(file: Any) -> bool:
    """Whether another process holds ``file``'s lock (a count on that journal): tried and let
    go at once (Windows: no lock, never held)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    fcntl.flock(file.fileno(), fcntl.LOCK_UN)
    return False
