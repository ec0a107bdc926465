"""The one-line notation of :mod:`dicelab.penta.notation`, written: a card, a rule set, a
situation as text. (Reading it back is :func:`dicelab.penta.notation.parse`; this module
knows nothing of :class:`~dicelab.penta.situation.Situation`, which writes itself with it.)

>>> situation_line(Scorecard(), (1, 2, 3, 6, 6), 1)
'- | dice 1 2 3 6 6 | 1 roll left'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from dicelab.penta.rules import PRESETS, Rules
from dicelab.penta.scorecard import Scorecard

__all__ = ["CODES", "card_text", "rules_text", "situation_line"]

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


def card_text(card: Scorecard) -> str:
    """The card part of the notation: ``4s=12 5k=50 +100`` (``-`` when empty).

    >>> card_text(Scorecard())
    '-'
    """
    entries = [f"{CODES[box]}={points}" for box, points in card.filled.items()]
    if card.penta_bonus:
        entries.append(f"+{card.penta_bonus}")
    return " ".join(entries) or "-"


def situation_line(card: Scorecard, dice: Sequence[int] | None, rolls_left: int) -> str:
    """The whole line: card, dice (``None`` before a roll), rolls left, and the rules unless
    they are Penta's."""
    shown = "-" if dice is None else " ".join(map(str, dice))
    left = "1 roll left" if rolls_left == 1 else f"{rolls_left} rolls left"
    text = f"{card_text(card)} | dice {shown} | {left}"
    return text if card.rules == Rules() else f"{text} | {rules_text(card.rules)}"


_SWITCH = {True: "on", False: "off"}
_FIELDS = ("joker", "penta_bonus", "upper_bonus")
_HOUSE = tuple(f.name for f in dataclasses.fields(Rules) if f.name not in ("name", *_FIELDS))
"""The fields a house may add, each ``key=value``: numbers, and ``five_full_house`` on/off."""
_JOKERS = tuple(dict.fromkeys(preset.joker for preset in PRESETS.values()))
_ESCAPED = re.compile(r"[\s|=%\"\ud800-\udfff]|[^\x21-\x7e\xa0-\U0010ffff]")


def _escape(match: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in match.group().encode("utf-8", "surrogatepass"))


def rules_text(rules: Rules) -> str:
    """The rules part: a preset by its name, any other rule set by its name and fields.

    >>> rules_text(Rules.preset("official"))
    'rules official'
    >>> rules_text(Rules("official", "none"))
    'rules official joker=none penta_bonus=on upper_bonus=on'
    >>> rules_text(Rules.custom("house", upper_bonus_threshold=70, five_full_house=True))
    'rules house joker=forced-50 penta_bonus=on upper_bonus=on upper_bonus_threshold=70 \
five_full_house=on'
    """
    name = _ESCAPED.sub(_escape, rules.name)
    if PRESETS.get(rules.name) == rules:
        return f"rules {name}"
    fields = [f"joker={rules.joker}"]
    fields += [f"{key}={_SWITCH.get(getattr(rules, key), '?')}" for key in _FIELDS[1:]]
    for key, value in rules.changes().items():
        fields.append(f"{key}={_SWITCH[value] if isinstance(value, bool) else value}")
    return " ".join(["rules", name or '""', *fields])
