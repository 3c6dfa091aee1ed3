"""Tests for declared command lines (exactcover.commandline) and the commands built from them:
each type's own help, validation that names the parameter, completion, plugin commands."""

from __future__ import annotations

import attrs
import click
import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner

import exactcover
from exactcover import CommandLine, Matrix, ProblemError, ProblemType, hookimpl
from exactcover.cli import cli
from exactcover.commandline import FILE, Argument, Flag, Option


@attrs.frozen
class Strip:
    """Tile a 1×n strip with pieces of the given lengths (each used any number of times)."""

    n: int
    lengths: tuple[int, ...] = (1, 2)
    mode: str = "plain"
    reverse: bool = True
    note: str | None = None


def strip_matrix(strip: Strip) -> Matrix:
    options = {(start, k): list(range(start, start + k)) for k in strip.lengths for start in range(strip.n - k + 1)}
    return Matrix(range(strip.n), options)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(f"a length is at least 1, not {value}")
    return value


STRIP = CommandLine(
    [Argument("n", type=int, help="the strip's length"),
     Option("--length", type=positive, many=True, metavar="K", help="a piece length (again for more)"),
     Option("--mode", type=("plain", "fancy"), help="how to draw"),
     Flag("--reverse/--no-reverse", default=True, help="draw right to left"),
     Argument("note", type=FILE, required=False, help="a file (checked to exist)")],
    build=lambda n, length=(1, 2), mode="plain", reverse=True, note=None: Strip(n, length, mode, reverse, note),
    render=lambda strip, answer: " ".join(f"{s}+{k}" for s, k in sorted(answer, reverse=strip.reverse)),
    examples=["5 --length 2 --length 3"],
)


class StripPlugin:
    @hookimpl
    def register_problem_types(self, register):
        register(ProblemType(name="strip", summary="tile a 1×n strip", handles=Strip, encode=strip_matrix,
                             command_line=STRIP))


@pytest.fixture
def strip_plugin():
    plugin = StripPlugin()
    exactcover.register(plugin, name="strip-plugin")
    yield plugin
    exactcover.unregister(name="strip-plugin")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def completions(args: list[str], incomplete: str) -> list[str]:
    return [c.value for c in ShellComplete(cli, {}, "exactcover", "_EXACTCOVER_COMPLETE").get_completions(args, incomplete)]


def test_declared_values_reach_build(strip_plugin):
    """Each declared parameter's value reaches build by name; left out, build's default applies."""
    assert run("count", "strip", "4").stdout == "5\n"  # lengths 1 and 2: Fibonacci
    assert run("count", "strip", "6", "--length", "2", "--length", "3").stdout == "2\n"
    assert run("solve", "strip", "3", "--length", "3").stdout == "0+3\n"
    assert run("solve", "strip", "3", "--length", "1", "--no-reverse").stdout == "0+1 1+1 2+1\n"


def test_each_type_has_its_own_help(strip_plugin):
    """`solve TYPE --help` shows the type's arguments, options and examples, then the host's options."""
    result = run("solve", "strip", "--help")
    assert result.exit_code == 0
    assert "Usage: cli solve strip [OPTIONS] N [NOTE]" in result.stdout
    assert "the strip's length" in result.stdout and "--length K" in result.stdout
    assert "--reverse / --no-reverse" in result.stdout and "[plain|fancy]" in result.stdout
    assert "exactcover solve strip 5 --length 2 --length 3" in result.stdout
    assert result.stdout.index("--length") < result.stdout.index("--all")  # the type's own first
    assert "strip" in run("count", "--help").stdout


@pytest.mark.parametrize(("args", "message"), [
    (["strip", "x"], "Invalid value for 'N': 'x' is not a valid integer"),
    (["strip", "3", "--length", "0"], "Invalid value for '--length': a length is at least 1, not 0"),
    (["strip", "3", "--length", "two"], "Invalid value for '--length': invalid literal for int()"),
    (["strip", "3", "--mode", "odd"], "Invalid value for '--mode': 'odd' is not one of 'plain', 'fancy'"),
    (["strip", "3", "/no/such/note"], "Invalid value for '[NOTE]': File '/no/such/note' does not exist"),
    (["strip"], "Missing argument 'N'"),
    (["strip", "3", "--colour"], "No such option '--colour'"),
    ([], "Missing argument 'TYPE' (a problem type: dlx, jigsaw, killer, masyu, polyomino, queens, samurai, slitherlink, strip, subsets, sudoku)"),
])
def test_bad_parameters_are_named_on_one_line(strip_plugin, args, message):
    """A bad value is a one-line usage error (exit 2) naming the parameter."""
    result = run("solve", *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"exactcover: error: {message}") and result.stderr.count("\n") == 1


