"""The lessons: rule cards in rulebook order, live examples, exercises checked by the engine.

The rule sheets' own examples are checked here against the sheets' numbers (an independent
source); every exercise's answer is shown to come from the engine by changing the engine
under it; every text is shown to go through the i18n layer with a pseudo-language.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

from dicelab.lessons import (
    APPS,
    CHOICE,
    LESSONS,
    NUMBER,
    PERCENT,
    WHICH_BOXES,
    YES_NO,
    Exercise,
    farkle_rules,
    page_language,
    penta_rules,
    show,
    start_page,
)
from dicelab.lessons.cards import describe, in_voila, run_code
from tests.helpers import untranslated

PENTA_ORDER = (
    "turn",
    "upper_boxes",
    "lower_boxes",
    "upper_bonus",
    "penta_bonus",
    "total",
    "sacrifice",
    "joker",
    "presets",
)
FARKLE_ORDER = (
    "roll",
    "turn_lost",
    "set_aside",
    "one_roll",
    "bank_or_roll",
    "hot_dice",
    "scoring_table",
    "farkle_chances",
    "last_round",
    "players",
)


def all_rules():
    return [*penta_rules(), *farkle_rules()]


def rule_ids():
    return [f"{rule.game}/{rule.id}" for rule in all_rules()]


def find(rule_id: str):
    game, name = rule_id.split("/")
    return (penta_rules() if game == "penta" else farkle_rules())[name]


# -- structure ------------------------------------------------------------------------------------


def test_one_card_per_rule_of_each_spec_in_order():
    assert penta_rules().ids == PENTA_ORDER
    assert farkle_rules().ids == FARKLE_ORDER
    for book in (penta_rules(), farkle_rules()):
        assert [rule.number for rule in book] == list(range(1, len(book) + 1))
        assert book[0] is not None and book[book.ids[-1]].number == len(book)
        with pytest.raises(KeyError, match="the rules are"):
            book["no such rule"]


@pytest.mark.parametrize("rule_id", rule_ids())
def test_every_card_has_a_title_a_text_an_example_and_an_exercise(rule_id):
    rule = find(rule_id)
    card = rule.render("en")
    assert card.startswith(f"### {rule.number}. {rule.title.render('en')}")
    assert len(card.split("\n\n")) >= 2
    assert rule.steps and rule.exercise.prompt.render("en")


# -- live examples --------------------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", rule_ids())
def test_every_example_runs_and_does_what_its_caption_says(rule_id):
    example = find(rule_id).example()
    assert len(example.shown) == len(find(rule_id).steps)
    for shown in example.shown:
        assert not shown.unexpected, (shown.step.code, shown.error)
        if shown.step.refused:
            assert "Refused:" in shown.render("en")
    text = example.render("en")
    for step in find(rule_id).steps:
        assert f"`{step.code}`" in text  # the code shown is the code run


def test_steps_are_one_line_of_code_and_bind_names():
    names: dict = {}
    assert run_code("x = 6 * 7", names) == 42 and names["x"] == 42
    with pytest.raises(ValueError, match="one line"):
        run_code("x = 1\ny = 2", names)
    with pytest.raises(ValueError, match="expression"):
        run_code("import os", names)


# -- the rule sheets' examples, against the sheets' own numbers -----------------------------------


def values(rule_id: str) -> list:
    return [shown.value for shown in find(rule_id).example().shown]


def test_penta_sacrifice_example_of_the_sheets():
    # 1, 1, 3, 4, 6: only a few boxes give points; Full house or Large straight would give 0.
    options, sacrificed, _, late, must, message = values("penta/sacrifice")
    assert {box for box, points in options.items() if points > 0} == {
        "aces",
        "threes",
        "fours",
        "sixes",
        "chance",
    }
    assert options["full_house"] == 0 and options["large_straight"] == 0
    assert sacrificed.filled == {"large_straight": 0}
    assert set(late.values()) == {0} and must is True
    assert message.render("en") == "No open box scores points: you must sacrifice one"
    text = find("penta/sacrifice").render("en")
    assert "1, 1, 3, 4, 6" in text and "No open box scores points" in text


def test_penta_joker_examples_of_the_sheets():
    # Five 4s: Fours open -> only Fours, 20 + 100; Fours filled -> lower boxes (Full house 25,
    # Small straight 30, Large straight 40, the others the sum 20); lower full -> another upper
    # box for 0, the 100 kept; Penta at 0 -> ordinary roll, Large straight 0.
    fours_open, fours_filled, lower_full, penta_zero = values("penta/joker")
    assert fours_open == {"fours": 20 + 100}
    assert fours_filled == {
        "three_of_a_kind": 120,
        "four_of_a_kind": 120,
        "full_house": 125,
        "small_straight": 130,
        "large_straight": 140,
        "chance": 120,
    }
    assert lower_full["aces"] == 100 and "fours" not in lower_full
    assert set(lower_full) <= {"aces", "twos", "threes", "fives", "sixes"}
    assert penta_zero.render("en").startswith("Not five consecutive faces: 0 points.")


def test_penta_bonus_examples_of_the_sheets():
    # 63 is three dice of each face; 35 points of bonus.
    _, (upper, bonus), short = values("penta/upper_bonus")
    assert (upper, bonus, short) == (3 + 6 + 9 + 12 + 15 + 18, 35, 0)
    # 100 more for each Penta after the first; none with the Penta box at 0.
    first, second, third, sacrificed = values("penta/penta_bonus")
    assert [card.penta_bonus for card in (first, second, third)] == [0, 100, 200]
    assert third.total == 50 + 20 + 10 + 200 and sacrificed == 0


def test_penta_upper_bonus_text_says_what_makes_up_for_what():
    # The bonus counts points, not dice: a surplus of high faces makes up for a shortfall of
    # low ones, never the other way round. Four 1s and two 6s: 58, no bonus.
    from dicelab.penta.scorecard import Scorecard

    three_each = {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    high = Scorecard.from_filled({**three_each, "aces": 2, "sixes": 24})
    low = Scorecard.from_filled({**three_each, "aces": 4, "sixes": 12})
    assert (high.upper_total, high.upper_bonus) == (68, 35)
    assert (low.upper_total, low.upper_bonus) == (58, 0)
    text = find("penta/upper_bonus").render("en")
    assert "makes up for one with only two" not in text
    assert "four 6s and two 1s make 68, enough for the bonus" in text
    assert "four 1s and two 6s make only 58" in text


def test_penta_joker_exercise_card_is_the_one_its_question_describes():
    # "The Penta box holds 50; Twos and Chance are open": the card the exercise builds has
    # exactly those two boxes open, and the joker sends five 2s to Twos only.
    exercise = find("penta/joker").exercise
    names = exercise._names()
    card = names["card"]
    assert card.points("penta") == 50
    assert set(card.open_boxes) == {"twos", "chance"}
    assert "Twos and Chance are open" in exercise.render("en")
    assert exercise.answer() == {"twos"}


def test_farkle_examples_of_the_sheet():
    options, refused, _ = values("farkle/set_aside")
    assert options == {(1,): 100}  # with 1, 2, 3, 4, 6, 6 only the 1 may be set aside
    assert refused is None and "The 2 cannot count" in find("farkle/set_aside").example().render(
        "en"
    )
    _, _, after_third, triple = values("farkle/one_roll")
    assert after_third.points == 50 + 50 + 50 != triple  # two 5s then a third: not a triple
    hot, _ = values("farkle/hot_dice")
    assert hot.hot_dice and hot.dice_in_play == 6 and hot.points == 1500
    lost, _, after = values("farkle/turn_lost")
    assert lost.lost and lost.lost_points == 100 and after.totals == (1200, 800)
    six, one, every, _ = values("farkle/farkle_chances")
    assert (round(float(six) * 100, 1), round(float(one) * 100, 1)) == (2.3, 66.7)
    assert every == sorted(every, reverse=True)
    text = find("farkle/farkle_chances").render("en")
    assert "2.3%" in text and "66.7%" in text
    _, banked, to_play = values("farkle/last_round")
    assert banked.last_round and to_play == (1, 2)
    assert "Last round!" in find("farkle/last_round").render("en")
    assert "Humans + 1 AI" in find("farkle/players").render("en")
    assert "Turn lost!" in find("farkle/turn_lost").render("en")
    assert "Hot dice!" in find("farkle/hot_dice").render("en")


ROLLED = re.compile(r"roll\(\[([\d, ]+)\]\)(?:\.set_aside\(\[([\d, ]+)\]\))?")
DICE_NAMED = re.compile(r"^dice = \[([\d, ]+)\]$")


def farkle_rolls(rule):
    """The rolls of a Farkle card's code (examples and exercise), each with its set-aside."""
    exercise = rule.exercise
    lines = [step.code for step in rule.steps]
    lines += [exercise.code, *exercise.setup, exercise.why or ""]
    for line in lines:
        for rolled, kept in ROLLED.findall(line):
            dice = tuple(int(die) for die in rolled.split(","))
            yield dice, tuple(int(die) for die in kept.split(",")) if kept else None
    for line in exercise.setup:  # an exercise's roll named `dice`
        for rolled in DICE_NAMED.findall(line):
            yield tuple(int(die) for die in rolled.split(",")), None


