"""Risk, variance and winning: why the best average is not the best chance to win (Farkle).

The lesson of ``notebooks/winning_vs_scoring.ipynb``, in the cards / live examples /
exercises form of the rules lessons. Every number comes from the engine: turn-score
distributions from :func:`~dicelab.farkle.turn_scores.turn_scores`, decisions that play to win
from :func:`~dicelab.farkle.winchance.win_chances` (target 10,000, read from the disk cache),
games against the computer from :func:`~dicelab.farkle.simulate.simulate_games`.

>>> lesson = winning_vs_scoring()
>>> lesson.ids  # doctest: +NORMALIZE_WHITESPACE
('spread', 'big_turn', 'play_to_win', 'first_player', 'head_start', 'your_strategy')
>>> lesson["play_to_win"].exercise.answer(), lesson["play_to_win"].exercise.anticipated()[0][0]
('roll', 'bank')
>>> round(turn_scores(STEADY).mean), round(turn_scores(BOLD).mean)
(448, 450)
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.axes import number_axis, percent_axis
from dicelab.errors import IllegalMove
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.risk import MAX_DICE, optimal_turn
from dicelab.farkle.turn_scores import turn_scores
from dicelab.farkle.winchance import WinChances, win_chances
from dicelab.i18n import Message, msg, use_language
from dicelab.lessons.cards import (
    CHOICE,
    NUMBER,
    PERCENT,
    Deck,
    Mistake,
    Percent,
    Rule,
    RuleBook,
    Step,
)
from dicelab.lessons.chance_figures import Chart
from dicelab.lessons.pages import PageLink
from dicelab.numbers import check_seed, check_whole, is_listlike, is_whole, show_value

__all__ = [
    "BEHIND",
    "BIG_TURN",
    "BOLD",
    "STEADY",
    "TARGET",
    "Duel",
    "duel",
    "exact_win_rate",
    "optimal_beats_maximiser",
    "percent",
    "plot_big_turns",
    "plot_head_start",
    "plot_spread",
    "plot_win_thresholds",
    "win_threshold",
    "winning_vs_scoring",
]

TARGET = 10_000
"""The game the lesson plays: two players to 10,000 (its win chances are cached)."""
STEADY = 300
"""Steady: bank as soon as the turn holds 300 points."""
BOLD = (450, 450, 1000, 1000, 1000, 1000)
"""Bold: bank at 1,000, or at 450 with only 1 or 2 dice left to roll: the same average as
Steady (within 3 points, found by the engine), a much wider spread (tests check both)."""
BIG_TURN = 1000
"""A big turn: at least this many points."""
BEHIND = (3500, 6500, 300, 1)
"""(my total, theirs, turn points, dice to roll): banking scores more on average, rolling
wins more often."""
MIDDLE = 5000
"""The thresholds against the lead are drawn with both players halfway: totals 5,000 ± lead/2."""
LEADS = tuple(range(-4000, 4001, 200))
"""The leads drawn (multiples of 100, so that both totals are whole units of 50)."""
DUEL_GAMES = 500
"""Games per run of the learner's strategy against the computer."""
MAX_GAMES = 100_000
"""The most games one duel plays."""
MAX_THRESHOLD = 100_000
"""The highest bank threshold a duel accepts (points)."""


def percent(chance: float) -> Fraction:
    """A chance computed in floating point, as the exact fraction the lessons write as a
    percentage.

    >>> from dicelab.lessons import describe
    >>> describe(percent(0.1097961308), "en")
    '11.0%'
    """
    return Fraction(chance)


FAIR_WITHIN = 0.001
"""A head start counts as fair (right) when the first player's chance is as close to 50% as
with the fairest one, within this much (0.1 percentage point): 250 and 300 give 50.3% and
49.7%, 0.01 percentage point apart in fairness, far less than any class could ever measure."""


def fair_head_starts(chances: WinChances, within: float = FAIR_WITHIN) -> tuple[int, ...]:
    """The head starts (multiples of the table's unit) that make the game as fair as the
    fairest one, within ``within``: the first player's chance as close to 50%.

    >>> fair_head_starts(win_chances(target=TARGET))
    (250, 300)
    """
    best = chances.fair_head_start()
    gap = abs(chances.chance(0, best) - 0.5)
    starts = range(0, 2 * best + chances.unit + 1, chances.unit)
    return tuple(h for h in starts if abs(chances.chance(0, h) - 0.5) <= gap + within)


