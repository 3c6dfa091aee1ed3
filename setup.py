"""Build the C engine `exactcover._dlx`.

Everything declarative lives in pyproject.toml; this file only declares the extension, because
its build must be optional: where no C compiler exists the install still succeeds and the
pure-Python engine is used. Set EXACTCOVER_STRICT_BUILD=1 (CI does) to make a failed C build
fail the install instead of silently falling back.

The engine's C files are listed in src/exactcover/cdlx/dlx.h, which says what each one ports.
"""

import os
from glob import glob

from setuptools import Extension, setup

strict = os.environ.get("EXACTCOVER_STRICT_BUILD", "") not in ("", "0")
engine = "src/exactcover/cdlx"

setup(
    ext_modules=[
        Extension(
            "exactcover._dlx",
            sources=sorted(glob(f"{engine}/*.c")),
            depends=sorted(glob(f"{engine}/*.h")),
            optional=not strict,
        )
    ]
)
