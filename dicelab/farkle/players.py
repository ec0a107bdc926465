"""Who plays Farkle: the seats at the table and the strategies that choose moves.

A table seats 0 to 6 humans and at most one computer (:class:`Seat`, :func:`make_seats`,
«Humains + 1 IA» by default). Every strategy has one method,
``choose(situation) -> Move``; a learner's rival strategy is any object with that method
(see :class:`Player`). The computer player («IA») is :class:`ComputerPlayer`.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any, Protocol

from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside
from dicelab.farkle.situation import Situation
from dicelab.farkle.turn import ALL_DICE
from dicelab.i18n import Message, msg
from dicelab.numbers import MAX_WHOLE, is_listlike, is_whole, show_value

__all__ = ["MAX_HUMANS", "ComputerPlayer", "Player", "Seat", "lineup_label", "make_seats"]

MAX_HUMANS = 6


def lineup_label(computer: bool = True) -> Message:
    """The New game window's line-up: «Humains + 1 IA» (English msgid "Humans + 1 AI").

    >>> str(lineup_label()), str(lineup_label(False))
    ('Humans + 1 AI', 'Humans only')
    """
    return msg("Humans + 1 AI") if computer else msg("Humans only")


@dataclass(frozen=True)
class Seat:
    """A place at the table: a human (optionally named) or the computer."""

    number: int
    name: str | None = None
    computer: bool = False

    @property
    def label(self) -> Message:
        """The name to show: the given name, else "Player N" (1-based) or "AI"."""
        if self.name:
            return msg("{name}", name=self.name)  # shown as given, never looked up
        if self.computer:
            return msg("AI")
        return msg("Player {n}", n=self.number + 1)


def _entry(number: int, entry: object) -> Seat:
    """One entry of ``players`` as a seat: a name, ``None`` (unnamed) or a :class:`Seat`."""
    if isinstance(entry, Seat):
        name = None if entry.name is None else _name(entry.name)
        return Seat(number, name, entry.computer)
    return Seat(number, None if entry is None else _name(entry))


def _name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise IllegalMove(msg("A player's name is some text, not {value}.", value=show_value(name)))
    return name


def _entries(players: object) -> list[Seat]:
    if is_whole(players):
        count = int(players)
        if not 0 <= count <= MAX_HUMANS:
            raise IllegalMove(
                msg(
                    "From 0 to {most} humans may play, not {value}.",
                    most=MAX_HUMANS,
                    value=show_value(players),
                )
            )
        return [Seat(number) for number in range(count)]
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise IllegalMove(
            msg(
                "Players are a list of names or a number of players, not {value}.",
                value=show_value(players),
            )
        )
    return [_entry(number, entry) for number, entry in enumerate(players)]


def _computer_index(computer: object, seats: int) -> int | None:
    """The index of the computer seat among ``seats`` entries, ``seats`` to append it."""
    if isinstance(computer, bool):
        return seats if computer else None
    if not is_listlike(computer):
        raise IllegalMove(
            msg(
                "computer is True or False, or a list with one seat number, not {value}.",
                value=show_value(computer),
            )
        )
    indexes = list(computer)
    if len(indexes) > 1:
        raise IllegalMove(
            msg("A Farkle game has at most one computer seat, not {n}.", n=len(indexes))
        )
    for index in indexes:
        if not is_whole(index):
            raise IllegalMove(
                msg("A seat number is a whole number, not {value}.", value=show_value(index))
            )
        if not 0 <= index < seats:
            raise IllegalMove(
                msg(
                    "There is no seat {index}: the seats are numbered 0 to {last}.",
                    index=show_value(index),
                    last=seats - 1,
                )
            )
    return int(indexes[0]) if indexes else None


def make_seats(players: object, computer: object) -> tuple[Seat, ...]:
    """The seats of ``Game(players, computer)`` (see :class:`Game`), checked.

    >>> [str(seat.label) for seat in make_seats(("Ada", None), True)]
    ['Ada', 'Player 2', 'AI']
    >>> [seat.computer for seat in make_seats(3, [0])]
    [True, False, False]
    """
    seats = _entries(players)
    index = _computer_index(computer, len(seats))
    if index == len(seats):
        seats.append(Seat(index, None, True))
    elif index is not None:
        seats[index] = Seat(index, seats[index].name, True)
    computers = sum(seat.computer for seat in seats)
    if computers > 1:
        raise IllegalMove(msg("A Farkle game has at most one computer seat, not {n}.", n=computers))
    if len(seats) - computers > MAX_HUMANS:
        raise IllegalMove(
            msg(
                "From 0 to {most} humans may play, not {value}.",
                most=MAX_HUMANS,
                value=len(seats) - computers,
            )
        )
    if not seats:
        raise IllegalMove(msg("A game without the computer needs at least one human player."))
    return tuple(seats)


def _parameter_problem(name: str, value: object) -> Message | None:
    """Why ``value`` cannot be the computer player's parameter ``name`` (``None`` if it can):
    a finite number from 0 to MAX_WHOLE, never a bool, NaN or infinity."""
    if is_whole(value):
        number: float = int(value)
    elif isinstance(value, Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except (OverflowError, ValueError):
            number = math.inf
    else:
        number = math.nan
    if number > MAX_WHOLE:
        return msg(
            "The computer player's {name} must be at most {most}, not {value}.",
            name=name,
            most=MAX_WHOLE,
            value=show_value(value),
        )
    if not 0 <= number <= MAX_WHOLE:  # NaN and -inf fail this too
        return msg(
            "The computer player's {name} must be a number of 0 or more, not {value}.",
            name=name,
            value=show_value(value),
        )
    return None


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
            problem = _parameter_problem(item.name, getattr(self, item.name))
            if problem is not None:
                raise IllegalMove(problem)

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
        if not situation.totals[situation.current]:  # not on the board yet
            value = max(value, situation.rules.entry)
        return value

    def wants_to_bank(self, situation: Situation) -> bool:
        """It would bank now (the turn allows it and its points reach the threshold)."""
        turn = situation.turn
        return situation.may_bank() and turn.points >= self.threshold(situation)

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
