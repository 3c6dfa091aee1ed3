"""The ``exactcover`` console script, with its own imports under a Ctrl-C guard.

Importing the command takes about a tenth of a second, and a Ctrl-C then would end in
Python's traceback. This module is tiny and outside the ``exactcover`` package (whose import
is that tenth of a second), so that the guard is up a few milliseconds after Python starts:
Ctrl-C while the command loads ends it as at any other moment, with one line and status 130.
"""

import sys

__all__ = ["main"]


def main() -> None:
    """Run the ``exactcover`` command."""
    try:
        from exactcover.cli import main as command
    except KeyboardInterrupt:
        sys.stderr.write("exactcover: interrupted\n")
        raise SystemExit(130) from None
    command()
