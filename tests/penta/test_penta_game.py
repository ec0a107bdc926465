"""Penta games: turns, seats, the event log, undo, save/load, computer seats.

The dice a game should show are recomputed here from :class:`SeededDice` (roll index =
rolls so far in the game), and every illegal action is checked to leave the game
exactly as it was.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.dice import SeededDice
from dicelab.penta import Game, Scorecard, parse, players
from dicelab.penta.game import Seat
from dicelab.penta.moves import Hold, Roll, Score
from dicelab.penta.rules import BOXES, LOWER, UPPER
from tests.helpers import assert_unchanged, examples, snapshot

PRESETS = ("penta", "official", "free-joker", "no-joker", "no-bonus")


def play_randomly(game: Game, rnd, max_moves: int = 10_000) -> None:
    for _ in range(max_moves):
        if game.is_over:
            return
        game.push(rnd.choice(game.legal_moves()))
    raise AssertionError("the game did not end")


def fast_score(game: Game) -> None:
    """Roll once and score the first open box: a quick way through a turn."""
    game.roll()
    game.score(next(iter(game.options())))


# -- a turn ----------------------------------------------------------------------------------


def test_first_roll_comes_from_the_seed_and_held_dice_stay():
    game = Game(seed=42)
    dice = SeededDice(42)
    assert game.dice is None and game.rolls_left == 3 and game.held == frozenset()
    assert game.roll() == dice.roll(5, 0)
    first = game.dice
    game.hold([1, 3])
    second = game.roll()
    fresh = iter(dice.roll(3, 1))
    assert second == tuple(first[i] if i in (1, 3) else next(fresh) for i in range(5))
    assert game.held == frozenset({1, 3})  # holds survive a roll
    assert game.rolls_left == 1
    game.hold([])
    third = game.roll()
    assert third == dice.roll(5, 2)
    assert game.rolls_left == 0


def test_roll_index_counts_every_roll_of_the_game_across_seats():
    game = Game(players=("A", "B"), seed=11)
    game.roll()
    game.roll()
    game.score("chance")
    assert game.current_seat == 1
    assert game.roll() == SeededDice(11).roll(5, 2)


def test_undo_and_roll_again_gives_the_same_dice():
    game = Game(seed=3)
    game.roll()
    game.hold([0, 4])
    dice = game.roll()
    assert game.pop() == Roll(dice)
    assert game.roll() == dice


def test_score_after_any_roll_and_the_turn_passes():
    game = Game(players=("Ada", "Bob", "Cy"), seed=8)
    for seat in range(3):
        assert game.current_seat == seat
        dice = game.roll()
        points = game.score("chance")
        assert points == sum(dice)
        assert game.cards[seat].filled == {"chance": sum(dice)}
        assert game.dice is None and game.rolls_left == 3 and game.held == frozenset()
    assert game.current_seat == 0
    assert game.turn_number == 2


def test_penta_bonus_in_the_points_returned():
    # Find a seed whose first two rolls, re-rolling everything, include five equal dice.
    for seed in itertools.count():
        rolls = [SeededDice(seed).roll(5, i) for i in range(3)]
        if any(len(set(r)) == 1 for r in rolls):
            break
    game = Game(seed=seed)
    while len(set(game.roll())) != 1:
        pass
    assert game.score("penta") == 50
    assert game.cards[0].total == 50


def test_toggle_and_hold_by_positions():
    game = Game(seed=4)
    game.roll()
    assert game.toggle(0) == frozenset({0})
    assert game.toggle(3) == frozenset({0, 3})
    assert game.toggle(0) == frozenset({3})
    events = len(game.events)
    assert game.hold([3]) == frozenset({3})  # no change: nothing logged
    assert len(game.events) == events
    assert game.hold((4, 2)) == frozenset({2, 4})
    assert game.events[-1] == Hold((2, 4))


# -- illegal actions leave the game exactly as it was -----------------------------------------


def test_fourth_roll():
    game = Game(seed=1)
    for _ in range(3):
        game.roll()
    error = assert_unchanged(game, lambda g: g.roll())
    assert "No rolls left" in str(error) and "Chance" in str(error)


def test_hold_before_a_roll_and_positions_not_on_the_table():
    game = Game(seed=1)
    assert_unchanged(game, lambda g: g.hold([0]))
    assert_unchanged(game, lambda g: g.toggle(0))
    game.roll()
    for bad in ([5], [-1], [0, 0], [1.0], [True], ["0"], "01", None, 3, [None]):
        assert_unchanged(game, lambda g, bad=bad: g.hold(bad))
    for bad in (5, -1, 1.5, True, "1", None):
        assert_unchanged(game, lambda g, bad=bad: g.toggle(bad))
    error = assert_unchanged(game, lambda g: g.hold([7]))
    assert "0 to 4" in str(error)


def test_hold_after_the_third_roll_and_roll_with_all_held():
    game = Game(seed=1)
    game.roll()
    game.hold(range(5))
    assert_unchanged(game, lambda g: g.roll())
    game.hold([])
    game.roll()
    game.roll()
    assert_unchanged(game, lambda g: g.hold([1]))
    assert_unchanged(game, lambda g: g.push(Hold((1,))))


def test_score_before_rolling_filled_box_unknown_box():
    game = Game(seed=1)
    error = assert_unchanged(game, lambda g: g.score("chance"))
    assert "Roll first" in str(error)
    game.roll()
    game.score("chance")
    game.roll()
    error = assert_unchanged(game, lambda g: g.score("chance"))
    assert "already filled" in str(error)
    for bad in ("yahtzee", "Chance", 3, None, ("chance",)):
        assert_unchanged(game, lambda g, bad=bad: g.score(bad))


def penta_then_five_equal() -> Game:
    """A game whose first turn scores 50 in Penta and whose second shows five equal dice."""
    for seed in range(1_000_000):
        if len(set(SeededDice(seed).roll(5, 0))) != 1:
            continue
        game = Game(seed=seed)
        game.roll()
        game.score("penta")
        for _ in range(3):
            dice = game.roll()
            if len(set(dice)) == 1:
                return game
            if game.rolls_left:
                face = max(set(dice), key=dice.count)
                game.hold([i for i, d in enumerate(dice) if d == face])
    raise AssertionError("no such seed")


def test_a_box_the_forced_joker_forbids():
    game = penta_then_five_equal()
    face = game.dice[0]
    own = UPPER[face - 1]
    assert game.options() == {own: 5 * face + 100}
    error = assert_unchanged(game, lambda g: g.score("chance"))
    assert "must go in" in str(error)
    assert game.score(own) == 5 * face + 100
    assert game.cards[0].penta_bonus == 100


def test_pushing_things_that_are_not_moves_or_wrong_outcomes():
    game = Game(seed=2)
    for bad in ("roll", None, 3, ("score", "chance")):
        assert_unchanged(game, lambda g, bad=bad: g.push(bad))
    true_dice = SeededDice(2).roll(5, 0)
    wrong = tuple(d % 6 + 1 for d in true_dice)
    assert_unchanged(game, lambda g: g.push(Roll(wrong)))
    assert_unchanged(game, lambda g: g.push(Roll((1, 2, 3))))
    game.push(Roll(true_dice))
    points = game.options()["chance"]
    assert_unchanged(game, lambda g: g.push(Score("chance", points + 1)))
    assert game.push(Score("chance", points)) == Score("chance", points)


def test_nothing_to_undo():
    assert_unchanged(Game(seed=1), lambda g: g.pop())


def test_acting_after_the_end():
    game = Game(players=("Ada", "Bob"), seed=5)
    while not game.is_over:
        fast_score(game)
    assert game.current_seat is None and game.turn_number is None and game.situation is None
    assert game.legal_moves() == []
    for action in (
        lambda g: g.roll(),
        lambda g: g.hold([0]),
        lambda g: g.toggle(1),
        lambda g: g.score("chance"),
        lambda g: g.push(Roll()),
        lambda g: g.computer_choice(),
        lambda g: g.play_computer_step(),
    ):
        error = assert_unchanged(game, action)
        assert "over" in str(error)


# -- seats, winners --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 6])
def test_one_to_six_seats_play_thirteen_turns_each(n):
    game = Game(players=[f"P{i}" for i in range(n)], seed=n)
    turns = 0
    while not game.is_over:
        assert game.current_seat == turns % n
        assert game.turn_number == turns // n + 1
        fast_score(game)
        turns += 1
    assert turns == 13 * n
    assert all(card.is_complete for card in game.cards)
    totals = [card.total for card in game.cards]
    assert game.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))


@pytest.mark.parametrize(
    ("players", "computer"),
    [
        ((), ()),
        (tuple("ABCDEFG"), ()),
        ("Ada", ()),
        (("Ada", ""), ()),
        (("Ada", 3), ()),
        (("Ada",), (1,)),
        (("Ada",), (-1,)),
        (("Ada",), (True,)),
        (("Ada",), {0: "grandmaster"}),
        (("Ada",), "0"),
        ((Seat("Ada", "grandmaster"),), ()),
    ],
)
def test_bad_seats_are_refused(players, computer):
    with pytest.raises(IllegalMove):
        Game(players=players, computer=computer, seed=1)


def test_bad_rules_and_seed_are_refused():
    for rules in ("yahtzee", 5):
        with pytest.raises(IllegalMove):
            Game(rules=rules)
    for seed in (-1, 1.5, "7", True):
        with pytest.raises(IllegalMove):
            Game(seed=seed)


def test_unseeded_games_get_a_seed_and_replay():
    game = Game()
    assert isinstance(game.seed, int)
    game.roll()
    assert Game.from_json(game.to_json()) == game


def test_ties_share_the_win():
    # Each seat scores the first open box right after the first roll; search a tie.
    for seed in range(2000):
        game = Game(players=("Ada", "Bob"), seed=seed)
        while not game.is_over:
            fast_score(game)
        a, b = (card.total for card in game.cards)
        if a == b:
            assert game.winners == (0, 1)
            return
        assert game.winners == ((0,) if a > b else (1,))
    pytest.fail("no tie found")


def test_winners_empty_until_the_end():
    game = Game(players=("A", "B"), seed=1)
    fast_score(game)
    assert game.winners == ()


# -- computer players ------------------------------------------------------------------------


@pytest.mark.tables
def test_computer_seats_play_whole_turns():
    game = Game(players=("Ada", "Cpu", "Bot"), computer={1: "heuristic", 2: None}, seed=21)
    assert [seat.is_computer for seat in game.seats] == [False, True, True]
    assert game.seats[2].player == players.default_name() == "optimal"  # the default player
    fast_score(game)
    moves = game.play_computer_turns()
    assert [type(m) for m in moves].count(Score) == 2
    assert game.current_seat == 0
    while not game.is_over:
        fast_score(game)
        game.play_computer_turns()
    assert all(card.is_complete for card in game.cards)


@pytest.mark.tables
def test_computer_step_by_step_and_its_choice_after_the_last_roll_is_a_box():
    game = Game(players=("Cpu",), computer=[0], seed=9)
    assert game.computer_choice() == ()
    assert game.play_computer_step() == Roll(game.dice)
    while True:
        choice = game.computer_choice()
        if isinstance(choice, str):
            assert choice in game.options()
            break
        assert choice in game.situation.keeps()
        before = game.dice
        step = game.play_computer_step()
        if isinstance(step, Hold):
            held = sorted(before[i] for i in step.positions)
            assert tuple(held) == choice
            assert game.play_computer_step() == game.events[-1]
            assert isinstance(game.events[-1], Roll)
    game2 = Game(seed=9)
    for _ in range(3):
        game2.roll()
    assert game2.computer_choice() in game2.options()
    assert game2.computer_choice("greedy") in game2.options()
    with pytest.raises(IllegalMove):
        game2.computer_choice("grandmaster")


@pytest.mark.tables
def test_a_computer_turn_ends_with_a_score_and_at_most_three_rolls():
    game = Game(computer=[0], seed=13)
    for _ in range(13):
        moves = game.play_computer_turn()
        assert isinstance(moves[-1], Score)
        assert sum(isinstance(m, Roll) for m in moves) <= 3
    assert game.is_over


# -- the situation ---------------------------------------------------------------------------


def test_situation_matches_the_game():
    game = Game(players=("A", "B"), seed=6)
    fast_score(game)
    game.roll()
    game.hold([0])
    situation = game.situation
    assert situation.card == game.cards[1]
    assert situation.dice == tuple(sorted(game.dice))
    assert situation.rolls_left == game.rolls_left == 2
    assert parse(str(situation)) == situation
    assert situation.options() == game.options()


def test_explain_and_notice():
    game = Game(seed=1)
    assert game.explain() == {} and game.notice() is None and not game.must_sacrifice()
    game.roll()
    assert set(game.explain()) == set(BOXES)
    assert game.must_sacrifice() == game.cards[0].must_sacrifice(game.dice)


# -- save and load ---------------------------------------------------------------------------


def a_finished_game() -> Game:
    game = Game(players=("Ada", "Cpu"), computer=[1], rules="official", seed=77)
    while not game.is_over:
        game.roll()
        game.hold([0])
        game.roll()
        game.score(next(iter(game.options())))
        game.play_computer_turns()
    return game


@pytest.mark.tables
def test_save_and_load_a_finished_game():
    game = a_finished_game()
    again = Game.from_json(game.to_json(indent=2))
    assert again == game
    assert snapshot(again) == snapshot(game)
    assert Game.from_json(game.to_json().encode()) == game


def tampered(edit) -> str:
    game = Game(players=("Ada", "Bob"), seed=31)
    game.roll()
    game.hold([0, 2])
    game.roll()
    game.score("chance")
    game.roll()
    data = json.loads(game.to_json())
    edit(data)
    return json.dumps(data)


def _set(path, value):
    def edit(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '"game"',
        '{"format": "dicelab-penta-game", "format": "x"}',
        tampered(_set(["seed"], 32)),
        tampered(_set(["seed"], -1)),
        tampered(_set(["seed"], 31.0)),
        tampered(_set(["seed"], True)),
        tampered(_set(["format"], "chess")),
        tampered(_set(["version"], 2)),
        tampered(_set(["version"], True)),
        tampered(_set(["extra"], 1)),
        tampered(lambda d: d.pop("events")),
        tampered(lambda d: d.pop("rules")),
        tampered(_set(["rules", "joker"], "sometimes")),
        tampered(_set(["rules", "penta_bonus"], 1)),
        tampered(_set(["rules", "name"], None)),
        tampered(_set(["rules", "cheat"], True)),
        tampered(_set(["rules", "joker"], "none")),  # named penta, but not the penta rules
        tampered(_set(["seats"], [])),
        tampered(_set(["seats"], "Ada")),
        tampered(_set(["seats", 0, "name"], 5)),
        tampered(_set(["seats", 0, "name"], "")),
        tampered(_set(["seats", 0, "player"], "grandmaster")),
        tampered(_set(["seats", 0, "player"], 1)),
        tampered(_set(["seats", 0, "age"], 12)),
        tampered(_set(["events"], {})),
        tampered(_set(["events", 0], ["roll", [1, 2, 3, 4, 5]])),
        tampered(_set(["events", 0], ["roll", [1, 2, 3]])),
        tampered(_set(["events", 0], ["roll", [1, 2, 3, 4, 7, 1]])),
        tampered(_set(["events", 0], ["roll", "12345"])),
        tampered(_set(["events", 0], ["roll"])),
        tampered(_set(["events", 0], ["jump", 3])),
        tampered(_set(["events", 0], {"roll": [1, 2, 3, 4, 5]})),
        tampered(_set(["events", 0], [[1], 2])),
        tampered(_set(["events", 0], [None, 2])),
        tampered(_set(["events", 1], ["hold", [0, 9]])),
        tampered(_set(["events", 1], ["hold", [0, 0]])),
        tampered(_set(["events", 1], ["hold", [0.0]])),
        tampered(_set(["events", 1], ["hold", [True]])),
        tampered(_set(["events", 3, 2], 1000)),
        tampered(_set(["events", 3, 2], True)),
        tampered(_set(["events", 3, 2], None)),
        tampered(_set(["events", 3, 1], "yahtzee")),
        tampered(lambda d: d["events"].insert(0, ["score", "chance", 10])),
        tampered(lambda d: d["events"].insert(0, ["hold", [1]])),
        tampered(lambda d: d["events"].append(["roll", [1, 1, 1, 1, 1]])),
        tampered(lambda d: d["events"].extend([["roll", [1, 1, 1, 1, 1]]] * 3)),
        tampered(lambda d: d["events"].pop(0)),
        tampered(lambda d: d["events"].insert(4, ["score", "chance", 10])),
    ],
)
def test_tampered_saves_are_refused(text):
    with pytest.raises(IllegalMove, match="This is not a saved game"):
        Game.from_json(text)


def test_a_save_with_nan_or_non_text_is_refused():
    good = json.loads(tampered(lambda d: None))
    text = json.dumps(good).replace('"seed": 31', '"seed": NaN')
    with pytest.raises(IllegalMove, match="not a saved game"):
        Game.from_json(text)
    for bad in (None, 31, b"\xff\xfe"):
        with pytest.raises(IllegalMove, match="not a saved game"):
            Game.from_json(bad)


def test_score_with_the_points_of_another_box_is_refused():
    # A scoring whose box is legal but whose points belong to another box.
    game = Game(seed=31)
    game.roll()
    options = game.options()
    box, other = next(
        (b, o) for b, o in itertools.permutations(options, 2) if options[b] != options[o]
    )
    data = json.loads(game.to_json())
    data["events"].append(["score", box, options[other]])
    with pytest.raises(IllegalMove, match="scores"):
        Game.from_json(json.dumps(data))


def test_a_good_save_loads_after_the_tampering_helper():
    assert Game.from_json(tampered(lambda d: None)).events[-1] == Roll(
        Game.from_json(tampered(lambda d: None)).dice
    )


# -- properties ------------------------------------------------------------------------------

game_setup = st.tuples(
    st.integers(1, 3),  # seats
    st.sampled_from(PRESETS),
    st.integers(0, 2**32),  # seed
    st.randoms(use_true_random=False),
)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setup)
def test_random_legal_games_end_complete_and_round_trip(setup):
    n, rules, seed, rnd = setup
    game = Game(players=[f"P{i}" for i in range(n)], rules=rules, seed=seed)
    play_randomly(game, rnd)
    assert game.is_over
    assert game.winners
    for card in game.cards:
        assert len(card.filled) == 13
        upper = sum(card.filled[box] for box in UPPER)
        lower = sum(card.filled[box] for box in LOWER)
        bonus = 35 if upper >= 63 else 0
        assert card.total == upper + bonus + lower + card.penta_bonus
    # The log scores add up to each card's total (bonus points included).
    totals = [0] * n
    seat = 0
    for event in game.events:
        if isinstance(event, Score):
            totals[seat] += event.points
            seat = (seat + 1) % n
    assert [t + c.upper_bonus for t, c in zip(totals, game.cards, strict=True)] == [
        c.total for c in game.cards
    ]
    again = Game.from_json(game.to_json())
    assert again == game and again.cards == game.cards
    # Undo everything, and the fold starts over from empty cards.
    while game.events:
        game.pop()
    assert game.cards == tuple(Scorecard(rules) for _ in range(n))


candidate_moves = st.one_of(
    st.just(Roll()),
    st.lists(st.integers(-1, 5), max_size=6).map(lambda p: Hold(tuple(p))),
    st.sampled_from([*BOXES, "yahtzee"]).map(Score),
)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setup, st.lists(candidate_moves, min_size=1, max_size=8), st.integers(0, 120))
def test_every_move_is_pushed_iff_legal_and_illegal_ones_change_nothing(setup, tries, steps):
    n, rules, seed, rnd = setup
    game = Game(players=[f"P{i}" for i in range(n)], rules=rules, seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.push(rnd.choice(game.legal_moves()))
    again = Game.from_json(game.to_json())  # a game saved mid-turn loads back identical
    assert again == game and snapshot(again) == snapshot(game)
    if game.situation is not None:
        assert parse(str(game.situation)) == game.situation
    for move in tries:
        legal = game.legal_moves()

        def matches(candidate, move=move):
            if isinstance(move, Hold):
                return candidate == Hold(tuple(sorted(set(move.positions)))) and len(
                    set(move.positions)
                ) == len(move.positions)
            if isinstance(move, Score):
                return isinstance(candidate, Score) and candidate.box == move.box
            return candidate == move

        if any(matches(candidate) for candidate in legal):
            before = len(game.events)
            game.push(move)
            assert len(game.events) == before + 1
        else:
            assert_unchanged(game, lambda g, move=move: g.push(move))


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60))
def test_copies_are_independent(seed, steps):
    game = Game(players=("A", "B"), seed=seed)
    rnd = __import__("random").Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.push(rnd.choice(game.legal_moves()))
    twin = game.copy()
    assert twin == game
    if not game.is_over:
        twin.push(twin.legal_moves()[0])
        assert twin != game
