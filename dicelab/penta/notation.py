"""A one-line text notation for any Penta situation, in the spirit of chess's FEN.

A :class:`~dicelab.penta.situation.Situation` is what a player faces: a scorecard, the
dice on the table (or none before the turn's first roll) and the rolls left. ``str()``
writes it on one line (:func:`situation_text`); :func:`parse` reads it back:

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
    rules     := "rules " preset                  (only when not the Penta rules)
               | "rules " name " joker=" joker " penta_bonus=" on/off " upper_bonus=" on/off
                 {" " house}
    house     := field "=" N | "five_full_house=" on/off     (a house's numbers, any order)
    field     := upper_bonus_threshold | upper_bonus_points | full_house_points
               | small_straight_points | large_straight_points | penta_points
               | penta_bonus_points

A rule set that is not a preset is written with all its fields, so that it reads back;
its name is written with ``%XX`` escapes for spaces, ``|``, ``=`` and ``%`` (``""`` for
an empty name):

>>> from dicelab.penta.rules import Rules
>>> mine = Situation(Scorecard(Rules("my rules", "free", upper_bonus=False)))
>>> str(mine)
'- | dice - | 3 rolls left | rules my%20rules joker=free penta_bonus=on upper_bonus=off'
>>> parse(str(mine)) == mine
True

A house's numbers follow, those that differ from the defaults only (so a line written before
houses existed reads, and is written, as it always was):

>>> house = Situation(Scorecard(Rules.custom("house", full_house_points=30)))
>>> str(house)
'- | dice - | 3 rolls left | rules house joker=forced-50 penta_bonus=on upper_bonus=on \
full_house_points=30'
>>> parse(str(house)) == house
True

Malformed text is refused with :class:`~dicelab.IllegalMove` naming the character
(counted from 1) where reading failed:

>>> parse("4s=12 fh=20 | dice - | 3 rolls left")
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Cannot read the situation at character 10: Full house cannot hold 20 \
points: it holds one of 0, 25.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from dicelab.errors import IllegalMove, Said
from dicelab.i18n import msg
from dicelab.numbers import MAX_DIGITS, show_value
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import Scorecard, box_name, possible_points
from dicelab.penta.situation import Situation
from dicelab.penta.writing import (
    _FIELDS,
    _HOUSE,
    _JOKERS,
    CODES,
    card_text,
    rules_text,
    situation_line,
)

__all__ = ["CODES", "Situation", "card_text", "parse", "rules_text", "situation_text"]

_BOX_OF = {**{code: box for box, code in CODES.items()}, **{box: box for box in BOXES}}


def situation_text(situation: Situation) -> str:
    """The whole line: card, dice, rolls left, and the rules unless they are Penta's.

    >>> situation_text(Situation(dice=(6, 1, 6, 3, 2), rolls_left=1))
    '- | dice 1 2 3 6 6 | 1 roll left'
    """
    return situation_line(situation.card, situation.dice, situation.rolls_left)


# -- parsing ---------------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\s|]+")


class _Error(Exception):
    def __init__(self, position: int, problem: Said) -> None:
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
        raise IllegalMove(
            msg("A situation is a line of text, not {value}.", value=show_value(text))
        )
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
    if len(tokens) == 2 and tokens[1][1] in PRESETS:
        return PRESETS[tokens[1][1]]
    if len(tokens) < 2 + len(_FIELDS):
        where = tokens[1][0] if len(tokens) == 2 else _end(start, tokens[:1])
        raise _Error(
            where,
            msg(
                "expected one rule preset ({names}), or a name and joker=..., "
                "penta_bonus=on/off, upper_bonus=on/off.",
                names=", ".join(PRESETS),
            ),
        )
    name = "" if tokens[1][1] == '""' else unquote(tokens[1][1], errors="surrogatepass")
    joker, penta_bonus, upper_bonus = tokens[2:5]
    rules = Rules(
        name,
        _parse_joker(*joker),
        _parse_switch("penta_bonus", *penta_bonus),
        _parse_switch("upper_bonus", *upper_bonus),
    )
    given: set[str] = set()
    for position, word in tokens[5:]:
        rules = _parse_house_field(rules, given, position, word)
    return rules


def _parse_house_field(rules: Rules, given: set[str], position: int, word: str) -> Rules:
    """``rules`` with the house field ``key=value`` written at ``position`` applied."""
    key = word.partition("=")[0]
    if key not in _HOUSE:
        raise _Error(
            position,
            msg(
                "unknown rule field {field}: a house may add {fields}.",
                field=show_value(key),
                fields=", ".join(_HOUSE),
            ),
        )
    if key in given:
        raise _Error(position, msg("the rule field {field} is given twice.", field=key))
    given.add(key)
    if isinstance(getattr(rules, key), bool):
        value: bool | int = _parse_switch(key, position, word)
    else:
        at, text = _field_value(key, position, word)
        value = _number(text, at)
    try:
        return Rules.custom(rules.name, base=rules, **{key: value})
    except IllegalMove as error:
        raise _Error(position + len(key) + 1, error.message) from None


def _field_value(key: str, position: int, word: str) -> tuple[int, str]:
    """The value of ``key=value`` and where it starts."""
    given, equals, value = word.partition("=")
    if given != key or not equals:
        raise _Error(position, msg("expected {key}=...", key=key))
    return position + len(key) + 1, value


def _parse_joker(position: int, word: str) -> str:
    at, value = _field_value("joker", position, word)
    if value not in _JOKERS:
        raise _Error(at, msg("the joker rule is one of {names}.", names=", ".join(_JOKERS)))
    return value


def _parse_switch(key: str, position: int, word: str) -> bool:
    at, value = _field_value(key, position, word)
    if value not in ("on", "off"):
        raise _Error(at, msg("expected on or off, not {value}.", value=show_value(value)))
    return value == "on"


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
        box, points = _parse_entry(position, word, rules)
        if box in filled:
            raise _Error(position, msg("{box} is given twice.", box=box_name(box)))
        filled[box] = points
    try:
        return Scorecard.from_filled(filled, bonus, rules)
    except IllegalMove as error:
        raise _Error(bonus_at, error.message) from None


def _parse_entry(position: int, word: str, rules: Rules) -> tuple[str, int]:
    """One filled box, ``code=points``: the box id and points it can hold."""
    code, equals, points = word.partition("=")
    if code not in _BOX_OF:
        raise _Error(
            position,
            msg(
                "unknown box {code}: the boxes are {codes}.",
                code=show_value(code),
                codes=" ".join(CODES.values()),
            ),
        )
    box = _BOX_OF[code]
    if not equals:
        raise _Error(position + len(word), msg("expected '=' and the points of the box."))
    at = position + len(code) + 1
    value = _number(points, at)
    if value not in possible_points(box, rules):
        raise _Error(
            at,
            msg(
                "{box} cannot hold {points} points: it holds one of {choices}.",
                box=box_name(box),
                points=value,
                choices=", ".join(map(str, sorted(possible_points(box, rules)))),
            ),
        )
    return box, value


def _number(text: str, position: int) -> int:
    if not 0 < len(text) <= MAX_DIGITS or not all("0" <= char <= "9" for char in text):
        raise _Error(
            position,
            msg("expected a whole number of at most 20 digits, not {text}.", text=show_value(text)),
        )
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
                    msg("a die shows 1 to 6, not {char}.", char=show_value(char)),
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
    if not tokens or words[0] not in ("0", "1", "2", "3"):
        where = tokens[0][0] if tokens else start
        raise _Error(where, msg("expected the rolls left: '0 rolls left' to '3 rolls left'."))
    for index, allowed in enumerate((("rolls", "roll"), ("left",)), start=1):
        if len(tokens) <= index or words[index] not in allowed:
            where = tokens[index][0] if len(tokens) > index else _end(start, tokens)
            raise _Error(where, msg("expected 'rolls left' after the number."))
    if len(tokens) > 3:
        raise _Error(tokens[3][0], msg("expected nothing after 'rolls left'."))
    return int(words[0]), tokens[0][0]
