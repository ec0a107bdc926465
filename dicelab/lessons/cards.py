"""Rule cards, live examples and "predict, then check" exercises: the values behind the lessons.

A :class:`Rule` is one rule of a game's rulebook: a title and a text (i18n messages, Markdown
allowed), a live example (lines of engine code, run when asked, shown with their results)
and an :class:`Exercise`. An exercise's correct answer is never written down: it is a line
of engine code, evaluated when the learner checks their prediction, so the lesson can never
disagree with the engine. The same code line is shown in the feedback, so the learner can
run it too.

>>> from dicelab.i18n import msg
>>> exercise = Exercise(
...     "demo",
...     msg("How many points does a single 5 score?"),
...     "score([5])",
...     NUMBER,
...     namespace=lambda: {"score": lambda dice: 50 * len(dice)},
... )
>>> exercise.answer()
50
>>> exercise.check(50).correct, exercise.check("50").correct, exercise.check(100).correct
(True, True, False)
>>> print(exercise.check(100).render("en"))  # doctest: +NORMALIZE_WHITESPACE
**Predict, then check**
<BLANKLINE>
How many points does a single 5 score?
<BLANKLINE>
**Not quite.** You said 100; the engine says **50**.
<BLANKLINE>
`score([5])` → 50
>>> exercise.check(...).correct is None  # no prediction yet: the answer is folded away
True

An exercise names the wrong answers learners typically give, each computed from the mistake
itself; a learner who gives one is told why it is tempting and where it goes wrong:

>>> exercise = Exercise(
...     "farkle3",
...     msg("What is the chance that three dice farkle?"),
...     "Fraction(60, 216)",
...     PERCENT,
...     namespace=lambda: {"Fraction": Fraction},
...     mistakes=(Mistake("Fraction(2, 3) ** 3", msg("Each die misses 2 times in 3...")),),
... )
>>> [str(value) for value, _ in exercise.anticipated()]
['8/27']
>>> feedback = exercise.check("29.6%")
>>> feedback.correct, feedback.mistake.code
(False, 'Fraction(2, 3) ** 3')
>>> print(feedback.render("en"))  # doctest: +NORMALIZE_WHITESPACE
**Predict, then check**
<BLANKLINE>
What is the chance that three dice farkle?
<BLANKLINE>
**Not quite.** You said 29.6%; the engine says **5/18 ≈ 27.8%**.
<BLANKLINE>
`Fraction(2, 3) ** 3` → 8/27 ≈ 29.6%
<BLANKLINE>
Each die misses 2 times in 3...
<BLANKLINE>
`Fraction(60, 216)` → 5/18 ≈ 27.8%

Everything shown goes through :mod:`dicelab.i18n`: ``render(lang)`` draws a value in any
language, and ``str()``/``_repr_markdown_`` in the current one.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import singledispatch
from numbers import Integral, Real
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.farkle import Situation, Turn
from dicelab.i18n import Message, format_number, format_percent, msg, use_language
from dicelab.penta import Scorecard

__all__ = [
    "CHOICE",
    "CODE_CLASS",
    "KINDS",
    "NUMBER",
    "PERCENT",
    "WHICH_BOXES",
    "YES_NO",
    "Deck",
    "Example",
    "Exercise",
    "Feedback",
    "Mistake",
    "Percent",
    "Rule",
    "RuleBook",
    "Shown",
    "Step",
    "code_span",
    "describe",
    "dice_text",
    "run_code",
]

NUMBER = "number"
"""Answer kind: a whole number (points, dice, turns...)."""
PERCENT = "percent"
"""Answer kind: a chance, as a percentage (``27.8``, ``"27.8%"``) or a probability (``0.278``)."""
YES_NO = "yes_no"
"""Answer kind: ``True``/``False`` (or yes/no, in English or the current language)."""
WHICH_BOXES = "boxes"
"""Answer kind: one Penta box or several (ids such as ``"chance"``, or their names)."""
CHOICE = "choice"
"""Answer kind: one of the exercise's ``choices`` (an id, or its label)."""
KINDS = (NUMBER, PERCENT, YES_NO, WHICH_BOXES, CHOICE)

Namespace = Callable[[], dict[str, Any]]


def _no_names() -> dict[str, Any]:
    return {}


# -- running engine code ------------------------------------------------------------------


def run_code(code: str, namespace: dict[str, Any]) -> Any:
    """Evaluate one line of lesson code in ``namespace`` and return its value.

    The line is an expression, or ``name = expression`` (the name is then bound in
    ``namespace`` for the following lines). The code shown to the learner is exactly the
    code that runs.

    >>> names = {"x": 2}
    >>> run_code("y = x * 21", names), names["y"], run_code("y + 1", names)
    (42, 42, 43)
    """
    tree = ast.parse(code, mode="exec")
    if len(tree.body) != 1:
        raise ValueError(f"a lesson step is one line of code, not {code!r}")
    node = tree.body[0]
    if (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
    ):
        value = eval(compile(ast.Expression(node.value), "<lesson>", "eval"), namespace)
        namespace[node.targets[0].id] = value
        return value
    if isinstance(node, ast.Expr):
        return eval(compile(ast.Expression(node.value), "<lesson>", "eval"), namespace)
    raise ValueError(f"a lesson step is an expression or `name = expression`, not {code!r}")


