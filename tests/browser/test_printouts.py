"""The printouts in Chromium: each prints on A4 in the pages it promises, in every language,
and the printouts page under Voilà hands a teacher the files.

Chromium prints each printout to PDF (``page.pdf(format="A4")``); the pages are counted from
the PDF's page objects. A screenshot of each game's printouts (print media) goes to
``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest

from dicelab.i18n import available_languages, translate
from dicelab.printouts import WHAT, file_name, printout
from dicelab.printouts.sheets import MAX_PLAYERS
from tests.browser.waits import LOAD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGES = {"penta": 2, "farkle": 2, "penta-scorecard": 1, "farkle-sheet": 1}
"""The most A4 pages each printout may take (a score sheet: exactly one)."""


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (its ``/Type /Page`` objects; ``/Pages`` is the tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def printed(page, html: str) -> bytes:
    page.set_content(html)
    page.emulate_media(media="print")
    return page.pdf(format="A4", prefer_css_page_size=True)


@pytest.mark.parametrize("lang", available_languages())
@pytest.mark.parametrize("what", list(WHAT))
def test_a_printout_fits_its_a4_pages(page, what, lang, artifacts):
    pdf = printed(page, printout(what, lang))
    assert pdf.startswith(b"%PDF")
    pages = pdf_pages(pdf)
    assert 1 <= pages <= PAGES[what]
    if PAGES[what] == 1:
        assert pages == 1
    if lang == "fr":
        page.screenshot(path=str(artifacts / f"printout-{what}-{lang}.png"), full_page=True)
    assert page.errors == []


@pytest.mark.parametrize("what", ["penta-scorecard", "farkle-sheet"])
def test_a_score_sheet_for_the_most_players_is_still_one_page(page, what):
    assert pdf_pages(printed(page, printout(what, "bg", players=MAX_PLAYERS))) == 1


def test_the_printouts_page_hands_a_teacher_the_files_in_the_pages_language(
    page, voila_url, artifacts
):
    page.goto(f"{voila_url}/voila/render/printouts.ipynb?lang=fr", timeout=LOAD)
    links = page.locator("a.dl-download")
    links.first.wait_for(timeout=LOAD)
    assert links.count() == len(WHAT)
    assert links.all_inner_texts() == [title.render("fr") for title in WHAT.values()]
    assert translate("Printouts", "fr") in page.inner_text(".dl-title")
    page.screenshot(path=str(artifacts / "printouts-page-fr.png"), full_page=True)
    with page.expect_download() as download:
        page.get_by_text(WHAT["penta-scorecard"].render("fr"), exact=True).click()
    assert download.value.suggested_filename == file_name("penta-scorecard", "fr")
    with open(download.value.path(), encoding="utf-8") as saved:
        assert saved.read() == printout("penta-scorecard", "fr")
    assert page.errors == []
