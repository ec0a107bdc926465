"""The Farkle app driven like a player: dice pressed, refusals explained, banners, the computer."""

from __future__ import annotations

import html
import re

from dicelab.farkle import Bank
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from tests.helpers import app_unchanged as unchanged
from tests.widgets.helpers import find, snapshot, texts

REFUSED_SEED = 0  # first roll 4 6 4 2 1 2: only the 1 counts
TRIPLE_SEED = 11  # first roll 6 3 3 4 3 2: three 3s
FARKLE_SEED = 16  # first roll 3 6 2 4 3 6 scores nothing
HOT_SEED = 28  # first roll 2 5 1 1 2 5: three pairs, all six dice
STEADY_SEED = 15  # the best set-aside of each of the first three rolls scores


def make(**kwargs) -> FarkleApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    return FarkleApp(lang="en", animate=False, **kwargs)


def banners(app: FarkleApp) -> list[str]:
    return [n.message.render("en") for n in app._notices if n.banner]


def press_best(app: FarkleApp) -> None:
    """Press, die by die, the dice of the set-aside worth the most points."""
    turn = app.game.turn
    options = turn.set_aside_options()
    dice = max(options, key=lambda d: (options[d], -len(d)))
    for position in turn.positions_of(dice):
        app.dice_buttons[position].click()


def test_a_whole_game_with_the_computer_to_the_winner_banner():
    app = make(humans=["Ada", "Bob"], computer=True, target=5000, seed=4)
    roll, bank = find(app, "dl-roll"), find(app, "dl-bank")
    seen: set[str] = set()
    while not app.game.is_over:
        turn = app.game.turn
        if turn.phase == "set_aside":
            press_best(app)
        elif turn.can_bank and turn.points >= 350:
            bank.click()
        else:
            roll.click()
        seen.update(banners(app))
    assert {"Turn lost!", "Last round!"} <= seen  # "Game over!" is the end card's, not a banner
    winners = [app.game.seats[i].label.render("en") for i in app.game.winners]
    assert app._end.value.count("dl-banner") == 1 and "Game over!" in app._end.value
    assert f"Winner: {winners[0]}" in app._end.value
    assert "winner" in app._scores.children[app.game.winners[0]].children[0].value
    assert roll.disabled and bank.disabled
    computer = app.game.seats[2]
    assert computer.computer and any(e.seat == 2 for e in app.game.events)


def test_totals_show_progress_toward_the_target():
    app = make(humans=["Ada"], computer=False, target=5000, seed=REFUSED_SEED)
    app.roll()
    app.set_aside(4)
    app.bank()
    label, bar = app._scores.children[0].children
    assert "Ada" in label.value and "100 of 5,000" in label.value
    assert (bar.value, bar.max) == (100, 5000)


def test_a_refused_die_is_explained_and_stays_in_play():
    app = make(humans=["Ada"], computer=False, seed=REFUSED_SEED)
    app.roll()
    die = app.dice_buttons[3]
    assert die.description == "2" and die.tooltip == "Set this die aside"
    with unchanged(app):
        die.click()
    assert app.notices[0].startswith("The 2 cannot count:")
    assert app.notices[0].endswith("Dice of this roll that can count: 1.")
    assert die.description == "2" and app.game.turn.kept == ()


def test_the_dice_of_a_combination_are_chosen_then_set_aside_together():
    app = make(humans=["Ada"], computer=False, seed=TRIPLE_SEED)
    app.roll()
    buttons = app.dice_buttons
    buttons[1].click()
    assert buttons[1].description == "3, chosen" and "dl-held" in buttons[1]._dom_classes
    assert app.game.turn.kept == () and app.chosen == (1,)
    buttons[1].click()  # pressed again: back in play
    assert buttons[1].description == "3" and app.chosen == ()
    app.set_aside(1, 2)
    assert app.game.turn.kept == ()
    buttons[4].click()
    assert app.game.turn.kept == (1, 2, 4) and app.game.turn.points == 300
    assert [b.description for b in buttons] == [
        "6",
        "3, set aside",
        "3, set aside",
        "4",
        "3, set aside",
        "2",
    ]
    assert buttons[1].disabled and not buttons[0].disabled
    assert find(app, "dl-bank").description == "Bank 300"
    assert find(app, "dl-roll").description == "Roll 3 dice"
    app.roll()
    assert app._dice_row.children[:-1] == tuple(app.dice_buttons[:3])  # only the dice in play
    assert app._dice_row.children[-1] is app._dice_row.said  # and the dice in words


