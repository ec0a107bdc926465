"""The lesson "Counting chances, and when to stop" (``notebooks/farkle_chances.ipynb``).

Ten cards, in order: the sample space, the first guess (4/6)^n, why it breaks with three
dice, the farkle chance of 1 to 6 dice, the expected value of a roll, the one-more-roll
argument, hot dice, six dice, the gambler's fallacy and the standard error of a
simulation. Each card asks its question *before* its live example shows the answer; every
number in a text is computed (:mod:`dicelab.lessons.counting`, the engine), and every
exercise names the wrong answers learners typically give, computed from the mistake.

>>> lesson = farkle_chances()
>>> lesson.ids  # doctest: +NORMALIZE_WHITESPACE
('sample_space', 'first_guess', 'triples', 'farkle_table', 'expected_roll', 'one_more_roll',
 'hot_dice', 'six_dice', 'gamblers_fallacy', 'standard_error')
>>> feedback = lesson["triples"].exercise.check("29.6%")
>>> feedback.correct, feedback.mistake.code
(False, 'first_guess(3)')

The pictures (dice, tables, plots) are in :mod:`dicelab.lessons.chance_figures`; this module
re-exports them so that a notebook needs one import.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dicelab.dice import FACES
from dicelab.farkle.risk import optimal_turn
from dicelab.farkle.scoring import farkle_chance, score
from dicelab.i18n import Message, format_number, msg
from dicelab.lessons import counting
from dicelab.lessons.cards import (
    CHOICE,
    NUMBER,
    PERCENT,
    YES_NO,
    Deck,
    Mistake,
    Percent,
    Rule,
    RuleBook,
    Step,
)
from dicelab.lessons.chance_figures import (
    chance_table,
    draw_sample_space,
    plot_convergence,
    plot_farkle_chances,
    plot_gamblers_fallacy,
    plot_thresholds,
    simulation_table,
    threshold_table,
)
from dicelab.lessons.counting import (
    break_even,
    chance_of_a_one_after,
    expected_gain,
    farkle_count,
    first_guess,
    hot_dice_chance,
    roll_points,
    runs_without_a_one,
    sample_space,
    simulate_farkles,
    standard_error,
)

__all__ = [
    "chance_table",
    "draw_sample_space",
    "farkle_chances",
    "namespace",
    "plot_convergence",
    "plot_farkle_chances",
    "plot_gamblers_fallacy",
    "plot_thresholds",
    "simulation_table",
    "threshold_table",
]

GAME = "farkle_chances"
MISSES = sum(not counting.scores((face,)) for face in FACES)
"""The faces of one die that score nothing (2, 3, 4, 6)."""
SIX = len(FACES)


def namespace() -> dict[str, Any]:
    """The names the lesson's code may use: the engine and the counting functions."""
    names: dict[str, Any] = {
        name: getattr(counting, name) for name in counting.__all__ if name != "MAX_SIMULATED"
    }
    names.update(
        Fraction=Fraction,
        Percent=Percent,
        farkle_chance=farkle_chance,
        optimal_turn=optimal_turn,
        score=score,
    )
    return names


_DECK = Deck(GAME, namespace)
_rule = _DECK.rule
_exercise = _DECK.exercise


def _fraction(value: Fraction) -> Message:
    """A chance as a message parameter: ``2/3 ≈ 66.7%`` in the language rendered."""
    return _Exact(value)


class _Exact(Message):
    def __init__(self, value: Fraction) -> None:
        super().__init__("{value}", {"value": value})

    def render(self, lang: str | None = None) -> str:
        from dicelab.lessons.cards import describe

        return describe(self.params["value"], lang)


class _Plain(Message):
    """A fraction written plainly (``1/3``), for a formula in a message."""

    def __init__(self, value: Fraction) -> None:
        super().__init__("{value}", {"value": value})

    def render(self, lang: str | None = None) -> str:
        return str(self.params["value"])


class _Decimal(Message):
    """A number with one decimal as a message parameter, as the language writes it."""

    def __init__(self, value: float | Fraction) -> None:
        super().__init__("{value}", {"value": float(value)})

    def render(self, lang: str | None = None) -> str:
        return format_number(self.params["value"], lang, decimals=1)


# -- 1. the sample space ----------------------------------------------------------------------


