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

A house changes the numbers (:meth:`Rules.custom`); the rules score by them:

>>> house = Rules.custom("house", full_house_points=30)
>>> raw_points("full_house", (2, 2, 5, 5, 5), house)
30
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from dicelab.dice import counts
from dicelab.errors import IllegalMove
from dicelab.i18n import N_, msg
from dicelab.numbers import is_whole, show_value
from dicelab.presets import coerce_rules, lookup

__all__ = [
    "BOXES",
    "BOX_NAMES",
    "FACE_OF",
    "FULL_HOUSE_POINTS",
    "LARGE_STRAIGHT_POINTS",
    "LOWER",
    "MAX_POINTS",
    "MAX_UPPER_TOTAL",
    "PENTA_BONUS",
    "PENTA_POINTS",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "PRESET_LABELS",
    "SMALL_STRAIGHT_POINTS",
    "UPPER",
    "UPPER_BONUS",
    "UPPER_BONUS_THRESHOLD",
    "VARIANTS",
    "Condition",
    "Rules",
    "Variant",
    "check_joker",
    "check_rules",
    "counts_as_full_house",
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
# The numbers above are the DEFAULTS of :class:`Rules` (every preset has them); the game and
# the solver read the numbers of the rules they are given, never these constants.

MAX_UPPER_TOTAL = 5 * sum(range(1, 7))
"""The most the six upper boxes can hold together (five of each face): 105."""

MAX_POINTS = 1000
"""The most points a house may give a box or a bonus."""

_NUMBERS = {
    # field: (least, most) allowed
    "upper_bonus_threshold": (1, MAX_UPPER_TOTAL),
    "upper_bonus_points": (1, MAX_POINTS),
    "full_house_points": (0, MAX_POINTS),
    "small_straight_points": (0, MAX_POINTS),
    "large_straight_points": (0, MAX_POINTS),
    "penta_points": (1, MAX_POINTS),
    "penta_bonus_points": (1, MAX_POINTS),
}
_SWITCHES = ("penta_bonus", "upper_bonus", "five_full_house")
_LEGACY = ("name", "joker", "penta_bonus", "upper_bonus")
"""The fields of the first rule sets: the repr (and so the cache digest) always shows them."""


@dataclass(frozen=True, repr=False)
class Rules:
    """A rule set: the joker, which bonuses count, and the numbers a house may change.

    ``joker`` names a joker variant, a key of :data:`dicelab.penta.joker.VARIANTS`; the
    presets are :data:`PRESETS`, described in :data:`PRESET_DESCRIPTIONS`. The numbers
    (``upper_bonus_threshold``, ``upper_bonus_points``, ``full_house_points``,
    ``small_straight_points``, ``large_straight_points``, ``penta_points``,
    ``penta_bonus_points``) and ``five_full_house`` (five equal dice may count as a full
    house) are the same in every preset; a house rule set changes them
    (:meth:`custom`). Nonsense is refused with :class:`~dicelab.IllegalMove`:

    >>> Rules() == Rules.preset("penta")
    True
    >>> Rules.preset("no-bonus").penta_bonus
    False
    >>> Rules.custom("house", upper_bonus_threshold=70).upper_bonus_threshold
    70
    >>> Rules.custom("house", upper_bonus_threshold=120)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: The upper bonus threshold is a whole number from 1 to 105 (the \
most the upper boxes can hold), not 120.
    >>> Rules.custom("house", full_house_points=-5)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: full_house_points is a whole number from 0 to 1,000, not -5.
    """

    name: str = "penta"
    joker: str = "forced-50"
    penta_bonus: bool = True
    upper_bonus: bool = True
    upper_bonus_threshold: int = UPPER_BONUS_THRESHOLD
    upper_bonus_points: int = UPPER_BONUS
    full_house_points: int = FULL_HOUSE_POINTS
    small_straight_points: int = SMALL_STRAIGHT_POINTS
    large_straight_points: int = LARGE_STRAIGHT_POINTS
    penta_points: int = PENTA_POINTS
    penta_bonus_points: int = PENTA_BONUS
    five_full_house: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):  # it names the cache file, the save, the notation
            raise IllegalMove(
                msg("The rules' name is text, not {value}.", value=show_value(self.name))
            )
        for field, (least, most) in _NUMBERS.items():
            value = getattr(self, field)
            if not is_whole(value) or not least <= int(value) <= most:
                raise IllegalMove(_number_refusal(field, least, most, value))
            object.__setattr__(self, field, int(value))
        for field in _SWITCHES:
            value = getattr(self, field)
            if not isinstance(value, bool | np.bool_):
                raise IllegalMove(
                    msg(
                        "{field} is true or false, not {value}.",
                        field=field,
                        value=show_value(value),
                    )
                )
            object.__setattr__(self, field, bool(value))

    def __repr__(self) -> str:
        """The fields of the first rule sets always, the others only where they differ
        from the defaults: a preset's repr (and so its cache file's name) never changed.

        >>> Rules.custom("house", base="official", full_house_points=30)
        Rules(name='house', joker='forced-any', penta_bonus=True, upper_bonus=True, \
full_house_points=30)
        """
        shown = [f"{field}={getattr(self, field)!r}" for field in _LEGACY]
        shown += [f"{field}={value!r}" for field, value in self.changes().items()]
        return f"Rules({', '.join(shown)})"

    def changes(self) -> dict[str, Any]:
        """The numbers and switches a house changed (fields other than the first four that
        differ from the defaults), in field order.

        >>> Rules.custom("house", penta_points=40, five_full_house=True).changes()
        {'penta_points': 40, 'five_full_house': True}
        >>> Rules.preset("no-bonus").changes()
        {}
        """
        return {
            field.name: getattr(self, field.name)
            for field in dataclasses.fields(self)
            if field.name not in _LEGACY and getattr(self, field.name) != field.default
        }

    @property
    def digest(self) -> str:
        """A short fingerprint of the rule set (name included) for cache file names:
        the first 10 hex digits of the SHA-256 of its repr.

        >>> Rules.preset("official").digest
        'ca5578ac5c'
        """
        return hashlib.sha256(repr(self).encode()).hexdigest()[:10]

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the five presets: ``penta``, ``official``, ``free-joker``, ``no-joker``,
        ``no-bonus``."""
        return lookup(PRESETS, name)

    @classmethod
    def custom(cls, name: str, base: str | Rules = "penta", **changes: Any) -> Rules:
        """A house rule set called ``name``: ``base`` (a preset name or a rule set) with
        some fields changed; an unknown field or a nonsense value (an unknown joker too) is
        refused.

        >>> Rules.custom("house", base="official", upper_bonus_threshold=60).joker
        'forced-any'
        >>> Rules.custom("house", full_house=30)
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Unknown rule field full_house: the fields are joker, \
penta_bonus, upper_bonus, upper_bonus_threshold, upper_bonus_points, full_house_points, \
small_straight_points, large_straight_points, penta_points, penta_bonus_points, five_full_house.
        """
        start = base if isinstance(base, Rules) else cls.preset(base)
        fields = [field.name for field in dataclasses.fields(cls) if field.name != "name"]
        for key in changes:
            if key not in fields:
                raise IllegalMove(
                    msg(
                        "Unknown rule field {field}: the fields are {fields}.",
                        field=key,
                        fields=", ".join(fields),
                    )
                )
        return check_rules(dataclasses.replace(start, name=name, **changes))


def _number_refusal(field: str, least: int, most: int, value: object) -> Any:
    if field == "upper_bonus_threshold":
        return msg(
            "The upper bonus threshold is a whole number from {least} to {most} (the most the "
            "upper boxes can hold), not {value}.",
            least=least,
            most=most,
            value=show_value(value),
        )
    return msg(
        "{field} is a whole number from {least} to {most}, not {value}.",
        field=field,
        least=least,
        most=most,
        value=show_value(value),
    )


PRESETS: dict[str, Rules] = {
    "penta": Rules(),
    "official": Rules("official", "forced-any"),
    "free-joker": Rules("free-joker", "free"),
    "no-joker": Rules("no-joker", "none"),
    "no-bonus": Rules("no-bonus", "none", penta_bonus=False),
}
"""The five presets by name; all share the default numbers (full house 25, upper bonus 35 from
63, ...): a house changes those with :meth:`Rules.custom`."""

_DEFAULT = PRESETS["penta"]

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


# -- the joker's variants: rule data (what each case means: dicelab.penta.joker) --------------


class Condition(Enum):
    """What a joker variant may need besides five equal dice."""

    PENTA_FILLED = "penta-filled"
    PENTA_50 = "penta-50"
    OWN_BOX_FILLED = "own-box-filled"
    NEVER = "never"


@dataclass(frozen=True)
class Variant:
    """A joker rule: forced (cases 1 to 3) or free, and what it needs besides five equal dice."""

    forced: bool
    requires: tuple[Condition, ...]

    @property
    def reads_50(self) -> bool:
        """Whether the joker depends on the Penta box holding 50 (not only being filled)."""
        return Condition.PENTA_50 in self.requires


VARIANTS: dict[str, Variant] = {
    "forced-50": Variant(forced=True, requires=(Condition.PENTA_FILLED, Condition.PENTA_50)),
    "forced-any": Variant(forced=True, requires=(Condition.PENTA_FILLED,)),
    "free": Variant(forced=False, requires=(Condition.PENTA_FILLED, Condition.OWN_BOX_FILLED)),
    "none": Variant(forced=False, requires=(Condition.NEVER,)),
}
"""The joker rules by :attr:`Rules.joker` value; :mod:`dicelab.penta.joker` reads them."""


def check_joker(joker: object) -> str:
    """``joker`` if it names a joker rule (a key of :data:`VARIANTS`); else
    :class:`~dicelab.IllegalMove` naming them.

    >>> check_joker("free")
    'free'
    """
    if isinstance(joker, str) and joker in VARIANTS:
        return joker
    raise IllegalMove(
        msg(
            "Unknown joker rule {joker}: the joker rules are {choices}.",
            joker=show_value(joker),
            choices=", ".join(VARIANTS),
        )
    )


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
    checked = coerce_rules(
        rules,
        Rules,
        PRESETS,
        default="penta",
        refusal=N_("Rules must be a Rules object or a preset name, not {value}."),
    )
    check_joker(checked.joker)
    return checked


def upper_bonus_points(rules: Rules, upper_total: Any) -> Any:
    """The upper bonus of a card whose upper boxes sum to ``upper_total``: 35 from 63 on
    (the rules' numbers), if ``rules`` have it (works on NumPy arrays of totals too).

    >>> upper_bonus_points(Rules(), 62), upper_bonus_points(Rules(), 63)
    (0, 35)
    >>> upper_bonus_points(Rules.custom("house", upper_bonus_threshold=70), 63)
    0
    """
    earned = rules.upper_bonus & (upper_total >= rules.upper_bonus_threshold)
    return rules.upper_bonus_points * earned


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


def counts_as_full_house(rules: Rules, tally: Sequence[int]) -> bool:
    """The Full house box scores this roll by its own rule: a full house, or five equal
    dice where the rules say they count as one (``five_full_house``).

    >>> five = counts((3, 3, 3, 3, 3))
    >>> counts_as_full_house(Rules(), five), counts_as_full_house(
    ...     Rules.custom("house", five_full_house=True), five)
    (False, True)
    """
    return is_full_house(tally) or (rules.five_full_house and is_penta(tally))


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


def raw_points(box: str, dice: Sequence[int], rules: Rules | None = None) -> int:
    """The points ``box`` gives ``dice`` by its own rule under ``rules`` (``None``: the
    defaults, which every preset has), before any joker or bonus.

    ``dice`` are assumed checked (five values 1..6); ``box`` must be a box id.

    >>> raw_points("large_straight", (2, 3, 4, 5, 6), Rules.custom("house",
    ...            large_straight_points=35))
    35
    """
    rules = _DEFAULT if rules is None else rules
    tally = counts(dice)
    total = sum(dice)
    if box in FACE_OF:
        face = FACE_OF[box]
        return face * tally[face - 1]
    rule = _LOWER_RULES[box]
    return rule(rules, tally, total)


_LOWER_RULES = {
    "three_of_a_kind": lambda r, t, s: s if n_of_a_kind(t, 3) else 0,
    "four_of_a_kind": lambda r, t, s: s if n_of_a_kind(t, 4) else 0,
    "full_house": lambda r, t, s: r.full_house_points if counts_as_full_house(r, t) else 0,
    "small_straight": lambda r, t, s: r.small_straight_points if is_small_straight(t) else 0,
    "large_straight": lambda r, t, s: r.large_straight_points if is_large_straight(t) else 0,
    "chance": lambda r, t, s: s,
    "penta": lambda r, t, s: r.penta_points if is_penta(t) else 0,
}