def is_straight_or_three_pairs(dice):
    counts = sorted(Counter(dice).values())
    return sorted(dice) == [1, 2, 3, 4, 5, 6] or counts == [2, 2, 2]


@pytest.mark.parametrize("rule", farkle_rules(), ids=lambda rule: rule.id)
def test_farkle_examples_illustrate_their_own_rule(rule):
    from dicelab.farkle.scoring import set_aside_options

    rolls = list(farkle_rolls(rule))
    assert rolls or rule.id not in ("roll", "hot_dice")
    for dice, kept in rolls:
        # a straight or three pairs only where the card is about them
        assert rule.id == "scoring_table" or not is_straight_or_three_pairs(dice), dice
        # a roll whose dice all score is not broken up without a word (hot dice is the point)
        every_die_scores = any(len(option) == len(dice) for option in set_aside_options(dice))
        if kept is not None and every_die_scores and rule.id != "set_aside":
            assert sorted(kept) == sorted(dice), (dice, kept)


def test_farkle_hot_dice_card_ends_every_example_with_six_dice_back():
    for turn in values("farkle/hot_dice"):
        assert turn.hot_dice and turn.dice_in_play == 6


def test_farkle_hot_dice_exercise_is_the_chance_that_every_die_scores():
    # Three dice all score: 1s and 5s only (2 * 2 * 2 = 8 rolls) or a triple of 2, 3, 4 or 6.
    rule = find("farkle/hot_dice")
    rolls = list(itertools.product(range(1, 7), repeat=3))
    every = [roll for roll in rolls if set(roll) <= {1, 5} or len(set(roll)) == 1]
    assert len(every) == 8 + 4
    assert rule.exercise.answer() == Fraction(len(every), len(rolls)) == Fraction(1, 18)
    assert "12 of the 216 equally likely rolls of three dice" in rule.exercise.check(0.5).render(
        "en"
    )


