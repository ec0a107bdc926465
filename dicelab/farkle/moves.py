"""The three things a Farkle player can do: roll, set aside dice, bank.

Moves are small immutable values. A set-aside names dice by their *position* in the
last roll (0 = first die shown), as a dashboard clicks them; ``Game.set_aside`` takes
dice values instead and picks their positions. Their text form is a machine notation
(like chess's UCI), read back by :func:`parse_move`:

>>> str(Roll()), str(Bank()), str(SetAside((4, 0)))
('roll', 'bank', 'set_aside 0 4')
>>> parse_move("set_aside 0 4") == SetAside((0, 4))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import MAX_DIGITS, MAX_WHOLE, is_listlike, is_whole, parse_whole, show_value

__all__ = ["Bank", "Move", "Roll", "SetAside", "parse_move"]


@dataclass(frozen=True)
class Roll:
    """Roll the dice in play."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Bank:
    """Add the turn's points to the player's total and pass the dice."""

    def __str__(self) -> str:
        return "bank"


def check_positions(positions: object) -> tuple[int, ...]:
    """Positions as a sorted tuple of distinct ints >= 0, at least one.

    >>> check_positions([3, 1])
    (1, 3)
    >>> check_positions([1, 1])
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Position 1 is given twice: choose each die once.
    """
    if not is_listlike(positions):
        raise IllegalMove(
            msg(
                "Dice positions must be a list of whole numbers, not {value}.",
                value=show_value(positions),
            )
        )
    seen: list[int] = []
    for value in positions:
        if not is_whole(value) or not 0 <= value <= MAX_WHOLE:
            raise IllegalMove(
                msg(
                    "A die position is a whole number from 0 up, not {value}.",
                    value=show_value(value),
                )
            )
        if int(value) in seen:
            raise IllegalMove(
                msg("Position {position} is given twice: choose each die once.", position=value)
            )
        seen.append(int(value))
    if not seen:
        raise IllegalMove(msg("Set aside at least one die: a set-aside cannot be empty."))
    return tuple(sorted(seen))


@dataclass(frozen=True)
class SetAside:
    """Set aside the dice at these positions of the last roll (0-based)."""

    positions: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "positions", check_positions(self.positions))

    def __str__(self) -> str:
        return "set_aside " + " ".join(str(p) for p in self.positions)


Move = Roll | Bank | SetAside
"""Any move: ``Roll()``, ``Bank()`` or ``SetAside(positions)``."""


def parse_move(text: str) -> Move:
    """The move written ``roll``, ``bank`` or ``set_aside P P ...`` (positions).

    >>> parse_move("bank")
    Bank()
    >>> parse_move("jump")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Unknown move 'jump': write roll, bank or set_aside with positions.
    """
    words = text.split() if isinstance(text, str) else []
    if words == ["roll"]:
        return Roll()
    if words == ["bank"]:
        return Bank()
    if len(words) > 1 and words[0] == "set_aside" and all(_is_position(w) for w in words[1:]):
        return SetAside(tuple(parse_whole(w) for w in words[1:]))
    raise IllegalMove(
        msg(
            "Unknown move {text}: write roll, bank or set_aside with positions.",
            text=show_value(text),
        )
    )


def _is_position(word: str) -> bool:
    """ASCII digits, at most :data:`~dicelab.numbers.MAX_DIGITS` of them."""
    return 0 < len(word) <= MAX_DIGITS and all("0" <= c <= "9" for c in word)
