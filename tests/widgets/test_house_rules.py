"""The House rules app: a changed rule is solved and compared with the preset, a refusal is
shown next to its field, the preset comes back, the best choice in a situation, a game."""

from __future__ import annotations

import shutil

import pytest

from dicelab.i18n import format_number
from dicelab.penta import Rules, Scorecard
from dicelab.penta.solver import Solver
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.penta.house_rules import HouseRulesApp, house_rules

OFFICIAL = Rules.preset("official")
HOUSE = house_rules("official", {"full_house_points": 30})


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A cache of its own holding only the official table (copied): the house is built."""
    folder = tmp_path_factory.mktemp("cache")
    official = Solver(OFFICIAL)
    official.build()  # from the shared cache (the lead's run built the presets)
    shutil.copy(official.path, folder / official.path.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DICELAB_CACHE_DIR", str(folder))
        yield folder


def new_app(**options) -> HouseRulesApp:
    options.setdefault("background", lambda work: work())
    return HouseRulesApp(lang="en", scheduler=ManualScheduler(), animate=False, **options)


@pytest.fixture(scope="module")
def solved(cache) -> HouseRulesApp:
    """Full house at 30, solved (the one full build of this module)."""
    app = new_app()
    assert app.set_rule("full_house_points", 30), app.notices
    assert app.solve(), app.notices
    return app


def mean(value: float) -> str:
    return format_number(value, "en", decimals=1)


def test_the_app_opens_without_solving_anything():
    app = new_app()
    assert app.shown is None and not app.solving
    assert "press “Solve”" in app.summary
    assert app.rules == OFFICIAL


def test_a_refused_rule_shows_the_engines_words_next_to_the_field_and_solves_nothing():
    app = new_app()
    assert not app.set_rule("upper_bonus_points", -5)
    assert app.field_error("upper_bonus_points") == (
        "Upper bonus points is a whole number from 1 to 1,000, not -5."
    )
    assert "not -5" in app._field_errors["upper_bonus_points"].value
    assert not app.set_rule("upper_bonus_threshold", 200)
    assert "from 1 to 105" in app.field_error("upper_bonus_threshold")
    assert app.rules is None
    assert not app.solve()
    assert app.notices == ["Mend the rules marked in red first: nothing was solved."]
    assert app.shown is None and "Traceback" not in app.summary
    assert app.set_rule("upper_bonus_points", 35) and app.set_rule("upper_bonus_threshold", 63)
    assert app.field_error("upper_bonus_points") == "" and app.rules == OFFICIAL


@pytest.mark.slow
def test_a_changed_rule_is_solved_and_shows_the_new_mean_beside_the_presets(solved, cache):
    house = Solver(HOUSE).expected_score()
    official = Solver(OFFICIAL).expected_score()
    assert house > official
    summary = solved.summary
    assert f"scores {mean(house)} points on average" in summary
    assert f"{mean(house - official)} more than with the rules" in summary
    assert f"({mean(official)})" in summary
    assert any(path.name.startswith("penta-house-") for path in cache.iterdir()), "cached"
    # Full house gains about a fifth of its points; the table says so, row by row.
    row = solved.boxes_html.split('dl-house-row-full_house dl-gain">')[1].split("</tr>")[0]
    assert "Full house" in row and "+" in row
    assert bytes(solved._plot.value).startswith(b"\x89PNG")


@pytest.mark.slow
def test_the_same_house_again_is_instant_and_the_preset_back_gives_its_figures(solved):
    assert solved.set_preset("official")
    assert solved.shown.rules == OFFICIAL
    official = Solver(OFFICIAL).expected_score()
    assert f"“Official (forced joker)” the best player scores {mean(official)}" in solved.summary
    assert "more than" not in solved.summary
    never = []
    app = new_app(background=never.append)  # a build would be queued here, never run
    app._outcomes = dict(solved._outcomes)
    assert app.set_rule("full_house_points", 30) and app.solve()
    assert never == [] and app.shown.rules == HOUSE


@pytest.mark.slow
def test_the_situation_shows_the_best_choice_under_each_rule_set(solved):
    assert solved.set_rule("full_house_points", 30) and solved.solve()
    assert "last solved" not in solved.summary
    assert solved.set_rule("penta_points", 40)  # not solved: the figures say they are older
    assert "These figures are for the rules last solved" in solved.summary
    assert solved.set_rule("penta_points", 50) and "last solved" not in solved.summary
    assert solved.set_situation("1 3 3 4 5", rolls_left=1)
    text = solved.situation_html
    assert "The best choice changes: Keep 3 4 5 under “Official (forced joker)”, Keep 3 3" in text
    values = Solver(HOUSE).option_values(Scorecard(HOUSE), (1, 3, 3, 4, 5), 1)
    assert format_number(values[(3, 3)], "en", decimals=2) + " (best)" in text
    assert not solved.set_situation("1 3 3 4 9")
    assert "dice show whole numbers from 1 to 6" in solved.notices[0]


def test_a_solve_runs_in_the_background_with_a_progress_bar(cache):
    queued = []
    app = new_app(background=queued.append)
    assert app.set_rule("penta_points", 40) and app.solve()
    assert app.solving and app._progress.layout.display is None
    assert "Solving these rules" in app.summary and app._solve_button.disabled
    assert not app.solve() and "under way" in app.notices[0]
    assert len(queued) == 1  # not run: nothing is built by this test


@pytest.mark.slow
def test_play_with_these_rules_opens_a_game_under_them(solved):
    assert solved.set_rule("full_house_points", 30) and solved.solve()
    assert solved.open_play()
    game = solved.play_app.game
    assert game.rules == HOUSE
    assert solved.play_app._advisor.is_open
    words = "A game under the rules “Official (forced joker)” with these changes: "
    assert words + "Full house points: 30." in solved._play_heading.value
    # The New game panel offers the house's rules, picked; Start keeps them.
    play = solved.play_app
    play.open_new_game()
    assert play._rules_pick.value == HOUSE
    assert "House rules" in [label for label, _ in play._rules_pick.options]
    assert play.start() and play.game.rules == HOUSE