def test_farkle_chance_feedback_says_what_its_number_counts():
    # farkle_chance(3) * 6 ** 3 is 60: the feedback says 60 of what, not a bare "-> 60".
    from dicelab.farkle.scoring import farkle_chance

    exercise = find("farkle/farkle_chances").exercise
    assert farkle_chance(3) * 216 == 60
    for feedback in (exercise.check("27.8%"), exercise.check(0.5), exercise.check()):
        text = feedback.render("en")
        assert (
            "`farkle_chance(3) * 6 ** 3` → 60\n\n60 of the 216 equally likely rolls of 3 " in text
        )
        assert "rolls of 3 dice score nothing." in text


def test_farkle_bank_or_roll_says_points_are_not_the_chance_to_win():
    text = find("farkle/bank_or_roll").render("en")
    assert "The engine knows the best choice" not in text
    assert "target 10,000: at 8,000 against 9,500, with 300 points this turn and 2 dice" in text
    assert "Farkle risk explorer" in text


@pytest.mark.tables
def test_farkle_bank_or_roll_example_of_points_against_the_chance_to_win():
    from dicelab.farkle import optimal_turn, win_chances
    from dicelab.farkle.situation import DEFAULT_TARGET
    from dicelab.lessons.farkle import BEHIND

    mine, theirs, points, dice = BEHIND
    chances = win_chances(target=DEFAULT_TARGET)
    assert optimal_turn().should_bank(points, dice)  # banking: the most points on average
    assert chances.best_action(mine, theirs, points, dice) == "roll"  # rolling: more wins
    assert chances.roll_chance(mine, theirs, points, dice) > chances.bank_chance(
        mine, theirs, points
    )


