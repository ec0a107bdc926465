"""The rules of Penta, one card per rule of ``docs/rules/penta.md``, in order.

Every number in a card's text comes from the engine's constants, every box name from its
message ids, and every example and every exercise answer from a line of engine code: the
lesson cannot drift from the rules it teaches.

>>> rules = penta_rules()
>>> rules.ids  # doctest: +NORMALIZE_WHITESPACE
('turn', 'upper_boxes', 'lower_boxes', 'upper_bonus', 'penta_bonus', 'total', 'sacrifice',
 'joker', 'presets')
>>> rules["sacrifice"].exercise.check(7).correct
True
>>> rules["sacrifice"].exercise.check(1).mistake.code  # only the box that scores: a mistake
'sum(points > 0 for points in card.options(dice).values())'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dicelab.i18n import Message, msg
from dicelab.lessons.cards import (
    NUMBER,
    PERCENT,
    WHICH_BOXES,
    Deck,
    Mistake,
    Rule,
    RuleBook,
    Step,
    dice_text,
)
from dicelab.penta.game import DICE, ROLLS_PER_TURN
from dicelab.penta.rules import (
    BOX_NAMES,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    PENTA_BONUS,
    PENTA_POINTS,
    PRESET_DESCRIPTIONS,
    PRESETS,
    SMALL_STRAIGHT_POINTS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
)
from dicelab.penta.rules import BOXES as BOX_IDS
from dicelab.penta.scorecard import SACRIFICE, Scorecard, box_list

__all__ = ["penta_rules"]

AUTO_SCORE_SECONDS = 3
"""The app's delay before it scores a last roll itself (the rulebook: a setting, 3 by default)."""


def namespace() -> dict[str, Any]:
    """The names a Penta lesson's code may use: the engine's public API and the dice."""
    from fractions import Fraction

    from dicelab.dice import SeededDice, outcomes
    from dicelab.penta.rules import FACE_OF, LOWER, UPPER, Rules
    from dicelab.penta.scorecard import Scorecard

    return {
        "BOXES": BOX_IDS,
        "FACE_OF": FACE_OF,
        "Fraction": Fraction,
        "LOWER": LOWER,
        "PENTA_BONUS": PENTA_BONUS,
        "PENTA_POINTS": PENTA_POINTS,
        "Rules": Rules,
        "SACRIFICE": SACRIFICE,
        "Scorecard": Scorecard,
        "SeededDice": SeededDice,
        "UPPER": UPPER,
        "UPPER_BONUS": UPPER_BONUS,
        "UPPER_BONUS_THRESHOLD": UPPER_BONUS_THRESHOLD,
        "outcomes": outcomes,
    }


def _box(box: str) -> Message:
    return msg(BOX_NAMES[box])


def _boxes(**names: str) -> dict[str, Message]:
    return {key: _box(box) for key, box in names.items()}


_DECK = Deck("penta", namespace)
_rule = _DECK.rule
_exercise = _DECK.exercise


# -- 1. the turn ----------------------------------------------------------------------------------


