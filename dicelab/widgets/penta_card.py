"""Every player's Penta scorecard side by side, the player to move's open boxes as buttons.

For the player to move, once the dice are rolled, each open box shows the points this roll
would add ("+25"); a box the joker forbids shows "—", is disabled, and says why on hover.
The numbers and reasons are the engine's (:meth:`dicelab.penta.Game.options`,
:meth:`~dicelab.penta.Game.explain`).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from dicelab.i18n import format_number, translate
from dicelab.penta import Game
from dicelab.penta.rules import BOX_NAMES, BOXES, UPPER
from dicelab.widgets.base import esc
from dicelab.widgets.labels import seat_name

__all__ = ["ScorecardGrid"]

_SUMS_AFTER_UPPER = ("upper_total", "upper_bonus")
_SUMS_AFTER_LOWER = ("penta_bonus", "total")
_SUM_KEYS = ("upper_total", "upper_bonus", "penta_bonus", "total")
_CELL_CLASSES = ("dl-filled", "dl-preview", "dl-forbidden", "dl-selected", "dl-empty")


def _sum_label(key: str, lang: str) -> str:
    # Literal msgids, so that the message extractor sees them.
    labels = {
        "upper_total": translate("Upper section", lang),
        "upper_bonus": translate("Upper bonus (63 or more: +35)", lang),
        "penta_bonus": translate("Penta bonus", lang),
        "total": translate("TOTAL", lang),
    }
    return labels[key]


EMPTY = "\u00a0"
"""The text of an open box with nothing to preview."""


class ScorecardGrid(widgets.GridBox):
    """A grid: one row per box (and the sums), one column per seat.

    Pressing the cell of box ``b`` in the column of the player to move calls ``on_pick(b)``.
    """

    def __init__(self, seats: int, on_pick: Callable[[str], None]) -> None:
        self._on_pick = on_pick
        self.seats = seats
        # One layout and one style shared by all cells: far fewer widget models to send to
        # the browser, so the app is interactive sooner.
        self._button_layout = widgets.Layout(width="auto", height="30px")
        self._button_style = widgets.ButtonStyle()
        self._html_layout = widgets.Layout()
        self._html_style = HTMLStyle()
        self.headers = [self._html() for _ in range(seats)]
        self.cells = {box: [self._cell(box, s) for s in range(seats)] for box in BOXES}
        self.sums = {key: [self._html() for _ in range(seats)] for key in _SUM_KEYS}
        self.row_labels = {key: self._html() for key in (*BOXES, *_SUM_KEYS)}
        children: list[widgets.Widget] = [self._html(), *self.headers]
        order = [*UPPER, *_SUMS_AFTER_UPPER, *BOXES[len(UPPER) :], *_SUMS_AFTER_LOWER]
        for key in order:
            children.append(self.row_labels[key])
            children += self.cells[key] if key in self.cells else self.sums[key]
        columns = "minmax(170px, 230px) " + " ".join(["minmax(90px, 130px)"] * seats)
        super().__init__(
            children,
            layout=widgets.Layout(grid_template_columns=columns, grid_gap="2px 6px"),
        )
        self.add_class("dl-scorecards")

    def _html(self) -> widgets.HTML:
        return widgets.HTML(layout=self._html_layout, style=self._html_style)

    def _cell(self, box: str, seat: int) -> widgets.Button:
        button = widgets.Button(
            layout=self._button_layout,
            style=self._button_style,
            _dom_classes=("dl-cell", f"dl-box-{box}", f"dl-seat-{seat}", "dl-empty"),
        )
        button.on_click(lambda _b, name=box: self._on_pick(name))
        return button

    def cell(self, box: str, seat: int) -> widgets.Button:
        """The button of ``box`` in seat ``seat``'s column."""
        return self.cells[box][seat]

    def show(self, game: Game, lang: str, selected: str | None, interactive: bool) -> None:
        """Draw ``game``'s cards; the current seat's open boxes are pressable if
        ``interactive`` (a human to move, dice on the table)."""
        current = game.current_seat
        options = game.options() if interactive else {}
        reasons = game.explain() if current is not None else {}
        for key, label in self.row_labels.items():
            if key in BOX_NAMES:
                label.value = esc(translate(BOX_NAMES[key], lang))
            else:
                label.value = f"<b>{esc(_sum_label(key, lang))}</b>"
        for seat, (header, card) in enumerate(zip(self.headers, game.cards, strict=True)):
            who = game.seats[seat]
            name = esc(seat_name(who.name, lang))
            if who.is_computer:
                name += f" <span class='dl-muted'>({esc(translate('computer', lang))})</span>"
            if seat == current:
                name = f"▶ {name} <span class='dl-muted'>({esc(translate('to play', lang))})</span>"
            header.value = f"<b>{name}</b>"
            _mark(header, "dl-current", seat == current)
            filled = card.filled
            for box in BOXES:
                button = self.cells[box][seat]
                if box in filled:
                    text, kind = format_number(filled[box], lang), "dl-filled"
                    tip = translate("{box}: {points}", lang, box=_box(box, lang), points=text)
                elif seat == current and box in reasons and game.dice is not None:
                    tip = reasons[box].render(lang)
                    if box in options:
                        text = "+" + format_number(options[box], lang)
                        kind = "dl-preview"
                        if box == selected:
                            text = translate("{points}, selected", lang, points=text)
                            kind = "dl-selected"
                    else:
                        text, kind = "—", "dl-forbidden"
                else:
                    # A no-break space, not "": ipywidgets 8 does not redraw a button whose
                    # description becomes empty, so an old "+25" would stay on screen.
                    text, kind, tip = EMPTY, "dl-empty", _box(box, lang)
                with button.hold_sync():  # one message per cell, not four
                    button.description = text
                    button.tooltip = tip
                    button.disabled = not (seat == current and box in options)
                    _kind(button, kind)
            sums = {
                "upper_total": card.upper_total,
                "upper_bonus": card.upper_bonus,
                "penta_bonus": card.penta_bonus,
                "total": card.total,
            }
            for key, value in sums.items():
                self.sums[key][seat].value = f"<span>{esc(format_number(value, lang))}</span>"


def _box(box: str, lang: str) -> str:
    return translate(BOX_NAMES[box], lang)


def _mark(widget: widgets.Widget, css_class: str, on: bool) -> None:
    if on and css_class not in widget._dom_classes:
        widget.add_class(css_class)
    elif not on and css_class in widget._dom_classes:
        widget.remove_class(css_class)


def _kind(button: widgets.Button, kind: str) -> None:
    classes = [c for c in button._dom_classes if c not in _CELL_CLASSES] + [kind]
    if list(button._dom_classes) != classes:
        button._dom_classes = tuple(classes)
