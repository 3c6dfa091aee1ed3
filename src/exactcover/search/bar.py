"""A progress bar for a running search: what ``progress=True`` draws, and the command's bar.

In a terminal (standard error), a rich bar shown after about a second: "12,345 solutions,
6,789,012 nodes [bar] 42% elapsed 0:00:07 remaining 0:00:09", the fraction done being
Knuth's estimate, and the time remaining the time so far scaled by it (`Progress.remaining`);
a parallel count adds its subtrees done, in flight and to do. It goes when the search ends. In a Jupyter notebook, an HTML progress
element updated in place (no widget library needed). Anywhere else (output to a file, a
pipe), nothing. rich and IPython are imported only when a bar is drawn.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

__all__ = ["ProgressBar", "progress_callback"]


def _in_a_notebook() -> bool:
    shell = sys.modules.get("IPython")
    try:
        return shell is not None and type(shell.get_ipython()).__name__ == "ZMQInteractiveShell"
    except AttributeError:
        return False


class ProgressBar:
    """A search's progress bar: pass `update` as the search's ``progress`` callback, and
    `close` it (or use it as a context manager) when the search ends, however it ends. A
    narrow terminal keeps what fits: under `NARROW` columns the bar and the counts go, under
    `TINY` the percentage alone is left."""

    DELAY = 1.0
    NARROW, TINY = 72, 32

    def __init__(self, enabled: bool = True, console: Any = None) -> None:
        self.notebook = enabled and console is None and _in_a_notebook()
        self.enabled = enabled and (console is not None or self.notebook or sys.stderr.isatty())
        self.console = console
        self.bar: Any = None
        self.task: Any = None

    def option(self) -> dict[str, Any]:
        """The ``progress=`` keyword for the search (nothing when disabled)."""
        return {"progress": self.update} if self.enabled else {}

    def columns(self, width: int) -> list[Any]:
        """The bar's columns for a terminal ``width`` columns wide."""
        from rich.progress import BarColumn, TaskProgressColumn, TextColumn, TimeElapsedColumn

        times = [TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("remaining {task.fields[left]}")]
        if width < self.TINY:
            return [TaskProgressColumn()]
        if width < self.NARROW:
            return [TaskProgressColumn(), *times]
        return [TextColumn("{task.description}"), BarColumn(bar_width=None), TaskProgressColumn(), *times]

    def update(self, progress: Any) -> None:
        """Show ``progress`` (a `Progress`), once the search has run for DELAY seconds."""
        if not self.enabled:
            return
        if self.bar is None:
            if progress.seconds < self.DELAY or progress.fraction >= 1.0:
                return
            self.bar = self._start()
        said = f"{progress.solutions:,} solutions, {progress.nodes:,} nodes"
        subtrees = getattr(progress, "subtrees", None)
        if subtrees is not None:
            said += f"; subtrees {subtrees.done:,} done, {subtrees.running} in flight, {subtrees.waiting:,} to do"
        remaining = getattr(progress, "remaining", None)
        left = "-:--:--" if remaining is None else _clock(remaining)
        if self.notebook:
            self.bar.update(self._html(progress.fraction, f"{said}; {left} left"))
        else:
            self.bar.update(self.task, completed=progress.fraction, description=said, left=left)

    def _start(self) -> Any:
        if self.notebook:
            from IPython.display import display  # type: ignore[import-not-found, unused-ignore]

            return display(self._html(0.0, ""), display_id=True)  # type: ignore[no-untyped-call, unused-ignore]
        from rich.console import Console
        from rich.progress import Progress

        console = self.console or Console(stderr=True)
        bar = Progress(*self.columns(console.width), console=console, transient=True, expand=False)
        bar.start()
        self.task = bar.add_task("", total=1.0, left="-:--:--")
        return bar

    @staticmethod
    def _html(fraction: float, said: str) -> Any:
        from IPython.display import HTML  # type: ignore[import-not-found, attr-defined, unused-ignore]

        return HTML(f'<progress value="{fraction:.4f}" max="1" style="width: 40ch"></progress> '  # type: ignore[no-untyped-call, unused-ignore]
                    f"{100 * fraction:.0f}% <small>{said}</small>")

    def close(self) -> None:
        """Take the bar away (a notebook's stays, at its last value)."""
        if self.bar is not None and not self.notebook:
            self.bar.stop()
        self.bar = None

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _clock(seconds: float) -> str:
    """Seconds as h:mm:ss (as rich's columns show times)."""
    whole = int(min(seconds, 359_999_999))
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def progress_callback(progress: Any) -> tuple[Callable[[Any], Any] | None, ProgressBar | None]:
    """A search's ``progress`` argument as a callback, and the bar to close when the search
    ends: True draws a `ProgressBar`, a callable is called with each `Progress`, None or
    False reports nothing."""
    if progress is None or progress is False:
        return None, None
    if progress is True:
        bar = ProgressBar()
        return bar.update, bar
    if callable(progress):
        return progress, None
    raise TypeError(f"progress must be True (a progress bar), a callable taking a Progress, or None; "
                    f"not {type(progress).__name__}")
