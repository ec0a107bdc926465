"""Farkle: the exact engine (scoring tables, turns, games, notation, computer player).

>>> from dicelab.farkle import Rules, score, set_aside_options, farkle_chance
>>> score([1, 1, 1, 1, 5, 5])
2100
>>> farkle_chance(1, Rules.preset("standard"))
Fraction(2, 3)
"""

from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import (
    farkle_chance,
    is_farkle,
    refused_dice,
    score,
    scoring_table,
    set_aside_options,
)

__all__ = [
    "PRESETS",
    "Rules",
    "farkle_chance",
    "is_farkle",
    "refused_dice",
    "score",
    "scoring_table",
    "set_aside_options",
]
