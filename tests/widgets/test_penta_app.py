"""The Penta app driven like a player: clicks, keyboard-equivalent presses, the timer."""

from __future__ import annotations

import threading
from collections import Counter

import ipywidgets as widgets
import pytest

from dicelab.penta.game import Roll, Score
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.penta.app import PentaApp
from tests.helpers import app_unchanged as unchanged
from tests.widgets.helpers import find, snapshot, texts

JOKER_SEED = 257  # one player, "hold the most common face": Penta in turns 1 and 2 (2s)
SACRIFICE_SEED = 0  # one player, greedy single rolls: turn 8 must sacrifice


def make(**kwargs) -> PentaApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    kwargs.setdefault("computer_player", "heuristic")  # no solver table needed
    return PentaApp(lang="en", animate=False, **kwargs)


def scores(app: PentaApp) -> int:
    return sum(isinstance(event, Score) for event in app.game.events)


def best_cell(app: PentaApp):
    """The enabled box of the player to move that previews the most points."""
    seat = app.game.current_seat
    cells = [app.box_button(box, seat) for box in app.game.options()]
    return max(cells, key=lambda b: int(b.description.lstrip("+")))


def hold_most_common(app: PentaApp) -> None:
    dice = app.game.dice
    face = Counter(dice).most_common(1)[0][0]
    for i, die in enumerate(dice):
        if die == face and i not in app.game.held:
            app.dice_buttons[i].click()


# -- a whole game ---------------------------------------------------------------------------
def test_a_whole_game_of_two_humans_and_a_computer_to_the_end_screen():
    clock = ManualScheduler()
    app = make(players=["Ada", "Bob", "Cyd"], computer=[2], seed=11, scheduler=clock)
    roll, validate = find(app, "dl-roll"), find(app, "dl-validate")
    turn = 0
    while not app.game.is_over:
        assert app.game.current_player.name in ("Ada", "Bob")
        roll.click()
        hold_most_common(app)
        roll.click()
        if turn % 3 == 0:  # let the timer score some turns
            roll.click()
            assert app.countdown == 3 and "Scoring automatically in 3 s" in texts(app)
            clock.advance(3)
            assert "Time is up" in app.notices[0]
        else:
            best_cell(app).click()
            assert app.selected is not None
            validate.click()
        turn += 1
    assert turn == 26 and scores(app) == 39
    end = app._end
    assert end.layout.display is None and "Game over" in end.value
    for seat, total in zip(app.game.seats, app.game.totals, strict=True):
        assert seat.name in end.value and f"{total:,}" in end.value
    winners = [app.game.seats[i].name for i in app.game.winners]
    assert ("Winner: " if len(winners) == 1 else "Winners (a tie): ") + ", ".join(winners) in (
        end.value
    )
    assert roll.disabled and validate.disabled
    assert all(b.disabled for b in app.dice_buttons)


def test_the_computer_plays_step_by_step_at_the_chosen_speed():
    clock = ManualScheduler()
    app = make(players=["Ada", "Comp"], computer=[1], seed=3, speed=1.0, scheduler=clock)
    app.roll()
    app.score(next(iter(app.game.options())))
    assert app.game.current_player.name == "Comp" and "the computer is playing" in app._status.value
    events = len(app.game.events)
    clock.advance(1)
    assert len(app.game.events) == events + 1 and isinstance(app.game.events[-1], Roll)
    assert app.game.dice is not None and app.dice_buttons[0].description[0].isdigit()
    assert all(b.disabled for b in app.dice_buttons) and find(app, "dl-roll").disabled
    with unchanged(app):
        app.roll()  # a human cannot play the computer's turn
    assert "the computer is playing it" in app.notices[0]
    clock.advance(30)
    assert app.game.current_player.name == "Ada"
    assert any("Comp scored" in n for n in app.computer_log)  # the log, not the notices


def test_speed_zero_plays_a_computer_turn_at_once():
    app = make(players=["Comp", "Ada"], computer=[0], seed=3)
    assert app.game.current_player.name == "Ada"
    assert len(app.game.cards[0].filled) == 1


