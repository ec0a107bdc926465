"""The rules of Farkle, one card per rule of ``docs/rules/farkle.md``, in order.

Every example and every exercise answer is a line of engine code, run when asked; the
app's banners («Tour perdu !», «Dés chauds !», «Dernier tour !», «Humains + 1 IA») are the
engine's own messages, so the lessons show them in the learner's language.

>>> rules = farkle_rules()
>>> rules.ids  # doctest: +NORMALIZE_WHITESPACE
('roll', 'turn_lost', 'set_aside', 'one_roll', 'bank_or_roll', 'hot_dice', 'scoring_table',
 'farkle_chances', 'last_round', 'players')
>>> rules["farkle_chances"].exercise.check("27.8%").correct
True
"""

from __future__ import annotations

from typing import Any

from dicelab.dice import outcomes
from dicelab.farkle import scoring
from dicelab.farkle.game import HOT_DICE, LAST_ROUND, TURN_LOST, lineup_label
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import PRESET_LABELS, PRESETS
from dicelab.farkle.situation import DEFAULT_TARGET, TARGETS
from dicelab.farkle.turn import ALL_DICE
from dicelab.i18n import msg
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
    dice_text,
)
from dicelab.lessons.pages import PageLink

__all__ = ["farkle_rules"]

STANDARD = PRESETS["standard"]


def namespace() -> dict[str, Any]:
    """The names a Farkle lesson's code may use: the engine's public API."""
    from fractions import Fraction

    from dicelab.dice import outcomes
    from dicelab.farkle.risk import optimal_turn
    from dicelab.farkle.rules import Rules
    from dicelab.farkle.scoring import farkle_chance, is_farkle, score, set_aside_options
    from dicelab.farkle.situation import Situation
    from dicelab.farkle.turn import Turn

    return {
        "ComputerPlayer": ComputerPlayer,
        "Fraction": Fraction,
        "Rules": Rules,
        "Situation": Situation,
        "Turn": Turn,
        "farkle_chance": farkle_chance,
        "is_farkle": is_farkle,
        "lineup_label": lineup_label,
        "optimal_turn": optimal_turn,
        "outcomes": outcomes,
        "score": score,
        "set_aside_options": set_aside_options,
    }


_DECK = Deck("farkle", namespace)
_rule = _DECK.rule
_exercise = _DECK.exercise


def _points(combination: tuple[int, ...]) -> int:
    return STANDARD.combinations[combination]


# -- 1. roll --------------------------------------------------------------------------------------


def _roll(number: int) -> Rule:
    text = [
        msg(
            "Roll the dice still in play: all {dice} at the start of a turn. Then set aside at "
            "least one die that scores, and either roll the rest again or bank.",
            dice=ALL_DICE,
        )
    ]
    steps = [
        Step("Turn().roll([5, 1, 3, 3, 4, 5])", msg("A first roll of six dice:")),
        Step("set_aside_options([5, 1, 3, 3, 4, 5])", msg("What may be set aside from it:")),
        Step(
            "Turn().roll([5, 1, 3, 3, 4, 5]).set_aside([1, 5])",
            msg("Setting aside the 1 and a 5 leaves four dice to roll:"),
        ),
    ]
    dice = [1, 5, 2, 3, 3, 6]
    exercise = _exercise(
        "roll",
        msg(
            "You roll {dice} and want to roll again. At most how many dice can you roll next?",
            dice=dice_text(dice),
        ),
        "max(Turn().roll(dice).set_aside(kept).dice_in_play for kept in set_aside_options(dice))",
        NUMBER,
        setup=(f"dice = {dice}",),
        why="set_aside_options(dice)",
        because=msg("What may be set aside, with its points: one scoring die is enough."),
        mistakes=(
            Mistake(
                "Turn().roll(dice).set_aside([1, 5]).dice_in_play",
                msg(
                    "Setting aside every die that scores feels safest, but you need to set aside "
                    "only one: keep the 1 alone and roll the five other dice."
                ),
            ),
            Mistake(
                "len(dice)",
                msg(
                    "Before rolling again you must set aside at least one die that scores: all "
                    "six dice come back only after hot dice."
                ),
            ),
        ),
    )
    return _rule(number, "roll", msg("Roll the dice in play"), text, steps, exercise)


# -- 2. a roll that scores nothing ----------------------------------------------------------------


