"""How the best player thinks: the lesson behind ``notebooks/penta_thinking.ipynb``.

Six cards, each with a question to predict and a live example computed by the engine: what a
keep is worth, thinking backwards (dynamic programming, on a small game the learner solves in
a notebook cell), the real solver's figures, the 1, 1, 6, 6, 6 dilemma, the scores of the best
player, and best average against best chance to win.

>>> lesson = penta_thinking()
>>> lesson.ids
('keep', 'backwards', 'solver', 'dilemma', 'scores', 'average')
>>> faces_at_end(3, rolls_left=2)[5]  # hold 6, 6, 6: both other dice end as 6s
Fraction(121, 1296)
>>> lesson["keep"].exercise.check("9.3%").correct
True

Everything shown is computed when it is shown, by the engine; every text is an i18n message.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import factorial
from pathlib import Path
from typing import Any, SupportsFloat

from dicelab.axes import number_axis
from dicelab.dice import outcomes
from dicelab.i18n import Message, format_number, msg, translate, use_language
from dicelab.lessons.cards import (
    CHOICE,
    NUMBER,
    PERCENT,
    WHICH_BOXES,
    YES_NO,
    Deck,
    Mistake,
    Percent,
    Rule,
    RuleBook,
    Step,
)
from dicelab.numbers import SCORE_PLACES
from dicelab.penta.rules import (
    BOX_NAMES,
    BOXES,
    PENTA_BONUS,
    PENTA_POINTS,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
)
from dicelab.penta.scorecard import Scorecard

__all__ = [
    "SMALL_GAME",
    "Plot",
    "SmallGameCheck",
    "chance_to_reach",
    "check_small_game",
    "choice_values",
    "faces_at_end",
    "penta_thinking",
    "plot_box_points",
    "plot_scores",
    "reachable_states",
    "simulated_games",
    "small_game_card",
    "small_game_values",
]

SMALL_GAME = ("aces", "twos", "threes")
"""The small game the learner solves: a Penta with these three boxes open, three turns."""
KEEP_ROLL = (2, 5, 6, 6, 6)
"""The first roll of the keep card: three 6s."""
DILEMMA = (1, 1, 6, 6, 6)
"""The first roll of the dilemma: a full house, or three 6s to build on."""
TARGET = 28
"""The points the learner needs in Chance, on the last turn, to beat a friend."""
GAMES = 10_000
"""Games the optimal player plays for the plots (seed :data:`SEED`)."""
SEED = 0
WINNING_LESSON = "winning_vs_scoring.ipynb"
"""The lesson on risk, variance and winning (linked from the last card)."""


def _box(box: str) -> Message:
    return msg(BOX_NAMES[box])


# -- values shown with their own words --------------------------------------------------------


class Rounded(Message):
    """A number with a fixed count of decimals, written as the language writes it.

    >>> Rounded(254.48484588, 2).render("fr")
    '254,48'
    """

    def __init__(self, value: SupportsFloat, places: int = 2) -> None:
        super().__init__("{value}", {"value": float(value), "places": places})

    def render(self, lang: str | None = None) -> str:
        return format_number(self.params["value"], lang, decimals=self.params["places"])


def decimals(value: SupportsFloat, places: int = 2) -> Rounded:
    """``value`` shown with ``places`` decimals (a lesson shows 1 decimal otherwise)."""
    return Rounded(value, places)


# -- 1. what a keep is worth -----------------------------------------------------------------


def faces_at_end(held: int, rolls_left: int, face: int = 6, dice: int = 5) -> dict[int, Fraction]:
    """How many of ``dice`` dice show ``face`` at the end, holding every one that does
    (``held`` of them already) and rolling the others again, ``rolls_left`` times.

    Every way the rolled dice can fall is counted, with its exact chance (``outcomes``).

    >>> faces_at_end(4, rolls_left=1)
    {4: Fraction(5, 6), 5: Fraction(1, 6)}
    >>> faces_at_end(0, rolls_left=3, face=3, dice=1)  # one die, three rolls
    {0: Fraction(125, 216), 1: Fraction(91, 216)}
    """
    chances = {held: Fraction(1)}
    for _ in range(rolls_left):
        after: dict[int, Fraction] = {}
        for count, p in chances.items():
            for roll, q in outcomes(dice - count).items():
                new = count + roll.count(face)
                after[new] = after.get(new, Fraction(0)) + p * q
        chances = after
    return dict(sorted(chances.items()))


def keep_worth(dice: Iterable[int], keeps: Iterable[tuple[int, ...]]) -> dict[Any, Rounded]:
    """What each keep of ``dice`` (first roll of a game, two rolls left) is worth: the
    optimal player's expected final score of the game after it."""
    from dicelab.penta.solver import Solver

    values = Solver().option_values(Scorecard(), tuple(dice), 2)
    return {keep: decimals(values[keep], 1) for keep in keeps}


# -- 2. thinking backwards: the small game ------------------------------------------------------


def small_game_card(open_boxes: Iterable[str]) -> Scorecard:
    """A Penta card with only ``open_boxes`` open: every other box holds its least points
    (0, and 5 in Chance: five dice add up to at least 5).

    >>> small_game_card(["threes"]).open_boxes
    ('threes',)
    """
    left = set(open_boxes)
    return Scorecard.from_filled(
        {box: 5 if box == "chance" else 0 for box in BOXES if box not in left}
    )


def small_game_values(boxes: Iterable[str] = SMALL_GAME) -> dict[frozenset[str], float]:
    """dicelab's solver on the small game: for each set of open boxes (a subset of
    ``boxes``), the points still to come from the start of a turn.

    >>> round(small_game_values(["threes"])[frozenset({"threes"})], 6)  # 5 x 3 x 91/216
    6.319444
    """
    from dicelab.penta.solver import Solver

    solver = Solver()
    boxes = tuple(boxes)
    return {
        frozenset(part): solver.state_value(small_game_card(part))
        for size in range(len(boxes) + 1)
        for part in combinations(boxes, size)
    }


