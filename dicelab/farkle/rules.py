"""Farkle's scoring tables as data: which dice of one roll make a combination, and its points.

A :class:`Rules` value is a table, not code: single dice, n-of-a-kind points per face
and count, the named six-dice combinations (straight, three pairs, four of a kind plus
a pair, two triplets) and any extra combination a teacher invents. The three presets
of ``docs/farkle.md`` are instances:

>>> Rules() == Rules.preset("standard")
True
>>> Rules.preset("playmonster").two_triplets
2500
>>> Rules.preset("minimal").straight is None
True

Every table compiles to one dictionary, sorted dice -> points, that the scorer reads:

>>> table = Rules().combinations
>>> table[(1,)], table[(5, 5, 5, 5)], table[(2, 2, 3, 3, 6, 6)]
(100, 1000, 750)

A house table is the standard one with changes, or built from scratch:

>>> house = Rules.custom("house", three_pairs=500, extras={(1, 2, 3, 4, 5): 750})
>>> house.combinations[(1, 2, 3, 4, 5)], house.combinations[(2, 2, 4, 4, 6, 6)]
(750, 500)
>>> Rules.from_table("tiny", {(1,): 100, (5,): 50, (1, 1, 1): 1000}).combinations[(1, 1, 1)]
1000

Two house rules are about the game, not the table: how it ends (``end``: the last round
of the rules, or at once when a bank reaches the target) and the points a player's first
bank needs to get on the board (``entry``, 0: none). Each is one small predicate:

>>> race = Rules.custom("race", end=ENDS_AT_ONCE, entry=500)
>>> race.ends_at_target, race.may_bank(total=0, points=450), race.may_bank(total=450, points=50)
(True, False, True)
>>> Rules().ends_at_target, Rules().may_bank(total=0, points=50)
(False, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from numbers import Integral
from typing import Any

from dicelab.dice import FACES, check_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import N_, msg
from dicelab.numbers import is_whole, show_value
from dicelab.presets import coerce_rules, lookup

__all__ = [
    "ENDS_AT_ONCE",
    "END_NAMES",
    "END_RULES",
    "FIELD_NAMES",
    "LAST_ROUND",
    "MAX_ENTRY",
    "PRESETS",
    "PRESET_LABELS",
    "STANDARD_KINDS",
    "STANDARD_TRIPLES",
    "Rules",
    "check_rules",
    "flat_kinds",
    "multiplied_kinds",
]

LAST_ROUND = "last-round"
"""The rules' game end: reaching the target starts a last round for the others (default)."""
ENDS_AT_ONCE = "at-once"
"""The game ends as soon as a bank reaches the target (Busche and Neller's analysis)."""
END_RULES = (LAST_ROUND, ENDS_AT_ONCE)
"""The choices of ``Rules.end``."""
END_NAMES = {LAST_ROUND: N_("Last round for the others"), ENDS_AT_ONCE: N_("Ends at once")}
"""Each game end's name in a menu (message ids)."""
MAX_ENTRY = 5000
"""The largest entry minimum: the smallest target."""

STANDARD_TRIPLES: dict[int, int] = {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600}
"""Three of a kind: 1000 for three 1s, 100 X for three Xs."""

Kinds = tuple[tuple[int, int, int], ...]
"""``(face, count, points)`` rows of n-of-a-kind combinations, count 3..6."""


def multiplied_kinds(
    triples: Mapping[int, int] = STANDARD_TRIPLES,
    four: int | None = 2,
    five: int | None = 3,
    six: int | None = 4,
) -> Kinds:
    """N-of-a-kind rows where four, five and six of a kind multiply the triple's points.

    ``None`` means the count is no combination of its own (it scores as a triple plus
    singles, if at all).

    >>> multiplied_kinds({2: 200}, four=2, five=None, six=None)
    ((2, 3, 200), (2, 4, 400))
    """
    factors = {3: 1, 4: four, 5: five, 6: six}
    return tuple(
        (face, count, factor * points)
        for face, points in sorted(triples.items())
        for count, factor in factors.items()
        if factor is not None
    )


