"""Tests for a count's journal (`exactcover.journal`) and its verification (`exactcover.verification`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import exactcover
from exactcover import BudgetExceeded, JournalError, counts, subtrees
from exactcover.api import prepare
from exactcover.journal import JournalWarning, _check, read
from exactcover.verification import verify  # (the engine-level one: a prepared problem)
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


def test_a_journal_holds_the_count(tmp_path, tiny_chunks):
    """Every subtree counted or split is a line; the lines add up to the count, and a count
    run again with the journal counts nothing and says the same."""
    path = tmp_path / "q9.jsonl"
    assert counted(Queens(9), path, time_slice=1e-9) == 352
    found = read(path)
    assert found.head["exactcover journal"] == 1 and not found.torn
    assert found.head["above"] + sum(r.count for r in found.records) == 352
    assert any(r.split for r in found.records)
    before = path.read_bytes()
    solver_stats = prepare(Queens(9)).solver
    assert counted(Queens(9), path) == 352
    assert path.read_bytes() == before  # (nothing was left to count)
    del solver_stats


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


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a device that is always full)")
def test_a_full_disk_stops_the_count_with_a_journal_error():
    """Writing the journal fails for want of space: the count stops with a JournalError."""
    with pytest.raises(JournalError, match="cannot be written: No space left on device"):
        counted(Queens(8), "/dev/full")


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

    def checked_again(fields):
        fields.pop("check")
        fields["check"] = _check(fields)

    rewrite(path, number, checked_again)
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
        fields.pop("check")
        fields["split"] = fields["split"][1:]
        fields["check"] = _check(fields)

    rewrite(path, number, drop_one)
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
    assert result.exit_code == 0 and result.output.strip() == "14200"


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
