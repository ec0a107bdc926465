"""Saving a Farkle game as JSON and loading it back, every field and move checked.

A save holds the format and version, the seed, the target, the rules table, the seats,
the computer player's parameters, the start (notation), every move (rolls with their
dice, set-asides with positions and dice, banks) and the situation reached (notation).
Loading is as strict as Penta's: a key given twice, ``NaN`` or ``Infinity``, a number
beyond :data:`~dicelab.numbers.MAX_WHOLE`, values nested deeper than a save nests, a
table named like a preset that differs from it, an unknown or missing key, a roll the
seed does not give, a move the rules refuse or another final situation: each raises
:class:`~dicelab.IllegalMove` ("This saved game cannot be loaded: ...") and no game
is returned.

:meth:`Game.to_json <dicelab.farkle.game.Game.to_json>` and
:meth:`Game.from_json <dicelab.farkle.game.Game.from_json>` call this module.

>>> from dicelab.farkle import Game
>>> game = Game(("Ada",), seed=3)
>>> event = game.roll()
>>> load_json(Game, dump_json(game)) == game
True
>>> load_json(Game, '{"format": "dicelab-farkle", "format": "x"}')
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This saved game cannot be loaded: the field 'format' appears twice.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside
from dicelab.farkle.notation import parse
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.i18n import Message, msg
from dicelab.numbers import MAX_WHOLE, check_seed, show_value

if TYPE_CHECKING:
    from dicelab.farkle.game import Game

__all__ = ["FORMAT", "VERSION", "dump", "dump_json", "load", "load_json"]

FORMAT = "dicelab-farkle"
VERSION = 1
MAX_DEPTH = 8
"""A save nests at most this deep (the table's extra combinations: 5 levels)."""

KEYS = (
    "format",
    "version",
    "seed",
    "target",
    "rules",
    "seats",
    "computer_player",
    "start",
    "events",
    "situation",
)


def bad_save(problem: Message) -> IllegalMove:
    """The refusal of a save, with what is wrong in it."""
    return IllegalMove(msg("This saved game cannot be loaded: {problem}", problem=problem))


# Writing -----------------------------------------------------------------------------------


def _event_dict(event: Any) -> dict[str, Any]:
    if isinstance(event.move, SetAside):
        return {
            "move": "set_aside",
            "positions": list(event.move.positions),
            "dice": list(event.dice),
        }
    if isinstance(event.move, Roll):
        return {"move": "roll", "dice": list(event.dice)}
    return {"move": "bank"}


def dump(game: Game) -> dict[str, Any]:
    """The save of ``game`` as a JSON-ready dict (:func:`load` reads it back)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "target": game.target,
        "rules": game.rules.to_dict(),
        "seats": [{"name": s.name, "computer": s.computer} for s in game.seats],
        "computer_player": game.computer_player.to_dict(),
        "start": str(game.start),
        "events": [_event_dict(event) for event in game.events],
        "situation": str(game.situation),
    }


def dump_json(game: Game, indent: int | None = None) -> str:
    """The save of ``game`` as JSON text."""
    return json.dumps(dump(game), indent=indent, ensure_ascii=False)


# Reading: the JSON itself ------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise bad_save(msg("the field {key} appears twice.", key=repr(key)))
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise bad_save(msg("{value} is not a number a save may hold.", value=name))


def _parse_json(text: object) -> object:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise bad_save(msg("the text is not UTF-8.")) from None
    if not isinstance(text, str):
        raise bad_save(msg("a save is JSON text, not {value}.", value=type(text).__name__))
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except IllegalMove:
        raise
    except RecursionError:
        raise bad_save(msg("the JSON is nested too deeply.")) from None
    except json.JSONDecodeError as error:
        raise bad_save(
            msg(
                "bad JSON at line {line}, column {column} ({problem}).",
                line=error.lineno,
                column=error.colno,
                problem=error.msg,
            )
        ) from None
    except ValueError:  # a number of more than 4,300 digits
        raise bad_save(msg("the JSON holds a number too long to read.")) from None


def _check_plain(data: object) -> None:
    """Only JSON values, nested at most MAX_DEPTH deep, numbers within ±MAX_WHOLE
    (walked without recursion, so no depth and no size can break the check itself)."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise bad_save(msg("the JSON is nested too deeply."))
        if isinstance(value, dict):
            if not all(isinstance(key, str) for key in value):
                raise bad_save(msg("a save's keys are text."))
            stack += [(item, depth + 1) for item in value.values()]
        elif isinstance(value, list | tuple):
            stack += [(item, depth + 1) for item in value]
        elif isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        elif isinstance(value, int | float):
            if not -MAX_WHOLE <= value <= MAX_WHOLE:  # NaN fails this too
                raise bad_save(
                    msg("{value} is not a number a save may hold.", value=show_value(value))
                )
        else:
            raise bad_save(msg("a save holds JSON values, not {value}.", value=show_value(value)))


# Reading: the fields -----------------------------------------------------------------------


def _check_keys(data: object) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) != set(KEYS):
        raise bad_save(msg("a save has exactly the keys {keys}.", keys=", ".join(sorted(KEYS))))
    if data["format"] != FORMAT or type(data["version"]) is not int or data["version"] != VERSION:
        raise bad_save(
            msg("it is not a {format} save of version {version}.", format=FORMAT, version=VERSION)
        )
    return data


