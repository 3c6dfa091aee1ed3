#!/usr/bin/env bash
# Build the C engine with AddressSanitizer + UndefinedBehaviorSanitizer and run the test
# suite against it. Usage: tools/asan.sh [pytest args...]   (needs gcc and libasan)
set -euo pipefail
cd "$(dirname "$0")/.."

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
cp -r src "$build/src"
rm -f "$build"/src/exactcover/*.so
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g -DEXACTCOVER_SANITY"
( cd "$build" && CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" \
    python3 - <<'PY'
from glob import glob
from setuptools import Extension
from setuptools.dist import Distribution
sources = sorted(glob("src/exactcover/engines/cdlx/*.c"))
dist = Distribution({"ext_modules": [Extension("exactcover.engines._dlx", sources)],
                     "package_dir": {"": "src"}})
cmd = dist.get_command_obj("build_ext")
cmd.inplace = 1
dist.run_command("build_ext")
PY
)
# CPython's own allocations are not instrumented; leaks at exit are the interpreter's.
# An allocation too big for the machine returns NULL, as malloc does, so Python raises its
# MemoryError (a length of junk read from a socket, say) instead of ASan aborting the process.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
export EXACTCOVER_EXPECT_ENGINE=c
PYTHONPATH="$build/src" python3 -c "import exactcover.engines._dlx as m; print(\"sanitized engine:\", m.__file__)"
PYTHONPATH="$build/src" python3 -m pytest -q -p no:cacheprovider "$@"
