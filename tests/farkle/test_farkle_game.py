"""The game: seats, seeded dice, intents, undo, banners, computer turns, illegal actions."""

import copy

import pytest

from dicelab import IllegalMove
from dicelab.dice import SeededDice
from dicelab.farkle import (
    Bank,
    ComputerPlayer,
    Game,
    Roll,
    Rules,
    Seat,
    SetAside,
    Situation,
    Turn,
    parse,
)
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
    game = Game(["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], seed=1)
    assert len(game.seats) == 7 and game.seats[-1].computer
    assert [str(seat.label) for seat in game.seats][::6] == ["Ada", "AI"]
    alone = Game(players=2, computer=False, target=15000, seed=1)
    assert len(alone.seats) == 2 and alone.lineup.msgid == "Humans only"
    assert alone.target == 15000
    assert len(Game(players=0, seed=1).seats) == 1  # the computer alone: simulations


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"players": 0, "computer": False}, "at least one human"),
        ({"players": 7}, "From 0 to 6 humans"),
        ({"players": True}, "True"),
        ({"humans": 2, "names": ["Ada"]}, "one name per human"),  # deprecated keywords
        ({"humans": 1, "names": [""]}, "name"),
        ({"target": 12000}, "target"),
        ({"seed": -1}, "seed"),
        ({"rules": "classic"}, "Unknown rule preset"),
        ({"rules": 5}, "Rules"),
        ({"computer": 1}, "True or False"),
        ({"computer_player": "easy"}, "ComputerPlayer"),
        ({"start": "target 10000 | totals >0 | turn 0 | dice 6 | roll -"}, "one total per seat"),
    ],
)
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_bad_games_are_refused(kwargs, says):
    with pytest.raises(IllegalMove, match=says):
        Game(**kwargs)


def test_dice_come_from_the_seed_by_roll_number():
    game = Game(players=2, seed=99)
    rolls = 0
    while len(game.events) < 40:
        before = game.turn.dice_in_play
        event = game.push(game.computer_move())
        if isinstance(event.move, Roll):
            assert event.dice == SeededDice(99).roll(before, rolls)
            rolls += 1
    twin = Game(players=2, seed=99)
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
    game = Game(players=0, seed=4, target=5000).play_out()
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
    game = Game(players=1, seed=21)
    game.push(Roll())
    while game.current_player == 0:
        game.push(game.computer_move())  # a human may follow the hint
    assert game.current_seat.computer
    events = game.play_computer_turn()
    assert all(e.seat == 1 for e in events) and events[-1].ends_turn
    assert game.current_player == 0 or game.is_over
    assert sum(e.points for e in events if isinstance(e.move, Bank)) == game.totals[1]


def test_computer_only_simulation_ends_with_a_winner():
    game = Game(players=0, seed=8, target=5000).play_out()
    assert game.is_over and game.winners == (0,) and game.totals[0] >= 5000


def test_play_out_with_other_players_per_seat():
    cautious = ComputerPlayer(base=100, per_missing_die=0)
    game = Game(players=2, computer=False, seed=2, target=5000).play_out({0: cautious})
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
    s = parse("target 10000 | totals 1200 >3450 800 | turn 150 | dice 4 | roll [1] 2 [5] 3 4 6")
    game = Game(players=2, start=s, seed=1)
    assert game.situation == s and game.current_player == 1 and game.turn.points == 150
    assert game.legal_moves()[:2] == [Roll(), Bank()]


# Issue 11: the constructor's vocabulary, takeback_depth, the computer's step, names -------


def test_players_as_names_or_a_count_and_the_computer_appended():
    game = Game(("Ada", "Bob"), seed=1)
    assert [s.name for s in game.seats] == ["Ada", "Bob", None]
    assert [s.computer for s in game.seats] == [False, False, True]
    assert Game(players=("Ada", "Bob"), computer=True, seed=1) == game
    assert len(Game(3, seed=1).seats) == 4 and len(Game(players=3, seed=1).seats) == 4
    assert [str(s.label) for s in Game(2, computer=False, seed=1).seats] == [
        "Player 1",
        "Player 2",
    ]
    alone = Game(players=0, seed=1)
    assert [s.computer for s in alone.seats] == [True]


