"""The Farkle risk explorer: every plot drawn from the engine, with its numbers in words."""

from __future__ import annotations

import re
import time

import pytest

from dicelab.farkle import Rules
from dicelab.i18n import format_percent
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.risk_explorer import PLOTS, RiskExplorer, _solve_estimate
from tests.helpers import tick_labels
from tests.widgets.helpers import find, snapshot, texts

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


def test_a_plot_shows_only_once_its_words_are_beside_it():
    """A plot's text alternative is its caption's hidden ``.dl-alt`` (the page copies it to the
    picture's ``alt``): the picture is shown after it, never a moment without it."""
    clock = ManualScheduler()
    explorer = RiskExplorer(lang="en", background=lambda work: work(), scheduler=clock)
    seen = []
    for name, image in explorer.images.items():
        image.layout.observe(
            lambda change, name=name: seen.append(
                (name, change["new"], "dl-alt" in explorer.caption(name))
            ),
            "display",
        )
    clock.advance(0)  # the first plot is drawn just after the app is shown
    assert seen == [("farkle", None, True)]


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
    assert app._fields["base"].value == "500"


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
    app._fields["base"].value = "-5"
    assert "must be a number of 0 or more" in app.notices[0]
    assert snapshot(app, skip=(app._notice_area,)) == before
    assert not app.show("pie chart")


@pytest.mark.slow
def test_the_preset_changes_the_figures(app):
    app._preset.value = "minimal"
    app.show("values")
    assert app.rules.name == "minimal" and "446.6" in app.caption("values")
    app.set_preset("standard")


@pytest.mark.slow  # the explorer's first drawing, 1.7 s
def test_the_win_map_needs_a_solved_target(fresh):
    """Not solved (an empty cache): the tab says so and offers to solve; nothing is played.
    (Solved: ``test_the_win_chance_tab_plays_the_strategies_exactly_and_simulated``.) It ran
    on the shared cache before, where ``make tables`` has solved 15,000: it then played every
    pair exactly and in simulation at 15,000 (40 s) and checked nothing."""
    fresh.set_target(15000)
    fresh.show("winmap")
    assert "not solved yet" in fresh.caption("winmap")
    assert find(fresh, "dl-solve").layout.display != "none"
    assert fresh._games is None


@pytest.mark.slow
def test_language_switch_keeps_the_settings(app):
    before = snapshot(app)
    app.set_language("en")
    assert snapshot(app) == before


def test_a_plot_is_drawn_again_in_the_language_the_app_switches_to():
    """Its title, axes and legend are words: before, a plot drawn in English stayed English on
    a page switched to Catalan (the dropdown, or ``?lang=ca`` on an app built ahead)."""
    clock = ManualScheduler()
    switched = RiskExplorer(lang="en", background=lambda work: work(), scheduler=clock)
    clock.advance(0)
    english = bytes(switched.images["farkle"].value)
    assert switched.set_language("ca")
    catalan = RiskExplorer(lang="ca", background=lambda work: work(), scheduler=ManualScheduler())
    catalan.act(lambda: catalan._draw("farkle"))
    assert english.startswith(PNG) and bytes(switched.images["farkle"].value) != english
    assert bytes(switched.images["farkle"].value) == bytes(catalan.images["farkle"].value)


@pytest.mark.parametrize("bad", ["abc", float("nan"), float("inf"), -5])
def test_a_refused_computer_parameter_changes_nothing(bad):
    app = RiskExplorer(lang="en", scheduler=ManualScheduler())
    before = app._computer
    assert not app.set_computer(base=bad)
    assert app._computer == before
    assert app.notices and "Something went wrong" not in app.notices[0]


# -- house rules, and their win chances solved live -------------------------------------------


@pytest.fixture
def fresh(tmp_path, monkeypatch) -> RiskExplorer:
    """An explorer whose solves go to an empty cache (nothing solved yet)."""
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    clock = ManualScheduler()
    explorer = RiskExplorer(lang="en", turns=2000, background=lambda work: work(), scheduler=clock)
    clock.advance(0)
    return explorer


def test_a_house_table_is_solved_live_with_a_progress_bar(fresh):
    from dicelab.farkle.winchance import cache_path, solve_win_chances

    app = fresh
    app._end_pick.value = "at-once"  # the learner's clicks
    app._entry_field.value = 500
    app._house_points["straight"].value = 1000
    assert app.rules.ends_at_target and app.rules.entry == 500 and app.rules.straight == 1000
    app._target_pick.value = 1000
    app.show("winmap")
    assert "not solved yet" in app.caption("winmap") and "seconds to a few minutes" in (
        app.caption("winmap")
    )
    bars, notes = [], []
    app._progress.observe(lambda change: bars.append(change["new"]), "value")
    app._solve_note.observe(lambda change: notes.append(change["new"]), "value")
    find(app, "dl-solve").click()
    assert bars and bars[-1] == 1.0 and bars == sorted(bars)
    assert app._progress.layout.display == "none"
    assert "Solving the win chances of these rules for a target of 1,000" in notes[0]
    assert app._solve_note.value == "" and app.solving == ""  # done: the line goes
    assert app._solve_button.layout.display == "none"  # nothing left to solve
    assert cache_path(app.rules, 1000).exists()
    exact = solve_win_chances(app.rules, 1000)
    caption = app.caption("winmap")
    assert format_percent(exact.first_player_chance, "en") in caption
    assert f"<td>{exact.fair_head_start():,}</td>" in caption
    assert "Ends at once" in caption and "<td>500</td>" in caption
    assert bytes(app.images["winmap"].value).startswith(PNG)
    assert not app.notices


