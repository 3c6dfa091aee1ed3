"""A memory limit for child processes that run hostile cases, so that a regression fails
instead of eating the machine."""

from __future__ import annotations

import os
import resource
from collections.abc import Callable


def limited(nbytes: int) -> Callable[[], None] | None:
    """A ``preexec_fn`` that caps the child's address space at ``nbytes``; None under
    AddressSanitizer (tools/asan.sh), whose shadow memory alone exceeds any such cap (the
    plain suite enforces it)."""
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        return None
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (nbytes, nbytes))