def _rules(data: object) -> Rules:
    rules = Rules.from_dict(data)
    preset = PRESETS.get(rules.name)
    if preset is not None and preset != rules:
        raise IllegalMove(
            msg(
                "the rules are named {name} but differ from that preset; rename them or use "
                "the preset's own rules.",
                name=rules.name,
            )
        )
    return rules


def _seats(seats: object) -> tuple[list[str | None], list[int]]:
    """The seats' names and the index of the computer seat, if any."""
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and set(s) == {"name", "computer"} and isinstance(s["computer"], bool)
        for s in seats
    ):
        raise IllegalMove(msg("seats are a list of entries with a name and a computer flag."))
    names = [s["name"] for s in seats]
    return names, [index for index, s in enumerate(seats) if s["computer"]]


def _new_game(cls: type[Game], data: dict[str, Any]) -> Game:
    rules = _rules(data["rules"])
    player = ComputerPlayer.from_dict(data["computer_player"])
    names, computer = _seats(data["seats"])
    if not isinstance(data["start"], str):
        raise IllegalMove(msg("the start is a line of Farkle notation."))
    return cls(
        names,
        computer,
        target=data["target"],
        seed=check_seed(data["seed"]),
        rules=rules,
        computer_player=player,
        start=parse(data["start"], rules),
    )


_SHAPES = {"roll": {"move", "dice"}, "set_aside": {"move", "positions", "dice"}, "bank": {"move"}}


def _int_list(value: object) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


def _move(number: int, item: object) -> Move:
    kind = item.get("move") if isinstance(item, dict) else None
    if not isinstance(kind, str) or kind not in _SHAPES or set(item) != _SHAPES[kind]:  # type: ignore[arg-type]
        raise bad_save(
            msg(
                "move {number} is not a roll (move, dice), a set-aside (move, positions, dice) "
                "or a bank (move).",
                number=number,
            )
        )
    assert isinstance(item, dict)
    if "dice" in item and not _int_list(item["dice"]):
        raise bad_save(msg("move {number}: dice are a list of whole numbers.", number=number))
    if kind == "roll":
        return Roll()
    if kind == "bank":
        return Bank()
    try:
        if not _int_list(item["positions"]):
            raise IllegalMove(msg("positions are a list of whole numbers."))
        return SetAside(tuple(item["positions"]))
    except IllegalMove as error:
        raise bad_save(
            msg("move {number}: {problem}", number=number, problem=error.message)
        ) from None


def _replay(game: Game, number: int, item: object) -> None:
    move = _move(number, item)
    try:
        event = game.push(move)
    except IllegalMove as error:
        raise bad_save(
            msg("move {number}: {problem}", number=number, problem=error.message)
        ) from None
    assert isinstance(item, dict)
    if "dice" in item and item["dice"] != list(event.dice):
        raise bad_save(
            msg(
                "move {number} shows the dice {saved}, but this game's seed and moves give {dice}.",
                number=number,
                saved=repr(item["dice"]),
                dice=repr(list(event.dice)),
            )
        )


def load(cls: type[Game], data: object) -> Game:
    """The game saved in ``data`` (a dict as :func:`dump` writes it), built with ``cls``,
    replayed move by move and checked; :class:`~dicelab.IllegalMove` for any fault."""
    _check_plain(data)
    data = _check_keys(data)
    try:
        game = _new_game(cls, data)
    except IllegalMove as error:
        raise bad_save(error.message) from None
    events = data["events"]
    if not isinstance(events, list):
        raise bad_save(msg("the events are a list of moves."))
    for number, item in enumerate(events, start=1):
        _replay(game, number, item)
    if data["situation"] != str(game.situation):
        raise bad_save(
            msg(
                "the moves lead to {replayed}, not to the saved {saved}.",
                replayed=str(game.situation),
                saved=show_value(data["situation"]),
            )
        )
    return game


def load_json(cls: type[Game], text: str | bytes) -> Game:
    """The game saved as JSON ``text`` (see :func:`load`)."""
    return load(cls, _parse_json(text))
