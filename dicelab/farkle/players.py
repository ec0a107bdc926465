"""Farkle players: given a situation, return a move. The computer player («IA») lives here.

Every player has one method, ``choose(situation) -> Move``; a learner's rival strategy
is any object with that method (see :class:`Player`).

>>> from dicelab.farkle.situation import Situation
>>> ai = ComputerPlayer()
>>> s = Situation.start(seats=2).roll([1, 2, 3, 4, 6, 6])
>>> ai.choose(s)
SetAside(positions=(0,))
>>> ai.choose(s.set_aside([1]))  # 100 points, 5 dice left: below 300 - 40 = 260
Roll()
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Real
from typing import Any, Protocol

from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside
from dicelab.farkle.situation import Situation
from dicelab.farkle.turn import ALL_DICE
from dicelab.i18n import msg
from dicelab.numbers import MAX_WHOLE, is_whole, show_value

__all__ = ["ComputerPlayer", "Player"]


def _is_parameter(value: object) -> bool:
    """A finite number from 0 to MAX_WHOLE (never a bool, NaN or infinity)."""
    if is_whole(value):
        return 0 <= value <= MAX_WHOLE  # type: ignore[operator]
    if isinstance(value, bool) or not isinstance(value, Real):
        return False
    try:
        number = float(value)
    except (OverflowError, ValueError):
        return False
    return math.isfinite(number) and 0 <= number <= MAX_WHOLE


class Player(Protocol):
    """Anything that picks a move: ``choose(situation) -> Move``."""

    def choose(self, situation: Situation) -> Move:
        """The move to play in ``situation`` (a legal one)."""
        ...


@dataclass(frozen=True)
class ComputerPlayer:
    """The computer player: a bank threshold and a set-aside rule of thumb.

    **When to bank.** After setting dice aside, it banks as soon as the turn's points
    reach the threshold for the dice it would roll next (``n``, 6 after hot dice)::

        threshold = max(minimum,
                        base
                        + min(max_raise, per_point_behind * behind)
                        - per_missing_die * (6 - n))

    where ``behind`` is how far its total trails the best other total (0 when it leads).
    With the defaults: 300 with 6 dice when level, 100 with 1 die, and 300 more per
    3,000 points behind (at most 1,000 more). In the last round, when it does not lead,
    it never banks before passing the leader: its threshold is at least
    ``behind + 1`` (banking less would lose; rolling on is its only chance).

    **What to set aside.** Among the legal set-asides of the roll it takes:

    1. if the highest-scoring one would already reach the threshold for the dice it
       leaves, that one (it is about to bank, so extra dice are worth nothing);
    2. otherwise the one with the most ``points + die_value * dice left to roll``
       (a set-aside of every die counts 6 dice left: hot dice), so with 1, 5 and four
       dead dice it keeps the 1 and rolls five dice rather than taking 150 with four.

    Ties go to more points, then fewer dice. Every number is a field: build a rival
    with ``dataclasses.replace(ComputerPlayer(), base=500)`` or ``ComputerPlayer(base=500)``.

    >>> ComputerPlayer().bank_threshold(dice_left=6), ComputerPlayer().bank_threshold(1)
    (300, 100)
    >>> ComputerPlayer().bank_threshold(6, behind=3000)
    600
    """

    base: int = 300
    per_point_behind: float = 0.1
    max_raise: int = 1000
    per_missing_die: int = 40
    minimum: int = 50
    die_value: int = 60

    def __post_init__(self) -> None:
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if not _is_parameter(value):
                raise IllegalMove(
                    msg(
                        "The computer player's {name} must be a number from 0 to {most}, "
                        "not {value}.",
                        name=item.name,
                        most=MAX_WHOLE,
                        value=show_value(value),
                    )
                )

    def bank_threshold(self, dice_left: int, behind: int = 0) -> int:
        """The threshold of the formula above (without the last-round rule)."""
        raised = min(self.max_raise, self.per_point_behind * max(0, behind))
        value = self.base + raised - self.per_missing_die * (ALL_DICE - dice_left)
        return max(int(self.minimum), round(value))

    def threshold(self, situation: Situation, dice_left: int | None = None) -> int:
        """The turn points at which it banks in ``situation`` with ``dice_left`` dice to
        roll next (default: the turn's dice in play), last-round rule included.

        >>> last = Situation((10200, 9000), target=10000, current=1, trigger=0)
        >>> ComputerPlayer().threshold(last)
        1201
        """
        dice_left = situation.turn.dice_in_play if dice_left is None else dice_left
        behind = situation.behind()
        value = self.bank_threshold(dice_left, behind)
        if (
            situation.last_round
            and situation.leader_total(situation.current) >= (situation.totals[situation.current])
        ):
            value = max(value, behind + 1)
        return value

    def wants_to_bank(self, situation: Situation) -> bool:
        """It would bank now (the turn allows it and its points reach the threshold)."""
        turn = situation.turn
        return turn.can_bank and turn.points >= self.threshold(situation)

    def choose_set_aside(self, situation: Situation) -> SetAside:
        """The set-aside it picks from the last roll (rule of thumb above)."""
        turn = situation.turn
        options = turn.set_aside_options()
        if not options:
            raise IllegalMove(msg("There is nothing to set aside now."))
        on_table = len(turn.on_table)

        def left(dice: tuple[int, ...]) -> int:
            return on_table - len(dice) or ALL_DICE

        def reaches(dice: tuple[int, ...]) -> bool:
            points = turn.points + options[dice]
            return points >= self.threshold(situation, left(dice))

        best_points = max(options, key=lambda d: (options[d], -len(d)))
        if reaches(best_points):
            choice = best_points
        else:
            choice = max(
                options,
                key=lambda d: (options[d] + self.die_value * left(d), options[d], -len(d)),
            )
        return SetAside(turn.positions_of(choice))

    def choose(self, situation: Situation) -> Move:
        """Its move: roll to start, set aside after a roll, then bank or roll on.

        >>> ComputerPlayer().choose(Situation.start(seats=1))
        Roll()
        """
        if situation.is_over:
            raise IllegalMove(msg("The game is over: no more moves. Undo, or start a new game."))
        phase = situation.turn.phase
        if phase == "set_aside":
            return self.choose_set_aside(situation)
        if phase == "roll_or_bank" and self.wants_to_bank(situation):
            return Bank()
        return Roll()

    def to_dict(self) -> dict[str, Any]:
        """Its parameters, JSON-ready."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> ComputerPlayer:
        """The player with these parameters (exactly the field names), checked."""
        names = [item.name for item in dataclasses.fields(cls)]
        if not isinstance(data, Mapping) or set(data) != set(names):
            raise IllegalMove(
                msg(
                    "A computer player is described by exactly {names}.",
                    names=", ".join(names),
                )
            )
        return cls(**{name: data[name] for name in names})
