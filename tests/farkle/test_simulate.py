"""Simulated turns and games agree with the exact values within sampling error."""

from __future__ import annotations

import math
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab.farkle.moves import Bank, Roll
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.risk import evaluate_player, evaluate_threshold, optimal_turn, turn_tables
from dicelab.farkle.rules import END_RULES, Rules
from dicelab.farkle.simulate import simulate_games, simulate_turns, turn_strategy
from dicelab.farkle.situation import Situation
from dicelab.farkle.winchance import solve_win_chances
from tests.helpers import examples

SIGMAS = 4  # tolerance: 4 standard errors, from the exact standard deviation


def _agrees(results, exact):
    turns = len(results.points)
    mean_error = SIGMAS * exact.score_sd / math.sqrt(turns)
    p = exact.farkle_chance
    rate_error = SIGMAS * math.sqrt(p * (1 - p) / turns)
    assert abs(results.mean - exact.expected_turn_score) < mean_error
    assert abs(results.farkle_rate - p) < rate_error


def test_threshold_turns_match_exact_values():
    exact = evaluate_threshold(300)
    _agrees(simulate_turns(exact, 200_000, seed=11), exact)


def test_optimal_turns_match_exact_values():
    exact = turn_strategy("optimal")
    assert exact.expected_turn_score == pytest.approx(optimal_turn().expected_turn_score)
    _agrees(simulate_turns("optimal", 100_000, seed=12), exact)


def test_computer_player_turns_match_exact_values():
    exact = evaluate_player(ComputerPlayer())
    _agrees(simulate_turns(ComputerPlayer(), 100_000, seed=13), exact)


def test_a_learners_function_matches_its_exact_value():
    def careful(points, dice):
        return points >= 400 or (dice <= 2 and points >= 250)

    exact = turn_strategy(careful, set_aside="best")
    _agrees(simulate_turns(exact, 100_000, seed=14), exact)


def _engine_turn(player, rng):
    """One turn played step by step by the engine: the player's moves, random dice."""
    situation = Situation.start(seats=2, target=10_000)
    while True:
        move = player.choose(situation)
        if isinstance(move, Bank):
            return situation.turn.points, False
        if isinstance(move, Roll):
            dice = rng.integers(1, 7, size=situation.turn.dice_in_play).tolist()
            situation = situation.apply(move, dice)
            if situation.current != 0:
                return 0, True
        else:
            situation = situation.apply(move)


def test_exact_computer_player_value_matches_the_engine_playing_it():
    player = ComputerPlayer()
    rng = np.random.default_rng(15)
    played = [_engine_turn(player, rng) for _ in range(3_000)]
    points = np.array([p for p, _ in played], dtype=float)
    exact = evaluate_player(player)
    error = SIGMAS * exact.score_sd / math.sqrt(len(points))
    assert abs(points.mean() - exact.expected_turn_score) < error


def test_runs_are_seeded_and_report_progress():
    seen = []
    first = simulate_turns(300, 250_000, seed=3, progress=seen.append)
    again = simulate_turns(300, 250_000, seed=3)
    other = simulate_turns(300, 250_000, seed=4)
    np.testing.assert_array_equal(first.points, again.points)
    assert not np.array_equal(first.points, other.points)
    assert seen == [0.4, 0.8, 1.0]


def test_turn_points_are_multiples_of_fifty_and_farkles_score_nothing():
    results = simulate_turns("optimal", 20_000, seed=5)
    assert np.all(results.points % 50 == 0)
    assert np.all(results.points[results.farkled] == 0)
    assert np.all(results.points[~results.farkled] > 0)
    assert np.all(results.rolls >= 1)


def test_games_follow_the_last_round_rule():
    results = simulate_games([ComputerPlayer(), 300], 300, target=2000, seed=6)
    assert np.allclose(results.shares.sum(axis=1), 1.0)
    assert np.all(results.totals.max(axis=1) >= 2000)
    # a game ends after the other seat's last turn: seat turns differ by at most one
    assert np.all(results.turns >= 2)
    alone = simulate_games([300], 50, target=2000, seed=7)
    assert np.all(alone.shares == 1.0) and np.all(alone.totals >= 2000)


