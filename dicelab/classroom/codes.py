"""Result codes: a short text a learner copies, holding a whole game, checked when read.

A code holds the game's kind (Penta or Farkle), its rules preset, its seed, whether the
dice are duplicate dice, its seats (human or which computer player, not the names) and
every move; a checksum makes a typo or a doctored code fail with a clear message.
:func:`read_result_code` replays every move through the engine's ``push``, so a code
reads back only to a game the rules and the seed allow (``docs/classroom.md``):

>>> from dicelab.penta import Game
>>> game = Game(seed=2026, duplicate=True)
>>> game.roll()
(2, 1, 6, 1, 4)
>>> game.score("twos")
2
>>> code = result_code(game)
>>> code
'P1-000YM-3R100-102WF-YPS20'
>>> read_result_code(code) == game
True
>>> read_result_code(code.lower().replace("-", "")) == game  # case and dashes do not matter
True
>>> read_result_code(code.replace("3R1", "3R2"))
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: This result code has a typo or was changed: its check letters \
do not match the rest. Copy it again, exactly.

The code holds no names: :func:`read_result_code` gives the seats the names a game
gives by default (Penta: "Player" alone, else "Player 1", ...; Farkle: none), or the
``names`` given. Holds in a row count as the last of them (what the dice were held as
when rolled), so a game with such holds reads back with one hold in their place.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.farkle import game as farkle_game
from dicelab.farkle.moves import Bank, SetAside
from dicelab.farkle.moves import Roll as FarkleRoll
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import PRESETS as FARKLE_PRESETS
from dicelab.farkle.save import MAX_MOVES as FARKLE_MAX_MOVES
from dicelab.farkle.situation import TARGETS
from dicelab.i18n import Message, msg, nmsg
from dicelab.numbers import MAX_SEED, is_listlike, show_value
from dicelab.penta import game as penta_game
from dicelab.penta import players as penta_players
from dicelab.penta.moves import DICE, Hold, Roll, Score
from dicelab.penta.rules import BOXES
from dicelab.penta.rules import PRESETS as PENTA_PRESETS

__all__ = ["MAX_CODE", "MAX_LETTERS", "read_result_code", "result_code"]

VERSION = "1"
"""The code format's version, the second letter of every code."""
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
_SAME = {"O": "0", "I": "1", "L": "1"}  # letters read as the digits they look like
_SAME_TABLE = str.maketrans(_SAME)
_LETTER_TABLE = str.maketrans(dict.fromkeys(_ALPHABET))  # deletes the code's letters
_DIGIT_TABLE = str.maketrans(_ALPHABET, "0123456789ABCDEFGHIJKLMNOPQRSTUV")  # Python's base 32
_CHECK = 4  # checksum bytes (32 bits)
_GROUP = 5  # letters between dashes
_FARKLE_RADIX = 2 + 64  # Roll, Bank, SetAside(mask)
_PENTA_PLAYERS = ("optimal", "heuristic", "greedy")  # dicelab's own, in this fixed order

_PENTA_TURN = 6
"""Moves of a Penta turn in a code, at most: roll, hold, roll, hold, roll, score (a run of
holds counts as its last)."""
_PENTA_RADIX = len(BOXES) + (2**DICE - 1) + 1
"""Legal Penta moves at one moment, at most: a scoring per box, a hold per other set of
held dice, the roll."""
MAX_PENTA_MOVES = penta_players.MAX_SEATS * len(BOXES) * _PENTA_TURN
"""The longest legal Penta game in a code: every seat of the most, every round, every turn
with both holds and all three rolls (docs/classroom.md)."""
MAX_FARKLE_MOVES = FARKLE_MAX_MOVES
"""The most moves of a Farkle game in a code, as in a save: Farkle has no longest game (a
seat may farkle turn after turn), see :data:`dicelab.farkle.save.MAX_MOVES`."""


Game = penta_game.Game | farkle_game.Game


