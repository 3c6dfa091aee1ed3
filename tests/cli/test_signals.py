"""Signals at random moments: the ``exactcover`` command always ends, says how, and leaves no process.

SIGINT, SIGTERM and SIGKILL go to the command, to its whole process group (a terminal's
Ctrl-C) or to one worker of a parallel search, at a random moment of its first half-second:
start-up and imports, the split, the pool's start and the search. Whatever the moment, the
command ends within a second: 130 (Ctrl-C) or 143 (SIGTERM) with one line on stderr, 70
with one line when a worker was lost, and nothing of it is left running. (Python itself
starts in the first few milliseconds, before any exactcover code runs: a Ctrl-C then ends
the process by its signal, or with status 1, after Python's own traceback of its start-up, or
Python drops it with a message (`DROPPED`) and the command runs on, as any Python program
would: two Ctrl-Cs in a thousand aimed at random moments of the first 30 milliseconds.)

The moments are drawn at random, differently on each run; a failure names the seed that
replays it (EXACTCOVER_SIGNAL_SEED).
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time

import attrs
import pytest

from helpers import SLACK, alive, console_script, descendants

pytestmark = [pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc"), pytest.mark.slow]

SEED = int(os.environ.get("EXACTCOVER_SIGNAL_SEED") or random.SystemRandom().randrange(10**6))
#: The commands: each runs for seconds, so that a signal always finds it at work.
COMMANDS = {
    "count": ["count", "queens", "16", "--jobs", "2"],
    "listing": ["solve", "queens", "14", "--all", "--jobs", "2"],  # (into `head -n 3000000`, which reads it all)
    "serial": ["count", "queens", "16"],
}
#: The reader a command's output goes to (in the command's process group).
READERS = {"listing": ("head", "-n", "3000000")}
#: The status of a command whose reader went away.
BROKEN_PIPE = 141
#: How Python's start-up reports a KeyboardInterrupt it dropped (and then runs on).
DROPPED = ("Exception ignored in", "Failed checking if argv[0] is an import path entry")
#: Seconds a command may take to end after the signal, and its workers after it: generous,
#: since another job can stretch a second to several (helpers.SLACK); the status and the
#: message prove that the signal ended the command, and these catch one that ignored it
#: until its work was done, which takes far longer (COMMANDS).
ENDS_WITHIN, WORKERS_END_WITHIN = SLACK, 2 * SLACK


@attrs.frozen
class Ending:
    """How one run ended: its status, its stderr, the seconds it took after the signal,
    and the processes of it still alive afterwards."""

    status: int | None
    stderr: str
    seconds: float
    left: tuple[int, ...]


def run_and_signal(command: str, sig: signal.Signals, target: str, delay: float) -> Ending | None:
    """Start ``command`` (its own process group), wait ``delay`` seconds (for "worker", until
    a worker exists, then ``delay``), send ``sig`` to ``target``; None if no worker came."""
    listing = command == "listing"
    process = subprocess.Popen([*console_script(), *COMMANDS[command]], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, process_group=0)
    reader = None
    if listing:
        reader = subprocess.Popen(list(READERS[command]), stdin=process.stdout, stdout=subprocess.DEVNULL,
                                  process_group=process.pid)
        process.stdout.close()  # type: ignore[union-attr]
    seen: set[int] = set()
    started = time.monotonic()
    if target == "worker":
        while not (workers := descendants(process.pid)) and time.monotonic() - started < 5:
            time.sleep(0.002)
        if not workers:
            _kill(process, reader)
            return None
        started = time.monotonic()
    while time.monotonic() - started < delay:
        seen.update(descendants(process.pid))
        time.sleep(0.002)
    seen.update(workers := descendants(process.pid))
    sent = time.monotonic()
    if target == "parent":
        os.kill(process.pid, sig)
    elif target == "group":
        os.killpg(process.pid, sig)
    elif workers:
        os.kill(random.choice(workers), sig)
    try:
        _out, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        return Ending(None, _kill(process, reader), float("inf"), ())
    seconds = time.monotonic() - sent
    if reader is not None:
        reader.wait(timeout=10)
    until = time.monotonic() + WORKERS_END_WITHIN
    while any(alive(pid) for pid in seen) and time.monotonic() < until:
        time.sleep(0.02)
    return Ending(process.returncode, err.decode(), seconds, tuple(pid for pid in seen if alive(pid)))


def _kill(process: subprocess.Popen[bytes], reader: subprocess.Popen[bytes] | None) -> str:
    """Kill the command's process group; what it wrote on stderr."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    _out, err = process.communicate()
    if reader is not None:
        reader.wait()
    return err.decode() if err else ""


