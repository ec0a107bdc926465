"""Exact second moments of Penta's final score under the optimal policy: standard deviations.

The value table of :class:`~dicelab.penta.solver.Solver` holds ``V(s)``, the expected points
still to come from a turn-start state ``s`` under optimal play. :class:`Moments` adds a second
table, ``W(s)``, the expected SQUARE of those points under the same policy, so that the
standard deviation of the final score from any moment of a game is exact:
``sd = sqrt(W - V**2)``.

>>> moments = Moments("official")  # loaded from the cache, else built (a few seconds)
>>> round(moments.start_sd(), 4)  # the official game's: dicelab's own figure, not a published one
59.6079

Verhoeff's published 59.61 is the standard deviation under his rules, the free joker:

>>> round(Moments("free-joker").start_sd(), 4)
59.6117

The policy is the solver's: in every situation the first best action within its tie tolerance
(boxes in scorecard order first, then keeps by size then value), so that a game played by the
optimal player has exactly these moments. Within a turn, if the chosen action leads to the next
state ``s'`` after ``g`` points, ``E[(g + X')**2] = (g + V(s'))**2 + Var(s')``: the square of
the action's value plus the variance of where it leads; keeps average these over the re-rolled
dice like the values.

A small example whose table is a single turn (every box but Chance filled) needs no build:

>>> from dicelab.penta.scorecard import Scorecard
>>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
>>> sds = Moments().option_sds(card, (6, 6, 6, 6, 5), rolls_left=1)
>>> sds["chance"], round(sds[(6, 6, 6, 6)], 4)
(0.0, 1.7078)

Tables are cached beside the value tables (see :mod:`dicelab.cache`), keyed by the rule set,
:data:`~dicelab.penta.solver.SOLVER_VERSION` and :data:`MOMENTS_VERSION`.
"""

from __future__ import annotations

import argparse
import math
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dicelab import cache
from dicelab.cache import Progress, cache_dir, load_array, save_array
from dicelab.dice import sorted_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import format_number, msg
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import Scorecard, check_rules
from dicelab.penta.solver import SOLVER_VERSION, Solver, file_label, text_progress

# -- the solver's internals this module reads (kept in one place) ----------------------------
from dicelab.penta.solver_tables import (
    Groups,
    average_rerolls,
    box_values,
    default_workers,
    final_roll_values,
    groups,
    kernel_inputs,
    layer_states,
    layout,
    legal_points,
    option_rows,
    raw_table,
    solve_by_layer,
    solve_layers,
    tables,
    unsolved_to_nan,
    uses_flag,
)

__all__ = [
    "MOMENTS_VERSION",
    "Moments",
    "build_moments",
    "main",
    "moments_path",
    "reference_moments",
]

MOMENTS_VERSION = 1
"""Bumped whenever the second-moment table's content or layout changes."""

_TIE = 1e-9  # the solver's tie tolerance (Solver.best_action)
_STOP = -1  # rank of "score now": boxes come before every keep in the solver's order
_N_BOXES = len(BOXES)
_BOX_INDEX = {box: i for i, box in enumerate(BOXES)}
_N_UPPER = 6


def moments_path(rules: Rules | str | None = None, directory: Path | str | None = None) -> Path:
    """The cache file of the second-moment table of ``rules``.

    >>> moments_path("official", "/tmp/t").name
    'penta-moments-official-ca5578ac5c-v2-m1.npy'
    """
    rules = check_rules(rules)
    digest = rules.digest
    folder = Path(directory) if directory is not None else cache_dir()
    label = file_label(rules)
    name = f"penta-moments-{label}-{digest}-v{SOLVER_VERSION}-m{MOMENTS_VERSION}.npy"
    return folder / name


# -- static index tables ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Index:
    """Index tables for the final roll and the tie rule (shared by every rule set; the
    points a lower box adds on top of its option row are the rules' :func:`_lower_points`)."""

    rows: np.ndarray  # (252, 13) option row of each (roll, box) for an ordinary roll
    ordinary: np.ndarray  # (246,) rolls that are not five equal dice
    rank: np.ndarray  # (462,) rank of each keep in the solver's order
    keep_of_rank: np.ndarray  # (462,) the keep row of each rank


