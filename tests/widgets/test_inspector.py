"""The scoring inspector: dice pressed or typed, any card, reasons and points from the engine."""

from __future__ import annotations

import pytest

from dicelab.penta import Scorecard
from dicelab.widgets.penta.inspector import ScoringInspector
from tests.widgets.helpers import find, snapshot, texts


def make(situation=None, **kwargs):
    return ScoringInspector(situation, lang="en", **kwargs)


def test_default_view_lists_every_box_with_points_and_reasons():
    app = make()
    assert app.dice == (2, 2, 5, 5, 5)
    html = app._results.value
    assert "Full house" in html and "25" in html
    assert app.points()["full_house"] == 25
    assert [b.description for b in app._dice_row.buttons] == ["2", "2", "5", "5", "5"]
    assert app._line.value == "- | dice 2 2 5 5 5 | 2 rolls left"


def test_pressing_a_die_turns_it_to_the_next_face_and_six_wraps():
    app = make("- | dice 1 2 3 4 6 | 1 roll left")
    find(app, "dl-die-4").click()
    assert app.dice[4] == 1 and app._dice_row.buttons[4].description == "1"
    app._dice_row.buttons[0].click()
    assert app.dice[0] == 2


def test_typing_dice_in_any_common_form():
    app = make()
    app._dice_text.value = "44412"
    assert app.dice == (4, 4, 4, 1, 2)
    app._dice_text.value = "6, 6, 6, 6, 6"
    assert app.dice == (6, 6, 6, 6, 6)


def test_typing_bad_dice_is_refused_and_reverts():
    app = make()
    before = snapshot(app, skip=(app._notice_area,))
    app._dice_text.value = "4 4 9 1 2"
    assert app.notices == ["A die shows 9: dice show whole numbers from 1 to 6."]
    assert snapshot(app, skip=(app._notice_area,)) == before
    app._dice_text.value = "4 4"
    assert "Exactly 5 dice" in app.notices[0]
    assert snapshot(app, skip=(app._notice_area,)) == before


@pytest.mark.parametrize(
    "typed", ["1 2 3 4 \u00b2", "\u00b22345", "\u0663\u0663\u0663\u0663\u0663"]
)
def test_digits_other_than_0_to_9_are_refused_by_the_engine(typed):
    # "²".isdigit() is true in Python and int("²") raised a bare ValueError
    app = make()
    before = snapshot(app, skip=(app._notice_area,))
    app._dice_text.value = typed
    assert app.notices and "dice show whole numbers from 1 to 6" in app.notices[0]
    assert snapshot(app, skip=(app._notice_area,)) == before


def test_joker_case_one_forces_the_upper_box_and_disables_the_rest():
    app = make("5k=50 | dice 4 4 4 4 4 | 2 rolls left")
    assert app.points()["fours"] == 120
    assert app.points()["full_house"] is None
    assert app.reason("fours") == "Joker: five 4s must go in Fours: 20 points. Penta bonus: +100."
    assert "not allowed" in app._results.value


def test_joker_case_two_and_three_are_named():
    app = make("4s=12 5k=50 | dice 4 4 4 4 4 | 0 rolls left")
    assert app.points()["full_house"] == 125
    assert "joker rule" in app.reason("full_house")
    app.set_situation(
        "4s=12 3k=20 4k=20 fh=25 ss=30 ls=40 ch=20 5k=50 | dice 4 4 4 4 4 | 0 rolls left"
    )
    assert app.points()["aces"] == 100
    assert "lower section is full" in app.reason("aces")


def test_sacrifice_message_shows_when_no_box_scores():
    app = make("1s=3 3s=9 4s=12 6s=18 3k=20 ss=30 ch=22 | dice 1 1 3 4 6 | 0 rolls left")
    assert "you must sacrifice one" in app._results.value
    app.set_dice([2, 2, 2, 5, 5])
    assert "you must sacrifice one" not in app._results.value


