"""Tests of Penta's game review and of the second-moment table behind its standard deviations."""

from __future__ import annotations

import csv
import io
import math
import random

import numpy as np
import pytest

from dicelab import IllegalMove
from dicelab.penta import players
from dicelab.penta.game import Game
from dicelab.penta.moments import Moments, main, moments_path
from dicelab.penta.notation import parse
from dicelab.penta.review import Reviewer, action_label, review, review_positions
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.solver import Solver, simulate
from dicelab.review import Review
from tests.yatzy_reference import YATZY_VARIANT, reference_solver, yatzy_action, yatzy_situation

pytestmark = pytest.mark.tables  # the value and moments tables (make tables)

LAST_TURN = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})


@pytest.fixture(scope="module")
def reviewer():
    return Reviewer("penta")


def noisy_game(rules: Rules | str, seed: int, p_random: float = 0.5) -> Game:
    """A solitaire game played by the heuristic, with a random legal action instead half the
    time (so that its decisions spread over good and bad ones)."""
    rng = random.Random(seed)
    heuristic = players.get("heuristic")
    game = Game(("Learner",), rules=rules, seed=seed)
    while not game.is_over:
        if game.dice is None:
            game.roll()
            continue
        situation = game.situation
        if rng.random() < p_random:
            action = rng.choice(situation.actions())
        else:
            action = heuristic.choose(situation)
        if isinstance(action, str):
            game.score(action)
        else:
            game.hold(players.keep_positions(game.dice, action, game.held))
            game.roll()
    return game


def optimal_game(rules: Rules | str, seed: int) -> Game:
    game = Game(("Bot",), computer={0: "optimal"}, rules=rules, seed=seed)
    game.play_computer_turns()
    return game


# -- the second-moment table -------------------------------------------------------------------


def test_keep_sd_of_the_last_turn_is_exact_without_a_table():
    moments = Moments(cache=False)
    sds = moments.option_sds(LAST_TURN, (6, 6, 6, 6, 5), rolls_left=1)
    assert sds["chance"] == 0.0
    assert sds[(6, 6, 6, 6)] == pytest.approx(math.sqrt(35 / 12), abs=1e-12)
    assert sds[()] == pytest.approx(math.sqrt(5 * 35 / 12), abs=1e-12)
    assert set(sds) == set(Solver().option_values(LAST_TURN, (6, 6, 6, 6, 5), 1))


def test_official_start_sd_is_dicelabs_own():
    assert round(Moments("official").start_sd(), 4) == 59.6079  # not a published figure


def test_free_joker_start_sd_is_verhoeffs():
    assert round(Moments("free-joker").start_sd(), 4) == 59.6117  # Verhoeff's 59.61, his rules


@pytest.mark.slow
def test_command_line_builds_or_loads_tables(capsys):
    assert main(["official"]) == 0
    out, err = capsys.readouterr()
    assert "official: standard deviation 59.6079" in out
    assert "Building the official standard deviations" in err
    with pytest.raises(SystemExit):
        main(["nope"])


def test_moments_file_is_keyed_by_rules_and_versions(tmp_path):
    assert moments_path("official", tmp_path).name.startswith("penta-moments-official-")
    assert moments_path("official", tmp_path) != moments_path("no-bonus", tmp_path)


def test_keep_values_of_the_moments_are_the_solvers():
    """The moments follow the solver's policy: their keep and roll values are its values."""
    moments = Moments("penta")
    solver = moments.solver
    rng = random.Random(4)
    for _ in range(30):
        card = Scorecard("penta")
        for _ in range(rng.randint(0, 11)):
            dice = tuple(rng.randint(1, 6) for _ in range(5))
            card = card.score(rng.choice(sorted(card.options(dice))), dice)
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        left = rng.randint(1, 2)
        values = solver.option_values(card, dice, left)
        turn = moments._turn(card)
        from dicelab.penta.solver_tables import tables

        T = tables()
        for action, value in values.items():
            if not isinstance(action, str):
                mine = card.total + turn.keep_v[left][T.index[action], 0]
                assert mine == pytest.approx(value, abs=1e-9)
        sds = moments.option_sds(card, dice, left)
        assert all(sd >= 0 for sd in sds.values())


