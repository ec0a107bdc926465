"""Penta, a Yahtzee variant: rules, scorecard, game, notation and computer players.

The rules are in ``docs/rules/penta.md``; ``docs/penta.md`` is a tour of this package.
Its modules, as in :mod:`dicelab.farkle`: ``rules`` (and ``scorecard``, ``joker``),
``moves``, ``situation``, ``notation``, ``game``, ``save``, ``players``, ``simulate``,
and ``solver`` (with ``solver_tables``).

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
from dicelab.penta.game import Game, Seat
from dicelab.penta.moves import Hold, Move, Roll, Score
from dicelab.penta.notation import parse
from dicelab.penta.review import Reviewer, review
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.simulate import SimulationResult, simulate
from dicelab.penta.situation import Situation
from dicelab.penta.solver import Solver

# ``simulate`` and ``review`` are the functions (imported here with their modules, which they
# thus hide); import the modules' names with ``from dicelab.penta.simulate import ...``.

__all__ = [
    "BOXES",
    "PRESETS",
    "Game",
    "Hold",
    "Move",
    "Reviewer",
    "Roll",
    "Rules",
    "Score",
    "Scorecard",
    "Seat",
    "SimulationResult",
    "Situation",
    "Solver",
    "parse",
    "players",
    "review",
    "simulate",
]