def _last_turn_value(box: str) -> float:
    """The value of the last turn with only the upper ``box`` open: hold every die of its
    face; each of the five dice ends as that face with the chance of three tries."""
    face = UPPER.index(box) + 1
    ends = faces_at_end(0, rolls_left=3, face=face, dice=1)[1]
    return float(5 * face * ends)


def small_game_options(open_boxes: Iterable[str], dice: Iterable[int]) -> dict[str, float]:
    """With no roll left in the small game: each open box's points plus the value of the
    game after it (dicelab's solver), the learner's step 2."""
    from dicelab.penta.solver import Solver

    card = small_game_card(open_boxes)
    values = Solver().option_values(card, tuple(dice), 0)
    return {str(box): round(value - card.total, 6) for box, value in values.items()}


@dataclass(frozen=True)
class SmallGameCheck:
    """The learner's values of the small game beside dicelab's, state by state."""

    rows: tuple[tuple[frozenset[str], float, float], ...]
    unknown: tuple[str, ...] = ()
    tolerance: float = 1e-9

    @property
    def largest_difference(self) -> float:
        return max((abs(mine - theirs) for _, mine, theirs in self.rows), default=0.0)

    @property
    def agree(self) -> bool:
        return not self.unknown and self.largest_difference <= self.tolerance

    def render(self, lang: str | None = None) -> str:
        with use_language(lang) as code:
            if self.unknown:
                return msg(
                    "dicelab has no box named {names}. The boxes are: {boxes}.",
                    names=", ".join(self.unknown),
                    boxes=", ".join(BOXES),
                ).render(code)
            head = [
                msg("Open boxes").render(code),
                msg("your solver").render(code),
                msg("dicelab's solver").render(code),
                msg("difference").render(code),
            ]
            lines = ["| " + " | ".join(head) + " |", "|---|---:|---:|---:|"]
            for open_boxes, mine, theirs in self.rows:
                names = ", ".join(_box(b).render(code) for b in BOXES if b in open_boxes)
                lines.append(
                    f"| {names or msg('none: the game is over').render(code)} "
                    f"| {format_number(mine, code, decimals=6)} "
                    f"| {format_number(theirs, code, decimals=6)} "
                    f"| {f'{abs(mine - theirs):.0e}' if mine != theirs else 0} |"
                )
            verdict = (
                msg(
                    "**The two solvers agree**: the largest difference is {difference} points, "
                    "a rounding error of the computer's arithmetic.",
                    difference=f"{self.largest_difference:.0e}",
                )
                if self.agree
                else msg(
                    "**The two solvers differ** by up to {difference} points: your game is not "
                    "the game dicelab solves (for example, can your boxes reach the upper bonus "
                    "of {bonus} at {threshold}?), or your code has a mistake.",
                    difference=format_number(self.largest_difference, code, decimals=6),
                    bonus=UPPER_BONUS,
                    threshold=UPPER_BONUS_THRESHOLD,
                )
            )
            intro = msg(
                "Points still to come from the start of a turn, playing at best: your solver "
                "beside dicelab's solver on the same small game."
            ).render(code)
            return "\n\n".join([intro, "\n".join(lines), verdict.render(code)])

    def __str__(self) -> str:
        return self.render()

    def _repr_markdown_(self) -> str:
        return self.render()


def check_small_game(
    value: Mapping[frozenset[str], float], boxes: Iterable[str] = SMALL_GAME
) -> SmallGameCheck:
    """Set the learner's values of the small game (open boxes -> value) beside dicelab's.

    >>> check = check_small_game({frozenset(): 0.0, frozenset({"aces"}): 2.10648148}, ["aces"])
    >>> check.agree, check.largest_difference < 1e-8
    (False, True)
    """
    names = tuple(boxes)
    unknown = tuple(name for name in names if name not in BOXES)
    if unknown:
        return SmallGameCheck((), unknown)
    theirs = small_game_values(names)
    rows = tuple(
        (state, float(value[state]), theirs[state])
        for state in sorted(theirs, key=lambda s: (len(s), sorted(map(BOXES.index, s))))
        if state in value
    )
    return SmallGameCheck(rows)


def reachable_states(solver: Any = None) -> int:
    """Turn-start states of the real game that can happen (the solver's table, not NaN)."""
    import numpy as np

    from dicelab.penta.solver import Solver

    table = (solver or Solver()).table
    return int(np.count_nonzero(~np.isnan(table)))


