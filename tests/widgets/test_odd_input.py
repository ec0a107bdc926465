"""Odd input to the play apps is refused with a notice that says what is allowed, and the app
is exactly as before; NumPy whole numbers work like ints. A method's result says whether
anything changed."""

from __future__ import annotations

import math

import numpy as np
import pytest

import dicelab.i18n as i18n
from dicelab import IllegalMove
from dicelab.widgets import FarkleApp, ManualScheduler, PentaApp, launch
from tests.widgets.helpers import snapshot

HUGE = 10**30
SEED_RANGE = "A seed is a whole number from 0 to 18,446,744,073,709,551,615"


def penta(**options) -> PentaApp:
    options = {"players": ["Ada"], "seed": 2026, "lang": "en", **options}
    return PentaApp(animate=False, scheduler=ManualScheduler(), **options)


def farkle(**options) -> FarkleApp:
    options = {"humans": ["Ada"], "computer": False, "seed": 0, "lang": "en", **options}
    return FarkleApp(animate=False, scheduler=ManualScheduler(), **options)


def refused(app, action, *words: str) -> None:
    """``action()`` returns False, shows a notice with ``words``, and changes nothing."""
    before, game = snapshot(app, skip=(app._notice_area,)), app.game.copy()
    assert action() is False
    text = " ".join(app.notices)
    assert "Something went wrong" not in text
    for word in words:
        assert word in text, text
    assert app.game == game
    assert snapshot(app, skip=(app._notice_area,)) == before


# -- Farkle: set_aside ----------------------------------------------------------------------
# seed 0 rolls 4 6 4 2 1 2: position 4 is the 1, the only die that scores


@pytest.mark.parametrize(
    "position", [-2, 6, HUGE, True, False, 4.0, "4", None, np.array([4]), np.bool_(True)]
)
def test_farkle_refuses_a_position_that_is_not_a_die(position):
    app = farkle()
    app.roll()
    refused(app, lambda: app.set_aside(position), "A die's position is a whole number from 0 to 5")
    assert app.chosen == ()
    assert app.set_aside(4) and app.game.turn.points == 100  # the real scoring die still counts
    assert app.bank() and app.game.totals == (100,)


def test_farkle_names_a_huge_position_by_its_size():
    app = farkle()
    app.roll()
    refused(app, lambda: app.set_aside(HUGE), "a whole number of 31 digits")


@pytest.mark.parametrize("position", [np.int64(4), np.uint8(4), np.array(4), np.array(4, np.int8)])
def test_farkle_takes_numpy_positions_like_ints(position):
    app = farkle()
    app.roll()
    assert app.set_aside(position) is True
    assert app.game.turn.kept == (4,) and app.game.turn.points == 100


def test_farkle_set_aside_says_whether_anything_changed():
    app = farkle()
    app.roll()
    assert app.set_aside(4, 0) is True  # the 1 is set aside, then the 4 is refused
    assert app.game.turn.points == 100
    assert "cannot count" in app.notices[0]


def test_farkle_checks_every_position_before_pressing_any():
    app = farkle()
    app.roll()
    refused(app, lambda: app.set_aside(4, "x"), "not 'x'")
    assert app.game.turn.points == 0


def test_farkle_set_aside_of_no_die_changes_nothing():
    app = farkle()
    app.roll()
    refused(app, lambda: app.set_aside(), "Say which dice to set aside")


def test_farkle_set_aside_before_a_roll_gives_the_engines_reason():
    app = farkle()
    refused(app, lambda: app.set_aside(0), "Roll first")


# -- Penta: hold ----------------------------------------------------------------------------


@pytest.mark.parametrize("position", [-1, 5, HUGE, True, 1.0, "1", None])
def test_penta_refuses_a_position_that_is_not_a_die(position):
    app = penta()
    app.roll()
    refused(app, lambda: app.hold(position), "A die's position is a whole number from 0 to 4")


