"""Dice primitives shared by both games: input checks, exact outcome tables, seeded dice.

Dice are given as any iterable of integers 1..6 (Python or NumPy ints). Anything
else is refused with :class:`~dicelab.IllegalMove` naming the bad value:

>>> check_dice([3, 1, 6])
(3, 1, 6)
>>> check_dice([1, 7])
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: A die shows 7: dice show whole numbers from 1 to 6.

Rolling k dice has ``comb(k + 5, 5)`` distinct outcomes (as sorted tuples), each with
an exact probability:

>>> table = outcomes(2)
>>> len(table), table[(1, 2)], table[(6, 6)]
(21, Fraction(1, 18), Fraction(1, 36))

A :class:`SeededDice` gives the same rolls to everyone with the same seed; the n-th
roll of a game depends only on the seed and n, so undoing a roll and rolling again
gives the same dice, and a saved game can be checked against its seed:

>>> SeededDice(2026).roll(5, index=0)
(3, 3, 4, 6, 4)
>>> SeededDice(2026).roll(5, index=0) == SeededDice(2026).roll(5, index=0)
True

In *duplicate* mode (a class's dice, see ``docs/classroom.md``) a game asks for
:meth:`SeededDice.faces` instead: the faces of roll ``roll`` of round ``round`` are a pure
function of (seed, game, round, roll), whatever happened before; the dice rolled take them
in order:

>>> SeededDice(2026).faces("penta", 5, 1)
(5, 6, 2, 2, 1, 2)
"""

from __future__ import annotations

import hashlib
import itertools
import secrets
from collections import Counter
from collections.abc import Iterable, Set
from fractions import Fraction
from functools import cache
from math import factorial, prod
from numbers import Integral
from typing import Protocol

import numpy as np

from dicelab.errors import IllegalMove
from dicelab.i18n import msg, nmsg
from dicelab.numbers import check_seed, is_listlike, is_whole, show_value

__all__ = [
    "FACES",
    "DealtFaces",
    "SeededDice",
    "check_dice",
    "check_die",
    "counts",
    "new_seed",
    "outcome_arrays",
    "outcomes",
    "sorted_dice",
]

FACES = (1, 2, 3, 4, 5, 6)


def check_die(value: object) -> int:
    """One die's value as an ``int`` 1..6, or :class:`IllegalMove` naming it.

    >>> check_die(np.int64(4))
    4
    >>> check_die(True)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A die shows True: dice show whole numbers from 1 to 6.
    """
    if type(value) is int and 1 <= value <= 6:  # the common case, checked at once
        return value
    if not is_whole(value):
        raise IllegalMove(
            msg(
                "A die shows {value}: dice show whole numbers from 1 to 6.", value=show_value(value)
            )
        )
    number = int(value)
    if not 1 <= number <= 6:
        raise IllegalMove(
            msg("A die shows {value}: dice show whole numbers from 1 to 6.", value=number)
        )
    return number


def check_dice(
    dice: object, count: int | None = None, min_count: int = 0, max_count: int | None = None
) -> tuple[int, ...]:
    """The dice as a tuple of ints 1..6 in the order given, checked.

    ``count`` fixes the number of dice; ``min_count``/``max_count`` bound it instead.

    >>> check_dice((5, 5), count=5)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Exactly 5 dice are needed, but 2 were given.
    >>> check_dice("12345")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Dice must be a list of numbers from 1 to 6, not '12345'.
    """
    # A set would silently merge equal dice and a mapping would give its keys: refuse both.
    if type(dice) is not tuple and (isinstance(dice, Set) or not is_listlike(dice)):
        raise IllegalMove(
            msg("Dice must be a list of numbers from 1 to 6, not {value}.", value=show_value(dice))
        )
    values = tuple(check_die(value) for value in dice)
    n = len(values)
    if count is not None and n != count:
        raise IllegalMove(
            nmsg(
                "Exactly {n} die is needed, but {given} were given.",
                "Exactly {n} dice are needed, but {given} were given.",
                count,
                given=n,
            )
        )
    if n < min_count or (max_count is not None and n > max_count):
        high = max_count if max_count is not None else n
        raise IllegalMove(
            msg(
                "Between {low} and {high} dice are allowed, but {given} were given.",
                given=n,
                low=min_count,
                high=high,
            )
        )
    return values


def sorted_dice(dice: object, count: int | None = None) -> tuple[int, ...]:
    """The checked dice, sorted: the canonical form for scoring and tables.

    >>> sorted_dice([6, 1, 6, 3])
    (1, 3, 6, 6)
    """
    return tuple(sorted(check_dice(dice, count)))


def counts(dice: Iterable[int]) -> tuple[int, int, int, int, int, int]:
    """How many dice show each face 1..6 (dice assumed valid).

    >>> counts((1, 1, 3, 4, 6))
    (2, 0, 1, 1, 0, 1)
    """
    tally = Counter(dice)
    return (tally[1], tally[2], tally[3], tally[4], tally[5], tally[6])


