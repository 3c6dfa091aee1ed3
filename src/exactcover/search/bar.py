"""A progress bar for a running search: what ``progress=True`` draws, and the command's bar.

In a terminal (standard error), a rich bar shown after about a second:
"12,345 solutions, 6,789,012 nodes ━━━━━━━━━━ 42% 0:00:10 left; 0:00:07 so far", the
fraction done being Knuth's estimate, and the time left the time so far scaled by it
(`Progress.remaining`); a parallel count adds its subtrees done, running and waiting. The
bar, the percentage and the time left always show (the bar from 29 columns on); the counts,
the time so far and the subtrees come in that order as the terminal's width allows (`layout`),
as rich's and tqdm's bars drop columns, never the bar. It goes when the search ends. In a
Jupyter notebook, an HTML progress element updated in place (no widget library needed).
Anywhere else (output to a file, a pipe), nothing. rich and IPython are imported only when
a bar is drawn.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["ProgressBar", "layout", "progress_callback"]


def _in_a_notebook() -> bool:
    shell = sys.modules.get("IPython")
    try:
        return shell is not None and type(shell.get_ipython()).__name__ == "ZMQInteractiveShell"
    except AttributeError:
        return False


#: The bar's width in columns: at least (else it goes, for the percentage and the time
#: left alone), and at most.
BAR_LEAST, BAR_MOST = 10, 40


def layout(progress: Any, width: int) -> tuple[str, int, str]:
    """A line of at most ``width`` - 1 columns for ``progress`` (a `Progress`): the text before
    the bar, the bar's width (0: no bar), and the text after it. The bar, the percentage and
    the time left come first; then, while they fit, the solutions, the nodes, the time so far
    and a parallel count's subtrees, the bar taking the columns left (up to `BAR_MOST`)."""
    essential = f"{100 * progress.fraction:3.0f}% {_left(progress)} left"
    room = width - 1  # (the last column stays free: a terminal may wrap a line that fills it)
    spare = room - len(essential) - 1 - BAR_LEAST  # (one space between the bar and the percentage)
    if spare < 0:
        return "", 0, essential[:max(room, 0)]
    before: list[str] = []
    after: list[str] = []
    subtrees = getattr(progress, "subtrees", None)
    pieces = [(before, f"{progress.solutions:,} solutions"), (before, f"{progress.nodes:,} nodes"),
              (after, f"{_clock(progress.seconds)} so far")]
    if subtrees is not None:
        pieces.append((after, f"subtrees {subtrees.done:,} done, {subtrees.running} running, "
                              f"{subtrees.waiting:,} waiting"))
    for side, piece in pieces:
        cost = len(piece) + (1 if side is before and not before else 2)  # (a space by the bar, else ", " or "; ")
        if cost <= spare:
            side.append(piece)
            spare -= cost
    return ", ".join(before), BAR_LEAST + min(spare, BAR_MOST - BAR_LEAST), "; ".join([essential, *after])


class ProgressBar:
    """A search's progress bar: pass `update` as the search's ``progress`` callback, and
    `close` it (or use it as a context manager) when the search ends, however it ends. What
    a line holds at each width is `layout`'s."""

    DELAY = 1.0

    def __init__(self, enabled: bool = True, console: Any = None) -> None:
        self.notebook = enabled and console is None and _in_a_notebook()
        self.enabled = enabled and (console is not None or self.notebook or sys.stderr.isatty())
        self.console = console
        self.bar: Any = None
        self.task: Any = None

    def option(self) -> dict[str, Any]:
        """The ``progress=`` keyword for the search (nothing when disabled)."""
        return {"progress": self.update} if self.enabled else {}

    def update(self, progress: Any) -> None:
        """Show ``progress`` (a `Progress`), once the search has run for DELAY seconds."""
        if not self.enabled:
            return
        if self.bar is None:
            if progress.seconds < self.DELAY or progress.fraction >= 1.0:
                return
            self.bar = self._start()
        if self.notebook:
            said = f"{progress.solutions:,} solutions, {progress.nodes:,} nodes; {_left(progress)} left"
            self.bar.update(self._html(progress.fraction, said))
        else:  # (the width read each time: a terminal can be resized while a search runs)
            self.bar.update(self.task, completed=progress.fraction, line=layout(progress, self.bar.console.width))

    def _start(self) -> Any:
        if self.notebook:
            from IPython.display import display  # type: ignore[import-not-found, unused-ignore]

            return display(self._html(0.0, ""), display_id=True)  # type: ignore[no-untyped-call, unused-ignore]
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(_line_column(), console=self.console or Console(stderr=True), transient=True, expand=False)
        bar.start()
        self.task = bar.add_task("", total=1.0, line=("", 0, ""))
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


def _line_column() -> Any:
    """rich's column that draws `layout`'s line: the text before, the bar, the text after."""
    from rich.progress import ProgressColumn
    from rich.progress_bar import ProgressBar as Bar
    from rich.table import Table

    class Line(ProgressColumn):
        def render(self, task: Any) -> Any:
            before, width, after = task.fields["line"]
            grid = Table.grid(padding=(0, 1))
            cells: list[Any] = [before] if before else []
            cells += [Bar(total=1.0, completed=task.completed, width=width)] if width else []
            cells.append(after)
            for _ in cells:
                grid.add_column(no_wrap=True)
            grid.add_row(*cells)
            return grid

    return Line()


def _left(progress: Any) -> str:
    """The time ``progress`` says is left, as h:mm:ss (-:--:-- before anything is done),
    rounded up as a countdown is: a search with half a second to go has 0:00:01 left, not
    0:00:00 (which a short run would show from well before its end)."""
    remaining = getattr(progress, "remaining", None)
    return "-:--:--" if remaining is None else _clock(math.ceil(remaining))


def _clock(seconds: float) -> str:
    """Seconds as h:mm:ss (as rich's columns show times), the part of a second dropped."""
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
