"""The compiled kernel of Penta's table build (numba): the turns of many states at once.

:func:`dicelab.penta.solver_tables.build_table` imports this module when it builds a table,
never before (importing numba takes about 0.2 s; opening an app must not pay it). The kernel
is compiled on its first use and the machine code is cached on disk (``cache=True``: in the
package's ``__pycache__``, else numba's user-wide cache, or ``$NUMBA_CACHE_DIR``), so a later
process loads it in a fraction of a second.

The states of one *group* share their filled boxes and their Penta flag and differ only in
the upper total ``u = 0 .. n - 1``: the group's lanes. Every array below has the lanes along
its last, contiguous axis, so each inner loop runs over them and LLVM vectorises it; a group
has at most 106 lanes, so its work buffers (462 x 106 float64: 392 kB) stay in the core's L2
cache. The value table ``W`` is indexed ``W[mask, u, flag]``: flat, it is the solver's table
(:meth:`~dicelab.penta.solver_tables.Layout.index`).

For one group (:func:`solve_groups`):

1. the 44 option rows (:func:`option_rows`): the value of closing the turn in each way;
2. the value of each of the 252 final rolls, its best legal box (:func:`final_rolls`,
   with the joker and the Penta bonus for five equal dice: :func:`five_equal`);
3. two re-rolls (:func:`reroll`): each keep's mean over one more die, from five dice down to
   none, then each multiset's best sub-keep, in place in one (462, n) array;
4. the state value, the mean over the first roll.

Every value is float64: float32 would round the values near 250 points to 1.5e-5 (its
spacing there), over the 1e-6 the tables must keep.

>>> import numpy as np
>>> from dicelab.penta.rules import Rules
>>> from dicelab.penta.solver_tables import kernel_inputs
>>> inputs = kernel_inputs(Rules())
>>> W = np.zeros((2**13, 64, 2))
>>> one = np.array([2**13 - 1 - 2**11])  # every box filled but Chance
>>> solve_groups(W, one, np.zeros(1, np.int64), np.ones(1, np.int64), *inputs)
>>> round(float(W[one[0], 0, 0]), 6)  # the best of three rolls for the sum of five dice
23.333333
"""

from __future__ import annotations

import numba
import numpy as np

N_KEEPS = 462
"""Multisets of 0 to 5 dice, in :class:`~dicelab.penta.solver_tables.Tables` order."""
FIRST_ROLL = 210
"""Row of the first multiset of five dice (a roll) among the keeps."""
N_ROLLS = 252
N_OPTION_ROWS = 44
"""36 upper rows (6 per face, one per count), 7 lower rows (Penta scored 0), Penta scored."""
LOWER_ROW = 36
PENTA_SCORED_ROW = 43
PENTA_BOX = 12
THREE_KIND_ROW, FOUR_KIND_ROW, CHANCE_ROW = 36, 37, 41

# Joker cases of five equal dice, as :func:`dicelab.penta.solver_tables.kernel_inputs` codes them.
NO_JOKER, OWN_BOX, LOWER, UPPER, FREE = 0, 1, 2, 3, 4


def _jit(function):
    """``numba.njit``, the machine code cached on disk where numba finds a writable folder
    (``$NUMBA_CACHE_DIR``, the package's ``__pycache__``, the user's cache); where it finds
    none (all read-only), compiled in each process instead of failing."""
    try:
        return numba.njit(cache=True, nogil=True, boundscheck=False)(function)
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return numba.njit(nogil=True, boundscheck=False)(function)


@_jit
def option_rows(
    W, mask, flag, ups, n, cap, bonus_threshold, bonus_points, flag_after, penta_points, ovs
):
    """Into ``ovs[:, :n]``: the value of each way to close the turn of group (mask, flag),
    lane ``u`` at the upper total ``ups[u]`` (a table build: ``u`` itself).

    Row 6(f-1)+c: ``c`` dice of face ``f`` in its box (their points, the upper bonus if the
    total crosses its threshold now, then ``W`` of the next state); rows 36-42 each lower box
    scoring 0 (its points are added per roll; Penta's row is Penta sacrificed); row 43 the
    Penta box with its points. A filled box's rows are -inf.
    """
    for b in range(6):
        face = b + 1
        if (mask >> b) & 1:
            for c in range(6):
                for u in range(n):
                    ovs[6 * b + c, u] = -np.inf
            continue
        nxt = mask | (1 << b)
        for c in range(6):
            gain = face * c
            for u in range(n):
                raw = ups[u] + gain
                up = raw if raw < cap else cap
                crossed = ups[u] < bonus_threshold and raw >= bonus_threshold
                bonus = bonus_points if crossed else 0.0
                ovs[6 * b + c, u] = W[nxt, up, flag] + gain + bonus
    for b in range(6, 13):
        row = LOWER_ROW + b - 6
        if (mask >> b) & 1:
            for u in range(n):
                ovs[row, u] = -np.inf
            continue
        next_flag = 0 if b == PENTA_BOX else flag
        for u in range(n):
            ovs[row, u] = W[mask | (1 << b), ups[u], next_flag]
    if (mask >> PENTA_BOX) & 1:
        for u in range(n):
            ovs[PENTA_SCORED_ROW, u] = -np.inf
    else:
        for u in range(n):
            ovs[PENTA_SCORED_ROW, u] = W[mask | (1 << PENTA_BOX), ups[u], flag_after] + penta_points


