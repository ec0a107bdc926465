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

Saved games are JSON (:mod:`dicelab.penta.save`); loading replays every event against the
seed and the rules, and refuses a malformed or tampered save without building anything:

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
>>> solo.takeback_depth()  # Ada's score is the last human move: one pop takes it back
1
>>> moves = solo.play_computer_turn()  # the computer's whole turn, ending with a Score
>>> type(moves[-1]).__name__, solo.takeback_depth() == 1 + len(moves)  # Ada's, then those
('Score', True)

The moves (:mod:`dicelab.penta.moves`), the situation (:mod:`dicelab.penta.situation`) and
the save (:mod:`dicelab.penta.save`) have their own modules; their names stay importable
from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dicelab.dice import DealtFaces, SeededDice, check_dice, dice_source
from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg
from dicelab.numbers import is_whole, show_value
from dicelab.penta import players as registry
from dicelab.penta import save
from dicelab.penta.moves import (
    DICE,
    ROLLS_PER_TURN,
    Hold,
    Move,
    Roll,
    Score,
    check_position,
    check_positions,
    legal_holds,
    position_list,
)
from dicelab.penta.players import MAX_SEATS, Seat
from dicelab.penta.rules import BOXES, PRESETS, Rules
from dicelab.penta.scorecard import SACRIFICE, Scorecard, box_list, check_box, check_rules
from dicelab.penta.situation import Action, Situation
from dicelab.presets import check_preset_name

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
    "Situation",
]

