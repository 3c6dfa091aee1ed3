"""Tests for the exactcover command, invoked on real files (click's runner and subprocesses)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time

import pytest


from helpers import SLACK, alive, children, console_script
from helpers import run_command as run

KNUTH = "| Knuth's example\na b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"
FAMILY = "universe: 1 2 3 4 5\nS1: 1 3 5\nS2: 2 4\nS3: 1 2 5\nS4: 3 4\nS5:\n"


def queens_dlx(n: int) -> str:
    """n-queens in Knuth's format: ranks and files primary, diagonals secondary."""
    head = [f"r{i}" for i in range(n)] + [f"f{i}" for i in range(n)] + ["|"]
    head += [f"a{i}" for i in range(2 * n - 1)] + [f"b{i}" for i in range(2 * n - 1)]
    lines = [" ".join(head)]
    lines += [f"r{r} f{c} a{r + c} b{r - c + n - 1}" for r in range(n) for c in range(n)]
    return "\n".join(lines) + "\n"


@pytest.fixture
def files(tmp_path):
    paths = {
        "knuth": tmp_path / "knuth.dlx",
        "family": tmp_path / "family.txt",
        "queens6": tmp_path / "queens6.dlx",
        "empty": tmp_path / "empty.dlx",
        "malformed": tmp_path / "malformed.dlx",
        "unsolvable": tmp_path / "unsolvable.dlx",
        "family_json": tmp_path / "family.json",
        "bad_family": tmp_path / "bad_family.txt",
    }
    paths["knuth"].write_text(KNUTH)
    paths["family"].write_text(FAMILY)
    paths["queens6"].write_text(queens_dlx(6))
    paths["empty"].write_text("")
    paths["malformed"].write_text("a b c\na b\nb d\n")
    paths["unsolvable"].write_text("a b\na\n")
    paths["family_json"].write_text(json.dumps({"universe": [1, 2, 3], "subsets": {"A": [1, 2], "B": [3], "C": [3, 1]}}))
    paths["bad_family"].write_text("universe: 1 2\nA: 1 3\n")
    return {k: str(v) for k, v in paths.items()}


def test_plugins_lists_the_bundled_types():
    """`exactcover plugins` lists each problem type with its summary."""
    result = run("plugins")
    assert result.exit_code == 0
    assert "subsets" in result.output and "dlx" in result.output
    assert "Knuth's DLX1/DLX2 text format" in result.output


def test_plugins_piped_fits_79_columns_with_each_type_first_on_its_line():
    listed = run("plugins").output.splitlines()
    assert max(map(len, listed)) <= 79
    assert any(line.startswith("polyomino ") for line in listed)
    said = " ".join(" ".join(listed).split())
    assert "from pyexactcover" in said and "arguments: [--board BOARD] [--pieces SET|FILE] [--use NAME=N]" in said


def test_solve_dlx_prints_the_options(files):
    """solve dlx prints the chosen options as lines of the file's format."""
    result = run("solve", "dlx", files["knuth"])
    assert result.exit_code == 0
    assert sorted(result.stdout.splitlines()) == ["a d f", "b g", "c e"]


def test_solve_from_standard_input():
    """'-' reads the problem from standard input."""
    result = run("solve", "dlx", "-", input=KNUTH)
    assert result.exit_code == 0 and "b g" in result.stdout


def test_solve_all_limit_and_count(files):
    """--all prints every solution, --limit at most N, --count the number."""
    assert run("solve", "subsets", files["family"], "--all").stdout == "S1: 1 3 5\nS2: 2 4\n\nS3: 1 2 5\nS4: 3 4\n"
    assert run("solve", "dlx", files["queens6"], "--limit", "3").stdout.count("\n\n") == 2
    assert run("solve", "dlx", files["queens6"], "--count").stdout == "4\n"
    assert run("count", "dlx", files["queens6"]).stdout == "4\n"
    assert run("count", "dlx", files["queens6"], "--limit", "2").stdout == "at least 2\n"


