"""One player's Farkle turn as an immutable value: roll, set aside, roll again or bank.

Each step returns a new :class:`Turn`; an illegal step raises
:class:`~dicelab.IllegalMove` and changes nothing. The seed's first example:

>>> turn = Turn().roll([1, 2, 3, 4, 6, 6])
>>> turn.phase, turn.points
('set_aside', 0)
>>> turn.set_aside([1, 2])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: The 2 cannot count: ... Dice of this roll that can count: 1.
>>> turn = turn.set_aside([1])
>>> turn.points, turn.dice_in_play, turn.phase
(100, 5, 'roll_or_bank')

Combinations never span rolls: two 5s now and a third one later are 50 + 50 + 50.

>>> turn = Turn().roll([5, 5, 2, 3, 4, 6]).set_aside([5, 5]).roll([5, 2, 3, 4])
>>> turn.set_aside([5]).points
150

Hot dice: when all six dice are set aside, six come back and the points stay.

>>> hot = Turn().roll([1, 1, 1, 5, 5, 5]).set_aside([1, 1, 1, 5, 5, 5])
>>> hot.hot_dice, hot.points, hot.dice_in_play, hot.phase
(True, 1500, 6, 'roll_or_bank')

A roll with no scoring die loses the turn:

>>> lost = Turn().roll([1, 2, 3, 4, 6, 6]).set_aside([1]).roll([2, 3, 4, 6, 6])
>>> lost.lost, lost.points, lost.lost_points
(True, 0, 100)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from dicelab.dice import check_dice
from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside, check_positions
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import (
    is_farkle,
    reachable_turn_points,
    refusal,
    scoring_table,
    sub_multisets,
)
from dicelab.i18n import Message, msg
from dicelab.numbers import MAX_WHOLE, is_whole, show_value

__all__ = ["ALL_DICE", "Phase", "Turn", "points_problem"]

ALL_DICE = 6

Phase = Literal["roll", "set_aside", "roll_or_bank", "lost"]
"""What the turn waits for: ``roll`` (its first roll), ``set_aside`` (after a scoring
roll), ``roll_or_bank`` (after a set-aside, or hot dice; more dice of the same roll may
still be set aside), ``lost`` (the last roll scored nothing)."""


def _show(dice: Iterable[int]) -> str:
    return ", ".join(str(die) for die in dice)


def points_problem(previous: int, dice: int, rules: Rules) -> Message | None:
    """Why no turn holds ``previous`` points before a roll of ``dice`` dice (``None`` if
    some turn does): ``dice`` 0 is a turn before its first roll, which has no points.

    >>> print(points_problem(100, 3, PRESETS["standard"]))
    The points set aside before a roll of 3 dice cannot be 100: no sequence of set-asides \
