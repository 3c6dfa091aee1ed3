"""The ``exactcover`` command. Thin: parse, call the library, render, turn errors into exit codes.

The top layer: it may import any part of the library (mostly `exactcover.front`), and
nothing in the library imports it, so that ``import exactcover`` never loads click or rich.

``solve``, ``count``, ``sample`` and ``estimate`` take a problem type and its own parameters,
declared by the type (`exactcover.CommandLine`) and turned into a command of its own
(`declared.TypeCommands`): ``exactcover solve queens 8 --distinct``. Plugins may add commands
of their own (``register_commands``: sudoku's ``exactcover sudoku generate``), whose
``--json`` output a `Report` writes in exactcover's schema, as the command's own.

Exit status: 0 found (or counted) solutions; 1 no solution; 2 bad input, with a one-line
message on stderr; 3 stopped by ``--max-nodes`` or ``--timeout``; 130 interrupted (what was
found so far is printed first), 143 terminated by SIGTERM; 141 the reader of the output went
away (a broken pipe, as ``| head`` makes); 74 the output could not be written (a full disk,
a closed stdout); 70 an internal error (set EXACTCOVER_DEBUG=1 for the traceback) or a worker
process of a parallel search lost (killed, or out of memory).
"""

from __future__ import annotations

import math
import sys
from typing import Any

import click

from ..engines.loader import ENGINE, available
from ..front import api
from ..problem import Batch, ProblemType
from ..version import __version__
from .declared import TypeCommands
from .exits import BAD_INPUT, Exit, errors_reported
from .group import Commands
from .options import engine_option, max_entries_option
from .reducing import reduce_options, reduce_run
from .report import Report, json_options
from .run import Run, line_file
from .verifying import verify

__all__ = ["cli", "main", "Report"]

HELP = {"help_option_names": ["-h", "--help"]}
VERSION = (f"%(prog)s %(version)s, {ENGINE} engine"
           + ("" if "c" in available() else " (the C engine is not built here: see `pip install -v`)"))


