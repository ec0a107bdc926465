"""The one-line notation: examples, round trips, and errors that point at the character."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.farkle import Game, NotationError, Rules, Situation, Turn, parse
from tests.helpers import examples

START = "target 10000 | totals >0 0 | turn 0 | dice 6 | roll -"


def test_a_new_game_reads_as_expected():
    assert str(Situation.start(2)) == START
    assert parse(START) == Situation.start(2)


def test_every_field_is_read():
    s = parse("target 5000 | totals 5200! 4100 >300 | turn 650 | dice 2 | roll [1] [1] [5] [5] 3 4")
    assert s.target == 5000 and s.totals == (5200, 4100, 300)
    assert s.current == 2 and s.trigger == 0 and s.last_round and not s.is_over
    assert s.turn.kept == (0, 1, 2, 3) and s.turn.kept_points == 300 and s.turn.previous == 350
    assert s.turn.last_roll == (1, 1, 5, 5, 3, 4) and s.turn.dice_in_play == 2


def test_hot_dice_game_over_and_rules_fields():
    hot = parse("target 10000 | totals >0 | turn 1500 | dice 6 | roll [1] [1] [1] [5] [5] [5]")
    assert hot.turn.hot_dice and hot.turn.points == 1500
    over = parse("target 15000 | totals >15100! 9000 | turn 0 | dice 6 | roll -")
    assert over.is_over and over.winners == (0,)
    minimal = parse("target 10000 | totals >0 0 | turn 0 | dice 6 | roll - | rules minimal")
    assert minimal.rules == Rules.preset("minimal")
    assert str(minimal).endswith("| rules minimal")
    house = Rules.custom("house", extras={(2, 3, 4): 250})
    line = "target 10000 | totals >0 | turn 250 | dice 3 | roll [2] [3] [4] 6 6 6 | rules house"
    assert parse(line, rules=house).turn.kept_points == 250
    assert str(parse(line, rules=house)) == line


def test_spaces_may_vary_but_the_output_is_canonical():
    loose = "  target 10000|totals   >0  0 |  turn 0 | dice 6 | roll -  "
    assert str(parse(loose)) == START


R = "target 10000 | totals >0 0 | turn 0 | dice 6 | roll "


@pytest.mark.parametrize(
    ("text", "where", "says"),
    [
        ("", lambda t: 0, "'target'"),
        ("target", lambda t: 6, "space"),
        (R.replace(">", "") + "-", lambda t: t.index("totals ") + 7, "mark whose turn"),
        (R.replace(">0 0", ">0 >0") + "-", lambda t: t.rindex(">"), "only one seat"),
        (R.replace(">0 0", ">0! 0!") + "-", lambda t: t.rindex("!"), "only one seat"),
        (R.replace("10000", "9000") + "-", lambda t: t.index("9000"), "target is one of"),
        (R.replace("turn 0", "turn 007") + "-", lambda t: t.index("007"), "leading zero"),
        (R.replace("turn 0", "turn x") + "-", lambda t: t.index("x"), "number"),
        (R + "1 2 3 4 5 x", lambda t: t.index("x"), "die from 1"),
        (R + "[1 2 3 4 5 6", lambda t: t.index("[1") + 2, "']'"),
        (R + "- extra", lambda t: t.index("extra"), "'|'"),
        (R + "- | rules zz", lambda t: t.index("zz"), "unknown rules"),
        (R.replace("turn", "turns") + "-", lambda t: t.index("turns") + 4, "space"),
        (R.replace("dice 6", "dice 5") + "-", lambda t: t.index("5 |"), "throws 6 dice"),
        (
            R.replace("turn 0 | dice 6", "turn 50 | dice 5") + "[1] 2 3 4 6 6",
            lambda t: t.index("50"),
            "at least the 100 points",
        ),
        (R.replace("dice 6", "dice 5") + "[2] 2 3 4 6 6", lambda t: t.index("[2]"), "cannot count"),
        (R + "2 2 3 3 4 6", lambda t: t.index("2 2 3"), "scores nothing"),
        (R + "1 2 3", lambda t: t.index("1 2 3"), "fewer than 6"),
        (R.replace(">0 0", "10000 >0") + "-", lambda t: t.index("10000 >"), "Seat 0"),
        (R.replace(">0 0", "10! >0") + "-", lambda t: t.index("10!"), "reaches the target"),
        (R.replace(">0 0", ">0 1 2 3 4 5 6 7") + "-", lambda t: t.index("7 |"), "1 to 7"),
        (
            R.replace(">0 0", ">10000! 0") + "1 2 3 4 5 6",
            lambda t: t.index("1 2 3 4 5 6"),
            "over",
        ),
        (R.replace("10000", "\uff110000") + "-", lambda t: 7, "number"),
    ],
)
def test_malformed_lines_name_the_character(text, where, says):
    with pytest.raises(NotationError) as error:
        parse(text)
    position = where(text)
    assert error.value.position == position, str(error.value)
    assert f"at character {position + 1}:" in str(error.value)
    assert says in str(error.value)
    assert isinstance(error.value, IllegalMove)


def test_not_text_is_refused():
    with pytest.raises(NotationError):
        parse(None)


def test_custom_rules_must_match_by_name():
    line = "target 10000 | totals >0 | turn 0 | dice 6 | roll - | rules house"
    with pytest.raises(NotationError, match="unknown rules"):
        parse(line)
    with pytest.raises(NotationError, match="the rules are 'other'"):
        parse(line, rules=Rules.custom("other"))


@given(seed=st.integers(0, 10**6), humans=st.integers(0, 6), stop=st.integers(0, 400))
@settings(max_examples=examples(40), deadline=None)
def test_every_situation_of_a_game_round_trips(seed, humans, stop):
    game = Game(players=humans, seed=seed, target=5000)
    while len(game.events) < stop and not game.is_over:
        game.push(game.computer_move())
    for situation in game.situations()[-30:]:
        line = str(situation)
        assert "\n" not in line
        assert parse(line) == situation
        assert str(parse(line)) == line


def test_turn_values_round_trip_through_situations():
    turn = Turn().roll([5, 1, 3, 3, 4, 5]).set_aside([1]).set_aside([5])
    s = Situation((0, 0), turn=turn)
    assert parse(str(s)).turn == turn


# Issue 11: parse refuses every situation no game can reach -------------------------------


@pytest.mark.parametrize(
    ("text", "where", "says"),
    [
        (R.replace(">0 0", ">7 0") + "-", lambda t: t.index(">7"), "no sequence of turns"),
        (R.replace(">0 0", ">0 1230") + "-", lambda t: t.index("1230"), "no sequence of turns"),
        (R.replace("turn 0", "turn 50") + "-", lambda t: t.index("50"), "before its first roll"),
        (R.replace("turn 0", "turn 1500") + "-", lambda t: t.index("1500"), "before its first"),
        (
            R.replace("turn 0 | dice 6", "turn 100 | dice 3").replace("6 | roll ", "3 | roll ")
            + "1 5 5",
            lambda t: t.index("turn 100") + 5,
            "points set aside",
        ),
        (
            R.replace("turn 0 | dice 6", "turn 130 | dice 5") + "[1] 2 3 4 6 6",
            lambda t: t.index("130"),
            "points set aside",
        ),
        (R.replace("turn 0", "turn " + "5" * 21) + "-", lambda t: t.index("55"), "20 digits"),
        (R.replace("turn 0", "turn " + "5" * 5000) + "-", lambda t: t.index("55"), "20 digits"),
        (R.replace(">0 0", ">0 " + "5" * 5000) + "-", lambda t: t.index("55"), "20 digits"),
        (R.replace("10000", "1" + "0" * 5000) + "-", lambda t: t.index("100"), "20 digits"),
        (R.replace("dice 6", "dice " + "6" * 5000) + "-", lambda t: t.index("66"), "20 digits"),
        (R.replace(">0 0", ">0 0 >") + "-", lambda t: t.index(" > |") + 1, "only one seat"),
        (R.replace(">0 0", "0 0 >") + "-", lambda t: t.index(" > |") + 2, "number"),
    ],
)
def test_unreachable_lines_name_the_character(text, where, says):
    test_malformed_lines_name_the_character(text, where, says)


def test_reachable_points_of_every_preset_are_read():
    for name in ("standard", "minimal", "playmonster"):
        rules = Rules.preset(name)
        tail = "" if name == "standard" else f" | rules {name}"
        for line in (
            "target 10000 | totals >50 9950 | turn 350 | dice 5 | roll [5] 2 3 4 6 6",
            "target 10000 | totals >0 0 | turn 2300 | dice 6 | roll 1 2 3 4 6 6",
            "target 10000 | totals >0 0 | turn 400 | dice 5 | roll 5 5 2 3 4",
        ):
            assert str(parse(line + tail, rules)) == line + tail


def test_a_table_with_odd_points_reads_its_own_totals():
    odd = Rules.from_table("odd", {(1,): 7, (5,): 10})
    line = "target 5000 | totals >17 3 | turn 0 | dice 6 | roll - | rules odd"
    with pytest.raises(NotationError, match="no sequence of turns"):
        parse(line, rules=odd)  # 3 points: no set-aside of this table scores so little
    assert parse(line.replace(" 3 ", " 14 "), rules=odd).totals == (17, 14)
