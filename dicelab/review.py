"""Game reviews: every decision of a player beside the best one, and what it cost.

Both games review a played game the same way (:func:`dicelab.penta.review.review`,
:func:`dicelab.farkle.review.review`): one :class:`Decision` per choice a seat made, valued
by the game's exact solver, gathered in a :class:`Review` with the total and mean loss, the
loss by kind of decision, a proficiency label and the costliest decisions explained in words.

>>> d = Decision(seat=0, player="Ada", round=1, roll=1, kind="keep", situation="- | ...",
...              choice=(3, 3), best=(3, 3, 3), choice_label=Message("keep 3 3"),
...              best_label=Message("keep 3 3 3"), choice_value=250.0, best_value=251.5)
>>> review = Review("penta", "points", (d,))
>>> review.total_loss, str(review.proficiency)
(1.5, 'Weak')
>>> review.kinds()["keep"]
KindSummary(count=1, loss=1.5)
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.i18n import N_, Message, format_number, format_percent, msg, nmsg
from dicelab.numbers import is_whole, show_value

__all__ = [
    "KIND_NAMES",
    "SCALES",
    "Decision",
    "KindSummary",
    "Number",
    "Percent",
    "Review",
    "check_seat",
    "proficiency",
]

TIE = 1e-9
"""Losses below this are ties with the best choice: they count as 0."""


class Number(Message):
    """A number shown in the language of the message around it (``decimals`` after the point).

    >>> str(msg("{x} points", x=Number(1234.56, 1)))
    '1,234.6 points'
    """

    def __init__(self, value: float, decimals: int = 1) -> None:
        super().__init__("", {"value": float(value), "decimals": int(decimals)})

    def render(self, lang: str | None = None) -> str:
        return format_number(self.params["value"], lang, decimals=self.params["decimals"])


class Percent(Number):
    """A chance (0 to 1) shown as a percentage in the language of the message around it.

    >>> str(Percent(0.4213))
    '42.1%'
    """

    def render(self, lang: str | None = None) -> str:
        return format_percent(self.params["value"], lang, decimals=self.params["decimals"])


KIND_NAMES = {
    "keep": N_("Keeps"),
    "upper": N_("Upper boxes"),
    "lower": N_("Lower boxes"),
    "joker": N_("Jokers"),
    "set_aside": N_("Set-asides"),
    "bank_or_roll": N_("Bank or roll"),
}
"""The kinds of decision (Penta: keep, upper, lower, joker; Farkle: set_aside, bank_or_roll)."""


@dataclass(frozen=True)
class Decision:
    """One choice of one seat, beside the best choice.

    * ``round``: the round (Penta 1 to 13) or the seat's turn (Farkle, from 1);
      ``roll``: how many rolls the turn had made when the choice came;
    * ``situation``: the situation in the game's notation;
    * ``choice``/``best``: the actions (Penta: a box id or a keep, the dice held; Farkle: the
      dice set aside, or ``"bank"``/``"roll"``), with ``*_label`` to show them;
    * ``choice_value``/``best_value``: the solver's values (Penta: expected final score;
      Farkle: expected turn points, or the chance to win);
    * ``choice_sd``/``best_sd``: Penta, the standard deviation of the final score after each;
    * ``choice_farkle``/``best_farkle``: Farkle, the chance that the next roll farkles
      (``None`` when banking: there is no next roll);
    * ``explanation``: why the best is better, in words (the costliest decisions only).
    """

    seat: int
    player: str
    round: int
    roll: int
    kind: str
    situation: str
    choice: Any
    best: Any
    choice_label: Message
    best_label: Message
    choice_value: float
    best_value: float
    choice_sd: float | None = None
    best_sd: float | None = None
    choice_farkle: float | None = None
    best_farkle: float | None = None
    explanation: Message | None = None

    @property
    def loss(self) -> float:
        """``best_value - choice_value``: 0 when the choice ties the best, never negative."""
        gap = self.best_value - self.choice_value
        return gap if gap > TIE else 0.0

    @property
    def is_best(self) -> bool:
        """The choice is (tied with) the best one."""
        return self.loss == 0.0


@dataclass(frozen=True)
class KindSummary:
    """How many decisions of one kind, and their total loss."""

    count: int
    loss: float

    @property
    def mean_loss(self) -> float:
        """Loss per decision of this kind (0 when there is none)."""
        return self.loss / self.count if self.count else 0.0


# Proficiency scales: (upper bound of the mean loss per decision, label), best first. The
# dicelab's own scale (names and thresholds), modelled on Verhoeff's proficiency test for Yahtzee
# (excellent below 0.2 points per choice); no source publishes it for Penta or Farkle.
LABELS = (N_("Excellent"), N_("Good"), N_("Fair"), N_("Weak"), N_("Beginner"))
SCALES: dict[tuple[str, str], tuple[float, ...]] = {
    ("penta", "points"): (0.2, 0.5, 1.0, 2.0),
    ("farkle", "points"): (2.0, 5.0, 10.0, 25.0),
    ("farkle", "win"): (0.0005, 0.0015, 0.004, 0.01),
}
"""Upper bounds of the mean loss per decision for Excellent, Good, Fair and Weak (else
Beginner), by (game, measure). Farkle's "win" losses are chances (0.01 = 1 percentage point)."""


