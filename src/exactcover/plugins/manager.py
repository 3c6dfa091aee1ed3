"""The plugin registry: a pluggy manager built by a factory, and the problem types it knows.

Nothing here runs at import. `registry()` builds the default registry the first time it is
needed: it loads the ``exactcover`` entry points (all of them, or those named in
``EXACTCOVER_LOAD_PLUGINS=a,b``; empty loads none). The command line asks for one type by name
(`registry` with ``type_name``): a type of this distribution's own plugins (`BUNDLED`) then
loads its plugin alone, and the entry points are read only when a lookup needs more (a name or
a class the loaded plugins do not have, or the list of every type); importing
importlib.metadata and reading every installed distribution's entry points is a third of a
short command's time. Registration is a transaction, one plugin at
a time: the plugin's hooks are checked against the specifications and run at once, and if
anything fails (an import, a misspelt hook, a hook that raises, a name or class another type
already has) the registry is left exactly as it was. An installed plugin that fails is kept
aside as a `BrokenPlugin` and the others work; using its type gives its error. Tests and
notebooks build their own `Registry` or register plugins at run time; registering a plugin
under a name already taken (re-running a notebook cell) replaces the plugin that had it.
"""

from __future__ import annotations

import inspect
import os
import threading
from types import ModuleType
from typing import Any

import attrs
import pluggy

from .. import hookspecs, log
from ..errors import PluginError
from ..problem import ProblemType

__all__ = ["BrokenPlugin", "Registry", "make_manager", "registry"]

GROUP = "exactcover"
HOOKS = ("register_problem_types", "register_commands")

#: This distribution's own plugins, its ``exactcover`` entry points (pyproject.toml): entry
#: point name -> (module, the problem types it registers). tests/plugins/test_bundled_plugins.py checks
#: the table against the installed entry points and what each plugin registers.
BUNDLED: dict[str, tuple[str, tuple[str, ...]]] = {
    "subsets": ("exactcover.plugins.subsets", ("subsets",)),
    "dlx": ("exactcover.plugins.dlx", ("dlx",)),
    "sudoku": ("exactcover_sudoku.plugin", ("jigsaw", "killer", "samurai", "sudoku", "sudoku-variant")),
    "queens": ("exactcover_queens.queens", ("queens",)),
    "polyomino": ("exactcover_polyomino.plugin", ("polyomino",)),
    "loops": ("exactcover_loops.plugin", ("masyu", "slitherlink")),
}


def make_manager() -> pluggy.PluginManager:
    """A plugin manager with exactcover's hook specifications and no plugins."""
    manager = pluggy.PluginManager(GROUP)
    manager.add_hookspecs(hookspecs)
    return manager


@attrs.frozen
class BrokenPlugin:
    """An installed plugin that could not be used: its entry point, the distribution that
    installed it, and what went wrong."""

    name: str
    value: str
    distribution: str | None
    version: str | None
    error: str

    def __str__(self) -> str:
        source = f"{self.distribution} {self.version}" if self.distribution else "no distribution"
        return (f"plugin {self.name!r} ({self.value}, from {source}) is broken: {self.error}; "
                f"leave it out with EXACTCOVER_LOAD_PLUGINS (the names of the plugins to load)")


def plugin_name(plugin: Any) -> str:
    """The name a plugin is registered under when none is given: a module's name, or the
    qualified name of a class (of an instance's class), so that registering it again (a
    notebook cell run twice) finds the same name."""
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    cls = plugin if inspect.isclass(plugin) else type(plugin)
    return f"{cls.__module__}.{cls.__qualname__}"


