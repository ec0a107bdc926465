"""Play many Farkle turns or games with any strategies, fast, seeded and reproducible.

A strategy for one turn is a :class:`~dicelab.farkle.risk.PolicyValue`: the exact value
of a policy together with its decision tables (bank or roll at each turn total and dice
count, which dice to set aside from each roll). The simulator plays those tables for a
whole batch of turns at once with NumPy, so simulated figures can be set beside the
exact ones:

>>> from dicelab.farkle.risk import evaluate_threshold
>>> rule = evaluate_threshold(300)
>>> turns = simulate_turns(rule, 20_000, seed=1)
>>> abs(turns.mean - rule.expected_turn_score) < 4 * turns.standard_error
True

Strategies are made by :func:`turn_strategy`: a bank threshold (``300``), ``"optimal"``
(:func:`~dicelab.farkle.risk.optimal_turn`), the computer player, or a learner's own
functions. Whole games (:func:`simulate_games`) take one strategy per seat; a seat may
also play to win (:class:`~dicelab.farkle.winchance.WinChances`) or follow the computer
player, whose decisions depend on the totals.

Every run is seeded (:func:`numpy.random.default_rng`), and long runs report progress
(a fraction 0..1) to a callback.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any

import numpy as np

from dicelab.errors import IllegalMove
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.risk import (
    MAX_DICE,
    OptimalTurn,
    PolicyValue,
    SetAsideRule,
    TurnTables,
    evaluate_player,
    evaluate_policy,
    evaluate_threshold,
    optimal_turn,
    solve_turn,
    turn_tables,
)
from dicelab.farkle.rules import Rules
from dicelab.farkle.scoring import (
    most_points,
    reachable_total,
    reachable_turn_points,
    set_aside_options,
)
from dicelab.i18n import msg
from dicelab.numbers import show_value

__all__ = [
    "GameResults",
    "TurnResults",
    "simulate_games",
    "simulate_turns",
    "turn_strategy",
]

Progress = Callable[[float], None]
_BLOCK = 100_000
_GAME_BLOCK = 2_000
"""Games in play at once when a seat's decisions depend on the totals (fewer contexts than a
win-chance seat keeps): the working memory of :func:`simulate_games` is that of one block,
whatever the number of games (the results keep each game's totals, shares and turns)."""
_FIXED_BLOCK = 20_000
"""Games in play at once when every seat plays fixed tables."""
MAX_GAMES = 10_000_000
"""The most games one call plays (their results alone take about 0.5 GB)."""


# --------------------------------------------------------------------------- strategies


def turn_strategy(
    strategy: Any = "optimal",
    rules: Rules | None = None,
    *,
    set_aside: str | SetAsideRule = "most-points",
    max_turn_points: int = 5_000,
) -> PolicyValue:
    """A one-turn strategy with its exact value and decision tables.

    ``strategy`` is one of:

    * a :class:`~dicelab.farkle.risk.PolicyValue` (returned as it is);
    * ``"optimal"`` or an :class:`~dicelab.farkle.risk.OptimalTurn`;
    * a bank threshold (points, or a list for 1..6 dice), with ``set_aside``;
    * an object with the computer player's interface (valued at 0 - 0);
    * a function ``banks(turn_points, n_dice) -> bool`` (a learner's own rule), with
      ``set_aside`` as in :func:`~dicelab.farkle.risk.evaluate_threshold`; from
      ``max_turn_points`` on it banks whatever the function says.

    >>> round(turn_strategy(lambda points, dice: points >= 350 or dice <= 2).expected_turn_score, 1)
    452.8
    """
    if isinstance(strategy, PolicyValue):
        return strategy
    if isinstance(strategy, str) and strategy == "optimal":
        strategy = optimal_turn(rules)
    if isinstance(strategy, OptimalTurn):
        return _optimal_policy(strategy)
    if hasattr(strategy, "choose_set_aside") and hasattr(strategy, "threshold"):
        return evaluate_player(strategy, rules=rules)
    if callable(strategy):
        tables = turn_tables(rules)
        unit = tables.unit

        def banks(k: int, n: int) -> bool:
            return bool(strategy(k * unit, n))

        return evaluate_policy(banks, tables.rules, set_aside, length=-(-max_turn_points // unit))
    return evaluate_threshold(strategy, rules, set_aside)


@cache
def _optimal_policy(turn: OptimalTurn) -> PolicyValue:
    unit = turn.unit

    def banks(k: int, n: int) -> bool:
        return turn.should_bank(k * unit, n)

    return evaluate_policy(banks, turn.rules, "best", length=turn.cap // unit)


# --------------------------------------------------------------------------- rolling


@cache
def _roll_lookup(tables: TurnTables) -> tuple[np.ndarray, np.ndarray]:
    """Row of every roll (by base-7 face counts) in one stacked table, -1 for a farkle.

    Also the offset of each dice count's rows in the stacked table.
    """
    lookup = np.full(7**MAX_DICE, -1, dtype=np.int64)
    offsets = np.zeros(MAX_DICE + 2, dtype=np.int64)
    for n in range(1, MAX_DICE + 1):
        table = tables.dice[n]
        offsets[n + 1] = offsets[n] + len(table.rolls)
        for r, roll in enumerate(table.rolls):
            key = sum(7 ** (face - 1) for face in roll)
            lookup[key] = offsets[n] + r
    return lookup, offsets


def _roll(rng: np.random.Generator, dice: np.ndarray, lookup: np.ndarray) -> np.ndarray:
    """Roll ``dice[i]`` dice for each i; the stacked row of each roll (-1: a farkle)."""
    faces = rng.integers(1, 7, size=(len(dice), MAX_DICE))
    live = np.arange(MAX_DICE)[None, :] < dice[:, None]
    key = np.where(live, 7 ** (faces - 1), 0).sum(axis=1)
    return lookup[key]


@dataclass(frozen=True, eq=False)
class _Compiled:
    """A turn policy's tables stacked over dice counts, for vectorised lookups.

    At ``k >= length`` units of turn points the policy banks.
    """

    length: int
    banks: np.ndarray  # (length, 7) bool
    steps: np.ndarray  # (length, rows) points in units
    left: np.ndarray  # (length, rows) dice to roll next

    def bank(self, k: np.ndarray, dice: np.ndarray) -> np.ndarray:
        inside = k < self.length
        return ~inside | self.banks[np.minimum(k, self.length - 1), dice]

    def move(self, k: np.ndarray, row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Points and dice left after the set-aside from roll ``row`` at ``k`` units. Past
        its tables (a turn that may not bank yet, under an entry minimum) a policy sets dice
        aside as at the last points its tables cover."""
        k = np.minimum(k, self.length - 1)
        return self.steps[k, row], self.left[k, row]


@cache
def _compile(policy: PolicyValue) -> _Compiled:
    tables = turn_tables(policy.rules)
    _, offsets = _roll_lookup(tables)
    length = policy.length
    steps = np.zeros((max(length, 1), int(offsets[-1])), dtype=np.int64)
    left = np.zeros_like(steps)
    for n in range(1, MAX_DICE + 1):
        moves = policy.moves[n]
        span = slice(int(offsets[n]), int(offsets[n + 1]))
        steps[:length, span] = moves[:, :, 0]
        used = moves[:, :, 1]
        left[:length, span] = np.where(used == n, MAX_DICE, n - used)
    banks = np.ones((max(length, 1), MAX_DICE + 1), dtype=bool)
    banks[:length] = policy.banks[:length]
    return _Compiled(length, banks, steps, left)


def _turn_steps(
    policy: Any,
    rng: np.random.Generator,
    lookup: np.ndarray,
    points: np.ndarray,
    dice: np.ndarray,
    first: np.ndarray,
    may_bank: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One decision for each live turn: bank, or roll and set aside. Where ``may_bank`` is
    False (the rules forbid banking: below the entry minimum) the turn rolls on.

    Returns (banked, farkled, new points, new dice) for these turns.
    """
    banked = ~first & policy.bank(points, dice)
    if may_bank is not None:
        banked &= may_bank
    rolling = ~banked
    row = np.full(len(points), -1, dtype=np.int64)
    row[rolling] = _roll(rng, dice[rolling], lookup)
    farkled = rolling & (row < 0)
    scored = rolling & (row >= 0)
    new_points, new_dice = points.copy(), dice.copy()
    step, left = policy.move(points[scored], row[scored])
    new_points[scored] += step
    new_dice[scored] = left
    return banked, farkled, new_points, new_dice


# --------------------------------------------------------------------------- turns


@dataclass(frozen=True, eq=False)
class TurnResults:
    """Simulated turns: banked points of each (0 after a farkle) and whether it farkled."""

    points: np.ndarray = field(repr=False)
    farkled: np.ndarray = field(repr=False)
    rolls: np.ndarray = field(repr=False)

    @property
    def mean(self) -> float:
        """Average points per turn."""
        return float(self.points.mean())

    @property
    def standard_error(self) -> float:
        """Standard error of :attr:`mean`."""
        return float(self.points.std(ddof=1) / np.sqrt(len(self.points)))

    @property
    def farkle_rate(self) -> float:
        """Share of turns that ended in a farkle."""
        return float(self.farkled.mean())


def simulate_turns(
    strategy: Any = "optimal",
    turns: int = 10_000,
    seed: int | None = None,
    rules: Rules | None = None,
    progress: Progress | None = None,
) -> TurnResults:
    """Play ``turns`` independent turns (0 points, 6 dice, first roll compulsory).

    ``strategy`` is anything :func:`turn_strategy` accepts; ``seed`` makes the run
    reproducible (turns are played in blocks of 100,000, each with its own stream
    spawned from the seed); ``progress`` gets the fraction of turns played after each
    block.

    >>> simulate_turns(300, 5, seed=7).points.tolist()
    [300, 0, 0, 300, 350]
    """
    policy = _compile(turn_strategy(strategy, rules))
    tables = turn_tables(rules)
    lookup, _ = _roll_lookup(tables)
    streams = np.random.SeedSequence(seed).spawn(-(-turns // _BLOCK))
    points = np.zeros(turns, dtype=np.int64)
    farkled = np.zeros(turns, dtype=bool)
    rolls = np.zeros(turns, dtype=np.int64)
    for start, stream in zip(range(0, turns, _BLOCK), streams, strict=True):
        rng = np.random.default_rng(stream)
        stop = min(turns, start + _BLOCK)
        size = stop - start
        live = np.arange(size)
        k = np.zeros(size, dtype=np.int64)
        dice = np.full(size, MAX_DICE, dtype=np.int64)
        first = np.ones(size, dtype=bool)
        while len(live):
            banked, lost, new_k, new_dice = _turn_steps(
                policy, rng, lookup, k[live], dice[live], first[live]
            )
            rolls[start + live[~banked]] += 1
            points[start + live[banked]] = k[live[banked]] * tables.unit
            farkled[start + live[lost]] = True
            k[live], dice[live], first[live] = new_k, new_dice, False
            live = live[~(banked | lost)]
        if progress is not None:
            progress(stop / turns)
    return TurnResults(points, farkled, rolls)


# --------------------------------------------------------------------------- games


class _SeatPolicy:
    """Turn decisions for one seat, given its total, the best other total, last round."""

    def tables(self, mine: int, best: int, last: bool) -> Any:
        raise NotImplementedError

    def prepare(self, contexts: np.ndarray) -> None:
        """Make ready the decisions of ``contexts`` (rows ``(mine, best, last)``, units)
        before they are asked one by one; by default nothing to do."""

    def context(self, mine: np.ndarray, best: np.ndarray, last: np.ndarray) -> np.ndarray:
        """(rows, 3): the (mine, best, last) its decisions depend on; games with equal rows
        are played together, so a seat that ignores the totals says so here."""
        return np.stack([mine, best, last], axis=1)


@dataclass(frozen=True, eq=False)
class _Fixed(_SeatPolicy):
    compiled: _Compiled

    def tables(self, mine: int, best: int, last: bool) -> Any:
        return self.compiled

    def context(self, mine: np.ndarray, best: np.ndarray, last: np.ndarray) -> np.ndarray:
        return np.zeros((len(mine), 3), dtype=np.int64)  # the same tables everywhere


@dataclass(eq=False)
class _PlayerTurn:
    """The computer player's decisions in one context, asked lazily and remembered."""

    player: Any
    situation: Any
    tables: TurnTables
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    limits: np.ndarray
    memo: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)

    def bank(self, k: np.ndarray, dice: np.ndarray) -> np.ndarray:
        return k >= self.limits[dice]

    def move(self, k: np.ndarray, row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:

        steps = np.empty(len(k), dtype=np.int64)
        left = np.empty(len(k), dtype=np.int64)
        unit = self.tables.unit
        for i, (points, r) in enumerate(zip(k.tolist(), row.tolist(), strict=True)):
            if (points, r) not in self.memo:
                n, roll = self.rows[r]
                dice = self._choice(points * unit, roll)
                gained = set_aside_options(roll, self.tables.rules)[dice] // unit
                self.memo[points, r] = (gained, n - len(dice) or MAX_DICE)
            steps[i], left[i] = self.memo[points, r]
        return steps, left

    def _choice(self, points: int, roll: tuple[int, ...]) -> tuple[int, ...]:
        """The dice the player sets aside from ``roll`` with ``points`` before it. The
        tables cover every points level, also those no turn reaches with this many dice
        (which the engine refuses to build): there any set-aside does, since no reachable
        state leads to them."""
        from dicelab.farkle.turn import Turn

        rules = self.tables.rules
        if not reachable_turn_points(points, len(roll), rules):
            return most_points(roll, rules)
        turn = Turn(previous=points, last_roll=roll, rules=rules)
        choice = self.player.choose_set_aside(replace(self.situation, turn=turn))
        return tuple(sorted(roll[j] for j in choice.positions))


@dataclass(eq=False)
class _PlayerSeat(_SeatPolicy):
    """The computer player (or any object with its interface), per context.

    Its decisions depend on how far behind it is, on the last round and, under an entry
    minimum, on whether it is on the board yet (it raises its threshold to the entry
    while its total is 0). It is asked in a representative situation of each context.
    """

    player: Any
    rules: Rules
    target: int
    memo: dict[tuple[int, bool, bool], _PlayerTurn] = field(default_factory=dict)
    by_limits: dict[tuple[int, ...], _PlayerTurn] = field(default_factory=dict)
    canonical: dict[tuple[int, bool, bool], int] = field(default_factory=dict)

    def context(self, mine: np.ndarray, best: np.ndarray, last: np.ndarray) -> np.ndarray:
        """How far behind it is (in units), the last round and, under an entry minimum,
        whether it is on the board (a first column of 1, else 0): all it looks at.
        Distances with the same decisions are one context, so their games are played
        together."""
        behind = np.maximum(0, best - mine)
        board = (mine > 0) if self.rules.entry else np.zeros_like(mine, dtype=bool)
        keys = np.stack([behind, last, board], axis=1)
        triples, inverse = np.unique(keys, axis=0, return_inverse=True)
        same = np.array(
            [self._canonical(int(b), bool(x), bool(o)) for b, x, o in triples], dtype=np.int64
        )
        marker = board.astype(np.int64)
        return np.stack([marker, marker + same[inverse.reshape(-1)], last], axis=1)

    def _canonical(self, behind: int, last: bool, board: bool = False) -> int:
        """The smallest distance (units) with the decisions of ``behind``: the computer's
        thresholds never fall as it falls behind, so those distances are a range. It depends
        on nothing but ``behind``, so a seed plays the same games whatever ran before.
        A distance no representative situation can show (a total the entry minimum rules
        out) ends the range."""
        key = (behind, last, board)
        if key not in self.canonical:
            turn = self._turn(behind, last, board)
            low = behind
            if type(self.player) is ComputerPlayer:
                floor = 1 if last else 0  # in the last round it trails the leader
                while low > floor:
                    try:
                        if self._turn(low - 1, last, board) is not turn:
                            break
                    except IllegalMove:
                        break
                    low -= 1
            self.canonical[key] = low
        return self.canonical[key]

    def tables(self, mine: int, best: int, last: bool) -> Any:
        unit = turn_tables(self.rules).unit
        board = bool(self.rules.entry) and mine > 0
        return self._turn(max(0, best - mine) // unit, last, board)

    def _situation_totals(self, behind: int, last: bool, board: bool) -> tuple[int, int]:
        """(its total, the leader's) in points in a situation of this context that the
        engine accepts: at a target the engine accepts, and under an entry minimum with no
        total between 0 and the entry."""
        from dicelab.farkle.situation import TARGETS

        goal = self.target if self.target in TARGETS else TARGETS[-1]
        mine = max(behind, goal) - behind if last else 0
        smallest = _smallest_on_board(self.rules)
        if board or 0 < mine < smallest:
            mine = max(mine, smallest)
        return mine, mine + behind

    def _turn(self, behind_units: int, last: bool, board: bool) -> _PlayerTurn:
        from dicelab.farkle.situation import TARGETS, Situation
        from dicelab.farkle.turn import Turn

        key = (behind_units, last, board)
        if key not in self.memo:
            tables = turn_tables(self.rules)
            goal = self.target if self.target in TARGETS else TARGETS[-1]
            mine, their = self._situation_totals(behind_units * tables.unit, last, board)
            situation = Situation(
                (mine, their), goal, 0, 1 if last else None, Turn(rules=self.rules)
            )
            limits = np.zeros(MAX_DICE + 1, dtype=np.int64)
            for n in range(1, MAX_DICE + 1):
                limits[n] = -(-int(self.player.threshold(situation, n)) // tables.unit)
            shared = type(self.player) is ComputerPlayer  # its choices follow its thresholds
            if shared and tuple(limits) in self.by_limits:
                self.memo[key] = self.by_limits[tuple(limits)]
                return self.memo[key]
            rows = tuple((n, roll) for n in range(1, MAX_DICE + 1) for roll in tables.dice[n].rolls)
            self.memo[key] = _PlayerTurn(self.player, situation, tables, rows, limits)
            if shared:
                self.by_limits[tuple(limits)] = self.memo[key]
        return self.memo[key]


@cache
def _smallest_on_board(rules: Rules) -> int:
    """The smallest total a player on the board may have: 0 with no entry minimum, else the
    smallest points reachable by banked turns that the entry rule lets a first bank make."""
    if not rules.entry:
        return 0
    unit = turn_tables(rules).unit
    points = unit
    while not (rules.may_bank(0, points) and reachable_total(points, rules)):
        points += unit
    return points


_WIN_MEMO = 160_000_000
"""Bytes of optimal-play chances a win-chance seat keeps, the pairs of totals least recently
used going first (a pair holds its turn's chances, about 11 kB at the target 10,000, so
about 14,000 pairs of the 40,000): many more than the contexts of one block of games, so a
step never recomputes its own."""
_WIN_BATCH = 512
"""Pairs of totals solved together (one vectorised turn solve)."""


@dataclass(eq=False)
class _WinSeat(_SeatPolicy):
    """Optimal play to win, from solved win chances: decisions per pair of totals, solved
    on demand, the pairs a step meets for the first time together. At most ``_WIN_MEMO``
    pairs are kept, so memory stays bounded however many games are played."""

    chances: Any
    memo: OrderedDict[tuple[int, int, bool], _WinTurn] = field(default_factory=OrderedDict)
    held: int = 0  # bytes in memo

    def prepare(self, contexts: np.ndarray) -> None:
        """Solve together the pairs of ``contexts`` (rows ``(mine, best, last)`` in units)
        that are not in memory yet."""
        unit = self.chances.unit
        missing = [
            (int(a), int(b))
            for a, b, last in contexts.tolist()
            if not last and (a * unit, b * unit, False) not in self.memo
        ]
        for begin in range(0, len(missing), _WIN_BATCH):
            chunk = np.array(missing[begin : begin + _WIN_BATCH], dtype=np.int64)
            for (a, b), turn in zip(chunk.tolist(), _pair_turns(self.chances, chunk), strict=True):
                self._keep((a * unit, b * unit, False), turn)

    def tables(self, mine: int, best: int, last: bool) -> Any:
        key = (mine, best, last)
        if key in self.memo:
            self.memo.move_to_end(key)
            return self.memo[key]
        return self._keep(key, _win_turn(self.chances, mine, best, last))

    def _keep(self, key: tuple[int, int, bool], turn: _WinTurn) -> _WinTurn:
        self.memo[key] = turn
        self.held += turn.nbytes
        while self.held > _WIN_MEMO and len(self.memo) > 1:
            _, old = self.memo.popitem(last=False)
            self.held -= old.nbytes
        return turn


@dataclass(frozen=True, eq=False)
class _Options:
    """Every roll's set-asides stacked over dice counts (rows as in :func:`_roll_lookup`):
    points gained (-1 past a roll's options) and dice rolled next."""

    gains: np.ndarray  # (rows, options)
    left: np.ndarray  # (rows, options)


@cache
def _options(tables: TurnTables) -> _Options:
    _, offsets = _roll_lookup(tables)
    width = max(tables.dice[n].moves.shape[1] for n in range(1, MAX_DICE + 1))
    gains = np.full((int(offsets[-1]), width), -1, dtype=np.int64)
    left = np.full_like(gains, MAX_DICE)
    for n in range(1, MAX_DICE + 1):
        table = tables.dice[n]
        span = slice(int(offsets[n]), int(offsets[n + 1]))
        count = table.moves.shape[1]
        gains[span, :count] = table.moves[:, :, 0]
        left[span, :count] = table.next_dice(table.moves[:, :, 1])
    for array in (gains, left):
        array.flags.writeable = False
    return _Options(gains, left)


@dataclass(frozen=True, eq=False)
class _WinTurn:
    """Optimal play to win at one pair of totals, the decisions computed for the turns
    asked only (the same as full decision tables would give, without their memory).

    ``values[t, n]`` is the chance with ``t`` units in the turn and ``n`` dice to roll,
    ``bank_value[t]`` the chance of banking them; from ``length`` units on it banks.
    """

    values: np.ndarray  # (size, 7)
    bank_value: np.ndarray  # (size,)
    length: int
    options: _Options

    @property
    def nbytes(self) -> int:
        """The memory its chances take."""
        return int(self.values.nbytes + self.bank_value.nbytes)

    def bank(self, k: np.ndarray, dice: np.ndarray) -> np.ndarray:
        inside = (k > 0) & (k < self.length)
        at = np.clip(k, 0, len(self.values) - 1)
        better = self.values[at, dice] <= self.bank_value[at]
        return (k >= max(self.length, 1)) | (inside & better)

    def move(self, k: np.ndarray, row: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The set-aside of roll ``row`` that leaves the best chance (the first of equals)."""
        k = np.minimum(k, max(self.length, 1) - 1)
        gains, left = self.options.gains[row], self.options.left[row]
        to = np.minimum(k[:, None] + np.maximum(gains, 0), len(self.values) - 1)
        after = np.where(gains >= 0, self.values[to, left], -np.inf)
        pick = np.argmax(after, axis=1)[:, None]
        step = np.take_along_axis(gains, pick, 1)[:, 0]
        dice = np.take_along_axis(left, pick, 1)[:, 0]
        return step, dice


def _win_turn(chances: Any, mine: int, best: int, last: bool) -> _WinTurn:
    """Optimal play to win at totals ``(mine, best)`` (points)."""
    tables = turn_tables(chances.rules)
    unit = chances.unit
    a, b = mine // unit, best // unit
    if not last:
        return _pair_turns(chances, np.array([[a, b]]))[0]
    need = b - a  # my last turn: I need more than b - a units
    size = max(need, 0) + 2 + tables.max_gain
    gap = need - np.arange(size)
    inside = np.clip(gap, 0, len(chances.last) - 1)
    values = np.where(gap[:, None] < 0, 1.0, chances.last[inside])
    values = np.where(gap[:, None] >= len(chances.last), 0.0, values)
    bank_value = np.where(gap < 0, 1.0, np.where(gap == 0, 0.5, 0.0))
    return _WinTurn(values, bank_value, need + 1, _options(tables))


def _pair_turns(chances: Any, pairs: np.ndarray) -> list[_WinTurn]:
    """Optimal play to win at each pair of totals ``pairs[j] = (a, b)`` (units, inside the
    table), solved in one batch: the values of
    :meth:`~dicelab.farkle.winchance.WinChances._turn`, pair by pair."""
    from dicelab.farkle.winchance import _bank_rows, _caps, _entry_units

    tables = turn_tables(chances.rules)
    a, b = pairs[:, 0], pairs[:, 1]
    farkle = 1.0 - chances.start[b, a]
    entry = _entry_units(chances.rules, chances.unit)
    top = len(chances.start)
    caps = _caps(chances.last, top, a, b, 1.0 - farkle, tables, entry)
    size = int(caps.max()) + tables.max_gain + 1
    bank = _bank_rows(chances.start, chances.last, a, b, size, entry)
    values, _, _, _ = solve_turn(tables, bank, farkle, caps)
    options = _options(tables)
    turns = []
    for j, cap in enumerate(caps.tolist()):
        end = cap + tables.max_gain + 1
        turns.append(_WinTurn(values[:end, :, j].copy(), bank[:end, j].copy(), int(cap), options))
    return turns


@lru_cache(maxsize=8)
def _computer_seat(player: ComputerPlayer, rules: Rules, target: int) -> _PlayerSeat:
    """The computer player's seat, its decisions remembered from one run to the next."""
    return _PlayerSeat(player, rules, target)


def _seat(strategy: Any, rules: Rules, target: int) -> _SeatPolicy:
    from dicelab.farkle.winchance import WinChances

    if isinstance(strategy, WinChances):
        if strategy.target != target or strategy.rules != rules:
            raise IllegalMove(msg("These win chances were solved for another target or table."))
        return _WinSeat(strategy)
    if type(strategy) is ComputerPlayer:
        return _computer_seat(strategy, rules, target)
    if hasattr(strategy, "choose_set_aside") and hasattr(strategy, "threshold"):
        return _PlayerSeat(strategy, rules, target)
    return _Fixed(_compile(turn_strategy(strategy, rules)))


@dataclass(frozen=True, eq=False)
class GameResults:
    """Simulated games: final totals per seat and each seat's share of each win."""

    totals: np.ndarray = field(repr=False)  # (games, seats)
    shares: np.ndarray = field(repr=False)  # (games, seats): 1, 0, or 1/k for a k-way tie
    turns: np.ndarray = field(repr=False)  # turns played per game

    @property
    def win_rates(self) -> np.ndarray:
        """Each seat's share of the wins (ties shared)."""
        return self.shares.mean(axis=0)

    @property
    def standard_errors(self) -> np.ndarray:
        """Standard errors of :attr:`win_rates`."""
        return self.shares.std(axis=0, ddof=1) / np.sqrt(len(self.shares))


def simulate_games(
    strategies: Sequence[Any],
    games: int = 1_000,
    target: int = 10_000,
    seed: int | None = None,
    rules: Rules | None = None,
    progress: Progress | None = None,
) -> GameResults:
    """Play ``games`` whole games, seat ``i`` following ``strategies[i]``, seat 0 first.

    A strategy is anything :func:`turn_strategy` takes, an object with the computer
    player's interface (its decisions depend on the totals), or solved
    :class:`~dicelab.farkle.winchance.WinChances` of the same table and target (play to
    win). The rules of ``docs/farkle.md`` apply: the first total to reach ``target``
    starts the last round, every other seat plays one more turn, the highest total
    wins, ties share.

    >>> results = simulate_games([300, "optimal"], 200, target=2000, seed=3)
    >>> results.win_rates.round(2).tolist()
    [0.45, 0.55]

    The game rules of ``rules`` apply too, each through its predicate of
    :class:`~dicelab.farkle.rules.Rules`: with ``end="at-once"`` (``ends_at_target``)
    the first bank to reach the target ends the game; with an ``entry`` minimum
    (``may_bank``) a seat whose total is 0 rolls on where its strategy would bank less.

    >>> race = Rules.custom("race", end="at-once", entry=500)
    >>> results = simulate_games([300, 300], 200, target=2000, seed=3, rules=race)
    >>> bool(((results.totals == 0) | (results.totals >= 500)).all())
    True
    >>> int((results.totals >= 2000).sum(axis=1).max())  # one seat reaches it: the end
    1
    """
    tables = turn_tables(rules)
    rules = tables.rules
    unit = tables.unit
    lookup, _ = _roll_lookup(tables)
    seats = [_seat(s, rules, target) for s in strategies]
    count = len(seats)
    if not 1 <= count <= 7:
        raise IllegalMove(msg("A game has from 1 to 7 seats, not {n}.", n=count))
    games = _check_games(games)
    rng = np.random.default_rng(seed)
    goal = -(-target // unit)
    totals = np.zeros((games, count), dtype=np.int64)
    turns = np.zeros(games, dtype=np.int64)
    block = _FIXED_BLOCK if all(isinstance(seat, _Fixed) for seat in seats) else _GAME_BLOCK
    for begin in range(0, games, block):  # one block in play at a time
        state = _Games.start(min(block, games - begin), count)
        while state.live.any():
            ids = np.nonzero(state.live)[0]
            banked, lost, new_k = _play_step(state, ids, seats, rng, lookup, rules)
            ended = banked | lost
            _end_turns(state, ids[ended], np.where(banked[ended], new_k[ended], 0), goal, rules)
            if progress is not None:
                done = begin + len(state.live) * (1.0 - state.live.mean())
                progress(done / games)
        totals[begin : begin + len(state.live)] = state.totals
        turns[begin : begin + len(state.live)] = state.turns
    return _results(totals, turns, unit)


def _check_games(games: object) -> int:
    """A number of games: a whole number from 0 to :data:`MAX_GAMES`."""
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)):
        raise IllegalMove(
            msg("A number of games is a whole number, not {value}.", value=show_value(games))
        )
    if not 0 <= games <= MAX_GAMES:
        raise IllegalMove(
            msg(
                "A simulation plays from 0 to {most} games, not {value}.",
                most=MAX_GAMES,
                value=show_value(games),
            )
        )
    return int(games)


def _results(totals: np.ndarray, turns: np.ndarray, unit: int) -> GameResults:
    """The finished games' totals in points, win shares (ties shared) and turns."""
    high = totals.max(axis=1, keepdims=True)
    winners = totals == high
    shares = winners / winners.sum(axis=1, keepdims=True)
    return GameResults(totals * unit, shares, turns)


@dataclass(eq=False)
class _Games:
    """A batch of games in progress, one row per game (totals in units)."""

    totals: np.ndarray  # (games, seats)
    current: np.ndarray  # the seat whose turn it is
    trigger: np.ndarray  # the seat that reached the target first, -1 before
    turns: np.ndarray  # turns played
    k: np.ndarray  # points of the turn in progress
    dice: np.ndarray  # dice to roll
    first: np.ndarray  # whether the turn in progress has not rolled yet
    live: np.ndarray  # whether the game goes on

    @classmethod
    def start(cls, games: int, count: int) -> _Games:
        """``games`` new games of ``count`` seats, seat 0 about to roll six dice."""
        return cls(
            totals=np.zeros((games, count), dtype=np.int64),
            current=np.zeros(games, dtype=np.int64),
            trigger=np.full(games, -1, dtype=np.int64),
            turns=np.zeros(games, dtype=np.int64),
            k=np.zeros(games, dtype=np.int64),
            dice=np.full(games, MAX_DICE, dtype=np.int64),
            first=np.ones(games, dtype=bool),
            live=np.ones(games, dtype=bool),
        )

    def contexts(self, ids: np.ndarray) -> np.ndarray:
        """(len(ids), 4) what a seat's decisions may depend on in games ``ids``: the seat,
        its total, the best other total, and whether the last round has begun."""
        others = self.totals[ids].copy()
        others[np.arange(len(ids)), self.current[ids]] = -1
        if self.totals.shape[1] > 1:
            best = others.max(axis=1)
        else:
            best = np.zeros(len(ids), dtype=np.int64)
        mine = self.totals[ids, self.current[ids]]
        last = self.trigger[ids] >= 0
        return np.stack([self.current[ids], mine, best, last], axis=1)


def _play_step(
    state: _Games,
    ids: np.ndarray,
    seats: list[_SeatPolicy],
    rng: np.random.Generator,
    lookup: np.ndarray,
    rules: Rules,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One roll and decision in each game ``ids``, the games in the same context together.

    Returns per game whether the turn banked, whether it farkled, and its points (units).
    """
    unit = turn_tables(rules).unit
    mine = state.totals[ids, state.current[ids]]
    allowed = _may_bank(rules, mine * unit, state.k[ids] * unit)
    contexts = state.contexts(ids)
    for number, seat_policy in enumerate(seats):
        rows = contexts[:, 0] == number
        if rows.any():
            mine, best, last = contexts[rows, 1], contexts[rows, 2], contexts[rows, 3]
            contexts[rows, 1:] = seat_policy.context(mine, best, last)
    unique, group = np.unique(contexts, axis=0, return_inverse=True)
    group = group.reshape(-1)
    for number, seat_policy in enumerate(seats):
        seat_policy.prepare(unique[unique[:, 0] == number, 1:])
    banked = np.zeros(len(ids), dtype=bool)
    lost = np.zeros(len(ids), dtype=bool)
    new_k, new_dice = state.k[ids].copy(), state.dice[ids].copy()
    for number, seat_policy in enumerate(seats):
        if isinstance(seat_policy, _WinSeat) and (contexts[:, 0] == number).any():
            member = contexts[:, 0] == number  # all its games at once
            at = ids[member]
            b, f, nk, nd = _win_steps(
                seat_policy, contexts[member, 1:], state, at, allowed[member], rng, lookup
            )
            banked[member], lost[member], new_k[member], new_dice[member] = b, f, nk, nd
    for g, (seat, my_total, best_total, in_last) in enumerate(unique):
        if isinstance(seats[seat], _WinSeat):
            continue
        member = group == g
        policy = seats[seat].tables(int(my_total) * unit, int(best_total) * unit, bool(in_last))
        at = ids[member]
        b, f, nk, nd = _turn_steps(
            policy, rng, lookup, state.k[at], state.dice[at], state.first[at], allowed[member]
        )
        banked[member], lost[member], new_k[member], new_dice[member] = b, f, nk, nd
    state.k[ids], state.dice[ids], state.first[ids] = new_k, new_dice, False
    return banked, lost, new_k


def _win_steps(
    seat: _WinSeat,
    contexts: np.ndarray,
    state: _Games,
    at: np.ndarray,
    allowed: np.ndarray,
    rng: np.random.Generator,
    lookup: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_turn_steps` for every game ``at`` of a win-chance seat at once, whatever its
    pair of totals: the pairs' chances are laid end to end and each game reads its own.

    ``contexts`` are the games' ``(mine, best, last)`` in units.
    """
    unit = seat.chances.unit
    keys, group = np.unique(contexts, axis=0, return_inverse=True)
    group = group.reshape(-1)
    turns = [seat.tables(a * unit, b * unit, bool(last)) for a, b, last in keys.tolist()]
    sizes = np.array([len(turn.values) for turn in turns], dtype=np.int64)
    starts = np.cumsum(sizes) - sizes
    lengths = np.array([turn.length for turn in turns], dtype=np.int64)
    values = np.concatenate([turn.values for turn in turns])
    bank_values = np.concatenate([turn.bank_value for turn in turns])
    size, start, length = sizes[group], starts[group], lengths[group]
    whole = np.maximum(length, 1)
    k, dice, first = state.k[at], state.dice[at], state.first[at]
    here = start + np.clip(k, 0, size - 1)
    better = values[here, dice] <= bank_values[here]
    banked = ~first & allowed & ((k >= whole) | ((k > 0) & (k < length) & better))
    rolling = ~banked
    row = np.full(len(k), -1, dtype=np.int64)
    row[rolling] = _roll(rng, dice[rolling], lookup)
    farkled = rolling & (row < 0)
    scored = rolling & (row >= 0)
    options = turns[0].options if turns else _options(turn_tables(seat.chances.rules))
    gains, left = options.gains[row[scored]], options.left[row[scored]]
    points = np.minimum(k[scored], whole[scored] - 1)[:, None]
    top = size[scored, None] - 1
    to = start[scored, None] + np.minimum(points + np.maximum(gains, 0), top)
    after = np.where(gains >= 0, values[to, left], -np.inf)
    pick = np.argmax(after, axis=1)[:, None]  # the first of equal best set-asides
    new_k, new_dice = k.copy(), dice.copy()
    new_k[scored] += np.take_along_axis(gains, pick, 1)[:, 0]
    new_dice[scored] = np.take_along_axis(left, pick, 1)[:, 0]
    return banked, farkled, new_k, new_dice


def _may_bank(rules: Rules, totals: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``rules.may_bank(total, points)`` for each game (points, not units): the rule's one
    predicate, asked once per distinct pair."""
    if rules.may_bank(0, 0):  # no minimum: a bank of nothing off the board, so any bank
        return np.ones(len(points), dtype=bool)
    pairs, inverse = np.unique(np.stack([totals, points], axis=1), axis=0, return_inverse=True)
    answers = np.array([rules.may_bank(int(t), int(p)) for t, p in pairs], dtype=bool)
    return answers[inverse.reshape(-1)]


def _end_turns(state: _Games, done: np.ndarray, gain: np.ndarray, goal: int, rules: Rules) -> None:
    """Close the turns of games ``done`` with ``gain`` points (units): the next seat's turn,
    the last round from the first total at ``goal`` (or the game over at once, if the rules
    end it at the target), the game over when the turn comes round to that seat."""
    totals, current, trigger = state.totals, state.current, state.trigger
    totals[done, current[done]] += gain
    state.turns[done] += 1
    reached = (trigger[done] < 0) & (totals[done, current[done]] >= goal)
    trigger[done[reached]] = current[done[reached]]
    if rules.ends_at_target:
        state.live[done[reached]] = False
    current[done] = (current[done] + 1) % totals.shape[1]
    state.k[done], state.dice[done], state.first[done] = 0, MAX_DICE, True
    over = done[(trigger[done] >= 0) & (current[done] == trigger[done])]
    state.live[over] = False
