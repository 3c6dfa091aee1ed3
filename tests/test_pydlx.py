"""Tests for the engine contract of exactcover.pydlx, run on it and on its C port _dlx."""

from __future__ import annotations

import re
from array import array

import pytest

from exactcover import engines, pydlx

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
    """Input that would corrupt the links raises ValueError with the same message on both engines."""
    with pytest.raises(ValueError, match=re.escape(message)):
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
    """Givens sharing an item raise ValueError(first, second, item)."""
    dancer = module.Dancer(**ARTICLE)
    with pytest.raises(ValueError) as caught:
        dancer.search([0, 1])
    assert caught.value.args == (0, 1, 4)
    with pytest.raises(ValueError) as caught:
        dancer.search([2, 2])
    assert caught.value.args == (2, 2, 1)
    with pytest.raises(IndexError):
        dancer.search([3])


def test_same_colored_givens_do_not_clash(module):
    """Two givens may share a secondary item when they give it the same color."""
    dancer = module.Dancer(n_primary=2, n_secondary=1, starts=[0, 2, 4, 6], items=[0, 2, 1, 2, 1, 2], colors=[0, 1, 0, 1, 0, 2])
    search = dancer.search([0, 1])
    assert search.run(10) == pydlx.SOLUTION and search.solution() == ()
    with pytest.raises(ValueError) as caught:
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
    with pytest.raises(ValueError) as caught:
        dancer.search([1], None, [1])
    assert caught.value.args == (1,)
    with pytest.raises(IndexError):
        dancer.search((), None, [7])
