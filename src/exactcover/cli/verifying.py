"""``exactcover verify JOURNAL``: a count's journal checked (`exactcover.verify`), its
problem built again from what the journal's head says the command line was."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from ..errors import JournalError
from ..front import api
from .clock import timed, within
from .exits import BAD_INPUT, NO_SOLUTION, Exit, errors_reported
from .report import Report, json_options

if TYPE_CHECKING:  # (for annotations only: verification loads on first use)
    from ..front.verification import Verification

__all__ = ["verify"]


@click.command(short_help="Check a count's journal: every line, and a sample of subtrees counted again.")
@click.argument("journal", type=click.Path(exists=True, dir_okay=False))
@click.option("--sample", type=click.IntRange(min=0), default=10, show_default=True, metavar="K",
              help="Count this many subtrees again, chosen at random.")
@click.option("--seed", type=int, help="Choose them with this seed (reproducible).")
@click.option("--engine", type=click.Choice(["auto", "c", "python"]), default="auto", show_default=True,
              help="The search engine.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), help="Stop (exit 3) after this many seconds.")
def verify(journal: str, sample: int, seed: int | None, engine: api.Engine, timeout: float | None,
           **options: Any) -> None:
    """Check the journal of a count (`exactcover count ... --journal FILE`): every line as it
    was written, the records fitting together, and K subtrees, chosen at random, counted
    again, each to agree with the journal. The problem is built again from the command line
    the journal's head records. Exit status 0 when all agrees, 1 when something does not
    (said on stdout), 2 for a journal that cannot be read or a problem that cannot be built,
    3 when --timeout ran out first.
    With --json, one JSON document says the same (its status: ok, disagrees or invalid).

    Examples:

    \b
        exactcover count queens 16 --journal q16.jsonl
        exactcover verify q16.jsonl --sample 20
    """
    import warnings

    from ..front.verification import verify as check
    from ..parallel.journal import JournalWarning, head_of, read

    report = Report.from_options("verify", None, options, statuses={NO_SOLUTION: "disagrees"})
    with report.closing():
        with errors_reported(), warnings.catch_warnings(), timed(timeout), within("while checking the journal"):
            warnings.simplefilter("ignore", JournalWarning)  # (a torn last line is said with the rest)
            head = head_of(journal) or read(journal).head  # (read says why there is no head)
            said = head.get("problem") or {}
            report.set(type=said.get("type"), journal=journal)
            problem, kind = _problem(journal, head)
            prepared = api.prepare(problem, engine, kind=kind)
            found = check(prepared, journal, sample, seed)
        if report.on:
            report.set(**_fields(found))
        else:
            _say(journal, said, found, seed)
        if not found.agree:
            raise Exit(NO_SOLUTION, "the journal does not agree with the problem")


verify.params.extend(json_options(lines=False))  # (after the others, as on every command)


def _fields(found: Verification) -> dict[str, Any]:
    """What ``--json`` says of a verification (docs/big-searches.md, "Machine-readable output")."""
    disagreements = [{"line": wrong.line, "prefix": list(wrong.prefix), "journal": wrong.journal, "found": wrong.found}
                     for wrong in found.disagreements]
    return {"count": found.total, "complete": found.complete, "agree": found.agree, "records": found.records,
            "to_do": found.to_do, "sampled": found.sampled, "changed": list(found.changed),
            "disagreements": disagreements, "torn": found.torn, "seconds": round(found.seconds, 6)}


def _say(journal: str, said: dict[str, Any], found: Verification, seed: int | None) -> None:
    """What a verification found, in words."""
    click.echo(f"journal {journal}: exactcover count {said.get('type')} {' '.join(said.get('arguments') or ())}")
    state = "complete" if found.complete else f"partial ({found.to_do:,} subtrees still to count)"
    click.echo(f"{state}: {found.total:,} solutions in {found.records:,} subtrees")
    if found.torn:
        click.echo("its last line was torn (a count stopped while writing it) and is left out")
    if found.changed:
        lines = ", ".join(map(str, found.changed[:10])) + (" ..." if len(found.changed) > 10 else "")
        click.echo(f"changed after they were written (their check does not hold): line(s) {lines}")
    else:
        click.echo("every line is as it was written")
    for wrong in found.disagreements:
        click.echo(f"line {wrong.line}: the journal says {wrong.journal}, counted again: {wrong.found}")
    agreed = found.sampled - sum(1 for wrong in found.disagreements if wrong.journal != "a record")
    click.echo(f"counted {found.sampled} subtree(s) again, chosen at random"
               f"{'' if seed is None else f' (seed {seed})'}: {agreed} agree ({found.seconds:.1f} s)")


def _problem(journal: str, head: dict[str, Any]) -> tuple[Any, Any]:
    """The problem a journal's head names, built as its command line built it."""
    said = head.get("problem")
    if not isinstance(said, dict) or not isinstance(said.get("arguments"), list):
        raise Exit(BAD_INPUT, f"error: journal {journal} does not say its problem's command line (it was not "
                              "written by `exactcover count`); check it from Python: exactcover.verify")
    from ..plugins.manager import registry

    kind = registry(said["type"]).get(said["type"])
    context = click.get_current_context()
    root: Any = context.find_root().command  # (the command group, whose "count" is a group of types)
    count = root.get_command(context, "count")
    command = count.get_command(context, said["type"])
    if command is None or kind.command_line is None:
        raise Exit(BAD_INPUT, f"error: problem type {said['type']!r} has no command line here")
    with _in(said.get("directory")):
        try:
            parsed = command.make_context(said["type"], list(said["arguments"]), parent=context)
        except click.ClickException as error:
            raise JournalError(journal, 1, f"names a command line that does not parse here: {error.format_message()}") \
                from None
        own = {p.name: parsed.params[p.name] for p in kind.command_line.parameters}
        if any(value == "-" for value in own.values()):
            raise Exit(BAD_INPUT, f"error: journal {journal} is of a problem read from standard input, which "
                                  "cannot be read again; check it from Python: exactcover.verify")
        return kind.build(own), kind


@contextmanager
def _in(directory: Any) -> Iterator[None]:
    """In ``directory`` (the one the count's command line was typed in), if it still exists."""
    here = os.getcwd()
    if isinstance(directory, str) and os.path.isdir(directory):
        os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(here)
