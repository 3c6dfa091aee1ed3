"""The C engine's own sanity check (cdlx/sanity.c) catches a broken step, on either way.

Each case builds the engine with one step broken on purpose and -DEXACTCOVER_SANITY (as
tools/asan.sh builds it) into a temporary folder, runs a small count there, and expects the
check to abort naming the broken invariant. Needs a C compiler; skipped without one.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # (the fast tier leaves it out: see the README)

SRC = Path(__file__).resolve().parents[2] / "src"
BUILD = textwrap.dedent("""
    from glob import glob
    from setuptools import Extension
    from setuptools.dist import Distribution
    sources = sorted(glob("src/exactcover/engines/cdlx/*.c"))
    dist = Distribution({"ext_modules": [Extension("exactcover.engines._dlx", sources)], "package_dir": {"": "src"}})
    command = dist.get_command_obj("build_ext")
    command.inplace = 1
    dist.run_command("build_ext")
""")
COUNT = ("from exactcover import Matrix, Solver; "
         "print(Solver(Matrix({primary}, {options}, bounds={bounds}), 'c').count(way={way!r}))")
QUEENS = 5
OPTIONS = {f"q{r}{c}": [f"r{r}", f"c{c}"] for r in range(QUEENS) for c in range(QUEENS)}
PRIMARY = [f"r{r}" for r in range(QUEENS)] + [f"c{c}" for c in range(QUEENS)]

#: (file, the line as it is, the line broken, the way to search, what the check says[, bounds])
BREAKAGES = {
    "unhide forgets a length": ("dance.h", "            top[x] += 1;", "            top[x] += x != 2;",
                                "links", "an item's length"),
    "uncover skips relinking": ("dance.h", "    s->links.llink[right] = i;\n    idx *ulink", "    idx *ulink",
                                "links", "items neither active nor covered"),
    "a set keeps an option that meets": ("sets.c", "next[w] = set[w] ^ met;", "next[w] = set[w] ^ (met & (met - 1));",
                                         "sets", "a level's set of options"),
    "an option keeps its items active": ("sets.h", "        s->sets.active[v] &= ~items[v];",
                                         "        s->sets.active[v] &= ~items[v] | items[v];",
                                         "sets", "the bitset of active items"),
    "a set with bounds grows": ("msets.c", "        next[w] = set[w] & ~out;", "        next[w] = set[w] & ~out | ~set[w];",
                                "sets", "a level's set of options", {"r0": (1, 2)}),
}
#: The same for the bitset way with colors, on word squares (COLORED_COUNT).
COLORED_BREAKAGES = {
    "a purify hides its own color": ("csets.h", " & ~batch[b].keep[w];", ";",
                                     "a level's set of options"),
    "an item purified is not pushed": ("csets.h", "                push_pure(c, j, batch[n - 1].keep);",
                                       "                (void)0;", "the stack of items purified"),
}
COLORED_COUNT = ("from exactcover import Matrix, Solver; "
                 "words = ['ab', 'ba', 'aa', 'bb', 'ca', 'ac', 'cc']; "
                 "options = [{f'{l}{r}': None, **{(f'x{r}{c}' if l == 'row' else f'x{c}{r}'): w[c] for c in range(2)}} "
                 "for w in words for r in range(2) for l in ('row', 'col')]; "
                 "m = Matrix(['row0', 'row1', 'col0', 'col1'], options, secondary=['x00', 'x01', 'x10', 'x11']); "
                 "print(Solver(m, 'c').count(way='sets', memo=False))")

#: The same for the bitset way with tallies (TALLY_COUNT: the rooks of BREAKAGES, moved at once).
TALLY_BREAKAGES = {
    "a tally misses a decrement": ("tally.h", "                    --next[items[t]];",
                                   "                    next[items[t]] -= r != 0;",
                                   "a count in a level's tally"),
    "an uncommit loses an active item": ("tally.h", "    s->tally.n_left += s->dancer->bit_start[r_x + 1] - s->dancer->bit_start[r_x];",
                                         "    s->tally.n_left += s->dancer->bit_start[r_x + 1] - s->dancer->bit_start[r_x] - 1;",
                                         "the count of active items"),
}
TALLY_COUNT = ("from exactcover import Matrix, Solver; from exactcover.engines import contract; "
               f"s = Solver(Matrix({PRIMARY}, {OPTIONS}), 'c').dancer.search(tuning=contract.Tuning.of('sets', 1, True)); "
               "s.run(10 ** 6, counting=True); print(s.solutions, s.tallied)")


def compiler_available() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def broken_engine(tmp_path, name: str, good: str, bad: str) -> dict[str, str]:
    """A copy of the engine in tmp_path with line ``good`` of file ``name`` made ``bad``, built
    with the sanity checks; the environment that runs it."""
    shutil.copytree(SRC, tmp_path / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    source = tmp_path / "src" / "exactcover" / "engines" / "cdlx" / name
    text = source.read_text()
    assert text.count(good) == 1, f"the line to break is not in {name} once"
    source.write_text(text.replace(good, bad))
    env = {"CFLAGS": "-O0 -DEXACTCOVER_SANITY", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "src")}
    subprocess.run([sys.executable, "-c", BUILD], cwd=tmp_path, env=env, check=True, capture_output=True)
    return env


@pytest.mark.skipif(not compiler_available(), reason="no C compiler")
@pytest.mark.parametrize("breakage", BREAKAGES)
def test_the_c_sanity_check_catches_a_broken_step(breakage, tmp_path):
    name, good, bad, way, message, *bounds = BREAKAGES[breakage]
    env = broken_engine(tmp_path, name, good, bad)
    count = COUNT.format(primary=PRIMARY, options=OPTIONS, way=way, bounds=bounds[0] if bounds else {})
    run = subprocess.run([sys.executable, "-c", count], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode != 0
    assert f"sanity check failed: {message}" in run.stderr


#: The breakages on the sets with colors and with tallies, each with the count that shows it.
SCRIPTED_BREAKAGES = {**{name: (*case, COLORED_COUNT) for name, case in COLORED_BREAKAGES.items()},
                      **{name: (*case, TALLY_COUNT) for name, case in TALLY_BREAKAGES.items()}}


@pytest.mark.skipif(not compiler_available(), reason="no C compiler")
@pytest.mark.parametrize("breakage", SCRIPTED_BREAKAGES)
def test_the_c_sanity_check_catches_a_broken_colored_or_tallied_step(breakage, tmp_path):
    name, good, bad, message, script = SCRIPTED_BREAKAGES[breakage]
    env = broken_engine(tmp_path, name, good, bad)
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode != 0
    assert f"sanity check failed: {message}" in run.stderr


@pytest.mark.skipif(not compiler_available(), reason="no C compiler")
def test_an_unbroken_engine_passes_its_sanity_check(tmp_path):
    shutil.copytree(SRC, tmp_path / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    env = {"CFLAGS": "-O0 -DEXACTCOVER_SANITY", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path / "src")}
    subprocess.run([sys.executable, "-c", BUILD], cwd=tmp_path, env=env, check=True, capture_output=True)
    for way in ("links", "sets"):
        for bounds in ({}, {"r0": (1, 2)}):  # (with bounds, Algorithm M: the same 120)
            count = COUNT.format(primary=PRIMARY, options=OPTIONS, way=way, bounds=bounds)
            run = subprocess.run([sys.executable, "-c", count], cwd=tmp_path, env=env, capture_output=True,
                                 text=True, timeout=120)
            assert run.stdout.strip() == "120", run.stderr
    run = subprocess.run([sys.executable, "-c", COLORED_COUNT], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.stdout.strip() == "35", run.stderr
    run = subprocess.run([sys.executable, "-c", TALLY_COUNT], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.stdout.strip() == "120 True", run.stderr
