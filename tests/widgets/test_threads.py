"""The play apps with timers on worker threads (``LoopScheduler`` outside a running loop uses
``threading.Timer``): a new game never receives a move of the old game's computer, and
redraws from several threads never collide in ipywidgets.

Each test is a bounded loop (a few seconds at most); before the fix the first one failed
within a few dozen tries.
"""

from __future__ import annotations

import logging
import random
import sys
import threading
import time

import pytest

from dicelab.widgets import FarkleApp, PentaApp
from dicelab.widgets.common.timer import LoopScheduler

TRIES = 300
SWITCH = 1e-6  # seconds between two thread switches: races show within a few tries


@pytest.fixture(autouse=True)
def _switch_threads_often():
    before = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH)
    yield
    sys.setswitchinterval(before)


SECONDS = 4.0
STEP = 0.0005  # seconds between two computer steps: the old game's computer is always busy


def _penta_app() -> PentaApp:
    return PentaApp(
        players=["Ada"],
        computer_player="heuristic",
        auto_score=None,
        speed=STEP,
        lang="en",
        animate=False,
        scheduler=LoopScheduler(),
    )


def _penta_computers(app: PentaApp, seed: int) -> bool:
    return app.new_game(players=["C1", "C2"], computer=[0, 1], seed=seed, auto_score=None)


def _penta_humans(app: PentaApp) -> bool:
    return app.new_game(players=["Ada", "Bob"], computer=(), seed=7, auto_score=None)


def _farkle_app() -> FarkleApp:
    return FarkleApp(
        humans=["Ada"],
        computer=False,
        speed=STEP,
        lang="en",
        animate=False,
        scheduler=LoopScheduler(),
    )


def _farkle_computer(app: FarkleApp, seed: int) -> bool:
    return app.new_game(humans=0, computer=True, seed=seed)


def _farkle_humans(app: FarkleApp) -> bool:
    return app.new_game(humans=["Ada", "Bob"], computer=False, seed=7)


@pytest.mark.slow  # about 2 s each: many threaded tries
@pytest.mark.parametrize(
    ("make", "computers", "humans"),
    [
        (_penta_app, _penta_computers, _penta_humans),
        (_farkle_app, _farkle_computer, _farkle_humans),
    ],
    ids=["penta", "farkle"],
)
def test_a_new_game_gets_no_move_of_the_old_games_computer(make, computers, humans, caplog):
    """The old game's computer plays on timer threads; the learner starts a game of humans:
    it must start untouched (no move, no notice of the old game), and nothing may fail."""
    shaker = random.Random(11)
    app = make()
    deadline = time.monotonic() + SECONDS
    stray = []
    for tries in range(TRIES):
        if time.monotonic() > deadline:
            break
        assert computers(app, tries)
        time.sleep(shaker.uniform(0, 4 * STEP))  # the computer is somewhere in its turn
        assert humans(app)
        time.sleep(4 * STEP)  # a step scheduled by the old game would have fired by now
        if app.game.events or app.notices:
            stray.append((tries, app.game.events, app.notices))
    assert stray == [], f"{len(stray)} of {tries + 1} new games were played by the old computer"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.slow  # about 2.7 s
def test_redraws_from_several_threads_never_collide(caplog):
    """A computer playing on timer threads while the kernel's thread redraws (language
    switches, the advisor's toggle) and the dice tumble: no ``Set changed size`` error."""
    deadline = time.monotonic() + SECONDS / 2
    apps = []
    while time.monotonic() < deadline and len(apps) < 40:
        app = PentaApp(
            players=["C1", "C2"],
            computer=[0, 1],
            computer_player="heuristic",
            seed=len(apps),
            speed=STEP,
            auto_score=None,
            lang="en",
            animate=True,
            scheduler=LoopScheduler(),
        )
        apps.append(app)
        stop = time.monotonic() + 0.05
        while time.monotonic() < stop:
            app.set_language("fr" if app.lang == "en" else "en")
            app.render()
        assert "Something went wrong" not in " ".join(app.notices)
    for app in apps:  # stop the computers
        _penta_humans(app)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], errors[0].getMessage() + str(errors[0].exc_info)
    assert threading.active_count() < 200
