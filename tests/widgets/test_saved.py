"""Games that survive, in the kernel (dicelab.widgets.common.saved): a play app's page save, read
back strictly as hostile input, a class game only as the class's own game, and the channel to
the page (hello, saves after every change) and to other keepers."""

from __future__ import annotations

import json

import pytest

from dicelab.classroom.codes import result_code
from dicelab.errors import IllegalMove
from dicelab.widgets.common import saved
from dicelab.widgets.common.saved import (
    MAX_CHARS,
    RESTORED,
    add_keeper,
    page_save,
    read_page_save,
    restore,
)
from tests.widgets.test_class_mode import farkle, penta
from tests.widgets.test_endgame import farkle_move, penta_turn


def _tampered(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


# -- coming back ----------------------------------------------------------------------------


def test_an_ordinary_penta_game_comes_back_mid_turn_with_its_code():
    app = penta(seed=11)
    penta_turn(app)
    app.roll()
    app.hold(0)
    again = penta()
    assert restore(again, page_save(app))
    assert again.game == app.game
    assert again.game.dice == app.game.dice and again.game.held == app.game.held
    assert result_code(again.game) == result_code(app.game)
    assert again.notices == [RESTORED.render("en")]
    assert not again.in_class_game


def test_a_penta_class_game_comes_back_as_the_class_game():
    app = penta(class_seed=42)
    penta_turn(app)
    again = penta(class_seed=42)
    assert restore(again, page_save(app))
    assert again.game == app.game and again.class_seed == 42 and again.game.duplicate
    assert result_code(again.game) == result_code(app.game)


def test_a_farkle_class_game_comes_back_mid_turn():
    app = farkle(class_seed=7)
    for _ in range(6):
        farkle_move(app)
    again = farkle(class_seed=7)
    assert restore(again, page_save(app))
    assert again.game == app.game and again.class_seed == 7
    assert str(again.game.situation) == str(app.game.situation)
    assert result_code(again.game) == result_code(app.game)


def test_an_ordinary_game_played_after_the_class_game_comes_back_on_the_class_link():
    app = penta(seed=3)  # e.g. "New game" at the end of the class game
    app.roll()
    again = penta(class_seed=42)
    assert restore(again, page_save(app))
    assert again.game == app.game and not again.in_class_game


def test_a_page_whose_game_has_begun_keeps_it():
    app = penta(seed=3)
    app.roll()
    again = penta(seed=4)
    again.roll()
    mine = again.game.copy()
    assert not restore(again, page_save(app))
    assert again.game == mine


# -- hostile saves --------------------------------------------------------------------------


def _refused(app, text: str, words: str) -> None:
    before = app.game.copy()
    with pytest.raises(IllegalMove, match=words):
        read_page_save(app, text)
    assert not restore(app, text)
    assert app.game == before and app.in_class_game == (app.class_seed is not None)
    assert "could not be brought back" in app.notices[0] and words in app.notices[0]


def test_class_dice_from_another_seed_are_refused():
    """A learner writes the class's seed over a game with better dice: every roll is checked
    against the class's seed."""
    other = penta(class_seed=43)
    other.roll()

    def as_42(data):
        data["class_seed"] = 42
        data["game"]["seed"] = 42

    _refused(penta(class_seed=42), _tampered(page_save(other), as_42), "does not match the seed")


def test_a_class_save_must_be_the_class_links_game():
    app = penta(class_seed=42)
    app.roll()
    text = page_save(app)
    _refused(penta(class_seed=41), text, "another class link")
    _refused(penta(), text, "only through its class link")  # an ordinary page
    solo = penta(class_seed=42, solo=True)
    _refused(solo, text, "its seats is not the class link's")

    def easier(data):
        data["game"]["seats"][1]["player"] = "greedy"

    _refused(penta(class_seed=42), _tampered(text, easier), "its seats is not")

    def rules(data):
        data["game"]["rules"]["penta_bonus"] = False

    _refused(penta(class_seed=42), _tampered(text, rules), "rules")


def test_a_class_game_disguised_as_an_ordinary_one_is_refused():
    app = penta(class_seed=42)
    app.roll()
    _refused(
        penta(class_seed=42),
        _tampered(page_save(app), lambda d: d.update(class_seed=None)),
        "only through its class link",
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "bad JSON"),
        ('{"format": "dicelab-page-save", "format": "x"}', "appears twice"),
        ("[]", "must be an object"),
        ('{"format": "dicelab-page-save", "version": 1}', "missing"),
        (b"\xff", "not UTF-8"),
        ("x" * (MAX_CHARS + 1), "at most"),
    ],
)
def test_malformed_saves_are_refused_clearly(text, words):
    _refused(penta(), text, words)


def test_another_apps_save_and_a_bad_seed_are_refused():
    app = farkle(seed=2)
    app.roll()
    _refused(penta(), page_save(app), "not of this page")
    text = _tampered(page_save(app), lambda d: d.update(class_seed=-1))
    _refused(farkle(), text, "whole number")
    text = _tampered(page_save(app), lambda d: d.update(class_seed=True))
    _refused(farkle(), text, "whole number")


def test_an_impossible_move_is_refused():
    app = penta(seed=5)
    app.roll()

    def cheat(data):
        data["game"]["events"][0][1] = [6, 6, 6, 6, 6]

    _refused(penta(), _tampered(page_save(app), cheat), "does not match the seed")


# -- the channel and the keepers --------------------------------------------------------------


class FakeComm:
    """A comm as the kernel's: messages sent are kept; ``on_msg`` registers the handler."""

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.handler = None

    def on_msg(self, handler) -> None:
        self.handler = handler

    def send(self, data: dict) -> None:
        self.sent.append(data)

    def hello(self, text: str | None) -> None:
        self.handler({"content": {"data": {"method": "hello", "saved": text}}})


@pytest.fixture
def comm(monkeypatch):
    fake = FakeComm()
    monkeypatch.setattr(saved, "_channel", None)
    monkeypatch.setattr(saved, "_current", None)
    monkeypatch.setattr(saved, "_open_comm", lambda: fake)
    monkeypatch.setattr(saved, "_under_voila", lambda: True)
    return fake


def test_every_change_is_sent_to_the_page_and_a_hello_brings_a_game_back(comm):
    first = penta(seed=8)
    comm.hello(None)  # the page connects with nothing kept
    assert json.loads(comm.sent[-1]["save"])["game"]["events"] == []
    first.roll()
    assert len(json.loads(comm.sent[-1]["save"])["game"]["events"]) == 1
    count = len(comm.sent)
    first.set_language("fr")  # a redraw, no change of game: nothing sent
    assert len(comm.sent) == count
    kept = comm.sent[-1]["save"]

    second = penta()  # the page opened again: a new app (the same kernel's channel here)
    comm.hello(kept)
    assert second.game == first.game
    assert comm.sent[-1]["save"] == page_save(second)


def test_a_closed_app_is_not_saved(comm):
    app = penta(seed=8)
    comm.hello(None)
    count = len(comm.sent)
    app.close()
    app.render()
    assert len(comm.sent) == count


def test_keepers_get_every_save(comm):
    kept: list[str] = []

    class Server:
        def keep(self, app, text: str) -> None:
            kept.append(text)

    stop = add_keeper(Server())
    try:
        app = penta(seed=8)
        app.roll()
        assert kept and kept[-1] == page_save(app)
    finally:
        stop()
    app.roll()
    assert kept[-1] != page_save(app)