def _chances() -> WinChances:
    return win_chances(target=TARGET)


# -- engine figures ----------------------------------------------------------------------------


def win_threshold(
    lead: int, n_dice: int, chances: WinChances | None = None, middle: int = MIDDLE
) -> int:
    """The smallest turn points at which playing to win banks, with ``n_dice`` to roll.

    The player to move leads by ``lead`` (negative: behind), both totals around ``middle``
    (mine ``middle + lead/2``, theirs ``middle - lead/2``).

    >>> [win_threshold(0, n) for n in range(1, 7)]
    [300, 250, 450, 1000, 2250, 3950]
    >>> win_threshold(-3000, 6) > win_threshold(0, 6) > win_threshold(3000, 6)
    True
    """
    chances = chances or _chances()
    mine, theirs = middle + lead // 2, middle - lead // 2
    unit = chances.unit
    points = unit
    while chances.best_action(mine, theirs, points, n_dice) == "roll":
        points += unit
    return points


@lru_cache(maxsize=4)
def _win_thresholds(target: int) -> dict[int, tuple[int, ...]]:
    chances = win_chances(target=target)
    return {
        n: tuple(win_threshold(lead, n, chances) for lead in LEADS) for n in range(1, MAX_DICE + 1)
    }


@dataclass(frozen=True)
class Duel:
    """A strategy's games against the computer player: its share of the wins (ties half).

    Half the games the strategy plays first, half the computer does.
    """

    strategy: Any
    games: int
    win_rate: float
    standard_error: float

    def render(self, lang: str | None = None) -> str:
        with use_language(lang) as code:
            return msg(
                "{strategy}: won **{rate} ± {error}** of {games} games against the computer.",
                strategy=_plan_text(self.strategy),
                rate=Percent(self.win_rate),
                error=Percent(self.standard_error),
                games=self.games,
            ).render(code)

    def _repr_markdown_(self) -> str:
        return self.render()

    def __str__(self) -> str:
        return self.render()


def _plan_text(plan: Any) -> Message:
    if isinstance(plan, tuple) and len(plan) == MAX_DICE:
        return msg(
            "Bank at {one}, {two}, {three}, {four}, {five}, {six} points with 1, 2, 3, 4, 5, 6 "
            "dice left to roll",
            **dict(zip(("one", "two", "three", "four", "five", "six"), plan, strict=True)),
        )
    if isinstance(plan, int):
        return msg("Bank at {points} points", points=plan)
    return msg("This strategy")


def duel(
    strategy: Any = STEADY, games: int = DUEL_GAMES, seed: int = 1, target: int = TARGET
) -> Duel:
    """Play ``games`` seeded games of ``strategy`` against the computer player.

    ``strategy`` is a bank threshold (points) or a list of 6 thresholds (with 1 to 6 dice
    left to roll); the strategy takes the most points from each roll. The same seed gives
    the same games. Anything else is refused with :class:`~dicelab.IllegalMove`.

    >>> result = duel(300, games=100, seed=1, target=2000)
    >>> result == duel(300, games=100, seed=1, target=2000), 0 <= result.win_rate <= 1
    (True, True)
    >>> duel([300, 300])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A strategy is a bank threshold ... not [300, 300].
    """
    plan = _plan(strategy)
    games = check_whole(games)
    if not 2 <= games <= MAX_GAMES:
        raise IllegalMove(
            msg("A duel plays from 2 to {most} games, not {games}.", most=MAX_GAMES, games=games)
        )
    target = check_whole(target)
    if not 50 <= target <= TARGET:
        raise IllegalMove(
            msg("The target is from 50 to {most} points, not {target}.", most=TARGET, target=target)
        )
    return _duel(plan, games, check_seed(seed), target)


