"""The ``exactcover`` command. Thin: parse, call the library, render, turn errors into exit codes.

Exit status: 0 found (or counted) solutions; 1 no solution; 2 bad input, with a one-line
message on stderr; 3 stopped by ``--max-nodes`` or ``--timeout``; 130 interrupted (what was
found so far is printed first), 143 terminated by SIGTERM; 141 the reader of the output went
away (a broken pipe, as ``| head`` makes); 74 the output could not be written (a full disk,
a closed stdout); 70 an internal error (set EXACTCOVER_DEBUG=1 for the traceback).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Any

import click

from . import api
from .errors import BudgetExceeded, ProblemTooLarge
from .exits import (BAD_INPUT, NO_SOLUTION, STOPPED, Commands, Exit, errors_reported, interrupted,
                    sigint_deferred)
from .problem import Batch

PASS_THROUGH = {"ignore_unknown_options": True, "help_option_names": ["-h", "--help"]}


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="exactcover")
def cli() -> None:
    """Solve exact cover problems with dancing links.

    \b
    Examples:
      exactcover plugins
      exactcover solve subsets family.txt --all
      exactcover count dlx problem.dlx --jobs 2
      cat problem.dlx | exactcover solve dlx - --json
      exactcover estimate queens 16
    """


@cli.command()
def plugins() -> None:
    """List the problem types the installed plugins provide, and the plugins that are broken.

    \b
    Example:
      exactcover plugins
    """
    with errors_reported():
        from .plugins import registry

        found = registry()
        types, broken = found.types, list(found.broken.values())
    rows = []
    for name, kind in types.items():
        distribution, version = found.sources.get(found.plugin_of(name), (None, None))
        source = f"{distribution} {version}" if distribution else "registered at run time"
        rows.append((name, kind.usage if kind.parse else "(not on the command line)", source, kind.summary))
    if not sys.stdout.isatty():  # for pipes and files: one plain line per type, never wrapped
        width = max((len(name) for name, *_ in rows), default=0)
        for name, usage, source, summary in rows:
            click.echo(f"{name:<{width}}  {summary}  (arguments: {usage}; from {source})")
        for plugin in broken:
            click.echo(f"broken: {plugin}")
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table("type", "arguments", "from", "summary", box=None, header_style="bold")
    for row in rows:
        table.add_row(*map(escape, row))
    console = Console()
    console.print(table)
    for plugin in broken:
        console.print(f"[bold red]broken:[/] {escape(str(plugin))}")


max_entries_option = click.option(
    "--max-entries", type=click.IntRange(min=0), default=api.MAX_ENTRIES, show_default=True,
    help="Refuse (exit 2) a problem whose matrix would have more entries; 0: no limit.")


def search_options(command: Callable) -> Callable:
    """The options every searching command takes."""
    for option in reversed([
        click.option("--seed", type=int, help="Break ties at random with this seed (reproducible)."),
        click.option("--stats", is_flag=True, help="Report nodes, updates and time on stderr (or in the JSON summary)."),
        click.option("--json", "as_json", is_flag=True, help="Machine-readable output: one JSON document per line."),
        click.option("--engine", type=click.Choice(["auto", "c", "python"]), default="auto", show_default=True, help="The search engine."),
        click.option("--max-nodes", type=click.IntRange(min=0), help="Stop (exit 3) after this many search nodes."),
        click.option("--timeout", type=click.FloatRange(min=0, min_open=True), help="Stop (exit 3) after this many seconds."),
        click.option("--jobs", type=click.IntRange(min=1), help="Search on this many processes (count and --all)."),
        click.option("--quiet", is_flag=True, help="No progress bar."),
        max_entries_option,
    ]):
        command = option(command)
    return command


@cli.command(context_settings=PASS_THROUGH)
@click.argument("kind", metavar="TYPE")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.option("--all", "all_solutions", is_flag=True, help="Print every solution.")
@click.option("--limit", type=click.IntRange(min=1), help="Print at most N solutions.")
@click.option("--count", "count_only", is_flag=True, help="Count the solutions instead of printing them.")
@click.option("--explain", is_flag=True, help="First explain how to solve it (problem types that can, e.g. sudoku).")
@click.option("--best", "best", type=click.IntRange(min=1), metavar="K",
              help="Print the K cheapest solutions with their costs (options with costs, e.g. |n in a .dlx file).")
@search_options
def solve(kind: str, args: tuple[str, ...], all_solutions: bool, limit: int | None, count_only: bool, explain: bool,
          best: int | None, **options: Any) -> None:
    """Print the first solution of a problem of type TYPE (see `exactcover plugins`).

    ARGS are the problem type's own arguments, usually a file (- for standard input).

    \b
    Examples:
      exactcover solve subsets family.txt
      exactcover solve dlx problem.dlx --all --stats
      exactcover solve dlx problem.dlx --limit 3 --json
      exactcover solve dlx costs.dlx --best 3
      exactcover solve sudoku puzzles.txt       (a file of puzzles, one per line)
    """
    run = Run(kind, args, options)
    if explain:
        run.explain()
    if best is not None and run.batch is None:
        run.best(best)
    elif run.batch is not None:
        run.solve_batch(counting=count_only, limit=limit)
    elif count_only:
        run.count(limit)
    else:
        run.solve(None if all_solutions else (limit or 1))


@cli.command(context_settings=PASS_THROUGH)
@click.argument("kind", metavar="TYPE")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.option("--limit", type=click.IntRange(min=1), help="Stop counting at N.")
@click.option("--memo/--no-memo", default=None,
              help="Keep the count of every state of the search in a table, so that a state met again is not "
                   "searched again (default: decided from a sample of the search).")
@click.option("--memo-bytes", type=click.IntRange(min=0), help="The most memory the table may take (default 1 GiB).")
@search_options
def count(kind: str, args: tuple[str, ...], limit: int | None, **options: Any) -> None:
    """Count the solutions of a problem of type TYPE (exit status 1 when there are none).

    \b
    Examples:
      exactcover count dlx problem.dlx
      exactcover count subsets family.json --json
      exactcover count dlx dominoes.dlx --memo --stats   (a count of 10^30 in a second)
    """
    run = Run(kind, args, options)
    if run.batch is not None:
        run.solve_batch(counting=True, limit=limit)
    else:
        run.count(limit)


@cli.command(context_settings=PASS_THROUGH)
@click.argument("kind", metavar="TYPE")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.option("--n", "how_many", type=click.IntRange(min=1), default=1, show_default=True, help="Solutions to draw.")
@click.option("--memo-bytes", type=click.IntRange(min=0), help="The most memory the diagram may take (default 1 GiB).")
@search_options
def sample(kind: str, args: tuple[str, ...], how_many: int, **options: Any) -> None:
    """Print N solutions of a problem of type TYPE drawn uniformly at random, independently
    (the same ones for the same --seed), from the diagram of all its solutions.

    \b
    Examples:
      exactcover sample dlx dominoes.dlx --n 10 --seed 7
      exactcover sample queens 12 --n 3 --json
    """
    options.pop("jobs")
    Run(kind, args, options).sample(how_many)


@cli.command(context_settings=PASS_THROUGH)
@click.argument("kind", metavar="TYPE")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.option("--json", "as_json", is_flag=True, help="Print the problem as JSON.")
def generate(kind: str, args: tuple[str, ...], as_json: bool) -> None:
    """Generate a new problem of type TYPE, for the types that can (see their help).

    \b
    Example:
      exactcover generate sudoku --size 9 --clues 26 --seed 7 --symmetric
    """
    with errors_reported():
        from .plugins import registry

        problem_type = registry().get(kind)
        if problem_type.generate is None:
            raise Exit(BAD_INPUT, f"error: problem type {kind!r} cannot generate problems")
        problem = problem_type.generate(list(args))
        if as_json:
            click.echo(json.dumps({"problem": problem_type.to_json(problem, problem)}))
        else:
            click.echo(problem_type.render(problem, problem))


class Run:
    """One command's search: the problem parsed and prepared, and its output."""

    def __init__(self, kind: str, args: tuple[str, ...], options: dict[str, Any]) -> None:
        self.as_json = options.pop("as_json")
        self.show_stats = options.pop("stats")
        self.quiet = options.pop("quiet") or self.as_json
        engine = options.pop("engine")
        self.max_entries = options.pop("max_entries") or None
        self.search = {k: v for k, v in options.items() if v is not None}
        with errors_reported():
            from .plugins import registry

            self.kind = registry().get(kind)
            if self.kind.parse is None:
                raise Exit(BAD_INPUT, f"error: problem type {kind!r} cannot be given on the command line")
            self.problem = self.kind.parse(list(args))
            self.engine = engine
            self.batch = self.problem.problems if isinstance(self.problem, Batch) else None
            self.prepared = None if self.batch is not None else api.prepare(self.problem, engine, max_entries=self.max_entries)

    def explain(self) -> None:
        if self.kind.explain is None:
            raise Exit(BAD_INPUT, f"error: problem type {self.kind.name!r} cannot explain its solutions")
        for problem in self.batch if self.batch is not None else [self.problem]:
            if not isinstance(problem, Exception):
                with errors_reported():
                    click.echo(self.kind.explain(problem))
                click.echo()

    def solve_batch(self, counting: bool, limit: int | None) -> None:
        """One output line per problem, and a summary with the rate on stderr."""
        import time

        line = self.kind.render_line or self.kind.render
        tally = {"solved": 0, "without solution": 0, "invalid": 0, "stopped": 0}
        started = time.perf_counter()
        done = 0
        try:
            for problem in self.batch:
                outcome, text = self.one_of_batch(problem, counting, limit, line)
                tally[outcome] += 1
                click.echo(text)
                done += 1
        except KeyboardInterrupt as error:
            self.batch_summary(done, tally, time.perf_counter() - started)
            raise interrupted(error, f" after {done} problem(s)") from None
        self.batch_summary(done, tally, time.perf_counter() - started)
        if tally["invalid"]:
            raise Exit(BAD_INPUT)
        if tally["stopped"]:
            raise Exit(STOPPED)
        if tally["without solution"]:
            raise Exit(NO_SOLUTION)

    def one_of_batch(self, problem: Any, counting: bool, limit: int | None, line: Callable) -> tuple[str, str]:
        if isinstance(problem, Exception):
            click.echo(f"exactcover: error: {problem}", err=True)
            return "invalid", json.dumps({"error": str(problem)}) if self.as_json else "invalid"
        try:
            with errors_reported():
                try:
                    prepared = api.prepare(problem, self.engine, max_entries=self.max_entries)
                except ProblemTooLarge as error:  # this line's problem, not the whole batch's
                    return self.one_of_batch(error, counting, limit, line)
                if counting:
                    number = prepared.count(limit=limit, **self.search)
                    text = json.dumps({"count": number}) if self.as_json else str(number)
                    return ("solved" if number else "without solution"), text
                solution = next(prepared.raw_solutions(limit=1, **self.search), None)
        except BudgetExceeded:
            return "stopped", json.dumps({"stopped": True}) if self.as_json else "stopped"
        if solution is None:
            return "without solution", json.dumps({"solution": None}) if self.as_json else "no solution"
        answer = prepared.decode(solution)
        return "solved", json.dumps({"solution": self.kind.to_json(problem, answer)}) if self.as_json else line(problem, answer)

    def batch_summary(self, done: int, tally: dict[str, int], seconds: float) -> None:
        parts = ", ".join(f"{n} {what}" for what, n in tally.items() if n)
        rate = f"{done / seconds:,.0f}" if seconds > 0 else "-"
        click.echo(f"{done} problems: {parts or 'none'}; {seconds:.3f} s, {rate} per second", err=True)

    def solve(self, limit: int | None) -> None:
        prepared, found = self.prepared, 0
        bar = ProgressBar(enabled=limit is None and not self.quiet)
        try:
            with errors_reported(), bar:
                for solution in prepared.raw_solutions(limit=limit, **self.search, **bar.option()):
                    with sigint_deferred():  # printed and counted together, or neither
                        self.emit(prepared.decode(solution), first=found == 0)
                        found += 1
        except KeyboardInterrupt as error:
            self.finish(found, exhausted=False, stopped=True)
            raise interrupted(error, f" after {found} solution(s); the search was not finished") from None
        except BudgetExceeded as stop:
            self.finish(found, exhausted=False, stopped=True)
            raise Exit(STOPPED, f"{stop}") from None
        self.finish(found, exhausted=limit is None)
        if found == 0:
            if not self.as_json:
                click.echo("no solution")
            raise Exit(NO_SOLUTION)

    def best(self, k: int) -> None:
        """The k cheapest solutions, cheapest first, each with its cost; exit 3 if a budget
        stopped the search before it proved them (they are then the best found so far)."""
        with errors_reported():
            found = self.prepared.best(k, **self.search)
        for n, (cost, answer) in enumerate(found.solutions):
            if self.as_json:
                click.echo(json.dumps({"cost": cost, "solution": self.kind.to_json(self.problem, answer)}))
            else:
                click.echo(("\n" if n else "") + f"cost {cost}:\n" + self.kind.render(self.problem, answer))
        self.finish(len(found), exhausted=found.proven, stopped=not found.proven)
        if not found.proven:
            raise Exit(STOPPED, "the search was stopped by its budget: these are the cheapest found so far, "
                                "not proven the cheapest")
        if not found.solutions:
            if not self.as_json:
                click.echo("no solution")
            raise Exit(NO_SOLUTION)

    def count(self, limit: int | None) -> None:
        prepared = self.prepared
        bar = ProgressBar(enabled=not self.quiet)
        try:
            with errors_reported(), bar:
                number = prepared.count(limit=limit, **self.search, **bar.option())
        except KeyboardInterrupt as error:
            self.report_partial_count()
            raise interrupted(error, ": the search was not finished") from None
        except BudgetExceeded as stop:
            self.report_partial_count()
            raise Exit(STOPPED, f"{stop}") from None
        self.report_count(number, exact=limit is None or number < limit)
        if number == 0:
            raise Exit(NO_SOLUTION)

    def sample(self, how_many: int) -> None:
        """Draw from the diagram; a problem type's filter is kept by drawing again."""
        prepared, search = self.prepared, dict(self.search)
        if self.batch is not None:
            raise Exit(BAD_INPUT, "error: sample takes one problem, not a file of them")
        seed = search.pop("seed", None)
        try:
            with errors_reported():
                try:
                    diagram = prepared.solver.diagram(prepared.givens, exclude=prepared.exclude, **search)
                except MemoryError as error:
                    raise Exit(STOPPED, f"the diagram of all solutions was not finished: {error}") from None
        except BudgetExceeded as stop:
            raise Exit(STOPPED, f"{stop}") from None
        if diagram.count == 0:
            if not self.as_json:
                click.echo("no solution")
            raise Exit(NO_SOLUTION)
        drawn: list[tuple] = []
        for again in range(1000):  # (rejection keeps the draws uniform over what the filter accepts)
            more = diagram.sample(how_many, seed if seed is None or again == 0 else seed * 1_000_003 + again)
            drawn += [s for s in more if prepared.accept is None or prepared.accept(s)]
            if len(drawn) >= how_many:
                break
        for k, solution in enumerate(drawn[:how_many]):
            self.emit(prepared.decode(solution), k == 0)
        if self.show_stats:
            self.print_stats(diagram.count)
            click.echo(f"the diagram: {diagram.size} nodes", err=True)

    # -- output ------------------------------------------------------------------------------

    def emit(self, answer: Any, first: bool) -> None:
        if self.as_json:
            click.echo(json.dumps({"solution": self.kind.to_json(self.problem, answer)}))
        else:
            if not first:
                click.echo()
            click.echo(self.kind.render(self.problem, answer))

    def stats(self) -> dict[str, Any]:
        stats = self.prepared.solver.stats  # (this thread's latest search: this command's)
        return {"nodes": stats.nodes, "updates": stats.updates, "max_level": stats.max_level,
                "seconds": round(stats.seconds, 6), "engine_seconds": round(stats.engine_seconds, 6),
                "memo_hits": stats.memo_hits, "memo_entries": stats.memo_entries, "memoized": stats.memoized}

    def finish(self, found: int, exhausted: bool, stopped: bool = False) -> None:
        if self.as_json:
            if self.show_stats or stopped:
                click.echo(json.dumps({"summary": {"solutions": found, "exhausted": exhausted, **self.stats()}}))
        elif self.show_stats:
            self.print_stats(found)

    def report_partial_count(self) -> None:
        """What a stopped count knows: the solutions so far (when the engine counts them all)."""
        if self.prepared.accept is None:
            self.report_count(self.prepared.solver.stats.solutions, exact=False)

    def report_count(self, number: int, exact: bool) -> None:
        if self.as_json:
            summary = {"count": number, "exact": exact, **(self.stats() if self.show_stats else {})}
            click.echo(json.dumps(summary))
        else:
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
            f"{self.prepared.solver.engine} engine){memo}",
            err=True,
        )