def check_seat(seat: object, seats: int) -> int | None:
    """``None`` (every seat) or a seat number from 0 to ``seats - 1``, else IllegalMove.

    >>> check_seat(None, 2), check_seat(1, 2)
    (None, 1)
    >>> check_seat(2, 2)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: There is no seat 2: the seats are numbered 0 to 1.
    """
    if seat is None:
        return None
    if is_whole(seat) and 0 <= int(seat) < seats:
        return int(seat)
    raise IllegalMove(
        msg(
            "There is no seat {index}: the seats are numbered 0 to {last}.",
            index=show_value(seat),
            last=seats - 1,
        )
    )


def proficiency(game: str, measure: str, mean_loss: float) -> Message:
    """The label of a mean loss per decision on the scale of ``(game, measure)``.

    >>> str(proficiency("penta", "points", 0.15)), str(proficiency("penta", "points", 3.0))
    ('Excellent', 'Beginner')
    """
    for bound, label in zip(SCALES[(game, measure)], LABELS, strict=False):
        if mean_loss < bound:
            return msg(label)
    return msg(LABELS[-1])


@dataclass(frozen=True)
class Review:
    """The decisions of a game (of one seat, or of all) with their losses.

    ``game`` is ``"penta"`` or ``"farkle"``; ``measure`` what the values are: ``"points"``
    (expected points) or ``"win"`` (Farkle: the chance to win, losses in chance).
    """

    game: str
    measure: str
    decisions: tuple[Decision, ...]
    explained: int = 3

    @property
    def total_loss(self) -> float:
        """The sum of the losses."""
        return math.fsum(d.loss for d in self.decisions)

    @property
    def mean_loss(self) -> float:
        """The loss per decision (0 with no decision)."""
        return self.total_loss / len(self.decisions) if self.decisions else 0.0

    @property
    def proficiency(self) -> Message:
        """The proficiency label of :attr:`mean_loss` (see :data:`SCALES`)."""
        return proficiency(self.game, self.measure, self.mean_loss)

    def kinds(self) -> dict[str, KindSummary]:
        """Count and loss of each kind of decision (every kind of the game, even unseen)."""
        kinds = ("set_aside", "bank_or_roll") if self.game == "farkle" else tuple(KIND_NAMES)[:4]
        out = {}
        for kind in kinds:
            losses = [d.loss for d in self.decisions if d.kind == kind]
            out[kind] = KindSummary(len(losses), math.fsum(losses))
        return out

    def costliest(self, n: int | None = None) -> tuple[Decision, ...]:
        """The ``n`` (default 3) decisions that lost the most, costliest first (losses only)."""
        n = self.explained if n is None else n
        ranked = sorted(
            (d for d in self.decisions if d.loss > 0), key=lambda d: d.loss, reverse=True
        )
        return tuple(ranked[:n])

    def for_seat(self, seat: int) -> Review:
        """The review of one seat's decisions."""
        return replace(self, decisions=tuple(d for d in self.decisions if d.seat == seat))

    # -- words ------------------------------------------------------------------------------

    def _amount(self, value: float) -> Message:
        if self.measure == "win":
            return msg("{points} percentage points", points=Number(100 * value, 2))
        return msg("{points} points", points=Number(value, 2))

    def summary(self) -> Message:
        """One line: decisions, total loss, loss per decision and the proficiency label.

        >>> str(Review("penta", "points", ()).summary())
        '0 decisions, total loss 0.00 points, 0.00 points per decision: Excellent.'
        """
        return msg(
            "{decisions}, total loss {total}, {mean} per decision: {label}.",
            decisions=nmsg("{n} decision", "{n} decisions", len(self.decisions)),
            total=self._amount(self.total_loss),
            mean=self._amount(self.mean_loss),
            label=self.proficiency,
        )

    # -- export -----------------------------------------------------------------------------

    COLUMNS = (
        "seat",
        "player",
        "round",
        "roll",
        "kind",
        "situation",
        "choice",
        "best",
        "choice_value",
        "best_value",
        "loss",
        "choice_sd",
        "best_sd",
        "choice_farkle",
        "best_farkle",
    )
    """The CSV columns (stable field names; ``choice`` and ``best`` in the current language)."""

    def to_csv(self) -> str:
        """Every decision as CSV, one row each, with a header of :attr:`COLUMNS`."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.COLUMNS)
        for d in self.decisions:
            writer.writerow(
                [
                    d.seat,
                    d.player,
                    d.round,
                    d.roll,
                    d.kind,
                    d.situation,
                    str(d.choice_label),
                    str(d.best_label),
                    _plain(d.choice_value),
                    _plain(d.best_value),
                    _plain(d.loss),
                    _plain(d.choice_sd),
                    _plain(d.best_sd),
                    _plain(d.choice_farkle),
                    _plain(d.best_farkle),
                ]
            )
        return out.getvalue()

    def to_markdown(self) -> str:
        """The review as a Markdown document in the current language: summary, losses by
        kind, the costliest decisions explained, and a table of every decision."""
        title = msg("Penta game review") if self.game == "penta" else msg("Farkle game review")
        lines = [f"# {title}", "", str(self.summary()), ""]
        lines += [f"## {msg('Losses by kind')}", ""]
        lines += _table(
            [msg("Kind"), msg("Decisions"), msg("Loss"), msg("Loss per decision")],
            [
                [
                    msg(KIND_NAMES[kind]),
                    str(s.count),
                    str(self._amount(s.loss)),
                    str(self._amount(s.mean_loss)),
                ]
                for kind, s in self.kinds().items()
            ],
        )
        costly = self.costliest()
        if costly:
            lines += ["", f"## {msg('Costliest decisions')}", ""]
            for i, d in enumerate(costly, start=1):
                head = msg(
                    "Round {round}, roll {roll}: {choice} instead of {best} (loss {loss})",
                    round=d.round,
                    roll=d.roll,
                    choice=d.choice_label,
                    best=d.best_label,
                    loss=self._amount(d.loss),
                )
                lines += [f"{i}. {head}", f"   `{d.situation}`"]
                if d.explanation is not None:
                    lines.append(f"   {d.explanation}")
        lines += ["", f"## {msg('Every decision')}", ""]
        headers = [msg("Player"), msg("Round"), msg("Roll"), msg("Situation"), msg("Choice")]
        headers += [msg("Best"), msg("Loss")]
        rows = []
        for d in self.decisions:
            rows.append(
                [
                    d.player,
                    str(d.round),
                    str(d.roll),
                    f"`{d.situation}`",
                    str(d.choice_label),
                    str(d.best_label),
                    str(Number(100 * d.loss if self.measure == "win" else d.loss, 2)),
                ]
            )
        lines += _table(headers, rows)
        return "\n".join(lines) + "\n"


def _plain(value: float | None) -> str:
    """A number for CSV: plain, with up to 10 significant decimals ('' for none)."""
    if value is None:
        return ""
    return f"{value:.10g}"


def _table(headers: Sequence[object], rows: Sequence[Sequence[object]]) -> list[str]:
    def cell(value: object) -> str:
        return str(value).replace("|", "\\|")

    lines = ["| " + " | ".join(cell(h) for h in headers) + " |"]
    lines.append("|" + "|".join("---" for _ in headers) + "|")
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return lines