def _plan(strategy: object) -> int | tuple[int, ...]:
    """One threshold, or six: checked, and six equal ones written as one."""
    items = list(strategy) if is_listlike(strategy) else [strategy]
    wholes = [int(item) for item in items if is_whole(item)]
    if len(wholes) == len(items) in (1, MAX_DICE) and all(
        0 <= item <= MAX_THRESHOLD for item in wholes
    ):
        return wholes[0] if len(set(wholes)) == 1 else tuple(wholes)
    raise IllegalMove(
        msg(
            "A strategy is a bank threshold (a whole number of points from 0 to {most}) or a "
            "list of 6 of them, for 1 to 6 dice left to roll, not {value}.",
            most=MAX_THRESHOLD,
            value=show_value(strategy),
        )
    )


@lru_cache(maxsize=64)
def _duel(plan: Any, games: int, seed: int, target: int) -> Duel:
    from dicelab.farkle.simulate import simulate_games

    computer = ComputerPlayer()
    strategy = list(plan) if isinstance(plan, tuple) else plan
    first = games // 2
    shares = []
    if first:
        ahead = simulate_games([strategy, computer], first, target=target, seed=seed)
        shares.append(ahead.shares[:, 0])
    second = simulate_games([computer, strategy], games - first, target=target, seed=seed + 1)
    shares.append(second.shares[:, 1])
    mine = np.concatenate(shares)
    error = float(mine.std(ddof=1) / np.sqrt(len(mine))) if len(mine) > 1 else 0.0
    return Duel(plan, games, float(mine.mean()), error)


def exact_win_rate(strategy: object, target: int = TARGET) -> float:
    """The exact share of games a threshold strategy wins against the computer, each
    starting half of them (what :func:`duel` estimates): :func:`dicelab.farkle.duel`.

    >>> round(exact_win_rate(STEADY, target=1000), 4)
    0.4058
    """
    return _exact_rate(_plan(strategy), check_whole(target))


@lru_cache(maxsize=64)
def _exact_rate(plan: Any, target: int) -> float:
    from dicelab.farkle.duel import duel as exact_duel

    strategy = list(plan) if isinstance(plan, tuple) else plan
    return exact_duel(strategy, ComputerPlayer(), target=target).first_wins_either_starting


@lru_cache(maxsize=4)
def optimal_beats_maximiser(target: int = TARGET) -> float:
    """Exactly how often the player who plays to win (:func:`win_chances`) beats the one
    who maximises each turn's expected points, each starting half of the games.

    The duel takes tens of seconds at 10,000, so its figure is kept on disk beside the win
    chances (``make tables`` computes it ahead: ``python -m dicelab.lessons.winning_vs_scoring``)
    and a revealed card reads it at once.
    """
    from dicelab.cache import cache_dir, load_array, save_array
    from dicelab.farkle.duel import duel as exact_duel
    from dicelab.farkle.rules import Rules

    rules = Rules()
    key = f"{rules.fingerprint}{rules.game_key}"
    path = cache_dir() / f"farkle-duel-win-vs-points-{key}-{target}-v{DUEL_CACHE_VERSION}.npy"
    kept = load_array(path, (1,))
    if kept is not None:
        return float(kept[0])
    value = exact_duel(win_chances(target=target), "optimal", target=target)
    figure = value.first_wins_either_starting
    save_array(path, np.array([figure]))
    return figure


DUEL_CACHE_VERSION = 1
"""Changes whenever the duel's figure would (its file on disk is then computed again)."""


# -- plots -------------------------------------------------------------------------------------


def _figure(width: float = 7.2, height: float = 3.6) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _wrapped(label: str, width: int = 80) -> str:
    """A long axis label on lines short enough for the figure (it was cut off at its edge).

    >>> _wrapped("a " * 50).count("\\n")
    1
    """
    return "\n".join(textwrap.wrap(label, width))


def _strategy_names() -> tuple[Message, Message]:
    return msg("Steady"), msg("Bold")