def in_python_start_up(stderr: str) -> bool:
    """Python's traceback of its own start-up: no frame of exactcover's code in it (or the
    interpreter's own "Fatal Python error" when the signal stops its initialization, or its
    messages when it dropped the KeyboardInterrupt before exactcover_command could set the
    hook that raises it again)."""
    if stderr == "KeyboardInterrupt\n":
        return True  # (raised where Python has not run a line of Python yet: no traceback at all)
    return stderr.startswith(DROPPED + ("Traceback", "Fatal Python error: init_")) and \
        "KeyboardInterrupt" in stderr and \
        not re.search(r"exactcover[^\n]*\.py\", line", stderr.replace("exactcover_command", ""))


def check(ending: Ending, sig: signal.Signals, target: str) -> str | None:
    """What is wrong with ``ending`` (None if nothing)."""
    if sig == signal.SIGINT and ending.stderr.startswith(DROPPED) and in_python_start_up(ending.stderr):
        return None  # (dropped by Python before any exactcover code ran, which then runs on, to its end if it
        #            comes within the 10 seconds: see the module's docstring)
    if ending.status is None:
        return f"the command did not end within 10 seconds (its stderr: {ending.stderr!r})"
    if ending.left:
        return f"processes left running: {ending.left}"
    lines = ending.stderr.splitlines()
    if ending.status in (-sig, 1) and sig == signal.SIGINT and in_python_start_up(ending.stderr):
        return None  # (Python's own start-up, its first few milliseconds: see the module's docstring)
    if ending.status == -sig:  # (ended by the signal itself: before its handler was set, or SIGKILL)
        return None if not lines else ending.stderr
    if ending.seconds > ENDS_WITHIN:
        return f"it took {ending.seconds:.2f} s to end"
    if (ending.status, ending.stderr, target) == (BROKEN_PIPE, "", "group") and "head" in READERS.get(command, ()):
        return None  # (its reader, in the group, ended first: the output's reader gone is 141, silently)
    if len(lines) != 1:
        return f"status {ending.status}, {len(lines)} lines on stderr: {ending.stderr!r}"
    if target == "worker":
        expected = (70, rf"exactcover: error: worker process \d+ was killed by {sig.name} before its task was done")
    elif sig == signal.SIGINT:
        expected = (130, "exactcover: interrupted")
    else:
        expected = (143, "exactcover: terminated")
    if ending.status != expected[0] or not re.match(expected[1], lines[0]):
        return f"status {ending.status}, stderr {ending.stderr!r}"
    return None


CASES = [(command, sig, target)
         for command in COMMANDS
         for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)
         for target in ("parent", "group", "worker")
         if not (target == "worker" and (command == "serial" or sig == signal.SIGINT))]  # (workers ignore Ctrl-C)


@pytest.mark.parametrize(("command", "sig", "target"), CASES, ids=lambda v: getattr(v, "name", v))
def test_a_signal_at_any_moment_ends_the_command_cleanly(command, sig, target):
    """Five random moments of the first half-second (at most a second each)."""
    chance = random.Random(f"{SEED} {command} {sig.name} {target}")
    for _ in range(5):
        delay = chance.uniform(0.0, 0.5)
        ending = run_and_signal(command, sig, target, delay)
        if ending is None:
            continue
        problem = check(ending, sig, target)
        assert problem is None, f"{sig.name} to the {target} of '{command}' after {delay:.3f} s: {problem} (seed {SEED})"