# -- exercises ------------------------------------------------------------------------------------


def a_wrong_answer(exercise: Exercise):
    right = exercise.answer()
    if exercise.kind == NUMBER:
        return right + 1
    if exercise.kind == PERCENT:
        return float(right) + (0.2 if right < Fraction(1, 2) else -0.2)
    if exercise.kind == YES_NO:
        return not right
    if exercise.kind == CHOICE:
        return next(key for key, _ in exercise.choices if key != right)
    assert exercise.kind == WHICH_BOXES
    return ["chance"] if right != {"chance"} else ["aces"]


@pytest.mark.parametrize("rule_id", rule_ids())
def test_every_exercise_accepts_the_engine_answer_only(rule_id):
    exercise = find(rule_id).exercise
    right = exercise.answer()
    feedback = exercise.check(right if exercise.kind != WHICH_BOXES else sorted(right))
    assert feedback.correct is True and bool(feedback)
    assert feedback.render("en").count("**Right!**") == 1
    wrong = exercise.check(a_wrong_answer(exercise))
    assert wrong.correct is False and "**Not quite.**" in wrong.render("en")
    assert f"`{exercise.code}`" in wrong.render("en")  # the engine's line, to run oneself


def as_given(exercise: Exercise, value):
    """A value as a learner would type it (a list of boxes, a percentage)."""
    if exercise.kind == WHICH_BOXES:
        return sorted(value)
    if exercise.kind == PERCENT:
        return f"{float(value) * 100:.1f}%"
    return value


@pytest.mark.parametrize("rule_id", rule_ids())
def test_every_exercise_anticipates_wrong_answers_and_names_each(rule_id):
    exercise = find(rule_id).exercise
    right = exercise.answer()
    anticipated = exercise.anticipated()
    assert anticipated, "each exercise names at least one typical wrong answer"
    judged = exercise.check(as_given(exercise, right))
    assert judged.correct is True and judged.mistake is None
    for value, mistake in anticipated:
        assert not exercise._same(value, right), (mistake.code, value)  # it is wrong
        feedback = exercise.check(as_given(exercise, value))
        assert feedback.correct is False
        assert feedback.mistake is mistake  # each is told apart from the others
        text = feedback.render("en")
        assert f"`{mistake.code}`" in text and mistake.why.render("en") in text
        assert f"`{exercise.code}`" in text  # and the engine's answer follows
    codes = [mistake.code for _, mistake in anticipated]
    assert len(set(codes)) == len(codes)


def mistake_values(rule_id: str) -> dict:
    return {m.code: value for value, m in find(rule_id).exercise.anticipated()}


def test_the_double_six_counted_twice():
    # Two dice, at least one 6: 1/6 + 1/6 = 1/3 counts the roll 6, 6 twice; right is 11/36.
    assert find("penta/turn").exercise.answer() == Fraction(11, 36)
    assert mistake_values("penta/turn") == {
        "Fraction(1, 6) + Fraction(1, 6)": Fraction(1, 3),
        "Fraction(1, 6) * Fraction(1, 6)": Fraction(1, 36),
    }
    feedback = find("penta/turn").exercise.check("33.3%")
    assert "counted twice: of the 36 rolls of two dice, 11 hold a 6, not 12" in feedback.render(
        "en"
    )