def plot_spread(lang: str | None = None) -> Chart:
    """The turn-score distributions of Steady and Bold, one above the other (a
    :class:`~dicelab.lessons.chance_figures.Chart`: a PNG in a notebook, no pyplot needed)."""
    with use_language(lang) as code:
        fig = _figure(7.2, 4.6)
        axes = fig.subplots(2, 1, sharex=True)
        for ax, name, plan, colour in zip(
            axes, _strategy_names(), (STEADY, BOLD), ("tab:blue", "tab:orange"), strict=True
        ):
            scores = turn_scores(plan)
            shown = scores.points <= 3000
            ax.bar(scores.points[shown], scores.chances[shown], width=40, color=colour)
            ax.axvline(scores.mean, color="black", linestyle="--", linewidth=1)
            ax.axvspan(max(0, scores.mean - scores.sd), scores.mean + scores.sd, alpha=0.12)
            ax.set_title(
                msg(
                    "{name}: average {mean} points, SD {sd}",
                    name=name,
                    mean=round(scores.mean),
                    sd=round(scores.sd),
                ).render(code),
                fontsize=10,
            )
            percent_axis(ax.yaxis, code)
            ax.set_ylabel(msg("chance").render(code))
        axes[1].set_xlabel(
            _wrapped(
                msg(
                    "points banked by one turn (0: nothing scored); dashed line: the average; "
                    "shaded: the average ± one SD"
                ).render(code)
            )
        )
        number_axis(axes[1].xaxis, code)
        axes[1].set_xlim(-60, 3000)
        return Chart(fig, msg("Same average, different spread").render(code))


_BIG_TURN_STRATEGIES: tuple[tuple[str, Any], ...] = (
    ("steady", STEADY),
    ("bold", BOLD),
    ("1000", 1000),
    ("optimal", "optimal"),
)


def _big_turn_label(key: str) -> Message:
    names = {
        "steady": msg("Steady (bank at {points})", points=STEADY),
        "bold": msg("Bold"),
        "1000": msg("bank at {points}", points=1000),
        "optimal": msg("the most points on average (the engine's best turn)"),
    }
    return names[key]


def plot_big_turns(lang: str | None = None) -> Chart:
    """The chance that a turn banks at least x points, for four strategies (a Chart)."""
    with use_language(lang) as code:
        fig = _figure(7.2, 3.6)
        ax = fig.subplots()
        xs = np.arange(0, 3001, 50)
        for key, plan in _BIG_TURN_STRATEGIES:
            scores = turn_scores(plan)
            ys = [scores.chance_at_least(int(x)) if x else 1.0 for x in xs]
            ax.plot(xs, ys, label=_big_turn_label(key).render(code))
        ax.axvline(BIG_TURN, color="grey", linestyle=":")
        ax.set_xlabel(msg("points (x)").render(code))
        ax.set_ylabel(msg("chance the turn banks x points or more").render(code))
        number_axis(ax.xaxis, code)
        percent_axis(ax.yaxis, code)
        ax.set_ylim(0, 1)
        ax.legend(fontsize=8)
        return Chart(fig, msg("A big turn").render(code))


def plot_win_thresholds(lang: str | None = None) -> Chart:
    """For 1 to 6 dice to roll: the bank threshold that wins most often against the lead,
    beside the threshold that scores the most on average (a Chart)."""
    average = optimal_turn()
    thresholds = _win_thresholds(TARGET)
    with use_language(lang) as code:
        fig = _figure(7.6, 4.8)
        axes = fig.subplots(2, 3, sharex=True)
        for n, ax in zip(range(1, MAX_DICE + 1), axes.flat, strict=True):
            ax.plot(LEADS, thresholds[n], color="tab:green", label=msg("to win").render(code))
            best = average.bank_threshold(n)
            top = max(thresholds[n])
            if best <= 1.3 * top:
                ax.axhline(
                    best, color="tab:red", linestyle="--", label=msg("on average").render(code)
                )
            else:
                ax.annotate(
                    msg("on average: {points} (off the chart)", points=best).render(code),
                    (0.04, 0.06),
                    xycoords="axes fraction",
                    ha="left",
                    color="tab:red",
                    fontsize=7,
                    wrap=True,
                )
            ax.axvline(0, color="grey", linewidth=0.5)
            ax.set_title(
                msg("{n} dice to roll", n=n).render(code)
                if n > 1
                else msg("1 die to roll").render(code),
                fontsize=9,
            )
            number_axis(ax.yaxis, code)
            number_axis(ax.xaxis, code)
            ax.tick_params(labelsize=7)
            ax.set_ylim(bottom=0)
        axes[0][0].legend(fontsize=7)
        fig.supxlabel(msg("your lead (negative: you are behind)").render(code), fontsize=9)
        fig.supylabel(msg("bank from this many turn points").render(code), fontsize=9)
        return Chart(fig, msg("Playing to win").render(code))


