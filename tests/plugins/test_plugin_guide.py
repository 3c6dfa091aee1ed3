"""What docs/plugins.md promises a plugin's author beyond the tutorial: where the hooks may
live (a module, an object, a class of static hooks) as an entry point names them; a FILE
parameter and ``-``; an answer's JSON form for ``--json``."""

from __future__ import annotations

import json
import textwrap
from importlib.metadata import EntryPoint

import attrs
import pytest

import exactcover
from exactcover import CommandLine, Matrix, ProblemType, hookimpl
from exactcover.commandline import FILE, Argument, jsonable
from exactcover.plugins.manager import Registry
from helpers import run_command

PLUGIN = '''
import attrs
from exactcover import Matrix, ProblemType, hookimpl

@attrs.frozen
class Word{n}:
    text: str = "ab"

def types(register):
    register(ProblemType(name="word{n}", summary="letters", handles=Word{n},
                         encode=lambda word: Matrix(list(word.text), {{c: [c] for c in word.text}})))

{body}
'''

WAYS = {  # the entry point's value -> the module's body after the common part
    "guidebook0": textwrap.dedent("""
        @hookimpl
        def register_problem_types(register):
            types(register)"""),
    "guidebook1:plugin": textwrap.dedent("""
        class Plugin:
            @hookimpl
            def register_problem_types(self, register):
                types(register)

        plugin = Plugin()"""),
    "guidebook2:Plugin": textwrap.dedent("""
        class Plugin:
            @staticmethod
            @hookimpl
            def register_problem_types(register):
                types(register)"""),
}


@pytest.mark.parametrize("n, value", list(enumerate(WAYS)))
def test_an_entry_point_may_name_a_module_an_object_or_a_class_of_static_hooks(n, value, tmp_path, monkeypatch):
    module = value.split(":")[0]
    (tmp_path / f"{module}.py").write_text(PLUGIN.format(n=n, body=WAYS[value]))
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry()
    point = EntryPoint(name=f"word{n}", value=value, group="exactcover")
    registry._load(point.name, point.value, point.load, ("guidebook", "1.0"))
    assert not registry.broken and f"word{n}" in registry.types


def test_a_class_whose_hooks_take_self_is_refused_with_what_to_do(tmp_path, monkeypatch):
    body = WAYS["guidebook1:plugin"].replace("plugin = Plugin()", "")
    (tmp_path / "guidebook3.py").write_text(PLUGIN.format(n=3, body=body))
    monkeypatch.syspath_prepend(str(tmp_path))
    registry = Registry()
    point = EntryPoint(name="word3", value="guidebook3:Plugin", group="exactcover")
    registry._load(point.name, point.value, point.load, ("guidebook", "1.0"))
    said = registry.broken["word3"].error
    assert "is a class whose register_problem_types takes self: register an instance (Plugin())" in said
    assert "name one in the entry point (module:object)" in said


@attrs.frozen
class Letters:
    """A problem read from a FILE parameter: its letters, each covered once."""

    text: str


@attrs.frozen
class Spelling:
    letters: tuple[str, ...]
    source: str


def _build(file: str) -> Letters:
    from exactcover.textinput import read_text

    return Letters(read_text(file).strip())


def _plugin(to_json: bool) -> object:
    class Plugin:
        @hookimpl
        def register_problem_types(self, register):  # noqa: ANN001 -- (as a user would write it)
            register(ProblemType(
                name="letters", summary="letters", handles=Letters,
                encode=lambda problem: Matrix(sorted(set(problem.text)), {c: [c] for c in set(problem.text)}),
                decode=lambda problem, labels: Spelling(tuple(sorted(labels)), "file"),
                command_line=CommandLine(
                    [Argument("file", type=FILE, help="a file of letters; - reads standard input")], build=_build,
                    **({"to_json": lambda problem, answer: "".join(answer.letters)} if to_json else {}))))
    return Plugin()


@pytest.fixture
def letters_plugin(request):
    name = exactcover.register(_plugin(request.param), name="letters-guide")
    yield
    exactcover.unregister(name=name)


@pytest.mark.parametrize("letters_plugin", [False], indirect=True)
def test_a_file_parameter_gets_the_name_and_read_text_reads_standard_input_for_a_dash(letters_plugin, tmp_path):
    path = tmp_path / "abc.txt"
    path.write_text("cab\n")
    from_file = run_command("solve", "letters", str(path), "--json")
    from_stdin = run_command("solve", "letters", "-", "--json", input="cab\n")
    assert from_file.exit_code == from_stdin.exit_code == 0
    assert json.loads(from_file.stdout)["solutions"] == json.loads(from_stdin.stdout)["solutions"]


@pytest.mark.parametrize("letters_plugin", [False], indirect=True)
def test_an_attrs_answer_is_an_object_of_its_fields_in_json(letters_plugin):
    done = run_command("solve", "letters", "-", "--json", input="cab\n")
    assert json.loads(done.stdout)["solutions"] == [{"letters": ["a", "b", "c"], "source": "file"}]
    assert jsonable(Spelling(("x",), "y")) == {"letters": ["x"], "source": "y"}


@pytest.mark.parametrize("letters_plugin", [True], indirect=True)
def test_a_command_line_s_to_json_gives_the_answer_s_json_form(letters_plugin):
    done = run_command("solve", "letters", "-", "--json", input="cab\n")
    assert json.loads(done.stdout)["solutions"] == ["abc"]
    lines = run_command("solve", "letters", "-", "--jsonl", input="cab\n").stdout.splitlines()
    assert json.loads(lines[0]) == {"solution": "abc"}