def flat_kinds(
    triples: Mapping[int, int] = STANDARD_TRIPLES,
    four: int | None = 1000,
    five: int | None = 2000,
    six: int | None = 3000,
) -> Kinds:
    """N-of-a-kind rows where four, five and six of a kind score fixed points, any face.

    >>> flat_kinds({1: 300}, four=1000, five=None, six=None)
    ((1, 3, 300), (1, 4, 1000))
    """
    fixed = {4: four, 5: five, 6: six}
    rows = []
    for face, points in sorted(triples.items()):
        rows.append((face, 3, points))
        rows += [(face, count, value) for count, value in fixed.items() if value is not None]
    return tuple(rows)


STANDARD_KINDS: Kinds = multiplied_kinds()
"""Standard n of a kind: four, five, six of a kind score 2, 3, 4 times the triple."""


def _bad_table(problem: Any) -> IllegalMove:
    return IllegalMove(msg("This scoring table cannot be used: {problem}", problem=problem))


FIELD_NAMES: dict[str, str] = {
    "singles": N_("A single die"),
    "kinds": N_("N of a kind"),
    "straight": N_("A straight"),
    "three_pairs": N_("Three pairs"),
    "four_and_pair": N_("Four of a kind + a pair"),
    "two_triplets": N_("Two triplets"),
    "extras": N_("A house combination"),
}
"""English display names of the table's rows (message ids: translate them)."""


def _points(value: object, field: str) -> int:
    what = msg(FIELD_NAMES[field])
    if isinstance(value, bool) or not isinstance(value, Integral) or int(value) <= 0:
        raise _bad_table(
            msg(
                "{what} must score a whole number of points above 0, not {value}.",
                what=what,
                value=show_value(value),
            )
        )
    return int(value)


def _optional_points(value: object, field: str) -> int | None:
    return None if value is None else _points(value, field)


def _face(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral) or not 1 <= int(value) <= 6:
        raise _bad_table(
            msg("A face is a whole number from 1 to 6, not {value}.", value=show_value(value))
        )
    return int(value)


def _pairs(value: object) -> Iterable[Any]:
    """Rows of a table given as a mapping or as a sequence of rows."""
    if isinstance(value, Mapping):
        return value.items()
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise _bad_table(msg("Expected a table of rows, not {value}.", value=show_value(value)))
    return value


def _row(row: object, size: int) -> tuple[Any, ...]:
    if isinstance(row, str | bytes) or not isinstance(row, Iterable):
        raise _bad_table(msg("Expected a row of {size} values, not {row}.", size=size, row=row))
    values = tuple(row)
    if len(values) != size:
        raise _bad_table(msg("Expected a row of {size} values, not {row}.", size=size, row=row))
    return values


def _normal_singles(value: object) -> tuple[tuple[int, int], ...]:
    rows = {}
    for row in _pairs(value):
        face, points = _row(row, 2)
        face = _face(face)
        if face in rows:
            raise _bad_table(msg("The single {face} is listed twice.", face=face))
        rows[face] = _points(points, "singles")
    return tuple(sorted(rows.items()))


def _normal_kinds(value: object) -> Kinds:
    rows: dict[tuple[int, int], int] = {}
    for row in _pairs(value):
        if isinstance(value, Mapping):  # {(face, count): points}
            key, points = _row(row, 2)
            face, count = _row(key, 2)
        else:
            face, count, points = _row(row, 3)
        face = _face(face)
        if isinstance(count, bool) or not isinstance(count, Integral) or not 3 <= int(count) <= 6:
            raise _bad_table(
                msg("N of a kind counts 3 to 6 equal dice, not {count}.", count=show_value(count))
            )
        if (face, int(count)) in rows:
            raise _bad_table(
                msg("{count} dice showing {face} are listed twice.", count=int(count), face=face)
            )
        rows[face, int(count)] = _points(points, "kinds")
    return tuple((face, count, points) for (face, count), points in sorted(rows.items()))


