"""A game of Penta: seats, turns, and an event log that can be replayed, undone and saved.

A game is its seats, its rules, its seed and its log of events (rolls, holds, scorings);
its state is a fold over the log. Intents (:meth:`Game.roll`, :meth:`Game.hold`,
:meth:`Game.toggle`, :meth:`Game.score`) check the rules and either raise
:class:`~dicelab.IllegalMove`, changing nothing, or append one event:

>>> game = Game(players=("Ada", "Bob"), seed=2026)
>>> game.roll()
(3, 3, 4, 6, 4)
>>> game.hold([0, 1])
frozenset({0, 1})
>>> game.roll()  # the held 3s stay, the other dice are re-rolled
(3, 3, 4, 5, 3)
>>> game.rolls_left
1
>>> game.score("threes")
9
>>> game.current_seat, game.seats[1].name, game.dice
(1, 'Bob', None)
>>> game.score("chance")
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Roll first: at least one roll comes before scoring.

Like python-chess, moves can be listed, pushed and popped; the dice of the n-th roll of
a game depend only on the seed and n, so popping a roll and rolling again gives the
same dice:

>>> game.pop()
Score(box='threes', points=9)
>>> game.push(Score("chance"))
Score(box='chance', points=18)
>>> len(Game(seed=1).legal_moves())  # before a roll the only move is rolling
1

Saved games are JSON; loading replays every event against the seed and the rules, and
refuses a malformed or tampered save without building anything:

>>> Game.from_json(game.to_json()) == game
True

Seats may be computer-controlled (by a player of :mod:`dicelab.penta.players`); the
computer's choice is on offer for any seat:

>>> solo = Game(players=("Ada", "Computer"), computer={1: "heuristic"}, seed=7)
>>> solo.seats[1]
Seat(name='Computer', player='heuristic')
>>> solo.roll()
(5, 1, 3, 1, 4)
>>> solo.computer_choice("heuristic")  # the heuristic in Ada's place: keep 3 4 5
(3, 4, 5)
>>> solo.score("aces")
2
>>> [type(event).__name__ for event in solo.play_computer_turn()][-1]
'Score'
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any

from dicelab.dice import SeededDice, check_dice, new_seed
from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg
from dicelab.penta import players as registry
from dicelab.penta.notation import Situation
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import SACRIFICE, Scorecard, box_list, check_box, check_rules

__all__ = [
    "DICE",
    "MAX_SEATS",
    "ROLLS_PER_TURN",
    "TURNS",
    "Game",
    "Hold",
    "Move",
    "Roll",
    "Score",
    "Seat",
]

DICE = 5
ROLLS_PER_TURN = 3
TURNS = len(BOXES)
MAX_SEATS = 6
FORMAT = "dicelab-penta-game"
VERSION = 1


# -- moves: what the log records ---------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held. The log records the ``dice`` on the table after it."""

    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Hold:
    """Hold exactly the dice at ``positions`` (0..4); the others are re-rolled next."""

    positions: tuple[int, ...] = ()


@dataclass(frozen=True)
class Score:
    """Score the dice in ``box``. The log records the ``points`` added (bonus included)."""

    box: str
    points: int | None = None


