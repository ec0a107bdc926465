"""Saving a Penta game as JSON, and loading it back checked against the seed and the rules.

A save holds the format, the rules, the seed, the seats and the event log, and
``"duplicate": true`` for a game with duplicate dice (the field is left out otherwise, so
saves of ordinary games are as they always were, and older saves load as they are). House rules
(:meth:`~dicelab.penta.rules.Rules.custom`) add the numbers they change to ``"rules"``, and only
those, so a preset's save reads as it always did. Loading replays
every event; a malformed or tampered save is refused with :class:`~dicelab.IllegalMove`,
naming what is wrong, and nothing is half-loaded. The JSON itself (duplicate keys, NaN,
depth, number bounds, format and version) is read by :mod:`dicelab.savefile`, as Farkle's:

>>> from dicelab.penta.game import Game
>>> game = Game(("Ada",), seed=9)
>>> _ = game.roll()
>>> print(to_json(game))  # doctest: +NORMALIZE_WHITESPACE
{"format": "dicelab-penta-game", "version": 1, "rules": {"name": "penta",
 "joker": "forced-50", "penta_bonus": true, "upper_bonus": true}, "seed": 9,
 "seats": [{"name": "Ada", "player": null}], "events": [["roll", [2, 3, 5, 4, 5]]]}
>>> load_json(Game, to_json(game)) == game
True
>>> house = Game(("Ada",), rules=Rules.custom("house", full_house_points=30), seed=9)
>>> to_dict(house)["rules"]  # doctest: +NORMALIZE_WHITESPACE
{'name': 'house', 'joker': 'forced-50', 'penta_bonus': True, 'upper_bonus': True,
 'full_house_points': 30}
>>> load_json(Game, to_json(house)).rules == house.rules
True
>>> load_json(Game, to_json(game).replace("2, 3, 5", "6, 3, 5"))
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This is not a saved game: event 1 (["roll", [6, 3, 5, 4, 5]]) cannot \
happen: Roll 1 does not match the seed: it shows 6 3 5 4 5, the seed gives 2 3 5 4 5.

:meth:`Game.from_json <dicelab.penta.game.Game.from_json>` calls :func:`load_json` with its own
class: this module never imports the game (``from_dict`` and ``from_json`` stay importable
from here by name, and are the game's).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import show_value
from dicelab.penta.moves import DICE, Hold, Move, Roll, Score
from dicelab.penta.players import MAX_SEATS, Seat
from dicelab.penta.rules import BOXES, PRESETS, Rules, check_rules
from dicelab.presets import check_preset_name
from dicelab.savefile import (
    bad_save,
    check_moves,
    expect_keys,
    json_text,
    max_save,
    open_save,
    read_json,
)

__all__ = ["FORMAT", "VERSION", "Saved", "load", "load_json", "to_dict", "to_json"]

FORMAT = "dicelab-penta-game"
VERSION = 1
MAX_MOVES = MAX_SEATS * len(BOXES) * (3 + 1 + 2 * (2**DICE - 1))
"""The most moves of a Penta game a save holds: every seat of the most, every round, three
rolls, the scoring and, before each of the two rerolls, a hold of every other set of held
dice (a save keeps every hold; docs/classroom.md)."""
MAX_CHARS = max_save(MAX_MOVES)
"""Characters of the longest save: longer text is refused before it is read."""
_KEYS = ("format", "version", "rules", "seed", "seats", "events")
_DUPLICATE = "duplicate"


class Saved(Protocol):
    """What a save reads of a game, and how it replays one (:class:`dicelab.penta.Game`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def seed(self) -> int: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def events(self) -> Sequence[Any]: ...
    @property
    def duplicate(self) -> bool: ...
    def push(self, move: Move) -> Any: ...


Game = TypeVar("Game", bound=Saved)
"""The class a save builds (the caller's own)."""


def to_dict(game: Saved) -> dict[str, Any]:
    """The save as plain data (JSON types only)."""
    rules = game.rules
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": {
            "name": rules.name,
            "joker": rules.joker,
            "penta_bonus": rules.penta_bonus,
            "upper_bonus": rules.upper_bonus,
            **rules.changes(),  # a house's numbers; none for a preset
        },
        "seed": game.seed,
        "seats": [{"name": seat.name, "player": seat.player} for seat in game.seats],
        "events": [_event_json(event) for event in game.events],
    }
    if game.duplicate:
        data[_DUPLICATE] = True
    return data


def to_json(game: Saved, indent: int | None = None) -> str:
    """The save as JSON text."""
    return json.dumps(to_dict(game), indent=indent, ensure_ascii=False)


def load_json(cls: Callable[..., Game], text: str | bytes) -> Game:
    """The game saved as JSON ``text``, built with ``cls``, replayed and checked (see
    :func:`load`).

    >>> load_json(Game, '{"format": "dicelab-penta-game"')
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: bad JSON at line 1, column 32 \
(Expecting ',' delimiter).
    """
    return load(cls, read_json(text, MAX_CHARS))


