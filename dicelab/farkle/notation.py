"""A one-line text for any Farkle situation: ``str(situation)`` writes it, :func:`parse` reads it.

Grammar (fields in this order, separated by ``|``; spaces around ``|`` and between
items may be any run of spaces)::

    line    = "target " TARGET " | totals " seat {" " seat} " | turn " POINTS
              " | dice " N " | roll " roll [" | rules " NAME]
    seat    = [">"] POINTS ["!"]     ">" marks whose turn it is,
                                     "!" the seat that reached the target (last round)
    roll    = "-" | die {" " die}    "-": no roll yet in this turn
    die     = FACE | "[" FACE "]"    "[5]": set aside from this roll

``turn`` is what banking now would add; ``dice`` is how many dice the next roll throws
(6 after hot dice); ``rules`` is left out for the standard table. The game is over when
the ``!`` seat is also the ``>`` seat.

>>> s = parse("target 10000 | totals 1200 >3450 800 | turn 350 | dice 4 | roll [1] 2 [5] 3 4 6")
>>> s.totals, s.current, s.turn.points, s.turn.kept_dice, s.turn.dice_in_play
((1200, 3450, 800), 1, 350, (1, 5), 4)
>>> str(s) == "target 10000 | totals 1200 >3450 800 | turn 350 | dice 4 | roll [1] 2 [5] 3 4 6"
True
>>> parse("target 10000 | totals >0 0 | turn 0 | dice 6 | roll 1 7 3 4 5 6")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.farkle.notation.NotationError: Cannot read ... at character 55: expected a die from 1 ...
"""

from __future__ import annotations

from dataclasses import dataclass

from dicelab.errors import IllegalMove
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import refusal, scoring_table
from dicelab.farkle.situation import MAX_SEATS, TARGETS, Situation, seat_problem
from dicelab.farkle.turn import Turn
from dicelab.i18n import Message, msg

__all__ = ["NotationError", "parse", "situation_text"]


class NotationError(IllegalMove):
    """A notation line that cannot be read; ``position`` is the 0-based index of the
    character where reading failed (the message counts characters from 1)."""

    def __init__(self, text: str, position: int, problem: Message) -> None:
        self.text = text
        self.position = position
        self.problem = problem
        super().__init__(
            msg(
                "Cannot read the Farkle notation at character {position}: {problem}",
                position=position + 1,
                problem=problem,
            )
        )


def situation_text(situation: Situation) -> str:
    """The one-line notation of ``situation`` (what ``str(situation)`` gives)."""
    seats = []
    for seat, total in enumerate(situation.totals):
        mark = ">" if seat == situation.current else ""
        trigger = "!" if seat == situation.trigger else ""
        seats.append(f"{mark}{total}{trigger}")
    turn = situation.turn
    if turn.last_roll:
        roll = " ".join(
            f"[{die}]" if position in turn.kept else str(die)
            for position, die in enumerate(turn.last_roll)
        )
    else:
        roll = "-"
    fields = [
        f"target {situation.target}",
        "totals " + " ".join(seats),
        f"turn {turn.points}",
        f"dice {turn.dice_in_play}",
        f"roll {roll}",
    ]
    if situation.rules != PRESETS["standard"]:
        fields.append(f"rules {situation.rules.name}")
    return " | ".join(fields)


@dataclass
class _Reader:
    """Reads the line left to right; every error carries the position reached."""

    text: str
    at: int = 0

    def fail(self, problem: Message, at: int | None = None) -> NotationError:
        return NotationError(self.text, self.at if at is None else at, problem)

    def spaces(self, required: bool = True) -> None:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] == " ":
            self.at += 1
        if required and self.at == start:
            raise self.fail(msg("expected a space."))

    def word(self, word: str) -> None:
        if not self.text.startswith(word, self.at):
            raise self.fail(msg("expected {word}.", word=repr(word)))
        self.at += len(word)

    def separator(self) -> None:
        self.spaces(required=False)
        self.word("|")
        self.spaces(required=False)

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def number(self) -> int:
        start = self.at
        while self.peek().isdigit() and self.peek().isascii():
            self.at += 1
        if start == self.at:
            raise self.fail(msg("expected a number."))
        digits = self.text[start : self.at]
        if len(digits) > 1 and digits[0] == "0":
            raise self.fail(msg("a number has no leading zero."), start)
        return int(digits)

    def at_field_end(self) -> bool:
        rest = self.text[self.at :].lstrip(" ")
        return rest == "" or rest.startswith("|")

    def end(self) -> None:
        if self.at != len(self.text):
            raise self.fail(msg("expected the end of the line."))