def build_timing(chunks: int = 8, chunk: int = 512) -> Message:
    """Time the solver on a few thousand states now, and scale up to the whole table.

    The table is not rebuilt (it is saved on disk): ``chunks`` chunks of ``chunk`` states of
    the middle of the game are solved again, as the build solves them (same chunk size,
    buffers reused, one warm-up chunk first), timed in processor time (so other programs
    running at the same time do not count), and the time is scaled to every reachable state.
    Reading the saved table back is timed too.
    """
    import numpy as np

    from dicelab.cache import load_array
    from dicelab.penta import solver_tables as st
    from dicelab.penta.solver import Solver

    solver = Solver()
    start = time.perf_counter()
    table = load_array(solver.path, (st.N_STATES,))
    loaded = time.perf_counter() - start
    if table is None:  # not saved yet: build (and save) it once
        table = solver.table
    T = st.tables()
    hand = np.empty((len(T.probs), chunk))
    K, M = np.empty((T.n_keeps, chunk)), np.empty((T.n_keeps, chunk))
    scratch = np.empty((6 * (T.offsets[5] - T.offsets[4]), chunk))
    masks, ups, flags = st.layer_states(solver.rules)[6]

    def solve(a: int) -> None:
        mask, up, flag = masks[a : a + chunk], ups[a : a + chunk], flags[a : a + chunk]
        rows = st.option_rows(solver.rules, table, mask, up, flag)
        now = st.final_roll_values(solver.rules, rows, mask, flag, hand)
        one_left = st.keep_values(now, K, M, scratch).copy()
        T.probs @ st.keep_values(one_left, K, M, scratch)

    solve(0)  # warm-up
    start = time.process_time()
    for i in range(1, chunks + 1):
        solve(i * chunk)
    spent = time.process_time() - start
    total = int(np.count_nonzero(~np.isnan(table)))
    return msg(
        "Just now, {n} states took {seconds} s of processor time: all {total} states would "
        "take about {estimate} s. The table is built once and saved; reading it back took "
        "{ms} ms.",
        n=chunks * chunk,
        seconds=Rounded(spent, 3),
        total=total,
        estimate=Rounded(spent * total / (chunks * chunk), 1),
        ms=Rounded(loaded * 1000, 0),
    )


# -- 4. the dilemma ---------------------------------------------------------------------------


DILEMMA_CHOICES = ("keep", "full_house", "sixes")


def _as_choice(action: Any) -> str:
    return "keep" if isinstance(action, tuple) else str(action)


def best_choice(dice: Iterable[int], rolls_left: int) -> str:
    """The optimal player's choice on an empty card: a box id, or ``"keep"`` for a keep."""
    from dicelab.penta.solver import Solver

    return _as_choice(Solver().best_action(Scorecard(), tuple(dice), rolls_left))


class _Choices(Message):
    """The dilemma's choices with their values, as one line in the language rendered."""

    def __init__(self, values: dict[str, float]) -> None:
        super().__init__("{values}", {"values": values})

    def render(self, lang: str | None = None) -> str:
        with use_language(lang) as code:
            parts = [
                msg(
                    "{choice}: **{points}**",
                    choice=_choice_label(key),
                    points=Rounded(v, 1),
                ).render(code)
                for key, v in self.params["values"].items()
            ]
            return " · ".join(parts)


def _choice_label(key: str) -> Message:
    if key == "keep":
        return msg("Hold 6, 6, 6 and roll again")
    return msg("Score {box} now", box=_box(key))


def choice_values(dice: Iterable[int], rolls_left: int) -> _Choices:
    """The expected final score of holding 6, 6, 6 (with a roll left) and of scoring Full
    house or Sixes now, on an empty card."""
    from dicelab.penta.solver import Solver

    values = Solver().option_values(Scorecard(), tuple(dice), rolls_left)
    shown = {"keep": values[(6, 6, 6)]} if rolls_left else {}
    shown.update(full_house=values["full_house"], sixes=values["sixes"])
    return _Choices(shown)


# -- 5. the scores of the best player ----------------------------------------------------------


GAMES_VERSION = 1
"""Bumped whenever the saved games of :func:`simulated_games` would change."""


def games_path(rules: str = "penta", n: int = GAMES, seed: int = SEED) -> Path:
    """The cache file of :func:`simulated_games`, beside the solver's table of ``rules``.

    >>> games_path("penta", 10, 0).name  # doctest: +ELLIPSIS
    'penta-penta-...-v2-games-10-0-g1.npy'
    """
    from dicelab.penta.solver import table_path

    table = table_path(rules)
    return table.with_name(f"{table.stem}-games-{n}-{seed}-g{GAMES_VERSION}.npy")


@cache
def simulated_games(rules: str = "penta", n: int = GAMES, seed: int = SEED) -> Any:
    """``n`` games of the optimal player (a seeded
    :class:`~dicelab.penta.simulate.SimulationResult`, box by box).

    The games are played once and saved in the cache (the same dice give the same games, so a
    page need not play them again each time it opens); a missing or foreign file is replayed.
    """
    import numpy as np

    from dicelab.cache import load_array, save_array
    from dicelab.penta.scorecard import check_rules
    from dicelab.penta.simulate import SimulationResult, simulate

    path = games_path(rules, n, seed)
    boxes = load_array(path, (n, len(BOXES) + 2), np.int64)
    if boxes is None:
        result = simulate(n, rules, seed=seed)
        if result.box_points is not None:
            save_array(path, result.box_points)
        return result
    return SimulationResult(check_rules(rules).name, seed, boxes.sum(axis=1), boxes)


def box_means(rules: str = "penta") -> dict[str, float]:
    """Average points of each box (and of each bonus) over the optimal player's games."""
    return simulated_games(rules).box_means()


def top_boxes(n: int = 1, rules: str = "penta") -> dict[str, float]:
    """The ``n`` boxes that bring the optimal player the most points on average, with them
    (rounded to 0.1)."""
    means = box_means(rules)
    ranked = sorted(BOXES, key=means.__getitem__, reverse=True)[:n]
    return {box: round(means[box], 1) for box in ranked}


def top_box(rules: str = "penta") -> str:
    """The box that brings the optimal player the most points on average."""
    return next(iter(top_boxes(1, rules)))


MOST_POINTS = {
    **{box: 5 * (i + 1) for i, box in enumerate(UPPER)},
    "three_of_a_kind": 30,
    "four_of_a_kind": 30,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 40,
    "chance": 30,
    "penta": PENTA_POINTS,
}
"""The most points each box can hold."""


PLOT_VERSION = 3  # 3: ticks written as the language writes numbers (dicelab.axes)
"""Bumped whenever the drawing code of the plots changes (their saved images are then redrawn)."""


