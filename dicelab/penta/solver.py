"""Penta's optimal solver: exact expected scores and the advisor's values of every action.

:class:`Solver` holds the table of turn-start values of one rule set: the expected points
still to come under optimal play, for every reachable (filled boxes, upper total capped at
the upper bonus threshold, Penta box holds its points). Any valid rule set is solved, the
presets and a house's (:meth:`~dicelab.penta.rules.Rules.custom`). The table is built
once per rule set by an exact dynamic programme (:mod:`dicelab.penta.solver_tables`, under
a second once its kernel is compiled), cached on disk, and read back in milliseconds. From
it, every decision of a turn is valued exactly:

>>> solver = Solver("official")  # loaded from the cache (``make tables``), else built
>>> round(solver.expected_score(), 7)
254.5877287

The values are expected FINAL scores: the points already on the card, bonuses included,
plus the expectation of the rest under optimal play. A small example whose table is a
single turn (every box but Chance filled) needs no build:

>>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
>>> Solver().option_values(card, (1, 2, 3, 4, 6), rolls_left=0)
{'chance': 16.0}

Build every preset ahead of time (Binder's build step does) with::

    python -m dicelab.penta.solver --build       (or python -m dicelab.penta --build)

Tables live in ``$DICELAB_CACHE_DIR``, else ``$XDG_CACHE_HOME/dicelab``, else
``~/.cache/dicelab``; the file name holds the rule set and :data:`SOLVER_VERSION`.

The computer player that plays by it is :class:`~dicelab.penta.players.OptimalPlayer`
("optimal" in :mod:`dicelab.penta.players`); simulated games are in
:mod:`dicelab.penta.simulate`. Both names stay importable from here.
"""

from __future__ import annotations

import importlib
import itertools
import re
import runpy
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from dicelab import cache
from dicelab.cache import Progress, cache_dir, load_array, save_array
from dicelab.dice import sorted_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.numbers import is_whole, show_value
from dicelab.penta import solver_tables as st
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import Scorecard, check_box, check_rules
from dicelab.penta.situation import Action

__all__ = [
    "SOLVER_VERSION",
    "TIE",
    "Solver",
    "cache_dir",
    "file_label",
    "first_best",
    "table_path",
    "text_progress",
]

SOLVER_VERSION = 2
"""Bumped whenever a table's content or layout changes: old cache files are then ignored.
(2: the tables are built by the compiled kernel, whose sums run in another order: values
within 2e-12 of version 1's.)"""

_BOX_INDEX = {box: i for i, box in enumerate(BOXES)}
TIE = 1e-9
"""Values this close are a tie: the first box in scorecard order wins, then the smallest keep."""


# -- the cache -------------------------------------------------------------------------------


def table_path(rules: Rules | str | None = None, directory: Path | str | None = None) -> Path:
    """The cache file of the table of ``rules``: their name (made safe for a file name),
    :attr:`~dicelab.penta.rules.Rules.digest` and the solver version. A preset's digest
    never changed when the rules gained a house's numbers: cached tables stay valid.

    >>> table_path("official", "/tmp/t").name
    'penta-official-ca5578ac5c-v2.npy'
    >>> table_path(Rules.custom("our class/2B", full_house_points=30), "/tmp/t").name
    'penta-our_class_2B-435961137c-v2.npy'
    """
    rules = check_rules(rules)
    folder = Path(directory) if directory is not None else cache_dir()
    return folder / f"penta-{file_label(rules)}-{rules.digest}-v{SOLVER_VERSION}.npy"


def file_label(rules: Rules) -> str:
    """The rules' name as a safe part of a file name: a preset's name as it is; in a
    house's, anything but ASCII letters, digits, ``-`` and ``_`` becomes ``_`` (at most 40
    characters; the digest tells rule sets apart).

    >>> file_label(Rules.custom("../é x", penta_points=40))
    'x'
    """
    if rules.name in PRESETS:
        return rules.name
    safe = re.sub(r"[^A-Za-z0-9_-]+", "_", rules.name)[:40].strip("_")
    return safe or "house"


