"""The end of a game and the notices a learner must read (issue 12): one end card with the
winner and the totals, controls that say what they do, no Undo once the game is over;
notices that outlive the computer's steps, the computer's moves in a log; the Penta bonus
part of a joker preview written out."""

from __future__ import annotations

import html
from collections import Counter

import pytest

from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from dicelab.widgets.penta.app import PentaApp
from tests.helpers import app_unchanged as unchanged
from tests.widgets.helpers import find, texts

JOKER_SEED = 257  # one player, "hold the most common face": Penta in turns 1 and 2 (2s)


def farkle(**kwargs) -> FarkleApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    return FarkleApp(lang="en", animate=False, **kwargs)


def penta(**kwargs) -> PentaApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    kwargs.setdefault("computer_player", "heuristic")  # no solver table needed
    return PentaApp(lang="en", animate=False, **kwargs)


def farkle_move(app: FarkleApp) -> None:
    """One sensible human move: the best set-aside, bank from 350, else roll."""
    turn = app.game.turn
    if turn.phase == "set_aside":
        options = turn.set_aside_options()
        dice = max(options, key=lambda d: (options[d], -len(d)))
        assert app.set_aside(*turn.positions_of(dice))
    elif turn.can_bank and turn.points >= 350:
        assert app.bank()
    else:
        assert app.roll()


def penta_turn(app: PentaApp) -> None:
    """One human turn: roll, hold the most common face, roll, score the best box."""
    app.roll()
    dice = app.game.dice
    face = Counter(dice).most_common(1)[0][0]
    for i, die in enumerate(dice):
        if die == face:
            app.hold(i)
    app.roll()
    options = app.game.options()
    assert app.score(max(options, key=lambda b: options[b]))


def visible(app, widget) -> bool:
    """Whether ``widget`` and every box around it are shown."""

    def path(node, target):
        if node is target:
            return [node]
        for child in getattr(node, "children", ()) or ():
            found = path(child, target)
            if found:
                return [node, *found]
        return []

    chain = path(app, widget)
    assert chain, "not in the app"
    return all(w.layout.display != "none" for w in chain)


def shown_texts(widget) -> str:
    """The text of the widgets on screen (hidden boxes and what they hold left out)."""
    if widget.layout.display == "none":
        return ""
    parts = []
    for name in ("description", "value", "tooltip"):
        value = getattr(widget, name, None) if widget.has_trait(name) else None
        if isinstance(value, str) and not value.startswith("<style>"):
            parts.append(value)
    parts += [shown_texts(child) for child in getattr(widget, "children", ()) or ()]
    return "\n".join(parts)


def check_one_end_card(app, title: str) -> None:
    game = app.game
    shown = shown_texts(app)
    assert shown.count("dl-banner") == 1 and shown.count(title) == 1  # one card, one title
    card = app._end.value
    assert title in card and visible(app, app._end)
    names = [str(seat.label) if hasattr(seat, "label") else seat.name for seat in game.seats]
    winners = [names[i] for i in game.winners]
    line = ("Winner: " if len(winners) == 1 else "Winners (a tie): ") + ", ".join(winners)
    assert line in card
    for name, total in zip(names, game.totals, strict=True):
        assert name in card and f"{total:,}" in card
    assert app.notices == [] and app._notice_area.value == ""  # no stale banner or card
    assert app.computer_log == [] and app._log.value == ""
    assert "Turn lost!" not in shown and "Careful" not in shown
    # The play controls are hidden; their buttons say the game is over and are disabled.
    assert not visible(app, app._roll_button) and not visible(app, app._dice_row)
    for button in (app._roll_button, app._undo_button):
        assert button.disabled
    assert app._roll_button.description == "Game over"
    # "New game" is the next step, right under the card; the review goes below it.
    again = find(app, "dl-end-new-game")
    assert again.description == "New game" and not again.disabled and visible(app, again)
    # Undo after the end is refused, with the reason, and changes nothing.
    with unchanged(app):
        assert not app.undo()
    assert app.notices[0].startswith("The game is over")
    again.click()
    assert app.new_game_panel in app._panel_box.children