def test_turn_lost_banner_and_the_lost_dice():
    app = make(humans=["Ada", "Bob"], computer=False, seed=FARKLE_SEED)
    app.roll()
    assert banners(app) == ["Turn lost!"]
    assert "Turn lost!" in app._notice_area.value and "dl-banner" in app._notice_area.value
    assert "Ada rolled 3 6 2 4 3 6: nothing scores" in texts(app)
    assert [b.description for b in app.dice_buttons] == ["3", "6", "2", "4", "3", "6"]
    assert all(b.disabled for b in app.dice_buttons)
    assert "Bob to play" in app._status.value


def test_at_instant_a_learners_farkle_is_still_told_after_the_computers_whole_turn():
    # At the speed "Instant" the farkle and the computer's turn come in one answer: the page
    # never draws the losing roll, so the notice (an alert, read out) must stay until the
    # learner acts again, beside the computer's log.
    app = make(humans=["Ada"], computer=True, seed=FARKLE_SEED, speed=0)
    app.roll()
    assert not app.game.current_seat.computer and len(app.game.events) > 1  # the AI played
    assert banners(app) == ["Turn lost!"]
    assert 'role="alert"' in app._notice_area.value and "Turn lost!" in app._notice_area.value
    assert "Ada rolled 3 6 2 4 3 6: nothing scores, 0 points lost." in texts(app)
    assert app.computer_log == [
        "AI rolled 3 3 2 4 3 1.",
        "AI set aside 1 3 3 3: 400 points.",
        "AI banked 400 points.",
    ]
    app.roll()  # the learner's next action (5 5 4 1 4 4, it scores): the notice is gone
    assert app.notices == [] and app.computer_log == []


def test_hot_dice_banner():
    app = make(humans=["Ada"], computer=False, seed=HOT_SEED)
    app.roll()
    press_best(app)
    assert banners(app) == ["Hot dice!"]
    assert app.game.turn.points == 750
    assert find(app, "dl-roll").description == "Roll 6 dice"


def test_every_illegal_attempt_leaves_the_widgets_as_they_were():
    app = make(humans=["Ada"], computer=False, seed=REFUSED_SEED)
    with unchanged(app):
        find(app, "dl-bank").click()
    assert app.notices[0].startswith("Roll first")
    with unchanged(app):
        app.dice_buttons[0].click()
    app.roll()
    with unchanged(app):
        find(app, "dl-roll").click()  # something must be set aside first
    assert app.notices[0].startswith("Set aside at least one scoring die before you roll again")
    with unchanged(app):
        find(app, "dl-bank").click()
    with unchanged(app):
        app.set_aside(9)
    with unchanged(app):
        app.new_game(humans=7)
    with unchanged(app):
        app.new_game(humans=1, target=1234)


def test_a_human_cannot_play_the_computers_turn_and_it_plays_step_by_step():
    clock = ManualScheduler()
    app = make(humans=["Ada"], computer=True, seed=REFUSED_SEED, speed=1.0, scheduler=clock)
    app.roll()
    app.set_aside(4)
    app.bank()
    assert app.game.current_seat.computer and "the computer is playing" in app._status.value
    with unchanged(app):
        app.roll()
    assert "the computer is playing it" in app.notices[0]
    moves = len(app.game.moves)
    clock.advance(1)
    assert len(app.game.moves) == moves + 1
    clock.advance(60)
    assert not app.game.current_seat.computer
    assert any(isinstance(e.move, Bank) or e.turn_lost for e in app.game.events[moves:])


