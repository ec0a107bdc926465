"""A class's results: many result codes read at once, each game replayed, scored and reviewed
beside optimal play, and the decision where the class as a whole lost the most.

A teacher collects the learners' result codes (:mod:`dicelab.classroom`) as text, one code a
line, a name before it if wanted (``docs/classroom.md``, "The teacher's dashboard"):

>>> code = example_codes(1)[0][1]  # a game on seed 42's duplicate dice
>>> text = f"Ada: {code}\\nBea, P1-X0\\n\\n"
>>> results = read_class(text)
>>> [(r.line, r.name) for r in results.results]
[(1, 'Ada')]
>>> [(r.line, r.name, str(r.reason)) for r in results.refusals]  # doctest: +ELLIPSIS
[(2, 'Bea', 'This result code has a typo or was changed: it is too short.')]
>>> print(results.summary())
1 code read, 1 refused.

Each learner's row (:class:`LearnerResult`) has the score, the optimal player's score on the
same dice (Penta) or the optimal turn's on the same turns (Farkle), the computer's total when
the game had one, and the mean loss per decision from the game's review.
:meth:`ClassResults.costliest` finds the situation where the class lost the most points in
all (:class:`Discussion`), and :meth:`ClassResults.to_csv` writes the table.
"""

from __future__ import annotations

import csv
import io
import math
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.classroom.codes import read_result_code, result_code
from dicelab.errors import IllegalMove, Said
from dicelab.farkle import game as farkle_game
from dicelab.i18n import Message, msg, nmsg
from dicelab.numbers import check_seed, check_whole, is_whole, show_value
from dicelab.penta import game as penta_game
from dicelab.review import Decision, Review

__all__ = [
    "SORT_KEYS",
    "ChoiceCount",
    "ClassResults",
    "Discussion",
    "LearnerResult",
    "Refusal",
    "check_size",
    "check_sort_key",
    "check_upload",
    "example_codes",
    "missing_tables",
    "optimal_farkle_turn",
    "optimal_penta_score",
    "optimal_scores",
    "read_class",
    "read_learner",
    "safe_cell",
    "split_line",
    "warm_up",
]

Game = penta_game.Game | farkle_game.Game

SEPARATORS = ",;\t:"
"""What may stand between a learner's name and the code on a line (the last one counts)."""
_FIELDS = re.compile(r"[,;\t]")
MAX_LINES = 1000
"""The most lines read at once (a class, not a database)."""
MAX_TEXT = 2_000_000
"""The most characters read at once."""
MAX_NAME = 60
"""The most characters of a learner's name kept (a longer one is cut, with "…")."""
MAX_UPLOAD = 4 * MAX_TEXT
"""The largest file read (bytes): :data:`MAX_TEXT` characters of four bytes each in UTF-8,
below the 10 MiB a page's message to the kernel may hold by default."""
SIMULATED = 4000
"""Games of the optimal player simulated for the distribution of optimal scores."""
SORT_KEYS = ("score", "name", "mean_loss", "difference", "line")
"""What the table can be sorted by."""


def check_sort_key(key: object) -> str:
    """``key`` if the table can be sorted by it (one of :data:`SORT_KEYS`), else
    :class:`~dicelab.IllegalMove` naming the keys.

    >>> check_sort_key("score")
    'score'
    """
    if not isinstance(key, str) or key not in SORT_KEYS:
        raise IllegalMove(
            msg(
                "The table is sorted by one of {keys}, not {value}.",
                keys=", ".join(SORT_KEYS),
                value=show_value(key),
            )
        )
    return key


def check_size(text: str) -> str:
    """``text`` if a class's codes can be that long (:data:`MAX_TEXT` characters), else
    :class:`~dicelab.IllegalMove`.

    >>> check_size("Ada: P1-000YM")
    'Ada: P1-000YM'
    """
    if len(text) > MAX_TEXT:
        raise IllegalMove(
            msg("This text is too long for a class: at most {n} characters.", n=MAX_TEXT)
        )
    return text


