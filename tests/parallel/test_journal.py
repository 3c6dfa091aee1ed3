"""Tests for a count's journal (`exactcover.parallel.journal`) and its verification (`exactcover.front.verification`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exactcover
from exactcover import BudgetExceeded, JournalError
from exactcover.parallel import counts, subtrees
from exactcover.front.api import prepare
from exactcover.parallel.journal import JournalWarning, key_path, read
from exactcover.front.verification import verify  # (the engine-level one: a prepared problem)
from exactcover_queens import Queens

from helpers import console_script, run_command


@pytest.fixture
def tiny_chunks(monkeypatch):
    """Tasks that pause every few nodes (they run on threads, in this process), so that a
    short time slice splits subtrees; and a first split of a few subtrees, not the 1,024 of
    a journal's (small problems' subtrees would then be too small to split)."""
    monkeypatch.setitem(subtrees.CHUNK, "c", (50, 1 << 20))
    monkeypatch.setitem(subtrees.CHUNK, "python", (50, 1 << 20))
    monkeypatch.setattr(counts, "JOURNAL_FIRST", 1)


def test_a_journal_s_first_split_is_large(tmp_path):
    """A journal keeps its first split for good: it makes at least JOURNAL_FIRST subtrees."""
    path = tmp_path / "q11.jsonl"
    assert counted(Queens(11), path) == 2680
    assert read(path).head["subtrees"] >= counts.JOURNAL_FIRST == 1024


def counted(problem, path, **more):
    with ThreadPoolExecutor(2) as pool:
        return exactcover.count(problem, executor=pool, journal=path, memo=False, **more)


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def rewrite(path, number, change):
    """Line ``number`` (from 1) changed by ``change`` (its check left as it was)."""
    text = path.read_text().splitlines()
    fields = json.loads(text[number - 1])
    change(fields)
    text[number - 1] = json.dumps(fields)
    path.write_text("\n".join(text) + "\n")


def signed_again(path, key=None, first=1):
    """The checks of every line from ``first`` on made again, as the count makes them, with
    the journal's key (or with ``key``: someone who does not have the journal's)."""
    from exactcover.parallel.journal import _Chain

    chain = _Chain(key or bytes.fromhex(key_path(path).read_text()))
    text = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        fields = json.loads(line)
        check = fields.pop("check")
        if number < first:
            chain.last = check
            text.append(line + "\n")
        else:
            text.append(chain.line(fields))
    path.write_text("".join(text))


def test_a_journal_holds_the_count(tmp_path, tiny_chunks):
    """Every subtree counted or split is a line; the lines add up to the count, and a count
    run again with the journal counts nothing and says the same."""
    path = tmp_path / "q9.jsonl"
    assert counted(Queens(9), path, time_slice=1e-9) == 352
    found = read(path)
    assert found.head["exactcover journal"] == 2 and not found.torn
    assert found.head["above"] + sum(r.count for r in found.records) == 352
    assert any(r.split for r in found.records)
    before = path.read_bytes()
    solver_stats = prepare(Queens(9)).solver
    assert counted(Queens(9), path) == 352
    assert path.read_bytes() == before  # (nothing was left to count)
    del solver_stats


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX file modes")
def test_a_journal_s_key_is_private_however_it_was_found(tmp_path, monkeypatch):
    """A key file found empty and readable by others is replaced by a private one (the key
    is never written into it); a key found readable by others is made private before it is
    used (resuming, verifying); one that cannot be made private refuses the journal."""
    path = tmp_path / "q8.jsonl"
    key_path(path).touch(mode=0o644)
    os.chmod(key_path(path), 0o644)
    assert counted(Queens(8), path) == 92
    assert key_path(path).stat().st_mode & 0o777 == 0o600
    os.chmod(key_path(path), 0o644)
    assert counted(Queens(8), path) == 92
    assert key_path(path).stat().st_mode & 0o777 == 0o600
    os.chmod(key_path(path), 0o640)
    assert read(path).head["exactcover journal"] == 2
    assert key_path(path).stat().st_mode & 0o777 == 0o600
    os.chmod(key_path(path), 0o644)

    def refused(*args, **kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chmod", refused)
    with pytest.raises(JournalError, match="others can read and that cannot be made private"):
        counted(Queens(8), path)
    assert sorted(found.name for found in tmp_path.iterdir()) == sorted([path.name, key_path(path).name])  # (no other)


@pytest.mark.slow
def test_verify_while_a_count_writes_its_journal(tmp_path):
    """``exactcover verify`` run again and again while a count writes its journal (issue 71:
    not tried before): each reads the lines written so far (a last line written in part is
    dropped as torn), agrees and says what is left to count; the count goes on undisturbed
    and is exact, and a last verify finds it complete."""
    path = tmp_path / "q16.jsonl"
    counting = subprocess.Popen([*console_script(), "count", "queens", "16", "--jobs", "2", "--journal", str(path),
                                 "--time-slice", "0.02"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = []
    while counting.poll() is None:
        if path.exists() and path.stat().st_size > 200:
            done = subprocess.run([*console_script(), "verify", str(path), "--sample", "2", "--json"],
                                  capture_output=True, text=True, timeout=120)
            said = json.loads(done.stdout)
            assert done.returncode == 0 and said["agree"] and not said["disagreements"], (done.stdout, done.stderr)
            seen.append(said["to_do"])
        time.sleep(0.05)
    out, err = counting.communicate()
    assert counting.returncode == 0 and out.strip() == "14772512", err
    assert seen and any(to_do > 0 for to_do in seen), seen  # (verified while the count was under way)
    done = subprocess.run([*console_script(), "verify", str(path), "--json"], capture_output=True, text=True, timeout=120)
    said = json.loads(done.stdout)
    assert said["agree"] and said["to_do"] == 0 and said["count"] == 14772512, said


def test_an_interrupted_count_goes_on_where_it_stopped(tmp_path, tiny_chunks):
    """A count stopped by its node budget keeps what it did; begun again with the same
    journal it counts only the rest, and the total is exact."""
    path = tmp_path / "q10.jsonl"
    with pytest.raises(BudgetExceeded):
        counted(Queens(10), path, time_slice=1e-9, max_nodes=3000)
    kept = len(read(path).records)
    assert kept > 0
    assert counted(Queens(10), path, time_slice=1e-9) == 724
    assert len(read(path).records) > kept


def test_a_torn_last_line_is_dropped(tmp_path, tiny_chunks):
    """A last line written in part is dropped with a warning and its subtree counted again."""
    path = tmp_path / "q9.jsonl"
    counted(Queens(9), path, time_slice=1e-9)
    text = path.read_text().splitlines()
    path.write_text("\n".join(text[:-2]) + "\n" + text[-2][:17])
    with pytest.warns(JournalWarning, match="torn"):
        assert counted(Queens(9), path) == 352
    assert not read(path).torn


def test_another_problems_journal_is_refused(tmp_path, tiny_chunks):
    path = tmp_path / "q9.jsonl"
    counted(Queens(9), path)
    with pytest.raises(JournalError, match="another problem"):
        counted(Queens(8), path)
    with pytest.raises(JournalError, match="another problem"):
        verify(prepare(Queens(8)), path)


def test_not_a_journal(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text('{"hello": 1}\n')
    with pytest.raises(JournalError, match="line 1"):
        counted(Queens(6), path)
    path.write_text("")
    assert counted(Queens(6), path) == 4  # (an empty file is a new journal)


def test_a_journal_that_cannot_be_written_says_why(tmp_path):
    """No such folder: a JournalError that names the file and why, before any subtree is
    counted; the command says it in one line (exit 2)."""
    path = tmp_path / "no such folder" / "q8.jsonl"
    with pytest.raises(JournalError, match="cannot be written: No such file or directory") as caught:
        counted(Queens(8), path)
    assert caught.value.path == path
    result = run_command("count", "queens", "8", "--journal", path)
    assert result.exit_code == 2
    assert result.output.strip() == f"exactcover: error: journal {path} cannot be written: No such file or directory"


@pytest.mark.skipif(sys.platform == "win32", reason="needs resource.RLIMIT_FSIZE")
def test_a_full_disk_stops_the_count_with_a_journal_error(tmp_path):
    """Writing the journal fails for want of space (a limit on the size of files, which
    Python turns into an error): the command stops with one line naming the journal and exit
    74, as output that cannot be written does, when it begins and when it resumes."""
    import resource

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, resource.RLIM_INFINITY))

    path = tmp_path / "q11.jsonl"
    done = subprocess.run([*console_script(), "count", "queens", "11", "--jobs", "2", "--journal", str(path)],
                          capture_output=True, text=True, preexec_fn=small_files, timeout=120)
    assert done.returncode == 74, done.stderr  # (the exit of output that cannot be written)
    assert done.stderr == f"exactcover: error: journal {path} cannot be written: File too large\n"
    resumed = subprocess.run([*console_script(), "count", "queens", "11", "--jobs", "2", "--journal", str(path),
                              "--json"], capture_output=True, text=True, preexec_fn=small_files, timeout=120)
    assert resumed.returncode == 74, resumed.stderr  # (resuming, the same)
    assert resumed.stderr.endswith(f"exactcover: error: journal {path} cannot be written: File too large\n")
    assert json.loads(resumed.stdout)["status"] == "cannot write"


def test_verify_agrees_with_an_honest_journal(tmp_path, tiny_chunks, engine):
    """Every subtree counted again, split ones up to where they stopped, on either engine
    (a journal made by one engine is checked by the other)."""
    path = tmp_path / "q9.jsonl"
    counted(Queens(9), path, time_slice=1e-9)
    found = verify(prepare(Queens(9), engine), path, sample=10_000, seed=1)
    assert found.agree and found.complete and found.total == 352
    assert found.sampled == found.records == len(read(path).records)


def test_verify_catches_an_edited_count(tmp_path, tiny_chunks):
    """A count edited by hand: its line's check fails; edited with its check made again, the
    count again disagrees."""
    path = tmp_path / "q9.jsonl"
    counted(Queens(9), path, time_slice=1e-9)
    number = next(k for k, fields in enumerate(lines(path), 1) if fields.get("count"))

    def plus_one(fields):
        fields["count"] += 1

    rewrite(path, number, plus_one)
    found = verify(prepare(Queens(9)), path, sample=0)
    assert found.changed == (number,) and not found.agree
    with pytest.raises(JournalError, match=f"line {number} was changed"):
        counted(Queens(9), path)

    signed_again(path, key=bytes(32), first=2)  # (checks made again without the key: every line is caught)
    found = verify(prepare(Queens(9)), path, sample=0)
    assert found.changed == tuple(range(2, len(lines(path)) + 1))
    signed_again(path, key=bytes(32))  # (the head too: nothing can be checked against it)
    with pytest.raises(JournalError, match="line 1 was changed"):
        verify(prepare(Queens(9)), path, sample=0)
    signed_again(path)  # (with the key: only counting the subtree again catches it)
    found = verify(prepare(Queens(9)), path, sample=10_000)
    assert not found.changed and [d.line for d in found.disagreements] == [number]
    assert found.total == 353


def test_verify_catches_an_edited_split(tmp_path, tiny_chunks):
    """A split whose subtrees left were changed (one dropped): the split disagrees, and the
    journal is incomplete no more, but its total is short."""
    path = tmp_path / "q9.jsonl"
    counted(Queens(9), path, time_slice=1e-9)
    number = next(k for k, fields in enumerate(lines(path), 1) if len(fields.get("split", ())) > 1)

    def drop_one(fields):
        fields["split"] = fields["split"][1:]

    rewrite(path, number, drop_one)
    signed_again(path)
    found = verify(prepare(Queens(9)), path, sample=10_000)
    assert number in [d.line for d in found.disagreements]


def test_the_command_keeps_and_verifies_a_journal(tmp_path):
    path = tmp_path / "q10.jsonl"
    result = run_command("count", "queens", "10", "--jobs", "2", "--journal", path, "--json")
    assert result.exit_code == 0, result.output
    said = json.loads(result.output)
    assert said["count"] == 724 and said["stats"]["subtrees"]["waiting"] == 0
    assert said["stats"]["subtrees"]["fraction"] == 1.0 and said["stats"]["subtrees"]["remaining"] == 0.0
    assert read(path).head["problem"]["arguments"][0] == "10"
    result = run_command("verify", path, "--sample", "3", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "complete: 724 solutions" in result.output and "3 agree" in result.output
    result = run_command("count", "queens", "9", "--journal", path)
    assert result.exit_code == 2 and "another problem" in result.output
    rewrite(path, 2, lambda fields: fields.update(count=fields["count"] + 1))
    result = run_command("verify", path)
    assert result.exit_code == 1 and "line(s) 2" in result.output


def test_a_stopped_count_says_where_it_stood(tmp_path):
    """--json on a count stopped by its budget: the subtrees done and left, the fraction
    done and the time it promised was left; run again, the journal finishes it."""
    path = tmp_path / "q12.jsonl"
    result = run_command("count", "queens", "12", "--jobs", "2", "--journal", path, "--json", "--max-nodes", "150000",
                         "--no-memo")
    assert result.exit_code == 3, result.output
    subtrees = json.loads(result.stdout)["stats"]["subtrees"]
    assert subtrees["done"] >= 1 and 0.0 < subtrees["fraction"] < 1.0 and subtrees["remaining"] > 0
    result = run_command("count", "queens", "12", "--jobs", "2", "--journal", path)
    assert result.exit_code == 0 and result.stdout.strip() == "14200" and "going on from the journal" in result.stderr


def test_a_count_that_goes_on_from_its_journal_says_so(tmp_path):
    """The command says when a count goes on from a journal that holds subtrees already (one
    line on stderr; not with --quiet, nor for a new journal)."""
    path = tmp_path / "q10.jsonl"
    first = run_command("count", "queens", "10", "--journal", path, "--max-nodes", "3000")
    assert first.exit_code == 3 and "going on from" not in first.stderr
    lines = len(path.read_text().splitlines())
    again = run_command("count", "queens", "10", "--journal", path)
    assert again.exit_code == 0 and again.stdout == "724\n"
    assert f"going on from the journal {path}: {lines - 1:,} subtree lines kept in it" in again.stderr
    assert run_command("count", "queens", "10", "--journal", path, "--quiet").stderr == ""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_count_resumes_exactly(tmp_path):
    """SIGKILL the command mid-count (it and its workers): run again, it goes on from its
    journal, and the total is exact."""
    path = tmp_path / "q15.jsonl"
    command = [*console_script(), "count", "queens", "15", "--jobs", "2", "--journal", str(path), "--time-slice",
               "0.01", "--no-memo", "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or len(path.read_bytes().splitlines()) < 10):
        time.sleep(0.002)
    assert process.poll() is None  # (killed mid-count, not after)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    kept = len(read(path).records)
    assert kept >= 9
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "2279184", done.stderr
    assert len(read(path).records) > kept
    assert verify(prepare(Queens(15)), path, sample=3, seed=1).agree


@pytest.mark.slow
def test_a_killed_loop_count_resumes_exactly(tmp_path):
    """A loop puzzle's count (an empty 5x6 slitherlink: 18,438,929 loops, some seconds on two
    processes) killed with its workers once its journal keeps some subtrees, then run again:
    it goes on from its journal to the count it makes uninterrupted. (A run of this of more
    than a minute, a 5x7 grid, is in benchmarks/README.md.)"""
    grid = tmp_path / "empty.txt"
    grid.write_text("......\n" * 5)
    path = tmp_path / "loops.jsonl"
    command = [*console_script(), "count", "slitherlink", str(grid), "--jobs", "2", "--quiet"]
    whole = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert whole.returncode == 0 and whole.stdout.strip() == "18438929", whole.stderr
    process = subprocess.Popen([*command, "--journal", str(path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    while process.poll() is None and (not path.exists() or len(path.read_bytes().splitlines()) < 40):
        time.sleep(0.01)  # (killed once some subtrees are kept, whatever the machine's speed)
    assert process.poll() is None  # (killed mid-count, not after)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    kept = read(path).records
    assert kept and sum(record.count for record in kept) < 18438929
    done = subprocess.run([*command, "--journal", str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and done.stdout.strip() == "18438929", done.stderr


def test_a_resumed_count_searches_as_its_journal_began(tmp_path, tiny_chunks):
    """Begun without the table of states and resumed with the default (which keeps it for
    domino tilings), the count goes on without it, as its head says: its splits replay."""
    from helpers import TILINGS, dominoes

    path = tmp_path / "d.jsonl"
    with pytest.raises(BudgetExceeded):
        counted(dominoes(6), path, time_slice=1e-9, max_nodes=2000)
    assert read(path).head["memo"] == 0
    with ThreadPoolExecutor(2) as pool:
        assert exactcover.count(dominoes(6), executor=pool, journal=path, time_slice=1e-9) == TILINGS[3]
    found = verify(prepare(dominoes(6)), path, sample=10_000)
    assert found.agree and found.complete and any(r.split for r in read(path).records)


def appended(path, fields):
    """``fields`` appended as a record line, signed with the journal's key."""
    with path.open("a") as file:
        file.write(json.dumps({**fields, "check": "0" * 32}) + "\n")
    signed_again(path)