def _turn(number: int) -> Rule:
    held = (6, 6, 6)
    text = [
        msg(
            "A game is {turns} turns per player, one per box of the scorecard. Players take "
            "turns in seat order; the game ends when every player has played {turns} turns.",
            turns=len(BOX_IDS),
        ),
        msg(
            "On your turn, roll the {dice} dice. Then, up to two more times, you may hold any "
            "dice you like (press them) and roll the others again: at most {rolls} rolls per "
            "turn.",
            dice=DICE,
            rolls=ROLLS_PER_TURN,
        ),
        msg(
            "You need not use every roll: after any roll, the first one included, pick an open "
            "box and press «{validate}».",
            validate=msg("Validate turn"),
        ),
        msg(
            "In the app, if you pick nothing within {seconds} seconds of the last roll, the app "
            "scores the roll itself, in the box the computer player would choose. A countdown "
            "shows the time left (a teacher can turn it off).",
            seconds=AUTO_SCORE_SECONDS,
        ),
    ]
    steps = [
        Step(
            "first = SeededDice(2026).roll(5, index=0)",
            msg("The first roll of a game with seed {seed}:", seed="2026"),
        ),
        Step(
            "second = (3, 3) + SeededDice(2026).roll(3, index=1)",
            msg("Hold the two 3s and roll the other three dice again:"),
        ),
        Step(
            "Scorecard().options(second)",
            msg("Where this roll may go on an empty card, and what each box gives:"),
        ),
    ]
    exercise = _exercise(
        "turn",
        msg(
            "You hold {held} and roll the other two dice once more. What is the chance that at "
            "least one more 6 shows?",
            held=dice_text(held),
        ),
        "sum(p for roll, p in outcomes(2).items() if 6 in roll)",
        PERCENT,
        why="1 - Fraction(5, 6) ** 2",
        because=msg(
            "No more 6 means that both dice miss it; every other roll has one: {count} of the "
            "{total} equally likely rolls of two dice.",
            count=_rolls_with_a_six(),
            total=6**2,
        ),
        mistakes=(
            Mistake(
                "Fraction(1, 6) + Fraction(1, 6)",
                msg(
                    "Each die shows a 6 one time in six, so adding 1/6 + 1/6 is tempting. But "
                    "then the roll where both dice show a 6 is counted twice: of the {total} "
                    "rolls of two dice, {count} hold a 6, not {twice}.",
                    total=6**2,
                    count=_rolls_with_a_six(),
                    twice=2 * 6,
                ),
            ),
            Mistake(
                "Fraction(1, 6) * Fraction(1, 6)",
                msg(
                    "That is the chance that *both* dice show a 6. One more 6 is enough: either "
                    "die may bring it."
                ),
            ),
        ),
    )
    return _rule(number, "turn", msg("A turn: up to three rolls"), text, steps, exercise)


def _rolls_with_a_six() -> int:
    """How many of the 36 rolls of two dice hold a 6, counted by the engine."""
    from dicelab.dice import outcomes

    return int(sum(p for roll, p in outcomes(2).items() if 6 in roll) * 6**2)


# -- 2. the upper boxes ---------------------------------------------------------------------------


def _upper_boxes(number: int) -> Rule:
    text = [
        msg(
            "The six upper boxes each count one face only: {aces} is the sum of the 1s, {twos} "
            "the sum of the 2s, and so on up to {sixes}, the sum of the 6s.",
            **_boxes(aces="aces", twos="twos", sixes="sixes"),
        ),
    ]
    steps = [
        Step(
            "Scorecard().explain([1, 1, 3, 4, 6])['aces']",
            msg("Two 1s in {aces}:", aces=_box("aces")),
        ),
        Step(
            "Scorecard().explain([1, 1, 3, 4, 6])['fives']",
            msg("No 5 at all: {fives} would give 0.", fives=_box("fives")),
        ),
        Step(
            "Scorecard().options([6, 6, 6, 2, 6])['sixes']",
            msg("Four 6s in {sixes}:", sixes=_box("sixes")),
        ),
    ]
    dice = (3, 3, 3, 5, 5)
    options = Scorecard().options(dice)
    exercise = _exercise(
        "upper_boxes",
        msg(
            "On an empty card you roll {dice}. Which upper box would give the most points?",
            dice=dice_text(dice),
        ),
        "max(UPPER, key=lambda box: Scorecard().options(dice)[box])",
        WHICH_BOXES,
        setup=(f"dice = {list(dice)}",),
        why="{box: Scorecard().options(dice)[box] for box in UPPER}",
        mistakes=(
            Mistake(
                "max(UPPER, key=lambda box: dice.count(FACE_OF[box]))",
                msg(
                    "Three 3s look stronger than two 5s: there are more of them. But an upper "
                    "box adds up the dice of its face: three 3s make {threes}, two 5s make "
                    "{fives}.",
                    threes=options["threes"],
                    fives=options["fives"],
                ),
            ),
        ),
    )
    return _rule(
        number, "upper_boxes", msg("The upper boxes: Aces to Sixes"), text, steps, exercise
    )