def plot_head_start(lang: str | None = None) -> Chart:
    """The first player's chance to win against the second player's head start (a Chart)."""
    chances = _chances()
    with use_language(lang) as code:
        fig = _figure(7.2, 3.4)
        ax = fig.subplots()
        starts = np.arange(0, 1001, chances.unit)
        ax.plot(starts, [chances.chance(0, int(h)) for h in starts], color="tab:purple")
        ax.axhline(0.5, color="grey", linestyle=":")
        ax.set_xlabel(msg("points the second player starts with").render(code))
        ax.set_ylabel(msg("first player's chance to win").render(code))
        number_axis(ax.xaxis, code)
        percent_axis(ax.yaxis, code)
        return Chart(fig, msg("A fair head start").render(code))


# -- the cards ---------------------------------------------------------------------------------


def namespace() -> dict[str, Any]:
    """The names the lesson's code lines may use."""
    return {
        "BOLD": BOLD,
        "ComputerPlayer": ComputerPlayer,
        "chances": _chances(),
        "percent": percent,
        "STEADY": STEADY,
        "Fraction": Fraction,
        "duel": duel,
        "fair_head_starts": fair_head_starts,
        "optimal_turn": optimal_turn,
        "turn_scores": turn_scores,
        "win_chances": win_chances,
        "optimal_beats_maximiser": optimal_beats_maximiser,
        "win_threshold": win_threshold,
    }


_DECK = Deck("winning", namespace)
_rule = _DECK.rule
_exercise = _DECK.exercise


def _strategies_text() -> Message:
    return msg(
        "**Steady** banks as soon as its turn holds {steady} points. **Bold** rolls on until "
        "{high} points, but banks from {low} once only 1 or 2 dice are left to roll. Both "
        "set aside every scoring die.",
        steady=STEADY,
        high=BOLD[-1],
        low=BOLD[0],
    )


def _spread(number: int) -> Rule:
    steady, bold = turn_scores(STEADY), turn_scores(BOLD)
    text = [
        _strategies_text(),
        msg(
            "On average they score almost the same per turn: Steady {steady_mean} points, Bold "
            "{bold_mean}. But a single turn rarely scores its average. The **standard "
            "deviation** (SD) measures how far a turn typically lands from the average: "
            "{steady_sd} points for Steady, {bold_sd} for Bold. The same average can hide very "
            "different turns.",
            steady_mean=round(steady.mean),
            bold_mean=round(bold.mean),
            steady_sd=round(steady.sd),
            bold_sd=round(bold.sd),
        ),
    ]
    steps = [
        Step("turn_scores(STEADY).mean", msg("Steady's average points per turn:")),
        Step("turn_scores(STEADY).sd", msg("Steady's standard deviation (SD):")),
        Step("turn_scores(BOLD).mean", msg("Bold's average points per turn:")),
        Step("turn_scores(BOLD).sd", msg("Bold's standard deviation (SD):")),
    ]
    exercise = _exercise(
        "spread",
        msg(
            "Bold scores about as many points per turn as Steady, on average. What is the "
            "chance that a Bold turn ends with nothing (a roll that scores nothing)?"
        ),
        "percent(turn_scores(BOLD).chance_of(0))",
        PERCENT,
        tolerance=0.03,
        why="percent(turn_scores(STEADY).chance_of(0))",
        because=msg(
            "That is Steady's chance of ending with nothing. Bold loses its turn more than "
            "twice as often; its big turns make up for it."
        ),
        mistakes=(
            Mistake(
                "percent(turn_scores(STEADY).chance_of(0))",
                msg(
                    "The same average does not mean the same risk. Bold rolls on with 1, 2 or 3 "
                    "dice far more often than Steady, and each of those rolls can score "
                    "nothing. Its zeros are balanced by its big turns."
                ),
            ),
        ),
    )
    return _rule(number, "spread", msg("Same average, different spread"), text, steps, exercise)


