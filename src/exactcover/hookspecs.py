"""The plugin contract: the hooks an exactcover plugin may implement.

A plugin is a module (or any object) with functions marked ``@hookimpl``, listed under the
``exactcover`` entry-point group of its package:

```toml
[project.entry-points.exactcover]
pentominoes = "my_package.pentominoes"
```

Hooks run once, when the plugins are first needed, never during a search:
``register_problem_types`` when the plugin is registered, ``register_commands`` only when the
``exactcover`` command first looks up a command of its own it does not have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

from .problem import ProblemType

if TYPE_CHECKING:  # (for annotations only: click loads on first use)
    import click

#: What ``register_problem_types`` receives: call it with each `ProblemType`.
Register = Callable[["ProblemType[Any, Any]"], None]

hookspec = pluggy.HookspecMarker("exactcover")
hookimpl = pluggy.HookimplMarker("exactcover")
"""The decorator of a plugin's hook functions (``@exactcover.hookimpl``): see the hooks below."""


@hookspec
def register_problem_types(register: Register) -> None:
    """Register the problem types this plugin provides.

    Call ``register(ProblemType(...))`` once per type. A type names itself (its CLI name),
    says which domain class it handles, and carries the functions that encode a domain
    object into a `Matrix` and decode chosen option labels into a domain answer; its
    optional `exactcover.CommandLine` declares its parameters on the command line and how an
    answer is shown there (see `exactcover.ProblemType`). Two types with the same name, or handling the same class, are
    an error that names both. Exceptions raised here are reported with the plugin's name, and
    the plugin is then not registered at all.
    """


@hookspec
def register_commands(cli: click.Group) -> None:
    """Add commands of this plugin's own to the ``exactcover`` command, as llm's and
    datasette's hooks of the same name do: ``cli.add_command(group)`` or ``@cli.command()``.

    Called only by the ``exactcover`` command, the first time it is asked for a command it
    does not have itself (so a library user never pays for click; import click inside the
    hook). A command named like one of exactcover's own, or like another plugin's, is refused
    and reported by ``exactcover plugins``; so is an exception raised here. Inside a command,
    raise `exactcover.ProblemError` (or ValueError) for bad input: the command line prints
    it on one line and exits with status 2, as it does for its own commands; for ``--json``,
    write the document with `exactcover.cli.Report` (``with Report(name, None,
    "json").closing() as report: report.set(...)``), in the schema of the command's own.
    """