def _normal_extras(value: object) -> tuple[tuple[tuple[int, ...], int], ...]:
    rows: dict[tuple[int, ...], int] = {}
    for row in _pairs(value):
        dice, points = _row(row, 2)
        key = tuple(sorted(check_dice(dice, min_count=1, max_count=6)))
        if key in rows:
            raise _bad_table(msg("The combination {dice} is listed twice.", dice=_show(key)))
        rows[key] = _points(points, "extras")
    return tuple(sorted(rows.items(), key=lambda item: (len(item[0]), item[0])))


def _show(dice: Iterable[int]) -> str:
    return ", ".join(str(die) for die in dice)


def _end(value: object) -> str:
    if not isinstance(value, str) or value not in END_RULES:
        raise IllegalMove(
            msg(
                "The game end is {last} or {once}, not {value}.",
                last=LAST_ROUND,
                once=ENDS_AT_ONCE,
                value=show_value(value),
            )
        )
    return value


def _entry(value: object) -> int:
    if not is_whole(value) or not 0 <= int(value) <= MAX_ENTRY:
        raise IllegalMove(
            msg(
                "The entry minimum is a whole number of points from 0 (none) to {most}, "
                "not {value}.",
                most=MAX_ENTRY,
                value=show_value(value),
            )
        )
    return int(value)


GAME_DEFAULTS: dict[str, Any] = {"end": LAST_ROUND, "entry": 0}
"""The game rules' fields and their defaults (the rules as written: no change)."""