@dataclass(frozen=True)
class Plot:
    """A plot that a notebook shows as a PNG image; :attr:`figure` draws it (a matplotlib
    Figure, made without pyplot).

    Drawing takes most of a second (matplotlib and its fonts), so the image is saved in the
    cache under a digest of everything it shows (its data, its words, the drawing code's
    :data:`PLOT_VERSION` and matplotlib's version): a page draws it again only when
    something it shows has changed.
    """

    draw: Callable[[], Any]
    shows: str  # everything the image shows, written out: the key of the saved image

    @property
    def figure(self) -> Any:
        """The plot, drawn now."""
        return self.draw()

    @property
    def path(self) -> Path:
        """Where the image is saved."""
        from importlib.metadata import version

        from dicelab.cache import cache_dir

        key = f"{PLOT_VERSION} {version('matplotlib')} {self.shows}"
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        return cache_dir() / f"plot-{digest}.png"

    def png(self) -> bytes:
        """The image as PNG bytes: read back if it was saved, else drawn and saved."""
        import io

        from dicelab.cache import atomic_write

        path = self.path
        with contextlib.suppress(OSError):
            return path.read_bytes()
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png")
        image = buffer.getvalue()
        with atomic_write(path) as handle:
            if handle is not None:
                handle.write(image)
        return image

    def _repr_png_(self) -> str:
        """The PNG in base64, as a kernel sends it. Raw bytes would reach an ``Output``
        widget (a revealed plot) as a binary buffer, drawn as ``<img src="[object Object]">``.
        """
        import base64

        return base64.b64encode(self.png()).decode("ascii")


def _figure(width: float = 7.2, height: float = 3.6) -> Any:
    from matplotlib.figure import Figure  # no pyplot: no backend, no global state

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def plot_scores(rules: str = "penta", lang: str | None = None) -> Plot:
    """A histogram of the optimal player's final scores (:data:`GAMES` games, seeded), with
    the exact average and standard deviation (solver and second-moment tables)."""
    from dicelab.penta.moments import Moments

    with use_language(lang) as code:
        scores = simulated_games(rules).scores
        moments = Moments(rules)
        mean = moments.solver.expected_score()
        sd = moments.start_sd()
        words = (
            translate("average {mean}", code, mean=format_number(mean, code, decimals=2)),
            translate("final score", code),
            translate("games (of {n})", code, n=len(scores)),
            translate(
                "{n} games of the optimal player; shaded: average ± standard deviation ({sd})",
                code,
                n=len(scores),
                sd=format_number(sd, code, decimals=1),
            ),
        )

    def draw() -> Any:
        figure = _figure()
        ax = figure.add_subplot()
        low = int(scores.min()) // 10 * 10
        ax.hist(scores, bins=range(low, int(scores.max()) + 10, 10), color="#90caf9")
        ax.axvline(mean, color="#b71c1c", linewidth=2)
        ax.axvspan(mean - sd, mean + sd, color="#ffcdd2", alpha=0.4, zorder=0)
        ax.annotate(
            words[0],
            (mean, 0.95),
            xycoords=("data", "axes fraction"),
            xytext=(6, 0),
            textcoords="offset points",
            color="#b71c1c",
        )
        ax.set_xlabel(words[1])
        ax.set_ylabel(words[2])
        number_axis(ax.xaxis, code)
        number_axis(ax.yaxis, code)
        ax.set_title(words[3], fontsize=10)
        return figure

    data = hashlib.sha256(scores.tobytes()).hexdigest()
    return Plot(draw, f"scores {data} {mean!r} {sd!r} {words!r}")


def plot_box_points(rules: str = "penta", lang: str | None = None) -> Plot:
    """A bar chart: the optimal player's average points in each box and each bonus."""
    with use_language(lang) as code:
        means = list(box_means(rules).values())
        names = [translate(BOX_NAMES[box], code) for box in BOXES]
        names += [translate("Upper bonus", code), translate("Penta bonuses", code)]
        labels = [format_number(v, code, decimals=1) for v in means]
        axis = translate("average points per game ({n} games of the optimal player)", code, n=GAMES)

    def draw() -> Any:
        figure = _figure(7.2, 4.2)
        ax = figure.add_subplot()
        colors = ["#90caf9"] * len(UPPER) + ["#a5d6a7"] * (len(BOXES) - len(UPPER))
        ax.barh(names[::-1], means[::-1], color=(colors + ["#ffcc80"] * 2)[::-1])
        for y, (v, label) in enumerate(zip(means[::-1], labels[::-1], strict=True)):
            ax.annotate(label, (v, y), xytext=(3, -3), textcoords="offset points")
        ax.set_xlim(0, max(means) * 1.12)  # room for the largest bar's label
        ax.set_xlabel(axis)
        number_axis(ax.xaxis, code)
        return figure

    return Plot(draw, f"boxes {means!r} {names!r} {labels!r} {axis!r}")


# -- 6. best average or best chance to win -----------------------------------------------------


Dice = tuple[int, ...]
_Rolls = tuple[tuple[Dice, tuple[Dice, ...]], ...]
_Keeps = tuple[tuple[Dice, tuple[tuple[int, Dice], ...]], ...]


@cache
def _moves() -> tuple[_Rolls, _Keeps]:
    """Each roll of five dice with its keeps (scoring now first, then holding fewer dice), and
    each keep with where its re-roll can lead: (ways out of 6**n, the roll)."""
    rolls = tuple(
        (dice, tuple(sorted({c for n in range(5) for c in combinations(dice, n)}, key=len)))
        for dice in outcomes(5)
    )
    keeps = tuple(
        (
            held,
            tuple(
                (int(p * 6 ** (5 - size)), tuple(sorted(held + new)))
                for new, p in outcomes(5 - size).items()
            ),
        )
        for size in range(5)
        for held in outcomes(size)
    )
    return rolls, keeps


