"""The lesson "How the best player thinks" (notebooks/penta_thinking.ipynb).

Its numbers are checked against independent counts (dice enumerated here, by brute force),
its anticipated wrong answers against the mistakes they name, and the notebook's hand-written
solver of the small game against dicelab's solver, to 1e-9, by running the notebook's own cell.
"""

from __future__ import annotations

import itertools
import re
import time
from fractions import Fraction
from pathlib import Path

import nbformat
import numpy as np
import pytest

from dicelab.lessons import LESSONS, PERCENT, WHICH_BOXES, penta_thinking
from dicelab.lessons.thinking import (
    SMALL_GAME,
    Plot,
    best_choice,
    best_keep,
    box_means,
    build_timing,
    chance_average,
    chance_to_reach,
    check_small_game,
    faces_at_end,
    games_path,
    plot_box_points,
    plot_scores,
    reachable_states,
    simulated_games,
    small_game_card,
    small_game_values,
    top_box,
)
from dicelab.penta import Scorecard
from dicelab.penta import solver_tables as st
from dicelab.penta.rules import BOXES
from dicelab.penta.simulate import simulate
from dicelab.penta.solver import Solver
from tests.helpers import tick_labels, untranslated

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "penta_thinking.ipynb"
ORDER = ("keep", "backwards", "solver", "dilemma", "scores", "average")


@pytest.fixture(scope="module")
def lesson():
    return penta_thinking()


