"""Looking up a named rule preset, shared by both games.

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

__all__ = ["lookup"]

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
