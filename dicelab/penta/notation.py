"""A one-line text notation for any Penta situation, in the spirit of chess's FEN.

A :class:`Situation` is what a player faces: a scorecard, the dice on the table (or
none before the turn's first roll) and the rolls left. ``str()`` writes it on one
line; :func:`parse` reads it back:

>>> from dicelab.penta.scorecard import Scorecard
>>> card = Scorecard.from_filled({"fours": 12, "chance": 22, "penta": 50}, penta_bonus=100)
>>> situation = Situation(card, (4, 4, 4, 4, 4), rolls_left=1)
>>> str(situation)
'4s=12 ch=22 5k=50 +100 | dice 4 4 4 4 4 | 1 roll left'
>>> parse(str(situation)) == situation
True
>>> str(Situation())
'- | dice - | 3 rolls left'

The grammar (spaces may be repeated; full box ids such as ``fours`` are read too)::

    situation := card " | " dice " | " rolls [" | " rules]
    card      := "-" | entry {" " entry} [" +" bonus]
    entry     := code "=" points       code: 1s 2s 3s 4s 5s 6s 3k 4k fh ss ls ch 5k
    dice      := "dice -" | "dice" 5 x (1-6)   (spaced "4 4 4 1 2" or packed "44412")
    rolls     := N " rolls left" | "1 roll left"      N: 0 to 2, or 3 with "dice -"
    rules     := "rules " preset               (only when not the Penta rules)

Malformed text is refused with :class:`~dicelab.IllegalMove` naming the character
(counted from 1) where reading failed:

>>> parse("4s=12 fh=20 | dice - | 3 rolls left")
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Cannot read the situation at character 10: Full house cannot hold 20 \
points: it holds one of 0, 25.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from dicelab.dice import sorted_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import Scorecard, box_name, possible_points

__all__ = ["CODES", "Situation", "parse"]

CODES = {
    "aces": "1s",
    "twos": "2s",
    "threes": "3s",
    "fours": "4s",
    "fives": "5s",
    "sixes": "6s",
    "three_of_a_kind": "3k",
    "four_of_a_kind": "4k",
    "full_house": "fh",
    "small_straight": "ss",
    "large_straight": "ls",
    "chance": "ch",
    "penta": "5k",
}
"""The short code of each box in the notation (``5k``: five of a kind, the Penta box)."""

_BOX_OF = {**{code: box for box, code in CODES.items()}, **{box: box for box in BOXES}}


@dataclass(frozen=True)
class Situation:
    """What a player faces: ``card``, the ``dice`` on the table, and ``rolls_left``.

    ``dice`` is ``None`` before the turn's first roll (then ``rolls_left`` is 3), else
    five dice kept sorted (their order never matters for a decision); ``rolls_left`` is
    0, 1 or 2 once dice are on the table. A complete card has no dice.

    >>> Situation(dice=[6, 1, 6, 3, 2], rolls_left=2).dice
    (1, 2, 3, 6, 6)
    >>> Situation(dice=None, rolls_left=1)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Before the first roll of a turn 3 rolls are left, not 1.
    """

    card: Scorecard = field(default_factory=Scorecard)
    dice: tuple[int, ...] | None = None
    rolls_left: int = 3

    def __post_init__(self) -> None:
        if not isinstance(self.card, Scorecard):
            raise IllegalMove(
                msg("A situation needs a Scorecard, not {value}.", value=repr(self.card))
            )
        rolls = self.rolls_left
        if isinstance(rolls, bool) or not isinstance(rolls, int) or not 0 <= rolls <= 3:
            raise IllegalMove(
                msg("Rolls left is a whole number from 0 to 3, not {value}.", value=repr(rolls))
            )
        if self.dice is None:
            if rolls != 3:
                raise IllegalMove(
                    msg(
                        "Before the first roll of a turn 3 rolls are left, not {rolls}.",
                        rolls=rolls,
                    )
                )
            return
        object.__setattr__(self, "dice", sorted_dice(self.dice, 5))
        if rolls == 3:
            raise IllegalMove(msg("Dice are on the table, so at most 2 rolls are left, not 3."))
        if self.card.is_complete:
            raise IllegalMove(msg("The scorecard is complete: there are no dice to score."))

    def __str__(self) -> str:
        dice = "-" if self.dice is None else " ".join(map(str, self.dice))
        rolls = "1 roll left" if self.rolls_left == 1 else f"{self.rolls_left} rolls left"
        text = f"{card_text(self.card)} | dice {dice} | {rolls}"
        if self.card.rules != Rules():
            text += f" | rules {self.card.rules.name}"
        return text

    def __repr__(self) -> str:
        return f"parse({str(self)!r})"

    @property
    def rules(self) -> Rules:
        """The rules of the card."""
        return self.card.rules

    def options(self) -> dict[str, int]:
        """The boxes the dice may go in now, with points (empty before a roll).

        >>> parse("- | dice 2 2 5 5 5 | 2 rolls left").options()["full_house"]
        25
        """
        return {} if self.dice is None else self.card.options(self.dice)

    def keeps(self) -> list[tuple[int, ...]]:
        """The distinct keeps: sorted sub-multisets of the dice to hold before re-rolling.

        ``()`` (re-roll everything) is included; holding all five is not a keep. Empty
        when no roll is left (or before the first roll, when the only move is rolling).

        >>> parse("- | dice 1 1 2 3 3 | 1 roll left").keeps()[:6]
        [(), (1,), (2,), (3,), (1, 1), (1, 2)]
        >>> len(parse("- | dice 1 2 3 4 5 | 1 roll left").keeps())
        31
        """
        if self.dice is None or self.rolls_left == 0:
            return []
        found = {
            combo
            for size in range(5)
            for combo in itertools.combinations(self.dice, size)  # dice are sorted
        }
        return sorted(found, key=lambda keep: (len(keep), keep))

    def actions(self) -> list[str | tuple[int, ...]]:
        """Every legal action: the boxes of :meth:`options`, then the :meth:`keeps`."""
        return [*self.options(), *self.keeps()]


def card_text(card: Scorecard) -> str:
    """The card part of the notation: ``4s=12 5k=50 +100`` (``-`` when empty).

    >>> card_text(Scorecard())
    '-'
    """
    entries = [f"{CODES[box]}={points}" for box, points in card.filled.items()]
    if card.penta_bonus:
        entries.append(f"+{card.penta_bonus}")
    return " ".join(entries) or "-"


# -- parsing ---------------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\s|]+")


class _Error(Exception):
    def __init__(self, position: int, problem: Message) -> None:
        self.position = position
        self.problem = problem


def parse(text: str) -> Situation:
    """The :class:`Situation` written in ``text`` (see the module's grammar).

    >>> parse("1s=3 ch=22 | dice 1 1 3 4 6 | 0 rolls left | rules official").card.rules.name
    'official'
    >>> parse("- | dice 1 2 3 | 2 rolls left")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Cannot read the situation at character 10: 5 dice are needed, \
but 3 were given.
    """
    if not isinstance(text, str):
        raise IllegalMove(msg("A situation is a line of text, not {value}.", value=repr(text)))
    try:
        return _parse(text)
    except _Error as error:
        raise IllegalMove(
            msg(
                "Cannot read the situation at character {position}: {problem}",
                position=error.position + 1,
                problem=error.problem,
            )
        ) from None


def _sections(text: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """Split at ``|``: (start, tokens with their positions) for each section."""
    sections = []
    start = 0
    for part in text.split("|"):
        tokens = [(start + m.start(), m.group()) for m in _TOKEN.finditer(part)]
        sections.append((start, tokens))
        start += len(part) + 1
    return sections


def _parse(text: str) -> Situation:
    sections = _sections(text)
    if len(sections) < 3:
        raise _Error(
            len(text),
            msg("expected three parts separated by '|': the card, the dice and the rolls left."),
        )
    if len(sections) > 4:
        raise _Error(sections[4][0] - 1, msg("too many parts: at most four, the last the rules."))
    rules = Rules()
    if len(sections) == 4:
        rules = _parse_rules(*sections[3])
    card = _parse_card(*sections[0], rules)
    dice, dice_at = _parse_dice(*sections[1])
    rolls, rolls_at = _parse_rolls(*sections[2])
    if dice is None and rolls != 3:
        raise _Error(rolls_at, msg("with no dice on the table, 3 rolls are left."))
    if dice is not None and rolls == 3:
        raise _Error(rolls_at, msg("with dice on the table, at most 2 rolls are left."))
    if dice is not None and card.is_complete:
        raise _Error(dice_at, msg("the scorecard is complete, so there are no dice."))
    return Situation(card, dice, rolls)


def _end(start: int, tokens: list[tuple[int, str]]) -> int:
    if not tokens:
        return start
    position, word = tokens[-1]
    return position + len(word)


def _parse_rules(start: int, tokens: list[tuple[int, str]]) -> Rules:
    if not tokens or tokens[0][1] != "rules":
        where = tokens[0][0] if tokens else start
        raise _Error(where, msg("expected 'rules' and a rule preset."))
    if len(tokens) != 2 or tokens[1][1] not in PRESETS:
        where = tokens[1][0] if len(tokens) > 1 else _end(start, tokens)
        raise _Error(where, msg("expected one rule preset: {names}.", names=", ".join(PRESETS)))
    return PRESETS[tokens[1][1]]


def _parse_card(start: int, tokens: list[tuple[int, str]], rules: Rules) -> Scorecard:
    if not tokens:
        raise _Error(start, msg("expected the filled boxes, or '-' for an empty card."))
    if [word for _, word in tokens] == ["-"]:
        return Scorecard(rules)
    filled: dict[str, int] = {}
    bonus, bonus_at = 0, start
    for index, (position, word) in enumerate(tokens):
        if word.startswith("+"):
            if index != len(tokens) - 1:
                raise _Error(position, msg("the Penta bonus (+100...) comes after the boxes."))
            bonus, bonus_at = _number(word[1:], position + 1), position
            continue
        code, equals, points = word.partition("=")
        if code not in _BOX_OF:
            raise _Error(
                position,
                msg(
                    "unknown box {code}: the boxes are {codes}.",
                    code=repr(code),
                    codes=" ".join(CODES.values()),
                ),
            )
        box = _BOX_OF[code]
        if not equals:
            raise _Error(position + len(word), msg("expected '=' and the points of the box."))
        if box in filled:
            raise _Error(position, msg("{box} is given twice.", box=box_name(box)))
        at = position + len(code) + 1
        value = _number(points, at)
        if value not in possible_points(box):
            raise _Error(
                at,
                msg(
                    "{box} cannot hold {points} points: it holds one of {choices}.",
                    box=box_name(box),
                    points=value,
                    choices=", ".join(map(str, sorted(possible_points(box)))),
                ),
            )
        filled[box] = value
    try:
        return Scorecard.from_filled(filled, bonus, rules)
    except IllegalMove as error:
        raise _Error(bonus_at, error.message) from None


def _number(text: str, position: int) -> int:
    if not text.isascii() or not text.isdigit():
        raise _Error(position, msg("expected a whole number, not {text}.", text=repr(text)))
    return int(text)


def _parse_dice(start: int, tokens: list[tuple[int, str]]) -> tuple[tuple[int, ...] | None, int]:
    if not tokens or tokens[0][1] != "dice":
        where = tokens[0][0] if tokens else start
        raise _Error(where, msg("expected 'dice' and five dice, or 'dice -'."))
    at = tokens[0][0]
    rest = tokens[1:]
    if [word for _, word in rest] == ["-"]:
        return None, at
    dice: list[int] = []
    for position, word in rest:
        for offset, char in enumerate(word):
            if char not in "123456":
                raise _Error(
                    position + offset,
                    msg("a die shows 1 to 6, not {char}.", char=repr(char)),
                )
            dice.append(int(char))
    if len(dice) != 5:
        where = rest[0][0] if rest else _end(start, tokens)
        raise _Error(
            where,
            msg("5 dice are needed, but {given} were given.", given=len(dice)),
        )
    return tuple(dice), at


def _parse_rolls(start: int, tokens: list[tuple[int, str]]) -> tuple[int, int]:
    words = [word for _, word in tokens]
    if not tokens or not words[0].isascii() or not words[0].isdigit() or int(words[0]) > 3:
        where = tokens[0][0] if tokens else start
        raise _Error(where, msg("expected the rolls left: '0 rolls left' to '3 rolls left'."))
    for index, allowed in enumerate((("rolls", "roll"), ("left",)), start=1):
        if len(tokens) <= index or words[index] not in allowed:
            where = tokens[index][0] if len(tokens) > index else _end(start, tokens)
            raise _Error(where, msg("expected 'rolls left' after the number."))
    if len(tokens) > 3:
        raise _Error(tokens[3][0], msg("expected nothing after 'rolls left'."))
    return int(words[0]), tokens[0][0]
