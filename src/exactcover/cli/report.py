"""The command's machine-readable output: one JSON document (``--json``) or JSON Lines
(``--jsonl``), in one schema for every command and every way a command ends.

The document (its JSON Schema is ``docs/output-schema.json``; docs/big-searches.md, "Machine-readable
output" says what each field means):

```json
{"exactcover": 1, "command": "solve", "type": "queens", "status": "ok", "exit": 0,
 "solutions": [...], "count": 1, "complete": false, "stats": {...}}
```

Under ``--jsonl`` each solution (``{"solution": ...}``, with ``"cost"`` for ``--best``) and
each problem of a batch is a line of its own, written when it is found, and the last line is
the document without those lists. A command stopped by a budget, Ctrl-C, bad input or an
internal error still writes its document, with the status and the message; only output that
cannot be written (a gone reader, a full disk) writes nothing more.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

import click

from .exits import BROKEN_PIPE, EXIT_STATUSES, INTERRUPTED, TERMINATED, Terminated

__all__ = ["SCHEMA", "Report", "json_options", "mode_of", "report_unreported"]

#: The schema's version: the ``"exactcover"`` field of every document.
SCHEMA = 1

Mode = Literal["text", "json", "jsonl"]


def _dumps(value: Any) -> str:
    import json  # (on first use: a command without --json starts without it)

    return json.dumps(value)


#: The largest count every JSON tool reads exactly: jq and JavaScript read numbers as doubles.
EXACT_IN_DOUBLES = 2**53


def _with_text(fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with ``count_text``, the count as a decimal string, beside a count that a
    double cannot hold (above 2**53, where jq would print it rounded)."""
    count = fields.get("count")
    if isinstance(count, int) and abs(count) > EXACT_IN_DOUBLES:
        return {**fields, "count_text": str(count)}
    return fields

#: Each exit status's ``"status"`` (`exits.EXIT_STATUSES`).
STATUSES = {code: word for code, word, _ in EXIT_STATUSES if word != "-"}

#: The lists whose items are lines of their own under ``--jsonl``.
STREAMED = ("solutions", "costs", "problems")


def json_options(lines: bool = True) -> list[click.Option]:
    """``--json`` and, for commands that stream, ``--jsonl``."""
    options = [click.Option(["--json", "as_json"], is_flag=True,
                            help="Machine-readable output: one JSON document (see 'Machine-readable output' in docs/big-searches.md).")]
    if lines:
        options.append(click.Option(["--jsonl", "as_jsonl"], is_flag=True,
                                    help="JSON Lines: a line per solution (or per puzzle of a file) as it is found, "
                                         "then the document without those lists."))
    return options


class Report:
    """What one command says under ``--json`` or ``--jsonl`` (nothing in ``text`` mode)."""

    def __init__(self, command: str, kind: str | None, mode: Mode = "text",
                 statuses: dict[int, str] | None = None) -> None:
        self.mode = mode
        self.statuses = {**STATUSES, **(statuses or {})}  # (a command's own word for an exit status)
        self.document: dict[str, Any] = {"exactcover": SCHEMA, "command": command, "type": kind}

    @classmethod
    def from_options(cls, command: str, kind: str | None, options: dict[str, Any],
                     statuses: dict[int, str] | None = None) -> Report:
        """The report that a command's ``--json``/``--jsonl`` ask for (taken out of ``options``)."""
        as_json, as_jsonl = options.pop("as_json", False), options.pop("as_jsonl", False)
        if as_json and as_jsonl:
            raise click.UsageError("--json and --jsonl: give one of them")
        return cls(command, kind, "jsonl" if as_jsonl else "json" if as_json else "text", statuses)

    @property
    def on(self) -> bool:
        """Whether the output is JSON (and the command's text output is off)."""
        return self.mode != "text"

    def set(self, **fields: Any) -> None:
        """Fields of the document."""
        self.document.update(fields)

    def solution(self, value: Any, cost: int | None = None) -> None:
        """One solution, as its problem type writes it in JSON (with its cost, for ``--best``)."""
        if self.mode == "jsonl":
            click.echo(_dumps({"solution": value} if cost is None else {"solution": value, "cost": cost}))
        elif self.mode == "json":
            self.document.setdefault("solutions", []).append(value)
            if cost is not None:
                self.document.setdefault("costs", []).append(cost)

    def problem(self, record: dict[str, Any]) -> None:
        """One problem of a batch: ``{"number": K, "status": ..., ...}``."""
        record = _with_text(record)
        if self.mode == "jsonl":
            click.echo(_dumps(record))
        elif self.mode == "json":
            self.document.setdefault("problems", []).append(record)

    def finish(self, code: int, message: str | None = None) -> None:
        """Write the document, ended with exit status ``code``."""
        if not self.on:
            return
        head, rest = dict(list(self.document.items())[:3]), dict(list(self.document.items())[3:])
        ending: dict[str, Any] = {"status": self.statuses.get(code, "error"), "exit": code}
        if message:
            ending["message"] = message.removeprefix("error: ")
        document = _with_text({**head, **ending, **rest})
        if self.mode == "jsonl":
            document = {key: value for key, value in document.items() if key not in STREAMED}
        context = click.get_current_context(silent=True)
        if context is not None:
            context.meta["exactcover.reported"] = True
        click.echo(_dumps(document))

    @contextmanager
    def closing(self) -> Iterator[Report]:
        """Write the document however the block ends: normally, by an exit status (with its
        message), by Ctrl-C or SIGTERM; not when the output itself cannot be written."""
        try:
            yield self
        except click.exceptions.Exit as stop:
            if stop.exit_code != BROKEN_PIPE and not getattr(stop, "output_lost", False):
                self.finish(stop.exit_code, getattr(stop, "message", None))
            raise
        except KeyboardInterrupt as error:
            self.finish(TERMINATED if isinstance(error, Terminated) else INTERRUPTED,
                        "terminated" if isinstance(error, Terminated) else "interrupted")
            raise
        self.finish(0)



def mode_of(args: list[str]) -> Mode:
    """The output mode that a command line asks for (its options before any ``--``)."""
    options = args[:args.index("--")] if "--" in args else args
    return "jsonl" if "--jsonl" in options else "json" if "--json" in options else "text"


def report_unreported(group: click.Group, context: click.Context, stop: click.exceptions.Exit) -> None:
    """The document of a command that ended before its report was made (a usage error, an
    unknown problem type, Ctrl-C while loading the plugins), so that ``--json`` gets its
    document on every path; the command and the type are read from the words of ``args``."""
    args = context.meta.get("exactcover.args", [])
    mode = mode_of(args)
    if mode == "text":
        return
    words = [word for word in args[:3] if not word.startswith("-")]
    command, kind = (words[:1] or ["exactcover"])[0], None
    found = group.get_command(context, command)
    if len(words) > 1 and isinstance(found, click.Group):
        if getattr(found, "run", None) is not None:  # (a TypeCommands: solve, count, sample, estimate)
            kind = words[1]
        else:
            command = f"{command} {words[1]}"
    Report(command, kind, mode).finish(stop.exit_code, getattr(stop, "message", None))