# Writing ------------------------------------------------------------------------------------


def result_code(game: Game) -> str:
    """The result code of ``game`` (Penta or Farkle, over or not): see the module.

    Refused with :class:`IllegalMove` for rules that are no preset, a seat played by a
    computer player of one's own, and a Farkle game with another start or computer player.

    >>> from dicelab.farkle import Game as Farkle
    >>> len(result_code(Farkle(("Ada",), seed=1))) <= 30
    True
    """
    if isinstance(game, penta_game.Game):
        kind, body = "P", _penta_body(game)
    elif isinstance(game, farkle_game.Game):
        kind, body = "F", _farkle_body(game)
    else:
        raise IllegalMove(msg("{value} is not a Penta or Farkle game.", value=show_value(game)))
    head = kind + VERSION
    letters = _to_base32(body + _checksum(head, body))
    groups = [letters[i : i + _GROUP] for i in range(0, len(letters), _GROUP)]
    return "-".join([head, *groups])


def _penta_body(game: penta_game.Game) -> bytes:
    rules = game.rules
    if PENTA_PRESETS.get(rules.name) != rules:
        raise _cannot_code(msg("its rules are not a preset"))
    players = _PENTA_PLAYERS
    seats = []
    for seat in game.seats:
        if seat.player is not None and seat.player not in players:
            raise _cannot_code(msg("a seat is played by a computer player of one's own"))
        seats.append(0 if seat.player is None else 1 + players.index(seat.player))
    replay = penta_game.Game(game.seats, rules=rules, seed=game.seed, duplicate=game.duplicate)
    symbols: list[tuple[int, int]] = []
    for move in _collapsed(game.events):  # each move as its place among the legal moves
        legal = replay.legal_moves()
        index = next(i for i, other in enumerate(legal) if _same_move(other, move))
        symbols.append((index, len(legal)))
        replay.push(legal[index])
    head = [list(PENTA_PRESETS).index(rules.name), int(game.duplicate), game.seed, len(seats)]
    return _varints([*head, *seats]) + _moves(symbols)


def _same_move(legal: Roll | Hold | Score, move: Roll | Hold | Score) -> bool:
    if isinstance(legal, Hold) and isinstance(move, Hold):
        return legal.positions == move.positions
    if isinstance(legal, Score) and isinstance(move, Score):
        return legal.box == move.box
    return isinstance(legal, Roll) and isinstance(move, Roll)


def _collapsed(events: Sequence[Any]) -> list[Any]:
    """The moves with each run of holds replaced by its last (left out if it changes nothing)."""
    moves: list[Any] = []
    held: tuple[int, ...] = ()  # held when the run began
    for move in events:
        if isinstance(move, Hold):
            if moves and isinstance(moves[-1], Hold):
                moves.pop()
            if move.positions != held:
                moves.append(move)
            continue
        if moves and isinstance(moves[-1], Hold):
            held = moves[-1].positions
        if isinstance(move, Score):
            held = ()
        moves.append(move)
    return moves


def _farkle_body(game: farkle_game.Game) -> bytes:
    if FARKLE_PRESETS.get(game.rules.name) != game.rules:
        raise _cannot_code(msg("its rules are not a preset"))
    if game.computer_player != ComputerPlayer():
        raise _cannot_code(msg("its computer player is not the usual one"))
    computer = [seat.number for seat in game.seats if seat.computer]
    fresh = farkle_game.Game(
        [None] * len(game.seats), computer or False, target=game.target, rules=game.rules
    )
    if game.start != fresh.start:
        raise _cannot_code(msg("it starts from a situation of its own"))
    if len(game.events) > MAX_FARKLE_MOVES:
        raise _cannot_code(
            msg("it has more than {n} moves, the most a code holds", n=MAX_FARKLE_MOVES)
        )
    symbols = []
    for event in game.events:
        move = event.move
        if isinstance(move, FarkleRoll):
            symbols.append((0, _FARKLE_RADIX))
        elif isinstance(move, Bank):
            symbols.append((1, _FARKLE_RADIX))
        else:
            symbols.append((2 + sum(1 << p for p in move.positions), _FARKLE_RADIX))
    head = [
        list(FARKLE_PRESETS).index(game.rules.name),
        int(game.duplicate),
        game.seed,
        len(game.seats),
        computer[0] + 1 if computer else 0,
        TARGETS.index(game.target),
    ]
    return _varints(head) + _moves(symbols)


