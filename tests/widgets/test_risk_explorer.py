"""The Farkle risk explorer: every plot drawn from the engine, with its numbers in words."""

from __future__ import annotations

import pytest

from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.risk_explorer import PLOTS, RiskExplorer
from tests.widgets.helpers import snapshot

PNG = b"\x89PNG"


@pytest.fixture(scope="module")
def app() -> RiskExplorer:
    clock = ManualScheduler()
    explorer = RiskExplorer(lang="en", turns=2000, background=lambda work: work(), scheduler=clock)
    clock.advance(0)  # the first plot is drawn just after the app is shown
    return explorer


def test_nothing_is_plotted_before_the_app_is_shown():
    explorer = RiskExplorer(lang="en", background=lambda work: work(), scheduler=ManualScheduler())
    assert all(bytes(image.value) == b"" for image in explorer.images.values())


@pytest.mark.slow
def test_the_farkle_chance_plot_has_exact_and_simulated_figures(app):
    assert app.current == "farkle" and bytes(app.images["farkle"].value).startswith(PNG)
    caption = app.caption("farkle")
    for fraction in ("2/3", "4/9", "5/18", "17/108", "25/324", "5/216"):
        assert fraction in caption


@pytest.mark.slow
def test_every_plot_draws(app):
    for name in PLOTS:
        assert app.show(name), app.notices
        assert app.current == name
        assert bytes(app.images[name].value).startswith(PNG) or "not solved" in app.caption(name)
        assert app.caption(name)


@pytest.mark.slow
def test_rolling_against_banking_lists_the_optimal_thresholds(app):
    app.show("values")
    caption = app.caption("values")
    assert "16,400" in caption and "548.9" in caption


@pytest.mark.slow
def test_thresholds_compare_optimal_computer_and_custom(app):
    app.set_custom("400")
    app.set_computer(base=500, per_missing_die=50)
    app.show("thresholds")
    caption = app.caption("thresholds")
    assert "<td>6</td><td>16,400</td><td>500</td><td>400</td>" in caption
    assert "<td>1</td><td>300</td><td>250</td><td>400</td>" in caption
    assert app._fields["base"].value == 500


@pytest.mark.slow
def test_distributions_are_simulated_with_a_progress_bar(app):
    seen = []
    app._progress.observe(lambda change: seen.append(change["new"]), "value")
    app.simulate()
    assert seen and seen[-1] == 1.0 and app._progress.layout.display == "none"
    caption = app.caption("distributions")
    assert "optimal" in caption and "548.9" in caption and "±" in caption


@pytest.mark.slow
def test_bad_settings_are_refused_and_change_nothing(app):
    app.show("thresholds")
    before = snapshot(app, skip=(app._notice_area,))
    app._custom_text.value = "300, 300"
    assert app.notices[0].startswith("Type one bank threshold, or six")
    assert snapshot(app, skip=(app._notice_area,)) == before
    app._fields["base"].value = -5
    assert "must be a number of 0 or more" in app.notices[0]
    assert snapshot(app, skip=(app._notice_area,)) == before
    assert not app.show("pie chart")


@pytest.mark.slow
def test_the_preset_changes_the_figures(app):
    app._preset.value = "minimal"
    app.show("values")
    assert app.rules.name == "minimal" and "446.6" in app.caption("values")
    app.set_preset("standard")


@pytest.mark.slow
def test_the_win_map_needs_a_solved_target(app):
    from dicelab.farkle.winchance import cache_path

    app.set_target(15000)
    app.show("winmap")
    if not cache_path(app.rules, 15000).exists():
        assert "not solved yet" in app.caption("winmap")
    app.set_target(1000)
    if cache_path(app.rules, 1000).exists():
        assert "first player" in app.caption("winmap")


@pytest.mark.slow
def test_language_switch_keeps_the_settings(app):
    before = snapshot(app)
    app.set_language("en")
    assert snapshot(app) == before


@pytest.mark.parametrize("bad", ["abc", float("nan"), float("inf"), -5])
def test_a_refused_computer_parameter_changes_nothing(bad):
    app = RiskExplorer(lang="en", scheduler=ManualScheduler())
    before = app._computer
    assert not app.set_computer(base=bad)
    assert app._computer == before
    assert app.notices and "Something went wrong" not in app.notices[0]
