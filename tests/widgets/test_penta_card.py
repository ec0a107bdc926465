"""The light Penta scorecard: few widget models, buttons only where a click is possible, and
every cell still readable (text, tooltip, CSS classes) for learners and browser tests."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest
from ipywidgets.widgets import widget as widget_module

from dicelab.penta import BOXES
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.penta.app import PentaApp
from dicelab.widgets.penta.card import ROWS, CellView

MODELS_BEFORE = 126  # a two-seat PentaApp before the light scorecard (docs/widgets.md)


def make(**kwargs) -> PentaApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    kwargs.setdefault("computer_player", "heuristic")
    kwargs.setdefault("auto_score", None)
    return PentaApp(lang="en", animate=False, **kwargs)


def models() -> int:
    """Widget models alive (layouts and styles count: each is sent to the browser)."""
    return len(widget_module._instances)


def cells_in_html(app: PentaApp, seat: int) -> dict[str, tuple[str, str]]:
    """``box -> (text, classes)`` of the cells drawn as HTML in ``seat``'s column."""
    found = {}
    pattern = r'<div class="(dl-cell dl-box-(\w+) dl-seat-(\d) [\w-]+)" title="[^"]*">([^<]*)</div>'
    for classes, box, where, text in re.findall(pattern, app._grid.columns[seat].value):
        assert int(where) == seat
        found[box] = (html.unescape(text), classes)
    return found


def test_the_app_builds_with_far_fewer_widget_models():
    before = models()
    app = make(players=["Ada", "Comp"], computer=[1], seed=5)
    built = models() - before
    assert built <= MODELS_BEFORE // 2, built
    grid = app._grid
    assert grid.buttons == {}  # no click is possible before the first roll
    assert len(grid.children) == 1 + 2 * 2  # the labels, a header and a body per seat


@pytest.mark.slow
def test_buttons_only_for_the_open_boxes_of_the_human_to_move_and_reused():
    # auto_review off: at the end, the Review panel would build its widgets (counted below)
    app = make(players=["Ada", "Bob"], seed=5, auto_review=False)
    app.roll()
    grid = app._grid
    assert set(grid.buttons) == set(BOXES)
    for box in BOXES:
        assert app.box_button(box) is grid.buttons[box]
        assert not isinstance(app.box_button(box, 1), widgets.Button)
    shown = [b for b in grid.buttons.values() if "dl-cell-unused" not in b._dom_classes]
    assert len(shown) == len(BOXES) and all("dl-seat-0" in b._dom_classes for b in shown)
    after_first_roll = models()
    while not app.game.is_over:  # a whole game: every turn and seat reuses the same buttons
        if app.game.dice is None or app.game.rolls_left:
            app.roll()
        else:
            app.score(app.game.computer_choice())
        seat = app.game.current_seat
        if seat is not None:
            card = app.game.cards[seat]
            pressable = {
                box
                for box, b in grid.buttons.items()
                if "dl-cell-unused" not in b._dom_classes
                and f"dl-seat-{seat}" in b._dom_classes
                and f"dl-box-{box}" in b._dom_classes
            }
            expected = set(card.open_boxes) if app.game.dice is not None else set()
            assert pressable == expected
    assert models() == after_first_roll
    assert all("dl-cell-unused" in b._dom_classes for b in grid.buttons.values())


def test_cells_drawn_as_html_carry_the_classes_text_and_tooltip():
    app = make(players=["Ada", "Bob"], seed=5)
    app.roll()
    box = max(app.game.options(), key=app.game.options().get)
    points = app.game.options()[box]
    app.score(box)
    ada = cells_in_html(app, 0)
    assert set(ada) == set(BOXES)  # Bob is to move but has not rolled: Ada's column is HTML
    assert ada[box] == (f"{points:,}", f"dl-cell dl-box-{box} dl-seat-0 dl-filled")
    assert all(text == "" and "dl-empty" in cls for b, (text, cls) in ada.items() if b != box)
    cell = app.box_button(box, 0)
    assert isinstance(cell, CellView) and cell.description == f"{points:,}"
    assert cell.tooltip.endswith(f": {points:,}") and cell.disabled
    total = re.search(r'dl-sum-total dl-seat-0">([^<]*)<', app._grid.columns[0].value)
    assert total.group(1) == f"{app.game.cards[0].total:,}"
    app.roll()  # Bob's open boxes become buttons: his column draws no cell of its own for them
    bob = cells_in_html(app, 1)
    assert set(bob) == set()
    assert app._grid.columns[1].value.count("<div></div>") == len(BOXES)


def test_row_labels_are_one_html_in_row_order():
    app = make(players=["Ada"], seed=5)
    labels = re.findall(r"<div>(?:<b>)?([^<]*)(?:</b>)?</div>", app._grid._labels.value)
    assert len(labels) == len(ROWS)
    assert labels[0] == "Aces" and labels[-1] == "TOTAL"


def test_the_computers_turn_shows_its_previews_as_text():
    clock = ManualScheduler()
    app = make(players=["Ada", "Comp"], computer=[1], seed=3, speed=1.0, scheduler=clock)
    app.roll()
    app.score(next(iter(app.game.options())))
    clock.advance(1)  # Comp rolled
    assert app.game.current_player.name == "Comp" and app.game.dice is not None
    comp = cells_in_html(app, 1)
    options = app.game.options()
    for box, points in options.items():
        assert comp[box][0] == f"+{points:,}" and "dl-preview" in comp[box][1]
    assert all(
        "dl-cell-unused" in b._dom_classes for b in app._grid.buttons.values()
    )  # nothing to press on the computer's turn


def test_a_cell_is_never_drawn_twice_between_two_messages():
    """A browser applies the messages one by one: a box's button leaves before its column
    draws the cell, and comes after the column leaves room for it."""
    app = make(players=["Ada", "Bob"], seed=5)
    app.roll()
    grid = app._grid
    events: list[tuple[str, object]] = []
    for box, button in grid.buttons.items():
        button.observe(lambda c, box=box: events.append(("button", box)), "_dom_classes")
    for seat, column in enumerate(grid.columns):
        column.observe(lambda c, seat=seat: events.append(("column", seat)), "value")

    app.score(next(iter(app.game.options())))  # Ada's buttons leave, her column draws cells
    kinds = [kind for kind, _ in events]
    assert "button" in kinds and "column" in kinds
    assert kinds.index("column") > max(i for i, k in enumerate(kinds) if k == "button")
    events.clear()
    app.roll()  # Bob's buttons come, after his column made room
    kinds = [kind for kind, _ in events]
    assert "button" in kinds and "column" in kinds
    assert min(i for i, k in enumerate(kinds) if k == "button") > max(
        i for i, k in enumerate(kinds) if k == "column"
    )


@pytest.mark.parametrize("lang", ["en", "fr", "bg"])
def test_the_computer_is_not_named_twice(lang):
    """Issue 25, §6: "Computer (computer)" said the same thing twice; a computer seat with
    another name keeps its mark."""
    from dicelab.i18n import translate

    app = PentaApp(lang=lang, scheduler=ManualScheduler(), animate=False, speed=0)
    head = html.unescape(re.sub(r"<[^>]+>", "", app._grid.headers[1].value))
    computer = translate("Computer", lang)
    assert computer in head and f"({translate('computer', lang)})" not in head
    named = PentaApp(
        players=["Ada", "Deep Blue"],
        computer=[1],
        lang=lang,
        scheduler=ManualScheduler(),
        animate=False,
        speed=0,
        computer_player="heuristic",
    )
    assert f"({translate('computer', lang)})" in named._grid.headers[1].value
