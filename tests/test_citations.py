"""Every rule citation points at the rulebook in the repository, and every doc link resolves.

The rules live in ``docs/rules/penta.md`` and ``docs/rules/farkle.md`` (restated from the user's
sheets in ``docs/rules/sheets/``), the fixed public names in ``docs/api.md``. A citation of a spec
outside the repository (``spec/<game>.md``, ``../shared/spec/...``) would send a reader nowhere.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CITING = ("dicelab", "tests", "docs", "notebooks", "benchmarks")
SUFFIXES = {".py", ".md", ".ipynb", ".txt", ".cfg", ".toml"}
OUTSIDE = re.compile(r"(?<![\w/.-])(?:[\w./-]*shared/)?spec/\w+\.md")
DOC_PATH = re.compile(r"(?<![\w/.-])docs/[\w/.-]*\w\.(?:md|txt)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")


def texts():
    """(path, text) of every file that may cite the rules, the README included."""
    yield ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8")
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and path != Path(__file__):
                yield path, path.read_text(encoding="utf-8")


def test_the_rulebook_is_in_the_repository():
    for name in ("rules/penta.md", "rules/farkle.md", "api.md"):
        assert (ROOT / "docs" / name).is_file(), name
    sheets = sorted(p.name for p in (ROOT / "docs/rules/sheets").glob("*.txt"))
    assert sheets == ["farkle-no.txt", "penta-bg.txt", "penta-ca.txt"]


def test_nothing_cites_a_spec_outside_the_repository():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {match}"
        for path, text in texts()
        for number, line in enumerate(text.splitlines(), 1)
        for match in OUTSIDE.findall(line)
    ]
    assert found == [], "cite docs/rules/penta.md, docs/rules/farkle.md or docs/api.md instead"


def test_every_cited_docs_path_exists():
    missing = {
        f"{path.relative_to(ROOT)}: {cited}"
        for path, text in texts()
        for cited in DOC_PATH.findall(text)
        if not (ROOT / cited).exists()
    }
    assert missing == set()


@pytest.mark.parametrize(
    "page",
    ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))],
)
def test_every_relative_link_of_a_page_resolves(page):
    path = ROOT / page
    links = LINK.findall(path.read_text(encoding="utf-8"))
    broken = [
        link for link in links if "://" not in link and not (path.parent / link).resolve().exists()
    ]
    assert broken == []
