"""The table: banking, the target, the last round (2, 3 and 7 seats), winners and ties."""

import pytest

from dicelab import IllegalMove
from dicelab.farkle import Situation, Turn

SCORING = [1, 2, 3, 4, 6, 6]  # only the 1 counts: 100 points
FARKLE = [2, 2, 3, 3, 4, 6]


def bank_100(s: Situation) -> Situation:
    return s.roll(SCORING).set_aside([1]).bank()


def lose(s: Situation) -> Situation:
    return s.roll(FARKLE)


def test_banking_adds_the_turn_and_passes_the_dice():
    s = bank_100(Situation.start(3))
    assert s.totals == (100, 0, 0) and s.current == 1 and s.turn == Turn()
    assert not s.last_round


def test_a_lost_turn_keeps_the_total_and_passes():
    s = Situation((700, 0), 5000).roll(SCORING).set_aside([1])
    s = s.roll([2, 2, 3, 4, 6])
    assert s.totals == (700, 0) and s.current == 1 and s.turn == Turn()


def near(totals, current=0, target=5000):
    return Situation(tuple(totals), target, current)


def test_last_round_with_two_seats():
    s = bank_100(near([4900, 4950]))
    assert s.last_round and s.trigger == 0 and s.current == 1
    assert s.seats_to_play() == (1,)
    s = bank_100(s)  # 5050 beats 5000: the second player wins
    assert s.is_over and s.totals == (5000, 5050) and s.winners == (1,)
    assert s.legal_moves() == []


def test_the_second_seat_can_trigger_and_the_first_gets_one_turn():
    s = bank_100(near([0, 4900], current=1))
    assert s.trigger == 1 and s.current == 0 and not s.is_over
    s = lose(s)
    assert s.is_over and s.winners == (1,)


def test_last_round_with_three_seats_and_no_retrigger():
    s = bank_100(near([4900, 4950, 0]))
    assert s.trigger == 0 and s.seats_to_play() == (1, 2)
    s = bank_100(s)  # seat 1 reaches the target during the last round
    assert s.trigger == 0 and s.current == 2 and not s.is_over
    s = lose(s)
    assert s.is_over and s.current == 0 and s.totals == (5000, 5050, 0)
    assert s.winners == (1,)


def test_last_round_with_seven_seats_each_other_seat_plays_once():
    s = bank_100(near([0, 0, 0, 4900, 0, 0, 0], current=3))
    assert s.trigger == 3 and s.seats_to_play() == (4, 5, 6, 0, 1, 2)
    played = []
    while not s.is_over:
        played.append(s.current)
        s = lose(s)
    assert played == [4, 5, 6, 0, 1, 2] and s.current == 3 and s.winners == (3,)


def test_equal_totals_share_the_win():
    s = bank_100(near([4900, 4900]))
    s = bank_100(s)
    assert s.is_over and s.totals == (5000, 5000) and s.winners == (0, 1)


def test_a_single_player_ends_when_reaching_the_target():
    s = bank_100(near([4900]))
    assert s.is_over and s.winners == (0,)


def test_moves_after_the_game_are_refused():
    s = bank_100(near([4900]))
    for action in (lambda: s.roll(SCORING), lambda: s.bank(), lambda: s.set_aside([1])):
        with pytest.raises(IllegalMove, match="game is over"):
            action()


def test_behind_and_leader():
    s = near([1200, 3000, 800], current=2)
    assert s.behind() == 2200 and s.behind(1) == 0 and s.leader_total(excluding=1) == 1200


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (((), 5000), "from 1 to 7 players"),
        (((0,) * 8, 5000), "from 1 to 7 players"),
        (((0, 0), 7000), "target"),
        (((0, 0), 10000.0), "target"),
        (((0, -50), 5000), "-50"),
        (((0, 0), 5000, 2), "Seat 2"),
        (((5000, 0), 5000, 1), "Seat 0 has reached the target"),
        (((4000, 0), 5000, 1, 0), "only when a total reaches"),
        (((5000, 6000, 0), 5000, 2, 0), None),  # seat 1 played after the trigger: fine
        (((5000, 0, 6000), 5000, 1, 0), "Seat 2"),  # seat 2 has not played yet
        (((5000, 0), 5000, 0, 0, Turn().roll([1, 5, 2, 3, 4, 6])), "game is over"),
        (((0, 0), 5000, 0, None, Turn().roll([2, 2, 3, 3, 4, 6])), "lost turn"),
    ],
)
def test_impossible_situations_are_refused(args, says):
    if says is None:
        assert Situation(*args).seats_to_play() == (2,)
        return
    with pytest.raises(IllegalMove, match=says):
        Situation(*args)


# Issue 11 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"totals": (7, 0)}, "no sequence of turns"),
        ({"totals": (0, 10**5000)}, "digits"),
        ({"totals": (0, 0), "current": 10**5000}, "digits"),
        ({"totals": (0, 0), "target": 10**5000}, "digits"),
        ({"totals": (0, 0), "trigger": -(10**5000)}, "digits"),
    ],
)
def test_values_no_game_reaches_are_refused_and_the_message_renders(kwargs, says):
    with pytest.raises(IllegalMove) as error:
        Situation(**kwargs)
    assert says in str(error.value) and len(str(error.value)) < 400


def test_situation_does_not_import_notation():
    import ast
    from pathlib import Path

    import dicelab.farkle.situation as module

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "dicelab.farkle.notation" not in imported
