"""The Penta scorecard: an immutable value that knows where a roll may go and what it scores.

A :class:`Scorecard` holds the points of the filled boxes and the Penta bonus so far,
under one :class:`~dicelab.penta.rules.Rules`. :meth:`Scorecard.options` lists the
boxes a roll may legally go in, with the points each would add (box points plus any
Penta bonus; the upper bonus is part of :attr:`Scorecard.total`, never of an option):

>>> card = Scorecard()
>>> card.options((2, 2, 5, 5, 5))["full_house"]
25
>>> card = card.score("penta", (3, 3, 3, 3, 3))
>>> card.options((4, 4, 4, 4, 4))  # the forced joker: five 4s must go in Fours, +100
{'fours': 120}
>>> card = card.score("fours", (4, 4, 4, 4, 4))
>>> card.filled, card.penta_bonus, card.total
({'fours': 20, 'penta': 50}, 100, 170)
>>> str(card.explain((4, 4, 4, 4, 4))["full_house"])
'Full house by the joker rule: 25. Penta bonus: +100.'

Every rule violation raises :class:`~dicelab.IllegalMove` and changes nothing
(a scorecard never changes anyway: :meth:`Scorecard.score` returns a new one):

>>> card.score("fours", (1, 2, 3, 4, 6))
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Fours is already filled. This roll may go in: Aces, Twos, Threes, \
Fives, Sixes, Three of a kind, Four of a kind, Full house, Small straight, Large straight, Chance.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from functools import lru_cache
from numbers import Integral
from typing import Any, NamedTuple

from dicelab.dice import FACES, sorted_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg, nmsg
from dicelab.numbers import show_value
from dicelab.penta import joker
from dicelab.penta.joker import joker_points
from dicelab.penta.rules import (
    BOX_NAMES,
    BOXES,
    FACE_OF,
    UPPER,
    Rules,
    check_rules,
    raw_points,
    upper_bonus_points,
)

__all__ = [
    "SACRIFICE",
    "Scorecard",
    "box_list",
    "box_name",
    "check_box",
    "check_rules",
    "joker_points",
    "possible_penta_bonuses",
    "possible_points",
]

SACRIFICE = msg("No open box scores points: you must sacrifice one")
"""What the app says when :meth:`Scorecard.must_sacrifice` is true."""

_INDEX = {box: i for i, box in enumerate(BOXES)}
_PENTA = _INDEX["penta"]

# Every ordered roll of five Python ints -> its sorted form: the fast path of dice input.
_CANON: dict[tuple[int, ...], tuple[int, ...]] = {
    roll: tuple(sorted(roll)) for roll in itertools.product(FACES, repeat=5)
}
_ROLLS = tuple(itertools.combinations_with_replacement(FACES, 5))


@lru_cache(maxsize=64)
def _raw_table(rules: Rules) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Sorted roll -> raw points of the 13 boxes in BOXES order, under ``rules``."""
    return {roll: tuple(raw_points(box, roll, rules) for box in BOXES) for roll in _ROLLS}


@lru_cache(maxsize=64)
def _possible(rules: Rules) -> dict[str, frozenset[int]]:
    table: dict[str, set[int]] = {box: set() for box in BOXES}
    for points in _raw_table(rules).values():
        for box, value in zip(BOXES, points, strict=True):
            table[box].add(value)
    for box in BOXES:
        table[box].update(joker_points(box, face, rules) for face in FACES)
        if box != "chance":
            table[box].add(0)  # a sacrifice
    return {box: frozenset(values) for box, values in table.items()}


def possible_points(box: str, rules: Rules | str | None = None) -> frozenset[int]:
    """Every number of points ``box`` can ever hold under ``rules`` (``None``: the Penta
    rules; every preset gives the same answer, a house may not).

    >>> sorted(possible_points("aces"))
    [0, 1, 2, 3, 4, 5]
    >>> 4 in possible_points("chance")
    False
    >>> sorted(possible_points("full_house", Rules.custom("house", full_house_points=30)))
    [0, 30]
    """
    return _possible(check_rules(rules))[check_box(box)]


