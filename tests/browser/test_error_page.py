"""The page the server sends instead of a page it could not give (the template's error.html):
what happened and what to do in the page's language, never Voilà's English "503: Service
Unavailable"; checked with axe-core in every language.

A page whose kernel cannot start is made real: a Voilà server of its own serves a notebook
whose kernel's program does not exist (its kernelspec, in a ``JUPYTER_PATH`` of the test's).
"""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicelab.i18n import available_languages
from dicelab.widgets.page_texts import page_texts
from tests.browser.axe import axe_source, run_axe
from tests.browser.conftest import start_voila, stop_voila

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
TEXTS = page_texts()["texts"]


@pytest.fixture(scope="module")
def broken_server(tmp_path_factory, artifacts) -> Iterator[str]:
    """A Voilà server (as make run starts it) on a folder with the start page and a notebook
    whose kernel cannot start."""
    folder = tmp_path_factory.mktemp("pages")
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", folder)
    spec = tmp_path_factory.mktemp("jupyter") / "kernels" / "unstartable"
    spec.mkdir(parents=True)
    argv = [str(folder / "no-such-python"), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "Unstartable", "language": "python"})
    )
    notebook = {
        "cells": [{"cell_type": "code", "id": "a", "metadata": {}, "outputs": [], "source": "1"}],
        "metadata": {"kernelspec": {"name": "unstartable", "display_name": "Unstartable"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / "cannot_start.ipynb").write_text(json.dumps(notebook))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PATH", str(spec.parents[1]))
        process, base = start_voila(folder, artifacts / "voila-error-page.log")
    yield base
    stop_voila(process)


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize(
    ("notebook", "code", "kind"),
    [("no_such_page.ipynb", 404, "notFound"), ("cannot_start.ipynb", 500, "broken")],
)
def test_the_error_page_says_what_to_do_in_every_language(
    browser, broken_server, artifacts, notebook, code, kind
):
    url = f"{broken_server}/voila/render/{notebook}"
    assert status(url) == code
    source = axe_source()
    context = browser.new_context()
    page = context.new_page()
    try:
        for lang in available_languages():
            page.goto(f"{url}?lang={lang}")
            words = TEXTS[lang]
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.title() == "dicelab"
            assert page.inner_text("[role=alert]") == words[kind]
            again, start = page.locator("main a").all()
            assert again.inner_text() == words["reload"] and again.get_attribute("href") == ""
            assert start.inner_text() == words["start"]
            assert start.evaluate("a => a.href").endswith(
                f"/voila/render/00_start_here.ipynb?lang={lang}"
            )
            assert f"HTTP {code}" in page.inner_text("main")
            if lang != "en":
                assert "Unavailable" not in page.content() and "Not Found" not in page.content()
            report = run_axe(page, f"error {code}?lang={lang}", source)
            if report.failing():
                page.screenshot(path=str(artifacts / f"error_{code}_{lang}.png"))
            assert not report.failing(), report.describe(report.failing())
        # by keyboard alone: Tab to the start page's link (its focus ring shown), then Enter
        for _ in range(2):
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "dl-error-start"
        ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert ring != "none"
        page.keyboard.press("Enter")  # the start page opens, in the language of the error page
        page.wait_for_url("**/00_start_here.ipynb?lang=nb")
    finally:
        context.close()