# -- dice: keyboard and text ----------------------------------------------------------------
def test_held_dice_are_written_as_text_and_pressable_by_keyboard():
    app = make(players=["Ada"], seed=2026)
    assert [b.description for b in app.dice_buttons] == ["not rolled"] * 5
    assert all(b.disabled for b in app.dice_buttons)
    app.roll()
    buttons = app.dice_buttons
    assert [b.description for b in buttons] == ["3", "3", "4", "6", "4"]
    assert buttons[0].tooltip == "Hold this die"
    buttons[0].click()  # a Button: Enter and Space press it in the browser
    assert buttons[0].description == "3, held" and buttons[0].tooltip == "Release this die"
    assert "dl-held" in buttons[0]._dom_classes and app.game.held == {0}
    buttons[0].click()
    assert buttons[0].description == "3" and app.game.held == set()
    app.hold(1)
    app.roll()
    assert buttons[1].description == "3, held"
    assert find(app, "dl-roll").description == "Roll (1 roll left)"


# -- joker and sacrifice --------------------------------------------------------------------
def test_joker_forbidden_boxes_are_disabled_with_the_reason():
    app = make(players=["Ada"], seed=JOKER_SEED)
    for _turn in range(2):
        app.roll()
        while len(set(app.game.dice)) > 1:
            hold_most_common(app)
            app.roll()
        if app.game.card.points("penta") is None:
            app.score("penta")
    assert app.game.dice == (2, 2, 2, 2, 2)
    twos = app.box_button("twos")
    assert twos.description == "+110" and not twos.disabled
    # The button shows "+110"; its tooltip, read as its name, says the box and why.
    assert (
        twos.tooltip == "Twos: +110. Joker: five 2s must go in Twos: 10 points. Penta bonus: +100."
    )
    assert "dl-label-title" in twos._dom_classes
    chance = app.box_button("chance")
    assert chance.disabled and chance.description == "—"
    assert chance.tooltip == "Chance: —. Joker: five 2s must go in Twos."
    assert "dl-forbidden" in chance._dom_classes
    with unchanged(app):
        chance.click()
    assert app.notices[0].startswith("Chance is not allowed for this roll.")
    assert app.box_button("penta").description == "50"  # filled: its points
    # The reason is also written in the status, not only in a disabled button's tooltip.
    assert "dl-forbidden-why" in app._status.value
    assert "Joker: five 2s must go in Twos." in app._status.value


def test_the_sacrifice_message_shows_when_no_box_scores():
    app = make(players=["Ada"], seed=SACRIFICE_SEED)
    for _turn in range(7):
        app.roll()
        assert "must sacrifice" not in app._status.value
        best_cell(app).click()
        find(app, "dl-validate").click()
    app.roll()
    assert "No open box scores points: you must sacrifice one" in app._status.value
    assert "dl-sacrifice" in app._status.value
    assert {app.box_button(b).description for b in app.game.options()} == {"+0"}


# -- the auto-score race --------------------------------------------------------------------
def three_rolls(app: PentaApp) -> None:
    for _ in range(3):
        app.roll()


@pytest.mark.tables
def test_the_timer_scores_the_computers_choice_after_three_seconds():
    clock = ManualScheduler()
    app = make(players=["Ada", "Bob"], seed=5, scheduler=clock)
    three_rolls(app)
    choice = app.game.computer_choice()
    clock.advance(2.99)
    assert scores(app) == 0 and app.countdown == 1
    clock.advance(0.01)
    assert scores(app) == 1 and app.game.cards[0].filled.keys() == {choice}
    assert app.countdown is None and app._countdown_label.value == ""


def test_a_click_and_the_timer_at_the_same_moment_score_once():
    clock = ManualScheduler()
    app = make(players=["Ada", "Bob"], seed=5, scheduler=clock)
    validate = find(app, "dl-validate")
    app.roll()
    app.roll()
    clock.call_later(3, validate.click)  # queued first: runs first at t = 3
    app.roll()  # the timer starts: due at t = 3 too
    app.select(next(iter(app.game.options())))
    clock.advance(3)
    assert scores(app) == 1 and app.game.current_player.name == "Bob"
    clock.advance(10)
    assert scores(app) == 1


def test_the_timer_first_then_the_click_scores_once():
    clock = ManualScheduler()
    app = make(players=["Ada", "Bob"], seed=5, scheduler=clock)
    three_rolls(app)
    app.select(next(iter(app.game.options())))
    clock.advance(3)  # fires: scores the selected box
    find(app, "dl-validate").click()  # the click arrives a moment later
    assert scores(app) == 1
    assert app.notices == ["Select a box in your scorecard first."]


def test_the_timer_dies_with_the_turn():
    clock = ManualScheduler()
    app = make(players=["Ada", "Bob"], seed=5, scheduler=clock)
    three_rolls(app)
    assert app.score(next(iter(app.game.options())))
    assert app.countdown is None and clock.pending == 0
    app.roll()
    clock.advance(10)  # Bob rolled once: no timer, nothing scored
    assert scores(app) == 1 and app.game.dice is not None


