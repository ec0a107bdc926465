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

>>> s = parse("target 10000 | totals 1200 >3450 800 | turn 150 | dice 4 | roll [1] 2 [5] 3 4 6")
>>> s.totals, s.current, s.turn.points, s.turn.kept_dice, s.turn.dice_in_play
((1200, 3450, 800), 1, 150, (1, 5), 4)
>>> str(s) == "target 10000 | totals 1200 >3450 800 | turn 150 | dice 4 | roll [1] 2 [5] 3 4 6"
True
>>> parse("target 10000 | totals >0 0 | turn 0 | dice 6 | roll 1 7 3 4 5 6")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.farkle.notation.NotationError: Cannot read ... at character 55: expected a die from 1 ...
"""

from __future__ import annotations

from dataclasses import dataclass

from dicelab.errors import IllegalMove, Said
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import refusal, scoring_table
from dicelab.farkle.situation import (
    MAX_SEATS,
    TARGETS,
    Situation,
    seat_problem,
    situation_text,
    total_problem,
)
from dicelab.farkle.turn import Turn, points_problem
from dicelab.i18n import msg
from dicelab.numbers import MAX_DIGITS, show_value

__all__ = ["NotationError", "parse", "situation_text"]


class NotationError(IllegalMove):
    """A notation line that cannot be read; ``position`` is the 0-based index of the
    character where reading failed (the message counts characters from 1)."""

    def __init__(self, text: str, position: int, problem: Said) -> None:
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


@dataclass
class _Reader:
    """Reads the line left to right; every error carries the position reached."""

    text: str
    at: int = 0

    def fail(self, problem: Said, at: int | None = None) -> NotationError:
        return NotationError(self.text, self.at if at is None else at, problem)

    def spaces(self, required: bool = True) -> None:
        start = self.at
        while self.at < len(self.text) and self.text[self.at] == " ":
            self.at += 1
        if required and self.at == start:
            raise self.fail(msg("expected a space."))

    def word(self, word: str) -> None:
        if not self.text.startswith(word, self.at):
            raise self.fail(msg("expected {word}.", word=show_value(word)))
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
        if len(digits) > MAX_DIGITS:
            raise self.fail(msg("a number has at most {n} digits.", n=MAX_DIGITS), start)
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
                msg(
                    "the rules are {name}, not {given}.",
                    name=show_value(rules.name),
                    given=show_value(name),
                ),
                start,
            )
        return rules
    if name not in PRESETS:
        raise reader.fail(
            msg(
                "unknown rules {name}: choose one of {choices}, or pass the table as rules=.",
                name=show_value(name),
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
        raise NotationError(str(show_value(text)), 0, msg("the notation is a line of text."))
    line = _read(_Reader(text), rules)
    turn = _turn(line)
    return _situation(line, turn)


@dataclass(frozen=True)
class _Line:
    """The fields of a line as read, each with the position where it starts."""

    reader: _Reader
    target: tuple[int, int]
    totals: list[int]
    seat_starts: list[int]
    current: int
    trigger: int | None
    points: tuple[int, int]
    dice_in_play: tuple[int, int]
    roll: tuple[list[int], list[int], int]
    rules: Rules


def _field(reader: _Reader, word: str, separator: bool = True) -> int:
    """Read ``| word `` (or ``word `` first on the line) and return where its value starts."""
    if separator:
        reader.separator()
    reader.word(word)
    reader.spaces()
    return reader.at


def _read(reader: _Reader, rules: Rules | None) -> _Line:
    """Every field of the grammar, in order (no check of what the numbers mean)."""
    reader.spaces(required=False)
    target_at = _field(reader, "target", separator=False)
    target = reader.number()
    totals_at = _field(reader, "totals")
    totals, current, trigger, seat_starts = _seats(reader)
    if current is None:
        raise reader.fail(msg("mark whose turn it is with > before a total."), totals_at)
    points_at = _field(reader, "turn")
    points = reader.number()
    dice_at = _field(reader, "dice")
    dice_in_play = reader.number()
    roll_at = _field(reader, "roll")
    dice, kept = _roll(reader)
    table = _rules(reader, rules)
    reader.spaces(required=False)
    reader.end()
    return _Line(
        reader,
        (target, target_at),
        totals,
        seat_starts,
        current,
        trigger,
        (points, points_at),
        (dice_in_play, dice_at),
        (dice, kept, roll_at),
        table,
    )


def _turn(line: _Line) -> Turn:
    """The turn the line shows: dice set aside that count, points some turn can hold."""
    reader, table = line.reader, line.rules
    (points, points_at), (dice, kept, roll_at) = line.points, line.roll
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
    problem = points_problem(previous, len(dice), table) if previous else None
    if problem is not None:
        raise reader.fail(problem, points_at)
    try:
        turn = Turn(previous, tuple(dice), tuple(kept), False, table)
    except IllegalMove as error:
        raise reader.fail(error.message, roll_at) from None
    given, dice_at = line.dice_in_play
    if turn.dice_in_play != given:
        raise reader.fail(
            msg(
                "the next roll throws {n} dice here, not {given}.", n=turn.dice_in_play, given=given
            ),
            dice_at,
        )
    return turn


def _situation(line: _Line, turn: Turn) -> Situation:
    """The whole table: a target of the rules, seats that exist and totals a game makes."""
    reader, (target, target_at) = line.reader, line.target
    if target not in TARGETS:
        raise reader.fail(
            msg("the target is one of {choices}.", choices=", ".join(str(t) for t in TARGETS)),
            target_at,
        )
    totals = tuple(line.totals)
    if len(totals) > MAX_SEATS:
        raise reader.fail(
            msg("a game has from 1 to {most} players.", most=MAX_SEATS),
            line.seat_starts[MAX_SEATS],
        )
    problem = seat_problem(totals, target, line.current, line.trigger, line.rules)
    problem = problem or total_problem(totals, line.rules)
    if problem is not None:
        raise reader.fail(problem[1], line.seat_starts[problem[0]])
    try:
        return Situation(totals, target, line.current, line.trigger, turn)
    except IllegalMove as error:
        raise reader.fail(error.message, line.roll[2]) from None