# -- 3. the lower boxes ---------------------------------------------------------------------------


def _lower_boxes(number: int) -> Rule:
    text = [
        msg("The lower boxes score combinations:"),
        msg(
            "- **{three}**: at least three equal dice; the sum of all five dice.\n"
            "- **{four}**: at least four equal dice; the sum of all five dice.\n"
            "- **{full}**: exactly three of one face and two of another: {full_points} points. "
            "Five equal dice are *not* a full house (except by the joker rule, below).\n"
            "- **{small}**: four consecutive faces (1-2-3-4, 2-3-4-5 or 3-4-5-6): "
            "{small_points} points.\n"
            "- **{large}**: five consecutive faces (1-2-3-4-5 or 2-3-4-5-6): "
            "{large_points} points.\n"
            "- **{chance}**: any dice; the sum of all five.\n"
            "- **{penta}**: five equal dice: {penta_points} points.",
            full_points=FULL_HOUSE_POINTS,
            small_points=SMALL_STRAIGHT_POINTS,
            large_points=LARGE_STRAIGHT_POINTS,
            penta_points=PENTA_POINTS,
            **_boxes(
                three="three_of_a_kind",
                four="four_of_a_kind",
                full="full_house",
                small="small_straight",
                large="large_straight",
                chance="chance",
                penta="penta",
            ),
        ),
        msg("A combination that is not there scores 0 in its box."),
    ]
    steps = [
        Step("Scorecard().options([2, 2, 5, 5, 5])", msg("A full house, on an empty card:")),
        Step(
            "Scorecard().options([1, 3, 4, 2, 6])['small_straight']",
            msg("1-2-3-4 is there, so this is a small straight:"),
        ),
        Step(
            "Scorecard().explain([3, 3, 3, 3, 3])['full_house']",
            msg("Five 3s in {full}:", full=_box("full_house")),
        ),
    ]
    dice = (4, 4, 4, 4, 6)
    exercise = _exercise(
        "lower_boxes",
        msg(
            "On an empty card you roll {dice}. How many points would {box} give?",
            dice=dice_text(dice),
            box=_box("three_of_a_kind"),
        ),
        "Scorecard().options(dice)['three_of_a_kind']",
        NUMBER,
        setup=(f"dice = {list(dice)}",),
        why="Scorecard().explain(dice)['three_of_a_kind']",
        mistakes=(
            Mistake(
                "3 * 4",
                msg(
                    "It is tempting to add only the three equal dice. But {box} adds all five "
                    "dice: the fourth 4 and the 6 count too.",
                    box=_box("three_of_a_kind"),
                ),
            ),
            Mistake(
                "dice.count(4) * 4",
                msg(
                    "Adding the four 4s forgets the 6: {box} adds all five dice, whatever they "
                    "show.",
                    box=_box("three_of_a_kind"),
                ),
            ),
            Mistake(
                "Scorecard().options(dice)['three_of_a_kind'] if dice.count(4) == 3 else 0",
                msg(
                    "Four 4s are more than three, and that is fine: {box} needs *at least* three "
                    "equal dice.",
                    box=_box("three_of_a_kind"),
                ),
            ),
        ),
    )
    return _rule(number, "lower_boxes", msg("The lower boxes: combinations"), text, steps, exercise)


# -- 4. the upper bonus ---------------------------------------------------------------------------


