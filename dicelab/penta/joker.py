"""The joker: where five equal dice may go once the Penta box is filled (``docs/rules/penta.md``).

Everything the joker decides lives here, once: the variants of the rule presets
(:data:`VARIANTS`), its cases (:class:`JokerCase`), one predicate per case, the boxes
and points of each case, and the message that explains each case. The scorecard asks
with one situation (:class:`Facts` of plain bools); the solver asks with NumPy arrays
of many situations at once, through the very same predicates (:func:`case_masks`).

>>> facts = Facts.of((4, 4, 4, 4, 4), open_boxes=("fours", "chance"), penta=50)
>>> joker_case(Rules(), facts)
<JokerCase.OWN_BOX: 'own-box'>
>>> [box for box in ("fours", "chance") if allowed(JokerCase.OWN_BOX, box, 4)]
['fours']
>>> str(reason(JokerCase.OWN_BOX, "chance", 4, 0))
'Joker: five 4s must go in Fours.'

A new joker variant is one more row of :data:`VARIANTS` (rule data, kept with the rules in
:mod:`dicelab.penta.rules`, which names the variants a :class:`Rules` may take): whether it is
forced, and the conditions it needs besides five equal dice.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from enum import Enum
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from dicelab.i18n import Message, msg
from dicelab.penta.rules import (
    BOX_NAMES,
    BOXES,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    LOWER,
    SMALL_STRAIGHT_POINTS,
    UPPER,
    VARIANTS,
    Condition,
    Rules,
    Variant,
    check_joker,
    raw_points,
)

__all__ = [
    "CASE_PREDICATES",
    "RAISED_POINTS",
    "VARIANTS",
    "Condition",
    "Facts",
    "JokerCase",
    "Variant",
    "allowed",
    "allowed_table",
    "case_masks",
    "earns_penta_bonus",
    "five_face",
    "is_forced_lower",
    "is_forced_own_box",
    "is_forced_upper",
    "is_free_joker",
    "joker_case",
    "joker_in_force",
    "joker_points",
    "points",
    "raised_points",
    "raises_points",
    "reason",
    "variant",
    "why_no_joker",
]

Flag = Any
"""A bool for one situation, or a NumPy bool array for many (the solver's masks)."""


def _not(flag: Flag) -> Flag:
    """Logical not of a bool or of a NumPy bool array."""
    return not flag if isinstance(flag, bool) else np.logical_not(flag)


def five_face(dice: Sequence[int]) -> int:
    """The face of five equal sorted dice, else 0.

    >>> five_face((3, 3, 3, 3, 3)), five_face((1, 3, 3, 3, 3))
    (3, 0)
    """
    return dice[0] if dice[0] == dice[4] else 0


class Facts(NamedTuple):
    """What the joker and the Penta bonus look at, for one roll on one card.

    Each field is a bool, or for the solver a NumPy bool array (of shapes that broadcast).
    """

    five: Flag
    """The five dice show one face."""
    penta_filled: Flag
    """The Penta box is filled (with 50 or with 0)."""
    penta_50: Flag
    """The Penta box holds its points (50 by default; a house may change them), not 0."""
    own_open: Flag
    """The upper box of the dice's face is open (False unless :attr:`five`)."""
    lower_open: Flag
    """Some lower box is open."""

    @classmethod
    def of(cls, dice: Sequence[int], open_boxes: Collection[str], penta: int | None) -> Facts:
        """The facts of sorted ``dice`` on a card with ``open_boxes`` and ``penta`` points in
        the Penta box (``None`` while it is open; it holds 0 or the rules' Penta points).

        >>> Facts.of((2, 2, 2, 2, 2), open_boxes=("twos", "chance"), penta=0)
        Facts(five=True, penta_filled=True, penta_50=False, own_open=True, lower_open=True)
        """
        face = five_face(dice)
        return cls(
            five=bool(face),
            penta_filled=penta is not None,
            penta_50=bool(penta),
            own_open=bool(face) and UPPER[face - 1] in open_boxes,
            lower_open=any(box in open_boxes for box in LOWER),
        )


# -- the variants: when five equal dice are a joker ------------------------------------------


_HOLDS: dict[Condition, Callable[[Facts], Flag]] = {
    Condition.PENTA_FILLED: lambda facts: facts.penta_filled,
    Condition.PENTA_50: lambda facts: facts.penta_50,
    Condition.OWN_BOX_FILLED: lambda facts: _not(facts.own_open),
    Condition.NEVER: lambda facts: False,
}

_UNMET: dict[Condition, Callable[[int], Message | None]] = {
    Condition.PENTA_FILLED: lambda face: msg("No joker while the Penta box is open."),
    Condition.PENTA_50: lambda face: msg("No joker: the Penta box holds 0."),
    Condition.OWN_BOX_FILLED: lambda face: msg(
        "No joker while {box} is open.", box=msg(BOX_NAMES[UPPER[face - 1]])
    ),
    Condition.NEVER: lambda face: None,  # no joker in these rules: nothing to say
}
"""Why five equal dice are no joker, by the first condition they miss."""


def variant(rules: Rules) -> Variant:
    """The joker variant of ``rules``; :class:`~dicelab.IllegalMove` for an unknown one.

    >>> variant(Rules.preset("official")).forced
    True
    >>> variant(Rules("house", "wild"))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Unknown joker rule 'wild': the joker rules are forced-50, \
forced-any, free, none.
    """
    return VARIANTS[check_joker(rules.joker)]


# -- the cases: one predicate each -----------------------------------------------------------


class JokerCase(Enum):
    """How five equal dice are scored on a card."""

    NONE = "none"
    """No joker: every open box by its own rule."""
    OWN_BOX = "own-box"
    """Forced joker, case 1: the upper box of the face, and nothing else."""
    LOWER = "lower"
    """Forced joker, case 2: any open lower box, at joker points."""
    UPPER = "upper"
    """Forced joker, case 3: the lower section is full: any open upper box, for 0."""
    FREE = "free"
    """Free joker: any open box, the lower ones at joker points."""


def joker_in_force(rules: Rules, facts: Facts) -> Flag:
    """Five equal dice are a joker: the variant of ``rules`` has all it needs.

    Penta rules: only when the Penta box holds 50; official: whenever it is filled;
    free joker: when the Penta box and the upper box of the face are both filled.

    >>> fifty = Facts.of((4,) * 5, open_boxes=("fours",), penta=50)
    >>> zero = Facts.of((4,) * 5, open_boxes=("fours",), penta=0)
    >>> joker_in_force(Rules(), fifty), joker_in_force(Rules(), zero)
    (True, False)
    >>> joker_in_force(Rules.preset("official"), zero)
    True
    >>> joker_in_force(Rules.preset("free-joker"), fifty)  # Fours still open
    False
    """
    result = facts.five
    for condition in variant(rules).requires:
        result = result & _HOLDS[condition](facts)
    return result


def is_forced_own_box(rules: Rules, facts: Facts) -> Flag:
    """Forced joker, case 1: the upper box of the face is open, so it is the only legal box.

    >>> facts = Facts.of((4,) * 5, open_boxes=("fours", "chance"), penta=50)
    >>> is_forced_own_box(Rules(), facts), is_forced_own_box(Rules.preset("no-joker"), facts)
    (True, False)
    """
    return joker_in_force(rules, facts) & variant(rules).forced & facts.own_open


def is_forced_lower(rules: Rules, facts: Facts) -> Flag:
    """Forced joker, case 2: the upper box of the face is filled and a lower box is open:
    any open lower box, Full house 25, straights 30 and 40, the others the sum.

    >>> facts = Facts.of((4,) * 5, open_boxes=("aces", "chance"), penta=50)
    >>> is_forced_lower(Rules(), facts)
    True
    """
    in_force = joker_in_force(rules, facts) & variant(rules).forced
    return in_force & _not(facts.own_open) & facts.lower_open


def is_forced_upper(rules: Rules, facts: Facts) -> Flag:
    """Forced joker, case 3: the upper box of the face and the whole lower section are
    filled: any other open upper box, for 0 points.

    >>> facts = Facts.of((4,) * 5, open_boxes=("aces",), penta=50)
    >>> is_forced_upper(Rules(), facts), is_forced_lower(Rules(), facts)
    (True, False)
    """
    in_force = joker_in_force(rules, facts) & variant(rules).forced
    return in_force & _not(facts.own_open) & _not(facts.lower_open)


def is_free_joker(rules: Rules, facts: Facts) -> Flag:
    """Free joker: any open box may take the roll, and Full house and the straights
    give it full points (25, 30, 40).

    >>> facts = Facts.of((4,) * 5, open_boxes=("aces", "chance"), penta=0)
    >>> is_free_joker(Rules.preset("free-joker"), facts), is_free_joker(Rules(), facts)
    (True, False)
    """
    return joker_in_force(rules, facts) & _not(variant(rules).forced)


CASE_PREDICATES: dict[JokerCase, Callable[[Rules, Facts], Flag]] = {
    JokerCase.OWN_BOX: is_forced_own_box,
    JokerCase.LOWER: is_forced_lower,
    JokerCase.UPPER: is_forced_upper,
    JokerCase.FREE: is_free_joker,
}
"""The predicate of each case but :attr:`JokerCase.NONE` (at most one holds)."""


def joker_case(rules: Rules, facts: Facts) -> JokerCase:
    """The case of one roll on one card (``facts`` of plain bools).

    >>> joker_case(Rules(), Facts.of((6,) * 5, open_boxes=("sixes",), penta=0))
    <JokerCase.NONE: 'none'>
    """
    if joker_in_force(rules, facts):
        for case, holds in CASE_PREDICATES.items():
            if holds(rules, facts):
                return case
    return JokerCase.NONE


def case_masks(rules: Rules, facts: Facts) -> dict[JokerCase, np.ndarray]:
    """The case predicates on arrays of situations: a bool mask per case but
    :attr:`JokerCase.NONE` (where no mask holds), each of the shape of the facts together.

    >>> facts = Facts(True, np.array([True, True]), np.array([True, False]), False, True)
    >>> case_masks(Rules(), facts)[JokerCase.LOWER].tolist()
    [True, False]
    """
    shape = np.broadcast_shapes(*(np.shape(fact) for fact in facts))
    return {
        case: np.broadcast_to(holds(rules, facts), shape) for case, holds in CASE_PREDICATES.items()
    }


def earns_penta_bonus(rules: Rules, facts: Facts) -> Flag:
    """The Penta bonus: five equal dice while the Penta box holds 50, whichever box takes them.

    >>> facts = Facts.of((1,) * 5, open_boxes=("aces",), penta=50)
    >>> earns_penta_bonus(Rules(), facts), earns_penta_bonus(Rules.preset("no-bonus"), facts)
    (True, False)
    """
    return facts.five & rules.penta_bonus & facts.penta_50


# -- the boxes and points of each case -------------------------------------------------------


RAISED_POINTS = {
    "full_house": FULL_HOUSE_POINTS,
    "small_straight": SMALL_STRAIGHT_POINTS,
    "large_straight": LARGE_STRAIGHT_POINTS,
}
"""The boxes a joker raises to their full points (five equal dice score 0 there otherwise),
with the default points; :func:`raised_points` gives those of any rules."""


def raised_points(rules: Rules | None = None) -> dict[str, int]:
    """The points a joker raises Full house and the straights to, under ``rules`` (the
    house's numbers; ``None``: the defaults), in the order of :data:`RAISED_POINTS`.

    >>> raised_points(Rules.custom("house", full_house_points=30))
    {'full_house': 30, 'small_straight': 30, 'large_straight': 40}
    """
    if rules is None:
        return dict(RAISED_POINTS)
    return {
        "full_house": rules.full_house_points,
        "small_straight": rules.small_straight_points,
        "large_straight": rules.large_straight_points,
    }


_RAISING = frozenset({JokerCase.LOWER, JokerCase.FREE})


def joker_points(box: str, face: int, rules: Rules | None = None) -> int:
    """What five dice showing ``face`` score in ``box`` when the joker applies.

    Full house 25, Small straight 30, Large straight 40, Penta 50 (or the numbers of
    ``rules``); Three of a kind, Four of a kind and Chance the sum; an upper box the dice
    of its face (0 for another face).

    >>> joker_points("full_house", 4), joker_points("chance", 4), joker_points("aces", 4)
    (25, 20, 0)
    >>> joker_points("small_straight", 4, Rules.custom("house", small_straight_points=25))
    25
    """
    raised = raised_points(rules)
    return raised[box] if box in raised else raw_points(box, (face,) * 5, rules)


def allowed(case: JokerCase, box: str, face: int) -> bool:
    """Whether an open ``box`` may take five ``face``\\ s in ``case``.

    >>> allowed(JokerCase.LOWER, "fives", 4), allowed(JokerCase.UPPER, "fives", 4)
    (False, True)
    """
    if case is JokerCase.OWN_BOX:
        return box == UPPER[face - 1]
    if case is JokerCase.LOWER:
        return box in LOWER
    if case is JokerCase.UPPER:
        return box in UPPER
    return True


def points(case: JokerCase, box: str, face: int, rules: Rules | None = None) -> int:
    """What five ``face``\\ s score in ``box`` in ``case`` (where :func:`allowed`), under
    the numbers of ``rules`` (``None``: the defaults).

    >>> points(JokerCase.LOWER, "large_straight", 4), points(JokerCase.NONE, "large_straight", 4)
    (40, 0)
    """
    if case in _RAISING:
        return joker_points(box, face, rules)
    return raw_points(box, (face,) * 5, rules)


@cache
def allowed_table(case: JokerCase) -> np.ndarray:
    """(6, 13) :func:`allowed` for faces 1..6 and the boxes in scorecard order.

    >>> allowed_table(JokerCase.OWN_BOX)[3].nonzero()[0].tolist()
    [3]
    """
    table = np.array([[allowed(case, box, face) for box in BOXES] for face in range(1, 7)])
    table.flags.writeable = False
    return table


def raises_points(case: JokerCase) -> bool:
    """Whether ``case`` scores Full house and the straights at :data:`RAISED_POINTS`."""
    return case in _RAISING


# -- what the app says about each case -------------------------------------------------------


def _own_name(face: int) -> Message:
    return msg(BOX_NAMES[UPPER[face - 1]])


def _raised(box: str, face: int, points: int) -> Message | None:
    if box in RAISED_POINTS:
        return _RAISED_REASONS[box](points)
    if box in UPPER:
        return None  # an upper box keeps its own rule
    return msg("Joker: the sum of the five dice, {points} points.", points=points)


_RAISED_REASONS = {
    "full_house": lambda points: msg("Full house by the joker rule: {points}.", points=points),
    "small_straight": lambda points: msg(
        "Small straight by the joker rule: {points}.", points=points
    ),
    "large_straight": lambda points: msg(
        "Large straight by the joker rule: {points}.", points=points
    ),
}

_REASONS: dict[tuple[JokerCase, bool], Callable[[str, int, int], Message | None]] = {
    (JokerCase.OWN_BOX, True): lambda box, face, points: msg(
        "Joker: five {face}s must go in {box}: {points} points.",
        face=face,
        box=_own_name(face),
        points=points,
    ),
    (JokerCase.OWN_BOX, False): lambda box, face, points: msg(
        "Joker: five {face}s must go in {box}.", face=face, box=_own_name(face)
    ),
    (JokerCase.LOWER, True): _raised,
    (JokerCase.LOWER, False): lambda box, face, points: msg(
        "Joker: {box} is filled, so five {face}s must go in an open lower box.",
        box=_own_name(face),
        face=face,
    ),
    (JokerCase.UPPER, True): lambda box, face, points: msg(
        "Joker: the lower section is full, so five {face}s may go in any open upper "
        "box, for 0 points.",
        face=face,
    ),
    (JokerCase.FREE, True): _raised,
}
"""(case, allowed) -> why the open box scores what it does, or is refused."""


def reason(case: JokerCase, box: str, face: int, points: int) -> Message | None:
    """Why the open ``box`` takes five ``face``\\ s for ``points`` in ``case``, or is refused;
    ``None`` where the box's own rule decides (no joker, or an upper box of the free joker).

    >>> str(reason(JokerCase.LOWER, "full_house", 4, 25))
    'Full house by the joker rule: 25.'
    >>> reason(JokerCase.NONE, "full_house", 4, 0) is None
    True
    """
    build = _REASONS.get((case, allowed(case, box, face)))
    return None if build is None else build(box, face, points)


def why_no_joker(rules: Rules, facts: Facts, face: int) -> Message | None:
    """Why five ``face``\\ s get no joker points: the first condition of the variant they
    miss; ``None`` when the joker is in force or the rules have none.

    >>> str(why_no_joker(Rules(), Facts.of((4,) * 5, ("fours",), penta=0), 4))
    'No joker: the Penta box holds 0.'
    >>> why_no_joker(Rules.preset("no-joker"), Facts.of((4,) * 5, ("fours",), penta=0), 4)
    """
    for condition in variant(rules).requires:
        if not _HOLDS[condition](facts):
            return _UNMET[condition](face)
    return None
