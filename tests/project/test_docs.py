"""The documentation site builds and renders: code as code (no literal fences in the prose),
every public name of the API documented, no heading repeated twice in a row, the command
line's examples shown as code, every code line within the text column, and pages and
sections a reader finishes. Needs the docs extra (CI installs it before running this)."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # (the fast tier leaves it out: see the README)

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocstrings")

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("exactcover", "exactcover_sudoku", "exactcover_queens", "exactcover_polyomino", "exactcover_loops")


class Page(HTMLParser):
    """A page's headings (in order), its element ids, its prose (outside pre and code), its
    code blocks, and the words of its article (the page's own text, without the navigation)
    heading by heading."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.headings: list[str] = []
        #: The article's sections: each heading's level and name, and the words up to the next
        #: heading (the first, level 0, is what comes before any heading).
        self.sections: list[list[object]] = [[0, "", 0]]
        self._article = 0
        self.ids: set[str] = set()
        self.prose: list[str] = []
        self.blocks: list[str] = []
        self.text: list[str] = []  # (everything, code included)
        self._heading: list[str] | None = None
        self._code = 0
        self._pre: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)
        if tag == "article":
            self._article += 1
        elif self._article and re.fullmatch(r"h[1-6]", tag):
            self.sections.append([int(tag[1]), "", 0])
        if tag in ("h1", "h2", "h3"):
            self._heading = []
        elif tag in ("code", "pre"):
            self._code += 1
            if tag == "pre":
                self._pre = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1
        if tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append("".join(self._heading).replace("¶", "").strip())
            if self._article:
                self.sections[-1][1] = self.headings[-1]
            self._heading = None
        elif tag in ("code", "pre"):
            self._code -= 1
            if tag == "pre" and self._pre is not None:
                self.blocks.append("".join(self._pre))
                self._pre = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._heading is not None:
            self._heading.append(data)
        elif self._article:
            self.sections[-1][2] += len(data.split())  # type: ignore[operator]
        if self._pre is not None:
            self._pre.append(data)
        if not self._code:
            self.prose.append(data)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Page]:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                          capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", **__import__("os").environ})
    assert done.returncode == 0, done.stderr
    return {str(path.relative_to(out)): Page(path.read_text(encoding="utf-8")) for path in out.rglob("index.html")}


def test_no_literal_fence_outside_code(site):
    for name, page in site.items():
        assert "```" not in "".join(page.prose), name


def test_no_heading_twice_in_a_row(site):
    for name, page in site.items():
        doubled = [a for a, b in zip(page.headings, page.headings[1:]) if a.lower() == b.lower()]
        assert not doubled, (name, doubled)


def test_the_api_documents_every_public_name(site):
    ids = set().union(*(page.ids for name, page in site.items() if name.startswith(("api/", "internals/"))))
    for package in PACKAGES:
        missing = [n for n in importlib.import_module(package).__all__ if not any(i.endswith(f".{n}") for i in ids)]
        assert not missing, (package, missing)


def test_the_command_line_s_examples_are_code(site):
    blocks = "\n".join(site["cli/index.html"].blocks)
    assert re.search(r"^ *exactcover solve queens 8 --distinct --all$", blocks, re.MULTILINE)
    assert re.search(r"^ *exactcover count queens 12 --distinct$", blocks, re.MULTILINE)
    assert "exactcover solve pentominoes" not in blocks  # (the bundled problem types only)


def test_the_command_line_page_is_a_reference_not_a_repetition(site):
    """Each option several commands share is described once, in a table; the page is at most
    a third of the 13,221 words mkdocs-click made of it (2026-12-05), and ends with the exit
    statuses as a table."""
    page = site["cli/index.html"]
    text = "".join(page.text)
    assert len(text.split()) <= 13_221 // 3
    assert text.count("--max-entries") == 1 and text.count("Refuse (exit 2) a problem whose matrix") == 1
    assert page.headings[-1] == "Exit statuses" and "interrupted" in text and "143" in text
    for heading in ("The commands", "Options the commands share", "exactcover solve", "exactcover sudoku generate",
                    "The problem types", "queens"):
        assert heading in page.headings, heading



def test_no_rest_leftovers_and_drawings_stay_drawings(site):
    """Docstrings are Markdown on the site: no reST ``::`` before a block, and a drawing in a
    docstring stays a drawing, line by line."""
    for name, page in site.items():
        assert not re.search(r"::\s", "".join(page.prose)), name
    assert any("FF.IIIII\n.FF\n.F" in block for block in site["api/problem-types/index.html"].blocks)


def test_no_block_shows_a_placeholder_comment(site):
    """A block that cannot run as shown is marked in the Markdown source (an HTML comment,
    which does not render) and said so in the prose; no block on the site carries a marker."""
    for name, page in site.items():
        assert not [block for block in page.blocks if "placeholder" in block], name


def test_the_home_page_s_pictures_have_captions():
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "![" not in home
    assert home.count("<img ") == home.count("<figcaption>") == 11


def test_the_api_shows_one_signature_per_function_then_its_prose(site):
    """solve's and solutions' overloads are for type checkers (tests/project/test_typing.py): the
    page shows the implementation's signature once, then the docstring."""
    text = "".join(site["api/index.html"].text)
    assert "problem: Problem[A]" not in text and "problem: Matrix," not in text
    assert text.count("The first solution of problem, decoded") == 1


#: The text column's width at 1280 px, in characters of code (issue 72: 47 blocks scrolled).
COLUMN = 80


def test_every_code_line_fits_the_text_column(site):
    """No code block on the site needs a horizontal scroll: a result a comment would push past
    the column is shown on a line of its own."""
    wide = [(name, line) for name, page in site.items() for block in page.blocks
            for line in block.splitlines() if len(line) > COLUMN]
    assert not wide, f"{len(wide)} code lines wider than {COLUMN} characters, the first: {wide[:3]}"


def test_every_page_is_one_a_reader_finishes(site):
    """No page over 4,000 words, no section (from a heading to the next) over 1,500, and no
    more than a short lead before a page's first section heading, so every paragraph is
    under a heading the table of contents shows."""
    for name, page in site.items():
        words = sum(words for _, _, words in page.sections)  # type: ignore[misc]
        assert words <= 4_000, (name, words)
        assert max(words for _, _, words in page.sections) <= 1_500, (name, page.sections)  # type: ignore[type-var]
        lead = sum(words for level, _, words in page.sections[:next(
            (k for k, (level, _, _) in enumerate(page.sections) if level == 2), len(page.sections))])  # type: ignore[misc]
        assert lead <= 150, (name, lead)


def test_the_docstrings_examples_are_code_not_quotes(site):
    """A docstring's ``>>>`` example renders as console code (tools/griffe_doctests.py), not as
    a Markdown quotation run together into prose."""
    for name, page in site.items():
        assert ">>>" not in "".join(page.prose), name
    assert any(block.startswith(">>> ") for block in site["api/model/index.html"].blocks)
