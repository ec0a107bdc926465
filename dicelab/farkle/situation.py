"""A whole Farkle table at one moment: totals, target, whose turn, the turn, the last round.

A :class:`Situation` is immutable; its steps return the next one. Banking is the only
way to reach the target; the first player to reach it starts the last round: every
other player plays exactly one more turn, and the game stops when the turn comes back
to that player. Highest total wins; equal totals share the win.

>>> s = Situation.start(seats=2, target=5000)
>>> s = s.roll([1, 1, 1, 1, 5, 5]).set_aside([1, 1, 1, 1, 5, 5])  # 2100, hot dice
>>> s.turn.hot_dice, s.turn.points
(True, 2100)
>>> s.bank().totals, s.bank().current
((2100, 0), 1)
>>> str(s.bank())
'target 5000 | totals 2100 >0 | turn 0 | dice 6 | roll -'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TypeGuard

from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import reachable_total
from dicelab.farkle.turn import Turn
from dicelab.i18n import Message, msg
from dicelab.numbers import MAX_WHOLE, Whole, is_whole, show_value

__all__ = [
    "DEFAULT_TARGET",
    "MAX_SEATS",
    "TARGETS",
    "Situation",
    "seat_problem",
    "situation_text",
    "total_problem",
]

TARGETS = (5000, 10000, 15000)
"""The targets a new game may choose."""
DEFAULT_TARGET = 10000
MAX_SEATS = 7
"""Six humans and the computer."""


def _count(value: object) -> TypeGuard[Whole]:
    """A whole number from 0 to :data:`~dicelab.numbers.MAX_WHOLE` (never a bool)."""
    return is_whole(value) and 0 <= int(value) <= MAX_WHOLE


def _totals(totals: object) -> tuple[int, ...]:
    if isinstance(totals, str | bytes) or not isinstance(totals, Iterable):
        raise IllegalMove(
            msg("Totals must be a list of points, not {value}.", value=show_value(totals))
        )
    values = tuple(totals)
    if not 1 <= len(values) <= MAX_SEATS:
        raise IllegalMove(
            msg("A game has from 1 to {most} players, not {n}.", most=MAX_SEATS, n=len(values))
        )
    for total in values:
        if not _count(total):
            raise IllegalMove(
                msg(
                    "A total is a whole number of 0 or more points, not {value}.",
                    value=show_value(total),
                )
            )
    return tuple(int(total) for total in values)


def checked_target(target: object) -> int:
    """A game's target, or :class:`IllegalMove` saying the allowed ones.

    >>> checked_target(10000)
    10000
    """
    if not _count(target) or int(target) not in TARGETS:
        raise IllegalMove(
            msg(
                "The target is one of {choices}, not {value}.",
                choices=", ".join(str(t) for t in TARGETS),
                value=show_value(target),
            )
        )
    return int(target)


def _seat(seat: object, seats: int) -> int:
    if not _count(seat) or seat >= seats:
        raise IllegalMove(
            msg(
                "Seat {value} does not exist: seats are numbered 0 to {last}.",
                value=show_value(seat),
                last=seats - 1,
            )
        )
    return int(seat)


def total_problem(totals: tuple[int, ...], rules: Rules) -> tuple[int, Message] | None:
    """The first seat whose total no sequence of banked turns makes, with why.

    >>> total_problem((1250, 7), PRESETS["standard"])[0]
    1
    >>> total_problem((0, 450), Rules(name="entry 500", entry=500))[0]
    1
    """
    for seat, total in enumerate(totals):
        if total and not rules.may_bank(0, total):
            return seat, msg(
                "Seat {seat} cannot have {total} points: a player gets on the board with a "
                "first bank of at least {entry} points.",
                seat=seat,
                total=total,
                entry=rules.entry,
            )
        if not reachable_total(total, rules):
            return seat, msg(
                "Seat {seat} cannot have {total} points: no sequence of turns banks them "
                "(a total adds up points of set-asides).",
                seat=seat,
                total=total,
            )
    return None


def seat_problem(
    totals: tuple[int, ...],
    target: int,
    current: int,
    trigger: int | None,
    rules: Rules | None = None,
) -> tuple[int, Message] | None:
    """The first seat whose total cannot be there, with why (``None`` if all can).

    Banking is the only way to the target and the first to reach it starts the last
    round, so only that seat and the seats that played after it may be at the target.
    When the game ends at the target (``rules.ends_at_target``), the seat that reached it
    has won and no one plays after it.

    >>> seat_problem((5000, 900), 5000, 1, None)[0]
    0
    """
    if trigger is not None and totals[trigger] < target:
        return trigger, msg("The last round starts only when a total reaches the target.")
    if trigger is not None and current != trigger and rules is not None and rules.ends_at_target:
        return trigger, msg(
            "Under these rules the game ends as soon as a total reaches the target: no one "
            "plays after it."
        )
    seats = len(totals)
    played_after_trigger = set()
    if trigger is not None:
        seat = (trigger + 1) % seats
        while seat != current and seat != trigger:
            played_after_trigger.add(seat)
            seat = (seat + 1) % seats
    for seat, total in enumerate(totals):
        if total >= target and seat != trigger and seat not in played_after_trigger:
            return seat, msg(
                "Seat {seat} has reached the target, so the last round should have started "
                "with it (mark it with !), and only the players after it may have reached it "
                "too.",
                seat=seat,
            )
    return None


@dataclass(frozen=True)
class Situation:
    """Everything the rules need to go on from here (names and seats' kinds aside).

    * ``totals``: banked points by seat, in seat order;
    * ``target``: 5000, 10000 or 15000;
    * ``current``: the seat whose turn it is (index into ``totals``);
    * ``trigger``: the seat that reached the target first, which started the last
      round (``None`` before that); the game is over when the turn is back to it;
    * ``turn``: the current :class:`~dicelab.farkle.turn.Turn` (it holds the rules).
    """

    totals: tuple[int, ...]
    target: int = DEFAULT_TARGET
    current: int = 0
    trigger: int | None = None
    turn: Turn = field(default_factory=Turn)

    def __post_init__(self) -> None:
        fix = object.__setattr__
        fix(self, "totals", _totals(self.totals))
        fix(self, "target", checked_target(self.target))
        fix(self, "current", _seat(self.current, len(self.totals)))
        if self.trigger is not None:
            fix(self, "trigger", _seat(self.trigger, len(self.totals)))
        if not isinstance(self.turn, Turn):
            raise IllegalMove(
                msg("Expected a Farkle Turn, not {value}.", value=show_value(self.turn))
            )
        self._check_reachable()

    def _check_reachable(self) -> None:
        if self.turn.lost:
            raise IllegalMove(msg("A lost turn is over: the next player's turn starts at once."))
        if self.is_over and self.turn != Turn(rules=self.rules):
            raise IllegalMove(msg("The game is over: no turn is under way."))
        problem = seat_problem(self.totals, self.target, self.current, self.trigger, self.rules)
        problem = problem or total_problem(self.totals, self.rules)
        if problem is not None:
            raise IllegalMove(problem[1])

    @classmethod
    def start(
        cls, seats: int, target: int = DEFAULT_TARGET, rules: Rules | None = None
    ) -> Situation:
        """A new game's first situation: every total 0, seat 0 to roll."""
        if not _count(seats):
            raise IllegalMove(
                msg(
                    "A game has from 1 to {most} players, not {n}.",
                    most=MAX_SEATS,
                    n=show_value(seats),
                )
            )
        return cls((0,) * seats, target, 0, None, Turn(rules=rules or PRESETS["standard"]))

    # Reading the table ------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The scoring table in play."""
        return self.turn.rules

    @property
    def seats(self) -> int:
        """The number of players."""
        return len(self.totals)

    @property
    def last_round(self) -> bool:
        """The target has been reached: the last round has started (or the game ended)."""
        return self.trigger is not None

    @property
    def is_over(self) -> bool:
        """The turn came back to the player who reached the target."""
        return self.trigger is not None and self.current == self.trigger

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is over (ties share), else ()."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    def seats_to_play(self) -> tuple[int, ...]:
        """In the last round: the seats that still have their one turn, current first."""
        if self.trigger is None or self.is_over:
            return ()
        seats, seat = [], self.current
        while seat != self.trigger:
            seats.append(seat)
            seat = (seat + 1) % self.seats
        return tuple(seats)

    def leader_total(self, excluding: int | None = None) -> int:
        """The highest total, of every seat but ``excluding`` (0 if none is left)."""
        others = [t for seat, t in enumerate(self.totals) if seat != excluding]
        return max(others, default=0)

    def behind(self, seat: int | None = None) -> int:
        """How many points ``seat`` (default: the current one) trails the best other total
        by (0 when it leads or ties)."""
        seat = self.current if seat is None else seat
        return max(0, self.leader_total(excluding=seat) - self.totals[seat])

    # Steps ------------------------------------------------------------------------------

    def check_playing(self) -> None:
        """:class:`~dicelab.IllegalMove` once the game is over."""
        if self.is_over:
            raise IllegalMove(msg("The game is over: no more moves. Undo, or start a new game."))

    def _pass(self) -> Situation:
        following = (self.current + 1) % self.seats
        return replace(self, current=following, turn=Turn(rules=self.rules))

    def roll(self, dice: object) -> Situation:
        """After rolling ``dice``; a roll that scores nothing passes the turn at once."""
        self.check_playing()
        turn = self.turn.roll(dice)
        if turn.lost:
            return self._pass()
        return replace(self, turn=turn)

    def set_aside_positions(self, positions: object) -> Situation:
        """After setting aside the dice at these positions of the last roll."""
        self.check_playing()
        return replace(self, turn=self.turn.set_aside_positions(positions))

    def set_aside(self, dice: object) -> Situation:
        """After setting aside these dice values (leftmost matching dice)."""
        self.check_playing()
        return replace(self, turn=self.turn.set_aside(dice))

    def may_bank(self) -> bool:
        """The turn may be banked now: it has points, and they reach the entry minimum if the
        player is not on the board yet (:meth:`Rules.may_bank`)."""
        turn = self.turn
        return turn.can_bank and self.rules.may_bank(self.totals[self.current], turn.points)

    def bank(self) -> Situation:
        """After banking: the points join the total; reaching the target first starts the
        last round (or, if the rules say so, ends the game at once); the next player plays.

        >>> s = Situation.start(2, 5000, Rules(name="entry", entry=500)).roll([1, 2, 3, 4, 6, 6])
        >>> s.set_aside([1]).bank()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Not on the board yet: a first bank needs at least 500 ...
        """
        self.check_playing()
        points = self.turn.bank_points()
        if not self.rules.may_bank(self.totals[self.current], points):
            raise IllegalMove(
                msg(
                    "Not on the board yet: a first bank needs at least {entry} points, and this "
                    "turn holds {points}. Roll on.",
                    entry=self.rules.entry,
                    points=points,
                )
            )
        totals = list(self.totals)
        totals[self.current] += points
        trigger = self.trigger
        if trigger is None and totals[self.current] >= self.target:
            trigger = self.current
        following = (self.current + 1) % self.seats
        if trigger == self.current and self.rules.ends_at_target:
            following = self.current  # the game is over: no one plays after the winner
        return Situation(tuple(totals), self.target, following, trigger, Turn(rules=self.rules))

    def apply(self, move: Move, dice: object = None) -> Situation:
        """After ``move``; a :class:`~dicelab.farkle.moves.Roll` needs the ``dice`` thrown."""
        if isinstance(move, Roll):
            return self.roll(dice)
        if isinstance(move, SetAside):
            return self.set_aside_positions(move.positions)
        if isinstance(move, Bank):
            return self.bank()
        raise IllegalMove(
            msg(
                "Unknown move {value}: play Roll(), SetAside(positions) or Bank().",
                value=show_value(move),
            )
        )

    def legal_moves(self) -> list[Move]:
        """Every move allowed now (none once the game is over; no bank below the entry
        minimum)."""
        if self.is_over:
            return []
        moves = self.turn.legal_moves()
        return moves if self.may_bank() else [m for m in moves if not isinstance(m, Bank)]

    def __str__(self) -> str:
        return situation_text(self)


def situation_text(situation: Situation) -> str:
    """The one-line notation of ``situation`` (what ``str(situation)`` gives; the grammar
    and its reader are in :mod:`dicelab.farkle.notation`).

    >>> situation_text(Situation((0, 350), current=1))
    'target 10000 | totals 0 >350 | turn 0 | dice 6 | roll -'
    """
    seats = []
    for seat, total in enumerate(situation.totals):
        mark = ">" if seat == situation.current else ""
        trigger = "!" if seat == situation.trigger else ""
        seats.append(f"{mark}{total}{trigger}")
    turn = situation.turn
    if turn.last_roll:
        roll = " ".join(
            f"[{die}]" if position in turn.kept else str(die)
            for position, die in enumerate(turn.last_roll)
        )
    else:
        roll = "-"
    fields = [
        f"target {situation.target}",
        "totals " + " ".join(seats),
        f"turn {turn.points}",
        f"dice {turn.dice_in_play}",
        f"roll {roll}",
    ]
    if situation.rules != PRESETS["standard"]:
        fields.append(f"rules {situation.rules.name}")
    return " | ".join(fields)