@pytest.mark.parametrize("where", ["outside", "below a whole subtree", "again, one more"])
def test_a_record_that_does_not_fit_the_tree_is_refused(tmp_path, tiny_chunks, where):
    """The audit's edits, signed with the key: a record outside the tree, a child of a subtree
    counted whole, a subtree's record repeated with another count. Resuming refuses each,
    naming its line, instead of adding its count; `verify` names it without counting again."""
    path = tmp_path / "q9.jsonl"
    counted(Queens(9), path, time_slice=1e-9)
    whole = next(fields for fields in lines(path)[1:] if fields["count"] and "split" not in fields)
    record = {"outside": {"prefix": [0, 1, 2, 3, 4, 5], "count": 1000},
              "below a whole subtree": {"prefix": [*whole["prefix"], 0], "count": 1},
              "again, one more": {"prefix": whole["prefix"], "count": whole["count"] + 1}}[where]
    appended(path, {**record, "nodes": 5, "seconds": 0.1})
    number = len(lines(path))
    with pytest.raises(JournalError, match=f"line {number} ") as refused:
        counted(Queens(9), path)
    assert "outside the tree" in str(refused.value) or "a second time" in str(refused.value)
    found = verify(prepare(Queens(9)), path, sample=0)
    assert not found.changed and [d.line for d in found.disagreements] == [number]
    assert found.total == 352 + (0 if where != "again, one more" else 0)


