"""The answers to every exercise of every lesson, for the teacher's guide.

``python -m dicelab.lessons.answers --lang fr`` prints, for each exercise of each lesson book
(:data:`BOOKS`), the question, the engine's answer and how it is computed, and the wrong
answers learners typically give with why each is tempting (:meth:`Exercise.anticipated`), in
Markdown. Nothing is typed in: every answer is computed now, by the engine, as the lessons
compute it. ``docs/teaching.md`` holds the English output between two markers
(:data:`BEGIN`, :data:`END`); ``--write`` puts it there again, and a test checks that it is
up to date.

>>> text = answers_markdown("en")
>>> "### The rules of Penta" in text and "**Answer:** 11/36 ≈ 30.6%" in text
True
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from dicelab.i18n import Message, available_languages, msg, normalize_language, use_language
from dicelab.lessons.cards import CHOICE, Exercise, Mistake, describe
from dicelab.lessons.farkle import farkle_rules
from dicelab.lessons.farkle_chances import farkle_chances
from dicelab.lessons.penta import penta_rules
from dicelab.lessons.thinking import penta_thinking
from dicelab.lessons.winning_vs_scoring import winning_vs_scoring

__all__ = ["BEGIN", "BOOKS", "END", "GUIDE", "answers_markdown", "book_answers", "main"]

BOOKS: tuple[Callable[[], Any], ...] = (
    penta_rules,
    farkle_rules,
    farkle_chances,
    penta_thinking,
    winning_vs_scoring,
)
"""The lesson books whose exercises the guide answers, in the order of the course. A book is
anything with a ``title`` (a message) that iterates over items with an ``exercise`` (and a
``number`` and ``title``), as :class:`~dicelab.lessons.cards.RuleBook` does; adding a lesson
is one line here."""

BEGIN = "<!-- answers:begin -->"
END = "<!-- answers:end -->"
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "teaching.md"
"""The teacher's guide in a source checkout (``--write`` rewrites its answers section)."""


def _one_line(text: str) -> str:
    """``text`` on one line (no-break spaces kept: "27,8\u00a0%")."""
    return re.sub(r"[ \t\n]+", " ", text).strip(" \t\n")


def _shown(exercise: Exercise, value: Any, lang: str) -> str:
    """A value as the lesson shows it: a choice by its label, anything else described."""
    if exercise.kind == CHOICE:
        label = dict(exercise.choices).get(value)
        if label is not None:
            return label.render(lang)
    return describe(value, lang)


def _mistake_lines(exercise: Exercise, lang: str) -> list[str]:
    anticipated: Sequence[tuple[Any, Mistake]] = exercise.anticipated()
    if not anticipated:
        return [f"- {msg('Typical wrong answers: none named yet.').render(lang)}"]
    lines = [f"- {msg('Typical wrong answers:').render(lang)}"]
    for value, mistake in anticipated:
        line = msg(
            "**{answer}**, from `{code}`: {why}",
            answer=_one_line(_shown(exercise, value, lang)),
            code=mistake.code,
            why=_one_line(mistake.why.render(lang)),
        )
        lines.append(f"  - {line.render(lang)}")
    return lines


def exercise_answer(exercise: Exercise, heading: str, lang: str) -> str:
    """One exercise: its heading, the question, the answer and the typical wrong answers."""
    answer = _shown(exercise, exercise.answer(), lang)
    lines = [
        f"**{heading}** {_one_line(exercise.prompt.render(lang))}",
        "",
        f"- **{msg('Answer:').render(lang)}** {_one_line(answer)} (`{exercise.code}`)",
    ]
    if exercise.setup:
        setup = "; ".join(f"`{line}`" for line in exercise.setup)
        lines.insert(2, f"- {msg('Set-up:').render(lang)} {setup}")
    if exercise.why is not None:
        why = _one_line(describe(exercise.explanation(), lang))
        lines.append(f"- {msg('Why:').render(lang)} `{exercise.why}` → {why}")
    if exercise.because is not None:
        lines.append(f"  {_one_line(exercise.because.render(lang))}")
    lines += _mistake_lines(exercise, lang)
    return "\n".join(lines)


def _numbered(book: Iterable[Any]) -> list[tuple[str, Exercise]]:
    found = []
    for position, item in enumerate(book, start=1):
        exercise = getattr(item, "exercise", None)
        if exercise is None:
            continue
        number = getattr(item, "number", position)
        title = getattr(item, "title", None)
        found.append((number, title, exercise))
    return [
        (f"{number}. {title.render() if isinstance(title, Message) else exercise.id}.", exercise)
        for number, title, exercise in found
    ]


def book_answers(book: Any, lang: str) -> str:
    """The answers of one lesson book: its title, then each exercise in the book's order."""
    with use_language(lang) as code:
        parts = [f"### {book.title.render(code)}"]
        parts += [exercise_answer(ex, heading, code) for heading, ex in _numbered(book)]
        return "\n\n".join(parts)


def answers_markdown(lang: str = "en", books: Sequence[Callable[[], Any]] = BOOKS) -> str:
    """The answers to every exercise of every book in :data:`BOOKS`, in ``lang`` (Markdown)."""
    return "\n\n".join(book_answers(make(), lang) for make in books) + "\n"


def replace_section(text: str, section: str) -> str:
    """``text`` with what lies between :data:`BEGIN` and :data:`END` replaced by ``section``.

    >>> replace_section(f"a\\n{BEGIN}\\nold\\n{END}\\nb", "new\\n")
    'a\\n<!-- answers:begin -->\\nnew\\n<!-- answers:end -->\\nb'
    """
    start = text.index(BEGIN) + len(BEGIN)
    stop = text.index(END, start)
    return f"{text[:start]}\n{section}{text[stop:]}"


def section_of(text: str) -> str:
    """What lies between the markers of ``text`` (without the line break after BEGIN)."""
    start = text.index(BEGIN) + len(BEGIN)
    return text[start : text.index(END, start)].removeprefix("\n")


def main(argv: list[str] | None = None) -> int:
    """``python -m dicelab.lessons.answers [--lang xx] [--write [GUIDE]]``."""
    parser = argparse.ArgumentParser(
        prog="python -m dicelab.lessons.answers",
        description="The answers to every exercise of every lesson, in Markdown.",
    )
    parser.add_argument("--lang", default="en", help="language (default en)")
    parser.add_argument(
        "--write",
        nargs="?",
        const=GUIDE,
        type=Path,
        metavar="GUIDE",
        help="rewrite the answers section of the teacher's guide (default docs/teaching.md)",
    )
    args = parser.parse_args(argv)
    lang = normalize_language(args.lang)
    if lang not in available_languages():
        parser.error(f"unknown language {args.lang!r}: one of {', '.join(available_languages())}")
    text = answers_markdown(lang)
    if args.write is None:
        sys.stdout.write(text)
        return 0
    guide: Path = args.write
    guide.write_text(replace_section(guide.read_text("utf-8"), text), "utf-8")
    print(f"{guide}: answers section rewritten")
    if guide.resolve() == GUIDE.resolve():  # the copy the start page links (offline too)
        from dicelab.lessons.guide_page import write_guide_page

        print(f"{write_guide_page(guide)}: the guide's page written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
