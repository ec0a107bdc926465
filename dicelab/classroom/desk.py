"""What the class service does, whoever asks: the teacher sets class games up and reads the
plays; a learner's kernel sends its play and asks for its next roll (``docs/classroom.md``).

The service's web layer (:mod:`dicelab.classroom.service`) checks who asks with the hub's
tokens and calls a :class:`Desk`; everything refused is :class:`~dicelab.IllegalMove` with
words saying why.

>>> from dicelab.classroom.store import Store
>>> desk = Desk(Store("sqlite://"))
>>> number = desk.create("mme-curie", {"game": "penta", "rules": "official", "computer": False})
>>> answer = desk.play(number, "ada", save=None, deal=[1, 1])
>>> answer["faces"] == desk.play(number, "bob", save=None, deal=[1, 1])["faces"]  # the same dice
True
>>> desk.play(number, "ada", save=None, deal=[1, 2])
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: The dice of round 1, roll 2 are not yours to see yet: your game is \
at round 1, roll 1.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from dicelab.classroom.dealer import Dealer
from dicelab.classroom.plays import (
    ClassGame,
    advance,
    may_deal,
    new_game,
    save_of,
    summary,
)
from dicelab.classroom.results import safe_cell
from dicelab.classroom.store import Play, Store
from dicelab.errors import IllegalMove
from dicelab.i18n import N_, msg
from dicelab.numbers import show_value
from dicelab.penta import game as penta_game

__all__ = ["MAX_BODY", "MAX_NAME", "NO_GAME", "Desk"]

NO_GAME = N_("There is no class game number {n}.")
"""The refusal of a game number that is not one (the service answers it with 404)."""

MAX_BODY = 2_000_000
"""The longest request the service reads (bytes): a long Farkle game's save is far less."""
MAX_NAME = 40
"""Names in an export are cut to this many characters."""
CLOSED = msg("This class game is closed: the teacher has ended it.")
_SETTINGS = ("game", "rules", "computer", "hints", "target", "title")