_INDEX: _Index | None = None


def _index() -> _Index:
    global _INDEX
    if _INDEX is None:
        T = tables()
        rolls = T.keeps[T.offsets[5] :]
        rows = np.zeros((len(rolls), _N_BOXES), dtype=np.intp)
        lower_rows = 6 * _N_UPPER
        lower = [b for b in range(_N_BOXES) if b >= _N_UPPER]
        for r, roll in enumerate(rolls):
            for b in range(_N_UPPER):
                rows[r, b] = 6 * b + roll.count(b + 1)
            for i, b in enumerate(lower):
                rows[r, b] = lower_rows + i
        ordinary = np.setdiff1d(np.arange(len(rolls)), T.yahtzee)
        order = sorted(range(T.n_keeps), key=lambda k: (len(T.keeps[k]), T.keeps[k]))
        rank = np.empty(T.n_keeps, dtype=np.int64)
        rank[order] = np.arange(T.n_keeps)
        _INDEX = _Index(rows, ordinary, rank, np.array(order, dtype=np.intp))
    return _INDEX


def _lower_points(rules: Rules) -> np.ndarray:
    """(252, 13) the points a lower box adds on top of its option row (0 for upper boxes,
    whose rows hold their points), under ``rules``."""
    points = raw_table(rules).copy()
    points[:, :_N_UPPER] = 0.0
    return points


# -- one chunk of states ----------------------------------------------------------------------


@dataclass
class _TurnMoments:
    """The first and second moments of every choice of a turn, for a chunk of states.

    ``hand_*[i]``: (252, S) the value and second moment of a roll with ``i`` rolls left, the
    turn played optimally; ``keep_*[i]``: (462, S) of each keep with ``i`` rolls left after it
    (``i`` = 1, 2); ``box_var``: (252, 13, S) the variance of the state after each box (NaN
    where not allowed); ``choice[i]``: the solver's choice for each roll with ``i`` rolls left
    (a box index with none, else a keep row, 462 for scoring now).
    """

    hand_v: list[np.ndarray]
    hand_e2: list[np.ndarray]
    keep_v: dict[int, np.ndarray]
    keep_e2: dict[int, np.ndarray]
    box_var: np.ndarray | None
    choice: list[np.ndarray]  # (252, S): the box with 0 rolls left, then keep rows (462: score)


def _average(hand: np.ndarray, K: np.ndarray) -> np.ndarray:
    """Into ``K`` (462, S): the mean of ``hand`` over the dice each keep re-rolls, as the
    solver averages its values (:func:`~dicelab.penta.solver_tables.average_rerolls`)."""
    off = tables().offsets
    return average_rerolls(hand, K, _buffer("scratch", (6 * (off[5] - off[4]), hand.shape[1])))


def _choices(keep_v: np.ndarray, now: np.ndarray) -> np.ndarray:
    """(252, S) the solver's choice for each roll: a keep row, or 462 for scoring now.

    The best keep is found one die at a time over sub-multisets (like the value recursion); a
    candidate replaces the current one when it is better by more than the tie tolerance, or
    as good within it and earlier in the solver's order (its rank).
    """
    T = tables()
    off = T.offsets
    ix = _index()
    S = now.shape[1]
    best_v = _buffer("best_v", (T.n_keeps, S))
    best_r = _buffer("best_r", (T.n_keeps, S), np.int16)
    rows_5 = off[6] - off[5]
    gathered_v = _buffer("gathered_v", (rows_5, S))
    gathered_r = _buffer("gathered_r", (rows_5, S), np.int16)
    diff = _buffer("diff", (rows_5, S))
    flag_a = _buffer("flag_a", (rows_5, S), np.bool_)
    flag_b = _buffer("flag_b", (rows_5, S), np.bool_)
    best_v[0] = keep_v[0]
    best_r[0] = ix.rank[0]
    for j in range(1, 6):
        lo, hi = off[j], off[j + 1]
        cur_v, cur_r = best_v[lo:hi], best_r[lo:hi]
        if j < 5:
            cur_v[:] = keep_v[lo:hi]
            cur_r[:] = ix.rank[lo:hi, None]
        else:
            cur_v[:] = now
            cur_r[:] = _STOP
        drop = T.drop_one_t[j]
        for i in range(j):
            n = T.distinct_prefix[j][i]
            if n == 0:
                break
            cand_v = np.take(best_v, drop[i, :n], axis=0, out=gathered_v[:n])
            cand_r = np.take(best_r, drop[i, :n], axis=0, out=gathered_r[:n])
            v, r = cur_v[:n], cur_r[:n]
            gain = np.subtract(cand_v, v, out=diff[:n])
            better = np.greater(gain, _TIE, out=flag_a[:n])
            near = np.greater_equal(gain, -_TIE, out=flag_b[:n])
            near &= cand_r < r
            better |= near
            np.copyto(v, cand_v, where=better)
            np.copyto(r, cand_r, where=better)
    rolls = best_r[off[5] :]
    return np.where(rolls == _STOP, T.n_keeps, ix.keep_of_rank[np.maximum(rolls, 0)])


