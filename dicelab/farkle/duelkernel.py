"""The compiled kernels of the exact duel (numba, imported on the first duel only).

Two loops the duel (:mod:`dicelab.farkle.duel`) runs many times:

* :func:`played_turns`: a batch of turns of the win-chance player (one per pair of
  totals), its decisions taken by its own win chances, *valued* by the duel's continuation
  (what banking is worth against this opponent): one backward pass over the turn's points,
  the same loops as :mod:`dicelab.farkle.winkernel` with one more value carried along;
* :func:`turn_outcomes`: the exact distribution of the points one turn banks under a fixed
  policy (explicit tables, or the computer player's rule of thumb), forward over the turn's
  points (every set-aside adds points, so one pass).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

from dicelab.farkle.winkernel import TurnPlan

__all__ = ["played_turns", "rule_outcomes", "turn_outcomes"]


def _played(
    wins: np.ndarray,
    duel: np.ndarray,
    lost: np.ndarray,
    bank: np.ndarray,
    payoff: np.ndarray,
    farkle: np.ndarray,
    caps: np.ndarray,
    dice_begin: np.ndarray,
    group_prob: np.ndarray,
    group_begin: np.ndarray,
    move_step: np.ndarray,
    move_slot: np.ndarray,
    pf: np.ndarray,
    base: np.ndarray,
    slope: np.ndarray,
) -> None:
    """Fill ``wins``/``duel``/``lost`` ``(size, 7, m)`` and the turn starts (pure loops).

    ``wins`` are the player's own win chances (they decide: roll when rolling is worth
    strictly more than banking, the first of the best moves of each roll group), ``duel``
    the duel's value of the same decisions with a farkle worth 0 and ``lost`` the chance
    that the turn ends in a farkle. ``caps`` sorted longest first.
    """
    size, width = bank.shape
    best = np.empty(width)
    best_duel = np.empty(width)
    best_lost = np.empty(width)
    roll = np.empty(width)
    roll_duel = np.empty(width)
    roll_lost = np.empty(width)
    for t in range(size):
        for n in range(1, 7):
            for j in range(width):
                wins[t, n, j] = bank[t, j]
                duel[t, n, j] = payoff[t, j]
                lost[t, n, j] = 0.0
    m = 0
    for t in range(caps[0] - 1, -1, -1):
        while m < width and caps[m] > t:
            m += 1
        for n in range(6 if t == 0 else 1, 7):
            chance = pf[n]
            for j in range(m):
                roll[j] = chance * farkle[j]
                roll_duel[j] = 0.0
                roll_lost[j] = chance
            for g in range(dice_begin[n], dice_begin[n + 1]):
                first, end = group_begin[g], group_begin[g + 1]
                to, slot = t + move_step[first], move_slot[first]
                for j in range(m):
                    best[j] = wins[to, slot, j]
                    best_duel[j] = duel[to, slot, j]
                    best_lost[j] = lost[to, slot, j]
                for k in range(first + 1, end):
                    to, slot = t + move_step[k], move_slot[k]
                    for j in range(m):
                        v = wins[to, slot, j]
                        if v > best[j]:
                            best[j] = v
                            best_duel[j] = duel[to, slot, j]
                            best_lost[j] = lost[to, slot, j]
                w = group_prob[g]
                for j in range(m):
                    roll[j] += w * best[j]
                    roll_duel[j] += w * best_duel[j]
                    roll_lost[j] += w * best_lost[j]
            if t == 0:
                for j in range(m):
                    base[j] = roll_duel[j]
                    slope[j] = roll_lost[j]
            for j in range(m):
                if roll[j] > bank[t, j]:
                    wins[t, n, j] = roll[j]
                    duel[t, n, j] = roll_duel[j]
                    lost[t, n, j] = roll_lost[j]


def _outcomes(
    banks: np.ndarray,
    steps: np.ndarray,
    left: np.ndarray,
    entry: int,
    row_begin: np.ndarray,
    row_prob: np.ndarray,
    pf: np.ndarray,
    banked: np.ndarray,
) -> float:
    """Forward pass of one turn under explicit tables: fills ``banked[t]`` (the chance the
    turn banks ``t`` units) and returns the chance it farkles.

    At ``k`` units with ``n`` dice the turn banks when ``banks[k, n]`` (always from
    ``k >= len(banks)``) and ``k >= entry``; otherwise it rolls and roll row ``r`` moves it
    ``steps[k, r]`` units up with ``left[k, r]`` dice (past the tables, their last row).
    """
    size = len(banked)
    length = len(banks)
    mass = np.zeros((size, 7))
    mass[0, 6] = 1.0
    farkled = 0.0
    for k in range(size):
        row = min(k, length - 1)
        for n in range(1, 7):
            here = mass[k, n]
            if here == 0.0:
                continue
            if k > 0 and k >= entry and (k >= length or banks[k, n]):
                banked[k] += here
                continue
            farkled += here * pf[n]
            for r in range(row_begin[n], row_begin[n + 1]):
                mass[k + steps[row, r], left[row, r]] += here * row_prob[r]
    return farkled


def _rule_outcomes(
    limits: np.ndarray,
    entry: int,
    best_step: np.ndarray,
    best_left: np.ndarray,
    other_step: np.ndarray,
    other_left: np.ndarray,
    row_begin: np.ndarray,
    row_prob: np.ndarray,
    pf: np.ndarray,
    banked: np.ndarray,
) -> float:
    """:func:`_outcomes` for the computer player's rule: bank from ``limits[n]`` units; from
    a roll take the most-points move when it reaches the limit of the dice it leaves
    (``k + best_step[r] >= limits[best_left[r]]``), else its other move."""
    size = len(banked)
    mass = np.zeros((size, 7))
    mass[0, 6] = 1.0
    farkled = 0.0
    for k in range(size):
        for n in range(1, 7):
            here = mass[k, n]
            if here == 0.0:
                continue
            if k > 0 and k >= entry and k >= limits[n]:
                banked[k] += here
                continue
            farkled += here * pf[n]
            for r in range(row_begin[n], row_begin[n + 1]):
                if k + best_step[r] >= limits[best_left[r]]:
                    mass[k + best_step[r], best_left[r]] += here * row_prob[r]
                else:
                    mass[k + other_step[r], other_left[r]] += here * row_prob[r]
    return farkled


@cache
def _compiled(name: str) -> Callable[..., Any]:
    """One kernel compiled by numba (cached on disk when possible, else in memory)."""
    import numba  # lazily: importing numba takes a fraction of a second

    kernel: Any = {"played": _played, "outcomes": _outcomes, "rule": _rule_outcomes}[name]
    compiled: Any
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's warning when it cannot cache
        try:
            compiled = numba.njit(cache=True, nogil=True)(kernel)
        except RuntimeError:  # no writable cache directory
            compiled = numba.njit(cache=False, nogil=True)(kernel)
    return compiled


def played_turns(
    plan: TurnPlan,
    bank: np.ndarray,
    payoff: np.ndarray,
    farkle: np.ndarray,
    caps: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """A batch of the win-chance player's turns, valued in the duel.

    ``bank[t, j]`` is what banking ``t`` units is worth to turn ``j`` by the player's own
    win chances (``-inf`` where not allowed), ``farkle[j]`` what a farkle is worth to it,
    ``payoff[t, j]`` what banking is worth in the duel; turn ``j`` may roll below
    ``caps[j]``. Returns per turn ``(base, lost)``: the duel's value of the turn with a
    farkle worth 0, and the chance that the turn ends in a farkle (so the turn is worth
    ``base + lost * after_farkle``).
    """
    order = np.argsort(-caps, kind="stable")
    bank = np.ascontiguousarray(bank[:, order])
    payoff = np.ascontiguousarray(payoff[:, order])
    size, width = bank.shape
    arrays = [np.empty((size, 7, width)) for _ in range(3)]
    base, slope = np.empty(width), np.empty(width)
    _compiled("played")(
        *arrays,
        bank,
        payoff,
        np.ascontiguousarray(farkle[order], dtype=float),
        np.ascontiguousarray(caps[order], dtype=np.int64),
        plan.dice_begin,
        plan.group_prob,
        plan.group_begin,
        plan.move_step,
        plan.move_slot,
        plan.farkle,
        base,
        slope,
    )
    back = np.empty_like(order)
    back[order] = np.arange(width)
    return base[back], slope[back]


def turn_outcomes(
    banks: np.ndarray,
    steps: np.ndarray,
    left: np.ndarray,
    entry: int,
    rows: tuple[np.ndarray, np.ndarray, np.ndarray],
    size: int,
) -> tuple[np.ndarray, float]:
    """``(banked, farkled)`` of one turn under explicit tables (see :func:`_outcomes`);
    ``rows`` is ``(row_begin, row_prob, farkle chances)`` of the stacked rolls, ``size``
    the length of ``banked`` (more than any total the turn can bank)."""
    banked = np.zeros(size)
    farkled = _compiled("outcomes")(
        np.ascontiguousarray(banks, dtype=np.bool_),
        np.ascontiguousarray(steps, dtype=np.int64),
        np.ascontiguousarray(left, dtype=np.int64),
        int(entry),
        *rows,
        banked,
    )
    return banked, float(farkled)


def rule_outcomes(
    limits: np.ndarray,
    entry: int,
    moves: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    rows: tuple[np.ndarray, np.ndarray, np.ndarray],
    size: int,
) -> tuple[np.ndarray, float]:
    """``(banked, farkled)`` of one turn of the computer player's rule (see
    :func:`_rule_outcomes`); ``moves`` are ``(best_step, best_left, other_step,
    other_left)`` per stacked roll."""
    banked = np.zeros(size)
    farkled = _compiled("rule")(
        np.ascontiguousarray(limits, dtype=np.int64),
        int(entry),
        *moves,
        *rows,
        banked,
    )
    return banked, float(farkled)
