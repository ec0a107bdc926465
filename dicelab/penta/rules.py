"""Penta's rule data: the boxes, the rule presets, and how each box scores a roll.

The joker depends on the scorecard, so it lives in :mod:`dicelab.penta.joker`; here is
what a roll alone decides, and the upper bonus, which the upper total alone decides.

>>> raw_points("full_house", (2, 2, 5, 5, 5))
25
>>> raw_points("small_straight", (1, 3, 4, 2, 6))
30
>>> raw_points("full_house", (4, 4, 4, 4, 4))  # five equal dice are not a full house
0
>>> Rules.preset("official").joker
'forced-any'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicelab.dice import counts
from dicelab.i18n import N_
from dicelab.presets import coerce_rules, lookup

__all__ = [
    "BOXES",
    "BOX_NAMES",
    "FACE_OF",
    "LOWER",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "PRESET_LABELS",
    "UPPER",
    "UPPER_BONUS",
    "UPPER_BONUS_THRESHOLD",
    "Rules",
    "check_rules",
    "is_full_house",
    "is_large_straight",
    "is_penta",
    "is_small_straight",
    "n_of_a_kind",
    "raw_points",
    "upper_bonus_earned",
    "upper_bonus_points",
]

UPPER = ("aces", "twos", "threes", "fours", "fives", "sixes")
LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "chance",
    "penta",
)
BOXES = UPPER + LOWER
"""The 13 box ids in scorecard order."""

FACE_OF = {box: face for face, box in enumerate(UPPER, start=1)}
"""The face an upper box counts: ``FACE_OF["fours"] == 4``."""

BOX_NAMES = {
    "aces": N_("Aces"),
    "twos": N_("Twos"),
    "threes": N_("Threes"),
    "fours": N_("Fours"),
    "fives": N_("Fives"),
    "sixes": N_("Sixes"),
    "three_of_a_kind": N_("Three of a kind"),
    "four_of_a_kind": N_("Four of a kind"),
    "full_house": N_("Full house"),
    "small_straight": N_("Small straight"),
    "large_straight": N_("Large straight"),
    "chance": N_("Chance"),
    "penta": N_("Penta"),
}
"""English display names (message ids: translate them with :func:`dicelab.i18n.translate`)."""

UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63
PENTA_POINTS = 50
PENTA_BONUS = 100
FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40


@dataclass(frozen=True)
class Rules:
    """A rule set: which joker applies and which bonuses count.

    ``joker`` names a joker variant, a key of :data:`dicelab.penta.joker.VARIANTS`; the
    presets are :data:`PRESETS`, described in :data:`PRESET_DESCRIPTIONS`.

    >>> Rules() == Rules.preset("penta")
    True
    >>> Rules.preset("no-bonus").penta_bonus
    False
    """

    name: str = "penta"
    joker: str = "forced-50"
    penta_bonus: bool = True
    upper_bonus: bool = True

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the five presets: ``penta``, ``official``, ``free-joker``, ``no-joker``,
        ``no-bonus``."""
        return lookup(PRESETS, name)


PRESETS: dict[str, Rules] = {
    "penta": Rules(),
    "official": Rules("official", "forced-any"),
    "free-joker": Rules("free-joker", "free"),
    "no-joker": Rules("no-joker", "none"),
    "no-bonus": Rules("no-bonus", "none", penta_bonus=False),
}

PRESET_LABELS = {
    "penta": N_("Penta (the app's rules)"),
    "official": N_("Official (forced joker)"),
    "free-joker": N_("Free joker"),
    "no-joker": N_("No joker"),
    "no-bonus": N_("No joker, no Penta bonus"),
}
"""Each preset's name in a menu (message ids: translate them with :func:`dicelab.i18n.translate`).

>>> from dicelab.i18n import translate
>>> translate(PRESET_LABELS["free-joker"], "en")
'Free joker'
"""

PRESET_DESCRIPTIONS = {
    "penta": N_("the app's rules: the joker is forced only when the Penta box holds 50"),
    "official": N_(
        "Hasbro's rules: the joker is forced whenever the Penta box is filled, with 50 or with 0 "
        "(the bonus only with 50)"
    ),
    "free-joker": N_(
        "Verhoeff's rules: five equal dice may go in any open box; joker points (Full house 25, "
        "straights 30 and 40) when the Penta box and the upper box of that face are both filled"
    ),
    "no-joker": N_("five equal dice are always an ordinary roll"),
    "no-bonus": N_("no joker and no Penta bonus"),
}
"""How each preset differs from the others (message ids; everything not said is the same)."""