ROLL = 6**5
"""The orders of five dice: the values of a re-roll are kept as whole numbers over powers of it."""


def _keep_values(level: dict[Dice, int]) -> dict[Dice, int]:
    """The value of each keep, one re-roll before ``level`` (values over ``d``): whole numbers
    over ``d * ROLL`` (a keep of ``s`` dice re-rolls ``5 - s``: its ``ways`` are out of
    ``6 ** (5 - s)``, scaled by ``6 ** s``)."""
    _, keeps = _moves()
    return {kept: 6 ** len(kept) * sum(w * level[d] for w, d in leads) for kept, leads in keeps}


def _last_turn(aim: Callable[[Dice], int], judge: Callable[[Dice], int]) -> Fraction:
    """The last turn with only Chance open: play each roll to make the average of ``aim``
    the largest (ties: hold all five, then fewer dice); the average of ``judge`` then.

    Exact: every value is a whole number over a power of ``6 ** 5``, so the comparisons are
    exact and fast.
    """
    rolls, _ = _moves()
    aimed = {dice: aim(dice) for dice, _ in rolls}
    judged = {dice: judge(dice) for dice, _ in rolls}
    denominator = 1
    for _ in range(2):  # two re-rolls: one roll left, then two
        keep_aim, keep_judge = _keep_values(aimed), _keep_values(judged)
        new_aim, new_judge = {}, {}
        for dice, smaller in rolls:
            best, value = aimed[dice] * ROLL, judged[dice] * ROLL  # hold all five
            for keep in smaller:
                if keep_aim[keep] > best:
                    best, value = keep_aim[keep], keep_judge[keep]
            new_aim[dice], new_judge[dice] = best, value
        aimed, judged = new_aim, new_judge
        denominator *= ROLL
    first_roll = _keep_values(judged)[()]  # the empty keep: the turn's first roll
    return Fraction(first_roll, denominator * ROLL)


@cache
def _aim_levels(target: int, play: str) -> tuple[dict[Dice, int], ...]:
    """The value of each roll to ``play`` with 0, 1 and 2 rolls left (over 1, ROLL, ROLL**2)."""
    rolls, _ = _moves()
    aim = _aim(target, play)
    levels = [{dice: aim(dice) for dice, _ in rolls}]
    for _ in range(2):
        keeps = _keep_values(levels[-1])
        levels.append(
            {d: max([levels[-1][d] * ROLL] + [keeps[k] for k in held]) for d, held in rolls}
        )
    return tuple(levels)


def best_keep(dice: Iterable[int], rolls_left: int, target: int, play: str) -> Dice:
    """The dice to hold (all five: score now) in the last turn with only Chance open, for
    ``play`` ("average" or "target"), ties to holding all five, then to holding fewer dice.

    >>> best_keep([6, 5, 4, 2, 1], 2, 28, "average")
    (5, 6)
    """
    dice = tuple(sorted(dice))
    rolls, _ = _moves()
    level = _aim_levels(target, play)[rolls_left - 1]
    values = _keep_values(level)
    best, choice = level[dice] * ROLL, dice
    for kept in dict(rolls)[dice]:
        if values[kept] > best:
            best, choice = values[kept], kept
    return choice


class _Keeps2(Message):
    """What each play holds, as a line in the language rendered."""

    def __init__(self, average: Dice, target: Dice, goal: int) -> None:
        super().__init__("{a}", {"average": average, "target": target, "goal": goal})

    def render(self, lang: str | None = None) -> str:
        with use_language(lang) as code:
            p = self.params
            nothing = msg("nothing").render(code)
            return msg(
                "for the best average: hold {average} · to reach {goal}: hold {target}",
                average=_dice(p["average"]) or nothing,
                target=_dice(p["target"]) or nothing,
                goal=p["goal"],
            ).render(code)


def keeps_compared(dice: Iterable[int], rolls_left: int, target: int) -> _Keeps2:
    """What each play holds from ``dice`` (last turn, only Chance open)."""
    return _Keeps2(
        best_keep(dice, rolls_left, target, "average"),
        best_keep(dice, rolls_left, target, "target"),
        target,
    )


def _total(dice: Dice) -> int:
    return sum(dice)


def _reaches(target: int) -> Callable[[Dice], int]:
    return lambda dice: int(sum(dice) >= target)


def _aim(target: int, play: str) -> Callable[[Dice], int]:
    if play not in ("average", "target"):
        raise ValueError(f"play is 'average' or 'target', not {play!r}")
    return _total if play == "average" else _reaches(target)


@cache
def chance_to_reach(target: int, play: str) -> Fraction:
    """The last turn, only Chance open: the chance of scoring ``target`` or more when playing
    for the best average (``play="average"``) or for the target (``play="target"``).

    >>> chance_to_reach(5, "average"), chance_to_reach(31, "target")
    (Fraction(1, 1), Fraction(0, 1))
    """
    return _last_turn(_aim(target, play), _reaches(target))


@cache
def chance_average(target: int, play: str) -> Fraction:
    """The average points in Chance (last turn) of the same two plays.

    >>> round(float(chance_average(0, "average")), 2)  # the best average of Chance alone
    23.33
    """
    return _last_turn(_aim(target, play), _total)


# -- the cards ----------------------------------------------------------------------------------