@pytest.mark.parametrize("dropped", ["KeyboardInterrupt", "Terminated"])
def test_a_signal_python_drops_is_raised_again(dropped):
    """A Ctrl-C or SIGTERM whose exception lands where Python cannot raise it (importlib's
    weakref callback after an import: seen once in 400 SIGTERMs aimed at the command's
    start-up, which then ran to its end) is sent again by the console script's hook and
    raised a moment later, where it can be."""
    code = f"""
import signal, sys, time, weakref
import exactcover_command
from exactcover.cli.exits import Terminated, terminate_like_ctrl_c
signal.signal(signal.SIGTERM, signal.SIG_DFL)
terminate_like_ctrl_c()
sys.unraisablehook = exactcover_command._raise_again
class Thing:
    pass
thing = Thing()
def callback(ref):
    raise {dropped}
ref = weakref.ref(thing, callback)
try:
    del thing
    time.sleep(2)
    print("lost")
except KeyboardInterrupt as error:
    print(type(error).__name__, "raised again")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=10)
    assert done.stdout == f"{dropped} raised again\n", done.stderr


@pytest.mark.parametrize(("raised", "said", "status"), [("KeyboardInterrupt", "interrupted", 130),
                                                      ("exactcover_command._Terminated", "terminated", 143)])
def test_a_signal_wrapped_by_an_import_still_ends_the_command_as_a_signal(raised, said, status):
    """A Ctrl-C that lands while Python makes a class is raised wrapped in a RuntimeError (Python
    3.11's ``__set_name__``; CI met it once): the command still says it was interrupted, with
    no traceback."""
    code = f"""
import sys, types, exactcover, exactcover_command
class Cli(types.ModuleType):
    def __getattr__(self, name):
        raise RuntimeError("Error calling __set_name__") from {raised}()
sys.modules["exactcover.cli"] = Cli("exactcover.cli")
exactcover_command.main()
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (status, f"exactcover: {said}\n")


def test_a_sigterm_while_the_command_loads_is_not_taken_for_an_error():
    """While the command loads, SIGTERM raises an exception no ``except Exception`` catches:
    code being imported that falls back on any error (as libraries do for optional modules)
    does not swallow it and run on (a count then ran on for its whole length once)."""
    code = """
import os, signal, time, exactcover_command
signal.signal(signal.SIGTERM, exactcover_command._raise_terminated)
try:
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    except Exception:
        print("swallowed")
except exactcover_command._Terminated:
    print("terminated")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout == "terminated\n", (done.stdout, done.stderr)


def test_an_interrupted_parallel_listing_counts_the_nodes_its_workers_searched():
    """Ctrl-C to the whole group while ``solve --all --jsonl --jobs 2`` streams: the last
    line's statistics hold the nodes the workers searched (at least one per solution listed),
    not only the parent's split (before: 63 nodes after 35,520 solutions)."""
    import json

    process = subprocess.Popen([*console_script(), "solve", "queens", "14", "--all", "--jsonl", "--jobs", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, process_group=0, text=True)
    assert process.stdout is not None
    lines = []
    for line in process.stdout:
        lines.append(line)
        if len(lines) == 3_000:  # (within the first task: its pieces come before its statistics)
            os.killpg(process.pid, signal.SIGINT)
            break
    lines += process.stdout.readlines()
    process.wait(timeout=30)
    last = json.loads(lines[-1])
    assert process.returncode == 130 and last["status"] == "interrupted", last
    assert last["count"] == len(lines) - 1 >= 3_000
    assert last["stats"]["nodes"] >= last["count"], last["stats"]


def test_a_ctrl_c_wrapped_inside_a_command_is_reported_as_interrupted():
    """The same wrapping inside a command (a module loaded lazily) is a Ctrl-C (130), not an
    internal error (70)."""
    from exactcover.cli.exits import Exit, errors_reported

    with pytest.raises(Exit) as stop, errors_reported():
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as error:
            raise RuntimeError("Error calling __set_name__") from error
    assert (stop.value.exit_code, stop.value.message) == (130, "interrupted")


@pytest.mark.parametrize(("sig", "said", "status"), [(signal.SIGTERM, "terminated", 143),
                                                     (signal.SIGINT, "interrupted", 130)])
def test_a_signal_lost_while_the_command_loads_still_ends_it(sig, said, status, tmp_path):
    """Python 3.11 loses an exception a signal's handler raises while compile() parses a
    module (seen: SIGTERM 0.3 s into ``count queens 16 --jobs 2``, which then ran on); the
    command notes the signal, and ends as it does after it once its loading is done."""
    (tmp_path / "exactcover_cli_stand_in.py").write_text(f"""
import os, signal, time
try:
    os.kill(os.getpid(), signal.{sig.name})
    time.sleep(2)
except BaseException:
    pass  # (lost, as compile() loses it)
def main():
    print("ran on")
""")
    code = f"""
import importlib.abc, importlib.util, pathlib, sys, exactcover, exactcover_command
real = pathlib.Path(exactcover.__file__).parent / "cli"
class StandIn(importlib.abc.MetaPathFinder):  # (exactcover.cli, loaded by the command, is the stand-in)
    def find_spec(self, name, path, target=None):
        if name != "exactcover.cli":
            return None
        return importlib.util.spec_from_file_location(name, {str(tmp_path / "exactcover_cli_stand_in.py")!r},
                                                      submodule_search_locations=[str(real)])
sys.meta_path.insert(0, StandIn())
exactcover_command.main()
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (status, "", f"exactcover: {said}\n")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_an_import_is_raised_once_the_import_is_done(sig, tmp_path):
    """Once the command runs, Ctrl-C or SIGTERM during an import (a module loaded on first
    use) is sent again when the import is done, and raised there: not lost inside it."""
    (tmp_path / "slow_module.py").write_text(f"""
import os, signal, time
os.kill(os.getpid(), signal.{sig.name})
time.sleep(0.3)
DONE = True
""")
    code = """
import time
from exactcover.cli.exits import terminate_like_ctrl_c
terminate_like_ctrl_c()
try:
    import slow_module
    time.sleep(50)  # (what the signal sent again interrupts: far longer than a busy machine can delay it)
    print("lost")
except KeyboardInterrupt as error:
    print(type(error).__name__, "after the import:", slow_module.DONE)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"))
    raised = "Terminated" if sig == signal.SIGTERM else "KeyboardInterrupt"
    assert done.stdout == f"{raised} after the import: True\n", done.stderr