@pytest.mark.slow
def test_optimal_self_play_matches_the_exact_first_player_chance():  # target 500: fast
    chances = solve_win_chances(target=500)
    games = simulate_games([chances, chances], 2_000, target=500, seed=8)
    p = chances.first_player_chance
    error = SIGMAS * math.sqrt(p * (1 - p) / 2_000)
    assert abs(games.win_rates[0] - p) < error


def test_playing_to_win_beats_a_threshold():
    chances = solve_win_chances(target=500)
    games = simulate_games([300, chances], 2_000, target=500, seed=9)
    assert games.win_rates[1] > 0.5 + 2 * games.standard_errors[1]


def test_fixed_seats_play_all_their_games_together(monkeypatch):
    """A threshold's decisions ignore the totals: its games form one group per step (they
    were split by every pair of totals, one NumPy call per pair: 10x slower)."""
    from dicelab.farkle import simulate

    calls = []
    real = simulate._turn_steps
    monkeypatch.setattr(
        simulate, "_turn_steps", lambda *args: calls.append(len(args[3])) or real(*args)
    )
    simulate_games([300, 250], 400, target=2000, seed=10)
    steps = len(calls)
    assert sum(calls) / steps > 50  # hundreds of games per call, not one or two


def test_the_computer_seat_remembers_its_decisions_across_runs():
    from dicelab.farkle.simulate import _seat

    rules = turn_strategy(300).rules
    assert _seat(ComputerPlayer(), rules, 2000) is _seat(ComputerPlayer(), rules, 2000)
    from dicelab.farkle.simulate import _computer_seat

    _computer_seat.cache_clear()
    first = simulate_games([300, ComputerPlayer()], 100, target=2000, seed=11)
    simulate_games([500, ComputerPlayer()], 100, target=2000, seed=1)  # other games between
    simulate_games([ComputerPlayer(), 200], 100, target=2000, seed=2)
    again = simulate_games([300, ComputerPlayer()], 100, target=2000, seed=11)
    assert np.array_equal(first.totals, again.totals)  # what ran before changes nothing


def test_the_computer_plays_its_games_together_when_its_decisions_agree():
    """Its decisions depend on how far behind it is only through its thresholds: distances
    with the same thresholds are one context (one NumPy call per step for their games)."""
    from dicelab.farkle.simulate import _PlayerSeat

    rules = turn_strategy(300).rules
    seat = _PlayerSeat(ComputerPlayer(), rules, 10_000)
    mine = np.array([0, 0, 40, 0])
    best = np.array([3, 4, 44, 30])  # units of 50: 150 and 200 behind, the same thresholds
    rows = seat.context(mine, best, np.zeros(4, dtype=np.int64))
    assert (rows[0] == rows[1]).all() and (rows[1] == rows[2]).all()
    assert not (rows[0] == rows[3]).all()  # 1,500 behind: it banks later


# -- the game rules of a house: the game ends at the target, an entry minimum ----------------

RACE = Rules.custom("race", end="at-once", entry=400)


def test_games_that_end_at_the_target_match_the_exact_chances():
    """Optimal self-play under "the game ends at once" and an entry minimum: the first
    player's simulated win rate is the exact one (0.699 at target 500, against 0.573 with
    the last round: a simulator playing the last round would be 17 standard errors off)."""
    chances = solve_win_chances(RACE, 500)
    games = simulate_games([chances, chances], 4_000, target=500, seed=21, rules=RACE)
    p = chances.first_player_chance
    assert abs(games.win_rates[0] - p) < SIGMAS * math.sqrt(p * (1 - p) / 4_000)
    assert abs(games.win_rates[0] - solve_win_chances(target=500).first_player_chance) > 0.08
    assert np.all((games.totals >= 500).sum(axis=1) == 1)  # one seat reaches it: the end