def test_the_new_game_panel():
    app = make(humans=["Ada"], seed=1)
    assert app._panel_box.children == ()
    find(app, "dl-new-game").click()
    assert "Humans + 1 AI" in app._lineup.value
    app._computer_check.value = False
    assert "Humans only" in app._lineup.value
    app._computer_check.value = True
    app._count_pick.value = 2
    app._rows.names[1].value = "Bea"
    app._target_pick.value = 15000
    app._rules_pick.value = "minimal"
    app._seed_text.value = "9"
    find(app, "dl-start").click()
    game = app.game
    assert [s.label.render("en") for s in game.seats] == ["Player 1", "Bea", "AI"]
    assert game.target == 15000 and game.rules.name == "minimal" and game.seed == 9
    assert app._panel_box.children == () and len(app._scores.children) == 3


def test_the_risk_panel_opens_lazily_and_reads_the_engine():
    app = make(humans=["Ada"], computer=True, seed=TRIPLE_SEED)
    assert app._risk.progress is None
    find(app, "dl-advisor-toggle").value = True
    text = app._risk.text
    assert "Chance that 6 dice score nothing" in text and "5/216" in text
    assert "The computer would" in text and "Expected turn points if you roll on" in text
    app.roll()
    assert "The optimal player would set aside" in app._risk.text
    app.set_aside(1, 2, 4)
    text = app._risk.text
    assert "Chance that 3 dice score nothing" in text and "5/18" in text
    assert "Points if you bank now" in text and "The computer would</td><td>bank" in text
    app.open_risk(False)
    assert app._risk.text == ""


def test_language_switch_keeps_the_game():
    app = make(humans=["Ada"], computer=True, seed=TRIPLE_SEED)
    app.roll()
    app.set_aside(1)
    before = snapshot(app)
    app.set_language("en")
    assert snapshot(app) == before and app.chosen == (1,)


def test_an_unexpected_error_is_a_clean_card(monkeypatch, caplog):
    app = make(humans=["Ada"], computer=False, seed=1)

    def broken():
        raise KeyError("boom")

    monkeypatch.setattr(app.game, "roll", broken)
    find(app, "dl-roll").click()
    assert "Something went wrong" in app._notice_area.value and "KeyError" not in texts(app)
    assert "boom" in caplog.text


def set_aside_row(app: FarkleApp) -> str | None:
    """The text of the "set aside this turn" row (None when it is not shown)."""
    match = re.search(r'<div class="dl-set-aside">([^<]*)</div>', app._status.value)
    return html.unescape(match.group(1)) if match else None


def test_the_dice_set_aside_from_earlier_rolls_of_the_turn_are_shown():
    app = make(humans=["Ada"], computer=False, seed=STEADY_SEED)
    app.roll()
    assert set_aside_row(app) is None  # nothing set aside yet
    groups = []
    for _roll in range(3):
        if groups:
            app.roll()
        press_best(app)
        groups.append(app.game.turn.kept_dice)  # this roll's dice, as the engine keeps them
        dice = ", ".join(" ".join(map(str, group)) for group in groups)
        points = f"{app.game.turn.points:,}"
        assert set_aside_row(app) == f"Set aside this turn: {dice} = {points}"
    assert len(groups) == 3 and f"Turn points: {app.game.turn.points}" in app._turn_label.value
    app.set_language("fr")
    assert set_aside_row(app).startswith("Mis de côté ce tour\u00a0: ")
    app.set_language("en")
    app.undo()  # the last set-aside taken back: its group goes
    dice = ", ".join(" ".join(map(str, group)) for group in groups[:2])
    assert set_aside_row(app) == f"Set aside this turn: {dice} = {app.game.turn.points:,}"
    press_best(app)
    app.bank()
    assert set_aside_row(app) is None  # a new turn


def test_the_set_aside_row_shows_the_computers_turn_too():
    clock = ManualScheduler()
    app = make(humans=["Ada"], computer=True, seed=STEADY_SEED, speed=1.0, scheduler=clock)
    app.roll()
    press_best(app)
    app.bank()
    assert set_aside_row(app) is None
    seen = 0
    for _step in range(60):
        clock.advance(1)
        turn = app.game.turn
        if not app.game.current_seat.computer:
            break
        if turn.kept:
            assert set_aside_row(app).endswith(f" = {turn.points:,}")
            assert " ".join(map(str, turn.kept_dice)) in set_aside_row(app)
            seen += 1
    assert seen and not app.game.current_seat.computer
