"""A teacher's lesson notebook on paper: its words, its questions with room to answer, and the
answers on a page of their own.

The notebook is read as a learner's page is: its code cells run in order (the teacher's own
notebook, on the teacher's machine, as JupyterLab would run it), every question they ask is
collected (:func:`dicelab.lessons.own.recording`), and the Markdown cells are kept as words.
What a cell displays (a plot, a table, a live widget) is left for the screen: on paper the
question stands alone, as it does in the app before the learner commits an answer.

``python -m dicelab.printouts lesson notebooks/my_lesson.ipynb > my_lesson.html``
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicelab.i18n import get_language, msg, set_language
from dicelab.lessons.cards import CHOICE, Exercise
from dicelab.lessons.own import recording
from dicelab.printouts.html import document, escape, markdown_html

__all__ = ["Lesson", "lesson_printout", "read_lesson"]

LESSON_STYLE = """
.question { break-inside: avoid; page-break-inside: avoid; border: 0.3mm solid #888;
            border-radius: 2mm; padding: 2mm 3mm; margin: 2mm 0 4mm; }
.question h3 { font-size: 10.5pt; margin: 0 0 1mm; }
.question .line { border-bottom: 0.2mm solid #999; height: 8mm; }
.question .label { font-size: 8.5pt; color: #333; margin-top: 2mm; }
.answers { break-before: page; page-break-before: always; }
.answers dt { font-weight: bold; margin-top: 2mm; }
.answers dd { margin: 0 0 1mm 4mm; }
"""


@dataclass(frozen=True)
class Lesson:
    """A lesson notebook as read: its title, and its parts in order, each either Markdown
    words (a ``str``) or a question (an :class:`~dicelab.lessons.Exercise`)."""

    title: str
    parts: tuple[str | Exercise, ...]
    lang: str

    @property
    def questions(self) -> tuple[Exercise, ...]:
        """The questions, in the order the page asks them."""
        return tuple(part for part in self.parts if isinstance(part, Exercise))


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def read_lesson(path: Path | str) -> Lesson:
    """Run a lesson notebook's code cells and collect its words and questions, in order.

    >>> lesson = read_lesson(Path(__file__).parents[2] / "notebooks" / "my_lesson.ipynb")
    >>> len(lesson.questions), lesson.title
    (3, 'The chance of a farkle')
    """
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    names: dict[str, Any] = {"display": lambda *items, **options: None}
    parts: list[str | Exercise] = []
    before = get_language()  # the lesson's lesson("fr") sets the language: for its reading only
    try:
        for cell in notebook.get("cells", []):
            text = _source(cell)
            if cell.get("cell_type") == "markdown":
                parts.append(text)
            elif cell.get("cell_type") == "code":
                with recording() as asked:
                    exec(compile(text, f"<{Path(path).name}>", "exec"), names)
                parts.extend(asked)
        lang = get_language()
    finally:
        set_language(before)
    return Lesson(_title(parts) or Path(path).stem, tuple(parts), lang)


def _title(parts: Sequence[str | Exercise]) -> str | None:
    """The text of the lesson's first heading, if it has one."""
    for part in parts:
        if isinstance(part, str):
            for line in part.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return None


def _without_title(text: str, title: str) -> str:
    return "\n".join(line for line in text.splitlines() if line.lstrip("#").strip() != title)


def _question_html(number: int, question: Exercise, lang: str) -> str:
    heading = msg("Question {number}", number=number).render(lang)
    prompt = markdown_html(question.prompt.render(lang))
    choices = ""
    if question.kind == CHOICE:
        items = "".join(f"<li>☐ {escape(label.render(lang))}</li>" for _, label in question.choices)
        choices = f'<ul class="choices">{items}</ul>'
    answer = msg("My prediction:").render(lang)
    reason = msg("Why:").render(lang)
    return (
        f'<section class="question"><h3>{escape(heading)}</h3>{prompt}{choices}'
        f'<div class="label">{escape(answer)}</div><div class="line"></div>'
        f'<div class="label">{escape(reason)}</div><div class="line"></div>'
        '<div class="line"></div></section>'
    )


def _answer_html(number: int, question: Exercise, lang: str) -> str:
    answer = question.written(question.answer(), lang)
    heading = msg("Question {number}: {answer}", number=number, answer=answer).render(lang)
    parts = [f"<dt>{escape(heading)}</dt>"]
    reason = question.explanation()
    if isinstance(reason, str) and reason:
        parts.append(f"<dd>{markdown_html(reason)}</dd>")
    for value, mistake in question.anticipated():
        said = msg("If you answered {answer}:", answer=question.written(value, lang)).render(lang)
        parts.append(
            f"<dd><strong>{escape(said)}</strong> {markdown_html(mistake.why.render(lang))}</dd>"
        )
    return "".join(parts)


def lesson_printout(path: Path | str) -> str:
    """The lesson notebook at ``path`` as one A4 HTML page (the answers on a page of their own).

    >>> page = lesson_printout(Path(__file__).parents[2] / "notebooks" / "my_lesson.ipynb")
    >>> page.count('class="question"'), "Answers" in page, "break-before: page" in page
    (3, True, True)
    """
    lesson = read_lesson(path)
    lang = lesson.lang
    body, answers, number = [], [], 0
    for part in lesson.parts:
        if isinstance(part, str):
            body.append(markdown_html(_without_title(part, lesson.title)))
        else:
            number += 1
            body.append(_question_html(number, part, lang))
            answers.append(_answer_html(number, part, lang))
    heading = escape(msg("Answers").render(lang))
    body.append(f'<section class="answers"><h2>{heading}</h2><dl>{"".join(answers)}</dl></section>')
    page = document(lesson.title, "\n".join(body), lang)
    return page.replace("</style>", LESSON_STYLE + "</style>", 1)
