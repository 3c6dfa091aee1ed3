"""The plugin registry: a pluggy manager built by a factory, and the problem types it knows.

Nothing here runs at import. `registry()` builds the default registry the first time it is
needed: it loads the ``exactcover`` entry points (all of them, or those named in
``EXACTCOVER_LOAD_PLUGINS=a,b``; empty loads none), checks every hook implementation against
the specifications, and collects the problem types. Tests and notebooks build their own
`Registry` or register plugins at run time.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import pluggy

from . import hookspecs
from .errors import PluginError
from .problem import ProblemType

__all__ = ["Registry", "make_manager", "registry"]

GROUP = "exactcover"


def make_manager(load_entry_points: bool = True) -> pluggy.PluginManager:
    """A plugin manager with exactcover's hook specifications and, unless told not to, the
    plugins of the ``exactcover`` entry-point group (filtered by EXACTCOVER_LOAD_PLUGINS)."""
    manager = pluggy.PluginManager(GROUP)
    manager.add_hookspecs(hookspecs)
    if load_entry_points:
        from importlib.metadata import entry_points

        wanted = os.environ.get("EXACTCOVER_LOAD_PLUGINS")
        names = None if wanted is None else {n.strip() for n in wanted.split(",") if n.strip()}
        for entry_point in entry_points(group=GROUP):
            if names is not None and entry_point.name not in names:
                continue
            try:
                manager.load_setuptools_entrypoints(GROUP, name=entry_point.name)
            except Exception as error:
                raise PluginError(f"plugin {entry_point.name!r} ({entry_point.value}) failed to load: {error}") from error
    _check(manager)
    return manager


def _check(manager: pluggy.PluginManager) -> None:
    try:
        manager.check_pending()
    except pluggy.PluginValidationError as error:
        raise PluginError(f"plugin {manager.get_name(error.plugin)!r}: {error}") from error


class Registry:
    """The problem types of the plugins registered with one plugin manager."""

    def __init__(self, manager: pluggy.PluginManager | None = None) -> None:
        self.manager = make_manager(load_entry_points=False) if manager is None else manager
        self._types: dict[str, ProblemType] | None = None
        self._by_class: dict[type, ProblemType] = {}
        self._lock = threading.Lock()

    def register(self, plugin: Any, name: str | None = None) -> str:
        """Register a plugin object (a module or an instance with ``@hookimpl`` methods) at run
        time; returns its name. Its problem types are available at once."""
        try:
            registered = self.manager.register(plugin, name)
        except ValueError as error:  # already registered
            raise PluginError(str(error)) from error
        _check(self.manager)
        self._forget()
        return registered

    def unregister(self, plugin: Any = None, name: str | None = None) -> None:
        """Remove a plugin registered earlier (by object or by name)."""
        self.manager.unregister(plugin, name)
        self._forget()

    def _forget(self) -> None:
        with self._lock:
            self._types = None
            self._by_class = {}

    @property
    def types(self) -> dict[str, ProblemType]:
        """Every registered problem type, by name."""
        with self._lock:
            if self._types is None:
                self._types = self._collect()
            return self._types

    def _collect(self) -> dict[str, ProblemType]:
        types: dict[str, ProblemType] = {}
        owners: dict[str, str] = {}
        for impl in self.manager.hook.register_problem_types.get_hookimpls():
            plugin = impl.plugin_name

            def register(problem_type: ProblemType, plugin: str = plugin) -> None:
                if not isinstance(problem_type, ProblemType):
                    raise PluginError(f"plugin {plugin!r} registered {problem_type!r}, which is not a ProblemType")
                name = problem_type.name
                if name in types:
                    raise PluginError(f"problem type {name!r} is registered by both plugin {owners[name]!r} and plugin {plugin!r}")
                types[name] = problem_type
                owners[name] = plugin

            try:
                impl.function(register=register)
            except PluginError:
                raise
            except Exception as error:
                raise PluginError(f"plugin {plugin!r} failed in register_problem_types: {type(error).__name__}: {error}") from error
        return dict(sorted(types.items()))

    def get(self, name: str) -> ProblemType:
        """The problem type called ``name``; LookupError listing the known ones otherwise."""
        types = self.types
        if name not in types:
            raise PluginError.unknown(f"unknown problem type {name!r}", types)
        return types[name]

    def for_object(self, problem: Any) -> ProblemType:
        """The problem type that handles ``problem``, by its class (the most specific wins)."""
        found = self._by_class.get(type(problem))
        if found is None:
            found = self._by_class[type(problem)] = self._for_class(type(problem))
        return found

    def _for_class(self, cls: type) -> ProblemType:
        types = self.types
        for base in cls.__mro__:
            for problem_type in types.values():
                handles = problem_type.handles if isinstance(problem_type.handles, tuple) else (problem_type.handles,)
                if base in handles:
                    return problem_type
        known = ", ".join(types) or "none"
        raise TypeError(
            f"exactcover cannot solve a {cls.__name__}: no plugin handles it "
            f"(known problem types: {known}; or pass an exactcover.Matrix)"
        )


_default: Registry | None = None
_default_lock = threading.Lock()


def registry() -> Registry:
    """The default registry, built (and its entry points loaded) the first time it is asked for."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Registry(make_manager())
        return _default
