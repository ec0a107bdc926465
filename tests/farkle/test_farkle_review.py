"""Tests of Farkle's game review: by expected turn points and by the chance to win."""

from __future__ import annotations

import csv
import io
import math

import pytest

from dicelab import IllegalMove
from dicelab.farkle.game import Game
from dicelab.farkle.moves import Bank, Roll, SetAside
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.review import positions, review
from dicelab.farkle.risk import evaluate_player, optimal_turn
from dicelab.farkle.scoring import farkle_chance
from dicelab.review import Review


class OptimalTurnPlayer:
    """Plays each turn for the most expected points (the optimal turn's policy)."""

    def __init__(self) -> None:
        self.turn = optimal_turn()

    def choose(self, situation):
        turn = situation.turn
        if turn.phase == "set_aside":
            best = self.turn.best_set_aside(turn.last_roll, turn.previous)
            return SetAside(turn.positions_of(best.dice))
        if turn.phase == "roll_or_bank" and self.turn.should_bank(turn.points, turn.dice_in_play):
            return Bank()
        return Roll()


def turns_played(game: Game, seat: int) -> int:
    """How many turns ``seat`` started (a turn lost on its first roll counts)."""
    history = game.situations()
    return sum(
        1
        for before, event in zip(history, game.events, strict=False)
        if before.current == seat and before.turn.phase == "roll"
    )


def test_a_bank_that_leaves_points_on_the_table():
    game = Game(1, True, seed=11)
    game.roll()  # 6 3 3 4 3 2
    game.set_aside([3, 3, 3])
    game.bank()
    result = review(game, seat=0)
    set_aside, bank = result.decisions
    assert (set_aside.kind, set_aside.choice, set_aside.loss) == ("set_aside", (3, 3, 3), 0.0)
    assert set_aside.situation.endswith("turn 0 | dice 6 | roll 6 3 3 4 3 2")
    assert (bank.kind, bank.choice, bank.best) == ("bank_or_roll", "bank", "roll")
    assert bank.choice_value == 300.0
    assert bank.best_value == pytest.approx(optimal_turn().roll_value(300, 3))
    assert bank.loss == pytest.approx(bank.best_value - 300)
    assert bank.choice_farkle is None
    assert bank.best_farkle == pytest.approx(float(farkle_chance(3)))
    assert set_aside.choice_farkle == pytest.approx(float(farkle_chance(3)))
    assert result.costliest() == (bank,)
    assert "27.8%" in str(bank.explanation)


def test_set_aside_in_several_clicks_is_one_decision():
    game = Game(1, True, seed=4)
    assert game.roll().dice == (5, 4, 6, 1, 1, 3)
    game.set_aside([1])
    game.set_aside([5])
    game.roll()
    found = list(positions(game, 0))
    assert [(p.kind, p.choice) for p in found] == [
        ("set_aside", (1, 5)),
        ("bank_or_roll", "roll"),
    ]
    assert str(found[0].situation).endswith("turn 0 | dice 6 | roll 5 4 6 1 1 3")
    assert review(game).decisions[0].choice_value == optimal_turn().value(150, 4)


def test_optimal_turns_review_to_zero_by_points():
    game = Game(1, True, seed=5, target=5000)
    game.play_out({0: OptimalTurnPlayer()})
    result = review(game, seat=0)
    assert len(result.decisions) > 20
    assert result.total_loss == 0.0
    assert str(result.proficiency) == "Excellent"


def test_the_computer_loses_what_evaluate_player_says():
    """Over 1,000 turns of the computer alone (always level: its evaluated policy), the mean
    loss per turn agrees with ``evaluate_player`` within 3 standard errors."""
    expected = (
        optimal_turn().expected_turn_score - evaluate_player(ComputerPlayer()).expected_turn_score
    )
    assert round(expected, 1) == 89.5
    losses: list[float] = []
    seed = 0
    while len(losses) < 1000:
        game = Game(0, True, seed=seed, target=10000).play_out()
        per_turn: dict[int, float] = {}
        for d in review(game).decisions:
            per_turn[d.round] = per_turn.get(d.round, 0.0) + d.loss
        losses += [per_turn.get(t, 0.0) for t in range(1, turns_played(game, 0) + 1)]
        seed += 1
    losses = losses[:1000]
    mean = sum(losses) / len(losses)
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (len(losses) - 1))
    assert abs(mean - expected) < 3 * sd / math.sqrt(len(losses)), (mean, expected, sd)


def test_by_win_banking_when_far_behind_costs_chances():
    start = "target 10000 | totals >8000 9500 | turn 300 | dice 1 | roll [1] 3"
    game = Game(1, True, seed=1, target=10000, start=start)
    game.bank()
    by_points = review(game, seat=0)
    by_win = review(game, seat=0, by="win")
    bank = by_win.decisions[-1]
    assert (bank.choice, bank.best, bank.round, bank.roll) == ("bank", "roll", 1, 1)
    assert by_points.decisions[-1].loss == 0.0  # banking 300 with 1 die is right for points
    assert bank.loss == pytest.approx(0.0131891443, abs=1e-8)
    assert bank.choice_farkle is None and bank.best_farkle is None
    assert "percentage points" in str(by_win.summary())
    assert "14.8%" in str(bank.explanation)


def test_bad_reviews_are_refused():
    game = Game(2, True, seed=3)
    with pytest.raises(IllegalMove):
        review(game, by="win")  # three players
    with pytest.raises(IllegalMove):
        review(game, by="fun")
    with pytest.raises(IllegalMove):
        review(game, seat=3)
    with pytest.raises(IllegalMove):
        review("{not json")
    with pytest.raises(IllegalMove):
        review(42)


def test_a_save_reviews_like_the_game():
    game = Game(1, True, seed=9, target=5000).play_out()
    assert review(game.to_json()) == review(game)


def test_exports():
    game = Game(1, True, seed=9, target=5000).play_out()
    result = review(game)
    rows = list(csv.DictReader(io.StringIO(result.to_csv())))
    assert list(rows[0]) == list(Review.COLUMNS)
    assert len(rows) == len(result.decisions)
    assert sum(float(r["loss"]) for r in rows) == pytest.approx(result.total_loss, abs=1e-6)
    assert all(r["choice_sd"] == "" for r in rows)
    text = result.to_markdown()
    assert text.startswith("# Farkle game review\n")
    assert "Set-asides" in text and "Bank or roll" in text
    assert text.count("\n| AI |") == len([d for d in result.decisions if d.seat == 1])
