"""The compiled turn kernel of the two-player win-chance solve (numba, imported lazily).

One call plays a whole batch of turns (the pairs of totals of a diagonal) backwards over
the turn's points, carrying each state's value and its slope with respect to the farkle
continuation: the same equations as :func:`dicelab.farkle.risk.solve_turn`, in compiled
loops with the batch innermost (contiguous, so the compiler vectorises each move's
maximum over the batch) and no temporary arrays. numba is imported on the first solve
only, never when ``dicelab`` is imported; its compiled code is cached on disk when a
cache directory is writable, and compiled in memory otherwise.

>>> from dicelab.farkle.risk import turn_tables
>>> plan = turn_plan(turn_tables())
>>> int(plan.group_dice[0]), int(plan.dice_begin[7]), len(plan.move_step)
(1, 228, 1091)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

import numpy as np

from dicelab.farkle.risk import MAX_DICE, TurnTables

__all__ = ["TurnPlan", "TurnStarts", "turn_pass", "turn_plan"]

CHUNK = 1000
"""Batch elements solved together: their values within a roll's reach fit the L2 cache."""


@dataclass(frozen=True, eq=False)
class TurnPlan:
    """Every roll group of 1 to 6 dice, flat, in the kernel's terms.

    Groups of ``n`` dice are ``dice_begin[n]`` up to ``dice_begin[n + 1]``; group ``g``
    has chance ``group_prob[g]`` and its moves ``group_begin[g]`` up to
    ``group_begin[g + 1]``, each ``move_step`` units up the points axis to
    ``move_slot`` dice (hot dice: 6). ``farkle[n]`` is the chance that ``n`` dice farkle.
    """

    dice_begin: np.ndarray
    group_dice: np.ndarray
    group_prob: np.ndarray
    group_begin: np.ndarray
    move_step: np.ndarray
    move_slot: np.ndarray
    farkle: np.ndarray


@cache
def turn_plan(tables: TurnTables) -> TurnPlan:
    """The kernel's flat arrays for one scoring table (cached per table).

    Every distinct move of every roll is kept: fewer points for as many dice can be the
    better move (values fall where a bank would reach the target too early).
    """
    dice_begin = [0, 0]
    dice, probs, begins, steps, slots = [], [], [0], [], []
    for n in range(1, MAX_DICE + 1):
        table = tables.dice[n]
        ends = np.append(table.group_start[1:], len(table.group_moves))
        for begin, end, prob in zip(table.group_start, ends, table.group_probs, strict=True):
            moves = table.group_moves[begin:end]
            dice.append(n)
            probs.append(prob)
            steps += [int(step) for step in moves[:, 0]]
            slots += [int(slot) for slot in table.next_dice(moves[:, 1])]
            begins.append(len(steps))
        dice_begin.append(len(dice))
    farkle = np.array([0.0] + [float(tables.dice[n].farkle) for n in range(1, MAX_DICE + 1)])
    whole = np.int64
    return TurnPlan(
        dice_begin=np.array(dice_begin, dtype=whole),
        group_dice=np.array(dice, dtype=whole),
        group_prob=np.array(probs, dtype=float),
        group_begin=np.array(begins, dtype=whole),
        move_step=np.array(steps, dtype=whole),
        move_slot=np.array(slots, dtype=whole),
        farkle=farkle,
    )


def _turn_pass(
    values: np.ndarray,
    slopes: np.ndarray,
    bank: np.ndarray,
    farkle: np.ndarray,
    caps: np.ndarray,
    dice_begin: np.ndarray,
    group_prob: np.ndarray,
    group_begin: np.ndarray,
    move_step: np.ndarray,
    move_slot: np.ndarray,
    pf: np.ndarray,
    start: np.ndarray,
    start_slope: np.ndarray,
) -> None:
    """Fill ``values``/``slopes`` ``(size, 7, m)`` and the turn starts (see :func:`turn_pass`).

    Pure loops for numba; ``caps`` must be sorted longest first.
    """
    size, width = bank.shape
    best = np.empty(width)
    steep = np.empty(width)
    roll = np.empty(width)
    rolled = np.empty(width)
    for t in range(size):
        row = bank[t]
        for n in range(1, 7):
            out, dout = values[t, n], slopes[t, n]
            for j in range(width):
                out[j] = row[j]
                dout[j] = 0.0
    m = 0  # the elements still allowed to roll at t: a prefix, longer as t goes down
    for t in range(caps[0] - 1, -1, -1):
        while m < width and caps[m] > t:
            m += 1
        here = bank[t]
        for n in range(6 if t == 0 else 1, 7):
            chance = pf[n]
            for j in range(m):
                roll[j] = chance * farkle[j]
                rolled[j] = chance
            for g in range(dice_begin[n], dice_begin[n + 1]):
                first, end = group_begin[g], group_begin[g + 1]
                seen = values[t + move_step[first], move_slot[first]]
                dseen = slopes[t + move_step[first], move_slot[first]]
                for j in range(m):
                    best[j] = seen[j]
                    steep[j] = dseen[j]
                for k in range(first + 1, end):
                    seen = values[t + move_step[k], move_slot[k]]
                    dseen = slopes[t + move_step[k], move_slot[k]]
                    for j in range(m):
                        v = seen[j]
                        if v > best[j]:
                            best[j] = v
                            steep[j] = dseen[j]
                w = group_prob[g]
                for j in range(m):
                    roll[j] += w * best[j]
                    rolled[j] += w * steep[j]
            if t == 0:
                for j in range(m):
                    start[j] = roll[j]
                    start_slope[j] = rolled[j]
            out, dout = values[t, n], slopes[t, n]
            for j in range(m):
                if roll[j] > here[j]:
                    out[j] = roll[j]
                    dout[j] = rolled[j]
                else:
                    out[j] = here[j]
                    dout[j] = 0.0


