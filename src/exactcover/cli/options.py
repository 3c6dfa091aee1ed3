"""Options that more than one command takes (each command's own are declared with it)."""

from __future__ import annotations

import click

from ..front.prepared import MAX_ENTRIES

__all__ = ["max_entries_option", "engine_option"]


def max_entries_option() -> click.Option:
    return click.Option(["--max-entries"], type=click.IntRange(min=0), default=MAX_ENTRIES, show_default=True,
                        help="Refuse (exit 2) a problem whose matrix would have more entries; 0: no limit.")


def engine_option() -> click.Option:
    return click.Option(["--engine"], type=click.Choice(["auto", "c", "python"]), default="auto", show_default=True,
                        help="The search engine.")
