"""The exact duel where learners see it: the strategy duel widget and the lesson
"Risk, variance and winning" (issue 27)."""

from __future__ import annotations

import pytest

from dicelab.farkle import ComputerPlayer, duel
from dicelab.i18n import format_percent
from dicelab.lessons.winning_vs_scoring import (
    STEADY,
    exact_win_rate,
    optimal_beats_maximiser,
    winning_vs_scoring,
)


def test_the_exact_rate_is_the_duel_each_starting_half():
    exact = duel(STEADY, ComputerPlayer(), target=1000)
    rate = exact_win_rate(STEADY, target=1000)
    assert rate == exact.first_wins_either_starting
    assert rate == pytest.approx((exact.first_wins + exact.first_wins_second_starting) / 2)
    assert exact_win_rate([STEADY] * 6, target=1000) == rate  # six equal thresholds are one


def test_the_widget_shows_the_exact_rate_beside_the_simulated_one():
    from dicelab.widgets.strategy_duel import StrategyDuel

    app = StrategyDuel(lang="fr")
    app.threshold.value = 400
    app.play(games=40, target=1000)
    exact = exact_win_rate(400, target=1000)
    assert app.exact == [exact]
    assert "exactement" in app.results.value and "±" in app.results.value
    assert format_percent(exact, "fr") in app.results.value


@pytest.mark.slow
@pytest.mark.tables
def test_the_lesson_says_how_often_playing_to_win_beats_the_most_points():
    from dicelab.farkle.winchance import win_chances

    rate = optimal_beats_maximiser()
    exact = duel(win_chances(target=10_000), "optimal", target=10_000)
    assert rate == exact.first_wins_either_starting
    assert 0.5 < rate < 0.6
    shown = winning_vs_scoring()["play_to_win"].example().render("en")  # after a prediction
    assert "plays to win beats the one who scores the most on average" in shown
    assert f"{100 * rate:.1f}%" in shown


def test_the_lessons_duel_figure_is_kept_on_disk_and_read_back(tmp_path, monkeypatch):
    """The lesson's exact duel takes tens of seconds at 10,000: computed once, then read."""
    import importlib

    from dicelab.lessons import winning_vs_scoring as lesson

    duel_module = importlib.import_module("dicelab.farkle.duel")  # the package's duel is a function

    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    first = lesson.optimal_beats_maximiser(target=1000)
    assert len(list(tmp_path.glob("farkle-duel-win-vs-points-*-1000-v1.npy"))) == 1

    def no_duel(*args, **kwargs):
        raise AssertionError("the figure is read from the disk, not computed again")

    monkeypatch.setattr(duel_module, "duel", no_duel)
    assert lesson.optimal_beats_maximiser(target=1000) == first