def test_completion_knows_types_and_their_options(strip_plugin):
    """Shell completion lists the problem types, and each type's own options."""
    assert completions(["solve"], "s") == ["samurai", "slitherlink", "strip", "subsets", "sudoku"] and "polyomino" in completions(["count"], "")
    assert completions(["count", "strip", "3"], "--le") == ["--length"]
    assert completions(["solve", "strip", "3", "--mode"], "") == ["plain", "fancy"]
    assert "--distinct" in completions(["count", "queens", "8"], "--")


def test_a_declared_option_the_host_has_is_refused():
    """A type that declares an option the host command has is told so, by name, on use."""
    class Clash:
        @hookimpl
        def register_problem_types(self, register):
            register(ProblemType(name="clash", summary="-", handles=Strip, encode=strip_matrix,
                                 command_line=CommandLine([Argument("n", type=int), Option("--limit", type=int)])))

    exactcover.register(Clash(), name="clash")
    try:
        result = run("solve", "clash", "3")
        assert result.exit_code == 2
        assert "problem type 'clash' declares '--limit', which 'exactcover solve' has already" in result.stderr
    finally:
        exactcover.unregister(name="clash")


def test_a_type_without_a_command_line_says_so():
    class Quiet:
        @hookimpl
        def register_problem_types(self, register):
            register(ProblemType(name="quiet", summary="-", handles=Strip, encode=strip_matrix))

    exactcover.register(Quiet(), name="quiet")
    try:
        assert "quiet" not in completions(["solve"], "")
        result = run("solve", "quiet", "3")
        assert result.exit_code == 2 and "problem type 'quiet' cannot be given on the command line" in result.stderr
    finally:
        exactcover.unregister(name="quiet")


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Argument("N"), "must match regex"),
    (lambda: Option("box"), "--name"),
    (lambda: Flag("--a/--b/--c"), "--name"),
    (lambda: Option("--box", type=5), "type must be int, float, str, FILE"),
    (lambda: Option("--box", type=()), "choices are a tuple of strings"),
    (lambda: CommandLine([Argument("n"), Flag("--n")]), "declares the parameter 'n' twice"),
    (lambda: CommandLine(["--n"]), "are Argument, Option or Flag"),
    (lambda: CommandLine([], render="text"), "render must be callable"),
])
def test_declarations_check_themselves(make, message):
    with pytest.raises((TypeError, ValueError), match=message):
        make()


def test_usage_is_made_from_the_declaration():
    assert STRIP.usage == "N [--length K] [--mode MODE] [--reverse|--no-reverse] [NOTE]"


class Greeter:
    """A plugin with a command of its own."""

    @hookimpl
    def register_commands(self, cli):
        @cli.command()
        @click.argument("name")
        def greet(name):
            """Greet someone (not a problem type: a plugin's own command)."""
            if not name.isalpha():
                raise ProblemError(f"a name is letters, not {name!r}")
            click.echo(f"hello, {name}")


class Squatter:
    """A plugin whose command takes the name of one of exactcover's own."""

    @hookimpl
    def register_commands(self, cli):
        cli.add_command(click.Command("solve", callback=lambda: None))


def test_a_plugin_adds_commands_of_its_own():
    """register_commands adds commands; their bad input is one line, exit 2; a command that
    takes a host command's name is refused and listed as broken."""
    exactcover.register(Greeter(), name="greeter")
    exactcover.register(Squatter(), name="squatter")
    try:
        assert run("greet", "Ada").stdout == "hello, Ada\n"
        bad = run("greet", "4da")
        assert bad.exit_code == 2 and bad.stderr == "exactcover: error: a name is letters, not '4da'\n"
        assert "greet" in run("--help").stdout and "greet" in completions([], "gr")
        listed = run("plugins").stdout
        assert "command: exactcover greet (from plugin 'greeter')" in listed
        assert "broken: plugin 'squatter': its command 'solve' is taken by exactcover itself" in listed
        assert "Print the first solution" in run("solve", "--help").stdout  # (the host's own still)
    finally:
        exactcover.unregister(name="greeter")
        exactcover.unregister(name="squatter")
    assert run("greet", "Ada").exit_code == 2


def test_bundled_sudoku_commands_come_from_its_plugin():
    from exactcover.plugins.manager import registry

    assert registry().commands(frozenset(cli.commands))["sudoku"][0] == "sudoku"
