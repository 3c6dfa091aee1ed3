"""The processes of a command under test, read from Linux's /proc."""

from __future__ import annotations

import os
import shutil
import sys


def console_script() -> list[str]:
    """The installed ``exactcover`` command (or ``python -m exactcover`` where there is none)."""
    script = shutil.which("exactcover", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "exactcover"]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def descendants(pid: int) -> list[int]:
    """The processes below ``pid``: its children, theirs, and so on."""
    found = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found
