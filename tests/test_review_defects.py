"""Defects found by the review of the classroom kit and the house rules (issues 14 and 15):
each test failed before its fix."""

from __future__ import annotations

import pytest

from dicelab import IllegalMove
from dicelab.penta.rules import Rules


def test_penta_custom_refuses_an_unknown_joker():
    with pytest.raises(IllegalMove, match="Unknown joker rule"):
        Rules.custom("house", joker="wild")
    with pytest.raises(IllegalMove, match="Unknown joker rule"):
        Rules.custom("house", joker=5)


def test_house_rules_app_refuses_an_unknown_joker():
    from dicelab.widgets.common.timer import ManualScheduler
    from dicelab.widgets.penta.house_rules import HouseRulesApp

    app = HouseRulesApp(lang="en", scheduler=ManualScheduler(), animate=False)
    assert app.set_rule("joker", "wild") is False
    assert app.rules is None  # nothing is solved until the field is mended
    assert app.set_rule("joker", "none") is True
    assert app.rules is not None and app.rules.joker == "none"


def test_optimal_scores_file_name_is_safe_for_a_house_name():
    from dicelab.classroom.results import _scores_path
    from dicelab.penta.solver import file_label

    house = Rules.custom("../../our class/2B", full_house_points=30)
    path = _scores_path(house)
    assert "/" not in path.name and ".." not in path.name
    assert path.name.startswith(f"penta-optimal-scores-{file_label(house)}-{house.digest}-")
    official = _scores_path("official").name  # a preset's file keeps its name
    assert official.startswith("penta-optimal-scores-official-ca5578ac5c-")


def test_a_first_line_with_a_name_and_no_code_is_refused_not_taken_for_a_header():
    from dicelab.classroom.results import read_class

    results = read_class("Ada:\nBea: P1-000YM")
    assert [(r.line, r.name) for r in results.refusals] == [(1, "Ada"), (2, "Bea")]
    assert read_class("name,code\n").refusals == ()  # a spreadsheet's header is still skipped


def test_app_notebooks_open_with_a_name_not_english_words():
    """An app's page heading is the same in every language: a name, never English words
    (house_rules.ipynb showed "Penta: house rules" above a French app)."""
    import json
    from pathlib import Path

    notebooks = Path(__file__).resolve().parent.parent / "notebooks"
    for path in sorted(notebooks.glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        if "launch(" not in code:
            continue  # a lesson
        heading = "".join(cells[0]["source"])
        assert heading in ("# dicelab", "# Penta", "# Farkle"), (path.name, heading)


def test_house_rules_histogram_writes_its_ticks_as_the_language_does(monkeypatch):
    """The score plot's axes showed 0.200 (and 100) on a French page beside "259,2"."""
    import numpy as np
    from matplotlib.figure import Figure

    from dicelab.i18n import format_number, format_percent
    from dicelab.widgets.penta import house_rules as app

    drawn: list = []
    monkeypatch.setattr(Figure, "savefig", lambda fig, *a, **k: drawn.append(fig))
    scores = np.array([180.0, 250.0, 1250.0, 260.0])
    outcome = app.Outcome(Rules(), 250.0, 40.0, scores, {}, None)
    app._histogram((outcome, outcome), "official", "fr")
    (ax,) = drawn[0].axes
    assert ax.yaxis.get_major_formatter()(0.05, 0) == format_percent(0.05, "fr", decimals=0)
    assert ax.yaxis.get_major_formatter()(0.025, 0) == format_percent(0.025, "fr", decimals=1)
    assert ax.xaxis.get_major_formatter()(1200.0, 0) == format_number(1200, "fr")


def test_penta_card_shows_the_house_upper_bonus():
    """Playing under a house's upper bonus, the card said 63 or more: +35."""
    from dicelab.widgets.common.timer import ManualScheduler
    from dicelab.widgets.penta.app import PentaApp

    house = Rules.custom("house", upper_bonus_threshold=70, upper_bonus_points=50)
    off = Rules.custom("house", upper_bonus=False)
    for rules, label in (
        (house, "Upper bonus (70 or more: +50)"),
        (Rules(), "(63 or more: +35)"),
        (off, "<b>Upper bonus</b>"),
    ):
        app = PentaApp(
            lang="en",
            animate=False,
            scheduler=ManualScheduler(),
            speed=0,
            auto_score=None,
            rules=rules,
        )
        assert label in app._grid._labels.value


def test_teacher_refuses_a_huge_upload_before_filling_the_box():
    """A file far too long for a class was put in the box (and sent to the browser) first."""
    from dicelab.classroom.results import MAX_TEXT
    from dicelab.widgets.teacher import TeacherApp

    app = TeacherApp(lang="en")
    app._input.value = "Ada: P1-000YM"
    assert app.upload("big.txt", b"x" * (MAX_TEXT + 1)) is False
    assert app._input.value == "Ada: P1-000YM"
    assert "too long" in str(app.notices[0])


@pytest.mark.parametrize(
    "value", [10**28, -(10**40), 10**400, 1e300], ids=["1e28", "-1e40", "1e400", "1e300 float"]
)
def test_format_number_writes_huge_numbers(value):
    """Babel's 28-digit context refused them (decimal.InvalidOperation): a learner who typed
    thirty 9s into a prediction box saw a traceback instead of the feedback."""
    from dicelab.i18n import format_number

    written = format_number(value, "fr")
    assert written.replace("\u202f", "").replace(",", "").lstrip("-").startswith("1")


def test_a_huge_typed_prediction_gets_feedback():
    from dicelab.i18n import msg
    from dicelab.lessons.cards import NUMBER, Exercise

    exercise = Exercise(
        "demo", msg("How many points does a single 5 score?"), "50", NUMBER, namespace=dict
    )
    feedback = exercise.check("9" * 30)
    assert feedback.correct is False
    assert "999" in feedback.render("fr")


def test_house_rules_labels_wrap_rather_than_end_in_an_ellipsis():
    """At 800 px, Bulgarian labels were cut: "Бонус за горната част от (…"."""
    from dicelab.widgets.penta.house_rules import HouseRulesApp

    css = HouseRulesApp.extra_css
    assert ".dl-house-rules .widget-inline-hbox .widget-label { white-space: normal;" in css