def _big_turn(number: int) -> Rule:
    text = [
        msg(
            "How often does a turn bank {big} points or more? The average cannot tell. The "
            "engine follows every roll of a turn exactly and adds up the chances of all the "
            "ways it can end: that is the turn's **distribution**.",
            big=BIG_TURN,
        ),
        msg(
            "To bank a big turn you must keep rolling, and every roll risks the whole turn: a "
            "strategy that aims for {big} ends with nothing more often.",
            big=BIG_TURN,
        ),
        msg(
            "How to read the plot below: each curve is a strategy; above a number of points x, "
            "its height is the chance that a turn banks x points or more. The dotted line is at "
            "{big}.",
            big=BIG_TURN,
        ),
    ]
    steps = [
        Step(
            f"percent(turn_scores(BOLD).chance_at_least({BIG_TURN}))",
            msg("Bold, at least {big} points:", big=BIG_TURN),
        ),
        Step(
            f"percent(turn_scores(1000).chance_at_least({BIG_TURN}))",
            msg("Bank at {points} (the same for every number of dice):", points=1000),
        ),
        Step(
            f"percent(turn_scores('optimal').chance_at_least({BIG_TURN}))",
            msg("The engine's best turn for the most points on average:"),
        ),
    ]
    exercise = _exercise(
        "big_turn",
        msg(
            "Steady banks as soon as its turn holds {steady} points. What is the chance that a "
            "Steady turn banks {big} points or more?",
            steady=STEADY,
            big=BIG_TURN,
        ),
        f"percent(turn_scores(STEADY).chance_at_least({BIG_TURN}))",
        PERCENT,
        tolerance=0.03,
        mistakes=(
            Mistake(
                "Fraction(0)",
                msg(
                    "Steady stops at {steady}, so it never reaches {big}? It stops *once it has* "
                    "{steady} or more, and one roll can jump far past that: three 1s are "
                    "{big} points at once, and a straight {straight}.",
                    steady=STEADY,
                    big=BIG_TURN,
                    straight=1500,
                ),
            ),
            Mistake(
                f"percent(turn_scores(BOLD).chance_at_least({BIG_TURN}))",
                msg(
                    "That is Bold's chance: the same average, but Bold aims for big turns. "
                    "Steady gets there only by luck, in a single big roll."
                ),
            ),
        ),
    )
    return _rule(number, "big_turn", msg("A big turn"), text, steps, exercise)