def check_rules(rules: object) -> Rules:
    """``None`` -> the Penta rules; a preset name -> that preset; a :class:`Rules` as is.

    A :class:`Rules` with an unknown joker is refused with :class:`~dicelab.IllegalMove`.

    >>> check_rules("official").name
    'official'
    >>> check_rules(Rules("house", "wild"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Unknown joker rule 'wild': ...
    """
    from dicelab.penta.joker import variant  # the joker module reads this one's constants

    checked = coerce_rules(
        rules,
        Rules,
        PRESETS,
        default="penta",
        refusal=N_("Rules must be a Rules object or a preset name, not {value}."),
    )
    variant(checked)
    return checked


def upper_bonus_points(rules: Rules, upper_total: Any) -> Any:
    """The upper bonus of a card whose upper boxes sum to ``upper_total``: 35 from 63 on,
    if ``rules`` have it (works on NumPy arrays of totals too).

    >>> upper_bonus_points(Rules(), 62), upper_bonus_points(Rules(), 63)
    (0, 35)
    """
    return UPPER_BONUS * (rules.upper_bonus & (upper_total >= UPPER_BONUS_THRESHOLD))


def upper_bonus_earned(rules: Rules, before: Any, after: Any) -> Any:
    """The upper bonus a move earns that takes the upper total from ``before`` to ``after``.

    >>> upper_bonus_earned(Rules(), 60, 66), upper_bonus_earned(Rules(), 63, 66)
    (35, 0)
    """
    return upper_bonus_points(rules, after) - upper_bonus_points(rules, before)


def n_of_a_kind(tally: Sequence[int], n: int) -> bool:
    """At least ``n`` dice show one face (``tally`` is :func:`dicelab.dice.counts`)."""
    return max(tally) >= n


def is_penta(tally: Sequence[int]) -> bool:
    """Five equal dice."""
    return max(tally) == 5


def is_full_house(tally: Sequence[int]) -> bool:
    """Exactly three of one face and two of another.

    >>> is_full_house(counts((3, 3, 3, 6, 6))), is_full_house(counts((3, 3, 3, 3, 3)))
    (True, False)
    """
    return sorted(c for c in tally if c) == [2, 3]


def _run_length(tally: Sequence[int]) -> int:
    best = run = 0
    for count in tally:
        run = run + 1 if count else 0
        best = max(best, run)
    return best


def is_small_straight(tally: Sequence[int]) -> bool:
    """Four consecutive faces present (1-2-3-4, 2-3-4-5 or 3-4-5-6)."""
    return _run_length(tally) >= 4


def is_large_straight(tally: Sequence[int]) -> bool:
    """Five consecutive faces (1-5 or 2-6)."""
    return _run_length(tally) >= 5


def raw_points(box: str, dice: Sequence[int]) -> int:
    """The points ``box`` gives ``dice`` by its own rule, before any joker or bonus.

    ``dice`` are assumed checked (five values 1..6); ``box`` must be a box id.
    """
    tally = counts(dice)
    total = sum(dice)
    if box in FACE_OF:
        face = FACE_OF[box]
        return face * tally[face - 1]
    rule = _LOWER_RULES[box]
    return rule(tally, total)


_LOWER_RULES = {
    "three_of_a_kind": lambda t, s: s if n_of_a_kind(t, 3) else 0,
    "four_of_a_kind": lambda t, s: s if n_of_a_kind(t, 4) else 0,
    "full_house": lambda t, s: FULL_HOUSE_POINTS if is_full_house(t) else 0,
    "small_straight": lambda t, s: SMALL_STRAIGHT_POINTS if is_small_straight(t) else 0,
    "large_straight": lambda t, s: LARGE_STRAIGHT_POINTS if is_large_straight(t) else 0,
    "chance": lambda t, s: s,
    "penta": lambda t, s: PENTA_POINTS if is_penta(t) else 0,
}
