"""``progress=True`` draws a bar: rich's in a terminal, an HTML one in a notebook, nothing
elsewhere; a callable still gets each `Progress`; anything else is a clear TypeError."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import threading
import types

import pytest

import exactcover
from exactcover.search import bar
from exactcover.search.stats import Subtrees
from exactcover_queens import Queens


def test_true_outside_a_terminal_draws_nothing_and_counts(capsys):
    assert exactcover.count(Queens(9), progress=True) == 352
    assert list(exactcover.solutions(Queens(6), progress=True, jobs=2)) == list(exactcover.solutions(Queens(6)))
    assert capsys.readouterr().err == ""


def test_a_callable_still_gets_the_progress_and_other_values_are_refused():
    seen = []
    assert exactcover.count(Queens(9), progress=seen.append) == 352 and seen[-1].fraction == 1.0
    with pytest.raises(TypeError, match="progress must be True"):
        exactcover.count(Queens(6), progress="yes")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("jobs", [None, 2])
def test_true_in_a_terminal_draws_rich_s_bar_and_takes_it_away(jobs):
    code = ("import exactcover, exactcover.search.bar as b; from exactcover_queens import Queens; b.ProgressBar.DELAY = 0;"
            f"print(exactcover.count(Queens(14), progress=True, memo=False, jobs={jobs}))")
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-c", code], stdin=follower, stdout=subprocess.PIPE, stderr=follower,
                               env=dict(os.environ, COLUMNS="100"))
    os.close(follower)
    chunks, out = _read_all(leader, process)
    drawn = b"".join(chunks)
    assert out == b"365596\n"
    assert b"solutions" in drawn and b"nodes" in drawn and b"%" in drawn
    assert b"\x1b[?25h" in drawn  # (the cursor shown again: the bar was taken away)


def test_the_line_keeps_the_bar_the_percentage_and_the_time_left_and_adds_what_fits():
    progress = exactcover.Progress(38_273_025, 2_950_951, 0.42, 7.0, Subtrees(61, 3, 1_200, 0.42, 9.7))
    seen = {}
    for width in range(18, 200):
        before, bar_width, after = bar.layout(progress, width)
        line = " ".join(part for part in (before, "━" * bar_width, after) if part)
        assert len(line) <= width - 1 and "42% 0:00:10 left" in line, (width, line)
        assert (bar_width >= bar.BAR_LEAST) == (width >= 29) and bar_width <= bar.BAR_MOST, (width, line)
        seen[width] = line
    assert "solutions" in seen[60] and "nodes" not in seen[60]
    assert "2,950,951 solutions, 38,273,025 nodes" in seen[80] and "so far" not in seen[80]
    assert "so far" in seen[120] and "subtrees 61 done, 3 running, 1,200 waiting" in seen[160]
    assert bar.layout(progress, 12) == ("", 0, " 42% 0:00:1")  # (below 18 columns: cut)
    assert bar.layout(exactcover.Progress(5, 0, 0.0, 0.1), 80)[2] == "  0% -:--:-- left; 0:00:00 so far"


def test_the_time_left_counts_down_to_the_end_not_before():
    """Rounded up, as a countdown: a short run at 61% (0.8 s so far, 0.51 s to go) has
    0:00:01 left, where rounding down showed 0:00:00 from there on; the end shows 0:00:00."""
    assert " 61% 0:00:01 left" in bar.layout(exactcover.Progress(5, 0, 0.61, 0.8), 80)[2]
    assert "100% 0:00:00 left" in bar.layout(exactcover.Progress(5, 0, 1.0, 0.8), 80)[2]
    assert " 42% 0:00:10 left" in bar.layout(exactcover.Progress(5, 0, 0.42, 7.0), 80)[2]  # (9.67 s)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_command_s_bar_fits_a_terminal_of_its_width(width):
    """`exactcover count queens 15 --jobs 2` in a pseudo-terminal of 60, 80 and 120 columns
    (its size set as a terminal sets it, no COLUMNS): every line drawn fits, with the bar,
    the percentage and the time left; the counts as the width allows."""
    import fcntl
    import re
    import struct
    import termios

    code = ("import exactcover.search.bar as b; b.ProgressBar.DELAY = 0; from exactcover.cli import main; main()")
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, width, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    process = subprocess.Popen([sys.executable, "-c", code, "count", "queens", "15", "--jobs", "2"], stdin=follower,
                               stdout=subprocess.PIPE, stderr=follower, env=dict(env, PYTHONIOENCODING="utf-8"))
    os.close(follower)
    chunks, _ = _read_all(leader, process)
    drawn = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode())
    lines = [line for line in re.split(r"[\r\n]", drawn) if "left" in line]
    assert process.returncode == 0 and lines, drawn
    for line in lines:
        assert len(line.rstrip()) <= width - 1 and re.search(r"[━╸╺ ]{10,} +\d+% \d:\d\d:\d\d left", line), line
    assert all("solutions" in line for line in lines)
    assert all(("nodes" in line) == (width > 60) for line in lines), lines


def _read_all(leader: int, process: subprocess.Popen) -> tuple[list[bytes], bytes]:
    """What the process writes to the pseudo-terminal, read as it is written (a full one
    would block the bar, and the search) until it ends; and its standard output."""
    chunks: list[bytes] = []

    def read_the_terminal() -> None:
        while True:
            try:
                chunk = os.read(leader, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)

    reader = threading.Thread(target=read_the_terminal)
    reader.start()
    out, _ = process.communicate(timeout=300)
    reader.join(timeout=10)
    os.close(leader)
    return chunks, out


def test_true_in_a_notebook_updates_an_html_progress_element(monkeypatch):
    """A fake IPython as strict as the real one: HTML takes text (IPython's raises TypeError
    for an HTML object, which a real kernel showed), display shows an HTML object and
    returns a handle whose update takes one."""
    shown: list[str] = []

    class HTML:
        def __init__(self, data):
            if not isinstance(data, str):
                raise TypeError(f"{type(data).__name__!r} object is not subscriptable")
            self.data = data

    def show(html, display_id):
        assert isinstance(html, HTML) and display_id is True
        shown.append(html.data)
        return Handle()

    class Handle:
        def update(self, html):
            assert isinstance(html, HTML)
            shown.append(html.data)

    class ZMQInteractiveShell:
        pass

    fake = types.ModuleType("IPython")
    fake.get_ipython = ZMQInteractiveShell  # type: ignore[attr-defined]
    display = types.ModuleType("IPython.display")
    display.HTML, display.display = HTML, show  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", fake)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    monkeypatch.setattr(bar.ProgressBar, "DELAY", 0)
    assert exactcover.count(Queens(14), progress=True, memo=False) == 365596
    assert len(shown) > 1 and all(u.startswith('<progress value="') for u in shown)
    assert "solutions" in shown[-1]
