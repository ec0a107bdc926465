"""Language choice for the dashboards: ``?lang=xx`` in a Voilà URL, the environment, a dropdown.

Voilà hands the page's query string to the kernel as the environment variable
``QUERY_STRING``, so an app opened at ``.../penta_play.ipynb?lang=ca`` starts in Catalan:

>>> language_from_query("lang=en&x=1")
'en'
>>> language_from_query("lang=xx", environ={"LANG": "C"})  # not shipped: the environment decides
'en'

Apps keep only the language *code* as state; every text is rendered from a message id
when the app is drawn, so switching language redraws everything without losing the game.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import parse_qs

from dicelab.i18n import available_languages, language_from_environment, normalize_language

__all__ = ["autonym", "language_from_query", "language_options", "resolve_language"]

_AUTONYMS = {
    "en": "English",
    "fr": "Français",
    "ca": "Català",
    "bg": "Български",
    "nb": "Norsk bokmål",
}


def language_from_query(query: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language asked for by ``lang=`` in ``query`` (default: ``$QUERY_STRING``).

    Falls back to :func:`dicelab.i18n.language_from_environment` when the query names
    no shipped language.
    """
    environ = os.environ if environ is None else environ
    if query is None:
        query = environ.get("QUERY_STRING", "")
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
