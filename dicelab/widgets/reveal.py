"""What a lesson shows only once the learner has committed a prediction.

A lesson asks its question first (:func:`dicelab.widgets.lessons.ask`); the live example, the
dice and the plots that explain the answer would give it away, so a notebook shows them with
:func:`after`: in their place a line (once per question) says that they appear once a
prediction is checked. They are computed then, not when the page opens, so a lesson with many
plots opens as fast as one without.

>>> from dicelab.lessons import farkle_rules
>>> from dicelab.widgets.lessons import ask
>>> question = ask(farkle_rules()["roll"].exercise)
>>> shown = after(question, farkle_rules()["roll"].example)  # run when revealed
>>> shown.revealed
False
>>> _ = question.commit(4)
>>> shown.revealed
True
"""

from __future__ import annotations

import weakref
from typing import Any

import ipywidgets as widgets

from dicelab.i18n import get_language, translate
from dicelab.widgets.lessons import Prediction, _look

__all__ = ["Reveal", "after"]

_WAITING: weakref.WeakSet[Prediction] = weakref.WeakSet()
"""The questions whose waiting line is already shown (once per question, not per item)."""


class Reveal(widgets.Output):
    """``show(*args)`` (or ``show`` itself, if it is not callable: anything a notebook can
    display) computed and shown once ``question`` has a prediction.

    The first ``Reveal`` of a question shows a waiting line until then; the others show nothing.
    """

    def __init__(
        self, question: Prediction, show: Any, args: tuple[Any, ...], lang: str | None
    ) -> None:
        super().__init__(**_look(widgets.Output))  # one Layout for every reveal of the page
        self.add_class("dl-reveal")
        self.question = question
        self.show = show
        self.args = args
        self.lang = lang or get_language()
        self.revealed = False
        self._wait()
        question.feedback.observe(self._on_feedback, names="outputs")
        self._on_feedback()  # already answered

    def _wait(self) -> None:
        if self.question in _WAITING:
            return
        _WAITING.add(self.question)
        from IPython.display import Markdown

        words = translate("Check a prediction above to see the explanation here.", self.lang)
        self.append_display_data(Markdown(f"*{words}*"))

    def _on_feedback(self, _change: Any = None) -> None:
        if self.revealed or not self.question.attempts:
            return
        self.revealed = True
        from dicelab.i18n import use_language

        with use_language(self.lang):
            item = self.show(*self.args) if callable(self.show) else self.show
        self.outputs = ()
        self.append_display_data(item)


def after(question: Prediction, show: Any, *args: Any, lang: str | None = None) -> Reveal:
    """Show ``show(*args)`` once ``question`` has been answered: ``after(question,
    draw_sample_space, 3)``, ``after(question, card.example)``, or a value already computed."""
    return Reveal(question, show, args, lang)
