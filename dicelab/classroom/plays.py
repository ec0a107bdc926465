"""A learner's play of a hub's class game, checked move by move (``docs/classroom.md``).

The class service keeps every play as the engine's own save. A learner's kernel sends its
game after every change; :func:`advance` accepts it only as a continuation of what is kept
(a result is never replaced, only continued), replays every move on the dealt dice (every
roll must be the dealer's, every move legal) and checks that the game is the class game's:
its rules, seats and dice. :func:`may_deal` says which rolls the game has reached: the
service deals a roll's faces only then, so nobody can see dice ahead of their turn.

>>> from dicelab.classroom.dealer import Dealer
>>> game = ClassGame(1, "penta", "official", computer=False, hints=False)
>>> dealer = Dealer(bytes(32), 1)
>>> play = new_game(game, dealer)
>>> may_deal(game, dealer, save_of(play))  # none rolled; the next: round 1, roll 1
(set(), (1, 1))
>>> dice = play.roll()
>>> kept = advance(game, dealer, [], save_of(play))
>>> may_deal(game, dealer, save_of(play))
({(1, 1)}, (1, 2))
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from dicelab.dice import DealtFaces
from dicelab.errors import IllegalMove
from dicelab.farkle import game as farkle_game
from dicelab.farkle import save as farkle_save
from dicelab.farkle.rules import PRESETS as FARKLE_PRESETS
from dicelab.farkle.rules import Rules as FarkleRules
from dicelab.farkle.situation import checked_target
from dicelab.i18n import msg
from dicelab.numbers import show_value
from dicelab.penta import game as penta_game
from dicelab.penta import save as penta_save
from dicelab.penta.rules import PRESETS as PENTA_PRESETS

__all__ = [
    "GAMES",
    "ClassGame",
    "Recorder",
    "advance",
    "differing_field",
    "may_deal",
    "new_game",
    "replay",
    "save_of",
    "summary",
]

GAMES = ("penta", "farkle")
PENTA_COMPUTER = "optimal"
"""The computer player of a Penta class game (the apps' class games play it too)."""

Game = penta_game.Game | farkle_game.Game


@dataclass(frozen=True)
class ClassGame:
    """A class game's settings, as the teacher chose them (never its secret)."""

    number: int
    game: str  # "penta" or "farkle"
    rules: str  # a preset of that game
    computer: bool = True  # one learner against the computer, or alone
    hints: bool = False  # the advisor and the risk panel during the game
    target: int = 10_000  # Farkle's target
    title: str = ""

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise IllegalMove(
                msg("A class game is Penta or Farkle, not {value}.", value=show_value(self.game))
            )
        presets = PENTA_PRESETS if self.game == "penta" else FARKLE_PRESETS
        if self.rules not in presets:
            raise IllegalMove(
                msg(
                    "The rules {value} are not one of: {allowed}.",
                    value=show_value(self.rules),
                    allowed=", ".join(sorted(presets)),
                )
            )
        checked_target(self.target)
        for name in ("computer", "hints"):
            if not isinstance(getattr(self, name), bool):
                raise IllegalMove(msg("{name} is true or false.", name=name))

    def as_json(self) -> dict[str, Any]:
        """The settings as the service sends them."""
        return {
            "number": self.number,
            "game": self.game,
            "rules": self.rules,
            "computer": self.computer,
            "hints": self.hints,
            "target": self.target,
            "title": self.title,
        }


def new_game(game: ClassGame, dice: DealtFaces, names: tuple[str, ...] = ()) -> Game:
    """The class game as a learner starts it (one human, the computer if it plays), its dice
    from ``dice``; ``names`` are the seats' names (the engine's defaults if left out)."""
    if game.game == "penta":
        players: Any = names or (1 + game.computer)
        computer = {1: PENTA_COMPUTER} if game.computer else {}
        return penta_game.Game(players, computer, game.rules, duplicate=True, dice=dice)
    return farkle_game.Game(
        list(names[:1]) or 1,
        game.computer,
        target=game.target,
        rules=FarkleRules.preset(game.rules),
        duplicate=True,
        dice=dice,
    )


def save_of(game: Game) -> dict[str, Any]:
    """The engine's save of ``game`` (what a kernel sends, what the service keeps)."""
    if isinstance(game, farkle_game.Game):
        return farkle_save.dump(game)
    return penta_save.to_dict(game)


def _load(game: ClassGame, dice: DealtFaces, data: object) -> Game:
    if game.game == "penta":
        return penta_save.load(partial(penta_game.Game, dice=dice), data)
    return farkle_save.load(partial(farkle_game.Game, dice=dice), data)


def replay(game: ClassGame, dice: DealtFaces, data: object) -> Game:
    """The game of the save ``data`` replayed on the class game's dealt dice, checked to be
    the class game (its rules, seats, target, computer player; the names may differ);
    :class:`~dicelab.IllegalMove` saying why not."""
    played = _load(game, dice, data)
    field = differing_field(save_of(new_game(game, dice)), save_of(played))
    if field is not None:
        raise IllegalMove(msg("This is not the class game: its {field} differs.", field=field))
    return played


def differing_field(own: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    """The first field of the save ``theirs`` that is not the class game's ``own`` (the moves
    and the players' names aside), or None: a class game's identity, in one place.

    >>> differing_field({"seed": 1, "events": []}, {"seed": 2, "events": [["roll", [1]]]})
    'seed'
    """
    for key in own:
        if key in ("events", "situation"):
            continue
        if _without_names(theirs.get(key), key) != _without_names(own[key], key):
            return key
    return None


def _without_names(value: object, key: str) -> object:
    if key == "seats" and isinstance(value, list):
        return [{k: v for k, v in s.items() if k != "name"} for s in value if isinstance(s, dict)]
    return value


def advance(
    game: ClassGame, dice: DealtFaces, kept: list[Any], data: object, dealt_at: int | None = None
) -> Game:
    """The game of the save ``data`` if it continues the ``kept`` events (the same moves
    first, then more) and replays as the class game on its dice; else IllegalMove.

    ``dealt_at``: the number of moves when the service last dealt a roll: the move after
    them must be that roll (dice seen before a decision would let a learner hold, set aside
    or bank knowing the next roll)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("events"), list):
        raise IllegalMove(msg("A play is sent as a saved game."))
    events = list(data["events"])
    if len(events) < len(kept) or _canon(events[: len(kept)]) != _canon(kept):
        raise IllegalMove(
            msg(
                "A class game's moves cannot be taken back or changed: {n} moves are kept. "
                "If you played on in another tab or window, reload this page to carry on from "
                "there.",
                n=len(kept),
            )
        )
    if dealt_at is not None and len(events) > dealt_at and not is_roll(events[dealt_at]):
        raise IllegalMove(msg("The dice of the next roll were dealt: the next move is that roll."))
    return replay(game, dice, data)


def is_roll(event: object) -> bool:
    """Whether a saved event is a roll (Penta: ``["roll", dice]``; Farkle: ``{"move":
    "roll", ...}``)."""
    if isinstance(event, list) and event:
        return event[0] == "roll"
    return isinstance(event, dict) and event.get("move") == "roll"


def _canon(events: list[Any]) -> str:
    return json.dumps(events, sort_keys=True, separators=(",", ":"))


class Recorder:
    """Dealt faces that notes every (round, roll) asked (``DealtFaces``)."""

    def __init__(self, dice: DealtFaces) -> None:
        self._dice = dice
        self.seed = dice.seed
        self.asked: set[tuple[int, int]] = set()

    def faces(self, game: str, round: int, roll: int) -> tuple[int, ...]:
        self.asked.add((round, roll))
        return self._dice.faces(game, round, roll)

    def roll(self, k: int, index: int) -> tuple[int, ...]:
        return self._dice.roll(k, index)


def may_deal(
    game: ClassGame, dice: DealtFaces, data: object
) -> tuple[set[tuple[int, int]], tuple[int, int] | None]:
    """The (round, roll) pairs of the rolls the play of ``data`` has made, and the one it
    may make next (None: it may not roll now)."""
    recorder = Recorder(dice)
    played = replay(game, recorder, data)
    made = set(recorder.asked)
    recorder.asked.clear()
    # A dry run: the engine asks for the next roll's faces, if it may roll now (not when a
    # box is to be scored, dice are to be set aside, or the game is over).
    with contextlib.suppress(IllegalMove):
        played.roll()
    return made, next(iter(recorder.asked), None)


def summary(played: Game) -> dict[str, Any]:
    """What the teacher's table shows of a play: the learner's score, the computer's, the
    round reached (Penta), the moves made, whether it is over."""
    totals = played.totals
    return {
        "score": totals[0],
        "computer": totals[1] if len(totals) > 1 else None,
        "round": getattr(played, "turn_number", None),  # Penta's round (Farkle: none)
        "moves": len(played.events),
        "over": played.is_over,
    }