def _seats(reader: _Reader) -> tuple[list[int], int | None, int | None, list[int]]:
    totals: list[int] = []
    starts: list[int] = []
    current = trigger = None
    while True:
        starts.append(reader.at)
        if reader.peek() == ">":
            if current is not None:
                raise reader.fail(msg("only one seat is marked > (whose turn it is)."))
            current = len(totals)
            reader.at += 1
        totals.append(reader.number())
        if reader.peek() == "!":
            if trigger is not None:
                raise reader.fail(msg("only one seat is marked ! (reached the target first)."))
            trigger = len(totals) - 1
            reader.at += 1
        if reader.at_field_end():
            return totals, current, trigger, starts
        reader.spaces()


def _roll(reader: _Reader) -> tuple[list[int], list[int]]:
    dice: list[int] = []
    kept: list[int] = []
    if reader.peek() == "-":
        reader.at += 1
        return dice, kept
    while True:
        bracket = reader.peek() == "["
        if bracket:
            reader.at += 1
        face = reader.peek()
        if face not in ("1", "2", "3", "4", "5", "6"):
            raise reader.fail(msg("expected a die from 1 to 6, or - for no roll."))
        reader.at += 1
        if bracket:
            reader.word("]")
            kept.append(len(dice))
        dice.append(int(face))
        if reader.at_field_end():
            return dice, kept
        reader.spaces()


def _rules(reader: _Reader, rules: Rules | None) -> Rules:
    if not reader.text[reader.at :].strip(" "):
        return rules or PRESETS["standard"]
    reader.separator()
    reader.word("rules")
    reader.spaces()
    start = reader.at
    name = reader.text[start:].rstrip(" ")
    reader.at = len(reader.text)
    if rules is not None:
        if name != rules.name:
            raise reader.fail(
                msg("the rules are {name}, not {given}.", name=repr(rules.name), given=repr(name)),
                start,
            )
        return rules
    if name not in PRESETS:
        raise reader.fail(
            msg(
                "unknown rules {name}: choose one of {choices}, or pass the table as rules=.",
                name=repr(name),
                choices=", ".join(PRESETS),
            ),
            start,
        )
    return PRESETS[name]


def parse(text: str, rules: Rules | None = None) -> Situation:
    """The :class:`~dicelab.farkle.situation.Situation` written in ``text``.

    ``rules`` gives a custom table whose name the line may carry; the presets are known
    by name. A malformed or impossible line raises :class:`NotationError` (an
    :class:`~dicelab.IllegalMove`) giving the character where it went wrong.

    >>> parse("target 5000 | totals 5200! >900 | turn 0 | dice 6 | roll -").seats_to_play()
    (1,)
    >>> parse("target 5000 | totals 5200 >900 | turn 0 | dice 6 | roll -")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.farkle.notation.NotationError: Cannot read the Farkle notation at character 22: ...
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), 0, msg("the notation is a line of text."))
    reader = _Reader(text)
    reader.spaces(required=False)
    reader.word("target")
    reader.spaces()
    target_at = reader.at
    target = reader.number()
    reader.separator()
    reader.word("totals")
    reader.spaces()
    totals_at = reader.at
    totals, current, trigger, seat_starts = _seats(reader)
    if current is None:
        raise reader.fail(msg("mark whose turn it is with > before a total."), totals_at)
    reader.separator()
    reader.word("turn")
    reader.spaces()
    points_at = reader.at
    points = reader.number()
    reader.separator()
    reader.word("dice")
    reader.spaces()
    dice_at = reader.at
    dice_in_play = reader.number()
    reader.separator()
    reader.word("roll")
    reader.spaces()
    roll_at = reader.at
    dice, kept = _roll(reader)
    table = _rules(reader, rules)
    reader.spaces(required=False)
    reader.end()

    kept_dice = tuple(sorted(dice[p] for p in kept))
    if kept and kept_dice not in scoring_table(table):
        raise reader.fail(refusal(kept_dice, table).message, roll_at)
    previous = points - (scoring_table(table)[kept_dice] if kept else 0)
    if previous < 0:
        raise reader.fail(
            msg(
                "the turn has at least the {kept} points of the dice set aside.",
                kept=points - previous,
            ),
            points_at,
        )
    try:
        turn = Turn(previous, tuple(dice), tuple(kept), False, table)
    except IllegalMove as error:
        raise reader.fail(error.message, roll_at) from None
    if turn.dice_in_play != dice_in_play:
        raise reader.fail(
            msg(
                "the next roll throws {n} dice here, not {given}.",
                n=turn.dice_in_play,
                given=dice_in_play,
            ),
            dice_at,
        )
    if target not in TARGETS:
        raise reader.fail(
            msg("the target is one of {choices}.", choices=", ".join(str(t) for t in TARGETS)),
            target_at,
        )
    if len(totals) > MAX_SEATS:
        raise reader.fail(
            msg("a game has from 1 to {most} players.", most=MAX_SEATS), seat_starts[MAX_SEATS]
        )
    problem = seat_problem(tuple(totals), target, current, trigger)
    if problem is not None:
        raise reader.fail(problem[1], seat_starts[problem[0]])
    try:
        return Situation(tuple(totals), target, current, trigger, turn)
    except IllegalMove as error:
        raise reader.fail(error.message, roll_at) from None