class Desk:
    """The class service's work on the database ``store``."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._optimal: dict[int, int | None] = {}

    # -- the teacher ------------------------------------------------------------------------
    def create(self, teacher: str, settings: object) -> int:
        """A new class game with these settings (``game``, ``rules``, ``computer``,
        ``hints``, ``target``, ``title``); its number."""
        if not isinstance(settings, dict) or set(settings) - set(_SETTINGS):
            raise IllegalMove(
                msg("A class game's settings are some of: {allowed}.", allowed=", ".join(_SETTINGS))
            )
        title = settings.get("title", "")
        if not isinstance(title, str) or len(title) > 80:
            raise IllegalMove(msg("A class game's title is text of at most 80 characters."))
        game = ClassGame(
            0,
            game=settings.get("game", ""),
            rules=settings.get("rules", ""),
            computer=settings.get("computer", True),
            hints=settings.get("hints", False),
            target=settings.get("target", 10_000),
            title=title,
        )
        return self._store.create(game, teacher)

    def close(self, number: int) -> None:
        """Close class game ``number``: its plays stay, no move is taken any more."""
        self._settings(number)
        self._store.close(number)

    def games(self, teacher: bool) -> list[dict[str, Any]]:
        """The class games (a learner sees the open ones), newest first."""
        return [
            {**game.as_json(), "open": is_open}
            for game, _, is_open in self._store.class_games()
            if teacher or is_open
        ]

    def results(self, number: int) -> dict[str, Any]:
        """Class game ``number`` and every learner's play so far (the teacher's table), with
        the optimal player's score on the class game's dice (Penta; None for Farkle)."""
        game = self._settings(number)
        return {
            "game": {**game.as_json(), "open": self._store.is_open(number)},
            "plays": [play.as_json() for play in self._store.plays(number)],
            "optimal": self.optimal(number),
        }

    def optimal(self, number: int) -> int | None:
        """The score of dicelab's optimal player alone on class game ``number``'s dice (Penta;
        None for Farkle, whose turns the learners do not share), computed once."""
        if number not in self._optimal:
            game = self._settings(number)
            score = None
            if game.game == "penta":
                dealer = Dealer(self._store.secret(number), number)
                alone = penta_game.Game(
                    ("Optimal",), {0: "optimal"}, game.rules, duplicate=True, dice=dealer
                )
                alone.play_computer_turns()
                score = int(alone.totals[0])
            self._optimal[number] = score
        return self._optimal[number]

    def results_csv(self, number: int) -> str:
        """The plays of class game ``number`` as CSV a spreadsheet opens safely: a cell that
        would start a formula (``=``, ``+``, ``-``, ``@``, tab, CR) starts with ``'``, names
        are cut to :data:`MAX_NAME` characters."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["learner", "score", "computer", "round", "moves", "over"])
        for play in self._store.plays(number):
            writer.writerow(
                [
                    safe_cell(play.learner[:MAX_NAME]),
                    play.score,
                    "" if play.computer is None else play.computer,
                    "" if play.round is None else play.round,
                    play.moves,
                    "yes" if play.over else "no",
                ]
            )
        return out.getvalue()

    # -- a learner's kernel -----------------------------------------------------------------
    def settings(self, number: int) -> dict[str, Any]:
        """What a learner's app needs to set class game ``number`` up (never its secret)."""
        return {**self._settings(number).as_json(), "open": self._store.is_open(number)}

    def play(
        self,
        number: int,
        learner: str,
        save: object = None,
        deal: object = None,
        past: bool = False,
    ) -> dict[str, Any]:
        """``learner``'s play of class game ``number``: ``save`` (the game so far, as the
        engine saves it) is kept if it continues the kept play; ``deal`` ([round, roll]) asks
        for the faces of that roll, given only if the play has made it or may make it now;
        ``past`` asks for the faces of every roll made (to replay the play in a new page).

        Answers ``{"save": the kept play or None, "faces": [...] or None, "past": {...}}``.
        """
        game = self._settings(number)
        dealer = Dealer(self._store.secret(number), number)
        kept = self._store.play(number, learner)
        if save is not None:
            kept = self._keep(game, dealer, learner, kept, save)
        current = kept.save if kept else save_of(new_game(game, dealer))
        made, following = may_deal(game, dealer, current)
        answer: dict[str, Any] = {"save": kept.save if kept else None, "faces": None}
        if past:
            answer["past"] = {f"{r}:{k}": dealer.faces(game.game, r, k) for r, k in sorted(made)}
        if deal is not None:
            asked = _round_and_roll(deal)
            if asked not in made:
                if not self._store.is_open(number):
                    raise IllegalMove(CLOSED)
                if asked != following:
                    raise _not_yet(asked, following)
                if kept is None:  # the first roll: the play begins
                    kept = self._store.record(
                        number, learner, current, summary(new_game(game, dealer))
                    )
                self._store.mark_dealt(number, learner, len(current["events"]))
            answer["faces"] = list(dealer.faces(game.game, *asked))
        return answer

    def _keep(
        self, game: ClassGame, dealer: Dealer, learner: str, kept: Play | None, save: object
    ) -> Play:
        events = kept.save["events"] if kept else []
        if not self._store.is_open(game.number) and (
            not isinstance(save, dict) or save.get("events") != events
        ):
            raise IllegalMove(CLOSED)
        played = advance(game, dealer, events, save, kept.dealt_at if kept else None)
        return self._store.record(game.number, learner, save_of(played), summary(played))

    def _settings(self, number: int) -> ClassGame:
        game = self._store.class_game(number)
        if game is None:
            raise IllegalMove(msg(NO_GAME, n=number))
        return game


def _round_and_roll(value: object) -> tuple[int, int]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(type(v) is int and 1 <= v <= 10_000 for v in value)
    ):
        return value[0], value[1]
    raise IllegalMove(
        msg("A roll is asked as [round, roll], not {value}.", value=show_value(value))
    )


def _not_yet(asked: tuple[int, int], following: tuple[int, int] | None) -> IllegalMove:
    if following is None:
        return IllegalMove(
            msg(
                "The dice of round {round}, roll {roll} are not yours to see: your game may not "
                "roll now.",
                round=asked[0],
                roll=asked[1],
            )
        )
    return IllegalMove(
        msg(
            "The dice of round {round}, roll {roll} are not yours to see yet: your game is at "
            "round {now}, roll {next}.",
            round=asked[0],
            roll=asked[1],
            now=following[0],
            next=following[1],
        )
    )