@dataclass(frozen=True)
class Rules:
    """A Farkle scoring table (immutable, hashable: solvers cache by it).

    Every combination is made of dice set aside from one roll:

    * ``singles``: ``(face, points)`` for a die that scores alone (1 -> 100, 5 -> 50);
    * ``kinds``: ``(face, count, points)`` for ``count`` (3..6) dice showing ``face``;
      build rows with :func:`multiplied_kinds` or :func:`flat_kinds`;
    * ``straight``: 1-2-3-4-5-6; ``three_pairs``: three different faces, two each;
      ``four_and_pair``: four of one face and two of another; ``two_triplets``: three
      of one face and three of another (each ``None`` when it is no combination);
    * ``extras``: ``(dice, points)`` for any further combination, as the dice it needs;
    * ``end``: :data:`LAST_ROUND` (default: the others play one more turn) or
      :data:`ENDS_AT_ONCE` (the first bank to reach the target wins at once);
    * ``entry``: the points a turn must bank to get a player on the board (0: none).

    Mappings are accepted too (``singles={1: 100, 5: 50}``) and stored as sorted rows.
    A set-aside scores the best split of its dice into these combinations, every die
    used (see :func:`dicelab.farkle.score`).

    >>> Rules(name="no pairs", three_pairs=None).combinations.get((2, 2, 3, 3, 6, 6))
    >>> Rules(singles={1: 0})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This scoring table cannot be used: A single die ... not 0.
    """

    name: str = "standard"
    singles: tuple[tuple[int, int], ...] = ((1, 100), (5, 50))
    kinds: Kinds = STANDARD_KINDS
    straight: int | None = 1500
    three_pairs: int | None = 750
    four_and_pair: int | None = None
    two_triplets: int | None = None
    extras: tuple[tuple[tuple[int, ...], int], ...] = ()
    end: str = LAST_ROUND
    entry: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise _bad_table(msg("A table needs a name, not {value}.", value=show_value(self.name)))
        fix = object.__setattr__
        fix(self, "singles", _normal_singles(self.singles))
        fix(self, "kinds", _normal_kinds(self.kinds))
        fix(self, "straight", _optional_points(self.straight, "straight"))
        fix(self, "three_pairs", _optional_points(self.three_pairs, "three_pairs"))
        fix(self, "four_and_pair", _optional_points(self.four_and_pair, "four_and_pair"))
        fix(self, "two_triplets", _optional_points(self.two_triplets, "two_triplets"))
        fix(self, "extras", _normal_extras(self.extras))
        fix(self, "end", _end(self.end))
        fix(self, "entry", _entry(self.entry))
        fields = repr(
            tuple(
                getattr(self, f.name)
                for f in dataclasses.fields(self)
                if f.name not in GAME_DEFAULTS  # the table's hash is as before the game rules
            )
            + self._game_changes()
        )
        fix(self, "_hash", int(hashlib.sha256(fields.encode()).hexdigest()[:15], 16))
        _compile(self)  # refuses a table that lists one combination twice

    def __hash__(self) -> int:
        # Computed once (scoring caches look rules up on every call), and the same in
        # every process, so that a pickled table is still found in caches.
        return self._hash  # type: ignore[attr-defined]  # set by __post_init__, not a field

    def _game_changes(self) -> tuple[tuple[str, Any], ...]:
        """The game rules that differ from the default, as (field, value) pairs."""
        return tuple(
            (name, getattr(self, name))
            for name, default in GAME_DEFAULTS.items()
            if getattr(self, name) != default
        )

    # The game rules, one predicate each ---------------------------------------------------

    @property
    def ends_at_target(self) -> bool:
        """The game ends as soon as a bank reaches the target (no last round)."""
        return self.end == ENDS_AT_ONCE

    def may_bank(self, total: int, points: int) -> bool:
        """A player with ``total`` points may bank a turn of ``points``: a player not yet on
        the board (total 0) needs at least the entry minimum.

        >>> entry = Rules(name="entry 500", entry=500)
        >>> entry.may_bank(0, 500), entry.may_bank(0, 450), entry.may_bank(50, 50)
        (True, False, True)
        """
        return total > 0 or points >= self.entry

    @property
    def game_key(self) -> str:
        """The game rules for cache keys and file names: ``""`` for the rules as written.

        >>> Rules().game_key, Rules(name="race", end=ENDS_AT_ONCE, entry=500).game_key
        ('', '-at-once-entry500')
        """
        key = "-at-once" if self.ends_at_target else ""
        return key + (f"-entry{self.entry}" if self.entry else "")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the presets: ``standard`` (the default), ``minimal``, ``playmonster``.

        >>> Rules.preset("minimal").kinds[:2]
        ((1, 3, 1000), (2, 3, 200))
        >>> Rules.preset("classic")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Unknown rule preset 'classic': choose one of standard, ...
        """
        return lookup(PRESETS, name)

    @classmethod
    def custom(cls, name: str, base: str | Rules = "standard", **changes: Any) -> Rules:
        """A house table: ``base`` (a preset name or a table) with some fields changed.

        >>> Rules.custom("cheap straight", straight=500).straight
        500
        """
        start = base if isinstance(base, Rules) else cls.preset(base)
        unknown = set(changes) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise _bad_table(
                msg("Unknown table fields: {names}.", names=", ".join(sorted(unknown)))
            )
        return dataclasses.replace(start, name=name, **changes)

    @classmethod
    def from_table(
        cls,
        name: str,
        table: Mapping[Iterable[int], int],
        *,
        end: str = LAST_ROUND,
        entry: int = 0,
    ) -> Rules:
        """A table given only as its combinations: dice -> points (and the game rules).

        Single dice go to ``singles``, three to six equal dice to ``kinds``, every other
        combination to ``extras``; ``rules.combinations`` gives the table back.

        >>> rules = Rules.from_table("house", {(1,): 100, (2, 2, 2): 200, (1, 5): 175})
        >>> rules.singles, rules.kinds, rules.extras
        (((1, 100),), ((2, 3, 200),), (((1, 5), 175),))
        """
        singles, kinds, extras = [], [], []
        for dice, points in _pairs(table):
            key = tuple(sorted(check_dice(dice, min_count=1, max_count=6)))
            if len(key) == 1:
                singles.append((key[0], points))
            elif len(key) >= 3 and len(set(key)) == 1:
                kinds.append((key[0], len(key), points))
            else:
                extras.append((key, points))
        return cls(
            name=name,
            singles=tuple(singles),
            kinds=tuple(kinds),
            straight=None,
            three_pairs=None,
            four_and_pair=None,
            two_triplets=None,
            extras=tuple(extras),
            end=end,
            entry=entry,
        )

    @property
    def combinations(self) -> dict[tuple[int, ...], int]:
        """Every combination of the table: sorted dice -> points (a fresh dict)."""
        return dict(_compile(self))

    @property
    def fingerprint(self) -> str:
        """A short stable id of the table's combinations (not its name), for cache keys.

        >>> Rules().fingerprint == Rules.custom("copy").fingerprint
        True
        """
        text = repr(sorted(_compile(self).items()))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the table (:meth:`from_dict` reads it back).

        The game rules are written only when they differ from the default, so the rules as
        written describe themselves exactly as before they existed.

        >>> Rules.from_dict(Rules.preset("playmonster").to_dict()) == Rules.preset("playmonster")
        True
        >>> Rules.custom("race", end=ENDS_AT_ONCE).to_dict()["end"]
        'at-once'
        """
        return {
            "name": self.name,
            "singles": [list(row) for row in self.singles],
            "kinds": [list(row) for row in self.kinds],
            "straight": self.straight,
            "three_pairs": self.three_pairs,
            "four_and_pair": self.four_and_pair,
            "two_triplets": self.two_triplets,
            "extras": [[list(dice), points] for dice, points in self.extras],
            **dict(self._game_changes()),
        }

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """The table described by ``data`` (as :meth:`to_dict` writes it), strictly checked.

        The game rules' keys (``end``, ``entry``) may be left out: the default then.
        """
        fields = [f.name for f in dataclasses.fields(cls) if f.name not in GAME_DEFAULTS]
        if (
            not isinstance(data, Mapping)
            or not set(fields) <= set(data)
            or not set(data) <= set(fields) | set(GAME_DEFAULTS)
        ):
            optional = "".join(f" [, {name}]" for name in GAME_DEFAULTS)  # may be left out
            raise _bad_table(
                msg(
                    "A table description has exactly the keys {keys}.",
                    keys=", ".join(fields) + optional,
                )
            )
        return cls(**{name: data[name] for name in data})


