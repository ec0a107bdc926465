"""What a Penta player faces at a decision: a scorecard, the dice on the table, the rolls left.

A :class:`Situation` is an immutable value shared by the game, the computer players, the
solver and the apps. Its one-line text is the notation of :mod:`dicelab.penta.notation`:

>>> from dicelab.penta.scorecard import Scorecard
>>> situation = Situation(Scorecard().score("fours", (4, 4, 4, 1, 2)), (6, 1, 6, 3, 2), 2)
>>> situation.dice
(1, 2, 3, 6, 6)
>>> str(situation)
'4s=12 | dice 1 2 3 6 6 | 2 rolls left'
>>> situation.options()["chance"]
18
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from dicelab.dice import sorted_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import is_whole, show_value
from dicelab.penta.moves import DICE, ROLLS_PER_TURN
from dicelab.penta.rules import Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.writing import situation_line

__all__ = ["Action", "Situation"]

Action = str | tuple[int, ...]
"""A decision: a box id to score now, or a keep (sorted dice values to hold) to roll again."""


@dataclass(frozen=True)
class Situation:
    """What a player faces: ``card``, the ``dice`` on the table, and ``rolls_left``.

    ``dice`` is ``None`` before the turn's first roll (then ``rolls_left`` is 3), else
    five dice kept sorted (their order never matters for a decision); ``rolls_left`` is
    0, 1 or 2 once dice are on the table. A complete card has no dice.

    >>> Situation(dice=[6, 1, 6, 3, 2], rolls_left=2).dice
    (1, 2, 3, 6, 6)
    >>> Situation(dice=None, rolls_left=1)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Before the first roll of a turn 3 rolls are left, not 1.
    """

    card: Scorecard = field(default_factory=Scorecard)
    dice: tuple[int, ...] | None = None
    rolls_left: int = ROLLS_PER_TURN

    def __post_init__(self) -> None:
        if not isinstance(self.card, Scorecard):
            raise IllegalMove(
                msg("A situation needs a Scorecard, not {value}.", value=show_value(self.card))
            )
        rolls = self.rolls_left
        if not is_whole(rolls) or not 0 <= int(rolls) <= ROLLS_PER_TURN:
            raise IllegalMove(
                msg(
                    "Rolls left is a whole number from 0 to 3, not {value}.",
                    value=show_value(rolls),
                )
            )
        rolls = int(rolls)
        object.__setattr__(self, "rolls_left", rolls)
        if self.dice is None:
            if rolls != ROLLS_PER_TURN:
                raise IllegalMove(
                    msg(
                        "Before the first roll of a turn 3 rolls are left, not {rolls}.",
                        rolls=rolls,
                    )
                )
            return
        object.__setattr__(self, "dice", sorted_dice(self.dice, DICE))
        if rolls == ROLLS_PER_TURN:
            raise IllegalMove(msg("Dice are on the table, so at most 2 rolls are left, not 3."))
        if self.card.is_complete:
            raise IllegalMove(msg("The scorecard is complete: there are no dice to score."))

    def __str__(self) -> str:
        return situation_line(self.card, self.dice, self.rolls_left)

    def __repr__(self) -> str:
        return f"parse({str(self)!r})"

    @property
    def rules(self) -> Rules:
        """The rules of the card."""
        return self.card.rules

    def options(self) -> dict[str, int]:
        """The boxes the dice may go in now, with points (empty before a roll).

        >>> Situation(dice=(2, 2, 5, 5, 5), rolls_left=2).options()["full_house"]
        25
        """
        return {} if self.dice is None else self.card.options(self.dice)

    def keeps(self) -> list[tuple[int, ...]]:
        """The distinct keeps: sorted sub-multisets of the dice to hold before re-rolling.

        ``()`` (re-roll everything) is included; holding all five is not a keep. Empty
        when no roll is left (or before the first roll, when the only move is rolling).

        >>> Situation(dice=(1, 1, 2, 3, 3), rolls_left=1).keeps()[:6]
        [(), (1,), (2,), (3,), (1, 1), (1, 2)]
        >>> len(Situation(dice=(1, 2, 3, 4, 5), rolls_left=1).keeps())
        31
        """
        if self.dice is None or self.rolls_left == 0:
            return []
        found = {
            combo
            for size in range(DICE)
            for combo in itertools.combinations(self.dice, size)  # dice are sorted
        }
        return sorted(found, key=lambda keep: (len(keep), keep))

    def actions(self) -> list[Action]:
        """Every legal action: the boxes of :meth:`options`, then the :meth:`keeps`."""
        return [*self.options(), *self.keeps()]
