"""Class mode in the play apps (issue 14): one game for a whole class, from the constructor or a
link; the result code on the end card and on demand (docs/classroom.md)."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from dicelab import page_request
from dicelab.classroom.codes import read_result_code, result_code
from dicelab.errors import IllegalMove
from dicelab.penta import Game as PentaGame
from dicelab.penta.rules import Rules
from dicelab.widgets import launch
from dicelab.widgets.common.classmode import ClassLinkError, class_options
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from dicelab.widgets.penta.app import PentaApp
from tests.widgets.helpers import find
from tests.widgets.test_endgame import farkle_move, penta_turn, visible

HIDDEN = "dl-class-hidden"


def penta(**kwargs) -> PentaApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    kwargs.setdefault("lang", "en")
    return PentaApp(animate=False, **kwargs)


def farkle(**kwargs) -> FarkleApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("speed", 0)
    kwargs.setdefault("lang", "en")
    return FarkleApp(animate=False, **kwargs)


def hidden(widget) -> bool:
    return HIDDEN in widget._dom_classes


def code_in(card: str) -> str:
    """The result code written in the read-only text box of a card's HTML."""
    found = re.findall(r'<textarea class="dl-code"[^>]*>([^<]*)</textarea>', card)
    assert len(found) == 1, card
    return html.unescape(found[0])


def names(game) -> list:
    return [getattr(seat, "name", None) for seat in game.seats]


# -- class mode from the constructor --------------------------------------------------------


def test_a_penta_class_game_from_the_constructor():
    app = penta(class_seed=42)
    game = app.game
    assert app.in_class_game and app.class_seed == 42
    assert game.duplicate and game.seed == 42
    assert [seat.player for seat in game.seats] == [None, "optimal"]  # the optimal computer
    assert app.auto_score is None  # every box is the learner's own choice
    assert "Class game · seed 42" in app._class_line.value
    # No undo; New game, the advisor and the review are hidden until the end.
    for widget in (
        app._undo_button,
        app._new_game_button,
        app._advisor,
        app.review_panel,
        app.review_panel.button,
    ):
        assert hidden(widget)
    assert not hidden(app._code_button)
    app.roll()
    app.roll()
    app.roll()
    assert app.countdown is None  # no auto-score after the last roll
    assert not app.undo()
    assert app.notices[0].startswith("In a class game, moves are not taken back")
    app.open_advisor()
    assert not app._advisor.is_open
    assert app.notices[0].startswith("In a class game, every player decides alone")


def test_a_farkle_class_game_from_the_constructor_and_alone():
    app = farkle(class_seed="7")
    assert app.game.duplicate and app.game.seed == 7 and len(app.game.seats) == 2
    assert app.game.seats[1].computer
    assert "Class game · seed 7" in app._class_line.value
    assert "same computer player" in app._class_line.value
    assert hidden(app._risk) and hidden(app._undo_button) and hidden(app.review_panel.button)
    app.open_risk()
    assert not app._risk.is_open
    solo = farkle(class_seed=7, solo=True)
    assert len(solo.game.seats) == 1 and not solo.game.seats[0].computer
    assert "computer" not in solo._class_line.value
    assert len(penta(class_seed=7, solo=True).game.seats) == 1


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"class_seed": "forty-two"}, "A seed is a whole number from 0 to"),
        ({"class_seed": -1}, "A seed is a whole number from 0 to"),
        ({"class_seed": 2**64}, "A seed is a whole number from 0 to"),
        ({"class_seed": " "}, "A class game needs a seed"),
        ({"class_seed": 42, "seed": 1}, "A class game is the same for everyone"),
        ({"class_seed": 42, "players": ["Ada"]}, "chooses its own players"),
        ({"solo": True}, "solo=True is for a class game"),
        ({"class_seed": 42, "solo": "yes"}, "solo is True or False"),
    ],
)
def test_odd_class_options_are_refused_with_what_is_allowed(options, words):
    with pytest.raises(IllegalMove, match=re.escape(words)):
        penta(**options)


def test_a_new_game_from_the_panel_leaves_the_class_game():
    app = penta(class_seed=42, computer_player=None)
    assert app.new_game(players=["Ada"], seed=5)
    assert not app.in_class_game and not app.game.duplicate
    assert app._class_line.value == ""
    assert not hidden(app._undo_button) and not hidden(app._advisor)
    app.roll()
    assert app.undo()


# -- the same dice for everyone ----------------------------------------------------------------


def test_two_penta_learners_with_one_class_seed_see_the_same_dice_in_round_2():
    ada, bea = penta(class_seed=42, solo=True), penta(class_seed=42, solo=True)
    ada.roll()
    assert ada.score("chance")  # Ada scores her first roll at once
    bea.roll()
    bea.hold(0)
    bea.roll()
    bea.roll()  # Bea rolls twice more and scores elsewhere
    assert bea.score(next(box for box in bea.game.options() if box != "chance"))
    assert ada.game.turn_number == bea.game.turn_number == 2
    ada.roll()
    bea.roll()
    assert ada.game.dice == bea.game.dice
    assert [b.description for b in ada.dice_buttons] == [b.description for b in bea.dice_buttons]


