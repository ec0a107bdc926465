"""The compiled kernel of Penta's second-moment table (numba): the turns of many states at once.

:func:`dicelab.penta.moments.build_moments` imports this module when it builds a table, never
before. It follows :mod:`dicelab.penta.solver_kernel`, whose option rows and averages it
reuses, with two differences: every choice is the solver's own (the first best action within
the tie tolerance, boxes in scorecard order, then keeps by size then value: the policy whose
moments these are), and beside each value it carries the expected square of the points still
to come, ``E2``. If an action leads to the next state ``s'`` after ``g`` points,
``E[(g + X')**2] = (g + V(s'))**2 + Var(s')``; keeps average values and squares over the
re-rolled dice alike.

The states of one group share their filled boxes and Penta flag and differ in the upper total
(the lanes), as in the solver's kernel. ``V`` and ``VW`` (value plus variance) are read as
``[mask, u, flag]``; the result ``W`` (E2 at the start of a turn) is written there too.

The NumPy reference it is checked against is :func:`dicelab.penta.moments.reference_moments`.
"""

from __future__ import annotations

import numpy as np

from dicelab.penta.solver_kernel import (
    FIRST_ROLL,
    LOWER_ROW,
    N_KEEPS,
    N_OPTION_ROWS,
    N_ROLLS,
    PENTA_BOX,
    PENTA_SCORED_ROW,
    _jit,
    average,
    option_rows,
)

N_BOXES = 13
N_UPPER = 6
STOP = -1
"""The rank of "score now": boxes come before every keep in the solver's order."""


@_jit
def final_choices(
    ovs, ovw, n, rows, points, five_of, five_points, five_bonus, tie, hand_v, hand_e2
):
    """Into ``hand_v``/``hand_e2`` (252, n): the value of each roll scored now and the
    expected square of the points to come, the box the solver picks (the first within
    ``tie`` of the best). ``rows``/``points`` (252, 13): each box's option row and the points
    added to it for an ordinary roll; ``five_of`` (252,): the face - 1 of five equal dice,
    else -1; ``five_points`` (6, 13), ``five_bonus`` (6,): the group's legal points of five
    equal dice (-1: not allowed) and their Penta bonus."""
    box_row = np.empty(N_BOXES, dtype=np.int64)
    box_points = np.empty(N_BOXES)
    for r in range(N_ROLLS):
        five = five_of[r]
        bonus = 0.0 if five < 0 else five_bonus[five]
        for b in range(N_BOXES):
            box_row[b], box_points[b] = _box(r, b, five, rows, points, five_points)
        best = hand_v[r]
        for u in range(n):
            best[u] = -np.inf
        for b in range(N_BOXES):
            if box_row[b] < 0:
                continue
            values, add = ovs[box_row[b]], box_points[b]
            for u in range(n):
                v = (values[u] + add) + bonus
                best[u] = v if v > best[u] else best[u]
        e2 = hand_e2[r]
        for b in range(N_BOXES - 1, -1, -1):  # the last write is the first box in order
            if box_row[b] < 0:
                continue
            values, squares, add = ovs[box_row[b]], ovw[box_row[b]], box_points[b]
            for u in range(n):  # a select, not a branch: the loop is vectorised
                near = (values[u] + add) + bonus >= best[u] - tie
                e2[u] = best[u] * best[u] + (squares[u] - values[u]) if near else e2[u]


@_jit
def _box(r, b, five, rows, points, five_points):
    """The option row of box ``b`` for roll ``r`` (``five``: its face - 1, or -1) and the
    points added to it (the rows of the upper boxes and of Penta scored hold their own);
    row -1 where five equal dice may not go in the box."""
    if five < 0:
        return rows[r, b], points[r, b]
    got = five_points[five, b]
    if got < 0:
        return -1, 0.0
    if b < N_UPPER:
        return N_UPPER * b + (5 if b == five else 0), 0.0
    if b == PENTA_BOX and got > 0:
        return PENTA_SCORED_ROW, 0.0
    return LOWER_ROW + b - N_UPPER, got


