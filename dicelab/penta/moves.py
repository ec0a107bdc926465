"""The three things a Penta player can do: roll, hold dice, score a box.

Moves are small immutable values; a game's log is a list of them, each carrying its
outcome (the dice a roll showed, the points a scoring added) once played:

>>> Roll(), Hold((0, 3)), Score("chance")
(Roll(dice=None), Hold(positions=(0, 3)), Score(box='chance', points=None))

A :class:`Hold` names dice by their *position* on the table (0 to 4, as a dashboard
clicks them). :func:`check_positions` reads any positions a learner may type, and
refuses the rest with :class:`~dicelab.IllegalMove`:

>>> sorted(check_positions([4, 0]))
[0, 4]
>>> check_positions([5])
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: There is no die at position 5: the dice are at positions 0 to 4.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import is_listlike, is_whole, show_value

__all__ = [
    "DICE",
    "ROLLS_PER_TURN",
    "Hold",
    "Move",
    "Roll",
    "Score",
    "check_position",
    "check_positions",
    "legal_holds",
    "position_list",
]

DICE = 5
"""Dice on the table."""
ROLLS_PER_TURN = 3
"""The most rolls in a turn."""


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held. The log records the ``dice`` on the table after it."""

    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Hold:
    """Hold exactly the dice at ``positions`` (0..4); the others are re-rolled next."""

    positions: tuple[int, ...] = ()


@dataclass(frozen=True)
class Score:
    """Score the dice in ``box``. The log records the ``points`` added (bonus included)."""

    box: str
    points: int | None = None


Move = Roll | Hold | Score
"""Any of the three moves."""


def position_list(positions: object) -> tuple[Any, ...]:
    """The items of ``positions`` (a list, tuple, set or 1-d array), not yet checked.

    >>> position_list("01")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Positions to hold are a list of numbers from 0 to 4, not '01'.
    """
    if not is_listlike(positions):
        raise IllegalMove(
            msg(
                "Positions to hold are a list of numbers from 0 to 4, not {value}.",
                value=show_value(positions),
            )
        )
    return tuple(positions)


def check_position(value: object) -> int:
    """One die's position as an ``int`` 0..4 (NumPy ints and 0-d arrays too, never a bool).

    >>> import numpy as np
    >>> check_position(np.array(3))
    3
    >>> check_position(True)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A die position is a whole number from 0 to 4, not True.
    """
    if not is_whole(value):
        raise IllegalMove(
            msg(
                "A die position is a whole number from 0 to 4, not {value}.",
                value=show_value(value),
            )
        )
    number = int(value)
    if not 0 <= number < DICE:
        raise IllegalMove(
            msg(
                "There is no die at position {value}: the dice are at positions 0 to 4.",
                value=show_value(number),
            )
        )
    return number


def check_positions(positions: object) -> frozenset[int]:
    """The dice positions as a frozenset of ints 0..4, each given once, or IllegalMove.

    >>> check_positions((1, 1))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Position 1 is given twice.
    """
    checked: list[int] = []
    for value in position_list(positions):
        position = check_position(value)
        if position in checked:
            raise IllegalMove(msg("Position {value} is given twice.", value=position))
        checked.append(position)
    return frozenset(checked)


def legal_holds(held: frozenset[int]) -> list[Hold]:
    """Every hold that changes something when the dice at ``held`` are held (31 of them).

    >>> len(legal_holds(frozenset())), legal_holds(frozenset({0}))[:2]
    (31, [Hold(positions=()), Hold(positions=(1,))])
    """
    return [
        Hold(positions)
        for size in range(DICE + 1)
        for positions in itertools.combinations(range(DICE), size)
        if frozenset(positions) != held
    ]