_LOCAL = threading.local()
_ZERO: dict[int, np.ndarray] = {}


def _zero(size: int) -> np.ndarray:
    """A table of ``size`` zeros (the values of complete cards), made once per size."""
    if size not in _ZERO:
        zero = np.zeros(size)
        zero.flags.writeable = False
        _ZERO[size] = zero
    return _ZERO[size]


def _column(turn: _TurnMoments, i: int) -> _TurnMoments:
    """State ``i`` of a chunk's moments, as a chunk of one."""
    cut = slice(i, i + 1)
    return _TurnMoments(
        [a[:, cut].copy() for a in turn.hand_v],
        [a[:, cut].copy() for a in turn.hand_e2],
        {k: a[:, cut].copy() for k, a in turn.keep_v.items()},
        {k: a[:, cut].copy() for k, a in turn.keep_e2.items()},
        None if turn.box_var is None else turn.box_var[:, :, cut].copy(),
        [a[:, cut].copy() for a in turn.choice],
    )


def _buffer(name: str, shape: tuple[int, ...], dtype: type = np.float64) -> np.ndarray:
    """A work buffer of this thread, reused between calls (fresh pages are slow to fault in)."""
    found = getattr(_LOCAL, name, None)
    if found is None or found.shape != shape or found.dtype != dtype:
        found = np.empty(shape, dtype=dtype)
        setattr(_LOCAL, name, found)
    return found


def _box_var(rules: Rules, ovs, ovar, now, five, mask) -> tuple[np.ndarray, np.ndarray]:
    """(252, S) the box the solver picks for each roll, the first within the tie tolerance of
    the best (``now``), and the variance of the state after it."""
    T = tables()
    ix = _index()
    lower_points = _lower_points(rules)
    S = now.shape[1]
    boxes = np.zeros((len(T.probs), S), dtype=np.intp)
    limit = now - _TIE
    value = _buffer("box_value", (len(T.probs), S))
    hit = _buffer("box_hit", (len(T.probs), S), np.bool_)
    for b in range(_N_BOXES - 1, -1, -1):  # the last write is the first box in order
        if not ((mask >> b) & 1 == 0).any():
            continue  # filled in every state of the chunk
        np.take(ovs, ix.rows[:, b], axis=0, out=value)
        if b >= _N_UPPER:
            value += lower_points[:, b, None]
        np.greater_equal(value, limit, out=hit)
        np.copyto(boxes, b, where=hit)
    top = five[0].max(axis=1, keepdims=True)
    box = np.argmax(five[0] >= top - _TIE, axis=1)
    rows = np.take_along_axis(ix.rows, boxes, axis=1)  # (252, S) option row of each choice
    chosen = np.take(ovar, rows * S + np.arange(S)[None, :])
    chosen[T.yahtzee] = five[1][np.arange(len(box)), box].reshape(len(T.yahtzee), S)
    boxes[T.yahtzee] = box.reshape(len(T.yahtzee), S)
    return boxes, chosen