@_jit
def reroll_choices(
    Kv,
    Ke2,
    now,
    now_e2,
    n,
    sub_start,
    sub_keep,
    rank,
    keep_of_rank,
    tie,
    best_v,
    best_r,
):
    """Into the rolls' rows of ``Kv``/``Ke2`` (``FIRST_ROLL`` on): each roll's value and E2
    with one more re-roll left, the solver's choice: the best sub-keep (``Kv``: each keep's
    value, re-rolling the rest) or scoring now (``now``), found by increasing size over
    distinct sub-keeps; a candidate wins when better by more than ``tie``, or as good within
    it and earlier in the solver's order (``rank``). A chosen keep holds at most four dice, so
    the rolls' rows are free to be written."""
    for u in range(n):
        best_v[0, u] = Kv[0, u]
        best_r[0, u] = rank[0]
    for k in range(1, N_KEEPS):
        cur_v, cur_r = best_v[k], best_r[k]
        if k < FIRST_ROLL:
            for u in range(n):
                cur_v[u] = Kv[k, u]
                cur_r[u] = rank[k]
        else:
            for u in range(n):
                cur_v[u] = now[k - FIRST_ROLL, u]
                cur_r[u] = STOP
        for j in range(sub_start[k], sub_start[k + 1]):
            sub_v, sub_r = best_v[sub_keep[j]], best_r[sub_keep[j]]
            for u in range(n):  # selects, not branches: the loop is vectorised
                gain = sub_v[u] - cur_v[u]
                better = (gain > tie) | ((gain >= -tie) & (sub_r[u] < cur_r[u]))
                cur_v[u] = sub_v[u] if better else cur_v[u]
                cur_r[u] = sub_r[u] if better else cur_r[u]
    for r in range(N_ROLLS):
        for u in range(n):
            chosen = best_r[FIRST_ROLL + r, u]
            if chosen == STOP:
                Kv[FIRST_ROLL + r, u] = now[r, u]
                Ke2[FIRST_ROLL + r, u] = now_e2[r, u]
            else:
                keep = keep_of_rank[chosen]
                Kv[FIRST_ROLL + r, u] = Kv[keep, u]
                Ke2[FIRST_ROLL + r, u] = Ke2[keep, u]


@_jit
def moment_groups(
    W,
    V,
    VW,
    masks,
    flags,
    lanes,
    five_points,
    five_bonus,
    add_one,
    sub_start,
    sub_keep,
    probs,
    rows,
    points,
    five_of,
    rank,
    keep_of_rank,
    cap,
    bonus_threshold,
    bonus_points,
    flag_after,
    penta_points,
    tie,
):
    """Solve the groups (``masks[i]``, ``flags[i]``, upper totals 0 to ``lanes[i] - 1``):
    ``W`` gets E2 at the start of a turn, ``VW`` the value plus the variance (``V`` holds
    the values; every next state must be solved). ``five_points[i]``/``five_bonus[i]``: the
    group's legal points of five equal dice and their Penta bonus."""
    width = 1
    for i in range(len(lanes)):
        width = max(width, lanes[i])
    ovs = np.empty((N_OPTION_ROWS, width))
    ovw = np.empty((N_OPTION_ROWS, width))
    now = np.empty((N_ROLLS, width))
    now_e2 = np.empty((N_ROLLS, width))
    Kv = np.empty((N_KEEPS, width))
    Ke2 = np.empty((N_KEEPS, width))
    best_v = np.empty((N_KEEPS, width))
    best_r = np.empty((N_KEEPS, width), dtype=np.int64)
    ups = np.arange(width)
    for i in range(len(masks)):
        mask, flag, n = masks[i], flags[i], lanes[i]
        option_rows(
            V, mask, flag, ups, n, cap, bonus_threshold, bonus_points, flag_after, penta_points, ovs
        )
        option_rows(
            VW,
            mask,
            flag,
            ups,
            n,
            cap,
            bonus_threshold,
            bonus_points,
            flag_after,
            penta_points,
            ovw,
        )
        final_choices(
            ovs,
            ovw,
            n,
            rows,
            points,
            five_of,
            five_points[i],
            five_bonus[i],
            tie,
            now,
            now_e2,
        )
        for r in range(N_ROLLS):  # the rolls, scored now: then two re-rolls
            for u in range(n):
                Kv[FIRST_ROLL + r, u] = now[r, u]
                Ke2[FIRST_ROLL + r, u] = now_e2[r, u]
        for _left in range(2):
            average(Kv, n, add_one)
            average(Ke2, n, add_one)
            reroll_choices(
                Kv,
                Ke2,
                now,
                now_e2,
                n,
                sub_start,
                sub_keep,
                rank,
                keep_of_rank,
                tie,
                best_v,
                best_r,
            )
        for u in range(n):
            total = 0.0
            for r in range(N_ROLLS):
                total += probs[r] * Ke2[FIRST_ROLL + r, u]
            W[mask, u, flag] = total
            value = V[mask, u, flag]
            VW[mask, u, flag] = value + (total - value * value)