def _turn_lost(number: int) -> Rule:
    text = [
        msg(
            "If no die of the roll scores, the turn is lost: the app shows «{banner}». The "
            "points of this turn are gone, your banked total stays as it was, and the next "
            "player plays.",
            banner=msg(TURN_LOST),
        )
    ]
    steps = [
        Step(
            "Turn().roll([1, 2, 3, 4, 6, 6]).set_aside([1]).roll([2, 3, 4, 6, 6])",
            msg("100 points set aside, then a roll with no 1, no 5 and no triple:"),
        ),
        Step(
            "s = Situation((1200, 800)).roll([1, 2, 3, 4, 6, 6]).set_aside([1])",
            msg("The same turn at a table where Player 1 has banked {total}:", total=1200),
        ),
        Step("s.roll([2, 3, 4, 6, 6])", msg("After the roll that scores nothing:")),
    ]
    exercise = _exercise(
        "turn_lost",
        msg(
            "Your banked total is {total}. This turn you set aside 1, 1, 5 ({points} points) and "
            "roll the three other dice: 2, 3, 6. What is your banked total now?",
            total=1200,
            points=250,
        ),
        "s.roll([2, 3, 6]).totals[0]",
        NUMBER,
        setup=("s = Situation((1200, 800)).roll([1, 1, 5, 2, 3, 6]).set_aside([1, 1, 5])",),
        why="s.turn.roll([2, 3, 6])",
        mistakes=(
            Mistake(
                "s.totals[0] + s.turn.points",
                msg(
                    "The {points} points were set aside, not banked: a roll that scores nothing "
                    "wipes out every point of the turn.",
                    points=250,
                ),
            ),
            Mistake(
                "s.totals[0] - s.turn.points",
                msg(
                    "A lost turn loses only the points of this turn, which were never in your "
                    "total: your banked {total} stays as it was.",
                    total=1200,
                ),
            ),
        ),
    )
    return _rule(number, "turn_lost", msg("A roll that scores nothing"), text, steps, exercise)


# -- 3. setting dice aside ------------------------------------------------------------------------


def _set_aside(number: int) -> Rule:
    text = [
        msg(
            "Every die you set aside must belong to a scoring combination made only of dice set "
            "aside from this same roll. With 1, 2, 3, 4, 6, 6 the 1 may be set aside, the 2 may "
            "not: the app refuses it, and it stays in play."
        ),
        msg("You need not set aside every scoring die: keeping fewer leaves more dice to roll."),
    ]
    steps = [
        Step(
            "set_aside_options([1, 2, 3, 4, 6, 6])", msg("Only the 1 scores in 1, 2, 3, 4, 6, 6:")
        ),
        Step(
            "Turn().roll([1, 2, 3, 4, 6, 6]).set_aside([1, 2])",
            msg("Setting aside the 1 and the 2 is refused:"),
            refused=True,
        ),
        Step(
            "Turn().roll([1, 5, 5, 2, 3, 4]).set_aside([1])",
            msg("Keeping only the 1 of 1, 5, 5 leaves five dice to roll:"),
        ),
    ]
    dice = [1, 5, 5, 5, 2, 3]
    exercise = _exercise(
        "set_aside",
        msg(
            "You roll 1, 5, 5, 5, 2, 3. How many different set-asides are allowed? "
            "(Two set-asides are the same if they hold the same dice.)"
        ),
        f"len(set_aside_options({dice}))",
        NUMBER,
        why=f"set_aside_options({dice})",
        because=msg(
            "Every set-aside allowed, with its points: two 5s are the same set-aside, whichever "
            "of the three 5s you pick."
        ),
        mistakes=(
            Mistake(
                "2 ** 4 - 1",
                msg(
                    "Counting each of the four scoring dice as in or out (2 × 2 × 2 × 2, less "
                    "the empty choice) treats the three 5s as different dice. But setting aside "
                    "this 5 or that 5 is the same set-aside: only how many 5s counts."
                ),
            ),
            Mistake(
                "(1 + 1) * (3 + 1)",
                msg(
                    "With or without the 1, times none to three 5s, counts setting aside "
                    "nothing at all too, which is not allowed: you must set aside at least one "
                    "scoring die."
                ),
            ),
        ),
    )
    return _rule(number, "set_aside", msg("Setting dice aside"), text, steps, exercise)


# -- 4. combinations come from one roll -----------------------------------------------------------