def learner_code() -> str:
    """The source of the notebook's one cell tagged ``learner-code``."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    (cell,) = [c for c in notebook.cells if "learner-code" in c.metadata.get("tags", [])]
    assert cell.cell_type == "code"
    return cell.source


def run_learner_code(source: str | None = None) -> dict:
    names: dict = {}
    exec(compile(source or learner_code(), "learner-code", "exec"), names)
    return names


# -- the book -----------------------------------------------------------------------------------


def test_the_cards_in_order_each_with_an_example_and_an_exercise(lesson):
    assert lesson.ids == ORDER
    for rule in lesson:
        assert rule.text and rule.steps and rule.exercise.mistakes
        shown = rule.example().shown
        assert not any(item.unexpected for item in shown), rule.id


@pytest.mark.parametrize("rule_id", ORDER)
def test_every_exercise_accepts_the_engine_answer_and_names_its_wrong_answers(lesson, rule_id):
    exercise = lesson[rule_id].exercise
    answer = exercise.answer()
    given = sorted(answer) if exercise.kind == WHICH_BOXES else answer
    assert exercise.check(given).correct is True
    for value, mistake in exercise.anticipated():
        wrong = sorted(value) if exercise.kind == WHICH_BOXES else value
        feedback = exercise.check(wrong)
        assert feedback.correct is False, (rule_id, mistake.code)
        assert feedback.mistake == mistake
        assert mistake.why.render("en") in feedback.render("en")


def test_the_page_is_on_the_start_page():
    (page,) = [page for page in LESSONS if page.notebook == "penta_thinking.ipynb"]
    assert "minutes" in page.description.render("en")


# -- 1. what a keep is worth --------------------------------------------------------------------


def brute_force_sixes(held: int, rolls: int) -> dict[int, Fraction]:
    """Every sequence of re-rolls, die by die (6**(2 * rolls) for two dice), counted."""
    free = 5 - held
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=free * rolls):
        sixes = 0
        for die in range(free):
            tries = faces[die * rolls : (die + 1) * rolls]
            sixes += 6 in tries
        counts[held + sixes] = counts.get(held + sixes, 0) + 1
    total = 6 ** (free * rolls)
    return {n: Fraction(c, total) for n, c in sorted(counts.items())}


def test_holding_three_sixes_counts_agree_with_brute_force_and_the_solver(lesson):
    chances = faces_at_end(3, rolls_left=2)
    assert chances == brute_force_sixes(3, 2)
    assert chances[5] == Fraction(11, 36) ** 2 == Fraction(121, 1296)
    assert chances[4] + chances[5] == 1 - Fraction(25, 36) ** 2 == Fraction(671, 1296)
    # the optimal player holds the 6s here too: its chance of filling Penta is the same
    filled = Solver().fill_chances(Scorecard(), (2, 5, 6, 6, 6), 2)["penta"]
    assert filled == pytest.approx(121 / 1296, abs=1e-12)
    exercise = lesson["keep"].exercise
    assert exercise.answer() == Fraction(121, 1296)
    wrong = [value for value, _ in exercise.anticipated()]
    assert wrong == [Fraction(1, 36), Fraction(1, 9), Fraction(1, 18)]


def test_the_keep_example_shows_what_the_optimal_player_expects(lesson):
    values = Solver().option_values(Scorecard(), (2, 5, 6, 6, 6), 2)
    shown = lesson["keep"].example().shown
    assert shown[0].value == Fraction(671, 1296)
    worth = shown[1].value
    assert float(worth[(6, 6, 6)].params["value"]) == values[(6, 6, 6)]
    assert max(values.values()) == values[(6, 6, 6)]


# -- 2. thinking backwards: the learner's solver ---------------------------------------------------


def test_the_last_turn_of_the_small_game_and_the_choice_before_it(lesson):
    shown = lesson["backwards"].example().shown
    assert shown[0].value == Fraction(91, 216) == 1 - Fraction(5, 6) ** 3
    assert shown[1].value == 15 * Fraction(91, 216)
    only_threes = Solver().state_value(small_game_card(["threes"]))
    assert only_threes == pytest.approx(15 * 91 / 216, abs=1e-12)
    assert shown[2].value == 5 * Fraction(91, 216)
    assert shown[3].value.render("en") == f"{only_threes:.6f}"
    exercise = lesson["backwards"].exercise
    # Aces: 2 now + the last turn with Threes; Threes: 3 now + the last turn with Aces
    assert 2 + 15 * 91 / 216 > 3 + 5 * 91 / 216
    assert exercise.answer() == "aces"
    assert [value for value, _ in exercise.anticipated()] == ["threes"]
    values = exercise.explanation()
    assert values["aces"] == pytest.approx(2 + 15 * 91 / 216, abs=1e-6)
    assert values["threes"] == pytest.approx(3 + 5 * 91 / 216, abs=1e-6)


def test_the_learner_code_is_plain_python_of_at_most_30_lines():
    source = learner_code()
    assert len(source.splitlines()) <= 30
    assert "dicelab" not in source and "import numpy" not in source
    for line in source.splitlines():
        if line.startswith(("import", "from")):
            assert line.split()[1] in ("itertools", "fractions", "functools"), line


def test_the_learner_solver_agrees_with_dicelab_to_1e_9():
    start = time.process_time()
    names = run_learner_code()
    spent = time.process_time() - start
    assert spent < 2.0  # well under a second on an idle machine
    assert tuple(names["BOXES"]) == SMALL_GAME
    theirs = small_game_values(SMALL_GAME)
    assert set(names["value"]) == set(theirs) and len(theirs) == 8
    for state, value in theirs.items():
        assert abs(names["value"][state] - value) <= 1e-9, state
    check = check_small_game(names["value"], names["BOXES"])
    assert check.agree and check.largest_difference <= 1e-9
    assert "agree" in check.render("en")


def test_the_learner_can_add_chance_and_still_agree():
    source = learner_code()
    line = '    "threes": lambda dice: 3 * dice.count(3),\n'
    assert line in source
    names = run_learner_code(source.replace(line, line + '    "chance": sum,\n'))
    check = check_small_game(names["value"], names["BOXES"])
    assert len(check.rows) == 16 and check.agree


def test_boxes_that_reach_the_upper_bonus_make_the_two_solvers_differ():
    source = learner_code()
    for face, box in ((1, "fours"), (2, "fives"), (3, "sixes")):
        old = f'"{SMALL_GAME[face - 1]}": lambda dice: {face} * dice.count({face}),'
        assert old in source
        source = source.replace(old, f'"{box}": lambda dice: {face + 3} * dice.count({face + 3}),')
    names = run_learner_code(source)
    check = check_small_game(names["value"], names["BOXES"])
    assert not check.agree and check.largest_difference > 0.01
    assert "35" in check.render("en")  # the upper bonus is named
    rows = {state: abs(a - b) for state, a, b in check.rows}
    assert rows[frozenset({"fours", "fives"})] <= 1e-9  # 20 + 25 < 63: no bonus possible


def test_unknown_boxes_are_named_not_a_traceback():
    check = check_small_game({frozenset(): 0.0}, ["aces", "sevens"])
    assert not check.agree and "sevens" in check.render("en")


# -- 3. the real solver ---------------------------------------------------------------------------


def test_the_real_solver_figures(lesson):
    solver = Solver("penta")
    assert st.N_STATES == 2**13 * 64 * 2
    assert reachable_states(solver) == 536_448
    assert reachable_states(solver) == sum(len(m) for m, _, _ in st.layer_states(solver.rules))
    assert round(solver.expected_score(), 7) == 254.4848459
    shown = lesson["solver"].example().shown
    assert shown[0].value == 536_448
    assert shown[1].value.render("en") == "254.48"  # one figure, one rounding (issue 25, §5)
    scores = lesson["scores"].example().shown
    assert scores[0].value.render("en") == "254.48"
    text = lesson["solver"].render("en")
    assert "8,192 × 64 × 2 = 1,048,576" in text


def test_build_timing_is_measured_now_and_scaled():
    text = build_timing(chunks=1).render("en")
    assert text.startswith("Just now, 512 states took") and "536,448" in text


def test_the_number_of_rolls(lesson):
    exercise = lesson["solver"].exercise
    rolls = {tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=5)}
    assert exercise.answer() == len(rolls) == 252
    assert [value for value, _ in exercise.anticipated()] == [7776, 64]


# -- 4. the dilemma -----------------------------------------------------------------------------


def test_the_dilemma_hold_three_sixes_with_rolls_left_full_house_on_the_last(lesson):
    values = Solver().option_values(Scorecard(), (1, 1, 6, 6, 6), 2)
    assert max(values, key=values.get) == (6, 6, 6)
    assert values[(6, 6, 6)] - values["full_house"] > 10
    assert best_choice((1, 1, 6, 6, 6), 2) == "keep" == best_choice((1, 1, 6, 6, 6), 1)
    assert best_choice((1, 1, 6, 6, 6), 0) == "full_house"
    exercise = lesson["dilemma"].exercise
    assert exercise.answer() == "keep"
    assert [value for value, _ in exercise.anticipated()] == ["full_house"]
    assert exercise.check("Score Full house now").mistake is not None


# -- 5. the scores of the best player ----------------------------------------------------------


def test_simulated_games_are_recorded_box_by_box():
    games = simulated_games()
    assert games.n == 10_000 and games.box_points.shape == (10_000, len(BOXES) + 2)
    assert np.array_equal(games.box_points.sum(axis=1), games.scores)
    means = box_means()
    assert sum(means.values()) == pytest.approx(games.mean)
    assert abs(games.mean - Solver().expected_score()) < 4 * games.std_error


def test_saved_games_are_the_games_played_and_a_foreign_file_is_replayed(tmp_path, monkeypatch):
    from dicelab.lessons import thinking

    assert games_path("penta", 300, 5).name.endswith("-games-300-5-g1.npy")
    saved = tmp_path / "games.npy"
    monkeypatch.setattr(thinking, "games_path", lambda *args: saved)
    played = simulate(300, "penta", seed=5)
    first = simulated_games.__wrapped__("penta", 300, 5)  # plays and saves
    assert saved.exists()
    again = simulated_games.__wrapped__("penta", 300, 5)  # read back
    assert np.array_equal(first.box_points, played.box_points)
    assert np.array_equal(again.box_points, played.box_points)
    assert np.array_equal(again.scores, played.scores) and again.rules == "penta"
    np.save(saved, np.zeros((3, 3)))
    assert np.array_equal(simulated_games.__wrapped__("penta", 300, 5).scores, played.scores)


def test_the_box_that_brings_the_most(lesson):
    means = box_means()
    assert top_box() == max(BOXES, key=means.get)
    exercise = lesson["scores"].exercise
    assert exercise.answer() == frozenset({top_box()})
    assert [value for value, _ in exercise.anticipated()] == [frozenset({"penta"})]
    assert means["penta"] < means[top_box()]


def test_the_plots_are_images_in_the_page_language():
    for plot in (plot_scores(lang="fr"), plot_box_points(lang="fr")):
        assert isinstance(plot, Plot)
        assert plot.png().startswith(b"\x89PNG")
    labels = [t.get_text() for t in plot_box_points(lang="fr").figure.axes[0].get_yticklabels()]
    assert "Grande suite" in labels


def test_the_plots_ticks_are_numbers_of_the_page_language():
    counts = tick_labels(plot_scores(lang="fr").figure)  # games: 1 000 and more in French
    assert any("\u202f" in label for label in counts), counts
    assert not [label for label in counts if re.search(r"\d{4}|\d\.\d", label)], counts


def test_a_plot_is_drawn_once_then_read_back_and_redrawn_when_what_it_shows_changes(
    tmp_path, monkeypatch
):
    import dicelab.cache

    monkeypatch.setattr(dicelab.cache, "cache_dir", lambda: tmp_path)
    real = plot_box_points(lang="en")
    drawn = []
    plot = Plot(lambda: drawn.append(1) or real.figure, real.shows)
    first, second = plot.png(), plot.png()
    assert first == second and first.startswith(b"\x89PNG") and drawn == [1]
    assert plot.path.parent == tmp_path
    assert plot_box_points(lang="fr").path != real.path
    assert plot_scores(lang="en").path != real.path


# -- 6. best average or best chance to win ------------------------------------------------------


def test_the_average_play_is_the_solvers_play_and_not_the_best_to_reach_28(lesson):
    card = small_game_card(["chance"])
    solver = Solver()
    assert float(chance_average(0, "average")) == pytest.approx(solver.state_value(card), abs=1e-9)
    # the card's words: hold every 5 and 6 with two rolls left, every 4, 5 and 6 with one
    for roll in itertools.combinations_with_replacement(range(1, 7), 5):
        for rolls_left, lowest in ((2, 5), (1, 4)):
            kept = tuple(d for d in roll if d >= lowest)
            best = solver.best_action(card, roll, rolls_left)
            assert best == ("chance" if len(kept) == 5 else kept), (roll, rolls_left)
    assert chance_to_reach(28, "average") < chance_to_reach(28, "target")
    assert chance_average(28, "average") > chance_average(28, "target")
    assert best_keep((5, 5, 4, 3, 2), 2, 28, "average") == (5, 5)
    assert best_keep((5, 5, 4, 3, 2), 2, 28, "target") == (5,)
    exercise = lesson["average"].exercise
    assert exercise.answer() is False
    assert [value for value, _ in exercise.anticipated()] == [True]


def test_chance_to_reach_by_brute_force_of_the_average_play():
    """The average play (hold every 5 and 6, then every 4, 5, 6) holds each die on its own:
    a die's final face is the first of its three rolls that the play keeps."""
    one: dict[int, Fraction] = {}
    for a, b, c in itertools.product(range(1, 7), repeat=3):
        face = a if a >= 5 else (b if b >= 4 else c)
        one[face] = one.get(face, Fraction(0)) + Fraction(1, 216)
    dist = {0: Fraction(1)}
    for _ in range(5):
        dist = _convolve(dist, one)
    assert sum(p for t, p in dist.items() if t >= 28) == chance_to_reach(28, "average")
    assert sum(t * p for t, p in dist.items()) == chance_average(28, "average")


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def test_percent_exercises_are_told_apart_from_their_mistakes(lesson):
    for rule in lesson:
        exercise = rule.exercise
        if exercise.kind != PERCENT:
            continue
        answer = float(exercise.answer())
        for value, mistake in exercise.anticipated():
            assert abs(float(value) - answer) > exercise.tolerance, mistake.code


# -- i18n ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", ORDER)
def test_every_text_shown_goes_through_i18n(lesson, rule_id, pseudo_language):
    rule = lesson[rule_id]
    exercise = rule.exercise
    answer = exercise.answer()
    shown = [
        lesson.render(pseudo_language),
        rule.render(pseudo_language),
        rule.example().render(pseudo_language),
        exercise.check(...).render(pseudo_language),
        exercise.check(sorted(answer) if exercise.kind == WHICH_BOXES else answer).render(
            pseudo_language
        ),
    ]
    for value, _ in exercise.anticipated():
        shown.append(
            exercise.check(sorted(value) if exercise.kind == WHICH_BOXES else value).render(
                pseudo_language
            )
        )
    if rule_id == "backwards":
        shown.append(
            check_small_game(run_learner_code()["value"], SMALL_GAME).render(pseudo_language)
        )
        shown.append(check_small_game({}, ["sevens"]).render(pseudo_language))
    for text in shown:
        assert untranslated(text) == [], text
