"""The shared dice primitives: input checks, exact outcome tables, seeded dice."""

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.dice import SeededDice, check_dice, counts, outcome_arrays, outcomes, sorted_dice
from dicelab.numbers import MAX_SEED


@pytest.mark.parametrize(
    ("bad", "named"),
    [(0, "0"), (7, "7"), (-1, "-1"), (2.0, "2.0"), ("3", "'3'"), (True, "True"), (None, "None")],
)
def test_a_bad_die_is_refused_by_name(bad, named):
    with pytest.raises(IllegalMove) as error:
        check_dice([1, bad, 3])
    assert named in str(error.value)
    assert "1 to 6" in str(error.value)


def test_numpy_integers_are_dice_and_numpy_floats_are_not():
    assert check_dice(np.array([1, 6, 3])) == (1, 6, 3)
    assert all(type(v) is int for v in check_dice(np.array([1, 6, 3])))
    with pytest.raises(IllegalMove):
        check_dice(np.array([1.0, 2.0]))


def test_wrong_count_names_both_counts():
    with pytest.raises(IllegalMove) as error:
        check_dice([1, 2, 3], count=5)
    assert "5" in str(error.value) and "3" in str(error.value)
    with pytest.raises(IllegalMove, match="Between 1 and 6"):
        check_dice([], min_count=1, max_count=6)


@pytest.mark.parametrize("not_dice", ["12345", b"12", 5, None, {1, 2, 3}, {1: 2}, frozenset({4})])
def test_non_iterables_and_strings_are_refused(not_dice):
    with pytest.raises(IllegalMove, match="list of numbers"):
        check_dice(not_dice)


def test_sorted_and_counts():
    assert sorted_dice([6, 1, 6]) == (1, 6, 6)
    assert counts((6, 1, 6)) == (1, 0, 0, 0, 0, 2)


@pytest.mark.parametrize("k", range(0, 7))
def test_outcomes_match_brute_force_enumeration(k):
    table = outcomes(k)
    assert len(table) == comb(k + 5, 5)
    brute = Counter(tuple(sorted(roll)) for roll in product(range(1, 7), repeat=k))
    assert table == {roll: Fraction(n, 6**k) for roll, n in brute.items()}


def test_outcome_arrays_agree_with_outcomes():
    faces, probs = outcome_arrays(3)
    table = outcomes(3)
    assert [tuple(int(v) for v in row) for row in faces] == list(table)
    assert np.allclose(probs, [float(p) for p in table.values()])
    with pytest.raises(ValueError):
        faces[0, 0] = 6


def test_outcomes_refuse_impossible_counts():
    for k in (-1, 13, 2.5, True):
        with pytest.raises(IllegalMove):
            outcomes(k)


@given(st.integers(min_value=0, max_value=MAX_SEED), st.integers(0, 500), st.integers(1, 8))
def test_seeded_dice_are_valid_and_repeatable(seed, index, k):
    dice = SeededDice(seed).roll(k, index)
    assert len(dice) == k and all(1 <= v <= 6 for v in dice)
    assert SeededDice(seed).roll(k, index) == dice


def test_seeded_dice_are_fair_and_vary_with_index():
    rng = SeededDice(7)
    faces = Counter(v for i in range(3000) for v in rng.roll(6, i))
    expected = 3000 * 6 / 6
    chi2 = sum((faces[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 20.5  # 5 degrees of freedom, p = 0.001
    assert len({rng.roll(5, i) for i in range(50)}) > 40


def test_seeds_must_be_whole_and_non_negative():
    for bad in (-1, 1.5, "7", True, MAX_SEED + 1, 10**5000, -(10**5000)):
        with pytest.raises(IllegalMove, match="seed"):
            SeededDice(bad)
    assert isinstance(SeededDice().seed, int)
