"""Every user-facing string of dicelab goes through this module.

English is the source language: a message id *is* its English text, with
``{placeholders}`` in :meth:`str.format` style. Catalogues for other languages are
gettext ``.po`` files in ``dicelab/i18n/locales/`` (``fr.po``, ``bg.po``...), with
their own plural rules; a language without a catalogue, or a message without a
translation, falls back to English.

Three ways to choose the language, most specific first:

* per call: ``translate(msgid, lang="ca")``;
* per block or per app: ``with use_language("bg"): ...``;
* per process: ``set_language("nb")``.

Messages that must be shown later, perhaps in another language (an error kept by a
dashboard that the user then switches to French), are :class:`Message` values:
``msg(msgid, **params)`` builds one; ``str()`` renders it in the current language.

>>> translate("Roll")
'Roll'
>>> m = msg("{n} points", n=300)
>>> str(m)
'300 points'
>>> plural("{n} roll left", "{n} rolls left", 1)
'1 roll left'
>>> plural("{n} roll left", "{n} rolls left", 2)
'2 rolls left'
"""

from __future__ import annotations

import contextvars
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from dicelab.i18n.catalog import Catalog

__all__ = [
    "N_",
    "SOURCE_LANGUAGE",
    "Message",
    "available_languages",
    "catalog",
    "format_number",
    "get_language",
    "msg",
    "nmsg",
    "plural",
    "set_language",
    "translate",
    "use_language",
]

SOURCE_LANGUAGE = "en"
LOCALES = Path(__file__).with_name("locales")

_default_language = SOURCE_LANGUAGE
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("dicelab_lang", default=None)


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it now (tables of names).

    >>> N_("Chance")
    'Chance'
    """
    return msgid


def available_languages() -> tuple[str, ...]:
    """The languages that have a catalogue, English first.

    >>> available_languages()[0]
    'en'
    """
    found = sorted(path.stem for path in LOCALES.glob("*.po"))
    return (SOURCE_LANGUAGE, *(code for code in found if code != SOURCE_LANGUAGE))


def normalize_language(lang: str | None) -> str:
    """``'fr_FR.UTF-8'`` -> ``'fr'``; ``'nb-NO'`` -> ``'nb'``; ``None`` -> the current language.

    >>> normalize_language("fr_FR.UTF-8")
    'fr'
    """
    if lang is None:
        return get_language()
    code = lang.split(".", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    if code == "no":  # Norwegian without a written standard: use Bokmål.
        code = "nb"
    return code or SOURCE_LANGUAGE


def set_language(lang: str) -> None:
    """Set the process-wide default language."""
    global _default_language
    _default_language = normalize_language(lang)


def get_language() -> str:
    """The language in force: a :func:`use_language` block's, else the process default."""
    return _current.get() or _default_language


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Render messages in ``lang`` inside the block (``None`` keeps the current one)."""
    token = _current.set(normalize_language(lang) if lang else get_language())
    try:
        yield get_language()
    finally:
        _current.reset(token)


@cache
def catalog(lang: str) -> Catalog:
    """The catalogue of ``lang``; empty (identity) for English or an unknown language."""
    path = LOCALES / f"{lang}.po"
    if lang == SOURCE_LANGUAGE or not path.exists():
        return Catalog()
    return Catalog.from_po_file(path)


def format_number(value: int | float, lang: str | None = None) -> str:
    """Write a number as the language writes it (English: ``10,000``).

    >>> format_number(10000)
    '10,000'
    """
    if isinstance(value, int):
        return f"{value:,}"
    return f"{value:,.2f}"


def _format(template: str, params: Mapping[str, Any], lang: str) -> str:
    if not params:
        return template
    shown = {key: _show(value, lang) for key, value in params.items()}
    return template.format(**shown)


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return format_number(value, lang)
    return value


def translate(msgid: str, lang: str | None = None, **params: Any) -> str:
    """Translate ``msgid`` into ``lang`` (default: the current language) and fill it in."""
    code = normalize_language(lang)
    return _format(catalog(code).gettext(msgid), params, code)


def plural(singular: str, plural_: str, n: int, lang: str | None = None, **params: Any) -> str:
    """Translate a message that depends on a count ``n`` (also given to the template)."""
    code = normalize_language(lang)
    template = catalog(code).ngettext(singular, plural_, n)
    return _format(template, {"n": n, **params}, code)


@dataclass(frozen=True)
class Message:
    """A message to render later, in whatever language is current then."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        if self.plural is not None and self.n is not None:
            return plural(self.msgid, self.plural, self.n, lang, **self.params)
        return translate(self.msgid, lang, **self.params)

    def __str__(self) -> str:
        return self.render()


def msg(msgid: str, **params: Any) -> Message:
    """A :class:`Message` for ``msgid`` with its placeholders' values."""
    return Message(msgid, dict(params))


def nmsg(singular: str, plural_: str, n: int, **params: Any) -> Message:
    """A plural :class:`Message`; ``n`` picks the form and fills ``{n}``."""
    return Message(singular, dict(params), plural_, n)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LANG``), if shipped."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for candidate in value.split(":"):
            code = normalize_language(candidate) if candidate else ""
            if code in available_languages():
                return code
    return SOURCE_LANGUAGE
