"""A lesson's exercise as a widget: the learner commits a prediction, then sees the engine's answer.

:func:`ask` shows an :class:`~dicelab.lessons.Exercise` with an input that fits its kind, a
Check button and the feedback. The answer stays hidden until a prediction is committed; the
first prediction is kept and shown; the learner may try again.

>>> from dicelab.lessons import penta_rules
>>> box = ask(penta_rules()["sacrifice"].exercise)
>>> box.commit(4).correct, box.first
(False, 4)
>>> box.commit(5).correct, box.first
(True, 4)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from dicelab.i18n import get_language, translate
from dicelab.lessons.cards import CHOICE, NUMBER, PERCENT, WHICH_BOXES, YES_NO, Exercise, Feedback

__all__ = ["Prediction", "ask"]


def _markdown_output(text: str) -> widgets.Output:
    from IPython.display import Markdown

    out = widgets.Output()
    out.append_display_data(Markdown(text))
    return out


class Prediction(widgets.VBox):
    """One exercise: its question, an input for the answer, Check, and the feedback."""

    def __init__(self, exercise: Exercise, lang: str | None = None) -> None:
        self.exercise = exercise
        self.lang = lang or get_language()
        self.first: Any = None
        self.attempts: list[Any] = []
        self.answer_input = self._input()
        self.check_button = widgets.Button(
            description=translate("Check my prediction", self.lang),
            button_style="primary",
        )
        self.check_button.on_click(lambda _: self.commit(self._value()))
        self.feedback = widgets.Output()
        question = _markdown_output(exercise.render(self.lang, hint=False))
        super().__init__(
            [question, widgets.HBox([self.answer_input, self.check_button]), self.feedback]
        )
        self.add_class("dl-prediction")

    def _input(self) -> widgets.Widget:
        kind = self.exercise.kind
        if kind == YES_NO:
            return widgets.ToggleButtons(
                options=[(translate("yes", self.lang), True), (translate("no", self.lang), False)],
                value=None,
            )
        if kind == CHOICE:
            return widgets.RadioButtons(
                options=[(label.render(self.lang), key) for key, label in self.exercise.choices],
                value=None,
            )
        if kind == WHICH_BOXES:
            from dicelab.penta.rules import BOX_NAMES

            return widgets.SelectMultiple(
                options=[(translate(name, self.lang), box) for box, name in BOX_NAMES.items()],
                rows=7,
            )
        placeholder = "…" if kind == NUMBER else "… %" if kind == PERCENT else ""  # not an answer
        return widgets.Text(placeholder=placeholder, continuous_update=False)

    def _value(self) -> Any:
        value = self.answer_input.value
        if self.exercise.kind == WHICH_BOXES:
            return list(value) or None
        if isinstance(value, str) and not value.strip():
            return None
        return value

    def commit(self, answer: Any) -> Feedback:
        """Judge ``answer`` and show the feedback; the first readable prediction is kept."""
        feedback = self.exercise.check(answer)
        if feedback.correct is not None:
            if not self.attempts:
                self.first = answer
            self.attempts.append(answer)
        from IPython.display import Markdown

        self.feedback.outputs = ()
        self.feedback.append_display_data(Markdown(feedback.render(self.lang)))
        return feedback


def ask(exercise: Exercise, lang: str | None = None) -> Prediction:
    """The exercise as a widget that asks first and answers after a committed prediction."""
    return Prediction(exercise, lang)
