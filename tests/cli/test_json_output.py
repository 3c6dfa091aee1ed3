"""The command's machine-readable output: every command, on every path, writes one document of
the one schema (``exactcover/cli/output-schema.json``) under ``--json``, and JSON Lines under
``--jsonl`` whose last line is the same document without its lists."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from click.testing import CliRunner

from exactcover.cli import cli

jsonschema = pytest.importorskip("jsonschema")

PUBLISHED = json.loads(resources.files("exactcover.cli").joinpath("output-schema.json").read_text())
SCHEMA = {**PUBLISHED, "additionalProperties": False}  # (exactcover's own commands: the listed fields only)
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
NO_SOLUTION = "12345678." + "." * 8 + "9" + "." * 63  # (the first row's last cell has no digit left)


def check(document: dict, schema: dict = SCHEMA) -> dict:
    jsonschema.validate(document, schema)
    return document


def line_schema(name: str) -> dict:
    """The schema of a --jsonl line before the document: a solution or a problem of a file."""
    return {"$defs": SCHEMA["$defs"], "$ref": f"#/$defs/{name}"}


def document(*args: str, input: str | None = None, mode: str = "--json") -> tuple[int, dict, list[dict]]:
    """The exit status, the document, and (under --jsonl) the lines before it."""
    result = CliRunner().invoke(cli, [*args, mode], input=input)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines, result.stderr
    *streamed, last = lines
    if mode == "--json":
        assert not streamed, "--json writes one document"
    return result.exit_code, check(last), streamed


@pytest.fixture
def files(tmp_path):
    paths = {"knuth": "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n", "costs": "a b\na |3\nb |1\na b |7\n",
             "bad": "a b c\na b\nb d\n", "puzzles": f"{INKALA}\n{NO_SOLUTION}\n?{INKALA[1:]}\n{INKALA}\n"}
    for name, text in paths.items():
        (tmp_path / f"{name}.txt").write_text(text)
    return {name: str(tmp_path / f"{name}.txt") for name in paths}


def test_solve():
    code, doc, _ = document("solve", "queens", "6", "--all")
    assert code == 0 and doc["status"] == "ok" and doc["command"] == "solve" and doc["type"] == "queens"
    assert len(doc["solutions"]) == doc["count"] == 4 and doc["complete"] is True and doc["stats"]["nodes"] > 0
    code, first, _ = document("solve", "queens", "6")
    assert first["count"] == 1 and first["complete"] is False and first["solutions"] == doc["solutions"][:1]
    # (fewer found than asked for: the search went through the whole tree, so they are all there are)
    code, none, _ = document("solve", "queens", "3")
    assert code == 1 and none["status"] == "no solution" and none["count"] == 0 and none["complete"] is True
    code, some, _ = document("solve", "queens", "6", "--limit", "9")
    assert code == 0 and some["count"] == 4 and some["complete"] is True
    code, cut, _ = document("solve", "queens", "6", "--limit", "4")
    assert code == 0 and cut["count"] == 4 and cut["complete"] is False


def test_solve_jsonl_streams_the_same_solutions():
    code, whole, _ = document("solve", "queens", "6", "--all")
    code, last, streamed = document("solve", "queens", "6", "--all", mode="--jsonl")
    assert [check(line, line_schema("solution_line"))["solution"] for line in streamed] == whole["solutions"]
    assert "solutions" not in last and last["count"] == 4 and last["status"] == "ok"


def test_solve_best_has_costs(files):
    code, doc, _ = document("solve", "dlx", files["costs"], "--best", "2")
    assert code == 0 and doc["costs"] == [4, 7] and len(doc["solutions"]) == 2 and doc["complete"] is True
    _, _, streamed = document("solve", "dlx", files["costs"], "--best", "2", mode="--jsonl")
    assert [check(line, line_schema("solution_line"))["cost"] for line in streamed] == [4, 7]


def test_count_and_no_solution():
    code, doc, _ = document("count", "queens", "8")
    assert code == 0 and doc["count"] == 92 and doc["complete"] is True and "solutions" not in doc
    code, doc, _ = document("count", "queens", "3")
    assert code == 1 and doc["status"] == "no solution" and doc["count"] == 0
    code, doc, _ = document("solve", "queens", "3")
    assert code == 1 and doc["status"] == "no solution" and doc.get("solutions", []) == []


def test_a_count_above_2_to_the_53_is_given_exactly_as_text_too(tmp_path):
    """A count that a double cannot hold (2**60 here: 60 items of two options each, counted
    with memo) has ``count_text`` beside it, which jq reads exactly; a smaller one has not."""
    path = tmp_path / "big.dlx"
    path.write_text(" ".join(f"i{k}" for k in range(60)) + "\n" + "".join(f"i{k}\ni{k}\n" for k in range(60)))
    code, doc, _ = document("count", "dlx", str(path), "--memo")
    assert code == 0 and doc["count"] == 2**60 and doc["count_text"] == str(2**60)
    code, doc, _ = document("count", "queens", "8")
    assert "count_text" not in doc


def test_a_file_of_problems(files):
    """Each puzzle of a file is a record (in the file's order); a bad line is 'invalid', not the end."""
    code, doc, _ = document("solve", "sudoku", files["puzzles"])
    assert code == 2 and doc["status"] == "invalid"
    assert [p["status"] for p in doc["problems"]] == ["ok", "no solution", "invalid", "ok"]
    assert [p["number"] for p in doc["problems"]] == [1, 2, 3, 4]
    assert doc["problems"][0]["solution"].startswith("812753649") and "line 3" in doc["problems"][2]["message"]
    assert doc["tally"] == {"ok": 2, "no solution": 1, "invalid": 1, "stopped": 0}
    code, last, streamed = document("count", "sudoku", files["puzzles"], mode="--jsonl")
    assert [check(p, line_schema("problem"))["status"] for p in streamed] == ["ok", "no solution", "invalid", "ok"]
    assert streamed[0]["count"] == 1 and "problems" not in last and last["tally"]["ok"] == 2


def test_sample():
    code, doc, _ = document("sample", "queens", "8", "--n", "3", "--seed", "1")
    assert code == 0 and len(doc["solutions"]) == 3 and doc["count"] == 92 and doc["stats"]["diagram_nodes"] > 0


def test_estimate():
    code, doc, _ = document("estimate", "queens", "8", "--seed", "3", "--samples", "200")
    assert code == 0 and doc["estimate"]["samples"] == 200 and doc["estimate"]["nodes"] > 0
    code, doc, _ = document("estimate", "sudoku", INKALA, "--seed", "1", "--samples", "200")
    assert doc["estimate"]["solved"] == 0 and doc["estimate"]["solutions"] is None


def test_sudoku_generate():
    code, doc, _ = document("sudoku", "generate", "--seed", "4")
    assert code == 0 and doc["command"] == "sudoku generate" and doc["type"] is None and len(doc["puzzle"]) == 81
    code, doc, _ = document("sudoku", "generate", "--size", "7")
    assert code == 2 and doc["status"] == "invalid" and "7x7" in doc["message"]


def test_verify(tmp_path):
    """A journal checked: what it holds and what agrees; an edited line is `disagrees`
    (exit 1), and a file that is not a journal is `invalid` (exit 2)."""
    journal = tmp_path / "q10.jsonl"
    assert CliRunner().invoke(cli, ["count", "queens", "10", "--journal", str(journal)]).exit_code == 0
    code, doc, _ = document("verify", str(journal), "--sample", "3", "--seed", "1")
    assert code == 0 and doc["status"] == "ok" and doc["command"] == "verify" and doc["type"] == "queens"
    assert doc["count"] == 724 and doc["complete"] and doc["agree"] and doc["sampled"] == 3 and doc["to_do"] == 0
    assert doc["records"] > 0 and doc["changed"] == doc["disagreements"] == [] and not doc["torn"]
    lines = journal.read_text().splitlines()
    record = json.loads(lines[1])
    record["count"] += 1  # (its check left as it was: the line is caught as changed)
    journal.write_text("\n".join([lines[0], json.dumps(record), *lines[2:]]) + "\n")
    code, doc, _ = document("verify", str(journal))
    assert code == 1 and doc["status"] == "disagrees" and not doc["agree"] and doc["changed"] == [2]
    assert doc["count"] == 725 and "does not agree" in doc["message"]
    journal.write_text("not a journal\n")
    code, doc, _ = document("verify", str(journal))
    assert code == 2 and doc["status"] == "invalid" and "line 1 is not JSON" in doc["message"]


@pytest.mark.parametrize(("args", "where"), [
    (["solve", "dlx", "{bad}"], "line 3: unknown item 'd'"),
    (["count", "queens", "x"], "Invalid value for 'N'"),
    (["solve", "queens", "4", "--bogus"], "No such option '--bogus'"),
    (["solve", "quens", "4"], "unknown problem type 'quens'"),
    (["sample", "queens", "8", "--n", "0"], "Invalid value for '--n'"),
    (["estimate", "queens", "eight"], "Invalid value for 'N'"),
])
@pytest.mark.parametrize("mode", ["--json", "--jsonl"])
def test_bad_input_has_its_document(files, args, where, mode):
    """Bad input, found by click, a plugin or the type's parser, is an 'invalid' document with the message."""
    code, doc, streamed = document(*(a.format(**files) for a in args), mode=mode)
    assert code == 2 and doc["status"] == "invalid" and doc["exit"] == 2 and where in doc["message"]
    assert doc["command"] == args[0] and not streamed


def test_both_modes_are_refused():
    result = CliRunner().invoke(cli, ["count", "queens", "5", "--json", "--jsonl"])
    assert result.exit_code == 2 and "give one of them" in check(json.loads(result.stdout))["message"]


@pytest.mark.parametrize("mode", ["--json", "--jsonl"])
def test_a_stopped_search_says_so(mode):
    code, doc, streamed = document("solve", "queens", "10", "--all", "--max-nodes", "300", mode=mode)
    assert code == 3 and doc["status"] == "stopped" and "node budget" in doc["message"]
    assert doc["complete"] is False and doc["count"] == len(doc.get("solutions", streamed)) > 0
    code, doc, _ = document("count", "queens", "10", "--max-nodes", "300", mode=mode)
    assert code == 3 and doc["status"] == "stopped" and doc["count"] > 0 and doc["complete"] is False
