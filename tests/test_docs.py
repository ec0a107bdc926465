"""The examples in the docs run as written (each page with ``>>>`` examples)."""

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
WITH_EXAMPLES = sorted(path.name for path in DOCS.glob("*.md") if ">>> " in path.read_text())
NEED_TABLES = {"penta.md", "classroom.md"}  # they ask the Penta solver: skipped without make tables


def test_the_engine_pages_have_examples():
    assert {"penta.md", "farkle.md", "i18n.md"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize(
    "page",
    [pytest.param(p, marks=pytest.mark.tables) if p in NEED_TABLES else p for p in WITH_EXAMPLES],
)
def test_the_examples_of_a_page_run(page):
    result = doctest.testfile(
        str(DOCS / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0