def namespace() -> dict[str, Any]:
    """The names this lesson's code may use."""
    from dicelab.penta.moments import Moments
    from dicelab.penta.solver import Solver

    return {
        "Counter": Counter,
        "Moments": Moments,
        "Fraction": Fraction,
        "MOST_POINTS": MOST_POINTS,
        "Scorecard": Scorecard,
        "Solver": Solver,
        "best_choice": best_choice,
        "box_means": box_means,
        "build_timing": build_timing,
        "chance_average": chance_average,
        "chance_to_reach": chance_to_reach,
        "choice_values": choice_values,
        "decimals": decimals,
        "SCORE_PLACES": SCORE_PLACES,
        "factorial": factorial,
        "keep_worth": keep_worth,
        "keeps_compared": keeps_compared,
        "outcomes": outcomes,
        "reachable_states": reachable_states,
        "simulated_games": simulated_games,
        "faces_at_end": faces_at_end,
        "small_game_card": small_game_card,
        "small_game_options": small_game_options,
        "top_box": top_box,
        "top_boxes": top_boxes,
    }


_DECK = Deck("penta", namespace)
_rule = _DECK.rule
_exercise = _DECK.exercise


def _dice(dice: Iterable[int]) -> str:
    return ", ".join(map(str, dice))


def _keep(number: int) -> Rule:
    one_die = 1 - Fraction(5, 6) ** 2
    text = [
        msg(
            "Your first roll is {dice}. Holding the three 6s is natural, but what is it "
            "**worth**? The two other dice are rolled again, up to twice. Each time, a die "
            "shows a 6 with a chance of 1 in 6.",
            dice=_dice(KEEP_ROLL),
        ),
        msg(
            "The **expected value** of a keep is the average of what follows it: each way the "
            "re-rolled dice can fall, weighted by its chance. For the chance of a Penta, count "
            "the ways that end with five 6s."
        ),
    ]
    steps = [
        Step(
            "sum(p for sixes, p in faces_at_end(3, rolls_left=2).items() if sixes >= 4)",
            msg(
                "The chance of at least four 6s at the end, counted by the engine over every "
                "way the re-rolled dice can fall:"
            ),
        ),
        Step(
            "keep_worth([2, 5, 6, 6, 6], [(6, 6, 6), (5, 6, 6, 6), (6, 6), ()])",
            msg(
                "What each keep is worth to the best player: the expected final score of the "
                "whole game after it (nothing: re-roll all five dice):"
            ),
        ),
    ]
    exercise = _exercise(
        "keep",
        msg(
            "Your first roll is {dice}. You hold the three 6s and roll the other two dice again; "
            "on your last roll you roll again every die that is not a 6. What is the chance "
            "that you end with five 6s, a Penta?",
            dice=_dice(KEEP_ROLL),
        ),
        "faces_at_end(3, rolls_left=2)[5]",
        PERCENT,
        why="faces_at_end(3, rolls_left=2)",
        because=msg(
            "How many 6s at the end, and their chances. Each die ends as a 6 with 1 − (5/6)² "
            "= {one}, and both must: {one} × {one} = {both}.",
            one=str(one_die),
            both=str(one_die**2),
        ),
        mistakes=(
            Mistake(
                "Fraction(1, 6) ** 2",
                msg(
                    "Both dice must show a 6, 1/6 each. But you have two rolls left, not one: a "
                    "die that misses gets a second try."
                ),
            ),
            Mistake(
                "(Fraction(1, 6) + Fraction(1, 6)) ** 2",
                msg(
                    "Two tries of 1/6 do not make 1/3: the second try only happens after a miss "
                    "(5 times in 6). A die ends as a 6 with 1/6 + 5/6 × 1/6 = 11/36."
                ),
            ),
            Mistake(
                "2 * Fraction(1, 6) ** 2",
                msg(
                    "One chance of (1/6)² per roll forgets the rolls that give one 6: you hold "
                    "it, and then you need only one more."
                ),
            ),
        ),
    )
    return _rule(number, "keep", msg("What a keep is worth"), text, steps, exercise)


def _backwards(number: int) -> Rule:
    names = {f"b{i}": _box(box) for i, box in enumerate(SMALL_GAME)}
    text = [
        msg(
            "To choose well now, you need to know what each choice leads to, and that depends "
            "on how you will play later. So the solver starts at the **end**, where everything "
            "is known, and works **backwards**: this is called **dynamic programming**."
        ),
        msg(
            "Try it on a small game: a Penta with only three boxes, {b0}, {b1} and {b2}, so "
            "three turns. The **value** of a moment in the game is the points still to come, on "
            "average, when you play at best from there.",
            **names,
        ),
        msg(
            "1. At the end, no box is open: the value is 0.\n"
            "2. With no roll left, each open box gives its points plus the value of the game "
            "after it; the dice are worth the best of these.\n"
            "3. With a roll left, each keep is worth the average, over every way the other "
            "dice can fall, of the value with one roll less; the dice are worth the best of "
            "scoring now and of every keep.\n"
            "4. The start of a turn is worth the average over the first roll.\n"
            "5. Go back one turn, and do it again, until the first turn."
        ),
        msg(
            "Below, the whole small game is solved this way, in less than 30 lines of plain "
            "Python that you can open and read. In JupyterLab you can change it and run it "
            'again: add the box "chance" with `"chance": sum`, or try the boxes "fours", '
            '"fives" and "sixes". The table after it sets your solver beside dicelab\'s.'
        ),
    ]
    steps = [
        Step(
            "one_die = 1 - Fraction(5, 6) ** 3",
            msg(
                "The last turn, only {b2} open: hold every 3. A die ends as a 3 unless it "
                "misses three times:",
                **names,
            ),
        ),
        Step("5 * 3 * one_die", msg("Five dice, 3 points for each 3: the value of that turn:")),
        Step(
            "5 * 1 * one_die",
            msg("The last turn with only {b0} open: 1 point for each 1:", **names),
        ),
        Step(
            "decimals(Solver().state_value(small_game_card(['threes'])), 6)",
            msg("dicelab's solver, on a Penta card where only {b2} is open:", **names),
        ),
    ]
    dice = (1, 1, 3, 4, 5)
    last = {box: _last_turn_value(box) for box in ("aces", "threes")}
    exercise = _exercise(
        "backwards",
        msg(
            "The small game, two turns from the end: {b0} and {b2} are open. Your last roll "
            "is {dice}, no roll left. Which box does the best player fill?",
            dice=_dice(dice),
            **names,
        ),
        f"Solver().best_action(small_game_card(['aces', 'threes']), {dice}, 0)",
        CHOICE,
        choices=tuple((box, _choice_label(box)) for box in ("aces", "threes")),
        why=f"small_game_options(['aces', 'threes'], {list(dice)})",
        because=msg(
            "Each box is worth its points now plus the value of the last turn with the other "
            "box: {b0} gives 2 now and keeps {b2} (worth {threes} on the last turn) for later; "
            "{b2} gives 3 now but leaves only {b0} (worth {aces}).",
            threes=Rounded(last["threes"], 2),
            aces=Rounded(last["aces"], 2),
            **names,
        ),
        mistakes=(
            Mistake(
                f"max(['aces', 'threes'], key=Scorecard().options({list(dice)}).get)",
                msg(
                    "{b2} gives more points now, 3 against 2. But a choice is worth its points "
                    "now plus the value of the game after it, and the last turn is worth much "
                    "more with {b2} open than with {b0}.",
                    **names,
                ),
            ),
        ),
    )
    return _rule(
        number, "backwards", msg("Think backwards: dynamic programming"), text, steps, exercise
    )


