"""The exact duel of two Farkle strategies (dicelab.farkle.duel), checked three ways: against
the win-chance table where both play to win, against an independent reference that plays the
simulator's own decision tables state by state, and against simulated games."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import numpy as np
import pytest

import dicelab.farkle as farkle
from dicelab.errors import IllegalMove
from dicelab.farkle import ComputerPlayer, Rules, duel, simulate_games
from dicelab.farkle.risk import MAX_DICE, turn_tables
from dicelab.farkle.simulate import _roll_lookup, _seat
from dicelab.farkle.winchance import WinChances, solve_win_chances, win_chances

RACE = Rules.custom("race", end="at-once", entry=150)


@cache
def _chances(target: int, rules: Rules | None = None) -> WinChances:
    return solve_win_chances(rules, target)


# --------------------------------------------------------------------------- reference


def reference(first: Any, second: Any, rules: Rules | None, target: int) -> tuple[float, float]:
    """(first wins when first starts, first wins when second starts), straight from the
    simulator's decision tables: each turn valued top-down over its states, roll by roll,
    as ``c + f * farkled`` (the value is linear in what a farkle is worth: ``c`` with a
    farkle worth 0, ``f`` the farkle's chance); the two turn-start chances of a pair from
    those."""
    tables = turn_tables(rules)
    rules, unit = tables.rules, tables.unit
    top = -(-target // unit)
    _, offsets = _roll_lookup(tables)
    probs = np.concatenate([tables.dice[n].probs for n in range(1, MAX_DICE + 1)])
    pf = [0.0] + [float(tables.dice[n].farkle) for n in range(1, MAX_DICE + 1)]
    seats = [_seat(s, rules, target) for s in (first, second)]
    start: dict[tuple[int, int, int], float] = {}  # (mover, mine, theirs): mover's chance
    lasts: dict[tuple[int, int, bool], tuple[float, Any]] = {}  # (policy, need, on board)

    def turn(p: int, mine: int, theirs: int, last: bool) -> tuple[float, float]:
        policy = seats[p].tables(mine * unit, theirs * unit, last)
        memo: dict[tuple[int, int], tuple[float, float]] = {}

        def banked(k: int) -> float:
            total = mine + k
            if last:
                return 1.0 if total > theirs else 0.5 if total == theirs else 0.0
            if total >= top:
                if rules.ends_at_target:
                    return 1.0
                other = seats[1 - p].tables(theirs * unit, total * unit, True)
                key = (id(other), total - theirs, theirs > 0)
                if key not in lasts:  # the policy is kept with it: its id stays its own
                    lasts[key] = (turn(1 - p, theirs, total, True)[0], other)
                return 1.0 - lasts[key][0]
            return 1.0 - start[1 - p, theirs, total]

        def value(k: int, n: int) -> tuple[float, float]:
            if (k, n) not in memo:
                may = k > 0 and rules.may_bank(mine * unit, k * unit)
                if may and policy.bank(np.array([k]), np.array([n]))[0]:
                    memo[k, n] = (banked(k), 0.0)
                else:
                    rows = np.arange(offsets[n], offsets[n + 1])
                    steps, left = policy.move(np.full(len(rows), k), rows)
                    # each distinct move (points and dice left), its chance
                    moves, where = np.unique(steps * (MAX_DICE + 1) + left, return_inverse=True)
                    weights = np.bincount(where.ravel(), weights=probs[rows])
                    after = [
                        (w, value(k + move // (MAX_DICE + 1), move % (MAX_DICE + 1)))
                        for move, w in zip(moves.tolist(), weights, strict=True)
                    ]
                    memo[k, n] = (
                        sum(w * c for w, (c, _) in after),
                        pf[n] + sum(w * f for w, (_, f) in after),
                    )
            return memo[k, n]

        return value(0, MAX_DICE)

    for s in range(2 * top - 2, -1, -1):
        for a in range(max(0, s - top + 1), min(s, top - 1) + 1):
            b = s - a
            c1, f1 = turn(0, a, b, False)
            c2, f2 = turn(1, b, a, False)
            x = (c1 + f1 * (1 - c2 - f2)) / (1 - f1 * f2)
            start[0, a, b], start[1, b, a] = x, c2 + f2 * (1 - x)
    return start[0, 0, 0], 1.0 - start[1, 0, 0]


# --------------------------------------------------------------------------- exact figures


def test_both_playing_to_win_is_the_win_chance_table() -> None:
    chances = _chances(1000)
    result = duel(chances, chances, target=1000)
    assert abs(result.first_wins - chances.first_player_chance) < 1e-9
    assert abs(result.first_wins_second_starting - (1 - chances.first_player_chance)) < 1e-9
    assert np.abs(result.first_moves - chances.start).max() < 1e-9
    assert np.abs(result.second_moves - chances.start).max() < 1e-9
    assert result.fair_head_start == chances.fair_head_start() == 250


@pytest.mark.slow
@pytest.mark.tables
def test_both_playing_to_win_at_10000_is_the_cached_table() -> None:
    chances = win_chances(target=10_000)
    result = duel(chances, chances, target=10_000)
    assert abs(result.first_wins - chances.first_player_chance) < 1e-9
    assert result.fair_head_start == chances.fair_head_start()


@pytest.mark.parametrize(
    ("first", "second", "rules", "target"),
    [
        (300, 400, None, 300),
        # its reference values 3 million states one by one in Python (about 30 s): make test
        # runs it; the fast loop keeps the three others, "win" against a threshold among them
        pytest.param(
            "win", [300, 300, 350, 400, 450, 500], None, 300, marks=pytest.mark.slow, id="win-list"
        ),
        (250, "win", RACE, 300),
        (250, 300, RACE, 400),
    ],
)
def test_the_duel_is_the_reference(
    first: Any, second: Any, rules: Rules | None, target: int
) -> None:
    first, second = (_chances(target, rules) if s == "win" else s for s in (first, second))
    result = duel(first, second, rules=rules, target=target)
    starting, second_starting = reference(first, second, rules, target)
    assert abs(result.first_wins - starting) < 1e-9
    assert abs(result.first_wins_second_starting - second_starting) < 1e-9


def test_a_strategy_against_itself() -> None:
    result = duel(300, 300, target=2000)
    assert abs(result.first_wins_second_starting - (1 - result.first_wins)) < 1e-12
    assert abs(result.first_wins_either_starting - 0.5) < 1e-12
    assert result.first_wins > 0.5 and result.fair_head_start > 0
    assert np.abs(result.first_moves - result.second_moves).max() < 1e-12


def test_the_weaker_first_player_gets_the_head_start() -> None:
    result = duel(300, "optimal", target=2000)
    assert result.first_wins < 0.5
    head = -result.fair_head_start
    assert head > 0
    assert abs(result.chance(head, 0) - 0.5) <= abs(result.chance(head - 50, 0) - 0.5)
    assert abs(result.chance(head, 0) - 0.5) <= abs(result.chance(head + 50, 0) - 0.5)
    assert result.second_wins == 1 - result.first_wins


@pytest.mark.slow
def test_any_object_with_the_computers_interface_plays_as_the_computer() -> None:
    """The computer player's rule is compiled (its two candidate set-asides per roll); a
    wrapper is asked move by move through its own methods: the same figures."""

    @dataclasses.dataclass(frozen=True)
    class Wrapped:
        inner: ComputerPlayer

        def threshold(self, situation: Any, dice_left: int | None = None) -> int:
            return self.inner.threshold(situation, dice_left)

        def choose_set_aside(self, situation: Any) -> Any:
            return self.inner.choose_set_aside(situation)

    player = ComputerPlayer(base=350, die_value=80)
    fast = duel(player, 300, rules=RACE, target=400)
    asked = duel(Wrapped(player), 300, rules=RACE, target=400)
    assert abs(fast.first_wins - asked.first_wins) < 1e-12
    assert abs(fast.first_wins_second_starting - asked.first_wins_second_starting) < 1e-12


def test_a_learners_function_and_presets_by_name() -> None:
    result = duel(lambda points, dice: points >= 300, 300, rules="minimal", target=1000)
    assert abs(result.first_wins_either_starting - 0.5) < 1e-12
    assert result.rules == Rules.preset("minimal")


def test_public_name() -> None:
    assert farkle.duel is duel and "duel" in farkle.__all__


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("target", [0, -50, True, 2.5, "10000", 20_050])
def test_targets_are_refused(target: Any) -> None:
    with pytest.raises(IllegalMove, match="target"):
        duel(300, 300, target=target)


def test_win_chances_of_another_target_are_refused() -> None:
    with pytest.raises(IllegalMove, match="another target"):
        duel(_chances(1000), 300, target=2000)


def test_unknown_strategies_are_refused() -> None:
    with pytest.raises(IllegalMove):
        duel("fast", 300, target=1000)


def test_chances_at_totals_no_game_reaches_are_refused() -> None:
    result = duel(300, 300, rules=RACE, target=1000)
    assert 0 < result.chance(150, 0) < 1
    for totals in [(100, 0), (1000, 0), (0, 75)]:
        with pytest.raises(IllegalMove):
            result.chance(*totals)


# --------------------------------------------------------------------------- simulation


@pytest.mark.slow
@pytest.mark.parametrize(
    ("first", "second", "rules", "target"),
    [
        ("win", "optimal", None, 1000),
        (ComputerPlayer(), "optimal", None, 2000),
        ("win", ComputerPlayer(), RACE, 1000),
    ],
)
def test_simulated_games_agree(first: Any, second: Any, rules: Rules | None, target: int) -> None:
    first, second = (_chances(target, rules) if s == "win" else s for s in (first, second))
    result = duel(first, second, rules=rules, target=target)
    for order, exact in ((0, result.first_wins), (1, result.first_wins_second_starting)):
        seats = [first, second] if order == 0 else [second, first]
        games = simulate_games(seats, 20_000, target=target, seed=27 + order, rules=rules)
        seat = 0 if order == 0 else 1
        gap = abs(games.win_rates[seat] - exact) / games.standard_errors[seat]
        assert gap < 3, (order, exact, games.win_rates[seat], gap)
