"""Computer players: the shared interface, legal and sensible choices, the registry."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.penta import Game, Scorecard, Situation, parse, players
from dicelab.penta.players import GreedyPlayer, HeuristicPlayer, keep_positions
from dicelab.penta.rules import BOXES
from dicelab.penta.scorecard import possible_points
from tests.helpers import examples

PRESETS = ("penta", "official", "free-joker", "no-joker", "no-bonus")


@st.composite
def live_situations(draw):
    rules = draw(st.sampled_from(PRESETS))
    boxes = draw(st.lists(st.sampled_from(BOXES), unique=True, max_size=12))
    filled = {box: draw(st.sampled_from(sorted(possible_points(box)))) for box in boxes}
    card = Scorecard.from_filled(filled, 0, rules)
    dice = draw(
        st.one_of(
            st.lists(st.integers(1, 6), min_size=5, max_size=5),
            st.integers(1, 6).map(lambda f: [f] * 5),
        )
    )
    return Situation(card, dice, draw(st.integers(0, 2)))


@settings(max_examples=examples(40), deadline=None)
@given(live_situations(), st.sampled_from(["heuristic", "greedy"]))
def test_choices_are_legal_actions(situation, name):
    action = players.get(name).choose(situation)
    assert action in situation.actions()
    if situation.rolls_left == 0:
        assert isinstance(action, str)


def test_before_the_first_roll_the_choice_is_to_roll_everything():
    for name in ("heuristic", "greedy"):
        assert players.get(name).choose(Situation()) == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- | dice 2 2 5 5 5 | 0 rolls left", "full_house"),
        ("- | dice 6 6 6 6 6 | 2 rolls left", "penta"),
        ("- | dice 1 2 3 4 5 | 1 roll left", "large_straight"),
        ("- | dice 2 3 4 5 6 | 0 rolls left", "large_straight"),
        ("- | dice 1 3 6 6 6 | 2 rolls left", (6, 6, 6)),
        ("- | dice 1 3 5 5 5 | 1 roll left", (5, 5, 5)),
        # the forced joker leaves one box
        ("5k=50 | dice 3 3 3 3 3 | 0 rolls left", "threes"),
    ],
)
def test_heuristic_plays_the_obvious_moves(text, expected):
    assert HeuristicPlayer().choose(parse(text)) == expected


def test_heuristic_sacrifices_a_cheap_box_when_nothing_scores():
    situation = parse("3s=9 4s=12 6s=18 ch=22 ss=30 3k=20 | dice 1 1 3 4 6 | 0 rolls left")
    assert situation.card.must_sacrifice(situation.dice) is False  # aces still scores 2
    choice = HeuristicPlayer().choose(situation)
    assert choice in situation.options()
    nothing = parse("1s=2 3s=9 4s=12 6s=18 ch=22 ss=30 3k=20 | dice 1 1 3 4 6 | 0 rolls left")
    assert nothing.card.must_sacrifice(nothing.dice)
    # A zero costs least in a box worth little: never the large straight or Penta here.
    assert HeuristicPlayer().choose(nothing) not in ("large_straight", "penta")


def solitaire_mean(name: str, games: int) -> float:
    totals = []
    for seed in range(games):
        game = Game(players=("Cpu",), computer=[0], seed=seed)
        player = name
        while not game.is_over:
            game.play_computer_turn(player)
        totals.append(game.cards[0].total)
    return statistics.mean(totals)


@pytest.mark.slow  # 40 whole games (about 2 s): make test; the fast loop has the player's rules
@pytest.mark.tables
def test_heuristic_plays_well_and_uses_many_boxes():
    # 20 seeded games: the heuristic beats the greedy baseline by a wide margin.
    heuristic = solitaire_mean("heuristic", 20)
    greedy = solitaire_mean("greedy", 20)
    assert heuristic > 190
    assert heuristic > greedy + 60
    first_boxes = set()
    for seed in range(20):
        game = Game(computer=[0], seed=seed)
        first_boxes.add(game.play_computer_turn()[-1].box)
    assert len(first_boxes) >= 5  # the first turn's box depends on the dice


# -- keeps and positions ---------------------------------------------------------------------


def test_keep_positions():
    assert keep_positions((6, 1, 6, 3, 6), ()) == frozenset()
    assert keep_positions((6, 1, 6, 3, 6), (6, 6, 6)) == frozenset({0, 2, 4})
    assert keep_positions((6, 1, 6, 3, 6), (1, 6)) == frozenset({0, 1})
    assert keep_positions((6, 1, 6, 3, 6), (6,), held={2, 3}) == frozenset({2})
    for bad in ((5,), (6, 6, 6, 6), (1, 1), (0,), ("6",)):
        with pytest.raises(IllegalMove):
            keep_positions((6, 1, 6, 3, 6), bad)


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.integers(1, 6), min_size=5, max_size=5),
    st.sets(st.integers(0, 4)),
    st.sets(st.integers(0, 4)),
)
def test_keep_positions_show_the_keep_and_prefer_held_dice(dice, keep_at, held):
    keep = tuple(sorted(dice[i] for i in keep_at))
    positions = keep_positions(dice, keep, held)
    assert tuple(sorted(dice[i] for i in positions)) == keep
    # No die moves that could stay: a held die showing a kept value stays held, as far as
    # the keep needs that value.
    for value in set(keep):
        held_with_value = [i for i in held if dice[i] == value]
        chosen_held = [i for i in positions if i in held and dice[i] == value]
        assert len(chosen_held) == min(len(held_with_value), keep.count(value))


# -- the registry ----------------------------------------------------------------------------


def test_registry_by_name():
    assert isinstance(players.get("heuristic"), HeuristicPlayer)
    assert isinstance(players.get("greedy"), GreedyPlayer)
    assert players.get("heuristic") is players.get("heuristic")
    assert players.get().name == players.default_name()
    assert {"heuristic", "greedy"} <= set(players.names())
    for bad in ("grandmaster", 3, ""):
        with pytest.raises(IllegalMove):
            players.get(bad)


def test_register_and_default():
    class Chance:
        name = "chance-only"

        def choose(self, situation):
            if situation.dice is None:
                return ()
            return "chance" if "chance" in situation.options() else next(iter(situation.options()))

    old = players.default_name()
    players.register("chance-only", Chance)
    try:
        with pytest.raises(IllegalMove, match="exists"):
            players.register("chance-only", Chance)
        players.register("chance-only", Chance, replace=True)
        players.set_default("chance-only")
        game = Game(players=("Cpu",), computer=[0], seed=4)
        assert game.seats[0].player == "chance-only"
        game.play_computer_turn()
        assert "chance" in game.cards[0].filled
        with pytest.raises(IllegalMove):
            players.set_default("grandmaster")
        assert players.default_name() == "chance-only"
    finally:
        players.set_default(old)
        players._FACTORIES.pop("chance-only")
        players._INSTANCES.pop("chance-only", None)
    for bad in ("", 5):
        with pytest.raises(IllegalMove):
            players.register(bad, Chance)


def test_a_player_choosing_an_illegal_action_is_caught():
    class Cheater:
        name = "cheater"

        def choose(self, situation):
            return "penta" if situation.dice else ()

    players.register("cheater", Cheater)
    try:
        game = Game(computer={0: "cheater"}, seed=1)
        game.roll()
        game.score("penta")
        game.roll()
        before = game.to_json()
        with pytest.raises(IllegalMove, match="cheater"):
            game.play_computer_step("cheater")
        assert game.to_json() == before
    finally:
        players._FACTORIES.pop("cheater")
        players._INSTANCES.pop("cheater", None)