@_jit
def final_rolls(ovs, n, option_start, option_row, option_points, hand, sacrifice):
    """Into ``hand[FIRST_ROLL + r, :n]``: the value of each ordinary roll ``r``, the best of
    sacrificing the best open box and the boxes it scores in (``option_start`` is the
    roll's first entry in ``option_row``/``option_points``; a roll without entries, five
    equal dice, is left to :func:`five_equal`)."""
    for u in range(n):
        sacrifice[u] = ovs[0, u]
    for row in range(1, 43):
        if row < 36 and row % 6 != 0:
            continue
        for u in range(n):
            v = ovs[row, u]
            if v > sacrifice[u]:
                sacrifice[u] = v
    for r in range(N_ROLLS):
        a = option_start[r]
        b = option_start[r + 1]
        if a == b:
            continue
        out = hand[FIRST_ROLL + r]
        for u in range(n):
            out[u] = sacrifice[u]
        for j in range(a, b):
            row = option_row[j]
            points = option_points[j]
            for u in range(n):
                v = ovs[row, u] + points
                if v > out[u]:
                    out[u] = v


@_jit
def five_equal(
    ovs, n, face, case, penta_bonus, plain_row, plain_points, joker_row, joker_points, out
):
    """Into ``out[:n]``: the value of five dice of ``face`` (1-6) by the joker ``case`` of
    the group, plus ``penta_bonus`` (the points, or 0 when not earned). ``plain_*`` are the
    boxes that score the roll without a joker (Full house, the straights, ...), ``joker_*``
    the boxes a joker raises with their raised points."""
    own_row = 6 * (face - 1) + 5
    for u in range(n):
        own = ovs[own_row, u]
        others = -np.inf
        for g in range(6):
            if g != face - 1 and ovs[6 * g, u] > others:
                others = ovs[6 * g, u]
        summed = max(max(ovs[THREE_KIND_ROW, u], ovs[FOUR_KIND_ROW, u]), ovs[CHANCE_ROW, u])
        summed = summed + 5 * face
        plain = -np.inf
        for j in range(len(plain_row)):
            plain = max(plain, ovs[plain_row[j], u] + plain_points[j])
        raised = -np.inf
        for j in range(len(joker_row)):
            raised = max(raised, ovs[joker_row[j], u] + joker_points[j])
        common = max(max(own, others), max(summed, ovs[PENTA_SCORED_ROW, u]))
        if case == OWN_BOX:
            value = own
        elif case == LOWER:
            value = max(summed, raised)
        elif case == UPPER:
            value = others
        elif case == FREE:
            value = max(common, raised)
        else:
            value = max(common, plain)
        out[u] = value + penta_bonus


@_jit
def average(A, n, add_one):
    """In place: each keep of 4 down to 0 dice gets its mean over one more die,
    ``K(k) = (K(k+1) + ... + K(k+6)) / 6`` (rows ``add_one[k]``), from the rolls'
    ``A[FIRST_ROLL:, :n]``."""
    sixth = 1.0 / 6.0
    for k in range(FIRST_ROLL - 1, -1, -1):
        r0, r1, r2 = A[add_one[k, 0]], A[add_one[k, 1]], A[add_one[k, 2]]
        r3, r4, r5 = A[add_one[k, 3]], A[add_one[k, 4]], A[add_one[k, 5]]
        out = A[k]
        for u in range(n):
            out[u] = (((((r0[u] + r1[u]) + r2[u]) + r3[u]) + r4[u]) + r5[u]) * sixth


@_jit
def reroll(A, n, add_one, sub_start, sub_keep):
    """One re-roll, in place: ``A[FIRST_ROLL + r, :n]`` holds the value of stopping with
    roll ``r``; on return ``A[k]`` is the best value of a sub-multiset of keep ``k``, kept
    with one re-roll of the other dice (rolls: the value of roll ``r`` with a re-roll left).

    First each keep ``k`` of 4 down to 0 dice gets its mean over one more die
    (:func:`average`); then, by increasing size, ``M(k) = max(K(k), M(k - d))`` over the
    distinct sub-keeps ``k - d``.

    A turn that is worth 1 point if it ends with five sixes:

    >>> from dicelab.penta.rules import Rules
    >>> from dicelab.penta.solver_tables import kernel_inputs, tables
    >>> T = tables()
    >>> A = np.zeros((N_KEEPS, 1))
    >>> A[T.index[(6, 6, 6, 6, 6)]] = 1.0
    >>> reroll(A, 1, *kernel_inputs(Rules())[:3])
    >>> [round(float(A[T.index[keep], 0]), 6) for keep in [(6, 6, 6, 6), (1, 6, 6, 6, 6), (6,)]]
    [0.166667, 0.166667, 0.000772]
    """
    average(A, n, add_one)
    for k in range(1, N_KEEPS):
        out = A[k]
        for j in range(sub_start[k], sub_start[k + 1]):
            sub = A[sub_keep[j]]
            for u in range(n):
                if sub[u] > out[u]:
                    out[u] = sub[u]


