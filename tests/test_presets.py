"""Rule presets of both games: one ``rules=`` reader, and labels and descriptions owned by the
engines (the lessons and the dashboards read them from there)."""

from __future__ import annotations

import pytest

from dicelab import IllegalMove
from dicelab.farkle import rules as farkle_rules
from dicelab.i18n import translate
from dicelab.penta import rules as penta_rules
from dicelab.penta import scorecard
from dicelab.presets import coerce_rules

GAMES = [(penta_rules, "penta"), (farkle_rules, "standard")]


@pytest.mark.parametrize(("module", "default"), GAMES)
def test_check_rules_reads_none_a_name_or_a_rules_value(module, default):
    assert module.check_rules(None) is module.PRESETS[default]
    for name, preset in module.PRESETS.items():
        assert module.check_rules(name) is preset
        assert module.check_rules(preset) is preset


@pytest.mark.parametrize(("module", "default"), GAMES)
@pytest.mark.parametrize("bad", [3, 2.5, b"official", ["penta"], {"name": "x"}, object()])
def test_check_rules_refuses_anything_else_with_illegal_move(module, default, bad):
    with pytest.raises(IllegalMove, match="preset name"):
        module.check_rules(bad)


@pytest.mark.parametrize(("module", "default"), GAMES)
def test_an_unknown_preset_names_the_choices(module, default):
    with pytest.raises(IllegalMove, match=f"choose one of {', '.join(module.PRESETS)}"):
        module.check_rules("house")


def test_one_reader_for_both_games_and_the_old_import_path():
    assert scorecard.check_rules is penta_rules.check_rules
    assert coerce_rules(None, int, {"one": 1}, default="one", refusal="Not {value}.") == 1
    with pytest.raises(IllegalMove, match="Unknown rule preset 'x'"):
        coerce_rules("x", int, {"one": 1}, default="one", refusal="Not {value}.")
    with pytest.raises(IllegalMove, match=r"^Not 2\.5\.$"):
        coerce_rules(2.5, int, {"one": 1}, default="one", refusal="Not {value}.")


@pytest.mark.parametrize(("module", "default"), GAMES)
def test_every_preset_has_a_label_in_the_engine(module, default):
    assert list(module.PRESET_LABELS) == list(module.PRESETS)
    for label in module.PRESET_LABELS.values():
        assert translate(label, "en") == label


def test_every_penta_preset_is_described_in_the_engine():
    assert list(penta_rules.PRESET_DESCRIPTIONS) == list(penta_rules.PRESETS)
    official = penta_rules.PRESET_DESCRIPTIONS["official"]
    assert "whenever the Penta box is filled" in official


def test_the_dashboards_labels_are_the_engines():
    labels = pytest.importorskip("dicelab.widgets.labels")
    assert labels.PENTA_PRESET_LABELS is penta_rules.PRESET_LABELS
    assert labels.FARKLE_PRESET_LABELS is farkle_rules.PRESET_LABELS


def test_the_presets_lesson_lists_the_engines_descriptions():
    from dicelab.lessons.penta import penta_rules as book

    text = "\n".join(item.render("en") for item in book()["presets"].text)
    for name, description in penta_rules.PRESET_DESCRIPTIONS.items():
        if name != "penta":
            assert f"- **{name}**: {description}" in text


def test_the_farkle_lesson_names_the_other_tables_by_the_engines_labels():
    from dicelab.lessons.farkle import farkle_rules as book

    text = "\n".join(item.render("en") for item in book()["scoring_table"].text)
    for name in ("minimal", "playmonster"):
        assert f"**{farkle_rules.PRESET_LABELS[name]}**" in text