# -- showing values -------------------------------------------------------------------------


def dice_text(dice: Sequence[int]) -> str:
    """Dice as the lessons write them (the same in every language).

    >>> dice_text((1, 1, 3, 4, 6))
    '1, 1, 3, 4, 6'
    """
    return ", ".join(str(int(die)) for die in dice)


def _is_dice(value: object) -> bool:
    return (
        isinstance(value, tuple | list)
        and 0 < len(value) <= 6
        and all(
            isinstance(v, Integral) and not isinstance(v, bool) and 1 <= int(v) <= 6 for v in value
        )
    )


def _yes_no(value: bool) -> Message:
    return msg("yes") if value else msg("no")


def _box_name(box: str) -> Message:
    from dicelab.penta.rules import BOX_NAMES

    return msg(BOX_NAMES[box])


def _is_box_mapping(value: object) -> bool:
    from dicelab.penta.rules import BOXES as BOX_IDS

    return isinstance(value, Mapping) and bool(value) and all(key in BOX_IDS for key in value)


def _is_box_collection(value: object) -> bool:
    from dicelab.penta.rules import BOXES as BOX_IDS

    return (
        isinstance(value, set | frozenset | list | tuple)
        and bool(value)
        and all(isinstance(item, str) and item in BOX_IDS for item in value)
    )


_READABLE = 10**6
"""A chance with a larger denominator is shown as a percentage only (e.g. a float's exact
value, ``Fraction(0.494)``)."""
_TEACHES = 36
"""An exact value above 1 (an average) is shown as a fraction only when its denominator is
at most this (the 36 ways of two dice: ``7/2``) and its numerator below this squared; else as
a decimal (``379.57``, not ``737875/1944`` or ``6250/27``). Chances keep their fraction:
``5/18 ≈ 27.8%`` is how they are counted."""


def describe(value: Any, lang: str | None = None) -> str:
    """A value computed by the engine, written for a learner (Markdown) in ``lang``.

    >>> describe({"aces": 2, "chance": 15}, "en")
    '**Aces** 2 · **Chance** 15'
    >>> describe(Fraction(5, 18), "fr")
    '5/18 ≈ 27,8\\xa0%'
    >>> describe(Fraction(0.494), "en")  # a computed chance: no fraction of 2**54
    '49.4%'
    >>> describe(Fraction(737875, 1944), "en"), describe(Fraction(7, 2), "en")  # averages
    ('379.57', '7/2 ≈ 3.50')
    >>> describe(True, "en"), describe(293.4, "en"), describe((3, 3, 4, 6, 4), "en")
    ('yes', '293.4', '3, 3, 4, 6, 4')
    """
    with use_language(lang) as code:
        return _describe(value, code)


def _describe(value: Any, lang: str) -> str:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, IllegalMove):
        return msg("Refused: {reason}", reason=value.message).render(lang)
    if isinstance(value, bool):
        return _yes_no(value).render(lang)
    if isinstance(value, Fraction) and value.denominator == 1:
        return format_number(int(value), lang)
    if isinstance(value, Fraction) and 0 <= value <= 1 and value.denominator > _READABLE:
        return format_percent(float(value), lang)  # a computed chance: 1234567/8388608 is noise
    if isinstance(value, Fraction) and 0 <= value <= 1:
        return f"{value} ≈ {format_percent(float(value), lang)}"
    if (
        isinstance(value, Fraction)
        and value.denominator <= _TEACHES
        and value.numerator < _TEACHES**2
    ):
        return f"{value} ≈ {format_number(float(value), lang, decimals=2)}"
    if isinstance(value, Fraction):  # 737875/1944 teaches nothing on screen: its decimals do
        return format_number(float(value), lang, decimals=2)
    if isinstance(value, Integral):
        return format_number(int(value), lang)
    if isinstance(value, Real):
        return format_number(float(value), lang, decimals=1)
    special = _describe_engine_value(value, lang)
    if special is not None:
        return special
    if _is_box_collection(value):
        from dicelab.penta.rules import BOXES as BOX_IDS

        ordered = [box for box in BOX_IDS if box in value]
        return ", ".join(_box_name(box).render(lang) for box in ordered)
    if _is_box_mapping(value):
        parts = [
            f"**{_box_name(box).render(lang)}** {_describe(v, lang)}" for box, v in value.items()
        ]
        joiner = "\n" if any(isinstance(v, Message) for v in value.values()) else " · "
        if joiner == "\n":
            return "\n".join(f"- {part}" for part in parts)
        return joiner.join(parts)
    if isinstance(value, Mapping):
        if not value:
            return msg("nothing").render(lang)
        return " · ".join(f"{_key(k, lang)} → {_describe(v, lang)}" for k, v in value.items())
    if _is_dice(value):
        return dice_text(value)
    if isinstance(value, tuple | list):
        if not value:
            return msg("nothing").render(lang)
        return ", ".join(
            f"({dice_text(item)})" if _is_dice(item) else _describe(item, lang) for item in value
        )
    return str(value)