def test_a_whole_farkle_game_ends_with_one_card():
    app = farkle(humans=["Ada"], computer=True, target=5000, seed=4)
    turns = 0
    while not app.game.is_over:
        farkle_move(app)
        turns += 1
        assert turns < 2000
    check_one_end_card(app, "Game over!")
    assert app._bank_button.description == "Game over" and app._bank_button.disabled
    assert app._status.value == ""
    check_hints_off(app, app._risk, app.open_risk)


def check_hints_off(app, panel, open_panel) -> None:
    """Issue 25, §5: once the game is over the Advisor / Risk button is disabled, says why,
    and cannot open an empty panel; a new game turns it back on."""
    assert panel.disabled and panel._button.disabled
    assert panel._button.tooltip.startswith("The game is over")
    open_panel(True)
    assert not panel.is_open and panel.text == ""
    assert app.new_game()
    assert not panel.disabled
    open_panel(True)
    assert panel.is_open


def test_an_advisor_open_when_the_game_ends_closes():
    app = penta(players=["Ada"], seed=JOKER_SEED)
    app.open_advisor(True)
    assert app._advisor.is_open
    while not app.game.is_over:
        penta_turn(app)
    assert not app._advisor.is_open and app._advisor.disabled


def test_a_whole_penta_game_with_the_computer_ends_with_one_card():
    app = penta(players=["Ada", "Comp"], computer=[1], seed=5)
    while not app.game.is_over:
        penta_turn(app)
    check_one_end_card(app, "Game over")
    assert app._validate_button.description == "Game over" and app._validate_button.disabled
    check_hints_off(app, app._advisor, app.open_advisor)


def test_a_solitaire_penta_game_ends_with_one_card():
    app = penta(players=["Ada"], seed=JOKER_SEED)
    while not app.game.is_over:
        penta_turn(app)
    check_one_end_card(app, "Game over")


def test_a_penta_game_timed_out_to_the_end_leaves_no_stale_notice():
    clock = ManualScheduler()
    app = penta(players=["Ada", "Comp"], computer=[1], seed=8, speed=1.0, scheduler=clock)
    while not app.game.is_over:
        if app.game.current_player.name == "Ada":
            for _ in range(3):
                app.roll()
            clock.advance(3)  # "Time is up: …"; the computer plays the last round after it
        else:
            clock.advance(1)
    check_one_end_card(app, "Game over")


def test_time_is_up_stays_while_the_computer_plays_and_its_moves_are_logged():
    clock = ManualScheduler()
    app = penta(players=["Ada", "Comp"], computer=[1], seed=3, speed=1.0, scheduler=clock)
    for _ in range(3):
        app.roll()
    clock.advance(3)  # the auto-score
    assert app.notices[0].startswith("Time is up: Ada's roll went in")
    time_is_up = list(app.notices)
    steps = 0
    while app.game.current_player.name == "Comp":
        clock.advance(1)  # one computer step
        steps += 1
        assert app.notices == time_is_up  # still there, step after step
        assert len(app.computer_log) == min(steps, 8)
        assert app.computer_log[-1] in app._log.value.replace("&#x27;", "'")
    log = app.computer_log
    assert log[0].startswith("Comp rolled ") and log[-1].startswith("Comp scored ")
    assert "The computer&#x27;s moves, newest last:" in app._log.value
    clock.advance(10)  # nothing is due: the notice and the log stay
    assert app.notices == time_is_up and app.computer_log == log
    app.roll()  # the human's next action clears both
    assert app.notices == [] and app.computer_log == [] and app._log.value == ""


def test_a_refused_click_keeps_the_computers_log():
    clock = ManualScheduler()
    app = penta(players=["Ada", "Comp"], computer=[1], seed=3, speed=1.0, scheduler=clock)
    app.roll()
    app.score(next(iter(app.game.options())))
    clock.advance(1)
    log = app.computer_log
    assert log and not app.roll()  # the computer's turn: refused
    assert app.computer_log == log


