"""Penta, a Yahtzee variant: rules, scorecard, game, notation and computer players.

See ``docs/penta.md`` for a tour and ``spec/penta.md`` for the rules.

>>> from dicelab import penta
>>> card = penta.Scorecard().score("fours", (4, 4, 4, 1, 2))
>>> card.total
12
"""

from dicelab.penta.rules import BOXES, Rules
from dicelab.penta.scorecard import Scorecard

__all__ = ["BOXES", "Rules", "Scorecard"]
