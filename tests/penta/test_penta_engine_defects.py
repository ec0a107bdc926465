"""Mended defects of the Penta engine (issue 11, section 1), each pinned by a test.

* the computer plays only a computer seat's turn (an old timer cannot roll for a human);
* numbers too large to print, or to convert, are refused cleanly (seeds, positions,
  saves, the notation);
* NumPy 0-d arrays are accepted as the integer they hold, bools are refused;
* a situation under custom (non-preset) rules reads back from its notation.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.dice import SeededDice
from dicelab.penta import Game, Rules, Scorecard, Situation, parse
from dicelab.penta.game import Hold, Seat
from tests.helpers import examples

HUGE = 10**5000  # beyond Python's 4,300-digit limit for int <-> str


def refused(game: Game, action) -> str:
    """``action(game)`` raises a printable IllegalMove and leaves the game as it was."""
    before, saved = copy.deepcopy(game), game.to_json()
    with pytest.raises(IllegalMove) as error:
        action(game)
    assert game == before and game.to_json() == saved
    return str(error.value)


# -- (1) the computer plays only its own seats ------------------------------------------------


def test_the_computer_does_not_play_a_human_seat():
    game = Game(players=("Ada", "Cpu"), computer=[1], seed=3)
    for step in (lambda g: g.play_computer_step(), lambda g: g.play_computer_step("greedy")):
        assert refused(game, step) == "It is Ada's turn, not the computer's."
    assert (
        refused(game, lambda g: g.play_computer_turn()) == "It is Ada's turn, not the computer's."
    )
    game.roll()
    game.score(next(iter(game.options())))
    assert game.play_computer_step() == game.events[-1]  # the computer's own seat: it plays
    game.play_computer_turn()
    assert game.current_seat == 0
    assert "Ada" in refused(game, lambda g: g.play_computer_step())


def test_an_old_timer_after_an_undo_cannot_roll_for_the_human():
    game = Game(players=("Ada", "Cpu"), computer=[1], seed=8)
    game.roll()
    game.score(next(iter(game.options())))
    game.play_computer_step()  # the computer's first roll; then Ada takes her move back
    for _ in range(game.takeback_depth()):
        game.pop()
    assert game.current_seat == 0 and game.dice is not None
    refused(game, lambda g: g.play_computer_step())


def test_the_computer_choice_stays_on_offer_as_a_hint_for_a_human():
    game = Game(players=("Ada",), seed=3)
    assert game.computer_choice() == ()
    game.roll()
    assert game.computer_choice("heuristic") in game.situation.actions()


# -- takeback_depth ----------------------------------------------------------------------------


def test_takeback_depth_takes_back_the_last_human_move_and_the_computer_moves_after_it():
    game = Game(players=("Ada", "Cpu", "Bob"), computer=[1], seed=5)
    assert game.takeback_depth() == 0
    game.roll()
    assert game.takeback_depth() == 1
    game.hold([0])
    assert game.takeback_depth() == 1
    game.score(next(iter(game.options())))
    computer = game.play_computer_turns()
    assert game.takeback_depth() == 1 + len(computer)
    before = game.events[: -1 - len(computer)]
    for _ in range(game.takeback_depth()):
        game.pop()
    assert game.events == before and game.current_seat == 0
    assert game.takeback_depth() == 1  # now her hold


def test_takeback_depth_is_zero_with_only_computers():
    game = Game(players=2, computer=[0, 1], seed=2)
    game.play_computer_turns()  # plays the whole game
    assert game.is_over and game.takeback_depth() == 0


# -- (3) numbers too large to print -----------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [10**28, 10**30, -(10**30), HUGE, -HUGE],
    ids=["1e28", "1e30", "-1e30", "huge", "-huge"],
)
def test_huge_positions_are_refused_with_a_clean_message(value):
    game = Game(seed=1)
    game.roll()
    for action in (
        lambda g: g.hold(value),
        lambda g: g.hold([value]),
        lambda g: g.toggle(value),
        lambda g: g.push(Hold((value,))),
    ):
        message = refused(game, action)
        assert "digits" in message or str(value) in message
        assert len(message) < 200


@pytest.mark.parametrize(
    "seed",
    [HUGE, -HUGE, 2**64, -1, 10**30, 1.0, True, "7", np.array([1])],
    ids=["huge", "-huge", "2**64", "-1", "1e30", "float", "bool", "text", "array"],
)
def test_bad_seeds_are_refused_at_the_door(seed):
    with pytest.raises(IllegalMove) as error:
        Game(seed=seed)
    assert "seed" in str(error.value) and len(str(error.value)) < 200
    with pytest.raises(IllegalMove):
        SeededDice(seed)


def test_seeds_up_to_the_bound_play():
    assert Game(seed=2**64 - 1).roll()
    assert Game(seed=np.uint64(5)).seed == 5
    assert Game(seed=np.array(6)).seed == 6


def test_a_save_with_a_number_too_long_to_read_is_refused():
    game = Game(seed=4)
    game.roll()
    text = game.to_json()
    long_number = "9" * 5000
    for bad in (
        text.replace('"seed": 4', f'"seed": {long_number}'),
        text.replace('"events": [', f'"events": [["hold", [{long_number}]], '),
        text.replace('"version": 1', f'"version": {long_number}'),
    ):
        with pytest.raises(IllegalMove, match="not a saved game"):
            Game.from_json(bad)
    huge_seed = text.replace('"seed": 4', f'"seed": {10**30}')
    with pytest.raises(IllegalMove, match="seed"):
        Game.from_json(huge_seed)


def test_a_save_given_as_data_with_huge_numbers_is_refused_cleanly():
    data = json.loads(Game(seed=4).to_json())
    for key, value in (("seed", HUGE), ("version", HUGE), ("events", [["hold", [HUGE]]])):
        bad = {**data, key: value}
        with pytest.raises(IllegalMove) as error:
            Game.from_dict(bad)
        assert "not a saved game" in str(error.value) and len(str(error.value)) < 300
    events = [["roll", list(Game(seed=4).roll())], ["score", "chance", HUGE]]
    with pytest.raises(IllegalMove) as error:
        Game.from_dict({**data, "events": events})
    assert "digits" in str(error.value)


@pytest.mark.parametrize(
    "text",
    [
        "1s=" + "9" * 5000 + " | dice - | 3 rolls left",
        "5k=50 +" + "1" * 5000 + " | dice - | 3 rolls left",
        "- | dice - | " + "3" * 5000 + " rolls left",
        "ch=" + "0" * 21 + " | dice - | 3 rolls left",
    ],
    ids=["box", "bonus", "rolls", "21-digits"],
)
def test_the_notation_refuses_numbers_too_long(text):
    with pytest.raises(IllegalMove, match="Cannot read the situation") as error:
        parse(text)
    assert len(str(error.value)) < 200


def test_the_notation_reads_ordinary_numbers_still():
    assert parse("ch=022 | dice - | 3 rolls left").card.filled == {"chance": 22}


# -- (6) NumPy 0-d arrays, bools ----------------------------------------------------------------


def test_0d_arrays_are_the_integer_they_hold():
    game = Game(players=("Ada", "Cpu"), computer=[np.array(1)], seed=1)
    assert game.seats[1].is_computer
    game.roll()
    assert game.toggle(np.array(2)) == {2}
    assert game.hold([np.array(0), np.int64(4)]) == {0, 4}
    assert game.hold(np.array([1, 3])) == {1, 3}
    assert Game(players=np.array(2)).seats == (Seat("Player 1"), Seat("Player 2"))


@pytest.mark.parametrize(
    "action",
    [
        lambda g: g.hold(np.array(2)),  # a 0-d array is one number, not a list of positions
        lambda g: g.hold({0: "held"}),
        lambda g: g.hold([True]),
        lambda g: g.toggle(False),
        lambda g: g.toggle(np.bool_(True)),
        lambda g: g.toggle(np.array(2.0)),
        lambda g: g.toggle(np.array([2])),
    ],
)
def test_what_is_not_a_position_is_refused(action):
    game = Game(seed=1)
    game.roll()
    refused(game, action)


def test_bools_are_not_seat_numbers_or_counts():
    for players, computer in ((True, ()), (("a", "b"), [True]), (("a",), [np.bool_(False)])):
        with pytest.raises(IllegalMove):
            Game(players=players, computer=computer)


# -- (5) custom rules in the notation ---------------------------------------------------------

custom_rules = st.builds(
    Rules,
    st.text(max_size=12),
    st.sampled_from(["forced-50", "forced-any", "free", "none"]),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=examples(150), deadline=None)
@given(custom_rules, st.booleans())
def test_a_situation_under_any_rules_reads_back(rules, with_dice):
    card = Scorecard(rules).score("chance", (1, 2, 3, 4, 6))
    situation = Situation(card, (6, 6, 1, 2, 3), 1) if with_dice else Situation(card)
    text = str(situation)
    assert "\n" not in text and text.count("|") in (2, 3)
    again = parse(text)
    assert again == situation and again.rules == rules


def test_custom_rules_are_written_with_their_fields():
    situation = Situation(Scorecard(Rules("classe 2B", "none", False, True)))
    assert str(situation) == (
        "- | dice - | 3 rolls left | rules classe%202B joker=none penta_bonus=off upper_bonus=on"
    )
    official = Situation(Scorecard(Rules.preset("official")))
    assert str(official).endswith("| rules official")
    renamed = Situation(Scorecard(Rules("official", "none")))  # a preset's name, other rules
    assert parse(str(renamed)).rules == Rules("official", "none")
    for name in ("", '""', "a|b", "50%", "x=y", "tab\there", "\ud800", "é", "rules"):
        odd = Situation(Scorecard(Rules(name, "free")))
        assert parse(str(odd)) == odd, name


@pytest.mark.parametrize(
    "rules, problem",
    [
        ("rules mine", "expected one rule preset"),
        ("rules mine joker=free", "expected one rule preset"),
        ("rules mine joker=wild penta_bonus=on upper_bonus=on", "joker rule is one of"),
        ("rules mine joker=free penta_bonus=yes upper_bonus=on", "on or off"),
        ("rules mine upper_bonus=on penta_bonus=on joker=free", "joker="),
    ],
)
def test_bad_custom_rules_are_refused(rules, problem):
    with pytest.raises(IllegalMove, match=problem):
        parse(f"- | dice - | 3 rolls left | {rules}")


def test_huge_values_elsewhere_in_the_engine_are_refused_printably():
    from dicelab.dice import check_dice, outcomes
    from dicelab.penta import Solver, players
    from dicelab.penta.rules import BOXES

    card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
    solver = Solver()
    for action in (
        lambda: check_dice([[HUGE]]),
        lambda: check_dice([HUGE]),
        lambda: outcomes(HUGE),
        lambda: solver.option_values(card, (1, 2, 3, 4, 6), HUGE),
        lambda: solver.option_values(HUGE, (1, 2, 3, 4, 6), 0),
        lambda: solver.regret(card, (1, 2, 3, 4, 6), 0, (HUGE,)),
        lambda: players.get(HUGE),
        lambda: players.register(HUGE, players.GreedyPlayer),
        lambda: parse(HUGE),
        lambda: Situation(rolls_left=HUGE),
    ):
        with pytest.raises(IllegalMove) as error:
            action()
        assert len(str(error.value)) < 300
    assert solver.option_values(card, (1, 2, 3, 4, 6), np.array(0)) == {"chance": 16.0}