@_jit
def roll_values(W, mask, flag, ups, n, scoring, ovs, sacrifice, A):
    """Into ``A[FIRST_ROLL:, :n]``: the value of each roll scored at once, for the group
    (mask, flag) at the upper totals ``ups`` (:func:`option_rows`, then :func:`final_rolls`
    and :func:`five_equal`), under the rules' ``scoring``
    (:func:`~dicelab.penta.solver_tables.kernel_inputs`); ``ovs`` and ``sacrifice`` are work
    buffers."""
    (
        option_start,
        option_row,
        option_points,
        yahtzee,
        five_case,
        five_bonus,
        plain_row,
        plain_points,
        joker_row,
        joker_points,
        cap,
        bonus_threshold,
        bonus_points,
        flag_after,
        penta_points,
    ) = scoring
    option_rows(
        W, mask, flag, ups, n, cap, bonus_threshold, bonus_points, flag_after, penta_points, ovs
    )
    final_rolls(ovs, n, option_start, option_row, option_points, A, sacrifice)
    for f in range(6):
        five_equal(
            ovs,
            n,
            f + 1,
            five_case[mask, flag, f],
            five_bonus[mask, flag, f],
            plain_row,
            plain_points,
            joker_row,
            joker_points,
            A[FIRST_ROLL + yahtzee[f]],
        )


@_jit
def solve_groups(W, masks, flags, lanes, add_one, sub_start, sub_keep, probs, scoring):
    """Solve the groups (``masks[i]``, ``flags[i]``, upper totals 0 to ``lanes[i] - 1``)
    into ``W``, whose entries for every next state must be solved. The arguments after
    ``lanes`` are :func:`~dicelab.penta.solver_tables.kernel_inputs` of the rules."""
    width = 1
    for i in range(len(lanes)):
        width = max(width, lanes[i])
    A = np.empty((N_KEEPS, width))
    ovs = np.empty((N_OPTION_ROWS, width))
    sacrifice = np.empty(width)
    total = np.empty(width)
    ups = np.arange(width)
    for i in range(len(masks)):
        mask, flag, n = masks[i], flags[i], lanes[i]
        roll_values(W, mask, flag, ups, n, scoring, ovs, sacrifice, A)
        reroll(A, n, add_one, sub_start, sub_keep)
        reroll(A, n, add_one, sub_start, sub_keep)
        for u in range(n):
            total[u] = 0.0
        for r in range(N_ROLLS):
            p = probs[r]
            row = A[FIRST_ROLL + r]
            for u in range(n):
                total[u] += p * row[u]
        for u in range(n):
            W[mask, u, flag] = total[u]


@_jit
def state_turns(
    W, masks, flags, starts, ups, add_one, sub_start, sub_keep, probs, scoring, now, keep_1, keep_2
):
    """The turns of states of a solved table ``W``, as the optimal player reads them. Group
    ``i`` is (``masks[i]``, ``flags[i]``) at the upper totals ``ups[starts[i]:starts[i + 1]]``,
    the same columns of ``now`` (the value of each roll scored at once), ``keep_1`` and
    ``keep_2`` (each keep's value with one and two rolls left after it: its mean over the
    re-rolled dice). The arguments between ``ups`` and ``now`` are
    :func:`~dicelab.penta.solver_tables.kernel_inputs` of the rules (``probs`` is not read)."""
    width = 1
    for i in range(len(masks)):
        width = max(width, starts[i + 1] - starts[i])
    ovs = np.empty((N_OPTION_ROWS, width))
    hand = np.empty((N_KEEPS, width))
    sacrifice = np.empty(width)
    for i in range(len(masks)):  # the rolls' values, by group (they depend on the boxes)
        mask, flag, first, n = masks[i], flags[i], starts[i], starts[i + 1] - starts[i]
        roll_values(W, mask, flag, ups[first : first + n], n, scoring, ovs, sacrifice, hand)
        for r in range(N_ROLLS):
            for u in range(n):
                now[r, first + u] = hand[FIRST_ROLL + r, u]
    # The re-rolls do not depend on the boxes: every state side by side, a chunk at a time.
    chunk = 512
    A = np.empty((N_KEEPS, chunk))
    for a in range(0, len(ups), chunk):
        n = min(chunk, len(ups) - a)
        for r in range(N_ROLLS):
            for u in range(n):
                A[FIRST_ROLL + r, u] = now[r, a + u]
        average(A, n, add_one)
        for k in range(N_KEEPS):
            for u in range(n):
                keep_1[k, a + u] = A[k, u]
        reroll(A, n, add_one, sub_start, sub_keep)
        average(A, n, add_one)
        for k in range(N_KEEPS):
            for u in range(n):
                keep_2[k, a + u] = A[k, u]
