"""Every page of ``notebooks/``, in every language, under Voilà, checked with axe-core (WCAG 2.2
AA and its best practices): no violation of impact critical or serious; the page says its
language and its title in that language; the focus ring is at least 2 px with 3:1 contrast.

The five languages of a notebook are opened at once (one kernel each, started together), so
that 75 pages take a few minutes on the shared server and browser of the browser tests. The
count of violated rules by impact, page by page, is printed at the end and written to
``test-artifacts/axe.txt``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from dicelab.i18n import available_languages
from dicelab.widgets.page_texts import title
from tests.browser.axe import SETTLE, AxeReport, axe_source, run_axe, table, wait_drawn
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
LANGUAGES = available_languages()


@pytest.fixture(scope="module")
def reports(request, artifacts):
    """The axe reports of every page checked, printed and saved once the module is done."""
    found: list[AxeReport] = []
    yield found
    if not found:
        return
    text = "axe-core: violated rules by impact, page by page\n" + table(found) + "\n"
    details = "\n".join(report.describe() for report in found if report.violations)
    (artifacts / "axe.txt").write_text(text + "\n" + details + "\n", encoding="utf-8")
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return  # a worker has no terminal: conftest.py prints the table from the file
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # to the terminal, not the captured output
            reporter.write_line("")
            for line in text.splitlines():
                reporter.write_line(line)


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_language_of_the_page_passes_axe(browser, voila_url, artifacts, reports, notebook):
    source = axe_source()
    opened = []
    try:
        for lang in LANGUAGES:  # all at once: their kernels start together
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            url = f"{voila_url}/voila/render/{notebook}?lang={lang}"
            page.goto(url, wait_until="commit", timeout=LOAD)
            opened.append((lang, context, page))
        for _lang, _context, page in opened:
            wait_drawn(page, notebook, settle=False)
        opened[-1][2].wait_for_timeout(SETTLE)  # once for the five, drawn side by side
        failing = []
        for lang, _context, page in opened:
            # The page says its language and what it is, in that language.
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.title() == title(notebook.removesuffix(".ipynb"), lang)
            assert page.locator("[role=main] .jp-Cell").count() > 0
            report = run_axe(page, f"{notebook}?lang={lang}", source)
            reports.append(report)
            failing += report.failing()
            if report.failing():
                page.screenshot(path=str(artifacts / f"axe_{notebook}_{lang}.png"), full_page=True)
        assert not failing, "\n" + "\n".join(
            report.describe(report.failing()) for report in reports[-len(opened) :]
        )
    finally:
        for _lang, context, _page in opened:
            context.close()


# -- focus: visible, 2 px at least, 3:1 against the page (WCAG 2.2: 2.4.7, 2.4.13) -------------

OUTLINE = """element => {
    const style = getComputedStyle(element);
    return [style.outlineStyle, parseFloat(style.outlineWidth), style.outlineColor];
}"""


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The contrast ratio of two colours (WCAG's formula)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(css: str) -> tuple[int, int, int]:
    red, green, blue = (int(part) for part in re.findall(r"\d+", css)[:3])
    return red, green, blue


def tab_to(page, selector: str, most: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus (keyboard only)."""
    for _ in range(most):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"{selector} never took the focus in {most} presses of Tab")


@pytest.mark.parametrize(
    ("notebook", "selectors"),
    [
        ("penta_play.ipynb", [".dl-lang select", ".dl-die", ".dl-roll", ".dl-validate"]),
        ("house_rules.ipynb", [".dl-preset select", ".dl-rule-full-house-points input"]),
    ],
)
def test_the_focus_is_shown_by_a_ring_of_2_px_and_3_to_1(browser, voila_url, notebook, selectors):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/{notebook}?lang=en", timeout=LOAD)
        wait_drawn(page, notebook)
        if notebook == "penta_play.ipynb":  # the dice take the focus once rolled
            tab_to(page, ".dl-roll")
            page.keyboard.press("Enter")
            page.wait_for_function(
                "() => [...document.querySelectorAll('.dl-die')].every(d => /^[1-6]/"
                ".test(d.innerText.trim()) && !d.disabled)",
                timeout=STEP,
            )
            tab_to(page, ".dl-box-chance")  # a box picked: Validate can take the focus
            page.keyboard.press("Enter")
            page.wait_for_function(
                "() => !document.querySelector('.dl-validate').disabled", timeout=STEP
            )
        for selector in selectors:
            tab_to(page, selector)
            style, width, colour = page.evaluate(OUTLINE, page.locator(":focus").element_handle())
            assert style != "none" and width >= 2, (selector, style, width)
            assert contrast(rgb(colour), (255, 255, 255)) >= 3, (selector, colour)
    finally:
        context.close()
