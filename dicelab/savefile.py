"""Strict reading of a saved game's JSON, the same for both games.

Each game's ``save`` module reads its own fields; this one reads the JSON around them
and refuses, with :class:`~dicelab.IllegalMove` ("This is not a saved game: ..."), text
that is not UTF-8, bad JSON, a key given twice, ``NaN`` or ``Infinity``, values nested
deeper than :data:`MAX_DEPTH`, a number beyond :data:`~dicelab.numbers.MAX_WHOLE`, a
missing or unknown field, another format or version:

>>> data = read_json('{"format": "demo", "version": 1, "seed": 7}')
>>> open_save(data, "demo", 1, ("format", "version", "seed"))["seed"]
7
>>> read_json('{"seed": 1, "seed": 2}')
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This is not a saved game: the field 'seed' appears twice.
>>> read_json('{"seed": NaN}')
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This is not a saved game: NaN is not a number a save may hold.
>>> check_plain({"events": [[1, 10**21]]})
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This is not a saved game: the number at events[0][1] is \
1000000000000000000000; a save holds numbers from -100,000,000,000,000,000,000 to \
100,000,000,000,000,000,000.
"""

from __future__ import annotations

import json
from typing import Any

from dicelab.errors import IllegalMove, Said
from dicelab.i18n import Message, msg
from dicelab.numbers import MAX_WHOLE, show_value

__all__ = [
    "MAX_DEPTH",
    "bad_save",
    "check_header",
    "check_moves",
    "check_plain",
    "expect_keys",
    "json_text",
    "max_save",
    "open_save",
    "read_json",
]

MAX_DEPTH = 8
"""A save nests at most this deep (Farkle's extra combinations in its table: 5 levels)."""
MAX_HEAD = 100_000
"""Characters of a save besides its events, at most: rules, seats and their names, the
computer's parameters, the situations (a few hundred in practice)."""
MAX_EVENT = 200
"""Characters of one event in a save, at most, written with ``indent=1`` (the longest, a
Farkle set-aside of six dice, is about 160)."""


def max_save(moves: int) -> int:
    """Characters of the longest save of a game of at most ``moves`` moves: longer text is
    refused before it is read (:func:`read_json`)."""
    return MAX_HEAD + moves * MAX_EVENT


def bad_save(reason: str | Said) -> IllegalMove:
    """The refusal of a save, saying what is wrong in it.

    >>> str(bad_save("the seed is missing."))
    'This is not a saved game: the seed is missing.'
    """
    return IllegalMove(msg("This is not a saved game: {reason}", reason=reason))


# The JSON text ------------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise bad_save(msg("the field {key} appears twice.", key=show_value(key)))
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise bad_save(msg("{value} is not a number a save may hold.", value=name))


