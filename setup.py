"""Build the C engine `exactcover.engines._dlx`.

Everything declarative lives in pyproject.toml; this file only declares the extension, because
its build must be optional: where no C compiler exists the install still succeeds and the
pure-Python engine is used. Set EXACTCOVER_STRICT_BUILD=1 (CI does) to make a failed C build
fail the install instead of silently falling back.

Every C file of src/exactcover/engines/cdlx is compiled; each names the pydlx module it ports
(docs/engine.md draws the map).
"""

import os
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

strict = os.environ.get("EXACTCOVER_STRICT_BUILD", "") not in ("", "0")
engine = "src/exactcover/engines/cdlx"

WARNING = """
**********************************************************************************************
exactcover: the C engine could not be built ({error}).
The install goes on with the pure-Python engine, which is 20-50 times slower; `exactcover
--version` says which engine is in use, and `import exactcover` warns. Install a C compiler
and Python's headers (e.g. apt-get install gcc python3-dev) and reinstall for the C engine.
**********************************************************************************************
"""


class BuildEngine(build_ext):
    """build_ext that says so, loudly, when the optional engine fails to build (pip shows a
    build's output with -v; the warning on import says it to everyone)."""

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "unix":
            # Loops at 32-byte boundaries: the search loops' speed otherwise swings by about
            # 10% with where unrelated code puts them (benchmarks/README.md, "Loop alignment").
            ext.extra_compile_args = [*ext.extra_compile_args, "-falign-loops=32"]
        try:
            super().build_extension(ext)
        except Exception as error:
            if not strict:
                print(WARNING.format(error=error), file=sys.stderr)
            raise  # (setuptools keeps going for an optional extension; strict builds fail)


setup(
    cmdclass={"build_ext": BuildEngine},
    ext_modules=[
        Extension(
            "exactcover.engines._dlx",
            sources=sorted(glob(f"{engine}/*.c")),
            depends=sorted(glob(f"{engine}/*.h")),
            optional=not strict,
        )
    ]
)
