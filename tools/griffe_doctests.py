"""A Griffe extension (mkdocs.yml, mkdocstrings' ``extensions``): the docstrings' examples
(``>>>`` lines, their ``...`` continuations and what they print, up to a blank line) shown
on the site as Python console code. Left as they are, Markdown reads a line that starts with
``>`` as a quotation, and the examples came out as quoted prose run together."""

from __future__ import annotations

from typing import Any

import griffe


class DoctestsAsCode(griffe.Extension):
    """Each docstring's examples fenced as ``pycon`` code when Griffe reads the object."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fenced(obj.docstring.value)


def fenced(text: str) -> str:
    """``text`` with each run of doctest lines (from a ``>>>`` line to a blank one) in a
    ``pycon`` fence at the run's indentation; code already fenced is left alone."""
    lines, out, k, in_fence = text.split("\n"), [], 0, False
    while k < len(lines):
        line = lines[k]
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
        if in_fence or not line.lstrip().startswith(">>>"):
            out.append(line)
            k += 1
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out.append(f"{indent}```pycon")
        while k < len(lines) and lines[k].strip() and lines[k].startswith(indent):
            out.append(lines[k])
            k += 1
        out.append(f"{indent}```")
    return "\n".join(out)