def _solver(number: int) -> Rule:
    from dicelab.penta import solver_tables as st

    text = [
        msg(
            "dicelab's solver does exactly this on the whole game. At the start of a turn, what "
            "matters is which of the {boxes} boxes are filled ({masks} ways), the upper total "
            "so far (0 to {cap}: above {cap} it no longer matters) and whether the Penta box "
            "holds {penta}: {masks} × {ups} × 2 = {slots} combinations, but far fewer states "
            "can really happen (with only {aces} filled, the upper total is at most 5).",
            boxes=len(BOXES),
            masks=2 ** len(BOXES),
            cap=UPPER_BONUS_THRESHOLD,
            ups=st.N_UP,
            penta=PENTA_POINTS,
            slots=st.N_STATES,
            aces=_box("aces"),
        ),
        msg(
            "In each state it solves a turn as your small solver does: every roll of five "
            "dice, every keep, up to three rolls; from the full card back to the empty one, "
            "many states at once."
        ),
    ]
    steps = [
        Step("reachable_states(Solver('penta'))", msg("States that can really happen:")),
        Step(
            "decimals(Solver('penta').expected_score(), SCORE_PLACES)",
            msg(
                "The value of the empty card: the best average score of a whole game, which "
                "no way of playing can beat:"
            ),
        ),
        Step("build_timing()", msg("How long it takes, timed on this computer:")),
    ]
    exercise = _exercise(
        "solver",
        msg(
            "How many different rolls of five dice are there, if the order does not matter "
            "(2, 2, 5, 6, 1 is the same roll as 1, 2, 2, 5, 6)?"
        ),
        "len(outcomes(5))",
        NUMBER,
        why="Counter(len(set(roll)) for roll in outcomes(5))",
        because=msg(
            "The rolls by how many different faces they show: 6 with one face (five equal "
            "dice), then two, three, four and five different faces."
        ),
        mistakes=(
            Mistake(
                "6 ** 5",
                msg(
                    "6 × 6 × 6 × 6 × 6 counts the dice in order: 1, 2, 2, 5, 6 and 6, 5, 2, 2, 1 "
                    "are counted apart, but they are the same roll."
                ),
            ),
            Mistake(
                "6 ** 5 // factorial(5)",
                msg(
                    "Dividing by the 120 orders of five dice works only when all five differ: "
                    "2, 2, 2, 2, 2 can fall in one order only."
                ),
            ),
        ),
    )
    return _rule(number, "solver", msg("The real solver"), text, steps, exercise)


def _dilemma(number: int) -> Rule:
    text = [
        msg(
            "The first roll of the game: {dice}. That is a full house, {points} points right now. "
            "Or you could hold the three 6s and roll twice more, for more 6s, maybe a Penta. "
            "Each choice leads to a different game; the solver knows the average final score "
            "after each.",
            dice=_dice(DILEMMA),
            points=Scorecard().options(DILEMMA)["full_house"],
        )
    ]
    steps = [
        Step(
            f"choice_values({list(DILEMMA)}, rolls_left=0)",
            msg(
                "If these dice were your third roll (no roll left), the expected final score "
                "of the game after each choice would be:"
            ),
        ),
    ]
    four = sum(p for n, p in faces_at_end(3, 2).items() if n >= 4)
    exercise = _exercise(
        "dilemma",
        msg(
            "Your first roll of the game is {dice}, with two rolls left. What does the best "
            "player do?",
            dice=_dice(DILEMMA),
        ),
        f"best_choice({list(DILEMMA)}, rolls_left=2)",
        CHOICE,
        choices=tuple((key, _choice_label(key)) for key in DILEMMA_CHOICES),
        why=f"choice_values({list(DILEMMA)}, rolls_left=2)",
        because=msg(
            "Holding 6, 6, 6 keeps every box open and gives two more rolls: at least four 6s "
            "{four} of the time, a Penta {penta} of the time, and {full} stays open for a later "
            "turn. On the third roll, with no roll left, the full house is the best choice.",
            four=Percent(four),
            penta=Percent(faces_at_end(3, 2)[5]),
            full=_box("full_house"),
        ),
        mistakes=(
            Mistake(
                f"max(['full_house', 'sixes'], key=Scorecard().options({list(DILEMMA)}).get)",
                msg(
                    "25 sure points are the most this roll can score now, so it feels safe. But "
                    "the question is what the whole game is worth after each choice: points now "
                    "plus what the open boxes and the two rolls left will bring."
                ),
            ),
        ),
    )
    return _rule(number, "dilemma", msg("1, 1, 6, 6, 6: a dilemma"), text, steps, exercise)