@cache
def _outcomes(k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    total = 6**k
    table = []
    for combo in itertools.combinations_with_replacement(FACES, k):
        ways = factorial(k) // prod(factorial(c) for c in counts(combo))
        table.append((combo, Fraction(ways, total)))
    return tuple(table)


def outcomes(k: int) -> dict[tuple[int, ...], Fraction]:
    """The distinct results of rolling ``k`` dice (sorted tuples) with exact probabilities.

    >>> sum(outcomes(5).values())
    Fraction(1, 1)
    >>> outcomes(0)
    {(): Fraction(1, 1)}
    """
    if isinstance(k, bool) or not isinstance(k, Integral) or not 0 <= int(k) <= 12:
        raise IllegalMove(
            msg("Cannot roll {k} dice: from 0 to 12 dice can be rolled.", k=show_value(k))
        )
    return dict(_outcomes(int(k)))


@cache
def outcome_arrays(k: int) -> tuple[np.ndarray, np.ndarray]:
    """NumPy form of :func:`outcomes` for solvers: (faces, probabilities).

    ``faces`` is an int8 array of shape (n_outcomes, k), rows sorted; ``probabilities``
    is float64 and sums to 1. Arrays are read-only and shared.

    >>> faces, probs = outcome_arrays(5)
    >>> faces.shape, round(float(probs.sum()), 12)
    ((252, 5), 1.0)
    """
    table = outcomes(k)
    faces = np.array(list(table), dtype=np.int8).reshape(len(table), k)
    probs = np.array([float(p) for p in table.values()])
    faces.flags.writeable = False
    probs.flags.writeable = False
    return faces, probs


def new_seed() -> int:
    """A fresh random seed (for games started without one, so that they stay replayable)."""
    return secrets.randbits(48)


class SeededDice:
    """Dice whose n-th roll is a pure function of (seed, n).

    Built on SHA-256, not on a library generator, so that the same seed gives the same
    dice on every machine and every future version: a teacher can give a class one
    seed, and a saved game can be checked against it.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = new_seed() if seed is None else check_seed(seed)

    def __repr__(self) -> str:
        return f"SeededDice({self.seed})"

    def roll(self, k: int, index: int) -> tuple[int, ...]:
        """The dice of roll number ``index`` (0, 1, ...) when ``k`` dice are thrown."""
        values: list[int] = []
        block = 0
        while len(values) < k:
            digest = hashlib.sha256(f"dicelab:{self.seed}:{index}:{block}".encode()).digest()
            values.extend(byte % 6 + 1 for byte in digest if byte < 252)
            block += 1
        return tuple(values[:k])

    def faces(self, game: str, round: int, roll: int) -> tuple[int, ...]:
        """The six faces of duplicate-mode roll ``roll`` (1, 2, ...) of ``round`` (1, 2, ...).

        The dice rolled on that roll of that round take the first faces in order (the k
        dice rolled, from the leftmost free slot, show ``faces[:k]``); ``game`` ("penta"
        or "farkle") keeps the two games' sequences apart. Drawn like :meth:`roll` (bytes
        of SHA-256 below 252, modulo 6), from the text
        ``"dicelab:dup:{game}:{seed}:{round}:{roll}:{block}"``.
        """
        values: list[int] = []
        block = 0
        while len(values) < 6:
            text = f"dicelab:dup:{game}:{self.seed}:{round}:{roll}:{block}"
            digest = hashlib.sha256(text.encode()).digest()
            values.extend(byte % 6 + 1 for byte in digest if byte < 252)
            block += 1
        return tuple(values[:6])


class DealtFaces(Protocol):
    """Duplicate dice from somewhere other than a seed: a class service that deals each roll
    only when it is asked (``dicelab.classroom``). A game given one (``dice=``) takes every
    roll's faces from it, as from :meth:`SeededDice.faces`; ``seed`` names the dice (a class
    game's number) and ``roll`` is never asked (such games are duplicate games)."""

    seed: int

    def faces(self, game: str, round: int, roll: int) -> tuple[int, ...]:
        """The six faces of roll ``roll`` of ``round`` (see :meth:`SeededDice.faces`)."""
        ...

    def roll(self, k: int, index: int) -> tuple[int, ...]:
        """Never asked (a game with dealt dice is a duplicate game); raise if it is."""
        ...


def dice_source(
    seed: int | None, duplicate: bool, dice: DealtFaces | None
) -> SeededDice | DealtFaces:
    """The dice of a new game: ``dice`` if given (duplicate games only, and ``seed`` left
    out or the same as the dice's), else the seed's (a fresh seed when ``None``).

    >>> dice_source(7, False, None)
    SeededDice(7)
    >>> dice_source(7, False, SeededDice(7))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Dealt dice are duplicate dice: say duplicate=True.
    """
    if dice is None:
        return SeededDice(new_seed() if seed is None else check_seed(seed))
    if not duplicate:
        raise IllegalMove(msg("Dealt dice are duplicate dice: say duplicate=True."))
    if seed is not None and seed != dice.seed:
        raise IllegalMove(
            msg(
                "These dice are dealt as {dealt}, not from the seed {seed}.",
                dealt=dice.seed,
                seed=seed,
            )
        )
    return dice
