"""MkDocs hooks (mkdocs.yml's ``hooks``): the site documents what exactcover itself ships.

The command-line reference is generated from the commands as the registry sees them, so a
plugin installed beside exactcover where the site is built would appear in it; loading the
bundled plugins only keeps the reference the same wherever it is built.
"""

from __future__ import annotations

import os
from typing import Any


def on_config(config: Any) -> Any:
    from exactcover.plugins import BUNDLED

    os.environ["EXACTCOVER_LOAD_PLUGINS"] = ",".join(BUNDLED)
    return config