def _sample_space(number: int) -> Rule:
    one, two, three = (len(sample_space(n)) for n in (1, 2, 3))
    text = [
        msg(
            "To count chances, first list every way the dice can fall: the *sample space*. "
            "One die falls in {one} ways. Two dice fall in {one} × {one} = {two} ways, because "
            "the first die and the second are different dice: a 1 then a 2 is not the same "
            "outcome as a 2 then a 1. Three dice fall in {three} ways.",
            one=one,
            two=two,
            three=three,
        ),
        msg(
            "Fair dice make all these outcomes equally likely, so a chance is a count: the "
            "outcomes you want divided by all the outcomes."
        ),
        msg(
            "In Farkle a single die scores when it shows a 1 ({one_points} points) or a 5 "
            "({five_points} points).",
            one_points=score([1]),
            five_points=score([5]),
        ),
    ]
    scoring_faces = SIX - MISSES
    exercise = _exercise(
        "sample_space",
        msg(
            "Two dice: how many of the {total} outcomes have at least one die that scores "
            "(a 1 or a 5)?",
            total=two,
        ),
        "sum(scores(roll) for roll in sample_space(2))",
        NUMBER,
        why="farkle_count(2)",
        because=msg(
            "Count the others instead: each die has {misses} faces that miss, so {misses} × "
            "{misses} = {farkles} outcomes have no scoring die, and {total} − {farkles} = "
            "{scoring} have one.",
            misses=MISSES,
            farkles=farkle_count(2),
            total=two,
            scoring=two - farkle_count(2),
        ),
        mistakes=(
            Mistake(
                "2 * 6 + 2 * 6",
                msg(
                    "A 1 or a 5 on the first die: {first} outcomes; on the second: {first} "
                    "more. But the {both} outcomes where *both* dice score (a 1 then a 5, a 5 "
                    "then a 5…) were counted twice.",
                    first=scoring_faces * SIX,
                    both=scoring_faces**2,
                ),
            ),
            Mistake(
                "4 * 4",
                msg(
                    "{farkles} is the number of outcomes where *neither* die scores: the "
                    "question asks for all the others.",
                    farkles=farkle_count(2),
                ),
            ),
        ),
    )
    steps = [
        Step("sample_space(1)", msg("The ways one die can fall:")),
        Step(
            "len(sample_space(2)), len(sample_space(3))",
            msg("How many ways two dice, then three dice, can fall:"),
        ),
        Step(
            "[roll for roll in sample_space(2) if not scores(roll)]",
            msg("The outcomes of two dice where no die scores (first die, second die):"),
        ),
    ]
    return _rule(number, "sample_space", msg("All the ways dice can fall"), text, steps, exercise)


# -- 2. the first guess -----------------------------------------------------------------------


def _first_guess(number: int) -> Rule:
    miss = Fraction(MISSES, SIX)
    text = [
        msg(
            "One die scores nothing when it shows a 2, 3, 4 or 6: {misses} faces of {faces}, "
            "a chance of {p}.",
            misses=MISSES,
            faces=SIX,
            p=_fraction(miss),
        ),
        msg(
            "Dice do not influence each other (they are *independent*), and the chance that "
            "several independent things all happen is the product of their chances. A farkle "
            "needs every die to miss, so a first guess for n dice is ({misses}/{faces})ⁿ: "
            "multiply {p} by itself once for each die.",
            misses=MISSES,
            faces=SIX,
            p=_Plain(miss),
        ),
    ]
    hit = 1 - miss
    exercise = _exercise(
        "first_guess",
        msg("You roll two dice. What is the chance that neither of them scores?"),
        "farkle_chance(2)",
        PERCENT,
        why="first_guess(2)",
        because=msg(
            "Here the first guess is right: with two dice a farkle is no 1 and no 5, "
            "{misses} × {misses} = {farkles} outcomes of {total}.",
            misses=MISSES,
            farkles=farkle_count(2),
            total=SIX**2,
        ),
        mistakes=(
            Mistake(
                "1 - (Fraction(1, 3) + Fraction(1, 3))",
                msg(
                    "Adding the chances that each die scores ({p} + {p}) counts twice the "
                    "outcomes where both dice score. Multiply the chances that each die "
                    "*misses* instead: {q} × {q}.",
                    p=_Plain(hit),
                    q=_Plain(miss),
                ),
            ),
            Mistake(
                "Fraction(1, 3) ** 2",
                msg(
                    "{p} × {p} is the chance that both dice *score*. A farkle is when both "
                    "*miss*: {q} × {q}.",
                    p=_Plain(hit),
                    q=_Plain(miss),
                ),
            ),
        ),
    )
    steps = [
        Step(
            "first_guess(1), farkle_chance(1)",
            msg("One die: the first guess, and the engine's exact count:"),
        ),
        Step("first_guess(2), farkle_chance(2)", msg("Two dice: they agree again:")),
    ]
    return _rule(number, "first_guess", msg("A first guess: multiply"), text, steps, exercise)