Move = Roll | Hold | Score


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a name, and the registered computer ``player`` that plays it
    (``None`` for a human)."""

    name: str
    player: str | None = None

    @property
    def is_computer(self) -> bool:
        """Whether a computer player plays this seat."""
        return self.player is not None


@dataclass(frozen=True)
class _State:
    cards: tuple[Scorecard, ...]
    turns: int = 0  # turns scored so far, all seats together
    dice: tuple[int, ...] | None = None
    held: frozenset[int] = field(default_factory=frozenset)
    rolls: int = 0  # rolls in the current turn
    roll_index: int = 0  # rolls so far in the game: the index of the next roll


class Game:
    """A Penta game for 1 to 6 seats, 13 turns each, in seat order.

    ``players`` are the seats' names (or :class:`Seat` values); ``computer`` lists the
    seat indexes played by the default computer player, or maps indexes to player names;
    ``rules`` is a :class:`~dicelab.penta.rules.Rules` or a preset name; ``seed`` fixes
    the dice (a fresh one is drawn when ``None``, so every game can be replayed).
    """

    def __init__(
        self,
        players: Sequence[str | Seat] = ("Player",),
        computer: Iterable[int] | Mapping[int, str | None] = (),
        rules: Rules | str | None = None,
        seed: int | None = None,
    ) -> None:
        self._seats = _check_seats(players, computer)
        self._rules = check_rules(rules)
        self._dice = SeededDice(new_seed() if seed is None else seed)
        cards = tuple(Scorecard(self._rules) for _ in self._seats)
        self._events: list[Move] = []
        self._states: list[_State] = [_State(cards)]

    # -- identity --------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats, in playing order."""
        return self._seats

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed of the dice."""
        return self._dice.seed

    @property
    def events(self) -> tuple[Move, ...]:
        """The log: every move so far, with the dice rolled and the points scored."""
        return tuple(self._events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._seats, self._rules, self.seed, self._events) == (
            other._seats,
            other._rules,
            other.seed,
            other._events,
        )

    __hash__ = None  # type: ignore[assignment]  # a game changes

    def __repr__(self) -> str:
        names = ", ".join(seat.name for seat in self._seats)
        if self.is_over:
            return f"<Game of {names}: over>"
        return f"<Game of {names}: turn {self.turn_number}, {self.current_player.name} to play>"

    def copy(self) -> Game:
        """An independent copy (same seats, rules, seed and log)."""
        twin = Game.__new__(Game)
        twin._seats, twin._rules, twin._dice = self._seats, self._rules, self._dice
        twin._events, twin._states = list(self._events), list(self._states)
        return twin

    # -- state -----------------------------------------------------------------------------

    @property
    def _state(self) -> _State:
        return self._states[-1]

    @property
    def cards(self) -> tuple[Scorecard, ...]:
        """Each seat's scorecard."""
        return self._state.cards

    @property
    def is_over(self) -> bool:
        """Every seat has played its 13 turns."""
        return self._state.turns == TURNS * len(self._seats)

    @property
    def current_seat(self) -> int | None:
        """The index of the seat to play (``None`` once the game is over)."""
        return None if self.is_over else self._state.turns % len(self._seats)

    @property
    def current_player(self) -> Seat | None:
        """The seat to play (``None`` once the game is over)."""
        seat = self.current_seat
        return None if seat is None else self._seats[seat]

    @property
    def turn_number(self) -> int | None:
        """The round being played, 1 to 13 (``None`` once the game is over)."""
        return None if self.is_over else self._state.turns // len(self._seats) + 1

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice on the table by position, or ``None`` before the turn's first roll."""
        return self._state.dice

    @property
    def held(self) -> frozenset[int]:
        """The positions of the held dice."""
        return self._state.held

    @property
    def rolls_left(self) -> int:
        """Rolls left in this turn (3 before the first; 0 once the game is over)."""
        return 0 if self.is_over else ROLLS_PER_TURN - self._state.rolls

    @property
    def card(self) -> Scorecard | None:
        """The current seat's scorecard (``None`` once the game is over)."""
        seat = self.current_seat
        return None if seat is None else self.cards[seat]

    @property
    def situation(self) -> Situation | None:
        """What the current seat faces: card, dice, rolls left (``None`` once over).

        >>> str(Game(seed=1).situation)
        '- | dice - | 3 rolls left'
        """
        card = self.card
        return None if card is None else Situation(card, self.dice, self.rolls_left)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's TOTAL so far."""
        return tuple(card.total for card in self.cards)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is over (ties share); else ``()``."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(i for i, total in enumerate(self.totals) if total == best)

    def options(self) -> dict[str, int]:
        """The boxes the dice on the table may go in, with points (empty before a roll)."""
        situation = self.situation
        return {} if situation is None else situation.options()

    def must_sacrifice(self) -> bool:
        """Whether no box the dice may go in scores points (see :data:`SACRIFICE`)."""
        card, dice = self.card, self.dice
        return card is not None and dice is not None and card.must_sacrifice(dice)

    def notice(self) -> Message | None:
        """The message the app shows about the roll: the sacrifice message, or ``None``."""
        return SACRIFICE if self.must_sacrifice() else None

    def explain(self) -> dict[str, Message]:
        """Why each box scores what it does for the dice on the table (empty before a roll)."""
        card, dice = self.card, self.dice
        return {} if card is None or dice is None else card.explain(dice)

    # -- moves -----------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move now: scorings (with their points), holds, and the roll.

        A hold that changes nothing is not a move; holds need a roll left to matter.
        """
        if self.is_over:
            return []
        state = self._state
        if state.dice is None:
            return [Roll()]
        moves: list[Move] = [Score(box, points) for box, points in self.options().items()]
        if self.rolls_left:
            for size in range(DICE + 1):
                for positions in itertools.combinations(range(DICE), size):
                    if frozenset(positions) != state.held:
                        moves.append(Hold(positions))
            if len(state.held) < DICE:
                moves.append(Roll())
        return moves

    def push(self, move: Move) -> Move:
        """Play ``move``, or raise :class:`IllegalMove` leaving the game as it was.

        A :class:`Roll` or :class:`Score` that carries its outcome (as a saved log does) must
        match what the seed and the rules give. Returns the move as logged.
        """
        if self.is_over:
            raise IllegalMove(_over_message(self))
        if isinstance(move, Roll):
            event, state = self._roll(move)
        elif isinstance(move, Hold):
            event, state = self._hold(move)
        elif isinstance(move, Score):
            event, state = self._score(move)
        else:
            raise IllegalMove(
                msg(
                    "{value} is not a move: a move is Roll(), Hold(positions) or Score(box).",
                    value=repr(move),
                )
            )
        self._events.append(event)
        self._states.append(state)
        return event

    def pop(self) -> Move:
        """Undo the last move and return it.

        >>> game = Game(seed=3)
        >>> game.pop()
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Nothing to undo: no move has been played.
        """
        if not self._events:
            raise IllegalMove(msg("Nothing to undo: no move has been played."))
        self._states.pop()
        return self._events.pop()

    def _roll(self, move: Roll) -> tuple[Roll, _State]:
        state = self._state
        if self.rolls_left == 0:
            raise IllegalMove(
                msg(
                    "No rolls left: 3 rolls is the most in a turn. Score the dice in one of: "
                    "{allowed}.",
                    allowed=box_list(self.options()),
                )
            )
        if len(state.held) == DICE:
            raise IllegalMove(
                msg("All five dice are held: release at least one to roll, or score a box.")
            )
        fresh = iter(self._dice.roll(DICE - len(state.held), state.roll_index))
        old = state.dice or (0,) * DICE
        dice = tuple(old[i] if i in state.held else next(fresh) for i in range(DICE))
        if move.dice is not None and _as_dice(move.dice) != dice:
            raise IllegalMove(
                msg(
                    "Roll {n} does not match the seed: it shows {given}, the seed gives {dice}.",
                    n=state.roll_index + 1,
                    given=_show(move.dice),
                    dice=_show(dice),
                )
            )
        after = _State(
            state.cards, state.turns, dice, state.held, state.rolls + 1, state.roll_index + 1
        )
        return Roll(dice), after

    def _hold(self, move: Hold) -> tuple[Hold, _State]:
        state = self._state
        if state.dice is None:
            raise IllegalMove(msg("Roll first: there are no dice on the table to hold."))
        if self.rolls_left == 0:
            raise IllegalMove(
                msg(
                    "No rolls left, so holding dice changes nothing: score the dice in one of: "
                    "{allowed}.",
                    allowed=box_list(self.options()),
                )
            )
        positions = _check_positions(move.positions)
        if positions == state.held:
            raise IllegalMove(
                msg("These dice are held already: hold a different set, roll, or score.")
            )
        after = _State(
            state.cards, state.turns, state.dice, positions, state.rolls, state.roll_index
        )
        return Hold(tuple(sorted(positions))), after

    def _score(self, move: Score) -> tuple[Score, _State]:
        state = self._state
        if state.dice is None:
            raise IllegalMove(msg("Roll first: at least one roll comes before scoring."))
        box = check_box(move.box)
        seat = self.current_seat
        assert seat is not None
        card = self.cards[seat]
        after = card.score(box, state.dice)  # raises if the box is filled or forbidden
        points = after.total - card.total - (after.upper_bonus - card.upper_bonus)
        if move.points is not None and move.points != points:
            raise IllegalMove(
                msg(
                    "{box} scores {points} points for these dice, not {given}.",
                    box=box_list([box]),
                    points=points,
                    given=repr(move.points),
                )
            )
        cards = (*state.cards[:seat], after, *state.cards[seat + 1 :])
        return Score(box, points), _State(cards, state.turns + 1, roll_index=state.roll_index)

    # -- intents ---------------------------------------------------------------------------

    def roll(self) -> tuple[int, ...]:
        """Roll the dice that are not held; returns the dice on the table."""
        self.push(Roll())
        assert self.dice is not None
        return self.dice

    def hold(self, positions: Iterable[int]) -> frozenset[int]:
        """Hold exactly the dice at ``positions`` (0..4), releasing the others.

        Holding what is held already changes nothing (no event is logged).

        >>> game = Game(seed=5)
        >>> game.hold([0])
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Roll first: there are no dice on the table to hold.
        """
        wanted = Hold(_positions_tuple(positions))
        can_hold = self._state.dice is not None and self.rolls_left > 0
        if can_hold and _check_positions(wanted.positions) == self.held:
            return self.held
        self.push(wanted)
        return self.held

    def toggle(self, position: int) -> frozenset[int]:
        """Hold the die at ``position`` if it is free, free it if it is held.

        >>> game = Game(seed=5)
        >>> _ = game.roll()
        >>> game.toggle(2), game.toggle(4), game.toggle(2)
        (frozenset({2}), frozenset({2, 4}), frozenset({4}))
        """
        (index,) = _check_positions((position,))
        return self.hold(self.held ^ {index})

    def score(self, box: str) -> int:
        """Score the dice in ``box``; returns the points added (Penta bonus included)."""
        event = self.push(Score(box))
        assert isinstance(event, Score) and event.points is not None
        return event.points

    # -- computer players ------------------------------------------------------------------

    def _player(self, player: str | None) -> registry.Player:
        if player is None:
            seat = self.current_player
            player = seat.player if seat is not None else None
        return registry.get(player)

    def computer_choice(self, player: str | None = None) -> registry.Action:
        """What a computer player would do now: a box id, or a keep (dice values to hold).

        ``player`` names a registered player; by default the current seat's, or the
        default player for a human seat. Before a roll the choice is ``()``: roll all.
        """
        situation = self.situation
        if situation is None:
            raise IllegalMove(_over_message(self))
        chosen = self._player(player)
        action = chosen.choose(situation)
        legal = situation.actions() if situation.dice is not None else [()]
        if action not in legal:
            raise IllegalMove(
                msg(
                    "The player {name} chose {action}, which the rules do not allow here.",
                    name=repr(chosen.name),
                    action=repr(action),
                )
            )
        return action

    def play_computer_step(self, player: str | None = None) -> Move:
        """Play one move of the computer's choice (a roll, a hold or a scoring); returns it."""
        action = self.computer_choice(player)
        if isinstance(action, str):
            return self.push(Score(action))
        if self.dice is not None:
            wanted = registry.keep_positions(self.dice, action, self.held)
            if wanted != self.held:
                return self.push(Hold(tuple(sorted(wanted))))
        return self.push(Roll())

    def play_computer_turn(self, player: str | None = None) -> list[Move]:
        """Play the rest of the current turn by the computer's choices; returns the moves."""
        moves = [self.play_computer_step(player)]
        while not isinstance(moves[-1], Score):
            moves.append(self.play_computer_step(player))
        return moves

    def play_computer_turns(self) -> list[Move]:
        """Play while a computer seat is to play (until a human's turn or the end)."""
        moves: list[Move] = []
        while not self.is_over and self.current_player is not None:
            if not self.current_player.is_computer:
                break
            moves += self.play_computer_turn()
        return moves

    # -- saving ----------------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: format, rules, seed, seats and the event log.

        >>> print(Game(("Ada",), seed=9).to_json())  # doctest: +NORMALIZE_WHITESPACE
        {"format": "dicelab-penta-game", "version": 1, "rules": {"name": "penta",
         "joker": "forced-50", "penta_bonus": true, "upper_bonus": true}, "seed": 9,
         "seats": [{"name": "Ada", "player": null}], "events": []}
        """
        data = {
            "format": FORMAT,
            "version": VERSION,
            "rules": {
                "name": self._rules.name,
                "joker": self._rules.joker,
                "penta_bonus": self._rules.penta_bonus,
                "upper_bonus": self._rules.upper_bonus,
            },
            "seed": self.seed,
            "seats": [{"name": seat.name, "player": seat.player} for seat in self._seats],
            "events": [_event_json(event) for event in self._events],
        }
        return json.dumps(data, indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game saved in ``text``, replayed and checked event by event.

        Raises :class:`IllegalMove` for bad JSON, missing or unknown fields, wrong types,
        and any event the rules or the seed contradict; nothing is half-loaded.

        >>> Game.from_json('{"format": "dicelab-penta-game"')
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: This is not a saved game: bad JSON at line 1, column 32 \
(Expecting ',' delimiter).
        """
        data = _load_json(text)
        _expect_keys(
            data, msg("the save"), ("format", "version", "rules", "seed", "seats", "events")
        )
        if data["format"] != FORMAT:
            raise _bad_save(
                msg(
                    "the format is {value}, not {format}.",
                    value=repr(data["format"]),
                    format=repr(FORMAT),
                )
            )
        if data["version"] != VERSION or type(data["version"]) is not int:
            raise _bad_save(
                msg(
                    "version {value} is not one this dicelab reads (1).",
                    value=repr(data["version"]),
                )
            )
        rules = _rules_from_json(data["rules"])
        seed = data["seed"]
        if type(seed) is not int or seed < 0:
            raise _bad_save(
                msg("the seed must be a whole number of 0 or more, not {value}.", value=repr(seed))
            )
        seats = _seats_from_json(data["seats"])
        events = data["events"]
        if not isinstance(events, list):
            raise _bad_save(msg("the events must be a list, not {value}.", value=repr(events)))
        try:
            game = cls(seats, rules=rules, seed=seed)
        except IllegalMove as error:
            raise _bad_save(error.message) from None
        for number, item in enumerate(events, start=1):
            move = _event_from_json(item, number)
            try:
                game.push(move)
            except IllegalMove as error:
                raise _bad_save(
                    msg(
                        "event {n} ({event}) cannot happen: {reason}",
                        n=number,
                        event=json.dumps(item),
                        reason=error.message,
                    )
                ) from None
        return game