@pytest.mark.slow
def test_one_count_at_a_time_on_a_journal(tmp_path):
    """A second count on a journal in use is refused in one line while the first one (of
    minutes) runs; once the first is stopped, its lock is gone and a count goes on from it."""
    path = tmp_path / "q16.jsonl"
    command = [*console_script(), "count", "queens", "16", "--jobs", "2", "--journal", str(path), "--no-memo"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (path.exists() and path.stat().st_size) and time.monotonic() < deadline:
        time.sleep(0.005)
    second = subprocess.run(command, capture_output=True, text=True, timeout=120)
    first.send_signal(signal.SIGINT)
    _, err = first.communicate(timeout=60)
    assert first.returncode == 130, err
    assert second.returncode == 2
    assert second.stderr == f"exactcover: error: journal {path} is in use by another count (it holds the file's " \
                            "lock); wait for it to end, or give another file\n"
    done = subprocess.run([*command, "--max-nodes", "1000"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 3 and "node budget" in done.stderr, done.stderr


@pytest.mark.slow
def test_two_counts_started_together_leave_a_whole_journal(tmp_path):
    """Started at the same moment, one count runs and the other is refused, whichever. (A
    count of a few seconds, so that on a loaded machine the second still starts while the
    first runs: a twelve-queens count once ended before the other had begun.)"""
    path = tmp_path / "q15.jsonl"
    command = [*console_script(), "count", "queens", "15", "--jobs", "2", "--journal", str(path), "--no-memo"]
    both = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    ended = sorted((process.wait(timeout=300), process.stdout.read().strip(), process.stderr.read())
                   for process in both)
    assert [status for status, _, _ in ended] == [0, 2] and ended[0][1] == "2279184", ended
    assert "is in use by another count" in ended[1][2]
    found = verify(prepare(Queens(15)), path, sample=3)
    assert found.agree and found.complete and found.total == 2279184


@pytest.mark.slow
def test_a_journal_is_measured_before_it_is_read(tmp_path):
    """A device, a FIFO, a file too large and a line too long are refused at once, in one
    line each, for `count --journal` and `verify`."""
    from helpers import peak_kb

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    large = tmp_path / "large.jsonl"
    with large.open("wb") as file:
        file.truncate(3 << 30)  # (sparse: 3 GB that take no room)
    long = tmp_path / "long.jsonl"
    long.write_bytes(b"{" * (2 << 20))
    for path, said in (("/dev/zero", "is not a regular file"), (fifo, "is not a regular file"),
                       (large, "3,221,225,472 bytes, more than a journal may be"),
                       (long, "line 1 is longer than a journal's line may be")):
        for args in (("count", "queens", "8", "--journal", path), ("verify", path)):
            done, peak = peak_kb([*console_script(), *map(str, args)], timeout=60)
            assert done.returncode == 2 and done.stderr.count("\n") == 1 and said in done.stderr, (args, done.stderr)
            assert peak < 200_000, f"a refused journal took {peak} KB"


_HONEST: dict[str, bytes] = {}


def honest_journal(folder) -> bytes:
    """The bytes of an honest journal of a count of Queens(9) with splits (made once)."""
    if "q9" not in _HONEST:
        path = folder / "honest.jsonl"
        with pytest.MonkeyPatch.context() as patch:
            patch.setitem(subtrees.CHUNK, "c", (50, 1 << 20))
            patch.setitem(subtrees.CHUNK, "python", (50, 1 << 20))
            patch.setattr(counts, "JOURNAL_FIRST", 1)
            counted(Queens(9), path, time_slice=1e-9)
        _HONEST["q9"], _HONEST["key"] = path.read_bytes(), key_path(path).read_bytes()
    return _HONEST["q9"]


def edited(data: bytes, edit: str, chance) -> bytes:
    rows = data.splitlines(keepends=True)
    k = chance.randrange(1, len(rows))
    if edit == "byte":
        at = chance.randrange(len(data))
        return data[:at] + bytes([chance.choice(b"0123456789,[]{}\":ab ")]) + data[at + 1:]
    if edit == "number":
        fields = json.loads(rows[k])
        fields[chance.choice(["count", "nodes"])] += chance.choice([-1, 1, 7, 1000])
        rows[k] = (json.dumps(fields) + "\n").encode()
    elif edit == "drop":
        del rows[k]
    elif edit == "repeat":
        rows.insert(chance.randrange(1, len(rows) + 1), rows[k])
    elif edit == "swap":
        j = chance.randrange(1, len(rows))
        rows[k], rows[j] = rows[j], rows[k]
    elif edit == "cut":
        return data[:chance.randrange(len(data))]
    return b"".join(rows)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::exactcover.parallel.journal.JournalWarning")
@given(st.sampled_from(["byte", "number", "drop", "repeat", "swap", "cut"]), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_no_edit_without_the_key_makes_a_count_wrong(tmp_path, edit, chance):
    """Random edits made without the key: resuming refuses the journal or counts exactly
    352, and `verify` (counting nothing again) flags the edit or finds a journal that is only
    shorter than the honest one (a last line dropped or torn: counted again on resuming)."""
    honest = honest_journal(tmp_path)
    path = tmp_path / "edited.jsonl"
    path.write_bytes(edited(honest, edit, chance))
    key_path(path).write_bytes(_HONEST["key"])
    try:
        found = verify(prepare(Queens(9)), path, sample=0)
    except JournalError:
        found = None
    if found is not None and found.agree:
        assert honest.startswith(path.read_bytes().rsplit(b"\n", 1)[0]), "an edit that verify did not see"
    try:
        total = counted(Queens(9), path)
    except JournalError:
        return
    assert total == 352


@pytest.mark.skipif(sys.platform == "win32", reason="needs resource.RLIMIT_FSIZE")
def test_a_write_that_fails_is_one_journal_error_however_the_journal_is_closed(tmp_path):
    """Records written until the disk is full, then the journal closed: a JournalError each
    time, never the OSError of the bytes the failed flush left behind, which closing the file
    tries again (under ASan the count hit exactly this and the command said "cannot write the
    output")."""
    code = f"""
import resource
from exactcover.errors import JournalError
from exactcover.parallel.journal import Journal
from exactcover.parallel.subtrees import Record
resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, resource.RLIM_INFINITY))
journal = Journal({str(tmp_path / "j.jsonl")!r}, {{"fingerprint": "f", "depth": 1, "subtrees": 1, "above": 0}})
failed = []
for k in range(10_000):
    try:
        journal.add([Record((k,), 1, 1, 0.0)])
    except JournalError as error:
        failed.append(str(error))
        break
try:
    journal.close()
except JournalError as error:
    failed.append(str(error))
print(len(failed), all("cannot be written: File too large" in message for message in failed), journal.file.closed)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout == "2 True True\n", done.stderr


def test_a_journal_resumed_keeps_the_memo_it_began_with(tmp_path):
    """A count goes on from its journal as it began, whatever memo the new call asks: its
    splits replay so (the plan reads the journal's head)."""
    from exactcover.engines.contract import MEMO_ON
    from exactcover.front.request import Request

    path = tmp_path / "q8.jsonl"
    prepared = prepare(Queens(8))
    assert prepared.count(jobs=2, journal=path, memo=True) == 92
    assert prepared.planned(Request.of("count", jobs=2, journal=path, memo=False)).call.memo == MEMO_ON
    assert prepared.count(jobs=2, journal=path, memo=False) == 92
