"""Review a Farkle game: every set-aside and every bank-or-roll decision beside the best one.

:func:`review` replays a game and values each decision of a seat:

* ``by="points"``: with the optimal turn (:func:`~dicelab.farkle.risk.optimal_turn`), the
  expected points the turn finally banks after each choice; the loss is in points, and each
  row carries the chance that the next roll farkles;
* ``by="win"`` (two players): with the exact win chances
  (:func:`~dicelab.farkle.winchance.win_chances`), the chance to win after each choice; the
  loss is in chance (0.031 = 3.1 percentage points), so banking a sure 350 points when far
  behind shows its true cost even though it gains points on average.

A set-aside is every die taken from one roll (in one or several clicks), valued as the
turn's points with optimal play after it; the bank-or-roll decision follows it.

>>> from dicelab.farkle.game import Game
>>> game = Game(1, True, seed=11)  # one human and the computer
>>> _ = game.roll()  # 6 3 3 4 3 2
>>> _ = game.set_aside([3, 3, 3]); _ = game.bank()
>>> result = review(game, seat=0)
>>> [(d.kind, d.choice, d.best) for d in result.decisions]
[('set_aside', (3, 3, 3), (3, 3, 3)), ('bank_or_roll', 'bank', 'roll')]
>>> round(result.total_loss, 1)
29.2
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.farkle.game import Game
from dicelab.farkle.moves import Bank, Roll
from dicelab.farkle.risk import optimal_turn
from dicelab.farkle.scoring import farkle_chance
from dicelab.farkle.situation import Situation
from dicelab.farkle.turn import ALL_DICE, Turn
from dicelab.farkle.winchance import win_chances
from dicelab.i18n import Message, msg, nmsg
from dicelab.numbers import show_value
from dicelab.review import TIE, Decision, Number, Percent, Review, check_seat

__all__ = ["MEASURES", "Position", "action_label", "positions", "review"]

MEASURES = ("points", "win")


def action_label(action: Any) -> Message:
    """How an action is shown.

    >>> str(action_label((1, 5))), str(action_label("bank")), str(action_label("roll"))
    ('Set aside 1 5', 'Bank', 'Roll')
    """
    if action == "bank":
        return msg("Bank")
    if action == "roll":
        return msg("Roll")
    return msg("Set aside {dice}", dice=" ".join(map(str, action)))


@dataclass(frozen=True)
class Position:
    """One decision as played: the situation before it and the choice.

    ``kind`` is ``"set_aside"`` (``situation`` shows the roll with nothing set aside yet,
    ``choice`` the dice set aside from it) or ``"bank_or_roll"`` (``choice`` is ``"bank"`` or
    ``"roll"``); ``turn`` is the seat's turn number and ``roll`` the roll's number in it.
    """

    kind: str
    seat: int
    turn: int
    roll: int
    situation: Situation
    choice: Any


def positions(game: Game, seat: int | None = None) -> Iterator[Position]:
    """Every decision of ``game`` (of ``seat`` only, or of every seat), in order."""
    history = game.situations()
    turns = [0] * len(game.seats)
    rolls = 0
    if history[0].turn.phase != "roll":  # the game starts within a turn: its roll is on the table
        turns[history[0].current] = rolls = 1
    for index, event in enumerate(game.events):
        before = history[index]
        turn = before.turn
        current = before.current
        if turn.phase == "roll":  # a turn's first roll: no choice
            turns[current] += 1
            rolls = 0
        if isinstance(event.move, Roll):
            rolls += 1
        if turn.phase != "roll_or_bank" or not isinstance(event.move, Roll | Bank):
            continue
        if seat is not None and current != seat:
            continue
        fresh = Turn(previous=turn.previous, last_roll=turn.last_roll, rules=turn.rules)
        yield Position(
            "set_aside",
            current,
            turns[current],
            rolls - isinstance(event.move, Roll),
            replace(before, turn=fresh),
            turn.kept_dice,
        )
        choice = "bank" if isinstance(event.move, Bank) else "roll"
        yield Position(
            "bank_or_roll", current, turns[current], rolls - (choice == "roll"), before, choice
        )


class _Judge:
    """Values of the choices of one decision, by points or by the chance to win."""

    def __init__(self, game: Game, by: str) -> None:
        self.by = by
        self.rules = game.rules
        self.turn = optimal_turn(game.rules)
        self.chances = win_chances(game.rules, game.target) if by == "win" else None

    def _totals(self, situation: Situation) -> tuple[int, int]:
        me = situation.current
        return situation.totals[me], situation.totals[1 - me]

    def set_aside(self, situation: Situation) -> dict[tuple[int, ...], tuple[float, int, int]]:
        """Each set-aside: (value, points added, dice left to roll)."""
        turn = situation.turn
        options = turn.set_aside_options()
        n = len(turn.last_roll)
        out = {}
        for dice, points in options.items():
            left = n - len(dice) or ALL_DICE
            if self.chances is None:
                value = self.turn.value(turn.previous + points, left)
            else:
                mine, theirs = self._totals(situation)
                value = self.chances.chance(mine, theirs, turn.previous + points, left)
            out[dice] = (value, points, left)
        return out

    def bank_or_roll(self, situation: Situation) -> dict[str, float]:
        turn = situation.turn
        points, n = turn.points, turn.dice_in_play
        if self.chances is None:
            return {"bank": float(points), "roll": self.turn.roll_value(points, n)}
        mine, theirs = self._totals(situation)
        return {
            "bank": self.chances.bank_chance(mine, theirs, points),
            "roll": self.chances.roll_chance(mine, theirs, points, n),
        }

    def decision(self, position: Position, player: str) -> Decision:
        situation = position.situation
        values: dict[Any, float]  # by set-aside (dice) or by "bank" / "roll"
        best: tuple[int, ...] | str
        chosen_farkle: float | None
        best_farkle: float | None
        if position.kind == "set_aside":
            options = self.set_aside(situation)
            values = {dice: value for dice, (value, _, _) in options.items()}
            best = max(values, key=lambda d: (values[d], -len(d)))
            choice = position.choice
            if choice not in values:
                raise IllegalMove(
                    msg("{dice} is not a set-aside of this roll.", dice=show_value(choice))
                )
            farkle: dict[Any, float] = {
                d: float(farkle_chance(left, self.rules)) for d, (_, _, left) in options.items()
            }
            chosen_farkle, best_farkle = farkle[choice], farkle[best]
        else:
            values = dict(self.bank_or_roll(situation))
            top = max(values.values())
            best = "bank" if values["bank"] >= top - TIE else "roll"
            choice = position.choice
            roll_farkle = float(farkle_chance(situation.turn.dice_in_play, self.rules))
            chosen_farkle = roll_farkle if choice == "roll" else None
            best_farkle = roll_farkle if best == "roll" else None
        return Decision(
            seat=position.seat,
            player=player,
            round=position.turn,
            roll=position.roll,
            kind=position.kind,
            situation=str(situation),
            choice=choice,
            best=best,
            choice_label=action_label(choice),
            best_label=action_label(best),
            choice_value=values[choice],
            best_value=values[best],
            choice_farkle=chosen_farkle if self.by == "points" else None,
            best_farkle=best_farkle if self.by == "points" else None,
        )

    def explain(self, decision: Decision) -> Message:
        """Why the best choice beats the choice, in words built from exact numbers."""
        from dicelab.farkle.notation import parse

        situation = parse(decision.situation, self.rules)
        return msg(
            "{choice}: {choice_detail}. {best}: {best_detail}.",
            choice=decision.choice_label,
            choice_detail=self._detail(situation, decision.choice, decision.choice_value),
            best=decision.best_label,
            best_detail=self._detail(situation, decision.best, decision.best_value),
        )

    def _worth(self, value: float) -> Message:
        if self.by == "win":
            return msg("a {chance} chance to win", chance=Percent(value, 1))
        return msg("{points} points expected from the turn", points=Number(value, 1))

    def _detail(self, situation: Situation, action: Any, value: float) -> Message:
        turn = situation.turn
        if action == "bank":
            if self.by == "win":
                mine, theirs = self._totals(situation)
                return msg(
                    "banks {points} with {mine} against {theirs}: {worth}",
                    points=turn.points,
                    mine=mine,
                    theirs=theirs,
                    worth=self._worth(value),
                )
            return msg("{points} points banked for sure", points=turn.points)
        if action == "roll":
            n = turn.dice_in_play
            return nmsg(
                "{n} die to roll, which farkles {chance} of the time: {worth}",
                "{n} dice to roll, which farkle {chance} of the time: {worth}",
                n,
                chance=Percent(float(farkle_chance(n, self.rules))),
                worth=self._worth(value),
            )
        points = turn.set_aside_options()[action]
        left = len(turn.last_roll) - len(action) or ALL_DICE
        return nmsg(
            "{points} points and {n} die to roll (a farkle {chance} of the time): {worth}",
            "{points} points and {n} dice to roll (a farkle {chance} of the time): {worth}",
            left,
            points=points,
            chance=Percent(float(farkle_chance(left, self.rules))),
            worth=self._worth(value),
        )


def review(game: Game | str | bytes, seat: int | None = None, by: str = "points") -> Review:
    """The review of ``game``'s decisions (of ``seat``, or of every seat), ``by`` points or by
    the chance to ``"win"`` (two-player games). ``game`` may be a save's JSON text."""
    if isinstance(game, str | bytes):
        game = Game.from_json(game)
    if not isinstance(game, Game):
        raise IllegalMove(
            msg("A review needs a Farkle game or its save, not {value}.", value=show_value(game))
        )
    if by not in MEASURES:
        raise IllegalMove(
            msg("A review is by 'points' or by 'win', not {value}.", value=show_value(by))
        )
    if by == "win" and len(game.seats) != 2:
        raise IllegalMove(
            msg(
                "The chances to win are solved for two players; this game has {n}: "
                "review it by points.",
                n=len(game.seats),
            )
        )
    seat = check_seat(seat, len(game.seats))
    judge = _Judge(game, by)
    names = [str(s.label) for s in game.seats]
    decisions = [judge.decision(p, names[p.seat]) for p in positions(game, seat)]
    result = Review("farkle", by, tuple(decisions))
    costly = {id(d) for d in result.costliest()}
    explained = tuple(
        replace(d, explanation=judge.explain(d)) if id(d) in costly else d for d in decisions
    )
    return Review("farkle", by, explained)
