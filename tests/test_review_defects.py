"""Defects found by the review of the classroom kit and the house rules (issues 14 and 15):
each test failed before its fix."""

from __future__ import annotations

import pytest

from dicelab import IllegalMove, farkle
from dicelab.penta.rules import Rules


def test_penta_custom_refuses_an_unknown_joker():
    with pytest.raises(IllegalMove, match="Unknown joker rule"):
        Rules.custom("house", joker="wild")
    with pytest.raises(IllegalMove, match="Unknown joker rule"):
        Rules.custom("house", joker=5)


@pytest.mark.parametrize("custom", [Rules.custom, farkle.Rules.custom])
def test_custom_refuses_a_second_name_as_a_field(custom):
    with pytest.raises(IllegalMove, match="name"):
        custom("house", name="other")


def test_house_rules_app_refuses_an_unknown_joker():
    from dicelab.widgets.common.timer import ManualScheduler
    from dicelab.widgets.penta.house_rules import HouseRulesApp

    app = HouseRulesApp(lang="en", scheduler=ManualScheduler(), animate=False)
    assert app.set_rule("joker", "wild") is False
    assert app.rules is None  # nothing is solved until the field is mended
    assert app.set_rule("joker", "none") is True
    assert app.rules is not None and app.rules.joker == "none"
