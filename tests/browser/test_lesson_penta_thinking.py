"""The lesson "How the best player thinks" under Voilà, in French, as a learner uses it: the page
opens without an error, a prediction is typed and committed, and the feedback names the mistake
behind it; the small game's table says the two solvers agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicelab.i18n import translate
from dicelab.lessons import penta_thinking
from tests.browser.test_apps import STEP, assert_clean, open_page, shoot, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_french_learner_commits_a_prediction_and_is_told_the_mistake_behind_it(
    page, voila_url: str, artifacts: Path
):
    open_page(page, voila_url, "penta_thinking.ipynb", "?lang=fr")
    wait_ready(page, ".dl-prediction")
    page.wait_for_function("document.querySelectorAll('.dl-prediction').length === 6")
    assert translate("How the best player thinks", "fr") in page.inner_text("body")
    agree = translate(
        "**The two solvers agree**: the largest difference is {difference} points, a rounding "
        "error of the computer's arithmetic.",
        "fr",
        difference="",
    ).split("**")[1]
    assert agree not in page.inner_text("body")  # the small game's check waits for a prediction
    keep = page.locator(".dl-prediction").nth(0)
    keep.locator("input[type=text]").fill("11 %")  # (1/6 + 1/6)²: the tries added
    keep.locator("button.dl-check").click()
    exercise = penta_thinking()["keep"].exercise
    why = exercise.mistakes[1].why.render("fr")
    page.wait_for_selector(f"text={why[:40]}", timeout=STEP)
    assert "121/1296" in keep.inner_text()
    backwards = page.locator(".dl-prediction").nth(1)
    backwards.locator("input[type=radio]").first.check()
    backwards.locator("button.dl-check").click()
    page.wait_for_selector(f"text={agree}", timeout=STEP)
    assert_clean(page)
    shoot(page, artifacts, "penta_thinking_fr")