def _key(key: Any, lang: str) -> str:
    if _is_dice(key):
        return f"**{dice_text(key)}**"
    return f"**{_describe(key, lang)}**"


@singledispatch
def _describe_engine_value(value: Any, lang: str) -> str | None:
    """Scorecards, Farkle turns and situations (registered by class), ``None`` for the rest."""
    return None


@_describe_engine_value.register
def _describe_scorecard(card: Scorecard, lang: str) -> str:
    filled = _describe(card.filled, lang) if card.filled else msg("no box filled").render(lang)
    total = msg(
        "TOTAL {total} = upper boxes {upper} + upper bonus {upper_bonus} + lower boxes {lower} "
        "+ Penta bonuses {penta_bonus}",
        total=card.total,
        upper=card.upper_total,
        upper_bonus=card.upper_bonus,
        lower=card.lower_total,
        penta_bonus=card.penta_bonus,
    )
    return f"{filled}  \n{total.render(lang)}"


@_describe_engine_value.register
def _describe_turn(turn: Turn, lang: str) -> str:
    if turn.lost:
        from dicelab.farkle.game import TURN_LOST

        return msg(
            "«{banner}» The roll {dice} scores nothing: the {points} points of this turn are lost.",
            banner=msg(TURN_LOST),
            dice=dice_text(turn.last_roll),
            points=turn.lost_points,
        ).render(lang)
    parts = [
        msg(
            "turn points {points}, dice in play {dice}",
            points=turn.points,
            dice=turn.dice_in_play,
        ).render(lang)
    ]
    if turn.last_roll:
        parts.insert(0, msg("last roll {dice}", dice=dice_text(turn.last_roll)).render(lang))
    if turn.kept:
        parts.append(msg("set aside now {dice}", dice=dice_text(turn.kept_dice)).render(lang))
    if turn.hot_dice:
        from dicelab.farkle.game import HOT_DICE

        parts.append(f"**«{msg(HOT_DICE).render(lang)}»**")
    return " · ".join(parts)


@_describe_engine_value.register
def _describe_situation(situation: Situation, lang: str) -> str:
    totals = " · ".join(
        msg("Player {n}: {total}", n=seat + 1, total=total).render(lang)
        for seat, total in enumerate(situation.totals)
    )
    lines = [msg("Banked totals: {totals}.", totals=totals).render(lang)]
    if situation.turn.last_roll:
        lines.append(
            msg("Turn: {turn}.", turn=_Plain(_describe_turn(situation.turn, lang))).render(lang)
        )
    if situation.is_over:
        lines.append(msg("The game is over.").render(lang))
    else:
        lines.append(msg("Player {n} to play.", n=situation.current + 1).render(lang))
    if situation.last_round and not situation.is_over:
        from dicelab.farkle.game import LAST_ROUND

        lines.append(f"**«{msg(LAST_ROUND).render(lang)}»**")
    return " ".join(lines)


# -- examples -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One line of engine code in a live example, with an optional caption before it.

    ``refused`` marks a line whose point is that the engine refuses it (it raises
    :class:`~dicelab.IllegalMove`, whose message is then shown).
    """

    code: str
    caption: Message | None = None
    refused: bool = False


@dataclass(frozen=True)
class Shown:
    """A step after running: its value, or the refusal it raised."""

    step: Step
    value: Any = None
    error: IllegalMove | None = None

    @property
    def unexpected(self) -> bool:
        """The step did not do what the lesson says (refused when it should not, or not)."""
        return (self.error is not None) != self.step.refused

    def render(self, lang: str, markup: bool = False) -> str:
        """The caption, the line of code and its result; with ``markup``, the code (and its
        arrow) in a :data:`CODE_CLASS` span, which a page may hide: the result stays."""
        lines = []
        if self.step.caption is not None:
            lines.append(self.step.caption.render(lang))
        result = _describe(self.error if self.error is not None else self.value, lang)
        code = f"`{self.step.code}`  \n→ "
        lines.append(f"{code_span(code)}{result}" if markup else f"{code}{result}")
        return "  \n".join(lines)


def _run_steps(steps: Sequence[Step], namespace: Namespace) -> tuple[Shown, ...]:
    names = namespace()
    shown = []
    for step in steps:
        try:
            shown.append(Shown(step, run_code(step.code, names)))
        except IllegalMove as error:
            shown.append(Shown(step, error=error))
    return tuple(shown)


class _Renders:
    """Shared display protocol: ``render(lang)`` Markdown, ``str()`` and Jupyter's repr."""

    def render(self, lang: str | None = None) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def __str__(self) -> str:
        return self.render()

    def _repr_markdown_(self) -> str:
        return self.render()


