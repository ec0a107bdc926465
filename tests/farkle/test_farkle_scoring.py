"""score, set_aside_options and farkle_chance against docs/rules/farkle.md and brute force."""

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.farkle import PRESETS, Rules, farkle_chance, score, set_aside_options
from dicelab.farkle.scoring import refused_dice, scoring_table, sub_multisets
from tests.helpers import examples

STANDARD = Rules.preset("standard")
MINIMAL = Rules.preset("minimal")
PLAYMONSTER = Rules.preset("playmonster")

dice_lists = st.lists(st.integers(1, 6), min_size=1, max_size=6)


def brute_best(dice, rules):
    """Best split by trying every way to peel a combination off the dice (no tables)."""
    combos = rules.combinations
    dice = tuple(sorted(dice))
    if not dice:
        return 0
    best = None
    have = Counter(dice)
    for combo, points in combos.items():
        need = Counter(combo)
        if all(have[f] >= n for f, n in need.items()):
            rest = list((have - need).elements())
            sub = brute_best(rest, rules)
            if sub is not None and (best is None or points + sub > best):
                best = points + sub
    return best


def standard_farkle(roll):
    """The standard table of docs/rules/farkle.md read directly: nothing scores in this roll."""
    tally = Counter(roll)
    if tally[1] or tally[5] or max(tally.values()) >= 3:
        return False
    return not (len(roll) == 6 and sorted(tally.values()) == [2, 2, 2])


@pytest.mark.parametrize(
    ("dice", "rules", "points"),
    [
        ([5, 5, 5, 5], STANDARD, 1000),
        ([1, 1, 1, 1, 5, 5], STANDARD, 2100),
        ([2, 2, 3, 3, 6, 6], STANDARD, 750),
        ([6, 5, 4, 3, 2, 1], STANDARD, 1500),
        ([1, 1, 1, 5, 5, 5], STANDARD, 1500),
        ([2, 2, 2, 2, 2, 2], STANDARD, 800),
        ([1, 1, 5], STANDARD, 250),
        ([3, 3, 3, 3, 3], STANDARD, 900),
        ([4, 4, 4, 4, 2, 2], PLAYMONSTER, 1500),
        ([2, 2, 2, 3, 3, 3], PLAYMONSTER, 2500),
        ([1, 1, 1], PLAYMONSTER, 300),
        ([1, 1, 1, 1, 1, 1], PLAYMONSTER, 3000),
        ([5, 5, 5, 5], MINIMAL, 550),
        ([1, 1, 1, 1, 1, 1], MINIMAL, 2000),
        ([2, 2, 2, 2, 2, 2], MINIMAL, 400),
        ([1, 5, 5, 5], MINIMAL, 600),
        (np.array([1, 5]), STANDARD, 150),
    ],
)
def test_score_examples(dice, rules, points):
    assert score(dice, rules) == points


def test_default_rules_are_standard():
    assert score([2, 2, 3, 3, 6, 6]) == 750


@pytest.mark.parametrize(
    ("dice", "rules", "refused"),
    [
        ([1, 2], STANDARD, "The 2 cannot"),
        ([2, 3], STANDARD, "The dice 2, 3 cannot"),
        ([1, 2, 3, 4, 6, 6], STANDARD, "The dice 2, 3, 4, 6, 6"),
        ([2, 2, 3, 3, 6, 6], MINIMAL, "2, 2, 3, 3, 6, 6"),
        ([1, 2, 3, 4, 5, 6], MINIMAL, "The dice 2, 3, 4, 6"),
        ([2, 2, 2, 2, 3, 3], STANDARD, "The dice 3, 3"),
        ([5, 5, 5, 5, 2], MINIMAL, "The 2"),
    ],
)
def test_a_die_that_cannot_count_is_refused_by_name(dice, rules, refused):
    with pytest.raises(IllegalMove) as error:
        score(dice, rules)
    assert refused in str(error.value)
    assert "same roll" in str(error.value)


def test_refusal_says_which_dice_may_be_set_aside():
    with pytest.raises(IllegalMove) as error:
        score([1, 2])
    assert "1 may be set aside" in str(error.value)
    assert refused_dice([1, 2]) == (2,)
    assert refused_dice([5, 5, 5, 5, 2], MINIMAL) == (2,)


@pytest.mark.parametrize("bad", [[], [0], [1, 7], "15", [1.0], [True], None, [1] * 7, 5])
def test_bad_dice_are_refused(bad):
    with pytest.raises(IllegalMove):
        score(bad)


