"""Undo for teaching, in both play apps: take back the last human move (and the computer's
moves after it), get back exactly the state and the widgets of before, roll the same dice
again, and never let the auto-score timer score twice."""

from __future__ import annotations

import threading

import pytest

from dicelab.farkle import Bank
from dicelab.penta.game import Score
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from dicelab.widgets.penta.app import PentaApp
from tests.widgets.helpers import find, snapshot


def penta(**kwargs) -> PentaApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    kwargs.setdefault("computer_player", "heuristic")  # no solver table needed
    return PentaApp(lang="en", animate=False, **kwargs)


def farkle(**kwargs) -> FarkleApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    return FarkleApp(lang="en", animate=False, **kwargs)


def look(app) -> list:
    """The widgets' visible state, but the notices (an undo says nothing there)."""
    return snapshot(app, skip=(app._notice_area,))


def penta_scores(app: PentaApp, seat: int | None = None) -> int:
    """Score events in the log (of ``seat`` only: its filled boxes)."""
    if seat is not None:
        return len(app.game.cards[seat].filled)
    return sum(isinstance(event, Score) for event in app.game.events)


def three_rolls(app: PentaApp) -> None:
    for _ in range(3):
        assert app.roll()


# -- the button ---------------------------------------------------------------------------


@pytest.mark.parametrize("make", [penta, farkle])
def test_the_undo_button_is_a_button_with_a_tooltip_disabled_with_nothing_to_undo(make):
    app = make(seed=5)
    undo = find(app, "dl-undo")
    assert undo.description == "Undo" and "Take back your last move" in undo.tooltip
    assert undo.disabled  # a Button: Tab reaches it, Enter and Space press it, once enabled
    before = look(app)
    assert not app.undo()
    assert app.notices == ["Nothing to undo: no player has made a move yet."]
    assert look(app) == before
    find(app, "dl-roll").click()
    assert not undo.disabled
    undo.click()
    assert app.game.events == () and undo.disabled


def test_penta_undo_is_refused_when_only_the_computer_has_moved():
    app = penta(players=["Comp", "Ada"], computer=[0], seed=3)
    assert app.game.events and app.game.current_player.name == "Ada"  # Comp played at once
    assert find(app, "dl-undo").disabled
    events = app.game.events
    assert not app.undo() and app.game.events == events


# -- Penta ----------------------------------------------------------------------------------


def test_penta_undo_restores_exactly_the_state_and_the_widgets_before():
    app = penta(players=["Ada", "Comp"], computer=[1], seed=11, auto_score=None)
    app.roll()
    game, before = app.game.copy(), look(app)
    app.hold(0)
    app.hold(3)
    assert app.undo() and app.undo()
    assert app.game == game and look(app) == before
    app.roll()
    game, before = app.game.copy(), look(app)
    app.roll()
    assert app.undo()
    assert app.game == game and look(app) == before
    assert find(app, "dl-roll").description == "Roll (1 roll left)"


def test_penta_undo_keeps_the_selected_box_within_the_turn():
    app = penta(players=["Ada"], seed=11, auto_score=None)
    app.roll()
    box = next(iter(app.game.options()))
    app.select(box)
    app.hold(0)
    assert app.undo() and app.selected == box
    assert "selected" in app.box_button(box).description


def test_penta_undo_after_the_computers_turn_returns_to_the_humans_last_decision():
    app = penta(players=["Ada", "Comp"], computer=[1], seed=11, auto_score=None)
    app.roll()
    app.roll()
    game, before = app.game.copy(), look(app)
    box = max(app.game.options(), key=app.game.options().get)
    assert app.score(box)
    computer_moves = len(app.game.events) - len(game.events) - 1
    assert computer_moves > 0 and app.game.current_player.name == "Ada"  # Comp played at once
    assert app.undo()
    assert app.game == game and look(app) == before
    assert app.game.current_player.name == "Ada" and app.selected is None
    assert app.game.dice == game.dice and app.game.rolls_left == 1
    other = min(app.game.options(), key=app.game.options().get)
    assert app.score(other)  # the learner tries another choice
    assert app.game.cards[0].filled.keys() == {other}


