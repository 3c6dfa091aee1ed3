"""MkDocs hooks (mkdocs.yml's ``hooks``): the site documents what exactcover itself ships.

The command-line reference (docs/cli.md) is generated from the commands, click's own help
texts and options (`cli_reference`): each option that several commands share once, in a
table, each command's and each problem type's own after it, the exit statuses as a table.
It sees the commands as the registry does, so a plugin installed beside exactcover where the
site is built would appear in it; loading the bundled plugins only keeps the reference the
same wherever it is built. The guide's table
of what combines is made from the plan's own table (`exactcover.front.plan.table`), so the two
cannot drift apart.
"""

from __future__ import annotations

import os
import re
from typing import Any


def on_config(config: Any) -> Any:
    from exactcover.plugins.manager import BUNDLED

    os.environ["EXACTCOVER_LOAD_PLUGINS"] = ",".join(BUNDLED)
    return config


#: Where a page asks for the table of what does not combine.
REFUSALS_MARK = "<!-- the table of what combines: exactcover.front.plan.table() -->"


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    if CLI_MARK in markdown:
        markdown = markdown.replace(CLI_MARK, cli_reference())
    if REFUSALS_MARK not in markdown:
        return markdown
    from exactcover.front.plan import table

    return markdown.replace(REFUSALS_MARK, table())


# -- the command-line reference -----------------------------------------------------------

#: Where docs/cli.md asks for the reference.
CLI_MARK = "<!-- the command-line reference: tools/mkdocs_hooks.py, cli_reference() -->"
#: The commands that take a problem type; and the order the page gives the commands in.
TYPED = ("solve", "count", "sample", "estimate", "reduce")
ORDER = (*TYPED, "verify", "plugins")


def _cell(text: str) -> str:
    """Text for a Markdown table's cell (a ``|`` as its HTML entity: the table splits on the
    character before code spans are read)."""
    return " ".join(text.split()).replace("|", "&#124;")


def _code(text: str) -> str:
    """An option's names and value as code in a table's cell."""
    import html

    return "<code>" + html.escape(text) + "</code>"


def _help_markdown(text: str) -> str:
    """A click help text as Markdown: its paragraphs, and each ``\\b`` block (examples,
    argument lists) as a code block."""
    import inspect

    out = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        if paragraph.startswith("\b\n"):
            body = inspect.cleandoc(paragraph[2:])
            if "exactcover " in body:  # (a note after a command, in parentheses: a comment)
                body = "\n".join(re.sub(r"^(.*?\S)(\s{2,})\((.*)\)$", r"\1\2# \3", line) for line in body.splitlines())
                out.append("```sh\n" + body + "\n```")
            else:
                out.append("```text\n" + body + "\n```")
        elif paragraph.rstrip().endswith(":") and len(paragraph) < 40:
            out.append(f"**{paragraph.strip()}**")
        else:
            out.append(" ".join(paragraph.split()))
    return "\n\n".join(out)


def _rows(command: Any, context: Any, names: set[str] | None = None) -> list[tuple[str, str]]:
    """The option rows (``--flag VALUE``, what it does) of ``command``'s help, those named in
    ``names`` if given; --help left out."""
    rows = []
    for param in command.get_params(context):
        record = param.get_help_record(context)
        if record is None or param.name == "help" or (names is not None and param.name not in names):
            continue
        rows.append((record[0], record[1]))
    return rows


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def cli_reference() -> str:
    """The command line as Markdown: the commands, the options they share (once), each
    command's own options, each problem type's arguments and options (once), the plugins'
    commands, and the exit statuses."""
    import click

    from exactcover.cli import cli
    from exactcover.cli.exits import EXIT_STATUSES

    root = click.Context(cli, info_name="exactcover")
    listed = sorted(cli.list_commands(root), key=lambda name: (ORDER + (name,)).index(name))
    commands = {name: cli.get_command(root, name) for name in listed}
    contexts = {name: click.Context(command, parent=root, info_name=name) for name, command in commands.items()}
    seen: dict[tuple[str, str], list[str]] = {}
    for name, command in commands.items():
        for row in _rows(command, contexts[name]):
            seen.setdefault(row, []).append(name)
    shared = {row: names for row, names in seen.items() if len(names) > 1}
    parts = [_help_markdown(cli.help or ""), "## The commands", _table(("command", "what it does"), [
        (f"`exactcover {name}" + (" TYPE ARGS`" if name in TYPED else "`"), command.get_short_help_str(200))
        for name, command in commands.items()])]
    parts += ["## Options the commands share",
              "Each command that takes one of these lists it in its `--help` too; here it is once, with the "
              "commands that take it.",
              _table(("option", "what it does", "commands"),
                     [(_code(flag), said, ", ".join(names)) for (flag, said), names in shared.items()])]
    for name, command in commands.items():
        parts.append(_command(f"exactcover {name}", command, contexts[name], shared, "##"))
        if isinstance(command, click.Group) and name not in TYPED:  # (a plugin's group: its commands)
            for sub in command.list_commands(contexts[name]):
                inner = command.get_command(contexts[name], sub)
                parts.append(_command(f"exactcover {name} {sub}", inner,
                                      click.Context(inner, parent=contexts[name], info_name=sub), {}, "###"))
    parts.append(_types(commands["solve"], contexts["solve"]))
    parts += ["## Exit statuses",
              "Every command ends with one of these; `--json` writes the word in its document's `status`.",
              _table(("status", "`status`", "means"), [(str(code), word, said) for code, word, said in EXIT_STATUSES])]
    return "\n\n".join(parts)


def _command(title: str, command: Any, context: Any, shared: dict[tuple[str, str], list[str]], level: str) -> str:
    """A command's section: its help, and its options but the shared ones."""
    parts = [f"{level} {title}", _help_markdown(command.help or command.short_help or "")]
    own = [row for row in _rows(command, context) if row not in shared]
    if own:
        parts.append("Its own options" + (f" (and those above that list `{title.split()[-1]}`):" if shared else ":"))
        parts.append(_table(("option", "what it does"), [(_code(flag), said) for flag, said in own]))
    return "\n\n".join(parts)


def _types(solve: Any, context: Any) -> str:
    """Each problem type once: its help (arguments, examples) and its own options, which come
    after its arguments under every command that takes a type."""
    import click

    host = {param.name for param in solve.params}
    parts = ["## The problem types",
             "Each type's arguments and options come after its name, under every command that takes a type "
             "(`exactcover count queens 8 --distinct`); the examples show `solve`."]
    for name in solve.list_commands(context):
        command = solve.get_command(context, name)
        inner = click.Context(command, parent=context, info_name=name)
        parts.append(f"### {name}")
        parts.append(_help_markdown(command.help or ""))
        own = _rows(command, inner, {param.name for param in command.params if param.name not in host})
        if own:
            parts.append(_table(("option", "what it does"), [(_code(flag), said) for flag, said in own]))
    return "\n\n".join(parts)
