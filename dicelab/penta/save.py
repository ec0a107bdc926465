"""Saving a Penta game as JSON, and loading it back checked against the seed and the rules.

A save holds the format, the rules, the seed, the seats and the event log. Loading replays
every event; a malformed or tampered save is refused with :class:`~dicelab.IllegalMove`,
naming what is wrong, and nothing is half-loaded:

>>> from dicelab.penta.game import Game
>>> game = Game(("Ada",), seed=9)
>>> _ = game.roll()
>>> print(to_json(game))  # doctest: +NORMALIZE_WHITESPACE
{"format": "dicelab-penta-game", "version": 1, "rules": {"name": "penta",
 "joker": "forced-50", "penta_bonus": true, "upper_bonus": true}, "seed": 9,
 "seats": [{"name": "Ada", "player": null}], "events": [["roll", [2, 3, 5, 4, 5]]]}
>>> from_json(to_json(game)) == game
True
>>> from_json(to_json(game).replace("2, 3, 5", "6, 3, 5"))
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This is not a saved game: event 1 (["roll", [6, 3, 5, 4, 5]]) cannot \
happen: Roll 1 does not match the seed: it shows 6 3 5 4 5, the seed gives 2 3 5 4 5.
"""

from __future__ import annotations

import json
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg
from dicelab.numbers import show_value
from dicelab.penta.game import Game
from dicelab.penta.moves import DICE, Hold, Move, Roll, Score
from dicelab.penta.players import Seat
from dicelab.penta.rules import PRESETS, Rules

__all__ = ["FORMAT", "VERSION", "from_dict", "from_json", "to_dict", "to_json"]

FORMAT = "dicelab-penta-game"
VERSION = 1
_KEYS = ("format", "version", "rules", "seed", "seats", "events")


def to_dict(game: Game) -> dict[str, Any]:
    """The save as plain data (JSON types only)."""
    rules = game.rules
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": {
            "name": rules.name,
            "joker": rules.joker,
            "penta_bonus": rules.penta_bonus,
            "upper_bonus": rules.upper_bonus,
        },
        "seed": game.seed,
        "seats": [{"name": seat.name, "player": seat.player} for seat in game.seats],
        "events": [_event_json(event) for event in game.events],
    }


def to_json(game: Game, indent: int | None = None) -> str:
    """The save as JSON text."""
    return json.dumps(to_dict(game), indent=indent, ensure_ascii=False)


def from_json(text: str | bytes) -> Game:
    """The game saved as JSON ``text``, replayed and checked (see :func:`from_dict`).

    >>> from_json('{"format": "dicelab-penta-game"')
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: bad JSON at line 1, column 32 \
(Expecting ',' delimiter).
    """
    return from_dict(_load_json(text))


def from_dict(data: object) -> Game:
    """The game saved as plain ``data``, replayed and checked event by event."""
    _expect_keys(data, msg("the save"), _KEYS)
    assert isinstance(data, dict)
    _check_header(data["format"], data["version"])
    rules = _rules_from_json(data["rules"])
    seed = data["seed"]
    if type(seed) is not int or seed < 0:
        raise _bad_save(
            msg(
                "the seed must be a whole number of 0 or more, not {value}.",
                value=show_value(seed),
            )
        )
    seats = _seats_from_json(data["seats"])
    events = data["events"]
    if not isinstance(events, list):
        raise _bad_save(msg("the events must be a list, not {value}.", value=show_value(events)))
    try:
        game = Game(seats, rules=rules, seed=seed)
    except IllegalMove as error:
        raise _bad_save(error.message) from None
    for number, item in enumerate(events, start=1):
        _replay(game, number, item)
    return game


def _check_header(format: object, version: object) -> None:
    if format != FORMAT:
        raise _bad_save(
            msg(
                "the format is {value}, not {format}.",
                value=show_value(format),
                format=repr(FORMAT),
            )
        )
    if type(version) is not int or version != VERSION:
        raise _bad_save(
            msg("version {value} is not one this dicelab reads (1).", value=show_value(version))
        )


def _replay(game: Game, number: int, item: object) -> None:
    """Push the event ``item`` (number ``number``, from 1) or refuse the save."""
    move = _event_from_json(item, number)
    try:
        game.push(move)
    except IllegalMove as error:
        raise _bad_save(
            msg(
                "event {n} ({event}) cannot happen: {reason}",
                n=number,
                event=_json_text(item),
                reason=error.message,
            )
        ) from None


def _json_text(item: object) -> str | Message:
    """``item`` as JSON for a message; a short description if it cannot be written."""
    try:
        text = json.dumps(item)
    except (TypeError, ValueError, RecursionError):
        return show_value(item)
    return text if len(text) <= 60 else text[:59] + "…"


def _bad_save(reason: Message) -> IllegalMove:
    return IllegalMove(msg("This is not a saved game: {reason}", reason=reason))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _bad_save(msg("the field {key} appears twice.", key=show_value(key)))
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise _bad_save(msg("{value} is not a number a save may hold.", value=name))


