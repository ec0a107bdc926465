"""Counting Farkle chances: the numbers behind the lesson ``farkle_chances.ipynb``.

Everything is counted exactly, by listing every equally likely way the dice can fall (the
*sample space*: ``6 ** n`` ordered outcomes for ``n`` dice) and asking the engine's scoring
rules about each one; chances are :class:`~fractions.Fraction` values.

>>> len(sample_space(2)), sample_space(2)[:3]
(36, ((1, 1), (1, 2), (1, 3)))
>>> farkle_count(3), first_guess(3) * 6**3  # triples score: 60 rolls of 216, not 64
(60, Fraction(64, 1))
>>> roll_points(1)  # one die: 100/6 + 50/6
Fraction(25, 1)
>>> break_even(1), break_even(2)  # the one-more-roll argument's break-even points
(Fraction(75, 2), Fraction(225, 2))
>>> hot_dice_chance(1), hot_dice_chance(2)
(Fraction(1, 3), Fraction(1, 9))
>>> chance_of_a_one_after(5)  # five rolls without a 1: the next is no more likely to be one
Fraction(1, 6)

Simulations are seeded, so a notebook shows the same numbers every time:

>>> farkled, error = simulate_farkles(3, 2_000, seed=1), standard_error(farkle_chance(3), 2_000)
>>> bool(abs(farkled.mean() - float(farkle_chance(3))) < 4 * error)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import numpy as np

from dicelab.dice import FACES, outcomes
from dicelab.errors import IllegalMove
from dicelab.farkle.scoring import farkle_chance, is_farkle, set_aside_options
from dicelab.i18n import msg
from dicelab.numbers import check_seed, is_whole, show_value

__all__ = [
    "MAX_SIMULATED",
    "break_even",
    "chance_of_a_one_after",
    "expected_gain",
    "farkle_count",
    "first_guess",
    "hot_dice_chance",
    "one_roll_threshold",
    "roll_points",
    "rolls_for_error",
    "runs_without_a_one",
    "sample_space",
    "scores",
    "simulate_farkles",
    "simulate_next_after_misses",
    "standard_error",
]

MAX_DICE = 6
MAX_SIMULATED = 10_000_000
"""The most rolls (or sequences) one simulation plays: a few seconds of NumPy."""


def _dice(n: object) -> int:
    if not is_whole(n) or not 1 <= int(n) <= MAX_DICE:
        raise IllegalMove(msg("A roll has from 1 to 6 dice, not {value}.", value=show_value(n)))
    return int(n)


def _size(count: object) -> int:
    if not is_whole(count) or not 1 <= int(count) <= MAX_SIMULATED:
        raise IllegalMove(
            msg(
                "A simulation plays from 1 to {limit} rolls, not {value}.",
                limit=MAX_SIMULATED,
                value=show_value(count),
            )
        )
    return int(count)


def _misses(misses: object) -> int:
    if not is_whole(misses) or not 0 <= int(misses) <= MAX_DICE - 1:
        raise IllegalMove(
            msg(
                "A run of rolls without a 1 has from 0 to 5 rolls here, not {value}.",
                value=show_value(misses),
            )
        )
    return int(misses)


# -- the sample space -------------------------------------------------------------------------


@cache
def sample_space(n: int) -> tuple[tuple[int, ...], ...]:
    """Every way ``n`` dice can fall, in order (the first die, the second...): ``6 ** n``
    equally likely outcomes. (1, 2) and (2, 1) are two outcomes.

    >>> sample_space(1)
    ((1,), (2,), (3,), (4,), (5,), (6,))
    """
    return tuple(itertools.product(FACES, repeat=_dice(n)))


def _count(n: int, value: Callable[[tuple[int, ...]], int]) -> int:
    """The sum of ``value(roll)`` over the ``6 ** n`` ordered outcomes, each sorted roll
    asked once and weighted by how many orders show it."""
    table = outcomes(_dice(n))
    return int(sum(int(value(roll)) * chance for roll, chance in table.items()) * 6**n)


def scores(roll: tuple[int, ...]) -> bool:
    """Whether some die of ``roll`` can be set aside (standard table).

    >>> scores((2, 3)), scores((2, 2, 2)), scores((5,))
    (False, True, True)
    """
    return not is_farkle(roll)


@cache
def farkle_count(n: int) -> int:
    """How many of the ``6 ** n`` outcomes of ``n`` dice score nothing.

    Every outcome is asked; outcomes showing the same dice in another order (``(2, 3)`` and
    ``(3, 2)``) score alike, so each sorted roll is asked once and counted as often as it
    occurs (:func:`dicelab.dice.outcomes`).

    >>> [farkle_count(n) for n in (1, 2)]
    [4, 16]
    """
    return _count(n, lambda roll: not scores(roll))


def first_guess(n: int) -> Fraction:
    """The first guess at the farkle chance: every die misses on its own, ``(4/6) ** n``.

    It forgets that dice can score *together* (three of a kind, three pairs, the straight).

    >>> first_guess(2), first_guess(2) == farkle_chance(2)
    (Fraction(4, 9), True)
    """
    misses = sum(not scores((face,)) for face in FACES)
    return Fraction(misses, len(FACES)) ** _dice(n)


# -- the value of one roll --------------------------------------------------------------------


@cache
def roll_points(n: int) -> Fraction:
    """The expected points of one roll of ``n`` dice: every outcome's most points (0 for a
    farkle), averaged over the ``6 ** n`` equally likely outcomes.

    >>> roll_points(2)  # each die adds its own 25: no combination of two dice scores more
    Fraction(50, 1)
    """
    return Fraction(_count(n, lambda roll: max(set_aside_options(roll).values(), default=0)), 6**n)


def expected_gain(n: int) -> Fraction:
    """The expected points of a roll of ``n`` dice *that scores* (the gain when it does).

    >>> expected_gain(1)  # a 1 (100) or a 5 (50), equally likely
    Fraction(75, 1)
    """
    return roll_points(n) / (1 - farkle_chance(_dice(n)))


def break_even(n: int) -> Fraction:
    """The turn points at which one more roll of ``n`` dice, then banking, gains nothing.

    Rolling once more gains ``(1 - p) × expected gain`` on average and loses ``p × points``
    (``p`` the farkle chance); they are equal at ``points = (1 - p) × gain / p``.

    >>> float(break_even(6))
    16397.222222222223
    """
    p = farkle_chance(_dice(n))
    return (1 - p) * expected_gain(n) / p


def one_roll_threshold(n: int, unit: int = 50) -> int:
    """The smallest turn total (a multiple of ``unit``) at which the one-more-roll argument
    banks with ``n`` dice: the first at or above :func:`break_even`.

    >>> [one_roll_threshold(n) for n in range(1, 7)]
    [50, 150, 350, 950, 2950, 16400]
    """
    return max(unit, math.ceil(break_even(n) / unit) * unit)


@cache
def hot_dice_chance(n: int) -> Fraction:
    """The chance that a roll of ``n`` dice can be set aside whole: hot dice, six dice back.

    >>> hot_dice_chance(3)
    Fraction(1, 18)
    """
    return Fraction(_count(n, lambda roll: roll in set_aside_options(roll)), 6**n)


# -- independence -----------------------------------------------------------------------------


@cache
def chance_of_a_one_after(misses: int) -> Fraction:
    """The chance that a die shows a 1 after ``misses`` rolls in a row without one, counted
    exactly: of all sequences of ``misses + 1`` rolls whose first ``misses`` show no 1, the
    share whose last roll is a 1.

    >>> chance_of_a_one_after(0), chance_of_a_one_after(3)
    (Fraction(1, 6), Fraction(1, 6))
    """
    runs, ones = runs_without_a_one(misses)
    return Fraction(ones, runs)


@cache
def runs_without_a_one(misses: int) -> tuple[int, int]:
    """Of the ``6 ** (misses + 1)`` sequences of ``misses + 1`` rolls of a die: how many show
    no 1 in their first ``misses`` rolls, and how many of those end with a 1.

    >>> runs_without_a_one(5)
    (18750, 3125)
    """
    runs = [
        seq for seq in itertools.product(FACES, repeat=_misses(misses) + 1) if 1 not in seq[:-1]
    ]
    return len(runs), sum(seq[-1] == 1 for seq in runs)


# -- simulation and its error -----------------------------------------------------------------


def standard_error(p: float | Fraction, rolls: int) -> float:
    """The standard error of a share estimated from ``rolls`` independent rolls when the
    true chance is ``p``: ``sqrt(p (1 - p) / rolls)``. About 2 times in 3 a simulation lands
    within one standard error of the exact value, 19 times in 20 within two.

    >>> round(standard_error(Fraction(1, 2), 10_000), 4)
    0.005
    """
    return math.sqrt(float(p) * (1 - float(p)) / _size(rolls))


def rolls_for_error(p: float | Fraction, error: float) -> int:
    """How many rolls make the standard error of a share with chance ``p`` equal ``error``.

    >>> rolls_for_error(Fraction(1, 2), 0.005)
    10000
    """
    return round(float(p) * (1 - float(p)) / error**2)


@cache
def _farkle_lookup(n: int) -> np.ndarray:
    """Whether each ordered outcome of ``n`` dice farkles, indexed by the faces in base 6."""
    return np.array([not scores(roll) for roll in sample_space(n)], dtype=bool)


def simulate_farkles(n: int, rolls: int, seed: int) -> np.ndarray:
    """Roll ``n`` dice ``rolls`` times (seeded): for each roll, whether it scored nothing.

    >>> simulate_farkles(1, 6, seed=2).tolist()
    [True, True, False, True, True, False]
    """
    n, rolls = _dice(n), _size(rolls)
    faces = np.random.default_rng(check_seed(seed)).integers(0, 6, size=(rolls, n))
    index = faces @ (6 ** np.arange(n - 1, -1, -1))
    return _farkle_lookup(n)[index]


def simulate_next_after_misses(misses: int, sequences: int, seed: int) -> tuple[int, int]:
    """Roll one die ``misses + 1`` times, ``sequences`` times over (seeded). Returns how many
    sequences began with ``misses`` rolls without a 1, and how many of those then rolled a 1.

    >>> kept, ones = simulate_next_after_misses(5, 60_000, seed=6)
    >>> kept, round(ones / kept, 3)
    (24021, 0.169)
    """
    rolls = np.random.default_rng(check_seed(seed)).integers(
        1, 7, size=(_size(sequences), _misses(misses) + 1)
    )
    kept = ~(rolls[:, :-1] == 1).any(axis=1)
    return int(kept.sum()), int((rolls[kept, -1] == 1).sum())
