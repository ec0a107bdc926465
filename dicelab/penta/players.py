"""Who plays Penta: computer players behind one interface, their registry, and the seats.

A player has a ``name`` and one method, ``choose(situation) -> action``, where
``situation`` is a :class:`~dicelab.penta.situation.Situation` and the action is

* a box id (``str``): score the dice there now, or
* a keep: the sorted tuple of dice VALUES to hold before rolling again (``()`` holds
  nothing; before the turn's first roll the only action is ``()``, roll all five).
  Keeps are the keys of ``Solver.option_values``; holding all five dice is not a keep
  (it is the same as scoring now).

:func:`keep_positions` turns a keep into the dice positions to hold.

>>> from dicelab.penta.notation import parse
>>> player = get("heuristic")
>>> player.choose(parse("- | dice 2 2 5 5 5 | 0 rolls left"))
'full_house'
>>> player.choose(parse("- | dice 1 3 6 6 6 | 2 rolls left"))
(6, 6, 6)
>>> names()
('optimal', 'heuristic', 'greedy')

The default player is "optimal" (:class:`OptimalPlayer`, the exact solver's choice); its
solver is imported and its table loaded only when it first decides.

A game's seats (:class:`Seat`: a name shown as given, and the player of a computer seat)
are made by :func:`make_seats`, which checks every player name against the registry.

The heuristic player ("heuristic"):

* It values scoring ``points`` in a box as ``points - PAR[box]`` (``PAR`` is roughly
  what the box is worth when kept open for later), plus 35 when the score reaches the
  upper bonus, or ``BONUS_WEIGHT * (points - 3 x face)`` for an upper box while the
  bonus is still reachable (three of each face is the pace for 63).
* With rolls left it picks the keep that maximises the exact expected value of that
  box choice after the remaining rolls (every outcome of the re-rolled dice weighed
  by its probability, the last roll's keep chosen the same way), or scores now when
  that is worth more.

It averages about 237 points a solitaire game under the Penta rules (1000 seeded games;
see docs/penta.md); the greedy baseline about 110.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Protocol

import numpy as np

from dicelab.cache import Progress
from dicelab.dice import FACES, check_dice, outcomes
from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import is_listlike, is_whole, show_value
from dicelab.penta.rules import BOXES, FACE_OF, UPPER, Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.situation import Action, Situation

if TYPE_CHECKING:  # the solver is imported when the optimal player first decides
    from dicelab.penta.solver import Solver

__all__ = [
    "BONUS_WEIGHT",
    "DEFAULT",
    "MAX_SEATS",
    "PAR",
    "Action",
    "GreedyPlayer",
    "HeuristicPlayer",
    "OptimalPlayer",
    "Player",
    "Seat",
    "default_name",
    "get",
    "keep_positions",
    "make_seats",
    "names",
    "register",
    "set_default",
]


class Player(Protocol):
    """The interface every player shares (human seats have no player object)."""

    name: str

    def choose(self, situation: Situation) -> Action:
        """A box id to score now, or a keep (sorted dice values to hold) to roll again."""
        ...


# -- mapping a keep to dice positions --------------------------------------------------------


def keep_positions(
    dice: Sequence[int], keep: Iterable[int], held: Iterable[int] = ()
) -> frozenset[int]:
    """The positions (0..4) to hold so that the held dice show ``keep``.

    For each value of the keep it takes positions showing that value, those already
    ``held`` first, then from left to right, so that a keep the player already holds
    moves no die.

    >>> sorted(keep_positions((6, 1, 6, 3, 6), (6, 6)))
    [0, 2]
    >>> sorted(keep_positions((6, 1, 6, 3, 6), (6, 6), held={4}))
    [0, 4]
    >>> keep_positions((6, 1, 6, 3, 6), (5,))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Cannot keep (5,): the dice show 6, 1, 6, 3, 6.
    """
    dice = check_dice(dice, 5)
    wanted = Counter(check_dice(keep, max_count=5))
    held = set(held)
    order = sorted(range(len(dice)), key=lambda i: (i not in held, i))
    chosen: set[int] = set()
    for position in order:
        value = dice[position]
        if wanted[value] > 0:
            wanted[value] -= 1
            chosen.add(position)
    if any(wanted.values()):
        raise IllegalMove(
            msg(
                "Cannot keep {keep}: the dice show {dice}.",
                keep=tuple(keep),
                dice=", ".join(map(str, dice)),
            )
        )
    return frozenset(chosen)


# -- the heuristic player --------------------------------------------------------------------

PAR = {
    "aces": 2.0,
    "twos": 5.0,
    "threes": 8.0,
    "fours": 11.0,
    "fives": 14.0,
    "sixes": 17.0,
    "three_of_a_kind": 17.0,
    "four_of_a_kind": 10.0,
    "full_house": 18.0,
    "small_straight": 24.0,
    "large_straight": 24.0,
    "chance": 21.0,
    "penta": 14.0,
}
"""What keeping each box open is roughly worth: scoring ``p`` there is valued ``p - PAR``."""

BONUS_WEIGHT = 0.6
"""How much an upper-box point above (or below) the pace of three dice per face counts."""


@cache
def _tables() -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """Rolls (252 sorted), the keep -> roll transition matrix, and each roll's keeps.

    ``transition[k, r]`` is the chance that holding keep ``k`` (one of the 210 sorted
    tuples of 0 to 4 dice) and rolling the others gives roll ``r``; ``sub_keeps[r]``
    lists the keeps inside roll ``r`` (padded by repetition to a fixed width).
    """
    rolls: list[tuple[int, ...]] = list(itertools.combinations_with_replacement(FACES, 5))
    roll_index = {roll: i for i, roll in enumerate(rolls)}
    keeps: list[tuple[int, ...]] = [
        k for size in range(5) for k in itertools.combinations_with_replacement(FACES, size)
    ]
    keep_index = {keep: i for i, keep in enumerate(keeps)}
    transition = np.zeros((len(keeps), len(rolls)))
    for k, keep in enumerate(keeps):
        for rolled, chance in outcomes(5 - len(keep)).items():
            transition[k, roll_index[tuple(sorted(keep + rolled))]] += float(chance)
    width = 31
    sub_keeps = np.zeros((len(rolls), width), dtype=np.intp)
    for r, roll in enumerate(rolls):
        inside = sorted(
            {keep_index[c] for size in range(5) for c in itertools.combinations(roll, size)}
        )
        sub_keeps[r] = (inside * width)[:width]
    return rolls, transition, sub_keeps


class HeuristicPlayer:
    """Par values for boxes, exact expectation over the re-rolls for keeps (see the module).

    >>> from dicelab.penta.notation import parse
    >>> HeuristicPlayer().choose(parse("ch=20 | dice 1 2 3 4 6 | 1 roll left"))
    (1, 2, 3, 4)
    """

    name = "heuristic"

    def __init__(
        self, par: dict[str, float] | None = None, bonus_weight: float = BONUS_WEIGHT
    ) -> None:
        self.par = dict(PAR if par is None else par)
        self.bonus_weight = bonus_weight
        self._plans = lru_cache(maxsize=64)(self._plan)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"

    def value(self, card: Scorecard, box: str, points: int, bonus: int = 0) -> float:
        """How good scoring ``points`` in ``box`` (and ``bonus`` Penta bonus) is on ``card``.

        >>> HeuristicPlayer().value(Scorecard(), "chance", 23)
        2.0
        """
        value = points + bonus - self.par[box]
        rules = card.rules
        if box in FACE_OF and rules.upper_bonus and not card.upper_bonus:
            face = FACE_OF[box]
            upper = card.upper_total + points
            still_open = sum(5 * FACE_OF[b] for b in UPPER if b != box and card.points(b) is None)
            if upper >= rules.upper_bonus_threshold:
                value += rules.upper_bonus_points
            elif upper + still_open >= rules.upper_bonus_threshold:
                value += self.bonus_weight * (points - 3 * face)
        return value

    def _plan(self, card: Scorecard) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
        """For each of the 252 rolls: the best box and the value with 0, 1 and 2 rolls left,
        and the expected value of each keep with 1 and 2 rolls left."""
        rolls, transition, sub_keeps = _tables()
        best_box: list[str] = []
        now = np.empty(len(rolls))
        memo: dict[tuple[str, int, int], float] = {}
        for r, roll in enumerate(rolls):
            bonus = card.bonus(roll)
            values = {}
            for b, p in card.options(roll).items():
                key = (b, p - bonus, bonus)
                if key not in memo:
                    memo[key] = self.value(card, *key)
                values[b] = memo[key]
            box = max(values, key=lambda b: (values[b], -BOXES.index(b)))
            best_box.append(box)
            now[r] = values[box]
        keep_1 = transition @ now
        one_left = np.maximum(now, keep_1[sub_keeps].max(axis=1))
        keep_2 = transition @ one_left
        return best_box, now, keep_1, keep_2

    def choose(self, situation: Situation) -> Action:
        """The box to score or the keep to hold."""
        if situation.dice is None:
            return ()
        card = situation.card
        best_box, now, keep_1, keep_2 = self._plans(card)
        r = _roll_index()[situation.dice]
        if situation.rolls_left == 0:
            return best_box[r]
        keep_values = keep_1 if situation.rolls_left == 1 else keep_2
        keeps = situation.keeps()
        keep_index = _keep_index()
        best = max(keeps, key=lambda keep: (keep_values[keep_index[keep]], len(keep)))
        if keep_values[keep_index[best]] > now[r] + 1e-9:
            return best
        return best_box[r]


@cache
def _roll_index() -> dict[tuple[int, ...], int]:
    return {roll: i for i, roll in enumerate(_tables()[0])}


@cache
def _keep_index() -> dict[tuple[int, ...], int]:
    keeps = [k for size in range(5) for k in itertools.combinations_with_replacement(FACES, size)]
    return {keep: i for i, keep in enumerate(keeps)}


class GreedyPlayer:
    """A teaching baseline: never re-rolls, scores the box with the most points now.

    >>> from dicelab.penta.notation import parse
    >>> GreedyPlayer().choose(parse("- | dice 2 3 4 5 6 | 2 rolls left"))
    'large_straight'
    """

    name = "greedy"

    def __repr__(self) -> str:
        return "GreedyPlayer()"

    def choose(self, situation: Situation) -> Action:
        """The first box (in scorecard order) among those with the most points."""
        if situation.dice is None:
            return ()
        options = situation.options()
        return max(options, key=lambda box: (options[box], -BOXES.index(box)))


class OptimalPlayer:
    """The computer player that maximises the expected final score (registered as "optimal").

    One :class:`~dicelab.penta.solver.Solver` per rule set, imported, then built or loaded,
    on first use.

    >>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
    >>> OptimalPlayer().choose(Situation(card, (6, 6, 6, 6, 5), rolls_left=1))
    'chance'
    """

    name = "optimal"

    def __init__(self, progress: Progress | None = None) -> None:
        self._progress = progress
        self._solvers: dict[Rules, Solver] = {}

    def __repr__(self) -> str:
        return "OptimalPlayer()"

    def solver(self, rules: Rules) -> Solver:
        """The solver of ``rules`` (shared by every decision under those rules)."""
        from dicelab.penta.solver import Solver  # NumPy tables: only when first needed

        solver = self._solvers.get(rules)
        if solver is None:
            solver = self._solvers[rules] = Solver(rules, progress=self._progress)
        return solver

    def choose(self, situation: Situation) -> Action:
        """The best action: a box id, or the keep to hold (``()`` before the first roll)."""
        if situation.dice is None:
            return ()
        return self.solver(situation.card.rules).best_action(
            situation.card, situation.dice, situation.rolls_left
        )


# -- the registry ----------------------------------------------------------------------------

DEFAULT = "optimal"
"""The default computer player (change it with :func:`set_default`)."""

_FACTORIES: dict[str, Callable[[], Player]] = {}
_INSTANCES: dict[str, Player] = {}
_default = [DEFAULT]


def register(name: str, factory: Callable[[], Player], replace: bool = False) -> None:
    """Make ``factory()`` the player called ``name`` (built on first use, then shared).

    >>> register("heuristic", HeuristicPlayer)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A player called 'heuristic' exists already.
    """
    if not isinstance(name, str) or not name:
        raise IllegalMove(
            msg("A player's name is a non-empty text, not {value}.", value=show_value(name))
        )
    if name in _FACTORIES and not replace:
        raise IllegalMove(msg("A player called {name} exists already.", name=show_value(name)))
    _FACTORIES[name] = factory
    _INSTANCES.pop(name, None)


def names() -> tuple[str, ...]:
    """The names of the registered players."""
    return tuple(_FACTORIES)


def get(name: str | None = None) -> Player:
    """The player called ``name`` (``None``: the default player).

    >>> get().name == default_name()
    True
    >>> get("oracle")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: Unknown player 'oracle': the players are optimal, heuris...
    """
    if name is None:
        name = _default[0]
    if not isinstance(name, str) or name not in _FACTORIES:
        raise IllegalMove(
            msg(
                "Unknown player {name}: the players are {names}.",
                name=show_value(name),
                names=", ".join(_FACTORIES),
            )
        )
    if name not in _INSTANCES:
        _INSTANCES[name] = _FACTORIES[name]()
    return _INSTANCES[name]


def default_name() -> str:
    """The name of the default player."""
    return _default[0]


def set_default(name: str) -> None:
    """Make the registered player ``name`` the default ("optimal" to begin with)."""
    get(name)
    _default[0] = name


register("optimal", OptimalPlayer)
register("heuristic", HeuristicPlayer)
register("greedy", GreedyPlayer)


# -- seats -----------------------------------------------------------------------------------

MAX_SEATS = 6
"""The most seats at a table."""


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a name (shown as given), and the registered computer ``player``
    that plays it (``None`` for a human)."""

    name: str
    player: str | None = None

    @property
    def is_computer(self) -> bool:
        """Whether a computer player plays this seat."""
        return self.player is not None


