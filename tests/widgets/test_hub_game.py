"""A hub's class game in the play apps (issue 26): the dice come from the class service, every
change goes there, a second tab carries on the same play, the hints follow the teacher's
setting (docs/classroom.md, "The class service")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from dicelab import page_request
from dicelab.classroom.client import OnDesk
from dicelab.classroom.desk import Desk
from dicelab.classroom.store import Store
from dicelab.errors import IllegalMove
from dicelab.widgets import launch
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from dicelab.widgets.penta.app import PentaApp
from tests.widgets.test_class_mode import farkle_turn, hidden


@pytest.fixture
def desk(tmp_path: Path) -> Desk:
    return Desk(Store(f"sqlite:///{tmp_path / 'classes.sqlite'}"))


def penta(desk: Desk, learner: str, number: int, **kwargs) -> PentaApp:
    return PentaApp(
        class_game=number,
        service=OnDesk(desk, learner),
        scheduler=kwargs.pop("scheduler", ManualScheduler()),
        animate=False,
        speed=0,
        lang=kwargs.pop("lang", "en"),
        **kwargs,
    )


def test_a_penta_class_game_is_dealt_and_kept_by_the_service(desk: Desk):
    number = desk.create("teacher", {"game": "penta", "rules": "official", "title": "Monday"})
    scheduler = ManualScheduler()
    ada = penta(desk, "ada", number, scheduler=scheduler)
    assert ada.in_class_game and ada.hub_game is not None and len(ada.game.seats) == 2
    assert "Class game 1: Monday" in ada._class_line.value
    assert "Your teacher sees your score as you play." in ada._class_line.value
    assert ada.roll()
    assert ada.score("chance")
    scheduler.run_all()  # the computer's turn
    assert ada.game.current_seat == 0
    kept = desk.results(number)["plays"]
    assert [p["learner"] for p in kept] == ["ada"]
    assert kept[0]["moves"] == len(ada.game.events) and kept[0]["score"] == ada.game.totals[0]
    assert not ada.undo()  # a class game: no undo
    assert "No code to hand in" in ada._code().render("en")


def test_two_learners_get_the_same_dice_and_a_second_tab_carries_on(desk: Desk):
    number = desk.create("teacher", {"game": "penta", "rules": "official", "computer": False})
    ada, bob = penta(desk, "ada", number), penta(desk, "bob", number)
    ada.roll()
    bob.roll()
    assert ada.game.dice == bob.game.dice
    ada.hold(0)
    ada.roll()
    again = penta(desk, "ada", number, lang="fr")  # a second tab, in French
    assert again.game.events == ada.game.events and again.game.dice == ada.game.dice
    assert "Partie de classe 1" in again._class_line.value


def test_hints_follow_the_teachers_setting(desk: Desk):
    without = penta(desk, "ada", desk.create("t", {"game": "penta", "rules": "official"}))
    assert without.hints_hidden and hidden(without._hint_panel)
    allowed = desk.create("t", {"game": "penta", "rules": "official", "hints": True})
    with_hints = penta(desk, "ada", allowed)
    assert not with_hints.hints_hidden and not hidden(with_hints._hint_panel)


def test_a_farkle_class_game_on_the_service(desk: Desk):
    number = desk.create("teacher", {"game": "farkle", "rules": "standard", "computer": False})
    apps = [
        FarkleApp(
            class_game=number,
            service=OnDesk(desk, name),
            scheduler=ManualScheduler(),
            animate=False,
            speed=0,
            lang="en",
        )
        for name in ("ada", "bob")
    ]
    farkle_turn(apps[0], rolls=1)
    farkle_turn(apps[1], rolls=2)
    apps[0].roll()
    apps[1].roll()
    assert apps[0].game.turn.last_roll == apps[1].game.turn.last_roll  # turn 2: the same dice
    plays = {p["learner"]: p for p in desk.results(number)["plays"]}
    assert plays["ada"]["moves"] == len(apps[0].game.events)


def test_a_class_game_of_the_other_game_or_none_is_refused_in_words(desk: Desk):
    farkle = desk.create("teacher", {"game": "farkle", "rules": "standard"})
    with pytest.raises(IllegalMove, match="is a game of Farkle: open it in that game's page"):
        penta(desk, "ada", farkle)
    with pytest.raises(IllegalMove, match="no class game number 42"):
        penta(desk, "ada", 42)


def test_a_class_game_link_without_a_class_server_gives_a_card(monkeypatch):
    monkeypatch.setattr(page_request, "_page_waited", False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("DICELAB_CLASS_URL", raising=False)
    for query, words in (
        ("classgame=3&lang=en", "Open it from your class&#x27;s hub"),
        ("classgame=abc&lang=en", "whole number, not abc"),
    ):
        monkeypatch.setenv("QUERY_STRING", query)
        card = launch("PentaApp", scheduler=ManualScheduler(), animate=False)
        assert words in card.value and "Traceback" not in card.value


def test_a_class_server_that_does_not_answer_is_said_in_words(monkeypatch):
    monkeypatch.setattr(page_request, "_page_waited", False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("DICELAB_CLASS_URL", "http://127.0.0.1:9/services/dicelab-class/")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "a-token")
    monkeypatch.setenv("QUERY_STRING", "classgame=3&lang=en")
    card = launch("PentaApp", scheduler=ManualScheduler(), animate=False)
    assert "The class server did not answer" in card.value


# -- the teacher's class games ------------------------------------------------------------------


def test_the_teacher_sets_a_class_game_up_and_watches_the_class_live(desk: Desk):
    from dicelab.widgets.teacher import TeacherApp

    teacher = TeacherApp(lang="en", warm=False, class_desk=OnDesk(desk, "mme-curie"))
    panel = teacher.class_games
    assert panel is not None and panel in teacher._body.children
    panel._game.value, panel._computer.value, panel._title.value = "penta", False, "Monday"
    number = panel.create()
    assert number == 1
    link = "/hub/user-redirect/voila/render/penta_play.ipynb?classgame=1"
    assert f'href="{link}"' in panel._notice.value
    assert "No learner has rolled yet" in panel._table.value
    assert "optimal player alone scores" in panel._table.value
    ada = penta(desk, "=HYPERLINK(1)", number)
    ada.roll()
    ada.score("chance")
    panel.refresh()
    table = panel._table.value
    assert '<th scope="row">=HYPERLINK(1)</th><td>' in table  # the name, as text
    assert "<td>2</td><td>2</td><td>not yet</td>" in table  # round 2, 2 moves, not finished
    assert "%27%3DHYPERLINK" in table  # the CSV link's cell starts with a quote
    json_href = re.search(
        r'class="dl-class-games-json"[^>]*href="data:application/json;'
        r'charset=utf-8,([^"]*)"',
        table,
    )
    assert json_href is not None
    plays = json.loads(unquote(json_href.group(1)))["plays"]
    assert [p["learner"] for p in plays] == ["=HYPERLINK(1)"] and plays[0]["moves"] == 2
    assert panel.end() and "ended" in panel._pick.options[0][0]
    assert ada.roll() is False  # the class game is closed: the service refuses the next roll
    assert any("the teacher has ended it" in notice for notice in ada.notices), ada.notices


def test_the_class_games_panel_speaks_the_pages_language(desk: Desk):
    from dicelab.widgets.teacher import TeacherApp

    teacher = TeacherApp(lang="fr", warm=False, class_desk=OnDesk(desk, "t"))
    assert teacher.class_games is not None
    assert "Parties de classe" in teacher.class_games._heading.value
    bulgarian = TeacherApp(lang="bg", warm=False, class_desk=OnDesk(desk, "t")).class_games
    assert bulgarian is not None and ("Фаркъл", "farkle") in bulgarian._game.options


def test_the_learners_seat_has_their_login(desk: Desk, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    number = desk.create("teacher", {"game": "farkle", "rules": "standard"})
    penta_number = desk.create("teacher", {"game": "penta", "rules": "official"})
    app = FarkleApp(
        class_game=number, service=OnDesk(desk, "ada"), scheduler=ManualScheduler(), animate=False
    )
    assert app.game.seats[0].name == "ada"
    assert penta(desk, "ada", penta_number).game.seats[0].name == "ada"
