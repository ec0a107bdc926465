"""Odd inputs the fuzzers (benchmarks/fuzz.py) found escaping as something other than IllegalMove.

Each case failed before its fix with the exception named beside it.
"""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest

from dicelab import IllegalMove, farkle, penta
from dicelab.penta.moves import Roll, Score
from tests.helpers import assert_unchanged


def _rolled() -> penta.Game:
    game = penta.Game(players=("Ada", "Bo"), rules="free-joker", seed=1)
    game.roll()
    return game


@pytest.mark.parametrize(
    "action",
    [
        lambda g: g.push(Score("penta", -0.0)),  # accepted a float as points
        lambda g: g.push(Score("threes", Decimal("sNaN"))),  # decimal.InvalidOperation
        lambda g: g.score(10**5000),  # ValueError: integer string conversion
        lambda g: g.push(Roll(np.array(2))),  # TypeError: iteration over a 0-d array
        lambda g: g.hold(np.array(9)),  # TypeError: iteration over a 0-d array
    ],
)
def test_odd_penta_moves_are_refused_and_change_nothing(action):
    error = assert_unchanged(_rolled(), action)
    assert str(error)  # the message renders


@pytest.mark.parametrize(
    "build",
    [
        lambda: penta.Game(players=("Ada",), computer=np.array(-3)),  # TypeError (0-d array)
        lambda: farkle.Game(1, np.array(9), seed=5, target=5000),  # TypeError (0-d array)
        lambda: farkle.Game(1, True, seed=5, target=5000, rules=10**5000),  # ValueError
        lambda: penta.Game(rules=10**5000),  # ValueError
    ],
)
def test_odd_constructor_arguments_are_refused(build):
    with pytest.raises(IllegalMove) as caught:
        build()
    assert str(caught.value)


def test_a_zero_d_array_is_no_list_of_dice():
    with pytest.raises(IllegalMove, match="Dice must be a list"):
        farkle.score(np.array(5))
    assert farkle.score(np.array([5, 1])) == 150
