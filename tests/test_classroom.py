"""Result codes: round trips for every preset and both games, refusals of changed codes."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.classroom.codes import VERSION, _checksum, _to_base32, read_result_code, result_code
from dicelab.farkle import Game as Farkle
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import PRESETS as FARKLE_PRESETS
from dicelab.penta import Game as Penta
from dicelab.penta.game import Hold, Roll
from dicelab.penta.rules import PRESETS as PENTA_PRESETS
from tests.helpers import examples


def _penta(rules: str, seed: int, duplicate: bool, computer: bool = False) -> Penta:
    """A whole Penta game by random choices, one hold before each reroll at most."""
    rng = random.Random(seed)
    players = ("Ada", "Cpu") if computer else ("Ada",)
    game = Penta(
        players, {1: "heuristic"} if computer else {}, rules=rules, seed=seed, duplicate=duplicate
    )
    while not game.is_over:
        if game.current_player.is_computer:
            game.play_computer_turn()
            continue
        game.roll()
        while game.rolls_left and rng.random() < 0.7:
            wanted = frozenset(p for p in range(5) if rng.random() < 0.5)
            if len(wanted) == 5:
                break
            game.hold(wanted)
            game.roll()
        game.score(rng.choice(list(game.options())))
    return game


def _farkle(rules: str, seed: int, duplicate: bool) -> Farkle:
    game = Farkle(("Ada",), seed=seed, rules=rules, target=5000, duplicate=duplicate)
    rng = random.Random(seed)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("rules", list(PENTA_PRESETS))
@pytest.mark.parametrize("duplicate", [False, True])
def test_penta_codes_round_trip(rules, duplicate):
    game = _penta(rules, 7, duplicate, computer=True)
    code = result_code(game)
    assert read_result_code(code, names=["Ada", "Cpu"]) == game
    assert result_code(read_result_code(code)) == code


@pytest.mark.parametrize("rules", list(FARKLE_PRESETS))
@pytest.mark.parametrize("duplicate", [False, True])
def test_farkle_codes_round_trip(rules, duplicate):
    game = _farkle(rules, 11, duplicate)
    code = result_code(game)
    assert read_result_code(code, names=["Ada", None]) == game
    assert result_code(read_result_code(code)) == code


def test_a_13_round_penta_code_is_at_most_200_letters():
    for seed in range(10):
        assert len(result_code(_penta("penta", seed, True))) <= 120
        assert len(result_code(_penta("penta", seed, False, computer=True))) <= 200
    game = Penta(("Ada", "Cpu"), {1: "heuristic"}, seed=99, duplicate=True)
    while not game.is_over:  # the longest shape: a hold before every reroll
        if game.current_player.is_computer:
            game.play_computer_turn()
            continue
        game.roll()
        game.hold([0])
        game.roll()
        game.hold([1])
        game.roll()
        game.score(max(game.options(), key=game.options().get))
    assert len(result_code(game)) <= 200


def test_holds_in_a_row_count_as_the_last():
    game = Penta(seed=3)
    game.roll()
    game.hold([0])
    game.hold([0, 1])
    game.hold([])  # as held before: changes nothing
    game.roll()
    back = read_result_code(result_code(game))
    assert [type(m) for m in back.events] == [Roll, Roll]
    assert back.dice == game.dice
    game.hold([2])
    assert read_result_code(result_code(game)).events[-1] == Hold((2,))


def test_games_in_progress_and_new_games_have_codes():
    for game in (Penta(seed=0), Farkle(seed=0), Farkle(2, seed=2**64 - 1)):
        assert read_result_code(result_code(game)) == game


def test_refusals_are_clear():
    code = result_code(_penta("penta", 1, False))
    with pytest.raises(IllegalMove, match="typo or was changed"):
        read_result_code(code[:-3])
    with pytest.raises(IllegalMove, match="not a result code"):
        read_result_code("X1-" + code[3:])
    with pytest.raises(IllegalMove, match="is text"):
        read_result_code(12345)
    with pytest.raises(IllegalMove, match="typo"):
        read_result_code(code + "U")
    with pytest.raises(IllegalMove, match="no result code"):
        result_code(Farkle(seed=1, computer_player=ComputerPlayer(base=500)))


def test_mutated_codes_are_refused_or_read_back_to_the_same_game():
    from fuzzing.codes import mutate_codes

    counts = mutate_codes(500, seed=1)
    assert counts["other game"] == 0
    assert counts["refused"] + counts["same game"] == 500


@settings(max_examples=examples(300), deadline=None)
@given(kind=st.sampled_from("PF"), body=st.binary(max_size=40))
def test_any_body_with_a_right_checksum_is_read_or_refused(kind, body):
    """A forged code (right checksum, any bytes) never escapes as anything but IllegalMove."""
    head = kind + VERSION
    letters = _to_base32(body + _checksum(head, body))
    try:
        game = read_result_code(head + letters)
    except IllegalMove:
        return
    assert result_code(read_result_code(result_code(game))) == result_code(game)


@settings(max_examples=examples(300), deadline=None)
@given(code=st.text(max_size=60), names=st.one_of(st.none(), st.integers(), st.text(max_size=3)))
def test_odd_input_is_refused(code, names):
    with pytest.raises(IllegalMove):
        read_result_code("P1-" + code, names=names)


def test_games_without_a_code_are_refused(monkeypatch):
    from dicelab.penta import players
    from dicelab.penta.rules import Rules

    with pytest.raises(IllegalMove, match="no result code"):
        result_code(Penta(seed=1, rules=Rules("mine", "free", True, False)))
    monkeypatch.setitem(players._FACTORIES, "dupdice-test", lambda: players.get("greedy"))
    with pytest.raises(IllegalMove, match="no result code"):
        result_code(Penta(("Ada", "Bot"), {1: "dupdice-test"}, seed=1))
    with pytest.raises(IllegalMove, match="not a Penta or Farkle game"):
        result_code("P1-0000")


def test_a_code_with_moves_left_over_is_refused():
    head, body = "P1", bytes([0, 0, 4, 1, 0, 2])  # two moves coded, nothing left: fine
    back = read_result_code(head + _to_base32(body + _checksum(head, body)))
    assert len(back.events) == 2
    body = bytes([0, 0, 4, 1, 0, 1, 46])  # one move coded, another left over
    with pytest.raises(IllegalMove, match="hold no game"):
        read_result_code(head + _to_base32(body + _checksum(head, body)))


@pytest.mark.slow  # 60 random games of up to 400 moves (1.5 s): make test; the round trips above
@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 400), duplicate=st.booleans())
def test_random_games_read_back_with_the_same_dice_and_scores(seed, moves, duplicate):
    rng = random.Random(seed)
    penta = Penta(seed=seed, duplicate=duplicate)
    farkle = Farkle(seed=seed, duplicate=duplicate)
    for game in (penta, farkle):
        for _ in range(moves):
            if game.is_over:
                break
            game.push(rng.choice(game.legal_moves()))
    back = read_result_code(result_code(penta))
    assert (back.cards, back.dice, back.held) == (penta.cards, penta.dice, penta.held)
    assert [e for e in back.events if not isinstance(e, Hold)] == [
        e for e in penta.events if not isinstance(e, Hold)
    ]
    assert result_code(back) == result_code(penta)
    assert read_result_code(result_code(farkle), names=[None, None]) == farkle