def _play_to_win(number: int) -> Rule:
    mine, theirs, points, dice = BEHIND
    text = [
        msg(
            "The bank thresholds of the [rules of Farkle]({rules}) (the card «{card}») "
            "give the most points **on average**. But a game is not won by the average: it is "
            "won by the higher total. dicelab has solved two-player Farkle to {target}: for "
            "every score it knows the choice that **wins most often**.",
            rules=PageLink("farkle_rules.ipynb"),
            card=msg("Bank or roll again"),
            target=TARGET,
        ),
        msg(
            "Behind, points that only make you lose by less are worth nothing: roll on for a "
            "big turn. Ahead, a safe small turn keeps your lead: bank sooner. The plot shows "
            "the threshold that wins most often against your lead, with both players halfway "
            "to {target} (their totals average {middle}).",
            target=TARGET,
            middle=MIDDLE,
        ),
    ]
    steps = [
        Step(
            "[optimal_turn().bank_threshold(n) for n in range(1, 7)]",
            msg("Most points on average: bank from this many turn points, with 1 to 6 dice:"),
        ),
        Step(
            "[win_threshold(-3000, n) for n in range(1, 7)]",
            msg("To win, {behind} points behind:", behind=3000),
        ),
        Step("[win_threshold(0, n) for n in range(1, 7)]", msg("To win, level:")),
        Step(
            "percent(optimal_beats_maximiser())",
            msg(
                "Over whole games to {target}, each starting half of them: how often the "
                "player who plays to win beats the one who scores the most on average "
                "(exact, computed over every possible game):",
                target=TARGET,
            ),
        ),
        Step(
            "[win_threshold(3000, n) for n in range(1, 7)]",
            msg("To win, {ahead} points ahead:", ahead=3000),
        ),
    ]
    exercise = _exercise(
        "play_to_win",
        msg(
            "Target {target}. You have {mine}, your opponent {theirs}. Your turn holds {points} "
            "points and you have 1 die left to roll. To win as often as possible: bank or roll?",
            target=TARGET,
            mine=mine,
            theirs=theirs,
            points=points,
        ),
        f"chances.best_action({mine}, {theirs}, {points}, {dice})",
        CHOICE,
        choices=(("bank", msg("bank")), ("roll", msg("roll"))),
        why=f"percent(chances.bank_chance({mine}, {theirs}, {points})), "
        f"percent(chances.roll_chance({mine}, {theirs}, {points}, {dice}))",
        because=msg(
            "Your chance to win if you bank, and if you roll: small either way, but rolling "
            "gives the better one."
        ),
        mistakes=(
            Mistake(
                f"'bank' if optimal_turn().should_bank({points}, {dice}) else 'roll'",
                msg(
                    "That is the best choice for the most points on average: with one die, "
                    "rolling on is worth only {value} points on average, less than the {points} "
                    "you hold. But {behind} points behind, {points} more points hardly change "
                    "your chances: your opponent will probably reach the target first. Only a "
                    "big turn can save you, so you take the risk.",
                    value=round(optimal_turn().roll_value(points, dice)),
                    points=points,
                    behind=theirs - mine,
                ),
            ),
        ),
    )
    return _rule(number, "play_to_win", msg("Playing to win"), text, steps, exercise)


def _first_player(number: int) -> Rule:
    text = [
        msg(
            "Two players who both play to win, perfectly, to {target}. The first player always "
            "has played as many turns as the second, or one more. When the first player reaches "
            "the target, the second gets one last turn to pass them.",
            target=TARGET,
        )
    ]
    steps = [
        Step(
            "percent(win_chances(target=5000).first_player_chance)",
            msg("In a shorter game, to {target}, the first player's chance to win:", target=5000),
        ),
        Step(
            "percent(chances.chance(5000, 5000))",
            msg(
                "To {target}, level at {total} each: the chance of the player about to roll "
                "(the same game, with {total} to go):",
                target=TARGET,
                total=5000,
            ),
        ),
    ]
    exercise = _exercise(
        "first_player",
        msg(
            "Both players play perfectly, to {target}. What is the chance that the player who "
            "rolls first wins?",
            target=TARGET,
        ),
        "percent(chances.first_player_chance)",
        PERCENT,
        mistakes=(
            Mistake(
                "Fraction(1, 2)",
                msg(
                    "Same dice, same skill: 50%, a fair game? The first player is never behind "
                    "in turns played, so they reach the target first more often. The second "
                    "player's single last turn does not quite make up for it."
                ),
            ),
            Mistake(
                "percent(1 - chances.first_player_chance)",
                msg(
                    "That is the second player's chance. The last turn is an advantage, but a "
                    "small one: one turn to pass a leader who has already reached the target."
                ),
            ),
        ),
    )
    return _rule(number, "first_player", msg("Who has the advantage?"), text, steps, exercise)