def test_card_controls_fill_and_open_boxes():
    app = make()
    app._box_picks["penta"].value = "50"
    assert app.card.filled == {"penta": 50}
    app._bonus_pick.value = 100
    assert "Not allowed" in app._notice_area.value  # a bonus needs a box besides Penta
    assert app.card.penta_bonus == 0 and app._bonus_pick.value == 0
    app.set_box("fours", 20)
    app._bonus_pick.value = 100
    assert app.card.penta_bonus == 100 and app.notices == []
    app._box_picks["penta"].value = "open"
    assert app.card.filled == {"fours": 20, "penta": 50}  # refused: the bonus needs 50 there
    assert app._box_picks["penta"].value == "50"


def test_rules_preset_changes_the_reasons():
    app = make("5k=0 | dice 3 3 3 3 3 | 0 rolls left")
    assert app.points()["full_house"] == 0
    app._rules_pick.value = "official"
    assert app.card.rules.name == "official"
    assert app.points()["threes"] == 15 and app.points()["full_house"] is None


def test_situation_line_loads_and_bad_lines_are_refused():
    app = make()
    app._line.value = "1s=3 | dice 1 1 1 2 2 | 1 roll left"
    assert app.card.filled == {"aces": 3} and app.rolls_left == 1
    before = snapshot(app, skip=(app._notice_area,))
    app._line.value = "garbage"
    assert app.notices and app.notices[0].startswith("Cannot read the situation")
    assert snapshot(app, skip=(app._notice_area,)) == before
    app.set_situation("- | dice - | 3 rolls left")
    assert "five dice" in app.notices[0]


def test_a_complete_card_says_so():
    filled = {box: 5 if box == "chance" else 0 for box in Scorecard().open_boxes}
    app = make()
    app._card = Scorecard.from_filled(filled)
    app.render()
    assert "complete" in app._results.value
    assert app.situation is None


def test_language_switch_keeps_everything():
    app = make("5k=50 | dice 4 4 4 4 4 | 2 rolls left")
    before = snapshot(app)
    app.set_language("en")
    assert snapshot(app) == before
    assert "Language" in texts(app)


def test_rolls_left_picker():
    app = make()
    app._rolls_pick.value = 0
    assert app.rolls_left == 0 and app._line.value.endswith("0 rolls left")


class FakeSolver:
    def option_values(self, card, dice, rolls_left):
        values = {box: 100.0 + i for i, box in enumerate(card.options(dice))}
        if rolls_left:
            values[(4, 4, 4, 4)] = 300.0
        return values

    def fill_chances(self, card, dice, rolls_left):
        return {box: 0.25 for box in card.open_boxes}


def test_the_advisor_shows_values_and_fill_chances_when_opened():
    app = make("5k=50 | dice 4 4 4 4 1 | 2 rolls left")
    panel = app._advisor
    assert panel.progress is None and panel.text == ""
    panel._solver_for = lambda rules: FakeSolver()
    panel._is_ready = lambda solver: True
    app.open_advisor()
    text = panel.text
    assert "Keep 4 4 4 4 (best)" in text and "25.0%" in text and "dl-advice-chance" in text
    app.set_rolls_left(0)
    assert "Keep" not in panel.text


@pytest.mark.tables
def test_the_real_advisor_when_its_table_is_cached():
    app = make("5k=50 | dice 4 4 4 4 1 | 2 rolls left")
    app.open_advisor()
    assert "Keep 4 4 4 4 (best)" in app._advisor.text


def test_penta_bonus_choices_come_from_the_engine_and_follow_the_rules():
    """Before: the inspector restated the rule (12 bonuses of 100) whatever the preset."""
    from dicelab.penta.scorecard import possible_penta_bonuses

    app = make()
    assert [v for _, v in app._bonus_pick.options] == list(possible_penta_bonuses("penta"))
    assert app.set_rules("no-bonus")
    assert [v for _, v in app._bonus_pick.options] == [0]
    assert app.set_rules("official")
    assert [v for _, v in app._bonus_pick.options][-1] == 1200