def check_upload(name: str, content: bytes, size: int | None = None) -> str:
    """The text of an uploaded file (UTF-8, with or without a byte-order mark), refused with
    words that say the limit when it is larger than :data:`MAX_UPLOAD` bytes (before it is
    decoded) or not text. ``size`` is the file's size as the browser tells it: the page
    sends a larger file's name and size without its content (``frontend/src/widgets.js``).

    >>> check_upload("class.txt", b"x" * (MAX_UPLOAD + 1))
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: The file 'class.txt' is too large: 8,000,001 bytes; the \
dashboard reads files of at most 8,000,000 bytes (2,000,000 characters). Split the class \
into several files.
    """
    bytes_ = max(len(content), int(size) if is_whole(size) else 0)
    if bytes_ > MAX_UPLOAD:
        raise IllegalMove(
            msg(
                "The file {name} is too large: {size} bytes; the dashboard reads files of at "
                "most {limit} bytes ({n} characters). Split the class into several files.",
                name=show_value(name),
                size=bytes_,
                limit=MAX_UPLOAD,
                n=MAX_TEXT,
            )
        )
    if b"\0" in content[:4096]:
        raise IllegalMove(
            msg(
                "The file {name} is not text: upload a .txt or .csv file with one code a line.",
                name=show_value(name),
            )
        )
    return check_size(bytes(content).decode("utf-8-sig", "replace"))


# -- lines ---------------------------------------------------------------------------------


def split_line(line: str) -> tuple[str | None, str]:
    """A line's learner name (``None`` if none) and its code, spaces and quotes stripped.

    The code is after the last ``,``, ``;``, tab or ``:`` of the line; a name with more
    fields before it (a spreadsheet's row) keeps its last field.

    >>> split_line("  Ada: P1-000YM-3R100 ")
    ('Ada', 'P1-000YM-3R100')
    >>> split_line('2026-12-01 10:04,"Ada Lovelace",P1-000YM')
    ('Ada Lovelace', 'P1-000YM')
    >>> split_line("P1-000YM-3R100")
    (None, 'P1-000YM-3R100')
    """
    at = max(line.rfind(sep) for sep in SEPARATORS)
    if at < 0:
        return None, line.strip().strip('"')
    name, code = line[:at], line[at + 1 :].strip().strip('"')
    fields = [f.strip().strip('"').strip() for f in _FIELDS.split(name)]
    fields = [f for f in fields if f]
    return (_short_name(fields[-1]) if fields else None), code