def test_forgetting_the_triples():
    # Three dice farkle: (2/3)^3 = 8/27 = 64/216 forgets the four triples 2, 3, 4, 6; right 60/216.
    assert find("farkle/farkle_chances").exercise.answer() == Fraction(60, 216)
    assert mistake_values("farkle/farkle_chances")["farkle_chance(1) ** 3"] == Fraction(8, 27)
    # Hot dice with three dice: (1/3)^3 = 1/27 forgets the same triples; right 12/216.
    assert mistake_values("farkle/hot_dice")["(1 - farkle_chance(1)) ** 3"] == Fraction(1, 27)
    assert (
        find("farkle/farkle_chances")
        .exercise.check("29.6%")
        .mistake.why.render("en")
        .startswith("One die scores nothing 2 times in 3")
    )


def test_the_upper_bonus_is_not_added_before_the_threshold():
    # The TOTAL card's upper boxes add up to 62: adding the 35 anyway gives 340, not 305.
    exercise = find("penta/total").exercise
    assert exercise._names()["card"].upper_total == 62
    assert exercise.answer() == 305
    values = mistake_values("penta/total")
    assert values["card.upper_total + UPPER_BONUS + card.lower_total + card.penta_bonus"] == 340
    assert values["card.upper_total + card.upper_bonus + card.lower_total"] == 205  # no Penta bonus
    # Three of each face is 63, but with two 1s three 6s make 62: four 6s are needed.
    assert mistake_values("penta/upper_bonus") == {
        "UPPER_BONUS_THRESHOLD // (1 + 2 + 3 + 4 + 5 + 6)": 3
    }
    assert "with three 6s the upper total is 62" in find("penta/upper_bonus").exercise.check(
        3
    ).render("en")


def test_the_typical_wrong_answers_about_boxes():
    # Three of a kind adds all five dice: not the three 4s (12), nor the four 4s (16).
    assert set(mistake_values("penta/lower_boxes").values()) == {12, 16, 0}
    # Three 3s are more dice than two 5s, but fewer points.
    assert list(mistake_values("penta/upper_boxes").values()) == [{"threes"}]
    # Any open box may take a roll: seven, not only the one that scores.
    assert find("penta/sacrifice").exercise.answer() == 7
    assert list(mistake_values("penta/sacrifice").values()) == [1]
    # The joker forces Twos; forgetting it, both open boxes.
    assert mistake_values("penta/joker")["list(card.open_boxes)"] == {"twos", "chance"}
    # The free joker: 12 open boxes; the app's forced joker allows only Fours; 13 forgets Penta.
    assert set(mistake_values("penta/presets").values()) == {1, 13}
    # A second Penta: 30 + 100, not 30 alone, not 100 alone, not another 50 as well.
    assert set(mistake_values("penta/penta_bonus").values()) == {30, 100, 180}


def test_the_typical_wrong_answers_about_farkle_turns():
    assert mistake_values("farkle/one_roll")["score([1, 1, 1])"] == 1000  # a triple over two rolls
    assert set(mistake_values("farkle/roll").values()) == {4, 6}
    assert set(mistake_values("farkle/turn_lost").values()) == {1450, 950}
    assert set(mistake_values("farkle/set_aside").values()) == {15, 8}
    assert set(mistake_values("farkle/scoring_table").values()) == {400, 1300}
    assert set(mistake_values("farkle/last_round").values()) == {2, 4}
    # One die: it farkles 2 times in 3, yet rolling is worth more (hot dice brings six back).
    bank = find("farkle/bank_or_roll").exercise
    assert bank.answer() == "roll" and list(mistake_values("farkle/bank_or_roll").values()) == [
        "bank"
    ]
    # Behind by 3,000 the computer raises its threshold (480); level, 400 would bank (180).
    computer = find("farkle/players").exercise
    assert computer.answer() is False and computer.explanation() == 480
    assert list(mistake_values("farkle/players").values()) == [True]


