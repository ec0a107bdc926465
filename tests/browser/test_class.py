"""A class in a real browser: preheated kernels, a page's URL, nothing from outside, many pages.

The app notebooks run in Voilà's preheated kernels (``voila.json``): the page must still
start in the language of its URL, load nothing from another host (Font Awesome came from a
public CDN), be drawn by dicelab's front end in a handful of requests, and a small class (5
pages at once, ``benchmarks/voila_class.py``) must render, roll, and give its kernels back when
the pages close.
"""

from __future__ import annotations

import os
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from dicelab.i18n import translate
from tests.browser.conftest import CHROMIUM
from tests.browser.waits import LOAD
from tests.helpers import load_benchmark

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
APPS = {
    # notebook: (the first control a learner presses, the app's title)
    "penta_play.ipynb": (".dl-roll:not([disabled])", "Play Penta"),
    "penta_scoring.ipynb": (".dl-die:not([disabled])", "Scoring inspector"),
    "farkle_play.ipynb": (".dl-roll:not([disabled])", "Play Farkle"),
    "farkle_risk.ipynb": (".dl-preset select:not([disabled])", "Farkle risk explorer"),
}


def preheated_uses(log: Path, notebook: str) -> int:
    """How many pages of ``notebook`` the server gave a preheated kernel (from its log)."""
    text = log.read_text(errors="replace")
    return len(re.findall(rf"Using pre-heated kernel: \S+ for {re.escape(notebook)}", text))


@pytest.mark.parametrize("notebook", list(APPS))
def test_a_preheated_app_speaks_its_urls_language_and_asks_no_other_host(
    notebook, page, voila_url, voila_log
):
    ready, title = APPS[notebook]
    log = voila_log
    before = preheated_uses(log, notebook)
    host = urlsplit(voila_url).netloc
    elsewhere: list[str] = []
    page.on(
        "request",
        lambda request: (
            None
            if urlsplit(request.url).scheme in ("data", "blob")
            or urlsplit(request.url).netloc == host
            else elsewhere.append(request.url)
        ),
    )
    paths: list[str] = []
    page.on("request", lambda request: paths.append(urlsplit(request.url).path))
    console_errors: list[str] = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)

    page.goto(f"{voila_url}/voila/render/{notebook}?lang=bg", timeout=LOAD)
    page.locator(ready).first.wait_for(timeout=LOAD)
    page.wait_for_load_state("load")

    assert page.locator(".dl-title").first.inner_text().strip() == translate(title, lang="bg")
    assert preheated_uses(log, notebook) == before + 1, "the page did not get a preheated kernel"
    assert elsewhere == [], f"requests to another host: {elsewhere}"
    # Drawn by dicelab's front end (frontend/), not Voilà's JupyterLab application.
    assert any(path.endswith("/static/frontend/dicelab.js") for path in paths)
    stock = [path for path in paths if "/voila/static/" in path or "/labextensions/" in path]
    assert stock == [], f"Voilà's own front end was loaded: {stock[:3]}"
    # Font Awesome comes with dicelab's stylesheet (the buttons' icons), not with voila-style.js.
    assert not any(path.endswith("voila-style.js") for path in paths), paths
    icons = "document.fonts.load('900 16px \"Font Awesome 5 Free\"').then((f) => f.length)"
    assert page.evaluate(icons) == 1, "the icons' font did not load"
    assert any("/static/frontend/fa-solid-900-" in path for path in paths), paths
    assert len(paths) <= 15, paths
    assert console_errors == []
    assert page.errors == []


def browser_ui_pages(browser_ui: bool, wait: float = 5.0) -> tuple[list[str], float]:
    """The pages of Chromium's own UI that a benchmark's browser loads for one new window
    (``browser_ui`` targets), looked for during ``wait`` seconds; and the seconds until they
    were seen (``wait`` if none was)."""
    from playwright.sync_api import sync_playwright

    args = load_benchmark("voila_class").chromium_args(browser_ui)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
        try:
            browser.new_context().new_page().goto("data:text/html,<p>a learner's page</p>")
            session = browser.new_browser_cdp_session()
            started = time.monotonic()
            while True:
                targets = session.send("Target.getTargets")["targetInfos"]
                found = [t["url"] for t in targets if t["type"] == "browser_ui"]
                if found or time.monotonic() > started + wait:
                    return found, time.monotonic() - started
                time.sleep(0.2)
        finally:
            browser.close()


def test_the_benchmarks_browser_loads_no_hidden_ui_page_for_each_learner():
    # Chromium's address-bar drop-down, drawn as a web page and loaded hidden in every new
    # window, cost each of the class benchmark's pages about 0.5 s of the server's CPU.
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    pytest.importorskip("playwright.sync_api")
    with ThreadPoolExecutor(max_workers=1) as pool:  # (this thread may hold Playwright's loop)
        shown, seen_after = pool.submit(browser_ui_pages, True).result()
        # looked for three times as long as the shown one took to come (a second at least)
        hidden, _ = pool.submit(browser_ui_pages, False, max(1.0, 3 * seen_after)).result()
    if not shown:
        pytest.skip("this Chromium loads no page of its own UI in a new window")
    assert any("omnibox-popup" in url for url in shown), shown  # Chromium 156
    assert hidden == [], f"the benchmarks' Chromium loads its own UI for each page: {hidden}"


def test_a_class_of_five_renders_rolls_and_gives_its_kernels_back():
    # Its own server and browser, as benchmarks/voila_class.py runs them.
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    pytest.importorskip("playwright.async_api")
    bench = load_benchmark("voila_class")
    pages = 5
    # In a thread of its own: this thread may hold the session's (synchronous) Playwright loop.
    with ThreadPoolExecutor(max_workers=1) as pool:
        # a short refill: five pages do not compete with it, and the suite waits less
        figures = pool.submit(bench.run_class, pages, ["penta_play"], True, 5).result()
    figures = figures["penta_play"]
    results = figures["run"]["results"]
    load = f"load average {figures['run']['load_during']:.1f}"

    assert [r.error for r in results if r.error] == [], load
    renders = [r.render for r in results]
    assert all(r is not None for r in renders), load
    assert max(renders) <= bench.SLOWEST_GOAL, f"first widgets {renders} s ({load})"
    assert all(r.roll is not None for r in results), "a roll did not take effect"
    assert sorted({url for r in results for url in r.outside}) == []
    assert figures["log"].count("Using pre-heated kernel") == pages
    assert len(figures["taken"]) == pages, "the pages' kernels were not found by id in the log"

    # The pages' kernels were shut down: only the pool is left, in memory too.
    assert figures["back"] is not None, "kernels of closed pages still ran after 2 minutes"
    assert figures["after"]["kernels"] == pages
    assert figures["after"]["total"] <= figures["before"]["total"] * 1.25