# -- checks ----------------------------------------------------------------------------------


def _over_message(game: Game) -> Message:
    winners = ", ".join(game.seats[i].name for i in game.winners)
    return msg(
        "The game is over: every seat has played its 13 turns. Highest total: {winners}.",
        winners=winners,
    )


def _show(dice: object) -> str:
    if isinstance(dice, list | tuple):
        return " ".join(map(str, dice))
    return repr(dice)


def _as_dice(dice: object) -> tuple[int, ...]:
    return check_dice(dice, DICE)


def _positions_tuple(positions: object) -> tuple[Any, ...]:
    if isinstance(positions, str | bytes) or not isinstance(positions, Iterable):
        raise IllegalMove(
            msg(
                "Positions to hold are a list of numbers from 0 to 4, not {value}.",
                value=repr(positions),
            )
        )
    return tuple(positions)


def _check_positions(positions: object) -> frozenset[int]:
    """The dice positions as a frozenset of ints 0..4, or :class:`IllegalMove`."""
    values = _positions_tuple(positions)
    checked: list[int] = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, Integral):
            raise IllegalMove(
                msg(
                    "A die position is a whole number from 0 to 4, not {value}.",
                    value=repr(value),
                )
            )
        if not 0 <= int(value) < DICE:
            raise IllegalMove(
                msg(
                    "There is no die at position {value}: the dice are at positions 0 to 4.",
                    value=int(value),
                )
            )
        checked.append(int(value))
    if len(set(checked)) != len(checked):
        raise IllegalMove(msg("Position {value} is given twice.", value=_first_repeat(checked)))
    return frozenset(checked)