def read_json(text: object, most: int | None = None) -> object:
    """The plain data of the JSON ``text`` (``str``, or ``bytes`` in UTF-8), strictly read
    (:func:`open_save` then bounds it). Text of more than ``most`` characters is refused at
    once, before it is decoded or parsed (UTF-8 bytes: four a character at most).

    >>> read_json(b'[1, "\\xc3\\xa9"]')
    [1, 'é']
    >>> read_json(b"\\xff")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: the text is not UTF-8.
    >>> read_json("[" * 10)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: bad JSON at line 1, column 11 \
(Expecting value).
    """
    limit = None if most is None else (4 * most if isinstance(text, bytes) else most)
    if limit is not None and isinstance(text, bytes | str) and len(text) > limit:
        raise _too_long(limit // 4 if isinstance(text, bytes) else limit)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise bad_save(msg("the text is not UTF-8.")) from None
    if not isinstance(text, str):
        raise bad_save(msg("a save is JSON text, not {value}.", value=type(text).__name__))
    if most is not None and len(text) > most:
        raise _too_long(most)
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise bad_save(
            msg(
                "bad JSON at line {line}, column {column} ({problem}).",
                line=error.lineno,
                column=error.colno,
                problem=error.msg,
            )
        ) from None
    except RecursionError:
        raise bad_save(msg("the JSON is nested too deeply.")) from None
    except IllegalMove:
        raise
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise bad_save(msg("a number in the save has too many digits.")) from None
    return data


def _too_long(most: int) -> IllegalMove:
    return bad_save(
        msg("it is longer than any game's save can be (at most {n} characters).", n=most)
    )


def check_moves(events: object, most: int) -> None:
    """Refuse a list of more than ``most`` events before any is replayed."""
    if isinstance(events, list) and len(events) > most:
        raise bad_save(
            msg("it holds {count} moves, more than any game can ({n}).", count=len(events), n=most)
        )


# The plain data -----------------------------------------------------------------------------


def _place(path: tuple[str | int, ...]) -> str:
    """Where a value is in a save, as ``events[3][1]`` or ``rules.straight``."""
    text = "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path)
    text = text.removeprefix(".") or "the save"
    return text if len(text) <= 60 else text[:59] + "…"


def check_plain(data: object) -> None:
    """Refuse anything but JSON values (text keys) nested at most :data:`MAX_DEPTH` deep,
    with numbers within ±MAX_WHOLE; walked without recursion, so that no depth and no size
    can break the check itself.

    >>> check_plain({"a": [1, 2.5, None, True, "x"]})
    >>> check_plain({1: "one"})
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: a save's keys are text.
    """
    stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise bad_save(msg("the JSON is nested too deeply."))
        if isinstance(value, dict):
            if not all(isinstance(key, str) for key in value):
                raise bad_save(msg("a save's keys are text."))
            stack += [(item, (*path, key)) for key, item in value.items()]
        elif isinstance(value, list | tuple):
            stack += [(item, (*path, index)) for index, item in enumerate(value)]
        elif isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        elif isinstance(value, int | float):
            if not -MAX_WHOLE <= value <= MAX_WHOLE:  # NaN fails this too
                raise bad_save(
                    msg(
                        "the number at {where} is {value}; a save holds numbers from "
                        "-{limit} to {limit}.",
                        where=_place(path),
                        value=show_value(value),
                        limit=MAX_WHOLE,
                    )
                )
        else:
            raise bad_save(msg("a save holds JSON values, not {value}.", value=show_value(value)))


def json_text(item: object) -> str | Message:
    """``item`` as short JSON for a message; a short description if it cannot be written.

    >>> json_text(["roll", [1, 2, 3, 4, 5]])
    '["roll", [1, 2, 3, 4, 5]]'
    >>> len(json_text(list(range(40))))
    60
    """
    try:
        text = json.dumps(item)
    except (TypeError, ValueError, RecursionError):
        return show_value(item)
    return text if len(text) <= 60 else text[:59] + "…"


def expect_keys(data: object, where: str | Message, keys: tuple[str, ...]) -> dict[str, Any]:
    """``data`` if it is an object with exactly ``keys``; ``where`` is its place in the save.

    >>> expect_keys({"name": "Ada"}, "seats[0]", ("name", "player"))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: the field 'player' is missing in \
seats[0].
    """
    if not isinstance(data, dict):
        raise bad_save(
            msg("{where} must be an object, not {value}.", where=where, value=show_value(data))
        )
    missing = [key for key in keys if key not in data]
    if missing:
        raise bad_save(
            msg("the field {key} is missing in {where}.", key=show_value(missing[0]), where=where)
        )
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise bad_save(
            msg("unknown field {key} in {where}.", key=show_value(unknown[0]), where=where)
        )
    return data


def check_header(data: dict[str, Any], format: str, version: int) -> None:
    """Refuse a save whose ``format`` or ``version`` field is not this game's.

    >>> check_header({"format": "chess", "version": 1}, "demo", 1)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: the format is 'chess', not 'demo'.
    """
    if data["format"] != format:
        raise bad_save(
            msg(
                "the format is {value}, not {format}.",
                value=show_value(data["format"]),
                format=show_value(format),
            )
        )
    if type(data["version"]) is not int or data["version"] != version:
        raise bad_save(
            msg(
                "version {value} is not one this dicelab reads ({version}).",
                value=show_value(data["version"]),
                version=version,
            )
        )


def open_save(data: object, format: str, version: int, keys: tuple[str, ...]) -> dict[str, Any]:
    """The save ``data`` (plain data, as :func:`read_json` gives) if it is bounded
    (:func:`check_plain`), an object with exactly ``keys`` and of this ``format`` and
    ``version``; each game then reads its own fields.

    >>> open_save([], "demo", 1, ("format", "version"))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This is not a saved game: the save must be an object, not [].
    """
    check_plain(data)
    save = expect_keys(data, msg("the save"), keys)
    check_header(save, format, version)
    return save
