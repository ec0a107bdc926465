"""The game: seats, seeded dice, intents, undo, banners, computer turns, illegal actions."""

import copy

import pytest

from dicelab import IllegalMove
from dicelab.dice import SeededDice
from dicelab.farkle import Bank, ComputerPlayer, Game, Roll, Rules, SetAside, Situation, Turn, parse
from dicelab.i18n import translate
from tests.helpers import assert_unchanged


def test_default_game_is_one_human_and_the_computer_to_10000():
    game = Game(seed=1)
    assert [seat.computer for seat in game.seats] == [False, True]
    assert game.target == 10000 and game.rules == Rules() and game.totals == (0, 0)
    assert game.lineup.msgid == "Humans + 1 AI"
    assert game.current_player == 0 and not game.is_over and not game.last_round
    assert game.legal_moves() == [Roll()]
    assert game.events == () and game.message is None and game.last_roll == ()


def test_seats_names_and_lineups():
    game = Game(humans=6, names=["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], seed=1)
    assert len(game.seats) == 7 and game.seats[-1].computer
    assert [str(seat.label) for seat in game.seats][::6] == ["Ada", "AI"]
    alone = Game(humans=2, computer=False, target=15000, seed=1)
    assert len(alone.seats) == 2 and alone.lineup.msgid == "Humans only"
    assert alone.target == 15000
    assert len(Game(humans=0, seed=1).seats) == 1  # the computer alone: simulations


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"humans": 0, "computer": False}, "at least one human"),
        ({"humans": 7}, "From 0 to 6 humans"),
        ({"humans": True}, "True"),
        ({"humans": 2, "names": ["Ada"]}, "one name per human"),
        ({"humans": 1, "names": [""]}, "name"),
        ({"target": 12000}, "target"),
        ({"seed": -1}, "seed"),
        ({"rules": "minimal"}, "Rules"),
        ({"computer": 1}, "True or False"),
        ({"computer_player": "easy"}, "ComputerPlayer"),
        ({"start": "target 10000 | totals >0 | turn 0 | dice 6 | roll -"}, "one total per seat"),
    ],
)
def test_bad_games_are_refused(kwargs, says):
    with pytest.raises(IllegalMove, match=says):
        Game(**kwargs)


def test_dice_come_from_the_seed_by_roll_number():
    game = Game(humans=2, seed=99)
    rolls = 0
    while len(game.events) < 40:
        before = game.turn.dice_in_play
        event = game.push(game.computer_move())
        if isinstance(event.move, Roll):
            assert event.dice == SeededDice(99).roll(before, rolls)
            rolls += 1
    twin = Game(humans=2, seed=99)
    for move in game.moves:
        twin.push(move)
    assert twin == game and twin.events == game.events


def test_undo_then_roll_again_gives_the_same_dice():
    game = Game(seed=5)
    first = game.roll()
    assert game.pop() == Roll()
    assert game.situation == Situation.start(2) and game.events == ()
    assert game.roll() == first
    with pytest.raises(IllegalMove, match="no move to undo"):
        Game(seed=5).pop()


def test_intents_by_value_and_by_position():
    game = Game(seed=11)  # first roll: 6 3 3 4 3 2
    game.roll()
    by_value = game.copy()
    by_value.set_aside([3, 3, 3])
    game.set_aside_positions([4, 1, 2])
    assert game == by_value and game.turn.kept == (1, 2, 4) and game.turn.points == 300
    assert game.last_event.dice == (3, 3, 3) and game.last_event.points == 300


HOT = "target 10000 | totals >0 0 | turn 1050 | dice 2 | roll [1] [1] [1] [5] 5 5"


def test_hot_dice_banner_and_six_dice_back():
    game = Game(seed=1, start=HOT)
    event = game.set_aside([5, 5])
    assert event.points == 450 and [m.msgid for m in event.messages] == ["Hot dice!"]
    assert game.message.msgid == "Hot dice!" and translate(game.message.msgid) == "Hot dice!"
    assert game.turn.dice_in_play == 6 and game.turn.points == 1500
    assert set(game.legal_moves()) == {Roll(), Bank()}
    assert len(game.roll().dice) == 6


def test_turn_lost_banner_and_the_next_player():
    seed = next(s for s in range(100) if SeededDice(s).roll(1, 0)[0] in (2, 3, 4, 6))
    start = "target 10000 | totals >300 0 | turn 1100 | dice 1 | roll [1] [1] [1] [5] [5] 2"
    game = Game(seed=seed, start=start)
    event = game.roll()
    assert event.turn_lost and event.ends_turn and event.points == 1100
    assert game.message.msgid == "Turn lost!" and game.totals == (300, 0)
    assert game.current_player == 1 and game.turn == Turn()
    assert game.last_roll == event.dice and len(event.dice) == 1


