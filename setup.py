"""Build the C engine `exactcover._dlx`.

Everything declarative lives in pyproject.toml; this file only declares the extension, because
its build must be optional: where no C compiler exists the install still succeeds and the
pure-Python engine is used. Set EXACTCOVER_STRICT_BUILD=1 (CI does) to make a failed C build
fail the install instead of silently falling back.
"""

import os

from setuptools import Extension, setup

strict = os.environ.get("EXACTCOVER_STRICT_BUILD", "") not in ("", "0")

setup(
    ext_modules=[
        Extension(
            "exactcover._dlx",
            sources=["src/exactcover/_dlx.c"],
            optional=not strict,
        )
    ]
)