class Registry:
    """The problem types of the plugins registered with one plugin manager."""

    def __init__(self, manager: pluggy.PluginManager | None = None, *, entry_points: bool = False) -> None:
        self.manager = make_manager() if manager is None else manager
        self.broken: dict[str, BrokenPlugin] = {}
        #: Where each entry-point plugin comes from: plugin name -> (distribution, version).
        self.sources: dict[str, tuple[str | None, str | None]] = {}
        self._types: dict[str, tuple[str, ProblemType[Any, Any]]] = {}  # type name -> (plugin, type)
        self._by_class: dict[type, ProblemType[Any, Any]] = {}
        self._commands: dict[str, tuple[str, Any]] | None = None  # command name -> (plugin, click command)
        #: The plugins whose commands were refused: plugin name -> why.
        self.command_errors: dict[str, str] = {}
        self._lock = threading.RLock()
        self._bundled: set[str] = set()  # the BUNDLED plugins loaded alone, before the entry points
        self._unread = False  # whether a lookup that misses reads the entry points first
        if entry_points:
            self.load_entry_points()

    # -- registering ------------------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Register the ``exactcover`` entry points (filtered by EXACTCOVER_LOAD_PLUGINS);
        the ones that fail are kept in `broken`."""
        from importlib.metadata import entry_points

        self._unread = False
        names = _wanted()
        for entry_point in entry_points(group=GROUP):
            if names is not None and entry_point.name not in names:
                continue
            if entry_point.name in self._bundled and entry_point.value == BUNDLED[entry_point.name][0]:
                continue  # (loaded already, alone: `load_bundled`)
            dist = entry_point.dist
            source = (dist.name, dist.version) if dist is not None else (None, None)
            self._load(entry_point.name, entry_point.value, entry_point.load, source)

    def load_bundled(self, plugin: str) -> None:
        """Register one of this distribution's own plugins (a `BUNDLED` name) by importing its
        module, without reading the installed entry points; `load_entry_points` then leaves
        it as it is."""
        from importlib import import_module

        from ..version import DISTRIBUTION, __version__

        module = BUNDLED[plugin][0]
        self._bundled.add(plugin)
        self._load(plugin, module, lambda: import_module(module), (DISTRIBUTION, __version__))

    def _load(self, name: str, value: str, load: Any, source: tuple[str | None, str | None]) -> None:
        """Register the plugin ``load()`` returns under ``name``, or keep it in `broken`."""
        try:
            self.register(load(), name)
        except (Exception, SystemExit) as error:  # noqa: BLE001 -- one broken plugin must not take the
            # others down, nor end the process (sys.exit at import); Ctrl-C still goes through
            message = str(error) if isinstance(error, PluginError) else f"{type(error).__name__}: {error}"
            self.broken[name] = BrokenPlugin(name, value, source[0], source[1], message)
            log.warning("%s", self.broken[name])
        else:
            self.sources[name] = source
            log.info("loaded plugin %r (%s %s): %s", name, *source,
                     ", ".join(sorted(n for n, (p, _) in self._types.items() if p == name)) or "no types")

    def _read(self) -> None:
        """Read the entry points if a lookup needs them and they are still unread."""
        if self._unread:
            self.load_entry_points()

    def register(self, plugin: Any, name: str | None = None) -> str:
        """Register a plugin object (a module, a class or an instance with ``@hookimpl``
        functions) and its problem types at once; returns its name. A plugin already
        registered under that name is replaced. PluginError if anything is wrong, and then
        nothing has changed."""
        name = plugin_name(plugin) if name is None else name
        with self._lock:
            previous = self.manager.get_plugin(name)
            if previous is not None:
                self.unregister(name=name)
            try:
                self._add(plugin, name)
            except BaseException:
                if previous is not None:
                    self._add(previous, name)
                raise
            self.broken.pop(name, None)
        return name

    def _add(self, plugin: Any, name: str) -> None:
        _check_marked(plugin, name)
        try:
            self.manager.register(plugin, name)
        except (ValueError, pluggy.PluginValidationError) as error:  # the same object under another
            raise _wrapped(name, error) from None                       # name; a hook's wrong arguments
        try:
            self.manager.check_pending()  # a hook that matches no specification
            types = self._collect(name)
        except pluggy.PluginValidationError as error:
            self.manager.unregister(name=name)
            raise _wrapped(name, error) from None
        except BaseException:
            self.manager.unregister(name=name)
            raise
        self._types.update((kind.name, (name, kind)) for kind in types)
        self._by_class = {}
        self._commands = None

    def _collect(self, plugin: str) -> list[ProblemType[Any, Any]]:
        """Run ``plugin``'s hooks and check its types against the others'."""
        types: list[ProblemType[Any, Any]] = []

        def register(problem_type: ProblemType[Any, Any]) -> None:
            if not isinstance(problem_type, ProblemType):
                raise PluginError(f"plugin {plugin!r} registered {problem_type!r}, which is not a ProblemType")
            for owner, other in [*((plugin, kind) for kind in types), *self._types.values()]:
                if other.name == problem_type.name:
                    raise PluginError(f"problem type {other.name!r} is registered by both plugin {owner!r} "
                                      f"and plugin {plugin!r}")
                shared = set(_classes(other)) & set(_classes(problem_type))
                if shared:
                    raise PluginError(f"problem types {other.name!r} (plugin {owner!r}) and {problem_type.name!r} "
                                      f"(plugin {plugin!r}) both handle {sorted(c.__name__ for c in shared)[0]}")
            types.append(problem_type)

        for impl in self.manager.hook.register_problem_types.get_hookimpls():
            if impl.plugin_name != plugin:
                continue
            try:
                impl.function(register=register)
            except PluginError:
                raise
            except (Exception, SystemExit) as error:  # (a plugin must not end the process)
                raise PluginError(f"plugin {plugin!r} failed in register_problem_types: "
                                  f"{type(error).__name__}: {error}") from error
        return types

    def unregister(self, plugin: Any = None, name: str | None = None) -> None:
        """Remove a plugin registered earlier (by object or by name) and its problem types."""
        with self._lock:
            if name is None:
                name = self.manager.get_name(plugin)
            if name is None or self.manager.get_plugin(name) is None:
                raise PluginError(f"plugin {plugin if name is None else name!r} is not registered")
            self.manager.unregister(name=name)
            self._types = {k: v for k, v in self._types.items() if v[0] != name}
            self._by_class = {}
            self._commands = None

    def commands(self, reserved: frozenset[str] = frozenset()) -> dict[str, tuple[str, Any]]:
        """The commands the plugins add through ``register_commands`` (name -> (plugin, click
        command)), collected once. A plugin whose hook fails, or whose command takes a name in
        ``reserved`` (the host's own) or another plugin's, has its commands left out and the
        reason kept in `command_errors`."""
        with self._lock:
            self._read()
            if self._commands is None:
                self._commands = self._collect_commands(reserved)
            return self._commands

    def _collect_commands(self, reserved: frozenset[str]) -> dict[str, tuple[str, Any]]:
        import click

        found: dict[str, tuple[str, Any]] = {}
        self.command_errors = {}
        for impl in self.manager.hook.register_commands.get_hookimpls():
            scratch = click.Group()
            try:
                impl.function(cli=scratch)
            except (Exception, SystemExit) as error:  # noqa: BLE001 -- (one plugin's failure, not the command's)
                self.command_errors[impl.plugin_name] = f"register_commands failed: {type(error).__name__}: {error}"
                continue
            for name in scratch.commands:
                owner = "exactcover" if name in reserved else found.get(name, (None,))[0]
                if owner is not None:
                    self.command_errors[impl.plugin_name] = (f"its command {name!r} is taken by "
                                                             f"{'exactcover itself' if owner == 'exactcover' else f'plugin {owner!r}'}")
                    break
            else:
                found.update((name, (impl.plugin_name, command)) for name, command in scratch.commands.items())
        return found

    # -- looking up -------------------------------------------------------------------------

    @property
    def types(self) -> dict[str, ProblemType[Any, Any]]:
        """Every registered problem type, by name."""
        with self._lock:
            self._read()
            return {name: kind for name, (_, kind) in sorted(self._types.items())}

    def plugin_of(self, name: str) -> str:
        """The name of the plugin that registered the problem type ``name``."""
        return self._types[name][0]

    def get(self, name: str) -> ProblemType[Any, Any]:
        """The problem type called ``name``; PluginError (a LookupError) listing the known
        ones otherwise, or the error of the broken plugin of that name."""
        with self._lock:
            if name not in self._types and name not in self.broken:
                self._read()
            if name in self._types:
                return self._types[name][1]
            if name in self.broken:
                raise PluginError(f"problem type {name!r} is not available: {self.broken[name]}")
            raise PluginError.unknown(f"unknown problem type {name!r}", self.types)

    def for_object(self, problem: Any) -> ProblemType[Any, Any]:
        """The problem type that handles ``problem``, by its class (the most specific wins)."""
        found = self._by_class.get(type(problem))
        if found is None:
            found = self._by_class[type(problem)] = self._for_class(type(problem))
        return found

    def _for_class(self, cls: type) -> ProblemType[Any, Any]:
        types = self.types
        for base in cls.__mro__:
            for problem_type in types.values():
                if base in _classes(problem_type):
                    return problem_type
        known = ", ".join(types) or "none"
        broken = "".join(f"; {plugin}" for plugin in self.broken.values())
        raise TypeError(
            f"exactcover cannot solve a {cls.__name__}: no plugin handles it "
            f"(known problem types: {known}; or pass an exactcover.Matrix){broken}"
        )


def _wrapped(name: str, error: Exception) -> PluginError:
    """pluggy's error, on one line, with the name the plugin is registered under."""
    return PluginError(f"plugin {name!r}: {' '.join(str(error).split())}")


def _classes(problem_type: ProblemType[Any, Any]) -> tuple[type, ...]:
    handles = problem_type.handles
    return handles if isinstance(handles, tuple) else (handles,)


def _check_marked(plugin: Any, name: str) -> None:
    """PluginError for a hook function defined without ``@exactcover.hookimpl`` (pluggy
    would silently ignore it) or for a plugin with no marked function at all. (A marked
    function that matches no hook, a misspelt one, is pluggy's check_pending's to name.)"""
    for hook in HOOKS:
        function = getattr(plugin, hook, None)
        if function is not None and getattr(function, f"{GROUP}_impl", None) is None:
            raise PluginError(f"plugin {name!r} defines {hook} without @exactcover.hookimpl, "
                              f"so it would never be called; mark it with @exactcover.hookimpl")
        if inspect.isclass(plugin) and inspect.isfunction(inspect.getattr_static(plugin, hook, None)):
            raise PluginError(f"plugin {name!r} is a class whose {hook} takes self: register an instance "
                              f"({plugin.__name__}()), name one in the entry point (module:object), or make "
                              f"the hook a @staticmethod")
    if not any(getattr(getattr(plugin, attribute, None), f"{GROUP}_impl", None) is not None
               for attribute in dir(plugin)):
        raise PluginError(f"plugin {name!r} ({plugin!r}) has no exactcover hook: it should define "
                          f"{' or '.join(HOOKS)}, marked with @exactcover.hookimpl")


def _wanted() -> set[str] | None:
    """The plugins EXACTCOVER_LOAD_PLUGINS names (None: every one)."""
    wanted = os.environ.get("EXACTCOVER_LOAD_PLUGINS")
    return None if wanted is None else {n.strip() for n in wanted.split(",") if n.strip()}


def _bundled_plugin(type_name: str) -> str | None:
    """The `BUNDLED` plugin that registers ``type_name``, if EXACTCOVER_LOAD_PLUGINS lets it load."""
    names = _wanted()
    for plugin, (_, types) in BUNDLED.items():
        if type_name in types and (names is None or plugin in names):
            return plugin
    return None


_default: Registry | None = None
_default_lock = threading.Lock()


def registry(type_name: str | None = None) -> Registry:
    """The default registry, built the first time it is asked for, with the installed
    plugins' entry points. With ``type_name`` (the command line's case) and the entry points
    not read yet, a type of a `BUNDLED` plugin loads that plugin alone; the registry reads the
    entry points when a lookup needs more (`Registry.get` of another name, `for_object`,
    `types`, `commands`), so what it answers is the same, except that a third-party plugin
    that claims a bundled type's name is always the one refused."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Registry()
            _default._unread = True
        plugin = None if type_name is None else _bundled_plugin(type_name)
        if plugin is None:
            _default._read()
        elif _default._unread and plugin not in _default._bundled:
            _default.load_bundled(plugin)
        return _default
