"""The dynamic programme behind :mod:`dicelab.penta.solver`: index tables, the build, and the
NumPy functions that value the turns of a chunk of states.

A *turn-start state* is (filled boxes, upper total capped at the upper bonus threshold, 63 in
every preset, Penta box holds its points). Its value ``V`` is the expected points still to
come under optimal play. States are solved layer by layer, from 12 filled boxes down to none.

:func:`build_table` solves every state with the compiled kernel of
:mod:`dicelab.penta.solver_kernel` (numba, imported only then), group by group: the states
with the same filled boxes and flag, all their upper totals at once. The NumPy functions below
do the same for any chunk of states, with the states along the last axis of every array; the
advisor (one state), the simulation and the second moments use them:

1. each of the 252 final rolls gets its best legal box: points (with bonuses) plus ``V`` of the
   next state (:func:`option_rows`, :func:`final_roll_values`);
2. each keep (a multiset of 0 to 4 held dice) gets the mean over one more die,
   ``K(k) = sum_f K(k + f) / 6``, from keeps of five dice (the roll values) down to ``()``;
3. each roll gets its best keep, ``M(r) = max(K(r), max_d M(r - d))`` over sub-multisets, by the
   same one-die-at-a-time recursion;
4. steps 2 and 3 run twice (two re-rolls, :func:`keep_values`); ``V`` is the mean of the
   values of the first roll.

>>> T = tables()
>>> len(T.probs), T.n_keeps
(252, 462)
>>> T.keeps[T.offsets[2]], T.keeps[-1]
((1, 2), (6, 6, 6, 6, 6))

The index tables are the same for every rule set; what a rule set changes is read from it
where it is used: the points of each box (:func:`raw_table`), the joker's and the bonuses'
points, and the table's layout (:func:`layout`: the upper total is capped at the rules'
threshold, so a house with the bonus at 70 has 71 upper totals per mask, not 64).
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

import numpy as np

from dicelab.dice import outcome_arrays, outcomes
from dicelab.penta import joker
from dicelab.penta.joker import JokerCase
from dicelab.penta.rules import (
    BOXES,
    FACE_OF,
    LOWER,
    PENTA_BONUS,  # noqa: F401 - the defaults, read by older callers as st.PENTA_BONUS
    PENTA_POINTS,  # noqa: F401
    UPPER,
    UPPER_BONUS,  # noqa: F401 - the default, read by older callers as st.UPPER_BONUS
    UPPER_BONUS_THRESHOLD,
    Rules,
    raw_points,
    upper_bonus_earned,
)

__all__ = [
    "N_STATES",
    "Groups",
    "Layout",
    "Tables",
    "build_table",
    "final_roll_values",
    "groups",
    "keep_values",
    "kernel_inputs",
    "layout",
    "prepare_build",
    "raw_table",
    "reachable",
    "state_index",
    "tables",
]

N_BOXES = len(BOXES)
N_UPPER = len(UPPER)
CAP = UPPER_BONUS_THRESHOLD
N_UP = CAP + 1
N_STATES = (1 << N_BOXES) * N_UP * 2
"""Size of the value table of every preset: every (mask, capped upper total, flag), reachable or
not (a house's table may differ: :func:`layout`)."""

PENTA = BOXES.index("penta")
PENTA_BIT = 1 << PENTA
LOWER_IDX = tuple(i for i, box in enumerate(BOXES) if box not in FACE_OF)
THREE_KIND, FOUR_KIND, FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT, CHANCE = (
    BOXES.index(box) for box in LOWER if box != "penta"
)
JOKER_POINTS = {BOXES.index(box): points for box, points in joker.RAISED_POINTS.items()}
"""Boxes a joker raises to their full points (the others score five equal dice normally), with
the default points (:func:`joker_points` gives those of any rules)."""


def joker_points(rules: Rules) -> dict[int, int]:
    """Box index -> the points a joker raises it to under ``rules``."""
    return {BOXES.index(box): points for box, points in joker.raised_points(rules).items()}


def state_index(mask, up, flag, n_up: int = N_UP):
    """Index of a state in the flat value table (works on ints and arrays); ``n_up`` is the
    number of upper totals of the table's :func:`layout` (64 in every preset).

    >>> state_index(0, 0, 0), state_index(1, 63, 1)
    (0, 255)
    """
    return (mask * n_up + up) * 2 + flag


class Layout(NamedTuple):
    """How the value table of a rule set is laid out: the upper total is capped at ``cap``.

    >>> layout(Rules()), layout(Rules()).n_states == N_STATES
    (Layout(cap=63), True)
    >>> layout(Rules.custom("house", upper_bonus_threshold=70)).n_up
    71
    """

    cap: int
    """Upper totals from ``cap`` on are one state: the threshold of the upper bonus (every
    total at or above it has earned the bonus), or 0 without the upper bonus."""

    @property
    def n_up(self) -> int:
        """The number of upper totals kept apart: 0 to :attr:`cap`."""
        return self.cap + 1

    @property
    def n_states(self) -> int:
        """Size of the value table: every (mask, capped upper total, flag)."""
        return (1 << N_BOXES) * self.n_up * 2

    def index(self, mask, up, flag):
        """:func:`state_index` in this layout."""
        return state_index(mask, up, flag, self.n_up)

    def split(self, index):
        """The (mask, up, flag) of flat table indexes (the inverse of :meth:`index`).

        >>> layout(Rules()).split(np.array([255]))
        (array([1]), array([63]), array([1]))
        """
        return index // (2 * self.n_up), (index // 2) % self.n_up, index % 2


def layout(rules: Rules) -> Layout:
    """The table layout of ``rules``: the upper total capped at their upper bonus threshold
    (1 to 105), or at 0 when they have no upper bonus (the total then changes nothing).

    >>> layout(Rules.custom("house", upper_bonus=False))
    Layout(cap=0)
    """
    return Layout(rules.upper_bonus_threshold if rules.upper_bonus else 0)


@cache
def raw_table(rules: Rules) -> np.ndarray:
    """(252, 13) the raw box points of each roll under ``rules`` (their numbers: full house,
    straights, Penta, five equal as a full house), in :attr:`Tables.keeps` order.

    >>> int(raw_table(Rules.custom("house", full_house_points=30))[tables().index[(2, 2, 3, 3, 3)]
    ...     - tables().offsets[5], BOXES.index("full_house")])
    30
    """
    T = tables()
    rolls = T.keeps[T.offsets[5] :]
    raw = np.array([[raw_points(box, r, rules) for box in BOXES] for r in rolls], dtype=np.float64)
    _freeze(raw)
    return raw


@dataclass(frozen=True)
class Tables:
    """Static index tables for five dice (shared by every rule set).

    Multisets ("keeps") are ordered by size, then by number of distinct faces (most first),
    then lexicographically: the recursions then work on prefixes of contiguous rows.
    """

    keeps: tuple[tuple[int, ...], ...]
    """Every multiset of 0..5 dice (the last 252 are the rolls)."""
    offsets: tuple[int, ...]
    """``offsets[j]``: index of the first multiset of ``j`` dice (``offsets[6] == 462``)."""
    index: dict[tuple[int, ...], int]
    """Sorted tuple -> its row in :attr:`keeps`."""
    probs: np.ndarray
    """(252,) exact probabilities of the rolls of five dice, in :attr:`keeps` order."""
    raw: np.ndarray
    """(252, 13) raw box points of each roll with the default numbers
    (:func:`dicelab.penta.rules.raw_points`; a rule set's own: :func:`raw_table`)."""
    add_one: tuple[np.ndarray, ...]
    """``add_one[j]``: (n_j, 6) row of keep k plus face f, for keeps of ``j`` < 5 dice."""
    drop_one: tuple[np.ndarray, ...]
    """``drop_one[j]``: (n_j, j) rows of k minus one die: the distinct ones first, then repeats."""
    add_one_t: tuple[np.ndarray, ...]
    """``add_one[j]`` transposed and contiguous: (6, n_j)."""
    drop_one_t: tuple[np.ndarray, ...]
    """``drop_one[j]`` transposed and contiguous: (j, n_j)."""
    distinct_prefix: tuple[tuple[int, ...], ...]
    """``distinct_prefix[j][i]``: how many multisets of ``j`` dice have more than ``i`` faces."""
    upper_rows: np.ndarray
    """(252, 5) for each roll, its i-th distinct face f and count c as option row 6(f-1)+c."""
    upper_rows_t: np.ndarray
    """``upper_rows`` transposed and contiguous: (5, 252)."""
    yahtzee: np.ndarray
    """Roll row (0..251) of five ``f``, for f = 1..6."""
    outcome_order: np.ndarray
    """Roll row of each roll of :func:`dicelab.dice.outcome_arrays` (lexicographic order)."""
    sub_keeps: np.ndarray
    """(252, 31) the distinct keeps of each roll (proper sub-multisets), padded by repetition."""
    n_sub_keeps: np.ndarray
    """(252,) how many distinct keeps each roll has."""
    transition: np.ndarray
    """(462, 252) chance that holding keep ``k`` and rolling the others gives roll ``r``."""
    keep_dice: np.ndarray
    """(462, 5) int8 the held dice of each keep, padded with 0."""
    keep_size: np.ndarray
    """(462,) number of dice held."""
    five_face: np.ndarray
    """(252,) the face of five equal dice, else 0."""
    roll_of_code: np.ndarray
    """Roll row of sorted dice d0..d4 at code sum(d_i * 7**i) (see :func:`roll_rows`)."""

    @property
    def n_keeps(self) -> int:
        return len(self.keeps)


Keeps = list[tuple[int, ...]]
"""Multisets of dice, each a sorted tuple."""


def _sort_key(keep: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
    return (len(keep), -len(set(keep)), keep)


@cache
def tables() -> Tables:
    """The index tables, built once."""
    keeps, offsets, index = _ordered_keeps()
    rolls = keeps[offsets[5] :]
    outcome_order, probs = _roll_probabilities(index, offsets[5])
    raw = np.array([[raw_points(box, r) for box in BOXES] for r in rolls], dtype=np.float64)
    add_one = _add_one_rows(keeps, offsets, index)
    drop_one, prefix = _drop_one_rows(keeps, offsets, index)
    upper_rows = _upper_rows(rolls)
    yahtzee = np.array([index[(f,) * 5] - offsets[5] for f in range(1, 7)], dtype=np.intp)
    sub_keeps, n_sub = _sub_keeps(rolls, index)
    transition = _transition(keeps, index, offsets[5])
    keep_dice = _keep_dice(keeps)
    keep_size = np.array([len(k) for k in keeps], dtype=np.intp)
    five_face = np.array([joker.five_face(r) for r in rolls], dtype=np.intp)
    roll_of_code = _roll_of_code(rolls)
    _freeze(*add_one, *drop_one, upper_rows, yahtzee, raw, probs, outcome_order)
    _freeze(sub_keeps, n_sub, transition, keep_dice, keep_size, five_face, roll_of_code)
    return Tables(
        keeps=tuple(keeps),
        offsets=offsets,
        index=index,
        probs=probs,
        raw=raw,
        add_one=tuple(add_one),
        drop_one=tuple(drop_one),
        add_one_t=tuple(np.ascontiguousarray(a.T) for a in add_one),
        drop_one_t=tuple(np.ascontiguousarray(d.T) for d in drop_one),
        distinct_prefix=tuple(prefix),
        upper_rows=upper_rows,
        upper_rows_t=np.ascontiguousarray(upper_rows.T),
        yahtzee=yahtzee,
        outcome_order=outcome_order,
        sub_keeps=sub_keeps,
        n_sub_keeps=n_sub,
        transition=transition,
        keep_dice=keep_dice,
        keep_size=keep_size,
        five_face=five_face,
        roll_of_code=roll_of_code,
    )


def _ordered_keeps() -> tuple[Keeps, tuple[int, ...], dict[tuple[int, ...], int]]:
    """Every multiset of 0..5 dice in :class:`Tables` order, the offsets of each size, the index.

    >>> keeps, offsets, index = _ordered_keeps()
    >>> offsets, keeps[7], index[(1, 2)]
    ((0, 1, 7, 28, 84, 210, 462), (1, 2), 7)
    """
    keeps = sorted(
        (k for j in range(6) for k in itertools.combinations_with_replacement(range(1, 7), j)),
        key=_sort_key,
    )
    offsets = tuple(sum(math.comb(i + 5, 5) for i in range(j)) for j in range(7))
    index = {k: i for i, k in enumerate(keeps)}
    return keeps, offsets, index


def _roll_probabilities(
    index: dict[tuple[int, ...], int], first_roll: int
) -> tuple[np.ndarray, np.ndarray]:
    """The roll row of each lexicographic outcome of five dice, and each roll's probability."""
    faces, outcome_probs = outcome_arrays(5)
    lex = [tuple(int(v) for v in row) for row in faces]
    outcome_order = np.array([index[r] - first_roll for r in lex], dtype=np.intp)
    probs = np.empty(len(lex))
    probs[outcome_order] = outcome_probs
    return outcome_order, probs


def _add_one_rows(
    keeps: Keeps, offsets: tuple[int, ...], index: dict[tuple[int, ...], int]
) -> list[np.ndarray]:
    """Per size ``j`` < 5: (n_j, 6) the row of each keep plus each face."""
    return [
        np.array(
            [[index[tuple(sorted((*k, f)))] for f in range(1, 7)] for k in keeps[a:b]],
            dtype=np.intp,
        )
        for a, b in itertools.pairwise(offsets[:6])
    ]


def _drop_one_rows(
    keeps: Keeps, offsets: tuple[int, ...], index: dict[tuple[int, ...], int]
) -> tuple[list[np.ndarray], list[tuple[int, ...]]]:
    """Per size ``j``: the rows of each keep minus one die, and the distinct-face prefixes."""
    drop_one = [np.zeros((1, 0), dtype=np.intp)]
    prefix: list[tuple[int, ...]] = [()]
    for j in range(1, 6):
        block = keeps[offsets[j] : offsets[j + 1]]
        rows = []
        for k in block:
            subs = [index[_without(k, d)] for d in sorted(set(k))]
            rows.append(subs + [subs[0]] * (j - len(subs)))
        drop_one.append(np.array(rows, dtype=np.intp))
        prefix.append(tuple(sum(len(set(k)) > i for k in block) for i in range(j)))
    return drop_one, prefix


def _upper_rows(rolls: Keeps) -> np.ndarray:
    """(252, 5) each roll's i-th distinct face f with its count c, as option row 6(f-1)+c."""
    upper_rows = np.zeros((len(rolls), 5), dtype=np.intp)
    for r, roll in enumerate(rolls):
        for i, f in enumerate(sorted(set(roll))):
            upper_rows[r, i] = 6 * (f - 1) + roll.count(f)
    return upper_rows


def _sub_keeps(rolls: Keeps, index: dict[tuple[int, ...], int]) -> tuple[np.ndarray, np.ndarray]:
    """(252, 31) each roll's distinct proper sub-multisets, padded by repetition; their count."""
    sub_keeps = np.zeros((len(rolls), 31), dtype=np.intp)
    n_sub = np.zeros(len(rolls), dtype=np.intp)
    for r, roll in enumerate(rolls):
        subs = sorted({index[c] for size in range(5) for c in itertools.combinations(roll, size)})
        n_sub[r] = len(subs)
        sub_keeps[r] = (subs * 31)[:31]
    return sub_keeps, n_sub


def _transition(keeps: Keeps, index: dict[tuple[int, ...], int], first_roll: int) -> np.ndarray:
    """(462, 252) chance that holding each keep and rolling the other dice gives each roll."""
    transition = np.zeros((len(keeps), len(keeps) - first_roll))
    for row, keep in enumerate(keeps):
        for rolled, chance in outcomes(5 - len(keep)).items():
            transition[row, index[tuple(sorted(keep + rolled))] - first_roll] += float(chance)
    return transition


def _keep_dice(keeps: Keeps) -> np.ndarray:
    """(462, 5) int8 the held dice of each keep, padded with 0."""
    keep_dice = np.zeros((len(keeps), 5), dtype=np.int8)
    for row, keep in enumerate(keeps):
        keep_dice[row, : len(keep)] = keep
    return keep_dice


def _roll_of_code(rolls: Keeps) -> np.ndarray:
    """Roll row at code sum(d_i * 7**i) of sorted dice d0..d4, -1 elsewhere."""
    roll_of_code = np.full(7**5, -1, dtype=np.intp)
    for r, roll in enumerate(rolls):
        roll_of_code[sum(d * 7**i for i, d in enumerate(roll))] = r
    return roll_of_code


def _freeze(*arrays: np.ndarray) -> None:
    """Make ``arrays`` read-only (the tables are shared by every caller)."""
    for arr in arrays:
        arr.flags.writeable = False


def roll_rows(dice: np.ndarray) -> np.ndarray:
    """Roll row of each row of ``dice`` ((n, 5) values 1..6, any order).

    >>> T = tables()
    >>> int(roll_rows(np.array([[6, 6, 6, 6, 6]]))[0]) == int(T.yahtzee[5])
    True
    """
    ordered = np.sort(np.asarray(dice, dtype=np.intp), axis=1)
    return tables().roll_of_code[ordered @ (7 ** np.arange(5))]


def _without(keep: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = keep.index(die)
    return keep[:i] + keep[i + 1 :]


def average_rerolls(
    hand: np.ndarray, K: np.ndarray, scratch: np.ndarray | None = None
) -> np.ndarray:
    """Into ``K`` (462, S): the mean of ``hand`` (252, S) over the dice each keep re-rolls
    (a keep of five dice: the hand itself), one added die at a time; returns ``K``.
    ``scratch``, if given, is a (756, S) buffer for the gathers."""
    T = tables()
    off = T.offsets
    S = hand.shape[1]
    if scratch is None:
        scratch = np.empty((6 * (off[5] - off[4]), S))
    K[off[5] :] = hand
    for j in range(4, -1, -1):
        n = off[j + 1] - off[j]
        out = K[off[j] : off[j + 1]]
        np.take(K, T.add_one_t[j].reshape(-1), axis=0, out=scratch[: 6 * n], mode="clip")
        faces = scratch[: 6 * n].reshape(6, n, S)
        np.add(faces[0], faces[1], out=out)
        for f in range(2, 6):
            out += faces[f]
        out *= 1.0 / 6.0
    return K


def keep_values(hand: np.ndarray, K: np.ndarray, M: np.ndarray, scratch=None) -> np.ndarray:
    """One re-roll: from the values of the 252 hands to the value of each hand with the re-roll.

    ``hand`` is (252, S) (the value of stopping with each roll), ``K`` and ``M`` are (462, S)
    work buffers; on return ``K[k]`` is the value of keeping ``k`` and re-rolling the rest,
    ``M[k]`` the best of keeping a sub-multiset of ``k``; the result is ``M``'s last 252 rows.
    ``scratch``, if given, is a (756, S) buffer for the gathers.
    """
    T = tables()
    off = T.offsets
    if scratch is None:
        scratch = np.empty((6 * (off[5] - off[4]), hand.shape[1]))
    average_rerolls(hand, K, scratch)
    M[0] = K[0]
    for j in range(1, 6):
        drop = T.drop_one_t[j]
        prefix = T.distinct_prefix[j]
        out = M[off[j] : off[j + 1]]
        for i in range(j):
            n = prefix[i]
            if n == 0:
                break
            gathered = scratch[:n]
            np.take(M, drop[i, :n], axis=0, out=gathered, mode="clip")
            if i == 0:
                np.maximum(K[off[j] : off[j + 1]], gathered, out=out)
            else:
                np.maximum(out[:n], gathered, out=out[:n])
    return M[off[5] :]


def uses_flag(rules: Rules) -> bool:
    """Whether "the Penta box holds its points" matters (a bonus, or a joker that needs them)."""
    return rules.penta_bonus or joker.variant(rules).reads_50


# Option rows of a chunk: 36 upper rows (box b, count c), 7 lower rows (LOWER_IDX order,
# Penta scored 0), then Penta scored (its points: 50 unless a house changes them).
N_OPTION_ROWS = 6 * N_UPPER + len(LOWER_IDX) + 1
LOWER_ROW = {b: 6 * N_UPPER + i for i, b in enumerate(LOWER_IDX)}
PENTA_SCORED_ROW = N_OPTION_ROWS - 1


def option_rows(rules: Rules, V: np.ndarray, mask, up, flag) -> np.ndarray:
    """(44, S) value of each way to close the turn, for states (mask, up, flag).

    Row 6(f-1)+c: ``c`` dice of face ``f`` in its upper box; then each lower box scoring 0
    points (its points are added per roll); last, the Penta box with 50. Each value is the
    upper bonus earned now plus ``V`` of the next state; -inf where the box is filled.
    """
    lay = layout(rules)
    ovs = np.empty((N_OPTION_ROWS, len(mask)))
    counts = np.arange(6)[:, None]
    for b in range(N_UPPER):
        face = b + 1
        filled = (mask >> b) & 1
        raw_up = up + face * counts
        nxt = lay.index(mask | (1 << b), np.minimum(raw_up, lay.cap), flag)
        val = V[nxt] + face * counts
        val += upper_bonus_earned(rules, up, raw_up)
        val[:, filled.astype(bool)] = -np.inf
        ovs[6 * b : 6 * b + 6] = val
    for b in LOWER_IDX:
        filled = ((mask >> b) & 1).astype(bool)
        f = 0 if b == PENTA else flag
        val = V[lay.index(mask | (1 << b), up, f)]
        val[filled] = -np.inf
        ovs[LOWER_ROW[b]] = val
    filled = ((mask >> PENTA) & 1).astype(bool)
    val = V[lay.index(mask | PENTA_BIT, up, 1 if uses_flag(rules) else 0)] + rules.penta_points
    val[filled] = -np.inf
    ovs[PENTA_SCORED_ROW] = val
    return ovs


@cache
def _lower_entries(rules: Rules) -> tuple[tuple[int, np.ndarray, np.ndarray], ...]:
    """Lower boxes but Chance and Penta: the ordinary rolls they score, and the points."""
    T = tables()
    raw = raw_table(rules)
    ordinary = np.ones(len(raw), dtype=bool)
    ordinary[T.yahtzee] = False
    entries = []
    for b in (THREE_KIND, FOUR_KIND, FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT):
        rolls = np.flatnonzero((raw[:, b] > 0) & ordinary)
        entries.append((LOWER_ROW[b], rolls, raw[rolls, b][:, None].copy()))
    return tuple(entries)


def final_roll_values(rules: Rules, ovs: np.ndarray, mask, flag, out: np.ndarray) -> np.ndarray:
    """(252, S) value of each final roll: the best legal box, from the option rows ``ovs``.

    For an ordinary roll every open box is legal, and a box that scores nothing is worth its
    option row; a box that scores is worth at least as much (``V`` grows with the upper total),
    so the value is the best of "sacrifice the best box" and the boxes that score. The six rolls
    of five equal dice follow the joker and bonus rules of ``rules``.
    """
    T = tables()
    lower = ovs[6 * N_UPPER : 6 * N_UPPER + len(LOWER_IDX)]
    sacrifice = np.maximum(ovs[0 : 6 * N_UPPER : 6].max(axis=0), lower.max(axis=0))
    chance = ovs[LOWER_ROW[CHANCE]]
    np.add(chance, T.raw[:, CHANCE][:, None], out=out)
    np.maximum(out, sacrifice, out=out)
    prefix = T.distinct_prefix[5]
    gathered = np.empty_like(out)
    for i in range(5):
        n = prefix[i]
        np.take(ovs, T.upper_rows_t[i, :n], axis=0, out=gathered[:n], mode="clip")
        np.maximum(out[:n], gathered[:n], out=out[:n])
    for row, rolls, points in _lower_entries(rules):
        out[rolls] = np.maximum(out[rolls], ovs[row] + points)
    _five_equal(rules, ovs, mask, flag, out)
    return out


@cache
def _five_equal_rows() -> tuple[np.ndarray, np.ndarray]:
    """Per face f: its own upper row (five f's), and the other upper boxes' zero rows."""
    own = np.array([6 * b + 5 for b in range(N_UPPER)], dtype=np.intp)
    others = np.array(
        [[6 * g for g in range(N_UPPER) if g != b] for b in range(N_UPPER)], dtype=np.intp
    )
    return own, others


def _five_equal(rules: Rules, ovs: np.ndarray, mask, flag, out: np.ndarray) -> None:
    """The values of the six rolls of five equal dice (joker and Penta bonus), all faces at once."""
    T = tables()
    own_rows, other_rows = _five_equal_rows()
    faces = np.arange(1, 7)[:, None]
    penta_filled = ((mask >> PENTA) & 1).astype(bool)
    armed = flag.astype(bool) & penta_filled
    own = ovs[own_rows]  # (6, S)
    others = ovs[other_rows].max(axis=1)
    summed = ovs[[LOWER_ROW[x] for x in (THREE_KIND, FOUR_KIND, CHANCE)]].max(axis=0) + 5 * faces
    raised = joker_points(rules)
    plain = ovs[[LOWER_ROW[x] for x in raised]].max(axis=0)
    if rules.five_full_house:  # five equal dice score Full house by its own rule
        plain = np.maximum(plain, ovs[LOWER_ROW[FULL_HOUSE]] + rules.full_house_points)
    joker_best = (
        ovs[[LOWER_ROW[x] for x in raised]] + np.array(list(raised.values()))[:, None]
    ).max(axis=0)
    penta = ovs[PENTA_SCORED_ROW]  # five equal dice in the open Penta box score its points
    common = np.maximum(np.maximum(own, others), np.maximum(summed, penta))
    own_filled = ((mask[None, :] >> np.arange(N_UPPER)[:, None]) & 1).astype(bool)
    lower_rows = [LOWER_ROW[b] for b in LOWER_IDX if b != PENTA]
    lower_open = ovs[lower_rows].max(axis=0) > -np.inf
    facts = joker.Facts(True, penta_filled, armed, ~own_filled, lower_open)
    by_case = {
        JokerCase.OWN_BOX: own,
        JokerCase.LOWER: np.maximum(summed, joker_best),
        JokerCase.UPPER: others,
        JokerCase.FREE: np.maximum(common, joker_best),
    }
    value = np.maximum(common, plain)  # no joker
    for case, where in joker.case_masks(rules, facts).items():
        value = np.where(where, by_case[case], value)
    value = value + rules.penta_bonus_points * joker.earns_penta_bonus(rules, facts)
    out[T.yahtzee] = value


@cache
def layer_states(rules: Rules) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]:
    """The reachable states with f filled boxes, f = 0..13: (mask, up, flag) arrays."""
    cap = layout(rules).cap
    reach = []
    for upper_mask in range(1 << N_UPPER):
        totals = {0}
        for b in range(N_UPPER):
            if upper_mask >> b & 1:
                totals = {min(cap, t + (b + 1) * c) for t in totals for c in range(6)}
        reach.append(sorted(totals))
    flags_on = uses_flag(rules)
    layers: list[list[tuple[int, int, int]]] = [[] for _ in range(N_BOXES + 1)]
    for mask in range(1 << N_BOXES):
        flags = (0, 1) if flags_on and mask & PENTA_BIT else (0,)
        bucket = layers[mask.bit_count()]
        for up in reach[mask & ((1 << N_UPPER) - 1)]:
            for flag in flags:
                bucket.append((mask, up, flag))
    out = []
    for bucket in layers:
        arr = np.array(bucket, dtype=np.int64).reshape(-1, 3)
        out.append((arr[:, 0].copy(), arr[:, 1].copy(), arr[:, 2].copy()))
    return tuple(out)


def default_workers() -> int:
    """Threads for a build: the CPUs this process may use (NumPy and the kernel release the GIL)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


FIVE_CASE_CODES = {
    JokerCase.OWN_BOX: 1,
    JokerCase.LOWER: 2,
    JokerCase.UPPER: 3,
    JokerCase.FREE: 4,
}
"""The kernel's code of each joker case (0: no joker; :mod:`dicelab.penta.solver_kernel`)."""


@cache
def _keep_recursion() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rule-free index arrays of the kernel: (210, 6) row of each keep of 0-4 dice plus
    each face; each multiset's distinct sub-keeps (one die less) as start offsets and rows."""
    T = tables()
    add_one = np.concatenate(T.add_one).astype(np.int64)
    starts, subs = [0], []
    for keep in T.keeps:
        subs += [T.index[_without(keep, d)] for d in sorted(set(keep))]
        starts.append(len(subs))
    return add_one, np.array(starts, dtype=np.int64), np.array(subs, dtype=np.int64)


def _roll_options(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The boxes each ordinary roll scores in, as option rows and the points added to them:
    Chance (the sum), the upper box of each face shown (its row holds the points), and each
    lower box the roll scores in. Five equal dice have none (the kernel values them apart)."""
    T = tables()
    raw = raw_table(rules)
    rolls = T.keeps[T.offsets[5] :]
    starts, rows, points = [0], [], []
    five = set(T.yahtzee.tolist())
    for r, roll in enumerate(rolls):
        if r not in five:
            rows.append(LOWER_ROW[CHANCE])
            points.append(raw[r, CHANCE])
            for face in sorted(set(roll)):
                rows.append(6 * (face - 1) + roll.count(face))
                points.append(0.0)
            for b in (THREE_KIND, FOUR_KIND, FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT):
                if raw[r, b] > 0:
                    rows.append(LOWER_ROW[b])
                    points.append(raw[r, b])
        starts.append(len(rows))
    return (
        np.array(starts, dtype=np.int64),
        np.array(rows, dtype=np.int64),
        np.array(points, dtype=np.float64),
    )


def _five_equal_cases(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(8192, 2, 6) the joker case code of five dice of each face in each (mask, flag), and
    the Penta bonus they earn there: the predicates of :mod:`dicelab.penta.joker`."""
    mask = np.arange(1 << N_BOXES)[:, None, None]
    flag = np.arange(2)[None, :, None]
    face = np.arange(1, 7)[None, None, :]
    penta_filled = ((mask >> PENTA) & 1).astype(bool)
    lower_bits = sum(1 << b for b in LOWER_IDX if b != PENTA)
    lower_open = (mask & lower_bits) != lower_bits
    own_open = ((mask >> (face - 1)) & 1) == 0
    facts = joker.Facts(True, penta_filled, (flag == 1) & penta_filled, own_open, lower_open)
    shape = (1 << N_BOXES, 2, 6)
    codes = np.zeros(shape, dtype=np.int8)
    for case, where in joker.case_masks(rules, facts).items():
        codes[np.broadcast_to(where, shape)] = FIVE_CASE_CODES[case]
    earned = np.broadcast_to(joker.earns_penta_bonus(rules, facts), shape)
    bonus = np.where(earned, float(rules.penta_bonus_points), 0.0)
    return codes, bonus


def kernel_inputs(rules: Rules) -> tuple:
    """Everything :func:`dicelab.penta.solver_kernel.solve_groups` reads after its groups:
    the keeps' index arrays and the rolls' chances, then the rules' scoring (one tuple: the
    points, joker cases and bonuses that :func:`~dicelab.penta.solver_kernel.roll_values`
    reads).

    >>> add_one, sub_start, sub_keep, probs, scoring = kernel_inputs(
    ...     Rules.custom("house", upper_bonus_threshold=70))
    >>> len(scoring), scoring[-5:]
    (15, (70, 70, 35.0, 1, 50.0))
    """
    T = tables()
    add_one, sub_start, sub_keep = _keep_recursion()
    option_start, option_row, option_points = _roll_options(rules)
    five_case, five_bonus = _five_equal_cases(rules)
    raised = joker_points(rules)
    plain = {LOWER_ROW[b]: 0.0 for b in raised}
    if rules.five_full_house:  # five equal dice score Full house by its own rule
        plain[LOWER_ROW[FULL_HOUSE]] = float(rules.full_house_points)
    lay = layout(rules)
    scoring = (
        option_start,
        option_row,
        option_points,
        np.array(T.yahtzee, dtype=np.int64),
        five_case,
        five_bonus,
        np.array(list(plain), dtype=np.int64),
        np.array(list(plain.values()), dtype=np.float64),
        np.array([LOWER_ROW[b] for b in raised], dtype=np.int64),
        np.array(list(raised.values()), dtype=np.float64),
        lay.cap,
        rules.upper_bonus_threshold if rules.upper_bonus else lay.cap + 1,
        float(rules.upper_bonus_points if rules.upper_bonus else 0),
        int(uses_flag(rules)),
        float(rules.penta_points),
    )
    return add_one, sub_start, sub_keep, np.array(T.probs, dtype=np.float64), scoring


class Groups(NamedTuple):
    """The groups of states the kernel solves: (filled boxes, Penta flag) with their upper
    totals 0 to ``lanes - 1`` (at most the cap; no higher total can be reached), by layer."""

    masks: np.ndarray
    flags: np.ndarray
    lanes: np.ndarray
    filled: np.ndarray
    """Number of filled boxes of each group."""


def groups(rules: Rules) -> Groups:
    """Every group of ``rules``, from 12 filled boxes down to none.

    >>> g = groups(Rules())
    >>> len(g.masks), int(g.lanes.sum()), g.filled[:3].tolist()
    (12286, 591232, [12, 12, 12])
    """
    cap = layout(rules).cap
    masks = np.arange((1 << N_BOXES) - 1, dtype=np.int64)
    filled = np.array([m.bit_count() for m in range(len(masks))], dtype=np.int64)
    faces = np.arange(1, N_UPPER + 1)
    most = ((masks[:, None] >> (faces - 1)) & 1) @ (5 * faces)
    lanes = np.minimum(most, cap) + 1
    two = (((masks >> PENTA) & 1) == 1) & uses_flag(rules)
    masks = np.concatenate([masks, masks[two]])
    flags = np.concatenate([np.zeros(len(two), dtype=np.int64), np.ones(two.sum(), np.int64)])
    lanes = np.concatenate([lanes, lanes[two]])
    filled = np.concatenate([filled, filled[two]])
    order = np.lexsort((flags, masks, -filled))
    return Groups(masks[order], flags[order], lanes[order], filled[order])


def reachable(rules: Rules) -> np.ndarray:
    """(8192, 2, cap + 1) bool: which (mask, flag, upper total) a game can reach.

    >>> r = reachable(Rules())
    >>> int(r.sum()), bool(r[0, 0, 0]), bool(r[0, 0, 1])
    (536448, True, False)
    """
    cap = layout(rules).cap
    totals = np.zeros((1 << N_UPPER, cap + 1), dtype=bool)
    totals[0, 0] = True
    for upper in range(1, 1 << N_UPPER):
        b = (upper & -upper).bit_length() - 1
        before = totals[upper & ~(1 << b)]
        for c in range(6):
            gain = (b + 1) * c
            totals[upper, np.minimum(np.flatnonzero(before) + gain, cap)] = True
    masks = np.arange(1 << N_BOXES)
    out = np.zeros((1 << N_BOXES, 2, cap + 1), dtype=bool)
    out[:, 0] = totals[masks & ((1 << N_UPPER) - 1)]
    if uses_flag(rules):
        penta = ((masks >> PENTA) & 1) == 1
        out[penta, 1] = out[penta, 0]
    return out


@cache
def prepare_build() -> None:
    """Import numba and load the build's compiled kernel now (about half a second; its
    compilation, once per machine, takes longer), so that the next :func:`build_table`
    starts at once: an app can call it in the background while a learner edits the rules.
    Only the first call does anything.

    >>> prepare_build()
    """
    build_table(Rules(), down_to=N_BOXES - 1, workers=1)


def build_table(
    rules: Rules,
    progress: Callable[[float], None] | None = None,
    *,
    chunk: int = 64,
    workers: int | None = None,
    down_to: int = 0,
) -> np.ndarray:
    """The value table of ``rules``: ``V[layout(rules).index(mask, up, flag)]`` for every
    reachable state.

    Unreachable entries are NaN. ``progress`` is called with the fraction done (0 to 1).
    States with the same number of filled boxes are independent: each layer is cut into
    parts of about ``chunk`` groups (:func:`groups`), solved by the compiled kernel of
    :mod:`dicelab.penta.solver_kernel` on ``workers`` threads. ``down_to`` > 0 solves
    only the states with at least that many filled boxes (the others stay NaN): the end of
    a game, in a fraction of the time.

    >>> V = build_table(Rules.custom("house", full_house_points=30), down_to=12)
    >>> round(float(V[layout(Rules()).index(2**13 - 1 - 2**8, 0, 0)]), 6)  # Full house open: 30 x P
    10.886486
    """
    from dicelab.penta.solver_kernel import solve_groups  # numba: only when a table is built

    lay = layout(rules)
    W = np.zeros((1 << N_BOXES, lay.n_up, 2))  # flat: the table, in the layout's order
    inputs = kernel_inputs(rules)
    g = groups(rules)

    def solve(part: slice) -> None:
        solve_groups(W, g.masks[part], g.flags[part], g.lanes[part], *inputs)

    # The kernel loaded (or compiled) once, here, before the threads: threads calling it
    # first together would each load it, and the build peaked 35 MB higher (209 MB).
    solve(slice(0, 0))
    solve_by_layer(g, solve, chunk=chunk, workers=workers, progress=progress, down_to=down_to)
    return unsolved_to_nan(rules, W, down_to)


def solve_by_layer(
    g: Groups,
    solve: Callable[[slice], None],
    *,
    chunk: int,
    workers: int | None,
    progress: Callable[[float], None] | None,
    down_to: int,
) -> None:
    """Run ``solve`` over the groups ``g`` from 12 filled boxes down to ``down_to`` (each layer
    needs only the ones after it), in parts of about ``chunk`` groups on ``workers`` threads;
    ``progress`` gets the fraction done, by lanes."""
    workers = default_workers() if workers is None else max(1, int(workers))
    todo = g.filled >= down_to
    weight = np.cumsum(g.lanes * todo) / max(1, int((g.lanes * todo).sum()))

    def run(part: slice) -> float:
        solve(part)
        return float(weight[part.stop - 1])

    if progress is not None:
        progress(0.0)
    pool = ThreadPoolExecutor(workers) if workers > 1 else None
    try:
        for f in range(N_BOXES - 1, down_to - 1, -1):
            start, stop = np.flatnonzero(g.filled == f)[[0, -1]]
            bounds = np.linspace(start, stop + 1, max(1, round((stop + 1 - start) / chunk)) + 1)
            parts = [slice(a, b) for a, b in itertools.pairwise(bounds.astype(int))]
            results = pool.map(run, parts) if pool is not None else map(run, parts)
            for done in results:
                if progress is not None:
                    progress(done)
    finally:
        if pool is not None:
            pool.shutdown()


def unsolved_to_nan(rules: Rules, W: np.ndarray, down_to: int) -> np.ndarray:
    """The table ``W`` (8192, n_up, 2) flat, NaN where a game cannot go and below
    ``down_to`` filled boxes (not solved)."""
    W[~reachable(rules).transpose(0, 2, 1)] = np.nan
    W[np.array([m.bit_count() for m in range(1 << N_BOXES)]) < down_to] = np.nan
    return W.reshape(-1)


def solve_layers(
    layers: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]],
    solve: Callable[[tuple[np.ndarray, np.ndarray, np.ndarray]], int],
    *,
    chunk: int,
    workers: int,
    progress: Callable[[float], None] | None = None,
    down_to: int = 0,
) -> None:
    """Run ``solve`` over every state of ``layers[N_BOXES - 1]`` down to ``layers[down_to]``
    (each layer needs only the ones after it), in parts of about ``chunk`` states on
    ``workers`` threads; ``solve`` returns how many states it solved, ``progress`` gets the
    fraction done.
    """
    total = sum(len(m) for m, _, _ in layers[down_to:N_BOXES])
    done = 0
    if progress is not None:
        progress(0.0)
    pool = ThreadPoolExecutor(workers) if workers > 1 else None
    try:
        for f in range(N_BOXES - 1, down_to - 1, -1):
            parts = _chunks(layers[f], chunk)
            results = pool.map(solve, parts) if pool is not None else map(solve, parts)
            for n in results:
                done += n
                if progress is not None:
                    progress(done / total)
    finally:
        if pool is not None:
            pool.shutdown()


def _chunks(
    layer: tuple[np.ndarray, np.ndarray, np.ndarray], chunk: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The states of one layer cut into nearly equal parts of about ``chunk`` states.

    >>> [len(m) for m, _, _ in _chunks((np.arange(10),) * 3, 3)]
    [3, 3, 4]
    """
    masks, ups, flags = layer
    pieces = max(1, round(len(masks) / chunk))
    bounds = np.linspace(0, len(masks), pieces + 1).astype(int)
    return [(masks[a:b], ups[a:b], flags[a:b]) for a, b in itertools.pairwise(bounds)]


def legal_points(rules: Rules, mask, flag, rolls) -> tuple[np.ndarray, np.ndarray]:
    """The boxes each roll may go in, vectorised: ((n, 13) box points, -1 where not allowed;
    (n,) Penta bonus), for states with filled-box ``mask`` and Penta flag ``flag``.

    The same rules as :meth:`dicelab.penta.scorecard.Scorecard.options` (a test compares them).

    >>> T = tables()
    >>> points, bonus = legal_points(Rules(), np.array([PENTA_BIT]), np.array([1]),
    ...                              T.yahtzee[3:4])
    >>> points[0].tolist(), bonus.tolist()
    ([-1, -1, -1, 20, -1, -1, -1, -1, -1, -1, -1, -1, -1], [100])
    """
    T = tables()
    mask = np.asarray(mask, dtype=np.int64)
    flag = np.asarray(flag, dtype=np.int64)
    rolls = np.asarray(rolls, dtype=np.intp)
    is_open = ((mask[:, None] >> np.arange(N_BOXES)) & 1) == 0
    points = raw_table(rules)[rolls].astype(np.int64)
    face = T.five_face[rolls]
    five = face > 0
    penta_filled = ~is_open[:, PENTA]
    armed = (flag == 1) & penta_filled
    own_open = is_open[np.arange(len(rolls)), np.maximum(face, 1) - 1] & five
    lower = np.zeros(N_BOXES, dtype=bool)
    lower[list(LOWER_IDX)] = True
    lower_open = (is_open & lower).any(axis=1)
    facts = joker.Facts(five, penta_filled, armed, own_open, lower_open)
    bonus = np.where(joker.earns_penta_bonus(rules, facts), rules.penta_bonus_points, 0)
    legal = is_open.copy()
    joker_boxes = list(joker_points(rules))
    joker_values = np.array(list(joker_points(rules).values()))
    for case, where in joker.case_masks(rules, facts).items():
        allowed = joker.allowed_table(case)[np.maximum(face, 1) - 1]
        legal = np.where(where[:, None], is_open & allowed, legal)
        if joker.raises_points(case):
            raised = np.where(where[:, None], joker_values, points[:, joker_boxes])
            points[:, joker_boxes] = raised
    points[~legal] = -1
    return points, bonus


def box_values(rules: Rules, V: np.ndarray, mask, up, flag, rolls) -> np.ndarray:
    """(n, 13) value of scoring each roll in each box now: points, bonuses and ``V`` of the
    next state; -inf where the box is not allowed."""
    mask = np.asarray(mask, dtype=np.int64)
    up = np.asarray(up, dtype=np.int64)
    flag = np.asarray(flag, dtype=np.int64)
    lay = layout(rules)
    points, bonus = legal_points(rules, mask, flag, rolls)
    bits = 1 << np.arange(N_BOXES)
    new_mask = mask[:, None] | bits
    is_upper = np.arange(N_BOXES) < N_UPPER
    raw_up = up[:, None] + np.where(is_upper, np.maximum(points, 0), 0)
    new_up = np.minimum(raw_up, lay.cap)
    new_flag = np.broadcast_to(flag[:, None], points.shape).copy()
    new_flag[:, PENTA] = (points[:, PENTA] == rules.penta_points) & uses_flag(rules)
    value = points + bonus[:, None] + V[lay.index(new_mask, new_up, new_flag)]
    value = value + upper_bonus_earned(rules, up[:, None], raw_up)
    return np.where(points >= 0, value, -np.inf)
