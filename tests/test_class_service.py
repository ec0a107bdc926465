"""The class service (issue 26, docs/classroom.md): dice dealt from a secret roll by roll, every
decision kept before the next roll is dealt, a play only continued, never replaced; the
teacher's results and a CSV safe for spreadsheets. On a real SQLite database; the web layer
with the hub's tokens is tested in tests/browser/test_hub.py."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from functools import partial
from pathlib import Path

import pytest

from dicelab.classroom.client import OnDesk, ServiceDice, from_environment
from dicelab.classroom.dealer import Dealer, new_secret
from dicelab.classroom.desk import NO_GAME, Desk
from dicelab.classroom.plays import ClassGame, may_deal, new_game, save_of
from dicelab.classroom.store import Store
from dicelab.errors import IllegalMove
from dicelab.penta import Game as PentaGame
from dicelab.penta import save as penta_save


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    return Desk(Store(f"sqlite:///{tmp_path / 'classes.sqlite'}"))


def penta_game(desk: Desk, **settings) -> int:
    return desk.create("teacher", {"game": "penta", "rules": "official", **settings})


# -- the dealer ----------------------------------------------------------------------------


def test_the_dealt_faces_are_fair_and_depend_on_the_secret():
    dealer = Dealer(new_secret(), 1)
    faces = Counter(
        face for r in range(1, 401) for k in (1, 2, 3) for face in dealer.faces("penta", r, k)
    )
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    expected = sum(faces.values()) / 6  # 1,200 rolls of six faces: 1,200 each
    assert all(abs(count - expected) < 5 * expected**0.5 for count in faces.values()), faces
    other = Dealer(new_secret(), 1)
    assert [dealer.faces("penta", r, 1) for r in range(1, 14)] != [
        other.faces("penta", r, 1) for r in range(1, 14)
    ]
    assert repr(dealer) == "Dealer(<secret>, 1)"  # a log never shows the secret


def test_a_secret_is_never_sent(desk: Desk):
    number = penta_game(desk)
    secret = desk._store.secret(number)
    sent = json.dumps([desk.games(True), desk.settings(number), desk.results(number)])
    assert secret.hex() not in sent and "secret" not in sent
    assert len(secret) == 32


# -- dice dealt only when reached ------------------------------------------------------------


def test_every_learner_gets_the_same_dice(desk: Desk):
    number = penta_game(desk, computer=False)
    ada, bob = OnDesk(desk, "ada"), OnDesk(desk, "bob")
    assert ada.play(number, deal=[1, 1])["faces"] == bob.play(number, deal=[1, 1])["faces"]


def test_no_roll_is_dealt_ahead(desk: Desk):
    number = penta_game(desk, computer=False)
    for ahead in ([1, 2], [2, 1], [13, 3]):
        with pytest.raises(IllegalMove, match="not yours to see yet: your game is at round 1"):
            desk.play(number, "ada", deal=ahead)
    for odd in ([0, 1], [1], "1,1", [1.0, 1], [True, 1]):
        with pytest.raises(IllegalMove, match=r"asked as \[round, roll\]"):
            desk.play(number, "ada", deal=odd)


def _ada(desk: Desk, number: int) -> tuple[PentaGame, ServiceDice]:
    service = OnDesk(desk, "ada")
    holder: dict = {}
    dice = ServiceDice(service, number, lambda: save_of(holder["game"]))
    game = PentaGame(("Ada",), (), "official", number, duplicate=True, dice=dice)
    holder["game"] = game
    return game, dice


def test_a_round_is_dealt_only_once_the_last_is_scored(desk: Desk):
    number = penta_game(desk, computer=False)
    game, _ = _ada(desk, number)
    game.roll()
    with pytest.raises(IllegalMove, match="round 2, roll 1 are not yours to see yet"):
        desk.play(number, "ada", save=save_of(game), deal=[2, 1])
    game.score("chance")
    answer = desk.play(number, "ada", save=save_of(game), deal=[2, 1])
    assert answer["faces"] and desk.results(number)["plays"][0]["moves"] == 2


def test_a_decision_cannot_follow_the_dice_it_would_have_seen(desk: Desk):
    """Dice dealt, the next move must be that roll: no holding again, knowing the roll."""
    number = penta_game(desk, computer=False)
    game, _ = _ada(desk, number)
    game.roll()
    game.hold([0])
    desk.play(number, "ada", save=save_of(game), deal=[1, 2])  # Ada has asked for roll 2
    cheat = game.copy()
    cheat.hold([0, 1])  # holds more, knowing the faces of roll 2
    with pytest.raises(IllegalMove, match="the next move is that roll"):
        desk.play(number, "ada", save=save_of(cheat))
    game.roll()  # the roll itself is fine
    assert desk.play(number, "ada", save=save_of(game))["save"]["events"] == save_of(game)["events"]


def test_a_play_is_continued_never_replaced(desk: Desk):
    number = penta_game(desk, computer=False)
    game, _ = _ada(desk, number)
    game.roll()
    game.score("chance")
    desk.play(number, "ada", save=save_of(game))
    again, _ = _ada(desk, number)  # a second tab would start over: refused, saying what to do
    with pytest.raises(IllegalMove, match="cannot be taken back or changed: 2 moves are kept"):
        desk.play(number, "ada", save=save_of(again))
    with pytest.raises(IllegalMove, match="another tab or window, reload this page"):
        desk.play(number, "ada", save=save_of(again))
    other = save_of(game)
    other["events"][-1] = ["score", "aces"]
    with pytest.raises(IllegalMove, match="cannot be taken back or changed"):
        desk.play(number, "ada", save=other)


def test_forged_dice_and_another_game_are_refused(desk: Desk):
    number = penta_game(desk, computer=False)
    seeded = PentaGame(("Ada",), (), "official", number, duplicate=True)  # the seed's dice
    seeded.roll()
    with pytest.raises(IllegalMove, match="does not match"):
        desk.play(number, "ada", save=save_of(seeded))
    game, _ = _ada(desk, number)
    house = save_of(game)
    house["rules"]["joker"] = "free"
    with pytest.raises(IllegalMove):
        desk.play(number, "ada", save=house)
    two = save_of(PentaGame(("Ada", "Bo"), (), "official", number, duplicate=True))
    with pytest.raises(IllegalMove, match="not the class game: its seats differ"):
        desk.play(number, "ada", save=two)
    assert desk.results(number)["plays"] == []  # nothing kept of any of them


def test_a_closed_class_game_takes_no_moves(desk: Desk):
    number = penta_game(desk, computer=False)
    game, _ = _ada(desk, number)
    game.roll()
    desk.close(number)
    with pytest.raises(IllegalMove, match="closed"):
        desk.play(number, "ada", save=save_of(game))
    with pytest.raises(IllegalMove, match="closed"):
        desk.play(number, "bob", deal=[1, 1])
    assert desk.games(teacher=False) == [] and desk.games(teacher=True)[0]["open"] is False


def test_settings_are_checked(desk: Desk):
    for settings, words in (
        ({"game": "yahtzee", "rules": "official"}, "Penta or Farkle"),
        ({"game": "penta", "rules": "nope"}, "not one of"),
        ({"game": "penta", "rules": "official", "secret": "x"}, "settings are some of"),
        ({"game": "farkle", "rules": "standard", "target": 7}, "one of 5000, 10000, 15000, not 7"),
        ({"game": "penta", "rules": "official", "hints": "yes"}, "true or false"),
        ({"game": "penta", "rules": "official", "title": "x" * 81}, "80 characters"),
    ):
        with pytest.raises(IllegalMove, match=words):
            desk.create("teacher", settings)
    with pytest.raises(IllegalMove, match="no class game number 99") as refused:
        desk.play(99, "ada")
    assert refused.value.message.msgid == NO_GAME  # the service's 404, in any language


def test_a_request_that_is_not_a_json_object_is_refused_in_words():
    from dicelab.classroom.service import request_json
    from dicelab.i18n import use_language

    assert request_json(b"") == {} and request_json(b'{"past": true}') == {"past": True}
    for body, words, french in (
        (b"{", "not JSON", "pas du JSON"),
        (b"\xff\xfe", "not JSON", "pas du JSON"),
        (b"[1, 2]", "not a JSON object", "pas un objet JSON"),
        (b'"save"', "not a JSON object", "pas un objet JSON"),
    ):
        with pytest.raises(IllegalMove, match=words) as refused:
            request_json(body)
        with use_language("fr"):
            assert french in str(refused.value)


# -- the teacher's results -------------------------------------------------------------------


def test_the_results_are_live_and_the_csv_is_safe(desk: Desk):
    number = penta_game(desk)
    for name, box in (('=HYPERLINK("http://x")', "chance"), ("@SUM(A1)" + "x" * 60, "aces")):
        service = OnDesk(desk, name)
        holder: dict = {}
        dice = ServiceDice(service, number, lambda h=holder: save_of(h["game"]))
        game = PentaGame(
            (name[:10], "Computer"), {1: "optimal"}, "official", number, duplicate=True, dice=dice
        )
        holder["game"] = game
        game.roll()
        game.score(box)
        desk.play(number, name, save=save_of(game))
    plays = desk.results(number)["plays"]
    assert [p["moves"] for p in plays] == [2, 2] and all(p["round"] == 1 for p in plays)
    rows = list(csv.reader(io.StringIO(desk.results_csv(number))))
    assert rows[0] == ["learner", "score", "computer", "round", "moves", "over"]
    assert rows[1][0].startswith("'=HYPERLINK") and rows[2][0].startswith("'@SUM")
    assert len(rows[2][0]) == 41  # cut at 40 characters, and the quote


def test_may_deal_follows_the_engine():
    game = ClassGame(1, "farkle", "standard", computer=False)
    dealer = Dealer(bytes(32), 1)
    play = new_game(game, dealer)
    assert may_deal(game, dealer, save_of(play)) == (set(), (1, 1))
    play.roll()
    made, following = may_deal(game, dealer, save_of(play))
    assert made == {(1, 1)} and following is None  # dice to set aside first


# -- a learner's server ----------------------------------------------------------------------


def test_the_service_is_found_only_where_the_hub_set_it_up():
    assert from_environment({}) is None
    assert from_environment({"DICELAB_CLASS_URL": "http://127.0.0.1:1/"}) is None
    assert (
        from_environment({"DICELAB_CLASS_URL": "http://127.0.0.1:1/", "JUPYTERHUB_API_TOKEN": "t"})
        is not None
    )


def test_a_kept_play_replays_on_its_dice(desk: Desk):
    number = penta_game(desk, computer=False)
    game, _ = _ada(desk, number)
    game.roll()
    game.score("chance")
    game.roll()
    desk.play(number, "ada", save=save_of(game))
    answer = desk.play(number, "ada", past=True)
    dice = ServiceDice(OnDesk(desk, "ada"), number, lambda: None)
    dice.learn(answer["past"])
    again = penta_save.load(partial(PentaGame, dice=dice), answer["save"])
    assert again.events == game.events and again.dice == game.dice


def test_the_apps_need_neither_sqlalchemy_nor_jupyterhub():
    """Binder and make run install neither (binder/requirements.txt, the app extra): the play
    apps and the teacher's dashboard import without them; only the service needs them."""
    import subprocess
    import sys

    blocker = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('sqlalchemy', 'jupyterhub'):\n"
        "            raise ImportError('not installed: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import dicelab.widgets.penta.app, dicelab.widgets.farkle.app, dicelab.widgets.teacher\n"
        "from dicelab.widgets import launch\n"
        "print(type(launch('PentaApp')).__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", blocker], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "PentaApp", run.stderr[-2000:]


def test_the_service_stopped_while_it_starts_says_so_without_a_traceback(
    monkeypatch, caplog, tmp_path
):
    """The hub's SIGINT may come while the service still starts: its port already open (the
    hub, or a test, sees it listening) but its loop not yet running (a CI run caught it)."""
    from dicelab.classroom import service

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setenv("HUB_DATA", str(tmp_path))
    monkeypatch.setattr(service, "make_app", interrupted)  # while it starts
    with caplog.at_level("INFO", logger="dicelab.classroom"):
        service.main()  # no KeyboardInterrupt out of it
    assert "dicelab-class: stopped" in caplog.text


def test_the_service_stops_without_a_traceback_when_the_hub_stops_it(tmp_path):
    """The hub stops its services with SIGINT (Ctrl+C on make class): the class service
    says it stopped, and writes no traceback in the teacher's terminal."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    environ = {
        **os.environ,
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "HUB_DATA": str(tmp_path),
    }
    service = subprocess.Popen(
        [sys.executable, "-m", "dicelab.classroom.service"],
        env=environ,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.1)
    service.send_signal(signal.SIGINT)
    _, errors = service.communicate(timeout=30)
    assert service.returncode == 0, errors
    assert "Traceback" not in errors and "dicelab-class: stopped" in errors