makes them.
    """
    if dice == 0:
        if previous == 0:
            return None
        return msg(
            "A turn has no points before its first roll (roll -), not {points}.", points=previous
        )
    if dice < ALL_DICE and previous == 0:
        return msg(
            "A roll of fewer than 6 dice comes after dice were set aside: "
            "the turn's points cannot be 0."
        )
    if reachable_turn_points(previous, dice, rules):
        return None
    return msg(
        "The points set aside before a roll of {n} dice cannot be {points}: no sequence of "
        "set-asides makes them.",
        n=dice,
        points=previous,
    )


@dataclass(frozen=True)
class Turn:
    """The state of one turn.

    * ``previous``: points set aside from earlier rolls of this turn;
    * ``last_roll``: the last roll, dice in the order thrown (empty before the first roll);
    * ``kept``: positions of ``last_roll`` set aside so far (sorted);
    * ``lost``: the last roll scored nothing;
    * ``rules``: the scoring table.

    Dice set aside from one roll score together (best split); those of different rolls
    never combine. Any value built directly is checked (``Turn(previous=-5)`` raises).
    """

    previous: int = 0
    last_roll: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    lost: bool = False
    rules: Rules = PRESETS["standard"]

    def __post_init__(self) -> None:
        fix = object.__setattr__
        if not isinstance(self.rules, Rules):
            raise IllegalMove(
                msg("Expected a Farkle Rules table, not {value}.", value=show_value(self.rules))
            )
        if not is_whole(self.previous) or not 0 <= self.previous <= MAX_WHOLE:
            raise IllegalMove(
                msg(
                    "Turn points are a whole number of 0 or more, not {value}.",
                    value=show_value(self.previous),
                )
            )
        fix(self, "previous", int(self.previous))
        fix(self, "last_roll", check_dice(self.last_roll, max_count=ALL_DICE))
        fix(self, "kept", check_positions(self.kept) if self.kept else ())
        fix(self, "lost", bool(self.lost))
        self._check_consistent()

    def _check_consistent(self) -> None:
        for position in self.kept:
            self._check_position(position)
        if self.kept and self.kept_dice not in scoring_table(self.rules):
            raise refusal(tuple(sorted(self.kept_dice)), self.rules)
        problem = points_problem(self.previous, len(self.last_roll), self.rules)
        if problem is not None:
            raise IllegalMove(problem)
        farkle = bool(self.last_roll) and is_farkle(self.last_roll, self.rules)
        if self.lost != farkle or (self.lost and self.kept):
            raise IllegalMove(msg("A turn is lost exactly when its last roll scores nothing."))

    def _check_position(self, position: int) -> None:
        if position >= len(self.last_roll):
            raise IllegalMove(
                msg(
                    "There is no die at position {position}: the roll has {n} dice, "
                    "at positions 0 to {last}.",
                    position=position,
                    n=len(self.last_roll),
                    last=len(self.last_roll) - 1,
                )
                if self.last_roll
                else msg("Roll first: there are no dice to set aside yet.")
            )

    # What the turn holds -------------------------------------------------------------

    @property
    def kept_dice(self) -> tuple[int, ...]:
        """The dice set aside from the last roll, sorted."""
        return tuple(sorted(self.last_roll[p] for p in self.kept))

    @property
    def kept_points(self) -> int:
        """Points of the dice set aside from the last roll (0 if none)."""
        return scoring_table(self.rules)[self.kept_dice] if self.kept else 0

    @property
    def points(self) -> int:
        """The turn's points so far: what banking now would add (0 once lost)."""
        return 0 if self.lost else self.previous + self.kept_points

    @property
    def lost_points(self) -> int:
        """The points a lost turn threw away (0 if not lost)."""
        return self.previous if self.lost else 0

    @property
    def on_table(self) -> tuple[int, ...]:
        """Positions of the last roll not set aside (the dice that may still be set aside)."""
        return tuple(p for p in range(len(self.last_roll)) if p not in self.kept)

    @property
    def hot_dice(self) -> bool:
        """All dice of the last roll are set aside: all six come back."""
        return bool(self.last_roll) and not self.lost and len(self.kept) == len(self.last_roll)

    @property
    def dice_in_play(self) -> int:
        """How many dice the next roll throws (6 at the start and after hot dice)."""
        if self.lost:
            return 0
        if not self.last_roll or self.hot_dice:
            return ALL_DICE
        return len(self.last_roll) - len(self.kept)

    @property
    def phase(self) -> Phase:
        """What the turn waits for (see :data:`Phase`)."""
        if self.lost:
            return "lost"
        if not self.last_roll:
            return "roll"
        return "roll_or_bank" if self.kept else "set_aside"

    @property
    def can_roll(self) -> bool:
        """Rolling is allowed now."""
        return self.phase in ("roll", "roll_or_bank")

    @property
    def can_bank(self) -> bool:
        """Banking is allowed now (there is no minimum)."""
        return self.phase == "roll_or_bank" and self.points > 0

    # What may be set aside -------------------------------------------------------------

    def set_aside_options(self) -> dict[tuple[int, ...], int]:
        """Every distinct set of dice values that may be set aside now, with the points it
        adds to the turn (together with dice already set aside from this roll).

        >>> Turn().roll([5, 1, 3, 3, 4, 5]).set_aside([1]).set_aside_options()
        {(5,): 50, (5, 5): 100}
        """
        if self.phase not in ("set_aside", "roll_or_bank"):
            return {}
        table = scoring_table(self.rules)
        kept, base = self.kept_dice, self.kept_points
        options = {}
        for sub in sub_multisets(self.last_roll[p] for p in self.on_table):
            together = tuple(sorted(kept + sub))
            if together in table:
                options[sub] = table[together] - base
        return options

    def scoring_positions(self) -> tuple[int, ...]:
        """Positions of dice on the table that belong to some valid set-aside now.

        >>> Turn().roll([1, 2, 3, 4, 6, 6]).scoring_positions()
        (0,)
        """
        wanted = {die for option in self.set_aside_options() for die in option}
        return tuple(p for p in self.on_table if self.last_roll[p] in wanted)

    def positions_of(self, dice: object) -> tuple[int, ...]:
        """The positions of the given dice values among the dice on the table (leftmost
        first), or :class:`~dicelab.IllegalMove` if the table does not hold them.

        >>> Turn().roll([5, 1, 3, 3, 4, 5]).positions_of([5, 5])
        (0, 5)
        """
        values = check_dice(dice)
        if not values:
            raise IllegalMove(msg("Set aside at least one die: a set-aside cannot be empty."))
        self._check_has_roll()
        free = list(self.on_table)
        chosen = []
        for die in values:
            match = next((p for p in free if self.last_roll[p] == die), None)
            if match is None:
                raise IllegalMove(
                    msg(
                        "There is no {die} to set aside: the dice in play show {dice}.",
                        die=die,
                        dice=_show(self.last_roll[p] for p in self.on_table),
                    )
                )
            free.remove(match)
            chosen.append(match)
        return tuple(sorted(chosen))

    # Steps ----------------------------------------------------------------------------

    def _check_has_roll(self) -> None:
        if self.phase == "lost":
            raise self._lost_error()
        if self.phase == "roll":
            raise IllegalMove(msg("Roll first: there are no dice to set aside yet."))
        if self.hot_dice:
            raise IllegalMove(
                msg("Hot dice: every die is set aside. Roll all 6 dice again, or bank.")
            )

    def _lost_error(self) -> IllegalMove:
        return IllegalMove(msg("This turn is lost: it is the next player's turn."))

    def _must_set_aside_error(self, action: Message) -> IllegalMove:
        return IllegalMove(
            msg(
                "Set aside at least one scoring die before you {action}. "
                "Dice of this roll that can count: {dice}.",
                action=action,
                dice=_show(self.last_roll[p] for p in self.scoring_positions()),
            )
        )

    def roll(self, dice: object) -> Turn:
        """The turn after rolling ``dice`` (exactly :attr:`dice_in_play` of them)."""
        if self.phase == "lost":
            raise self._lost_error()
        if self.phase == "set_aside":
            raise self._must_set_aside_error(msg("roll again"))
        thrown = check_dice(dice, count=self.dice_in_play)
        return Turn(
            previous=self.points,
            last_roll=thrown,
            lost=is_farkle(thrown, self.rules),
            rules=self.rules,
        )

    def set_aside_positions(self, positions: object) -> Turn:
        """The turn after setting aside the dice at ``positions`` of the last roll.

        Every die set aside from a roll must count together with the other dice set
        aside from that roll; the error names the ones that cannot.
        """
        self._check_has_roll()
        chosen = check_positions(positions)
        for position in chosen:
            self._check_position(position)
            if position in self.kept:
                raise IllegalMove(
                    msg(
                        "The die at position {position} (a {die}) is already set aside.",
                        position=position,
                        die=self.last_roll[position],
                    )
                )
        kept = tuple(sorted(self.kept + chosen))
        together = tuple(sorted(self.last_roll[p] for p in kept))
        if together not in scoring_table(self.rules):
            reason = refusal(together, self.rules).message
            raise IllegalMove(
                msg(
                    "{reason} Dice of this roll that can count: {dice}.",
                    reason=reason,
                    dice=_show(self.last_roll[p] for p in self.scoring_positions()) or "-",
                )
            )
        return Turn(self.previous, self.last_roll, kept, False, self.rules)

    def set_aside(self, dice: object) -> Turn:
        """The turn after setting aside dice given by value (``[1, 5]``), leftmost first."""
        return self.set_aside_positions(self.positions_of(dice))

    def bank_points(self) -> int:
        """The points banking adds now, or :class:`~dicelab.IllegalMove` if it may not."""
        if self.phase == "lost":
            raise self._lost_error()
        if self.phase == "roll":
            raise IllegalMove(
                msg("Roll first: a turn starts with a roll, and there are no points to bank yet.")
            )
        if self.phase == "set_aside":
            raise self._must_set_aside_error(msg("bank"))
        return self.points

    def legal_moves(self) -> list[Move]:
        """Every move allowed now: ``Roll()``, ``Bank()``, and one ``SetAside`` per distinct
        set of dice values (their leftmost positions).

        >>> Turn().roll([5, 1, 3, 3, 4, 5]).legal_moves()  # doctest: +NORMALIZE_WHITESPACE
        [SetAside(positions=(1,)), SetAside(positions=(0,)), SetAside(positions=(0, 1)),
         SetAside(positions=(0, 5)), SetAside(positions=(0, 1, 5))]
        """
        moves: list[Move] = []
        if self.can_roll:
            moves.append(Roll())
        if self.can_bank:
            moves.append(Bank())
        moves += [SetAside(self.positions_of(dice)) for dice in self.set_aside_options()]
        return moves

    def apply(self, move: Move, dice: object = None) -> Turn:
        """The turn after ``move`` (a roll needs its ``dice``; a bank ends the turn, so it is
        not applied here: see :meth:`bank_points`)."""
        if isinstance(move, Roll):
            return self.roll(dice)
        if isinstance(move, SetAside):
            return self.set_aside_positions(move.positions)
        if isinstance(move, Bank):
            raise IllegalMove(msg("Banking ends the turn: use bank_points()."))
        raise IllegalMove(
            msg(
                "Unknown move {value}: play Roll(), SetAside(positions) or Bank().",
                value=show_value(move),
            )
        )
