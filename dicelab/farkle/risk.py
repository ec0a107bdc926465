"""The value of one Farkle turn: the optimal turn and the cost of rules of thumb.

A turn's state is ``(turn points, dice to roll)``. The player may *bank* the turn
points or *roll*; after a scoring roll they set dice aside, and with all dice set
aside they get 6 back (hot dice). Its **value** is the expected number of points the
turn finally banks from there (turn points included, a farkle counting 0) when the
player may still bank; its **roll value** is the same when they roll now. These are
the quantities of the published analyses, which :func:`optimal_turn` reproduces under
``standard``: McKenna's table of "expected value in the given situation if you were to
employ this optimal strategy", e.g. 293.4 for 250 points with 3 dice to roll (rolling
beats banking 250), and Busche's rule "with 6 dice to roll, always roll unless you
have 16,400 or more points".

>>> turn = optimal_turn()
>>> round(turn.expected_turn_score, 3)
548.858
>>> round(turn.roll_value(250, 3), 1), round(turn.value(100, 5), 3)
(293.4, 399.911)
>>> [turn.bank_threshold(n) for n in range(1, 7)]
[300, 250, 450, 1050, 3050, 16400]
>>> turn.best_set_aside([1, 2, 2, 2, 5, 4]).dice
(1,)

What a rule of thumb costs per turn, against the optimal turn:

>>> rule = evaluate_threshold(300)
>>> round(rule.expected_turn_score, 1), round(rule.cost(), 1)
(447.5, 101.3)

Values are floats computed by exact dynamic programming over points in units of the
table's smallest step (50 under the presets); farkle chances stay exact fractions.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, reduce
from numbers import Integral
from typing import Any

import numpy as np

from dicelab.dice import outcomes
from dicelab.errors import IllegalMove
from dicelab.farkle.rules import Rules, check_rules
from dicelab.farkle.scoring import (
    farkle_chance,
    most_points,
    reachable_turn_points,
    set_aside_options,
)
from dicelab.i18n import msg
from dicelab.numbers import show_value

__all__ = [
    "SOLVER_VERSION",
    "DiceTable",
    "OptimalTurn",
    "PolicyValue",
    "SetAside",
    "TurnTables",
    "evaluate_player",
    "evaluate_policy",
    "evaluate_threshold",
    "optimal_turn",
    "turn_tables",
]

SOLVER_VERSION = 1
"""Bumped whenever a solver's results may change: part of every disk cache key."""

MAX_DICE = 6
SetAsideRule = Callable[[tuple[int, ...], int, int], Iterable[int]]
"""``rule(roll, turn_points, n_dice) -> dice set aside`` (a valid set-aside of the roll)."""


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True, eq=False)
class DiceTable:
    """The scoring rolls of ``n`` dice, compiled for the solvers.

    ``gain[r, d - 1]`` is the most points (in units) that roll ``r`` scores with exactly
    ``d`` dice set aside, or -1 when no set-aside of ``d`` dice counts; ``best[r][d - 1]``
    is that set-aside (sorted dice) or ``None``.

    Every *distinct* move of a roll, (points in units, dice used), is in
    ``moves[r, j]`` (padded with ``(-1, 0)``): fewer points for as many dice can be the
    better move when more points are not always better (reaching a target too early), so
    the solvers consider them all. Rolls with the same moves form groups
    (``group_probs``); ``group_moves`` lists each group's moves flat, group after group,
    starting at ``group_start``.
    """

    n: int
    rolls: tuple[tuple[int, ...], ...]
    probs: np.ndarray
    gain: np.ndarray
    best: tuple[tuple[tuple[int, ...] | None, ...], ...]
    farkle: Fraction
    moves: np.ndarray
    group_probs: np.ndarray
    group_moves: np.ndarray
    group_start: np.ndarray
    index: Mapping[tuple[int, ...], int] = field(repr=False)

    @property
    def scoring(self) -> float:
        """Chance that a roll of ``n`` dice scores."""
        return 1.0 - float(self.farkle)

    def next_dice(self, used: np.ndarray) -> np.ndarray:
        """Dice to roll after setting ``used`` dice aside (hot dice: 6 again)."""
        left = self.n - used
        return np.where(left == 0, MAX_DICE, left)


@dataclass(frozen=True, eq=False)
class TurnTables:
    """Every roll of 1 to 6 dice under one scoring table, compiled once per table."""

    rules: Rules
    unit: int
    dice: tuple[DiceTable, ...]  # dice[n] for n = 1..6; dice[0] is unused

    @property
    def max_gain(self) -> int:
        """The most points (in units) one roll can add."""
        return max(int(table.gain.max()) for table in self.dice[1:])


