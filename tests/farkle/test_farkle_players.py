"""The computer player: its bank threshold's three properties, the last round, set-asides."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.farkle import Bank, ComputerPlayer, Game, Roll, SetAside, Situation, Turn, parse
from tests.helpers import examples

AI = ComputerPlayer()


def test_base_threshold_is_300():
    assert AI.base == 300 and AI.bank_threshold(6, behind=0) == 300


@given(dice=st.integers(1, 6), behind=st.integers(0, 20000), more=st.integers(1, 20000))
def test_threshold_rises_with_the_deficit(dice, behind, more):
    assert AI.bank_threshold(dice, behind + more) >= AI.bank_threshold(dice, behind)


def test_threshold_rises_strictly_when_well_behind():
    assert AI.bank_threshold(6, 2000) > AI.bank_threshold(6, 0)
    assert AI.bank_threshold(6, -500) == AI.bank_threshold(6, 0)  # leading: no change


@given(dice=st.integers(2, 6), behind=st.integers(0, 20000))
def test_threshold_falls_with_fewer_dice(dice, behind):
    assert AI.bank_threshold(dice - 1, behind) <= AI.bank_threshold(dice, behind)
    assert AI.bank_threshold(1, behind) < AI.bank_threshold(6, behind)


def ai_turn(totals, turn, trigger=None, target=10000):
    return Situation(totals, target, len(totals) - 1, trigger, turn)


def test_it_banks_at_the_threshold_and_rolls_below():
    three_dice = Turn().roll([1, 1, 1, 2, 3, 4])
    assert AI.choose(ai_turn((0, 0), three_dice)) == SetAside((0, 1, 2))
    kept = three_dice.set_aside([1, 1, 1])
    assert AI.choose(ai_turn((0, 0), kept)) == Bank()
    small = Turn().roll([5, 2, 3, 4, 6, 6]).set_aside([5])
    assert AI.choose(ai_turn((0, 0), small)) == Roll()


def test_in_the_last_round_it_never_banks_before_passing_the_leader():
    turn = Turn().roll([1, 1, 1, 2, 3, 4]).set_aside([1, 1, 1])  # 1000, 3 dice left
    level = ai_turn((10500, 9200), turn, trigger=0)
    assert AI.threshold(level) == 1301
    assert AI.choose(level) == Roll()
    assert AI.choose(ai_turn((10500, 9600), turn, trigger=0)) == Bank()  # 10600 passes
    assert AI.choose(ai_turn((10000, 9000), turn, trigger=0)) == Roll()  # a tie is no pass


def test_it_keeps_one_scoring_die_to_roll_more_dice():
    s = ai_turn((0, 0), Turn().roll([1, 5, 2, 3, 3, 6]))
    assert AI.choose(s) == SetAside((0,))


def test_it_takes_the_most_points_when_they_reach_the_threshold():
    s = ai_turn((0, 0), Turn().roll([1, 1, 1, 5, 2, 3]))
    assert AI.choose(s) == SetAside((0, 1, 2, 3))


def test_it_prefers_hot_dice_when_it_will_roll_on():
    turn = Turn(150, (1, 5, 5))  # three single 5s before: 150 points, 3 dice
    s = ai_turn((5000, 0), turn)
    assert AI.threshold(s, dice_left=6) == 800
    assert AI.choose(s) == SetAside((0, 1, 2))


def test_every_parameter_can_be_changed():
    turn = Turn().roll([5, 5, 5, 2, 3, 4]).set_aside([5, 5, 5])  # 500 points, 3 dice
    s = ai_turn((0, 0), turn)
    assert AI.choose(s) == Bank()
    bold = dataclasses.replace(AI, base=1000)
    assert bold.choose(s) == Roll()
    assert ComputerPlayer(per_missing_die=0, base=600).choose(s) == Roll()
    assert ComputerPlayer(die_value=0).choose(ai_turn((0, 0), Turn().roll([1, 5, 2, 3, 3, 6]))) == (
        SetAside((0, 1))
    )
    names = {f.name for f in dataclasses.fields(ComputerPlayer)}
    assert names == {
        "base",
        "per_point_behind",
        "max_raise",
        "per_missing_die",
        "minimum",
        "die_value",
    }
    assert ComputerPlayer.from_dict(bold.to_dict()) == bold


@pytest.mark.parametrize("bad", [{"base": -1}, {"die_value": "60"}, {"minimum": True}])
def test_bad_parameters_are_refused(bad):
    with pytest.raises(IllegalMove):
        ComputerPlayer(**bad)


def test_no_move_after_the_game():
    with pytest.raises(IllegalMove, match="game is over"):
        AI.choose(parse("target 5000 | totals >5000! 100 | turn 0 | dice 6 | roll -"))


@given(seed=st.integers(0, 10**6), humans=st.integers(0, 6))
@settings(max_examples=examples(25), deadline=None)
def test_its_choices_are_legal_and_its_banks_follow_its_rules(seed, humans):
    game = Game(players=humans, seed=seed, target=5000)
    while not game.is_over:
        s = game.situation
        move = game.computer_move()
        assert game.is_legal(move)
        if isinstance(move, Bank):
            assert s.turn.points >= AI.threshold(s)
            if s.last_round:
                assert s.totals[s.current] + s.turn.points > s.leader_total(s.current) or (
                    s.totals[s.current] > s.leader_total(s.current)
                )
        elif s.turn.can_bank:
            assert s.turn.points < AI.threshold(s)
        game.push(move)


@pytest.mark.parametrize(
    "value", [float("nan"), float("inf"), -1, 10**400, 10**21, 1e300, "300", True, None]
)
@pytest.mark.parametrize("field", ["base", "per_point_behind", "die_value"])
def test_bad_parameters_are_refused_and_the_message_renders(field, value):
    with pytest.raises(IllegalMove) as error:
        ComputerPlayer(**{field: value})
    assert field in str(error.value) and len(str(error.value)) < 300
    with pytest.raises(IllegalMove):
        ComputerPlayer.from_dict({**ComputerPlayer().to_dict(), field: value})