def make_seats(
    players: Sequence[str | Seat] | int, computer: Iterable[int] | Mapping[int, str | None] = ()
) -> tuple[Seat, ...]:
    """The seats of a game: ``players`` are names, :class:`Seat` values or a count of unnamed
    seats; ``computer`` lists the seats the default player plays, or maps them to players.

    >>> make_seats(("Ada", "Bob"), {1: "greedy"})
    (Seat(name='Ada', player=None), Seat(name='Bob', player='greedy'))
    >>> make_seats(2, [0])[0]
    Seat(name='Player 1', player='optimal')
    """
    seats = _named_seats(players)
    for index, player in _computer_seats(computer, len(seats)):
        seats[index] = Seat(seats[index].name, player)
    return tuple(seats)


def _named_seats(players: object) -> list[Seat]:
    """The seats given by name, :class:`Seat` or count, with their players checked."""
    if is_whole(players):
        count = int(players)
        if not 1 <= count <= MAX_SEATS:
            raise IllegalMove(msg("A game has 1 to 6 players, not {n}.", n=show_value(count)))
        return [Seat(msg("Player {n}", n=n).render()) for n in range(1, count + 1)]
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise IllegalMove(
            msg("Players are a list of names, not {value}.", value=show_value(players))
        )
    if not 1 <= len(players) <= MAX_SEATS:
        raise IllegalMove(msg("A game has 1 to 6 players, not {n}.", n=len(players)))
    seats = []
    for player in players:
        seat = player if isinstance(player, Seat) else Seat(player)
        if not isinstance(seat.name, str) or not seat.name.strip():
            raise IllegalMove(
                msg(
                    "A player's name is a non-empty text, not {value}.", value=show_value(seat.name)
                )
            )
        if seat.player is not None:
            get(seat.player)  # raises for an unknown player
        seats.append(seat)
    return seats


def _computer_seats(computer: object, count: int) -> list[tuple[int, str]]:
    """(seat index, player name) for each computer seat chosen, checked."""
    if not (isinstance(computer, Mapping) or is_listlike(computer)):
        raise IllegalMove(
            msg(
                "Computer seats are a list of seat numbers, not {value}.",
                value=show_value(computer),
            )
        )
    pairs = (
        list(computer.items()) if isinstance(computer, Mapping) else [(i, None) for i in computer]
    )
    chosen = []
    for index, name in pairs:
        if not is_whole(index):
            raise IllegalMove(
                msg("A seat number is a whole number, not {value}.", value=show_value(index))
            )
        if not 0 <= int(index) < count:
            raise IllegalMove(
                msg(
                    "There is no seat {index}: the seats are numbered 0 to {last}.",
                    index=show_value(int(index)),
                    last=count - 1,
                )
            )
        name = default_name() if name is None else name
        get(name)  # raises for an unknown player
        chosen.append((int(index), name))
    return chosen