THREE_EACH = {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
HIGH_FOR_LOW = {**THREE_EACH, "aces": 2, "sixes": 24}
"""Three of each face, but four 6s and two 1s: the upper bonus is earned."""
LOW_FOR_HIGH = {**THREE_EACH, "aces": 4, "sixes": 12}
"""Three of each face, but four 1s and two 6s: the upper bonus is missed."""


def _upper_bonus(number: int) -> Rule:
    three_each = THREE_EACH
    text = [
        msg(
            "If the six upper boxes add up to {threshold} or more, the card earns a bonus of "
            "{bonus} points.",
            threshold=UPPER_BONUS_THRESHOLD,
            bonus=UPPER_BONUS,
        ),
        msg(
            "{threshold} is three dice of each face: three 1s, three 2s, and so on up to three "
            "6s (3 + 6 + 9 + 12 + 15 + 18). The bonus counts points, not dice: four 6s and two "
            "1s make {high}, enough for the bonus, but four 1s and two 6s make only {low}.",
            threshold=UPPER_BONUS_THRESHOLD,
            high=Scorecard.from_filled(HIGH_FOR_LOW).upper_total,
            low=Scorecard.from_filled(LOW_FOR_HIGH).upper_total,
        ),
    ]
    short = {**three_each, "aces": 2}
    steps = [
        Step(
            f"card = Scorecard.from_filled({three_each})",
            msg("Three dice of each face:"),
        ),
        Step("card.upper_total, card.upper_bonus", msg("The upper total and the bonus:")),
        Step(
            f"Scorecard.from_filled({short}).upper_bonus",
            msg("With only two 1s, one point is missing:"),
        ),
    ]
    before = {"aces": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 15}
    card = Scorecard.from_filled(before)
    sixes = "[6] * n + [2] * (5 - n)"
    exercise = _exercise(
        "upper_bonus",
        msg(
            "Your upper boxes hold {filled}; {sixes} is the last one open. At least how many 6s "
            "must you score in {sixes} to earn the upper bonus?",
            filled=_filled_text(before),
            sixes=_box("sixes"),
        ),
        f"min(n for n in range(6) if card.score('sixes', {sixes}).upper_bonus)",
        NUMBER,
        setup=(f"card = Scorecard.from_filled({before})",),
        why=f"[card.score('sixes', {sixes}).upper_total for n in range(6)]",
        because=msg(
            "The upper total with no 6 up to five 6s in {sixes}; the bonus needs {threshold}.",
            sixes=_box("sixes"),
            threshold=UPPER_BONUS_THRESHOLD,
        ),
        mistakes=(
            Mistake(
                "UPPER_BONUS_THRESHOLD // (1 + 2 + 3 + 4 + 5 + 6)",
                msg(
                    "{threshold} is three dice of each face, so three 6s look enough. But "
                    "{aces} holds only {aces_points}, one 1 short of three: with three 6s the "
                    "upper total is {short}, one point short of {threshold}.",
                    threshold=UPPER_BONUS_THRESHOLD,
                    aces=_box("aces"),
                    aces_points=before["aces"],
                    short=card.score("sixes", [6, 6, 6, 2, 2]).upper_total,
                ),
            ),
        ),
    )
    return _rule(number, "upper_bonus", msg("The upper bonus"), text, steps, exercise)


def _filled_text(filled: dict[str, int]) -> Message:
    """ "Aces 2, Twos 6, ..." as a message (box names translated when rendered)."""
    keys = {f"b{i}": _box(box) for i, box in enumerate(filled)}
    values = {f"p{i}": points for i, points in enumerate(filled.values())}
    template = ", ".join(f"{{b{i}}} {{p{i}}}" for i in range(len(filled)))
    return Message(template, {**keys, **values})


# -- 5. the Penta bonus ---------------------------------------------------------------------------


def _penta_bonus(number: int) -> Rule:
    text = [
        msg(
            "Five equal dice are a Penta: {points} points in the {penta} box.",
            points=PENTA_POINTS,
            penta=_box("penta"),
        ),
        msg(
            "If the {penta} box already holds {points}, every new Penta earns a bonus of {bonus} "
            "points, on top of the box where you score it, as many times as it happens.",
            points=PENTA_POINTS,
            bonus=PENTA_BONUS,
            penta=_box("penta"),
        ),
        msg(
            "A {penta} box filled with 0 (sacrificed) never earns a bonus. Five equal dice that "
            "you roll again earn nothing: only a Penta you score counts.",
            penta=_box("penta"),
        ),
    ]
    steps = [
        Step(
            "card = Scorecard().score('penta', [3, 3, 3, 3, 3])",
            msg("A first Penta, five 3s, in the {penta} box:", penta=_box("penta")),
        ),
        Step(
            "card = card.score('fours', [4, 4, 4, 4, 4])",
            msg("A second Penta, five 4s: {fours} and the bonus:", fours=_box("fours")),
        ),
        Step(
            "card = card.score('twos', [2, 2, 2, 2, 2])",
            msg("A third Penta, five 2s: a second bonus."),
        ),
        Step(
            "Scorecard.from_filled({'penta': 0}).bonus([6, 6, 6, 6, 6])",
            msg("With the {penta} box sacrificed, five 6s earn no bonus:", penta=_box("penta")),
        ),
    ]
    exercise = _exercise(
        "penta_bonus",
        msg(
            "The {penta} box holds {points} and {sixes} is open. You score five 6s in {sixes}. "
            "By how many points does your TOTAL go up?",
            penta=_box("penta"),
            points=PENTA_POINTS,
            sixes=_box("sixes"),
        ),
        "card.score('sixes', [6, 6, 6, 6, 6]).total - card.total",
        NUMBER,
        setup=("card = Scorecard.from_filled({'penta': 50})",),
        why="card.explain([6, 6, 6, 6, 6])['sixes']",
        mistakes=(
            Mistake(
                "6 * 5",
                msg(
                    "{sixes} gives the sum of the five 6s, but that is not all: the {penta} box "
                    "already holds {points}, so this Penta earns a bonus of {bonus} on top.",
                    sixes=_box("sixes"),
                    penta=_box("penta"),
                    points=PENTA_POINTS,
                    bonus=PENTA_BONUS,
                ),
            ),
            Mistake(
                "PENTA_BONUS",
                msg(
                    "The bonus comes *on top of* the box where you score the roll: {sixes} "
                    "keeps its points too.",
                    sixes=_box("sixes"),
                ),
            ),
            Mistake(
                "6 * 5 + PENTA_POINTS + PENTA_BONUS",
                msg(
                    "The {points} points of a Penta go in the {penta} box only once. A second "
                    "Penta earns the bonus of {bonus}, not another {points}.",
                    points=PENTA_POINTS,
                    penta=_box("penta"),
                    bonus=PENTA_BONUS,
                ),
            ),
        ),
    )
    return _rule(number, "penta_bonus", msg("The Penta bonus"), text, steps, exercise)


# -- 6. the total ---------------------------------------------------------------------------------


FULL_CARD = {
    "aces": 3,
    "twos": 8,
    "threes": 9,
    "fours": 12,
    "fives": 15,
    "sixes": 24,
    "three_of_a_kind": 22,
    "four_of_a_kind": 0,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 40,
    "chance": 23,
    "penta": 50,
}


TOTAL_CARD = {
    "aces": 2,
    "twos": 6,
    "threes": 9,
    "fours": 12,
    "fives": 15,
    "sixes": 18,
    "three_of_a_kind": 17,
    "four_of_a_kind": 0,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 0,
    "chance": 21,
    "penta": 50,
}
"""The TOTAL exercise's card: the upper boxes one point short of the bonus, a Penta bonus."""


def _total(number: int) -> Rule:
    text = [
        msg(
            "TOTAL = upper boxes + upper bonus + lower boxes + Penta bonuses.",
        ),
        msg(
            "The game ends when every player has played {turns} turns. The highest TOTAL wins; "
            "equal totals share the win.",
            turns=len(BOX_IDS),
        ),
    ]
    steps = [
        Step(
            f"card = Scorecard.from_filled({FULL_CARD}, penta_bonus=100)",
            msg("A finished card with one Penta bonus:"),
        ),
        Step("card.is_complete", msg("Every box is filled:")),
    ]
    card = TOTAL_CARD
    upper = Scorecard.from_filled(card).upper_total
    exercise = _exercise(
        "total",
        msg(
            "A card holds {filled}, and one Penta bonus of {bonus}. What is its TOTAL?",
            filled=_filled_text(card),
            bonus=PENTA_BONUS,
        ),
        "card.total",
        NUMBER,
        setup=(f"card = Scorecard.from_filled({card}, penta_bonus=100)",),
        why="card",
        mistakes=(
            Mistake(
                "card.upper_total + UPPER_BONUS + card.lower_total + card.penta_bonus",
                msg(
                    "The upper boxes look like three of each face, so the bonus of {bonus} is "
                    "tempting. But they add up to {upper}, and the bonus needs {threshold}: it "
                    "is 0 here.",
                    bonus=UPPER_BONUS,
                    upper=upper,
                    threshold=UPPER_BONUS_THRESHOLD,
                ),
            ),
            Mistake(
                "card.upper_total + card.upper_bonus + card.lower_total",
                msg(
                    "The Penta bonus is in no box of the card, so it is easy to forget. TOTAL "
                    "adds it on its own: upper boxes + upper bonus + lower boxes + Penta bonuses."
                ),
            ),
        ),
    )
    return _rule(number, "total", msg("TOTAL and the end of the game"), text, steps, exercise)


# -- 7. sacrifice ---------------------------------------------------------------------------------


SACRIFICE_CARD = {
    "aces": 3,
    "threes": 9,
    "fours": 12,
    "sixes": 18,
    "three_of_a_kind": 20,
    "small_straight": 30,
    "chance": 22,
}


def _sacrifice(number: int) -> Rule:
    text = [
        msg(
            "Any open box may take the roll, even if it scores nothing there: it gets 0 and is "
            "closed for the rest of the game."
        ),
        msg(
            "With 1, 1, 3, 4, 6 only a few boxes give points; {full} or {large} would give 0.",
            full=_box("full_house"),
            large=_box("large_straight"),
        ),
        msg(
            "When no open box the roll may go in gives more than 0, the app says so: «{message}».",
            message=SACRIFICE,
        ),
    ]
    steps = [
        Step("Scorecard().options([1, 1, 3, 4, 6])", msg("1, 1, 3, 4, 6 on an empty card:")),
        Step(
            "Scorecard().score('large_straight', [1, 1, 3, 4, 6])",
            msg("Sacrificing {large}:", large=_box("large_straight")),
        ),
        Step(
            f"card = Scorecard.from_filled({SACRIFICE_CARD})",
            msg("Later in the game, with these boxes filled:"),
        ),
        Step("card.options([1, 1, 3, 4, 6])", msg("Every open box gives 0:")),
        Step("card.must_sacrifice([1, 1, 3, 4, 6])", msg("So one box must be sacrificed:")),
        Step("SACRIFICE", msg("The app says:")),
    ]
    dice = (1, 1, 3, 4, 6)
    filled = {box: points for box, points in SACRIFICE_CARD.items() if box != "aces"}
    open_boxes = Scorecard.from_filled(filled).open_boxes
    exercise = _exercise(
        "sacrifice",
        msg(
            "Your card has these boxes open: {open}. You roll {dice} and stop there. In how "
            "many boxes may you put this roll?",
            open=box_list(open_boxes),
            dice=dice_text(dice),
        ),
        "len(card.options(dice))",
        NUMBER,
        setup=(f"card = Scorecard.from_filled({filled})", f"dice = {list(dice)}"),
        why="card.options(dice)",
        mistakes=(
            Mistake(
                "sum(points > 0 for points in card.options(dice).values())",
                msg(
                    "Only {aces} gives points, so it looks like the only choice. But any open "
                    "box may take the roll, even for 0 points: that is a sacrifice, and it is "
                    "sometimes the wiser move (a 0 in a box you would hardly fill anyway).",
                    aces=_box("aces"),
                ),
            ),
        ),
    )
    return _rule(number, "sacrifice", msg("Sacrificing a box"), text, steps, exercise)


# -- 8. the joker ---------------------------------------------------------------------------------


LOWER_FULL = {
    "penta": 50,
    "fours": 12,
    "three_of_a_kind": 20,
    "four_of_a_kind": 0,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 40,
    "chance": 22,
}


JOKER_CARD = {box: points for box, points in FULL_CARD.items() if box not in ("twos", "chance")}
"""The joker exercise's card: Penta at 50, every box filled but Twos and Chance."""


def _joker(number: int) -> Rule:
    fours_points = 4 * DICE
    text = [
        msg(
            "The joker applies only when you roll five equal dice **and** the {penta} box "
            "already holds {points}. The roll must then go:",
            penta=_box("penta"),
            points=PENTA_POINTS,
        ),
        msg(
            "1. in the upper box of that face, if it is open: it is the only legal box. Five 4s "
            "may only go in {fours}: {fours_points} points, plus the bonus of {bonus};\n"
            "2. otherwise, in any open lower box: {full} scores {full_points}, {small} "
            "{small_points}, {large} {large_points}; {three}, {four} and {chance} score the sum "
            "({fours_points} for five 4s);\n"
            "3. if the whole lower section is filled, in any other open upper box, for 0 points "
            "(five 4s in {aces}: 0). The bonus of {bonus} is kept in every case.",
            fours_points=fours_points,
            bonus=PENTA_BONUS,
            full_points=FULL_HOUSE_POINTS,
            small_points=SMALL_STRAIGHT_POINTS,
            large_points=LARGE_STRAIGHT_POINTS,
            **_boxes(
                fours="fours",
                aces="aces",
                full="full_house",
                small="small_straight",
                large="large_straight",
                three="three_of_a_kind",
                four="four_of_a_kind",
                chance="chance",
            ),
        ),
        msg(
            "If the {penta} box holds 0 (it was sacrificed), none of this applies: five equal "
            "dice are an ordinary roll, with no bonus, and {large} gives them 0. While the "
            "{penta} box is open, five equal dice are an ordinary roll too.",
            penta=_box("penta"),
            large=_box("large_straight"),
        ),
    ]
    steps = [
        Step(
            "Scorecard.from_filled({'penta': 50}).options([4, 4, 4, 4, 4])",
            msg("{fours} open: the only choice (points include the bonus):", fours=_box("fours")),
        ),
        Step(
            "Scorecard.from_filled({'penta': 50, 'fours': 12}).options([4, 4, 4, 4, 4])",
            msg("{fours} filled: any open lower box:", fours=_box("fours")),
        ),
        Step(
            f"Scorecard.from_filled({LOWER_FULL}).options([4, 4, 4, 4, 4])",
            msg("Lower section full: any other open upper box, for 0 plus the bonus:"),
        ),
        Step(
            "Scorecard.from_filled({'penta': 0, 'fours': 12}).explain([4, 4, 4, 4, 4])"
            "['large_straight']",
            msg("{penta} at 0: no joker, no bonus:", penta=_box("penta")),
        ),
    ]
    dice = (2, 2, 2, 2, 2)
    exercise = _exercise(
        "joker",
        msg(
            "The {penta} box holds {points}; {twos} and {chance} are open. You roll {dice}. "
            "Which boxes may take this roll?",
            penta=_box("penta"),
            points=PENTA_POINTS,
            twos=_box("twos"),
            chance=_box("chance"),
            dice=dice_text(dice),
        ),
        f"list(card.options({list(dice)}))",
        WHICH_BOXES,
        setup=(f"card = Scorecard.from_filled({JOKER_CARD})",),
        why=f"card.explain({list(dice)})['chance']",
        mistakes=(
            Mistake(
                "list(card.open_boxes)",
                msg(
                    "Any open box may usually take a roll. But five equal dice with {points} in "
                    "the {penta} box are a joker: while the upper box of their face is open, it "
                    "is the only legal box.",
                    points=PENTA_POINTS,
                    penta=_box("penta"),
                ),
            ),
            Mistake(
                "[box for box in card.open_boxes if box in LOWER]",
                msg(
                    "The joker does let five equal dice go in a lower box, but only once the "
                    "upper box of their face, here {twos}, is filled.",
                    twos=_box("twos"),
                ),
            ),
        ),
    )
    return _rule(number, "joker", msg("The joker"), text, steps, exercise)


# -- 9. rule presets ------------------------------------------------------------------------------


def _preset_list(names: Iterable[str]) -> Message:
    """A Markdown list of the presets ``names``, each with the engine's description."""
    names = list(names)
    lines = "\n".join(f"- **{name}**: {{p{i}}}" for i, name in enumerate(names))
    return Message(lines, {f"p{i}": msg(PRESET_DESCRIPTIONS[name]) for i, name in enumerate(names)})


def _presets(number: int) -> Rule:
    text = [
        msg("dicelab knows other rule sets too, to compare them. Everything else stays the same:"),
        _preset_list(name for name in PRESETS if name != "penta"),
    ]
    card = "{'penta': 0, 'fours': 12}"
    steps = [
        Step(
            f"Scorecard.from_filled({card}).options([4, 4, 4, 4, 4])['large_straight']",
            msg(
                "{penta} at 0, {fours} filled, five 4s, Penta rules:",
                penta=_box("penta"),
                fours=_box("fours"),
            ),
        ),
        Step(
            f"Scorecard.from_filled({card}, rules='official').options([4, 4, 4, 4, 4])"
            "['large_straight']",
            msg("The same under the official rules: the joker applies, without bonus:"),
        ),
        Step(
            "Scorecard.from_filled({'penta': 50}, rules='no-bonus').options([4, 4, 4, 4, 4])"
            "['fours']",
            msg("No bonus under no-bonus:"),
        ),
    ]
    exercise = _exercise(
        "presets",
        msg(
            "Under the free-joker rules, the {penta} box holds {points} and every other box is "
            "open. You roll five 4s. How many boxes may take them?",
            penta=_box("penta"),
            points=PENTA_POINTS,
        ),
        "len(Scorecard.from_filled({'penta': 50}, rules='free-joker').options([4, 4, 4, 4, 4]))",
        NUMBER,
        why="Scorecard.from_filled({'penta': 50}, rules='free-joker').options([4, 4, 4, 4, 4])",
        mistakes=(
            Mistake(
                "len(Scorecard.from_filled({'penta': 50}).options([4, 4, 4, 4, 4]))",
                msg(
                    "Those are the app's rules, where the joker forces five 4s into {fours}. The "
                    "free joker is free: five equal dice may go in any open box.",
                    fours=_box("fours"),
                ),
            ),
            Mistake(
                "len(BOXES)",
                msg(
                    "Every box but one: the {penta} box already holds {points}, and a filled box "
                    "never takes a roll again.",
                    penta=_box("penta"),
                    points=PENTA_POINTS,
                ),
            ),
        ),
    )
    return _rule(number, "presets", msg("Other rule sets"), text, steps, exercise)


_BUILDERS = (
    _turn,
    _upper_boxes,
    _lower_boxes,
    _upper_bonus,
    _penta_bonus,
    _total,
    _sacrifice,
    _joker,
    _presets,
)


def penta_rules() -> RuleBook:
    """The rules of Penta as a :class:`~dicelab.lessons.cards.RuleBook`, in rulebook order."""
    intro = [
        msg(
            "Penta is played with five dice and a scorecard of {boxes} boxes. Each card below "
            "is one rule, with a live example computed by dicelab's engine and a question: "
            "predict the answer, then let the engine check it.",
            boxes=len(BOX_IDS),
        )
    ]
    return _DECK.book(msg("The rules of Penta"), intro, _BUILDERS)