def test_the_computer_seat_by_index():
    game = Game(players=("Ada", "Bob", "Cy"), computer=[1], seed=1)
    assert [s.computer for s in game.seats] == [False, True, False]
    assert str(game.seats[1].label) == "Bob" and game.lineup.msgid == "Humans + 1 AI"
    unnamed = Game(players=2, computer=[0], seed=1)
    assert [str(s.label) for s in unnamed.seats] == ["AI", "Player 2"]
    assert Game(players=("Ada",), computer=[], seed=1).lineup.msgid == "Humans only"
    assert Game(players=("Ada",), computer=False, seed=1).seats == (Seat(0, "Ada"),)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"players": ("Ada", "Bob"), "computer": [0, 1]}, "one computer"),
        ({"players": ("Ada", "Bob"), "computer": [2]}, "no seat 2"),
        ({"players": ("Ada", "Bob"), "computer": [True]}, "seat number"),
        ({"players": ("Ada", "Bob"), "computer": "0"}, "'0'"),
        ({"players": "Ada"}, "names"),
        ({"players": ("Ada", 3)}, "name"),
        ({"players": -1}, "From 0 to 6"),
        ({"players": 10**5000}, "digits"),
        ({"players": ("A", "B", "C", "D", "E", "F", "G")}, "From 0 to 6"),
        ({"players": ("Ada",), "humans": 1}, "humans=, not both"),
    ],
)
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_bad_line_ups_are_refused(kwargs, says):
    with pytest.raises(IllegalMove, match=says):
        Game(**kwargs)


def test_the_old_keywords_still_work_with_a_warning():
    with pytest.warns(DeprecationWarning, match="players="):
        old = Game(humans=2, computer=True, names=["Ada", "Bob"], seed=1)
    assert old == Game(("Ada", "Bob"), seed=1)
    with pytest.warns(DeprecationWarning, match="players="):
        assert Game(humans=2, seed=1) == Game(2, seed=1)


def test_takeback_depth_reaches_back_to_the_last_human_move():
    game = Game(("Ada",), seed=21)
    assert game.takeback_depth() == 0
    game.roll()
    assert game.takeback_depth() == 1
    while game.current_player == 0:
        game.push(game.computer_move())
    human_moves = len(game.events)
    assert game.takeback_depth() == 1
    game.play_computer_turn()
    assert game.takeback_depth() == len(game.events) - human_moves + 1
    for _ in range(game.takeback_depth()):
        game.pop()
    assert len(game.events) == human_moves - 1
    assert Game(players=0, seed=3, target=5000).play_out().takeback_depth() == 0


def test_the_computer_step_is_refused_on_a_human_turn_and_changes_nothing():
    game = Game(("Ada",), seed=11)
    for step in (Game.computer_step, Game.play_computer_step, Game.play_computer_turn):
        assert "not the computer's" in str(assert_unchanged(game, step))
    humans_only = Game(("Ada", "Bob"), computer=False, seed=11)
    with pytest.raises(IllegalMove, match="not the computer's"):
        humans_only.play_computer_step()


@pytest.mark.parametrize("name", ["AI", "Turn lost!", "Player {n}", "Hot dice!"])
def test_names_are_shown_as_given_in_every_language(name):
    from dicelab.i18n import use_language

    game = Game((name, "Bob"), seed=1)
    for lang in ("en", "fr", "bg"):
        with use_language(lang):
            assert str(game.seats[0].label) == name


def test_the_computer_player_is_checked_when_replaced():
    game = Game(seed=1)
    with pytest.raises(IllegalMove, match="ComputerPlayer"):
        game.computer_player = "easy"
    game.computer_player = ComputerPlayer(base=400)
    assert game.computer_player.base == 400