def _normal_rules(rules: object) -> Rules:
    return check_rules(rules)


Options = dict[tuple[int, ...], dict[tuple[int, ...], int]]
"""Per roll, its valid set-asides and their points."""


@cache
def _turn_tables(rules: Rules) -> TurnTables:
    """Every roll's set-asides under ``rules``, in points of their common unit, per dice count."""
    options = {
        n: {roll: set_aside_options(roll, rules) for roll in outcomes(n)}
        for n in range(1, MAX_DICE + 1)
    }
    points = {p for by_roll in options.values() for opts in by_roll.values() for p in opts.values()}
    unit = reduce(math.gcd, points, 0) or 50
    tables: list[Any] = [None]
    for n in range(1, MAX_DICE + 1):
        tables.append(_dice_table(n, options[n], unit, rules))
    return TurnTables(rules=rules, unit=unit, dice=tuple(tables))


def _dice_table(n: int, options: Options, unit: int, rules: Rules) -> DiceTable:
    """The :class:`DiceTable` of ``n`` dice from each roll's set-asides (``options``)."""
    chances = outcomes(n)
    rolls = tuple(roll for roll in chances if options[roll])
    gain, best = _best_gains(n, rolls, options, unit)
    probs = np.array([float(chances[roll]) for roll in rolls])
    distinct = [
        tuple(sorted({(pts // unit, len(dice)) for dice, pts in options[roll].items()}))
        for roll in rolls
    ]
    moves = _padded_moves(distinct)
    group_probs, group_moves, group_start = _move_groups(distinct, probs)
    for array in (gain, probs, moves, group_probs, group_moves, group_start):
        array.flags.writeable = False
    return DiceTable(
        n=n,
        rolls=rolls,
        probs=probs,
        gain=gain,
        best=best,
        farkle=farkle_chance(n, rules),
        moves=moves,
        group_probs=group_probs,
        group_moves=group_moves,
        group_start=group_start,
        index={roll: r for r, roll in enumerate(rolls)},
    )


def _best_gains(
    n: int, rolls: tuple[tuple[int, ...], ...], options: Options, unit: int
) -> tuple[np.ndarray, tuple[tuple[tuple[int, ...] | None, ...], ...]]:
    """Per roll and dice count ``d``: the most points (units) with ``d`` dice, and those dice."""
    gain = np.full((len(rolls), n), -1, dtype=np.int64)
    best: list[tuple[tuple[int, ...] | None, ...]] = []
    for r, roll in enumerate(rolls):
        top: list[tuple[int, ...] | None] = [None] * n
        for dice, pts in options[roll].items():
            d = len(dice) - 1
            if pts // unit > gain[r, d]:
                gain[r, d] = pts // unit
                top[d] = dice
        best.append(tuple(top))
    return gain, tuple(best)


def _padded_moves(distinct: list[tuple[tuple[int, int], ...]]) -> np.ndarray:
    """Each roll's distinct moves (points, dice used) in one array, padded with (-1, 0)."""
    width = max(len(m) for m in distinct)
    moves = np.zeros((len(distinct), width, 2), dtype=np.int64)
    moves[:, :, 0] = -1
    for r, found in enumerate(distinct):
        moves[r, : len(found)] = found
    return moves


def _move_groups(
    distinct: list[tuple[tuple[int, int], ...]], probs: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rolls with the same moves grouped: each group's chance, its moves flat, their starts."""
    kinds = sorted(set(distinct))
    group_of = np.array([kinds.index(m) for m in distinct], dtype=np.int64)
    group_probs = np.bincount(group_of, weights=probs, minlength=len(kinds))
    group_moves = np.array([move for kind in kinds for move in kind], dtype=np.int64)
    group_start = np.cumsum([0] + [len(kind) for kind in kinds[:-1]]).astype(np.int64)
    return group_probs, group_moves, group_start


def turn_tables(rules: Rules | None = None) -> TurnTables:
    """The compiled roll tables of ``rules`` (cached): what every Farkle solver reads.

    >>> tables = turn_tables()
    >>> tables.unit, len(tables.dice[6].rolls), tables.dice[6].farkle
    (50, 456, Fraction(5, 216))
    >>> tables.dice[3].best[tables.dice[3].index[(1, 1, 5)]]
    ((1,), (1, 1), (1, 1, 5))
    """
    return _turn_tables(_normal_rules(rules))


# --------------------------------------------------------------------------- kernel


@dataclass(frozen=True, eq=False)
class _Stacked:
    """All dice counts' roll groups as padded blocks of moves, for few gathers per step.

    Group rows (every dice count's groups) are sorted by their number of moves, most
    first. Block ``b`` holds move numbers ``depth`` of its rows: ``step`` units up the
    points axis to dice slot ``slot`` (padding goes to slot 0, the "impossible" slot);
    its rows are the first ``rows`` of the order. ``weights[n - 1] @ best_per_row`` is
    the scoring part of rolling ``n`` dice.
    """

    blocks: tuple[tuple[np.ndarray, np.ndarray, int], ...]
    weights: np.ndarray
    farkle: np.ndarray
    offsets: tuple[np.ndarray, ...]
    """Per block, ``step * 7 + slot``: the rows its moves read in the values seen as a
    ``(points * 7 + dice, batch)`` table (one ``np.take`` per block and step)."""


_BLOCK_EDGES = (0, 2, 4, 8, 16, 32, 64, 128)


@cache
def _stacked(tables: TurnTables) -> _Stacked:
    columns, blocks = [], []
    for n in range(1, MAX_DICE + 1):
        table = tables.dice[n]
        ends = np.append(table.group_start[1:], len(table.group_moves))
        for begin, end in zip(table.group_start, ends, strict=True):
            moves = table.group_moves[begin:end]
            columns.append((moves[:, 0], table.next_dice(moves[:, 1])))
        blocks.append(table.group_probs)
    weights = np.zeros((MAX_DICE, len(columns)))
    at = 0
    for n, block in enumerate(blocks):
        weights[n, at : at + len(block)] = block
        at += len(block)
    order = sorted(range(len(columns)), key=lambda r: -len(columns[r][0]))
    columns = [columns[r] for r in order]
    sizes = np.array([len(step) for step, _ in columns])
    parts = []
    for low, high in itertools.pairwise(_BLOCK_EDGES):
        rows = int((sizes > low).sum())
        if not rows:
            break
        step = np.zeros((high - low, rows), dtype=np.int64)
        slot = np.zeros((high - low, rows), dtype=np.int64)
        for r, (steps, slots) in enumerate(columns[:rows]):
            step[: len(steps[low:high]), r] = steps[low:high]
            slot[: len(slots[low:high]), r] = slots[low:high]
        depth = int((slot > 0).any(axis=1).sum())
        parts.append((step[:depth], slot[:depth], rows))
    farkle = np.array([float(tables.dice[n].farkle) for n in range(1, MAX_DICE + 1)])
    offsets = tuple(step * (MAX_DICE + 1) + slot for step, slot, _ in parts)
    return _Stacked(tuple(parts), weights[:, order], farkle, offsets)


def solve_turn(
    tables: TurnTables,
    bank: np.ndarray,
    farkle: np.ndarray | float,
    length: int | np.ndarray,
    *,
    slopes: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    """Optimal play of one turn over a points axis, vectorised over a batch.

    ``bank[i, j]`` is what banking is worth at points index ``i`` for batch element
    ``j`` (shape ``(size, batch)`` or ``(size,)``, ``size >= length + max_gain + 1``).
    Element ``j`` may roll below ``length[j]`` (an int or one per element; banking is
    forced from there on). Rolling ``n`` dice at ``i`` is worth the chance-weighted best
    set-aside (moving to ``i + gain``) plus ``farkle_chance(n) * farkle[j]``.

    Returns ``(values, roll_values)``, each of shape ``(size, 7, batch)`` (dice slot 0
    unused; roll values are ``-inf`` where not computed) and, when ``slopes``, their
    derivatives with respect to ``farkle``: the chance that the turn ends in a farkle
    under the optimal choices. Elements are processed longest first, each step only over
    the elements still allowed to roll.
    """
    single = bank.ndim == 1
    if single:
        bank = bank[:, None]
    order, bank, lengths, farkle = _longest_first(bank, farkle, length)
    plan = _stacked(tables)
    arrays = _TurnArrays.start(bank, slopes)
    active = np.searchsorted(-lengths, -np.arange(int(lengths.max(initial=0))), side="right")
    for i in range(len(active) - 1, -1, -1):
        _solve_index(plan, arrays, bank, farkle, i, int(active[i]))
    back = np.argsort(order)

    def restored(a: np.ndarray) -> np.ndarray:
        return a[..., back][..., 0] if single else a[..., back]

    return (
        restored(arrays.values),
        restored(arrays.rolls),
        None if arrays.derivs is None else restored(arrays.derivs),
        None if arrays.rolls_d is None else restored(arrays.rolls_d),
    )


def _longest_first(
    bank: np.ndarray, farkle: np.ndarray | float, length: int | np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The batch sorted by length, longest first: (order, bank, lengths, farkle values)."""
    width = bank.shape[1]
    lengths = np.broadcast_to(np.asarray(length, dtype=np.int64), (width,))
    order = np.argsort(-lengths, kind="stable")
    farkles = np.broadcast_to(np.asarray(farkle, dtype=float), (width,))[order]
    return order, bank[:, order], lengths[order], farkles


@dataclass(frozen=True, eq=False)
class _TurnArrays:
    """The arrays :func:`solve_turn` fills, (size, 7, batch) each; slopes only when asked."""

    values: np.ndarray
    rolls: np.ndarray
    derivs: np.ndarray | None
    rolls_d: np.ndarray | None

    @classmethod
    def start(cls, bank: np.ndarray, slopes: bool) -> _TurnArrays:
        """Values that bank everywhere, roll values not computed (-inf), slopes 0."""
        size, width = bank.shape
        values = np.empty((size, MAX_DICE + 1, width))
        values[:, 0] = -np.inf
        values[:, 1:] = bank[:, None]
        rolls = np.full_like(values, -np.inf)
        if not slopes:
            return cls(values, rolls, None, None)
        return cls(values, rolls, np.zeros_like(values), np.zeros_like(values))


def _solve_index(
    plan: _Stacked, arrays: _TurnArrays, bank: np.ndarray, farkle: np.ndarray, i: int, m: int
) -> None:
    """Fill points index ``i`` for the first ``m`` elements (those still allowed to roll)."""
    best, chosen = _best_moves(plan, arrays, i, m)
    pf = plan.farkle[:, None]
    roll = plan.weights @ best + pf * farkle[:m]
    arrays.rolls[i, 1:, :m] = roll
    here = bank[i, :m]
    if chosen is None:
        np.maximum(roll, here, out=arrays.values[i, 1:, :m])
        return
    go = roll > here
    arrays.values[i, 1:, :m] = np.where(go, roll, here)
    if arrays.derivs is not None and arrays.rolls_d is not None:
        roll_d = plan.weights @ chosen + pf
        arrays.rolls_d[i, 1:, :m] = roll_d
        arrays.derivs[i, 1:, :m] = np.where(go, roll_d, 0.0)


def _best_moves(
    plan: _Stacked, arrays: _TurnArrays, i: int, m: int
) -> tuple[np.ndarray, np.ndarray | None]:
    """Per group row and element: the best move's value at index ``i``, and its slope
    (the steepest among equal best moves) when slopes are computed.

    The values are read as a 2-D table, row ``points * 7 + dice``: one gather of whole
    rows (the batch prefix) per block, much faster than indexing by two arrays.
    """
    width = arrays.values.shape[2]
    values = arrays.values.reshape(-1, width)
    derivs = None if arrays.derivs is None else arrays.derivs.reshape(-1, width)
    base = i * (MAX_DICE + 1)
    best: np.ndarray | None = None
    chosen: np.ndarray | None = None
    for (_, _, rows), offset in zip(plan.blocks, plan.offsets, strict=True):
        at = base + offset
        options = values[at, :m]  # (moves, rows, m): rows of the prefix only
        top = options.max(axis=0)
        slope = None
        if derivs is not None:
            steep = derivs[at, :m]
            slope = np.where(options == top, steep, 0.0).max(axis=0)
        if best is None:
            best, chosen = top, slope
            continue
        if chosen is None or slope is None:
            np.maximum(best[:rows], top, out=best[:rows])
            continue
        better = top > best[:rows]
        best[:rows] = np.where(better, top, best[:rows])
        chosen[:rows] = np.where(better, slope, chosen[:rows])
    assert best is not None
    return best, chosen


# --------------------------------------------------------------------------- optimal turn


@dataclass(frozen=True)
class SetAside:
    """A set-aside choice: the dice, their points, the dice left to roll, and the value.

    ``value`` is the turn's expected final points after setting these dice aside.
    """

    dice: tuple[int, ...]
    points: int
    dice_left: int
    value: float


def _check_n(n_dice: object) -> int:
    if isinstance(n_dice, bool) or not isinstance(n_dice, Integral) or not 1 <= int(n_dice) <= 6:
        raise IllegalMove(
            msg("A roll has from 1 to 6 dice, not {value}.", value=show_value(n_dice))
        )
    return int(n_dice)


def _check_points(points: object, unit: int) -> int:
    if isinstance(points, bool) or not isinstance(points, Integral) or points < 0:
        raise IllegalMove(
            msg(
                "Turn points are a whole number of 0 or more, not {value}.",
                value=show_value(points),
            )
        )
    if points % unit:
        raise IllegalMove(
            msg(
                "Turn points {value} cannot occur: under these rules they are a multiple of "
                "{unit}.",
                value=int(points),
                unit=unit,
            )
        )
    return int(points) // unit


def _roll_of(roll: object, tables: TurnTables) -> tuple[DiceTable, int]:
    from dicelab.dice import check_dice

    dice = tuple(sorted(check_dice(roll, min_count=1, max_count=MAX_DICE)))
    table = tables.dice[len(dice)]
    if dice not in table.index:
        raise IllegalMove(
            msg("The roll {roll} is a farkle: no die can be set aside.", roll=_show(dice))
        )
    return table, table.index[dice]


def _show(dice: Iterable[int]) -> str:
    return ", ".join(str(die) for die in dice)


@dataclass(frozen=True, eq=False)
class OptimalTurn:
    """The policy that maximises the expected points of one turn (see :func:`optimal_turn`).

    Points are turn points (what the turn would bank), multiples of ``unit``. From
    ``cap`` points on, banking is optimal with any number of dice.
    """

    rules: Rules
    unit: int
    cap: int
    tables: TurnTables = field(repr=False)
    values: np.ndarray = field(repr=False)
    rolls: np.ndarray = field(repr=False)
    tail: np.ndarray = field(repr=False)  # expected best points of one roll, per dice count

    @property
    def expected_turn_score(self) -> float:
        """Expected points of a whole turn: 0 points, 6 dice, first roll compulsory."""
        return float(self.rolls[0, MAX_DICE])

    def _index(self, turn_points: object, n_dice: object) -> tuple[int, int]:
        return _check_points(turn_points, self.unit), _check_n(n_dice)

    def roll_value(self, turn_points: int, n_dice: int) -> float:
        """Expected final turn points if the player rolls ``n_dice`` now, then plays best.

        >>> round(optimal_turn().roll_value(500, 3), 1)  # less than the 500 banked
        472.7
        """
        k, n = self._index(turn_points, n_dice)
        if k < len(self.rolls):
            return float(self.rolls[k, n])
        scoring = self.tables.dice[n].scoring
        return scoring * k * self.unit + float(self.tail[n])

    def value(self, turn_points: int, n_dice: int) -> float:
        """Expected final turn points from here, where the player may bank or roll.

        >>> optimal_turn().value(20000, 6)  # far past every threshold: bank
        20000.0
        """
        k, n = self._index(turn_points, n_dice)
        return float(self.values[k, n]) if k < len(self.values) else float(k * self.unit)

    def should_bank(self, turn_points: int, n_dice: int) -> bool:
        """Banking is optimal here (ties count as banking).

        >>> optimal_turn().should_bank(350, 1), optimal_turn().should_bank(250, 1)
        (True, False)
        """
        return self.roll_value(turn_points, n_dice) <= turn_points

    def bank_threshold(self, n_dice: int) -> int:
        """Smallest turn total at which banking is optimal with ``n_dice`` to roll.

        Under the presets, rolling is strictly better at every total below it, and
        banking stays optimal above it.

        >>> optimal_turn().bank_threshold(6)
        16400
        """
        n = _check_n(n_dice)
        points = np.arange(len(self.rolls)) * self.unit
        banks = np.nonzero(self.rolls[:, n] <= points)[0]
        return int(banks[0]) * self.unit

    def option_values(self, roll: object, turn_points: int = 0) -> dict[tuple[int, ...], float]:
        """Every set-aside of ``roll`` with the turn's expected final points after it.

        ``turn_points`` are the points before this roll.

        >>> values = optimal_turn().option_values([1, 2, 2, 2, 5, 4])  # McKenna's example
        >>> {dice: round(v, 3) for dice, v in values.items()}  # doctest: +NORMALIZE_WHITESPACE
        {(1,): 399.911, (5,): 363.834, (1, 5): 307.673, (2, 2, 2): 257.584,
         (1, 2, 2, 2): 300.0, (2, 2, 2, 5): 250.0, (1, 2, 2, 2, 5): 350.0}
        """
        k = _check_points(turn_points, self.unit)
        table, index = _roll_of(roll, self.tables)
        options = set_aside_options(table.rolls[index], self.rules)
        out = {}
        for dice, pts in options.items():
            left = table.n - len(dice) or MAX_DICE
            out[dice] = self.value((k * self.unit) + pts, left)
        return out

    def best_set_aside(self, roll: object, turn_points: int = 0) -> SetAside:
        """The set-aside of ``roll`` that maximises the turn's expected final points.

        >>> optimal_turn().best_set_aside([1, 1, 5, 2, 3, 4], turn_points=300)  # doctest: +ELLIPSIS
        SetAside(dice=(1,), points=100, dice_left=5, value=638.29...)
        """
        values = self.option_values(roll, turn_points)
        dice = max(values, key=lambda d: (values[d], -len(d)))
        table, _ = _roll_of(roll, self.tables)
        points = set_aside_options(dice, self.rules).get(dice) or 0
        return SetAside(dice, points, table.n - len(dice) or MAX_DICE, values[dice])


def _cap_units(tables: TurnTables) -> tuple[int, np.ndarray]:
    """Points (units) from which banking is optimal with any dice, and each roll's E[best].

    If every state at ``c`` points or more banks, rolling ``n`` dice at ``k >= c`` is
    worth ``(1 - pf_n) k + E_n`` (``E_n``: expected most points of one roll); it is no
    better than banking when ``k >= E_n / pf_n``. So "bank from ``c``" with ``c`` the
    largest such bound is a fixed point of the optimality equations, and since a turn's
    expected gain is bounded, the only one: the solution below ``c`` is exact.
    """
    tail = np.zeros(MAX_DICE + 1)
    cap = 1
    for n in range(1, MAX_DICE + 1):
        table = tables.dice[n]
        tail[n] = float(table.probs @ table.gain.max(axis=1)) * tables.unit
        if table.farkle == 0:
            raise IllegalMove(
                msg(
                    "Under this table every roll of {n} dice scores, so a turn never has "
                    "to stop: the turn solvers need a farkle chance above 0 for every "
                    "number of dice.",
                    n=n,
                )
            )
        cap = max(cap, math.ceil(tail[n] / tables.unit / float(table.farkle)) + 1)
    return cap, tail


@cache
def _optimal_turn(rules: Rules) -> OptimalTurn:
    tables = _turn_tables(rules)
    cap, tail = _cap_units(tables)
    size = cap + tables.max_gain + 1
    bank = np.arange(size, dtype=float) * tables.unit
    values, rolls, _, _ = solve_turn(tables, bank, 0.0, cap)
    for n in range(1, MAX_DICE + 1):  # roll values past the cap, in closed form
        rolls[cap:, n] = tables.dice[n].scoring * bank[cap:] + tail[n]
    for array in (values, rolls, tail):
        array.flags.writeable = False
    return OptimalTurn(rules, tables.unit, cap * tables.unit, tables, values, rolls, tail)


def optimal_turn(rules: Rules | None = None) -> OptimalTurn:
    """The exact policy maximising the expected points of one turn (cached per table).

    Dynamic programming over (turn points, dice to roll), backwards from a cap above
    which banking is provably optimal; every set-aside adds points, so hot dice (6 dice
    back at more points) never loop. No minimum to bank; the first roll of a turn is
    compulsory.

    >>> round(optimal_turn(Rules.preset("minimal")).expected_turn_score, 1)
    446.6
    """
    return _optimal_turn(_normal_rules(rules))


# --------------------------------------------------------------------------- policy evaluation


@dataclass(frozen=True, eq=False)
class PolicyValue:
    """Exact figures of one turn played by a fixed policy.

    ``value(turn_points, n_dice)`` is the expected final turn points from a state
    where the policy decides to bank or roll. ``farkle_chance`` is the chance that the
    turn (from 0 points and 6 dice) ends in a farkle, ``score_sd`` the standard
    deviation of its points. ``moves[n][k, r]`` holds the policy's set-aside of roll
    ``r`` of ``n`` dice at ``k`` units of turn points: (points in units, dice used);
    ``banks[k, n]`` whether it banks (the simulator plays from these tables).
    """

    rules: Rules
    unit: int
    expected_turn_score: float
    farkle_chance: float
    score_sd: float
    values: np.ndarray = field(repr=False)
    banks: np.ndarray = field(repr=False)
    moves: tuple[np.ndarray, ...] = field(repr=False)

    @property
    def length(self) -> int:
        """Points (in units) from which the policy always banks."""
        return len(self.moves[MAX_DICE])

    def value(self, turn_points: int, n_dice: int) -> float:
        """Expected final turn points from here under this policy."""
        k, n = _check_points(turn_points, self.unit), _check_n(n_dice)
        return float(self.values[k, n]) if k < len(self.values) else float(k * self.unit)

    def cost(self) -> float:
        """Expected points per turn lost against the optimal turn (0 or more).

        >>> round(evaluate_threshold(350).cost(), 1)
        118.5
        """
        return optimal_turn(self.rules).expected_turn_score - self.expected_turn_score


def _threshold_of(thresholds: object) -> Callable[[int], int]:
    if isinstance(thresholds, Integral) and not isinstance(thresholds, bool):
        return lambda n: int(thresholds)
    if isinstance(thresholds, Mapping):
        table = {int(n): int(t) for n, t in thresholds.items()}
        return lambda n: table[n]
    if isinstance(thresholds, Sequence) and len(thresholds) == MAX_DICE:
        values = [int(t) for t in thresholds]
        return lambda n: values[n - 1]
    if callable(thresholds):
        return lambda n: int(thresholds(n))
    raise IllegalMove(
        msg(
            "A bank threshold is a number of points, a list of 6 (for 1 to 6 dice), a "
            "mapping dice -> points or a function of the dice, not {value}.",
            value=show_value(thresholds),
        )
    )


def evaluate_threshold(
    thresholds: int | Sequence[int] | Mapping[int, int] | Callable[[int], int],
    rules: Rules | None = None,
    set_aside: str | SetAsideRule = "most-points",
) -> PolicyValue:
    """Exact value of "bank as soon as the turn holds ``threshold(n_dice)`` points".

    ``thresholds`` is one number for every dice count, a list for 1..6 dice, a mapping
    or a function of the dice to roll. ``set_aside`` says which dice to set aside:

    * ``"most-points"``: the most points, fewest dice among equals (the default);
    * ``"best"``: the set-aside that is best *given* this banking rule;
    * a function ``(roll, turn_points, n_dice) -> dice``.

    >>> rule = evaluate_threshold([300, 300, 350, 400, 450, 500], set_aside="best")
    >>> round(rule.expected_turn_score, 1), round(rule.farkle_chance, 3)
    (498.3, 0.186)
    """
    tables = turn_tables(rules)
    threshold = _threshold_of(thresholds)
    limits = [0] + [max(0, -(-threshold(n) // tables.unit)) for n in range(1, MAX_DICE + 1)]

    def banks(k: int, n: int) -> bool:
        return k >= limits[n]

    return evaluate_policy(banks, tables.rules, set_aside, length=max(limits))


def evaluate_player(
    player: Any,
    my_total: int = 0,
    their_total: int = 0,
    target: int = 10_000,
    rules: Rules | None = None,
) -> PolicyValue:
    """Exact value of one turn of a player with the computer player's interface.

    ``player`` needs ``threshold(situation, dice_left)`` and
    ``choose_set_aside(situation)``, like :class:`~dicelab.farkle.players.ComputerPlayer`,
    whose decisions depend on the totals: the turn is valued at ``my_total`` against
    ``their_total`` (``their_total`` at the target or above: my last turn).

    >>> from dicelab.farkle.players import ComputerPlayer
    >>> round(evaluate_player(ComputerPlayer()).expected_turn_score, 1)
    459.3
    """
    from dicelab.farkle.situation import Situation
    from dicelab.farkle.turn import Turn

    tables = turn_tables(rules)
    trigger = 1 if their_total >= target else None
    base = Situation((my_total, their_total), target, 0, trigger, Turn(rules=tables.rules))
    limits = [0] + [
        max(0, -(-int(player.threshold(base, n)) // tables.unit)) for n in range(1, MAX_DICE + 1)
    ]

    def banks(k: int, n: int) -> bool:
        return k >= limits[n]

    def rule(roll: tuple[int, ...], turn_points: int, n_dice: int) -> tuple[int, ...]:
        if not reachable_turn_points(turn_points, len(roll), tables.rules):
            return most_points(roll, tables.rules)  # no turn gets here: any choice does
        turn = Turn(previous=turn_points, last_roll=roll, rules=tables.rules)
        move = player.choose_set_aside(dataclasses.replace(base, turn=turn))
        return tuple(roll[i] for i in move.positions)

    return evaluate_policy(banks, tables.rules, rule, length=max(limits))


def _choice_most_points(table: DiceTable) -> np.ndarray:
    """Per roll, the dice count used by its most-points set-aside (fewest dice on ties)."""
    top = table.gain.max(axis=1, keepdims=True)
    return np.argmax(table.gain == top, axis=1) + 1


def evaluate_policy(
    banks: Callable[[int, int], bool],
    rules: Rules | None = None,
    set_aside: str | SetAsideRule = "most-points",
    *,
    length: int,
) -> PolicyValue:
    """Exact value of any policy that banks when ``banks(points_in_units, n_dice)``.

    The policy must bank at every state from ``length`` units of points on (so the
    turn is finite); ``set_aside`` is as in :func:`evaluate_threshold`. The first roll
    is compulsory whatever ``banks`` says at 0 points.

    >>> value = evaluate_policy(lambda k, n: k >= 6, length=6)  # bank at 300 points
    >>> round(value.expected_turn_score, 1)
    447.5
    """
    tables = turn_tables(rules)
    size = length + tables.max_gain + 1
    mean, square, lost = _banked_moments(size, tables.unit)
    bank_mask = np.ones((size, MAX_DICE + 1), dtype=bool)
    fixed = _fixed_choices(set_aside, tables)
    moves = [
        np.zeros((length, len(table.rolls) if table else 0, 2), dtype=np.int64)
        for table in tables.dice
    ]
    for k in range(length - 1, -1, -1):
        for n in range(1, MAX_DICE + 1):
            if (k > 0 and banks(k, n)) or (k == 0 and n < MAX_DICE):  # 0 points: 6 dice
                continue
            table = tables.dice[n]
            to, used = _policy_choices(set_aside, fixed, table, k, mean, tables)
            slot = table.next_dice(used)
            moves[n][k, :, 0] = to - k
            moves[n][k, :, 1] = used
            bank_mask[k, n] = False
            mean[k, n] = table.probs @ mean[to, slot]
            square[k, n] = table.probs @ square[to, slot]
            lost[k, n] = table.probs @ lost[to, slot] + float(table.farkle)
    return _policy_value(tables, mean, square, lost, bank_mask, moves)


def _fixed_choices(set_aside: object, tables: TurnTables) -> dict[int, np.ndarray]:
    """Dice used per roll, per dice count, for ``"most-points"``; ``{}`` for the other rules.

    A ``set_aside`` that is neither ``"most-points"``, ``"best"`` nor a function is refused.
    """
    if set_aside == "most-points":
        return {n: _choice_most_points(tables.dice[n]) for n in range(1, MAX_DICE + 1)}
    if set_aside != "best" and not callable(set_aside):
        raise IllegalMove(
            msg(
                "A set-aside rule is 'most-points', 'best' or a function (roll, turn "
                "points, dice) -> dice, not {value}.",
                value=show_value(set_aside),
            )
        )
    return {}


def _banked_moments(size: int, unit: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(size, 7) per state, if the turn banks there: expected points, expected squared
    points and chance of a farkle (0)."""
    mean = np.zeros((size, MAX_DICE + 1))
    square = np.zeros_like(mean)
    lost = np.zeros_like(mean)
    points = np.arange(size, dtype=float) * unit
    mean[:, 1:] = points[:, None]
    square[:, 1:] = points[:, None] ** 2
    return mean, square, lost


def _policy_choices(
    set_aside: str | SetAsideRule,
    fixed: dict[int, np.ndarray],
    table: DiceTable,
    k: int,
    mean: np.ndarray,
    tables: TurnTables,
) -> tuple[np.ndarray, np.ndarray]:
    """Per roll of ``table`` at ``k`` units: the points index reached and the dice used."""
    rows = np.arange(len(table.rolls))
    if table.n in fixed:  # "most-points"
        used = fixed[table.n]
        return k + table.gain[rows, used - 1], used
    if not callable(set_aside):  # "best": every distinct move, the best given this banking rule
        gains, useds = table.moves[:, :, 0], table.moves[:, :, 1]
        after = mean[k + np.maximum(gains, 0), table.next_dice(useds)]
        pick = np.argmax(np.where(gains >= 0, after, -1.0), axis=1)
        return k + gains[rows, pick], useds[rows, pick]
    steps, used = _rule_choices(set_aside, table, k * tables.unit, tables)
    return k + steps, used


def _policy_value(
    tables: TurnTables,
    mean: np.ndarray,
    square: np.ndarray,
    lost: np.ndarray,
    bank_mask: np.ndarray,
    moves: list[np.ndarray],
) -> PolicyValue:
    """The :class:`PolicyValue` of the solved moments, from 0 points and 6 dice."""
    average = float(mean[0, MAX_DICE])
    spread = math.sqrt(max(0.0, float(square[0, MAX_DICE]) - average**2))
    for array in (mean, bank_mask, *moves):
        array.flags.writeable = False
    return PolicyValue(
        tables.rules,
        tables.unit,
        average,
        float(lost[0, MAX_DICE]),
        spread,
        mean,
        bank_mask,
        tuple(moves),
    )


def _rule_choices(
    rule: SetAsideRule, table: DiceTable, turn_points: int, tables: TurnTables
) -> tuple[np.ndarray, np.ndarray]:
    """Points (units) and dice used per roll by a user's set-aside function, checked."""
    steps = np.empty(len(table.rolls), dtype=np.int64)
    used = np.empty(len(table.rolls), dtype=np.int64)
    for r, roll in enumerate(table.rolls):
        chosen = rule(roll, turn_points, table.n)
        dice = tuple(sorted(chosen)) if isinstance(chosen, Iterable) else chosen
        points = set_aside_options(roll, tables.rules).get(dice)
        if points is None:
            raise IllegalMove(
                msg(
                    "The set-aside rule chose {dice} from the roll {roll}, which is not a "
                    "valid set-aside.",
                    dice=show_value(chosen),
                    roll=_show(roll),
                )
            )
        steps[r] = points // tables.unit
        used[r] = len(dice)
    return steps, used