def _first_repeat(values: list[int]) -> int:
    seen: set[int] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    raise AssertionError


def _check_seats(
    players: Sequence[str | Seat], computer: Iterable[int] | Mapping[int, str | None]
) -> tuple[Seat, ...]:
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise IllegalMove(msg("Players are a list of names, not {value}.", value=repr(players)))
    if not 1 <= len(players) <= MAX_SEATS:
        raise IllegalMove(msg("A game has 1 to 6 players, not {n}.", n=len(players)))
    seats = []
    for player in players:
        seat = player if isinstance(player, Seat) else Seat(player)  # type: ignore[arg-type]
        if not isinstance(seat.name, str) or not seat.name.strip():
            raise IllegalMove(
                msg("A player's name is a non-empty text, not {value}.", value=repr(seat.name))
            )
        if seat.player is not None:
            registry.get(seat.player)  # raises for an unknown player
        seats.append(seat)
    if isinstance(computer, str | bytes) or not isinstance(computer, Iterable):
        raise IllegalMove(
            msg("Computer seats are a list of seat numbers, not {value}.", value=repr(computer))
        )
    chosen = computer if isinstance(computer, Mapping) else dict.fromkeys(computer)
    for index, name in chosen.items():
        if isinstance(index, bool) or not isinstance(index, Integral):
            raise IllegalMove(
                msg("A seat number is a whole number, not {value}.", value=repr(index))
            )
        if not 0 <= int(index) < len(seats):
            raise IllegalMove(
                msg(
                    "There is no seat {index}: the seats are numbered 0 to {last}.",
                    index=int(index),
                    last=len(seats) - 1,
                )
            )
        name = registry.default_name() if name is None else name
        registry.get(name)  # raises for an unknown player
        seats[int(index)] = Seat(seats[int(index)].name, name)
    return tuple(seats)


