"""MkDocs hooks (mkdocs.yml's ``hooks``): the site documents what exactcover itself ships.

The command-line reference is generated from the commands as the registry sees them, so a
plugin installed beside exactcover where the site is built would appear in it; loading the
bundled plugins only keeps the reference the same wherever it is built. The guide's table
of what combines is made from the plan's own table (`exactcover.front.plan.table`), so the two
cannot drift apart.
"""

from __future__ import annotations

import os
from typing import Any


def on_config(config: Any) -> Any:
    from exactcover.plugins.manager import BUNDLED

    os.environ["EXACTCOVER_LOAD_PLUGINS"] = ",".join(BUNDLED)
    return config


#: Where a page asks for the table of what does not combine.
REFUSALS_MARK = "<!-- the table of what combines: exactcover.front.plan.table() -->"


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    if REFUSALS_MARK not in markdown:
        return markdown
    from exactcover.front.plan import table

    return markdown.replace(REFUSALS_MARK, table())