def test_farkle_notices_stay_while_the_computer_plays():
    clock = ManualScheduler()
    app = farkle(humans=["Ada"], computer=True, seed=4, speed=1.0, scheduler=clock)
    while app.game.current_seat.label.render("en") == "Ada":
        farkle_move(app)
    mine = list(app.notices)
    assert mine and mine[-1].startswith("Ada ")  # banked, or lost the turn
    if app.waiting:  # a farkle: the learner reads it, then Continue (issue 25, §5)
        assert app.proceed()
    while app.game.current_seat.label.render("en") != "Ada":
        clock.advance(1)
        assert app.notices == mine
    log = app.computer_log
    assert 1 <= len(log) <= 8 and all(entry.startswith("AI") or "!" in entry for entry in log)
    assert any("rolled" in entry for entry in log)
    assert app.roll() and app.computer_log == [] and app._log.value == ""


def test_a_penta_bonus_preview_says_what_goes_where():
    app = penta(players=["Ada"], seed=JOKER_SEED)
    for _turn in range(2):
        app.roll()
        while len(set(app.game.dice)) > 1:
            dice = app.game.dice
            face = Counter(dice).most_common(1)[0][0]
            for i, die in enumerate(dice):
                if die == face and i not in app.game.held:
                    app.hold(i)
            app.roll()
        if app.game.card.points("penta") is None:
            app.score("penta")
    assert app.game.dice == (2, 2, 2, 2, 2) and app.box_button("twos").description == "+110"
    assert "+110 in Twos is 10 in Twos and 100 in the Penta bonus" in app._status.value
    assert "dl-bonus-why" in app._status.value


def test_no_bonus_note_without_the_bonus():
    app = penta(players=["Ada"], seed=JOKER_SEED)
    app.roll()
    assert "dl-bonus-why" not in app._status.value
    assert "dl-bonus-why" not in texts(app)


@pytest.mark.parametrize("make", [lambda: PentaApp(seed=3), lambda: FarkleApp(seed=3)])
def test_the_notation_line_is_one_click_away_not_in_the_way(make):
    """The engine's notation (English keywords) is hidden until the learner asks for it."""
    app = make()
    app.roll()
    assert not app.notation_shown and app._line.layout.display == "none"
    assert str(app.game.situation) in html.unescape(app._line.value)  # kept up to date
    tooltip = app._notation_button.tooltip
    app._notation_button.click()
    assert app.notation_shown and app._notation_button.tooltip != tooltip
    app.show_notation(False)
    assert not app.notation_shown


def test_a_farkled_roll_stays_on_the_table_until_the_learner_continues():
    """Issue 25, §5: the computer's roll no longer replaces a learner's farkle within a
    second: the farkled dice stay, the status says so, and Continue (a button: keyboard
    operable) lets the computer play."""
    clock = ManualScheduler()
    app = farkle(humans=["Ada"], computer=True, target=5000, seed=4, speed=1.0, scheduler=clock)
    moves = 0
    while not app.waiting:
        assert not app.game.is_over and moves < 500
        if app.game.current_seat.computer:
            clock.advance(1.0)
        else:
            farkle_move(app)
        moves += 1
    lost = app.game.last_event
    assert lost.turn_lost and not app.game.seats[lost.seat].computer
    shown = [view.face for view in app._dice_row._views]
    clock.advance(60)  # a minute later: the computer has not rolled, the farkle is still shown
    assert app.game.last_event is lost and [v.face for v in app._dice_row._views] == shown
    assert "Press Continue when you have read it." in app._status.value
    shown = "dl-gone" not in app._continue_button._dom_classes
    assert shown and not app._continue_button.disabled
    assert app._continue_button.description == "Continue"
    assert any("nothing scores" in notice for notice in app.notices)
    assert app._roll_button.disabled
    app._continue_button.click()
    assert not app.waiting and "dl-gone" in app._continue_button._dom_classes
    clock.advance(1.0)
    assert app.game.last_event is not lost  # the computer plays on
    assert not app.proceed() and "nothing to continue" in app.notices[0]


def test_at_instant_speed_the_computer_does_not_wait():
    app = farkle(humans=["Ada"], computer=True, target=5000, seed=4)
    for _ in range(300):
        if app.game.is_over:
            break
        farkle_move(app)
        assert not app.waiting
