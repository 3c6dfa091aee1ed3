"""Tests for the engine contract of exactcover.engines.pydlx, run on it and on its C port _dlx."""

from __future__ import annotations

import re
from array import array

import pytest

from exactcover import engines
from exactcover.engines import pydlx
from exactcover.errors import GivenAndExcluded, GivensClash, MatrixError, PrefixError, UnknownOption

from helpers import MODULES

# The seed article's example: X = {1..5}, S1 = {1,4,5}, S2 = {2,5}, S3 = {2,3}; items from 0.
ARTICLE = dict(n_primary=5, n_secondary=0, starts=[0, 3, 5, 7], items=[0, 3, 4, 1, 4, 1, 2], colors=[0] * 7)


@pytest.fixture
def module(engine):
    return engines.get(engine)


def arrays(dancer) -> dict[str, list[int]]:
    """The pristine arrays of a Dancer of either engine."""
    if isinstance(dancer, pydlx.Dancer):
        names = ("llink", "rlink", "top", "ulink", "dlink", "color")
        return {name: list(getattr(dancer, name)) for name in names}
    return dancer.arrays


def drawn_rows() -> dict[str, list[int]]:
    """The arrays as drawn in pydlx's module docstring."""
    rows = {}
    for line in pydlx.__doc__.splitlines():
        words = line.replace("|", " ").split()
        if words and words[0] in ("top", "ulink", "dlink", "llink", "rlink"):
            rows[words[0]] = [int(w) for w in words[1:]]
    return rows


def test_layout_matches_the_docstring_drawing(module):
    """Building the article's example gives exactly the arrays drawn in pydlx's docstring."""
    got = arrays(module.Dancer(**ARTICLE))
    drawn = drawn_rows()
    assert set(drawn) == {"top", "ulink", "dlink", "llink", "rlink"}
    for name, values in drawn.items():
        assert got[name] == values, name


def test_c_arrays_equal_python_arrays():
    """The C engine lays out every array exactly as the Python engine does."""
    if "c" not in engines.available():
        pytest.skip("C engine not built")
    spec = dict(n_primary=2, n_secondary=2, starts=[0, 3, 3, 5], items=[0, 2, 3, 1, 3], colors=[0, 1, 2, 0, 0])
    assert engines.get("c").Dancer(**spec).arrays == arrays(pydlx.Dancer(**spec))


def test_buffers_and_lists_are_accepted_alike(module):
    """The arrays may be int32 buffers (array('i')) or lists of ints."""
    spec = {k: array("i", v) if isinstance(v, list) else v for k, v in ARTICLE.items()}
    assert arrays(module.Dancer(**spec)) == arrays(module.Dancer(**ARTICLE))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"n_primary": -1}, "item counts must not be negative"),
        ({"starts": [0, 3, 5]}, "starts must run from 0 to len(items)"),
        ({"starts": [1, 3, 5, 7]}, "starts must run from 0 to len(items)"),
        ({"starts": [0, 3, 2, 7]}, "starts must not decrease (option 1)"),
        ({"starts": [0, 100, 5, 7]}, "starts must not decrease (option 1)"),
        ({"items": [0, 3, 9, 1, 4, 1, 2]}, "option 0 has item 9 out of range"),
        ({"items": [0, 3, -1, 1, 4, 1, 2]}, "option 0 has item -1 out of range"),
        ({"items": [0, 3, 4, 1, 1, 1, 2]}, "option 1 has item 1 twice"),
        ({"colors": [0, 0, 0, 0, 0, 0]}, "colors must be as long as items"),
        ({"colors": [0, 0, 3, 0, 0, 0, 0]}, "option 0 has a bad color on item 4"),
        ({"colors": [0, 0, 0, 0, 0, -2, 0]}, "option 2 has a bad color on item 1"),
    ],
)
def test_corrupt_input_is_rejected_not_crashed(module, change, message):
    """Input that would corrupt the links raises MatrixError with the same message on both engines."""
    with pytest.raises(MatrixError, match=re.escape(message)):
        module.Dancer(**{**ARTICLE, **change})


def test_run_pauses_and_resumes_with_the_same_result(module):
    """A search run one node at a time visits what an uninterrupted search visits."""
    dancer = module.Dancer(n_primary=5, n_secondary=0, starts=[0, 3, 5, 8, 10, 10],
                           items=[0, 2, 4, 1, 3, 0, 1, 4, 2, 3], colors=[0] * 10)

    def visit(steps):
        search, found = dancer.search(), []
        while (status := search.run(steps)) != pydlx.DONE:
            if status == pydlx.SOLUTION:
                found.append(search.solution())
        return found, (search.nodes, search.updates, search.solutions, search.max_level)

    assert visit(1) == visit(1000) == ([(0, 1), (2, 3)], (5, 17, 2, 2))


def test_done_stays_done(module):
    """Running a finished search again keeps answering DONE."""
    search = module.Dancer(**ARTICLE).search()
    while search.run(100) != pydlx.DONE:
        pass
    assert search.run(100) == pydlx.DONE


def test_clashing_givens_report_options_and_item(module):
    """Givens sharing an item raise GivensClash(first, second, item); an unknown one UnknownOption."""
    dancer = module.Dancer(**ARTICLE)
    with pytest.raises(GivensClash) as caught:
        dancer.search([0, 1])
    assert (caught.value.first, caught.value.second, caught.value.item) == (0, 1, 4)
    with pytest.raises(GivensClash) as caught:
        dancer.search([2, 2])
    assert caught.value.args == (2, 2, 1)
    with pytest.raises(UnknownOption) as caught:
        dancer.search([3])
    assert (caught.value.option, caught.value.role) == (3, "given")