def _five_boxes(rules: Rules, V, VW, mask, up, flag) -> tuple[np.ndarray, np.ndarray]:
    """For the six rolls of five equal dice (face-major, then state): (6S, 13) box values
    and the variance of the state after each box (the joker rules are the solver's).

    ``VW`` is the table ``V + Var``: the difference of the two box values is ``Var`` of the
    next state."""
    T = tables()
    S = len(mask)
    rep = np.tile(np.arange(S), len(T.yahtzee))
    rolls = np.repeat(T.yahtzee, S)
    m, u, f = mask[rep], up[rep], flag[rep]
    values = box_values(rules, V, m, u, f, rolls)
    with np.errstate(invalid="ignore"):
        spread = box_values(rules, VW, m, u, f, rolls) - values
    return values, spread


def _turn_moments(
    rules: Rules, V: np.ndarray, VW: np.ndarray, mask, up, flag, *, keep_all: bool = False
) -> _TurnMoments:
    """The moments of a turn from each state of a chunk, its successors solved: ``V`` is the
    value table, ``VW`` the table of ``V + Var`` (value plus variance)."""
    T = tables()
    S = len(mask)
    ovs = option_rows(rules, V, mask, up, flag)
    # Var of the next state of each option row: the rows' constants cancel.
    with np.errstate(invalid="ignore"):
        ovar = option_rows(rules, VW, mask, up, flag) - ovs
    now = final_roll_values(rules, ovs, mask, flag, np.empty((len(T.probs), S)))
    five = _five_boxes(rules, V, VW, mask, up, flag)
    boxes, chosen_var = _box_var(rules, ovs, ovar, now, five, mask)
    hand_v = [now]
    hand_e2 = [now * now + chosen_var]
    choices = [boxes]
    keep_v: dict[int, np.ndarray] = {}
    keep_e2: dict[int, np.ndarray] = {}
    flat = np.arange(S)[None, :]
    for left in (1, 2):
        both = _buffer(f"both{left}", (T.n_keeps, 2 * S))
        both[T.offsets[5] :, :S] = hand_v[-1]
        both[T.offsets[5] :, S:] = hand_e2[-1]
        _average(both[T.offsets[5] :], both)
        if keep_all:
            both = both.copy()
        kv, ke2 = both[:, :S], both[:, S:]
        choice = _choices(kv, now)
        stop = choice == T.n_keeps
        at = np.minimum(choice, T.n_keeps - 1) * (2 * S) + flat  # flat positions in both
        hand_v.append(np.where(stop, now, np.take(both, at)))
        hand_e2.append(np.where(stop, hand_e2[0], np.take(both, at + S)))
        keep_v[left], keep_e2[left] = kv, ke2
        choices.append(choice)
    box_var = None
    if keep_all:
        box_var = np.take(ovar, _index().rows, axis=0)
        box_var[T.yahtzee] = five[1].reshape(len(T.yahtzee), S, _N_BOXES).transpose(0, 2, 1)
    return _TurnMoments(hand_v, hand_e2, keep_v, keep_e2, box_var, choices)


# -- the table --------------------------------------------------------------------------------


def build_moments(
    rules: Rules,
    V: np.ndarray,
    progress: Progress | None = None,
    *,
    chunk: int = 64,
    workers: int | None = None,
    down_to: int = 0,
) -> np.ndarray:
    """``W[layout(rules).index(mask, up, flag)]``: E[(points still to come)**2] under the optimal
    policy of the value table ``V`` (NaN for unreachable states, and for states with fewer than
    ``down_to`` filled boxes), by the compiled kernel of :mod:`dicelab.penta.moments_kernel`
    on ``workers`` threads: a whole table in about 2 s (:func:`reference_moments`, in NumPy,
    25-30 s)."""
    from dicelab.penta.moments_kernel import moment_groups  # numba: only when a table is built

    lay = layout(rules)
    shape = (1 << _N_BOXES, lay.n_up, 2)
    W = np.zeros(shape)
    VW = np.zeros(shape)  # value plus variance
    values = np.ascontiguousarray(V).reshape(shape)
    g = groups(rules)
    inputs = _kernel_inputs(rules)
    five_points, five_bonus = _five_equal_points(rules, g)

    def solve(part: slice) -> None:
        moment_groups(
            W,
            values,
            VW,
            g.masks[part],
            g.flags[part],
            g.lanes[part],
            five_points[part],
            five_bonus[part],
            *inputs,
        )

    solve(slice(0, 0))  # loaded (or compiled) once, before the threads
    solve_by_layer(g, solve, chunk=chunk, workers=workers, progress=progress, down_to=down_to)
    return unsolved_to_nan(rules, W, down_to)


