"""Duplicate dice in Penta: a round's dice depend only on the seed, the round and the roll."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab.dice import SeededDice
from dicelab.penta.game import Game
from tests.helpers import examples


def _play_to_round(game: Game, round_: int, rng: random.Random) -> None:
    """Random legal play until the first roll of ``round_`` is due."""
    while game.turn_number is not None and game.turn_number < round_:
        moves = game.legal_moves()
        game.push(rng.choice(moves))


@settings(max_examples=examples(25), deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    round_=st.integers(1, 13),
    a=st.integers(0, 10**6),
    b=st.integers(0, 10**6),
    hold=st.frozensets(st.integers(0, 4), max_size=4),
)
def test_a_round_s_dice_do_not_depend_on_the_earlier_rounds(seed, round_, a, b, hold):
    first, second = Game(seed=seed, duplicate=True), Game(seed=seed, duplicate=True)
    _play_to_round(first, round_, random.Random(a))
    _play_to_round(second, round_, random.Random(b))
    assert first.roll() == second.roll() == SeededDice(seed).faces("penta", round_, 1)[:5]
    for game in (first, second):  # the same dice held: the same rerolls
        game.hold(hold)
    assert first.roll() == second.roll()
    faces = iter(SeededDice(seed).faces("penta", round_, 2))
    assert all(first.dice[i] == next(faces) for i in range(5) if i not in hold)


def test_every_seat_gets_the_round_s_dice_and_ordinary_games_are_unchanged():
    game = Game(players=3, seed=11, duplicate=True)
    rolls = []
    for _ in range(3):
        rolls.append(game.roll())
        game.score(next(iter(game.options())))
    assert rolls[0] == rolls[1] == rolls[2]
    assert Game(seed=2026).roll() == (3, 3, 4, 6, 4)  # the ordinary draw as before


def test_the_save_records_the_mode_and_older_saves_load():
    game = Game(seed=5, duplicate=True)
    game.roll()
    game.hold([0])
    game.roll()
    data = game.to_dict()
    assert data["duplicate"] is True
    assert Game.from_dict(data) == game
    assert "duplicate" not in Game(seed=5).to_dict()
    plain = Game(seed=5)
    plain.roll()
    assert Game.from_json(plain.to_json()).duplicate is False
    data["duplicate"] = False
    try:
        Game.from_dict(data)
    except ValueError as error:
        assert "duplicate" in str(error)
    else:
        raise AssertionError("a 'duplicate': false field was read")


def test_duplicate_must_be_a_bool():
    import pytest

    from dicelab import IllegalMove

    with pytest.raises(IllegalMove):
        Game(seed=1, duplicate=1)


def test_the_review_replays_a_duplicate_game_with_its_dice():
    from dicelab.penta.review import _positions

    game = Game(seed=8, duplicate=True)
    game.roll()
    game.hold([0])
    game.roll()
    game.score("chance")
    assert [dice for _, _, _, _, dice, _, _ in _positions(game, None)] == [
        game.events[0].dice,
        game.events[2].dice,
    ]


def test_the_same_values_held_in_other_slots_get_the_same_rerolls():
    seed = next(s for s in range(1000) if len(set(Game(seed=s, duplicate=True).roll())) < 5)
    first, second = Game(seed=seed, duplicate=True), Game(seed=seed, duplicate=True)
    dice = first.roll()
    second.roll()
    value = next(v for v in dice if dice.count(v) > 1)
    slots = [i for i, v in enumerate(dice) if v == value]
    first.hold([slots[0]])
    second.hold([slots[-1]])
    one, two = first.roll(), second.roll()
    assert sorted(one) == sorted(two)
    assert [v for i, v in enumerate(one) if i != slots[0]] == [
        v for i, v in enumerate(two) if i != slots[-1]
    ]
