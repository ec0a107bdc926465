"""Games that survive: every change of a play app's game is saved where the page can keep it,
and a page whose kernel is gone brings the game back (docs/widgets.md, "Games that survive").

A play app's kernel can go away under a learner: Voilà culls a kernel left without a
connection (``voila.json``: ``cull_idle_timeout``), a server restarts. The game is not lost
with it. After every change (:meth:`PlayApp.render <dicelab.widgets.common.play.PlayApp.render>`
calls :func:`publish`) the app's **page save** goes to whoever keeps it:

- the page's browser, over a comm (target :data:`TARGET`) that dicelab's front end finds when
  it connects (``frontend/src/saved.js``): it keeps the save in the browser's storage
  (``localStorage``), one save per page and class link;
- any :class:`Keeper` added with :func:`add_keeper`: a server that knows its learner (a hub)
  keeps the same text, under the same key (this module writes it; the server side is not here).

When a page is opened again (a reload, the "Carry on" button), the front end sends the save it
kept back to the new kernel, which reads it as **hostile input** (:func:`read_page_save`): at
most :data:`MAX_CHARS` characters, strict JSON (:mod:`dicelab.savefile`), the game read by the
engine's strict reader (every roll checked against the seed, every move against the rules),
and for a class game, the class's own game: the same seed, rules, seats and computer player as
the class link gives, so that a learner cannot choose other dice than the class's. A save that
fails any check is refused with the reason, and the page keeps its new game.

>>> from dicelab.widgets.penta.app import PentaApp
>>> app = PentaApp(seed=5, animate=False)
>>> app.roll()
True
>>> text = page_save(app)
>>> again = PentaApp(animate=False)
>>> restore(again, text)
True
>>> again.game == app.game, again.notices
(True, ['Your game was brought back where you left it.'])
"""

from __future__ import annotations

import json
import logging
import os
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from dicelab.classroom.plays import differing_field
from dicelab.errors import IllegalMove, Said
from dicelab.i18n import Message, msg
from dicelab.numbers import MAX_SEED, show_value
from dicelab.savefile import bad_save, open_save, read_json
from dicelab.widgets.common.base import Notice

__all__ = [
    "FORMAT",
    "MAX_CHARS",
    "TARGET",
    "VERSION",
    "Keeper",
    "add_keeper",
    "page_save",
    "publish",
    "read_page_save",
    "restore",
    "track",
]

log = logging.getLogger("dicelab.widgets")

TARGET = "dicelab.saved"
"""The comm target of a play app's saves (the front end looks it up when it connects)."""
FORMAT = "dicelab-page-save"
VERSION = 1
MAX_CHARS = 1_000_000
"""The longest page save read back (characters): a long Farkle game of six players is about
a tenth of it; anything longer is refused before it is parsed."""
_KEYS = ("format", "version", "app", "class_seed", "game")

RESTORED = msg("Your game was brought back where you left it.")


def _not_restored(reason: Said) -> Message:
    return msg(
        "Your saved game could not be brought back, so this is a new game. Why: {reason}",
        reason=reason,
    )


class Keeper(Protocol):
    """Whoever keeps a page's saves besides its browser (a server that knows the learner)."""

    def keep(self, app: Any, text: str) -> None:
        """Keep ``text``, the latest page save of ``app`` (replacing the one before)."""


_keepers: list[Keeper] = []


def add_keeper(keeper: Keeper) -> Callable[[], None]:
    """Give every page save from now on to ``keeper`` too; returns the function that stops it."""
    _keepers.append(keeper)
    return lambda: _keepers.remove(keeper) if keeper in _keepers else None


# -- the engines --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Engine:
    """How a game of one engine is written, read strictly, and put into its app."""

    dump: Callable[[Any], dict[str, Any]]
    load: Callable[[object], Any]
    install: Callable[[Any, Any], None]


def _engine(game: Any) -> _Engine:
    """The engine of ``game`` (Penta or Farkle)."""
    from dicelab.farkle.game import Game as FarkleGame

    if isinstance(game, FarkleGame):
        from dicelab.farkle import save as farkle_save

        return _Engine(farkle_save.dump, lambda data: farkle_save.load(FarkleGame, data), _farkle)
    from dicelab.penta import save as penta_save
    from dicelab.penta.game import Game as PentaGame

    return _Engine(penta_save.to_dict, lambda data: penta_save.load(PentaGame, data), _penta)


def _penta(app: Any, game: Any) -> None:
    app._install(game)  # the app's own way to take a game (new grid, follow-ups scheduled)


def _farkle(app: Any, game: Any) -> None:
    app._game = game
    app._after_change(len(game.events))  # no banners: the game goes on from here


# -- writing ----------------------------------------------------------------------------


