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
    chunks: list[bytes] = []

    def read_the_terminal() -> None:  # (as it is written: a full pty would block the bar, and the search)
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
    out, _ = process.communicate(timeout=60)
    reader.join(timeout=10)
    os.close(leader)
    drawn = b"".join(chunks)
    assert out == b"365596\n"
    assert b"solutions" in drawn and b"nodes" in drawn and b"%" in drawn
    assert b"\x1b[?25h" in drawn  # (the cursor shown again: the bar was taken away)


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