@pytest.mark.parametrize("rule_id", rule_ids())
def test_no_prediction_folds_the_answer_away(rule_id, monkeypatch):
    exercise = find(rule_id).exercise
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    feedback = exercise.check(...)
    assert feedback.correct is None and feedback.expected is None
    text = feedback.render("en")
    before, _, folded = text.partition("<details>")
    assert "in place of `...`" in before and exercise.code not in before
    assert f"`{exercise.code}`" in folded and folded.rstrip().endswith("</details>")
    assert exercise.check(None).correct is None
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")  # no cell to edit under Voilà
    assert in_voila() and "in place of" not in exercise.check(...).render("en")


def test_answers_are_read_in_the_forms_a_learner_writes():
    chances = farkle_rules()["farkle_chances"].exercise  # 5/18 = 27.8 %
    for answer in ("27.8%", "27,8 %", 0.278, Fraction(5, 18), 27.8, "28", "5/18"):
        assert chances.check(answer).correct is True, answer
    for answer in ("30%", 0.25, 40):
        assert chances.check(answer).correct is False, answer
    for answer in ("lots", True, [1], "150%", float("nan"), float("inf")):
        assert chances.check(answer).correct is None, answer
    total = penta_rules()["total"].exercise
    number = total.answer()
    assert total.check(f"{number:,}").correct is True and total.check(str(number)).correct
    assert total.check(float(number)).correct is True and total.check("x").correct is None
    assert total.check(True).correct is None
    assert total.check(float("nan")).correct is None and total.check(-float("inf")).correct is None
    bank = farkle_rules()["bank_or_roll"].exercise
    assert bank.check(bank.answer().upper()).correct is True and bank.check("wait").correct is None
    computer = farkle_rules()["players"].exercise
    right = computer.answer()
    assert computer.check("yes" if right else "no").correct is True
    assert computer.check("maybe").correct is None
    joker = penta_rules()["joker"].exercise
    assert joker.check("Twos").correct is True and joker.check("TWOS").correct is True
    assert joker.check(["twos", "chance"]).correct is False
    assert joker.check("Yahtzee").correct is None and joker.check(7).correct is None


def test_exercise_answers_come_from_the_engine(monkeypatch):
    """Change the engine under the lessons: every answer follows it."""
    from dicelab.farkle import scoring, turn
    from dicelab.farkle.risk import OptimalTurn
    from dicelab.penta import scorecard

    real_options = scorecard.Scorecard.options
    monkeypatch.setattr(
        scorecard.Scorecard,
        "options",
        lambda self, dice: {box: points + 1000 for box, points in real_options(self, dice).items()},
    )
    assert penta_rules()["lower_boxes"].exercise.answer() == 22 + 1000
    monkeypatch.setattr(scoring, "farkle_chance", lambda n, rules=None: Fraction(1, 2))
    assert farkle_rules()["farkle_chances"].exercise.answer() == Fraction(1, 2)
    monkeypatch.setattr(scoring, "score", lambda dice, rules=None: 7)
    assert farkle_rules()["scoring_table"].exercise.answer() == 7
    monkeypatch.setattr(OptimalTurn, "should_bank", lambda self, points, n: False)
    assert farkle_rules()["bank_or_roll"].exercise.answer() == "roll"
    real_dice = turn.Turn.dice_in_play.fget
    more = property(lambda self: real_dice(self) + 36 if self.kept else real_dice(self))
    monkeypatch.setattr(turn.Turn, "dice_in_play", more)
    assert farkle_rules()["roll"].exercise.answer() == 5 + 36


