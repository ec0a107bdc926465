"""Properties over random games with random legal (and illegal) moves.

Checked against the event log by code that does not use the engine's bookkeeping:
turn points are the sum of the set-asides; totals never decrease and are the sum of
the banks; illegal actions raise and change nothing; the last round is exactly one
turn for every other seat; save/load and the notation round-trip.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.farkle import Bank, Game, Roll, Rules, SetAside, parse, set_aside_options
from tests.helpers import examples

RULES = [Rules(), Rules.preset("minimal"), Rules.preset("playmonster")]


def random_action(rng, game):
    """Any action at all, legal or not."""
    roll_len = len(game.turn.last_roll)
    choices = [
        lambda: game.roll(),
        lambda: game.bank(),
        lambda: game.set_aside_positions(rng.sample(range(7), rng.randint(0, 3))),
        lambda: game.set_aside([rng.randint(1, 6) for _ in range(rng.randint(0, 3))]),
        lambda: game.set_aside_positions(rng.sample(range(max(roll_len, 1)), 1)),
        lambda: game.push(SetAside(tuple(range(roll_len or 1)))),
    ]
    return rng.choice(choices)


def check_last_round(game):
    """The first seat to bank the target starts the last round; each other seat then
    plays exactly one turn, in seat order, and the game stops."""
    n, target = len(game.seats), game.target
    totals = [0] * n
    ends = []  # (event index, seat) of every turn's end
    trigger = None
    for i, event in enumerate(game.events):
        if isinstance(event.move, Bank):
            totals[event.seat] += event.points
            ends.append((i, event.seat))
            if trigger is None and totals[event.seat] >= target:
                trigger = (i, event.seat)
        elif isinstance(event.move, Roll) and not set_aside_options(event.dice, game.rules):
            ends.append((i, event.seat))
    assert tuple(totals) == game.totals
    assert trigger is not None and game.is_over
    index, seat = trigger
    after = [s for i, s in ends if i > index]
    assert after == [(seat + k) % n for k in range(1, n)]
    assert ends[-1][0] == len(game.events) - 1
    best = max(totals)
    assert game.winners == tuple(s for s in range(n) if totals[s] == best)


@given(
    seed=st.integers(0, 2**40),
    humans=st.integers(0, 6),
    computer=st.booleans(),
    rules=st.sampled_from(RULES),
    choices=st.integers(0, 2**32),
)
@settings(max_examples=examples(30), deadline=None)
def test_random_games_keep_every_rule(seed, humans, computer, rules, choices):
    chooser = random.Random(choices)
    if humans == 0:
        computer = True
    game = Game(humans, computer, seed=seed, target=5000, rules=rules)
    previous_totals = game.totals
    turn_sum = 0
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 20000
        if chooser.random() < 0.3:  # an arbitrary action: legal or refused whole
            situation, events, legal = game.situation, game.events, game.legal_moves()
            try:
                event = random_action(chooser, game)()
            except IllegalMove:
                assert game.situation == situation and game.events == events
                assert game.legal_moves() == legal
                continue
        else:
            moves = game.legal_moves()
            # lean towards banking so that random games end in reasonable time
            banks = [m for m in moves if isinstance(m, Bank)]
            move = banks[0] if banks and chooser.random() < 0.5 else chooser.choice(moves)
            event = game.push(move)
        if isinstance(event.move, SetAside):
            turn_sum += event.points
        if event.ends_turn:
            if isinstance(event.move, Bank):
                assert event.points == turn_sum
            turn_sum = 0
        elif not game.is_over:
            assert game.turn.points == turn_sum
        assert all(now >= before for now, before in zip(game.totals, previous_totals, strict=True))
        previous_totals = game.totals
    check_last_round(game)
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.situation == game.situation
    assert parse(str(game.situation), rules) == game.situation


@given(seed=st.integers(0, 2**40), humans=st.integers(0, 6), target=st.sampled_from([5000, 10000]))
@settings(max_examples=examples(20), deadline=None)
def test_computer_games_always_end_with_the_last_round_respected(seed, humans, target):
    game = Game(humans, seed=seed, target=target).play_out(max_moves=20000)
    check_last_round(game)


@given(seed=st.integers(0, 2**40), cut=st.integers(0, 200))
@settings(max_examples=examples(25), deadline=None)
def test_popping_back_and_replaying_gives_the_same_game(seed, cut):
    game = Game(players=2, seed=seed, target=5000).play_out()
    moves = list(game.moves)
    cut = min(cut, len(moves))
    for _ in range(cut):
        game.pop()
    assert list(game.moves) == moves[: len(moves) - cut]
    assert game.situation == game.situations()[-1]
    for move in moves[len(moves) - cut :]:
        game.push(move)
    again = Game(players=2, seed=seed, target=5000).play_out()
    assert game == again and game.events == again.events
