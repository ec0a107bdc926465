"""What a learner's kernel asks the class service (``docs/classroom.md``).

A play app opened from a hub's class game link (``?classgame=7``) plays with
:class:`ServiceDice`: each roll's faces come from the service, asked with the game so far, so
the service records every decision before it deals the next dice. :func:`from_environment`
finds the service as the hub set it up for the learner's server (``DICELAB_CLASS_URL`` and
the server's own token, ``JUPYTERHUB_API_TOKEN``).

>>> from dicelab.classroom.desk import Desk
>>> from dicelab.classroom.store import Store
>>> desk = Desk(Store("sqlite://"))
>>> number = desk.create("teacher", {"game": "farkle", "rules": "standard"})
>>> service = OnDesk(desk, "ada")
>>> dice = ServiceDice(service, number, lambda: None)
>>> dice.faces("farkle", 1, 1) == tuple(desk.play(number, "bob", deal=[1, 1])["faces"])
True
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from dicelab.errors import IllegalMove
from dicelab.i18n import msg

if TYPE_CHECKING:  # the desk (and SQLAlchemy) only where the service runs, not in the apps
    from dicelab.classroom.desk import Desk

__all__ = [
    "TIMEOUT",
    "ClassDesk",
    "ClassService",
    "OnDesk",
    "OverHttp",
    "ServiceDice",
    "from_environment",
]

TIMEOUT = 10.0
"""Seconds a kernel waits for the service before it says the service did not answer."""


class ClassService(Protocol):
    """The class service as a learner's kernel sees it (the learner is known to it)."""

    def settings(self, number: int) -> dict[str, Any]:
        """Class game ``number``'s settings."""
        ...

    def play(
        self, number: int, save: object = None, deal: object = None, past: bool = False
    ) -> dict[str, Any]:
        """The learner's play (see :meth:`dicelab.classroom.desk.Desk.play`)."""
        ...


class ClassDesk(Protocol):
    """The class service as the teacher's kernel sees it."""

    def games(self) -> list[dict[str, Any]]:
        """Every class game, newest first."""
        ...

    def create(self, settings: dict[str, Any]) -> int:
        """Set a class game up; its number."""
        ...

    def close(self, number: int) -> None:
        """End class game ``number``."""
        ...

    def results(self, number: int) -> dict[str, Any]:
        """Class game ``number``'s plays so far."""
        ...

    def results_csv(self, number: int) -> str:
        """The same as CSV, safe for spreadsheets."""
        ...


class OnDesk:
    """The service's desk in this process, for one learner or the teacher (tests)."""

    def __init__(self, desk: Desk, learner: str) -> None:
        self._desk, self._learner = desk, learner

    def games(self) -> list[dict[str, Any]]:
        return self._desk.games(teacher=True)

    def create(self, settings: dict[str, Any]) -> int:
        return self._desk.create(self._learner, settings)

    def close(self, number: int) -> None:
        self._desk.close(number)

    def results(self, number: int) -> dict[str, Any]:
        return self._desk.results(number)

    def results_csv(self, number: int) -> str:
        return self._desk.results_csv(number)

    def settings(self, number: int) -> dict[str, Any]:
        return self._desk.settings(number)

    def play(
        self, number: int, save: object = None, deal: object = None, past: bool = False
    ) -> dict[str, Any]:
        return self._desk.play(number, self._learner, save=save, deal=deal, past=past)


class OverHttp:
    """The hub's class service at ``url``, asked with the token of the learner's server."""

    def __init__(self, url: str, token: str) -> None:
        self._url = url.rstrip("/") + "/"
        self._token = token

    def settings(self, number: int) -> dict[str, Any]:
        return self._ask("GET", f"api/games/{int(number)}")

    def play(
        self, number: int, save: object = None, deal: object = None, past: bool = False
    ) -> dict[str, Any]:
        body = {"save": save, "deal": deal, "past": past}
        return self._ask("POST", f"api/games/{int(number)}/play", body)

    def games(self) -> list[dict[str, Any]]:
        return list(self._ask("GET", "api/games", many=True))

    def create(self, settings: dict[str, Any]) -> int:
        return int(self._ask("POST", "api/games", settings)["number"])

    def close(self, number: int) -> None:
        self._ask("POST", f"api/games/{int(number)}/close", {})

    def results(self, number: int) -> dict[str, Any]:
        return self._ask("GET", f"api/games/{int(number)}/results")

    def results_csv(self, number: int) -> str:
        return str(self._ask("GET", f"api/games/{int(number)}/results.csv", text=True))

    def _ask(
        self, method: str, path: str, body: object = None, many: bool = False, text: bool = False
    ) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self._url + path,
            data=data,
            method=method,
            headers={"Authorization": f"token {self._token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
                raw = answer.read()
            value = raw.decode("utf-8") if text else json.loads(raw)
        except urllib.error.HTTPError as error:
            raise IllegalMove(_refused(error)) from None
        except (OSError, ValueError):
            raise IllegalMove(NO_ANSWER) from None
        if not isinstance(value, str if text else list if many else dict):
            raise IllegalMove(NO_ANSWER)
        return value


NO_ANSWER = msg(
    "The class server did not answer. Wait a moment and try again; if it goes on, tell your "
    "teacher."
)


def _refused(error: urllib.error.HTTPError) -> Any:
    try:
        words = json.loads(error.read()).get("error")
    except (ValueError, AttributeError, OSError):
        words = None
    if isinstance(words, str) and words:
        return msg("The class server refused: {reason}", reason=words)
    return NO_ANSWER


def from_environment(environ: dict[str, str] | None = None) -> OverHttp | None:
    """The class service of this learner's server, if the hub set one up (None: none)."""
    environ = dict(os.environ) if environ is None else environ
    url, token = environ.get("DICELAB_CLASS_URL"), environ.get("JUPYTERHUB_API_TOKEN")
    return OverHttp(url, token) if url and token else None


class ServiceDice:
    """Dealt faces asked of the class service (:class:`~dicelab.dice.DealtFaces`): each new
    roll is asked with the game so far (``current``: the engine's save, or None before the
    game exists), so the service records every decision before it deals."""

    def __init__(self, service: ClassService, number: int, current: Callable[[], object]) -> None:
        self._service, self.seed, self._current = service, number, current
        self._known: dict[tuple[int, int], tuple[int, ...]] = {}

    def learn(self, past: dict[str, list[int]]) -> None:
        """Keep the faces of rolls already made (the service's ``past``), to replay them."""
        for key, faces in past.items():
            round_, roll = (int(part) for part in key.split(":"))
            self._known[round_, roll] = tuple(faces)

    def faces(self, game: str, round: int, roll: int) -> tuple[int, ...]:
        if (round, roll) not in self._known:
            answer = self._service.play(self.seed, save=self._current(), deal=[round, roll])
            self._known[round, roll] = tuple(answer["faces"])
        return self._known[round, roll]

    def roll(self, k: int, index: int) -> tuple[int, ...]:
        raise IllegalMove(msg("A class game's dice are dealt by round and roll."))