def test_exercise_answers_agree_with_independent_counts():
    # At least one 6 among two dice: 1 - (5/6)^2.
    assert penta_rules()["turn"].exercise.answer() == 1 - Fraction(5, 6) ** 2

    # Three dice farkle when no 1, no 5 and no triple shows.
    def scores(roll):
        return 1 in roll or 5 in roll or len(set(roll)) == 1

    rolls = list(itertools.product(range(1, 7), repeat=3))
    farkles = Fraction(sum(not scores(roll) for roll in rolls), len(rolls))
    assert farkle_rules()["farkle_chances"].exercise.answer() == farkles
    # 3, 3, 3, 5, 5: two 5s (10) beat three 3s (9).
    assert penta_rules()["upper_boxes"].exercise.answer() == {"fives"}
    # 44 in the other upper boxes: 63 - 44 = 19 needs four 6s (24), three (18) are one short.
    assert penta_rules()["upper_bonus"].exercise.answer() == 4
    # 4, 4, 4, 4, 6 in Three of a kind: all five dice.
    assert penta_rules()["lower_boxes"].exercise.answer() == 4 * 4 + 6
    # Upper 62 (no bonus) + lower 143 + one Penta bonus.
    assert penta_rules()["total"].exercise.answer() == 62 + 143 + 100
    # 1, 5, 2, 3, 3, 6: keep the 1 alone, roll five.
    assert farkle_rules()["roll"].exercise.answer() == 5
    # A Penta bonus of 100 on top of five 6s in Sixes.
    assert penta_rules()["penta_bonus"].exercise.answer() == 30 + 100
    # 1, 1 then 1 from another roll: singles, not three 1s.
    assert farkle_rules()["one_roll"].exercise.answer() == 300


def test_a_choice_exercise_needs_choices_and_kinds_are_known():
    from dicelab.i18n import msg

    with pytest.raises(ValueError, match="choices"):
        Exercise("x", msg("Roll"), "1", CHOICE)
    with pytest.raises(ValueError, match="kind"):
        Exercise("x", msg("Roll"), "1", "essay")


# -- i18n -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", rule_ids())
def test_every_text_shown_goes_through_i18n(rule_id, pseudo_language, monkeypatch):
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    rule = find(rule_id)
    exercise = rule.exercise
    shown = [
        rule.render(pseudo_language),
        rule.example().render(pseudo_language),
        exercise.render(pseudo_language),
        exercise.check(...).render(pseudo_language),
        exercise.check(exercise.answer() if exercise.kind != WHICH_BOXES else "twos").render(
            pseudo_language
        ),
        exercise.check(a_wrong_answer(exercise)).render(pseudo_language),
        exercise.check(object()).render(pseudo_language),
        *(
            exercise.check(as_given(exercise, value)).render(pseudo_language)
            for value, _ in exercise.anticipated()
        ),
    ]
    for text in shown:
        assert untranslated(text) == [], text


def test_books_and_start_page_go_through_i18n(pseudo_language):
    for text in (
        penta_rules().render(pseudo_language),
        farkle_rules().render(pseudo_language),
        start_page({"QUERY_STRING": "lang=en"}).render(pseudo_language),
    ):
        assert untranslated(text) == [], text


def test_values_are_written_as_the_language_writes_numbers():
    assert describe(10000, "fr") == "10\u202f000"
    assert describe(Fraction(5, 216), "ca").endswith("2,3\u00a0%")
    assert describe({"aces": 2}, "en") == "**Aces** 2"


def test_lesson_messages_are_in_the_template():
    from dicelab.i18n.extract import TEMPLATE, collect

    template = TEMPLATE.read_text(encoding="utf-8")
    ours = [msgid for (msgid, _), places in collect().items() if "lessons" in " ".join(places)]
    assert len(ours) > 100
    missing = [m for m in ours if "msgid " + _quoted(m) not in template]
    assert missing == []


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def test_the_docs_list_every_exercise_with_its_wrong_answers():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "lessons.md").read_text()
    for rule in all_rules():
        assert f"| {rule.game.capitalize()} | `{rule.id}` |" in page, rule.id


# -- pages, display, layering ---------------------------------------------------------------------


def test_page_language_follows_the_url_then_the_environment():
    assert page_language({"QUERY_STRING": "lang=en", "LANG": "C"}) == "en"
    assert page_language({"QUERY_STRING": "lang=zz", "LANG": "C"}) == "en"
    assert page_language({"QUERY_STRING": "", "LANG": "C"}) == "en"