def _cannot_code(reason: Message) -> IllegalMove:
    return IllegalMove(msg("This game has no result code: {reason}.", reason=reason))


def _varints(numbers: Sequence[int]) -> bytes:
    """Each number in 7-bit groups, low first, the high bit set on all but the last."""
    out = bytearray()
    for number in numbers:
        while number >= 0x80:
            out.append(number & 0x7F | 0x80)
            number >>= 7
        out.append(number)
    return bytes(out)


def _moves(symbols: Sequence[tuple[int, int]]) -> bytes:
    """The count of moves, then the moves (symbol, radix) as one mixed-radix number, the
    first move lowest."""
    number = 0
    for symbol, radix in reversed(symbols):
        number = number * radix + symbol
    return _varints([len(symbols)]) + number.to_bytes((number.bit_length() + 7) // 8, "big")


def _checksum(head: str, body: bytes) -> bytes:
    return hashlib.sha256(b"dicelab-result:" + head.encode() + body).digest()[:_CHECK]


def _to_base32(data: bytes) -> str:
    bits = len(data) * 8
    letters = -(-bits // 5)
    number = int.from_bytes(data, "big") << (letters * 5 - bits)
    return "".join(_ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(letters)))


# Bounds -------------------------------------------------------------------------------------


def _letters(head: int, moves: int, radix: int, first_free: int = 0) -> int:
    """Letters (no dashes) of the longest code: ``head`` bytes of numbers, the count of
    ``moves``, the moves each below ``radix`` (``first_free`` of them cost nothing), the
    checksum."""
    count = len(_varints([moves]))
    number = (radix ** (moves - first_free) - 1).bit_length()
    data = head + count + (number + 7) // 8 + _CHECK
    return 2 + -(-data * 8 // 5)


_SEED_BYTES = -(-MAX_SEED.bit_length() // 7)  # the seed's varint, at most
MAX_LETTERS = {
    "P": _letters(
        3 + _SEED_BYTES + penta_players.MAX_SEATS,
        MAX_PENTA_MOVES,
        _PENTA_RADIX,
        MAX_PENTA_MOVES // _PENTA_TURN,  # each turn's first roll, the only legal move
    ),
    "F": _letters(5 + _SEED_BYTES, MAX_FARKLE_MOVES, _FARKLE_RADIX),
}
"""The letters and digits of the longest code of each kind (its head included, dashes and
spaces not): a longer code is refused before anything else is read."""
MAX_CODE = 2 * max(MAX_LETTERS.values())
"""Characters of a code as pasted, at most: the longest code, with a dash or space between
every letter and the next."""


# Reading ------------------------------------------------------------------------------------


def read_result_code(code: str, names: Sequence[str] | None = None) -> Game:
    """The game a result code holds, every move replayed and checked by the engine.

    Dashes, spaces and case do not matter, and O, I, L read as 0, 1, 1. A code with a
    typo, a changed code, or one whose moves the rules or the dice refuse raises
    :class:`IllegalMove` saying so. ``names`` names the seats (default names otherwise).

    >>> read_result_code("P1-X0")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: This result code has a typo or was changed: it is too short.
    """
    if not isinstance(code, str):
        raise IllegalMove(msg("A result code is text, not {value}.", value=show_value(code)))
    if names is not None and (not is_listlike(names) or isinstance(names, str)):
        raise IllegalMove(
            msg("The names are a list of texts, not {value}.", value=show_value(names))
        )
    if len(code) > MAX_CODE:  # before anything is read
        raise _too_long()
    text = "".join(code.split())
    if text[:1] not in ("P", "p", "F", "f"):  # a dash before the head is no code's
        raise _not_begun()
    text = text.replace("-", "").upper().translate(_SAME_TABLE)
    head, letters = text[:2], text[2:]
    if head not in ("P" + VERSION, "F" + VERSION):
        raise _not_begun()
    if len(text) > MAX_LETTERS[head[0]]:
        raise _too_long()
    data = _from_base32(letters)
    if len(data) <= _CHECK:
        raise _typo(msg("it is too short"))
    body, check = data[:-_CHECK], data[-_CHECK:]
    if _checksum(head, body) != check:
        raise _typo(msg("its check letters do not match the rest. Copy it again, exactly"))
    reader = _Reader(body)
    if head[0] == "P":
        return _read_penta(reader, names)
    return _read_farkle(reader, names)


def _not_begun() -> IllegalMove:
    return IllegalMove(
        msg(
            "This is not a result code: a result code begins with P{version} (Penta) or "
            "F{version} (Farkle).",
            version=VERSION,
        )
    )


def _too_long() -> IllegalMove:
    return IllegalMove(
        msg(
            "This is not a result code: it is longer than any game's code can be (at most "
            "{n} letters and digits).",
            n=max(MAX_LETTERS.values()),
        )
    )


def _typo(reason: Message) -> IllegalMove:
    return IllegalMove(msg("This result code has a typo or was changed: {reason}.", reason=reason))


def _from_base32(letters: str) -> bytes:
    """The bytes the letters spell, in time linear in their number (Python reads a
    number in base 32 in one pass)."""
    wrong = letters.translate(_LETTER_TABLE)  # what is left is no letter of codes
    if wrong:
        raise _typo(msg("{letter} is not a letter of result codes", letter=show_value(wrong[0])))
    number = int(letters.translate(_DIGIT_TABLE), 32) if letters else 0
    bits = len(letters) * 5
    size, spare = divmod(bits, 8)
    if number & ((1 << spare) - 1) or spare >= 5:
        raise _typo(msg("its last letter does not fit"))
    return (number >> spare).to_bytes(size, "big")


class _Reader:
    """Reads the numbers of a code's body in turn; anything malformed is refused."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def number(self, below: int) -> int:
        value, shift = 0, 0
        while True:
            if self.at >= len(self.data) or shift > 70:
                raise _not_code()
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        if value >= below or (byte == 0 and shift > 7):  # no number written two ways
            raise _not_code()
        return value

    def symbols(self, radix: Callable[[], int], most: int, fixed: int = 0) -> Iterator[int]:
        """The moves' symbols one by one (at most ``most``), each in the base ``radix()``
        gives when it is read (a replay stops at the first refused move), then a check that
        nothing is left over. With a ``fixed`` base (Farkle's), the digits are split off by
        halves, far fewer operations on the long number than a division a move."""
        count = self.number(most + 1)
        rest = self.data[self.at :]
        if rest[:1] == b"\0":
            raise _not_code()
        number = int.from_bytes(rest, "big")
        if fixed:  # one base for every move: the digits split in halves, not one by one
            digits, left = _digits(number, fixed, count)
            if left:
                raise _not_code()
            yield from digits
            return
        for _ in range(count):
            base = radix()
            if base <= 0:
                raise _not_code()
            number, symbol = divmod(number, base)
            yield symbol
        if number:
            raise _not_code()


def _digits(number: int, base: int, count: int) -> tuple[list[int], int]:
    """The ``count`` lowest digits of ``number`` in ``base`` (lowest first) and what is left
    above them, by halves: each division is by a power of ``base`` as long as the half."""
    if count <= 32:
        digits = []
        for _ in range(count):
            number, digit = divmod(number, base)
            digits.append(digit)
        return digits, number
    half = count // 2
    high, low = divmod(number, base**half)
    low_digits, spill = _digits(low, base, half)
    high_digits, left = _digits(high, base, count - half)
    assert not spill  # low < base**half
    return low_digits + high_digits, left


def _not_code() -> IllegalMove:
    return IllegalMove(msg("This is not a result code: its letters hold no game."))


def _replay_failed(number: int, error: IllegalMove) -> IllegalMove:
    return IllegalMove(
        msg(
            "This result code does not replay: move {n} cannot happen: {reason}",
            n=number,
            reason=error.message,
        )
    )


def _read_penta(reader: _Reader, names: Sequence[str] | None) -> penta_game.Game:
    rules = list(PENTA_PRESETS)[reader.number(len(PENTA_PRESETS))]
    duplicate = bool(reader.number(2))
    seed = reader.number(MAX_SEED + 1)
    count = reader.number(penta_players.MAX_SEATS + 1)
    players = _PENTA_PLAYERS
    computer = {}
    for index in range(count):
        player = reader.number(len(players) + 1)
        if player:
            computer[index] = players[player - 1]
    seats: int | Sequence[str] = count if names is None else names
    if names is None and count == 1:
        seats = ("Player",)  # the name Game() gives a single seat
    try:
        game = penta_game.Game(seats, computer, rules=rules, seed=seed, duplicate=duplicate)
    except IllegalMove as error:
        raise IllegalMove(
            msg("These names do not fit the result code: {reason}", reason=error.message)
        ) from None
    if len(game.seats) != count:
        raise IllegalMove(
            nmsg(
                "The result code has {n} seat: give {n} name.",
                "The result code has {n} seats: give {n} names.",
                count,
            )
        )
    legal: list[Roll | Hold | Score] = []

    def radix() -> int:  # a Penta move is its place among the legal moves
        legal[:] = game.legal_moves()
        return len(legal)

    for number, symbol in enumerate(reader.symbols(radix, MAX_PENTA_MOVES), start=1):
        try:
            game.push(legal[symbol])
        except IllegalMove as error:
            raise _replay_failed(number, error) from None
    return game


def _read_farkle(reader: _Reader, names: Sequence[str] | None) -> farkle_game.Game:
    rules = list(FARKLE_PRESETS)[reader.number(len(FARKLE_PRESETS))]
    duplicate = bool(reader.number(2))
    seed = reader.number(MAX_SEED + 1)
    count = reader.number(farkle_game.MAX_HUMANS + 2)
    computer = reader.number(count + 1)
    target = TARGETS[reader.number(len(TARGETS))]
    players: Sequence[str | None] = [None] * count if names is None else names
    if len(players) != count:
        raise IllegalMove(
            nmsg(
                "The result code has {n} seat: give {n} name.",
                "The result code has {n} seats: give {n} names.",
                count,
            )
        )
    try:
        game = farkle_game.Game(
            players,
            [computer - 1] if computer else False,
            target=target,
            seed=seed,
            duplicate=duplicate,
            rules=rules,
        )
    except IllegalMove as error:
        raise IllegalMove(
            msg("This is not a result code: {reason}", reason=error.message)
        ) from None
    for number, symbol in enumerate(
        reader.symbols(lambda: _FARKLE_RADIX, MAX_FARKLE_MOVES, _FARKLE_RADIX), start=1
    ):
        if symbol == 0:
            move: FarkleRoll | Bank | SetAside = FarkleRoll()
        elif symbol == 1:
            move = Bank()
        else:
            try:
                move = SetAside(tuple(p for p in range(6) if (symbol - 2) >> p & 1))
            except IllegalMove as error:
                raise _replay_failed(number, error) from None
        try:
            game.push(move)
        except IllegalMove as error:
            raise _replay_failed(number, error) from None
    return game
