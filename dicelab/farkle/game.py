"""A Farkle game: seats, a seed and a log of events; its state is a fold over the log.

Like python-chess, moves are pushed and popped; the dice come from
``SeededDice(seed).roll(k, index)`` with ``index`` the roll's number in the game, so
undoing a roll and rolling again gives the same dice, and a saved game can be checked
against its seed.

>>> game = Game(2, seed=7, target=5000)
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

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicelab.dice import DealtFaces, SeededDice, dice_source
from dicelab.errors import IllegalMove
from dicelab.farkle import save
from dicelab.farkle.moves import Bank, Move, Roll, SetAside, check_positions
from dicelab.farkle.notation import parse
from dicelab.farkle.players import (
    MAX_HUMANS,
    ComputerPlayer,
    Player,
    Seat,
    lineup_label,
    make_seats,
)
from dicelab.farkle.rules import PRESETS, Rules, check_rules
from dicelab.farkle.save import FORMAT, VERSION
from dicelab.farkle.scoring import is_farkle
from dicelab.farkle.situation import DEFAULT_TARGET, Situation
from dicelab.farkle.turn import Turn
from dicelab.i18n import N_, Message, msg
from dicelab.numbers import is_whole, show_value
from dicelab.presets import check_preset_name

__all__ = [
    "FORMAT",
    "GAME_OVER",
    "HOT_DICE",
    "LAST_ROUND",
    "MAX_HUMANS",
    "TURN_LOST",
    "VERSION",
    "Event",
    "Game",
    "Seat",
    "lineup_label",
    "make_seats",
]

TURN_LOST = N_("Turn lost!")
"""«Tour perdu !»: the roll scored nothing."""
HOT_DICE = N_("Hot dice!")
"""«Dés chauds !»: every die is set aside, six come back."""
LAST_ROUND = N_("Last round!")
"""«Dernier tour !»: a total reached the target."""
GAME_OVER = N_("Game over!")


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
        if after.trigger is not None and before.trigger is None and not after.rules.ends_at_target:
            messages.append(msg(LAST_ROUND))
    if after.is_over:
        messages.append(msg(GAME_OVER))
    return Event(before.current, move, dice, points, tuple(messages))


class Game:
    """A game of Farkle: 1 to 6 humans plus the computer («Humains + 1 IA»), by default.

    * ``players``: the humans' names in playing order (``None`` or a :class:`Seat` for
      an entry is fine too), or their number (default 1, unnamed: "Player 1", ...);
      0 only with the computer (a simulation);
    * ``computer``: ``True`` (default) seats the computer after the players; ``False``
      or ``[]``: humans only; ``[i]``: the entry ``i`` of ``players`` is the computer
      (a Farkle table has at most one computer seat);
    * ``target``: 5000, 10000 (default) or 15000;
    * ``seed``: the dice's seed (a fresh one by default; ``game.seed`` tells it);
    * ``duplicate``: ``True`` for duplicate dice: roll j of a seat's turn t shows the
      first k faces of :meth:`~dicelab.dice.SeededDice.faces` ``("farkle", t, j)`` for k
      dice in play, the same for every seat and every learner with the seed, whatever
      happened before (``docs/classroom.md``);
    * ``dice``: those faces from elsewhere, a class service dealing them roll by roll
      (:class:`~dicelab.dice.DealtFaces`; duplicate games only);
    * ``rules``: a :class:`~dicelab.farkle.rules.Rules` table or a preset's name
      (default standard); a table that differs from a preset needs its own name;
    * ``computer_player``: the computer's strategy (default :class:`ComputerPlayer`);
    * ``start``: a :class:`~dicelab.farkle.situation.Situation` (or its notation) to
      play on from, with one total per seat (default: a new game).

    ``Game(humans=2, names=[...])`` still works but is deprecated: say
    ``Game(players=[...])``. Intents: :meth:`roll`, :meth:`set_aside` (dice values),
    :meth:`set_aside_positions` (positions in the last roll, as a dashboard clicks them),
    :meth:`bank`; or :meth:`push` any :class:`~dicelab.farkle.moves.Move` and :meth:`pop`
    it back. Each raises :class:`~dicelab.IllegalMove` and changes nothing when not
    allowed.
    """

    def __init__(
        self,
        players: int | Sequence[str | Seat | None] | None = None,
        computer: bool | Iterable[int] = True,
        *,
        target: int = DEFAULT_TARGET,
        seed: int | None = None,
        duplicate: bool = False,
        dice: DealtFaces | None = None,
        rules: Rules | str | None = None,
        computer_player: ComputerPlayer | None = None,
        start: Situation | str | None = None,
        humans: int | None = None,
        names: Sequence[str | None] | None = None,
    ) -> None:
        players = _old_players(players, humans, names)
        self._seats = make_seats(1 if players is None else players, computer)
        if not isinstance(duplicate, bool):
            raise IllegalMove(
                msg("duplicate is True or False, not {value}.", value=show_value(duplicate))
            )
        self._dice: SeededDice | DealtFaces = dice_source(seed, duplicate, dice)
        self._duplicate = duplicate
        rules = _check_table(rules)
        self.computer_player = ComputerPlayer() if computer_player is None else computer_player
        first = _first_situation(start, len(self._seats), target, rules)
        self._events: list[Event] = []
        self._situations: list[Situation] = [first]
        self._rolls: list[int] = [0]  # rolls made before each situation
        # before each situation: turns ended per seat, rolls in the turn (duplicate dice)
        self._counts: list[tuple[tuple[int, ...], int]] = [((0,) * len(self._seats), 0)]

    # The game's identity -------------------------------------------------------------

    @property
    def computer_player(self) -> ComputerPlayer:
        """The computer's strategy (may be replaced by another :class:`ComputerPlayer`)."""
        return self._computer_player

    @computer_player.setter
    def computer_player(self, player: ComputerPlayer) -> None:
        if not isinstance(player, ComputerPlayer):
            raise IllegalMove(
                msg("Expected a ComputerPlayer, not {value}.", value=show_value(player))
            )
        self._computer_player = player

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats, in playing order (the computer last)."""
        return self._seats

    @property
    def seed(self) -> int:
        """The dice's seed."""
        return self._dice.seed

    @property
    def duplicate(self) -> bool:
        """Whether the dice are duplicate dice (see the class's docstring)."""
        return self._duplicate

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
            if self._duplicate:
                turn, roll = self._duplicate_roll()
                dice = self._dice.faces("farkle", turn, roll)[: before.turn.dice_in_play]
            else:
                dice = self._dice.roll(before.turn.dice_in_play, self._rolls[-1])
        after = before.apply(move, dice)
        return after, _event(before, move, after, dice)

    def _duplicate_roll(self) -> tuple[int, int]:
        """(t, j): the next roll is roll j (from 1) of the current seat's turn t (from 1),
        counted in this game's log; a hot-dice roll takes the next j. Kept up to date move
        by move, so that a replay is linear in its length."""
        turns, rolls = self._counts[-1]
        return turns[self.current_player] + 1, rolls + 1

    @staticmethod
    def _counted(counts: tuple[tuple[int, ...], int], event: Event) -> tuple[tuple[int, ...], int]:
        """The counts of :meth:`_duplicate_roll` after ``event``."""
        turns, rolls = counts
        if event.ends_turn:
            ended = list(turns)
            ended[event.seat] += 1
            return tuple(ended), 0
        return turns, rolls + isinstance(event.move, Roll)

    def push(self, move: Move) -> Event:
        """Play ``move`` and return its event; :class:`~dicelab.IllegalMove` if not allowed."""
        after, event = self._step(move)
        self._events.append(event)
        self._situations.append(after)
        self._rolls.append(self._rolls[-1] + isinstance(move, Roll))
        self._counts.append(self._counted(self._counts[-1], event))
        return event

    def pop(self) -> Move:
        """Undo the latest move and return it (a roll undone and redone gives the same dice)."""
        if not self._events:
            raise IllegalMove(msg("There is no move to undo."))
        self._situations.pop()
        self._rolls.pop()
        self._counts.pop()
        return self._events.pop().move

    def takeback_depth(self) -> int:
        """How many :meth:`pop` calls take back the latest move of a human seat together
        with every computer move after it (0 when no human has moved): an Undo button.

        >>> game = Game(("Ada",), seed=7)
        >>> game.takeback_depth(), game.roll().seat, game.takeback_depth()
        (0, 0, 1)
        """
        for depth, event in enumerate(reversed(self._events), start=1):
            if not self._seats[event.seat].computer:
                return depth
        return 0

    def roll(self) -> Event:
        """Roll the dice in play."""
        return self.push(Roll())

    def set_aside(self, dice: Iterable[int]) -> Event:
        """Set aside dice of the last roll given by value (``[1, 5]``; leftmost matching)."""
        self.situation.check_playing()
        return self.push(SetAside(self.turn.positions_of(dice)))

    def set_aside_positions(self, positions: Iterable[int]) -> Event:
        """Set aside the dice at these positions of the last roll (0 = first die shown)."""
        return self.push(SetAside(check_positions(positions)))

    def bank(self) -> Event:
        """Bank the turn's points and pass the dice."""
        return self.push(Bank())

    # The computer ----------------------------------------------------------------------

    def computer_move(self) -> Move:
        """The move the computer player would play now (a hint on a human's turn, too)."""
        return self.computer_player.choose(self.situation)

    def play_computer_step(self) -> Event:
        """Play one move of the computer's turn; refused (the game unchanged) when the seat
        to move is not the computer's, or the game is over."""
        if not self.is_over and not self.current_seat.computer:
            raise IllegalMove(
                msg(
                    "It is {player}'s turn, not the computer's.",
                    player=self.current_seat.label,
                )
            )
        return self.push(self.computer_move())

    def computer_step(self) -> Event:
        """The same as :meth:`play_computer_step` (its first name)."""
        return self.play_computer_step()

    def play_computer_turn(self) -> list[Event]:
        """Play the computer's whole turn, step by step; returns the events."""
        events = [self.play_computer_step()]
        while not self.is_over and not events[-1].ends_turn:
            events.append(self.play_computer_step())
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
        seed = (self.seed, self._duplicate)
        return (self._seats, seed, self.computer_player, self.start, self._events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity()

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose: a game changes

    def __repr__(self) -> str:
        return f"<Game seed={self.seed} {self.situation}>"

    def copy(self) -> Game:
        """An independent copy (same seed, same log)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._events = list(self._events)
        twin._situations = list(self._situations)
        twin._rolls = list(self._rolls)
        twin._counts = list(self._counts)
        return twin

    def to_dict(self) -> dict[str, Any]:
        """The save: seats, seed, rules, computer parameters, start and every move, plus the
        situation now (checked on loading); see :mod:`dicelab.farkle.save`."""
        return save.dump(self)

    def to_json(self, indent: int | None = None) -> str:
        """The save as JSON text (:meth:`from_json` reads it back)."""
        return save.dump_json(self, indent)

    def save(self, path: str | Path) -> None:
        """Write the save to a file."""
        Path(path).write_text(self.to_json(indent=1), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The saved game, replayed move by move and checked: every key and value, every
        roll against the seed, every move against the rules, the final situation. A bad
        save raises :class:`~dicelab.IllegalMove` and nothing is half-loaded."""
        return save.load(cls, data)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game saved as JSON text (see :meth:`from_dict`)."""
        return save.load_json(cls, text)

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """The game saved in a file."""
        return cls.from_json(Path(path).read_text(encoding="utf-8"))


# Building a game ---------------------------------------------------------------------------


def _old_players(
    players: int | Sequence[str | Seat | None] | None,
    humans: int | None,
    names: Sequence[str | None] | None,
) -> int | Sequence[str | Seat | None] | None:
    """``players`` from the deprecated ``humans=`` and ``names=`` keywords, if given."""
    if humans is None and names is None:
        return players
    warnings.warn(
        "Game(humans=..., names=...) is deprecated: say Game(players=[names] or a count).",
        DeprecationWarning,
        stacklevel=3,
    )
    if humans is not None:
        if players is not None:
            raise IllegalMove(msg("Give the players or humans=, not both."))
        players = humans
    if names is None:
        return players
    count = 1 if players is None else players
    if not is_whole(count) or isinstance(names, str) or not isinstance(names, Sequence):
        raise IllegalMove(msg("Give one name per human player ({n}).", n=show_value(count)))
    if len(names) != count:
        raise IllegalMove(msg("Give one name per human player ({n}).", n=show_value(count)))
    return list(names)


def _check_table(rules: object) -> Rules:
    """The game's table: a preset by name, or a table that differs from every preset
    whose name it carries (so that its save and its notation name it rightly)."""
    return check_preset_name(check_rules(rules), PRESETS)


def _first_situation(start: object, seats: int, target: object, rules: Rules) -> Situation:
    """The situation the game starts from: a new game's, or ``start`` if it fits."""
    new = Situation.start(seats, target, rules)  # type: ignore[arg-type]  # checks the target
    if start is None:
        return new
    first = parse(start, rules) if isinstance(start, str) else start
    if not isinstance(first, Situation):
        raise IllegalMove(msg("Expected a Farkle Situation, not {value}.", value=show_value(start)))
    if first.seats != seats or first.rules != rules or first.target != new.target:
        raise IllegalMove(
            msg(
                "The starting situation needs one total per seat ({n}), the game's "
                "target and the game's rules.",
                n=seats,
            )
        )
    return first