def test_fill_chances_after_a_keep_add_up_to_one():
    moments = Moments("penta")
    card = Scorecard.from_filled({"aces": 3, "chance": 20}, rules="penta")
    chances = moments.fill_chances_after(card, (6, 6), rolls_left=2)
    assert set(chances) == set(card.open_boxes)
    assert sum(chances.values()) == pytest.approx(1.0)
    with pytest.raises(IllegalMove):
        moments.fill_chances_after(card, (6, 6), rolls_left=0)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_start_sd_agrees_with_simulation(name):
    """Mean and variance of 100,000 optimal games within 3 standard errors of the tables'."""
    moments = Moments(name)
    solver = moments.solver
    scores = simulate(100_000, seed=12, solver=solver).scores.astype(float)
    n = len(scores)
    mean, var = solver.expected_score(), moments.start_sd() ** 2
    assert abs(scores.mean() - mean) < 3 * math.sqrt(var / n)
    centred = scores - scores.mean()
    m4 = float(np.mean(centred**4))
    sample_var = float(np.mean(centred**2))
    se_var = math.sqrt((m4 - sample_var**2) / n)
    assert abs(sample_var - var) < 3 * se_var, (name, sample_var, var, se_var)


# -- reviews --------------------------------------------------------------------------------------


def test_review_of_a_small_game(reviewer):
    game = Game(("Ada",), seed=2026)
    game.roll()
    game.hold([0, 1])
    game.roll()
    game.score("chance")
    result = review(game, reviewer=reviewer)
    keep, score = result.decisions
    assert (keep.kind, keep.choice, keep.roll, keep.round) == ("keep", (3, 3), 1, 1)
    assert (score.kind, score.choice, score.best, score.roll) == ("lower", "chance", (3, 3, 3), 2)
    assert keep.situation == "- | dice 3 3 4 4 6 | 2 rolls left"
    values = reviewer.solver.option_values(Scorecard(), (3, 3, 4, 4, 6), 2)
    assert keep.choice_value == values[(3, 3)]
    assert keep.loss == pytest.approx(max(values.values()) - values[(3, 3)])
    assert result.total_loss == pytest.approx(keep.loss + score.loss)
    assert result.mean_loss == pytest.approx(result.total_loss / 2)
    assert result.costliest() == (score, keep)
    assert "Threes" in str(score.explanation)
    assert score.choice_sd > 0 and score.best_sd > 0
    kinds = result.kinds()
    assert kinds["keep"].count == 1 and kinds["lower"].count == 1 and kinds["upper"].count == 0
    assert kinds["lower"].loss == pytest.approx(score.loss)


def test_review_of_an_unfinished_game_skips_the_pending_choice(reviewer):
    game = Game(("Ada", "Bob"), seed=3)
    game.roll()
    assert review(game, reviewer=reviewer).decisions == ()
    game.score(next(iter(game.options())))
    game.roll()
    result = review(game, reviewer=reviewer)
    assert [d.seat for d in result.decisions] == [0]
    assert review(game, seat=1, reviewer=reviewer).decisions == ()


def test_review_of_a_save_and_of_a_log(reviewer):
    game = noisy_game("penta", 8)
    direct = review(game, reviewer=reviewer)
    assert review(game.to_json(), reviewer=reviewer) == direct
    log = "\n".join(f"{d.situation} => {_log_action(d.choice)}" for d in direct.decisions)
    from_log = review(log, reviewer=reviewer)
    assert [d.loss for d in from_log.decisions] == [d.loss for d in direct.decisions]
    assert len(direct.decisions) >= 26


def _log_action(action) -> str:
    if isinstance(action, str):
        return action
    return "keep " + (" ".join(map(str, action)) or "-")


def test_a_notation_log_reads_box_codes():
    result = review_positions([("- | dice 2 2 5 5 5 | 0 rolls left", "fh")])
    assert result.decisions[0].choice == "full_house"
    assert result.decisions[0].loss == 0.0


@pytest.mark.parametrize(
    "bad",
    [
        "- | dice 3 3 4 4 6 | 2 rolls left => keep 1",
        "- | dice 3 3 4 4 6 | 2 rolls left",
        "- | dice 3 3 4 4 6 | 2 rolls left => sixes please",
        "- | dice 3 3 4 4 6 | 2 rolls left => keep 3 \u00b2",
        "- | dice 3 3 4 4 6 | 2 rolls left => keep 3 3 3",
        b"\xff\xfe",
        "- | dice - | 3 rolls left => keep -",
        '{"format": "dicelab-penta-game"',
        42,
    ],
)
def test_bad_input_is_refused(bad):
    with pytest.raises(IllegalMove):
        review(bad)


