"""The Penta scorecard against the rules of docs/rules/penta.md and the user's rule sheets.

Expected values are worked out by hand from the rules (comments show the sums), and
the property tests compare :meth:`Scorecard.options` with an independent, deliberately
naive reading of docs/rules/penta.md written here (``reference_options``).
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.i18n import msg
from dicelab.penta.rules import BOXES, LOWER, UPPER, Rules
from dicelab.penta.scorecard import SACRIFICE, Scorecard, possible_points
from tests.helpers import examples

PRESETS = ("penta", "official", "free-joker", "no-joker", "no-bonus")
LOWER_NO_PENTA = [box for box in LOWER if box != "penta"]
FIVE_FOURS = (4, 4, 4, 4, 4)


def card(filled=None, bonus=0, rules=None):
    return Scorecard.from_filled(filled or {}, penta_bonus=bonus, rules=rules)


# -- an independent reading of docs/rules/penta.md -------------------------------------------


def ordinary_points(box, dice):
    c = Counter(dice)
    faces = set(dice)
    top = max(c.values())
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * c[face]
    if box == "three_of_a_kind":
        return sum(dice) if top >= 3 else 0
    if box == "four_of_a_kind":
        return sum(dice) if top >= 4 else 0
    if box == "full_house":
        return 25 if sorted(c.values()) == [2, 3] else 0
    if box == "small_straight":
        runs = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
        return 30 if any(run <= faces for run in runs) else 0
    if box == "large_straight":
        return 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box == "chance":
        return sum(dice)
    assert box == "penta"
    return 50 if top == 5 else 0


def joker_value(box, face):
    fixed = {"full_house": 25, "small_straight": 30, "large_straight": 40, "penta": 50}
    if box in fixed:
        return fixed[box]
    if box in UPPER:
        return 5 * face if UPPER.index(box) + 1 == face else 0
    return 5 * face


def reference_options(filled, rules_name, dice):
    """Box -> points added, straight from the tables of docs/rules/penta.md."""
    open_boxes = [box for box in BOXES if box not in filled]
    five = len(set(dice)) == 1
    face = dice[0]
    penta = filled.get("penta")
    has_bonus = rules_name != "no-bonus"
    bonus = 100 if five and has_bonus and penta == 50 else 0
    own = UPPER[face - 1]
    forced = five and (
        (rules_name == "penta" and penta == 50) or (rules_name == "official" and penta is not None)
    )
    if forced:
        if own in open_boxes:
            return {own: 5 * face + bonus}
        lower_open = [box for box in open_boxes if box in LOWER]
        if lower_open:
            return {box: joker_value(box, face) + bonus for box in lower_open}
        return {box: 0 + bonus for box in open_boxes}
    free = rules_name == "free-joker" and five and penta is not None and own in filled
    if free:
        return {box: joker_value(box, face) + bonus for box in open_boxes}
    return {box: ordinary_points(box, dice) + bonus for box in open_boxes}


# -- strategies ------------------------------------------------------------------------------

dice_st = st.lists(st.integers(1, 6), min_size=5, max_size=5).map(tuple)
# Five equal dice come up often enough to exercise every joker case.
roll_st = st.one_of(dice_st, st.integers(1, 6).map(lambda f: (f,) * 5))


@st.composite
def cards(draw, rules_name=None):
    rules_name = rules_name or draw(st.sampled_from(PRESETS))
    boxes = draw(st.lists(st.sampled_from(BOXES), unique=True, max_size=13))
    filled = {box: draw(st.sampled_from(sorted(possible_points(box)))) for box in boxes}
    takers = len(filled) - ("penta" in filled)
    bonus = 0
    if filled.get("penta") == 50 and rules_name != "no-bonus" and takers:
        bonus = 100 * draw(st.integers(0, takers))
    return Scorecard.from_filled(filled, bonus, rules_name)


# -- the rule sheets' examples ---------------------------------------------------------------


def test_sheet_roll_1_1_3_4_6_on_an_empty_card():
    options = Scorecard().options((1, 1, 3, 4, 6))
    assert options == {
        "aces": 2,
        "twos": 0,
        "threes": 3,
        "fours": 4,
        "fives": 0,
        "sixes": 6,
        "three_of_a_kind": 0,
        "four_of_a_kind": 0,
        "full_house": 0,
        "small_straight": 0,  # 1, 3, 4, 6: no four consecutive faces
        "large_straight": 0,
        "chance": 15,  # 1 + 1 + 3 + 4 + 6
        "penta": 0,
    }
    assert not Scorecard().must_sacrifice((6, 4, 3, 1, 1))


def test_sheet_sacrifice_message():
    # Only boxes where 1, 1, 3, 4, 6 scores nothing are open.
    nothing = card(
        {"aces": 2, "threes": 9, "fours": 8, "sixes": 12, "chance": 20, "small_straight": 30}
    )
    assert set(nothing.options((1, 1, 3, 4, 6)).values()) == {0}
    assert nothing.must_sacrifice((1, 1, 3, 4, 6))
    assert str(SACRIFICE) == "No open box scores points: you must sacrifice one"
    assert msg("No open box scores points: you must sacrifice one") == SACRIFICE
    # Any open box may still take the roll, for 0.
    after = nothing.score("large_straight", (1, 1, 3, 4, 6))
    assert after.filled["large_straight"] == 0
    assert after.total == nothing.total


def test_sheet_five_fours_with_fours_open_only_fours():
    start = card({"penta": 50})
    assert start.options(FIVE_FOURS) == {"fours": 20 + 100}
    after = start.score("fours", FIVE_FOURS)
    assert after.filled == {"fours": 20, "penta": 50}
    assert after.penta_bonus == 100
    assert after.total == 50 + 20 + 100
    for box in set(BOXES) - {"fours", "penta"}:
        with pytest.raises(IllegalMove, match="Fours"):
            start.score(box, FIVE_FOURS)


def test_sheet_five_fours_with_fours_filled_lower_boxes_take_joker_points():
    start = card({"penta": 50, "fours": 12})
    assert start.options(FIVE_FOURS) == {
        "three_of_a_kind": 20 + 100,
        "four_of_a_kind": 20 + 100,
        "full_house": 25 + 100,
        "small_straight": 30 + 100,
        "large_straight": 40 + 100,
        "chance": 20 + 100,
    }
    for box in ("aces", "twos", "threes", "fives", "sixes"):
        with pytest.raises(IllegalMove, match="lower"):
            start.score(box, FIVE_FOURS)
    after = start.score("large_straight", FIVE_FOURS)
    assert after.filled["large_straight"] == 40
    assert after.penta_bonus == 100


def test_sheet_five_fours_with_lower_section_full_go_to_other_upper_boxes_for_zero():
    lower = {
        "three_of_a_kind": 22,
        "four_of_a_kind": 0,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 0,
        "chance": 19,
        "penta": 50,
    }
    start = card({**lower, "fours": 16, "sixes": 18}, bonus=100)
    assert start.options(FIVE_FOURS) == {
        box: 0 + 100 for box in ("aces", "twos", "threes", "fives")
    }
    assert start.must_sacrifice(FIVE_FOURS)  # the box gets 0, though the bonus is kept
    after = start.score("aces", FIVE_FOURS)
    assert after.filled["aces"] == 0
    assert after.penta_bonus == 200
    assert after.total == start.total + 100


def test_sheet_penta_box_at_zero_is_an_ordinary_roll():
    start = card({"penta": 0})
    options = start.options(FIVE_FOURS)
    assert options["fours"] == 20
    assert options["full_house"] == 0  # five equal dice are not a full house
    assert options["small_straight"] == 0
    assert options["large_straight"] == 0
    assert options["three_of_a_kind"] == options["four_of_a_kind"] == options["chance"] == 20
    assert options["aces"] == 0
    assert "penta" not in options
    assert start.bonus(FIVE_FOURS) == 0
    assert start.score("chance", FIVE_FOURS).penta_bonus == 0
    assert "holds 0" in str(start.explain(FIVE_FOURS)["large_straight"])


def test_sheet_penta_box_open_is_an_ordinary_roll():
    options = Scorecard().options(FIVE_FOURS)
    assert options["penta"] == 50
    assert options["fours"] == 20
    assert options["full_house"] == 0
    assert options["chance"] == 20
    assert len(options) == 13
    assert Scorecard().score("penta", FIVE_FOURS).total == 50


def test_upper_bonus_at_63_not_62():
    at_63 = card({"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18})
    assert at_63.upper_total == 63
    assert at_63.upper_bonus == 35
    assert at_63.total == 63 + 35
    at_62 = card({"aces": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18})
    assert at_62.upper_bonus == 0
    assert at_62.total == 62
    # Reached by scoring, before the upper section is complete.
    before = card({"fives": 25, "sixes": 30, "twos": 4})
    assert before.upper_bonus == 0
    assert before.score("fours", (4, 4, 1, 2, 3)).upper_bonus == 35


def test_repeated_penta_bonuses():
    state = Scorecard().score("penta", (2, 2, 2, 2, 2))
    for face, box in ((3, "threes"), (5, "fives"), (3, "chance")):
        state = state.score(box, (face,) * 5)
    assert state.penta_bonus == 300
    assert state.filled == {"threes": 15, "fives": 25, "chance": 15, "penta": 50}
    assert state.total == 50 + 15 + 25 + 15 + 300


def test_five_equal_dice_rerolled_earn_nothing():
    # The bonus is earned only by scoring five equal dice, never by rolling them.
    start = card({"penta": 50})
    assert start.score("chance", (4, 4, 4, 4, 1)).penta_bonus == 0


# -- presets ---------------------------------------------------------------------------------


def test_official_forced_joker_also_with_penta_at_zero_but_no_bonus():
    official = card({"penta": 0}, rules="official")
    assert official.options(FIVE_FOURS) == {"fours": 20}
    filled_four = card({"penta": 0, "fours": 8}, rules="official")
    options = filled_four.options(FIVE_FOURS)
    assert options["full_house"] == 25
    assert options["large_straight"] == 40
    assert "aces" not in options
    assert filled_four.bonus(FIVE_FOURS) == 0
    # The Penta rules do not force it with 0.
    assert len(card({"penta": 0}).options(FIVE_FOURS)) == 12


def test_official_with_50_is_the_penta_rule():
    for filled in ({"penta": 50}, {"penta": 50, "fours": 4}):
        assert card(filled, rules="official").options(FIVE_FOURS) == card(filled).options(
            FIVE_FOURS
        )


def test_free_joker_free_choice_joker_points_only_with_face_box_filled():
    free = card({"penta": 50}, rules="free-joker")
    options = free.options(FIVE_FOURS)
    assert len(options) == 12  # free choice: every open box
    assert options["full_house"] == 0 + 100  # Fours still open: no joker points
    assert options["fours"] == 20 + 100
    assert options["aces"] == 0 + 100
    filled_four = card({"penta": 50, "fours": 8}, rules="free-joker")
    options = filled_four.options(FIVE_FOURS)
    assert options["full_house"] == 125
    assert options["small_straight"] == 130
    assert options["large_straight"] == 140
    assert options["aces"] == 100  # an upper box is allowed too
    zero = card({"penta": 0, "fours": 8}, rules="free-joker")
    assert zero.options(FIVE_FOURS)["large_straight"] == 40  # joker with any score, no bonus
    assert zero.bonus(FIVE_FOURS) == 0
    assert card({"fours": 8}, rules="free-joker").options(FIVE_FOURS)["full_house"] == 0


def test_no_joker_keeps_the_bonus():
    start = card({"penta": 50, "fours": 8}, rules="no-joker")
    options = start.options(FIVE_FOURS)
    assert options["full_house"] == 100
    assert options["large_straight"] == 100
    assert options["aces"] == 100
    assert options["chance"] == 120


def test_no_bonus_has_neither_joker_nor_bonus():
    start = card({"penta": 50}, rules="no-bonus")
    options = start.options(FIVE_FOURS)
    assert options["fours"] == 20
    assert options["full_house"] == 0
    assert start.bonus(FIVE_FOURS) == 0
    with pytest.raises(IllegalMove, match="no Penta bonus"):
        card({"penta": 50, "fours": 20}, bonus=100, rules="no-bonus")


def test_no_bonus_keeps_the_upper_bonus():
    upper = {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    assert card(upper, rules="no-bonus").upper_bonus == 35


def test_rules_given_by_name_or_object():
    assert Scorecard("official") == Scorecard(Rules.preset("official"))
    assert Scorecard("official") != Scorecard()
    with pytest.raises(IllegalMove, match="preset"):
        Scorecard("yahtzee")
    with pytest.raises(IllegalMove):
        Scorecard(3)


# -- from_filled -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filled", "bonus", "rules", "words"),
    [
        ({"yahtzee": 50}, 0, None, "Unknown box"),
        ({"Aces": 3}, 0, None, "Unknown box"),
        ({"aces": 7}, 0, None, "Aces cannot hold 7"),
        ({"twos": 3}, 0, None, "cannot hold 3"),
        ({"full_house": 20}, 0, None, "cannot hold 20"),
        ({"chance": 4}, 0, None, "cannot hold 4"),
        ({"chance": 0}, 0, None, "cannot hold 0"),
        ({"small_straight": 40}, 0, None, "cannot hold 40"),
        ({"penta": 100}, 0, None, "cannot hold 100"),
        ({"three_of_a_kind": 31}, 0, None, "cannot hold 31"),
        ({"sixes": -6}, 0, None, "cannot hold -6"),
        ({"sixes": 6.0}, 0, None, "whole number"),
        ({"sixes": True}, 0, None, "whole number"),
        ({"sixes": "6"}, 0, None, "whole number"),
        ({"sixes": None}, 0, None, "whole number"),
        ({"penta": 50, "aces": 5}, 50, None, "multiple of 100"),
        ({"penta": 50, "aces": 5}, -100, None, "multiple of 100"),
        ({"penta": 50, "aces": 5}, 100.0, None, "whole number"),
        ({"aces": 5}, 100, None, "50 in the Penta box"),
        ({"penta": 0, "aces": 5}, 100, None, "50 in the Penta box"),
        ({"penta": 50}, 100, None, "filled boxes besides Penta"),
        ({"penta": 50, "aces": 5}, 200, None, "filled boxes besides Penta"),
        ({"penta": 50, "aces": 5}, 100, "no-bonus", "no Penta bonus"),
    ],
)
def test_from_filled_refuses_impossible_cards(filled, bonus, rules, words):
    with pytest.raises(IllegalMove, match=words):
        Scorecard.from_filled(filled, penta_bonus=bonus, rules=rules)


def test_from_filled_refuses_non_mappings():
    with pytest.raises(IllegalMove, match="dictionary"):
        Scorecard.from_filled([("aces", 3)])


def test_from_filled_accepts_numpy_ints_and_every_possible_value():
    assert card({"sixes": np.int64(30)}).filled == {"sixes": 30}
    for box in BOXES:
        for points in possible_points(box):
            assert card({box: points}).filled == {box: points}


def test_from_filled_round_trips_through_filled():
    start = card({"penta": 50, "aces": 0, "chance": 23}, bonus=200, rules="official")
    again = card(start.filled, start.penta_bonus, start.rules)
    assert again == start
    assert hash(again) == hash(start)


# -- score -----------------------------------------------------------------------------------


def test_score_a_filled_box_says_where_the_roll_may_go():
    start = card({"chance": 20, "aces": 1})
    with pytest.raises(IllegalMove) as error:
        start.score("chance", (1, 2, 3, 4, 5))
    text = str(error.value)
    assert "Chance is already filled" in text
    assert "Aces" not in text
    assert "Large straight" in text


def test_score_forbidden_by_the_joker_names_the_allowed_box():
    with pytest.raises(IllegalMove) as error:
        card({"penta": 50}).score("chance", FIVE_FOURS)
    assert "may go in: Fours." in str(error.value)


def test_score_on_a_complete_card():
    full = card({box: sorted(possible_points(box))[1] for box in BOXES})
    assert full.is_complete
    assert full.options((1, 2, 3, 4, 5)) == {}
    assert not full.must_sacrifice((1, 2, 3, 4, 5))
    with pytest.raises(IllegalMove, match="complete"):
        full.score("chance", (1, 2, 3, 4, 5))


@pytest.mark.parametrize(
    "dice",
    [
        (1, 2, 3, 4),
        (1, 2, 3, 4, 5, 6),
        (0, 1, 2, 3, 4),
        (1, 2, 3, 4, 7),
        (1.0, 2, 3, 4, 5),
        (True, 1, 1, 1, 1),
        "11111",
        None,
        (1, 2, None, 4, 5),
        ("1", 2, 3, 4, 5),
    ],
)
def test_bad_dice_are_refused_everywhere(dice):
    start = Scorecard()
    for method in (start.options, start.must_sacrifice, start.explain, start.bonus):
        with pytest.raises(IllegalMove):
            method(dice)
    with pytest.raises(IllegalMove):
        start.score("chance", dice)


def test_dice_in_any_order_and_any_integer_type():
    start = card({"penta": 50})
    expected = start.options((1, 2, 2, 5, 6))
    assert start.options([6, 2, 5, 2, 1]) == expected
    assert start.options(np.array([6, 2, 5, 2, 1])) == expected
    assert start.options(iter([2, 6, 1, 5, 2])) == expected


def test_unknown_box():
    with pytest.raises(IllegalMove, match="Unknown box"):
        Scorecard().score("yahtzee", (1, 2, 3, 4, 5))
    with pytest.raises(IllegalMove, match="Unknown box"):
        Scorecard().score(3, (1, 2, 3, 4, 5))


def test_immutable_and_copies_are_equal():
    start = card({"aces": 3})
    with pytest.raises(AttributeError):
        start.total = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        start._points = ()  # type: ignore[misc]
    start.filled["twos"] = 4
    assert start.filled == {"aces": 3}
    start.options((1, 1, 1, 2, 3))["chance"] = 999
    assert start.options((1, 1, 1, 2, 3))["chance"] == 8
    assert copy.deepcopy(start) == start
    assert pickle.loads(pickle.dumps(start)) == start
    assert eval(repr(start), {"Scorecard": Scorecard}) == start


# -- explain ---------------------------------------------------------------------------------


def test_explain_names_every_box_and_the_joker():
    reasons = card({"penta": 50, "fours": 12}).explain(FIVE_FOURS)
    assert set(reasons) == set(BOXES)
    assert str(reasons["full_house"]) == "Full house by the joker rule: 25. Penta bonus: +100."
    assert "Already filled with 12 points" in str(reasons["fours"])
    assert "lower" in str(reasons["aces"])
    forced = card({"penta": 50}).explain(FIVE_FOURS)
    assert str(forced["chance"]) == "Joker: five 4s must go in Fours."


def test_explain_ordinary_rolls():
    reasons = Scorecard().explain((2, 2, 5, 5, 5))
    assert "25" in str(reasons["full_house"])
    assert "15" in str(reasons["fives"])
    assert "0 points" in str(reasons["small_straight"])
    assert "19" in str(reasons["chance"])


# -- properties ------------------------------------------------------------------------------


@settings(max_examples=examples(400), deadline=None)
@given(cards(), roll_st)
def test_options_agree_with_an_independent_reading_of_the_rules(start, dice):
    assert start.options(dice) == reference_options(start.filled, start.rules.name, dice)


@settings(max_examples=examples(200), deadline=None)
@given(cards(), roll_st)
def test_score_adds_the_option_points_and_refuses_the_rest(start, dice):
    options = start.options(dice)
    reasons = start.explain(dice)
    assert set(reasons) == set(BOXES)
    for box in BOXES:
        if box in options:
            after = start.score(box, dice)
            gained = after.total - start.total - (after.upper_bonus - start.upper_bonus)
            assert gained == options[box]
            assert len(after.filled) == len(start.filled) + 1
        else:
            with pytest.raises(IllegalMove):
                start.score(box, dice)
    sacrifice = bool(options) and all(start.score(box, dice).filled[box] == 0 for box in options)
    assert start.must_sacrifice(dice) == sacrifice


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(PRESETS), st.lists(roll_st, min_size=13, max_size=13), st.randoms())
def test_a_full_card_total_is_the_sum_of_its_parts(rules_name, rolls, rnd):
    state = Scorecard(rules_name)
    for dice in rolls:
        state = state.score(rnd.choice(sorted(state.options(dice))), dice)
    assert state.is_complete
    upper = sum(state.filled[box] for box in UPPER)
    lower = sum(state.filled[box] for box in LOWER)
    bonus = 35 if upper >= 63 else 0
    assert state.upper_total == upper
    assert state.total == upper + bonus + lower + state.penta_bonus


def test_possible_penta_bonuses_are_the_ones_from_filled_accepts():
    from dicelab.penta.scorecard import possible_penta_bonuses

    everything = {box: 0 for box in BOXES if box not in ("chance", "penta")}
    everything.update(chance=5, penta=50)
    for name in PRESETS:
        bonuses = possible_penta_bonuses(name)
        assert bonuses == possible_penta_bonuses(Rules.preset(name))
        for bonus in bonuses:
            assert Scorecard.from_filled(everything, bonus, rules=name).penta_bonus == bonus
        with pytest.raises(IllegalMove):
            Scorecard.from_filled(everything, bonuses[-1] + 100, rules=name)
    assert list(possible_penta_bonuses("no-bonus")) == [0]


def test_upper_bonus_is_one_rule_for_the_card_and_the_solver():
    import numpy as np

    from dicelab.penta import solver_tables as st
    from dicelab.penta.rules import upper_bonus_earned, upper_bonus_points

    no_upper = Rules("no-upper", upper_bonus=False)
    card = {"fives": 25, "sixes": 30, "fours": 8}
    assert Scorecard.from_filled(card).upper_bonus == 35
    assert Scorecard.from_filled(card, rules=no_upper).upper_bonus == 0
    totals = np.arange(0, 80)
    assert (upper_bonus_points(Rules(), totals) == np.where(totals >= 63, 35, 0)).all()
    assert not upper_bonus_points(no_upper, totals).any()
    assert upper_bonus_earned(Rules(), 60, 63) == 35 and upper_bonus_earned(no_upper, 60, 63) == 0
    # the solver's option rows: with the bonus off, reaching 63 adds nothing
    V = np.zeros(st.N_STATES)
    mask, up, flag = np.array([0]), np.array([60]), np.array([0])
    with_bonus = st.option_rows(Rules(), V, mask, up, flag)
    without = st.option_rows(no_upper, V, mask, up, flag)
    assert with_bonus[6 * 2 + 1, 0] == 3 + 35 and without[6 * 2 + 1, 0] == 3