def _one_roll(number: int) -> Rule:
    text = [
        msg(
            "A set-aside scores the best split of its dice into combinations, every die used. "
            "The points of several rolls add up within the turn, but combinations never span "
            "rolls: two 5s set aside from one roll and a third 5 from the next are "
            "{single} + {single} + {single}, not three of a kind ({triple}).",
            single=_points((5,)),
            triple=_points((5, 5, 5)),
        )
    ]
    steps = [
        Step("score([1, 1, 1, 1, 5, 5])", msg("The best split of 1, 1, 1, 1, 5, 5:")),
        Step(
            "t = Turn().roll([5, 5, 2, 3, 4, 6]).set_aside([5, 5])",
            msg("Two 5s from the first roll:"),
        ),
        Step("t = t.roll([5, 2, 3, 4]).set_aside([5])", msg("A third 5 from the next roll:")),
        Step("score([5, 5, 5])", msg("Three 5s from one single roll would score:")),
    ]
    exercise = _exercise(
        "one_roll",
        msg(
            "You set aside 1, 1 from your first roll, then a 1 from your second roll. How many "
            "points does the turn hold?"
        ),
        "Turn().roll([1, 1, 2, 3, 4, 6]).set_aside([1, 1]).roll([1, 2, 3, 6])"
        ".set_aside([1]).points",
        NUMBER,
        why="score([1, 1]), score([1]), score([1, 1, 1])",
        because=msg(
            "The points of two 1s, of one 1, and of three 1s from one single roll: this turn "
            "holds the first two, added up."
        ),
        mistakes=(
            Mistake(
                "score([1, 1, 1])",
                msg(
                    "Three 1s make {triple}, but only when they come from one roll. These come "
                    "from two rolls: three single 1s, {single} each.",
                    triple=_points((1, 1, 1)),
                    single=_points((1,)),
                ),
            ),
            Mistake(
                "score([1, 1])",
                msg(
                    "The points of each roll add up within the turn: the third 1, from the "
                    "second roll, adds its {single} too.",
                    single=_points((1,)),
                ),
            ),
        ),
    )
    return _rule(number, "one_roll", msg("Combinations come from one roll"), text, steps, exercise)


# -- 5. bank or roll ------------------------------------------------------------------------------


BEHIND = (8000, 9500, 300, 2)
"""(my total, theirs, turn points, dice to roll) where banking scores more on average but
rolling wins more often (two players, target 10,000: tests/test_lessons.py checks both)."""


def _bank_or_roll(number: int) -> Rule:
    text = [
        msg(
            "After setting dice aside, you either bank («{bank}»: the turn's points join your "
            "total and the next player plays) or roll the remaining dice again. There is no "
            "minimum: any turn with points may bank.",
            bank=msg("Bank"),
        ),
        msg(
            "Rolling again may add points, but the fewer dice you roll, the likelier you are to "
            "lose everything. The engine knows the choice that scores the most points on "
            "average: it compares the points you would bank with the points you can expect if "
            "you roll on and then play as well as possible."
        ),
        msg(
            "The most points on average is not always the best chance to win. Two players, "
            "target {target}: at {mine} against {theirs}, with {points} points this turn and "
            "{dice} dice to roll, banking scores more on average, but rolling wins more often. "
            "The {explorer} app computes the chance to win of each choice, and the lesson "
            "[Risk, variance and winning]({lesson}) explains why.",
            target=DEFAULT_TARGET,
            mine=BEHIND[0],
            theirs=BEHIND[1],
            points=BEHIND[2],
            dice=BEHIND[3],
            explorer=msg("Farkle risk explorer"),
            lesson=PageLink("winning_vs_scoring.ipynb"),
        ),
    ]
    steps = [
        Step(
            "Situation((0, 0)).roll([5, 2, 3, 4, 6, 6]).set_aside([5]).bank()",
            msg("Banking only 50 points is allowed:"),
        ),
        Step(
            "optimal_turn().roll_value(250, 3)",
            msg("With 250 points and 3 dice to roll, rolling on is worth on average:"),
        ),
        Step(
            "[optimal_turn().bank_threshold(n) for n in range(1, 7)]",
            msg("The smallest turn total at which banking is best, with 1 to 6 dice to roll:"),
        ),
    ]
    points = 250
    exercise = _exercise(
        "bank_or_roll",
        msg(
            "Your turn holds {points} points and you have one die left to roll. To score the "
            "most points on average, should you bank or roll?",
            points=points,
        ),
        f"'bank' if optimal_turn().should_bank({points}, 1) else 'roll'",
        CHOICE,
        choices=(("bank", msg("bank")), ("roll", msg("roll"))),
        why=f"optimal_turn().roll_value({points}, 1)",
        because=msg(
            "What rolling on is worth on average, if you then play as well as possible; banking "
            "is worth the {points} points of the turn.",
            points=points,
        ),
        mistakes=(
            Mistake(
                "'bank' if farkle_chance(1) > Fraction(1, 2) else 'roll'",
                msg(
                    "One die scores only {chance} of the time, so banking looks wise. But when "
                    "it scores, you have set aside every die: hot dice, all {dice} come back and "
                    "the turn goes on with {dice} dice. That is worth the risk.",
                    chance=Percent(1 - scoring.farkle_chance(1)),
                    dice=ALL_DICE,
                ),
            ),
        ),
    )
    return _rule(number, "bank_or_roll", msg("Bank or roll again"), text, steps, exercise)


