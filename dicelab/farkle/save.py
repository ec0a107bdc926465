"""Saving a Farkle game as JSON and loading it back, every field and move checked.

A save holds the format and version, the seed, the target, the rules table, the seats,
the computer player's parameters, the start (notation), ``"duplicate": true`` for a game
with duplicate dice (left out otherwise, so older saves load as they are), every move
(rolls with their dice, set-asides with positions and dice, banks)
and the situation reached (notation).
Loading reads the JSON as Penta's does, with :mod:`dicelab.savefile` (a key given twice,
``NaN`` or ``Infinity``, a number beyond :data:`~dicelab.numbers.MAX_WHOLE`, values nested
deeper than a save nests, an unknown or missing key, another format or version), then a
table named like a preset that differs from it, a roll the seed does not give, a move
the rules refuse or another final situation: each raises :class:`~dicelab.IllegalMove`
("This is not a saved game: ...") and no game is returned.

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
dicelab.errors.IllegalMove: This is not a saved game: the field 'format' appears twice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside
from dicelab.farkle.notation import parse
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.i18n import msg
from dicelab.numbers import check_seed, show_value
from dicelab.presets import check_preset_name
from dicelab.savefile import bad_save, check_moves, json_text, max_save, open_save, read_json


class Saved(Protocol):
    """What a save reads of a game, and how it replays one (:class:`dicelab.farkle.Game` is
    one; this module never imports it: the game module calls this one)."""

    @property
    def seed(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def seats(self) -> Sequence[Any]: ...
    @property
    def computer_player(self) -> ComputerPlayer: ...
    @property
    def start(self) -> object: ...
    @property
    def events(self) -> Sequence[Any]: ...
    @property
    def situation(self) -> object: ...
    @property
    def duplicate(self) -> bool: ...
    def push(self, move: Move) -> Any: ...


Game = TypeVar("Game", bound=Saved)
"""The class a save builds (the caller's: :meth:`dicelab.farkle.Game.from_json` gives its own)."""

__all__ = ["FORMAT", "VERSION", "dump", "dump_json", "load", "load_json"]

FORMAT = "dicelab-farkle"
VERSION = 1

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
DUPLICATE = "duplicate"
MAX_MOVES = 20_000
"""The most moves of a Farkle game a save (or a result code) holds. Farkle has no longest game
(a seat may farkle turn after turn); the longest that banks, seven seats to the highest
target each banking the least a turn can (one 5: 50 points, 3 moves), is 7 * 300 * 3 = 6,300
moves, and a save holds three times that and more (docs/classroom.md)."""
MAX_CHARS = max_save(MAX_MOVES)
"""Characters of the longest save: longer text is refused before it is read."""


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


def dump(game: Saved) -> dict[str, Any]:
    """The save of ``game`` as a JSON-ready dict (:func:`load` reads it back)."""
    data: dict[str, Any] = {
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
    if game.duplicate:
        data[DUPLICATE] = True
    return data


def dump_json(game: Saved, indent: int | None = None) -> str:
    """The save of ``game`` as JSON text."""
    return json.dumps(dump(game), indent=indent, ensure_ascii=False)


# Reading: the fields -----------------------------------------------------------------------


def _rules(data: object) -> Rules:
    return check_preset_name(Rules.from_dict(data), PRESETS)


def _seats(seats: object) -> tuple[list[str | None], list[int]]:
    """The seats' names and the index of the computer seat, if any."""
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and set(s) == {"name", "computer"} and isinstance(s["computer"], bool)
        for s in seats
    ):
        raise IllegalMove(msg("seats are a list of entries with a name and a computer flag."))
    names = [s["name"] for s in seats]
    return names, [index for index, s in enumerate(seats) if s["computer"]]


def _new_game(cls: Callable[..., Game], data: dict[str, Any]) -> Game:
    rules = _rules(data["rules"])
    player = ComputerPlayer.from_dict(data["computer_player"])
    names, computer = _seats(data["seats"])
    if not isinstance(data["start"], str):
        raise IllegalMove(msg("the start is a line of Farkle notation."))
    duplicate = data.get(DUPLICATE, False)
    if duplicate is not True and DUPLICATE in data:
        raise IllegalMove(
            msg(
                "the field 'duplicate' is true when present, not {value}.",
                value=show_value(duplicate),
            )
        )
    return cls(
        names,
        computer,
        target=data["target"],
        seed=check_seed(data["seed"]),
        duplicate=duplicate,
        rules=rules,
        computer_player=player,
        start=parse(data["start"], rules),
    )


_SHAPES = {"roll": {"move", "dice"}, "set_aside": {"move", "positions", "dice"}, "bank": {"move"}}


def _int_list(value: object) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


def _move(number: int, item: object) -> Move:
    kind = item.get("move") if isinstance(item, dict) else None
    if not isinstance(item, dict) or not isinstance(kind, str) or set(item) != _SHAPES.get(kind):
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


def _replay(game: Saved, number: int, item: object) -> None:
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
                saved=json_text(item["dice"]),
                dice=show_value(list(event.dice)),
            )
        )


def load(cls: Callable[..., Game], data: object) -> Game:
    """The game saved in ``data`` (a dict as :func:`dump` writes it), built with ``cls``,
    replayed move by move and checked; :class:`~dicelab.IllegalMove` for any fault."""
    keys = (*KEYS, DUPLICATE) if isinstance(data, dict) and DUPLICATE in data else KEYS
    data = open_save(data, FORMAT, VERSION, keys)
    try:
        game = _new_game(cls, data)
    except IllegalMove as error:
        raise bad_save(error.message) from None
    events = data["events"]
    if not isinstance(events, list):
        raise bad_save(msg("the events are a list of moves."))
    check_moves(events, MAX_MOVES)
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


def load_json(cls: Callable[..., Game], text: str | bytes) -> Game:
    """The game saved as JSON ``text`` (see :func:`load`)."""
    return load(cls, read_json(text, MAX_CHARS))
