"""A hub's class game in a play app: dice dealt by the class service, every move kept there
(``docs/classroom.md``, "The class service").

A page opened as ``penta_play.ipynb?classgame=7`` on a learner's server asks the class service
(:mod:`dicelab.classroom.client`) for class game 7's settings, plays it with
:class:`~dicelab.classroom.client.ServiceDice`, and sends its game to the service after every
change. A second tab, a reload or a new server carries on with the play the service keeps.
The app's class mode applies (no undo, no new game until the end); the hints follow the
teacher's setting; there is no result code: the teacher sees the play on the service.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from dicelab.classroom.client import ClassService, ServiceDice, from_environment
from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg
from dicelab.widgets.common.base import esc

__all__ = ["HubGame", "hub_game_option", "open_hub_game"]

log = logging.getLogger("dicelab.widgets")

NO_SERVICE = msg(
    "This link opens a class game kept by your class's server. Open it from your class's "
    "hub, where you log in."
)
NO_CODE = msg("No code to hand in: your teacher sees this game on the class server as you play.")
KIND = {"penta": msg("Penta"), "farkle": msg("Farkle")}


def hub_game_option(query: str) -> dict[str, Any]:
    """``{"class_game": n}`` if the page's ``query`` names a hub's class game
    (``classgame=n``), ``{}`` if not; IllegalMove for a number that is not one.

    >>> hub_game_option("?classgame=7&lang=fr"), hub_game_option("?lang=fr")
    ({'class_game': 7}, {})
    """
    values = parse_qs(query.lstrip("?"), keep_blank_values=True).get("classgame")
    if not values:
        return {}
    text = values[-1].strip()
    if not (text.isascii() and text.isdigit() and 0 < len(text) <= 9):
        raise IllegalMove(
            msg("A class game's number is a whole number, not {value}.", value=text[:20])
        )
    return {"class_game": int(text)}


@dataclass
class HubGame:
    """The class game an app plays, and the service that keeps it."""

    service: ClassService
    number: int
    settings: dict[str, Any]
    dice: ServiceDice
    learner: str | None = None  # the learner's login, their seat's name
    sent: str | None = field(default=None)

    @property
    def hints(self) -> bool:
        """Whether the teacher allows the hints during the game."""
        return self.settings.get("hints") is True


def open_hub_game(number: int, kind: str, service: ClassService | None, current: Any) -> HubGame:
    """Class game ``number`` of the class service (default: this server's), checked to be a
    game of ``kind`` ("penta" or "farkle"); ``current`` gives the app's game's save."""
    service = service or from_environment()
    if service is None:
        raise IllegalMove(NO_SERVICE)
    settings = service.settings(number)
    if settings.get("game") != kind:
        other = KIND.get(str(settings.get("game")), msg("another game"))
        raise IllegalMove(
            msg(
                "Class game {n} is a game of {game}: open it in that game's page.",
                n=number,
                game=other,
            )
        )
    if settings.get("open") is not True:
        log.info("dicelab: class game %s is closed; its play is shown as kept", number)
    learner = os.environ.get("JUPYTERHUB_USER") or None
    return HubGame(service, number, settings, ServiceDice(service, number, current), learner)


def hub_banner_html(game: HubGame, lang: str, over: bool) -> str:
    """The hub class game's line above the play."""
    title = game.settings.get("title") or ""
    name = msg("Class game {n}", n=game.number).render(lang)
    head = f"<b>{esc(name)}{': ' + esc(title) if title else ''}</b>"
    if over:
        return f'<div class="dl-card dl-card-info dl-class" role="status">{head}</div>'
    words: list[Message] = [
        msg("Everyone in the class gets the same dice, dealt by the class server as you play."),
        msg("Choose every move yourself: there is no undo.")
        if game.hints
        else msg(
            "Choose every move yourself: there is no undo, and the hints and the review open "
            "once the game is over."
        ),
        msg("Your teacher sees your score as you play."),
    ]
    text = " ".join(esc(word.render(lang)) for word in words)
    return f'<div class="dl-card dl-card-info dl-class" role="status">{head}<br>{text}</div>'
