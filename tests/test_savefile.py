"""The strict JSON reading both games' saves share (dicelab.savefile): every refusal, in both
games, with the same message; and the preset-name check both saves and both games share."""

from __future__ import annotations

import json

import pytest

from dicelab import IllegalMove
from dicelab.farkle import Game as FarkleGame
from dicelab.farkle import Rules as FarkleRules
from dicelab.numbers import MAX_WHOLE
from dicelab.penta import Game as PentaGame
from dicelab.penta import Rules as PentaRules
from dicelab.savefile import MAX_DEPTH, check_plain, expect_keys, read_json

PREFIX = "This is not a saved game: "


def penta_game() -> PentaGame:
    game = PentaGame(("Ada", "Bo"), seed=31)
    game.roll()
    return game


def farkle_game() -> FarkleGame:
    game = FarkleGame(("Ada", "Bo"), seed=31)
    game.roll()
    return game


GAMES = {"penta": (PentaGame, penta_game), "farkle": (FarkleGame, farkle_game)}


@pytest.fixture(params=sorted(GAMES))
def game(request):
    """(the Game class, a small game of it with one roll)."""
    cls, make = GAMES[request.param]
    return cls, make()


def refusal(action) -> str:
    """The message of the IllegalMove ``action()`` raises, after the save prefix."""
    with pytest.raises(IllegalMove) as error:
        action()
    text = str(error.value)
    assert text.startswith(PREFIX), text
    assert len(text) < 400
    return text.removeprefix(PREFIX)


def deep(levels: int) -> list:
    value: list = []
    for _ in range(levels):
        value = [value]
    return value


# -- refusals of the JSON text: (how the save text is spoiled, what the message says) --------

TEXT_REFUSALS = {
    "not UTF-8": (lambda text: b"\xff" + text.encode(), "the text is not UTF-8."),
    "not text": (lambda text: None, "a save is JSON text, not NoneType."),
    "bad JSON": (lambda text: text[:-1], "bad JSON at line 1"),
    "a key twice": (lambda text: text.replace('"seed": ', '"seed": 1, "seed": ', 1), "appears"),
    "NaN": (lambda text: text.replace('"seed": 31', '"seed": NaN'), "NaN is not a number a save"),
    "Infinity": (
        lambda text: text.replace('"seed": 31', '"seed": -Infinity'),
        "-Infinity is not a number a save may hold.",
    ),
    "5,000 digits": (
        lambda text: text.replace('"seed": 31', '"seed": ' + "9" * 5000),
        "a number in the save has too many digits.",
    ),
    "recursion": (
        lambda text: text.replace('"seed": 31', '"seed": ' + "[" * 100_000 + "]" * 100_000),
        "the JSON is nested too deeply.",
    ),
    "too deep": (
        lambda text: text.replace('"seed": 31', '"seed": ' + json.dumps(deep(MAX_DEPTH))),
        "the JSON is nested too deeply.",
    ),
    "number too large": (
        lambda text: text.replace('"seed": 31', f'"seed": {MAX_WHOLE + 1}'),
        "the number at seed is 100000000000000000001; a save holds numbers",
    ),
    "float too large": (
        lambda text: text.replace('"seed": 31', '"seed": -1e300'),
        "the number at seed is -1e+300",
    ),
    "not an object": (lambda text: f"[{text}]", "the save must be an object, not [{"),
    "missing field": (
        lambda text: text.replace('"seed": 31, ', ""),
        "the field 'seed' is missing in the save.",
    ),
    "unknown field": (
        lambda text: text.replace('"seed": 31', '"seed": 31, "cheat": 1'),
        "unknown field 'cheat' in the save.",
    ),
    "format": (
        lambda text: text.replace('"format": "dicelab-', '"format": "chess-'),
        "the format is 'chess-",
    ),
    "version": (
        lambda text: text.replace('"version": 1', '"version": 2'),
        "version 2 is not one this dicelab reads (1).",
    ),
    "version true": (
        lambda text: text.replace('"version": 1', '"version": true'),
        "version True is not one this dicelab reads (1).",
    ),
}


