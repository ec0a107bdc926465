"""Farkle: the exact engine (scoring tables, turns, games, notation, computer player).

Scoring (a set-aside is dice taken from one roll):

>>> from dicelab.farkle import Rules, score, set_aside_options, farkle_chance
>>> score([1, 1, 1, 1, 5, 5])
2100
>>> set_aside_options([1, 2, 3, 4, 6, 6])
{(1,): 100}
>>> farkle_chance(1, Rules.preset("standard"))
Fraction(2, 3)

A game, played with intents and undone like python-chess:

>>> from dicelab.farkle import Game
>>> game = Game(("Ada",), seed=11)
>>> game.roll().dice
(6, 3, 3, 4, 3, 2)
>>> game.set_aside([3, 3, 3]).points, game.turn.dice_in_play
(300, 3)
>>> str(game.situation)
'target 10000 | totals >0 0 | turn 300 | dice 3 | roll 6 [3] [3] 4 [3] 2'
>>> game.computer_move()  # the computer's threshold with 3 dice left: 300 - 3 * 40
Bank()

See ``docs/farkle.md`` for the tour.
"""

from dicelab.farkle.duel import Duel, duel
from dicelab.farkle.game import Event, Game
from dicelab.farkle.moves import Bank, Move, Roll, SetAside, parse_move
from dicelab.farkle.notation import NotationError, parse
from dicelab.farkle.players import ComputerPlayer, Player, Seat, lineup_label
from dicelab.farkle.review import review
from dicelab.farkle.risk import evaluate_player, evaluate_threshold, optimal_turn
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import (
    farkle_chance,
    is_farkle,
    refused_dice,
    score,
    scoring_table,
    set_aside_options,
)
from dicelab.farkle.simulate import simulate_games, simulate_turns, turn_strategy
from dicelab.farkle.situation import TARGETS, Situation
from dicelab.farkle.turn import Turn
from dicelab.farkle.winchance import win_chances

__all__ = [
    "PRESETS",
    "TARGETS",
    "Bank",
    "ComputerPlayer",
    "Duel",
    "Event",
    "Game",
    "Move",
    "NotationError",
    "Player",
    "Roll",
    "Rules",
    "Seat",
    "SetAside",
    "Situation",
    "Turn",
    "duel",
    "evaluate_player",
    "evaluate_threshold",
    "farkle_chance",
    "is_farkle",
    "lineup_label",
    "optimal_turn",
    "parse",
    "parse_move",
    "refused_dice",
    "review",
    "score",
    "scoring_table",
    "set_aside_options",
    "simulate_games",
    "simulate_turns",
    "turn_strategy",
    "win_chances",
]
