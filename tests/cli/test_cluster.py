"""Tests for counting on a Dask cluster from the command line (``--scheduler``), against a
real LocalCluster (worker processes, loopback only) started by the tests."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import threading

import pytest

import exactcover
from exactcover.parallel.journal import read
from exactcover_queens import Queens

from helpers import run_command

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                 reason="the distributed extra is not installed"), pytest.mark.slow]


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as found:
        yield found


def test_count_and_list_on_the_cluster(cluster):
    result = run_command("count", "queens", "10", "--scheduler", cluster.scheduler_address, "--json")
    assert result.exit_code == 0, result.output
    said = json.loads(result.output)
    assert said["count"] == 724 and said["stats"]["subtrees"]["done"] >= 1
    result = run_command("solve", "queens", "6", "--all", "--scheduler", cluster.scheduler_address)
    assert result.exit_code == 0, result.output
    assert result.output.count("Q") == 4 * 6


def test_a_journal_on_the_cluster(cluster, tmp_path):
    """The journal works there as on the local pool: kept, resumed, verified."""
    path = tmp_path / "q11.jsonl"
    for _ in range(2):
        result = run_command("count", "queens", "11", "--scheduler", cluster.scheduler_address, "--journal", path,
                             "--time-slice", "0.001")
        assert result.exit_code == 0 and result.stdout.strip() == "2680", result.output
    assert len(read(path).records) >= 4
    result = run_command("verify", path, "--sample", "4")
    assert result.exit_code == 0 and "4 agree" in result.output, result.output


def test_what_the_scheduler_is_not_for(cluster):
    address = cluster.scheduler_address
    for args, said in [(("count", "queens", "8", "--jobs", "2", "--scheduler", address), "--jobs with --scheduler"),
                       (("solve", "queens", "8", "--scheduler", address), "--scheduler with a first solution"),
                       (("count", "queens", "8", "--scheduler", "tcp://127.0.0.1:9"), "cannot reach the Dask scheduler")]:
        result = run_command(*args)
        assert result.exit_code == 2 and said in result.output, result.output
        assert "Traceback" not in result.output


def test_a_worker_killed_mid_count(cluster):
    """SIGKILL one of the cluster's workers while it counts: Dask runs its lost tasks again
    elsewhere, and the count is exact."""
    from distributed import Client

    with Client(cluster) as client:
        pids = client.run(os.getpid)
        found, started = {}, threading.Event()

        def progress(report):
            if report.subtrees.done >= 3:
                started.set()

        def count():
            found["count"] = exactcover.count(Queens(15), executor=client.get_executor(), jobs=2, time_slice=0.05,
                                              memo=False, progress=progress)

        thread = threading.Thread(target=count)
        thread.start()
        assert started.wait(60) and thread.is_alive()  # (killed mid-count, not before nor after)
        os.kill(next(iter(pids.values())), signal.SIGKILL)
        thread.join(300)
        assert found["count"] == 2279184
        client.wait_for_workers(2, timeout=30)


def _server(kind: str):
    """A server on the loopback that is not a Dask scheduler: it never answers ("silent"),
    answers as a web server ("http") or sends random bytes ("junk"); its address."""
    import socket

    listener = socket.create_server(("127.0.0.1", 0))
    kept = []

    def serve():
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            kept.append(connection)
            try:
                if kind == "http":
                    connection.recv(1000)
                    connection.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html></html>")
                elif kind == "junk":
                    connection.sendall(os.urandom(1 << 16))
            except OSError:
                pass

    threading.Thread(target=serve, daemon=True).start()
    return listener, f"tcp://127.0.0.1:{listener.getsockname()[1]}"


@pytest.mark.parametrize("kind", ["silent", "http", "junk"])
def test_an_address_that_is_not_a_scheduler(kind):
    """One line and exit 2 (or 3 when --timeout runs out first), never a hang or an internal
    error: a server that says nothing is given up after --timeout, or CONNECT_SECONDS."""
    import subprocess
    import time

    from helpers import SLACK, console_script, without_asan_notes

    listener, address = _server(kind)
    with listener:
        started = time.monotonic()
        done = subprocess.run([*console_script(), "count", "queens", "8", "--scheduler", address, "--timeout", "3"],
                              capture_output=True, text=True, timeout=120)
        seconds = time.monotonic() - started
    stderr = without_asan_notes(done.stderr)
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr
    if kind == "silent":
        assert done.returncode == 3 and "stopped by the time limit (3 s) while connecting" in stderr
        assert 3 <= seconds < 3 + SLACK
    else:
        assert done.returncode == 2 and f"at {address}" in stderr, stderr


def test_a_lost_scheduler_is_one_line(tmp_path):
    """The scheduler killed mid-count: one line and exit 70, no Dask log, no process left."""
    import subprocess
    import sys
    import time

    from helpers import console_script

    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    scheduler = subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", str(free), "--no-dashboard"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", f"tcp://127.0.0.1:{free}",
                               "--nthreads", "1", "--nworkers", "2", "--no-dashboard"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        from distributed import Client

        with Client(f"tcp://127.0.0.1:{free}", timeout=60) as client:  # (on a busy machine they take a while)
            client.wait_for_workers(2, timeout=120)
            count = subprocess.Popen([*console_script(), "count", "queens", "17", "--scheduler",
                                      f"tcp://127.0.0.1:{free}", "--quiet"], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
            deadline = time.monotonic() + 120
            tasks = lambda dask_scheduler: len(dask_scheduler.tasks)  # noqa: E731 -- (sent by value to the scheduler)
            while not client.run_on_scheduler(tasks) and time.monotonic() < deadline:  # (the count is at work)
                time.sleep(0.1)
        scheduler.kill()
        _out, err = count.communicate(timeout=120)
    finally:
        for process in (scheduler, worker):
            process.kill()
            process.wait()
    assert count.returncode == 70, err
    assert err == f"exactcover: error: the connection to the Dask scheduler at tcp://127.0.0.1:{free} was lost; " \
                  "the search was not finished\n"


def test_a_worker_killed_mid_count_from_the_command_with_a_journal(cluster, tmp_path):
    """SIGKILL a worker while ``exactcover count --scheduler ADDRESS --journal`` runs (issue
    71: a worker had been killed under the API's executor only, without a journal): Dask runs
    the lost tasks again elsewhere, the count is exact, and so is its journal, verified."""
    import subprocess
    import time

    from distributed import Client

    from helpers import console_script

    path = tmp_path / "q15.jsonl"
    with Client(cluster.scheduler_address) as client:
        client.wait_for_workers(2, timeout=120)  # (a nanny restarts a worker killed before: slow on a busy machine)
        pids = list(client.run(os.getpid).values())
    counting = subprocess.Popen([*console_script(), "count", "queens", "15", "--scheduler", cluster.scheduler_address,
                                 "--journal", str(path), "--time-slice", "0.05"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
    until = time.monotonic() + 60
    while counting.poll() is None and time.monotonic() < until and not (path.exists() and
                                                                        path.read_text().count("\n") > 4):
        time.sleep(0.02)
    assert counting.poll() is None, counting.communicate()  # (killed mid-count, not after)
    os.kill(pids[0], signal.SIGKILL)
    out, err = counting.communicate(timeout=300)
    assert counting.returncode == 0 and out.strip() == "2279184", err
    journal = read(path)
    assert journal.head["above"] + sum(record.count for record in journal.records) == 2279184
    result = run_command("verify", path, "--sample", "3")
    assert result.exit_code == 0 and "3 agree" in result.output, result.output
    with Client(cluster.scheduler_address) as client:
        client.wait_for_workers(2, timeout=120)
