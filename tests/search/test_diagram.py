"""`Solver.diagram()`: all solutions as a decision diagram (exactcover/search/diagram.py)."""

from __future__ import annotations

import collections

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import Diagram, GivensError, Matrix, Solver, Unsupported, read_dlx

from helpers import ENGINES, TILINGS, brute_force, domino_file, dominoes, matrices


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matrix=matrices(), data=st.data())
def test_the_diagram_holds_exactly_the_solutions(matrix, data):
    """Its paths are the solutions (the oracle's), each once; its count and its counts per
    option are theirs; both engines build the same diagram."""
    labels = [option.label for option in matrix.options]
    givens = data.draw(st.lists(st.sampled_from(labels), max_size=2, unique=True)) if labels else []
    expected = brute_force(matrix, givens)
    built = []
    for engine in ENGINES:
        try:
            diagram = Solver(matrix, engine).diagram(givens)
        except GivensError:
            return
        found = list(diagram)
        assert len(found) == len(set(map(frozenset, found))) == diagram.count == len(expected)
        assert {frozenset(s) for s in found} == expected
        for label in labels:
            assert diagram.count_with(label) == sum(1 for s in expected if label in s)
        built.append(diagram.to_knuth())
    assert len(set(built)) == 1


@pytest.mark.slow
def test_domino_diagrams(engine):
    """The tilings' diagram: the closed-form counts; a tiling sampled is a tiling."""
    largest = 16 if engine == "c" else 8
    for n in range(2, largest + 1, 2):
        diagram = Solver(dominoes(n), engine).diagram()
        assert diagram.count == TILINGS[n // 2]
    (tiling,) = diagram.sample(seed=1)
    covered = [cell for r, c, way in tiling for cell in ((r, c), (r, c + 1) if way == "-" else (r + 1, c))]
    assert sorted(covered) == [(r, c) for r in range(largest) for c in range(largest)]


def test_the_sampler_is_uniform():
    """Chi-square over the 36 tilings of 4×4 with a fixed seed: 7,200 draws, 35 degrees of
    freedom; the statistic must stay below 66.6 (the 0.1% critical value)."""
    diagram = Solver(dominoes(4)).diagram()
    drawn = collections.Counter(diagram.sample(7200, seed=12345))
    assert set(drawn) == set(diagram)
    expected = 7200 / 36
    chi2 = sum((drawn[s] - expected) ** 2 / expected for s in diagram)
    assert chi2 < 66.6
    assert diagram.sample(5, seed=3) == diagram.sample(5, seed=3)


def test_knuths_format(tmp_path):
    """DLX6's own output for a small file (`dlx6 m1 < tiny.dlx`, run by hand): the same lines."""
    path = tmp_path / "tiny.dlx"
    path.write_text("a b c\na b\nc\na\nb c\n")
    diagram = Solver(read_dlx(path)).diagram()
    assert diagram.to_knuth() == "2: (~2?0:1)\n3: (~1?0:2)\n4: (~4?0:1)\n5: (~3?3:4)\n6: (~0?0:5)\n"
    assert isinstance(diagram, Diagram) and diagram.size == 4 and diagram.nbytes > 0


def test_what_a_diagram_refuses(engine):
    """No solution: an empty diagram, nothing to sample; a budget too small: MemoryError;
    bounds: Unsupported; an unknown option: KeyError."""
    diagram = Solver(Matrix(["a", "b"], {"x": ["a"]}), engine).diagram()
    assert diagram.count == 0 and list(diagram) == []
    with pytest.raises(ValueError, match="no solution"):
        diagram.sample()
    with pytest.raises(MemoryError, match="memo_bytes"):
        Solver(dominoes(6), engine).diagram(memo_bytes=1000)
    with pytest.raises(Unsupported, match="bounds"):
        Solver(Matrix(["a"], {"x": ["a"]}, bounds={"a": (0, 1)}), engine).diagram()
    with pytest.raises(KeyError):
        Solver(dominoes(2), engine).diagram().count_with("nothing")


def test_the_sample_command(tmp_path):
    """`exactcover sample TYPE ARGS --n N --seed S`: N solutions, the same for the same seed;
    a filtered type keeps its filter; a budget too small exits 3 with a message."""
    import json

    from click.testing import CliRunner

    from exactcover.cli import cli

    path = domino_file(tmp_path, 4)
    runner = CliRunner()
    first = runner.invoke(cli, ["sample", "dlx", str(path), "--n", "3", "--seed", "7"])
    assert first.exit_code == 0 and first.stdout.count("\n\n") == 2
    assert runner.invoke(cli, ["sample", "dlx", str(path), "--n", "3", "--seed", "7"]).stdout == first.stdout
    result = runner.invoke(cli, ["sample", "queens", "8", "--distinct", "--n", "4", "--seed", "1", "--json"])
    answers = json.loads(result.stdout)["solutions"]
    assert result.exit_code == 0 and len(answers) == 4 and all(len(a) == 8 for a in answers)
    result = runner.invoke(cli, ["sample", "dlx", str(path), "--memo-bytes", "100"])
    assert result.exit_code == 3 and "--memo-bytes" in result.stderr and "Traceback" not in result.stderr
    result = runner.invoke(cli, ["sample", "queens", "3"])
    assert result.exit_code == 1 and "no solution" in result.stdout