class ProgressBar:
    """A progress bar on stderr for long searches: shown after about a second, on a terminal
    only, with the fraction done (Knuth's estimate), the solutions so far, and the time left."""

    DELAY = 1.0

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.bar: Any = None
        self.task: Any = None

    def option(self) -> dict[str, Any]:
        """The ``progress=`` keyword for the search (nothing when disabled)."""
        return {"progress": self.update} if self.enabled else {}

    def update(self, progress: Any) -> None:
        if self.bar is None:
            if progress.seconds < self.DELAY or progress.fraction >= 1.0:
                return
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                                TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("", total=1.0)
        self.bar.update(self.task, completed=progress.fraction,
                        description=f"{progress.solutions:,} solutions, {progress.nodes:,} nodes")

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.stop()


@cli.command(context_settings=PASS_THROUGH)
@click.argument("kind", metavar="TYPE")
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.option("--samples", type=click.IntRange(min=2), default=1000, show_default=True, help="Random probes to average.")
@click.option("--seed", type=int, help="Seed of the probes (reproducible).")
@click.option("--engine", type=click.Choice(["auto", "c", "python"]), default="auto", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON.")
@max_entries_option
def estimate(kind: str, args: tuple[str, ...], samples: int, seed: int | None, engine: str, as_json: bool,
             max_entries: int) -> None:
    """Estimate the size of a search before running it (Knuth's random probes, 1975).

    Prints the expected number of search nodes and of solutions, each with its standard error.

    \b
    Example:
      exactcover estimate queens 16 --samples 5000 --seed 1
    """
    with errors_reported():
        from .plugins import registry

        problem_type = registry().get(kind)
        if problem_type.parse is None:
            raise Exit(BAD_INPUT, f"error: problem type {kind!r} cannot be given on the command line")
        problem = problem_type.parse(list(args))
        if isinstance(problem, Batch):
            raise Exit(BAD_INPUT, "error: estimate takes one problem, not a file of several")
        result = api.estimate(problem, samples=samples, seed=seed, engine=engine, max_entries=max_entries or None)
    if as_json:
        solutions = {"solutions": result.solutions, "solutions_error": result.solutions_error} if result.solved else \
            {"solutions": None, "solutions_error": None}  # unknown: no probe reached a solution
        numbers = {"nodes": result.nodes, "nodes_error": result.nodes_error, **solutions}
        numbers = {k: "inf" if v is not None and math.isinf(v) else v for k, v in numbers.items()}  # (not JSON)
        click.echo(json.dumps({**numbers, "samples": result.samples, "solved": result.solved}))
    else:
        click.echo(str(result))


def main() -> None:
    """The console script."""
    cli(prog_name="exactcover")
