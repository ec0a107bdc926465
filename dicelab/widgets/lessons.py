"""A lesson's exercise as a widget: the learner commits a prediction, then sees the engine's answer.

:func:`ask` shows an :class:`~dicelab.lessons.Exercise` with an input that fits its kind (a
box for a number, a box with a % sign for a chance, Yes and No, the 13 Penta boxes to tick,
or one choice among several), a "Check my prediction" button (Enter in the box does the
same) and, once a prediction is committed, the feedback: right or not quite, the engine's
answer, how it is computed, and why an anticipated wrong answer is tempting. Nothing of the
answer is on the page before; the learner may try again, and the first prediction stays
shown. Judging is :meth:`Exercise.check <dicelab.lessons.Exercise.check>`: no rule here.

>>> from dicelab.lessons import penta_rules
>>> box = ask(penta_rules()["sacrifice"].exercise, "en")
>>> box.feedback_text
''
>>> box.commit(4).correct, box.first
(False, 4)
>>> box.commit(7).correct, box.first, box.first_line.value
(True, 4, 'Your first prediction: 4')

:func:`code_toggle` is the "Show the code" button of a lesson under Voilà, whose page hides
the notebook's code and the engine's lines of code in outputs (the ``dl-code`` spans of
:mod:`dicelab.lessons.cards`) until the learner asks to see them.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from dicelab.i18n import get_language, translate
from dicelab.lessons import own
from dicelab.lessons.cards import (
    CHOICE,
    CODE_CLASS,
    PERCENT,
    WHICH_BOXES,
    YES_NO,
    Exercise,
    Feedback,
    in_voila,
)

__all__ = ["CODE_SHOWN_CSS", "Prediction", "ask", "code_toggle"]

_CSS = """
.dl-prediction { max-width: 900px; margin: 4px 0 12px 0; padding: 4px 14px 8px 14px;
  border-left: 6px solid #1565c0; border-radius: 6px; background: #f3f7fc; font-size: 14px; }
.dl-prediction .dl-answer-row { gap: 8px; align-items: center; flex-wrap: wrap; }
.dl-prediction .widget-vbox.dl-answer-row { align-items: flex-start; }
.dl-prediction .dl-answer-text { width: 12em; }
.dl-prediction .dl-answer-text input { font-size: 1.1em; }
.dl-prediction .dl-percent-sign { font-size: 1.2em; font-weight: 600; min-width: 1em; }
.dl-prediction .dl-check.jupyter-button { width: auto; padding: 0 16px; font-weight: 600; }
.dl-prediction .dl-check.jupyter-button:focus-visible,
.dl-prediction .dl-yes-no .jupyter-button:focus-visible { outline: 3px solid #0d47a1;
  outline-offset: 2px; }
.dl-prediction .dl-yes-no .jupyter-button { min-width: 90px; }
.dl-prediction .dl-box-grid { display: grid; grid-template-columns: repeat(2, max-content);
  column-gap: 28px; }
.dl-prediction .dl-box-grid .widget-checkbox { width: auto; }
.dl-prediction .dl-choices .widget-radio-box label { white-space: normal; }
.dl-prediction .dl-choices { width: auto; }
.dl-prediction .dl-first { color: #3e4c59; font-style: italic; }
.dl-prediction .dl-feedback { border-left: 6px solid transparent; border-radius: 6px;
  padding: 0 10px; margin-top: 6px; }
.dl-prediction .dl-feedback.dl-right { background: #e8f5e9; border-color: #1b5e20; }
.dl-prediction .dl-feedback.dl-wrong { background: #fff4e5; border-color: #e65100; }
.dl-prediction .dl-feedback.dl-unread { background: #fdecea; border-color: #b71c1c; }
"""

CODE_SHOWN_CSS = (
    f".{CODE_CLASS} {{ display: inline !important; }}\n"
    ".jp-CodeCell .jp-Cell-inputWrapper { display: flex !important; }\n"
    ".jp-CodeCell.jp-mod-noOutputs { display: block !important; }\n"
)
"""What the dicelab Voilà template hides, shown again (the style the toggle sets when on)."""

_TOGGLE_CSS = """
.dl-code-toggle { position: fixed; top: 10px; right: 18px; z-index: 1000; }
.dl-code-toggle .jupyter-button { width: auto; padding: 0 14px; }
.dl-code-toggle .jupyter-button:focus-visible { outline: 3px solid #0d47a1; outline-offset: 2px; }
"""

_YES_NO = (("yes", True), ("no", False))

_toggles: list[bool] = []
"""Whether this kernel has made a "Show the code" button (a Voilà page is one kernel)."""


def _capital(word: str) -> str:
    """A word as a button's label: with a capital letter ("oui" -> "Oui")."""
    return word[:1].upper() + word[1:]


_shared_models: dict[str, widgets.Widget] = {}


def _look(widget_class: type[widgets.Widget]) -> dict[str, widgets.Widget]:
    """A Layout (and a style) shared by every prediction's widgets of ``widget_class``: their
    look comes from CSS classes, and a page of ten exercises draws a third of the models.
    (Nothing here changes a layout or a style once made.)"""
    names: dict[str, type[widgets.Widget]] = {"layout": widgets.Layout}
    style = widget_class.class_traits().get("style")
    if style is not None:
        names["style"] = style.klass
    look = {}
    for trait, model in names.items():
        look[trait] = _shared(model.__name__, model)
    return look


def _shared(key: str, make: Any) -> Any:
    """The page's one ``key`` model, made again if it was closed (``Widget.close_all()``)."""
    if key not in _shared_models or _shared_models[key].comm is None:
        _shared_models[key] = make()
    return _shared_models[key]


def _stylesheet() -> widgets.HTML:
    """The predictions' CSS, one widget for the whole page (each prediction shows it)."""
    return _shared(
        "stylesheet", lambda: widgets.HTML(f"<style>{_CSS}</style>", **_look(widgets.HTML))
    )


_VERDICT_CLASSES = {True: "dl-right", False: "dl-wrong", None: "dl-unread"}


def _markdown(text: str) -> dict[str, str]:
    return {"text/markdown": text, "text/plain": text}


class Prediction(widgets.VBox):
    """One exercise: its question, an input for the answer, Check, and the feedback.

    ``commit(answer)`` judges a prediction as the Check button does; ``attempts`` are the
    predictions judged so far (as read), ``first`` the first of them.
    """

    def __init__(self, exercise: Exercise, lang: str | None = None) -> None:
        self.exercise = exercise
        self.lang = lang or get_language()
        self.first: Any = None
        self.attempts: list[Any] = []
        self.last: Feedback | None = None
        self.answer_input = self._input()
        self.check_button = widgets.Button(
            description=translate("Check my prediction", self.lang),
            button_style="primary",
            icon="check",
            **_look(widgets.Button),
        )
        self.check_button.add_class("dl-check")
        self.check_button.on_click(lambda _: self.commit(self.value()))
        self.first_line = widgets.HTML("", **_look(widgets.HTML))
        self.first_line.add_class("dl-first")
        self.feedback = widgets.Output(**_look(widgets.Output))
        self.feedback.add_class("dl-feedback")
        question = widgets.Output(**_look(widgets.Output))
        question.outputs = (
            {
                "output_type": "display_data",
                "data": _markdown(exercise.render(self.lang, hint=False)),
                "metadata": {},
            },
        )
        question.add_class("dl-question")
        row = [self.answer_input, self.check_button]
        if exercise.kind == PERCENT:
            sign = widgets.HTML("%", **_look(widgets.HTML))
            sign.add_class("dl-percent-sign")
            row.insert(1, sign)
        # A box or two buttons: the Check button beside them; a list: under it.
        stacked = exercise.kind in (WHICH_BOXES, CHOICE)
        row_class = widgets.VBox if stacked else widgets.HBox
        answer_row = row_class(row, **_look(row_class))
        answer_row.add_class("dl-answer-row")
        children = [_stylesheet(), question, answer_row]
        if in_voila() and not _toggles:  # a lesson without code_toggle(): its first ask has it
            children.insert(0, code_toggle(self.lang))
        super().__init__([*children, self.first_line, self.feedback], **_look(widgets.VBox))
        self.add_class("dl-prediction")
        self.add_class(f"dl-kind-{exercise.kind}")

    # -- the input ----------------------------------------------------------------------------
    def _input(self) -> widgets.Widget:
        kind = self.exercise.kind
        if kind == YES_NO:
            field = widgets.ToggleButtons(
                options=[(_capital(translate(word, self.lang)), value) for word, value in _YES_NO],
                value=None,
                **_look(widgets.ToggleButtons),
            )
            field.add_class("dl-yes-no")
            return field
        if kind == CHOICE:
            field = widgets.RadioButtons(
                options=[(label.render(self.lang), key) for key, label in self.exercise.choices],
                value=None,
                layout=widgets.Layout(width="auto"),
            )
            field.add_class("dl-choices")
            return field
        if kind == WHICH_BOXES:
            return self._box_grid()
        field = widgets.Text(
            placeholder=translate("your prediction", self.lang), **_look(widgets.Text)
        )
        field.add_class("dl-answer-text")
        field.on_msg(self._on_key)
        return field

    def _box_grid(self) -> widgets.Box:
        from dicelab.penta.rules import BOX_NAMES

        self.box_ticks = {
            box: widgets.Checkbox(
                value=False,
                description=translate(name, self.lang),
                indent=False,
                **_look(widgets.Checkbox),
            )
            for box, name in BOX_NAMES.items()
        }
        ticks = list(self.box_ticks.values())
        # Two columns, read down: the six upper boxes, then the seven lower boxes.
        upper, lower = ticks[:6], ticks[6:]
        cells: list[widgets.Widget] = []
        for row in range(len(lower)):
            cells.append(
                upper[row] if row < len(upper) else widgets.HTML("", **_look(widgets.HTML))
            )
            cells.append(lower[row])
        grid = widgets.Box(cells, **_look(widgets.Box))
        grid.add_class("dl-box-grid")
        return grid

    def _on_key(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") == "submit":  # Enter in the text box
            self.commit(self.value())

    def value(self) -> Any:
        """The prediction the input holds now (``None`` when nothing is given)."""
        if self.exercise.kind == WHICH_BOXES:
            ticked = [box for box, tick in self.box_ticks.items() if tick.value]
            return ticked or None
        value = self.answer_input.value
        if isinstance(value, str) and not value.strip():
            return None
        return value

    # -- judging ------------------------------------------------------------------------------
    def commit(self, answer: Any) -> Feedback | None:
        """Judge ``answer`` and show the feedback (``None``: nothing given, nothing judged).

        A prediction that cannot be read says how to write one and is not counted; the first
        readable prediction is kept and shown after the next ones.
        """
        if answer is None or answer is ...:
            self._show(None, self._nothing_given())
            return None
        feedback = self.exercise.check(answer)
        self.last = feedback
        if feedback.correct is not None:
            if not self.attempts:
                self.first = feedback.given
            self.attempts.append(feedback.given)
        if len(self.attempts) > 1:
            self.first_line.value = translate(
                "Your first prediction: {answer}",
                self.lang,
                answer=self.exercise.written(self.first, self.lang),
            )
        self._show(feedback.correct, feedback.render(self.lang, question=False, markup=True))
        return feedback

    def _nothing_given(self) -> str:
        if self.exercise.kind in (YES_NO, CHOICE, WHICH_BOXES):
            return "*" + translate("Choose an answer first.", self.lang) + "*"
        hint = self.exercise.hint.render(self.lang)
        return "*" + translate("Write your prediction in the box first.", self.lang) + f" {hint}*"

    def _show(self, correct: bool | None, markdown: str) -> None:
        for verdict in _VERDICT_CLASSES.values():
            self.feedback.remove_class(verdict)
        self.feedback.add_class(_VERDICT_CLASSES[correct])
        self.feedback.outputs = (
            {"output_type": "display_data", "data": _markdown(markdown), "metadata": {}},
        )

    @property
    def feedback_text(self) -> str:
        """The feedback shown now, as Markdown (``""`` before any Check)."""
        return "".join(out["data"]["text/markdown"] for out in self.feedback.outputs)


def ask(exercise: Exercise | str, lang: str | None = None, **question: Any) -> Prediction:
    """The exercise as a widget that asks first and answers after a committed prediction.

    A lesson's exercise (``ask(card.exercise)``), or a teacher's own question in their words
    (``ask("What is the chance ...?", answer=farkle_chance(3), kind=PERCENT, mistakes={...},
    why="...")``: :func:`dicelab.lessons.own.question` says what each keyword means).

    >>> box = ask("How many faces has a die?", answer=6, mistakes={5: "Count them again."})
    >>> box.commit("5").correct, box.feedback_text.splitlines()[-1]
    (False, 'Count them again.')
    """
    if isinstance(exercise, str):
        if "answer" not in question:
            raise TypeError("ask(text, answer=...): a question in words needs its answer")
        exercise = own.question(exercise, question.pop("answer"), **question)
    elif question:
        raise TypeError(f"ask(exercise) takes no keywords such as {sorted(question)}")
    own.asked(exercise)
    return Prediction(exercise, lang)


def code_toggle(lang: str | None = None, voila: bool | None = None) -> widgets.Box:
    """The "Show the code" button of a lesson page under Voilà (``voila``: whether the page is
    served by Voilà; by default, this kernel's server).

    The dicelab Voilà template hides code (the notebook's code cells and the ``dl-code``
    lines of outputs); this button, fixed at the top right of the page, shows it again
    (:data:`CODE_SHOWN_CSS`) and hides it. In JupyterLab code is always shown: an empty,
    invisible box. A lesson should display it in its first cell; one that does not gets it
    with its first :func:`ask`, so that its code is never out of reach.

    >>> button = code_toggle("en", voila=True).children[0]
    >>> button.description
    'Show the code'
    >>> button.value = True
    >>> button.description
    'Hide the code'
    >>> code_toggle(voila=False).layout.display
    'none'
    """
    if not (in_voila() if voila is None else voila):
        return widgets.Box(layout=widgets.Layout(display="none"))
    _toggles.append(True)
    lang = lang or get_language()
    show, hide = translate("Show the code", lang), translate("Hide the code", lang)
    button = widgets.ToggleButton(value=False, description=show, icon="code")
    style = widgets.HTML(f"<style>{_TOGGLE_CSS}</style>")

    def flip(change: dict[str, Any]) -> None:
        shown = bool(change["new"])
        button.description = hide if shown else show
        style.value = f"<style>{_TOGGLE_CSS}{CODE_SHOWN_CSS if shown else ''}</style>"

    button.observe(flip, "value")
    box = widgets.HBox([button, style])
    box.add_class("dl-code-toggle")
    return box