def possible_penta_bonuses(rules: Rules | str | None = None) -> range:
    """Every Penta bonus a card under ``rules`` can hold: steps of the bonus (100), one
    bonus per turn at most, and the Penta box's own turn earns none (0 only without the
    bonus).

    >>> possible_penta_bonuses()
    range(0, 1300, 100)
    >>> possible_penta_bonuses("no-bonus")
    range(0, 100, 100)
    """
    rules = check_rules(rules)
    step = rules.penta_bonus_points
    most = len(BOXES) - 1 if rules.penta_bonus else 0
    return range(0, (most + 1) * step, step)


def box_name(box: str) -> Message:
    """The display name of ``box`` as a message (translated when rendered).

    >>> str(box_name("full_house"))
    'Full house'
    """
    return msg(BOX_NAMES[box])


def box_list(boxes: Iterable[str]) -> Message:
    """The display names of ``boxes``, comma-separated, translated when rendered.

    >>> str(box_list(["aces", "chance"]))
    'Aces, Chance'
    """
    names = {f"b{i}": box_name(box) for i, box in enumerate(boxes)}
    if not names:
        return msg("none")
    return Message(", ".join("{" + key + "}" for key in names), names)


def check_box(box: object) -> str:
    """``box`` if it is one of the 13 box ids, else :class:`IllegalMove`.

    >>> check_box("Chance")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Unknown box 'Chance': the boxes are aces, twos, threes, fours, \
fives, sixes, three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, \
chance, penta.
    """
    if isinstance(box, str) and box in _INDEX:
        return box
    raise IllegalMove(
        msg(
            "Unknown box {box}: the boxes are {boxes}.", box=show_value(box), boxes=", ".join(BOXES)
        )
    )


def _canon(dice: object) -> tuple[int, ...]:
    """The five dice, checked and sorted (fast for a tuple of Python ints)."""
    if type(dice) is tuple or type(dice) is list:
        roll = tuple(dice)
        canon = _CANON.get(roll)
        if canon is not None and all(type(value) is int for value in roll):
            return canon
    return sorted_dice(dice, 5)


# How a roll is judged for one open box: allowed or not, and the box points.
_Verdict = tuple[bool, int]


