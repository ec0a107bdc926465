"""A rules lesson under Voilà, as a learner uses it: the prediction is typed and committed in
the page, the feedback is the engine's, and no engine code is on the page until the learner
presses "Show the code".

"Visible" is what the browser draws: ``innerText`` leaves out what CSS hides, so the page's
text is read with it.
"""

from __future__ import annotations

import pytest

from dicelab.i18n import format_number
from dicelab.lessons import penta_rules
from tests.browser.test_apps import LOAD, STEP, assert_clean, open_page, shoot, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CODE_ON_THE_PAGE = ("ask(rule", "penta_rules()", ".exercise", "Scorecard", "use_page_language")


SEEN_CODE = """
window.dlCodeSeen = false;
new MutationObserver(() => {
    const cells = document.querySelectorAll('.jp-CodeCell .jp-Cell-inputWrapper');
    if ([...cells].some(cell => cell.offsetParent !== null)) window.dlCodeSeen = true;
}).observe(document, {childList: true, subtree: true, attributes: true});
"""


def visible_text(page) -> str:
    return page.inner_text("body")


def wait_for_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([selector, text]) => [...document.querySelectorAll(selector)]"
        ".some(element => element.innerText.includes(text))",
        arg=[selector, text],
        timeout=STEP,
    )


def test_a_prediction_typed_committed_and_answered_code_one_click_away(page, voila_url, artifacts):
    rules = penta_rules()
    exercise = rules["sacrifice"].exercise
    right = exercise.answer()
    page.add_init_script(SEEN_CODE)
    open_page(page, voila_url, "penta_rules.ipynb", "?lang=en")
    wait_ready(page, ".dl-prediction .dl-check")
    page.wait_for_function(
        f"document.querySelectorAll('.dl-prediction').length === {len(rules)}", timeout=LOAD
    )
    for code in CODE_ON_THE_PAGE:
        assert code not in visible_text(page), code

    widget = page.locator(".dl-prediction").nth(rules.ids.index("sacrifice"))
    widget.scroll_into_view_if_needed()
    assert exercise.prompt.render("en") in widget.inner_text()
    assert widget.locator(".dl-feedback").inner_text().strip() == ""  # nothing revealed

    # Keyboard: the box takes the prediction, Enter commits it. Typed without a pause: each
    # key is a change of the box, and Enter, a message of its own, once reached the kernel
    # before the last keys ("You said 10" for 1,007's keys; frontend/src/widgets.js).
    wrong = right + 1000
    box = widget.locator(".dl-answer-text input")
    box.click()
    page.keyboard.type(str(wrong))
    box.press("Enter")
    wait_for_text(page, ".dl-prediction .dl-feedback", "Not quite.")
    feedback = widget.locator(".dl-feedback").inner_text()
    assert f"You said {format_number(wrong, 'en')}; the engine says {right}." in feedback
    assert exercise.code not in feedback and "→" not in feedback  # the code is hidden
    shoot(page, artifacts, "lesson_wrong_prediction")

    # A retry, with the button; the first prediction stays shown.
    box.fill(str(right))
    widget.locator(".dl-check").click()
    wait_for_text(page, ".dl-prediction .dl-feedback", "Right!")
    assert f"Your first prediction: {format_number(wrong, 'en')}" in widget.inner_text()
    for code in CODE_ON_THE_PAGE:
        assert code not in visible_text(page), code

    # Show the code: the notebook's cells and the engine's lines; hide it again.
    assert page.evaluate("window.dlCodeSeen") is False
    toggle = page.locator(".dl-code-toggle button")
    assert toggle.inner_text().strip() == "Show the code"
    toggle.click()
    wait_for_text(page, ".dl-code-toggle", "Hide the code")
    page.wait_for_function(
        "code => document.body.innerText.includes(code)", arg=exercise.code, timeout=STEP
    )
    text = visible_text(page)
    assert 'rule = rules["sacrifice"]' in text and "use_page_language" in text
    assert page.evaluate("window.dlCodeSeen") is True  # the watch sees code when it shows
    shoot(page, artifacts, "lesson_code_shown")
    toggle.click()
    wait_for_text(page, ".dl-code-toggle", "Show the code")
    page.wait_for_function(
        "code => !document.body.innerText.includes(code)", arg=exercise.code, timeout=STEP
    )
    assert_clean(page)


def test_an_app_notebook_never_shows_its_code(page, voila_url):
    page.add_init_script(SEEN_CODE)  # watches every change of the page, from the first
    open_page(page, voila_url, "penta_play.ipynb")
    wait_ready(page, ".dl-roll:not([disabled])")
    assert page.evaluate("window.dlCodeSeen") is False
    text = visible_text(page)
    assert "launch(" not in text and "import" not in text
    # (the play app's own "Result code" button shares the class dl-code-toggle: not this one)
    assert page.get_by_role("button", name="Show the code").count() == 0