def test_json_output(files):
    """--json prints one JSON document: the solutions, their count, the statistics
    (tests/cli/test_json_output.py checks every command's against the schema)."""
    result = run("solve", "subsets", files["family_json"], "--all", "--json", "--stats")
    document = json.loads(result.stdout)
    assert document["solutions"] == [["A", "B"]] and document["count"] == 1 and document["complete"] is True
    assert document["stats"]["nodes"] > 0 and result.stderr == ""
    count = json.loads(run("count", "dlx", files["queens6"], "--json").stdout)
    assert (count["count"], count["complete"], count["status"]) == (4, True, "ok")


def test_stats_go_to_stderr(files):
    """--stats reports nodes, updates and time on stderr, leaving stdout clean."""
    result = run("solve", "dlx", files["knuth"], "--stats", "--engine", "python")
    assert "6 nodes" in result.stderr and "python engine" in result.stderr
    assert "nodes" not in result.stdout


def test_seed_changes_the_order_reproducibly(files):
    """--seed gives a reproducible, different order of solutions."""
    outputs = {run("solve", "dlx", files["queens6"], "--all", "--seed", s).stdout for s in (1, 1, 2, 3, 4)}
    assert 1 < len(outputs) <= 4


def test_no_solution_exit_1(files):
    """No solution: says so and exits with status 1; count prints 0 and exits 1."""
    result = run("solve", "dlx", files["unsolvable"])
    assert result.exit_code == 1 and result.stdout == "no solution\n"
    result = run("count", "dlx", files["unsolvable"])
    assert result.exit_code == 1 and result.stdout == "0\n"


@pytest.mark.parametrize(("args", "message"), [
    (("solve", "dlx", "{empty}"), "error: {empty}: no item line"),
    (("solve", "dlx", "{malformed}"), "error: {malformed}, line 3: unknown item 'd'"),
    (("count", "dlx", "{malformed}"), "error: {malformed}, line 3: unknown item 'd'"),
    (("solve", "dlx", "/no/such/file"), "error: Invalid value for 'FILE': File '/no/such/file' does not exist."),
    (("solve", "dlx"), "error: Missing argument 'FILE'."),
    (("solve", "dlx", "{empty}", "b.dlx"), "error: Got unexpected extra argument (b.dlx)"),
    (("solve", "subsets", "{bad_family}"), "error: {bad_family}: subset 'A' has element '3', which is not in the universe"),
    (("solve", "sudoku-x", "1"), "error: unknown problem type 'sudoku-x' (did you mean 'sudoku'?); known problem types: dlx, jigsaw, killer, masyu, polyomino, queens, samurai, slitherlink, subsets, sudoku (see"),
])
def test_bad_input_is_one_line_and_exit_2(files, args, message):
    """Bad input: one line on stderr naming what is wrong, exit status 2, no traceback."""
    result = run(*(a.format(**files) for a in args))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"exactcover: {message.format(**files)}")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_budget_says_so_and_exits_3(files):
    """A search stopped by --max-nodes says so, is not 'no solution', and exits 3."""
    result = run("count", "dlx", files["queens6"], "--max-nodes", "10")
    assert result.exit_code == 3
    assert result.stdout == "at least 0\n"
    assert "stopped by its node budget after 10 nodes" in result.stderr


@pytest.mark.parametrize("args", [["solve", "queens", "13", "--all"], ["solve", "queens", "14", "--limit", "100000"],
                                  ["solve", "queens", "13", "--all", "--jobs", "2"], ["count", "queens", "16", "--jobs", "2"]])
def test_timeout_stops_a_stream_of_solutions_and_exits_3(args):
    """--timeout stops printing dense solutions on time, serial or parallel, and says so in the summary.
    The timeout counts from the command's start, so the search has it less what came before
    (reading and preparing the problem: milliseconds here)."""
    started = time.perf_counter()
    result = run(*args, "--timeout", "0.5", "--jsonl")
    elapsed = time.perf_counter() - started
    assert result.exit_code == 3 and 0.5 <= elapsed < 0.5 + SLACK
    assert "stopped by its time limit" in result.stderr
    last = json.loads(result.stdout.splitlines()[-1])
    stats = last["stats"]
    assert last["status"] == "stopped" and "time limit" in last["message"] and not last["complete"]
    # (the search's own seconds are what the command had left: on a busy machine, preparing
    # the problem can take a good part of the timeout, so only the whole run is held to it)
    assert 0 < stats["seconds"] <= elapsed and 0 < stats["engine_seconds"] and stats["nodes"] > 0
    if args[0] == "solve":
        assert last["count"] == len(result.stdout.splitlines()) - 1