@pytest.mark.parametrize("case", sorted(TEXT_REFUSALS))
def test_a_spoiled_save_text_is_refused_alike_in_both_games(game, case):
    cls, played = game
    spoil, says = TEXT_REFUSALS[case]
    text = played.to_json()
    assert '"seed": 31' in text
    assert says in refusal(lambda: cls.from_json(spoil(text)))


QUOTES_THE_SAVE = {"bad JSON", "not an object"}  # their messages quote each game's own text


@pytest.mark.parametrize("case", sorted(set(TEXT_REFUSALS) - QUOTES_THE_SAVE))
def test_both_games_give_the_same_message(case):
    spoil, _ = TEXT_REFUSALS[case]
    messages = set()
    for cls, make in GAMES.values():
        message = refusal(lambda cls=cls, make=make: cls.from_json(spoil(make().to_json())))
        messages.add(message.replace("farkle", "GAME").replace("penta-game", "GAME"))
    assert len(messages) == 1, messages


# -- refusals of the plain data (from_dict): the same bounds --------------------------------

DATA_REFUSALS = {
    "too deep": (lambda data: data.update(seed=deep(50_000)), "the JSON is nested too deeply."),
    "number too large": (lambda data: data.update(seed=-(10**5000)), "the number at seed is a"),
    "number deep inside": (
        lambda data: data.update(seats=[{"name": 10**30}]),
        "the number at seats[0].name is a whole number of 31 digits",
    ),
    "NaN": (lambda data: data.update(seed=float("nan")), "the number at seed is nan"),
    "key not text": (lambda data: data.update({1: "one"}), "a save's keys are text."),
    "not JSON": (lambda data: data.update(seed={1, 2}), "a save holds JSON values, not {1, 2}."),
    "not an object": (lambda data: data.clear() or data.update(x=[]), "missing in the save"),
}


@pytest.mark.parametrize("case", sorted(DATA_REFUSALS))
def test_spoiled_save_data_is_refused_alike_in_both_games(game, case):
    cls, played = game
    spoil, says = DATA_REFUSALS[case]
    data = played.to_dict()
    spoil(data)
    assert says in refusal(lambda: cls.from_dict(data))


@pytest.mark.parametrize("data", [None, [], "save", 3])
def test_data_that_is_no_object_is_refused(game, data):
    cls, _ = game
    assert refusal(lambda: cls.from_dict(data)).startswith("the save must be an object")


# -- the preset-name check: both saves, both games -------------------------------------------

RENAMED = {
    "penta": (lambda rules: rules.update(joker="none"), PentaRules("penta", "none")),
    "farkle": (lambda rules: rules.update(straight=1000), FarkleRules(straight=1000)),
}


def test_rules_named_like_a_preset_but_different_are_refused_in_a_save(game):
    cls, played = game
    data = played.to_dict()
    RENAMED[cls.__module__.split(".")[1]][0](data["rules"])
    message = refusal(lambda: cls.from_dict(data))
    assert message.startswith("The rules are named 'penta' but differ") or message.startswith(
        "The rules are named 'standard' but differ"
    )


@pytest.mark.parametrize("kind", sorted(RENAMED))
def test_a_game_refuses_rules_named_like_a_preset_but_different(kind):
    cls, _ = GAMES[kind]
    rules = RENAMED[kind][1]
    # before, Penta took such rules and wrote a save that it then refused to load
    with pytest.raises(IllegalMove, match="differ from that preset"):
        cls(rules=rules)


def test_the_joker_variants_of_a_penta_save_are_the_engines():
    data = penta_game().to_dict()
    data["rules"].update(name="house", joker="wild")
    message = refusal(lambda: PentaGame.from_dict(data))
    assert message == (
        "Unknown joker rule 'wild': the joker rules are forced-50, forced-any, free, none."
    )


def test_the_shared_readers_return_what_they_checked():
    assert read_json('{"a": [1, 2.5, null]}') == {"a": [1, 2.5, None]}
    assert check_plain({"a": deep(MAX_DEPTH - 1)}) is None
    assert expect_keys({"a": 1}, "x", ("a",)) == {"a": 1}