# -- 3. triples -------------------------------------------------------------------------------


def _triples(number: int) -> Rule:
    guess_count = MISSES**3
    triples = [r for r in sample_space(3) if counting.scores(r) and 1 not in r and 5 not in r]
    text = [
        msg(
            "With three dice, {misses} × {misses} × {misses} = {guess_count} of the {total} "
            "outcomes show no 1 and no 5, so the first guess says a farkle has chance {guess}.",
            misses=MISSES,
            guess_count=guess_count,
            total=SIX**3,
            guess=_fraction(first_guess(3)),
        ),
        msg(
            "But three dice can also score *together*: three of a kind scores without any 1 or "
            "5 (three 2s: {twos} points, three 3s: {threes} points…).",
            twos=score([2, 2, 2]),
            threes=score([3, 3, 3]),
        ),
    ]
    exercise = _exercise(
        "triples",
        msg("You roll three dice. What is the chance that they score nothing?"),
        "farkle_chance(3)",
        PERCENT,
        why="farkle_count(3), len(sample_space(3))",
        because=msg(
            "Of the {guess_count} outcomes with no 1 and no 5, the {triples} triples 2-2-2, "
            "3-3-3, 4-4-4 and 6-6-6 score, so {farkles} of the {total} outcomes score nothing.",
            guess_count=guess_count,
            triples=len(triples),
            farkles=farkle_count(3),
            total=SIX**3,
        ),
        tolerance=0.005,
        mistakes=(
            Mistake(
                "first_guess(3)",
                msg(
                    "This is the first guess ({misses}/{faces})³: it counts the triples "
                    "2-2-2, 3-3-3, 4-4-4 and 6-6-6 as farkles, but they score.",
                    misses=MISSES,
                    faces=SIX,
                ),
            ),
            Mistake(
                "Fraction(4 ** 3 - 6, 6 ** 3)",
                msg(
                    "Only {triples} triples are among the {guess_count} outcomes with no 1 and "
                    "no 5: 1-1-1 and 5-5-5 contain a 1 or a 5, so they were never counted as "
                    "farkles.",
                    triples=len(triples),
                    guess_count=guess_count,
                ),
            ),
        ),
    )
    steps = [
        Step(
            "farkle_count(3), first_guess(3) * 6 ** 3",
            msg("The outcomes that score nothing, counted by the engine, and by the first guess:"),
        ),
        Step(
            "[r for r in sample_space(3) if scores(r) and 1 not in r and 5 not in r]",
            msg("The outcomes that score without a 1 or a 5:"),
        ),
    ]
    return _rule(number, "triples", msg("Three dice: the guess breaks"), text, steps, exercise)


# -- 4. the farkle chance of 1 to 6 dice ------------------------------------------------------


