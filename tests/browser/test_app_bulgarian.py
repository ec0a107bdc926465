"""The Farkle app in Bulgarian in a real browser: Voilà serving ``notebooks/`` at
``farkle_play.ipynb?lang=bg`` and Debian's Chromium (never a browser of Playwright's own).

Every label a learner can press is read from the page: the expected Bulgarian texts come from
the catalogue (``translate(..., lang="bg")``), and no button may still carry a Latin word
(English left over) once the app is drawn and after a roll. A screenshot of each step goes to
``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest

from dicelab.i18n import available_languages, format_number, plural, translate
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "farkle_play.ipynb"
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
ERROR_TEXTS = (
    "There was an error when executing cell",
    "Traceback (most recent call last)",
    "Kernel died",
)
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'
ENGLISH_LABELS = ("Roll 6 dice", "Bank 0", "New game", "Risk", "Language", "to play")


def bg(msgid: str, **params) -> str:
    return translate(msgid, lang="bg", **params)


def button_labels(page) -> list[str]:
    """The text of every visible button of the app (dice, controls, panel toggles)."""
    return [
        text.strip()
        for text in page.locator(".dl-app button:visible").all_inner_texts()
        if text.strip()
    ]


def cut_labels(page) -> list[str]:
    """Visible buttons whose label does not fit (the browser cuts it with an ellipsis)."""
    return page.eval_on_selector_all(
        ".dl-app button",
        """buttons => buttons
            .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
            .map(b => b.innerText.trim())""",
    )


def english_left(labels: list[str]) -> list[str]:
    """Labels that still hold a Latin word: Bulgarian is written in Cyrillic."""
    return [label for label in labels if LATIN_WORD.search(label)]


def assert_clean(page) -> None:
    assert page.locator(STDERR).count() == 0, page.locator(STDERR).all_inner_texts()
    assert page.locator(".dl-card-error").count() == 0
    body = page.inner_text("body")
    assert not [error for error in ERROR_TEXTS if error in body]
    assert page.errors == []


def test_farkle_app_in_bulgarian_from_the_url(page, voila_url, artifacts):
    assert "bg" in available_languages(), "no Bulgarian catalogue"
    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}?lang=bg", timeout=LOAD)
    roll = page.locator(".dl-roll")
    roll_label = plural("Roll {n} die", "Roll {n} dice", 6, lang="bg")
    page.wait_for_function(
        """([label, errors]) => {
            const button = document.querySelector('.dl-roll');
            if (button && !button.disabled && button.innerText.trim() === label) return true;
            const text = document.body ? document.body.innerText : '';
            return errors.some(error => text.includes(error));
        }""",
        arg=[roll_label, list(ERROR_TEXTS)],
        timeout=LOAD,
    )
    assert_clean(page)

    # The app is drawn in Bulgarian: title, controls, language menu, whose turn it is.
    assert roll.inner_text().strip() == roll_label
    assert roll.get_attribute("title") == bg("Roll the dice in play")
    bank = page.locator(".dl-bank")
    assert bank.inner_text().strip() == bg("Bank {points}", points=format_number(0, "bg"))
    assert bank.get_attribute("title") == bg("Add the turn's points to your total")
    assert page.locator(".dl-new-game").inner_text().strip() == bg("New game")
    assert page.locator(".dl-title").inner_text().strip() == bg("Play Farkle")
    assert page.locator(".dl-lang select").input_value() == "Български"  # the language in itself
    status = page.locator(".dl-status").inner_text()
    assert bg("{player} to play", player=bg("Player {n}", n=1)) in status
    labels = button_labels(page)
    assert english_left(labels) == [], labels
    body = page.inner_text(".dl-app")
    assert [text for text in ENGLISH_LABELS if text in body] == []
    assert cut_labels(page) == []
    page.screenshot(path=str(artifacts / "farkle_play_bg.png"), full_page=True)

    # The New game panel: «Хора + 1 ИИ», the fields and their buttons.
    page.click(".dl-new-game")
    page.locator(".dl-lineup").wait_for(timeout=STEP)
    assert page.locator(".dl-lineup").inner_text().strip() == bg("Humans + 1 AI")
    assert page.locator(".dl-start").inner_text().strip() == bg("Start the game")
    labels = button_labels(page)
    assert english_left(labels) == [], labels
    assert cut_labels(page) == []
    page.screenshot(path=str(artifacts / "farkle_play_bg_new_game.png"), full_page=True)
    page.click(".dl-cancel")
    page.locator(".dl-lineup").wait_for(state="detached", timeout=STEP)

    # A roll: the dice speak Bulgarian too (their tooltips say what pressing does).
    before = page.locator(".dl-situation").inner_text()
    roll.click()
    page.wait_for_function(
        "before => document.querySelector('.dl-situation').innerText !== before",
        arg=before,
        timeout=STEP,
    )
    page.wait_for_function(
        """() => [...document.querySelectorAll('.dl-die')].every(
            d => /^[1-6](, .+)?$/.test(d.innerText.trim()))""",
        timeout=STEP,
    )
    titles = [
        page.locator(".dl-die").nth(i).get_attribute("title") or ""
        for i in range(page.locator(".dl-die").count())
    ]
    assert {bg("Set this die aside"), bg("Nothing in this roll scores")} & set(titles), titles
    assert english_left(titles) == [], titles
    labels = button_labels(page)
    assert english_left(labels) == [], labels
    assert cut_labels(page) == []
    notices = page.locator(".dl-notice").inner_text()
    assert not LATIN_WORD.search(notices), notices
    page.screenshot(path=str(artifacts / "farkle_play_bg_rolled.png"), full_page=True)
    assert_clean(page)