def _named_combinations(rules: Rules) -> Iterable[tuple[tuple[int, ...], int]]:
    """The six-dice combinations named by the table's fields, as (dice, points)."""
    if rules.straight is not None:
        yield FACES, rules.straight
    if rules.three_pairs is not None:
        for faces in combinations(FACES, 3):
            yield tuple(sorted(faces * 2)), rules.three_pairs
    for one in FACES:
        for other in FACES:
            if one == other:
                continue
            if rules.four_and_pair is not None:
                yield tuple(sorted((one,) * 4 + (other,) * 2)), rules.four_and_pair
            if rules.two_triplets is not None and one < other:
                yield (one,) * 3 + (other,) * 3, rules.two_triplets


@cache
def _compile(rules: Rules) -> dict[tuple[int, ...], int]:
    rows: list[tuple[tuple[int, ...], int]] = [((face,), points) for face, points in rules.singles]
    rows += [((face,) * count, points) for face, count, points in rules.kinds]
    rows += list(_named_combinations(rules))
    rows += list(rules.extras)
    table: dict[tuple[int, ...], int] = {}
    for dice, points in rows:
        if dice in table:
            raise _bad_table(msg("The combination {dice} is listed twice.", dice=_show(dice)))
        table[dice] = points
    return table


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "minimal": Rules(
        name="minimal",
        kinds=multiplied_kinds(four=None, five=None, six=None),
        straight=None,
        three_pairs=None,
    ),
    "playmonster": Rules(
        name="playmonster",
        kinds=flat_kinds({**STANDARD_TRIPLES, 1: 300}),
        straight=1500,
        three_pairs=1500,
        four_and_pair=1500,
        two_triplets=2500,
    ),
}
"""The preset tables by name (see ``docs/farkle.md``)."""

PRESET_LABELS = {
    "standard": N_("Standard"),
    "minimal": N_("Minimal (singles and triples)"),
    "playmonster": N_("PlayMonster (the boxed game)"),
}
"""Each preset's name in a menu (message ids, translated with :func:`dicelab.i18n.translate`)."""


def check_rules(rules: object) -> Rules:
    """``None`` -> the standard table; a preset name -> that preset; a :class:`Rules` as is.

    >>> check_rules("minimal").name
    'minimal'
    >>> check_rules(None) == Rules()
    True
    """
    return coerce_rules(
        rules,
        Rules,
        PRESETS,
        default="standard",
        refusal=N_("Expected a Farkle Rules table or a preset name, not {value}."),
    )
