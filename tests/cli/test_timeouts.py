"""Every timeout holds: the command's --timeout counts from its start and stops it whatever
takes the time (reading a pipe or a FIFO that never ends, preparing a large problem, the
search on a wide matrix with bounds); the engines pause as often on a wide bounded matrix
as on a plain one, so that a deadline is seen."""

from __future__ import annotations

import os
import subprocess
from array import array
import time

import pytest

import exactcover
from exactcover import BudgetExceeded, Matrix, Solver
from exactcover.search.runs import CHUNK, node_ids

from helpers import ENGINES, SLACK, console_script

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pipes, FIFOs and SIGALRM")


def timed_command(*args, stdin=None, timeout_seconds=1.0):
    started = time.monotonic()
    done = subprocess.run([*console_script(), *map(str, args), "--timeout", str(timeout_seconds)], stdin=stdin,
                          capture_output=True, text=True, timeout=120)
    return done, time.monotonic() - started


@pytest.mark.slow
def test_standard_input_that_never_comes():
    """`sleep 1000 | exactcover count dlx - --timeout 1`: stopped after a second, saying
    where (it waited for ever)."""
    writer = subprocess.Popen(["sleep", "1000"], stdout=subprocess.PIPE)
    try:
        done, seconds = timed_command("count", "dlx", "-", stdin=writer.stdout)
    finally:
        writer.kill()
        writer.wait()
    assert done.returncode == 3, done.stderr
    assert done.stderr == "exactcover: stopped by the time limit (1 s) while reading the problem\n"
    assert 1 <= seconds < 1 + SLACK


@pytest.mark.slow
def test_a_fifo_nobody_writes(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done, seconds = timed_command("count", "dlx", fifo)
    assert done.returncode == 3 and "while reading the problem" in done.stderr, done.stderr
    assert seconds < 1 + SLACK


def bounded_dominoes(n: int) -> Matrix:
    """An n×n board of dominoes and monominoes, with exactly n*n//4 dominoes: 2n² items."""
    options = {}
    for r in range(n):
        for c in range(n):
            options[(r, c, ".")] = [(r, c)]
            if c + 1 < n:
                options[(r, c, "-")] = [(r, c), (r, c + 1), "domino"]
            if r + 1 < n:
                options[(r, c, "|")] = [(r, c), (r + 1, c), "domino"]
    return Matrix([(r, c) for r in range(n) for c in range(n)] + ["domino"], options,
                  bounds={"domino": (n * n // 4, n * n // 4)})


@pytest.mark.parametrize("engine", ENGINES)
def test_a_wide_bounded_matrix_pauses_within_its_chunk_of_work(engine):
    """The bounded choice's scan counts as work, as the plain choice's does: on 10,001 items,
    a chunk of nodes ends by its work long before its node count (it ran 65,536 nodes of a
    whole scan each, 24 s on a 500×500 board)."""
    solver = Solver(bounded_dominoes(100), engine=engine)
    steps, work = CHUNK[engine]
    search = solver.dancer.search(array("i"), None, (), node_ids(()), None)
    search.run(steps, work, True, 0, -1)
    assert 0 < search.nodes < steps // 4


@pytest.mark.slow
def test_a_large_bounded_board_stops_on_time():
    """The audit's board (500×500, dominoes used 125,000 times): the command stopped after
    38.7 s with --timeout 3; the API's search after several chunks of seconds."""
    done, seconds = timed_command("count", "polyomino", "--board", "500x500", "--pieces", "domino", "--use",
                                  "2=125000", timeout_seconds=3)
    assert done.returncode == 3 and done.stderr.count("\n") == 1, done.stderr
    assert 3 <= seconds < 3 + SLACK
    with pytest.raises(BudgetExceeded) as stopped:
        exactcover.count(bounded_dominoes(300), timeout=1)
    assert stopped.value.reason == "timeout" and stopped.value.stats.seconds < 1 + SLACK


@pytest.mark.slow
def test_verify_stops_on_time(tmp_path):
    """`verify --timeout`: counting a journal's subtrees again (here on the Python engine,
    seconds) stops in time, exit 3 in one line; --json says "stopped"."""
    import json

    path = tmp_path / "q12.jsonl"
    made = subprocess.run([*console_script(), "count", "queens", "12", "--jobs", "2", "--journal", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    done, seconds = timed_command("verify", path, "--sample", "100000", "--engine", "python", timeout_seconds=0.5)
    assert done.returncode == 3 and done.stderr == "exactcover: stopped by the time limit (0.5 s) while checking " \
                                                   "the journal\n", done.stderr
    assert seconds < 0.5 + SLACK
    done, _ = timed_command("verify", path, "--sample", "100000", "--engine", "python", "--json", timeout_seconds=0.5)
    assert done.returncode == 3 and json.loads(done.stdout)["status"] == "stopped"


def test_the_library_s_timeout_counts_the_preparation(monkeypatch):
    """`count(problem, timeout=t)`: preparing the problem comes out of t; a preparation that
    takes it all stops the call as soon as it ends, before any search."""
    from exactcover.front import api
    from exactcover_queens import Queens

    real = api.prepare

    def slow(*args, **kwargs):
        time.sleep(0.3)
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "prepare", slow)
    with pytest.raises(BudgetExceeded) as stopped:
        exactcover.count(Queens(16), timeout=0.2)
    assert stopped.value.stats.nodes == 0 and stopped.value.stats.seconds >= 0.3
    assert exactcover.count(Queens(6), timeout=100) == 4
    with pytest.raises(ValueError):
        exactcover.count(Queens(6), timeout=-1)
