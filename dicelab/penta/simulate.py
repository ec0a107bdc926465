"""Play many solitaire Penta games with the optimal player, fast, seeded and reproducible.

Every game is played by the exact optimal strategy of :class:`~dicelab.penta.solver.Solver`
(ties broken as the solver breaks them), a whole batch at once with NumPy: the simulated
mean can be set beside the exact expected score.

>>> from dicelab.penta.solver import Solver
>>> result = simulate(2000, "official", seed=1)
>>> exact = Solver("official").expected_score()
>>> abs(result.mean - exact) < 4 * result.std_error
True

Import the function as ``from dicelab.penta.simulate import simulate`` (or use
``dicelab.penta.simulate(...)``, the package's name for it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dicelab.errors import IllegalMove
from dicelab.i18n import format_number, msg
from dicelab.numbers import check_seed, is_whole, show_value
from dicelab.penta import solver_tables as st
from dicelab.penta.rules import BOXES, Rules, upper_bonus_earned
from dicelab.penta.solver import TIE, Solver, first_best

__all__ = ["SimulationResult", "simulate"]


@dataclass(frozen=True)
class SimulationResult:
    """Final scores of ``n`` simulated solitaire games and their summary.

    ``box_points`` (when recorded) is an ``(n, 15)`` array: the points each game put in each
    of the 13 boxes (scorecard order), then its upper bonus and its Penta bonuses; each row
    sums to the game's score.
    """

    rules: str
    seed: int | None
    scores: np.ndarray
    box_points: np.ndarray | None = None

    def box_means(self) -> dict[str, float]:
        """The average points of each box, then ``"upper_bonus"`` and ``"penta_bonus"``.

        >>> result = simulate(200, "official", seed=1)
        >>> means = result.box_means()
        >>> list(means)[-3:], bool(abs(sum(means.values()) - result.mean) < 1e-9)
        (['penta', 'upper_bonus', 'penta_bonus'], True)
        """
        if self.box_points is None:
            raise ValueError("these games were not recorded box by box")
        names = (*BOXES, "upper_bonus", "penta_bonus")
        means = self.box_points.mean(axis=0) if self.n else np.zeros(len(names))
        return {name: float(mean) for name, mean in zip(names, means, strict=True)}

    @property
    def n(self) -> int:
        return len(self.scores)

    @property
    def mean(self) -> float:
        return float(self.scores.mean())

    @property
    def std(self) -> float:
        """Standard deviation (n - 1 in the denominator)."""
        return float(self.scores.std(ddof=1)) if self.n > 1 else 0.0

    @property
    def std_error(self) -> float:
        """Standard error of :attr:`mean`."""
        return float(self.std / np.sqrt(self.n)) if self.n else float("nan")

    def percentiles(self, qs: Sequence[float] = (1, 5, 10, 25, 50, 75, 90, 95, 99)) -> dict:
        """Percentiles of the final score."""
        return {q: float(v) for q, v in zip(qs, np.percentile(self.scores, qs), strict=True)}

    def summary(self) -> str:
        """One line: games, mean ± standard error, standard deviation, median."""
        return str(
            msg(
                "{n} games ({rules}): mean {mean} ± {se}, standard deviation {sd}, "
                "median {median}, min {low}, max {high}",
                n=self.n,
                rules=self.rules,
                mean=format_number(self.mean, decimals=2),
                se=format_number(self.std_error, decimals=2),
                sd=format_number(self.std, decimals=2),
                median=format_number(float(np.median(self.scores)), decimals=0),
                low=int(self.scores.min()),
                high=int(self.scores.max()),
            )
        )


def simulate(
    n: int,
    rules: Rules | str | None = None,
    seed: int | np.random.Generator | None = None,
    *,
    solver: Solver | None = None,
    block: int = 8192,
) -> SimulationResult:
    """Play ``n`` solitaire games with the optimal player, all at once (seeded NumPy dice).

    >>> result = simulate(20, "official", seed=1)
    >>> result.n, bool(100 < result.mean < 400)
    (20, True)
    """
    if not is_whole(n) or int(n) < 0:
        raise IllegalMove(
            msg("The number of games is a whole number, not {value}.", value=show_value(n))
        )
    n = int(n)
    solver = solver if solver is not None else Solver(rules)
    if seed is not None and not isinstance(seed, np.random.Generator):
        seed = check_seed(seed)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    played = [_play(solver, min(block, n - start), rng) for start in range(0, n, block)]
    boxes = np.concatenate(played or [np.zeros((0, len(BOXES) + 2), dtype=np.int64)])
    return SimulationResult(
        solver.rules.name,
        seed if not isinstance(seed, np.random.Generator) else None,
        boxes.sum(axis=1),
        boxes,
    )


def _solve_states(rules: Rules, V: np.ndarray, mask, up, flag, inputs: tuple):
    """The turns of the states, by the solver's compiled kernel
    (:func:`~dicelab.penta.solver_kernel.state_turns`; ``inputs``: its
    :func:`~dicelab.penta.solver_tables.kernel_inputs`), with the same filled boxes and flag
    side by side: (252, S) final-roll values, (462, S) keep values with 1 and 2 rolls left,
    and the column of each state given."""
    from dicelab.penta.solver_kernel import state_turns  # numba: only when games are played

    T = st.tables()
    lay = st.layout(rules)
    order = np.lexsort((up, flag, mask))
    mask, up, flag = (np.ascontiguousarray(a[order], dtype=np.int64) for a in (mask, up, flag))
    first = np.flatnonzero(np.r_[True, (mask[1:] != mask[:-1]) | (flag[1:] != flag[:-1])])
    starts = np.r_[first, len(mask)].astype(np.int64)
    n = len(mask)
    now = np.empty((len(T.probs), n))
    keep_1 = np.empty((T.n_keeps, n))
    keep_2 = np.empty((T.n_keeps, n))
    table = np.ascontiguousarray(V).reshape(1 << len(BOXES), lay.n_up, 2)
    state_turns(table, mask[first], flag[first], starts, up, *inputs, now, keep_1, keep_2)
    column = np.empty_like(order)
    column[order] = np.arange(n)
    return now, keep_1, keep_2, column


def _play(solver: Solver, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` games: the points of each game in each box, the upper bonus, the Penta bonuses."""
    rules = solver.rules
    V = solver.table
    T = st.tables()
    lay = st.layout(rules)
    mask = np.zeros(n, dtype=np.int64)
    up = np.zeros(n, dtype=np.int64)
    flag = np.zeros(n, dtype=np.int64)
    points_in = np.zeros((n, len(BOXES) + 2), dtype=np.int64)
    games = np.arange(n)
    inputs = st.kernel_inputs(rules)
    for _ in range(len(BOXES)):
        key = lay.index(mask, up, flag)
        unique, which = np.unique(key, return_inverse=True)
        umask, uup, uflag = lay.split(unique)
        now, keep_1, keep_2, column = _solve_states(rules, V, umask, uup, uflag, inputs)
        which = column[which]
        roll = st.roll_rows(rng.integers(1, 7, size=(n, 5)))
        stopped = np.zeros(n, dtype=bool)
        for keeps in (keep_2, keep_1):
            subs = T.sub_keeps[roll]  # (n, 31)
            candidates = keeps[subs, which[:, None]]
            pick = candidates.argmax(axis=1)
            stop = stopped | (now[roll, which] >= candidates[games, pick] - TIE)
            keep = subs[games, pick]
            fresh = rng.integers(1, 7, size=(n, 5))
            held = np.arange(5) < T.keep_size[keep][:, None]
            dice = np.where(held, T.keep_dice[keep], fresh)
            roll = np.where(stop, roll, st.roll_rows(dice))
            stopped = stop
        values = st.box_values(rules, V, mask, up, flag, roll)
        box = first_best(values)
        points, bonus = st.legal_points(rules, mask, flag, roll)
        gained = points[games, box]
        points_in[games, box] = gained
        points_in[:, -1] += bonus
        upper = box < len(st.UPPER)
        raw_up = up + np.where(upper, gained, 0)
        points_in[:, -2] += upper_bonus_earned(rules, up, raw_up)  # ``up`` capped: exact
        up = np.minimum(raw_up, lay.cap)
        is_penta = box == st.PENTA
        flag = np.where(is_penta, (gained == rules.penta_points) & st.uses_flag(rules), flag)
        mask = mask | (1 << box)
    return points_in
