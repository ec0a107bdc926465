"""A teacher's own lesson (notebooks/my_lesson.ipynb) under Voilà, as a learner meets it: the
teacher's words and questions, no code, and a prediction answered in the teacher's words; and
a lesson notebook's generated Markdown (tag dicelab-readable) left out of the page."""

from __future__ import annotations

import pytest

from browser.test_apps import LOAD, STEP, assert_clean, open_page, shoot
from dicelab.lessons.farkle_chances import farkle_chances
from dicelab.printouts.lesson import read_lesson
from tests.browser.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_learner_answers_the_teachers_question_and_reads_the_teachers_words(
    page, voila_url, artifacts
):
    lesson = read_lesson(ROOT / "notebooks" / "my_lesson.ipynb")
    open_page(page, voila_url, "my_lesson.ipynb")
    questions = page.locator(".dl-prediction")
    questions.nth(2).wait_for(timeout=LOAD)
    assert questions.count() == 3
    text = page.inner_text("body")
    assert "The chance of a farkle" in text and "Three dice" in text
    assert "ask(" not in text and "farkle_chance(" not in text  # code one click away
    three = questions.nth(1)
    three.locator("input[type=text]").fill("29.6")
    three.locator("input[type=text]").press("Enter")
    three.get_by_text("Not quite.").wait_for(timeout=STEP)
    (mistake,) = [why for _, why in lesson.questions[1].wrong]
    assert mistake[:60] in three.inner_text()
    page.locator(".dl-sample-space").first.wait_for(timeout=STEP)  # after(): shown now
    shoot(page, artifacts, "my_lesson")
    assert_clean(page)


def test_a_lessons_generated_markdown_is_not_on_its_page(page, voila_url):
    lesson = farkle_chances()
    open_page(page, voila_url, "farkle_chances.ipynb")
    page.locator(".dl-prediction").nth(len(lesson) - 1).wait_for(timeout=LOAD)
    assert page.locator(".celltag_dicelab-readable").count() == 0
    words = lesson["first_guess"].text[0].render("en")[:50]
    assert page.inner_text("body").count(words) == 1  # the card's, not the Markdown's too