def page_save(app: Any) -> str:
    """The page save of a play ``app``: its kind, its class game's seed (null: none) and its
    game as the engine saves it, as JSON text."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "app": type(app).__name__,
        "class_seed": app.class_seed,
        "game": _engine(app.game).dump(app.game),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# -- reading ----------------------------------------------------------------------------


def read_page_save(app: Any, text: object) -> tuple[Any, int | None]:
    """The game of the page save ``text`` and its class seed, if it may come back into
    ``app`` (a play app just built from its page's link); :class:`~dicelab.IllegalMove`
    saying why not otherwise. Nothing of ``app`` changes.

    Refused: text longer than :data:`MAX_CHARS`; anything :mod:`dicelab.savefile` refuses;
    another app's save; a game the engine's strict reader refuses; on an ordinary page, a
    class game (duplicate dice); on a class link's page, another class's game, or a game
    whose seed, rules, seats or computer player are not the class's.
    """
    if isinstance(text, str | bytes) and len(text) > MAX_CHARS:
        raise bad_save(
            msg(
                "it is {n} characters long; a page save has at most {limit}.",
                n=len(text),
                limit=MAX_CHARS,
            )
        )
    data = open_save(read_json(text), FORMAT, VERSION, _KEYS)
    if data["app"] != type(app).__name__:
        raise bad_save(
            msg("it is a game of {value}, not of this page.", value=show_value(data["app"]))
        )
    seed = data["class_seed"]
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise bad_save(
            msg("a class game's seed is a whole number, not {value}.", value=show_value(seed))
        )
    engine = _engine(app.game)
    game = engine.load(data["game"])
    page_seed = app.class_seed
    if seed is None or page_seed is None:
        if seed is not None or game.duplicate:
            raise bad_save(msg("a class game comes back only through its class link."))
        return game, None
    if seed != page_seed:
        raise bad_save(msg("it is the game of another class link (seed {seed}).", seed=seed))
    return _class_game(engine, app.game, data["game"]), seed


def _class_game(engine: _Engine, fresh: Any, saved: dict[str, Any]) -> Any:
    """The saved moves replayed on the class's own game: everything but the moves (and the
    players' names) must be what the class link gives (``fresh``, the page's game)."""
    own = engine.dump(fresh)
    changed = differing_field(own, saved)
    if changed is not None or set(saved) != set(own):
        raise bad_save(
            msg(
                "it is not this class's game: its {field} is not the class link's.",
                field=changed or "fields",
            )
        )
    return engine.load({**saved, "seats": own["seats"]})  # every roll checked on the seed


def restore(app: Any, text: object) -> bool:
    """Bring the game of the page save ``text`` back into ``app`` (what a reload of a page
    does), with a notice saying so; a refused save leaves the app's game as it is, with a
    notice saying why (False). Only a page whose game has not begun takes a save."""
    with app.lock:
        if app.game.events or getattr(app, "hub_game", None) is not None:
            return False  # played already (that game counts), or kept by the class service
        try:
            game, seed = read_page_save(app, text)
        except IllegalMove as error:
            log.warning("dicelab: a page save was refused: %s", error)
            app.notify(Notice("error", _not_restored(error.message)))
            return False

        def go() -> None:
            _engine(game).install(app, game)
            app._class_seed = seed
            app._notices = [Notice("info", RESTORED)]

        return bool(app.act(go, keep_notices=True))


# -- the channel to the page ---------------------------------------------------------------

_current: weakref.ReferenceType[Any] | None = None
_channel: Any = None
_sent: str | None = None


def _under_voila() -> bool:
    """Whether this kernel serves a Voilà page (Voilà names its base URL to every kernel)."""
    return "VOILA_BASE_URL" in os.environ


def track(app: Any, channel: Callable[[], Any] | None = None) -> None:
    """Make ``app`` the play app whose game this kernel saves (the latest built). Under Voilà
    (or with ``channel``, a comm factory for tests) the comm the page looks for is opened."""
    global _current, _channel, _sent
    _current = weakref.ref(app)
    _sent = None
    if _channel is None and (channel is not None or _under_voila()):
        _channel = (channel or _open_comm)()
        _channel.on_msg(_received)


def _open_comm() -> Any:
    from comm import create_comm

    return create_comm(target_name=TARGET, data={})


def _app() -> Any:
    app = _current() if _current is not None else None
    return app if app is not None and getattr(app, "comm", None) is not None else None


def publish(app: Any) -> None:
    """Send the save of ``app`` to its page and keepers, if it is the tracked app and its
    game changed since the last save sent."""
    global _sent
    if _channel is None and not _keepers:
        return  # nobody keeps saves here (a notebook outside Voilà)
    if _app() is not app or getattr(app, "_game", None) is None:
        return
    if getattr(app, "hub_game", None) is not None:
        return  # a hub's class game: the class service keeps it, not the browser
    text = page_save(app)
    if text == _sent:
        return
    _sent = text
    if _channel is not None:
        _channel.send({"method": "save", "save": text})
    for keeper in list(_keepers):
        try:
            keeper.keep(app, text)
        except Exception:
            log.exception("dicelab: a keeper of page saves failed")


def _received(message: dict[str, Any]) -> None:
    """A message of the page: ``{"method": "hello", "saved": text or null}`` once it has
    connected; a save it kept is brought back, then the current save is sent."""
    global _sent
    data = message.get("content", {}).get("data", {})
    app = _app()
    if not isinstance(data, dict) or data.get("method") != "hello" or app is None:
        return
    saved = data.get("saved")
    if saved is not None:
        restore(app, saved)
    _sent = None
    publish(app)
