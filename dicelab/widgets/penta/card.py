"""Every player's Penta scorecard side by side, the player to move's open boxes as buttons.

For the player to move, once the dice are rolled, each open box shows the points this roll
would add ("+25"); a box the joker forbids shows "—", is disabled, and says why on hover.
The numbers and reasons are the engine's (:meth:`dicelab.penta.Game.options`,
:meth:`~dicelab.penta.Game.explain`).

**Few widget models** (each is a message to the browser and a view to draw, so they decide
how soon a Voilà app is usable): the row labels are one ``HTML``, each player's column is one
header ``HTML`` and one body ``HTML`` (boxes and sums, as ``<div>`` cells that carry the same
CSS classes as a button would), and ``Button`` s exist only where a click is possible: the
open boxes of a human player to move once the dice are rolled. Those buttons are made at the
first roll, one per box, and reused for every turn and seat after that (a CSS class moves a
button to its seat's column; one that is not needed is hidden by a class). Everything is
placed in one CSS grid by classes (:data:`SCORECARD_CSS`), so no widget needs a layout of
its own: two players' scorecards are 6 widget models before the first roll instead of 60.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from dicelab.i18n import Message, format_number, translate
from dicelab.penta import Game
from dicelab.penta.rules import BOX_NAMES, BOXES, UPPER, UPPER_BONUS, UPPER_BONUS_THRESHOLD, Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.widgets.common.base import Shared, esc
from dicelab.widgets.labels import computer_mark, seat_name

__all__ = ["SCORECARD_CSS", "CellView", "ScorecardGrid"]

_SUMS_AFTER_UPPER = ("upper_total", "upper_bonus")
_SUMS_AFTER_LOWER = ("penta_bonus", "total")
_SUM_KEYS = ("upper_total", "upper_bonus", "penta_bonus", "total")
ROWS = (*UPPER, *_SUMS_AFTER_UPPER, *BOXES[len(UPPER) :], *_SUMS_AFTER_LOWER)
"""The scorecard's rows, top to bottom: the upper boxes, their sums, the lower boxes, the
Penta bonus and the TOTAL."""
MAX_SEATS = 6
ROW_HEIGHT = 30  # px: every row of every column, so that the columns line up
ROW_GAP = 2  # px
UNUSED = "dl-cell-unused"


def _placement_css() -> str:
    rows = len(ROWS)
    rules = [
        f".dl-scorecards {{ grid-template-rows: auto repeat({rows}, {ROW_HEIGHT}px); }}",
        f".dl-scorecards > .dl-card-labels {{ grid-column: 1; grid-row: 2 / span {rows}; }}",
        f".dl-scorecards > .dl-card-body {{ grid-row: 2 / span {rows}; }}",
        f".dl-card-rows {{ display: grid; grid-template-rows: repeat({rows}, {ROW_HEIGHT}px);"
        f" row-gap: {ROW_GAP}px; }}",
        f".dl-card-rows > div, .dl-scorecards > .dl-cell.jupyter-button {{"
        f" height: {ROW_HEIGHT}px; }}",
    ]
    rules += [
        f".dl-scorecards > .dl-seat-{seat} {{ grid-column: {seat + 2}; }}"
        for seat in range(MAX_SEATS)
    ]
    rules += [
        f".dl-scorecards > .dl-box-{key} {{ grid-row: {row + 2}; }}"
        for row, key in enumerate(ROWS)
        if key in BOX_NAMES
    ]
    return "\n".join(rules)


SCORECARD_CSS = """
.dl-scorecards { margin-top: 6px; align-items: stretch; }
.dl-scorecards > .widget-html { margin: 0; height: auto; }
.dl-scorecards > .widget-html > .widget-html-content { line-height: 1.25; }
.dl-scorecards > .dl-card-head { grid-row: 1; align-self: end; }
.dl-scorecards > .dl-cell.jupyter-button { margin: 0; width: auto; z-index: 1; }
.dl-scorecards > .dl-cell-unused.jupyter-button { display: none; }
.dl-card-rows > div { display: flex; align-items: center; box-sizing: border-box;
  padding: 0 6px; overflow: hidden; white-space: nowrap; }
