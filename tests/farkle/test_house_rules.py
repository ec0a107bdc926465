"""House rules about the game: how it ends and the entry minimum (issue 15).

The engine applies each rule in one place; saves and notation carry them; the win-chance
solver solves each, checked state by state against the optimality equations written from
``set_aside_options`` alone; the rules as written keep their cache keys and saves.
"""

from __future__ import annotations

import json

import pytest

from dicelab.dice import outcomes
from dicelab.errors import IllegalMove
from dicelab.farkle import Bank, Game, Rules, Situation, Turn, parse
from dicelab.farkle.rules import ENDS_AT_ONCE, LAST_ROUND
from dicelab.farkle.scoring import set_aside_options
from dicelab.farkle.simulate import simulate_games
from dicelab.farkle.winchance import cache_path, solve_win_chances

RACE = Rules.custom("race", end=ENDS_AT_ONCE)
ENTRY = Rules.custom("entry 500", entry=500)
BOTH = Rules.custom("race from 350", end=ENDS_AT_ONCE, entry=350)


# ------------------------------------------------------------------ the rules as values


def test_defaults_are_the_rules_as_written():
    assert Rules().end == LAST_ROUND and Rules().entry == 0
    assert Rules() == Rules.preset("standard")
    assert Rules().game_key == ""
    assert "end" not in Rules().to_dict() and "entry" not in Rules().to_dict()


def test_the_default_tables_keep_their_hash_and_cache_key():
    # the cached tables in ~/.cache/dicelab are named by this key: it must not move
    assert cache_path(Rules(), 10_000).name == "farkle-win-7eda454908358cd0-10000-v1.npz"
    assert cache_path(Rules(), 5_000).name == "farkle-win-7eda454908358cd0-5000-v1.npz"
    assert hash(Rules()) == _hash_before_the_game_rules(Rules())
    assert cache_path(RACE, 10_000).name == "farkle-win-7eda454908358cd0-at-once-10000-v1.npz"
    assert cache_path(ENTRY, 5_000).name == "farkle-win-7eda454908358cd0-entry500-5000-v1.npz"
    assert hash(RACE) != hash(Rules.custom("race"))


def _hash_before_the_game_rules(rules: Rules) -> int:
    """The hash as computed before the game rules existed (from the table's fields)."""
    import dataclasses
    import hashlib

    names = [f.name for f in dataclasses.fields(rules) if f.name not in ("end", "entry")]
    fields = repr(tuple(getattr(rules, name) for name in names))
    return int(hashlib.sha256(fields.encode()).hexdigest()[:15], 16)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"end": "sudden"}, "game end is last-round or at-once"),
        ({"end": None}, "game end"),
        ({"entry": -50}, "entry minimum is a whole number"),
        ({"entry": 5050}, "from 0 .none. to 5,000"),
        ({"entry": True}, "entry minimum"),
        ({"entry": 500.0}, "entry minimum"),
        ({"entry": "500"}, "entry minimum"),
    ],
)
def test_nonsense_game_rules_are_refused(changes, words):
    with pytest.raises(IllegalMove, match=words):
        Rules.custom("house", **changes)


def test_game_rules_round_trip_through_the_dict():
    for rules in (RACE, ENTRY, BOTH):
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    old = Rules().to_dict()  # a description from before the game rules: still read
    assert Rules.from_dict(old) == Rules()
    with pytest.raises(IllegalMove, match=r"extras \[, end\] \[, entry\]"):
        Rules.from_dict({**old, "ending": "at-once"})


# ------------------------------------------------------------------ the engine


def _bank_at_target(rules: Rules) -> Game:
    """Seat 0 at 4,800 banks 300 and reaches the 5,000 target."""
    situation = Situation((4800, 1000), 5000, 0, None, Turn(rules=rules))
    game = Game(["Ada", "Bo"], computer=False, seed=3, target=5000, rules=rules, start=situation)
    while True:  # roll until the turn holds 200 or more, then bank
        event = game.roll()
        if event.turn_lost:
            game.pop()
            raise AssertionError("seed chosen so that the first roll scores")
        best = max(game.turn.set_aside_options().items(), key=lambda item: item[1])[0]
        game.set_aside(best)
        if game.turn.points >= 200:
            return game


def test_the_game_ends_at_once_when_a_bank_reaches_the_target():
    game = _bank_at_target(RACE)
    event = game.bank()
    assert game.is_over and game.winners == (0,)
    assert game.current_player == 0 and game.legal_moves() == []
    assert [str(m) for m in event.messages] == ["Game over!"]
    with pytest.raises(IllegalMove, match="game is over"):
        game.roll()


def test_under_the_rules_as_written_the_others_get_a_last_round():
    game = _bank_at_target(Rules())
    event = game.bank()
    assert not game.is_over and game.last_round and game.current_player == 1
    assert [str(m) for m in event.messages] == ["Last round!"]


def test_a_bank_below_the_entry_minimum_is_refused_and_changes_nothing():
    game = Game(["Ada", "Bo"], computer=False, seed=11, target=5000, rules=ENTRY)
    game.roll()  # 6 3 3 4 3 2: three 3s make 300
    game.set_aside([3, 3, 3])
    before = (game.situation, game.events, game.to_json())
    assert Bank() not in game.legal_moves() and not game.is_legal(Bank())
    with pytest.raises(IllegalMove, match=r"at least 500 points, and this turn holds 300\. Roll"):
        game.bank()
    assert (game.situation, game.events, game.to_json()) == before