def test_every_command_has_help_with_an_example():
    """Each command's --help works and shows an example."""
    for command in ([], ["plugins"], ["solve"], ["count"]):
        result = run(*command, "--help")
        assert result.exit_code == 0 and "Example" in result.output


def test_console_script_runs(files):
    """The installed `exactcover` command solves a file and uses the exit codes."""
    ok = subprocess.run([*console_script(), "solve", "dlx", files["knuth"]], capture_output=True, text=True)
    assert ok.returncode == 0 and "b g" in ok.stdout
    bad = subprocess.run([*console_script(), "solve", "dlx", files["malformed"]], capture_output=True, text=True)
    assert bad.returncode == 2 and "line 3" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.slow
def test_ctrl_c_prints_what_was_found_and_exits_130(tmp_path):
    """SIGINT during a long --all prints the solutions found so far, then exits 130."""
    path = tmp_path / "queens.dlx"
    path.write_text(queens_dlx(15))
    process = subprocess.Popen([*console_script(), "solve", "dlx", str(path), "--all", "--jsonl"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    *solutions, last = [json.loads(line) for line in out.splitlines()]
    assert len(solutions) > 1 and last["status"] == "interrupted" and last["exit"] == 130
    assert last["count"] == len(solutions) and "interrupted after" in last["message"]
    assert "interrupted after" in err and "Traceback" not in err


@pytest.mark.slow
def test_ctrl_c_while_reading_standard_input_exits_130():
    """SIGINT while the command waits on standard input exits 130 with one line, not click's 'Aborted!'."""
    process = subprocess.Popen([*console_script(), "count", "dlx", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and out == ""
    assert err == "exactcover: interrupted\n"


@pytest.mark.parametrize("args", [["plugins"], ["solve", "queens", "9", "--all"], ["count", "queens", "8", "--json"],
                                  ["solve", "sudoku", "examples/data/puzzles.txt"]])
def test_output_that_cannot_be_written_exits_74_and_a_gone_reader_141(args):
    """/dev/full gives one line and exit 74, a closed stdout 74, a reader that left 141: never 'no solution'."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    command = [*console_script(), *args]
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, cwd=root)
        assert done.returncode == 74 and done.stderr == "exactcover: error: cannot write the output: No space left on device\n"
    closed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=root,
                            preexec_fn=lambda: os.close(1))
    assert closed.returncode == 74 and "standard output is closed" in closed.stderr
    reader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root)
    reader.stdout.close()  # the reader goes away before anything is written
    assert reader.wait(timeout=60) == 141 and b"Traceback" not in reader.stderr.read()
    reader.stderr.close()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["solve", "--help"], ["count", "queens", "--help"]])
def test_help_that_cannot_be_written_exits_74(args):
    """The group's own --help and --version too (a traceback and exit 1 before)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([*console_script(), *args], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 74 and done.stderr == "exactcover: error: cannot write the output: No space left on device\n"


def test_estimate_says_when_no_probe_reached_a_solution():
    """An estimate whose probes never reached a solution says the number is unknown, not '0 ± 0'."""
    inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    result = run("estimate", "sudoku", inkala, "--seed", "1", "--samples", "200")
    assert result.exit_code == 0 and "no probe reached a solution" in result.stdout and "0 ± 0" not in result.stdout
    data = json.loads(run("estimate", "sudoku", inkala, "--seed", "1", "--samples", "200", "--json").stdout)["estimate"]
    assert data["solved"] == 0 and data["solutions"] is None and data["nodes"] > 0


def test_jobs_and_quiet(files):
    """--jobs counts on processes; --quiet is accepted; JSON output never holds progress."""
    assert run("count", "dlx", files["queens6"], "--jobs", "2", "--quiet").stdout == "4\n"
    *lines, last = run("solve", "queens", "8", "--all", "--jobs", "2", "--jsonl").stdout.splitlines()
    assert len(lines) == 92 and all(json.loads(line).keys() == {"solution"} for line in lines)
    assert json.loads(last)["count"] == 92


def test_estimate_command():
    """estimate prints Knuth's estimate; the same seed gives the same numbers; JSON too."""
    first = run("estimate", "queens", "8", "--seed", "3", "--samples", "200")
    assert first.exit_code == 0 and "search nodes" in first.stdout and "200 probes" in first.stdout
    assert run("estimate", "queens", "8", "--seed", "3", "--samples", "200").stdout == first.stdout
    data = json.loads(run("estimate", "queens", "8", "--seed", "3", "--json").stdout)["estimate"]
    assert data["samples"] == 1000 and data["nodes"] > 0
    assert run("estimate", "queens", "eight").exit_code == 2


def start_parallel_count() -> tuple[subprocess.Popen, list[int]]:
    process = subprocess.Popen([*console_script(), "count", "queens", "18", "--jobs", "2", "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while len(workers := children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # (the workers are searching)
    return process, workers


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
def test_sigterm_during_jobs_leaves_no_worker_behind():
    """SIGTERM stops the workers and exits 143 with one line (it once left two orphans blocked
    on a pipe for ever, holding the output open)."""
    process, workers = start_parallel_count()
    assert len(workers) >= 2
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=10)
    assert process.returncode == 143 and err == "exactcover: terminated: the search was not finished\n"
    deadline = time.monotonic() + 5
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(w) for w in workers)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
def test_workers_of_a_killed_command_end_themselves():
    """Even SIGKILL, which no handler sees, leaves no worker: they notice they are orphans."""
    process, workers = start_parallel_count()
    assert len(workers) >= 2
    process.kill()
    process.communicate(timeout=10)
    deadline = time.monotonic() + 5
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(w) for w in workers)


def test_an_estimate_beyond_the_floats_says_so():
    """300 queens: a probe's product of branching degrees passes 10^308 (it was an
    OverflowError, exit 70); the estimate says "more than", the JSON writes "inf"."""
    from exactcover_queens import Queens

    import exactcover

    estimate = exactcover.estimate(Queens(300), samples=5, seed=1)
    assert estimate.nodes == float("inf") and estimate.nodes_error == float("inf")
    result = run("estimate", "queens", "300", "--samples", "5", "--seed", "1")
    assert result.exit_code == 0 and result.stdout.startswith("more than 1.8e308 search nodes")
    data = json.loads(run("estimate", "queens", "300", "--samples", "5", "--seed", "1", "--json").stdout)["estimate"]
    assert data["nodes"] == "inf" and data["samples"] == 5


@pytest.mark.parametrize(("width", "shown", "hidden", "bar"), [
    (120, ["solutions", "nodes", "%", "left", "so far"], [], True),
    (80, ["solutions", "nodes", "%", "left"], [], True),
    (60, ["solutions", "%", "left"], ["nodes", "so far"], True),
    (30, ["%", "left"], ["solutions", "so far"], True),
    (20, ["%", "left"], ["solutions", "so far"], False),
])
def test_the_progress_bar_fits_the_terminal(width, shown, hidden, bar):
    """The bar reads "12,345 solutions, 6,789,012 nodes ━━━━━━━━━━ 95% 0:00:00 left; 0:00:02 so
    far" and keeps the bar (of 10 columns or more), the percentage and the time left on a
    narrow terminal."""
    import io

    from rich.console import Console

    from exactcover.cli.run import ProgressBar
    from exactcover.search.stats import Progress

    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=True, color_system=None)
    progress_bar = ProgressBar(enabled=True, console=console)
    with progress_bar:
        progress_bar.update(Progress(nodes=6_789_012, solutions=12_345, fraction=0.95, seconds=2.0))
        progress_bar.bar.refresh()
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue())  # (the terminal's control sequences)
    assert all(word in text for word in shown) and not any(word in text for word in hidden), text
    assert ("━" * 9 in text) == bar, text  # (95% of a bar of 10 columns or more)
    assert max(len(line) for line in text.replace("\r", "\n").splitlines()) <= width