# -- 6. hot dice ----------------------------------------------------------------------------------


def _hot_dice(number: int) -> Rule:
    text = [
        msg(
            "Hot dice: when all {dice} dice have been set aside, the app shows «{banner}»: all "
            "{dice} come back into play and the turn's points are kept. You may roll all {dice} "
            "again, or bank.",
            dice=ALL_DICE,
            banner=msg(HOT_DICE),
        )
    ]
    steps = [
        Step(
            "Turn().roll([1, 1, 1, 5, 5, 5]).set_aside([1, 1, 1, 5, 5, 5])",
            msg("Three 1s and three 5s, all set aside:"),
        ),
        Step(
            "Turn().roll([1, 5, 2, 3, 3, 6]).set_aside([1, 5]).roll([5, 5, 5, 1])"
            ".set_aside([5, 5, 5, 1])",
            msg("Hot dice over two rolls: the last four dice all score."),
        ),
    ]
    hot = [roll for roll in outcomes(3) if _every_die_scores(roll)]
    exercise = _exercise(
        "hot_dice",
        msg(
            "You have three dice left to roll. What is the chance that all three score, so that "
            "you get hot dice and all {dice} dice come back?",
            dice=ALL_DICE,
        ),
        "sum(p for roll, p in outcomes(3).items() "
        "if any(len(kept) == 3 for kept in set_aside_options(roll)))",
        PERCENT,
        why="[roll for roll in outcomes(3) if any(len(kept) == 3 for kept in "
        "set_aside_options(roll))]",
        because=msg(
            "The rolls whose every die scores: {count} of the {total} equally likely rolls of "
            "three dice.",
            count=sum(round(outcomes(3)[roll] * 6**3) for roll in hot),
            total=6**3,
        ),
        mistakes=(
            Mistake(
                "(1 - farkle_chance(1)) ** 3",
                msg(
                    "A die scores one time in three (a 1 or a 5), so all three score with a "
                    "chance of 1/3 × 1/3 × 1/3. But that forgets the triples: 2, 2, 2 or 6, 6, 6 "
                    "score too, with no 1 and no 5."
                ),
            ),
            Mistake(
                "1 - farkle_chance(3)",
                msg(
                    "That is the chance that the roll scores at all, where one scoring die is "
                    "enough. Hot dice needs *every* die to score."
                ),
            ),
        ),
    )
    return _rule(number, "hot_dice", msg("Hot dice"), text, steps, exercise)


def _every_die_scores(roll: tuple[int, ...]) -> bool:
    return any(len(kept) == len(roll) for kept in scoring.set_aside_options(roll))


# -- 7. the scoring table -------------------------------------------------------------------------


