"""The lesson "Counting chances, and when to stop" (notebooks/farkle_chances.ipynb).

Every exercise's answer and every anticipated wrong answer is checked here against a value
worked out by hand (an independent source), every mistake is shown to differ from the answer
and to bring its own explanation, every number of the texts is shown to come from the
engine (no result typed into a message), the counts against brute force, and the pictures
to draw dice, tables and plots in the learner's language.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from dicelab import IllegalMove
from dicelab.farkle.risk import optimal_turn
from dicelab.farkle.scoring import farkle_chance
from dicelab.i18n import translate
from dicelab.i18n.extract import messages_in_source
from dicelab.lessons import LESSONS, NUMBER, PERCENT, counting
from dicelab.lessons import chance_figures as figures
from dicelab.lessons import farkle_chances as lesson_module
from dicelab.lessons.cards import describe
from dicelab.lessons.farkle_chances import farkle_chances
from tests.helpers import untranslated

ROOT = Path(__file__).resolve().parents[1]
ORDER = (
    "sample_space",
    "first_guess",
    "triples",
    "farkle_table",
    "expected_roll",
    "one_more_roll",
    "hot_dice",
    "six_dice",
    "gamblers_fallacy",
    "standard_error",
)

# Each exercise: the answer and the anticipated wrong answers, worked out by hand.
EXPECTED = {
    "sample_space": (20, [24, 16]),  # 36 - 4*4; 12 + 12 counts 1-5, 5-1, 1-1, 5-5 twice; 4*4
    "first_guess": (Fraction(4, 9), [Fraction(1, 3), Fraction(1, 9)]),
    "triples": (Fraction(60, 216), [Fraction(8, 27), Fraction(58, 216)]),
    "farkle_table": (
        Fraction(13, 18) * Fraction(5, 9),
        [Fraction(5, 18), 1 - Fraction(5, 18) * Fraction(4, 9)],
    ),
    "expected_roll": (25, [75, 150]),
    "one_more_roll": (False, [True]),  # 3 dice, 500 points: wins 86.8, risks 138.9
    "hot_dice": (Fraction(1, 9), [Fraction(1, 3), Fraction(2, 3)]),
    "six_dice": ("roll", ["bank"]),
    "gamblers_fallacy": (Fraction(1, 6), [1 - Fraction(5, 6) ** 6, Fraction(1)]),
    "standard_error": (4000, [2000]),
}


@pytest.fixture(scope="module")
def lesson():
    return farkle_chances()


def test_cards_in_order_each_with_text_example_and_exercise(lesson):
    assert lesson.ids == ORDER == tuple(EXPECTED)
    for number, card in enumerate(lesson, start=1):
        assert card.number == number and card.game == "farkle_chances"
        assert card.title.render("en") and card.text and card.steps
        assert card.exercise.id == card.id
        assert len(card.exercise.mistakes) >= 1
        shown = card.example().shown
        assert [item.unexpected for item in shown] == [False] * len(shown), card.id


@pytest.mark.parametrize("card_id", ORDER)
def test_every_exercise_answer_and_its_anticipated_mistakes(lesson, card_id):
    exercise = lesson[card_id].exercise
    answer, wrong = EXPECTED[card_id]
    assert exercise.answer() == answer
    assert [value for value, _ in exercise.anticipated()] == wrong
    right = exercise.check(answer if exercise.kind != PERCENT else Fraction(answer))
    assert right.correct is True and right.mistake is None
    for value, mistake in exercise.anticipated():
        assert value != answer
        feedback = exercise.check(value)
        assert feedback.correct is False, (card_id, value)
        assert feedback.mistake is mistake  # its own explanation, not another's
        text = feedback.render("en")
        assert mistake.why.render("en") in text and f"`{mistake.code}`" in text


def test_percent_predictions_as_a_learner_types_them(lesson):
    triples = lesson["triples"].exercise
    assert triples.check("27.8").correct and triples.check("60/216").correct
    assert triples.check("28 %").correct
    assert triples.check("29.6%").mistake.code == "first_guess(3)"
    assert triples.check("26.9").mistake.code == "Fraction(4 ** 3 - 6, 6 ** 3)"
    assert lesson["gamblers_fallacy"].exercise.check("16,7 %").correct
    assert lesson["expected_roll"].exercise.check("75").mistake is not None
    assert lesson["one_more_roll"].exercise.check("yes").correct is False


def test_card_texts_do_not_give_their_answer_away(lesson):
    for card in lesson:
        exercise = card.exercise
        answer = exercise.answer()
        text = card.render("en") + exercise.prompt.render("en")
        if exercise.kind == PERCENT:
            assert describe(answer, "en").split(" ≈ ")[1] not in text, card.id
        elif exercise.kind == NUMBER:
            assert not re.search(rf"(?<![\d,.]){describe(answer, 'en')}(?![\d,.])", text), card.id


# -- the numbers come from the engine ---------------------------------------------------------

ALLOWED = [
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\{[^}]*\}",  # a placeholder
        r"\b1, 2 or 3 dice\b",  # what the drawing draws
        r"\b[1-6](-[1-6]){2}\b",  # a triple, 2-2-2
        r"\b2, 3, 4 or 6\b",  # the faces that miss
        r"\b[1-6] (then|or|and) (a )?[1-6]\b",  # "a 1 then a 2", "1 or a 5"
        r"\b(a|an|one|no|any|the|three|and) [1-6]s?\b",  # a face: "a 1", "three 2s"
        r"\b1s\b",  # the 1s of a simulation
        r"\b(counts|face|give) 0\b",  # a farkle's points
        r"\b1 − p\b|\bfrom 1\b|\b1 minus\b|√2|\(4/6\)ⁿ",  # formulas
        r"\b2 times in 3\b|\b19 times in 20\b",  # the normal distribution's rule
    )
]
"""Digits a message may hold as words, not results (each pattern removed in turn)."""


def without_allowed(text: str) -> str:
    for pattern in ALLOWED:
        text = pattern.sub("", text)
    return text


def lesson_messages() -> list[str]:
    ids = []
    for module in (lesson_module, figures):
        source = Path(module.__file__).read_text(encoding="utf-8")
        for singular, plural in messages_in_source(source):
            ids += [singular] + ([plural] if plural else [])
    return ids


def test_no_result_is_typed_into_a_message():
    typed = [text for text in lesson_messages() if re.search(r"\d", without_allowed(text))]
    assert typed == []


def test_texts_follow_the_engine(monkeypatch):
    class Turn:
        unit = 50

        def bank_threshold(self, n):
            return 10_000 + n

    monkeypatch.setattr(lesson_module, "optimal_turn", lambda: Turn())
    book = farkle_chances()
    assert "10,006" in book["six_dice"].title.render("en")
    assert "10,001" in book["hot_dice"].render("en")
    monkeypatch.setattr(lesson_module, "roll_points", lambda n: Fraction(7))
    assert "7.0 points on average" in farkle_chances()["six_dice"].exercise.prompt.render("en")


def test_counts_agree_with_brute_force():
    def scores_by_hand(roll):  # 1s, 5s, triples; with more dice the engine's own table
        return 1 in roll or 5 in roll or any(roll.count(face) >= 3 for face in range(1, 7))

    for n in (1, 2, 3):
        rolls = list(itertools.product(range(1, 7), repeat=n))
        assert counting.sample_space(n) == tuple(rolls)
        assert counting.farkle_count(n) == sum(not scores_by_hand(r) for r in rolls)
    for n in range(1, 7):
        assert Fraction(counting.farkle_count(n), 6**n) == farkle_chance(n)
    assert counting.roll_points(1) == Fraction(100, 6) + Fraction(50, 6) == 25
    assert counting.runs_without_a_one(5) == (5**5 * 6, 5**5)
    assert counting.hot_dice_chance(3) == Fraction(2 + 3 + 3 + 4, 216)  # 111 555, 115, 155, 4


def test_the_one_roll_argument_against_the_solver():
    turn = optimal_turn()
    for n in range(1, 7):
        # the solver's own expected best points of one roll, and its cap E_n / p_n
        assert float(counting.roll_points(n)) == pytest.approx(float(turn.tail[n]), abs=1e-9)
        assert counting.one_roll_threshold(n) <= turn.bank_threshold(n)
    assert counting.one_roll_threshold(6) == turn.bank_threshold(6) == 16_400
    assert [counting.one_roll_threshold(n) for n in range(1, 7)] == [50, 150, 350, 950, 2950, 16400]
    assert turn.cap == (int(counting.break_even(6) / turn.unit) + 2) * turn.unit
    assert not turn.should_bank(250, 1) and turn.should_bank(250, 2)


def test_simulations_are_seeded_and_land_near_the_exact_value():
    first = counting.simulate_farkles(3, 5_000, seed=7)
    assert (first == counting.simulate_farkles(3, 5_000, seed=7)).all()
    error = counting.standard_error(farkle_chance(3), 5_000)
    assert abs(first.mean() - float(farkle_chance(3))) < 4 * error
    kept, ones = counting.simulate_next_after_misses(5, 30_000, seed=1)
    assert abs(ones / kept - 1 / 6) < 4 * counting.standard_error(Fraction(1, 6), kept)
    assert counting.rolls_for_error(farkle_chance(3), error / 2) == 20_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: counting.sample_space(0),
        lambda: counting.sample_space(True),
        lambda: counting.farkle_count(7),
        lambda: counting.simulate_farkles(3, 0, seed=1),
        lambda: counting.simulate_farkles(3, 10**9, seed=1),
        lambda: counting.simulate_farkles(3, 10, seed=-1),
        lambda: counting.chance_of_a_one_after(6),
        lambda: counting.simulate_next_after_misses(2.5, 10, seed=1),
        lambda: figures.draw_sample_space(4),
    ],
)
def test_bad_input_is_refused_with_illegal_move(call):
    with pytest.raises(IllegalMove):
        call()


# -- the pictures -----------------------------------------------------------------------------


def test_the_sample_space_is_drawn_as_dice_with_the_scoring_outcomes_highlighted():
    for n in (1, 2, 3):
        html = figures.draw_sample_space(n, lang="en").html
        assert html.count("<use ") == n * 6**n  # every die of every outcome
        scoring = html.count(f'fill="{figures.SCORING}"') + html.count(f'fill="{figures.TRIPLE}"')
        assert scoring == 6**n - counting.farkle_count(n)
        assert f"{6**n - counting.farkle_count(n)} of the {6**n}" in html
    three = figures.draw_sample_space(3, lang="en").html
    assert three.count(f'fill="{figures.TRIPLE}"') == 4  # 2-2-2, 3-3-3, 4-4-4, 6-6-6
    assert "<svg" in figures.draw_sample_space(2)._repr_html_()


@pytest.mark.parametrize(
    "plot",
    [
        figures.plot_farkle_chances,
        figures.plot_thresholds,
        lambda lang: figures.plot_gamblers_fallacy(sequences=3_000, lang=lang),
        lambda lang: figures.plot_convergence(runs=2, rolls=500, lang=lang),
    ],
)
def test_plots_produce_figures_in_the_learners_language(plot):
    chart = plot(lang="fr")
    (axes,) = chart.figure.axes
    assert axes.get_xlabel() and axes.get_ylabel()
    words = [axes.get_xlabel(), axes.get_ylabel()]
    words += [text.get_text() for text in axes.get_legend().get_texts()]
    english = [w for w in words if translate(w, "en") == w and w in _template_ids()]
    assert english == []  # every label translated
    assert chart.png().startswith(b"\x89PNG")
    assert chart._repr_html_().startswith('<img src="data:image/png;base64,')


def test_tables_say_what_their_numbers_are():
    table = figures.chance_table("en").html
    assert "chance of a farkle" in table and "5/216 ≈ 2.3%" in table and "46,656" in table
    thresholds = figures.threshold_table("en").html
    assert "16,397.2" in thresholds and "16,400" in thresholds
    simulated = figures.simulation_table(rolls=500, lang="fr").html
    assert "simulé" in simulated or "simul" in simulated
    quoted = farkle_chances()["standard_error"].render("en")  # the text quotes the table's row
    share = counting.simulate_farkles(3, lesson_module.TABLE_ROLLS, lesson_module.TABLE_SEED + 3)
    assert describe(Fraction(int(share.sum()), len(share)), "en").split(" ≈ ")[1] in quoted


# -- languages --------------------------------------------------------------------------------


def test_every_text_shown_goes_through_i18n(lesson, pseudo_language):
    shown = [lesson.render(pseudo_language)]
    for card in lesson:
        exercise = card.exercise
        shown += [
            card.render(pseudo_language),
            card.example().render(pseudo_language),
            exercise.check(...).render(pseudo_language),
            exercise.check(exercise.answer()).render(pseudo_language),
        ]
        shown += [
            exercise.check(value).render(pseudo_language) for value, _ in exercise.anticipated()
        ]
    shown += [figures.draw_sample_space(n, pseudo_language).html for n in (1, 2, 3)]
    shown += [
        figures.chance_table(pseudo_language).html,
        figures.threshold_table(pseudo_language).html,
    ]
    shown.append(figures.simulation_table(rolls=100, lang=pseudo_language).html)
    for text in shown:
        assert untranslated(text) == [], text


def _template_ids() -> set[str]:
    from dicelab.i18n.extract import TEMPLATE

    return set(re.findall(r'^msgid "(.*)"$', TEMPLATE.read_text(encoding="utf-8"), re.M))


def test_every_message_of_the_lesson_is_in_the_template_and_translated():
    from dicelab.i18n.extract import TEMPLATE

    template = TEMPLATE.read_text(encoding="utf-8")
    ours = lesson_messages()
    for text in ours:
        escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        assert f'"{escaped}"' in template, text
    for lang in ("fr", "ca", "bg", "nb"):
        missing = [t for t in ours if "{" not in t and "\n" not in t and translate(t, lang) == t]
        assert missing == [], lang


def test_french_page_has_french_words(lesson):
    text = lesson["triples"].render("fr") + lesson["triples"].exercise.check("29.6").render("fr")
    assert "dés" in text and "27,8\u00a0%" in text


# -- the notebook, the start page, the layers -------------------------------------------------


# The notebook's order (card, question, then what waits for a prediction) is tested with the
# other lessons' in tests/notebooks/test_notebook_files.py.


def test_the_start_page_lists_the_lesson_and_its_length():
    (page,) = [page for page in LESSONS if page.notebook == "farkle_chances.ipynb"]
    assert "minutes" in page.description.render("en")
    assert page.title.render("fr") != page.title.render("en")


def test_the_explanation_waits_for_a_prediction(lesson):
    from dicelab.widgets.lessons import ask
    from dicelab.widgets.reveal import after

    drawn = []

    def draw(n):
        drawn.append(n)
        return figures.draw_sample_space(n)

    question = ask(lesson["triples"].exercise, "en")
    example = after(question, lesson["triples"].example)
    dice = after(question, draw, 3)
    assert not example.revealed and len(example.outputs) == 1 and drawn == []
    question.commit("not a number")
    assert not dice.revealed and drawn == []
    question.commit("29.6")
    assert example.revealed and dice.revealed and drawn == [3]  # computed once, when answered
    assert "text/markdown" in example.outputs[0]["data"]
    assert "text/html" in dice.outputs[0]["data"]


def test_the_input_does_not_suggest_an_answer(lesson):
    """Before: the input showed "25" in grey, the answer of the expected-value question."""
    from dicelab.widgets.lessons import ask

    for card in lesson:
        placeholder = getattr(ask(card.exercise, "en").answer_input, "placeholder", "")
        assert not any(ch.isdigit() for ch in placeholder), (card.id, placeholder)


def test_the_waiting_line_shows_once_per_question(lesson):
    """Before: each of a question's three pictures said "Check a prediction above" again."""
    from dicelab.widgets.lessons import ask
    from dicelab.widgets.reveal import after

    question = ask(lesson["sample_space"].exercise, "en")
    shown = [after(question, item) for item in (1, 2, 3)]
    assert [len(reveal.outputs) for reveal in shown] == [1, 0, 0]
    question.commit(20)
    assert [len(reveal.outputs) for reveal in shown] == [1, 1, 1]


def test_the_lesson_needs_neither_ipywidgets_nor_ipython():
    code = (
        "import sys\n"
        "sys.modules['ipywidgets'] = None\n"
        "sys.modules['IPython'] = None\n"
        "from dicelab.lessons.farkle_chances import farkle_chances, draw_sample_space\n"
        "for card in farkle_chances():\n"
        "    card.render(); card.example().render(); card.exercise.check(...).render()\n"
        "draw_sample_space(3)._repr_html_()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr


def test_the_two_rolls_question_says_when_one_die_set_aside_is_not_enough(lesson):
    """Issue 25, §5: "set one die aside" is wrong for 2-2-2, where only all three dice score;
    the question now asks about two rolls in a row, the case it computes."""
    prompt = lesson["farkle_table"].exercise.prompt.render("en")
    assert "set one die aside" not in prompt
    assert "first three dice, then two dice" in prompt and "2-2-2" in prompt


def test_an_average_is_shown_as_a_decimal_not_a_raw_fraction(lesson):
    """Issue 25, §5: ``737875/1944`` on screen says nothing to a learner."""
    text = lesson["six_dice"].exercise.check("roll").render("en")
    assert "737875/1944" not in text and "6250/27" not in text
    assert "379.57" in text and "231.48" in text
