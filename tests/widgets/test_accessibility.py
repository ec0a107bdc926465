"""What the dashboards give assistive technology (WCAG 2.2 AA): live regions, the dice in words,
the app's language, scorecard buttons named by their box, plots' text alternatives, and each
page's title in its language. The page's front end turns the classes into ARIA attributes
(frontend/src/a11y.js); the browser tests check the attributes themselves."""

from __future__ import annotations

import numpy as np

from dicelab.penta.rules import PRESETS
from dicelab.widgets.common.dice import DiceRow, DieView
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from dicelab.widgets.farkle.risk_explorer import RiskExplorer
from dicelab.widgets.page_texts import page_texts, title
from dicelab.widgets.penta.app import PentaApp
from dicelab.widgets.penta.house_rules import Outcome, histogram_text


def penta(**kwargs) -> PentaApp:
    kwargs.setdefault("scheduler", ManualScheduler())
    kwargs.setdefault("computer_player", "heuristic")
    return PentaApp(lang="en", animate=False, **kwargs)


def test_notices_status_log_end_and_dice_words_are_live_regions():
    for app in (penta(speed=0), FarkleApp(lang="en", animate=False, speed=0)):
        live = {c for w in _widgets(app) if "dl-live" in w._dom_classes for c in w._dom_classes}
        assert {"dl-notice", "dl-status", "dl-computer-log", "dl-end", "dl-dice-said"} <= live
    farkle = FarkleApp(lang="en", animate=False, speed=0)
    assert "dl-live" in farkle._scores._dom_classes and "dl-live" in farkle._turn_label._dom_classes


def test_the_dice_are_said_in_words_once_they_land_in_the_apps_language():
    row = DiceRow(3)
    row.show([DieView(None), DieView(None), DieView(None)], lang="fr")
    assert row.said.value == ""  # not rolled: nothing to say
    row.show([DieView(4, "held"), DieView(2), DieView(6, "aside")], lang="fr")
    assert row.said.value == "Dés\u00a0: 4, gardé; 2; 6, mis de côté"
    row.show([DieView(4), DieView(2), DieView(6)], lang="en")  # released, in English
    assert row.said.value == "Dice: 4; 2; 6"
    row.show([DieView(None), DieView(None), DieView(None)], lang="en")  # a turn's end
    assert row.said.value == ""


def test_the_app_says_its_language_and_follows_the_dropdown():
    app = penta(speed=0)
    assert "dl-lang-en" in app._dom_classes
    app.set_language("bg")
    assert "dl-lang-bg" in app._dom_classes and "dl-lang-en" not in app._dom_classes


def test_the_computers_moves_are_logged_at_the_instant_speed_too():
    app = penta(speed=0, seed=3)
    app.roll()
    app.score(next(iter(app.game.options())))
    assert any("scored" in line for line in app.computer_log), app.computer_log
    assert "Computer scored" in app._log.value


def test_a_scorecard_button_is_named_by_its_box_and_what_it_scores():
    app = penta(speed=0, seed=3, players=["Ada"], computer=())
    app.roll()
    button = app.box_button("chance")
    assert "dl-label-title" in button._dom_classes
    assert button.tooltip.startswith(f"Chance: {button.description}. ")


def test_the_house_rules_histogram_has_a_sentence_with_its_numbers():
    official = Outcome(PRESETS["official"], 250.0, 60.0, np.arange(100, 501), {}, None)
    house = Outcome(PRESETS["official"], 260.0, 60.0, np.arange(200, 601), {}, None)
    text = histogram_text((official, house), "official", 401, "en")
    assert text.startswith("A histogram of the final score of the best player in 401 simulated")
    assert "between 200 and 400 points, median 300" in text
    assert "these rules: the middle half of the games scored between 300 and 500" in text


def test_every_risk_plot_has_its_numbers_in_words_beside_it():
    app = RiskExplorer(lang="ca")
    app.show("farkle")
    text = app.plot_text("farkle", "ca")
    assert "2/3 = 66,7" in text and text.endswith(".")
    assert '<span class="dl-alt" hidden>' in app.caption("farkle")


def test_each_page_has_its_title_in_its_language():
    titles = page_texts()["titles"]
    assert titles["penta_play"]["en"] == "Play Penta – dicelab"
    assert titles["house_rules"]["fr"] != titles["house_rules"]["en"]
    assert titles["00_start_here"]["bg"] == "dicelab"
    assert title("farkle_rules", "nb").endswith(" – dicelab")


def _widgets(root):
    yield root
    for child in getattr(root, "children", ()):
        yield from _widgets(child)