def test_penta_undo_while_the_computer_plays_step_by_step_stops_it():
    clock = ManualScheduler()
    app = penta(players=["Ada", "Comp"], computer=[1], seed=3, speed=1.0, scheduler=clock)
    app.roll()
    game = app.game.copy()
    app.score(next(iter(app.game.options())))
    clock.advance(1)  # Comp's first step
    assert app.game.current_player.name == "Comp" and len(app.game.events) == len(game.events) + 2
    assert not find(app, "dl-undo").disabled
    assert app.undo()
    assert app.game == game
    clock.advance(60)  # the computer step scheduled before the undo is a no-op
    assert app.game == game and app.game.current_player.name == "Ada"


def test_penta_roll_after_undo_rolls_the_same_dice():
    app = penta(players=["Ada"], seed=2026, auto_score=None)
    app.roll()
    app.hold(1)
    app.roll()
    rolled, faces = app.game.events[-1], [b.description for b in app.dice_buttons]
    assert app.undo()  # the second roll
    assert app.game.dice != rolled.dice or app.game.held
    app.roll()
    assert app.game.events[-1] == rolled  # the engine's Roll, its dice included
    assert [b.description for b in app.dice_buttons] == faces


# -- Penta: undo and the auto-score countdown ------------------------------------------------


def test_penta_undo_of_the_last_roll_cancels_the_countdown():
    clock = ManualScheduler()
    app = penta(players=["Ada", "Bob"], seed=5, scheduler=clock)
    three_rolls(app)
    token = app._epoch
    clock.advance(1)
    assert app.countdown == 2
    assert app.undo()
    assert app.countdown is None and app._countdown_label.value == "" and clock.pending == 0
    app._auto_fire(token)  # the old timer, had it survived: a no-op
    clock.advance(10)
    assert penta_scores(app) == 0 and app.game.rolls_left == 1
    app.roll()  # the last roll again: a fresh countdown
    assert app.countdown == 3
    clock.advance(3)
    assert penta_scores(app) == 1
    clock.advance(10)
    assert penta_scores(app) == 1


def test_penta_undo_of_a_timed_score_restarts_one_countdown_that_scores_once():
    clock = ManualScheduler()
    app = penta(players=["Ada", "Comp"], computer=[1], seed=5, scheduler=clock)
    three_rolls(app)
    first = app._epoch
    clock.advance(3)  # the timer scores Ada's roll; Comp plays at once
    assert penta_scores(app, 0) == 1 and app.game.current_player.name == "Ada"
    assert app.undo()  # Comp's turn and the timed score are taken back
    assert penta_scores(app) == 0 and app.game.rolls_left == 0
    assert app.countdown == 3  # back at Ada's last roll: the countdown starts again
    stale = app._epoch - 1
    app._auto_fire(first)
    app._auto_fire(stale)
    assert penta_scores(app) == 0
    clock.advance(3)
    assert penta_scores(app, 0) == 1
    clock.advance(30)
    assert penta_scores(app, 0) == 1


@pytest.mark.parametrize("undo_first", [True, False])
def test_penta_undo_and_the_timer_at_the_same_moment_never_score_twice(undo_first):
    clock = ManualScheduler()
    app = penta(players=["Ada", "Bob"], seed=5, scheduler=clock)
    undo = find(app, "dl-undo")
    app.roll()
    app.roll()
    if undo_first:
        clock.call_later(3, undo.click)  # queued before the timer: runs first at t = 3
    app.roll()  # the timer starts: due at t = 3
    if not undo_first:
        clock.call_later(3, undo.click)  # queued after the timer
    clock.advance(3)
    if undo_first:  # the last roll was taken back: the timer's call was stale
        assert penta_scores(app) == 0 and app.game.rolls_left == 1 and app.countdown is None
    else:  # the timer scored, the undo took the score back and a new countdown began
        assert penta_scores(app) == 0 and app.game.rolls_left == 0 and app.countdown == 3
    clock.advance(30)
    assert penta_scores(app) == (0 if undo_first else 1)