def test_rules_are_a_table_or_a_preset_name():
    assert score([4, 4, 4, 4, 2, 2], "playmonster") == 1500
    assert score([4, 4, 4, 4, 2, 2], Rules.preset("playmonster")) == 1500
    for bad in ("nonsense", 3, ["standard"]):
        with pytest.raises(IllegalMove):
            score([1], rules=bad)


@given(dice=dice_lists, rules=st.sampled_from(list(PRESETS.values())))
def test_score_is_the_best_split_found_by_brute_force(dice, rules):
    expected = brute_best(dice, rules)
    if expected is None:
        with pytest.raises(IllegalMove):
            score(dice, rules)
        assert refused_dice(dice, rules)
    else:
        assert score(dice, rules) == expected
        assert refused_dice(dice, rules) == ()


@given(dice=dice_lists)
def test_order_never_matters(dice):
    assert scoring_table().get(tuple(sorted(dice))) == brute_best(dice, STANDARD)
    assert set_aside_options(dice) == set_aside_options(list(reversed(dice)))


@given(roll=dice_lists, rules=st.sampled_from(list(PRESETS.values())))
@settings(max_examples=examples(60))
def test_options_are_exactly_the_scoring_sub_multisets(roll, rules):
    options = set_aside_options(roll, rules)
    subs = set()
    for mask in product([False, True], repeat=len(roll)):
        sub = tuple(sorted(d for d, keep in zip(roll, mask, strict=True) if keep))
        if sub:
            subs.add(sub)
    for sub in subs:
        points = brute_best(sub, rules)
        if points is None:
            assert sub not in options
        else:
            assert options[sub] == points
    assert set(options) <= subs
    assert all(key == tuple(sorted(key)) for key in options)


def test_options_examples():
    assert set_aside_options([1, 2, 3, 4, 6, 6]) == {(1,): 100}
    assert set_aside_options([2, 3, 4, 6, 2, 3]) == {}
    assert set_aside_options([2, 2, 3, 3, 4, 4]) == {(2, 2, 3, 3, 4, 4): 750}
    assert set_aside_options([]) == {}


def test_options_are_a_fresh_dict_each_time():
    first = set_aside_options([1, 5])
    first[(1,)] = 0
    assert set_aside_options([1, 5])[(1,)] == 100


def test_standard_farkle_chances_are_exact():
    expected = [Fraction(2, 3), Fraction(4, 9), Fraction(5, 18)]
    expected += [Fraction(17, 108), Fraction(25, 324), Fraction(5, 216)]
    assert [farkle_chance(n) for n in range(1, 7)] == expected
    assert farkle_chance(6) == Fraction(1080, 46656)


@pytest.mark.parametrize("n", range(1, 7))
def test_farkle_chance_agrees_with_every_ordered_roll(n):
    farkles = sum(standard_farkle(roll) for roll in product(range(1, 7), repeat=n))
    assert farkle_chance(n, STANDARD) == Fraction(farkles, 6**n)
    assert farkle_chance(n) == Fraction(
        sum(not set_aside_options(roll) for roll in product(range(1, 7), repeat=n)), 6**n
    )


def test_without_three_pairs_six_dice_farkle_more_often():
    # docs/rules/farkle.md: 2.3% with three pairs scoring, 3.1% (1440/46656) without them.
    assert farkle_chance(6, MINIMAL) == Fraction(1440, 46656)
    assert farkle_chance(6, Rules.custom("no pairs", three_pairs=None)) == Fraction(1440, 46656)


@pytest.mark.parametrize("bad", [0, 7, -1, 2.0, True, "3", None])
def test_farkle_chance_refuses_bad_counts(bad):
    with pytest.raises(IllegalMove):
        farkle_chance(bad)


def test_house_table_changes_scores():
    house = Rules.custom("house", extras={(2, 3, 4): 250})
    assert score([2, 3, 4, 1], house) == 350
    with pytest.raises(IllegalMove):
        score([2, 3, 4, 1])
    assert farkle_chance(3, house) < farkle_chance(3)


def test_sub_multisets_are_remembered_by_the_dice_not_their_order_and_handed_out_fresh():
    first = sub_multisets([5, 1, 5])
    assert first == [(1,), (5,), (1, 5), (5, 5), (1, 5, 5)]
    first.append((6,))  # the caller's own list
    assert sub_multisets((5, 5, 1)) == [(1,), (5,), (1, 5), (5, 5), (1, 5, 5)]
    assert sub_multisets([2, 2]) == [(2,), (2, 2)]
