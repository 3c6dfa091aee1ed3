"""``exactcover reduce TYPE ...``: a problem made smaller with the same solutions
(`Matrix.reduce`, Knuth's DLX-PRE rules), written in Knuth's format for his programs and
ours, with comments that say what went and why, and after each option the label it had.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import click

from ..front import api
from ..problem import Batch, ProblemType
from .exits import BAD_INPUT, NO_SOLUTION, Exit, errors_reported
from .options import max_entries_option
from .report import Report
from .run import line_file

if TYPE_CHECKING:  # (for annotations only: reduction loads on first use)
    from ..model.reduction import Reduction, Removal

__all__ = ["reduce_options", "reduce_run", "reduced_text"]


def reduce_options() -> list[click.Option]:
    return [
        click.Option(["--rounds"], type=click.IntRange(min=1), help="Stop after this many rounds (default: when one "
                                                                     "changes nothing)."),
        click.Option(["--timeout"], type=click.FloatRange(min=0, min_open=True),
                     help="Stop after this many seconds (what went by then went rightly)."),
        click.Option(["--stats"], is_flag=True, help="Say on stderr what went, in how many rounds and seconds."),
        max_entries_option(),
    ]


def reduce_run(kind: ProblemType[Any, Any], problem: Any, report: Report, rounds: int | None, timeout: float | None,
               stats: bool, max_entries: int) -> None:
    with errors_reported():
        if isinstance(problem, Batch) or line_file(problem) is not None:
            raise Exit(BAD_INPUT, "error: reduce takes one problem, not a file of several")
        prepared = api.prepare(problem, max_entries=max_entries or None, kind=kind)
        reduction = prepared.solver.matrix.reduce(prepared.givens, prepared.exclude, rounds=rounds, timeout=timeout)
        text = reduced_text(reduction)
    click.echo(text, nl=False)
    if stats:
        click.echo(f"{reduction.summary()}, {reduction.seconds:.3f} s", err=True)
    if reduction.infeasible is not None:
        raise Exit(NO_SOLUTION)


def reduced_text(reduction: Reduction) -> str:
    """The reduced problem in Knuth's format: comment lines first (what went and why), then
    the problem, each option followed by a comment with its label in the original."""
    from ..model.knuth import option_text, write_dlx

    original = reduction.original

    def said(label: Hashable) -> str:
        return f"option {label!r} ({option_text(original, label)})"

    lines = [f"| exactcover reduce (Knuth's DLX-PRE rules): {reduction.summary()}"]
    lines += [f"| item {item!r}: {_item_reason(removal)}" for item, removal in reduction.items_removed.items()]
    lines += [f"| {said(label)}: {_option_reason(removal, reduction)}" for label, removal in reduction.removed.items()]
    problem = write_dlx(reduction.matrix).splitlines()
    head = next(k for k, line in enumerate(problem) if not line.startswith("|"))  # (write_dlx's comments, then items)
    lines += problem[: head + 1]
    for option, line in zip(reduction.matrix.options, problem[head + 1 :]):
        lines += [line, f"| (option {option.label!r})"]
    return "\n".join(lines) + "\n"


def _item_reason(removal: Removal) -> str:
    if removal.why == "forced":
        return f"forced by {removal.item!r} (every option of {removal.item!r} has it)"
    return {"given": "covered by a given", "unused": "in no option left"}[removal.why]


def _option_reason(removal: Removal, reduction: Reduction) -> str:
    if removal.why == "forced":
        forcing = reduction.items_removed[removal.item].item
        return f"forced out: it has {removal.item!r} but not {forcing!r}, which forces it"
    if removal.why == "blocked":
        return f"blocked: it would leave {removal.item!r} without options"
    if removal.why == "clashes with a given":
        return f"clashes with a given at {removal.item!r}"
    return removal.why