@dataclass(frozen=True, repr=False)
class Example(_Renders):
    """A rule's live example: each step run by the engine just now, with its result."""

    title: Message
    shown: tuple[Shown, ...]

    def render(self, lang: str | None = None, markup: bool = False) -> str:
        """The example's steps, numbered; ``markup`` wraps the code in :func:`code_span`."""
        with use_language(lang) as code:
            head = msg("Live example: {title}", title=self.title).render(code)
            body = "\n\n".join(
                f"{i}. {item.render(code, markup)}" for i, item in enumerate(self.shown, 1)
            )
            return f"**{head}**\n\n{body}"

    def _repr_markdown_(self) -> str:
        return self.render(markup=True)

    def __repr__(self) -> str:
        return self.render()


# -- exercises ------------------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Feedback(_Renders):
    """The verdict on a prediction, shown under the question it answers.

    ``correct`` is ``True`` (right), ``False`` (wrong) or ``None`` (not judged: no prediction
    yet, or one that could not be read). ``details`` say what the engine computes and why;
    ``given`` is the prediction as read, and ``mistake`` the anticipated :class:`Mistake` it
    matches (its ``why`` is then among the details). ``reveal`` holds the engine's answer
    folded away (shown when no prediction was given, so a
    learner who cannot edit the cell, as in Voilà, can predict in their head and then look).
    """

    correct: bool | None
    headline: Message | None
    details: tuple[Message | str, ...] = ()
    expected: Any = None
    prompt: Message | None = None
    hint: tuple[Message, ...] = ()
    reveal: tuple[Message | str, ...] = ()
    given: Any = None
    mistake: Mistake | None = None

    def __bool__(self) -> bool:
        return bool(self.correct)

    def render(self, lang: str | None = None, question: bool = True, markup: bool = False) -> str:
        """The verdict in Markdown, after the question (``question=False``: without it, for a
        page that shows the question already); ``markup`` wraps the engine's lines of code
        in :func:`code_span`, so that a page may hide them: the words stay."""
        with use_language(lang) as code:
            parts = []
            if self.prompt is not None and question:
                parts += [
                    f"**{msg('Predict, then check').render(code)}**",
                    self.prompt.render(code),
                ]
            if self.hint:
                parts.append("*" + " ".join(item.render(code) for item in self.hint) + "*")
            if self.headline is not None:
                first, *rest = self.details or ("",)
                line = f"**{self.headline.render(code)}**"
                parts.append(f"{line} {_text(first, code, markup)}" if first else line)
                parts += _paragraphs(rest, code, markup)
            if self.reveal:
                label = msg("Show the engine's answer").render(code)
                body = "\n\n".join(_paragraphs(self.reveal, code, markup))
                parts.append(f"<details><summary>{label}</summary>\n\n{body}\n\n</details>")
            return "\n\n".join(parts)

    def _repr_markdown_(self) -> str:
        return self.render(markup=True)

    def __repr__(self) -> str:
        return self.render()


