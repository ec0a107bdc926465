"""Language choice for the dashboards: ``?lang=xx`` in a Voilà URL, the environment, a dropdown.

Voilà hands the page's query string to the kernel as the environment variable
``QUERY_STRING``, so an app opened at ``.../penta_play.ipynb?lang=ca`` starts in Catalan:

>>> language_from_query("lang=en&x=1")
'en'
>>> language_from_query("lang=xx", environ={"LANG": "C"})  # not shipped: the environment decides
'en'

A kernel from Voilà's preheated pool (``preheat_kernel`` in ``voila.json``) starts, and runs
its notebook up to the app, before any learner asks for the page: the page's request (its
query string among it) reaches that kernel only when a learner opens the page. Reading the
query from the environment therefore first waits for that request (:func:`wait_for_page`),
so the heavy imports happen ahead of the learner and ``?lang=`` still works.

Apps keep only the language *code* as state; every text is rendered from a message id
when the app is drawn, so switching language redraws everything without losing the game.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from urllib.parse import parse_qs

from dicelab import page_request
from dicelab.i18n import (
    available_languages,
    format_number,
    format_percent,
    language_from_environment,
    normalize_language,
    plural_rule,
    translate,
)
from dicelab.page_request import preheated, wait_for_page

__all__ = [
    "autonym",
    "language_from_query",
    "language_options",
    "page_query",
    "preheated",
    "resolve_language",
    "wait_for_page",
    "warm_up",
]

log = logging.getLogger("dicelab.widgets")

_AUTONYMS = {
    "en": "English",
    "fr": "Français",
    "ca": "Català",
    "bg": "Български",
    "nb": "Norsk bokmål",
}


def warm_up() -> None:
    """In a preheated Voilà kernel no page has claimed yet, load every shipped language.

    An app's first build spends most of its time reading message catalogues and Babel's
    number formats, once per language; doing that while the kernel waits in Voilà's pool takes
    it off the learner's wait, whatever ``?lang=`` the page asks for. Anywhere else (Jupyter,
    a kernel started for its request) it does nothing. Never raises: a failure is logged and
    the app loads what it needs when it is built, as without preheating.
    """
    if page_request.met() or not preheated():
        return
    for code in available_languages():
        try:
            format_number(1234.5, code)
            format_percent(0.5, code)
            translate("dicelab", lang=code)
            plural_rule(code)
        except Exception:
            log.exception("dicelab: could not load the language %s ahead", code)


def page_query(environ: Mapping[str, str] | None = None) -> str:
    """The page's query string (``lang=fr&class=1&seed=42``; "" outside Voilà).

    Reading this kernel's own environment first waits for the page in a preheated Voilà
    kernel (:func:`wait_for_page`): read it once, then parse what it asks for.

    >>> page_query({"QUERY_STRING": "lang=fr&seed=42"})
    'lang=fr&seed=42'
    """
    if environ is None:
        wait_for_page()
        environ = os.environ
    return environ.get("QUERY_STRING", "")


def language_from_query(query: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language asked for by ``lang=`` in ``query`` (default: ``$QUERY_STRING``).

    Falls back to :func:`dicelab.i18n.language_from_environment` when the query names
    no shipped language. Reading this kernel's own environment first waits for the page
    in a preheated Voilà kernel (:func:`wait_for_page`).
    """
    if query is None:
        query = page_query(environ)
    environ = os.environ if environ is None else environ
    for value in parse_qs(query.lstrip("?")).get("lang", []):
        code = normalize_language(value) if value else ""
        if code in available_languages():
            return code
    return language_from_environment(environ)


def resolve_language(lang: str | None) -> str:
    """An app's starting language: ``lang`` if shipped, else from the URL or environment.

    >>> resolve_language("en_GB")
    'en'
    """
    if lang:
        code = normalize_language(lang)
        if code in available_languages():
            return code
    return language_from_query()


def autonym(code: str) -> str:
    """A language's name in itself (not translated: a reader finds their own language).

    >>> autonym("bg")
    'Български'
    """
    if code in _AUTONYMS:
        return _AUTONYMS[code]
    try:
        from babel import Locale

        name = Locale.parse(code).get_display_name(code)
    except Exception:
        return code
    return code if name is None else name.capitalize()


def language_options() -> list[tuple[str, str]]:
    """``(name, code)`` pairs for a language dropdown, one per shipped catalogue."""
    return [(autonym(code), code) for code in available_languages()]