def test_last_round_and_game_over_banners():
    start = "target 5000 | totals >4900 0 | turn 0 | dice 6 | roll 1 2 3 4 6 6"
    game = Game(seed=3, target=5000, start=start)
    game.set_aside([1])
    event = game.bank()
    assert event.points == 100 and [m.msgid for m in event.messages] == ["Last round!"]
    assert game.last_round and not game.is_over and game.current_player == 1
    game.play_computer_turn()
    assert game.is_over and game.message.msgid == "Game over!"
    assert game.winners == (
        (1,) if game.totals[1] > 5000 else (0,) if game.totals[1] < 5000 else (0, 1)
    )
    assert game.legal_moves() == []


@pytest.mark.parametrize(
    ("setup", "action", "says"),
    [
        (lambda g: None, lambda g: g.bank(), "Roll first"),
        (lambda g: None, lambda g: g.set_aside([1]), "Roll first"),
        (lambda g: g.roll(), lambda g: g.roll(), "Set aside at least one scoring die"),
        (lambda g: g.roll(), lambda g: g.bank(), "Set aside at least one scoring die"),
        (lambda g: g.roll(), lambda g: g.set_aside([6]), "The 6 cannot count"),
        (lambda g: g.roll(), lambda g: g.set_aside([2]), "The 2 cannot count"),
        (lambda g: g.roll(), lambda g: g.set_aside([]), "at least one die"),
        (lambda g: g.roll(), lambda g: g.set_aside([5]), "no 5"),
        (lambda g: g.roll(), lambda g: g.set_aside_positions([9]), "position 9"),
        (lambda g: g.roll(), lambda g: g.set_aside_positions("12"), "'12'"),
        (lambda g: g.roll(), lambda g: g.push("roll"), "Unknown move"),
        (lambda g: g.roll(), lambda g: g.computer_step(), "not the computer's"),
        (
            lambda g: (g.roll(), g.set_aside([3, 3, 3])),
            lambda g: g.set_aside_positions([1]),
            "already set aside",
        ),
    ],
)
def test_illegal_actions_raise_and_change_nothing(setup, action, says):
    game = Game(seed=11)  # first roll: 6 3 3 4 3 2
    setup(game)
    assert says in str(assert_unchanged(game, action))


def test_nothing_is_allowed_after_the_game():
    game = Game(humans=0, seed=4, target=5000).play_out()
    assert game.is_over and game.legal_moves() == []
    actions = (Game.roll, Game.bank, Game.computer_move, Game.computer_step)
    for action in (*actions, lambda g: g.set_aside([1]), lambda g: g.push(SetAside((0,)))):
        assert "game is over" in str(assert_unchanged(game, action))
    assert not game.is_legal(Roll())


def test_is_legal_matches_push():
    game = Game(seed=11)
    assert game.is_legal(Roll()) and not game.is_legal(Bank())
    game.roll()
    assert game.is_legal(SetAside((1, 2, 4))) and not game.is_legal(SetAside((0,)))
    assert all(game.is_legal(move) for move in game.legal_moves())


def test_computer_turn_step_by_step():
    game = Game(humans=1, seed=21)
    game.push(Roll())
    while game.current_player == 0:
        game.push(game.computer_move())  # a human may follow the hint
    assert game.current_seat.computer
    events = game.play_computer_turn()
    assert all(e.seat == 1 for e in events) and events[-1].ends_turn
    assert game.current_player == 0 or game.is_over
    assert sum(e.points for e in events if isinstance(e.move, Bank)) == game.totals[1]


def test_computer_only_simulation_ends_with_a_winner():
    game = Game(humans=0, seed=8, target=5000).play_out()
    assert game.is_over and game.winners == (0,) and game.totals[0] >= 5000


def test_play_out_with_other_players_per_seat():
    cautious = ComputerPlayer(base=100, per_missing_die=0)
    game = Game(humans=2, computer=False, seed=2, target=5000).play_out({0: cautious})
    assert game.is_over
    banks = [e for e in game.events if isinstance(e.move, Bank) and e.seat == 0]
    assert banks and all(e.points >= 100 for e in banks)


def test_games_compare_by_log_and_copies_are_independent():
    game = Game(seed=3)
    twin = game.copy()
    game.roll()
    assert twin != game and twin.events == ()
    assert copy.deepcopy(game) == game
    assert Game(seed=3) != Game(seed=4)


def test_start_from_a_situation():
    s = parse("target 10000 | totals 1200 >3450 800 | turn 350 | dice 4 | roll [1] 2 [5] 3 4 6")
    game = Game(humans=2, start=s, seed=1)
    assert game.situation == s and game.current_player == 1 and game.turn.points == 350
    assert game.legal_moves()[:2] == [Roll(), Bank()]