def _scoring_table(number: int) -> Rule:
    text = [
        msg("The scoring table (dice of one roll):"),
        msg(
            "- a single 1: {one}; a single 5: {five};\n"
            "- three 1s: {ones}; three of any other face X: X × 100 (three 4s: {fours});\n"
            "- four, five or six of a kind: 2, 3 or 4 times the three of a kind (four 4s: "
            "{four_fours});\n"
            "- the straight 1-2-3-4-5-6: {straight};\n"
            "- three pairs (three different faces, two dice each): {pairs}. Four of a kind and a "
            "pair are *not* three pairs.",
            one=_points((1,)),
            five=_points((5,)),
            ones=_points((1, 1, 1)),
            fours=_points((4, 4, 4)),
            four_fours=_points((4, 4, 4, 4)),
            straight=_points((1, 2, 3, 4, 5, 6)),
            pairs=_points((2, 2, 3, 3, 6, 6)),
        ),
        msg(
            "This is the standard table of published Farkle strategy analyses; dicelab also "
            "knows the tables **{minimal}** and **{playmonster}**.",
            minimal=msg(PRESET_LABELS["minimal"]),
            playmonster=msg(PRESET_LABELS["playmonster"]),
        ),
    ]
    steps = [
        Step("score([1, 2, 3, 4, 5, 6])", msg("The straight:")),
        Step("score([2, 2, 3, 3, 6, 6])", msg("Three pairs:")),
        Step(
            "score([4, 4, 4, 4, 2, 2])",
            msg("Four 4s and a pair of 2s: the 2s cannot count."),
            refused=True,
        ),
        Step(
            "score([4, 4, 4, 4, 2, 2], Rules.preset('playmonster'))",
            msg("The boxed game's table scores it:"),
        ),
    ]
    exercise = _exercise(
        "scoring_table",
        msg("You set aside 3, 3, 3, 3, 3, 1 from one roll. How many points does it score?"),
        "score([3, 3, 3, 3, 3, 1])",
        NUMBER,
        why="score([3, 3, 3, 3, 3]), score([1])",
        because=msg("The points of five 3s, and of the 1: every die of the set-aside scores."),
        mistakes=(
            Mistake(
                "score([3, 3, 3]) + score([1])",
                msg(
                    "The two extra 3s do not score alone, but they are not wasted: five of a "
                    "kind is three times the three of a kind."
                ),
            ),
            Mistake(
                "score([3, 3, 3]) * 2 * 2 + score([1])",
                msg(
                    "Doubling for each extra die is the rule of some other Farkle tables. In "
                    "this one, four, five or six of a kind are 2, 3 or 4 times the three of a "
                    "kind."
                ),
            ),
        ),
    )
    return _rule(number, "scoring_table", msg("The scoring table"), text, steps, exercise)


# -- 8. farkle chances ----------------------------------------------------------------------------


def _farkle_chances(number: int) -> Rule:
    text = [
        msg(
            "How likely is a roll that scores nothing? It depends only on the number of dice "
            "rolled: the fewer dice, the greater the risk, from {six} with six dice up to "
            "{one} with one.",
            six=Percent(scoring.farkle_chance(6)),
            one=Percent(scoring.farkle_chance(1)),
        ),
        msg(
            "The engine counts exactly: {n} dice fall in {count} equally likely ways (6 × 6 × … "
            "× 6), and it adds up the chances of those where no die can score.",
            n=ALL_DICE,
            count=6**ALL_DICE,
        ),
    ]
    steps = [
        Step("farkle_chance(6)", msg("Six dice:")),
        Step("farkle_chance(1)", msg("One die (only a 1 or a 5 scores):")),
        Step("[farkle_chance(n) for n in range(1, 7)]", msg("From one die to six:")),
        Step(
            "farkle_chance(6, Rules.preset('minimal'))",
            msg("Without three pairs and the straight, six dice farkle more often:"),
        ),
    ]
    dice = 3
    exercise = _exercise(
        "farkle_chances",
        msg("You roll three dice. What is the chance that none of them scores?"),
        f"farkle_chance({dice})",
        PERCENT,
        why=f"farkle_chance({dice}) * 6 ** {dice}",
        because=msg(
            "{count} of the {total} equally likely rolls of {n} dice score nothing.",
            count=int(scoring.farkle_chance(dice) * 6**dice),
            total=6**dice,
            n=dice,
        ),
        mistakes=(
            Mistake(
                f"farkle_chance(1) ** {dice}",
                msg(
                    "One die scores nothing 2 times in 3, so three dice all miss with a chance "
                    "of 2/3 × 2/3 × 2/3. But that forgets the triples: 2, 2, 2, 3, 3, 3, 4, 4, 4 "
                    "and 6, 6, 6 have no 1 and no 5, and still score."
                ),
            ),
            Mistake(
                "farkle_chance(1)",
                msg(
                    "That is the chance for one die. With more dice there are more chances that "
                    "one of them scores: the risk falls as the dice add up."
                ),
            ),
        ),
    )
    return _rule(number, "farkle_chances", msg("The risk of a farkle"), text, steps, exercise)


# -- 9. target and last round ---------------------------------------------------------------------