def test_same_colored_givens_do_not_clash(module):
    """Two givens may share a secondary item when they give it the same color."""
    dancer = module.Dancer(n_primary=2, n_secondary=1, starts=[0, 2, 4, 6], items=[0, 2, 1, 2, 1, 2], colors=[0, 1, 0, 1, 0, 2])
    search = dancer.search([0, 1])
    assert search.run(10) == pydlx.SOLUTION and search.solution() == ()
    with pytest.raises(GivensClash) as caught:
        dancer.search([0, 2])
    assert caught.value.args == (0, 2, 2)


def test_random_generator_is_splitmix64():
    """pydlx.Random reproduces the published SplitMix64 outputs for seed 0."""
    rng = pydlx.Random(0)
    outputs = [rng.below(1 << 64) for _ in range(2)]
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_excluded_options_leave_the_search(module):
    """Excluded options are never chosen; a repeat counts once; given and excluded is an error."""
    dancer = module.Dancer(n_primary=5, n_secondary=0, starts=[0, 3, 5, 8, 10, 10],
                           items=[0, 2, 4, 1, 3, 0, 1, 4, 2, 3], colors=[0] * 10)

    def solutions(**kwargs):
        search, found = dancer.search(**kwargs), []
        while (status := search.run(1000)) != pydlx.DONE:
            if status == pydlx.SOLUTION:
                found.append(search.solution())
        return found

    assert solutions() == [(0, 1), (2, 3)]
    assert solutions(excluded=[2, 2]) == [(0, 1)]
    assert solutions(excluded=[0, 3]) == []
    with pytest.raises(GivenAndExcluded) as caught:
        dancer.search([1], None, [1])
    assert caught.value.option == 1
    with pytest.raises(UnknownOption) as caught:
        dancer.search((), None, [7])
    assert (caught.value.option, caught.value.role) == (7, "excluded")


def queens_dancer(module, n=6):
    """n-queens as raw arrays: ranks 0..n-1 and files n..2n-1 primary, diagonals secondary."""
    starts, items = [0], []
    for r in range(n):
        for c in range(n):
            items += [r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + r - c + n - 1]
            starts.append(len(items))
    return module.Dancer(2 * n, 2 * (2 * n - 1), starts, items, [0] * len(items))


def drain(search, **kwargs):
    statuses = []
    while (status := search.run(37, **kwargs)) not in (pydlx.DONE, pydlx.LIMIT):
        statuses.append((status, search.prefix() if status == pydlx.PREFIX else None))
    return statuses


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_split_subtrees_add_up_to_the_whole_search(module, depth):
    """The subtrees at a depth, plus what lies above it, have the whole tree's statistics."""
    dancer = queens_dancer(module, 7)
    whole = dancer.search()
    drain(whole, counting=True)
    top = dancer.search()
    prefixes = [p for status, p in drain(top, counting=True, depth=depth) if status == pydlx.PREFIX]
    totals = [top.nodes, top.updates, top.solutions]
    for prefix in prefixes:
        sub = dancer.search(prefix=prefix)
        drain(sub, counting=True)
        assert sub.floor == len(prefix) == depth
        totals = [totals[0] + sub.nodes, totals[1] + sub.updates, totals[2] + sub.solutions]
    assert totals == [whole.nodes, whole.updates, whole.solutions] and whole.solutions == 40


def test_engines_split_alike():
    """Both engines hand out the same prefixes."""
    if "c" not in engines.available():
        pytest.skip("C engine not built")
    prefixes = [[p for s, p in drain(queens_dancer(m, 7).search(), counting=True, depth=2) if s == pydlx.PREFIX]
                for m in (pydlx, engines.get("c"))]
    assert prefixes[0] == prefixes[1] and len(prefixes[0]) > 10


def test_bad_prefix_is_refused(module):
    """A prefix node that is a header, a spacer, out of range or already hidden is refused."""
    dancer = queens_dancer(module, 5)
    for bad in ([0], [5], [10**6], [-3]):
        with pytest.raises(PrefixError, match="not an option node of an active primary item") as caught:
            dancer.search(prefix=bad)
        assert (caught.value.node, caught.value.position) == (bad[0], 0)
    top = dancer.search()
    top.run(100, counting=True, depth=1)
    (node,) = top.prefix()
    with pytest.raises(PrefixError) as caught:
        dancer.search(prefix=[node, node])  # its item is covered by then
    assert caught.value.position == 1


def test_fraction_is_monotone_and_ends_at_one(module):
    """Knuth's estimate of the part done never decreases, and is 1.0 at the end."""
    search = queens_dancer(module, 7).search()
    fractions = [search.fraction()]
    while search.run(3, counting=True) != pydlx.DONE:
        fractions.append(search.fraction())
    fractions.append(search.fraction())
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert all(a <= b for a, b in zip(fractions, fractions[1:]))
    assert len(set(fractions)) > 10


def test_probe_restores_the_state_and_matches_across_engines():
    """A probe leaves the search as it was; both engines walk the same path for a seed."""
    results = []
    for module in MODULES:
        search = queens_dancer(module, 6).search()
        probes = [search.probe(seed) for seed in range(20)]
        drain(search, counting=True)
        assert search.solutions == 4 and search.updates > 0
        results.append(probes)
        assert any(solved for _, solved in probes) and not all(solved for _, solved in probes)
    assert all(r == results[0] for r in results)
