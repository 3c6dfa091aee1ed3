"""The README's code blocks, for the tests that run them: each block's language, text and line."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import attrs

README = Path(__file__).parent.parent / "README.md"
FENCE = re.compile(r"^(?P<indent> *)```(?P<language>\w*)\n(?P<body>.*?)^(?P=indent)```", re.MULTILINE | re.DOTALL)


@attrs.frozen
class Block:
    language: str
    text: str
    line: int  # where the block starts in README.md

    @property
    def placeholder(self) -> bool:
        """Marked as not runnable as shown: its first line says ``placeholder``."""
        return "placeholder" in self.text.lstrip().split("\n", 1)[0]


def blocks(language: str | None = None) -> list[Block]:
    """The fenced code blocks of README.md (of one language), in order."""
    text = README.read_text(encoding="utf-8")
    found = [Block(m["language"], textwrap.dedent(m["body"]), text.count("\n", 0, m.start()) + 1)
             for m in FENCE.finditer(text)]
    return [b for b in found if language is None or b.language == language]