def in_voila(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel runs under Voilà (whose pages show outputs but no code to edit).

    >>> in_voila({"SERVER_SOFTWARE": "voila/0.5.13"}), in_voila({})
    (True, False)
    """
    environ = os.environ if environ is None else environ
    return environ.get("SERVER_SOFTWARE", "").startswith("voila")


def _text(item: Message | str, lang: str, markup: bool = False) -> str:
    if isinstance(item, _Code):
        return item.render(lang, markup)
    return item.render(lang) if isinstance(item, Message) else item


def _paragraphs(items: Sequence[Message | str], lang: str, markup: bool = False) -> list[str]:
    """One paragraph per item; with ``markup`` (a page that may hide the code), an explaining
    value and the words that follow it, which say what it is, share a paragraph: with the
    code hidden, a learner never reads a bare number ("19.6%") on its own line."""
    paragraphs: list[str] = []
    previous: Message | str | None = None
    for item in items:
        text = _text(item, lang, markup)
        captions = isinstance(previous, _Code) and previous.words and not isinstance(item, _Code)
        if markup and paragraphs and captions:
            paragraphs[-1] += f" — {text}"
        else:
            paragraphs.append(text)
        previous = item
    return paragraphs


CODE_CLASS = "dl-code"
"""The class of the engine's code in a lesson's output: a Voilà page hides it until the
learner asks to see the code (see :func:`dicelab.widgets.lessons.code_toggle`)."""


def code_span(markdown: str) -> str:
    """Inline Markdown marked as engine code (a span of class :data:`CODE_CLASS`).

    >>> code_span("`farkle_chance(3)` → ")
    '<span class="dl-code">`farkle_chance(3)` → </span>'
    """
    return f'<span class="{CODE_CLASS}">{markdown}</span>'


class _Unreadable(ValueError):
    """An answer that cannot be read as the exercise's kind of answer."""


_KIND_HINTS = {
    NUMBER: msg("Answer with a whole number, such as 25."),
    PERCENT: msg('Answer with a percentage, such as 25 or "25%" (or a probability, such as 0.25).'),
    YES_NO: msg("Answer True or False."),
    WHICH_BOXES: msg(
        'Answer with a box, such as "chance", or a list of boxes, such as ["aces", "twos"].'
    ),
    CHOICE: msg("Answer with one of: {choices}."),
}


@dataclass(frozen=True)
class Mistake:
    """A wrong answer learners typically give, computed from the mistake itself.

    ``code`` is one line of engine code that makes the mistake (for instance
    ``Fraction(2, 3) ** 3``: "a die scores two times in three, so three dice all miss
    (1/3)^3", which forgets the triples); its value is the tempting answer. ``why`` says why
    the answer is tempting and where it goes wrong; the feedback shows it to a learner who
    gives that answer.
    """

    code: str
    why: Message


@dataclass(frozen=True, repr=False)
class Exercise(_Renders):
    """A "predict, then check" question whose answer the engine computes.

    * ``prompt``: the question (an i18n message);
    * ``code``: one line of engine code whose value is the correct answer;
    * ``kind``: how answers are read and compared (:data:`NUMBER`, :data:`PERCENT`,
      :data:`YES_NO`, :data:`WHICH_BOXES`, :data:`CHOICE`);
    * ``setup``: lines run before ``code`` (``name = expression``);
    * ``why``: a line of engine code whose value explains the answer (shown in the feedback);
    * ``because``: the words that say what the ``why`` value means (shown after it), for a
      value that is a bare number;
    * ``choices``: for :data:`CHOICE`, ``(id, label)`` pairs;
    * ``tolerance``: for :data:`PERCENT`, how far (as a probability) a prediction may be off;
    * ``namespace``: the names the code may use (the game's engine);
    * ``mistakes``: the wrong answers learners typically give (:class:`Mistake`), each
      computed by a line of code that makes the mistake, with why it is tempting and where it
      goes wrong (see :meth:`anticipated`);
    * ``accept``: a line of engine code whose value holds other answers judged right: as good
      as the engine's within what the lesson can tell apart (the feedback says so);
    * ``given_why``: a line of engine code, with ``given`` the learner's answer, whose value
      says what that answer gives (shown after the verdict, right or wrong), with the words
      ``given_because`` after it.

    A dashboard can build its own input from ``kind`` and ``choices`` and call :meth:`check`.
    """

    id: str
    prompt: Message
    code: str
    kind: str
    setup: tuple[str, ...] = ()
    why: str | None = None
    choices: tuple[tuple[str, Message], ...] = ()
    tolerance: float = 0.01
    namespace: Namespace = field(default=_no_names, compare=False)
    because: Message | None = None
    mistakes: tuple[Mistake, ...] = ()
    accept: str | None = None
    given_why: str | None = None
    given_because: Message | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown answer kind {self.kind!r}: one of {KINDS}")
        if self.kind == CHOICE and not self.choices:
            raise ValueError("a choice exercise needs choices")

    # -- what the engine says ----------------------------------------------------------------
    def _names(self) -> dict[str, Any]:
        names = self.namespace()
        for line in self.setup:
            run_code(line, names)
        return names

    def answer(self) -> Any:
        """The correct answer, computed by the engine now (in the form of :attr:`kind`)."""
        return self._normal(run_code(self.code, self._names()))

    def explanation(self) -> Any:
        """The value of the ``why`` line (``None`` without one)."""
        return None if self.why is None else run_code(self.why, self._names())

    def anticipated(self) -> tuple[tuple[Any, Mistake], ...]:
        """Each anticipated wrong answer, computed now from its mistake, with the mistake."""
        names = self._names()
        return tuple((self._normal(run_code(m.code, names)), m) for m in self.mistakes)

    def accepted(self) -> tuple[Any, ...]:
        """The answers judged right besides the engine's (:attr:`accept`; none without it)."""
        if self.accept is None:
            return ()
        return tuple(self._normal(v) for v in run_code(self.accept, self._names()))

    def _given_reasons(self, given: Any) -> tuple[Message, ...]:
        """What the learner's answer gives (:attr:`given_why`), if it can be computed."""
        if self.given_why is None:
            return ()
        names = self._names()
        names["given"] = given
        try:
            value = run_code(self.given_why, names)
        except IllegalMove:  # e.g. an answer off the engine's table: the verdict says enough
            return ()
        line = _Code(self.given_why, value, words=True)
        return (line, self.given_because) if self.given_because is not None else (line,)

    def mistake_behind(self, answer: Any) -> Mistake | None:
        """The anticipated mistake that gives ``answer`` (already read), if any."""
        for value, mistake in self.anticipated():
            if self._same(answer, value):
                return mistake
        return None

    @property
    def hint(self) -> Message:
        """How to write an answer."""
        if self.kind == CHOICE:
            labels = ", ".join("{" + f"c{i}" + "}" for i in range(len(self.choices)))
            names = {f"c{i}": label for i, (_, label) in enumerate(self.choices)}
            return msg(_KIND_HINTS[CHOICE].msgid, choices=Message(labels, names))
        return _KIND_HINTS[self.kind]

    # -- checking a prediction ---------------------------------------------------------------
    def check(self, answer: Any = ...) -> Feedback:
        """Judge a prediction against the engine; the feedback says right or wrong, and why.

        ``...`` or ``None`` means "no prediction yet": nothing is revealed.
        """
        if answer is ... or answer is None:
            if in_voila():
                hint: tuple[Message, ...] = (
                    msg("Make your prediction, then open the engine's answer."),
                )
            else:
                hint = (
                    msg("Write your prediction in place of `...` in this cell, then run it."),
                    self.hint,
                )
            return Feedback(None, None, prompt=self.prompt, hint=hint, reveal=self._reasons())
        try:
            given = self._read(answer)
        except _Unreadable:
            return Feedback(
                None, msg("This answer cannot be read."), (self.hint,), prompt=self.prompt
            )
        expected = self.answer()
        right = self._same(given, expected)
        as_good = not right and any(self._same(given, v) for v in self.accepted())
        if right:
            headline = msg("Right!")
            first: Message = msg(
                "The engine says **{expected}** too.", expected=self._shown(expected)
            )
        elif as_good:
            right = True
            headline = msg("Right!")
            first = msg(
                "You said {given}; the engine's best is **{expected}**, and yours is just as "
                "good: the difference is too small to matter (see why below).",
                given=self._said(given),
                expected=self._shown(expected),
            )
        else:
            headline = msg("Not quite.")
            first = msg(
                "You said {given}; the engine says **{expected}**.",
                given=self._said(given),
                expected=self._shown(expected),
            )
        mistake: Mistake | None = None
        tempting: tuple[Message, ...] = ()
        for value, anticipated in () if right else self.anticipated():
            if self._same(given, value):
                mistake = anticipated
                shown = (_Code(mistake.code, self._shown(value)),) if mistake.code else ()
                tempting = (*shown, mistake.why)
                break
        details = (first, *self._given_reasons(given), *tempting, *self._reasons(expected))
        return Feedback(
            right, headline, details, expected, prompt=self.prompt, given=given, mistake=mistake
        )

    def _reasons(self, expected: Any = ...) -> tuple[Message, ...]:
        """The engine's answer and the explanation, as code lines with their values."""
        folded = expected is ...  # no verdict above it: the line's value is the answer shown
        if folded:
            expected = self.answer()
        reasons: list[Message] = [_Code(self.code, self._shown(expected), words=folded)]
        if self.why is not None:
            value = self.explanation()
            # Its value stays with the code hidden, unless it is the answer the verdict says.
            words = folded or describe(value, "en") != describe(expected, "en")
            reasons.append(_Code(self.why, value, words=words))
        if self.because is not None:
            reasons.append(self.because)
        return tuple(reasons)

    def written(self, answer: Any, lang: str | None = None) -> str:
        """A prediction, as read by :meth:`check` (``Feedback.given``), written as the
        feedback writes it: a percentage, a choice by its label, boxes by their names.

        >>> from dicelab.lessons import penta_rules
        >>> penta_rules()["turn"].exercise.written(Fraction(1, 4), "fr")
        '25,0\xa0%'
        """
        return self._said(answer).render(lang)

    def _said(self, given: Any) -> Message:
        return Percent(given) if self.kind == PERCENT else self._shown(given)

    def _shown(self, value: Any) -> Message:
        """An answer as the learner reads it (a choice by its label)."""
        if self.kind == CHOICE:
            return dict(self.choices).get(value) or _Described(value)
        return _Described(value)

    def _read(self, answer: Any) -> Any:
        reader = {
            NUMBER: _read_number,
            PERCENT: _read_percent,
            YES_NO: _read_yes_no,
            WHICH_BOXES: _read_boxes,
            CHOICE: self._read_choice,
        }[self.kind]
        return reader(answer)

    def _normal(self, value: Any) -> Any:
        """The engine's value in the exercise's form (e.g. a set of boxes)."""
        if self.kind == WHICH_BOXES:
            return _read_boxes(value)
        if self.kind == YES_NO:
            return bool(value)
        if self.kind == PERCENT:
            return value if isinstance(value, Fraction) else Fraction(value)
        return value

    def _same(self, given: Any, expected: Any) -> bool:
        if self.kind == PERCENT:
            return abs(float(given) - float(expected)) <= self.tolerance + 1e-12
        return given == expected

    def _read_choice(self, answer: Any) -> str:
        if isinstance(answer, str):
            wanted = _fold(answer)
            for key, label in self.choices:
                if wanted in (_fold(key), _fold(label.render()), _fold(label.render("en"))):
                    return key
        raise _Unreadable(answer)

    # -- display -------------------------------------------------------------------------
    def render(self, lang: str | None = None, hint: bool = True) -> str:
        """The question, headed "Predict, then check", and (``hint``) how to write an answer."""
        with use_language(lang) as code:
            head = msg("Predict, then check").render(code)
            parts = [f"**{head}**", self.prompt.render(code)]
            if hint:
                parts.append(f"*{self.hint.render(code)}*")
            return "\n\n".join(parts)

    def __repr__(self) -> str:
        return self.render()


class _Described(Message):
    """A value that renders itself with :func:`describe` (a message parameter, no text)."""

    def __init__(self, value: Any) -> None:
        super().__init__("{value}", {"value": value})

    def render(self, lang: str | None = None) -> str:
        return describe(self.params["value"], lang)


class _Plain(Message):
    """Text already written in the right language (a message parameter)."""

    def __init__(self, text: str) -> None:
        super().__init__("{text}", {"text": text})

    def render(self, lang: str | None = None) -> str:
        return self.params["text"]


class Percent(Message):
    """A chance as a message parameter, written as a percentage in the language rendered.

    >>> from dicelab.i18n import msg
    >>> msg("about {p}", p=Percent(Fraction(5, 216))).render("fr")
    'about 2,3\xa0%'
    """

    def __init__(self, value: Any) -> None:
        super().__init__("{value}", {"value": value})

    def render(self, lang: str | None = None) -> str:
        return format_percent(float(self.params["value"]), lang)


class _Code(Message):
    """A line of engine code with the value it gave (a message with no text to translate).

    With ``markup``, the line is code for a page to hide: all of it when the words around it
    already say its value (the verdict says the engine's answer, and a mistake's value is the
    learner's own), or only the code (``words``) when its value is part of the explanation.
    """

    def __init__(self, code: str, value: Any, words: bool = False) -> None:
        super().__init__("`{code}` → {value}", {"code": code, "value": value})
        self.words = words

    def render(self, lang: str | None = None, markup: bool = False) -> str:
        value = self.params["value"]
        shown = value.render(lang) if isinstance(value, Message) else describe(value, lang)
        line = f"`{self.params['code']}` → {shown}"
        if not markup:
            return line
        if self.words:
            return code_span(f"`{self.params['code']}` → ") + shown
        return code_span(line)


def _fold(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).casefold()


_DECIMAL = re.compile(r"[+-]?(\d{1,20}(\.\d{0,20})?|\.\d{1,20})(/\d{1,20})?", re.ASCII)
"""A chance as a learner writes it: ``27.8``, ``.5``, ``0.278``, ``5/18`` (no exponent)."""

_GROUPED = re.compile(r"^[+-]?\d{1,3}([ ,.'\u00a0\u202f]\d{3})+$")


def _read_number(answer: Any) -> int:
    if isinstance(answer, bool):
        raise _Unreadable(answer)
    if isinstance(answer, Integral):
        return int(answer)
    if isinstance(answer, Real) and float(answer).is_integer():
        return int(answer)  # type: ignore[call-overload]  # typeshed's Real has no __int__
    if isinstance(answer, str):
        text = answer.strip()
        if _GROUPED.match(text):
            text = re.sub(r"[ ,.'\u00a0\u202f]", "", text)
        try:
            return int(text)
        except ValueError:
            pass
    raise _Unreadable(answer)


def _read_percent(answer: Any) -> Fraction:
    if isinstance(answer, bool):
        raise _Unreadable(answer)
    if isinstance(answer, str):
        text = answer.strip().replace("\u00a0", "").replace("\u202f", "").replace(" ", "")
        percent = text.endswith("%")
        text = text.rstrip("%").replace(",", ".")
        if not _DECIMAL.fullmatch(text):  # no exponent: "1e9999999" would take minutes
            raise _Unreadable(answer)
        try:
            value = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise _Unreadable(answer) from None
    elif isinstance(answer, Real):
        try:
            exact = Fraction(answer)  # type: ignore[call-overload]  # a float or a Rational
            value, percent = exact.limit_denominator(10**9), False
        except (ValueError, OverflowError):  # nan, inf
            raise _Unreadable(answer) from None
    else:
        raise _Unreadable(answer)
    if percent or value > 1:
        value /= 100  # "27.8%" and 27.8 both mean 27.8 %
    if not 0 <= value <= 1:
        raise _Unreadable(answer)
    return value


def _read_yes_no(answer: Any) -> bool:
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        return bool(answer)
    if isinstance(answer, str):
        word = _fold(answer)
        if word in ("yes", "true", _fold(msg("yes").render())):
            return True
        if word in ("no", "false", _fold(msg("no").render())):
            return False
    raise _Unreadable(answer)


def _read_boxes(answer: Any) -> frozenset[str]:
    from dicelab.penta.rules import BOX_NAMES

    items = [answer] if isinstance(answer, str) else answer
    try:
        items = list(items)
    except TypeError:
        raise _Unreadable(answer) from None
    found = set()
    for item in items:
        if not isinstance(item, str):
            raise _Unreadable(answer)
        wanted = _fold(item)
        for box, name in BOX_NAMES.items():
            if wanted in (_fold(box), _fold(name), _fold(msg(name).render())):
                found.add(box)
                break
        else:
            raise _Unreadable(answer)
    if not found:
        raise _Unreadable(answer)
    return frozenset(found)


# -- rules and rule books ---------------------------------------------------------------------


@dataclass(frozen=True, repr=False)
class Rule(_Renders):
    """One rule of a game's rulebook, in its order: ``number`` (1-based), ``id``, ``title``,
    ``text`` (paragraphs; Markdown), the live example's ``steps`` and the ``exercise``."""

    game: str
    number: int
    id: str
    title: Message
    text: tuple[Message, ...]
    steps: tuple[Step, ...]
    exercise: Exercise
    namespace: Namespace = field(default=_no_names, compare=False)

    def example(self) -> Example:
        """Run the example's engine code now and return it with its results."""
        return Example(self.title, _run_steps(self.steps, self.namespace))

    def render(self, lang: str | None = None) -> str:
        """The card: a numbered heading and the text, in ``lang``."""
        with use_language(lang) as code:
            heading = f"### {self.number}. {self.title.render(code)}"
            return "\n\n".join([heading, *(part.render(code) for part in self.text)])

    def __repr__(self) -> str:
        return f"<Rule {self.game}/{self.id}: {self.title.render('en')}>"


class RuleBook(Sequence[Rule], _Renders):
    """The rules of one game in rulebook order; ``book[3]`` or ``book["sacrifice"]``."""

    def __init__(
        self, game: str, title: Message, intro: Sequence[Message], rules: Sequence[Rule]
    ) -> None:
        self.game = game
        self.title = title
        self.intro = tuple(intro)
        self._rules = tuple(rules)
        self._by_id = {rule.id: rule for rule in self._rules}
        if len(self._by_id) != len(self._rules):
            raise ValueError(f"duplicate rule ids in {game}")

    def __len__(self) -> int:
        return len(self._rules)

    def __getitem__(self, key: int | str | slice) -> Any:
        if isinstance(key, str):
            try:
                return self._by_id[key]
            except KeyError:
                raise KeyError(f"no rule {key!r}: the rules are {', '.join(self.ids)}") from None
        return self._rules[key]

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules)

    @property
    def ids(self) -> tuple[str, ...]:
        """The rule ids, in order."""
        return tuple(rule.id for rule in self._rules)

    @property
    def exercises(self) -> tuple[Exercise, ...]:
        """Every rule's exercise, in order."""
        return tuple(rule.exercise for rule in self._rules)

    def render(self, lang: str | None = None) -> str:
        """The title, the introduction and the list of rules."""
        with use_language(lang) as code:
            lines = [f"## {self.title.render(code)}", *(m.render(code) for m in self.intro)]
            lines.append("\n".join(f"{r.number}. {r.title.render(code)}" for r in self._rules))
            return "\n\n".join(lines)

    def __repr__(self) -> str:
        return f"<RuleBook {self.game}: {len(self)} rules>"


