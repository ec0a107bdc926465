"""The lesson farkle_chances.ipynb in Chromium under Voilà, as a learner uses it: the question
comes first, the explanation (example, dice, plots) waits for a prediction, and the feedback
names the mistake the learner made, in the page's language."""

from __future__ import annotations

import pytest

from browser.test_apps import LOAD, STEP, assert_clean, open_page, shoot
from dicelab.lessons.farkle_chances import farkle_chances

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "farkle_chances.ipynb"


@pytest.mark.parametrize(
    ("query", "check", "said"),
    [("", "Check", "You said"), ("?lang=fr", "Vérifier", "Tu as répondu")],
)
def test_a_prediction_reveals_the_explanation_and_names_the_mistake(
    page, voila_url, artifacts, query, check, said
):
    lesson = farkle_chances()
    open_page(page, voila_url, NOTEBOOK, query)
    questions = page.locator(".dl-prediction")
    questions.nth(len(lesson) - 1).wait_for(timeout=LOAD)
    assert questions.count() == len(lesson)
    waiting = page.locator(".dl-reveal")
    before = waiting.count()
    assert before > len(lesson) and page.locator(".dl-sample-space").count() == 0
    triples = questions.nth(lesson.ids.index("triples"))
    triples.locator("input[type=text]").fill("29.6")
    triples.get_by_role("button", name=check).click()
    lang = "fr" if query else "en"
    mistake = lesson["triples"].exercise.mistakes[0].why.render(lang)
    triples.get_by_text(said).wait_for(timeout=STEP)
    assert mistake[:40] in triples.inner_text()
    page.locator(".dl-sample-space").first.wait_for(timeout=STEP)  # the 216 outcomes, drawn
    assert page.locator(".dl-sample-space svg").count() == 6
    shoot(page, artifacts, f"farkle_chances{'_fr' if query else ''}")
    assert_clean(page)