class Host(Commands):
    """exactcover's commands, then the ones plugins add (looked up only when asked for)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*super().list_commands(ctx), *sorted(self.plugin_commands())]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        own = super().get_command(ctx, name)
        if own is not None:
            return own
        found = self.plugin_commands().get(name)
        return None if found is None else found[1]

    def plugin_commands(self) -> dict[str, tuple[str, click.Command]]:
        from ..plugins.manager import registry

        with errors_reported():
            return registry().commands(frozenset(self.commands))


@click.group(cls=Host, context_settings=HELP)
@click.version_option(version=__version__, message=VERSION)
@click.option("-v", "--verbose", count=True,
              help="Say what happens on stderr: -v the plugins loaded and how parallel searches are split, "
                   "-vv every search's statistics too.")
def cli(verbose: int) -> None:
    """Solve exact cover problems with dancing links.

    Examples (run in a checkout of exactcover, whose examples/data holds the files named):

    \b
        exactcover plugins
        exactcover solve queens 8 --distinct --all
        exactcover solve subsets examples/data/family.txt --all
        exactcover count dlx examples/data/problem.dlx --jobs 2
        cat examples/data/problem.dlx | exactcover solve dlx - --json
        exactcover solve queens --help       (a problem type's own arguments)
        exactcover estimate queens 16
        exactcover -vv count queens 10 --jobs 2   (what loads, how it splits)
    """
    _say(verbose)


def _say(verbose: int) -> None:
    """-v: the ``exactcover`` logger's INFO messages on stderr, -vv its DEBUG ones too. One
    handler of the command's own, made again for each run (in-process runs, as tests make,
    each have their own stderr); without -v, none (and logging is not even imported)."""
    if not verbose and "logging" not in sys.modules:
        return
    import logging

    from ..log import logger

    found = logger()
    for handler in [h for h in found.handlers if getattr(h, "exactcover_cli", False)]:
        found.removeHandler(handler)
    if verbose:
        handler = logging.StreamHandler(sys.stderr)
        handler.exactcover_cli = True  # type: ignore[attr-defined]
        handler.setFormatter(logging.Formatter("exactcover: %(message)s"))
        found.addHandler(handler)
        found.setLevel(logging.INFO if verbose == 1 else logging.DEBUG)
    else:
        found.setLevel(logging.NOTSET)


@cli.command(short_help="List the problem types, the commands plugins add, and broken plugins.")
def plugins() -> None:
    """List the problem types the installed plugins provide, the commands they add, and the
    plugins that are broken.

    Example:

    \b
        exactcover plugins
    """
    with errors_reported():
        from ..plugins.manager import registry

        found = registry()
        types, broken = found.types, [str(plugin) for plugin in found.broken.values()]
        commands = found.commands(frozenset(cli.commands))
        broken += [f"plugin {name!r}: {why}" for name, why in found.command_errors.items()]
    rows = []
    for name, kind in types.items():
        distribution, version = found.sources.get(found.plugin_of(name), (None, None))
        source = f"{distribution} {version}" if distribution else "registered at run time"
        usage = kind.command_line.usage if kind.command_line else "(not on the command line)"
        rows.append((name, usage, source, kind.summary))
    added = [f"exactcover {name} (from plugin {plugin!r})" for name, (plugin, _) in sorted(commands.items())]
    if not sys.stdout.isatty():  # for pipes and files: plain text within 79 columns
        import textwrap

        width = max((len(name) for name, *_ in rows), default=0)
        lines = [(f"{name:<{width}}  {summary}", f"from {source}; arguments: {usage}") for name, usage, source, summary
                 in rows]
        for first, second in lines:  # (a type's name first on its line: grep finds it)
            click.echo(textwrap.fill(first, 79, subsequent_indent=" " * (width + 2), break_long_words=False))
            click.echo(textwrap.fill(second, 79, initial_indent=" " * (width + 2),
                                     subsequent_indent=" " * (width + 4), break_long_words=False))
        for line in [*(f"command: {line}" for line in added), *(f"broken: {line}" for line in broken)]:
            click.echo(textwrap.fill(line, 79, subsequent_indent="    ", break_long_words=False))
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table("type", "arguments", "from", "summary", box=None, header_style="bold")
    for row in rows:
        table.add_row(*map(escape, row))
    console = Console()
    console.print(table)
    for line in added:
        console.print(f"[bold]command:[/] {escape(line)}")
    for line in broken:
        console.print(f"[bold red]broken:[/] {escape(line)}")


def search_options() -> list[click.Option]:
    """The options every searching command takes."""
    return [
        click.Option(["--seed"], type=int, help="Break ties at random with this seed (reproducible)."),
        click.Option(["--stats"], is_flag=True, help="Report nodes, updates and time on stderr (or in the JSON summary)."),
        *json_options(),
        engine_option(),
        click.Option(["--max-nodes"], type=click.IntRange(min=0), help="Stop (exit 3) after this many search nodes."),
        click.Option(["--timeout"], type=click.FloatRange(min=0, min_open=True), help="Stop (exit 3) after this many seconds."),
        click.Option(["--jobs"], type=click.IntRange(min=1), help="Search on this many processes (count and --all)."),
        click.Option(["--scheduler"], metavar="ADDRESS",
                     help="Search on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://host:8786 (count and "
                          "--all); its workers need this version of exactcover."),
        click.Option(["--quiet"], is_flag=True, help="No progress bar."),
        click.Option(["--reduce/--no-reduce"], default=None,
                     help="Search the problem made smaller by Knuth's preprocessing (the same solutions; see "
                          "`exactcover reduce`), or not. Default: a count or --all decides on the way, a search "
                          "for one solution does not."),
        max_entries_option(),
    ]


def solve_options() -> list[click.Option]:
    return [
        click.Option(["--all", "all_solutions"], is_flag=True, help="Print every solution."),
        click.Option(["--limit"], type=click.IntRange(min=1), help="Print at most N solutions."),
        click.Option(["--count", "count_only"], is_flag=True, help="Count the solutions instead of printing them."),
        click.Option(["--best"], type=click.IntRange(min=1), metavar="K",
                     help="Print the K cheapest solutions with their costs (options with costs, e.g. |n in a .dlx file)."),
        backend_option(),
        *search_options(),
    ]


def backend_option() -> click.Option:
    return click.Option(["--backend"], type=click.Choice(["auto", "search", "sat", "race"]), default=None,
                        help="Who answers: the search, a SAT solver (a first solution, or up to --limit: 2 decides "
                             "uniqueness), or both at once, the first answer taken (sat and race need the extra "
                             "pyexactcover[sat]). Default auto: the race where its answer cannot depend on who wins "
                             "(a count to --limit; a puzzle's solution), else the search.")


def solve_run(kind: ProblemType[Any, Any], problem: Any, all_solutions: bool, limit: int | None, count_only: bool,
              best: int | None, report: Report, **options: Any) -> None:
    asked = [flag for flag, given in (("--all", all_solutions), ("--count", count_only), ("--best", best is not None),
                                      ("--limit", best is not None and limit is not None)) if given]
    if len(asked) > 1:
        raise Exit(BAD_INPUT, f"error: {asked[0]} and {asked[1]} do not combine: give one of them")
    run = Run(kind, problem, options, report)
    if best is not None:
        run.best(best)
    elif run.batch is not None:
        run.solve_batch(counting=count_only, limit=limit)
    elif count_only:
        run.count(limit)
    else:
        run.solve(limit if limit is not None else None if all_solutions else 1)


solve = TypeCommands("solve", solve_options, solve_run, context_settings=HELP,
                   short_help="Print the first solution (or all, or a count) of a problem of type TYPE.",
                   help="""
    Print the first solution of a problem of type TYPE (see `exactcover plugins`); TYPE's own
    arguments and options come after it (`exactcover solve TYPE --help`), the options below
    before TYPE or after its arguments.

    Examples:

    \b
        exactcover solve subsets examples/data/family.txt
        exactcover solve dlx examples/data/problem.dlx --all --stats
        exactcover solve dlx examples/data/problem.dlx --limit 3 --json
        exactcover solve dlx examples/data/costs.dlx --best 3
        exactcover solve sudoku examples/data/puzzles.txt   (a puzzle a line)
    """)


def count_options() -> list[click.Option]:
    return [
        click.Option(["--limit"], type=click.IntRange(min=1), help="Stop counting at N."),
        click.Option(["--memo/--no-memo"], default=None,
                     help="Keep the count of every state of the search in a table, so that a state met again is not "
                          "searched again (default: decided from a sample of the search)."),
        click.Option(["--memo-bytes"], type=click.IntRange(min=0), help="The most memory the table may take (default 1 GiB)."),
        click.Option(["--journal"], type=click.Path(dir_okay=False, writable=True), metavar="FILE",
                     help="Keep every subtree counted in FILE, and go on from what FILE holds (a count run in "
                          "parallel: --jobs, one per core by default). Check it with `exactcover verify FILE`."),
        click.Option(["--time-slice"], type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
                     help="A parallel count splits a subtree that has run this long (default: 5% of the time the "
                          "count has run so far, from 0.1 to 2 seconds; on a cluster from 0.01 to 1)."),
        backend_option(),
        *search_options(),
    ]


def count_run(kind: ProblemType[Any, Any], problem: Any, limit: int | None, report: Report, **options: Any) -> None:
    run = Run(kind, problem, options, report)
    if run.batch is not None:
        run.solve_batch(counting=True, limit=limit)
    else:
        run.count(limit)


count = TypeCommands("count", count_options, count_run, context_settings=HELP,
                   short_help="Count the solutions of a problem of type TYPE.",
                   help="""
    Count the solutions of a problem of type TYPE (exit status 1 when there are none); the
    options below come before TYPE or after its arguments.

    Examples:

    \b
        exactcover count queens 12 --distinct
        exactcover count dlx examples/data/problem.dlx
        exactcover count subsets examples/data/family.json --json
        exactcover count dlx examples/data/dominoes.dlx --memo   (10^30 in 1 s)
    """)


def sample_options() -> list[click.Option]:
    return [
        click.Option(["--n", "how_many"], type=click.IntRange(min=1), default=1, show_default=True, help="Solutions to draw."),
        click.Option(["--memo-bytes"], type=click.IntRange(min=0), help="The most memory the diagram may take (default 1 GiB)."),
        *(option for option in search_options() if option.name not in ("jobs", "scheduler", "reduce")),
    ]


def sample_run(kind: ProblemType[Any, Any], problem: Any, how_many: int, report: Report, **options: Any) -> None:
    Run(kind, problem, options, report).sample(how_many)


sample = TypeCommands("sample", sample_options, sample_run, context_settings=HELP,
                   short_help="Draw solutions of a problem of type TYPE uniformly at random.",
                   help="""
    Print N solutions of a problem of type TYPE drawn uniformly at random, independently
    (the same ones for the same --seed), from the diagram of all its solutions.

    Examples:

    \b
        exactcover sample dlx examples/data/dominoes.dlx --n 10 --seed 7
        exactcover sample queens 12 --n 3 --json
    """)


def estimate_options() -> list[click.Option]:
    return [
        click.Option(["--samples"], type=click.IntRange(min=2), default=1000, show_default=True, help="Random probes to average."),
        click.Option(["--seed"], type=int, help="Seed of the probes (reproducible)."),
        engine_option(),
        *json_options(),
        max_entries_option(),
    ]


def estimate_run(kind: ProblemType[Any, Any], problem: Any, samples: int, seed: int | None, engine: api.Engine,
                 report: Report, max_entries: int) -> None:
    with errors_reported():
        if isinstance(problem, Batch) or line_file(problem) is not None:
            raise Exit(BAD_INPUT, "error: estimate takes one problem, not a file of several")
        result = api.estimate(problem, samples=samples, seed=seed, engine=engine, max_entries=max_entries or None)
    if report.on:
        solutions = {"solutions": result.solutions, "solutions_error": result.solutions_error} if result.solved else \
            {"solutions": None, "solutions_error": None}  # unknown: no probe reached a solution
        numbers: dict[str, float | None] = {"nodes": result.nodes, "nodes_error": result.nodes_error, **solutions}
        shown = {k: "inf" if v is not None and math.isinf(v) else v for k, v in numbers.items()}  # (inf is not JSON)
        report.set(estimate={**shown, "samples": result.samples, "solved": result.solved,
                             "unfiltered": result.unfiltered})
    else:
        click.echo(str(result))


estimate = TypeCommands("estimate", estimate_options, estimate_run, context_settings=HELP,
                   short_help="Estimate the size of a search before running it.",
                   help="""
    Estimate the size of a search before running it (Knuth's random probes, 1975): the
    expected number of search nodes and of solutions, each with its standard error.

    Example:

    \b
        exactcover estimate queens 16 --samples 5000 --seed 1
    """)

reduce = TypeCommands("reduce", reduce_options, reduce_run, context_settings=HELP,
                    short_help="Write a problem made smaller, with the same solutions, in Knuth's format.",
                    help="""
    Write a problem of type TYPE made smaller, with the same solutions, in Knuth's format
    (for his programs and ours): Knuth's preprocessing (his DLX-PRE's rules, forcing and
    blocking) in rounds until one changes nothing. Comment lines say what went and why, and
    after each option its label in the problem (a .dlx file's options are numbered from 0).
    Exit status 1 when the problem has no solution outright.

    Examples:

    \b
        exactcover reduce dlx examples/data/problem.dlx > smaller.dlx
        exactcover reduce dlx examples/data/problem.dlx --stats --rounds 2
        exactcover reduce sudoku examples/data/medium.txt
    """)

for _command in (solve, count, sample, estimate, reduce, verify):
    cli.add_command(_command)


def main() -> None:
    """The console script."""
    cli(prog_name="exactcover")