def test_an_action_that_is_not_legal_is_refused(reviewer):
    for action in ("fh!", (7,), [1, "a"], 3, None, (3, 3, 4, 4, 6)):
        with pytest.raises(IllegalMove):
            reviewer.decision(Scorecard(), (3, 3, 4, 4, 6), 2, action)


def test_a_seat_that_does_not_exist_is_refused(reviewer):
    game = Game(("Ada",), seed=1)
    for seat in (1, -1, True, "0", 10**30, 0.0):
        with pytest.raises(IllegalMove):
            review(game, seat=seat, reviewer=reviewer)
    game.roll()
    game.score("chance")
    assert review(game, seat=np.int64(0), reviewer=reviewer).decisions


def test_kinds_of_scorings():
    reviewer = Reviewer("official")
    card = Scorecard.from_filled({"penta": 50, "fours": 12}, rules="official")
    joker = reviewer.decision(card, (4, 4, 4, 4, 4), 0, "full_house")
    assert joker.kind == "joker"
    upper = reviewer.decision(card, (1, 1, 2, 3, 4), 0, "aces")
    lower = reviewer.decision(card, (1, 1, 2, 3, 4), 0, "chance")
    assert (upper.kind, lower.kind) == ("upper", "lower")
    no_joker = Reviewer("no-joker").decision(
        Scorecard.from_filled({"penta": 50}, rules="no-joker"), (4, 4, 4, 4, 4), 0, "chance"
    )
    assert no_joker.kind == "lower"


def test_optimal_play_reviews_to_zero(reviewer):
    result = review(optimal_game("penta", 21), reviewer=reviewer)
    assert len(result.decisions) >= 26
    assert result.total_loss == 0.0
    assert str(result.proficiency) == "Excellent"
    assert result.costliest() == ()
    assert all(d.choice_sd == d.best_sd for d in result.decisions)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_optimal_play_reviews_to_zero_for_every_preset(name):
    for seed in range(3):
        assert review(optimal_game(name, seed)).total_loss == 0.0


def test_the_computers_seat_is_reviewed_too(reviewer):
    game = Game(("Ada", "Computer"), computer={0: "optimal", 1: "heuristic"}, seed=30)
    game.play_computer_turns()
    mine = review(game, seat=0, reviewer=reviewer)
    theirs = review(game, seat=1, reviewer=reviewer)
    assert mine.total_loss == 0.0
    assert theirs.total_loss > 0
    assert {d.player for d in theirs.decisions} == {"Computer"}


# -- exports ----------------------------------------------------------------------------------


def test_csv_export(reviewer):
    result = review(noisy_game("penta", 5), reviewer=reviewer)
    rows = list(csv.DictReader(io.StringIO(result.to_csv())))
    assert list(rows[0]) == list(Review.COLUMNS)
    assert len(rows) == len(result.decisions)
    for row, d in zip(rows, result.decisions, strict=True):
        assert float(row["loss"]) == pytest.approx(d.loss, abs=1e-8)
        assert parse(row["situation"]) == parse(d.situation)
        assert row["choice"] == str(action_label(d.choice))
        assert row["choice_farkle"] == ""
    total = sum(float(row["loss"]) for row in rows)
    assert total == pytest.approx(result.total_loss, abs=1e-6)


def test_markdown_export(reviewer):
    result = review(noisy_game("penta", 6), reviewer=reviewer)
    text = result.to_markdown()
    assert text.startswith("# Penta game review\n")
    assert str(result.summary()) in text
    assert text.count("\n| Ada") == 0
    assert text.count("\n| Learner |") == len(result.decisions)
    for d in result.costliest():
        assert str(d.explanation) in text
    assert len(result.costliest()) == 3


# -- agreement with yatzy-solver -----------------------------------------------------------


@pytest.mark.slow
def test_losses_agree_with_yatzy_solver_regret():
    ys = pytest.importorskip("yatzy_solver")
    checked = 0
    for name, variant_name in YATZY_VARIANT.items():
        variant = ys.Variant(variant_name)
        theirs = reference_solver(ys, name)
        reviewer = Reviewer(name)
        seed = 0
        done = 0
        while done < 100:
            for d in review(noisy_game(name, 1000 + seed), reviewer=reviewer).decisions:
                situation = parse(d.situation)
                text = yatzy_situation(
                    situation.card, situation.dice, situation.rolls_left, variant.categories
                )
                regret = theirs.regret(text, yatzy_action(d.choice))
                assert d.loss == pytest.approx(regret, abs=1e-9), (name, d.situation, d.choice)
                done += 1
            seed += 1
        checked += done
    assert checked >= 400
