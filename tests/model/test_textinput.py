"""Tests for exactcover.textinput: lines read a part at a time, as a list of them would be."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactcover import textinput
from exactcover.textinput import excerpt, numbered_lines, significant_lines

TEXTS = st.text(alphabet=st.sampled_from(["a", " ", "|", "\n", "\r", "b", "#"]), max_size=80)


@pytest.fixture(params=[7, 1 << 20], ids=["small parts", "one part"])
def parts(request, monkeypatch):
    monkeypatch.setattr(textinput, "_CHUNK", request.param)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # (the same part size for every text)
@given(text=TEXTS)
def test_numbered_lines_are_the_text_s_lines(parts, text):
    assert list(numbered_lines(text)) == [(n, line.removesuffix("\r")) for n, line in enumerate(text.split("\n"), 1)]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
def test_significant_lines_leave_out_blank_and_comment_lines(parts, text):
    lines = [(n, line.removesuffix("\r")) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    assert list(significant_lines(text)) == lines
    assert list(significant_lines(text, "|")) == [(n, line) for n, line in lines if not line.startswith("|")]
    assert list(significant_lines(text, "#")) == [(n, line) for n, line in lines if not line.startswith("#")]


def test_an_excerpt_is_short_whatever_it_quotes():
    assert excerpt("abc") == "'abc'" and excerpt(("a", 1)) == "('a', 1)"
    assert excerpt("x" * 10**6) == f"{'x' * 60!r}... (1,000,000 characters)"
    assert len(excerpt(tuple(range(10**5)))) < 120
