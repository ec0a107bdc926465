"""The prediction widget (``dicelab.widgets.lessons.ask``), driven as a learner drives it: typing
into its box, ticking, choosing, pressing "Check my prediction" or Enter.

Nothing of the engine's answer is on the widget before a prediction is committed; an answer
that cannot be read says how to write one and is not counted; the first prediction stays
shown after the next ones; a wrong answer that an exercise anticipates is answered with why
it is tempting. Exercises of every kind come from the rule books, and a small one here
anticipates a mistake.
"""

from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets as widgets
import pytest

from dicelab.farkle import farkle_chance
from dicelab.i18n import msg
from dicelab.lessons import describe, farkle_rules, penta_rules
from dicelab.lessons.cards import (
    CHOICE,
    NUMBER,
    PERCENT,
    WHICH_BOXES,
    YES_NO,
    Exercise,
    Mistake,
)
from dicelab.widgets.lessons import CODE_SHOWN_CSS, Prediction, ask, code_toggle
from tests.widgets.helpers import texts, walk


def _names() -> dict:
    return {"Fraction": Fraction, "farkle_chance": farkle_chance}


THREE_DICE = Exercise(
    "three_dice",
    msg("What is the chance that three dice farkle?"),
    "farkle_chance(3)",
    PERCENT,
    namespace=_names,
    mistakes=(Mistake("Fraction(2, 3) ** 3", msg("Each die misses 2 times in 3...")),),
)


def type_and_check(box: Prediction, text: str) -> None:
    """Type into the answer box and press the Check button."""
    box.answer_input.value = text
    box.check_button.click()


def press_enter(box: Prediction, text: str) -> None:
    """Type into the answer box and press Enter (the browser sends a "submit" event)."""
    box.answer_input.value = text
    box.answer_input._handle_custom_msg({"event": "submit"}, [])


def shown(box: Prediction) -> str:
    """Everything the widget shows as text: widgets' texts and the Markdown outputs."""
    outputs = [
        out["data"]["text/markdown"]
        for widget in walk(box)
        if isinstance(widget, widgets.Output)
        for out in widget.outputs
    ]
    return texts(box) + "\n" + "\n".join(outputs)


def exercise_of(kind: str) -> Exercise:
    for book in (penta_rules(), farkle_rules()):
        for exercise in book.exercises:
            if exercise.kind == kind:
                return exercise
    raise LookupError(kind)


# -- before a prediction ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [NUMBER, PERCENT, YES_NO, WHICH_BOXES, CHOICE])
def test_the_question_is_shown_once_and_nothing_of_the_answer(kind):
    exercise = exercise_of(kind)
    box = ask(exercise, "en")
    text = shown(box)
    assert text.count(exercise.prompt.render("en")) == 1
    assert exercise.code not in text and (exercise.why or exercise.code) not in text
    assert box.feedback_text == "" and box.attempts == [] and box.first is None
    assert "Check my prediction" in text


def test_every_kind_gets_its_own_input():
    assert isinstance(ask(exercise_of(NUMBER)).answer_input, widgets.Text)
    percent = ask(exercise_of(PERCENT), "en")
    assert isinstance(percent.answer_input, widgets.Text)
    assert "%" in [w.value for w in walk(percent) if isinstance(w, widgets.HTML)]
    yes_no = ask(exercise_of(YES_NO), "fr").answer_input
    assert isinstance(yes_no, widgets.ToggleButtons) and yes_no.options == (
        ("Oui", True),
        ("Non", False),
    )
    assert yes_no.value is None
    choice = ask(exercise_of(CHOICE), "en").answer_input
    assert isinstance(choice, widgets.RadioButtons) and choice.value is None
    assert len(choice.options) == len(exercise_of(CHOICE).choices)
    boxes = ask(exercise_of(WHICH_BOXES), "fr")
    assert len(boxes.box_ticks) == 13
    assert boxes.box_ticks["aces"].description == "As"
    assert not any(tick.value for tick in boxes.box_ticks.values())


# -- committing ---------------------------------------------------------------------------------


def test_a_number_typed_and_checked():
    exercise = penta_rules()["sacrifice"].exercise
    box = ask(exercise, "en")
    type_and_check(box, str(exercise.answer()))
    assert box.last.correct is True and "**Right!**" in box.feedback_text
    assert "dl-right" in box.feedback._dom_classes


def test_enter_in_the_box_commits():
    exercise = penta_rules()["sacrifice"].exercise
    box = ask(exercise, "en")
    press_enter(box, str(exercise.answer() + 1))
    assert box.last.correct is False and "**Not quite.**" in box.feedback_text
    assert box.attempts == [exercise.answer() + 1]