def text_progress(
    label: str = "", stream: TextIO | None = None, width: int | None = None
) -> Progress:
    """A progress bar for building the table of the preset ``label``: tqdm's, in percent (see
    :func:`dicelab.cache.tqdm_progress`; ``width``: the whole line's, in characters).

    >>> import io
    >>> out = io.StringIO()
    >>> bar = text_progress("official", out, width=60)
    >>> bar(0.5); bar(1.0)
    >>> out.getvalue().rsplit("\\r", 1)[-1].split("|")[0]
    'Building the official table: 100%'
    """
    return cache.tqdm_progress(msg("Building the {rules} table", rules=label), stream, width=width)


# -- the solver ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Turn:
    """Everything about one turn-start state that the advisor needs (252 rolls, 462 keeps)."""

    box_values: np.ndarray  # (252, 13) value of each legal box, -inf elsewhere
    now: np.ndarray  # (252,) best box value: the value with no roll left
    keep_1: np.ndarray  # (462,) value of each keep with one roll left
    keep_2: np.ndarray  # (462,) value of each keep with two rolls left


class Solver:
    """The exact optimal strategy of solitaire Penta under ``rules`` (a preset name or Rules).

    The table is read from the cache, or built (under a second, ``progress`` called with the
    fraction done) and cached, on first use. ``cache=False`` neither reads nor writes it.

    >>> Solver("no-bonus").rules.name
    'no-bonus'
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        progress: Progress | None = None,
        cache: bool = True,
        directory: Path | str | None = None,
    ) -> None:
        self._rules = check_rules(rules)
        self._progress = progress
        self._cache = cache
        self._directory = directory
        self._table: np.ndarray | None = None
        self._turns: OrderedDict[int, _Turn] = OrderedDict()
        self._lock = threading.RLock()  # an app's timer thread and its UI thread may both ask

    def __repr__(self) -> str:
        return f"Solver({self._rules.name!r})"

    @property
    def rules(self) -> Rules:
        """The rule set solved."""
        return self._rules

    @property
    def path(self) -> Path:
        """The cache file of this solver's table."""
        return table_path(self._rules, self._directory)

    @property
    def table(self) -> np.ndarray:
        """The value table, ``V[layout(rules).index(mask, up, flag)]`` (NaN for unreachable
        states; :func:`~dicelab.penta.solver_tables.layout`)."""
        if self._table is None:
            self.build()
        assert self._table is not None
        return self._table

    def build(self, progress: Progress | None = None, *, force: bool = False) -> Solver:
        """Load the table from the cache, or compute (and cache) it; returns ``self``."""
        with self._lock:
            return self._build(progress, force)

    def _build(self, progress: Progress | None, force: bool) -> Solver:
        if self._table is not None and not force:
            return self
        progress = progress if progress is not None else self._progress
        table = None
        if self._cache and not force:
            table = load_array(self.path, (st.layout(self._rules).n_states,))
        if table is None:
            table = st.build_table(self._rules, progress)
            if self._cache:
                save_array(self.path, table)
        elif progress is not None:
            progress(1.0)
        table.flags.writeable = False
        self._table = table
        self._turns.clear()
        return self

    # -- states ---------------------------------------------------------------------------

    def _state(self, card: Scorecard) -> tuple[int, int, int]:
        if not isinstance(card, Scorecard):
            raise IllegalMove(
                msg("A situation needs a Scorecard, not {value}.", value=show_value(card))
            )
        if card.rules != self._rules:
            raise IllegalMove(
                msg(
                    "This card is scored by the {card} rules, but the solver solves {rules}.",
                    card=card.rules.name,
                    rules=self._rules.name,
                )
            )
        mask = sum(1 << _BOX_INDEX[box] for box in card.filled)
        up = min(card.upper_total, st.layout(self._rules).cap)
        flag = int(st.uses_flag(self._rules) and card.points("penta") == self._rules.penta_points)
        return mask, up, flag

    def _index(self, mask: int, up: int, flag: int) -> int:
        """The state's index in this solver's table."""
        return int(st.layout(self._rules).index(mask, up, flag))

    def expected_score(self) -> float:
        """The optimal expected final score of a whole solitaire game."""
        return float(self.table[self._index(0, 0, 0)])

    def expected_final(self, card: Scorecard) -> float:
        """The expected final score from the start of a turn on ``card`` (points included)."""
        return card.total + self.state_value(card)

    def state_value(self, card: Scorecard) -> float:
        """The expected points still to come from the start of a turn on ``card``.

        >>> Solver().state_value(Scorecard.from_filled({**dict.fromkeys(BOXES, 0), "chance": 20}))
        0.0
        """
        mask, up, flag = self._state(card)
        if mask == (1 << len(BOXES)) - 1:
            return 0.0
        return float(self.table[self._index(mask, up, flag)])

    def _turn(self, card: Scorecard) -> _Turn:
        mask, up, flag = self._state(card)
        if card.is_complete:
            raise IllegalMove(msg("The scorecard is complete: there are no dice to score."))
        key = self._index(mask, up, flag)
        with self._lock:
            turn = self._turns.get(key)
            if turn is not None:
                self._turns.move_to_end(key)
                return turn
        T = st.tables()
        n = len(T.probs)
        rolls = np.arange(n)
        values = st.box_values(
            self._rules,
            self._table_for(mask),
            np.full(n, mask),
            np.full(n, up),
            np.full(n, flag),
            rolls,
        )
        now = values.max(axis=1)
        K = np.empty((T.n_keeps, 1))
        M = np.empty((T.n_keeps, 1))
        one_left = st.keep_values(now[:, None], K, M)
        keep_1 = K[:, 0].copy()
        st.keep_values(one_left.copy(), K, M)
        keep_2 = K[:, 0].copy()
        turn = _Turn(values, now, keep_1, keep_2)
        with self._lock:
            self._turns[key] = turn
            if len(self._turns) > 256:
                self._turns.popitem(last=False)
        return turn

    def _table_for(self, mask: int) -> np.ndarray:
        """The table, except that the last turn needs none (every next state is a full card)."""
        if self._table is None and mask.bit_count() == len(BOXES) - 1:
            table = np.zeros(st.layout(self._rules).n_states)
            return table
        return self.table

    # -- the advisor ------------------------------------------------------------------------

    def option_values(
        self, card: Scorecard, dice: Iterable[int], rolls_left: int
    ) -> dict[Action, float]:
        """Every legal action with its expected FINAL score under optimal play afterwards.

        Actions are box ids (in scorecard order) and, when ``rolls_left`` > 0, keeps: sorted
        tuples of the dice held (every distinct sub-multiset, ``()`` included; holding all
        five is the same as scoring now). Points already on the card are included.

        >>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
        >>> values = Solver().option_values(card, (6, 6, 6, 6, 5), rolls_left=1)
        >>> values["chance"], round(values[(6, 6, 6, 6)], 4)
        (29.0, 27.5)
        """
        dice, rolls_left = self._situation(dice, rolls_left)
        turn = self._turn(card)
        T = st.tables()
        r = T.index[dice] - T.offsets[5]
        total = card.total
        values: dict[Action, float] = {}
        for box in card.options(dice):
            values[box] = total + float(turn.box_values[r, _BOX_INDEX[box]])
        if rolls_left:
            keeps = turn.keep_1 if rolls_left == 1 else turn.keep_2
            for keep in _keeps_of(dice):
                values[keep] = total + float(keeps[T.index[keep]])
        return values

    def best_action(self, card: Scorecard, dice: Iterable[int], rolls_left: int) -> Action:
        """The best action (ties: the first box in scorecard order, then the smallest keep).

        >>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
        >>> Solver().best_action(card, (6, 6, 6, 6, 5), rolls_left=1)
        'chance'
        """
        values = self.option_values(card, dice, rolls_left)
        best = max(values.values())
        return next(action for action, value in values.items() if value >= best - TIE)

    def regret(
        self, card: Scorecard, dice: Iterable[int], rolls_left: int, action: Action
    ) -> float:
        """Expected points lost by ``action`` against the best action (0 for a best one).

        >>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
        >>> round(Solver().regret(card, (6, 6, 6, 6, 5), 1, (6, 6, 6, 6)), 4)
        1.5
        """
        values = self.option_values(card, dice, rolls_left)
        key: Action
        if isinstance(action, str):
            key = check_box(action)
        else:
            key = tuple(sorted_dice(action)) if not isinstance(action, str) else action
        if key not in values:
            raise IllegalMove(
                msg(
                    "{action} is not a legal action here: the actions are {actions}.",
                    action=show_value(action),
                    actions=", ".join(map(repr, values)),
                )
            )
        return max(values.values()) - values[key]

    def fill_chances(
        self, card: Scorecard, dice: Iterable[int], rolls_left: int
    ) -> dict[str, float]:
        """The chance that each open box takes this turn's dice under optimal play from here.

        >>> card = Scorecard.from_filled({box: 0 for box in BOXES if box != "chance"})
        >>> Solver().fill_chances(card, (6, 6, 6, 6, 5), rolls_left=1)
        {'chance': 1.0}
        """
        dice, rolls_left = self._situation(dice, rolls_left)
        turn = self._turn(card)
        T = st.tables()
        r = T.index[dice] - T.offsets[5]
        dist = _fill_distribution(turn, rolls_left)
        chances = dist[r]
        return {box: float(chances[_BOX_INDEX[box]]) for box in card.open_boxes}

    def _situation(self, dice: Iterable[int], rolls_left: int) -> tuple[tuple[int, ...], int]:
        if not is_whole(rolls_left) or not 0 <= int(rolls_left) <= 2:
            raise IllegalMove(
                msg(
                    "Rolls left is a whole number from 0 to 2, not {value}.",
                    value=show_value(rolls_left),
                )
            )
        return sorted_dice(dice, 5), int(rolls_left)