class Scorecard:
    """An immutable Penta scorecard: the filled boxes, the Penta bonus so far and the rules.

    Equal cards compare equal and hash alike, so cards can be dictionary keys.

    >>> Scorecard() == Scorecard(rules="penta")
    True
    >>> len({Scorecard(), Scorecard().score("chance", (1, 2, 3, 4, 5))})
    2
    """

    __slots__ = ("_bonus", "_hash", "_lower", "_points", "_rules", "_shape", "_upper")

    _rules: Rules
    _points: tuple[int | None, ...]
    _bonus: int
    _upper: int
    _lower: int
    _shape: tuple[Any, ...]
    _hash: int

    def __init__(self, rules: Rules | str | None = None) -> None:
        self._init(check_rules(rules), (None,) * len(BOXES), 0)

    def _init(self, rules: Rules, points: tuple[int | None, ...], bonus: int) -> None:
        set_ = object.__setattr__
        set_(self, "_rules", rules)
        set_(self, "_points", points)
        set_(self, "_bonus", bonus)
        # The two sums, once: every total reads them (a solver's reference reads millions).
        set_(self, "_upper", sum(p for p in points[: len(UPPER)] if p is not None))
        set_(self, "_lower", sum(p for p in points[len(UPPER) :] if p is not None))
        # All that options() depends on: which boxes are open and what the Penta box holds.
        set_(self, "_shape", (rules, tuple(p is None for p in points), points[_PENTA]))
        set_(self, "_hash", hash((rules, points, bonus)))

    @classmethod
    def _make(cls, rules: Rules, points: tuple[int | None, ...], bonus: int) -> Scorecard:
        card = cls.__new__(cls)
        card._init(rules, points, bonus)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Scorecard is immutable: score() returns a new one")

    def __copy__(self) -> Scorecard:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Scorecard:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._rules, self._points, self._bonus))

    @classmethod
    def from_filled(
        cls,
        filled: Mapping[str, int],
        penta_bonus: int = 0,
        rules: Rules | str | None = None,
    ) -> Scorecard:
        """A card with ``filled`` boxes (box id -> points) and ``penta_bonus`` points of bonus.

        Raises :class:`IllegalMove` for a situation no game can reach: an unknown box,
        points the box can never hold, a bonus that is negative or not a multiple of 100,
        a bonus without 50 in the Penta box, a bonus under rules without one, or more
        bonuses than boxes that could have taken them.

        >>> Scorecard.from_filled({"fours": 20, "penta": 50}, penta_bonus=100).total
        170
        >>> Scorecard.from_filled({"aces": 7})
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Aces cannot hold 7 points: it holds one of 0, 1, 2, 3, 4, 5.
        """
        rules = check_rules(rules)
        points = _filled_points(filled, rules)
        bonus = _checked_bonus(penta_bonus, rules, points)
        return cls._make(rules, tuple(points), bonus)

    # -- values -------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this card is scored by."""
        return self._rules

    @property
    def filled(self) -> dict[str, int]:
        """The filled boxes with their points, in scorecard order (a new dict each time)."""
        return {box: p for box, p in zip(BOXES, self._points, strict=True) if p is not None}

    @property
    def open_boxes(self) -> tuple[str, ...]:
        """The boxes still open, in scorecard order.

        >>> Scorecard().score("aces", (1, 1, 2, 3, 4)).open_boxes[:2]
        ('twos', 'threes')
        """
        return tuple(box for box, p in zip(BOXES, self._points, strict=True) if p is None)

    def points(self, box: str) -> int | None:
        """The points in ``box``, or ``None`` while it is open.

        >>> Scorecard().points("chance") is None
        True
        """
        return self._points[_INDEX[check_box(box)]]

    @property
    def upper_total(self) -> int:
        """The sum of the six upper boxes (Aces to Sixes)."""
        return self._upper

    @property
    def upper_bonus(self) -> int:
        """35 when the upper boxes sum to 63 or more (and the rules have it), else 0 (the
        rules' numbers: a house may change both).

        >>> Scorecard.from_filled({"fives": 25, "sixes": 30, "fours": 8}).upper_bonus
        35
        """
        return upper_bonus_points(self._rules, self.upper_total)

    @property
    def lower_total(self) -> int:
        """The sum of the seven lower boxes (Penta included, bonuses excluded)."""
        return self._lower

    @property
    def penta_bonus(self) -> int:
        """The Penta bonus points earned so far (100 per bonus, or the rules' number)."""
        return self._bonus

    @property
    def total(self) -> int:
        """TOTAL: upper boxes + upper bonus + lower boxes + Penta bonuses."""
        return self._upper + self.upper_bonus + self._lower + self._bonus

    @property
    def is_complete(self) -> bool:
        """All 13 boxes are filled."""
        return None not in self._points

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scorecard):
            return NotImplemented
        return (self._rules, self._points, self._bonus) == (
            other._rules,
            other._points,
            other._bonus,
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        extra = f", penta_bonus={self._bonus}" if self._bonus else ""
        if self._rules != Rules():
            extra += (
                f", rules={self._rules.name!r}" if self._rules.name else f", rules={self._rules!r}"
            )
        return f"Scorecard.from_filled({self.filled!r}{extra})"

    # -- judging a roll -----------------------------------------------------------------

    def options(self, dice: Iterable[int]) -> dict[str, int]:
        """Every box the roll may legally go in now, with the points it would add.

        The points are the box's points plus any Penta bonus (not the upper bonus).
        Empty when the card is complete.

        >>> Scorecard().options((1, 1, 3, 4, 6))["aces"]
        2
        >>> full = Scorecard.from_filled({"fours": 16, "penta": 50}, rules="official")
        >>> full.options((4, 4, 4, 4, 4))["large_straight"]
        140
        """
        return dict(_options(self._shape, _canon(dice)))

    def bonus(self, dice: Iterable[int]) -> int:
        """The Penta bonus that scoring ``dice`` now earns, whichever box takes them.

        >>> Scorecard.from_filled({"penta": 50}).bonus((6, 6, 6, 6, 6))
        100
        >>> Scorecard.from_filled({"penta": 0}).bonus((6, 6, 6, 6, 6))
        0
        """
        return _bonus(self._shape, _canon(dice))

    def must_sacrifice(self, dice: Iterable[int]) -> bool:
        """True when no box the roll may go in gets more than 0 points: one must be sacrificed.

        Only the box's own points count: in the joker's third case the box gets 0 (it is
        sacrificed) even though the +100 bonus is kept. The message to show is
        :data:`SACRIFICE`. False when the card is complete.

        >>> card = Scorecard.from_filled({"aces": 3, "threes": 9, "fours": 12, "sixes": 18,
        ...                               "three_of_a_kind": 20, "small_straight": 30,
        ...                               "chance": 22})
        >>> card.must_sacrifice((1, 1, 3, 4, 6))
        True
        >>> str(SACRIFICE)
        'No open box scores points: you must sacrifice one'
        """
        canon = _canon(dice)
        bonus = _bonus(self._shape, canon)
        options = _options(self._shape, canon)
        return bool(options) and all(points - bonus <= 0 for points in options.values())

    def explain(self, dice: Iterable[int]) -> dict[str, Message]:
        """Why each of the 13 boxes scores what it does for this roll, or why it is not allowed.

        >>> card = Scorecard.from_filled({"penta": 50})
        >>> reasons = card.explain((4, 4, 4, 4, 4))
        >>> str(reasons["fours"])
        'Joker: five 4s must go in Fours: 20 points. Penta bonus: +100.'
        >>> str(reasons["chance"])
        'Joker: five 4s must go in Fours.'
        >>> str(reasons["penta"])
        'Already filled with 50 points.'
        """
        canon = _canon(dice)
        judged = _judge(self._shape, canon)
        verdicts, bonus = judged.verdicts, judged.bonus
        reasons: dict[str, Message] = {}
        for box, points in zip(BOXES, self._points, strict=True):
            if points is not None:
                reasons[box] = nmsg(
                    "Already filled with {n} point.", "Already filled with {n} points.", points
                )
                continue
            allowed = verdicts[box][0]
            reason = _why(self._shape, canon, box)
            if allowed and bonus:
                reason = msg("{reason} Penta bonus: +{bonus}.", reason=reason, bonus=bonus)
            reasons[box] = reason
        return reasons

    def allowed(self, box: str, dice: Iterable[int]) -> bool:
        """Whether the roll may go in ``box`` now.

        >>> Scorecard.from_filled({"penta": 50}).allowed("chance", (2, 2, 2, 2, 2))
        False
        """
        return check_box(box) in _options(self._shape, _canon(dice))

    def score(self, box: str, dice: Iterable[int]) -> Scorecard:
        """The card after scoring ``dice`` in ``box``.

        Raises :class:`IllegalMove` if the box is unknown or filled, or the roll may not go
        in it (the forced joker); the message says which boxes the roll may go in.

        >>> Scorecard().score("twos", (2, 2, 1, 5, 2)).filled
        {'twos': 6}
        """
        check_box(box)
        canon = _canon(dice)
        options = _options(self._shape, canon)
        if box not in options:
            self._refuse(box, canon, options)
        bonus = _bonus(self._shape, canon)
        points = list(self._points)
        points[_INDEX[box]] = options[box] - bonus
        return Scorecard._make(self._rules, tuple(points), self._bonus + bonus)

    def _refuse(self, box: str, canon: tuple[int, ...], options: Mapping[str, int]) -> None:
        if not options:
            raise IllegalMove(msg("The scorecard is complete: no box is open."))
        if self._points[_INDEX[box]] is not None:
            raise IllegalMove(
                msg(
                    "{box} is already filled. This roll may go in: {allowed}.",
                    box=box_name(box),
                    allowed=box_list(options),
                )
            )
        reason = _why(self._shape, canon, box)
        raise IllegalMove(
            msg(
                "{box} is not allowed for this roll. {reason} This roll may go in: {allowed}.",
                box=box_name(box),
                reason=reason,
                allowed=box_list(options),
            )
        )


def _rebuild(rules: Rules, points: tuple[int | None, ...], bonus: int) -> Scorecard:
    return Scorecard._make(rules, points, bonus)


def _filled_points(filled: object, rules: Rules) -> list[int | None]:
    """The points of each box (``None`` when open) from a mapping box -> points, checked.

    >>> _filled_points({"twos": 4}, Rules())[:3]
    [None, 4, None]
    """
    if not isinstance(filled, Mapping):
        raise IllegalMove(
            msg(
                "The filled boxes must be a dictionary of box -> points, not {value}.",
                value=show_value(filled),
            )
        )
    points: list[int | None] = [None] * len(BOXES)
    for box, value in filled.items():
        check_box(box)
        points[_INDEX[box]] = _box_points(box, value, rules)
    return points


def _box_points(box: str, value: object, rules: Rules) -> int:
    """``value`` as the points of ``box``, refused unless the box can hold them."""
    number = _whole(value, msg("The points of {box}", box=box_name(box)))
    possible = _possible(rules)
    if number not in possible[box]:
        raise IllegalMove(
            msg(
                "{box} cannot hold {points} points: it holds one of {choices}.",
                box=box_name(box),
                points=number,
                choices=", ".join(map(str, sorted(possible[box]))),
            )
        )
    return number


def _checked_bonus(penta_bonus: object, rules: Rules, points: list[int | None]) -> int:
    """``penta_bonus`` as points, refused unless a multiple of 100 (the rules' bonus; 0 or
    more) that a game with these rules and these filled boxes can have earned."""
    bonus = _whole(penta_bonus, msg("The Penta bonus"))
    step = rules.penta_bonus_points
    if bonus < 0 or bonus % step:
        raise IllegalMove(
            msg(
                "The Penta bonus is {bonus}, but it is a multiple of {step} (0 or more).",
                bonus=bonus,
                step=step,
            )
        )
    if bonus:
        _check_bonus_earned(bonus, rules, points)
    return bonus


def _check_bonus_earned(bonus: int, rules: Rules, points: list[int | None]) -> None:
    """Refuse a bonus the rules do not have, without 50 in Penta, or with too few takers."""
    if not rules.penta_bonus:
        raise IllegalMove(
            msg(
                "The rules {rules} have no Penta bonus, but the bonus is {bonus}.",
                rules=rules.name,
                bonus=bonus,
            )
        )
    if points[_PENTA] != rules.penta_points:
        raise IllegalMove(
            msg(
                "A Penta bonus needs {points} in the Penta box first, but the bonus is {bonus}.",
                points=rules.penta_points,
                bonus=bonus,
            )
        )
    takers = sum(p is not None for p in points) - 1
    count = bonus // rules.penta_bonus_points
    if count > takers:
        raise IllegalMove(
            nmsg(
                "A Penta bonus of {bonus} needs {count} filled boxes besides Penta, "
                "but there is {n}.",
                "A Penta bonus of {bonus} needs {count} filled boxes besides Penta, "
                "but there are {n}.",
                takers,
                bonus=bonus,
                count=count,
            )
        )


def _whole(value: object, what: Message) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise IllegalMove(
            msg("{what} must be a whole number, not {value}.", what=what, value=show_value(value))
        )
    return int(value)


# -- the rules of where a roll may go: pure functions of (shape, sorted dice) ----------------


class _Judgement(NamedTuple):
    """A roll judged on a card: all that options(), explain() and the refusals read."""

    facts: joker.Facts
    case: joker.JokerCase
    bonus: int
    verdicts: dict[str, _Verdict]
    """For each open box: (allowed, box points)."""


@lru_cache(maxsize=1 << 14)
def _judge(shape: tuple[Any, ...], canon: tuple[int, ...]) -> _Judgement:
    """Where the roll may go and what it scores, by the rules of ``docs/rules/penta.md``."""
    rules, is_open, penta = shape
    open_boxes = [box for box, free in zip(BOXES, is_open, strict=True) if free]
    facts = joker.Facts.of(canon, frozenset(open_boxes), penta)
    bonus = rules.penta_bonus_points if joker.earns_penta_bonus(rules, facts) else 0
    case = joker.joker_case(rules, facts)
    if case is joker.JokerCase.NONE:
        raw = _raw_table(rules)[canon]
        verdicts = {box: (True, raw[_INDEX[box]]) for box in open_boxes}
    else:
        face = canon[0]
        verdicts = {}
        for box in open_boxes:
            ok = joker.allowed(case, box, face)
            verdicts[box] = (ok, joker.points(case, box, face, rules) if ok else 0)
    return _Judgement(facts, case, bonus, verdicts)


def _bonus(shape: tuple[Any, ...], canon: tuple[int, ...]) -> int:
    return _judge(shape, canon).bonus


@lru_cache(maxsize=1 << 16)
def _options(shape: tuple[Any, ...], canon: tuple[int, ...]) -> dict[str, int]:
    judged = _judge(shape, canon)
    return {box: points + judged.bonus for box, (ok, points) in judged.verdicts.items() if ok}


def _why(shape: tuple[Any, ...], canon: tuple[int, ...], box: str) -> Message:
    """The message for the verdict on the open ``box``."""
    judged = _judge(shape, canon)
    _, points = judged.verdicts[box]
    face = joker.five_face(canon)
    reason = joker.reason(judged.case, box, face, points)
    if reason is None:
        reason = _reason(box, canon, points, face, shape[0], judged.facts)
    return reason


def _reason(
    box: str, canon: tuple[int, ...], points: int, face: int, rules: Rules, facts: joker.Facts
) -> Message:
    """Why an ordinary roll scores ``points`` in ``box``."""
    if box in FACE_OF:
        die = FACE_OF[box]
        n = canon.count(die)
        return nmsg(
            "{n} die shows {face}: {points} points.",
            "{n} dice show {face}: {points} points.",
            n,
            face=die,
            points=points,
        )
    if box == "chance":
        return msg("Any dice: the sum of the five, {points} points.", points=points)
    if points and face and box == "full_house":
        return msg(
            "Five equal dice count as a full house in these rules: {points} points.", points=points
        )
    if points:
        return _SCORING[box](points)
    reason = _MISSING[box]()
    if face and box == "full_house" and not rules.five_full_house:
        reason = msg("Five equal dice are not a full house: 0 points.")
    if face and box in joker.RAISED_POINTS:
        why = joker.why_no_joker(rules, facts, face)
        if why is not None:
            reason = msg("{reason} {why}", reason=reason, why=why)
    return reason


_SCORING = {
    "three_of_a_kind": lambda p: msg(
        "Three equal dice: the sum of the five, {points} points.", points=p
    ),
    "four_of_a_kind": lambda p: msg(
        "Four equal dice: the sum of the five, {points} points.", points=p
    ),
    "full_house": lambda p: msg("Three of one face and two of another: {points} points.", points=p),
    "small_straight": lambda p: msg("Four consecutive faces: {points} points.", points=p),
    "large_straight": lambda p: msg("Five consecutive faces: {points} points.", points=p),
    "penta": lambda p: msg("Five equal dice: {points} points.", points=p),
}

_MISSING = {
    "three_of_a_kind": lambda: msg("No three equal dice: 0 points."),
    "four_of_a_kind": lambda: msg("No four equal dice: 0 points."),
    "full_house": lambda: msg("Not three of one face and two of another: 0 points."),
    "small_straight": lambda: msg("No four consecutive faces: 0 points."),
    "large_straight": lambda: msg("Not five consecutive faces: 0 points."),
    "penta": lambda: msg("Not five equal dice: 0 points."),
}