def _load_json(text: object) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _bad_save(msg("the text is not UTF-8.")) from None
    if not isinstance(text, str):
        raise _bad_save(msg("a save is JSON text, not {value}.", value=type(text).__name__))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise _bad_save(
            msg(
                "bad JSON at line {line}, column {column} ({problem}).",
                line=error.lineno,
                column=error.colno,
                problem=error.msg,
            )
        ) from None
    except RecursionError:
        raise _bad_save(msg("the JSON is nested too deeply.")) from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise _bad_save(msg("a number in the save has too many digits.")) from None
    if not isinstance(data, dict):
        raise _bad_save(msg("a save is a JSON object, not {value}.", value=type(data).__name__))
    return data


def _expect_keys(data: object, where: str | Message, keys: tuple[str, ...]) -> None:
    """``data`` is an object with exactly ``keys``; ``where`` is its place in the save."""
    if not isinstance(data, dict):
        raise _bad_save(
            msg("{where} must be an object, not {value}.", where=where, value=show_value(data))
        )
    missing = [key for key in keys if key not in data]
    unknown = [key for key in data if key not in keys]
    if missing:
        raise _bad_save(
            msg("the field {key} is missing in {where}.", key=show_value(missing[0]), where=where)
        )
    if unknown:
        raise _bad_save(
            msg("unknown field {key} in {where}.", key=show_value(unknown[0]), where=where)
        )


def _rules_from_json(data: object) -> Rules:
    _expect_keys(data, "rules", ("name", "joker", "penta_bonus", "upper_bonus"))
    assert isinstance(data, dict)
    if not isinstance(data["name"], str):
        raise _bad_save(
            msg("the rules' name must be text, not {value}.", value=show_value(data["name"]))
        )
    if data["joker"] not in ("forced-50", "forced-any", "free", "none"):
        raise _bad_save(
            msg(
                "the joker rule {value} is not one of forced-50, forced-any, free, none.",
                value=show_value(data["joker"]),
            )
        )
    for key in ("penta_bonus", "upper_bonus"):
        if type(data[key]) is not bool:
            raise _bad_save(
                msg(
                    "the rules' {key} must be true or false, not {value}.",
                    key=key,
                    value=show_value(data[key]),
                )
            )
    rules = Rules(data["name"], data["joker"], data["penta_bonus"], data["upper_bonus"])
    preset = PRESETS.get(rules.name)
    if preset is not None and preset != rules:
        raise _bad_save(
            msg(
                "the rules are named {name} but differ from that preset; rename them or use "
                "the preset's own rules.",
                name=rules.name,
            )
        )
    return rules


def _seats_from_json(data: object) -> list[Seat]:
    if not isinstance(data, list):
        raise _bad_save(msg("the seats must be a list, not {value}.", value=show_value(data)))
    seats = []
    for index, item in enumerate(data):
        _expect_keys(item, f"seats[{index}]", ("name", "player"))
        assert isinstance(item, dict)
        name, player = item["name"], item["player"]
        if not isinstance(name, str):
            raise _bad_save(msg("a seat's name must be text, not {value}.", value=show_value(name)))
        if player is not None and not isinstance(player, str):
            raise _bad_save(
                msg(
                    "a seat's player must be a player's name or null, not {value}.",
                    value=show_value(player),
                )
            )
        seats.append(Seat(name, player))
    return seats


def _event_json(event: Move) -> list[Any]:
    if isinstance(event, Roll):
        return ["roll", list(event.dice or ())]
    if isinstance(event, Hold):
        return ["hold", list(event.positions)]
    return ["score", event.box, event.points]


def _event_from_json(item: object, number: int) -> Move:
    shapes = {"roll": 2, "hold": 2, "score": 3}
    if (
        not isinstance(item, list)
        or not item
        or not isinstance(item[0], str)
        or item[0] not in shapes
        or len(item) != shapes[item[0]]
    ):
        raise _bad_save(
            msg(
                'event {n} is {value}, not ["roll", dice], ["hold", positions] or '
                '["score", box, points].',
                n=number,
                value=_json_text(item),
            )
        )
    if item[0] == "score":
        return _score_from_json(item, number)
    values = item[1]
    if not isinstance(values, list) or any(type(v) is not int for v in values):
        raise _bad_save(
            msg(
                "event {n}: {value} is not a list of whole numbers.",
                n=number,
                value=_json_text(values),
            )
        )
    if item[0] == "hold":
        return Hold(tuple(values))
    if len(values) != DICE:
        raise _bad_save(
            msg(
                "event {n}: a roll shows 5 dice, not {value}.",
                n=number,
                value=_json_text(values),
            )
        )
    return Roll(tuple(values))


def _score_from_json(item: list[Any], number: int) -> Score:
    box, points = item[1], item[2]
    if not isinstance(box, str) or type(points) is not int:
        raise _bad_save(
            msg(
                "event {n}: a scoring names a box and whole points, not {value}.",
                n=number,
                value=_json_text(item),
            )
        )
    return Score(box, points)