def test_a_stale_fire_is_a_no_op_even_if_not_cancelled():
    clock = ManualScheduler()
    app = make(players=["Ada", "Bob"], seed=5, scheduler=clock)
    three_rolls(app)
    token = app._epoch
    app.score(next(iter(app.game.options())))
    three_rolls(app)  # Bob's last roll: a new token
    app._auto_fire(token)  # Ada's old timer, had it survived
    assert scores(app) == 1


def test_a_click_and_the_timer_in_two_threads_score_once():
    for _attempt in range(20):
        app = make(players=["Ada", "Bob"], seed=5)
        three_rolls(app)
        app.select(next(iter(app.game.options())))
        token = app._epoch
        barrier = threading.Barrier(2)

        def click(app=app, barrier=barrier):
            barrier.wait()
            app.validate()

        def fire(app=app, barrier=barrier, token=token):
            barrier.wait()
            app._auto_fire(token)

        threads = [threading.Thread(target=click), threading.Thread(target=fire)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert scores(app) == 1


def test_auto_score_can_be_switched_off():
    clock = ManualScheduler()
    app = make(players=["Ada"], seed=5, scheduler=clock, auto_score=None)
    three_rolls(app)
    clock.advance(60)
    assert scores(app) == 0 and app.countdown is None


# -- illegal attempts change nothing --------------------------------------------------------
def test_every_illegal_attempt_leaves_the_widgets_as_they_were():
    app = make(players=["Ada", "Bob"], seed=5, auto_score=None)
    with unchanged(app):
        app.dice_buttons[0].click()  # hold before rolling (the button is disabled, still refused)
    assert app.notices == ["Roll first: there are no dice on the table to hold."]
    with unchanged(app):
        find(app, "dl-validate").click()
    with unchanged(app):
        app.select("chance")
    assert app.notices == ["Roll first: at least one roll comes before scoring."]
    three_rolls(app)
    with unchanged(app):
        find(app, "dl-roll").click()
    assert app.notices[0].startswith("No rolls left")
    with unchanged(app):
        app.hold(2)
    with unchanged(app):
        app.select("nonsense")
    app.score("chance")
    app.roll()
    app.score("chance")  # Bob
    app.roll()
    chance = app.box_button("chance", 0)  # Ada's Chance is filled: nothing to press
    assert not isinstance(chance, widgets.Button) and chance.disabled
    assert "dl-filled" in chance._dom_classes
    assert chance.description == f"{app.game.cards[0].filled['chance']:,}"
    with unchanged(app):
        app.select("chance")
    assert app.notices[0].startswith("Chance is already filled.")
    with unchanged(app):
        app.new_game(players=[f"P{i}" for i in range(7)])
    assert app.notices == ["A game has 1 to 6 players, not 7."]


def test_an_unexpected_error_is_a_clean_card(monkeypatch, caplog):
    app = make(players=["Ada"], seed=5)

    def broken():
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(app.game, "roll", broken)
    find(app, "dl-roll").click()
    assert "Something went wrong" in app._notice_area.value
    assert "RuntimeError" not in texts(app) and "Traceback" not in texts(app)
    assert "engine exploded" in caplog.text


# -- new game panel, language, advisor -----------------------------------------------------
def test_the_new_game_panel_starts_a_game():
    app = make(players=["Ada"], seed=5)
    assert app._panel_box.children == ()  # built only when opened
    find(app, "dl-new-game").click()
    panel = app.new_game_panel
    assert find(app, "dl-start").description == "Start the game"
    app._count_pick.value = 3
    app._rows.names[0].value = "Zoé"
    app._rows.computer[1].value = False
    app._rows.computer[2].value = True
    app._rules_pick.value = "official"
    app._seed_text.value = "42"
    app._auto_check.value = False
    find(app, "dl-start").click()
    game = app.game
    assert [s.name for s in game.seats] == ["Zoé", "Player 2", "Player 3"]
    assert [s.is_computer for s in game.seats] == [False, False, True]
    assert game.rules.name == "official" and game.seed == 42 and app.auto_score is None
    assert app._panel_box.children == () and panel is app.new_game_panel
    assert len(app._grid.headers) == 3


def test_a_bad_seed_is_refused_and_the_game_kept():
    app = make(players=["Ada"], seed=5)
    app.roll()
    app.open_new_game()
    app._seed_text.value = "abc"
    game = app.game
    find(app, "dl-start").click()
    assert app.game is game and "seed" in app.notices[0]


def test_language_switch_keeps_the_game_and_redraws():
    app = make(players=["Ada", "Bob"], seed=5)
    app.roll()
    app.hold(0)
    before = snapshot(app)
    app._language.value = "en"
    app.set_language("en")
    assert snapshot(app) == before
    assert find(app, "dl-lang").value == "en"


class FakeSolver:
    def option_values(self, card, dice, rolls_left):
        values = {box: 100.0 + i for i, box in enumerate(card.options(dice))}
        if rolls_left:
            values[()] = 99.0
            values[tuple(sorted(dice))[:2]] = 200.0
        return values

    def regret(self, card, dice, rolls_left, action):
        values = self.option_values(card, dice, rolls_left)
        return max(values.values()) - values[action]

    def expected_final(self, card):
        return 123.4


def test_the_advisor_opens_lazily_and_shows_values_and_the_cost_of_the_last_choice():
    app = make(players=["Ada"], seed=2026)
    panel = app._advisor
    assert panel.progress is None  # nothing built while closed
    panel._solver_for = lambda rules: FakeSolver()
    panel._is_ready = lambda solver: True
    app.open_advisor()
    assert "123.4" in panel.text
    app.roll()
    assert "Keep 3 3" in panel.text and "(best)" in panel.text
    app.score("chance")
    assert "last choice (Score Chance) cost" in panel.text
    find(app, "dl-advisor-toggle").value = False
    assert panel.text == ""


def test_the_advisor_builds_its_tables_with_a_progress_bar(monkeypatch):
    import dicelab.widgets.common.advisor as advice

    jobs = []
    monkeypatch.setattr(advice, "run_in_background", jobs.append)
    app = make(players=["Ada"], seed=2026)
    panel = app._advisor
    panel._solver_for = lambda rules: FakeSolver()
    panel._is_ready = lambda solver: False
    panel._build = lambda solver, progress: progress(0.5)
    app.open_advisor()
    assert "Building the advisor" in panel.text and panel.progress.layout.display is None
    assert panel.building
    jobs.pop()()  # the background build finishes
    assert not panel.building and panel.progress.value == 0.5
    assert panel.progress.layout.display == "none" and "123.4" in panel.text


@pytest.mark.tables
def test_the_real_advisor_when_its_table_is_cached():
    app = make(players=["Ada"], seed=2026)
    app.open_advisor()
    app.roll()
    assert "Expected final score" in app._advisor.text


class SlowSolver:
    """A solver whose table is not cached: building it takes a (fake) while."""

    built = False

    @property
    def path(self):
        from pathlib import Path

        return Path("/nonexistent/table.npy")

    _table = None

    def build(self, progress=None):
        progress(0.5)
        progress(1.0)
        SlowSolver.built = True
        self._table = True


class SlowPlayer:
    name = "slowpoke"

    def __init__(self):
        self._solver = SlowSolver()

    def solver(self, rules):
        return self._solver

    def choose(self, situation):
        from dicelab.penta import players

        return players.get("heuristic").choose(situation)


def test_computer_turns_wait_for_their_tables_with_a_progress_bar(monkeypatch):
    import dicelab.widgets.penta.app as penta_app
    from dicelab.penta import players

    players.register("slowpoke", SlowPlayer, replace=True)
    jobs = []
    monkeypatch.setattr(penta_app, "run_in_background", jobs.append)
    clock = ManualScheduler()
    app = make(
        players=["Ada", "Comp"],
        computer=[1],
        seed=3,
        scheduler=clock,
        computer_player="slowpoke",
        auto_score=None,
    )
    app.roll()
    app.score(next(iter(app.game.options())))
    assert app.game.current_player.name == "Comp" and len(jobs) == 1
    assert "Preparing the computer player" in app._prep_label.value
    assert app._prep_bar.layout.display is None
    moves = len(app.game.events)
    jobs.pop()()  # the build finishes in the background
    assert app._prep_bar.value == 1.0 and app._prep_bar.layout.display == "none"
    clock.advance(0)  # back on the kernel's loop: the computer plays
    assert len(app.game.events) > moves and app.game.current_player.name == "Ada"
    assert app._prep_label.value == ""


@pytest.mark.parametrize("delay", [-1, float("nan"), float("inf"), "3"])
def test_an_impossible_auto_score_delay_is_refused(delay):
    from dicelab import IllegalMove

    with pytest.raises(IllegalMove, match="auto-score delay"):
        make(auto_score=delay)
    app = make(players=["Ada"], auto_score=2)
    assert not app.new_game(players=["Ada"], auto_score=delay)
    assert app.auto_score == 2 and "auto-score delay" in app.notices[0]


def test_the_apps_own_player_names_follow_the_language_in_notices_and_advice():
    clock = ManualScheduler()
    app = make(players=None, computer=[], seed=5, scheduler=clock)
    three_rolls(app)
    clock.advance(3)
    app.set_language("fr")
    joined = " ".join(app.notices)
    assert "Player 1" not in joined and "Joueur 1" in joined


def test_rolled_dice_tumble_before_their_faces_show():
    """The new faces never flash before the tumble: they land when the dice stop."""
    clock = ManualScheduler()
    app = PentaApp(players=["Ada"], seed=2026, lang="en", scheduler=clock, animate=True)
    seen: list[str] = []
    app.dice_buttons[0].observe(lambda change: seen.append(change["new"]), "description")
    app.roll()
    assert seen and seen[0] == "rolling…" and app.dice_buttons[0].description == "rolling…"
    assert app.dice_buttons[0].disabled
    clock.advance(1)
    assert app.dice_buttons[0].description == str(app.game.dice[0])
    assert not app.dice_buttons[0].disabled


# -- issue 25, §5: the 3-s auto-score, seen, heard, stopped, and turned off by a page ------------


def test_the_countdown_is_on_screen_in_words_and_the_learner_can_stop_it():
    clock = ManualScheduler()
    app = make(players=["Ada"], seed=5, scheduler=clock, computer_player=None)
    assert app.auto_score == 3.0  # the play app's default, a rule of the seed
    three_rolls(app)
    html = app._countdown_label.value
    assert 'role="timer"' in html and "Scoring automatically in 3 s" in html
    assert (
        'role="status">The best box for these dice will be scored automatically in 3 seconds, '
        "unless you choose one or stop the timer.</span>" in html
    )
    stop = find(app, "dl-stop-timer")
    assert "dl-gone" not in stop._dom_classes and stop.description == "Stop the timer"
    clock.advance(1)
    assert "Scoring automatically in 2 s" in app._countdown_label.value
    stop.click()
    assert app.auto_score is None and app.countdown is None
    assert app._countdown_label.value == "" and "dl-gone" in stop._dom_classes
    assert app.notices[0].startswith("The timer is off: choose a box")
    clock.advance(60)
    assert scores(app) == 0  # nothing scored on its own
    assert not app.stop_timer() and "already off" in app.notices[0]


def test_a_page_turns_the_auto_score_off_or_sets_it_and_a_wrong_value_says_what_is_allowed(
    monkeypatch,
):
    from dicelab import page_request
    from dicelab.widgets import launch

    monkeypatch.setattr(page_request, "_page_waited", False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)

    def page(query: str):
        monkeypatch.setenv("QUERY_STRING", query)
        return launch("PentaApp", scheduler=ManualScheduler(), animate=False, speed=0)

    assert page("lang=en&autoscore=off").auto_score is None
    assert page("autoscore=0").auto_score is None
    assert page("autoscore=10").auto_score == 10.0
    assert page("lang=en").auto_score == 3.0
    refused = page("lang=en&autoscore=abc")
    assert isinstance(refused, widgets.HTML) and "Traceback" not in refused.value
    assert "a whole number of seconds from 1 to 60; not &#x27;abc&#x27;" in refused.value or (
        "a whole number of seconds from 1 to 60; not 'abc'" in refused.value
    )
    off = page("lang=en&autoscore=off")
    three_rolls(off)
    assert off.countdown is None and off._stop_timer_button is None  # never made


def test_letters_in_the_seconds_field_are_refused_with_words_not_emptied():
    """Issue 25, §5: a browser's number box empties itself on "abc" without a word; the
    field is text, and Start says what is allowed."""
    app = make(players=["Ada"], seed=1)
    panel = app.new_game_panel
    assert isinstance(app._delay_pick, widgets.Text)
    app._delay_pick.value = "abc"
    before = app.game
    assert not app.start()
    assert app.game is before
    assert "The auto-score delay is a number of seconds above 0" in app.notices[0]
    assert "not 'abc'" in app.notices[0] and app._delay_pick.value == "abc"
    app._delay_pick.value = "2,5"
    assert app.start() and app.auto_score == 2.5
    assert panel is not None