def _turn_values(
    values: np.ndarray,
    bank: np.ndarray,
    farkle: np.ndarray,
    caps: np.ndarray,
    dice_begin: np.ndarray,
    group_prob: np.ndarray,
    group_begin: np.ndarray,
    move_step: np.ndarray,
    move_slot: np.ndarray,
    pf: np.ndarray,
    start: np.ndarray,
) -> None:
    """:func:`_turn_pass` without the slopes (about half the work): the check of a point."""
    size, width = bank.shape
    best = np.empty(width)
    roll = np.empty(width)
    for t in range(size):
        row = bank[t]
        for n in range(1, 7):
            out = values[t, n]
            for j in range(width):
                out[j] = row[j]
    m = 0
    for t in range(caps[0] - 1, -1, -1):
        while m < width and caps[m] > t:
            m += 1
        here = bank[t]
        for n in range(6 if t == 0 else 1, 7):
            chance = pf[n]
            for j in range(m):
                roll[j] = chance * farkle[j]
            for g in range(dice_begin[n], dice_begin[n + 1]):
                first, end = group_begin[g], group_begin[g + 1]
                seen = values[t + move_step[first], move_slot[first]]
                for j in range(m):
                    best[j] = seen[j]
                for k in range(first + 1, end):
                    seen = values[t + move_step[k], move_slot[k]]
                    for j in range(m):
                        best[j] = max(best[j], seen[j])
                w = group_prob[g]
                for j in range(m):
                    roll[j] += w * best[j]
            if t == 0:
                for j in range(m):
                    start[j] = roll[j]
            out = values[t, n]
            for j in range(m):
                out[j] = max(roll[j], here[j])


@cache
def _compiled(slopes: bool) -> Callable[..., None]:
    """:func:`_turn_pass` (or :func:`_turn_values`) compiled by numba: cached on disk if
    possible, else in memory."""
    import numba  # lazily: importing numba takes a fraction of a second

    kernel = _turn_pass if slopes else _turn_values
    try:
        compiled: Any = numba.njit(cache=True, nogil=True)(kernel)
    except RuntimeError:  # no writable cache directory ("no locator available")
        compiled = numba.njit(cache=False, nogil=True)(kernel)
    return compiled


class TurnStarts(NamedTuple):
    """What :func:`turn_pass` returns per batch element (in the batch's order)."""

    value: np.ndarray
    """The turn's value at its start (six dice, 0 points: the compulsory roll)."""
    slope: np.ndarray | None
    """With ``slopes``: the value's derivative with respect to the farkle value."""


def turn_pass(
    plan: TurnPlan, bank: np.ndarray, farkle: np.ndarray, caps: np.ndarray, slopes: bool = True
) -> TurnStarts:
    """One optimal turn per batch element: its value at the turn's start and the slope.

    ``bank[t, j]`` is what banking ``t`` units is worth to element ``j`` (``-inf`` where it
    is not allowed), ``farkle[j]`` what a farkle is worth, and element ``j`` may roll below
    ``caps[j]`` (banking is forced from there; ``bank`` has ``max(caps) + max_gain + 1``
    rows). Returns the roll value of six dice at 0 points (the turn's start) and, if
    ``slopes``, its derivative with respect to ``farkle``: the chance that the turn ends in a
    farkle when playing optimally (of the best moves, the first in the table where values
    tie).
    """
    order = np.argsort(-caps, kind="stable")
    bank = np.ascontiguousarray(bank[:, order])
    size, width = bank.shape
    values = np.empty((size, MAX_DICE + 1, width))
    start = np.empty(width)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's warning when it cannot cache
        kernel = _compiled(slopes)
    common = (
        np.ascontiguousarray(farkle[order], dtype=float),
        np.ascontiguousarray(caps[order], dtype=np.int64),
        plan.dice_begin,
        plan.group_prob,
        plan.group_begin,
        plan.move_step,
        plan.move_slot,
        plan.farkle,
        start,
    )
    back = np.empty_like(order)
    back[order] = np.arange(width)
    if not slopes:
        kernel(values, bank, *common)
        return TurnStarts(start[back], None)
    slope = np.empty(width)
    kernel(values, np.empty_like(values), bank, *common, slope)
    return TurnStarts(start[back], slope[back])
