"""One bound for every whole number that comes in from outside: seeds, positions, counts.

A seed typed as ``²``, a position of ``10**30`` or a saved number of 5,000 digits is
refused at the door with :class:`~dicelab.IllegalMove`, never half-way through a game
or while its error message is written.

>>> check_seed(2026)
2026
>>> check_seed(-1)
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: A seed is a whole number from 0 to 18,446,744,073,709,551,615, not -1.
>>> parse_whole("42"), parse_whole(" 7 ")
(42, 7)
>>> parse_whole("²")
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Expected a whole number written with the digits 0-9, not '²'.
>>> str(show_value(10**5000))
'a whole number of 5,001 digits'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from numbers import Integral
from typing import Any, TypeAlias, TypeGuard

import numpy as np

from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg, shown_repr, shown_whole

__all__ = [
    "MAX_DIGITS",
    "MAX_SEED",
    "MAX_WHOLE",
    "SCORE_PLACES",
    "check_seed",
    "check_whole",
    "is_listlike",
    "is_whole",
    "parse_whole",
    "show_value",
]

SCORE_PLACES = 2
"""Decimals of an expected final score of Penta, everywhere it is shown (254.48): one
figure, one rounding, on every page."""

MAX_SEED = 2**64 - 1
"""The largest seed: 20 digits, as many as a teacher could ever type or a code could hold."""

MAX_WHOLE = 10**20
"""Any whole number beyond ±MAX_WHOLE is refused at the door (seeds included)."""

MAX_DIGITS = 20
"""Text numbers (URLs, notation, seeds typed in a box) have at most this many digits."""

Whole: TypeAlias = "int | np.integer | np.ndarray"
"""What :func:`is_whole` accepts, for the type checker: the array is a 0-d integer one, and
another registered :class:`numbers.Integral` behaves as these do (``int()``, comparisons)."""


def is_whole(value: object) -> TypeGuard[Whole]:
    """True for a whole number (Python or NumPy int, or a 0-d integer array), never a bool.

    >>> is_whole(3), is_whole(np.int8(3)), is_whole(np.array(3)), is_whole(True), is_whole(3.0)
    (True, True, True, False, False)
    """
    if type(value) is int:  # the common case, without the abstract class's check
        return True
    if isinstance(value, np.ndarray):
        return value.ndim == 0 and value.dtype.kind in "iu"
    return isinstance(value, Integral) and not isinstance(value, bool | np.bool_)


def is_listlike(value: object) -> TypeGuard[Iterable[Any]]:
    """True for a list of values from outside: any iterable but text, bytes, a mapping (which
    would give its keys) or a 0-d array (iterable by its type, not in fact).

    >>> is_listlike([1, 2]), is_listlike(np.array([1])), is_listlike(np.array(1)), is_listlike("12")
    (True, True, False, False)
    """
    if isinstance(value, np.ndarray):
        return value.ndim > 0
    return isinstance(value, Iterable) and not isinstance(value, str | bytes | Mapping)


def show_value(value: object) -> str | Message:
    """A short, always printable ``repr`` of any value for an error message.

    Huge integers (which Babel and ``str`` cannot always write) are described by their
    size, in the current language; long reprs are cut (:func:`~dicelab.i18n.shown_whole`,
    :func:`~dicelab.i18n.shown_repr`).

    >>> show_value(12), show_value("x" * 100)[-3:], str(show_value(-(10**30)))
    ('12', 'xx…', 'a negative whole number of 31 digits')
    """
    if is_whole(value):
        return shown_whole(int(value))
    return shown_repr(value)


def check_whole(value: object, what: Message | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number within ±MAX_WHOLE, else IllegalMove.

    >>> check_whole(np.array(4))
    4
    >>> check_whole(2.0)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Expected a whole number up to 100,000,000,000,000,000,000, not 2.0.
    """
    if is_whole(value):
        number = int(value)
        if abs(number) <= MAX_WHOLE:
            return number
    raise IllegalMove(
        what
        or msg(
            "Expected a whole number up to {limit}, not {value}.",
            limit=MAX_WHOLE,
            value=show_value(value),
        )
    )


def check_seed(value: object) -> int:
    """A seed: a whole number from 0 to :data:`MAX_SEED`; anything else is IllegalMove."""
    if is_whole(value):
        number = int(value)
        if 0 <= number <= MAX_SEED:
            return number
    raise IllegalMove(
        msg(
            "A seed is a whole number from 0 to {limit}, not {value}.",
            limit=MAX_SEED,
            value=show_value(value),
        )
    )


def parse_whole(text: str) -> int:
    """A whole number written in ASCII digits (an optional ``-``), at most MAX_DIGITS long.

    ``"²".isdigit()`` is true in Python, and ``int("①")`` fails: this never does either.
    """
    stripped = text.strip() if isinstance(text, str) else text
    if isinstance(stripped, str):
        digits = stripped[1:] if stripped.startswith("-") else stripped
        if digits and len(digits) <= MAX_DIGITS and all("0" <= c <= "9" for c in digits):
            return int(stripped)
    raise IllegalMove(
        msg(
            "Expected a whole number written with the digits 0-9, not {value}.",
            value=show_value(text),
        )
    )