def _kernel_inputs(rules: Rules) -> tuple:
    """What :func:`~dicelab.penta.moments_kernel.moment_groups` reads after each group's
    five equal dice: the solver kernel's index arrays and rules, the tie order and the tie."""
    ix = _index()
    add_one, sub_start, sub_keep, probs, scoring = kernel_inputs(rules)
    cap, threshold, bonus, flag_after, penta = scoring[-5:]
    return (
        add_one,
        sub_start,
        sub_keep,
        probs,
        ix.rows.astype(np.int64),
        _lower_points(rules),
        _five_of(),
        ix.rank,
        ix.keep_of_rank.astype(np.int64),
        cap,
        threshold,
        bonus,
        flag_after,
        penta,
        _TIE,
    )


def _five_of() -> np.ndarray:
    """(252,) the face - 1 of each roll of five equal dice, -1 for the others."""
    five_of = np.full(len(tables().probs), -1, dtype=np.int64)
    five_of[tables().yahtzee] = np.arange(len(tables().yahtzee))
    return five_of


def _five_equal_points(rules: Rules, g: Groups) -> tuple[np.ndarray, np.ndarray]:
    """For each group: (6, 13) the legal points of five equal dice of each face in each box
    (-1: not allowed, by the joker rules) and (6,) the Penta bonus they earn."""
    T = tables()
    faces = len(T.yahtzee)
    rolls = np.tile(T.yahtzee, len(g.masks))
    points, bonus = legal_points(rules, np.repeat(g.masks, faces), np.repeat(g.flags, faces), rolls)
    return (
        points.astype(np.float64).reshape(len(g.masks), faces, _N_BOXES),
        bonus.astype(np.float64).reshape(len(g.masks), faces),
    )


def reference_moments(
    rules: Rules,
    V: np.ndarray,
    progress: Progress | None = None,
    *,
    chunk: int = 256,
    workers: int | None = None,
    down_to: int = 0,
) -> np.ndarray:
    """:func:`build_moments` in NumPy, chunk by chunk of states (:func:`_turn_moments`, the
    turn the reviews read): the reference the compiled kernel is checked against."""
    workers = default_workers() if workers is None else max(1, int(workers))
    lay = layout(rules)
    W = np.full(lay.n_states, np.nan)
    VW = np.full(lay.n_states, np.nan)  # value plus variance
    layers = layer_states(rules)
    full = lay.index(*layers[_N_BOXES])
    W[full] = 0.0
    VW[full] = 0.0
    probs = tables().probs

    def solve(part: tuple[np.ndarray, np.ndarray, np.ndarray]) -> int:
        mask, up, flag = part
        turn = _turn_moments(rules, V, VW, mask, up, flag)
        keys = lay.index(mask, up, flag)
        W[keys] = probs @ turn.hand_e2[2]
        VW[keys] = V[keys] + (W[keys] - V[keys] ** 2)
        return len(mask)

    solve_layers(layers, solve, chunk=chunk, workers=workers, progress=progress, down_to=down_to)
    return W


# -- the public object ------------------------------------------------------------------------


