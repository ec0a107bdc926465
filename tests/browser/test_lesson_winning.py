"""The lesson "risk, variance and winning" under Voilà, in Chromium, as a learner uses it:
every card in order, a prediction committed and answered with the engine's number and the
anticipated mistake's explanation, nothing of the explanation before a prediction, and the
slider's threshold played against the computer once the last question is answered."""

from __future__ import annotations

import pytest

from dicelab.i18n import format_percent
from dicelab.lessons.winning_vs_scoring import duel, turn_scores, winning_vs_scoring

from .test_apps import LOAD, STEP, assert_clean, open_page, shoot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "winning_vs_scoring.ipynb"


def test_predict_then_play_against_the_computer(page, voila_url, artifacts):
    lesson = winning_vs_scoring()
    open_page(page, voila_url, NOTEBOOK, "?lang=en")
    questions = page.locator(".dl-prediction")
    questions.nth(len(lesson) - 1).wait_for(timeout=LOAD)
    text = page.inner_text("body")
    positions = [text.find(f"{rule.number}. {rule.title.render('en')}\n") for rule in lesson]
    assert -1 not in positions and positions == sorted(positions)
    # Question first: no example, plot or game gives an answer away before a prediction.
    assert "Live example" not in text and page.locator(".dl-reveal img").count() == 0
    assert page.locator(".dl-strategy-duel").count() == 0
    assert page.locator(".dl-code-toggle button").inner_text().strip() == "Show the code"
    # the first exercise: Steady's chance of ending with nothing, the tempting wrong answer
    steady = format_percent(turn_scores(300).chance_of(0), "en")
    first = questions.first
    first.locator("input[type=text]").fill(steady)
    first.locator(".dl-check").click()
    expected = format_percent(float(lesson["spread"].exercise.answer()), "en")
    page.get_by_text(f"the engine says {expected}").wait_for(timeout=STEP)
    page.get_by_text("The same average does not mean the same risk").first.wait_for(timeout=STEP)
    page.locator(".dl-reveal img").first.wait_for(timeout=STEP)  # the spread, drawn now
    assert page.locator(".dl-strategy-duel").count() == 0
    # the last exercise answered, the learner's strategies play against the computer
    last = questions.nth(len(lesson) - 1)
    last.locator("input[type=text]").fill("50")
    last.locator(".dl-check").click()
    page.wait_for_selector(".dl-strategy-duel button", timeout=LOAD)
    page.locator(".dl-strategy-duel button").click()
    page.wait_for_selector(".dl-strategy-duel li", timeout=LOAD)
    result = duel(300)
    line = page.locator(".dl-strategy-duel li").first.inner_text()
    assert format_percent(result.win_rate, "en") in line
    assert format_percent(duel([200, 250, 300, 350, 400, 450]).win_rate, "en") in page.inner_text(
        "body"
    )  # the code cell's six thresholds
    shoot(page, artifacts, "winning_vs_scoring")
    assert_clean(page)