TURNS = len(BOXES)
"""Turns each seat plays: one per box."""


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

    ``players`` are the seats' names (or :class:`Seat` values), or how many unnamed seats
    ("Player 1", ... in the current language); ``computer`` lists the seat indexes played
    by the default computer player, or maps indexes to player names; ``rules`` is a
    :class:`~dicelab.penta.rules.Rules` or a preset name (rules that differ from a preset
    need their own name, so that a save names them rightly); ``seed`` fixes the dice
    (a fresh one is drawn when ``None``, so every game can be replayed). With
    ``duplicate=True`` the dice of roll j of round r depend only on (seed, r, j) and the
    dice held (:meth:`~dicelab.dice.SeededDice.faces`; the free slots, from the left, take
    the roll's faces in order): every seat, and every learner with the seed, faces the
    same dice in a round whatever happened before (``docs/classroom.md``). ``dice`` takes
    those faces from elsewhere: a class service that deals them roll by roll
    (:class:`~dicelab.dice.DealtFaces`; ``duplicate=True`` needed).

    >>> game = Game(seed=4, duplicate=True)
    >>> game.roll() == Game(players=2, seed=4, duplicate=True).roll()
    True

    >>> [seat.name for seat in Game(players=2).seats]
    ['Player 1', 'Player 2']
    """

    def __init__(
        self,
        players: Sequence[str | Seat] | int = ("Player",),
        computer: Iterable[int] | Mapping[int, str | None] = (),
        rules: Rules | str | None = None,
        seed: int | None = None,
        *,
        duplicate: bool = False,
        dice: DealtFaces | None = None,
    ) -> None:
        if not isinstance(duplicate, bool):
            raise IllegalMove(
                msg("duplicate is True or False, not {value}.", value=show_value(duplicate))
            )
        self._duplicate = duplicate
        self._seats = registry.make_seats(players, computer)
        self._rules = check_preset_name(check_rules(rules), PRESETS)
        self._dice: SeededDice | DealtFaces = dice_source(seed, duplicate, dice)
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
    def duplicate(self) -> bool:
        """Whether the dice are duplicate dice (the same for everyone in a round)."""
        return self._duplicate

    @property
    def events(self) -> tuple[Move, ...]:
        """The log: every move so far, with the dice rolled and the points scored."""
        return tuple(self._events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._seats, self._rules, self.seed, self._duplicate, self._events) == (
            other._seats,
            other._rules,
            other.seed,
            other._duplicate,
            other._events,
        )

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose: a game changes

    def __repr__(self) -> str:
        names = ", ".join(seat.name for seat in self._seats)
        player = self.current_player
        if player is None:
            return f"<Game of {names}: over>"
        return f"<Game of {names}: turn {self.turn_number}, {player.name} to play>"

    def copy(self) -> Game:
        """An independent copy (same seats, rules, seed and log)."""
        twin = Game.__new__(Game)
        twin._seats, twin._rules, twin._dice = self._seats, self._rules, self._dice
        twin._duplicate = self._duplicate
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
            moves += legal_holds(state.held)
            if len(state.held) < DICE:
                moves.append(Roll())
        return moves

    def is_legal(self, move: Move) -> bool:
        """Whether :meth:`push` would play ``move`` now.

        >>> Game(seed=1).is_legal(Roll()), Game(seed=1).is_legal(Score("chance"))
        (True, False)
        """
        try:
            self._step(move)
        except IllegalMove:
            return False
        return True

    def push(self, move: Move) -> Move:
        """Play ``move``, or raise :class:`IllegalMove` leaving the game as it was.

        A :class:`Roll` or :class:`Score` that carries its outcome (as a saved log does) must
        match what the seed and the rules give. Returns the move as logged.
        """
        event, state = self._step(move)
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

    def takeback_depth(self) -> int:
        """How many :meth:`pop` calls take back the last move a human seat made, with every
        computer move after it (0 when no human has moved yet): what an app's Undo pops.

        >>> game = Game(players=("Ada", "Cpu"), computer=[1], seed=1)
        >>> game.takeback_depth()
        0
        >>> _ = game.roll(); game.takeback_depth()
        1
        """
        seats = len(self._seats)
        before = self._states[:-1]  # the state each move was played from
        for depth, state in enumerate(reversed(before), start=1):
            if not self._seats[state.turns % seats].is_computer:
                return depth
        return 0

    def _step(self, move: Move) -> tuple[Move, _State]:
        """The logged move and the state after it; the game itself is left unchanged."""
        if self.is_over:
            raise IllegalMove(_over_message(self))
        if isinstance(move, Roll):
            return self._roll(move)
        if isinstance(move, Hold):
            return self._hold(move)
        if isinstance(move, Score):
            return self._score(move)
        raise IllegalMove(
            msg(
                "{value} is not a move: a move is Roll(), Hold(positions) or Score(box).",
                value=show_value(move),
            )
        )

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
        old = state.dice or (0,) * DICE
        if self._duplicate:  # the free slots take this roll of this round's faces in order
            round_ = state.turns // len(self._seats) + 1
            fresh = iter(self._dice.faces("penta", round_, state.rolls + 1))
        else:
            fresh = iter(self._dice.roll(DICE - len(state.held), state.roll_index))
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
        positions = check_positions(move.positions)
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
        if move.points is not None and (not is_whole(move.points) or move.points != points):
            raise IllegalMove(
                msg(
                    "{box} scores {points} points for these dice, not {given}.",
                    box=box_list([box]),
                    points=points,
                    given=show_value(move.points),
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
        wanted = Hold(position_list(positions))
        can_hold = self._state.dice is not None and self.rolls_left > 0
        if can_hold and check_positions(wanted.positions) == self.held:
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
        return self.hold(self.held ^ {check_position(position)})

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

    def computer_choice(self, player: str | None = None) -> Action:
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
                    name=show_value(chosen.name),
                    action=show_value(action),
                )
            )
        return action

    def play_computer_step(self, player: str | None = None) -> Move:
        """Play one move of the computer's choice (a roll, a hold or a scoring); returns it.

        Only on a computer seat's turn (``player`` may name another computer player for it):
        on a human's turn it raises :class:`IllegalMove` and plays nothing.

        >>> Game(players=("Ada",), seed=1).play_computer_step()
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: It is Ada's turn, not the computer's.
        """
        seat = self.current_player
        if seat is None:
            raise IllegalMove(_over_message(self))
        if not seat.is_computer:
            raise IllegalMove(msg("It is {player}'s turn, not the computer's.", player=seat.name))
        action = self.computer_choice(player)
        if isinstance(action, str):
            return self.push(Score(action))
        if self.dice is not None:
            wanted = registry.keep_positions(self.dice, action, self.held)
            if wanted != self.held:
                return self.push(Hold(tuple(sorted(wanted))))
        return self.push(Roll())

    def play_computer_turn(self, player: str | None = None) -> list[Move]:
        """Play the rest of a computer seat's turn by the computer's choices; returns the moves."""
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

    # -- saving (see :mod:`dicelab.penta.save`) --------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The save as plain data: format, rules, seed, seats and the event log."""
        return save.to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The save as JSON text (:meth:`from_json` reads it back)."""
        return save.to_json(self, indent)

    def save(self, path: str | Path) -> None:
        """Write the save to a file."""
        Path(path).write_text(self.to_json(indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The game saved as plain data, replayed and checked event by event."""
        return save.load(cls, data)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game saved in ``text``, replayed and checked event by event.

        Raises :class:`IllegalMove` for bad JSON, missing or unknown fields, wrong types,
        and any event the rules or the seed contradict; nothing is half-loaded.
        """
        return save.load_json(cls, text)

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """The game saved in a file."""
        return cls.from_json(Path(path).read_bytes())


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
