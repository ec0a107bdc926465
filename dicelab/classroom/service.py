"""The class service: a JupyterHub service that keeps class games and deals their dice.

Started by the hub (``deploy/hub/jupyterhub_config.py``: ``python -m
dicelab.classroom.service``), at ``/services/dicelab-class/``. Every request carries a hub
token (``Authorization: token ...``): a learner's kernel sends its server's token, so the
service knows the learner; the teacher's tokens hold the scope
``custom:dicelab-class:teach``. The database is ``CLASS_DB_URL`` (default: SQLite in the
hub's data folder, ``HUB_DATA``).

=======  ===================================  ==========================================
method   path (under the service's prefix)     what
=======  ===================================  ==========================================
GET      ``api/games``                        the class games (a learner: the open ones)
POST     ``api/games``                        the teacher sets a class game up
GET      ``api/games/N``                      its settings (never its secret)
POST     ``api/games/N/play``                 a learner's play: keep, deal a roll
POST     ``api/games/N/close``                the teacher ends it
GET      ``api/games/N/results``              every play so far (JSON)
GET      ``api/games/N/results.csv``          the same as CSV, safe for spreadsheets
=======  ===================================  ==========================================

A refusal is ``{"error": words}`` with status 400 (403 for a learner on the teacher's
paths, 404 for no such game).
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from jupyterhub.services.auth import HubAuthenticated
from tornado import ioloop, web

from dicelab.classroom.desk import MAX_BODY, NO_GAME, Desk
from dicelab.classroom.store import Store
from dicelab.errors import IllegalMove
from dicelab.i18n import msg

__all__ = ["NAME", "TEACH", "main", "make_app", "request_json"]

log = logging.getLogger("dicelab.classroom")

NAME = "dicelab-class"
"""The service's name in the hub (its address: ``/services/dicelab-class/``)."""
TEACH = f"custom:{NAME}:teach"
"""The scope of the teacher's tokens."""


EXAMPLE_BODY = '{"past": true}'
"""A request's body that the service reads, shown in its refusals of one it cannot."""


def request_json(body: bytes) -> dict[str, Any]:
    """A request's body: a JSON object (an empty body is ``{}``), or :class:`IllegalMove`.

    >>> request_json(b'{"deal": [1, 1]}')
    {'deal': [1, 1]}
    """
    try:
        value = json.loads(body or b"{}")
    except ValueError:
        raise IllegalMove(
            msg(
                "The request is not JSON: send a JSON object, such as {example}.",
                example=EXAMPLE_BODY,
            )
        ) from None
    if not isinstance(value, dict):
        raise IllegalMove(
            msg(
                "The request is not a JSON object: send one, such as {example}.",
                example=EXAMPLE_BODY,
            )
        )
    return value


class _Handler(HubAuthenticated, web.RequestHandler):
    """A request with a hub token; JSON in and out."""

    def initialize(self, desk: Desk) -> None:
        self.desk = desk

    def check_xsrf_cookie(self) -> None:
        """Tokens, not cookies: a page cannot ask on a learner's behalf."""

    def get_login_url(self) -> str:
        raise web.HTTPError(403)  # an API: no login page to send anyone to

    @property
    def user(self) -> dict[str, Any]:
        return self.current_user

    @property
    def teacher(self) -> bool:
        return TEACH in (self.user.get("scopes") or ())

    def only_teacher(self) -> None:
        if not self.teacher:
            raise web.HTTPError(403, "the teacher's only")

    def body(self) -> dict[str, Any]:
        return request_json(self.request.body)

    def answer(self, value: object) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(value, separators=(",", ":")))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        if isinstance(error, IllegalMove):
            status_code = 404 if error.message.msgid == NO_GAME else 400  # any language
            self.set_status(status_code)
            words = str(error)
        else:
            words = self._reason
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": words}))

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, IllegalMove):
            log.info(
                "dicelab-class: refused %s %s: %s", self.request.method, self.request.path, value
            )
        else:
            super().log_exception(typ, value, tb)


class Games(_Handler):
    @web.authenticated
    def get(self) -> None:
        self.answer(self.desk.games(self.teacher))

    @web.authenticated
    def post(self) -> None:
        self.only_teacher()
        number = self.desk.create(self.user["name"], self.body())
        self.answer({"number": number})


class OneGame(_Handler):
    @web.authenticated
    def get(self, number: str) -> None:
        self.answer(self.desk.settings(int(number)))


class PlayGame(_Handler):
    @web.authenticated
    def post(self, number: str) -> None:
        body = self.body()
        self.answer(
            self.desk.play(
                int(number),
                self.user["name"],
                save=body.get("save"),
                deal=body.get("deal"),
                past=body.get("past") is True,
            )
        )


class CloseGame(_Handler):
    @web.authenticated
    def post(self, number: str) -> None:
        self.only_teacher()
        self.desk.close(int(number))
        self.answer({"closed": int(number)})


class Results(_Handler):
    @web.authenticated
    def get(self, number: str, csv: str | None = None) -> None:
        self.only_teacher()
        if csv:
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header(
                "Content-Disposition", f'attachment; filename="class-game-{int(number)}.csv"'
            )
            self.finish(self.desk.results_csv(int(number)))
        else:
            self.answer(self.desk.results(int(number)))


def make_app(desk: Desk, prefix: str = "/") -> web.Application:
    """The service's web application on ``desk``, under ``prefix``."""
    games = rf"{prefix}api/games"
    return web.Application(
        [
            (rf"{games}/?", Games, {"desk": desk}),
            (rf"{games}/(\d{{1,9}})/?", OneGame, {"desk": desk}),
            (rf"{games}/(\d{{1,9}})/play", PlayGame, {"desk": desk}),
            (rf"{games}/(\d{{1,9}})/close", CloseGame, {"desk": desk}),
            (rf"{games}/(\d{{1,9}})/results(\.csv)?", Results, {"desk": desk}),
        ],
    )


def database_url() -> str:
    """``CLASS_DB_URL``, else SQLite in the hub's data folder (``HUB_DATA``)."""
    url = os.environ.get("CLASS_DB_URL")
    if url:
        return url
    folder = Path(os.environ.get("HUB_DATA") or "hub-data").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'classes.sqlite'}"


def main() -> None:
    """Serve the class service where the hub says (``JUPYTERHUB_SERVICE_URL``) until the hub
    stops it."""
    logging.basicConfig(level=logging.INFO)
    try:
        _serve()
    except KeyboardInterrupt:  # the hub stops its services with SIGINT, even one still
        log.info("dicelab-class: stopped")  # starting (its port open already): no traceback


def _serve() -> None:
    """Open the class store, listen, and answer until interrupted."""
    from urllib.parse import urlparse

    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL") or "http://127.0.0.1:8003")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or f"/services/{NAME}/"
    app = make_app(Desk(Store(database_url())), prefix)
    app.listen(url.port or 80, url.hostname or "127.0.0.1", max_body_size=MAX_BODY)
    log.info("dicelab-class: serving %s at %s", prefix, url.geturl())
    ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
