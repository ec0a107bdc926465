"""Two-player Farkle played to win: exact winning chances under optimal play by both.

A state is ``(my total, their total, turn points, dice to roll)`` with the player to
move being "me". The game follows ``docs/farkle.md``: whoever first banks a total of
``target`` or more ends normal play and the other player gets exactly one last turn
to pass them; the higher total wins. **Equal final totals share the win: a tie counts
as half a win for each player**, so every chance here is ``P(win) + P(tie) / 2`` and
the two players' chances add up to 1.

>>> chances = solve_win_chances(target=1000)  # small target: about a second, no cache
>>> round(chances.first_player_chance, 4)
0.5785
>>> round(chances.chance(my_total=950, their_total=0), 4)  # at a turn's start
0.8351
>>> chances.best_action(my_total=900, their_total=0, turn_points=100, n_dice=3)
'roll'
>>> chances.chance(my_total=0, their_total=1050, turn_points=1050, n_dice=1)  # tie: bank it
0.5

With 900 and 100 turn points, banking reaches the target but leaves the opponent a last
turn to make 1,001: rolling on for a bigger lead is worth more.

The solver works in units of the table's points step (50), by score pairs in order of
decreasing ``my total + their total``: banking moves to a higher sum (already solved),
a farkle hands the same totals to the other player. The two turn-start chances of a
pair ``(a, b)`` and ``(b, a)`` are therefore solved together, by Newton steps on
their exact piecewise-linear relation (each is a convex function of the other), a whole
diagonal of pairs at once in a compiled kernel (:mod:`dicelab.farkle.winkernel`, numba,
imported on the first solve): a pass gives every pair's turn value and slope, and the
pass at the new point checks it (two passes when no decision changes on the way).
Banking past the target then leaves the opponent one last turn, whose chances are solved
first. A turn's points are unbounded, but once the lead ``D`` is so large that the
opponent's last-turn chance ``W(D)`` is at most ``farkle_chance(6) * (their chance
after my farkle)``, banking beats rolling; the solver stops each turn there, so the
truncation is exact.

The game rules of the table apply (``docs/farkle.md``): with ``end="at-once"`` the first
bank to reach the target wins at once (no last turn); with an ``entry`` minimum a player
off the board may not bank less.

Solved tables are cached on disk (see :func:`cache_dir`); ``python -m
dicelab.farkle.winchance --build`` solves the standard targets with a progress line.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from dicelab.cache import CACHE_ENV, Progress, atomic_write, cache_dir, tqdm_progress
from dicelab.errors import IllegalMove
from dicelab.farkle.risk import (
    MAX_DICE,
    SOLVER_VERSION,
    SetAside,
    TurnTables,
    _check_n,
    _check_points,
    _normal_rules,
    _roll_of,
    solve_turn,
    turn_tables,
)
from dicelab.farkle.rules import Rules
from dicelab.farkle.scoring import set_aside_options
from dicelab.farkle.winkernel import turn_pass, turn_plan
from dicelab.i18n import format_number, format_percent, msg, translate
from dicelab.numbers import show_value

__all__ = [
    "CACHE_ENV",
    "WinChances",
    "cache_dir",
    "cache_path",
    "main",
    "solve_win_chances",
    "win_chances",
]

_TOLERANCE = 1e-13
"""Largest change of a turn-start chance in the pass that accepts it."""
_NEWTON_STEPS = 20
"""Newton steps per diagonal before falling back to the plain fixed point."""
_MAX_PASSES = 2_000
_TINY = 1e-300
_NEGLIGIBLE = 1e-20


def cache_path(rules: Rules, target: int) -> Path:
    """The cache file of one solve, keyed by the table's combinations, the game rules (only
    when they differ from the rules as written), the target and the solver version.

    >>> cache_path(Rules(), 10_000).name
    'farkle-win-7eda454908358cd0-10000-v1.npz'
    >>> cache_path(Rules.custom("race", end="at-once"), 10_000).name
    'farkle-win-7eda454908358cd0-at-once-10000-v1.npz'
    """
    key = f"{rules.fingerprint}{rules.game_key}"
    return cache_dir() / f"farkle-win-{key}-{target}-v{SOLVER_VERSION}.npz"


# --------------------------------------------------------------------------- last turn


def _last_turn(tables: TurnTables, size: int) -> np.ndarray:
    """``W[g, n]``: chance (ties half) of a last turn that needs ``g`` more units to tie.

    Computed on a reversed axis ``i = size - 1 - g``, so that scoring moves up the axis;
    past ``g < 0`` the player has passed and banks a sure win.
    """
    pad = tables.max_gain + 1
    need = size - 1 - np.arange(size + pad)
    bank = np.where(need < 0, 1.0, np.where(need == 0, 0.5, 0.0))
    values, _, _, _ = solve_turn(tables, bank, 0.0, size)
    last = values[size - 1 :: -1]  # g = 0 .. size-1
    last = np.maximum(last, 0.0)
    last[:, 0] = 0.0
    return np.ascontiguousarray(last)


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, eq=False)
class WinChances:
    """Solved two-player win chances for one table and target (see :func:`win_chances`).

    ``start[a, b]`` is the chance that the player to move wins at the start of their
    turn with totals ``a`` and ``b`` (in units, below the target); ``last[g, n]`` the
    chance of a last turn that still needs ``g`` units to tie.
    """

    rules: Rules
    target: int
    unit: int
    start: np.ndarray = field(repr=False)
    last: np.ndarray = field(repr=False)
    seconds: float = 0.0

    @property
    def first_player_chance(self) -> float:
        """Chance that the first player wins a game from 0 - 0 (ties half)."""
        return float(self.start[0, 0])

    def fair_head_start(self) -> int:
        """Points the second player should start with for the fairest game.

        The head start ``h`` (a multiple of the unit) for which the first player's
        chance from ``0 - h`` is closest to one half.
        """
        row = self.start[0]
        return int(np.argmin(np.abs(row - 0.5))) * self.unit

    def _totals(self, my_total: object, their_total: object) -> tuple[int, int]:
        a = _check_points(my_total, self.unit)
        b = _check_points(their_total, self.unit)
        top = len(self.start)
        if b >= top and self.rules.ends_at_target:
            raise IllegalMove(
                msg(
                    "A total of {total} has reached the target {target}: under these rules "
                    "that player has won, the game is over.",
                    total=b * self.unit,
                    target=self.target,
                )
            )
        if a >= top:
            raise IllegalMove(
                msg(
                    "A total of {total} has reached the target {target}: that player's game "
                    "is over, it is never their turn again.",
                    total=a * self.unit,
                    target=self.target,
                )
            )
        return a, b

    def _last_chance(self, need: int, n: int) -> float:
        if need < 0:
            return 1.0
        return float(self.last[need, n]) if need < len(self.last) else 0.0

    def chance(
        self, my_total: int, their_total: int, turn_points: int = 0, n_dice: int = 6
    ) -> float:
        """Chance that the player to move wins (ties half), under optimal play by both.

        With ``turn_points`` 0 and 6 dice this is the start of a turn (the roll is
        compulsory); otherwise the player may bank or roll. A ``their_total`` at the
        target or above means this is my last turn.
        """
        a, b = self._totals(my_total, their_total)
        t, n = _check_points(turn_points, self.unit), _check_n(n_dice)
        if b >= len(self.start):
            return self._last_chance(b - a - t, n)
        return float(self._turn(a, b).value(t, n))

    def roll_chance(self, my_total: int, their_total: int, turn_points: int, n_dice: int) -> float:
        """The chance if the player rolls ``n_dice`` now and plays on optimally."""
        a, b = self._totals(my_total, their_total)
        t, n = _check_points(turn_points, self.unit), _check_n(n_dice)
        if b >= len(self.start):
            need = b - a - t
            if need < 0:  # already past them: any scoring roll keeps the win
                return turn_tables(self.rules).dice[n].scoring
            if need == 0 and t:  # the tie could be banked: what rolling is worth
                return _roll_once(self, n, lambda pts, left: self._last_chance(-pts, left))
            return self._last_chance(need, n)
        value = self._turn(a, b).roll(t, n)
        if value == -np.inf:  # past the point where banking is sure: one roll, then values
            unit = self.unit
            farkle = float(turn_tables(self.rules).dice[n].farkle) * (1.0 - self.start[b, a])
            after = _roll_once(
                self,
                n,
                lambda pts, left: self.chance(my_total, their_total, (t + pts) * unit, left),
            )
            value = after + farkle
        return float(value)

    def bank_chance(self, my_total: int, their_total: int, turn_points: int) -> float:
        """The chance if the player banks ``turn_points`` now (refused below the entry
        minimum when ``my_total`` is 0)."""
        a, b = self._totals(my_total, their_total)
        t = _check_points(turn_points, self.unit)
        if not self.rules.may_bank(a, t * self.unit):
            raise IllegalMove(
                msg(
                    "Not on the board yet: a first bank needs at least {entry} points, and this "
                    "turn holds {points}. Roll on.",
                    entry=self.rules.entry,
                    points=t * self.unit,
                )
            )
        if b >= len(self.start):
            need = b - a - t
            return 1.0 if need < 0 else (0.5 if need == 0 else 0.0)
        return float(self._turn(a, b).bank(t))

    def best_action(self, my_total: int, their_total: int, turn_points: int, n_dice: int) -> str:
        """``'bank'`` or ``'roll'``: the optimal decision (``'roll'`` at a turn's start)."""
        if turn_points == 0 or not self.rules.may_bank(
            self._totals(my_total, their_total)[0], turn_points
        ):
            return "roll"
        rolled = self.roll_chance(my_total, their_total, turn_points, n_dice)
        return "roll" if rolled > self.bank_chance(my_total, their_total, turn_points) else "bank"

    def best_set_aside(
        self, roll: object, my_total: int, their_total: int, turn_points: int = 0
    ) -> SetAside:
        """The set-aside of ``roll`` that maximises the chance to win.

        ``turn_points`` are the points before this roll; ``value`` of the result is the
        winning chance after setting the dice aside (then banking or rolling, optimally).
        """
        tables = turn_tables(self.rules)
        table, _ = _roll_of(roll, tables)
        options = set_aside_options(roll, self.rules)
        scored = {}
        for dice, pts in options.items():
            left = table.n - len(dice) or MAX_DICE
            scored[dice] = self.chance(my_total, their_total, turn_points + pts, left)
        dice = max(scored, key=lambda d: (scored[d], -len(d)))
        return SetAside(dice, options[dice], table.n - len(dice) or MAX_DICE, scored[dice])

    @lru_cache(maxsize=4096)  # noqa: B019 - small turn tables of the pairs in use
    def _turn(self, a: int, b: int) -> _PairTurn:
        return _pair_turn(self, a, b)


@dataclass(frozen=True, eq=False)
class _PairTurn:
    """One turn's values for a fixed pair of totals (computed on demand)."""

    size: int
    unit: int
    values: np.ndarray
    rolls: np.ndarray
    banks: np.ndarray
    tail: Callable[[int], float]

    def value(self, t: int, n: int) -> float:
        if t == 0:
            return float(self.rolls[0, n])
        return float(self.values[t, n]) if t < self.size else self.tail(t)

    def roll(self, t: int, n: int) -> float:
        return float(self.rolls[t, n]) if t < self.size else -np.inf  # -inf: not tabulated

    def bank(self, t: int) -> float:
        return float(self.banks[t]) if t < self.size else self.tail(t)


def _bank_row(
    start: np.ndarray, last: np.ndarray, a: int, b: int, size: int, entry: int = 0
) -> np.ndarray:
    """What banking is worth at each turn total ``t < size`` for totals ``(a, b)``;
    ``-inf`` where banking is not allowed (below the ``entry`` units off the board)."""
    top = len(start)
    t = np.arange(size)
    mine = a + t
    lead = np.minimum(mine - b, len(last) - 1)
    past = 1.0 - np.where(mine - b < len(last), last[np.maximum(lead, 0), MAX_DICE], 0.0)
    inside = np.where(mine < top, 1.0 - start[b, np.minimum(mine, top - 1)], 0.0)
    row = np.where(mine < top, inside, past)
    if a == 0 and entry:
        row[:entry] = -np.inf
    return row


def _bank_rows(
    start: np.ndarray, last: np.ndarray, a: np.ndarray, b: np.ndarray, size: int, entry: int
) -> np.ndarray:
    """:func:`_bank_row` for every pair of a diagonal at once: shape ``(size, pairs)``."""
    top = len(start)
    mine = a[None, :] + np.arange(size)[:, None]
    lead = mine - b[None, :]
    past = 1.0 - np.where(lead < len(last), last[np.clip(lead, 0, len(last) - 1), MAX_DICE], 0.0)
    inside = 1.0 - start[b[None, :], np.minimum(mine, top - 1)]
    rows = np.where(mine < top, inside, past)
    if entry:
        rows[:entry, a == 0] = -np.inf
    return rows


def _pair_turn(chances: WinChances, a: int, b: int) -> _PairTurn:
    tables = turn_tables(chances.rules)
    farkle = 1.0 - chances.start[b, a]
    entry = _entry_units(chances.rules, chances.unit)
    cap = _caps(
        chances.last,
        len(chances.start),
        np.array([a]),
        np.array([b]),
        np.array([1 - farkle]),
        tables,
        entry,
    )
    size = int(cap[0]) + tables.max_gain + 1
    bank = _bank_row(chances.start, chances.last, a, b, size, entry)
    values, rolls, _, _ = solve_turn(tables, bank, farkle, int(cap[0]))
    for array in (values, rolls, bank):
        array.flags.writeable = False
    top, last = len(chances.start), chances.last

    def tail(t: int) -> float:  # past the cap: banking, with a lead of a + t - b
        lead = a + t - b
        return 1.0 - float(last[lead, MAX_DICE]) if lead < len(last) else 1.0

    assert size > top - a
    return _PairTurn(size, chances.unit, values, rolls, bank, tail)


def _roll_once(chances: WinChances, n: int, after: Callable[[int, int], float]) -> float:
    """Rolling ``n`` dice once and choosing the best set-aside by ``after(points, left)``."""
    table = turn_tables(chances.rules).dice[n]
    total = 0.0
    for roll, p in zip(table.rolls, table.probs, strict=True):
        best = max(
            after(pts // chances.unit, n - len(dice) or MAX_DICE)
            for dice, pts in set_aside_options(roll, chances.rules).items()
        )
        total += float(p) * best
    return total


# --------------------------------------------------------------------------- solver


def _entry_units(rules: Rules, unit: int) -> int:
    """The entry minimum in units: the first turn total a player off the board may bank."""
    return -(-rules.entry // unit)


def _caps(
    last: np.ndarray,
    top: int,
    a: np.ndarray,
    b: np.ndarray,
    theirs: np.ndarray,
    tables: TurnTables,
    entry: int = 0,
) -> np.ndarray:
    """Per pair, the turn total from which banking is optimal for sure.

    Past the target with lead ``D``, banking is worth ``1 - W(D)`` and rolling at most
    ``1 - pf + pf * (1 - theirs)``, with ``theirs`` (a lower bound of) the opponent's
    chance after my farkle and ``pf`` the smallest farkle chance: bank once
    ``W(D) <= pf * theirs``. When the game ends at the target, ``W`` is 0: bank on
    reaching it. A player off the board banks no earlier than the ``entry`` units.
    """
    pf = min(float(tables.dice[n].farkle) for n in range(1, MAX_DICE + 1))
    curve = last[:, MAX_DICE]
    # curve is decreasing: first lead index where it falls below the bound
    bound = pf * np.maximum(theirs, _TINY)
    lead = np.searchsorted(-curve, -bound, side="left")
    caps = np.maximum(top - a, b + lead - a)
    return np.where(a == 0, np.maximum(caps, entry), caps)


def _no_last_turn() -> np.ndarray:
    """``W`` when the game ends at the target: the other player has no last turn (0)."""
    return np.zeros((1, MAX_DICE + 1))


def _last_table(tables: TurnTables, top: int) -> np.ndarray:
    """Last-turn chances for needs long enough that ``W`` ends below ``1e-20``."""
    size = max(2 * top, 200)
    while True:
        last = _last_turn(tables, size)
        if last[-1, MAX_DICE] < _NEGLIGIBLE or size > 100_000:
            return last
        size *= 2


def solve_win_chances(
    rules: Rules | None = None, target: int = 10_000, progress: Progress | None = None
) -> WinChances:
    """Solve the two-player game (no disk cache): see :func:`win_chances`."""
    began = time.perf_counter()
    tables = turn_tables(rules)
    rules = tables.rules
    unit = tables.unit
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise IllegalMove(
            msg(
                "A target is a whole number of points above 0, not {value}.",
                value=show_value(target),
            )
        )
    top = -(-target // unit)
    entry = _entry_units(rules, unit)
    if entry > top:
        raise IllegalMove(
            msg(
                "The entry minimum {entry} is above the target {target}: no first bank could "
                "get a player on the board without ending the game.",
                entry=rules.entry,
                target=target,
            )
        )
    last = _no_last_turn() if rules.ends_at_target else _last_table(tables, top)
    start = np.full((top, top), np.nan)
    pad = tables.max_gain + 1
    work = np.array([_pairs_on(s, top) for s in range(2 * top - 1)], dtype=float)
    total_work = float(work.sum())
    done = 0.0
    for s in range(2 * top - 2, -1, -1):
        a = np.arange(max(0, s - top + 1), min(s, top - 1) + 1)
        b = s - a
        guess = _guess(start, a, b, top)
        mirror = guess[::-1]  # pair (b, a) sits at the mirrored position on the diagonal
        theirs = 0.5 * mirror
        while True:
            caps = _caps(last, top, a, b, theirs, tables, entry)
            length = int(caps.max())
            size = length + pad
            bank = _bank_rows(start, last, a, b, size, entry)
            x = _solve_diagonal(tables, bank, caps, guess)
            if np.all(x[::-1] >= theirs):
                break
            theirs = np.minimum(theirs, 0.5 * x[::-1])
        start[a, b] = x
        done += work[s]
        if progress is not None:
            progress(done / total_work)
    start.flags.writeable = False
    last.flags.writeable = False
    return WinChances(rules, target, unit, start, last, time.perf_counter() - began)


def _pairs_on(s: int, top: int) -> int:
    return min(s, top - 1) - max(0, s - top + 1) + 1


def _guess(start: np.ndarray, a: np.ndarray, b: np.ndarray, top: int) -> np.ndarray:
    """Starting chances for a diagonal, extrapolated from solved neighbours.

    Inside the table: the mean of the straight lines along ``a`` and along ``b`` and
    (counted twice) of the plane through ``(a + 1, b)``, ``(a, b + 1)`` and
    ``(a + 1, b + 1)``; measured on the 5,000 table, half the guesses are then within
    1.2e-5 of the solution (2e-5 to 1e-4 for each alone). Near the edges: a line, or the
    nearest neighbour. The closer the guess, the likelier the policy at the guess is
    already the optimal one, so that one step lands on the solution.
    """
    guess = np.full(len(a), 0.5)
    inner = (a + 2 < top) & (b + 2 < top)
    i, j = a[inner], b[inner]
    along_b = 2 * start[i, j + 1] - start[i, j + 2]
    along_a = 2 * start[i + 1, j] - start[i + 2, j]
    plane = start[i + 1, j] + start[i, j + 1] - start[i + 1, j + 1]
    guess[inner] = np.clip((along_a + along_b + 2 * plane) / 4, 0.0, 1.0)
    left = ~inner  # not guessed yet
    for da, db in ((0, 1), (1, 0)):
        for weights in ((2.0, -1.0), (1.0,)):
            far = len(weights)
            use = left & (a + far * da < top) & (b + far * db < top)
            value = sum(
                w * start[a[use] + k * da, b[use] + k * db] for k, w in enumerate(weights, 1)
            )
            guess[use] = np.clip(value, 0.0, 1.0)
            left &= ~use
    return guess


def _solve_diagonal(
    tables: TurnTables, bank: np.ndarray, caps: np.ndarray, guess: np.ndarray
) -> np.ndarray:
    """Turn-start chances ``x`` of a diagonal: ``x = G(1 - mirror(x))``.

    ``G`` (one turn's optimal value as a function of the farkle continuation ``f``) is
    convex and piecewise linear, with slope the chance of ending the turn in a farkle.
    Newton's method on the coupled pairs: one pass of the compiled kernel
    (:func:`~dicelab.farkle.winkernel.turn_pass`) gives every pair's ``G`` and slope at
    the current point, and the linearised 2x2 systems are solved in closed form. A pass
    without slopes (half the work) at the new point is the check: the pairs whose value
    comes back within 1e-13 (with their mirror) are done, the others (those where a
    decision changed on the way) take the next Newton step. After 20 steps (never seen)
    the iteration falls back to the plain fixed point, a contraction.
    """
    plan = turn_plan(tables)
    pad = tables.max_gain + 1
    x = guess.copy()
    todo = np.arange(len(x))  # always closed under the mirror j -> len - 1 - j, ascending
    for step in range(_MAX_PASSES):
        farkle = 1.0 - x[todo[::-1]]
        rows = bank[: int(caps[todo].max()) + pad, todo]
        value, slope = turn_pass(plan, rows, farkle, caps[todo], slopes=step < _NEWTON_STEPS)
        if slope is None:
            x[todo] = value
        else:
            x[todo] = _newton(value - slope * farkle, slope)  # G(f) = base + slope * f
        farkle = 1.0 - x[todo[::-1]]
        rows = bank[: int(caps[todo].max()) + pad, todo]
        value, _ = turn_pass(plan, rows, farkle, caps[todo], slopes=False)
        held = np.abs(value - x[todo]) <= _TOLERANCE
        held &= held[::-1]  # a pair stands or falls together
        x[todo[held]] = value[held]
        todo = todo[~held]
        if not len(todo):
            return x
    raise RuntimeError("win-chance solve did not converge")  # pragma: no cover


def _newton(base: np.ndarray, slope: np.ndarray) -> np.ndarray:
    """Solve ``x_j = base_j + slope_j * (1 - x_mirror(j))`` pair by pair."""
    c = base + slope
    cm, sm = c[::-1], slope[::-1]
    x = (c - slope * cm) / (1.0 - slope * sm)
    middle = len(x) // 2
    if len(x) % 2:
        x[middle] = c[middle] / (1.0 + slope[middle])
    return x


# --------------------------------------------------------------------------- cache


def _save(chances: WinChances, path: Path) -> None:
    with atomic_write(path) as handle:
        if handle is not None:
            np.savez(
                handle,
                start=chances.start,
                last=chances.last,
                meta=np.array([chances.target, chances.unit, SOLVER_VERSION]),
                seconds=np.array([chances.seconds]),
            )


def _load(rules: Rules, target: int, path: Path) -> WinChances | None:
    try:
        with np.load(path) as data:
            meta = [int(v) for v in data["meta"]]
            start, last = data["start"], data["last"]
            seconds = float(data["seconds"][0])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    unit = turn_tables(rules).unit
    if meta != [target, unit, SOLVER_VERSION]:
        return None
    top = -(-target // unit)
    if start.shape != (top, top) or start.dtype != np.float64 or last.dtype != np.float64:
        return None
    if last.ndim != 2 or not (np.isfinite(start).all() and np.isfinite(last).all()):
        return None
    start.flags.writeable = False
    last.flags.writeable = False
    return WinChances(rules, target, meta[1], start, last, seconds)


@cache
def _remembered(rules: Rules, target: int) -> WinChances | None:
    return _load(rules, target, cache_path(rules, target))


def win_chances(
    rules: Rules | None = None,
    target: int = 10_000,
    progress: Progress | None = None,
    *,
    use_cache: bool = True,
) -> WinChances:
    """Exact two-player winning chances under optimal play, read from the disk cache.

    Solved once per (table, target, solver version) and saved under :func:`cache_dir`;
    later calls load it back in milliseconds. ``progress`` receives the fraction done
    (0..1) during a solve.
    """
    rules = _normal_rules(rules)
    if use_cache:
        found = _remembered(rules, target)
        if found is not None:
            return found
        _remembered.cache_clear()
    chances = solve_win_chances(rules, target, progress)
    if use_cache:
        with contextlib.suppress(OSError):  # a read-only cache only costs a new solve
            _save(chances, cache_path(rules, target))
    return chances


# --------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    """``python -m dicelab.farkle.winchance --build [--target N] [--rules NAME]``."""
    parser = argparse.ArgumentParser(
        prog="python -m dicelab.farkle.winchance",
        description=translate("Solve and cache two-player Farkle win chances."),
    )
    parser.add_argument("--build", action="store_true", help=translate("solve (or load) and cache"))
    parser.add_argument("--target", type=int, action="append", help=translate("target points"))
    parser.add_argument("--rules", default="standard", help=translate("rule preset"))
    args = parser.parse_args(argv)
    if not args.build:
        parser.print_help()
        return 0
    rules = Rules.preset(args.rules)
    for target in args.target or [5_000]:
        began = time.perf_counter()
        bar = tqdm_progress(msg("Solving win chances for {target}", target=target), sys.stdout)
        chances = win_chances(rules, target, bar)
        print(
            translate(
                "{rules}, target {target}: first player wins {chance}; fair head start "
                "{head} points; {seconds} s; {path}",
                rules=rules.name,
                target=target,
                chance=format_percent(chances.first_player_chance, decimals=3),
                head=chances.fair_head_start(),
                seconds=format_number(time.perf_counter() - began, decimals=1),
                path=str(cache_path(rules, target)),
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