def _farkle_table(number: int) -> Rule:
    three, two = farkle_chance(3), farkle_chance(2)
    text = [
        msg(
            "With more dice, more combinations score together: four of a kind, three pairs, "
            "the straight. The first guess gets worse and worse (six dice: {guess} instead of "
            "{exact}), so the engine does not guess: it lists all {total} outcomes of six dice "
            "and asks the scoring rules about each one.",
            guess=Percent(first_guess(6)),
            exact=Percent(farkle_chance(6)),
            total=SIX**6,
        ),
        msg(
            "Chances of different rolls combine like the chances of different dice: the rolls "
            "are independent, so multiply."
        ),
    ]
    exercise = _exercise(
        "farkle_table",
        msg(
            "Two rolls in a row: first three dice, then two dice. (That happens when the first "
            "roll lets you set aside a single 1 or 5; after a roll such as 2-2-2, where only "
            "all three dice score together, you would have to set aside more.) Before you "
            "start: what is the chance that *both* rolls score? (Three dice score nothing "
            "with chance {three}, two dice with chance {two}.)",
            three=_fraction(three),
            two=_fraction(two),
        ),
        "(1 - farkle_chance(3)) * (1 - farkle_chance(2))",
        PERCENT,
        why="1 - farkle_chance(3), 1 - farkle_chance(2)",
        because=msg("The chances that each roll scores, multiplied."),
        mistakes=(
            Mistake(
                "1 - (farkle_chance(3) + farkle_chance(2))",
                msg(
                    "Taking both farkle chances away from 1 takes away twice the case where "
                    "both rolls would farkle (chance {both}). Multiply the chances that each "
                    "roll *scores* instead.",
                    both=_fraction(three * two),
                ),
            ),
            Mistake(
                "1 - farkle_chance(3) * farkle_chance(2)",
                msg(
                    "{both} is the chance that both rolls farkle; 1 minus it is the chance "
                    "that *at least one* roll scores, not both.",
                    both=_fraction(three * two),
                ),
            ),
        ),
    )
    steps = [
        Step(
            "[farkle_count(n) for n in range(1, 7)]",
            msg("The outcomes that score nothing, counted one by one, from one die to six:"),
        ),
        Step(
            "[farkle_chance(n) for n in range(1, 7)]",
            msg(
                "Divided by the {one}, {two}, {three}… outcomes: the exact chances of a farkle:",
                one=SIX,
                two=SIX**2,
                three=SIX**3,
            ),
        ),
    ]
    return _rule(
        number, "farkle_table", msg("The chance of a farkle, one die to six"), text, steps, exercise
    )


# -- 5. the expected value of one roll --------------------------------------------------------


def _expected_roll(number: int) -> Rule:
    one, five = score([1]), score([5])
    text = [
        msg(
            "The *expected value* of a roll is its points averaged over all the equally likely "
            "outcomes: add up each outcome's points and divide by the number of outcomes. A "
            "farkle counts 0."
        ),
        msg(
            "It is not a score you will see on the table: it is what a roll is worth *on "
            "average*, over many rolls."
        ),
    ]
    exercise = _exercise(
        "expected_roll",
        msg(
            "You roll one die: a 1 scores {one} points, a 5 scores {five}, any other face 0. "
            "What are the expected points of the roll?",
            one=one,
            five=five,
        ),
        "roll_points(1)",
        NUMBER,
        because=msg(
            "A 1 and a 5 each come up once in {faces} rolls, the {misses} other faces give 0: "
            "{one}/{faces} + {five}/{faces} = {value}.",
            faces=SIX,
            misses=MISSES,
            one=one,
            five=five,
            value=int(roll_points(1)),
        ),
        mistakes=(
            Mistake(
                "Fraction(score([1]) + score([5]), 2)",
                msg(
                    "{value} is the average of the two scoring faces only: it forgets the "
                    "{misses} faces of {faces} that score nothing. It is what a roll brings "
                    "*when* it scores.",
                    value=int(expected_gain(1)),
                    misses=MISSES,
                    faces=SIX,
                ),
            ),
            Mistake(
                "score([1]) + score([5])",
                msg(
                    "{value} adds the points of both scoring faces, but one die shows one face "
                    "at a time: each scoring face comes up once in {faces} rolls.",
                    value=one + five,
                    faces=SIX,
                ),
            ),
        ),
    )
    steps = [
        Step(
            "roll_points(1), roll_points(2)",
            msg("One die, then two dice: each die adds its own points on average:"),
        ),
        Step(
            "roll_points(3)",
            msg("Three dice are worth more than three times one die: triples add points:"),
        ),
        Step("[roll_points(n) for n in range(1, 7)]", msg("From one die to six:")),
    ]
    return _rule(number, "expected_roll", msg("What one roll is worth"), text, steps, exercise)


# -- 6. the one-more-roll argument ------------------------------------------------------------

STAKE = 500
"""The turn points of the one-more-roll exercise (3 dice): above its break-even."""