# -- JSON ------------------------------------------------------------------------------------


def _bad_save(reason: Message) -> IllegalMove:
    return IllegalMove(msg("This is not a saved game: {reason}", reason=reason))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _bad_save(msg("the field {key} appears twice.", key=repr(key)))
        data[key] = value
    return data


def _no_constant(name: str) -> Any:
    raise _bad_save(msg("{value} is not a number a save may hold.", value=name))


def _load_json(text: object) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _bad_save(msg("the text is not UTF-8.")) from None
    if not isinstance(text, str):
        raise _bad_save(msg("a save is JSON text, not {value}.", value=type(text).__name__))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise _bad_save(
            msg(
                "bad JSON at line {line}, column {column} ({problem}).",
                line=error.lineno,
                column=error.colno,
                problem=error.msg,
            )
        ) from None
    except RecursionError:
        raise _bad_save(msg("the JSON is nested too deeply.")) from None
    if not isinstance(data, dict):
        raise _bad_save(msg("a save is a JSON object, not {value}.", value=type(data).__name__))
    return data


def _expect_keys(data: object, where: str | Message, keys: tuple[str, ...]) -> None:
    """``data`` is an object with exactly ``keys``; ``where`` is its place in the save."""
    if not isinstance(data, dict):
        raise _bad_save(
            msg("{where} must be an object, not {value}.", where=where, value=repr(data))
        )
    missing = [key for key in keys if key not in data]
    unknown = [key for key in data if key not in keys]
    if missing:
        raise _bad_save(
            msg("the field {key} is missing in {where}.", key=repr(missing[0]), where=where)
        )
    if unknown:
        raise _bad_save(msg("unknown field {key} in {where}.", key=repr(unknown[0]), where=where))