def _head_start(number: int) -> Rule:
    text = [
        msg(
            "To make the game fair, the second player can start with a few points. How many? "
            "The engine tries every head start and keeps the one that brings the first "
            "player's chance closest to 50%."
        )
    ]
    steps = [
        Step(
            "{h: percent(chances.chance(0, h)) for h in (0, 200, 400, 600)}",
            msg("The first player's chance to win, for a few head starts of the second player:"),
        ),
    ]
    exercise = _exercise(
        "head_start",
        msg(
            "Both play perfectly, to {target}. How many points should the second player start "
            "with, for the fairest game? (A multiple of 50.)",
            target=TARGET,
        ),
        "chances.fair_head_start()",
        NUMBER,
        why="percent(chances.chance(0, 0)), percent(chances.chance(0, chances.fair_head_start()))",
        because=msg(
            "The first player's chance without a head start, and with the fairest one. Any "
            "head start that brings the first player's chance as close to 50% as the fairest "
            "one, to within a tenth of a percentage point, counts as right: a difference that "
            "small would not show even in thousands of games."
        ),
        accept="fair_head_starts(chances)",
        given_why="percent(chances.chance(0, given))",
        given_because=msg("The first player's chance to win with your head start."),
        mistakes=(
            Mistake(
                "round(optimal_turn().expected_turn_score / 50) * 50",
                msg(
                    "A whole turn's average points? The first player is a whole turn ahead "
                    "only until the second player has played: half of the time, the turns are "
                    "even. Their edge is worth about half a turn."
                ),
            ),
            Mistake(
                "0",
                msg(
                    "No head start leaves the game unfair: the first player wins more often "
                    "(see the card before)."
                ),
            ),
        ),
    )
    return _rule(number, "head_start", msg("A fair head start"), text, steps, exercise)


def _your_strategy(number: int) -> Rule:
    computer = ComputerPlayer()
    text = [
        msg(
            "Your turn to choose a strategy. The computer player banks at {base} points when "
            "the scores are level, later when it is behind, sooner when few dice are left. "
            "Choose when you bank, play {games} games against it (you start half of them), "
            "and see how often you win.",
            base=computer.base,
            games=DUEL_GAMES,
        ),
        msg(
            "With the slider, one threshold for every number of dice. In JupyterLab, the code "
            "cell's `my_thresholds` lists six: for 1, 2, 3, 4, 5 and 6 dice left to roll; "
            "change them and run the cell again. The same games are played for every "
            "strategy, so you compare strategies, not luck."
        ),
        msg(
            "The **±** after a win rate is its **standard error**: {games} games are a sample, "
            "and another sample would give a slightly different rate. Two rates closer than a "
            "couple of ± may just be luck.",
            games=DUEL_GAMES,
        ),
    ]
    steps = [
        Step(
            "[ComputerPlayer().bank_threshold(n) for n in range(1, 7)]",
            msg("The computer banks from these turn points with 1 to 6 dice left, level:"),
        ),
        Step(
            "[ComputerPlayer().bank_threshold(n, behind=3000) for n in range(1, 7)]",
            msg("The same, {behind} points behind:", behind=3000),
        ),
    ]
    exercise = _exercise(
        "your_strategy",
        msg(
            "If you always bank at {points} points, taking every scoring die, what share of "
            "the games do you win against the computer?",
            points=STEADY,
        ),
        f"percent(duel(STEADY, games={DUEL_GAMES}, seed=1).win_rate)",
        PERCENT,
        tolerance=0.04,
        mistakes=(
            Mistake(
                "Fraction(1, 2)",
                msg(
                    "It banks at {points} too, so it is even? Not quite: the computer adapts. "
                    "Behind, it rolls on for more; with few dice left it stops sooner; and it "
                    "does not always keep every scoring die, so it rolls more dice.",
                    points=computer.base,
                ),
            ),
        ),
    )
    return _rule(
        number, "your_strategy", msg("Your strategy against the computer"), text, steps, exercise
    )


_BUILDERS: tuple[Callable[[int], Rule], ...] = (
    _spread,
    _big_turn,
    _play_to_win,
    _first_player,
    _head_start,
    _your_strategy,
)


def winning_vs_scoring() -> RuleBook:
    """The lesson "risk, variance and winning" as a :class:`~dicelab.lessons.cards.RuleBook`."""
    intro = [
        msg(
            "Farkle players chase points. But is the strategy that scores the most points the "
            "one that wins most often? This lesson looks at whole turns, not just their "
            "averages: how spread out they are, how often a turn is big, when playing to win "
            "means taking more risk or less, and who has the advantage. Predict each answer, "
            "then let the engine check it."
        )
    ]
    return _DECK.book(msg("Risk, variance and winning"), intro, _BUILDERS)


if __name__ == "__main__":  # make tables: the lesson's exact duel, computed ahead
    print(f"playing to win beats most points: {optimal_beats_maximiser():.6f}")
