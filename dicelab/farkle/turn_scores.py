"""The exact distribution of one turn's points under a fixed policy.

:func:`~dicelab.farkle.risk.evaluate_threshold` gives a policy's average and standard
deviation; :func:`turn_scores` gives every possible banked total with its chance (a farkle
banks 0), by pushing the chances forward through the policy's own decision tables. The
states are acyclic in the turn points (every set-aside adds points), so one sweep from 0
points upwards is exact.

>>> steady = turn_scores(300)
>>> round(steady.mean, 1), round(steady.sd, 1)
(447.5, 370.4)
>>> round(steady.chance_at_least(1000), 4)
0.1098
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dicelab.farkle.risk import MAX_DICE, PolicyValue, turn_tables
from dicelab.farkle.rules import Rules

__all__ = ["TurnScores", "turn_scores"]


@dataclass(frozen=True, eq=False)
class TurnScores:
    """The points one turn banks (0 after a farkle), each with its chance.

    ``points[i]`` (whole points, increasing) is banked with chance ``chances[i]``; the
    chances add up to 1.
    """

    points: np.ndarray = field(repr=False)
    chances: np.ndarray = field(repr=False)

    @property
    def mean(self) -> float:
        """The average points per turn."""
        return float(self.points @ self.chances)

    @property
    def sd(self) -> float:
        """The standard deviation of the turn's points: how far a turn typically lands
        from the average."""
        spread = float((self.points - self.mean) ** 2 @ self.chances)
        return spread**0.5

    def chance_at_least(self, points: int) -> float:
        """The chance that the turn banks ``points`` or more."""
        return float(self.chances[self.points >= points].sum())

    def chance_of(self, points: int) -> float:
        """The chance that the turn banks exactly ``points`` (0: a farkle)."""
        return float(self.chances[self.points == points].sum())


def turn_scores(strategy: Any = 300, rules: Rules | None = None) -> TurnScores:
    """The exact distribution of a turn's points under ``strategy``.

    ``strategy`` is anything :func:`~dicelab.farkle.simulate.turn_strategy` takes (a bank
    threshold, a list of 6 thresholds for 1..6 dice, ``"optimal"``, a function) or a
    :class:`~dicelab.farkle.risk.PolicyValue`.

    >>> scores = turn_scores([450, 450, 1000, 1000, 1000, 1000])
    >>> round(scores.chance_of(0), 3), round(scores.chance_at_least(1000), 3)
    (0.494, 0.208)
    """
    from dicelab.farkle.simulate import turn_strategy

    policy: PolicyValue = turn_strategy(strategy, rules)
    tables = turn_tables(policy.rules)
    length = policy.length
    size = length + tables.max_gain + 1
    mass = np.zeros((size, MAX_DICE + 1))
    mass[0, MAX_DICE] = 1.0
    banked = np.zeros(size)
    lost = 0.0
    for k in range(size):
        for n in range(1, MAX_DICE + 1):
            here = mass[k, n]
            if here == 0.0:
                continue
            if k >= length or (k > 0 and policy.banks[k, n]):
                banked[k] += here
                continue
            table = tables.dice[n]
            moves = policy.moves[n][k]
            lost += here * float(table.farkle)
            np.add.at(mass, (k + moves[:, 0], table.next_dice(moves[:, 1])), here * table.probs)
    banked[0] += lost
    kept = np.nonzero(banked)[0]
    return TurnScores(kept * tables.unit, banked[kept])
