"""Small form helpers shared by the New game panels: player rows, the seed box.

>>> seed_from_text(" 2026 ")
2026
>>> seed_from_text("") is None
True
>>> seed_from_text("abc")
'abc'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from dicelab.i18n import N_, translate
from dicelab.widgets.labels import COMPUTER_NAME, DEFAULT_NAME

__all__ = [
    "DEFAULT_NAME",
    "SPEEDS",
    "SPEED_LABELS",
    "PlayerRows",
    "seed_from_text",
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


def set_options(pick: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """Give a dropdown new ``(label, value)`` options (if they changed), keeping its value."""
    if tuple(pick.options) != tuple(options):
        current = pick.value
        pick.options = options
        pick.value = current


def seed_from_text(text: str) -> int | str | None:
    """A typed seed: a whole number, None when empty, else the text itself (the engine
    refuses it with a message naming it)."""
    text = text.strip()
    if not text:
        return None
    return int(text) if text.isdigit() else text


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
