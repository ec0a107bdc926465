"""Every dashboard in every shipped language: built, switched in place, the game kept."""

from __future__ import annotations

import pytest

from dicelab.i18n import available_languages, format_number, plural, translate
from dicelab.widgets import FarkleApp, PentaApp, ScoringInspector
from dicelab.widgets.common.timer import ManualScheduler
from tests.widgets.helpers import find, texts

LANGUAGES = available_languages()


def apps(lang: str):
    options = {"lang": lang, "scheduler": ManualScheduler(), "animate": False}
    return [
        PentaApp(players=["Ada", "Bob"], seed=5, speed=0, **options),
        FarkleApp(humans=["Ada"], seed=11, speed=0, **options),
        ScoringInspector("5k=50 | dice 4 4 4 4 4 | 2 rolls left", **options),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_app_renders_in_every_language(lang):
    for app in apps(lang):
        assert app.lang == lang and find(app, "dl-lang").value == lang
        assert translate("Language", lang) in texts(app)
        assert "Something went wrong" not in app._notice_area.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_switching_language_in_place_keeps_the_game(lang):
    penta, farkle, inspector = apps("en")
    penta.roll()
    penta.hold(1)
    farkle.roll()
    farkle.set_aside(1)
    for app in (penta, farkle, inspector):
        find(app, "dl-lang").value = lang  # the dropdown
        assert app.lang == lang
    assert penta.game.held == {1} and farkle.chosen == (1,)
    assert penta.dice_buttons[1].description.startswith(f"{penta.game.dice[1]}")
    assert find(penta, "dl-roll").description == plural(
        "Roll ({n} roll left)", "Roll ({n} rolls left)", 2, lang
    )
    assert find(penta, "dl-validate").description == translate("Validate turn", lang)
    assert find(farkle, "dl-bank").description == translate(
        "Bank {points}", lang, points=format_number(0, lang)
    )
    assert inspector.points()["fours"] == 120


def test_language_from_the_voila_url(monkeypatch):
    code = LANGUAGES[-1]
    monkeypatch.setenv("QUERY_STRING", f"lang={code}")
    assert PentaApp(players=["Ada"], animate=False, scheduler=ManualScheduler()).lang == code


@pytest.mark.skipif("fr" not in LANGUAGES, reason="no French catalogue yet")
def test_french_farkle_banners():
    app = FarkleApp(humans=["Ada", "Bob"], computer=False, seed=16, lang="fr", animate=False)
    app.roll()
    assert "Tour perdu !" in app._notice_area.value
    app = FarkleApp(humans=["Ada"], computer=False, seed=28, lang="fr", animate=False)
    app.roll()
    app.set_aside(0, 1, 2, 3, 4, 5)
    assert "Dés chauds !" in app._notice_area.value


def test_no_page_shows_its_title_twice():
    """Issue 25, §6: a page's heading (the notebook's first line) and its app's title differ:
    "Penta" above "Penta" said the same thing twice."""
    import json
    import re
    from pathlib import Path

    from dicelab.i18n import available_languages
    from dicelab.widgets.common.registry import app_class

    checked = 0
    for path in sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        heading = "".join(cells[0]["source"]).lstrip("# ").strip()
        for cell in cells:
            found = re.search(r'launch\("(\w+)"', "".join(cell["source"]))
            if found:
                for lang in available_languages():
                    title = app_class(found.group(1)).title.render(lang)
                    assert title.casefold() != heading.casefold(), (path.name, lang)
                checked += 1
    assert checked >= 8
