"""The teacher's dashboard in a real browser: 30 codes pasted into the box, Read, the class table.

A Voilà server of its own serves a temporary folder with a copy of ``notebooks/teacher.ipynb``;
the codes are 30 example games (``dicelab.classroom.results.example_codes``) and one line that is
no code. A screenshot of the dashboard goes to ``test-artifacts/``. A second page, in French,
uploads a .csv file of 5 codes through the upload button and sorts the table by name.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicelab.classroom.results import example_codes
from tests.browser.conftest import ROOT, start_voila, stop_voila
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.tables]


@pytest.fixture(scope="module")
def teacher_url(tmp_path_factory, artifacts: Path) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("teacher-notebooks")
    shutil.copy(ROOT / "notebooks" / "teacher.ipynb", folder)
    process, base = start_voila(folder, artifacts / "voila-teacher.log")
    try:
        yield base
    finally:
        stop_voila(process)


def test_pasted_codes_make_the_class_table(page, teacher_url, artifacts):
    codes = "\n".join(f"{name}: {code}" for name, code in example_codes(30))
    page.goto(f"{teacher_url}/voila/render/teacher.ipynb", timeout=LOAD)
    page.wait_for_selector(".dl-teacher-read:not([disabled])", timeout=LOAD)
    page.fill(".dl-teacher-input textarea", codes + "\nZed: P1-NOT-A-CODE\n")
    page.click(".dl-teacher-read")
    page.wait_for_selector(".dl-teacher-table tr.dl-teacher-row", timeout=STEP)
    assert page.locator(".dl-teacher-table tr.dl-teacher-row").count() == 30
    summary = page.locator(".dl-teacher-summary").inner_text()
    assert "30 codes read, 1 refused" in summary and "Line 31 (Zed)" in summary
    first = page.locator(".dl-teacher-table tr.dl-teacher-row").first.inner_text()
    scores = [
        int(row.split("\t")[2].replace(",", ""))
        for row in page.locator(".dl-teacher-table tbody").inner_text().splitlines()
    ]
    assert scores == sorted(scores, reverse=True), first  # sorted by score, highest first
    page.wait_for_selector(".dl-teacher-plot svg", timeout=STEP)
    assert "The situation to discuss" in page.locator(".dl-teacher-costliest").inner_text()
    href = page.locator("a.dl-teacher-csv").get_attribute("href")
    assert href.startswith("data:text/csv;charset=utf-8,line%2Cname")
    page.set_viewport_size({"width": 1280, "height": 3200})
    page.locator(".dl-teacher").screenshot(path=str(artifacts / "teacher-voila.png"))
    assert page.errors == []


def test_an_uploaded_csv_file_is_read_and_the_table_sorts_by_name(page, teacher_url, artifacts):
    rows = "\n".join(f'"{name}",{code}' for name, code in example_codes(5))
    content = ("name,code\n" + rows + "\n").encode("utf-8")
    page.goto(f"{teacher_url}/voila/render/teacher.ipynb?lang=fr", timeout=LOAD)
    page.wait_for_selector(".dl-teacher-read:not([disabled])", timeout=LOAD)
    with page.expect_file_chooser() as chooser:  # the button opens the browser's file picker
        page.click(".dl-teacher-upload")
    chooser.value.set_files(
        files=[{"name": "classe.csv", "mimeType": "text/csv", "buffer": content}]
    )
    page.wait_for_selector(".dl-teacher-table tr.dl-teacher-row", timeout=STEP)
    assert page.locator(".dl-teacher-table tr.dl-teacher-row").count() == 5
    assert "5 codes lus, 0 refusé" in page.locator(".dl-teacher-summary").inner_text()
    assert page.locator(".dl-teacher-input textarea").input_value().startswith("name,code")
    page.select_option(".dl-teacher-sort select", label="Nom, de A à Z")
    page.wait_for_function(
        "() => document.querySelector('.dl-teacher-table tr.dl-teacher-row td:nth-child(2)')"
        ".innerText === 'Ada'",
        timeout=STEP,
    )
    names = page.locator(".dl-teacher-table tr.dl-teacher-row td:nth-child(2)").all_inner_texts()
    assert names == sorted(names)
    assert page.errors == []


def test_a_file_over_the_limit_is_refused_in_words(page, teacher_url, artifacts):
    """Issue 27: a file over 10 MiB was dropped without a word (the page's message to the
    kernel was too large); the page now sends its name and size, and the kernel refuses it."""
    page.goto(f"{teacher_url}/voila/render/teacher.ipynb?lang=fr", timeout=LOAD)
    page.wait_for_selector(".dl-teacher-read:not([disabled])", timeout=LOAD)
    with page.expect_file_chooser() as chooser:
        page.click(".dl-teacher-upload")
    chooser.value.set_files(
        files=[{"name": "classe.txt", "mimeType": "text/plain", "buffer": b"a" * 12_000_000}]
    )
    try:
        page.wait_for_function(
            "() => document.querySelector('.dl-notice')?.innerText.includes('trop gros')",
            timeout=STEP,
        )
    finally:
        page.screenshot(path=str(artifacts / "teacher-upload-too-large.png"))
    notice = " ".join(page.locator(".dl-notice").inner_text().replace("\u202f", " ").split())
    notice = notice.replace("\u00a0", " ")
    assert "12 000 000 octets" in notice and "au plus 8 000 000 octets" in notice
    assert page.errors == []
