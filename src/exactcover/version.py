"""The version of exactcover: the one place it is written (the package, the command, the
plugin registry and the build all read it here)."""

__version__ = "0.1.0"