@pytest.mark.parametrize("typed", ["27.8", "27,8 %", "0.278", "27.8%", "5/18"])
def test_a_percentage_in_the_ways_learners_write_it(typed):
    box = ask(farkle_rules()["farkle_chances"].exercise, "en")
    type_and_check(box, typed)
    assert box.last.correct is True


def test_yes_no_buttons():
    exercise = exercise_of(YES_NO)
    box = ask(exercise, "en")
    box.answer_input.value = not exercise.answer()
    box.check_button.click()
    assert box.last.correct is False
    box.answer_input.value = exercise.answer()
    box.check_button.click()
    assert box.last.correct is True


def test_boxes_ticked():
    exercise = exercise_of(WHICH_BOXES)
    box = ask(exercise, "en")
    box.box_ticks["chance"].value = True
    box.check_button.click()
    assert box.last.correct is False
    box.box_ticks["chance"].value = False
    for name in exercise.answer():
        box.box_ticks[name].value = True
    box.check_button.click()
    assert box.last.correct is True


def test_a_choice():
    exercise = exercise_of(CHOICE)
    box = ask(exercise, "en")
    box.answer_input.value = exercise.answer()
    box.check_button.click()
    assert box.last.correct is True


# -- unreadable, nothing given, retries ---------------------------------------------------------


def test_an_unreadable_answer_says_how_to_write_one_and_is_not_counted():
    exercise = exercise_of(NUMBER)
    box = ask(exercise, "en")
    type_and_check(box, "about ten")
    assert box.last.correct is None and box.attempts == [] and box.first is None
    assert "cannot be read" in box.feedback_text
    assert exercise.hint.render("en") in box.feedback_text
    assert exercise.code not in box.feedback_text  # still nothing of the answer
    assert "dl-unread" in box.feedback._dom_classes


@pytest.mark.parametrize("kind", [NUMBER, PERCENT, YES_NO, WHICH_BOXES, CHOICE])
def test_nothing_given_asks_for_a_prediction_and_reveals_nothing(kind):
    exercise = exercise_of(kind)
    box = ask(exercise, "en")
    box.check_button.click()
    assert box.attempts == [] and exercise.code not in box.feedback_text
    assert "first." in box.feedback_text
    assert "<details>" not in box.feedback_text


def test_the_first_prediction_is_kept_and_shown_after_retries():
    exercise = penta_rules()["sacrifice"].exercise
    right = exercise.answer()
    box = ask(exercise, "fr")
    type_and_check(box, str(right + 2))
    assert box.first_line.value == ""  # one prediction: nothing to recall yet
    type_and_check(box, "n'importe")  # unreadable: not counted
    type_and_check(box, str(right))
    assert box.last.correct is True and box.attempts == [right + 2, right]
    assert box.first == right + 2
    assert box.first_line.value == f"Ta première prédiction\u00a0: {right + 2}"


def test_the_first_percentage_is_written_as_a_percentage():
    box = ask(farkle_rules()["farkle_chances"].exercise, "en")
    type_and_check(box, "50")
    type_and_check(box, "27.8")
    assert box.first == Fraction(1, 2)
    assert box.first_line.value == "Your first prediction: 50.0%"


# -- feedback -----------------------------------------------------------------------------------


def test_an_anticipated_mistake_is_answered_with_why_it_is_tempting():
    box = ask(THREE_DICE, "en")
    type_and_check(box, "29.6")
    feedback = box.feedback_text
    assert box.last.mistake is THREE_DICE.mistakes[0]
    assert "Each die misses 2 times in 3..." in feedback
    assert "You said 29.6%; the engine says **5/18 ≈ 27.8%**." in feedback
    # Words first; the engine's lines of code are marked, for a Voilà page to hide.
    assert feedback.index("Each die misses") < feedback.index("farkle_chance(3)")
    assert '<span class="dl-code">`Fraction(2, 3) ** 3` → 8/27 ≈ 29.6%</span>' in feedback
    assert '<span class="dl-code">`farkle_chance(3)` → 5/18 ≈ 27.8%</span>' in feedback


def test_an_unanticipated_wrong_answer_gets_no_mistake():
    box = ask(THREE_DICE, "en")
    type_and_check(box, "50")
    assert box.last.mistake is None and "misses" not in box.feedback_text


def test_the_feedback_does_not_repeat_the_question():
    exercise = penta_rules()["sacrifice"].exercise
    box = ask(exercise, "en")
    type_and_check(box, "3")
    assert exercise.prompt.render("en") not in box.feedback_text
    assert shown(box).count(exercise.prompt.render("en")) == 1


