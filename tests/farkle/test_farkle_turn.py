"""The turn state machine: roll, set aside, roll again or bank; hot dice; lost turns."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.farkle import Bank, Roll, Rules, SetAside, Turn, score, set_aside_options
from tests.helpers import examples

MINIMAL = Rules.preset("minimal")


def test_seed_example_1_2_3_4_6_6():
    turn = Turn().roll([1, 2, 3, 4, 6, 6])
    assert turn.scoring_positions() == (0,)
    with pytest.raises(IllegalMove) as error:
        turn.set_aside([2])
    text = str(error.value)
    assert "The 2 cannot count" in text and "can count: 1." in text
    with pytest.raises(IllegalMove) as error:
        turn.set_aside([1, 2])
    assert "The 2 cannot count" in str(error.value)
    after = turn.set_aside([1])
    assert after.points == 100 and after.dice_in_play == 5
    assert after.last_roll == (1, 2, 3, 4, 6, 6) and after.kept == (0,)


def test_two_fives_then_a_third_are_fifty_each():
    turn = Turn().roll([5, 5, 2, 3, 4, 6]).set_aside([5, 5])
    assert turn.points == 100 and turn.dice_in_play == 4
    turn = turn.roll([5, 2, 3, 4]).set_aside([5])
    assert turn.points == 150 == 50 + 50 + 50
    assert score([5, 5, 5]) == 500  # what they would have been from one roll


def test_dice_of_one_roll_may_be_set_aside_in_several_steps_and_score_together():
    turn = Turn().roll([5, 5, 5, 2, 3, 4]).set_aside([5])
    assert turn.points == 50
    turn = turn.set_aside([5, 5])
    assert turn.points == 500 and turn.kept == (0, 1, 2)
    assert turn.set_aside_options() == {}
    assert turn.legal_moves() == [Roll(), Bank()]


def test_a_die_may_count_with_dice_set_aside_before_from_the_same_roll():
    turn = Turn().roll([2, 2, 2, 2, 3, 4]).set_aside([2, 2, 2])
    assert turn.set_aside_options() == {(2,): 200}  # four 2s = 400 under standard
    assert turn.set_aside([2]).points == 400
    minimal = Turn(rules=MINIMAL).roll([2, 2, 2, 2, 3, 4]).set_aside([2, 2, 2])
    assert minimal.set_aside_options() == {}
    with pytest.raises(IllegalMove, match="The 2 cannot count"):
        minimal.set_aside([2])


def test_hot_dice_bring_six_dice_back_and_keep_the_points():
    turn = Turn().roll([1, 1, 5, 2, 3, 4]).set_aside([1, 1, 5])
    turn = turn.roll([1, 5, 5]).set_aside([1, 5, 5])
    assert turn.hot_dice and turn.points == 250 + 200
    assert turn.dice_in_play == 6 and turn.phase == "roll_or_bank"
    assert turn.can_roll and turn.can_bank
    assert turn.bank_points() == 450
    again = turn.roll([2, 2, 3, 3, 4, 4])
    assert again.previous == 450 and again.set_aside([2, 2, 3, 3, 4, 4]).points == 1200
    with pytest.raises(IllegalMove, match="Hot dice"):
        turn.set_aside([1])


def test_a_roll_that_scores_nothing_loses_the_turn():
    turn = Turn().roll([1, 2, 3, 4, 6, 6]).set_aside([1]).roll([2, 2, 3, 4, 6])
    assert turn.lost and turn.phase == "lost" and turn.points == 0 and turn.lost_points == 100
    assert turn.legal_moves() == []
    for action in (
        lambda: turn.roll([1] * 6),
        lambda: turn.bank_points(),
        lambda: turn.set_aside([2]),
    ):
        with pytest.raises(IllegalMove, match="lost"):
            action()


def test_first_roll_can_lose_too():
    assert Turn().roll([2, 2, 3, 3, 4, 6]).lost


@pytest.mark.parametrize(
    ("make", "action", "says"),
    [
        (lambda: Turn(), lambda t: t.bank_points(), "Roll first"),
        (lambda: Turn(), lambda t: t.set_aside([1]), "Roll first"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.roll([1] * 6), "Set aside at least"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.bank_points(), "Set aside at least"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.set_aside([]), "at least one die"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.set_aside([5]), "no 5"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.set_aside([1, 1]), "no 1"),
        (
            lambda: Turn().roll([1, 2, 3, 4, 6, 6]),
            lambda t: t.set_aside_positions([6]),
            "position 6",
        ),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.set_aside_positions([0, 0]), "twice"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.set_aside_positions([-1]), "-1"),
        (lambda: Turn().roll([1, 2, 3, 4, 6, 6]), lambda t: t.set_aside_positions([True]), "True"),
        (
            lambda: Turn().roll([1, 5, 3, 4, 6, 6]).set_aside([1]),
            lambda t: t.set_aside_positions([0]),
            "already set aside",
        ),
        (lambda: Turn(), lambda t: t.roll([1, 2, 3]), "6 dice"),
        (lambda: Turn(), lambda t: t.roll([1, 2, 3, 4, 5, 7]), "7"),
        (lambda: Turn(), lambda t: t.apply("roll"), "Unknown move"),
    ],
)
def test_illegal_steps_say_what_is_allowed(make, action, says):
    turn = make()
    before = (turn.previous, turn.last_roll, turn.kept, turn.lost)
    with pytest.raises(IllegalMove) as error:
        action(turn)
    assert says in str(error.value)
    assert (turn.previous, turn.last_roll, turn.kept, turn.lost) == before


def test_positions_and_values_name_the_same_dice():
    turn = Turn().roll([3, 5, 1, 5, 2, 4])
    assert turn.positions_of([5, 1]) == (1, 2)
    assert turn.set_aside([5, 1]) == turn.set_aside_positions([2, 1])
    assert turn.set_aside_positions([3]).kept == (3,)
    assert turn.apply(SetAside((3,))) == turn.set_aside_positions([3])


@pytest.mark.parametrize(
    "fields",
    [
        {"previous": -5},
        {"previous": 1.5},
        {"last_roll": (1, 2, 3)},  # fewer than 6 dice with 0 points before
        {"last_roll": (1, 2, 3, 4, 6, 6), "kept": (1,)},  # the 2 cannot be set aside
        {"last_roll": (1, 2, 3, 4, 6, 6), "kept": (7,)},
        {"last_roll": (2, 2, 3, 3, 4, 6)},  # a farkle that is not marked lost
        {"last_roll": (1, 2, 3, 4, 6, 6), "lost": True},
        {"rules": "standard"},
    ],
)
def test_impossible_turns_cannot_be_built(fields):
    with pytest.raises(IllegalMove):
        Turn(**fields)


def test_legal_moves_are_exactly_the_options_of_the_roll():
    turn = Turn().roll([1, 1, 5, 2, 2, 2])
    options = set_aside_options([1, 1, 5, 2, 2, 2])
    moves = turn.legal_moves()
    assert Roll() not in moves and Bank() not in moves
    taken = {tuple(sorted(turn.last_roll[p] for p in m.positions)) for m in moves}
    assert taken == set(options)
    for move in moves:
        after = turn.apply(move)
        dice = tuple(sorted(turn.last_roll[p] for p in move.positions))
        assert after.points == options[dice]


rolls = st.lists(st.integers(1, 6), min_size=6, max_size=6)


@given(data=st.data(), rules=st.sampled_from([Rules(), MINIMAL, Rules.preset("playmonster")]))
@settings(max_examples=examples(80))
def test_turn_points_are_the_sum_of_the_set_asides(data, rules):
    turn = Turn(rules=rules)
    total = 0
    for _ in range(12):
        dice = data.draw(
            st.lists(st.integers(1, 6), min_size=turn.dice_in_play, max_size=turn.dice_in_play)
        )
        turn = turn.roll(dice)
        if turn.lost:
            assert turn.points == 0 and turn.lost_points == total
            return
        options = turn.set_aside_options()
        assert options == set_aside_options(dice, rules)
        choice = data.draw(st.sampled_from(sorted(options)))
        turn = turn.set_aside(choice)
        total += score(choice, rules)
        assert turn.points == total
        assert turn.dice_in_play == (len(dice) - len(choice) or 6)
        assert turn.can_bank and turn.bank_points() == total


# Issue 11: a turn built directly holds points some sequence of set-asides makes ---------


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"previous": 50}, "before its first roll"),
        ({"previous": 100, "last_roll": (1, 5, 5)}, "set aside"),
        ({"previous": 30, "last_roll": (1, 5, 5, 2, 3)}, "set aside"),
        ({"previous": 10**5000, "last_roll": (1, 5)}, "digits"),
    ],
)
def test_turn_points_no_game_reaches_are_refused(fields, says):
    with pytest.raises(IllegalMove, match=says):
        Turn(**fields)


def test_turn_points_some_game_reaches_are_accepted():
    assert Turn(150, (1, 5, 5)).points == 150  # three single 5s were set aside
    assert Turn(300, (1, 2, 3, 4, 5, 6)).points == 300  # six 5s one by one, then hot dice
    assert Turn(300, (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4, 5)).points == 1800
