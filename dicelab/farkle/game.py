"""A Farkle game: seats, a seed and a log of events; its state is a fold over the log.

Like python-chess, moves are pushed and popped; the dice come from
``SeededDice(seed).roll(k, index)`` with ``index`` the roll's number in the game, so
undoing a roll and rolling again gives the same dice, and a saved game can be checked
against its seed.

>>> game = Game(humans=2, seed=7, target=5000)
>>> [str(seat.label) for seat in game.seats], str(game.lineup)
(['Player 1', 'Player 2', 'AI'], 'Humans + 1 AI')
>>> event = game.roll()
>>> event.dice, game.turn.phase
((5, 1, 3, 1, 4, 5), 'set_aside')
>>> game.set_aside([1, 5]).points
150
>>> game.bank().points, game.totals, game.current_player
(150, (150, 0, 0), 1)
>>> game.pop(), game.totals
(Bank(), (0, 0, 0))
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicelab.dice import SeededDice, new_seed
from dicelab.errors import IllegalMove
from dicelab.farkle.moves import Bank, Move, Roll, SetAside
from dicelab.farkle.notation import parse
from dicelab.farkle.players import ComputerPlayer, Player
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.scoring import is_farkle
from dicelab.farkle.situation import DEFAULT_TARGET, Situation
from dicelab.farkle.turn import Turn
from dicelab.i18n import N_, Message, msg

__all__ = [
    "FORMAT",
    "GAME_OVER",
    "HOT_DICE",
    "LAST_ROUND",
    "MAX_HUMANS",
    "TURN_LOST",
    "Event",
    "Game",
    "Seat",
    "lineup_label",
]

FORMAT = "dicelab-farkle"
VERSION = 1
MAX_HUMANS = 6

TURN_LOST = N_("Turn lost!")
"""«Tour perdu !»: the roll scored nothing."""
HOT_DICE = N_("Hot dice!")
"""«Dés chauds !»: every die is set aside, six come back."""
LAST_ROUND = N_("Last round!")
"""«Dernier tour !»: a total reached the target."""
GAME_OVER = N_("Game over!")


def lineup_label(computer: bool = True) -> Message:
    """The New game window's line-up: «Humains + 1 IA» (English msgid "Humans + 1 AI").

    >>> str(lineup_label()), str(lineup_label(False))
    ('Humans + 1 AI', 'Humans only')
    """
    return msg("Humans + 1 AI") if computer else msg("Humans only")


@dataclass(frozen=True)
class Seat:
    """A place at the table: a human (optionally named) or the computer."""

    number: int
    name: str | None = None
    computer: bool = False

    @property
    def label(self) -> Message:
        """The name to show: the given name, else "Player N" (1-based) or "AI"."""
        if self.name:
            return Message(self.name)  # a name is shown as given, in every language
        if self.computer:
            return msg("AI")
        return msg("Player {n}", n=self.number + 1)


@dataclass(frozen=True)
class Event:
    """What one move did.

    * ``seat``: who played it; ``move``: the move;
    * ``dice``: a roll's dice as thrown, or the dice a set-aside took (sorted), or ();
    * ``points``: points a set-aside added, a bank banked, or a losing roll lost;
    * ``messages``: banners, in order: "Turn lost!", "Hot dice!", "Last round!",
      "Game over!" (i18n messages).
    """

    seat: int
    move: Move
    dice: tuple[int, ...]
    points: int
    messages: tuple[Message, ...] = ()

    @property
    def turn_lost(self) -> bool:
        """This roll scored nothing: the turn was lost."""
        return any(message.msgid == TURN_LOST for message in self.messages)

    @property
    def ends_turn(self) -> bool:
        """The turn ended here (a bank or a lost turn)."""
        return isinstance(self.move, Bank) or self.turn_lost


def _event(before: Situation, move: Move, after: Situation, dice: tuple[int, ...]) -> Event:
    """Describe the step ``before`` -> ``after`` (the fold's other half: banners)."""
    messages: list[Message] = []
    points = 0
    if isinstance(move, Roll):
        if is_farkle(dice, before.rules):
            points = before.turn.points
            messages.append(msg(TURN_LOST))
    elif isinstance(move, SetAside):
        dice = tuple(sorted(before.turn.last_roll[p] for p in move.positions))
        points = after.turn.points - before.turn.points
        if after.turn.hot_dice:
            messages.append(msg(HOT_DICE))
    else:
        points = before.turn.points
        if after.trigger is not None and before.trigger is None:
            messages.append(msg(LAST_ROUND))
    if after.is_over:
        messages.append(msg(GAME_OVER))
    return Event(before.current, move, dice, points, tuple(messages))


def _bad_save(problem: Message) -> IllegalMove:
    return IllegalMove(msg("This saved game cannot be loaded: {problem}", problem=problem))


class Game:
    """A game of Farkle: 1 to 6 humans plus the computer («Humains + 1 IA»), by default.

    * ``humans``: 0 to 6 (0 only with the computer: a simulation);
    * ``computer``: seat the computer player after the humans (default ``True``);
    * ``target``: 5000, 10000 (default) or 15000;
    * ``seed``: the dice's seed (a fresh one by default; ``game.seed`` tells it);
    * ``rules``: a :class:`~dicelab.farkle.rules.Rules` table (default standard);
    * ``names``: the humans' names (``None`` for the default "Player 1", ...);
    * ``computer_player``: the computer's strategy (default :class:`ComputerPlayer`);
    * ``start``: a :class:`~dicelab.farkle.situation.Situation` (or its notation) to
      play on from, with one total per seat (default: a new game).

    Intents: :meth:`roll`, :meth:`set_aside` (dice values), :meth:`set_aside_positions`
    (positions in the last roll, as a dashboard clicks them), :meth:`bank`; or
    :meth:`push` any :class:`~dicelab.farkle.moves.Move` and :meth:`pop` it back.
    Each raises :class:`~dicelab.IllegalMove` and changes nothing when not allowed.
    """

    def __init__(
        self,
        humans: int = 1,
        computer: bool = True,
        *,
        target: int = DEFAULT_TARGET,
        seed: int | None = None,
        rules: Rules | None = None,
        names: Sequence[str | None] | None = None,
        computer_player: ComputerPlayer | None = None,
        start: Situation | str | None = None,
    ) -> None:
        self._seats = _make_seats(humans, computer, names)
        self._dice = SeededDice(new_seed() if seed is None else seed)
        rules = PRESETS["standard"] if rules is None else rules
        if not isinstance(rules, Rules):
            raise IllegalMove(msg("Expected a Farkle Rules table, not {value}.", value=repr(rules)))
        if computer_player is None:
            computer_player = ComputerPlayer()
        if not isinstance(computer_player, ComputerPlayer):
            raise IllegalMove(
                msg("Expected a ComputerPlayer, not {value}.", value=repr(computer_player))
            )
        self.computer_player = computer_player
        first = Situation.start(len(self._seats), target, rules)
        if start is not None:
            first = parse(start, rules) if isinstance(start, str) else start
            if not isinstance(first, Situation):
                raise IllegalMove(
                    msg("Expected a Farkle Situation, not {value}.", value=repr(start))
                )
            if first.seats != len(self._seats) or first.rules != rules or first.target != target:
                raise IllegalMove(
                    msg(
                        "The starting situation needs one total per seat ({n}), the game's "
                        "target and the game's rules.",
                        n=len(self._seats),
                    )
                )
        self._events: list[Event] = []
        self._situations: list[Situation] = [first]
        self._rolls: list[int] = [0]  # rolls made before each situation

    # The game's identity -------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats, in playing order (the computer last)."""
        return self._seats

    @property
    def seed(self) -> int:
        """The dice's seed."""
        return self._dice.seed

    @property
    def rules(self) -> Rules:
        """The scoring table."""
        return self._situations[0].rules

    @property
    def target(self) -> int:
        """The target total."""
        return self._situations[0].target

    @property
    def lineup(self) -> Message:
        """«Humains + 1 IA» when the computer plays, else "Humans only"."""
        return lineup_label(any(seat.computer for seat in self._seats))

    # The log ---------------------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, oldest first (the log is the truth)."""
        return tuple(self._events)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, oldest first (python-chess's ``move_stack``)."""
        return tuple(event.move for event in self._events)

    @property
    def last_event(self) -> Event | None:
        """The latest event (``None`` before the first move)."""
        return self._events[-1] if self._events else None

    @property
    def messages(self) -> tuple[Message, ...]:
        """The banners of the latest event ("Turn lost!", "Hot dice!"...)."""
        return self._events[-1].messages if self._events else ()

    @property
    def message(self) -> Message | None:
        """The banner to show now: the latest event's last banner, if any."""
        return self.messages[-1] if self.messages else None

    @property
    def start(self) -> Situation:
        """The situation the log starts from."""
        return self._situations[0]

    def situations(self) -> tuple[Situation, ...]:
        """Every situation of the game, from the start to now (for replaying)."""
        return tuple(self._situations)

    # The state now --------------------------------------------------------------------

    @property
    def situation(self) -> Situation:
        """The situation now (``str()`` gives its one-line notation)."""
        return self._situations[-1]

    @property
    def current_player(self) -> int:
        """The seat whose turn it is (after the game: the seat that reached the target)."""
        return self.situation.current

    @property
    def current_seat(self) -> Seat:
        """The :class:`Seat` whose turn it is."""
        return self._seats[self.current_player]

    @property
    def totals(self) -> tuple[int, ...]:
        """Banked totals by seat."""
        return self.situation.totals

    @property
    def turn(self) -> Turn:
        """The turn under way: ``.points``, ``.dice_in_play``, ``.last_roll``, ``.kept``..."""
        return self.situation.turn

    @property
    def last_roll(self) -> tuple[int, ...]:
        """The dice of the game's latest roll, as thrown, even one that lost the turn
        (``()`` before the first roll): what a dashboard shows on the table."""
        for event in reversed(self._events):
            if isinstance(event.move, Roll):
                return event.dice
        return self.turn.last_roll

    @property
    def last_round(self) -> bool:
        """The target has been reached: every other player has one more turn."""
        return self.situation.last_round

    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.situation.is_over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once over (several when totals tie), else ()."""
        return self.situation.winners

    def legal_moves(self) -> list[Move]:
        """Every move allowed now (see :meth:`Turn.legal_moves`)."""
        return self.situation.legal_moves()

    def is_legal(self, move: Move) -> bool:
        """``move`` may be pushed now."""
        try:
            self._step(move)
        except IllegalMove:
            return False
        return True

    # Playing ----------------------------------------------------------------------------

    def _step(self, move: Move) -> tuple[Situation, Event]:
        before = self.situation
        dice: tuple[int, ...] = ()
        if isinstance(move, Roll) and not before.is_over and before.turn.can_roll:
            dice = self._dice.roll(before.turn.dice_in_play, self._rolls[-1])
        after = before.apply(move, dice)
        return after, _event(before, move, after, dice)

    def push(self, move: Move) -> Event:
        """Play ``move`` and return its event; :class:`~dicelab.IllegalMove` if not allowed."""
        after, event = self._step(move)
        self._events.append(event)
        self._situations.append(after)
        self._rolls.append(self._rolls[-1] + isinstance(move, Roll))
        return event

    def pop(self) -> Move:
        """Undo the latest move and return it (a roll undone and redone gives the same dice)."""
        if not self._events:
            raise IllegalMove(msg("There is no move to undo."))
        self._situations.pop()
        self._rolls.pop()
        return self._events.pop().move

    def roll(self) -> Event:
        """Roll the dice in play."""
        return self.push(Roll())

    def set_aside(self, dice: Iterable[int]) -> Event:
        """Set aside dice of the last roll given by value (``[1, 5]``; leftmost matching)."""
        self.situation.check_playing()
        return self.push(SetAside(self.turn.positions_of(dice)))

    def set_aside_positions(self, positions: Iterable[int]) -> Event:
        """Set aside the dice at these positions of the last roll (0 = first die shown)."""
        return self.push(SetAside(positions))  # type: ignore[arg-type]

    def bank(self) -> Event:
        """Bank the turn's points and pass the dice."""
        return self.push(Bank())

    # The computer ----------------------------------------------------------------------

    def computer_move(self) -> Move:
        """The move the computer player would play now (a hint on a human's turn, too)."""
        return self.computer_player.choose(self.situation)

    def computer_step(self) -> Event:
        """Play one move of the computer's turn (refused on a human's turn)."""
        if not self.is_over and not self.current_seat.computer:
            raise IllegalMove(
                msg(
                    "It is {player}'s turn, not the computer's.",
                    player=self.current_seat.label,
                )
            )
        return self.push(self.computer_move())

    def play_computer_turn(self) -> list[Event]:
        """Play the computer's whole turn, step by step; returns the events."""
        events = [self.computer_step()]
        while not self.is_over and not events[-1].ends_turn:
            events.append(self.computer_step())
        return events

    def play_out(
        self, players: Mapping[int, Player] | None = None, max_moves: int = 100_000
    ) -> Game:
        """Play to the end, each seat by ``players[seat]`` (default: the computer player for
        every seat without one). For simulations; returns the game."""
        players = dict(players or {})
        for _ in range(max_moves):
            if self.is_over:
                return self
            player = players.get(self.current_player, self.computer_player)
            self.push(player.choose(self.situation))
        raise IllegalMove(msg("The game did not end within {n} moves.", n=max_moves))

    # Equality, copies, saving ------------------------------------------------------------

    def _identity(self) -> tuple[Any, ...]:
        return (self._seats, self.seed, self.computer_player, self.start, self._events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game seed={self.seed} {self.situation}>"

    def copy(self) -> Game:
        """An independent copy (same seed, same log)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._events = list(self._events)
        twin._situations = list(self._situations)
        twin._rolls = list(self._rolls)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The save: seats, seed, rules, computer parameters, start and every move, plus the
        situation now (checked on loading)."""
        events = []
        for event in self._events:
            if isinstance(event.move, SetAside):
                item = {"move": "set_aside", "positions": list(event.move.positions)}
                item["dice"] = list(event.dice)
            elif isinstance(event.move, Roll):
                item = {"move": "roll", "dice": list(event.dice)}
            else:
                item = {"move": "bank"}
            events.append(item)
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "target": self.target,
            "rules": self.rules.to_dict(),
            "seats": [{"name": s.name, "computer": s.computer} for s in self._seats],
            "computer_player": self.computer_player.to_dict(),
            "start": str(self.start),
            "events": events,
            "situation": str(self.situation),
        }

    def to_json(self, indent: int | None = None) -> str:
        """The save as JSON text (:meth:`from_json` reads it back)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the save to a file."""
        Path(path).write_text(self.to_json(indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The saved game, replayed move by move and checked: every key and value, every
        roll against the seed, every move against the rules, the final situation. A bad
        save raises :class:`~dicelab.IllegalMove` and nothing is half-loaded."""
        return _load(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game saved as JSON text (see :meth:`from_dict`)."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise _bad_save(msg("it is not JSON ({error}).", error=str(error))) from None
        return _load(data)

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """The game saved in a file."""
        return cls.from_json(Path(path).read_text(encoding="utf-8"))


def _make_seats(
    humans: object, computer: object, names: Sequence[str | None] | None
) -> tuple[Seat, ...]:
    if isinstance(humans, bool) or not isinstance(humans, int) or not 0 <= humans <= MAX_HUMANS:
        raise IllegalMove(
            msg(
                "From 0 to {most} humans may play, not {value}.",
                most=MAX_HUMANS,
                value=repr(humans),
            )
        )
    if not isinstance(computer, bool):
        raise IllegalMove(msg("computer is True or False, not {value}.", value=repr(computer)))
    if humans == 0 and not computer:
        raise IllegalMove(msg("A game without the computer needs at least one human player."))
    given = list(names) if names is not None else [None] * humans
    if isinstance(names, str) or len(given) != humans:
        raise IllegalMove(msg("Give one name per human player ({n}).", n=humans))
    for name in given:
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise IllegalMove(msg("A player's name is some text, not {value}.", value=repr(name)))
    seats = [Seat(i, name) for i, name in enumerate(given)]
    if computer:
        seats.append(Seat(humans, None, True))
    return tuple(seats)


_SAVE_KEYS = {
    "format",
    "version",
    "seed",
    "target",
    "rules",
    "seats",
    "computer_player",
    "start",
    "events",
    "situation",
}


def _int_list(value: object) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


def _seats_from_save(seats: object) -> tuple[int, bool, list[str | None]]:
    entries = {"name", "computer"}
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and set(s) == entries for s in seats
    ):
        raise IllegalMove(msg("seats are a list of entries with a name and a computer flag."))
    flags = [s["computer"] for s in seats]
    if not all(isinstance(flag, bool) for flag in flags) or True in flags[:-1]:
        raise IllegalMove(msg("only the last seat may be the computer."))
    computer = bool(flags) and flags[-1]
    if computer and seats[-1]["name"] is not None:
        raise IllegalMove(msg("the computer has no name."))
    names = [s["name"] for s in seats if not s["computer"]]
    return len(names), computer, names


def _load(data: object) -> Game:
    if not isinstance(data, dict) or set(data) != _SAVE_KEYS:
        raise _bad_save(
            msg("a save has exactly the keys {keys}.", keys=", ".join(sorted(_SAVE_KEYS)))
        )
    version = data["version"]
    if data["format"] != FORMAT or type(version) is not int or version != VERSION:
        raise _bad_save(
            msg("it is not a {format} save of version {version}.", format=FORMAT, version=VERSION)
        )
    try:
        rules = Rules.from_dict(data["rules"])
        player = ComputerPlayer.from_dict(data["computer_player"])
        humans, computer, names = _seats_from_save(data["seats"])
        if not isinstance(data["start"], str):
            raise IllegalMove(msg("the start is a line of Farkle notation."))
        seed = data["seed"]
        if type(seed) is not int or seed < 0:
            raise IllegalMove(
                msg("the seed is a whole number of 0 or more, not {value}.", value=repr(seed))
            )
        game = Game(
            humans,
            computer,
            target=data["target"],
            seed=seed,
            rules=rules,
            names=names,
            computer_player=player,
            start=parse(data["start"], rules),
        )
    except IllegalMove as error:
        raise _bad_save(error.message) from None
    events = data["events"]
    if not isinstance(events, list):
        raise _bad_save(msg("the events are a list of moves."))
    for number, item in enumerate(events, start=1):
        _replay(game, number, item)
    if data["situation"] != str(game.situation):
        raise _bad_save(
            msg(
                "the moves lead to {replayed}, not to the saved {saved}.",
                replayed=str(game.situation),
                saved=repr(data["situation"]),
            )
        )
    return game


_SHAPES = {"roll": {"move", "dice"}, "set_aside": {"move", "positions", "dice"}, "bank": {"move"}}


def _replay(game: Game, number: int, item: object) -> None:
    kind = item.get("move") if isinstance(item, dict) else None
    if not isinstance(kind, str) or kind not in _SHAPES or set(item) != _SHAPES[kind]:  # type: ignore[arg-type]
        raise _bad_save(
            msg(
                "move {number} is not a roll (move, dice), a set-aside (move, positions, dice) "
                "or a bank (move).",
                number=number,
            )
        )
    if "dice" in item and not _int_list(item["dice"]):  # type: ignore[operator]
        raise _bad_save(msg("move {number}: dice are a list of whole numbers.", number=number))
    try:
        if kind == "set_aside":
            if not _int_list(item["positions"]):  # type: ignore[index]
                raise IllegalMove(msg("positions are a list of whole numbers."))
            move: Move = SetAside(tuple(item["positions"]))  # type: ignore[index]
        else:
            move = Roll() if kind == "roll" else Bank()
        event = game.push(move)
    except IllegalMove as error:
        raise _bad_save(
            msg("move {number}: {problem}", number=number, problem=error.message)
        ) from None
    if "dice" in item and item["dice"] != list(event.dice):  # type: ignore[operator, index]
        raise _bad_save(
            msg(
                "move {number} shows the dice {saved}, but this game's seed and moves give {dice}.",
                number=number,
                saved=repr(item["dice"]),  # type: ignore[index]
                dice=repr(list(event.dice)),
            )
        )