def test_once_on_the_board_any_bank_is_allowed():
    situation = Situation((500, 0), 5000, 0, None, Situation.start(2, 5000, ENTRY).turn)
    after = situation.roll([5, 2, 3, 4, 6, 6]).set_aside([5])
    assert after.may_bank() and after.bank().totals == (550, 0)


def test_the_computer_never_banks_below_the_entry_minimum():
    game = Game(0, seed=5, target=5000, rules=ENTRY)  # the computer alone
    game.play_out()
    banks = [e for e in game.events if isinstance(e.move, Bank)]
    assert banks and banks[0].points >= 500


def test_notation_refuses_what_the_game_rules_make_impossible():
    with pytest.raises(IllegalMove, match="first bank of at least 500"):
        parse("target 5000 | totals >0 450 | turn 0 | dice 6 | roll -", ENTRY)
    with pytest.raises(IllegalMove, match="ends as soon as"):
        parse("target 5000 | totals 5200! >900 | turn 0 | dice 6 | roll - | rules race", RACE)
    over = parse("target 5000 | totals >5200! 900 | turn 0 | dice 6 | roll - | rules race", RACE)
    assert over.is_over and over.winners == (0,)


def test_saves_carry_the_game_rules_and_older_saves_read_byte_identically():
    game = _bank_at_target(BOTH)
    game.bank()
    text = game.to_json()
    assert json.loads(text)["rules"]["end"] == "at-once"
    again = Game.from_json(text)
    assert again == game and again.rules == BOTH and again.to_json() == text
    plain = Game(["Ada"], seed=11, target=5000)
    plain.roll()
    old = plain.to_json()
    assert '"end"' not in old and '"entry"' not in old
    assert Game.from_json(old).to_json() == old


def test_the_simulator_plays_the_game_rules():  # it refused them before (see test_simulate)
    games = simulate_games([300, 300], 50, target=1000, seed=1, rules=RACE)
    assert ((games.totals >= 1000).sum(axis=1) == 1).all()  # the game ends at once


# ------------------------------------------------------------------ win chances

TARGET = 1000


@pytest.fixture(scope="module", params=[RACE, ENTRY, BOTH], ids=["at-once", "entry", "both"])
def chances(request):
    return solve_win_chances(request.param, target=TARGET)


def _bank(chances, a, b, t):
    rules = chances.rules
    if not rules.may_bank(a, t):
        return None
    if a + t >= chances.target and rules.ends_at_target:
        return 1.0
    return 1.0 - chances.chance(b, a + t, 0, 6)


def _roll(chances, a, b, t, n):
    value = 0.0
    for dice, p in outcomes(n).items():
        options = set_aside_options(dice)
        if not options:
            value += float(p) * (1.0 - chances.chance(b, a, 0, 6))
            continue
        value += float(p) * max(
            chances.chance(a, b, t + pts, n - len(kept) or 6) for kept, pts in options.items()
        )
    return value


STATES = [(0, 0, 300, 3), (0, 0, 500, 3), (0, 0, 300, 6), (900, 0, 100, 3), (0, 900, 800, 2),
          (700, 950, 350, 6), (450, 450, 1200, 4), (950, 950, 50, 5), (0, 0, 1050, 1),
          (0, 900, 250, 1), (400, 0, 50, 2)]  # fmt: skip


@pytest.mark.parametrize(("a", "b", "t", "n"), STATES)
def test_every_state_satisfies_the_optimality_equations(chances, a, b, t, n):
    bank = _bank(chances, a, b, t)
    roll = _roll(chances, a, b, t, n)
    assert chances.roll_chance(a, b, t, n) == pytest.approx(roll, abs=1e-12)
    if bank is None:
        with pytest.raises(IllegalMove, match="Not on the board"):
            chances.bank_chance(a, b, t)
        assert chances.best_action(a, b, t, n) == "roll"
        assert chances.chance(a, b, t, n) == pytest.approx(roll, abs=1e-12)
        return
    assert chances.bank_chance(a, b, t) == pytest.approx(bank, abs=1e-12)
    assert chances.chance(a, b, t, n) == pytest.approx(max(bank, roll), abs=1e-12)
    assert chances.best_action(a, b, t, n) == ("roll" if roll > bank else "bank")


@pytest.mark.parametrize(("a", "b"), [(0, 0), (0, 950), (950, 0), (500, 450), (900, 900)])
def test_turn_start_is_the_compulsory_roll(chances, a, b):
    assert chances.chance(a, b) == pytest.approx(_roll(chances, a, b, 0, 6), abs=1e-12)


def test_first_player_and_fair_head_start(chances):
    assert 0.5 < chances.first_player_chance < 0.7
    head = chances.fair_head_start()
    here = abs(chances.chance(0, head) - 0.5)
    assert here <= abs(chances.chance(0, head + chances.unit) - 0.5)


def test_ending_at_once_favours_the_first_player_more():
    # no last turn to answer with: the second player's reply is gone
    plain = solve_win_chances(target=TARGET)
    race = solve_win_chances(RACE, target=TARGET)
    assert race.first_player_chance > plain.first_player_chance
    with pytest.raises(IllegalMove, match="has won"):
        race.chance(0, 1000)


def test_an_entry_above_the_target_is_refused():
    with pytest.raises(IllegalMove, match="above the target"):
        solve_win_chances(Rules.custom("steep", entry=1500), target=TARGET)


def test_a_preset_name_with_other_game_rules_is_refused():
    # saves and notation name the rules: "standard" must mean the rules as written
    with pytest.raises(IllegalMove, match="named 'standard' but differ"):
        Game(["Ada"], rules=Rules(end=ENDS_AT_ONCE))
