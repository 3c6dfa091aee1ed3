"""The code blocks of the README and of the documentation pages that teach (the tutorial,
the guide, big searches, writing a plugin, speed), for the tests that run them: each block's page, language,
text and line."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import attrs

README = Path(__file__).parent.parent / "README.md"
#: The pages whose blocks run, in the order they run (one namespace: a page may use what an
#: earlier one imported).
PAGES = [README, *(README.parent / "docs" / f"{name}.md"
                   for name in ("tutorial", "guide", "big-searches", "plugins", "speed"))]
FENCE = re.compile(r"^(?P<indent> *)```(?P<language>\w*)\n(?P<body>.*?)^(?P=indent)```", re.MULTILINE | re.DOTALL)


@attrs.frozen
class Block:
    language: str
    text: str
    line: int  # where the block starts in its page
    page: Path = README

    @property
    def placeholder(self) -> bool:
        """Marked as not runnable as shown: its first line says ``placeholder``."""
        return "placeholder" in self.text.lstrip().split("\n", 1)[0]


def blocks(language: str | None = None) -> list[Block]:
    """The fenced code blocks of the pages (of one language), page by page, in order."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        found += [Block(m["language"], textwrap.dedent(m["body"]), text.count("\n", 0, m.start()) + 1, page)
                  for m in FENCE.finditer(text)]
    return [b for b in found if language is None or b.language == language]
