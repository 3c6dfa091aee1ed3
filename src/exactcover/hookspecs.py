"""The plugin contract: the hooks an exactcover plugin may implement.

A plugin is a module (or any object) with functions marked ``@hookimpl``, listed under the
``exactcover`` entry-point group of its package::

    [project.entry-points.exactcover]
    pentominoes = "my_package.pentominoes"

Hooks run once, when the plugins are first needed, never during a search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .problem import ProblemType

hookspec = pluggy.HookspecMarker("exactcover")
hookimpl = pluggy.HookimplMarker("exactcover")


@hookspec
def register_problem_types(register: Callable[[ProblemType], None]) -> None:
    """Register the problem types this plugin provides.

    Call ``register(ProblemType(...))`` once per type. A type names itself (its CLI name),
    says which domain class it handles, and carries the functions that encode a domain
    object into a `Matrix`, decode chosen option labels into a domain answer, parse
    command-line arguments into a domain object, and render an answer for humans (see
    `exactcover.ProblemType`). Two types with the same name, or handling the same class, are
    an error that names both. Exceptions raised here are reported with the plugin's name, and
    the plugin is then not registered at all.
    """
