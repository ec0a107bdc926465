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
    text = winning_vs_scoring()["play_to_win"].render("en")
    assert "plays to win beats the one who scores the most on average" in text