def _scores(number: int) -> Rule:
    text = [
        msg(
            "The best average is not what every game gives: one game can end far below or far "
            "above it. Below, the optimal player plays {n} games (the same {n} every time: the "
            "dice are seeded, and the games are saved). The first plot shows how often each "
            "final score happened; the second, how many points each box brought on average.",
            n=GAMES,
        ),
        msg(
            "The long tail on the right is the Penta bonuses: {bonus} points for each extra Penta.",
            bonus=PENTA_BONUS,
        ),
    ]
    steps = [
        Step(
            "decimals(Solver().expected_score(), SCORE_PLACES)",
            msg("The exact average (the solver):"),
        ),
        Step(
            "decimals(Moments().start_sd(), 2)",
            msg(
                "The exact standard deviation: roughly how far from the average a game "
                "typically ends:"
            ),
        ),
        Step(
            "decimals(simulated_games().mean, 2)",
            msg("The average of the {n} games played here (close, not equal):", n=GAMES),
        ),
    ]
    exercise = _exercise(
        "scores",
        msg("Which box brings the best player the most points on average over a game?"),
        "top_box()",
        WHICH_BOXES,
        why="top_boxes(4)",
        because=msg("The four boxes that bring the most points per game, on average."),
        mistakes=(
            Mistake(
                "max(MOST_POINTS, key=MOST_POINTS.get)",
                msg(
                    "{penta} is worth the most when it scores ({points}), but most games never "
                    "see five equal dice: on average it brings far less than a box that scores "
                    "almost every game.",
                    penta=_box("penta"),
                    points=PENTA_POINTS,
                ),
            ),
        ),
    )
    return _rule(number, "scores", msg("The scores of the best player"), text, steps, exercise)


def _average(number: int) -> Rule:
    chance = {"chance": _box("chance")}
    text = [
        msg(
            "The solver makes **its own average score** as high as possible. It never looks at "
            "your score. Over many games that is the best anyone can do; but in one game against "
            "a friend, what matters is to beat them, and that can call for another play."
        ),
        msg(
            "Last turn, only {chance} is open, and you need {target} points or more to win. "
            "Playing for the best average, you hold every 5 and 6 on your first re-roll and "
            "every 4, 5 and 6 on the second. Playing to reach {target}, the best keeps are "
            "different: the engine finds them the same way, backwards, with the value of a roll "
            "being 1 if it reaches {target} and 0 if not.",
            chance=_box("chance"),
            target=TARGET,
        ),
        msg(
            "More on risk and winning: [Winning or scoring?]({link}).",
            link=WINNING_LESSON,
        ),
    ]
    steps = [
        Step(
            f"decimals(chance_average({TARGET}, play='average'))",
            msg("The average points in {chance} of the play for the best average:", **chance),
        ),
        Step(
            f"chance_to_reach({TARGET}, play='average')",
            msg("Its chance of {target} or more:", target=TARGET),
        ),
        Step(
            f"keeps_compared([5, 5, 4, 3, 2], rolls_left=2, target={TARGET})",
            msg("A first roll of 5, 5, 4, 3, 2: what each play holds:"),
        ),
    ]
    gain = chance_to_reach(TARGET, "target")
    exercise = _exercise(
        "average",
        msg(
            "Last turn, only {chance} is open, and you need {target} points or more to beat "
            "your friend. Does playing for the best average also give you the best chance of "
            "{target} or more?",
            target=TARGET,
            **chance,
        ),
        f"chance_to_reach({TARGET}, 'average') >= chance_to_reach({TARGET}, 'target')",
        YES_NO,
        why=f"chance_to_reach({TARGET}, 'target')",
        because=msg(
            "Playing to reach {target} wins {better} of the time instead of {worse}, though "
            "its average is lower: {low} points instead of {high}.",
            target=TARGET,
            better=Percent(gain),
            worse=Percent(chance_to_reach(TARGET, "average")),
            low=Rounded(chance_average(TARGET, "target"), 2),
            high=Rounded(chance_average(TARGET, "average"), 2),
        ),
        mistakes=(
            Mistake(
                f"chance_average({TARGET}, 'average') >= chance_average({TARGET}, 'target')",
                msg(
                    "The best average sounds best at everything. But an average mixes every "
                    "result; to win, only the results from {target} up count, and reaching them "
                    "more often can mean re-rolling dice that are good on average.",
                    target=TARGET,
                ),
            ),
        ),
    )
    return _rule(
        number, "average", msg("Best average, or best chance to win?"), text, steps, exercise
    )


_BUILDERS = (_keep, _backwards, _solver, _dilemma, _scores, _average)


def penta_thinking() -> RuleBook:
    """How the best player thinks, as a :class:`~dicelab.lessons.cards.RuleBook` of cards."""
    intro = [
        msg(
            "How does the computer choose the best play? Each card asks you a question first: "
            "predict, then check. The numbers are computed by dicelab's engine as the page opens."
        )
    ]
    return _DECK.book(msg("How the best player thinks"), intro, _BUILDERS)