@dataclass(frozen=True)
class Deck:
    """What the cards of one lesson share: its game and the names its engine code may use.

    A lesson module makes one and builds its cards, exercises and book with it:

    >>> from dicelab.i18n import msg
    >>> deck = Deck("demo", lambda: {"x": 21})
    >>> question = deck.exercise("double", msg("Twice x?"), "2 * x", NUMBER)
    >>> card = deck.rule(1, "double", msg("Doubling"), [msg("Add x to itself.")], [], question)
    >>> book = deck.book(msg("Demo"), [], [lambda number: card])
    >>> book.ids, book["double"].exercise.answer()
    (('double',), 42)
    """

    game: str
    namespace: Namespace

    def rule(
        self,
        number: int,
        rule_id: str,
        title: Message,
        text: Sequence[Message],
        steps: Sequence[Step],
        exercise: Exercise,
    ) -> Rule:
        """Card ``number`` of the lesson, its examples and exercise run in the deck's names."""
        return Rule(
            self.game, number, rule_id, title, tuple(text), tuple(steps), exercise, self.namespace
        )

    def exercise(
        self, rule_id: str, prompt: Message, code: str, kind: str, **extra: Any
    ) -> Exercise:
        """An exercise whose code runs in the deck's names (``extra``: :class:`Exercise` fields)."""
        return Exercise(rule_id, prompt, code, kind, namespace=self.namespace, **extra)

    def book(
        self, title: Message, intro: Sequence[Message], builders: Sequence[Callable[[int], Rule]]
    ) -> RuleBook:
        """The lesson's book: each builder makes the card of its number (1, 2, ...)."""
        cards = [build(number) for number, build in enumerate(builders, start=1)]
        return RuleBook(self.game, title, intro, cards)