def _one_more_roll(number: int) -> Rule:
    dice = 3
    p = farkle_chance(dice)
    text = [
        msg(
            "Your turn holds some points and you could bank them. Is one more roll worth it? "
            "Compare what the roll can win with what it risks, as Reiner Knizia did for the "
            "dice game Pig:"
        ),
        msg(
            "- with chance 1 − p the roll scores and adds its *expected gain* (its average "
            "points when it scores);\n"
            "- with chance p (the chance of a farkle) it loses all the points at stake."
        ),
        msg(
            "So roll again while **(1 − p) × expected gain > p × points at stake**. The more "
            "points at stake, the more a farkle costs: above a *break-even* number of points, "
            "one more roll no longer pays."
        ),
    ]
    win, loss = (1 - p) * expected_gain(dice), p * STAKE
    exercise = _exercise(
        "one_more_roll",
        msg(
            "Your turn holds {points} points and you have {dice} dice to roll. A roll of {dice} "
            "dice scores nothing with chance {p}; when it scores, it adds {gain} points on "
            "average. By this argument, is one more roll worth it?",
            points=STAKE,
            dice=dice,
            p=_fraction(p),
            gain=_Decimal(expected_gain(dice)),
        ),
        f"(1 - farkle_chance({dice})) * expected_gain({dice}) > farkle_chance({dice}) * {STAKE}",
        YES_NO,
        why=f"(1 - farkle_chance({dice})) * expected_gain({dice}), farkle_chance({dice}) * {STAKE}",
        because=msg(
            "On average one more roll wins {win} points and loses {loss}: it does not pay. "
            "With {dice} dice it pays only below {even} points.",
            win=_Decimal(win),
            loss=_Decimal(loss),
            dice=dice,
            even=_Decimal(break_even(dice)),
        ),
        mistakes=(
            Mistake(
                f"farkle_chance({dice}) < Fraction(1, 2)",
                msg(
                    "The roll is more likely to score ({q}) than not, but that is not enough: "
                    "it risks your {points} points to win about {gain}. Weigh the points, not "
                    "only the chances.",
                    q=Percent(1 - p),
                    points=STAKE,
                    gain=_Decimal(expected_gain(dice)),
                ),
            ),
        ),
    )
    steps = [
        Step(
            f"break_even({dice})",
            msg(
                "With {dice} dice, one more roll pays below this many points (expected gain × "
                "(1 − p) / p):",
                dice=dice,
            ),
        ),
        Step(
            "[one_roll_threshold(n) for n in range(1, 7)]",
            msg(
                "Where the argument says bank, from one die to six dice (turn points go in "
                "steps of {unit}):",
                unit=optimal_turn().unit,
            ),
        ),
        Step(
            "[optimal_turn().bank_threshold(n) for n in range(1, 7)]",
            msg(
                "Where the best player banks: dicelab's exact solver, which looks at every "
                "roll to the end of the turn:"
            ),
        ),
    ]
    return _rule(number, "one_more_roll", msg("One more roll?"), text, steps, exercise)


# -- 7. hot dice --------------------------------------------------------------------------


def _hot_dice(number: int) -> Rule:
    turn = optimal_turn()
    text = [
        msg(
            "The best player banks later than the one-roll argument: it rolls on to higher "
            "totals. With one die the gap is huge: the argument banks from {argument} points, "
            "the best player only from {best}, later even than with two dice ({two}), though "
            "one die is the riskiest roll.",
            argument=counting.one_roll_threshold(1),
            best=turn.bank_threshold(1),
            two=turn.bank_threshold(2),
        ),
        msg(
            "The argument looks at one roll only, and forgets what the roll leads to. When "
            "every die in play scores, you have *hot dice*: all six dice come back, and six "
            "fresh dice are worth a lot."
        ),
    ]
    one = hot_dice_chance(1)
    exercise = _exercise(
        "hot_dice",
        msg(
            "You roll your last two dice. What is the chance that both dice score, so that "
            "you get hot dice?"
        ),
        "hot_dice_chance(2)",
        PERCENT,
        why="hot_dice_chance(1)",
        because=msg(
            "Each die scores with chance {p}, and both must score: {p} × {p}. With one die, "
            "every roll that scores is hot dice: chance {p}, {ratio} times as often.",
            p=_Plain(one),
            ratio=int(one / hot_dice_chance(2)),
        ),
        mistakes=(
            Mistake(
                "hot_dice_chance(1)",
                msg(
                    "{p} is the chance for one die. With two dice, *both* must score: {p} × {p}.",
                    p=_Plain(one),
                ),
            ),
            Mistake(
                "Fraction(1, 3) + Fraction(1, 3)",
                msg(
                    "Adding the two dice's chances gives the chance that *one or the other* "
                    "scores (and even counts twice when both do); hot dice needs both."
                ),
            ),
        ),
    )
    steps = [
        Step(
            "hot_dice_chance(1), hot_dice_chance(2)",
            msg("The chance of hot dice with one die, and with two:"),
        ),
        Step(
            "optimal_turn().roll_value(250, 1), optimal_turn().roll_value(250, 2)",
            msg(
                "With {points} points, rolling one die is worth more than banking, rolling two "
                "dice less (the points the turn banks on average, playing on as well as "
                "possible):",
                points=250,
            ),
        ),
    ]
    return _rule(number, "hot_dice", msg("Why one die banks later than two"), text, steps, exercise)