def test_penta_undo_and_the_timer_in_two_threads_never_score_twice():
    for _attempt in range(20):
        clock = ManualScheduler()
        app = penta(players=["Ada", "Bob"], seed=5, scheduler=clock)
        three_rolls(app)
        token = app._epoch
        barrier = threading.Barrier(2)

        def undo(app=app, barrier=barrier):
            barrier.wait()
            app.undo()

        def fire(app=app, barrier=barrier, token=token):
            barrier.wait()
            app._auto_fire(token)

        threads = [threading.Thread(target=undo), threading.Thread(target=fire)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert penta_scores(app) == 0  # either the roll or the timed score was taken back
        clock.advance(30)
        assert penta_scores(app) <= 1


# -- Farkle ---------------------------------------------------------------------------------

TRIPLE_SEED = 11  # first roll 6 3 3 4 3 2: three 3s
FARKLE_SEED = 16  # first roll 3 6 2 4 3 6 scores nothing


def press_best(app: FarkleApp) -> None:
    turn = app.game.turn
    options = turn.set_aside_options()
    dice = max(options, key=lambda d: (options[d], -len(d)))
    app.set_aside(*turn.positions_of(dice))


def test_farkle_undo_restores_exactly_the_state_and_the_widgets_before():
    app = farkle(humans=["Ada"], computer=False, seed=TRIPLE_SEED)
    app.roll()
    game, before = app.game.copy(), look(app)
    app.set_aside(1)  # chosen: no event yet
    app.set_aside(2, 4)  # three 3s: set aside
    assert app.game.turn.points == 300
    assert app.undo()
    assert app.game == game and look(app) == before and app.chosen == ()
    press_best(app)
    game, before = app.game.copy(), look(app)
    app.roll()
    assert app.undo()
    assert app.game == game and look(app) == before


def test_farkle_undo_after_the_computers_turn_returns_to_the_humans_last_decision():
    app = farkle(humans=["Ada"], computer=True, seed=TRIPLE_SEED)
    app.roll()
    press_best(app)
    game, before = app.game.copy(), look(app)
    assert app.bank()
    later = app.game.events[len(game.events) :]
    assert isinstance(later[0].move, Bank) and any(e.seat == 1 for e in later)
    assert not app.game.current_seat.computer  # the computer played its turn at once
    assert app.undo()
    assert app.game == game and look(app) == before
    assert app.game.totals == game.totals and app.game.turn.points == 300
    assert app.roll()  # the learner rolls on instead of banking
    assert app.game.events[-1].seat == 0


def test_farkle_undo_while_the_computer_plays_step_by_step_stops_it():
    clock = ManualScheduler()
    app = farkle(humans=["Ada"], computer=True, seed=TRIPLE_SEED, speed=1.0, scheduler=clock)
    app.roll()
    press_best(app)
    game = app.game.copy()
    app.bank()
    clock.advance(1)
    assert app.game.current_seat.computer and app.game.events[-1].seat == 1
    assert app.undo()
    assert app.game == game
    clock.advance(60)  # the computer's next step, scheduled before, is a no-op
    assert app.game == game


def test_farkle_roll_after_undo_rolls_the_same_dice():
    app = farkle(humans=["Ada"], computer=False, seed=TRIPLE_SEED)
    app.roll()
    press_best(app)
    app.roll()
    rolled, faces = app.game.events[-1], [b.description for b in app.dice_buttons]
    assert app.undo()
    app.roll()
    assert app.game.events[-1] == rolled  # the engine's event, dice included
    assert [b.description for b in app.dice_buttons] == faces


def test_farkle_undo_of_a_lost_turn_and_the_same_farkle_again():
    app = farkle(humans=["Ada"], computer=True, seed=FARKLE_SEED)
    app.roll()
    lost = next(e for e in app.game.events if e.turn_lost)
    assert lost.seat == 0 and not app.game.current_seat.computer  # the computer played on
    assert app.undo()
    assert app.game.events == () and app.game.turn.phase == "roll"
    app.roll()
    assert app.game.events[0] == lost
