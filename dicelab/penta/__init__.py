"""Penta, a Yahtzee variant: rules, scorecard, game, notation and computer players.

The rules are in ``spec/penta.md``; ``docs/penta.md`` is a tour of this package.

>>> from dicelab import penta
>>> card = penta.Scorecard().score("fours", (4, 4, 4, 1, 2))
>>> card.total
12
>>> game = penta.Game(players=("Ada",), seed=2026)
>>> game.roll()
(3, 3, 4, 6, 4)
>>> str(game.situation)
'- | dice 3 3 4 4 6 | 2 rolls left'
>>> penta.parse(str(game.situation)) == game.situation
True
>>> penta.players.get("heuristic").choose(penta.parse("- | dice 2 2 5 5 5 | 0 rolls left"))
'full_house'
"""

from dicelab.penta import players
from dicelab.penta.game import Game
from dicelab.penta.notation import Situation, parse
from dicelab.penta.rules import BOXES, Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.solver import Solver, simulate

# The computer plays optimally by default; the heuristic stays available by name.
players.set_default("optimal")

__all__ = [
    "BOXES",
    "Game",
    "Rules",
    "Scorecard",
    "Situation",
    "Solver",
    "parse",
    "players",
    "simulate",
]