# -- 8. six dice ------------------------------------------------------------------------------

BIG_TURN = 10_000


def _six_dice(number: int) -> Rule:
    turn = optimal_turn()
    p6 = farkle_chance(6)
    text = [
        msg(
            "Hot dice can bring big turns. Many players bank any big total at once: a farkle "
            "would throw it all away. What does the best player do with six dice to roll?"
        ),
    ]
    exercise = _exercise(
        "six_dice",
        msg(
            "Your turn holds {points} points and you have hot dice: six dice to roll. Six dice "
            "score nothing with chance {p}, and a roll of six dice brings {value} points on "
            "average. To score the most points on average: bank or roll?",
            points=BIG_TURN,
            p=_fraction(p6),
            value=_Decimal(roll_points(6)),
        ),
        f"'bank' if optimal_turn().should_bank({BIG_TURN}, 6) else 'roll'",
        CHOICE,
        choices=(("bank", msg("bank")), ("roll", msg("roll"))),
        why=f"roll_points(6), farkle_chance(6) * {BIG_TURN}",
        because=msg(
            "One more roll wins {win} points on average and loses {loss}: roll. The "
            "break-even is {even} points, and the best player banks six dice from {best}: at "
            "such totals it banks after the next roll whatever happens, so there the one-roll "
            "argument is exact.",
            win=_Decimal(roll_points(6)),
            loss=_Decimal(p6 * BIG_TURN),
            even=_Decimal(break_even(6)),
            best=turn.bank_threshold(6),
        ),
        mistakes=(
            Mistake(
                f"'bank' if {BIG_TURN} >= optimal_turn().bank_threshold(5) else 'roll'",
                msg(
                    "With five dice the best player banks from {five}, but six dice are far "
                    "safer: a farkle only {p} of the time, against {p5} with five.",
                    five=turn.bank_threshold(5),
                    p=Percent(p6),
                    p5=Percent(farkle_chance(5)),
                ),
            ),
        ),
    )
    steps = [
        Step("break_even(6)", msg("With six dice, one more roll pays below:")),
        Step("optimal_turn().bank_threshold(6)", msg("The best player banks six dice from:")),
    ]
    return _rule(
        number,
        "six_dice",
        msg("Why six dice bank only from {points}", points=turn.bank_threshold(6)),
        text,
        steps,
        exercise,
    )


# -- 9. the gambler's fallacy -----------------------------------------------------------------

MISSED = 5
SEQUENCES = 60_000


def _gamblers_fallacy(number: int) -> Rule:
    text = [
        msg(
            "You need a 1 and roll one die again and again. {misses} rolls in a row show no 1. "
            "Many people feel that a 1 is now *due*.",
            misses=MISSED,
        ),
    ]
    runs, ones = runs_without_a_one(MISSED)
    exercise = _exercise(
        "gamblers_fallacy",
        msg(
            "After {misses} rolls without a 1, what is the chance that the next roll shows a 1?",
            misses=MISSED,
        ),
        f"chance_of_a_one_after({MISSED})",
        PERCENT,
        why=f"runs_without_a_one({MISSED})",
        because=msg(
            "Count: of the {runs} sequences of {rolls} rolls that begin with {misses} rolls "
            "without a 1, {ones} end with a 1: {ones}/{runs} = {chance}, as for any roll. A die "
            "has no memory.",
            runs=runs,
            rolls=MISSED + 1,
            misses=MISSED,
            ones=ones,
            chance=_fraction(chance_of_a_one_after(MISSED)),
        ),
        mistakes=(
            Mistake(
                f"1 - Fraction(5, 6) ** {MISSED + 1}",
                msg(
                    "{chance} is the chance of at least one 1 in {rolls} rolls, counted "
                    "*before* the first roll. After {misses} misses, one roll is left, and it "
                    "is a 1 with chance {one}.",
                    chance=Percent(1 - Fraction(5, 6) ** (MISSED + 1)),
                    rolls=MISSED + 1,
                    misses=MISSED,
                    one=_fraction(chance_of_a_one_after(0)),
                ),
            ),
            Mistake(
                "Fraction(1, 6) * 6",
                msg(
                    "One chance in six does not mean once every six rolls: a die can miss ten "
                    "times in a row (chance {ten}).",
                    ten=Percent(Fraction(5, 6) ** 10),
                ),
            ),
        ),
    )
    steps = [
        Step(
            f"s = simulate_next_after_misses({MISSED}, {SEQUENCES}, seed=6)",
            msg(
                "A simulation: {sequences} times, {rolls} rolls of a die. How many began with "
                "{misses} rolls without a 1, and how many of those then rolled a 1:",
                sequences=SEQUENCES,
                rolls=MISSED + 1,
                misses=MISSED,
            ),
        ),
        Step("Fraction(s[1], s[0])", msg("The share of 1s after {misses} misses:", misses=MISSED)),
    ]
    return _rule(number, "gamblers_fallacy", msg("Is a 1 ever due?"), text, steps, exercise)


