"""Named rule presets, shared by both games: looking one up, and reading a ``rules=`` argument.

>>> lookup({"a": 1, "b": 2}, "b")
2
>>> lookup({"a": 1, "b": 2}, "c")
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Unknown rule preset 'c': choose one of a, b.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import show_value

__all__ = ["coerce_rules", "lookup"]

T = TypeVar("T")


def lookup(presets: Mapping[str, T], name: object) -> T:
    """The preset called ``name``; :class:`IllegalMove` naming the choices otherwise."""
    try:
        return presets[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise IllegalMove(
            msg(
                "Unknown rule preset {name}: choose one of {choices}.",
                name=repr(name),
                choices=", ".join(presets),
            )
        ) from None


def coerce_rules(
    value: object, kind: type[T], presets: Mapping[str, T], *, default: str, refusal: str
) -> T:
    """A ``rules=`` argument read: ``None`` -> the ``default`` preset; a preset name -> that
    preset; a ``kind`` value as is; anything else :class:`IllegalMove` with the message id
    ``refusal`` (its ``{value}`` is the value's repr).

    >>> coerce_rules(None, int, {"one": 1}, default="one", refusal="Not {value}.")
    1
    >>> coerce_rules(2.5, int, {"one": 1}, default="one", refusal="Not {value}.")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Not 2.5.
    """
    if value is None:
        return presets[default]
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        return lookup(presets, value)
    raise IllegalMove(msg(refusal, value=show_value(value)))
