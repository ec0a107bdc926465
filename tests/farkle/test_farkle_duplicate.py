"""Duplicate dice in Farkle: a seat's turn t, roll j shows the same dice for everyone."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.dice import SeededDice
from dicelab.farkle import Game
from dicelab.farkle.moves import Roll
from tests.helpers import examples


def _play_to_turn(game: Game, turn: int, rng: random.Random) -> None:
    """Random legal play until seat 0's turn ``turn`` begins (its first roll due)."""
    started = 1
    while started < turn and not game.is_over:
        event = game.push(rng.choice(game.legal_moves()))
        if event.ends_turn:
            started += 1


@settings(max_examples=examples(25), deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    turn=st.integers(1, 8),
    a=st.integers(0, 10**6),
    b=st.integers(0, 10**6),
)
def test_a_turn_s_dice_do_not_depend_on_the_earlier_turns(seed, turn, a, b):
    first = Game(("Ada",), computer=False, seed=seed, duplicate=True)
    second = Game(("Bea",), computer=False, seed=seed, duplicate=True)
    _play_to_turn(first, turn, random.Random(a))
    _play_to_turn(second, turn, random.Random(b))
    if first.is_over or second.is_over:
        return
    one, two = first.roll(), second.roll()
    assert one.dice == two.dice == SeededDice(seed).faces("farkle", turn, 1)
    if one.turn_lost:
        return
    # the same dice set aside: the same reroll (roll 2 of the turn, first dice in play)
    move = next(m for m in first.legal_moves() if not isinstance(m, Roll))
    first.push(move)
    second.push(move)
    if Roll() in first.legal_moves():
        k = first.turn.dice_in_play
        assert first.roll().dice == second.roll().dice
        assert first.last_roll == SeededDice(seed).faces("farkle", turn, 2)[:k]


def test_the_save_records_the_mode():
    game = Game(("Ada",), seed=3, duplicate=True)
    game.roll()
    assert game.to_dict()["duplicate"] is True
    assert Game.from_json(game.to_json()) == game
    assert "duplicate" not in Game(("Ada",), seed=3).to_dict()
    assert Game.from_json(Game(("Ada",), seed=3).to_json()).duplicate is False
    with pytest.raises(IllegalMove):
        Game(("Ada",), seed=3, duplicate="yes")
