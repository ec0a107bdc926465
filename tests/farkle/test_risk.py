"""The optimal Farkle turn and policy evaluation, against published figures and references."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from dicelab.dice import outcomes
from dicelab.errors import IllegalMove
from dicelab.farkle.risk import (
    evaluate_policy,
    evaluate_threshold,
    optimal_turn,
    solve_turn,
    turn_tables,
)
from dicelab.farkle.rules import Rules
from dicelab.farkle.scoring import set_aside_options

PRESETS = ["standard", "minimal", "playmonster"]


# --------------------------------------------------------------- published figures (standard)


def test_mckenna_250_points_three_dice_rolling_is_worth_293_4():
    # McKenna: "250 points and I am rolling 3 dice ... roll again (yielding an expected
    # value of 293.4 which is better than 250)": the roll value, turn points included.
    turn = optimal_turn()
    assert round(turn.roll_value(250, 3), 1) == 293.4
    assert turn.value(250, 3) == turn.roll_value(250, 3) > 250


def test_mckenna_100_points_five_dice_is_worth_399_911():
    assert round(optimal_turn().value(100, 5), 3) == 399.911


@pytest.mark.parametrize(
    ("points", "dice", "published"),
    # McKenna's worked example, roll 1 2 2 2 5 4: the value of each state reachable
    [(50, 5, 363.834), (150, 4, 307.673), (200, 3, 257.584), (250, 2, 250), (300, 2, 300),
     (350, 1, 350)],
)  # fmt: skip
def test_mckenna_worked_example(points, dice, published):
    assert round(optimal_turn().value(points, dice), 3) == published


def test_mckenna_best_set_aside_of_his_example_is_the_single_one():
    best = optimal_turn().best_set_aside([1, 2, 2, 2, 5, 4])
    assert best.dice == (1,) and best.points == 100 and best.dice_left == 5
    assert round(best.value, 3) == 399.911


def test_busche_six_dice_roll_below_16400_bank_from_16400():
    turn = optimal_turn()
    assert not turn.should_bank(16350, 6)
    assert turn.should_bank(16400, 6)
    assert turn.bank_threshold(6) == 16400


def test_mckenna_500_points_three_dice_banks():
    assert optimal_turn().should_bank(500, 3)


# --------------------------------------------------------------- structure


@pytest.mark.parametrize("preset", PRESETS)
def test_bank_thresholds_split_rolling_from_banking(preset):
    turn = optimal_turn(Rules.preset(preset))
    for n in range(1, 7):
        threshold = turn.bank_threshold(n)
        for points in range(turn.unit, turn.cap + 500, turn.unit):
            rolls = turn.roll_value(points, n) > points
            assert rolls == (points < threshold), (n, points)


@pytest.mark.parametrize("preset", PRESETS)
def test_value_is_max_of_bank_and_roll_and_grows_with_points(preset):
    turn = optimal_turn(Rules.preset(preset))
    for n in range(1, 7):
        previous = -1.0
        for points in range(0, turn.cap + 1000, turn.unit):
            value = turn.value(points, n)
            expected = (
                turn.roll_value(points, n)
                if points == 0
                else max(points, turn.roll_value(points, n))
            )
            assert value == pytest.approx(expected, abs=1e-9)
            assert value >= previous
            previous = value


@pytest.mark.parametrize("preset", PRESETS)
def test_cap_is_a_fixed_point_a_longer_axis_changes_nothing(preset):
    turn = optimal_turn(Rules.preset(preset))
    tables = turn_tables(Rules.preset(preset))
    length = turn.cap // turn.unit + 150
    bank = np.arange(length + tables.max_gain + 1, dtype=float) * turn.unit
    values, _, _, _ = solve_turn(tables, bank, 0.0, length)
    short = turn.values.shape[0]
    np.testing.assert_allclose(values[:short], turn.values, rtol=0, atol=1e-9)


def test_expected_turn_score_is_the_optimal_policy_evaluated_independently():
    turn = optimal_turn()
    value = evaluate_policy(
        lambda k, n: turn.should_bank(k * turn.unit, n),
        set_aside="best",
        length=turn.cap // turn.unit,
    )
    assert value.expected_turn_score == pytest.approx(turn.expected_turn_score, abs=1e-9)


@cache
def _reference_values(rules: Rules, cap: int) -> dict[tuple[int, int], float]:
    """Straightforward memoised recursion from the scoring functions (independent code)."""
    memo: dict[tuple[int, int], float] = {}

    def roll(points: int, n: int) -> float:
        total = 0.0
        for dice, chance in outcomes(n).items():
            options = set_aside_options(dice, rules)
            if options:
                total += float(chance) * max(
                    value(points + pts, n - len(kept) or 6) for kept, pts in options.items()
                )
        return total

    def value(points: int, n: int) -> float:
        if points >= cap:
            return float(points)
        if (points, n) not in memo:
            memo[points, n] = max(points, roll(points, n))
        return memo[points, n]

    for points in range(cap, -50, -50):  # bottom-up to keep the recursion shallow
        for n in range(1, 7):
            value(points, n)
    memo[0, 6] = roll(0, 6)
    return memo


def test_matches_a_plain_recursion_on_a_small_table():
    rules = Rules.from_table("singles and triples", {(1,): 100, (5,): 50, (1, 1, 1): 1000})
    turn = optimal_turn(rules)
    reference = _reference_values(rules, turn.cap)
    assert turn.expected_turn_score == pytest.approx(reference[0, 6], abs=1e-9)
    for (points, n), expected in reference.items():
        if points:
            assert turn.value(points, n) == pytest.approx(expected, abs=1e-9)


def test_presets_differ_and_are_cached():
    scores = {name: optimal_turn(Rules.preset(name)).expected_turn_score for name in PRESETS}
    assert len(set(scores.values())) == 3
    assert optimal_turn() is optimal_turn(Rules.preset("standard"))


# --------------------------------------------------------------- policy evaluation


def _first_roll_moments(rules: Rules) -> tuple[Fraction, Fraction]:
    """Exact mean and mean square of 'take the most points of the first roll and bank'."""
    mean = square = Fraction(0)
    for dice, chance in outcomes(6).items():
        options = set_aside_options(dice, rules)
        if options:
            best = max(options.values())
            mean += chance * best
            square += chance * best * best
    return mean, square


@pytest.mark.parametrize("preset", PRESETS)
def test_bank_after_first_roll_is_exact(preset):
    rules = Rules.preset(preset)
    value = evaluate_threshold(1, rules)
    mean, square = _first_roll_moments(rules)
    assert value.expected_turn_score == pytest.approx(float(mean), rel=1e-12)
    assert value.score_sd == pytest.approx(math.sqrt(float(square - mean * mean)), rel=1e-9)
    assert value.farkle_chance == pytest.approx(float(turn_tables(rules).dice[6].farkle))


def test_thresholds_cost_points_against_optimal():
    best = optimal_turn().expected_turn_score
    for threshold in (200, 300, 500, 1000, 2000):
        plain = evaluate_threshold(threshold)
        smart = evaluate_threshold(threshold, set_aside="best")
        assert plain.expected_turn_score <= smart.expected_turn_score + 1e-9
        assert smart.expected_turn_score < best
        assert plain.cost() == pytest.approx(best - plain.expected_turn_score)


def test_threshold_forms_agree():
    as_int = evaluate_threshold(400)
    as_list = evaluate_threshold([400] * 6)
    as_map = evaluate_threshold(dict.fromkeys(range(1, 7), 400))
    as_fn = evaluate_threshold(lambda n: 400)
    scores = {v.expected_turn_score for v in (as_int, as_list, as_map, as_fn)}
    assert len(scores) == 1


def test_a_set_aside_function_equal_to_most_points_gives_the_same_value():
    rules = Rules()

    def most_points(roll, turn_points, n_dice):
        options = set_aside_options(roll, rules)
        return max(options, key=lambda dice: (options[dice], -len(dice)))

    builtin = evaluate_threshold([300, 300, 400, 500, 1000, 2000])
    custom = evaluate_threshold([300, 300, 400, 500, 1000, 2000], set_aside=most_points)
    assert custom.expected_turn_score == pytest.approx(builtin.expected_turn_score, abs=1e-9)
    assert custom.farkle_chance == pytest.approx(builtin.farkle_chance, abs=1e-12)


def test_a_set_aside_function_may_keep_fewer_points():
    def ones_and_fives_one_at_a_time(roll, turn_points, n_dice):
        options = set_aside_options(roll)
        singles = [dice for dice in options if len(dice) == 1]
        return min(singles) if singles else min(options, key=len)

    slow = evaluate_threshold(300, set_aside=ones_and_fives_one_at_a_time)
    assert 0 < slow.expected_turn_score < evaluate_threshold(300).expected_turn_score


# --------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("points", "dice"), [(75, 3), (-50, 3), (100, 0), (100, 7), (100.0, 3), ("100", 3), (True, 3)]
)
def test_bad_states_are_refused(points, dice):
    with pytest.raises(IllegalMove):
        optimal_turn().value(points, dice)


def test_a_farkle_has_no_best_set_aside():
    with pytest.raises(IllegalMove, match="farkle"):
        optimal_turn().best_set_aside([2, 3, 4, 6])


def test_invalid_set_aside_rules_are_refused():
    with pytest.raises(IllegalMove):
        evaluate_threshold(300, set_aside="greedy")
    with pytest.raises(IllegalMove, match="not a valid set-aside"):
        evaluate_threshold(300, set_aside=lambda roll, points, n: roll)
    with pytest.raises(IllegalMove):
        evaluate_threshold("300")


def test_a_table_without_farkles_is_refused():
    always = Rules.from_table("everything", {(face,): 50 for face in range(1, 7)})
    with pytest.raises(IllegalMove, match="farkle chance"):
        optimal_turn(always)
