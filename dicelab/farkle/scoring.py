"""Scoring dice set aside from one roll: best split, every die used; options; farkle chances.

>>> score([5, 5, 5, 5])
1000
>>> score([1, 1, 1, 1, 5, 5])
2100
>>> score([1, 2])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: The 2 cannot count: ... Of these dice, 1 may be set aside.
>>> set_aside_options([1, 2, 3, 4, 6, 6])
{(1,): 100}
>>> farkle_chance(6)
Fraction(5, 216)

Everything is computed once per table: :func:`scoring_table` holds the best points of
every multiset of 1 to 6 dice, and :func:`set_aside_options` and :func:`farkle_chance`
are cached by sorted roll and table, so solvers may call them for every roll.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from numbers import Integral
from types import MappingProxyType

from dicelab.dice import FACES, check_dice, counts, outcomes
from dicelab.errors import IllegalMove
from dicelab.farkle.rules import PRESETS, Rules, check_rules
from dicelab.i18n import msg, nmsg
from dicelab.numbers import show_value

__all__ = [
    "farkle_chance",
    "is_farkle",
    "most_points",
    "reachable_total",
    "reachable_turn_points",
    "refused_dice",
    "score",
    "scoring_table",
    "set_aside_options",
    "sub_multisets",
]

MAX_DICE = 6
STANDARD = PRESETS["standard"]

Tally = tuple[int, ...]


def _rules(rules: Rules | str | None) -> Rules:
    return check_rules(rules)


def _minus(tally: Tally, part: Tally) -> Tally | None:
    rest = tuple(have - take for have, take in zip(tally, part, strict=True))
    return None if min(rest) < 0 else rest


def _dice_of(tally: Tally) -> tuple[int, ...]:
    return tuple(face for face, n in zip(FACES, tally, strict=True) for _ in range(n))


@cache
def _best_by_tally(rules: Rules) -> dict[Tally, int]:
    """Best points of every multiset of up to 6 dice that splits into combinations.

    The smallest die of a multiset must belong to some combination, so only the
    combinations holding that face are tried: a small exact dynamic programme.
    """
    combos = [(counts(dice), points) for dice, points in rules.combinations.items()]
    by_face = {face: [c for c in combos if c[0][face - 1]] for face in FACES}
    best: dict[Tally, int] = {(0,) * 6: 0}
    for size in range(1, MAX_DICE + 1):
        for dice in combinations_with_replacement(FACES, size):
            tally = counts(dice)
            found = None
            for part, points in by_face[dice[0]]:
                rest = _minus(tally, part)
                if rest is not None and rest in best:
                    total = points + best[rest]
                    found = total if found is None else max(found, total)
            if found is not None:
                best[tally] = found
    return best


@cache
def _table(rules: Rules) -> Mapping[tuple[int, ...], int]:
    return MappingProxyType({_dice_of(t): p for t, p in _best_by_tally(rules).items() if any(t)})


def scoring_table(rules: Rules | None = None) -> Mapping[tuple[int, ...], int]:
    """Every set-aside that scores (sorted dice, 1 to 6 of them) -> its points (read-only).

    >>> table = scoring_table()
    >>> table[(1, 5)], (2,) in table, len(table) > 100
    (150, False, True)
    """
    return _table(_rules(rules))


def sub_multisets(dice: Iterable[int]) -> list[tuple[int, ...]]:
    """Every distinct non-empty sub-multiset of ``dice`` (assumed valid), as sorted tuples.

    >>> sub_multisets([5, 1, 5])
    [(1,), (5,), (1, 5), (5, 5), (1, 5, 5)]
    """
    return list(_sub_multisets(tuple(sorted(dice))))


@lru_cache(maxsize=1024)
def _sub_multisets(roll: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """:func:`sub_multisets` of a sorted roll, remembered (923 rolls of 0 to 6 dice)."""
    tally = counts(roll)
    found = [_dice_of(take) for take in product(*(range(n + 1) for n in tally)) if any(take)]
    return tuple(sorted(found, key=lambda sub: (len(sub), sub)))


@cache
def _options(roll: tuple[int, ...], rules: Rules) -> dict[tuple[int, ...], int]:
    """Shared, never handed out: callers get a copy."""
    table = _table(rules)
    return {sub: table[sub] for sub in sub_multisets(roll) if sub in table}


def _sorted_roll(dice: object) -> tuple[int, ...]:
    if (
        (type(dice) is tuple or type(dice) is list)  # solvers' plain tuples
        and len(dice) <= MAX_DICE
        and all(type(die) is int and 0 < die < 7 for die in dice)
    ):
        return tuple(sorted(dice))
    return tuple(sorted(check_dice(dice, max_count=MAX_DICE)))


def set_aside_options(roll: object, rules: Rules | None = None) -> dict[tuple[int, ...], int]:
    """Every distinct valid set-aside of ``roll`` (a sorted tuple) with its points.

    Empty for a farkle. Keys come shortest first, then in dice order.

    >>> set_aside_options([5, 1, 3, 3, 4, 5])
    {(1,): 100, (5,): 50, (1, 5): 150, (5, 5): 100, (1, 5, 5): 200}
    >>> set_aside_options([2, 3, 4, 6])
    {}
    """
    return _options(_sorted_roll(roll), _rules(rules)).copy()


def most_points(roll: object, rules: Rules | None = None) -> tuple[int, ...]:
    """The set-aside of ``roll`` with the most points (fewest dice on ties; ``()`` for a
    farkle).

    >>> most_points([1, 5, 5, 2, 3, 4]), most_points([2, 2, 3, 3, 4, 6])
    ((1, 5, 5), ())
    """
    options = set_aside_options(roll, rules)
    return max(options, key=lambda dice: (options[dice], -len(dice)), default=())


def is_farkle(roll: object, rules: Rules | None = None) -> bool:
    """The roll holds no scoring die (the turn is lost).

    >>> is_farkle([2, 3, 4, 6]), is_farkle([2, 2, 2, 6])
    (True, False)
    """
    return not _options(_sorted_roll(roll), _rules(rules))


def refused_dice(dice: object, rules: Rules | None = None) -> tuple[int, ...]:
    """The dice of a set-aside that cannot count (empty when the whole set-aside scores).

    They are what is left over by the largest set-aside of these dice that does score.

    >>> refused_dice([1, 2, 3, 4, 6, 6])
    (2, 3, 4, 6, 6)
    >>> refused_dice([2, 2, 2, 2], Rules.preset("minimal"))
    (2,)
    >>> refused_dice([1, 5])
    ()
    """
    checked = _sorted_roll(dice)
    options = _options(checked, _rules(rules))
    if checked in options:
        return ()
    largest: tuple[int, ...] = ()
    if options:
        largest = max(options, key=lambda sub: (len(sub), options[sub]))
    rest = list(checked)
    for die in largest:
        rest.remove(die)
    return tuple(rest)


def _show(dice: Iterable[int]) -> str:
    return ", ".join(str(die) for die in dice)


def refusal(dice: tuple[int, ...], rules: Rules) -> IllegalMove:
    """The error for a set-aside whose dice cannot all count: names them, says what may."""
    refused = refused_dice(dice, rules)
    allowed = list(dice)
    for die in refused:
        allowed.remove(die)
    if allowed:
        return IllegalMove(
            nmsg(
                "The {refused} cannot count: every die set aside must be part of a scoring "
                "combination of dice set aside from the same roll. "
                "Of these dice, {allowed} may be set aside.",
                "The dice {refused} cannot count: every die set aside must be part of a "
                "scoring combination of dice set aside from the same roll. "
                "Of these dice, {allowed} may be set aside.",
                len(refused),
                refused=_show(refused),
                allowed=_show(allowed),
            )
        )
    return IllegalMove(
        nmsg(
            "The {refused} cannot count: every die set aside must be part of a scoring "
            "combination of dice set aside from the same roll, and this die scores nothing.",
            "The dice {refused} cannot count: every die set aside must be part of a scoring "
            "combination of dice set aside from the same roll, and these dice score nothing.",
            len(refused),
            refused=_show(refused),
        )
    )


def score(dice: object, rules: Rules | None = None) -> int:
    """Points of dice set aside from one roll: the best split into combinations, all used.

    Raises :class:`~dicelab.IllegalMove` naming the dice that cannot count.

    >>> score([2, 2, 3, 3, 6, 6]), score([1, 2, 3, 4, 5, 6])
    (750, 1500)
    >>> score([4, 4, 4, 4, 2, 2], Rules.preset("playmonster"))
    1500
    >>> score([5, 5, 5, 5], Rules.preset("minimal"))  # no four of a kind: a triple + 50
    550
    """
    key = _sorted_roll(dice)
    table = _table(_rules(rules))
    if key in table:
        return table[key]
    if not key:
        raise IllegalMove(msg("Set aside at least one die: a set-aside cannot be empty."))
    raise refusal(key, _rules(rules))


@cache
def _farkle_chance(n_dice: int, rules: Rules) -> Fraction:
    return sum(
        (p for roll, p in outcomes(n_dice).items() if not _options(roll, rules)),
        start=Fraction(0),
    )


def farkle_chance(n_dice: int, rules: Rules | None = None) -> Fraction:
    """Exact chance that a roll of ``n_dice`` (1 to 6) dice scores nothing.

    >>> [str(farkle_chance(n)) for n in range(1, 7)]
    ['2/3', '4/9', '5/18', '17/108', '25/324', '5/216']
    """
    if isinstance(n_dice, bool) or not isinstance(n_dice, Integral) or not 1 <= n_dice <= 6:
        raise IllegalMove(
            msg("A roll has from 1 to 6 dice, not {value}.", value=show_value(n_dice))
        )
    return _farkle_chance(int(n_dice), _rules(rules))


# Which points a game can reach -------------------------------------------------------------

REACH_LIMIT = 10_000
"""Residue classes worked out per table; beyond this only the gcd of the points is checked."""


@dataclass(frozen=True)
class _Reachable:
    """An infinite set of points ``S + {sums of steps}``, given by its least member in
    every residue class modulo the smallest step (adding that step stays in the set)."""

    modulus: int
    least: Mapping[int, int] | None  # None: too many classes, only the unit is checked
    unit: int
    finite: frozenset[int] = frozenset()

    def __contains__(self, points: int) -> bool:
        if self.modulus == 0:
            return points in self.finite
        if self.least is None:
            return points % self.unit == 0
        least = self.least.get(points % self.modulus)
        return least is not None and points >= least


def _closure(sources: Iterable[int], steps: Iterable[int]) -> _Reachable:
    """``sources + {sums of steps}`` as a :class:`_Reachable` (Dijkstra on residues)."""
    sources, steps = sorted(set(sources)), sorted(set(steps))
    if not steps:
        return _Reachable(0, None, 1, frozenset(sources))
    modulus, unit = steps[0], math.gcd(*sources, *steps)
    if modulus // unit > REACH_LIMIT:
        return _Reachable(modulus, None, unit)
    least: dict[int, int] = {}
    heap = [(value, value % modulus) for value in sources]
    heapq.heapify(heap)
    while heap:
        value, residue = heapq.heappop(heap)
        if residue in least:
            continue
        least[residue] = value
        for step in steps:
            if (value + step) % modulus not in least:
                heapq.heappush(heap, (value + step, (value + step) % modulus))
    return _Reachable(modulus, MappingProxyType(least), unit)


@cache
def _by_dice_used(rules: Rules) -> tuple[frozenset[int], ...]:
    """``[k]``: the points of the sequences of set-asides that use ``k`` dice in all."""
    sizes: dict[int, set[int]] = {}
    for dice, points in _table(rules).items():
        sizes.setdefault(len(dice), set()).add(points)
    used: list[set[int]] = [{0}]
    for k in range(1, MAX_DICE + 1):
        used.append(
            {
                before + points
                for size, values in sizes.items()
                if size <= k
                for before in used[k - size]
                for points in values
            }
        )
    return tuple(frozenset(values) for values in used)


@cache
def _turn_reach(rules: Rules, dice: int) -> _Reachable:
    used = _by_dice_used(rules)
    return _closure(used[MAX_DICE - dice], used[MAX_DICE])


@cache
def _total_reach(rules: Rules) -> _Reachable:
    return _closure([0], _table(rules).values())


def reachable_turn_points(points: int, dice: int, rules: Rules | None = None) -> bool:
    """Some turn holds ``points`` just before a roll of ``dice`` dice (1 to 6).

    The points set aside so far are a sum of set-asides that used ``6 - dice`` dice,
    plus any number of rounds of hot dice (set-asides using all six); the turn's first
    roll, with 6 dice, comes at 0 points.

    >>> reachable_turn_points(150, 3), reachable_turn_points(100, 3)  # 3 dice set aside
    (True, False)
    >>> reachable_turn_points(50, 6), reachable_turn_points(300, 6)  # 6 dice: hot dice
    (False, True)
    """
    return points >= 0 and points in _turn_reach(_rules(rules), dice)


def reachable_total(points: int, rules: Rules | None = None) -> bool:
    """Some sequence of banked turns adds up to ``points`` (a sum of set-aside points).

    >>> reachable_total(1250), reachable_total(1230)
    (True, False)
    """
    return points >= 0 and points in _total_reach(_rules(rules))