def test_two_penta_learners_against_the_computer_see_the_same_dice_in_round_2():
    ada, bea = penta(class_seed=9), penta(class_seed=9)
    ada.roll()
    ada.score("chance")
    bea.roll()
    bea.roll()
    bea.score("aces")
    assert ada.game.current_seat == bea.game.current_seat == 0  # the computer has played
    ada.roll()
    bea.roll()
    assert ada.game.dice == bea.game.dice


def farkle_turn(app: FarkleApp, rolls: int) -> None:
    """One turn of a learner who rolls up to ``rolls`` times, then banks (the first
    combination each time; a roll that scores nothing ends the turn)."""
    ended = sum(1 for event in app.game.events if event.ends_turn)
    done = 0
    while sum(1 for event in app.game.events if event.ends_turn) == ended:
        turn = app.game.turn
        if turn.phase == "set_aside":
            options = turn.set_aside_options()
            assert app.set_aside(*turn.positions_of(min(options, key=len)))
        elif turn.can_bank and done >= rolls:
            assert app.bank()
        else:
            assert app.roll()
            done += 1


def test_two_farkle_learners_with_one_class_seed_see_the_same_dice_in_turn_2():
    ada, bea = farkle(class_seed=3, solo=True), farkle(class_seed=3, solo=True)
    farkle_turn(ada, rolls=1)  # Ada banks after one roll
    farkle_turn(bea, rolls=3)  # Bea rolls on
    assert ada.game.totals == (100,) and bea.game.totals == (250,)  # different turns
    ada.roll()
    bea.roll()
    assert ada.game.turn.last_roll == bea.game.turn.last_roll
    assert [b.description for b in ada.dice_buttons] == [b.description for b in bea.dice_buttons]


# -- the result code on the end card -----------------------------------------------------------


def test_a_penta_class_game_ends_with_its_result_code_first():
    app = penta(class_seed=2026)
    while not app.game.is_over:
        penta_turn(app)
    card = app._end.value
    code = code_in(card)
    assert code == result_code(app.game) == app.result_code
    game = read_result_code(code, names=names(app.game))
    # The same game (holds clicked one by one read back as one hold per reroll).
    assert game.cards == app.game.cards and game.seats == app.game.seats
    assert result_code(game) == code
    assert card.index("dl-code-main") < card.index("dl-winners")  # the main thing
    assert "Give this code to your teacher" in card and "dicelab-result.txt" in card
    assert "Class game · seed 2026" in app._class_line.value
    # At the end the hints, the review and New game are back; the Result code button goes.
    assert not hidden(app._advisor) and not hidden(app.review_panel)
    assert not hidden(app._new_game_button) and hidden(app._code_button)
    assert app.review_panel.is_open
    assert visible(app, find(app, "dl-end-new-game"))


def test_a_farkle_class_game_ends_with_its_result_code():
    app = farkle(class_seed=5, target=5000)
    while not app.game.is_over:
        farkle_move(app)
    code = code_in(app._end.value)
    game = read_result_code(code)
    assert game.events == app.game.events and game.duplicate and game.seed == 5
    assert game.totals == app.game.totals


def test_an_ordinary_game_ends_with_its_code_after_the_totals():
    app = farkle(humans=["Ada"], computer=False, seed=3, target=5000)
    while not app.game.is_over:
        farkle_move(app)
    card = app._end.value
    assert "dl-code-main" not in card
    assert card.index("dl-winners") < card.index("dl-code-box")
    assert read_result_code(code_in(card), names=["Ada"]) == app.game


# -- the result code on demand -----------------------------------------------------------------


def test_the_result_code_button_shows_the_code_of_the_game_so_far():
    app = penta(players=["Ada"], seed=11, computer_player="heuristic")
    button = find(app, "dl-code-toggle")
    assert button.description == "Result code" and not app.code_shown
    assert "dl-code" not in app._class_line.value and app.code_panel_html == ""
    button.click()  # the learner presses it
    shown = app._class_line.value
    assert app.code_shown and visible(app, app._class_line) and "dl-code-panel" in shown
    assert code_in(shown) == result_code(app.game)
    assert "game so far" in shown and app.code_panel_html in shown
    assert button.tooltip == "Hide the result code"
    app.roll()
    app.score("chance")
    code = code_in(app._class_line.value)
    assert read_result_code(code, names=["Ada"]) == app.game  # kept up to date
    button.click()
    assert not app.code_shown and app._class_line.value == ""


def test_a_game_without_a_result_code_says_so_in_words():
    app = penta(players=["Ada"], seed=11)
    custom = dataclasses.replace(Rules.preset("penta"), name="mine")
    app._game = PentaGame(["Ada"], rules=custom, seed=1)  # rules of one's own: no code
    app.show_code()
    assert app.result_code is None
    assert "This game has no result code: its rules are not a preset" in app.code_panel_html
    assert "<textarea" not in app.code_panel_html


