"""A teacher's own question, written in one short notebook cell.

The three lessons keep their words in Python, so that they read in every language dicelab
speaks. A teacher writing a lesson of their own writes in their own language, in the
notebook: the words in Markdown cells, and each question as one call whose answer is computed
by a line of engine code the teacher can read::

    ask("What is the chance of no scoring die with 3 dice?",
        answer=farkle_chance(3), kind=PERCENT,
        mistakes={first_guess(3): "Triples score too: 2-2-2 is not a farkle."})

:func:`question` builds that question as an :class:`~dicelab.lessons.Exercise`, judged as
every lesson's exercise is: a chance within a percentage point, a number exactly, and a
prediction that equals an anticipated mistake answered by name.

>>> from dicelab.farkle import farkle_chance
>>> from dicelab.lessons.counting import first_guess
>>> q = question("Chance of a farkle with 3 dice?", farkle_chance(3), kind=PERCENT,
...              mistakes={first_guess(3): "Triples score too."}, why="60 rolls of 216.")
>>> q.answer()
Fraction(5, 18)
>>> feedback = q.check("30%")
>>> feedback.correct, feedback.mistake.why.render("en")
(False, 'Triples score too.')
>>> right = q.check(0.278)
>>> right.correct, "27.8" in right.render("en"), right.render("en").endswith("60 rolls of 216.")
(True, True, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicelab.lessons.cards import (
    CHOICE,
    KINDS,
    NUMBER,
    PERCENT,
    Exercise,
    Mistake,
    _Plain,
)

__all__ = ["Question", "asked", "question", "recording"]


@dataclass(frozen=True, repr=False)
class Question(Exercise):
    """An :class:`~dicelab.lessons.Exercise` whose answer, mistakes and reason are given as
    values and words (a teacher's), not as lines of code run by the lesson."""

    value: Any = None
    wrong: tuple[tuple[Any, str], ...] = ()
    reason: str | None = None

    def answer(self) -> Any:
        """The correct answer, in the form of :attr:`kind`."""
        return self._normal(self.value)

    def explanation(self) -> Any:
        """The teacher's reason (``None`` without one)."""
        return self.reason

    def anticipated(self) -> tuple[tuple[Any, Mistake], ...]:
        """Each anticipated wrong answer with the teacher's words on it."""
        return tuple((self._normal(value), Mistake("", _Plain(why))) for value, why in self.wrong)

    def _reasons(self, expected: Any = ...) -> tuple[Any, ...]:
        if expected is ...:  # no verdict above: the answer itself is what is revealed
            return (_Plain(f"**{self._said(self.answer()).render()}**"), *self._because())
        return self._because()

    def _because(self) -> tuple[Any, ...]:
        return (_Plain(self.reason),) if self.reason else ()


def _identifier(text: str) -> str:
    """A short id made of the question's first words.

    >>> _identifier("What is the chance of no scoring die?")
    'what_is_the_chance_of_no'
    """
    words = re.findall(r"\w+", text.casefold())[:6]
    return "_".join(words) or "question"


def question(
    prompt: str,
    answer: Any,
    *,
    kind: str = NUMBER,
    mistakes: Mapping[Any, str] | None = None,
    why: str | None = None,
    choices: Sequence[str] | Mapping[str, str] = (),
    tolerance: float | None = None,
) -> Question:
    """A question in the teacher's words whose answer the engine computed.

    * ``prompt``: the question, as the learner reads it (Markdown);
    * ``answer``: the correct answer, computed in the cell (``farkle_chance(3)``);
    * ``kind``: :data:`NUMBER` (a whole number), :data:`PERCENT` (a chance), :data:`YES_NO`
      or :data:`CHOICE` (one of ``choices``);
    * ``mistakes``: tempting wrong answers, each with the words that say where it goes wrong;
    * ``why``: the reason, shown once the learner has committed a prediction;
    * ``tolerance``: for a chance, how far a prediction may be off (default one point).

    >>> question("How many?", 3, kind="dice")
    Traceback (most recent call last):
    ...
    ValueError: unknown answer kind 'dice': one of number, percent, yes_no, boxes, choice
    """
    if kind not in KINDS:
        raise ValueError(f"unknown answer kind {kind!r}: one of {', '.join(KINDS)}")
    labels = dict(choices) if isinstance(choices, Mapping) else {c: c for c in choices}
    if kind == CHOICE and answer not in labels:
        raise ValueError(f"the answer {answer!r} is not one of the choices {list(labels)}")
    extra: dict[str, Any] = {}
    if tolerance is not None:
        extra["tolerance"] = tolerance
    if kind == PERCENT and not isinstance(answer, Fraction):
        answer = Fraction(answer).limit_denominator(10**9)
    return Question(
        id=_identifier(prompt),
        prompt=_Plain(prompt),
        code="",
        kind=kind,
        choices=tuple((key, _Plain(label)) for key, label in labels.items()),
        value=answer,
        wrong=tuple((value, words) for value, words in (mistakes or {}).items()),
        reason=why,
        **extra,
    )


_recorders: list[list[Exercise]] = []


@contextmanager
def recording() -> Iterator[list[Exercise]]:
    """Collect, in order, every exercise a page asks inside the ``with`` block (a printout
    reads a lesson notebook's questions so).

    >>> with recording() as questions:
    ...     asked(question("How many faces has a die?", 6))
    >>> [str(q.prompt) for q in questions]
    ['How many faces has a die?']
    """
    collected: list[Exercise] = []
    _recorders.append(collected)
    try:
        yield collected
    finally:
        _recorders.remove(collected)


def asked(exercise: Exercise) -> None:
    """Note that a page asks ``exercise`` (what :func:`recording` collects)."""
    for collected in _recorders:
        collected.append(exercise)