.dl-card-body .dl-card-rows > div { justify-content: center; border: 1px solid transparent;
  border-radius: 4px; }
.dl-card-body .dl-cell.dl-filled { font-weight: 600; }
.dl-card-body .dl-cell.dl-preview { background: #e8f5e9; border-color: #66bb6a; color: #1b5e20; }
.dl-card-body .dl-cell.dl-forbidden { background: #eceff1; color: #7b8794;
  text-decoration: line-through; }
.dl-card-body .dl-sum { font-weight: 600; }
""" + _placement_css()
"""The scorecard's CSS: the columns, rows and placement of every cell (added to the app's
stylesheet by :class:`~dicelab.widgets.penta.app.PentaApp`)."""


def _sum_label(key: str, lang: str, rules: Rules) -> str:
    # Literal msgids, so that the message extractor sees them.
    labels = {
        "upper_total": translate("Upper section", lang),
        "upper_bonus": _upper_bonus_label(lang, rules),
        "penta_bonus": translate("Penta bonus", lang),
        "total": translate("TOTAL", lang),
    }
    return labels[key]


def _upper_bonus_label(lang: str, rules: Rules) -> str:
    """The upper bonus row's label, with the rules' threshold and points (a house's own; no
    numbers where the rules have no upper bonus).

    >>> _upper_bonus_label("en", Rules.custom("house", upper_bonus_threshold=70))
    'Upper bonus (70 or more: +35)'
    """
    if not rules.upper_bonus:  # a house without it: the row stays at 0
        return translate("Upper bonus", lang)
    threshold, points = rules.upper_bonus_threshold, rules.upper_bonus_points
    if (threshold, points) == (UPPER_BONUS_THRESHOLD, UPPER_BONUS):
        return translate("Upper bonus (63 or more: +35)", lang)
    return translate(
        "Upper bonus ({threshold} or more: +{points})",
        lang,
        threshold=format_number(threshold, lang),
        points=format_number(points, lang),
    )


EMPTY = "\u00a0"
"""The text of an open box with nothing to preview (ipywidgets does not redraw a button
whose description becomes empty, so an old "+25" would stay on screen)."""


@dataclass(frozen=True)
class CellView:
    """A scorecard cell drawn as HTML (nothing to press): what it shows, as a button would
    say it (``description``, ``tooltip``, ``disabled``, ``_dom_classes``)."""

    description: str
    tooltip: str
    _dom_classes: tuple[str, ...]
    disabled: bool = True


class ScorecardGrid(widgets.GridBox):
    """A grid: one row per box (and the sums), one column per seat.

    Pressing the button of box ``b`` (in the column of the player to move) calls
    ``on_pick(b)``. :meth:`cell` tells what any cell shows.
    """

    children: Sequence[widgets.Widget]  # a traitlet of GridBox, declared for the type checker

    def __init__(
        self, seats: int, on_pick: Callable[[str], object], shared: Shared | None = None
    ) -> None:
        self._on_pick = on_pick
        self.seats = seats
        self._shared = shared or Shared()  # the app's layout and styles: no models of our own
        self._labels = self._html("dl-card-labels")
        self.headers = [self._html("dl-card-head", f"dl-seat-{s}") for s in range(seats)]
        self.columns = [self._html("dl-card-body", f"dl-seat-{s}") for s in range(seats)]
        self.buttons: dict[str, widgets.Button] = {}  # one per box, made when first needed
        self._cells: dict[tuple[str, int], CellView] = {}
        columns = "minmax(170px, max-content) " + " ".join(["minmax(90px, 130px)"] * seats)
        super().__init__(
            [self._labels, *self.headers, *self.columns],
            layout=widgets.Layout(grid_template_columns=columns, grid_gap=f"{ROW_GAP}px 6px"),
        )
        self.add_class("dl-scorecards")

    def _html(self, *classes: str) -> widgets.HTML:
        return self._shared.html(*classes)

    def _button(self, box: str) -> widgets.Button:
        """The button of ``box``, made the first time a click on it is possible."""
        button = self.buttons.get(box)
        if button is None:
            button = self._shared.button("dl-cell", UNUSED, description=EMPTY, disabled=True)
            button.on_click(lambda _b, name=box: self._on_pick(name))
            self.buttons[box] = button
            self.children = (*self.children, button)
        return button

    def cell(self, box: str, seat: int) -> widgets.Button | CellView:
        """What the cell of ``box`` in seat ``seat``'s column shows: its button when it can be
        pressed, else a :class:`CellView` of its HTML."""
        button = self.buttons.get(box)
        classes = () if button is None else button._dom_classes
        if f"dl-seat-{seat}" in classes and UNUSED not in classes:
            return button
        return self._cells[box, seat]

    def show(self, game: Game, lang: str, selected: str | None, interactive: bool) -> None:
        """Draw ``game``'s cards; the current seat's open boxes are buttons if
        ``interactive`` (a human to move, dice on the table)."""
        current = game.current_seat
        rolled = current is not None and game.dice is not None
        now = _Moment(
            lang=lang,
            current=current,
            options=game.options() if rolled else {},
            reasons=game.explain() if rolled else {},
            selected=selected,
            interactive=interactive,
        )
        _set(self._labels, _labels_html(lang, game.rules))
        pressable: dict[str, tuple[str, str, str]] = {}
        bodies: list[tuple[widgets.HTML, str]] = []
        self._cells = {}
        for seat, (header, column, card) in enumerate(
            zip(self.headers, self.columns, game.cards, strict=True)
        ):
            _set(header, f"<b>{_seat_title(game, seat, now)}</b>")
            _mark(header, "dl-current", seat == current)
            bodies.append((column, self._column_html(seat, card, now, pressable)))
        self._draw(bodies, pressable, now)

    def _column_html(
        self, seat: int, card: Scorecard, now: _Moment, pressable: dict[str, tuple[str, str, str]]
    ) -> str:
        """The body of ``seat``'s column; records each cell's view, and adds the boxes that
        are buttons (the player to move's open boxes, when interactive) to ``pressable``."""
        filled = card.filled
        sums = _sums(card)
        rows = []
        for key in ROWS:
            if key in sums:
                value = esc(format_number(sums[key], now.lang))
                rows.append(f'<div class="dl-sum dl-sum-{key} dl-seat-{seat}">{value}</div>')
                continue
            text, kind, tip = _cell(key, seat, filled, now)
            classes = ("dl-cell", f"dl-box-{key}", f"dl-seat-{seat}", kind)
            self._cells[key, seat] = CellView(text or EMPTY, tip, classes)
            if now.interactive and seat == now.current and key not in filled:
                pressable[key] = (text, kind, tip)
                rows.append("<div></div>")  # the box's button is drawn over it
            else:
                rows.append(
                    f'<div class="{" ".join(classes)}" title="{esc(tip)}">{esc(text)}</div>'
                )
        return f'<div class="dl-card-rows">{"".join(rows)}</div>'

    def _draw(
        self,
        bodies: list[tuple[widgets.HTML, str]],
        pressable: dict[str, tuple[str, str, str]],
        now: _Moment,
    ) -> None:
        """Send the columns' bodies and the buttons' states to the browser.

        Never two elements for one cell, even between two messages: buttons go before
        their column draws the cells, and come after the column leaves room for them.
        """
        for box, button in self.buttons.items():
            if box not in pressable:
                _update(
                    button,
                    description=EMPTY,
                    tooltip=None,
                    disabled=True,
                    _dom_classes=("dl-cell", UNUSED),
                )
        for column, value in bodies:
            _set(column, value)
        for box, (text, kind, tip) in pressable.items():
            # The button shows "+25"; its name says which box, and why (dl-label-title: the
            # page reads its tooltip as its name, docs/widgets.md).
            named = translate(
                "{box}: {points}. {reason}",
                now.lang,
                box=_box(box, now.lang),
                points=text,
                reason=tip,
            )
            _update(
                self._button(box),
                description=text or EMPTY,
                tooltip=named,
                disabled=box not in now.options,
                _dom_classes=(
                    "dl-cell",
                    f"dl-box-{box}",
                    f"dl-seat-{now.current}",
                    kind,
                    "dl-label-title",
                ),
            )


@dataclass(frozen=True)
class _Moment:
    """What the cards show depends on: the language, the seat to move, the engine's options
    and reasons for the dice on the table, the selected box, and whether boxes are buttons."""

    lang: str
    current: int | None
    options: dict[str, int]
    reasons: dict[str, Message]
    selected: str | None
    interactive: bool


def _labels_html(lang: str, rules: Rules) -> str:
    """The row labels: box names, and the sums in bold."""
    labels = [
        f"<div>{esc(translate(BOX_NAMES[key], lang))}</div>"
        if key in BOX_NAMES
        else f"<div><b>{esc(_sum_label(key, lang, rules))}</b></div>"
        for key in ROWS
    ]
    return f'<div class="dl-card-rows">{"".join(labels)}</div>'


def _seat_title(game: Game, seat: int, now: _Moment) -> str:
    """A column's header: the seat's name, marked when a computer, and when to play."""
    who = game.seats[seat]
    shown = seat_name(who.name, now.lang)
    name = esc(shown)
    mark = computer_mark(shown, now.lang) if who.is_computer else ""
    if mark:
        name += f" <span class='dl-muted'>{esc(mark.strip())}</span>"
    if seat == now.current:
        name = f"▶ {name} <span class='dl-muted'>({esc(translate('to play', now.lang))})</span>"
    return name


def _sums(card: Scorecard) -> dict[str, int]:
    """The sum rows of ``card``, by row key."""
    return {
        "upper_total": card.upper_total,
        "upper_bonus": card.upper_bonus,
        "penta_bonus": card.penta_bonus,
        "total": card.total,
    }


def _cell(box: str, seat: int, filled: dict[str, int], now: _Moment) -> tuple[str, str, str]:
    """(text, CSS kind, tooltip) of the cell of ``box`` in ``seat``'s column: its points
    when filled; for the player to move, the points this roll would add or "—"."""
    lang = now.lang
    if box in filled:
        text = format_number(filled[box], lang)
        tip = translate("{box}: {points}", lang, box=_box(box, lang), points=text)
        return text, "dl-filled", tip
    if seat != now.current or box not in now.reasons:
        return "", "dl-empty", _box(box, lang)
    tip = now.reasons[box].render(lang)
    if box not in now.options:
        return "—", "dl-forbidden", tip
    text = "+" + format_number(now.options[box], lang)
    if box == now.selected:
        return translate("{points}, selected", lang, points=text), "dl-selected", tip
    return text, "dl-preview", tip


def _box(box: str, lang: str) -> str:
    return translate(BOX_NAMES[box], lang)


def _update(button: widgets.Button, **state: object) -> None:
    changed = {name: value for name, value in state.items() if getattr(button, name) != value}
    if changed:
        with button.hold_sync():  # one message per button
            for name, value in changed.items():
                setattr(button, name, value)


def _set(widget: widgets.HTML, value: str) -> None:
    if widget.value != value:
        widget.value = value


def _mark(widget: widgets.Widget, css_class: str, on: bool) -> None:
    if on and css_class not in widget._dom_classes:
        widget.add_class(css_class)
    elif not on and css_class in widget._dom_classes:
        widget.remove_class(css_class)