# -- class mode from the page's URL -------------------------------------------------------------


@pytest.fixture
def page(monkeypatch):
    """A page opened with a query string (outside a preheated kernel: nothing waits)."""
    monkeypatch.setattr(page_request, "_page_waited", False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)

    def open_page(query: str, name: str = "PentaApp"):
        monkeypatch.setenv("QUERY_STRING", query)
        return launch(name, scheduler=ManualScheduler(), animate=False, speed=0)

    return open_page


def test_a_class_game_from_the_url(page):
    app = page("class=1&seed=42&lang=fr")
    assert isinstance(app, PentaApp) and app.lang == "fr"
    assert app.class_seed == 42 and app.game.duplicate and len(app.game.seats) == 2
    assert "Partie de classe · graine 42" in app._class_line.value
    solo = page("class=1&seed=42&solo=1", "FarkleApp")
    assert isinstance(solo, FarkleApp) and solo.class_seed == 42 and len(solo.game.seats) == 1
    ordinary = page("class=0&seed=42")
    assert not ordinary.in_class_game and ordinary.game.seed == 42
    assert not page("lang=en").in_class_game


@pytest.mark.parametrize(
    "seed", ["abc", "-1", "18446744073709551616", "4.2", "²", "9" * 400, "42abc"]
)
def test_a_bad_seed_in_the_url_gives_a_card_saying_what_a_seed_is(page, seed):
    card = page(f"class=1&seed={seed}&lang=fr")
    assert not isinstance(card, PentaApp)
    text = card.value
    assert "dl-class-problem" in text and "Traceback" not in text
    assert "Ce lien de classe ne fonctionne pas" in text
    assert "Une graine est un nombre entier" in text
    assert 'href="?class=1&amp;seed=' in text  # a fresh class game for the teacher


def test_a_class_link_without_a_seed_gives_the_card_with_a_fresh_seed(page):
    card = page("class=1&lang=en", "FarkleApp")
    assert "it has no seed" in card.value
    seed = int(re.search(r"seed=(\d+)", card.value).group(1))
    assert class_options(f"class=1&seed={seed}") == {"class_seed": seed, "solo": False}


def test_the_url_is_read_by_class_options():
    assert class_options("") == {}
    assert class_options("?class=1&seed=1&seed=2") == {"class_seed": 2, "solo": False}
    assert class_options("class=yes&seed=0&solo=0") == {"class_seed": 0, "solo": False}
    assert class_options(f"seed={2**64 - 1}")["class_seed"] == 2**64 - 1
    assert class_options("class=off") == {}
    for query in ("class=1", "class=1&seed=", "class=true&seed=x", f"seed={2**64}"):
        with pytest.raises(ClassLinkError):
            class_options(query)


# -- every language --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["fr", "ca", "bg", "nb"])
def test_a_class_game_leaves_no_english_in_any_language(lang):
    from tests.test_dashboard_languages import english_left, widget_texts

    def check(app, state: str) -> None:
        app.set_language("en")
        english = widget_texts(app)
        app.set_language(lang)
        left = english_left(english, widget_texts(app), lang)
        assert not left, f"{state}: {left}"

    app = farkle(class_seed=5, target=5000, lang="en")
    app.show_code()
    check(app, "the start, the code shown")
    app.undo()  # refused: the reason in words
    check(app, "a refused undo")
    while not app.game.is_over:
        farkle_move(app)
    check(app, "the end")
    card = page_card(f"class=1&seed=x&lang={lang}")
    assert "seed" not in re.sub(r"<[^>]+>|href=\"[^\"]*\"|seed=\d+|seed=42", " ", card).lower()


def page_card(query: str) -> str:
    """The card a bad class link gives, as HTML (the launcher's card, without its style)."""
    try:
        class_options(query)
    except ClassLinkError as problem:
        from dicelab.widgets.common.classmode import class_link_card

        return class_link_card(problem, re.search(r"lang=(\w+)", query).group(1), fresh_seed=3)
    raise AssertionError("no problem")


@pytest.mark.parametrize("make", [penta, farkle])
def test_a_class_games_hints_refuse_a_toggle_set_from_the_browser(make):
    """Issue 26: the browser's developer tools can set a toggle's value over its comm; during
    a class game the kernel's panels refuse it, as the app's own buttons do."""
    app = make(class_seed=42)
    hint = app._hint_panel if isinstance(app, PentaApp) else app._risk
    for panel, button in ((hint, hint._button), (app._review, app._review.button)):
        button.value = True  # as a forged comm message would
        assert not panel.is_open and button.value is False
    solo = make()  # an ordinary game: the same toggle opens the hints
    solo_hint = solo._hint_panel if isinstance(solo, PentaApp) else solo._risk
    solo_hint._button.value = True
    assert solo_hint.is_open