def _rules_from_json(data: object) -> Rules:
    _expect_keys(data, "rules", ("name", "joker", "penta_bonus", "upper_bonus"))
    assert isinstance(data, dict)
    if not isinstance(data["name"], str):
        raise _bad_save(msg("the rules' name must be text, not {value}.", value=repr(data["name"])))
    if data["joker"] not in ("forced-50", "forced-any", "free", "none"):
        raise _bad_save(
            msg(
                "the joker rule {value} is not one of forced-50, forced-any, free, none.",
                value=repr(data["joker"]),
            )
        )
    for key in ("penta_bonus", "upper_bonus"):
        if type(data[key]) is not bool:
            raise _bad_save(
                msg(
                    "the rules' {key} must be true or false, not {value}.",
                    key=key,
                    value=repr(data[key]),
                )
            )
    rules = Rules(data["name"], data["joker"], data["penta_bonus"], data["upper_bonus"])
    preset = PRESETS.get(rules.name)
    if preset is not None and preset != rules:
        raise _bad_save(
            msg(
                "the rules are named {name} but differ from that preset; rename them or use "
                "the preset's own rules.",
                name=rules.name,
            )
        )
    return rules


def _seats_from_json(data: object) -> list[Seat]:
    if not isinstance(data, list):
        raise _bad_save(msg("the seats must be a list, not {value}.", value=repr(data)))
    seats = []
    for index, item in enumerate(data):
        _expect_keys(item, f"seats[{index}]", ("name", "player"))
        assert isinstance(item, dict)
        name, player = item["name"], item["player"]
        if not isinstance(name, str):
            raise _bad_save(msg("a seat's name must be text, not {value}.", value=repr(name)))
        if player is not None and not isinstance(player, str):
            raise _bad_save(
                msg(
                    "a seat's player must be a player's name or null, not {value}.",
                    value=repr(player),
                )
            )
        seats.append(Seat(name, player))
    return seats