def _last_round(number: int) -> Rule:
    text = [
        msg(
            "The target is chosen for each new game: {small}, {default} (the default) or "
            "{large} points.",
            small=TARGETS[0],
            default=DEFAULT_TARGET,
            large=TARGETS[-1],
        ),
        msg(
            "The first player whose banked total reaches the target (banking is the only way to "
            "reach it) starts the last round: the app shows «{banner}». Every other player plays "
            "exactly one more turn, in seat order; the game stops when the turn comes back to the "
            "player who reached the target. The highest total wins; equal totals share the win.",
            banner=msg(LAST_ROUND),
        ),
    ]
    steps = [
        Step(
            "s = Situation((9800, 9900, 7000)).roll([1, 1, 5, 2, 3, 4]).set_aside([1, 1, 5])",
            msg("Player 1 has {total} and sets aside {points} points:", total=9800, points=250),
        ),
        Step("s = s.bank()", msg("Banking reaches {target}:", target=DEFAULT_TARGET)),
        Step("s.seats_to_play()", msg("The seats that still play one turn (0 is Player 1):")),
    ]
    exercise = _exercise(
        "last_round",
        msg(
            "Four players. Player 2 has {total}, banks {points} and so reaches the target of "
            "{target}. How many more turns are played before the game ends?",
            total=9900,
            points=100,
            target=DEFAULT_TARGET,
        ),
        "len(s.seats_to_play())",
        NUMBER,
        setup=(
            "s = Situation((0, 9900, 0, 0), current=1).roll([1, 2, 3, 4, 6, 6])"
            ".set_aside([1]).bank()",
        ),
        why="s",
        mistakes=(
            Mistake(
                "len(s.totals[2:])",
                msg(
                    "Players 3 and 4 come after Player 2, but Player 1 plays too: every other "
                    "player plays one more turn, and the game stops only when the turn comes "
                    "back to Player 2."
                ),
            ),
            Mistake(
                "len(s.totals)",
                msg(
                    "Player 2, who reached the target, does not play again: the game stops when "
                    "the turn comes back to them."
                ),
            ),
        ),
    )
    return _rule(number, "last_round", msg("The target and the last round"), text, steps, exercise)


# -- 10. players ----------------------------------------------------------------------------------


def _players(number: int) -> Rule:
    text = [
        msg(
            "From 1 to 6 players share one device, plus one player run by the computer, on by "
            "default: the New game window reads «{lineup}».",
            lineup=lineup_label(),
        ),
        msg(
            "The computer banks as soon as its turn reaches a threshold: {base} points to start "
            "with, higher when it is behind, lower when it has few dice left. When the last "
            "round has started and it is behind, it never banks before it has passed the leader.",
            base=ComputerPlayer().base,
        ),
    ]
    steps = [
        Step("lineup_label()", msg("The line-up of a new game:")),
        Step(
            "[ComputerPlayer().bank_threshold(n) for n in range(1, 7)]",
            msg("Its threshold with 1 to 6 dice left, level with the others:"),
        ),
        Step(
            "ComputerPlayer().bank_threshold(6, behind=3000)",
            msg("With 6 dice, {behind} points behind:", behind=3000),
        ),
    ]
    points, behind = 400, 3000
    exercise = _exercise(
        "players",
        msg(
            "The computer is {behind} points behind the leader. Its turn holds {points} points "
            "and it would roll 3 dice next. Does it bank?",
            behind=behind,
            points=points,
        ),
        f"{points} >= ComputerPlayer().bank_threshold(3, behind={behind})",
        YES_NO,
        why=f"ComputerPlayer().bank_threshold(3, behind={behind})",
        because=msg("Its threshold: it banks from this many points of the turn on."),
        mistakes=(
            Mistake(
                f"{points} >= ComputerPlayer().bank_threshold(3)",
                msg(
                    "Level with the others, it would bank from {level} points. But behind, it "
                    "raises its threshold to catch up, and {points} is not enough.",
                    level=ComputerPlayer().bank_threshold(3),
                    points=points,
                ),
            ),
        ),
    )
    return _rule(number, "players", msg("Players and the computer"), text, steps, exercise)


_BUILDERS = (
    _roll,
    _turn_lost,
    _set_aside,
    _one_roll,
    _bank_or_roll,
    _hot_dice,
    _scoring_table,
    _farkle_chances,
    _last_round,
    _players,
)


def farkle_rules() -> RuleBook:
    """The rules of Farkle as a :class:`~dicelab.lessons.cards.RuleBook`, in rulebook order."""
    intro = [
        msg(
            "Farkle is played with six dice: roll, set aside dice that score, and decide when to "
            "stop before a roll with no scoring die wipes out the turn. Each card below is one "
            "rule, with a live example computed by dicelab's engine and a question: predict the "
            "answer, then let the engine check it."
        )
    ]
    return _DECK.book(msg("The rules of Farkle"), intro, _BUILDERS)