def test_a_right_answer_says_the_value_in_words():
    exercise = penta_rules()["total"].exercise
    box = ask(exercise, "en")
    type_and_check(box, str(exercise.answer()))
    assert f"The engine says **{exercise.answer()}** too." in box.feedback_text


def test_the_widget_speaks_the_language_asked():
    box = ask(penta_rules()["sacrifice"].exercise, "fr")
    assert box.check_button.description == "Vérifier ma prédiction"
    type_and_check(box, "1")
    assert "Pas tout à fait." in box.feedback_text


# -- the code toggle ----------------------------------------------------------------------------


def test_code_toggle_under_voila_shows_and_hides_the_code():
    toggle = code_toggle("fr", voila=True)
    button, style = toggle.children
    assert button.description == "Afficher le code"
    assert CODE_SHOWN_CSS not in style.value
    button.value = True
    assert button.description == "Masquer le code" and CODE_SHOWN_CSS in style.value
    button.value = False
    assert button.description == "Afficher le code" and CODE_SHOWN_CSS not in style.value


def test_code_toggle_in_jupyterlab_is_invisible(monkeypatch):
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert code_toggle().layout.display == "none"
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    assert code_toggle().layout.display != "none"


@pytest.mark.parametrize("typed", ["1e9999999", "27.8e0", "nan", "1_000", "5/0"])
def test_a_chance_typed_with_an_exponent_or_a_name_is_unreadable_at_once(typed):
    # "1e9999999" once took the kernel 21 s (a Fraction of 10**9999999), longer exponents
    # minutes: a learner's odd typing must not freeze the page.
    box = ask(farkle_rules()["farkle_chances"].exercise, "en")
    type_and_check(box, typed)
    assert box.last.correct is None and "cannot be read" in box.feedback_text


def test_a_lesson_without_code_toggle_gets_one_with_its_first_question(monkeypatch):
    import dicelab.widgets.lessons as lessons

    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setattr(lessons, "_toggles", [])
    exercise = penta_rules()["sacrifice"].exercise
    first, second = ask(exercise, "en"), ask(exercise, "en")
    toggles = [
        w for box in (first, second) for w in walk(box) if "dl-code-toggle" in w._dom_classes
    ]
    assert len(toggles) == 1 and toggles[0] in first.children
    monkeypatch.setattr(lessons, "_toggles", [])
    code_toggle("en")  # the lesson's first cell shows it: no second one
    assert not any("dl-code-toggle" in w._dom_classes for w in walk(ask(exercise, "en")))


def test_predictions_share_their_look_and_survive_closed_widgets():
    exercise = penta_rules()["sacrifice"].exercise
    first, second = ask(exercise, "en"), ask(exercise, "en")
    assert first.layout is second.layout and first.check_button.style is second.check_button.style
    for shared in (first.layout, first.check_button.style, first.children[0]):
        shared.close()  # as Widget.close_all() does: a new question still works
    third = ask(exercise, "en")
    assert third.layout.comm is not None and third.children[0].comm is not None
    type_and_check(third, str(exercise.answer()))
    assert third.last.correct is True


def test_with_the_code_hidden_the_explanation_keeps_its_values():
    # What a page shows with the dl-code spans hidden: the verdict, the mistake's words, and
    # the value of the explaining line (a `because` may be a caption of that value).
    exercise = farkle_rules()["farkle_chances"].exercise
    box = ask(exercise, "en")
    type_and_check(box, "50")
    words = re.sub(r'<span class="dl-code">.*?</span>', "", box.feedback_text, flags=re.S)
    assert exercise.code not in words and "→" not in words
    value = describe(exercise.explanation(), "en")
    assert value in words.replace(exercise.because.render("en"), "")


def test_a_long_decimal_is_still_read():
    box = ask(farkle_rules()["farkle_chances"].exercise, "en")
    type_and_check(box, str(float(Fraction(5, 18)) * 100))  # "27.77777777777778"
    assert box.last.correct is True


def test_with_the_code_hidden_the_answer_is_not_said_twice():
    exercise = penta_rules()["turn"].exercise  # its `why` line computes the answer again
    assert exercise.explanation() == exercise.answer()
    box = ask(exercise, "en")
    type_and_check(box, "50")
    words = re.sub(r'<span class="dl-code">.*?</span>', "", box.feedback_text, flags=re.S)
    assert words.count(describe(exercise.answer(), "en")) == 1  # in the verdict only