def _event_json(event: Move) -> list[Any]:
    if isinstance(event, Roll):
        return ["roll", list(event.dice or ())]
    if isinstance(event, Hold):
        return ["hold", list(event.positions)]
    return ["score", event.box, event.points]


def _event_from_json(item: object, number: int) -> Move:
    shapes = {"roll": 2, "hold": 2, "score": 3}
    if (
        not isinstance(item, list)
        or not item
        or not isinstance(item[0], str)
        or item[0] not in shapes
        or len(item) != shapes[item[0]]
    ):
        raise _bad_save(
            msg(
                'event {n} is {value}, not ["roll", dice], ["hold", positions] or '
                '["score", box, points].',
                n=number,
                value=json.dumps(item),
            )
        )
    kind = item[0]
    if kind in ("roll", "hold"):
        values = item[1]
        if not isinstance(values, list) or any(type(v) is not int for v in values):
            raise _bad_save(
                msg(
                    "event {n}: {value} is not a list of whole numbers.",
                    n=number,
                    value=json.dumps(values),
                )
            )
        if kind == "roll":
            if len(values) != DICE:
                raise _bad_save(
                    msg(
                        "event {n}: a roll shows 5 dice, not {value}.",
                        n=number,
                        value=json.dumps(values),
                    )
                )
            return Roll(tuple(values))
        return Hold(tuple(values))
    box, points = item[1], item[2]
    if not isinstance(box, str) or type(points) is not int:
        raise _bad_save(
            msg(
                "event {n}: a scoring names a box and whole points, not {value}.",
                n=number,
                value=json.dumps(item),
            )
        )
    return Score(box, points)
