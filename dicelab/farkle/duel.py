"""Strategy against strategy, exactly: two-player Farkle as a Markov chain.

``duel(first, second, rules, target)`` gives the exact chance that each of two strategies
wins, whoever starts, where :func:`~dicelab.farkle.simulate.simulate_games` can only
estimate it. A strategy is anything ``simulate_games`` plays, played exactly as it plays
it: a bank threshold (``300``), ``"optimal"`` (the turn that maximises expected points),
a learner's function ``banks(turn_points, n_dice)``, :class:`~dicelab.farkle.ComputerPlayer`
(or any object with its ``threshold`` and ``choose_set_aside``), or solved
:class:`~dicelab.farkle.winchance.WinChances` (play to win).

>>> from dicelab.farkle.winchance import solve_win_chances
>>> result = duel(solve_win_chances(target=1000), "optimal", target=1000)
>>> round(result.first_wins, 4), round(result.first_wins_second_starting, 4)
(0.669, 0.4843)
>>> result.fair_head_start  # points the score-maximiser should start with
500

The game follows ``docs/farkle.md`` as the simulator plays it: whoever first banks the
target or more ends normal play, the other player has one last turn, the higher total
wins and **a tie counts half a win for each**. A fixed strategy plays the same turn
whatever the totals, the last turn included.

**How.** A state between turns is ``(first's total, second's total, whose turn)``. For
fixed totals, one turn of a strategy is a distribution of the points it banks, and the
chance that it farkles; banking moves to a larger sum of totals, a farkle hands the same
totals to the other player. So the pairs of totals are solved by decreasing sum, and the
two states of a pair (either to move) form a 2x2 linear system, solved exactly. A turn's
distribution is one forward pass over (turn points, dice to roll) under the strategy's
decisions (compiled); the win-chance player's decisions differ for every pair of totals,
so its turns are valued in one backward pass per pair (compiled, a whole diagonal of
pairs at once), its decisions taken by its own win chances. See ``docs/farkle-risk.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from dicelab.errors import IllegalMove
from dicelab.farkle.duelkernel import played_turns, rule_outcomes, turn_outcomes
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.risk import MAX_DICE, TurnTables, _check_points, turn_tables
from dicelab.farkle.rules import Rules, check_rules
from dicelab.farkle.scoring import reachable_total, set_aside_options
from dicelab.farkle.simulate import _Fixed, _PlayerSeat, _roll_lookup, _seat, _WinSeat
from dicelab.farkle.winchance import WinChances, _bank_rows, _caps, _entry_units
from dicelab.farkle.winkernel import turn_plan
from dicelab.i18n import msg
from dicelab.numbers import show_value

__all__ = ["MAX_TARGET", "Duel", "duel"]

MAX_TARGET = 20_000
"""The largest target a duel is solved for (time and memory grow with its square)."""

Progress = Callable[[float], None]


# --------------------------------------------------------------------------- result


@dataclass(frozen=True, eq=False)
class Duel:
    """The exact two-player figures of ``first`` against ``second`` (see :func:`duel`).

    ``first_moves[a, b]`` is the chance that ``first`` wins when it is about to take a
    turn with a total of ``a`` units against ``b``; ``second_moves[b, a]`` the chance
    that ``second`` wins when it is its turn with ``b`` against ``a``. Ties count half.
    """

    rules: Rules
    target: int
    unit: int
    first_moves: np.ndarray = field(repr=False)
    second_moves: np.ndarray = field(repr=False)
    seconds: float = 0.0

    @property
    def first_wins(self) -> float:
        """Chance that ``first``, starting, wins (ties half)."""
        return float(self.first_moves[0, 0])

    @property
    def second_wins(self) -> float:
        """Chance that ``second`` wins when ``first`` starts: ``1 - first_wins``."""
        return 1.0 - self.first_wins

    @property
    def first_wins_second_starting(self) -> float:
        """Chance that ``first`` wins when ``second`` starts."""
        return 1.0 - float(self.second_moves[0, 0])

    @property
    def first_wins_either_starting(self) -> float:
        """Chance that ``first`` wins a game in which a fair coin says who starts
        (the mean of the two)."""
        return (self.first_wins + self.first_wins_second_starting) / 2

    @property
    def fair_head_start(self) -> int:
        """The head start, in points, that makes the game fairest when ``first`` starts.

        As in :meth:`~dicelab.farkle.winchance.WinChances.fair_head_start`: when ``first``
        wins at least half the time from 0 - 0, the points ``h`` (a multiple of the unit)
        that ``second`` starts with for which ``first``'s chance from ``0 - h`` is closest
        to one half. When ``first`` is the weaker, the head start goes to it instead: the
        result is then ``-h``, ``first`` starting with ``h`` points against 0.
        """
        if self.first_wins >= 0.5:
            return int(np.argmin(np.abs(self.first_moves[0] - 0.5))) * self.unit
        return -int(np.argmin(np.abs(self.first_moves[:, 0] - 0.5))) * self.unit

    def chance(self, first_total: int, second_total: int, first_to_move: bool = True) -> float:
        """Chance that ``first`` wins from these totals (both below the target), at the
        start of the turn of ``first`` (or of ``second``)."""
        top = len(self.first_moves)
        a = _check_points(first_total, self.unit)
        b = _check_points(second_total, self.unit)
        if max(a, b) >= top:
            raise IllegalMove(
                msg(
                    "Both totals must be below the target {target}: at the target the last "
                    "round has begun.",
                    target=self.target,
                )
            )
        for total in (first_total, second_total):
            if total and not (reachable_total(total, self.rules) and self.rules.may_bank(0, total)):
                raise IllegalMove(
                    msg("No game under these rules reaches a total of {total}.", total=total)
                )
        if first_to_move:
            return float(self.first_moves[a, b])
        return 1.0 - float(self.second_moves[b, a])


# --------------------------------------------------------------------------- strategies


@dataclass(frozen=True, eq=False)
class _Rolls:
    """The stacked rolls of 1 to 6 dice (the simulator's rows), for the turn kernels."""

    tables: TurnTables
    begin: np.ndarray
    prob: np.ndarray
    pf: np.ndarray
    max_gain: int

    @property
    def kernel_rows(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return self.begin, self.prob, self.pf


@cache
def _rolls(tables: TurnTables) -> _Rolls:
    _, offsets = _roll_lookup(tables)
    begin = np.zeros(MAX_DICE + 2, dtype=np.int64)
    begin[1:] = offsets[1:]
    prob = np.concatenate([tables.dice[n].probs for n in range(1, MAX_DICE + 1)])
    pf = np.array([0.0] + [float(tables.dice[n].farkle) for n in range(1, MAX_DICE + 1)])
    return _Rolls(tables, begin, prob, pf, tables.max_gain)


class _Turns:
    """One strategy's turns at totals below the target, as distributions of banked points.

    ``index(mine, their)`` numbers the distinct turns (rows of :meth:`matrix`); ``last``
    gives the chance that the strategy wins a last turn that needs ``g`` units to tie.
    """

    def __init__(self, rolls: _Rolls, entry: int) -> None:
        self.rolls = rolls
        self.entry = entry
        self.keys: dict[Any, int] = {}
        self.found: list[tuple[np.ndarray, float]] = []

    def _add(self, key: Any, make: Callable[[], tuple[np.ndarray, float]]) -> int:
        if key not in self.keys:
            self.keys[key] = len(self.found)
            self.found.append(make())
        return self.keys[key]

    def board(self, mine: int) -> bool:
        return bool(self.entry) and mine > 0

    def turn(self, mine: int, their: int, last: bool) -> int:
        raise NotImplementedError

    def index(self, top: int) -> np.ndarray:
        """``(top, top)``: the turn number of every pair (mine, their) below the target.

        A turn depends on how far behind the player is and, under an entry minimum, on
        whether it is on the board (all the simulator's seats look at)."""
        boards = (0, 1) if self.entry else (1,)
        by = np.zeros((2, top), dtype=np.int64)
        for board in boards:
            by[board] = [self.turn(board, board + behind, False) for behind in range(top)]
        a, b = np.divmod(np.arange(top * top), top)
        on = (a > 0) if self.entry else np.ones(len(a), dtype=bool)
        return by[on.astype(np.int64), np.maximum(0, b - a)].reshape(top, top)

    def matrix(self, rows: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """The banked-points distributions of turns ``rows`` (padded) and farkle chances."""
        width = max(len(self.found[r][0]) for r in rows)
        banked = np.zeros((len(rows), width))
        for i, r in enumerate(rows):
            banked[i, : len(self.found[r][0])] = self.found[r][0]
        return banked, np.array([self.found[r][1] for r in rows])

    def last(self, size: int) -> np.ndarray:
        """``(2, size)``: the chance (ties half) of winning a last turn that needs ``g``
        units to tie, off the board (row 0) and on it (row 1)."""
        out = np.zeros((2, size))
        for board in (0, 1) if self.entry else (1,):
            mine = 1 if board else 0
            for g in range(1, size):
                banked, _ = self.found[self.turn(mine, mine + g, True)]
                out[board, g] = banked[g + 1 :].sum() + 0.5 * (banked[g] if g < len(banked) else 0)
        if not self.entry:
            out[0] = out[1]
        return out


class _FixedTurns(_Turns):
    """A fixed strategy: the same turn at any totals (off the board: rolls on to the entry)."""

    def __init__(self, rolls: _Rolls, entry: int, seat: _Fixed) -> None:
        super().__init__(rolls, entry)
        self.compiled = seat.compiled

    def turn(self, mine: int, their: int, last: bool) -> int:
        board = not self.entry or mine > 0
        return self._add(board, lambda: self._outcomes(0 if board else self.entry))

    def _outcomes(self, entry: int) -> tuple[np.ndarray, float]:
        c = self.compiled
        size = max(c.length, entry) + self.rolls.max_gain + 1
        return turn_outcomes(c.banks, c.steps, c.left, entry, self.rolls.kernel_rows, size)

    def last(self, size: int) -> np.ndarray:
        out = np.zeros((2, size))
        g = np.arange(size)
        for board in (0, 1):
            banked, _ = self.found[self.turn(board, board, False)]
            at = np.concatenate([banked, np.zeros(size + 1)])
            tail = np.cumsum(at[::-1])[::-1]  # tail[i]: the chance to bank i units or more
            out[board] = tail[g + 1] + 0.5 * at[g]
        return out


class _PlayerTurns(_Turns):
    """The computer player (or an object with its interface) in each context the simulator
    gives it: how far behind it is, whether this is its last turn and, under an entry
    minimum, whether it is on the board."""

    def __init__(self, rolls: _Rolls, entry: int, seat: _PlayerSeat) -> None:
        super().__init__(rolls, entry)
        self.seat = seat
        self.fast = type(seat.player) is ComputerPlayer
        self.moves = _rule_moves(rolls.tables, seat.player) if self.fast else None

    def turn(self, mine: int, their: int, last: bool) -> int:
        board = self.board(mine)
        try:
            played = self.seat._turn(max(0, their - mine), last, board)
        except IllegalMove:  # totals no game reaches (under an entry minimum): never used
            return self._add("unreachable", lambda: (np.zeros(1), 0.5))
        limits = np.asarray(played.limits, dtype=np.int64)
        entry = 0 if board or not self.entry else self.entry
        if self.fast:  # its choices follow its thresholds
            key: Any = (tuple(limits.tolist()), entry)
        else:
            key = (max(0, their - mine), last, board)
        return self._add(key, lambda: self._outcomes(played, limits, entry))

    def _outcomes(self, played: Any, limits: np.ndarray, entry: int) -> tuple[np.ndarray, float]:
        rolls = self.rolls
        length = max(int(limits[1:].max()), 1)
        size = max(length, entry) + rolls.max_gain + 1
        if self.moves is not None:
            return rule_outcomes(limits, entry, self.moves, rolls.kernel_rows, size)
        rows = int(rolls.begin[-1])
        k = np.repeat(np.arange(length), rows)
        steps, left = played.move(k, np.tile(np.arange(rows), length))
        banks = np.arange(length)[:, None] >= limits[None, :]
        shape = (length, rows)
        return turn_outcomes(
            banks, steps.reshape(shape), left.reshape(shape), entry, rolls.kernel_rows, size
        )


def _rule_moves(
    tables: TurnTables, player: ComputerPlayer
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per stacked roll, the computer player's two candidate set-asides (units, dice
    left): the most points (fewest dice among equals), and the most ``points + die_value
    * dice left`` (then points, then fewest dice). It takes the first when that reaches
    its threshold for the dice it leaves (``ComputerPlayer.choose_set_aside``)."""
    unit = tables.unit
    out: list[list[int]] = [[], [], [], []]
    for n in range(1, MAX_DICE + 1):
        for roll in tables.dice[n].rolls:
            options = set_aside_options(roll, tables.rules)

            def left(dice: tuple[int, ...], n: int = n) -> int:
                return n - len(dice) or MAX_DICE

            def most(dice: tuple[int, ...], o: dict[tuple[int, ...], int] = options) -> Any:
                return (o[dice], -len(dice))

            def rolls_on(dice: tuple[int, ...], o: dict[tuple[int, ...], int] = options) -> Any:
                return (o[dice] + player.die_value * left(dice), o[dice], -len(dice))

            best, other = max(options, key=most), max(options, key=rolls_on)
            for i, dice in ((0, best), (2, other)):
                out[i].append(options[dice] // unit)
                out[i + 1].append(left(dice))
    best_step, best_left, other_step, other_left = (np.array(v, dtype=np.int64) for v in out)
    return best_step, best_left, other_step, other_left


# --------------------------------------------------------------------------- solve


@dataclass(eq=False)
class _Side:
    """One player's turns in the solve: distributions, or the win-chance kernel."""

    rolls: _Rolls
    top: int
    turns: _Turns | None = None
    chances: WinChances | None = None
    entry: int = 0
    table: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    banked: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))
    farkled: np.ndarray = field(default_factory=lambda: np.zeros(0))
    caps: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.int64))

    def prepare(self) -> int:
        """Solve the distinct turns (or the win-chance caps); the rows a turn spans."""
        top = self.top
        if self.chances is not None:
            a, b = np.divmod(np.arange(top * top), top)
            theirs = self.chances.start[b, a]
            caps = _caps(self.chances.last, top, a, b, theirs, self.rolls.tables, self.entry)
            self.caps = caps.reshape(top, top)
            return int(self.caps.max()) + self.rolls.max_gain + 1
        assert self.turns is not None
        index = self.turns.index(top)
        rows = sorted(set(index.ravel().tolist()))
        self.banked, self.farkled = self.turns.matrix(rows)
        self.table = np.searchsorted(rows, index)
        return int(self.banked.shape[1])

    def last(self, size: int) -> np.ndarray:
        """``(2, size)`` last-turn chances of this player (off / on the board)."""
        if self.chances is not None:
            last = self.chances.last[:, MAX_DICE]
            row = np.zeros(size)
            row[: min(size, len(last))] = last[:size]
            return np.stack([row, row])
        assert self.turns is not None
        return self.turns.last(size)

    def turn(
        self, mine: np.ndarray, their: np.ndarray, other: np.ndarray, ending: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """``(base, lost)`` of this player's turns at totals ``(mine, their)``: the chance
        to win with a farkle worth 0, and the chance to farkle. ``other[their, m]`` is the
        other player's chance when it is to move at ``their`` against ``m``; ``ending[o,
        g]`` this player's chance after banking past the target ``g`` units ahead."""
        top = self.top
        if self.chances is not None:
            caps = self.caps[mine, their]
            size = int(caps.max()) + self.rolls.max_gain + 1
        else:
            size = self.banked.shape[1]
        m = mine[None, :] + np.arange(size)[:, None]
        board = (their > 0).astype(np.int64) if self.entry else np.ones_like(their)
        ahead = np.clip(m - their[None, :], 0, ending.shape[1] - 1)
        past = ending[board[None, :], ahead]
        payoff = np.where(m < top, 1.0 - other[their[None, :], np.minimum(m, top - 1)], past)
        payoff[0] = 0.0  # no turn banks nothing (and these totals are not solved yet)
        if self.chances is None:
            rows = self.table[mine, their]
            base = np.einsum("jt,tj->j", self.banked[rows], payoff)
            return base, self.farkled[rows]
        start, last = self.chances.start, self.chances.last
        bank = _bank_rows(start, last, mine, their, size, self.entry)
        return played_turns(
            turn_plan(self.rolls.tables), bank, payoff, 1.0 - start[their, mine], caps
        )


def _side(strategy: Any, rules: Rules, target: int, rolls: _Rolls, top: int) -> _Side:
    seat = _seat(strategy, rules, target)
    entry = _entry_units(rules, rolls.tables.unit)
    if isinstance(seat, _WinSeat):
        return _Side(rolls, top, chances=seat.chances, entry=entry)
    if isinstance(seat, _PlayerSeat):
        return _Side(rolls, top, turns=_PlayerTurns(rolls, entry, seat), entry=entry)
    assert isinstance(seat, _Fixed)
    return _Side(rolls, top, turns=_FixedTurns(rolls, entry, seat), entry=entry)


def _check_target(target: object) -> int:
    if isinstance(target, bool) or not isinstance(target, int) or not 0 < target <= MAX_TARGET:
        raise IllegalMove(
            msg(
                "A duel's target is a whole number of points from 1 to {most}, not {value}.",
                most=MAX_TARGET,
                value=show_value(target),
            )
        )
    return target


def duel(
    first: Any,
    second: Any,
    rules: Rules | str | None = None,
    target: int = 10_000,
    progress: Progress | None = None,
) -> Duel:
    """The exact chances of ``first`` against ``second`` (see the module's docstring).

    ``first`` and ``second`` take the strategies of
    :func:`~dicelab.farkle.simulate.simulate_games`; :class:`WinChances` must be solved for
    the same table and target. ``progress`` receives the fraction done (0..1).

    >>> result = duel(300, "optimal", target=2000)
    >>> round(result.first_wins, 4), result.fair_head_start
    (0.4397, -200)
    """
    began = time.perf_counter()
    target = _check_target(target)
    tables = turn_tables(check_rules(rules))
    rules = tables.rules
    unit = tables.unit
    top = -(-target // unit)
    rolls = _rolls(tables)
    sides = [_side(s, rules, target, rolls, top) for s in (first, second)]
    span = max(side.prepare() for side in sides)
    size = top + span + 1
    if rules.ends_at_target:
        endings = [np.ones((2, size)), np.ones((2, size))]
    else:
        lasts = [side.last(size) for side in sides]
        endings = [1.0 - lasts[1], 1.0 - lasts[0]]
    firsts = np.full((top, top), np.nan)
    seconds = np.full((top, top), np.nan)
    for s in range(2 * top - 2, -1, -1):
        a = np.arange(max(0, s - top + 1), min(s, top - 1) + 1)
        b = s - a
        base1, lost1 = sides[0].turn(a, b, seconds, endings[0])
        base2, lost2 = sides[1].turn(b, a, firsts, endings[1])
        x = (base1 + lost1 * (1.0 - base2 - lost2)) / (1.0 - lost1 * lost2)
        firsts[a, b] = x
        seconds[b, a] = base2 + lost2 * (1.0 - x)
        if progress is not None:
            progress((2 * top - 1 - s) / (2 * top - 1))
    for array in (firsts, seconds):
        array.flags.writeable = False
    return Duel(rules, target, unit, firsts, seconds, time.perf_counter() - began)
