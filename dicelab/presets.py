"""Named rule presets, shared by both games: looking one up, reading a ``rules=`` argument,
and refusing rules that carry a preset's name but differ from it.

>>> lookup({"a": 1, "b": 2}, "b")
2
>>> lookup({"a": 1, "b": 2}, "c")
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Unknown rule preset 'c': choose one of a, b.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import show_value

__all__ = ["check_preset_name", "coerce_rules", "lookup"]

T = TypeVar("T")


def lookup(presets: Mapping[str, T], name: object) -> T:
    """The preset called ``name``; :class:`IllegalMove` naming the choices otherwise."""
    if isinstance(name, str) and name in presets:
        return presets[name]
    raise IllegalMove(
        msg(
            "Unknown rule preset {name}: choose one of {choices}.",
            name=show_value(name),
            choices=", ".join(presets),
        )
    )


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


class _Named(Protocol):
    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=_Named)


def check_preset_name(rules: R, presets: Mapping[str, R]) -> R:
    """``rules`` as is, unless they carry the name of a preset but differ from it: a game's
    save and notation name its rules, so such rules would be read back as the preset.

    >>> from dicelab.farkle.rules import PRESETS, Rules
    >>> check_preset_name(Rules.custom("house", straight=1000), PRESETS).name
    'house'
    >>> check_preset_name(Rules(straight=1000), PRESETS)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: The rules are named 'standard' but differ from that preset; rename \
them or use the preset's own rules.
    """
    preset = presets.get(rules.name) if isinstance(rules.name, str) else None
    if preset is not None and preset != rules:
        raise IllegalMove(
            msg(
                "The rules are named {name} but differ from that preset; rename them or use "
                "the preset's own rules.",
                name=show_value(rules.name),
            )
        )
    return rules