@pytest.mark.parametrize("position", [np.int64(1), np.array(1), np.array(1, np.uint16)])
def test_penta_takes_numpy_positions_like_ints(position):
    app = penta()
    app.roll()
    assert app.hold(position) is True and app.game.held == frozenset({1})
    assert app.hold(position) is True and app.game.held == frozenset()


# -- seeds ----------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [penta, farkle], ids=["penta", "farkle"])
@pytest.mark.parametrize("typed", ["²", "①", "9" * 5000, "-1", "1.5", "x"])
def test_a_seed_typed_oddly_is_refused_with_the_range(make, typed):
    app = make()
    app.open_new_game()
    app._seed_text.value = typed
    panel = app._panel_box.children
    refused(app, app.start, SEED_RANGE)
    assert app._panel_box.children == panel  # the panel stays open to correct the seed


@pytest.mark.parametrize("make", [penta, farkle], ids=["penta", "farkle"])
def test_a_seed_typed_in_digits_starts_the_game(make):
    app = make()
    app.open_new_game()
    app._seed_text.value = " 2026 "
    assert app.start() is True and app.game.seed == 2026


@pytest.mark.parametrize("seed", [HUGE, -1, 2.0, True, "x"])
def test_a_seed_given_from_python_is_refused_with_the_range(seed):
    for app in (penta(), farkle()):
        refused(app, lambda app=app: app.new_game(seed=seed), SEED_RANGE)


# -- speeds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("speed", ["x", math.inf, -1, math.nan, True, None, 61])
def test_an_odd_speed_is_refused_at_construction(speed):
    for make in (penta, farkle):
        with pytest.raises(IllegalMove, match="The computer's speed is a number of seconds"):
            make(speed=speed)


@pytest.mark.parametrize("speed", ["x", math.inf, -1, math.nan, True])
def test_an_odd_speed_is_refused_by_new_game(speed):
    for app in (penta(), farkle()):
        refused(
            app,
            lambda app=app: app.new_game(speed=speed),
            "The computer's speed is a number of seconds from 0 to 60",
            "instant, fast, normal, slow",
        )
        assert app._speed == 1.0


def test_a_speed_may_be_named():
    for app in (penta(speed="slow"), farkle(speed="slow")):
        assert app._speed == 2.0
        assert app.new_game(speed="fast") is True and app._speed == 0.4


def test_launch_shows_the_speed_refusal():
    card = launch("PentaApp", speed="x", lang="en")
    assert "The computer&#x27;s speed is a number of seconds" in card.value


def test_an_app_that_does_not_exist_is_named_with_those_that_do():
    card = launch("Yahtzee", lang="en")
    assert "There is no app called" in card.value and "PentaApp" in card.value


# -- languages ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", [5, None, b"fr", ["fr"]])
def test_set_language_refuses_what_is_not_a_language_code(lang):
    before = i18n.get_language()
    with pytest.raises(IllegalMove, match="A language is given by its code, one of en, "):
        i18n.set_language(lang)
    assert i18n.get_language() == before


@pytest.mark.parametrize("lang", [5, None, b"fr"])
def test_an_app_refuses_what_is_not_a_language_code(lang):
    for app in (penta(), farkle()):
        refused(app, lambda app=app: app.set_language(lang), "A language is given by its code")
        assert app.lang == "en"


@pytest.mark.parametrize("make", [penta, farkle], ids=["penta", "farkle"])
def test_an_app_is_not_built_in_what_is_not_a_language_code(make):
    with pytest.raises(IllegalMove, match="A language is given by its code"):
        make(lang=5)


def test_launch_shows_the_language_refusal():
    card = launch("PentaApp", lang=5)
    assert "A language is given by its code" in card.value and "Traceback" not in card.value


def test_an_app_switches_language_and_says_so():
    app = penta()
    assert app.set_language("fr") is True and app.lang == "fr"
    assert app.set_language("xx") is False and app.lang == "fr"
