"""Start a dashboard for a notebook or a Voilà page, never showing a learner a traceback.

>>> app = launch("ScoringInspector")
>>> type(app).__name__
'ScoringInspector'
>>> card = launch("ScoringInspector", rules="no-such-preset")
>>> "dl-card-error" in card.value and "Traceback" not in card.value
True
>>> "no app called" in launch("Yahtzee").value
True
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget import _instances

from dicelab.errors import IllegalMove
from dicelab.i18n import msg
from dicelab.widgets.common.base import Notice, card_html
from dicelab.widgets.common.classmode import (
    CLASS_CSS,
    ClassLinkError,
    class_link_card,
    class_options,
)
from dicelab.widgets.common.hubgame import hub_game_option
from dicelab.widgets.common.registry import APPS, app_class
from dicelab.widgets.common.style import stylesheet
from dicelab.widgets.lang import language_from_query, page_query, preheated, warm_up

__all__ = ["APPS", "launch"]

log = logging.getLogger("dicelab.widgets")

CANNOT_START = msg(
    "This app could not start. Reload the page to try again; if it happens again, "
    "tell your teacher (the details are in the server's log)."
)


def launch(name: str, **options: Any) -> widgets.Widget:
    """The dashboard ``name`` built with ``options``, or a clean error card if it fails.

    The language comes from ``?lang=`` in a Voilà URL (or the environment) unless
    ``lang`` is given. A play app also reads a class game from the URL (``?class=1&seed=42``,
    ``&solo=1``: :func:`~dicelab.widgets.common.classmode.class_options`); a bad seed there
    shows a card saying what a seed is. The page's query is read once. A refused option (an
    :class:`~dicelab.IllegalMove`) shows its own message; anything else is logged with its
    traceback and shown as a short card.

    In a preheated Voilà kernel the app's module is imported, every language loaded, the
    app's own :meth:`~dicelab.widgets.common.base.App.prepare` done and the app built in the
    server's language before the kernel waits for its page
    (:func:`~dicelab.widgets.lang.wait_for_page`). The page then only switches it to its
    ``?lang=`` (:meth:`~dicelab.widgets.common.base.App.set_language`); a class link builds it
    anew with the link's game. So a learner waits for the app's language at most, and the
    server does not relay the app's hundreds of widget messages after the page asked.
    """
    try:
        app = app_class(name)
    except IllegalMove as error:
        return _card(Notice("error", error.message), options.get("lang"))
    warm_up()
    _prepare(app)
    ahead = _build_ahead(app, options)
    lang_given = "lang" in options
    query = page_query()
    options.setdefault("lang", language_from_query(query))
    if getattr(app, "accepts_class_links", False):
        try:
            link = {**class_options(query), **hub_game_option(query)}
        except ClassLinkError as problem:
            _discard(ahead)
            html = class_link_card(problem, _language(options["lang"]))
            return widgets.HTML(f"<style>{stylesheet()}{CLASS_CSS}</style>" + html)
        except IllegalMove as error:  # a hub's class game number that is not one
            _discard(ahead)
            return _card(Notice("error", error.message), options["lang"])
        if link:
            _discard(ahead)
            ahead = None
            for name, value in link.items():
                options.setdefault(name, value)
    reader = getattr(app, "page_options", None)  # e.g. ?autoscore=off for PentaApp
    if reader is not None:
        try:
            asked = reader(query)
        except IllegalMove as error:
            _discard(ahead)
            return _card(Notice("error", error.message), options["lang"])
        if asked:
            _discard(ahead)
            ahead = None
            for name, value in asked.items():
                options.setdefault(name, value)
    if ahead is not None:
        if not lang_given and ahead.app.lang != options["lang"]:
            ahead.app.set_language(options["lang"])
        return ahead.app
    try:
        return app(**options)
    except IllegalMove as error:
        notice = Notice("error", error.message)
    except Exception:
        log.exception("dicelab: the dashboard %s could not start", name)
        notice = Notice("error", CANNOT_START)
    return _card(notice, options["lang"])


def _prepare(app: Any) -> None:
    """In a preheated Voilà kernel, ``app.prepare()``; a failure is logged, never raised (the
    app then does that work when it is built, as without preheating)."""
    if not preheated():
        return
    try:
        app.prepare()
    except Exception:
        log.exception("dicelab: could not prepare %s ahead", app.__name__)


@dataclass(frozen=True)
class _Ahead:
    """An app built before its page asked, and every widget its build made."""

    app: Any
    made: tuple[widgets.Widget, ...]


def _build_ahead(app: Any, options: dict[str, Any]) -> _Ahead | None:
    """In a preheated Voilà kernel, ``app`` built with ``options`` in the server's language
    (unless ``options`` name one) and its first drawing done; None anywhere else, or if the
    build fails (logged: the page then builds it, and shows why it failed)."""
    if not preheated():
        return None
    before = set(_instances)
    try:
        built = app(**{"lang": language_from_query(""), **options})
        built.draw_ahead()
    except IllegalMove:
        built = None  # a refused option: the page shows what is allowed
    except Exception:
        log.exception("dicelab: could not build %s ahead", app.__name__)
        built = None
    made = tuple(w for key, w in list(_instances.items()) if key not in before)
    if built is None:
        _discard(_Ahead(None, made))
        return None
    return _Ahead(built, made)


def _discard(ahead: _Ahead | None) -> None:
    """Close every widget built ahead (the page wants another game): a page's front end
    fetches every open widget of its kernel."""
    for made in ahead.made if ahead else ():
        made.close()


def _card(notice: Notice, lang: object) -> widgets.HTML:
    """The error card in ``lang`` if it is a language code, else the page's language."""
    return widgets.HTML(f"<style>{stylesheet()}</style>" + card_html([notice], _language(lang)))


def _language(lang: object) -> str:
    """``lang`` if it is a language code, else the page's language."""
    return lang if isinstance(lang, str) else language_from_query()