def _keeps_of(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """The distinct proper sub-multisets of the sorted dice, by size then value."""
    found = {combo for size in range(5) for combo in itertools.combinations(dice, size)}
    return sorted(found, key=lambda keep: (len(keep), keep))


def _fill_distribution(turn: _Turn, rolls_left: int) -> np.ndarray:
    """(252, 13): for each roll, the chance each box is filled this turn, playing optimally."""
    T = st.tables()
    n = len(T.probs)
    best_box = first_best(turn.box_values)
    dist = np.zeros((n, len(BOXES)))
    dist[np.arange(n), best_box] = 1.0
    score_now = dist.copy()
    for keeps in (turn.keep_1, turn.keep_2)[:rolls_left]:
        candidates = keeps[T.sub_keeps]  # (252, 31)
        pick = candidates.argmax(axis=1)
        keep = T.sub_keeps[np.arange(n), pick]
        stop = turn.now >= candidates.max(axis=1) - TIE
        after = T.transition[keep] @ dist
        dist = np.where(stop[:, None], score_now, after)
    return dist


def first_best(values: np.ndarray) -> np.ndarray:
    """Index of the first value within :data:`TIE` of each row's best (the solver's tie rule).

    >>> first_best(np.array([[1.0, 3.0, 3.0 - 1e-12], [2.0, 1.0, 0.0]]))
    array([1, 0])
    """
    best = values.max(axis=1, keepdims=True)
    return np.argmax(values >= best - TIE, axis=1)


_MOVED = {
    "SimulationResult": "dicelab.penta.simulate",
    "simulate": "dicelab.penta.simulate",
    "OptimalPlayer": "dicelab.penta.players",
    "main": "dicelab.penta.__main__",
}
"""Names that moved out of this module, still importable from it (looked up by name when asked:
the simulation, the player and the command line build on the solver, never the other way)."""


def __getattr__(name: str) -> Any:
    """``simulate``, ``SimulationResult``, ``OptimalPlayer`` and ``main`` live elsewhere now."""
    if name in _MOVED:
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":  # python -m dicelab.penta.solver: the command line of dicelab.penta
    runpy.run_module("dicelab.penta", run_name="__main__", alter_sys=True)
