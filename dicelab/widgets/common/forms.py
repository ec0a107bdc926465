"""Small form helpers shared by the New game panels and the dashboards' dropdowns: player
rows, seeds and computer speeds read from what was typed or passed, dropdown options.

>>> read_seed(" 2026 "), read_seed("") is None, read_speed("fast"), read_speed(0)
(2026, True, 0.4, 0.0)
>>> from dicelab.errors import IllegalMove
>>> try:
...     read_seed("²")
... except IllegalMove as refused:
...     print(refused)
A seed is a whole number from 0 to 18,446,744,073,709,551,615, not '²'.
>>> try:
...     read_speed(float("inf"))
... except IllegalMove as refused:
...     print(refused)
The computer's speed is a number of seconds from 0 to 60, or one of instant, fast, normal,
slow; not inf.
"""

from __future__ import annotations

import contextlib
import math
from numbers import Real
from typing import Any

import ipywidgets as widgets

from dicelab.errors import IllegalMove
from dicelab.i18n import N_, msg, translate
from dicelab.numbers import check_seed, parse_whole, show_value
from dicelab.widgets.labels import COMPUTER_NAME, DEFAULT_NAME

__all__ = [
    "DEFAULT_NAME",
    "SPEEDS",
    "SPEED_LABELS",
    "PlayerRows",
    "read_seed",
    "read_speed",
    "set_options",
    "speed_options",
]


SPEEDS = {"instant": 0.0, "fast": 0.4, "normal": 1.0, "slow": 2.0}
"""Seconds between two steps of a computer player's turn."""
SPEED_LABELS = {
    "instant": N_("Instant"),
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
}


def speed_options(lang: str) -> list[tuple[str, str]]:
    """``(label, key)`` pairs for a computer-speed dropdown."""
    return [(translate(SPEED_LABELS[key], lang), key) for key in SPEEDS]


MAX_SPEED = 60.0
"""The slowest computer: a minute between two steps."""


def read_speed(value: object) -> float:
    """Seconds between two computer steps: a number from 0 to :data:`MAX_SPEED`, or the
    name of one of :data:`SPEEDS`; anything else is IllegalMove saying what is allowed."""
    if isinstance(value, str) and value in SPEEDS:
        return SPEEDS[value]
    if isinstance(value, Real) and not isinstance(value, bool):
        seconds = float(value)
        if math.isfinite(seconds) and 0 <= seconds <= MAX_SPEED:
            return seconds
    raise IllegalMove(
        msg(
            "The computer's speed is a number of seconds from 0 to {most}, or one of {names}; "
            "not {value}.",
            most=int(MAX_SPEED),
            names=", ".join(SPEEDS),
            value=show_value(value),
        )
    )


def read_seed(value: object) -> int | None:
    """A seed given or typed: None (or blank text) for a random one, else a whole number from
    0 to :data:`~dicelab.numbers.MAX_SEED` (text: ASCII digits only); anything else is
    IllegalMove with the allowed range."""
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip():
            return None
        with contextlib.suppress(IllegalMove):  # else check_seed names the text and the range
            value = parse_whole(value)
    return check_seed(value)


def set_options(pick: widgets.Dropdown, options: list[tuple[str, Any]], value: Any = None) -> None:
    """Give a dropdown new ``(label, value)`` options (only if they changed) and select
    ``value`` (None: keep the value it has)."""
    with pick.hold_sync():
        chosen = pick.value if value is None else value
        if tuple(pick.options) != tuple(options):
            pick.options = options
        if pick.value != chosen:
            pick.value = chosen


class PlayerRows(widgets.VBox):
    """Up to ``most`` rows of (name, optional "computer" checkbox); ``count`` rows are shown.

    ``most`` is the game's own limit (``penta.game.MAX_SEATS``, ``farkle.game.MAX_HUMANS``).
    """

    def __init__(self, with_computer: bool, most: int, count: int = 1) -> None:
        self.names = [widgets.Text(layout=widgets.Layout(width="260px")) for _ in range(most)]
        self.computer = [widgets.Checkbox(indent=False) for _ in range(most)]
        for i, (name, box) in enumerate(zip(self.names, self.computer, strict=True)):
            name.add_class(f"dl-player-name-{i}")
            box.add_class(f"dl-player-computer-{i}")
        self._with_computer = with_computer
        rows = [
            widgets.HBox([name, box] if with_computer else [name])
            for name, box in zip(self.names, self.computer, strict=True)
        ]
        super().__init__(rows)
        self.count = count

    @property
    def count(self) -> int:
        """How many rows are shown."""
        return self._count

    @count.setter
    def count(self, value: int) -> None:
        self._count = value
        for i, row in enumerate(self.children):
            row.layout.display = None if i < value else "none"

    def render(self, lang: str, default_name: str = DEFAULT_NAME) -> None:
        """Labels and placeholders in ``lang``."""
        for i, (name, box) in enumerate(zip(self.names, self.computer, strict=True)):
            name.description = translate("Name", lang)
            name.placeholder = translate(default_name, lang, n=i + 1)
            box.description = translate(COMPUTER_NAME, lang)

    def chosen_names(self, lang: str, default_name: str = DEFAULT_NAME) -> list[str]:
        """The names typed in the shown rows (the placeholder where left empty)."""
        return [
            self.names[i].value.strip() or translate(default_name, lang, n=i + 1)
            for i in range(self._count)
        ]

    def chosen_computer(self) -> list[int]:
        """The shown rows ticked "computer"."""
        return [i for i in range(self._count) if self.computer[i].value]
