"""Odd values for every argument, and what a game must make of them."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np

MAX_SEED = 2**64 - 1  # dicelab.numbers.MAX_SEED: the largest seed a game accepts


def _odd_numbers() -> list[object]:
    return [
        True,
        False,
        np.True_,
        np.False_,
        math.nan,
        math.inf,
        -math.inf,
        -0.0,
        1.0,
        2.5,
        np.float64(1.0),
        np.float32("nan"),
        -1,
        -(2**63),
        7,
        10**20,
        10**20 + 1,
        2**64,
        -(10**30),
        10**5000,
        -(10**5000),
        np.int8(2),
        np.int64(3),
        np.int64(-1),
        np.uint8(1),
        np.uint64(2**64 - 1),
        np.array(2),
        np.array(9),
        np.array(-3),
        np.array(1.0),
        np.array(True),
        np.array([1]),
        "1",
        "",
        "²",
        "①",
        b"1",
        None,
        [],
        [1],
        {},
        Decimal("NaN"),
        Decimal("1"),
        Decimal("sNaN"),
        Fraction(2, 1),
        1 + 0j,
    ]


ODD_NUMBERS: list[object] = _odd_numbers()
"""Values for a whole-number slot that a game should refuse (or treat as the plain int)."""


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


ODD_KEYS: list[object] = [value for value in ODD_NUMBERS if _hashable(value)]
"""The odd numbers that may be a dictionary's key."""

ODD_TEXTS: list[object] = [
    "",
    " ",
    "x",
    "Chance",
    "CHANCE",
    "chance ",
    "aces\n",
    "\x00",
    "\ud800",
    "é" * 3,
    "x" * 5000,
    "[" * 5000,
    "|" * 100,
    np.str_("chance"),
    b"chance",
    bytearray(b"x"),
    None,
    5,
    math.nan,
    10**5000,
    ["chance"],
    ("chance",),
    {"chance": 1},
]
"""Values for a text slot (a box, a player's name, a notation line, a save)."""


def source(value: object) -> str:
    """Python source that rebuilds ``value`` (``np``, ``math``, ``Decimal``... in scope).

    >>> source([math.nan, np.int64(2), np.array(3), 10**5000, "[" * 300 + "x" + "]" * 300])
    "[math.nan, np.int64(2), np.array(3, dtype=np.int64), 10**5000, '[' * 300 + 'x' + ']' * 300]"
    """
    if isinstance(value, bool | type(None)):
        return repr(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "math.nan"
        if math.isinf(value):
            return "math.inf" if value > 0 else "-math.inf"
        return repr(value)
    if isinstance(value, int):
        if abs(value) > 10**30:
            sign = "-" if value < 0 else ""
            magnitude = abs(value)
            for base in (10, 2):
                exponent = round(math.log(magnitude, base))
                for e in (exponent - 1, exponent, exponent + 1):
                    if base**e == magnitude:
                        return f"{sign}{base}**{e}" if not sign else f"-({base}**{e})"
            return f"{sign}int('{'9' * 3}...') (a whole number of {len(str(magnitude))} digits)"
        return repr(value)
    if isinstance(value, np.ndarray):
        inner = source(value.tolist()) if value.ndim else source(value.item())
        return f"np.array({inner}, dtype=np.{value.dtype})"
    if isinstance(value, np.generic):
        item = value.item()
        inner = f"'{item}'" if isinstance(item, float) and not math.isfinite(item) else repr(item)
        return f"np.{type(value).__name__}({inner})"
    if isinstance(value, str | bytes):
        if len(value) > 60:
            short = _repeats(value)
            if short is not None:
                return short
        if len(value) > 200:
            return f"{value[:150]!r} + ... ({len(value)} characters)"
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(source(v) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(source(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, frozenset | set):
        inner = ", ".join(source(v) for v in sorted(value, key=repr))
        return f"{type(value).__name__}({{{inner}}})" if value else f"{type(value).__name__}()"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{source(k)}: {source(v)}" for k, v in value.items()) + "}"
    if isinstance(value, range | Decimal | Fraction | complex | bytearray):
        return repr(value)
    return f"<{type(value).__name__}>"


def _repeats(text: str | bytes, limit: int = 200) -> str | None:
    """``text`` as a sum of repeated pieces (``'[' * 3000 + 'x' + ']' * 3000``), or ``None``
    when that is no shorter than ``limit`` characters."""
    parts: list[str] = []
    literal = text[:0]
    i = 0
    while i < len(text):
        for size in range(1, 9):
            unit = text[i : i + size]
            count = 1
            while text[i + count * size : i + (count + 1) * size] == unit:
                count += 1
            if count * size >= 24 and count > 2:
                break
        else:
            literal += text[i : i + 1]
            i += 1
            if len(literal) > limit:
                return None
            continue
        if literal:
            parts.append(repr(literal))
            literal = text[:0]
        parts.append(f"{unit!r} * {count}")
        i += count * size
        if sum(map(len, parts)) > limit:
            return None
    if literal:
        parts.append(repr(literal))
    return " + ".join(parts)


def is_whole(value: object) -> bool:
    """A whole number as dicelab.numbers counts it: int or NumPy int (0-d too), not a bool."""
    if isinstance(value, np.ndarray):
        return value.ndim == 0 and value.dtype.kind in "iu"
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def plain(value: object) -> object:
    """``value`` with NumPy whole numbers as ``int`` and NumPy texts as ``str`` (recursively).

    >>> plain([np.int64(1), (np.array(2),), np.str_("a"), np.array([3, 4])])
    [1, (2,), 'a', [3, 4]]
    """
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "iu":
            return value.tolist()
        return value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.str_):
        return str(value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    return value


def numbers_problem(values: object, *, single: bool = False) -> bool:
    """True when ``values`` can never be accepted as whole numbers (one, or a list of them)."""
    if single:
        return not is_whole(values)
    if isinstance(values, list | tuple | set | frozenset | range):
        return any(not is_whole(v) for v in values)
    if isinstance(values, np.ndarray):
        return values.ndim != 1 or values.dtype.kind not in "iu"
    return not isinstance(values, dict)  # a scalar, a text, None: never a list of numbers


def seed_ok(seed: object) -> bool:
    return is_whole(seed) and 0 <= int(seed) <= MAX_SEED  # type: ignore[call-overload]


def text_problem(value: object) -> bool:
    """True when ``value`` is not text at all (a text slot must refuse it)."""
    return not isinstance(value, str)