class Moments:
    """The second-moment table of one rule set, beside its :class:`Solver`.

    ``rules`` is a preset name, a :class:`Rules` or a :class:`Solver` (whose value table is
    used). The table is read from the cache, or built (a few seconds) and cached.
    """

    def __init__(
        self,
        rules: Rules | str | Solver | None = None,
        *,
        progress: Progress | None = None,
        cache: bool = True,
        directory: Path | str | None = None,
    ) -> None:
        self._solver = rules if isinstance(rules, Solver) else Solver(rules, directory=directory)
        self._progress = progress
        self._cache = cache
        self._directory = directory
        self._table: np.ndarray | None = None
        self._turns: OrderedDict[int, _TurnMoments] = OrderedDict()
        self._vw: np.ndarray | None = None
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"Moments({self.rules.name!r})"

    @property
    def solver(self) -> Solver:
        """The solver whose policy these moments follow."""
        return self._solver

    @property
    def rules(self) -> Rules:
        """The rule set."""
        return self._solver.rules

    @property
    def path(self) -> Path:
        """The cache file of this table."""
        return moments_path(self.rules, self._directory)

    @property
    def table(self) -> np.ndarray:
        """``W[layout(rules).index(mask, up, flag)]``: E[(points still to come)**2] (NaN:
        unreachable)."""
        if self._table is None:
            self.build()
        assert self._table is not None
        return self._table

    def build(self, progress: Progress | None = None, *, force: bool = False) -> Moments:
        """Load the table from the cache, or compute (and cache) it; returns ``self``."""
        with self._lock:
            if self._table is not None and not force:
                return self
            progress = progress if progress is not None else self._progress
            shape = (layout(self.rules).n_states,)
            table = load_array(self.path, shape) if self._cache and not force else None
            if table is None:
                table = build_moments(self.rules, self._solver.table, progress)
                if self._cache:
                    save_array(self.path, table)
            elif progress is not None:
                progress(1.0)
            table.flags.writeable = False
            self._table = table
            self._vw = None
            self._turns.clear()
            return self

    # -- states -----------------------------------------------------------------------------

    def _key(self, card: Scorecard) -> int:
        if not isinstance(card, Scorecard) or card.rules != self.rules:
            raise IllegalMove(
                msg("A situation needs a Scorecard of the {rules} rules.", rules=self.rules.name)
            )
        mask = sum(1 << _BOX_INDEX[box] for box in card.filled)
        lay = layout(self.rules)
        up = min(card.upper_total, lay.cap)
        flag = int(uses_flag(self.rules) and card.points("penta") == self.rules.penta_points)
        return int(lay.index(mask, up, flag))

    def second_moment(self, card: Scorecard) -> float:
        """E[(points still to come)**2] from the start of a turn on ``card``."""
        if card.is_complete:
            self._key(card)
            return 0.0
        return float(self.table[self._key(card)])

    def variance(self, card: Scorecard) -> float:
        """The variance of the final score from the start of a turn on ``card``."""
        value = self._solver.state_value(card)
        return max(0.0, self.second_moment(card) - value * value)

    def final_sd(self, card: Scorecard) -> float:
        """The standard deviation of the final score from the start of a turn on ``card``."""
        return math.sqrt(self.variance(card))

    def start_sd(self) -> float:
        """The standard deviation of a whole solitaire game's score under optimal play."""
        return self.final_sd(Scorecard(self.rules))

    def _tables(self, last: bool) -> tuple[np.ndarray, np.ndarray]:
        """The tables ``V`` and ``V + Var`` a turn's moments read (zeros for the last turn,
        whose next states are all complete cards: no table is needed)."""
        if last:
            return _zero(layout(self.rules).n_states), _zero(layout(self.rules).n_states)
        if self._vw is None:
            V = self._solver.table
            with np.errstate(invalid="ignore"):
                self._vw = V + (self.table - V * V)
        return self._solver.table, self._vw

    def prepare(self, cards: Iterable[Scorecard]) -> None:
        """Compute the turns of many cards at once (a review asks for every turn of a game)."""
        keys = {self._key(card) for card in cards if not card.is_complete}
        with self._lock:
            missing = sorted(key for key in keys if key not in self._turns)
        if not missing:
            return
        states = np.array(missing, dtype=np.int64)
        mask, up, flag = layout(self.rules).split(states)
        last = np.array([int(m).bit_count() == _N_BOXES - 1 for m in mask])
        for is_last in (True, False):
            group = last if is_last else ~last
            if not group.any():
                continue
            V, VW = self._tables(is_last)
            turn = _turn_moments(
                self.rules, V, VW, mask[group], up[group], flag[group], keep_all=True
            )
            with self._lock:
                for i, key in enumerate(states[group]):
                    self._turns[int(key)] = _column(turn, i)
                while len(self._turns) > 512:
                    self._turns.popitem(last=False)

    def _turn(self, card: Scorecard) -> _TurnMoments:
        if card.is_complete:
            raise IllegalMove(msg("The scorecard is complete: there are no dice to score."))
        key = self._key(card)
        with self._lock:
            turn = self._turns.get(key)
            if turn is not None:
                self._turns.move_to_end(key)
                return turn
        self.prepare([card])
        with self._lock:
            return self._turns[key]

    def option_sds(
        self, card: Scorecard, dice: Iterable[int], rolls_left: int
    ) -> dict[str | tuple[int, ...], float]:
        """The standard deviation of the final score after each legal action, optimal play
        from then on (same actions and order as :meth:`Solver.option_values`)."""
        values = self._solver.option_values(card, dice, rolls_left)
        dice = sorted_dice(dice, 5)
        turn = self._turn(card)
        T = tables()
        r = T.index[dice] - T.offsets[5]
        assert turn.box_var is not None
        out: dict[str | tuple[int, ...], float] = {}
        for action in values:
            if isinstance(action, str):
                spread = float(turn.box_var[r, _BOX_INDEX[action], 0])
            else:
                k = T.index[action]
                mean = float(turn.keep_v[rolls_left][k, 0])
                spread = float(turn.keep_e2[rolls_left][k, 0]) - mean * mean
            out[action] = math.sqrt(max(0.0, spread))
        return out

    def fill_chances_after(
        self, card: Scorecard, keep: Iterable[int], rolls_left: int
    ) -> dict[str, float]:
        """The chance that each open box takes this turn's dice if ``keep`` is held now, with
        ``rolls_left`` (1 or 2) rolls left before the re-roll, optimal play afterwards.

        >>> from dicelab.penta.scorecard import Scorecard
        >>> open_boxes = ("sixes", "chance")
        >>> card = Scorecard.from_filled({box: 0 for box in BOXES if box not in open_boxes})
        >>> chances = Moments().fill_chances_after(card, (6, 6, 6), rolls_left=1)
        >>> {box: round(chance, 4) for box, chance in chances.items()}
        {'sixes': 1.0, 'chance': 0.0}
        """
        T = tables()
        keep = tuple(sorted_dice(keep, len(tuple(keep))))
        if rolls_left not in (1, 2) or len(keep) > 4:
            raise IllegalMove(msg("A keep holds 0 to 4 dice, with 1 or 2 rolls left."))
        turn = self._turn(card)
        dist = np.zeros((len(T.probs), _N_BOXES))
        dist[np.arange(len(T.probs)), turn.choice[0][:, 0]] = 1.0
        score_now = dist.copy()
        for left in range(1, rolls_left):
            choice = turn.choice[left][:, 0]
            stop = choice == T.n_keeps
            after = T.transition[np.minimum(choice, T.n_keeps - 1)] @ dist
            dist = np.where(stop[:, None], score_now, after)
        chances = T.transition[T.index[keep]] @ dist
        return {box: float(chances[_BOX_INDEX[box]]) for box in card.open_boxes}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dicelab.penta.moments [PRESET ...]``: build and cache second-moment tables
    (and the value tables they need)."""
    parser = argparse.ArgumentParser(
        prog="python -m dicelab.penta.moments",
        description=str(msg("Build the tables of standard deviations of Penta's final score.")),
    )
    parser.add_argument(
        "presets", nargs="*", metavar="PRESET", help=", ".join(PRESETS) + " (default: all)"
    )
    args = parser.parse_args(argv)
    for name in args.presets:
        if name not in PRESETS:
            parser.error(str(msg("Unknown preset {name}.", name=repr(name))))
    for name in args.presets or list(PRESETS):
        moments = Moments(name)
        moments.solver.build(text_progress(name))
        moments.build(
            cache.tqdm_progress(msg("Building the {rules} standard deviations", rules=name))
        )
        print(
            msg(
                "{rules}: standard deviation {value} ({path})",
                rules=name,
                value=format_number(moments.start_sd(), decimals=4),
                path=moments.path,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
