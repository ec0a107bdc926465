"""The start page as Voilà serves it: the folder's page, drawn by dicelab's template without a
kernel, in the page's language, its links to every app and lesson working (issue 25: it
waited 2.5 s for a kernel that only printed links)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dicelab.i18n import available_languages
from dicelab.lessons import APPS, LESSONS
from tests.browser.test_apps import LOAD, READY, assert_clean, shoot, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def open_start(page, voila_url: str, query: str = "") -> list[str]:
    """Open the folder's page; return the websockets it opened (a kernel's connection)."""
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(f"{voila_url}/{query}", timeout=LOAD)
    page.wait_for_selector("main .dl-start:not([hidden]) a[href]", timeout=LOAD)
    return sockets


@pytest.mark.parametrize("lang", available_languages())
def test_folder_page_is_the_start_page_in_its_language_without_a_kernel(
    page, voila_url, artifacts, lang
):
    sockets = open_start(page, voila_url, f"?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    shown = page.locator(".dl-start:not([hidden])")
    assert shown.count() == 1 and shown.get_attribute("lang") == lang
    for item in (*APPS, *LESSONS):
        link = shown.get_by_role("link", name=item.title.render(lang), exact=True)
        href = link.first.get_attribute("href")
        assert href == f"/voila/render/{item.notebook}?lang={lang}", href
    assert page.locator("script#jupyter-config-data").count() == 0  # no kernel to connect to
    page.wait_for_timeout(300)
    assert sockets == []
    assert page.errors == []
    if lang == "fr":
        shoot(page, artifacts, "start-page-fr")


def test_start_page_follows_the_browser_language_and_its_links_work(browser, voila_url):
    """Without ?lang=, the browser's language (here Catalan); a link opens the app in the
    same tab and language; another language's link is this page in that language."""
    context = browser.new_context(locale="ca-ES", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        open_start(page, voila_url)
        assert page.evaluate("document.documentElement.lang") == "ca"
        page.locator(".dl-start:not([hidden])").get_by_role("link", name="Français").click()
        page.wait_for_url(re.compile(r"/\?lang=fr$"), timeout=LOAD)
        assert page.evaluate("document.documentElement.lang") == "fr"
        name = APPS[0].title.render("fr")
        page.locator(".dl-start:not([hidden])").get_by_role("link", name=name).first.click()
        page.wait_for_url(re.compile(r"/voila/render/penta_play\.ipynb\?lang=fr$"), timeout=LOAD)
        wait_ready(page, READY["penta_play.ipynb"])
        assert_clean(page)
    finally:
        context.close()


def test_start_page_notebook_still_opens_under_voila(page, voila_url, artifacts: Path):
    """The notebook's own address (JupyterLab's, old links) still shows the same links."""
    page.goto(f"{voila_url}/voila/render/00_start_here.ipynb?lang=fr", timeout=LOAD)
    link = page.get_by_role("link", name=APPS[0].title.render("fr"), exact=True)
    link.first.wait_for(timeout=LOAD)
    assert link.first.get_attribute("href") == "penta_play.ipynb?lang=fr"