# -- 10. simulated against exact --------------------------------------------------------------

SIMULATED = 1_000
TABLE_ROLLS, TABLE_SEED = 2_000, 2025
"""The simulation table's rolls per dice count and seed (its 3-dice row is quoted)."""


def _standard_error(number: int) -> Rule:
    p = farkle_chance(3)
    text = [
        msg(
            "A simulation rolls the dice many times and counts: it never gives the exact chance "
            "but lands near it. How near? For a chance p estimated from N rolls, the *standard "
            "error* is √(p × (1 − p) / N). “{share} ± {error}” means a simulated share and its "
            "standard error.",
            share=Percent(simulate_farkles(3, TABLE_ROLLS, TABLE_SEED + 3).mean()),
            error=Percent(standard_error(p, TABLE_ROLLS)),
        ),
        msg(
            "About 2 times in 3 a simulation lands within one standard error of the exact "
            "value, and 19 times in 20 within two."
        ),
    ]
    error = standard_error(p, SIMULATED)
    exercise = _exercise(
        "standard_error",
        msg(
            "Simulating {rolls} rolls of three dice estimates their farkle chance within "
            "± {error}. How many rolls do you need for a ± half as big?",
            rolls=SIMULATED,
            error=Percent(error),
        ),
        f"rolls_for_error(farkle_chance(3), standard_error(farkle_chance(3), {SIMULATED}) / 2)",
        NUMBER,
        because=msg(
            "The error shrinks with the square root of N: to halve it, multiply N by {two} × "
            "{two} = {four}, from {rolls} to {more} rolls.",
            two=2,
            four=4,
            rolls=SIMULATED,
            more=4 * SIMULATED,
        ),
        mistakes=(
            Mistake(
                f"2 * {SIMULATED}",
                msg(
                    "Twice as many rolls shrink the error only by √2, from {error} to {twice}.",
                    error=Percent(error),
                    twice=Percent(standard_error(p, 2 * SIMULATED)),
                ),
            ),
        ),
    )
    steps = [
        Step(
            f"Percent(standard_error(farkle_chance(3), {SIMULATED}))",
            msg("The standard error of {rolls} simulated rolls of three dice:", rolls=SIMULATED),
        ),
        Step(
            f"Fraction(int(simulate_farkles(3, {SIMULATED}, seed=3).sum()), {SIMULATED})",
            msg(
                "One simulation of {rolls} rolls, beside the exact {exact}:",
                rolls=SIMULATED,
                exact=_fraction(p),
            ),
        ),
    ]
    return _rule(
        number,
        "standard_error",
        msg("Simulated against exact: what ± means"),
        text,
        steps,
        exercise,
    )


_BUILDERS = (
    _sample_space,
    _first_guess,
    _triples,
    _farkle_table,
    _expected_roll,
    _one_more_roll,
    _hot_dice,
    _six_dice,
    _gamblers_fallacy,
    _standard_error,
)


def farkle_chances() -> RuleBook:
    """The lesson "Counting chances, and when to stop" as a :class:`RuleBook` of cards."""
    intro = [
        msg(
            "How likely is a farkle, and when should you stop rolling? Each card below asks a "
            "question first: make your prediction, check it, then see the dice, the tables "
            "and the plots that explain the answer. Every number is computed by dicelab's "
            "engine, exactly, by counting."
        )
    ]
    return _DECK.book(msg("Counting chances, and when to stop"), intro, _BUILDERS)