def load(cls: Callable[..., Game], data: object) -> Game:
    """The game saved as plain ``data``, built with ``cls``, replayed and checked event by
    event."""
    keys = (*_KEYS, _DUPLICATE) if isinstance(data, dict) and _DUPLICATE in data else _KEYS
    data = open_save(data, FORMAT, VERSION, keys)
    duplicate = data.get(_DUPLICATE, False)
    if duplicate is not True and _DUPLICATE in data:
        raise bad_save(
            msg(
                "the field 'duplicate' is true when present, not {value}.",
                value=show_value(duplicate),
            )
        )
    rules = _rules_from_json(data["rules"])
    seed = data["seed"]
    if type(seed) is not int or seed < 0:
        raise bad_save(
            msg(
                "the seed must be a whole number of 0 or more, not {value}.",
                value=show_value(seed),
            )
        )
    seats = _seats_from_json(data["seats"])
    events = data["events"]
    if not isinstance(events, list):
        raise bad_save(msg("the events must be a list, not {value}.", value=show_value(events)))
    check_moves(events, MAX_MOVES)
    try:
        game = cls(seats, rules=rules, seed=seed, duplicate=duplicate)
    except IllegalMove as error:
        raise bad_save(error.message) from None
    for number, item in enumerate(events, start=1):
        _replay(game, number, item)
    return game


def _replay(game: Saved, number: int, item: object) -> None:
    """Push the event ``item`` (number ``number``, from 1) or refuse the save."""
    move = _event_from_json(item, number)
    try:
        game.push(move)
    except IllegalMove as error:
        raise bad_save(
            msg(
                "event {n} ({event}) cannot happen: {reason}",
                n=number,
                event=json_text(item),
                reason=error.message,
            )
        ) from None


_RULE_KEYS = ("name", "joker", "penta_bonus", "upper_bonus")
_HOUSE_KEYS = tuple(f.name for f in dataclasses.fields(Rules) if f.name not in _RULE_KEYS)
"""The fields a house may add to ``"rules"``: each optional, the default when left out."""


def _rules_from_json(data: object) -> Rules:
    extra = tuple(k for k in _HOUSE_KEYS if isinstance(data, dict) and k in data)
    data = expect_keys(data, "rules", _RULE_KEYS + extra)
    if not isinstance(data["name"], str):
        raise bad_save(
            msg("the rules' name must be text, not {value}.", value=show_value(data["name"]))
        )
    for key in ("penta_bonus", "upper_bonus", *extra):
        switch = isinstance(getattr(Rules(), key), bool)
        if switch and type(data[key]) is not bool:
            raise bad_save(
                msg(
                    "the rules' {key} must be true or false, not {value}.",
                    key=key,
                    value=show_value(data[key]),
                )
            )
        if not switch and type(data[key]) is not int:
            raise bad_save(
                msg(
                    "the rules' {key} must be a whole number, not {value}.",
                    key=key,
                    value=show_value(data[key]),
                )
            )
    try:  # the numbers in range, the joker one of joker.VARIANTS, no preset's name on others
        rules = Rules(**{key: data[key] for key in _RULE_KEYS + extra})
        return check_preset_name(check_rules(rules), PRESETS)
    except IllegalMove as error:
        raise bad_save(error.message) from None


def _seats_from_json(data: object) -> list[Seat]:
    if not isinstance(data, list):
        raise bad_save(msg("the seats must be a list, not {value}.", value=show_value(data)))
    seats = []
    for index, item in enumerate(data):
        item = expect_keys(item, f"seats[{index}]", ("name", "player"))
        name, player = item["name"], item["player"]
        if not isinstance(name, str):
            raise bad_save(msg("a seat's name must be text, not {value}.", value=show_value(name)))
        if player is not None and not isinstance(player, str):
            raise bad_save(
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
        raise bad_save(
            msg(
                'event {n} is {value}, not ["roll", dice], ["hold", positions] or '
                '["score", box, points].',
                n=number,
                value=json_text(item),
            )
        )
    if item[0] == "score":
        return _score_from_json(item, number)
    values = item[1]
    if not isinstance(values, list) or any(type(v) is not int for v in values):
        raise bad_save(
            msg(
                "event {n}: {value} is not a list of whole numbers.",
                n=number,
                value=json_text(values),
            )
        )
    if item[0] == "hold":
        return Hold(tuple(values))
    if len(values) != DICE:
        raise bad_save(
            msg(
                "event {n}: a roll shows 5 dice, not {value}.",
                n=number,
                value=json_text(values),
            )
        )
    return Roll(tuple(values))


def _score_from_json(item: list[Any], number: int) -> Score:
    box, points = item[1], item[2]
    if not isinstance(box, str) or type(points) is not int:
        raise bad_save(
            msg(
                "event {n}: a scoring names a box and whole points, not {value}.",
                n=number,
                value=json_text(item),
            )
        )
    return Score(box, points)


def __getattr__(name: str) -> Any:
    """``from_dict`` and ``from_json``: the game's own (:meth:`Game.from_dict
    <dicelab.penta.game.Game.from_dict>`), looked up by name when asked."""
    if name in ("from_dict", "from_json"):
        return getattr(importlib.import_module("dicelab.penta.game").Game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