def test_start_page_links_every_app_and_lesson_relatively():
    text = start_page({"QUERY_STRING": ""}).render("en")
    for page in (*APPS, *LESSONS):
        assert f"]({page.notebook})" in text
    kept = start_page({"QUERY_STRING": "lang=en"}).render("en")
    assert "](penta_play.ipynb?lang=en)" in kept


def test_show_returns_ipython_markdown_of_the_card():
    from IPython.display import Markdown

    rule = penta_rules()["joker"]
    shown = show(rule, "en")
    assert isinstance(shown, Markdown) and shown.data == rule.render("en")
    assert rule._repr_markdown_() == rule.render()
    assert repr(rule) == "<Rule penta/joker: The joker>"


def test_lessons_need_neither_ipywidgets_nor_ipython():
    code = (
        "import sys\n"
        "sys.modules['ipywidgets'] = None\n"
        "sys.modules['IPython'] = None\n"
        "from dicelab.lessons import penta_rules, farkle_rules, start_page\n"
        "for book in (penta_rules(), farkle_rules()):\n"
        "    for rule in book:\n"
        "        rule.render(); rule.example().render(); rule.exercise.check(...).render()\n"
        "start_page().render()\n"
        "assert 'ipywidgets' not in {m for m in sys.modules if sys.modules[m] is not None}\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_engine_values_are_described_by_their_class_not_their_module(monkeypatch):
    """Before: a Scorecard, Turn or Situation moved to another module lost its description."""
    from dicelab.farkle import Situation, Turn
    from dicelab.lessons.cards import describe
    from dicelab.penta import Scorecard

    card = Scorecard.from_filled({"chance": 20})
    turn = Turn()
    situation = Situation(totals=(0, 0))
    before = [describe(value, "en") for value in (card, turn, situation)]
    assert before[0].startswith("**Chance** 20") and "TOTAL 20" in before[0]
    for cls in (Scorecard, Turn, Situation):
        monkeypatch.setattr(cls, "__module__", "dicelab.moved.elsewhere")
    assert [describe(value, "en") for value in (card, turn, situation)] == before


def test_bank_or_roll_card_links_the_lesson_on_winning_keeping_the_page_language(monkeypatch):
    card = farkle_rules()["bank_or_roll"]
    assert "(winning_vs_scoring.ipynb)" in card.render("en")
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    assert "(winning_vs_scoring.ipynb?lang=fr)" in card.render("fr")


def test_the_start_page_lists_the_lessons_in_order_with_what_each_teaches_and_how_long():
    from dicelab.lessons.pages import LESSONS, start_page

    text = start_page(environ={"QUERY_STRING": ""}).render("en")
    section = text.split("## Lessons, in the suggested order")[1].split("##")[0]
    for number, page in enumerate(LESSONS, start=1):
        line = next(line for line in section.splitlines() if f"]({page.notebook})" in line)
        assert line.startswith(f"{number}. [{page.title.render('en')}]")
        assert re.search(r"About \d+ minutes", line)
    assert [page.notebook for page in LESSONS] == [
        "penta_rules.ipynb",
        "farkle_rules.ipynb",
        "farkle_chances.ipynb",
        "penta_thinking.ipynb",
        "winning_vs_scoring.ipynb",
    ]


def test_an_explaining_value_of_numbers_only_has_words_that_say_what_it_is():
    """With the code hidden (Voilà), "200, 100, 1,000" stood alone under the verdict."""
    from dicelab.lessons.farkle_chances import farkle_chances
    from dicelab.lessons.thinking import penta_thinking
    from dicelab.lessons.winning_vs_scoring import winning_vs_scoring

    for book in (
        penta_rules(),
        farkle_rules(),
        farkle_chances(),
        penta_thinking(),
        winning_vs_scoring(),
    ):
        for rule in book:
            exercise = rule.exercise
            if exercise.why is None:
                continue
            value = describe(exercise.explanation(), "en")
            if not re.search(r"[A-Za-z]", value):
                assert exercise.because is not None, (book.game, rule.id, value)