def _short_name(name: str) -> str:
    """A learner's name of at most :data:`MAX_NAME` characters (longer: cut, with "…").

    >>> len(_short_name("A" * 500))
    60
    """
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell a spreadsheet would read as a formula begins (OWASP's list)."""


def safe_cell(value: object) -> object:
    """A CSV cell a spreadsheet opens as text: text beginning as a formula does (``=``,
    ``+``, ``-``, ``@``, tab, carriage return) gets a ``'`` in front; numbers stay numbers.

    >>> [safe_cell(text) for text in ("=1+2", "-2+3", "@SUM(A1)", "Ada")]
    ["'=1+2", "'-2+3", "'@SUM(A1)", 'Ada']
    >>> safe_cell(-3)
    -3
    """
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def _lines(text: str) -> list[tuple[int, str | None, str]]:
    """(line number, name, code) of every line with something on it; a first line with no
    digit after its separator (but something) is a spreadsheet's header and is skipped."""
    out: list[tuple[int, str | None, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, code = split_line(line)
        if not out and name is not None and code and not any(c.isdigit() for c in code):
            continue  # "name,code": a header
        out.append((number, name, code))
    return out


# -- one learner ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """A line that was not read: its number, the name on it, what was pasted, and why."""

    line: int
    name: str | None
    text: str
    reason: Said


@dataclass(frozen=True)
class LearnerResult:
    """One learner's game, read from a code, with its score and its review.

    ``seat`` is the learner's seat (the game's first human seat); ``optimal`` the score of
    the comparison on the same dice (Penta: the optimal player's final score with the same
    seed and duplicate dice; Farkle: what the optimal turn banks on the same dice in as many
    turns), ``None`` without duplicate dice.
    """

    line: int
    name: str | None
    code: str
    game: Any
    seat: int
    review: Review
    optimal: int | None = None

    @property
    def kind(self) -> str:
        """``"penta"`` or ``"farkle"``."""
        return "penta" if isinstance(self.game, penta_game.Game) else "farkle"

    @property
    def score(self) -> int:
        """The learner's total."""
        return int(self.game.totals[self.seat])

    @property
    def finished(self) -> bool:
        """The game is over."""
        return bool(self.game.is_over)

    @property
    def turns(self) -> int:
        """Rounds scored (Penta) or turns played (Farkle) by the learner."""
        if self.kind == "penta":
            return len(self.game.cards[self.seat].filled)
        return sum(1 for e in self.game.events if e.ends_turn and e.seat == self.seat)

    @property
    def per_turn(self) -> float:
        """Points per round or turn played (0 before the first)."""
        return self.score / self.turns if self.turns else 0.0

    @property
    def rival(self) -> int | None:
        """The computer seat's total in the same game (``None``: no computer seat)."""
        for number, seat in enumerate(self.game.seats):
            if _is_computer(seat):
                return int(self.game.totals[number])
        return None

    @property
    def won(self) -> bool | None:
        """The learner won (or shared the win); ``None`` alone or before the end."""
        if len(self.game.seats) < 2 or not self.finished:
            return None
        return self.seat in self.game.winners

    @property
    def difference(self) -> int | None:
        """``score - optimal`` (``None`` without a comparison)."""
        return None if self.optimal is None else self.score - self.optimal

    @property
    def decisions(self) -> int:
        """How many decisions the review valued."""
        return len(self.review.decisions)

    @property
    def mean_loss(self) -> float:
        """Expected points lost per decision (the review's, by points)."""
        return self.review.mean_loss

    @property
    def rules(self) -> str:
        """The rules preset's name."""
        return str(self.game.rules.name)

    def label(self) -> Message:
        """The name, or "line n" when the line gave none."""
        if self.name:
            return msg("{name}", name=self.name)
        return msg("line {n}", n=self.line)


def _is_computer(seat: Any) -> bool:
    return bool(getattr(seat, "is_computer", False) or getattr(seat, "computer", False))


def _learner_seat(game: Game) -> int:
    for number, seat in enumerate(game.seats):
        if not _is_computer(seat):
            return number
    raise IllegalMove(msg("This code holds a game of the computer alone: no learner played it."))


@lru_cache(maxsize=8)
def _penta_reviewer(rules: Any) -> Any:
    from dicelab.penta.review import Reviewer

    return Reviewer(rules)


def _review(game: Game, seat: int) -> Review:
    if isinstance(game, penta_game.Game):
        from dicelab.penta.review import review

        return review(game, seat, reviewer=_penta_reviewer(game.rules), detail=False)
    from dicelab.farkle.review import review as farkle_review

    return farkle_review(game, seat, by="points")


@lru_cache(maxsize=256)
def optimal_penta_score(rules: Any, seed: int) -> int:
    """The final score of the optimal player alone on ``seed``'s duplicate dice.

    >>> optimal_penta_score("penta", 42)
    178
    """
    game = penta_game.Game(("Optimal",), {0: "optimal"}, rules=rules, seed=seed, duplicate=True)
    game.play_computer_turns()
    return int(game.totals[0])


@lru_cache(maxsize=4096)
def optimal_farkle_turn(rules: Any, seed: int, turn: int) -> int:
    """The points the optimal turn banks on turn ``turn``'s duplicate dice of ``seed``.

    Each roll shows the first faces of :meth:`~dicelab.dice.SeededDice.faces` for the dice in
    play, as in a game; the optimal turn (:func:`~dicelab.farkle.risk.optimal_turn`) sets
    aside and banks to maximise the turn's expected points; a farkle banks 0.

    >>> [optimal_farkle_turn("standard", 42, turn) for turn in (1, 2, 3)]  # 1: a farkle
    [0, 700, 350]
    """
    from dicelab.dice import SeededDice
    from dicelab.farkle.risk import optimal_turn
    from dicelab.farkle.scoring import set_aside_options

    policy = optimal_turn(rules)
    dice = SeededDice(seed)
    points, left = 0, 6
    for roll in range(1, 1000):
        shown = dice.faces("farkle", turn, roll)[:left]
        if not set_aside_options(shown, policy.rules):
            return 0  # a farkle
        choice = policy.best_set_aside(shown, points)
        points, left = points + choice.points, choice.dice_left
        if policy.should_bank(points, left):
            return points
    return points  # pragma: no cover - a turn of 1000 rolls


def _optimal(game: Game, turns: int) -> int | None:
    if not game.duplicate:
        return None
    if isinstance(game, penta_game.Game):
        return optimal_penta_score(game.rules, game.seed)
    return sum(optimal_farkle_turn(game.rules, game.seed, t) for t in range(1, turns + 1))


def read_learner(line: int, name: str | None, code: str) -> LearnerResult:
    """One line's game read, replayed, reviewed and compared; IllegalMove if it is refused."""
    game = read_result_code(code)
    seat = _learner_seat(game)
    result = LearnerResult(line, name, code, game, seat, _review(game, seat))
    return replace(result, optimal=_optimal(game, result.turns))


# -- the situation to discuss --------------------------------------------------------------


@dataclass(frozen=True)
class ChoiceCount:
    """A choice made (or advised) at a situation: how it reads, by whom, and what it lost."""

    label: Message
    learners: tuple[Message, ...]
    loss: float = 0.0

    @property
    def count(self) -> int:
        """How many learners."""
        return len(self.learners)


@dataclass(frozen=True)
class Discussion:
    """The situation where the class lost the most expected points in all.

    ``round`` and ``roll`` as in the review (Farkle: the learner's turn), ``dice`` the dice on
    the table, ``choices`` what the class did (most learners first) and ``best`` what the
    review advised, ``total_loss`` the expected points lost there over the class.
    """

    game: str
    kind: str
    round: int
    roll: int
    dice: tuple[int, ...]
    choices: tuple[ChoiceCount, ...]
    best: tuple[ChoiceCount, ...]
    total_loss: float
    example: Decision = field(repr=False, compare=False)
    points: int | None = None
    """Farkle: the turn's points at the decision (set aside dice included); Penta: None."""
    dice_left: int | None = None
    """Farkle: the dice a roll would roll now; Penta: None."""

    @property
    def learners(self) -> int:
        """How many learners met this situation."""
        return sum(choice.count for choice in self.choices)

    @property
    def mean_loss(self) -> float:
        """Expected points lost per learner who met it."""
        return self.total_loss / self.learners if self.learners else 0.0


def _situation_key(result: LearnerResult, decision: Decision) -> tuple[Any, ...]:
    """Decisions with the same key are the same situation for a discussion.

    Penta: the same seed and dice mode, round, roll and dice (as a set of values; the
    scorecards may differ). Farkle: the same seed and mode, the learner's turn, the roll,
    the kind of decision and the turn's situation (points, dice set aside, the roll).
    """
    game = result.game
    parts = decision.situation.split(" | ")
    if result.kind == "penta":
        dice = next((p for p in parts if p.startswith("dice ")), "")
        shown: Any = tuple(sorted(dice.split()[1:]))
        return (
            "penta",
            result.rules,
            game.seed,
            game.duplicate,
            decision.round,
            decision.roll,
            shown,
        )
    turn = tuple(p for p in parts if not p.startswith("totals"))
    return ("farkle", result.rules, game.seed, game.duplicate, decision.round, decision.kind, turn)


def _dice_of(
    result: LearnerResult, decision: Decision
) -> tuple[tuple[int, ...], int | None, int | None]:
    """The dice on the table at ``decision`` and (Farkle) the turn's points and the dice a
    roll would roll."""
    if result.kind == "penta":
        from dicelab.penta.notation import parse

        return tuple(parse(decision.situation).dice or ()), None, None
    from dicelab.farkle.notation import parse as farkle_parse

    turn = farkle_parse(decision.situation, result.game.rules).turn
    return tuple(turn.last_roll), int(turn.points), int(turn.dice_in_play)


def _counts(
    pairs: Sequence[tuple[Any, Message, Message, float]],
) -> tuple[ChoiceCount, ...]:
    """(action, label, learner, loss) tallied by action, most learners first."""
    learners: dict[Any, list[Message]] = {}
    labels: dict[Any, Message] = {}
    losses: dict[Any, float] = {}
    for action, label, learner, loss in pairs:
        learners.setdefault(action, []).append(learner)
        labels[action] = label
        losses[action] = losses.get(action, 0.0) + loss
    order = sorted(learners, key=lambda a: (-len(learners[a]), losses[a]))
    return tuple(ChoiceCount(labels[a], tuple(learners[a]), losses[a]) for a in order)


def _costliest(results: Sequence[LearnerResult]) -> Discussion | None:
    groups: dict[tuple[Any, ...], list[tuple[LearnerResult, Decision]]] = {}
    for result in results:
        for decision in result.review.decisions:
            groups.setdefault(_situation_key(result, decision), []).append((result, decision))
    totals = {key: math.fsum(d.loss for _, d in group) for key, group in groups.items()}
    if not totals or max(totals.values()) <= 0:
        return None
    key = max(totals, key=lambda k: (totals[k], len(groups[k])))  # first of the largest
    group = groups[key]
    first_result, first = group[0]
    who = [(r, d, r.label()) for r, d in group]
    dice, points, left = _dice_of(first_result, first)
    return Discussion(
        game=first_result.kind,
        kind=first.kind,
        round=first.round,
        roll=first.roll,
        dice=dice,
        choices=_counts([(d.choice, d.choice_label, name, d.loss) for _, d, name in who]),
        best=_counts([(d.best, d.best_label, name, 0.0) for _, d, name in who]),
        total_loss=totals[key],
        example=first,
        points=points,
        dice_left=left,
    )


# -- the class -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassResults:
    """The codes read (:attr:`results`, in the order pasted) and the lines refused."""

    results: tuple[LearnerResult, ...]
    refusals: tuple[Refusal, ...]

    @property
    def game(self) -> str | None:
        """``"penta"`` or ``"farkle"`` (``None`` before a code is read)."""
        return self.results[0].kind if self.results else None

    def summary(self) -> Message:
        """How many codes were read and how many refused.

        >>> print(ClassResults((), ()).summary())
        0 codes read, 0 refused.
        """
        return msg(
            "{read}, {refused}.",
            read=nmsg("{n} code read", "{n} codes read", len(self.results)),
            refused=nmsg("{n} refused", "{n} refused", len(self.refusals)),
        )

    @property
    def class_seed(self) -> int | None:
        """The class game's seed: the one most class-game codes share (the smallest of
        those tied), ``None`` without a class-game code."""
        seeds = Counter(r.game.seed for r in self.results if r.game.duplicate)
        if not seeds:
            return None
        return min(seeds, key=lambda seed: (-seeds[seed], seed))

    def note(self, result: LearnerResult) -> Message | None:
        """Why ``result`` may not be the class's game: a code of an ordinary game (its dice
        were its own), or of another class game (another seed); ``None`` if it is.

        A code proves a legal game on its seed's dice, not that it was played on the class's
        dice without knowing them: the teacher's table marks codes that are not the class
        game's, and a hub's class service deals the dice instead (``docs/classroom.md``).
        """
        seed = self.class_seed
        if not result.game.duplicate:
            return msg("Not a class game: an ordinary game, with dice of its own.")
        if seed is not None and result.game.seed != seed:
            return msg(
                "Another class game: seed {seed}, where the class's is {class_seed}.",
                seed=result.game.seed,
                class_seed=seed,
            )
        return None

    def sorted_by(self, key: str = "score", descending: bool = True) -> tuple[LearnerResult, ...]:
        """The results sorted by ``key`` (one of :data:`SORT_KEYS`); ties keep the pasted
        order. Names sort by their letters (a line without a name last); a missing
        difference sorts last."""
        check_sort_key(key)
        rows = list(self.results)
        if key == "name":
            named = sorted((r for r in rows if r.name), key=lambda r: str(r.name).casefold())
            if descending:
                named.reverse()
            return tuple(named + [r for r in rows if not r.name])
        if key == "difference":
            known = [r for r in rows if r.difference is not None]
            known.sort(key=lambda r: r.difference or 0, reverse=descending)
            return tuple(known + [r for r in rows if r.difference is None])
        value = {"score": lambda r: r.score, "mean_loss": lambda r: r.mean_loss}.get(
            key, lambda r: r.line
        )
        return tuple(sorted(rows, key=value, reverse=descending))

    def costliest(self) -> Discussion | None:
        """The situation with the largest total loss over the class (``None``: no loss).

        Decisions are grouped by situation (see :func:`_situation_key`): with duplicate dice
        every learner faces the same first roll of each round, so a group is what the
        learners did with the same dice at the same moment.
        """
        return _costliest(self.results)

    def optimal_distribution(self) -> np.ndarray | None:
        """Penta: final scores of :data:`SIMULATED` games of the optimal player under the
        class's most common rules (``None`` for Farkle or no code)."""
        if self.game != "penta":
            return None
        rules = Counter(r.rules for r in self.results).most_common(1)[0][0]
        return optimal_scores(rules)

    COLUMNS = (
        "line",
        "name",
        "game",
        "rules",
        "seed",
        "duplicate",
        "finished",
        "turns",
        "score",
        "optimal",
        "difference",
        "computer",
        "won",
        "decisions",
        "mean_loss",
        "proficiency",
        "code",
    )
    """The CSV columns (stable field names; ``proficiency`` in the current language)."""

    def to_csv(self, key: str = "line", descending: bool = False) -> str:
        """The table as CSV with a header row of :attr:`COLUMNS`, sorted as asked; every
        text cell safe to open in a spreadsheet (:func:`safe_cell`).

        >>> ClassResults((), ()).to_csv().splitlines()[0].split(",")[:4]
        ['line', 'name', 'game', 'rules']
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.COLUMNS)

        def plain(value: object) -> object:
            if value is None:
                return ""
            if isinstance(value, bool):
                return "yes" if value else "no"
            return safe_cell(value)

        for r in self.sorted_by(key, descending):
            row = [
                r.line,
                r.name or "",
                r.kind,
                r.rules,
                r.game.seed,
                r.game.duplicate,
                r.finished,
                r.turns,
                r.score,
                r.optimal,
                r.difference,
                r.rival,
                r.won,
                r.decisions,
                f"{r.mean_loss:.4f}",
                str(r.review.proficiency),
                r.code,
            ]
            writer.writerow([plain(v) for v in row])
        return out.getvalue()


def read_class(text: str | bytes) -> ClassResults:
    """Read every line of ``text`` (pasted, or a file's content): see the module.

    Blank lines are skipped; every other line is read (:func:`split_line`) and either
    counted or refused with the reason. Codes of the other game than the class's first
    code are refused (a class plays one game; read them separately).
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig", "replace")
    if not isinstance(text, str):
        raise IllegalMove(msg("The codes are text, not {value}.", value=show_value(text)))
    lines = _lines(check_size(text).lstrip("\ufeff"))
    if len(lines) > MAX_LINES:
        raise IllegalMove(msg("This is too many lines for a class: at most {n}.", n=MAX_LINES))
    results: list[LearnerResult] = []
    refusals: list[Refusal] = []
    for number, name, code in lines:
        try:
            result = read_learner(number, name, code)
            if results and result.kind != results[0].kind:
                raise IllegalMove(_other_game(result.kind))
        except IllegalMove as error:
            refusals.append(Refusal(number, name, code[:60], error.message))
            continue
        results.append(result)
    return ClassResults(tuple(results), tuple(refusals))


def _other_game(kind: str) -> Message:
    if kind == "farkle":
        return msg("This is a Farkle code, and the codes above it are Penta: read them apart.")
    return msg("This is a Penta code, and the codes above it are Farkle: read them apart.")


# -- the optimal player's distribution -----------------------------------------------------


def _scores_path(rules: Any) -> Any:
    """The cache file of the optimal player's scores, named as the solver's table is (a
    house's name made safe for a file name, the rules' digest)."""
    from dicelab.cache import cache_dir
    from dicelab.penta.rules import check_rules
    from dicelab.penta.solver import SOLVER_VERSION, file_label

    rules = check_rules(rules)
    label = f"{file_label(rules)}-{rules.digest}"
    return cache_dir() / f"penta-optimal-scores-{label}-v{SOLVER_VERSION}-n{SIMULATED}.npy"


@lru_cache(maxsize=8)
def optimal_scores(rules: Any = "penta") -> np.ndarray:
    """Final scores of :data:`SIMULATED` solitaire games of the optimal player (seed 0),
    kept in the cache directory beside the solver's table.

    >>> scores = optimal_scores("penta")
    >>> len(scores), bool(240 < scores.mean() < 270)
    (4000, True)
    """
    from dicelab.cache import load_array, save_array
    from dicelab.penta.simulate import simulate

    path = _scores_path(rules)
    scores = load_array(path, (SIMULATED,), np.dtype(np.int64))
    if scores is None:
        scores = np.asarray(simulate(SIMULATED, rules, seed=0).scores, dtype=np.int64)
        save_array(path, scores)
    scores.setflags(write=False)
    return scores


def missing_tables(text: str) -> tuple[str, ...]:
    """The Penta rules of the codes in ``text`` whose solver table is not cached yet (reading
    the class would build it first, a minute or so): their preset names, sorted.

    >>> missing_tables("Ada: F1-...")  # no Penta code
    ()
    """
    from dicelab.penta.rules import PRESETS
    from dicelab.penta.solver import Solver

    if all(Solver(name).path.exists() for name in PRESETS):
        return ()
    needed = set()
    for _, _, code in _lines(text):
        try:
            game = read_result_code(code)
        except IllegalMove:
            continue
        if isinstance(game, penta_game.Game) and not Solver(game.rules).path.exists():
            needed.add(str(game.rules.name))
    return tuple(sorted(needed))


def warm_up(rules: str = "penta") -> None:
    """Load what reading a class needs, where it is cached (never builds a solver's table):
    the Penta solver of ``rules`` and its optimal scores, Farkle's optimal turn."""
    from dicelab.farkle.risk import optimal_turn
    from dicelab.penta.moments import moments_path
    from dicelab.penta.solver import Solver

    if Solver(rules).path.exists() and moments_path(rules).exists():
        _penta_reviewer(rules).solver.build()
        optimal_scores(rules)
    optimal_turn()


# -- example classes -----------------------------------------------------------------------

NAMES = (
    "Ada", "Bea", "Cai", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kim", "Leo", "Mia",
    "Nia", "Oto", "Pia", "Quin", "Rui", "Sam", "Tea", "Uma", "Vik", "Wen", "Xan", "Yui", "Zoe",
    "Aksel", "Bo", "Cleo", "Dara",
)  # fmt: skip
"""Names of the example class (data, not translated)."""


def _noisy_penta(game: penta_game.Game, rng: random.Random, noise: float, player: str) -> None:
    from dicelab.penta import players
    from dicelab.penta.moves import Hold, Roll, Score

    while not game.is_over:
        seat = game.current_player
        if seat is not None and seat.is_computer:
            game.play_computer_step()
            continue
        if rng.random() < noise:
            game.push(rng.choice(game.legal_moves()))
            continue
        action = game.computer_choice(player)
        if isinstance(action, str):
            game.push(Score(action))
        elif game.dice is not None:
            wanted = players.keep_positions(game.dice, action, game.held)
            game.push(Hold(tuple(sorted(wanted))) if wanted != game.held else Roll())
        else:
            game.push(Roll())


def _noisy_farkle(game: farkle_game.Game, rng: random.Random, noise: float) -> None:
    from dicelab.farkle.players import ComputerPlayer

    player = ComputerPlayer()
    while not game.is_over:
        if game.current_seat.computer:
            game.play_computer_step()
        elif rng.random() < noise:
            game.push(rng.choice(game.legal_moves()))
        else:
            game.push(player.choose(game.situation))


def example_codes(
    n: int = 30, seed: int = 42, game: str = "penta", computer: bool = False
) -> list[tuple[str, str]]:
    """``n`` learners' (name, result code), each game played on ``seed``'s duplicate dice by
    a computer player making random moves now and then (from 2% to 32% of its moves,
    learner by learner; Penta with the heuristic player, every fourth learner the optimal
    one; Farkle with the usual computer player; Farkle to 5,000 against the computer,
    Penta alone unless ``computer``).

    >>> [name for name, _ in example_codes(3)]
    ['Ada', 'Bea', 'Cai']
    """
    count = check_whole(n)
    if not 0 <= count <= MAX_LINES:
        raise IllegalMove(msg("This is too many lines for a class: at most {n}.", n=MAX_LINES))
    seed = check_seed(seed)
    if game not in ("penta", "farkle") or not isinstance(game, str):
        raise IllegalMove(msg("The game is penta or farkle, not {value}.", value=show_value(game)))
    codes = []
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        noise = 0.02 + 0.3 * ((7 * i) % 30) / 30
        if game == "penta":
            seats = ("Learner", "Computer") if computer else ("Learner",)
            played: Any = penta_game.Game(
                seats, {1: "optimal"} if computer else {}, seed=seed, duplicate=True
            )
            _noisy_penta(played, rng, noise, "optimal" if i % 4 == 3 else "heuristic")
        else:
            played = farkle_game.Game(("Learner",), True, target=5000, seed=seed, duplicate=True)
            _noisy_farkle(played, rng, noise)
        codes.append(
            (NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else str(i)), result_code(played))
        )
    return codes