def test_the_time_left_is_measured_from_the_progress(fresh):
    fresh._show_solving(5000, 0.25, time.perf_counter() - 10.0)
    assert fresh.solving == (
        "Solving the win chances of these rules for a target of 5,000… 25% done, about 30 s left."
    )


def test_the_estimate_before_a_solve_comes_from_the_tables_solved_here():
    from dicelab.farkle.winchance import cache_path, win_chances

    if not cache_path(Rules(), 5000).exists():
        pytest.skip("needs the solved standard table at 5,000 (make tables)")
    known = win_chances(Rules(), 5000).seconds
    assert _solve_estimate(Rules.custom("race", end="at-once"), 5000) == pytest.approx(known)
    assert _solve_estimate(Rules(), 1000) < known  # smaller target: less work


def test_refused_house_rules_change_nothing(fresh):
    app = fresh
    before = snapshot(app, skip=(app._notice_area,))
    rules = app.rules
    assert not app.set_house(entry=-50)
    assert "entry minimum" in app.notices[0]
    assert not app.set_house(straight=-5)
    assert not app.set_house(end="never")
    assert not app.set_house(bonus=100)
    assert "house rules are" in app.notices[0]
    assert app.rules is rules
    assert snapshot(app, skip=(app._notice_area,)) == before


def test_an_entry_above_the_target_is_refused_by_the_solver(fresh):
    app = fresh
    app.set_house(entry=5000)
    app.set_target(1000)
    app.show("winmap")
    app.solve()
    assert "above the target" in app.notices[0]
    assert app._progress.layout.display == "none" and app.solving == ""


def test_a_preset_keeps_the_house_game_rules(fresh):
    app = fresh
    app.set_house(end="at-once", straight=1000)
    app._preset.value = "minimal"
    assert app.rules.ends_at_target and app.rules.straight is None  # the minimal table's
    assert app._house_points["straight"].value == 0  # 0: no straight
    app.set_house(end="last-round")
    assert app.rules == Rules.preset("minimal")


def test_the_house_rules_speak_french(fresh):
    app = fresh
    app.set_language("fr")
    shown = texts(app)
    assert "Règles maison" in shown and "Fin de partie" in shown
    app.show("winmap")
    assert "Calculer les chances de gagner" in shown + texts(app)


@pytest.mark.slow
def test_the_win_chance_tab_plays_the_strategies_exactly_and_simulated(fresh):
    """Once the table is solved, each pair's exact chance (dicelab.farkle.duel) is listed
    beside simulated games."""
    from dicelab.farkle import ComputerPlayer, duel
    from dicelab.farkle.winchance import solve_win_chances

    app = fresh
    app._target_pick.value = 1000
    app.show("winmap")
    if "not solved yet" in app.caption("winmap"):
        find(app, "dl-solve").click()
    caption = app.caption("winmap")
    chances = solve_win_chances(app.rules, 1000)
    for second in ("optimal", ComputerPlayer()):
        exact = duel(chances, second, rules=app.rules, target=1000).first_wins
        assert format_percent(exact, "en", decimals=2) in caption
    assert "playing to win against most points" in caption
    assert "simulated (1,000 games)" in caption and " ± " in caption
    assert not app.notices


@pytest.mark.parametrize("name", ["farkle", "values", "thresholds", "distributions"])
def test_a_plots_ticks_are_numbers_of_the_pages_language(monkeypatch, name):
    # A Catalan page showed 0.1, 0.7 and 3000 on its axes, where its tables say 0,1 and 3.000.
    from dicelab.widgets.farkle import risk_explorer

    drawn = []
    monkeypatch.setattr(risk_explorer, "_png", lambda figure: drawn.append(figure) or b"")
    explorer = RiskExplorer(
        lang="ca", turns=200, background=lambda work: work(), scheduler=ManualScheduler()
    )
    if name == "distributions":
        explorer.simulate()
    drawn.clear()
    risk_explorer._PLOTTERS[name](explorer, "ca")
    labels = tick_labels(drawn[-1])
    assert labels, name
    catalan = r"[-\u2212]?\d{1,3}(\.\d{3})*(,\d+)?(\xa0%)?"  # 1.000 points, 0,5, 25 %
    assert [t for t in labels if not re.fullmatch(catalan, t)] == [], (name, labels)
    if name in ("farkle", "distributions"):  # chances, as percentages
        assert any(t.endswith("\xa0%") for t in labels), labels
    if name in ("values", "distributions", "thresholds"):  # points: 1.000 in Catalan
        assert any(re.fullmatch(r"\d{1,3}(\.\d{3})+", t) for t in labels), labels


def test_a_computer_parameter_is_shown_and_read_as_the_language_writes_numbers():
    # The field was a browser's number field, which wrote 0.1 in a French or Catalan page.
    app = RiskExplorer(lang="fr", background=lambda work: work(), scheduler=ManualScheduler())
    field = app._fields["per_point_behind"]
    assert field.value == "0,1" and app._fields["base"].value == "300"
    field.value = "0,25"  # as a French learner types it
    assert app.computer.per_point_behind == 0.25 and app.notices == []
    app._fields["max_raise"].value = "1 500"  # read with a separator, shown as the fields above
    assert app.computer.max_raise == 1500 and app._fields["max_raise"].value == "1500"
    before = app.computer
    field.value = "un quart"
    assert app.computer == before  # refused, in words that say what to type:
    assert app.notices[0] == "'un quart' n’est pas un nombre\u00a0: saisis-en un comme 0,25."
    assert field.value == "0,25"  # the field shows the value kept
    app.set_language("ca")
    assert field.value == "0,25" and app._fields["max_raise"].value == "1500"
    app._fields["max_raise"].value = "1.250"  # Catalan's thousands' separator
    assert app.computer.max_raise == 1250