@pytest.mark.slow
def test_entry_games_with_the_last_round_match_the_exact_chances():
    rules = Rules.custom("club", entry=500)
    chances = solve_win_chances(rules, 1000)
    games = simulate_games([chances, chances], 2_000, target=1000, seed=22, rules=rules)
    p = chances.first_player_chance
    assert abs(games.win_rates[0] - p) < SIGMAS * math.sqrt(p * (1 - p) / 2_000)


def test_a_game_that_ends_at_once_gives_no_last_turn():
    games = simulate_games([300, 300, 300], 500, target=2000, seed=23, rules=RACE)
    reached = games.totals >= 2000
    assert np.all(reached.sum(axis=1) == 1)
    assert np.array_equal(games.shares, reached.astype(float))  # the one who reached it wins
    # the game stops with the winner's turn: the seats after it played one turn fewer
    winner = reached.argmax(axis=1)
    assert np.all((games.turns - 1) % 3 == winner)


def _banks_recorded(run):
    """Every bank of ``run()`` as (total before, points banked), in points."""
    from dicelab.farkle import simulate

    seen = []
    real = simulate._end_turns

    def spy(state, done, gain, goal, rules):
        unit = turn_tables(rules).unit
        before = state.totals[done, state.current[done]]
        banked = gain > 0
        totals, points = (before[banked] * unit).tolist(), (gain[banked] * unit).tolist()
        seen.extend(zip(totals, points, strict=True))
        real(state, done, gain, goal, rules)

    with mock.patch.object(simulate, "_end_turns", spy):
        run()
    return seen


@pytest.mark.slow  # 25 drawn houses of 30 games each (1.5 to 2 s): make test; the fast loop
# checks the computer seat's threshold rule below, and the simulator's games under a house
@settings(max_examples=examples(25), deadline=None)
@given(
    entry=st.integers(1, 20).map(lambda k: 50 * k),
    threshold=st.integers(1, 12).map(lambda k: 50 * k),
    end=st.sampled_from(END_RULES),
    computer=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_no_seat_banks_below_the_entry_while_off_the_board(entry, threshold, end, computer, seed):
    rules = Rules.custom("house", end=end, entry=entry)
    other = ComputerPlayer() if computer else 150
    banks = _banks_recorded(
        lambda: simulate_games([threshold, other], 30, target=2000, seed=seed, rules=rules)
    )
    assert banks
    assert all(points >= entry for total, points in banks if total == 0)
    assert any(total == 0 for total, _ in banks)


def test_house_games_are_deterministic_under_a_seed():
    rules = Rules.custom("club", entry=600)
    seats = [ComputerPlayer(), 250, "optimal"]
    first = simulate_games(seats, 200, target=3000, seed=24, rules=rules)
    again = simulate_games(seats, 200, target=3000, seed=24, rules=rules)
    other = simulate_games(seats, 200, target=3000, seed=25, rules=rules)
    assert np.array_equal(first.totals, again.totals)
    assert np.array_equal(first.turns, again.turns)
    assert not np.array_equal(first.totals, other.totals)


def test_the_computer_seat_raises_its_threshold_to_the_entry_only_off_the_board():
    """As the engine's computer player does (``ComputerPlayer.threshold``)."""
    from dicelab.farkle.simulate import _PlayerSeat

    rules = Rules.custom("club", entry=1000)
    seat = _PlayerSeat(ComputerPlayer(), rules, 10_000)
    off = seat.tables(0, 2000, False).limits * 50
    on = seat.tables(1000, 3000, False).limits * 50
    plain = _PlayerSeat(ComputerPlayer(), Rules(), 10_000).tables(0, 2000, False).limits * 50
    assert (off[1:] >= 1000).all()
    assert (on == plain).all() and (on[1:] < 1000).all()
    rows = seat.context(np.array([0, 20]), np.array([40, 60]), np.zeros(2, dtype=np.int64))
    assert not (rows[0] == rows[1]).all()  # on and off the board are different contexts
